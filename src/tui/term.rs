//! The terminal's life: set up, the event loop, and restoring it on every way out
//! (quit, error, panic, Ctrl-C, SIGTERM, SIGHUP).

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

use super::app::{Action, App};

/// Longest wait for input when nothing is due: signals are noticed within this time.
const IDLE_WAIT: Duration = Duration::from_millis(250);
/// Animation step of the "thinking" indicator.
const SPIN: Duration = Duration::from_millis(100);

/// Whether both standard input and output are terminals.
#[must_use]
pub fn is_terminal() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

fn disable_mouse() {
    let mut out = std::io::stdout();
    let _ = execute!(out, DisableMouseCapture);
    let _ = out.flush();
}

/// Runs `app` in the terminal until it quits, restoring the terminal on every exit.
///
/// # Errors
/// Terminal input/output failures.
pub fn run(mut app: App) -> std::io::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    for sig in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGHUP,
    ] {
        signal_hook::flag::register(sig, Arc::clone(&stop))?;
    }
    let mut terminal = ratatui::init();
    // ratatui's hook restores raw mode and the screen; mouse capture is ours to undo.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        disable_mouse();
        previous(info);
    }));
    let result = execute!(std::io::stdout(), EnableMouseCapture)
        .and_then(|()| event_loop(&mut terminal, &mut app, &stop));
    disable_mouse();
    ratatui::restore();
    let _ = std::panic::take_hook();
    result
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    stop: &AtomicBool,
) -> std::io::Result<()> {
    let size = terminal.size()?;
    app.update(Action::Resize(size.width, size.height), Instant::now());
    let mut dirty = true;
    while !app.quit {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let now = Instant::now();
        if app.poll_worker(now) {
            dirty = true;
        }
        if app.deadline().is_some_and(|d| d <= now) {
            app.update(Action::Tick, now);
            dirty = true;
            continue;
        }
        if dirty {
            terminal.draw(|f| f.render_widget(&*app, f.area()))?;
            dirty = false;
        }
        let mut wait = app
            .deadline()
            .map_or(IDLE_WAIT, |d| d.saturating_duration_since(Instant::now()))
            .min(IDLE_WAIT);
        if app.thinking() {
            wait = wait.min(SPIN);
        }
        if event::poll(wait)? {
            let ev = event::read()?;
            if let Some(action) = Action::from_event(&ev) {
                app.update(action, Instant::now());
                dirty = true;
            }
        } else if app.thinking() {
            app.spinner = app.spinner.wrapping_add(1);
            dirty = true;
        }
    }
    Ok(())
}
