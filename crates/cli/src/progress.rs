//! Progress of long runs, on stderr so that piped or `--json` output never
//! changes: a bar when a person watches a terminal; otherwise (a log, a
//! pipe, a CI job) a line every few seconds with how far the run is and
//! about how long it has left.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// How often a line is written when stderr is not a terminal; the
/// environment variable `VALERNA_PROGRESS_SECONDS` changes it.
const EVERY: Duration = Duration::from_secs(5);

/// Progress over `len` steps.
#[derive(Debug)]
pub struct Progress(Shown);

#[derive(Debug)]
enum Shown {
    Nothing,
    Bar(ProgressBar),
    Lines(Lines),
}

#[derive(Debug)]
struct Lines {
    what: String,
    len: u64,
    start: Instant,
    every: Duration,
    /// Steps done, and when the last line was written.
    state: Mutex<(u64, Instant)>,
}

impl Progress {
    pub fn new(len: u64, what: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        if len == 0 {
            return Self(Shown::Nothing);
        }
        if !std::io::stderr().is_terminal() {
            let every = std::env::var("VALERNA_PROGRESS_SECONDS")
                .ok()
                .and_then(|s| s.parse::<f64>().ok())
                .and_then(|s| Duration::try_from_secs_f64(s).ok())
                .unwrap_or(EVERY);
            let now = Instant::now();
            return Self(Shown::Lines(Lines {
                what: what.into().into_owned(),
                len,
                start: now,
                every,
                state: Mutex::new((0, now)),
            }));
        }
        let bar = ProgressBar::new(len);
        let style =
            ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({per_sec}, {eta} left)")
                .expect("the template is valid")
                .progress_chars("=> ");
        bar.set_style(style);
        bar.set_message(what);
        Self(Shown::Bar(bar))
    }

    pub fn step(&self) {
        match &self.0 {
            Shown::Nothing => {}
            Shown::Bar(bar) => bar.inc(1),
            Shown::Lines(l) => {
                let Ok(mut state) = l.state.lock() else {
                    return;
                };
                state.0 += 1;
                let now = Instant::now();
                if state.0 < l.len && now.duration_since(state.1) >= l.every {
                    state.1 = now;
                    let line = l.line(state.0, now.duration_since(l.start));
                    // A closed stderr is no reason to stop the run.
                    let _ = writeln!(std::io::stderr(), "{line}");
                }
            }
        }
    }

    /// Clears the bar, leaving the terminal to the answer.
    pub fn finish(self) {
        if let Shown::Bar(bar) = self.0 {
            bar.finish_and_clear();
        }
    }
}

impl Lines {
    /// "arena: 120/1000 (2.4/s, about 6 min 07 s left)".
    fn line(&self, done: u64, elapsed: Duration) -> String {
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
        let left = (self.len - done) as f64 / rate.max(1e-9);
        format!(
            "{}: {done}/{} ({}/s, about {} left)",
            self.what,
            self.len,
            if rate >= 10.0 {
                format!("{rate:.0}")
            } else {
                format!("{rate:.2}")
            },
            duration_text(left)
        )
    }
}

/// A duration as a person reads it: "45 s", "6 min 07 s", "2 h 05 min".
fn duration_text(seconds: f64) -> String {
    let s = seconds.round().min(1e9) as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_says_how_far_and_how_long_left() {
        let l = Lines {
            what: "arena".into(),
            len: 1000,
            start: Instant::now(),
            every: EVERY,
            state: Mutex::new((0, Instant::now())),
        };
        assert_eq!(
            l.line(120, Duration::from_secs(50)),
            "arena: 120/1000 (2.40/s, about 6 min 07 s left)"
        );
        assert_eq!(duration_text(7500.0), "2 h 05 min");
        assert_eq!(duration_text(4.4), "4 s");
    }
}
