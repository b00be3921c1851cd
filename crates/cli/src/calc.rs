//! `valerna calc`.
use crate::error::CliError;

#[derive(Debug, clap::Args)]
pub struct CalcArgs {}

pub fn run(_: CalcArgs) -> Result<(), CliError> {
    Err(CliError::failed("calc is being written"))
}
