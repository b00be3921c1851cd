//! Progress bars for long runs: on stderr, and only when a person is
//! watching, so that piped or `--json` output never changes.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar over `len` steps, or nothing when stderr is not a terminal.
#[derive(Debug)]
pub struct Progress(Option<ProgressBar>);

impl Progress {
    pub fn new(len: u64, what: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        if !std::io::stderr().is_terminal() {
            return Self(None);
        }
        let bar = ProgressBar::new(len);
        let style =
            ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({per_sec}, {eta} left)")
                .expect("the template is valid")
                .progress_chars("=> ");
        bar.set_style(style);
        bar.set_message(what);
        Self(Some(bar))
    }

    pub fn step(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    /// Clears the bar, leaving the terminal to the answer.
    pub fn finish(self) {
        if let Some(bar) = self.0 {
            bar.finish_and_clear();
        }
    }
}
