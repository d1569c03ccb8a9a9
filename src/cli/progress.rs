//! Progress on standard error for the commands that can run longer than a second: a
//! bar with the time left (or, where the work cannot be counted, a spinner with the
//! time spent) when standard error is a terminal, and nothing at all when it is not (a
//! pipe, a file, a test). It shows only once the work has taken half a second, so a
//! quick command prints nothing even on a terminal, and it clears itself when done.
//!
//! Library code stays free of it: a long function takes a plain callback (`FnMut` or
//! `Fn + Sync` on several threads) and the command passes [`Progress::step`] or
//! [`Progress::steps`].

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long the work runs before anything is drawn.
const QUIET: Duration = Duration::from_millis(500);

/// A bar (or spinner) for one long piece of work; cleared when dropped.
#[derive(Debug)]
pub(super) struct Progress {
    bar: ProgressBar,
    /// Whether to draw at all: standard error is a terminal.
    shown: bool,
    start: Instant,
}

impl Progress {
    /// A bar for `total` steps, each a `what` ("games", "decisions").
    #[must_use]
    pub(super) fn bar(total: u64, what: &str) -> Self {
        let this = Self::hidden(ProgressBar::hidden());
        this.bar.set_length(total);
        this.bar.set_style(bar_style());
        this.bar.set_message(what.to_owned());
        this
    }

    /// A spinner with the time spent, for work that cannot be counted (`what`: "solving
    /// 35x4").
    #[must_use]
    pub(super) fn spinner(what: &str) -> Self {
        let this = Self::hidden(ProgressBar::hidden());
        this.bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} ({elapsed} spent)")
                .expect("a valid template")
                .tick_chars("-\\|/ "),
        );
        this.bar.set_message(what.to_owned());
        if this.shown {
            // Nothing counts the work: a thread shows the spinner once it is slow.
            let bar = this.bar.clone();
            std::thread::spawn(move || {
                std::thread::sleep(QUIET);
                if !bar.is_finished() {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                    bar.enable_steady_tick(Duration::from_millis(200));
                }
            });
        }
        this
    }

    fn hidden(bar: ProgressBar) -> Self {
        Self {
            bar,
            shown: std::io::stderr().is_terminal(),
            start: Instant::now(),
        }
    }

    /// A bar from here on (a spinner's work found out how much there is), for `total`
    /// steps, the count back at 0.
    pub(super) fn restart(&self, total: u64, what: &str) {
        self.bar.disable_steady_tick();
        self.bar.set_style(bar_style());
        self.bar.set_length(total);
        self.bar.set_position(0);
        self.bar.reset_eta();
        self.bar.set_message(what.to_owned());
    }

    /// `k` more steps done.
    pub(super) fn steps(&self, k: u64) {
        self.bar.inc(k);
        if self.shown && self.bar.is_hidden() && self.start.elapsed() >= QUIET {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// One more step done.
    pub(super) fn step(&self) {
        self.steps(1);
    }

    /// A bar for work measured as a share done (0 to 1), not counted in steps (`what`:
    /// "solving"), with the handle that moves it from any thread.
    #[must_use]
    pub(super) fn share(what: &str) -> (Self, Share) {
        let this = Self::hidden(ProgressBar::hidden());
        this.bar.set_length(SHARE_STEPS);
        this.bar.set_style(
            ProgressStyle::with_template(
                "[{bar:30}] {percent:>3}% {msg} ({elapsed} spent, about {eta} left)",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        this.bar.set_message(what.to_owned());
        let handle = Share {
            bar: this.bar.clone(),
            shown: this.shown,
            start: this.start,
        };
        (this, handle)
    }
}

/// The steps of a [`Progress::share`] bar: a share is shown to a thousandth.
const SHARE_STEPS: u64 = 1000;

/// Moves a [`Progress::share`] bar; a plain handle, so a solver's `Fn + Send + Sync`
/// callback can own it while the [`Progress`] itself clears the line when dropped.
#[derive(Debug, Clone)]
pub(super) struct Share {
    bar: ProgressBar,
    shown: bool,
    start: Instant,
}

impl Share {
    /// The work is `share` done (0 to 1); `what` says what is counted ("120000 states").
    pub(super) fn set(&self, share: f64, what: &str) {
        let at = (share.clamp(0.0, 0.999) * SHARE_STEPS as f64) as u64;
        self.bar.set_position(at);
        self.bar.set_message(what.to_owned());
        if self.shown && self.bar.is_hidden() && self.start.elapsed() >= QUIET {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("[{bar:30}] {pos}/{len} {msg} ({elapsed} spent, about {eta} left)")
        .expect("a valid template")
        .progress_chars("=> ")
}
