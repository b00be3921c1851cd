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

/// The largest force list or map file a command reads: far above any real
/// one (the sample lists are under 2 KiB), and it keeps `/dev/zero` out.
pub const MAX_LIST_OR_MAP_BYTES: u64 = 1 << 20;
/// The largest battle record (`--save-log`) a command reads: a record of
/// 20,000 decisions is a few MiB.
pub const MAX_LOG_BYTES: u64 = 64 << 20;

/// Whether an I/O error is the user's (a path that does not exist or is a
/// directory: exit 2) rather than the machine's (permissions, a full disk:
/// exit 1).
fn is_bad_path(e: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(
        e.kind(),
        ErrorKind::NotFound
            | ErrorKind::IsADirectory
            | ErrorKind::NotADirectory
            | ErrorKind::InvalidInput
            | ErrorKind::InvalidFilename
    )
}

/// An I/O failure on `what` ("--map 'x.ron'"), classified by whose it is.
pub fn io_error(what: &str, doing: &str, e: &std::io::Error) -> CliError {
    let msg = format!("{what}: {doing}: {e}");
    if is_bad_path(e) {
        CliError::usage(msg)
    } else {
        CliError::failed(msg)
    }
}

/// How long a command waits for something that is not a regular file (a
/// FIFO, `/dev/stdin`, a process substitution) to give its content: a FIFO
/// that nobody writes to would otherwise hang the command for ever.
pub const NOT_A_FILE_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// The first `cap + 1` bytes of `path` at most.
fn read_capped(path: &std::path::Path, cap: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Reads a text file of at most `cap` bytes, refusing a larger one (or an
/// endless one) and text that is not UTF-8; a UTF-8 byte order mark is
/// dropped. `what` names the input in errors ("--map 'x.ron'"). What is not
/// a regular file (a FIFO, a pipe) must give its content within
/// [`NOT_A_FILE_WAIT`]; a FIFO with no writer is refused then.
pub fn read_text(path: &std::path::Path, what: &str, cap: u64) -> Result<String, CliError> {
    let meta = std::fs::metadata(path).map_err(|e| io_error(what, "cannot be read", &e))?;
    let read = if meta.is_file() || meta.is_dir() {
        read_capped(path, cap)
    } else {
        // Opening a FIFO blocks until a writer comes: read on a thread and
        // give up after a while (the thread ends with the process).
        let (tx, rx) = std::sync::mpsc::channel();
        let owned = path.to_path_buf();
        std::thread::spawn(move || {
            let _ = tx.send(read_capped(&owned, cap));
        });
        match rx.recv_timeout(NOT_A_FILE_WAIT) {
            Ok(read) => read,
            Err(_) => {
                return Err(CliError::usage(format!(
                    "{what}: not a regular file, and nothing came from it in {} s (a FIFO nobody writes to?)",
                    NOT_A_FILE_WAIT.as_secs()
                )));
            }
        }
    };
    let bytes = read.map_err(|e| io_error(what, "cannot be read", &e))?;
    if bytes.len() as u64 > cap {
        // Whole mebibytes read as such ("16 MiB"), other caps in bytes.
        let size = if cap >= 1 << 20 && cap.is_multiple_of(1 << 20) {
            format!("{} MiB", cap >> 20)
        } else {
            format!("{cap} bytes")
        };
        return Err(CliError::usage(format!(
            "{what}: larger than {size}, the most this command reads"
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::usage(format!(
            "{what}: not UTF-8 text (byte {} is not valid)",
            e.utf8_error().valid_up_to()
        ))
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Writes `bytes` to `path`, naming `what` ("-o 'board.png'") on failure.
pub fn write_file(path: &std::path::Path, what: &str, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, bytes).map_err(|e| io_error(what, "cannot be written", &e))
}

/// Refuses, before any work, an output path that could not be written:
/// a missing folder, a folder, a pipe or a device, no permission. Leaves nothing behind: an
/// existing file is opened without being changed, a new one is made and
/// removed again.
pub fn check_writable(path: &std::path::Path, what: &str) -> Result<(), CliError> {
    let fail = |e: std::io::Error| io_error(what, "cannot be written", &e);
    if path.is_dir() {
        return Err(CliError::usage(format!(
            "{what}: cannot be written: it is a folder"
        )));
    }
    if path.exists() {
        // Opening a pipe to write waits for a reader, for ever if none
        // comes: only a regular file is written over.
        if !path.metadata().is_ok_and(|m| m.is_file()) {
            return Err(CliError::usage(format!(
                "{what}: cannot be written: it is not a regular file (a pipe or a device): \
                 name a file"
            )));
        }
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(fail)?;
        return Ok(());
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(fail)?;
    let _ = std::fs::remove_file(path);
    Ok(())
}

/// Writes `bytes` to `path` whole or not at all: into a file beside it,
/// then renamed over it, so that a reader (or a command killed while
/// writing) finds the old content or the new, never a part.
pub fn write_atomic(path: &std::path::Path, what: &str, bytes: &[u8]) -> Result<(), CliError> {
    use std::io::Write;
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    // Not synced to the disk: this guards against the command being
    // stopped, not against the machine losing power, and stays quick when
    // a game is saved after every decision.
    let written = std::fs::File::create(&temp).and_then(|mut f| f.write_all(bytes));
    let done = written.and_then(|()| std::fs::rename(&temp, path));
    done.map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        io_error(what, "cannot be written", &e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_is_refused_at_the_cap() {
        match read_text(std::path::Path::new("/dev/zero"), "LOG '/dev/zero'", 1024) {
            Err(CliError::Usage(m)) => assert!(m.contains("larger than 1024 bytes"), "{m}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_bad_utf8_named() {
        let tmp = tempfile::tempdir().unwrap();
        let p = tmp.path().join("bom");
        std::fs::write(&p, "\u{feff}(x: 1)").unwrap();
        assert_eq!(read_text(&p, "FILE", 100).unwrap(), "(x: 1)");
        std::fs::write(&p, b"(\xff)").unwrap();
        let r = read_text(&p, "FILE", 100);
        match r {
            Err(CliError::Usage(m)) => assert!(m.contains("not UTF-8"), "{m}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_missing_path_is_bad_input_and_names_the_path() {
        let what = "-o '/nonexistent/x.svg'";
        match write_file(std::path::Path::new("/nonexistent/x.svg"), what, b"x") {
            Err(CliError::Usage(m)) => assert!(m.contains("/nonexistent/x.svg"), "{m}"),
            other => panic!("{other:?}"),
        }
    }
}
