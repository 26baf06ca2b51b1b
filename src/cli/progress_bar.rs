//! The progress bar shown while a large bundle is read, on standard error and only
//! when it is a terminal: small bundles finish before a bar would help, and a pipe or
//! log file gets nothing.

use crate::bundle::reading_progress::ReadingProgress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::cell::Cell;
use std::io::IsTerminal;
use std::time::Duration;

/// Bundles smaller than this are read without a bar.
const LARGE_BYTES: u64 = 32 << 20;

pub struct ReadingBar {
    bar: ProgressBar,
    terminal: bool,
    shown: Cell<bool>,
}

impl ReadingBar {
    pub fn new() -> ReadingBar {
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} reading {wide_msg} {bytes}/{total_bytes} [{bar:28}] {eta}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        ReadingBar {
            bar,
            terminal: std::io::stderr().is_terminal(),
            shown: Cell::new(false),
        }
    }
}

impl Default for ReadingBar {
    fn default() -> Self {
        ReadingBar::new()
    }
}

/// Whether a bar is worth showing.
fn show(terminal: bool, total_bytes: u64) -> bool {
    terminal && total_bytes >= LARGE_BYTES
}

impl ReadingProgress for ReadingBar {
    fn expect(&self, bytes: u64) {
        self.bar.inc_length(bytes);
        if !self.shown.get() && show(self.terminal, self.bar.length().unwrap_or(0)) {
            self.shown.set(true);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(120));
        }
    }

    fn file(&self, name: &str) {
        self.bar.set_message(name.to_string());
    }

    fn advance(&self, bytes: u64) {
        self.bar.inc(bytes);
    }
}

impl Drop for ReadingBar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_large_bundles_on_a_terminal_get_a_bar() {
        assert!(show(true, 64 << 20));
        assert!(!show(true, 1 << 20));
        assert!(!show(false, 64 << 20));
    }
}
