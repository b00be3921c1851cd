//! How the command fails: usage errors exit 2 with one line naming the
//! argument and what it accepts; other failures exit 1.

use std::process::ExitCode;

/// A failed command.
#[derive(Debug)]
pub enum CliError {
    /// The input was wrong: one line that names the argument and what is
    /// accepted. Exit code 2, as clap's own usage errors.
    Usage(String),
    /// Something else went wrong (a file could not be read or written...).
    Failed(String),
}

impl CliError {
    pub fn usage(msg: impl Into<String>) -> Self {
        CliError::Usage(msg.into())
    }

    pub fn failed(msg: impl Into<String>) -> Self {
        CliError::Failed(msg.into())
    }

    pub fn exit(self) -> ExitCode {
        match self {
            CliError::Usage(msg) => {
                eprintln!("error: {msg}");
                ExitCode::from(2)
            }
            CliError::Failed(msg) => {
                eprintln!("error: {msg}");
                ExitCode::FAILURE
            }
        }
    }
}

/// Prints a clap outcome: help and version go to stdout with exit 0; a usage
/// error is cut to its first line (which names the argument) and exits 2.
pub fn clap_exit(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            eprintln!("{first}");
            ExitCode::from(2)
        }
    }
}
