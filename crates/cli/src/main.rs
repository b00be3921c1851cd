//! `valerna`: odds, games and simulations for the Dragonbond games.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The engines allocate many small, short-lived vectors (paths, snapshots,
/// lists of choices); mimalloc serves them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod admin;
mod arena;
mod balance;
mod battles;
mod bov;
mod calc;
mod error;
mod lov;
mod plot;
mod progress;
mod serve;

/// Valerna: Lords of Vaala and Battles of Valerna, played and measured.
#[derive(Debug, Parser)]
#[command(name = "valerna", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Exact odds for the dice of both games.
    Calc(calc::CalcArgs),
    /// Battles of Valerna: force lists, simulated battles, maps and board renders.
    Bov(bov::BovArgs),
    /// Lords of Vaala: simulate, replay and play.
    Lov(lov::LovArgs),
    /// Serve the web app: Lords of Vaala and Battles of Valerna in the
    /// browser (http://127.0.0.1:8080).
    Serve(serve::ServeArgs),
    /// Measure the server: many games at once over WebSockets.
    Loadtest(serve::LoadtestArgs),
    /// The server's stored games after an upgrade or a rollback: listed,
    /// replayed by this build, broken marks taken off.
    Admin(admin::AdminArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return error::clap_exit(e),
    };
    let result = match cli.command {
        Command::Calc(args) => calc::run(args),
        Command::Bov(args) => bov::run(args),
        Command::Lov(args) => lov::run(args),
        Command::Serve(args) => serve::serve(args),
        Command::Loadtest(args) => serve::loadtest(args),
        Command::Admin(args) => admin::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.exit(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
