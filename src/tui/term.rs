//! The terminal's life: set up, the event loop, and restoring it on every way out
//! (quit, error, panic, Ctrl-C, SIGTERM, SIGHUP).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

use super::app::{Action, App};
use crate::record::Record;

/// The game a signal would interrupt, saved by the signal's thread before the program
/// ends (see [`App::unsaved_game`]).
type Interrupted = Arc<Mutex<Option<(PathBuf, Record)>>>;

/// Longest wait for input when nothing is due (signals are handled on their own thread,
/// so an idle game can sleep).
const IDLE_WAIT: Duration = Duration::from_secs(30);
/// Animation step of the "thinking" indicator.
const SPIN: Duration = Duration::from_millis(100);

/// Whether both standard input and output are terminals.
#[must_use]
pub fn is_terminal() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// Restores the terminal, ignoring failures: the terminal may already be gone, and
/// reporting that on a closed stderr would abort.
fn restore_quietly() {
    use ratatui::crossterm::{cursor::Show, terminal};
    let mut out = std::io::stdout();
    let _ = execute!(
        out,
        DisableMouseCapture,
        terminal::LeaveAlternateScreen,
        Show
    );
    let _ = terminal::disable_raw_mode();
    let _ = out.flush();
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
    let interrupted = Interrupted::default();
    watch_signals(Arc::clone(&interrupted))?;
    let mut terminal = ratatui::init();
    // ratatui's hook restores raw mode and the screen; mouse capture is ours to undo.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        disable_mouse();
        previous(info);
    }));
    let result = execute!(std::io::stdout(), EnableMouseCapture)
        .and_then(|()| event_loop(&mut terminal, &mut app, &interrupted));
    disable_mouse();
    ratatui::restore();
    let _ = std::panic::take_hook();
    result
}

/// SIGTERM, SIGINT and SIGHUP restore the terminal, save the game in progress (as
/// leaving it would) and end the process, from a thread of their own: when the terminal
/// goes away the main thread may be inside crossterm's `read`, which spins on
/// end-of-file instead of returning, so a flag it polls would never be seen.
fn watch_signals(interrupted: Interrupted) -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP])?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            restore_quietly();
            let game = interrupted.lock().ok().and_then(|mut g| g.take());
            if let Some((dir, record)) = game {
                // Written atomically; nowhere to report a failure once the terminal
                // is gone.
                let _ = crate::record::save(&dir, &record);
            }
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    interrupted: &Interrupted,
) -> std::io::Result<()> {
    let size = terminal.size()?;
    app.update(Action::Resize(size.width, size.height), Instant::now());
    let mut dirty = true;
    while !app.quit {
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
            if let Ok(mut game) = interrupted.lock() {
                *game = app.unsaved_game();
            }
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
