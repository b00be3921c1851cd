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
            eprintln!("{}", one_line(&e.render().to_string()));
            ExitCode::from(2)
        }
    }
}

/// A clap error's first paragraph on one line: "error: the following
/// required arguments were not provided: --defense <COLOUR>".
fn one_line(rendered: &str) -> String {
    let first: Vec<&str> = rendered
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    if first.is_empty() {
        "error: invalid arguments".into()
    } else {
        first.join(" ")
    }
}

/// Writes `text` to standard output. A closed pipe (`valerna ... | head`)
/// is not an error: the reader has what it wanted.
pub fn emit(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::failed(format!("could not write the output: {e}")))
        }
        _ => Ok(()),
    }
}
