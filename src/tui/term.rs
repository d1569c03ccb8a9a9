//! The terminal's life: set up, the event loop, and restoring it on every way out
//! (quit, error, panic, Ctrl-C, SIGTERM, SIGHUP) and while the program is stopped
//! (Ctrl-Z, SIGTSTP).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// Held while the screen is drawn and while the terminal is given back for a stop, so
/// that a frame never lands on the shell's screen.
static TERMINAL: Mutex<()> = Mutex::new(());

/// Set when the program continues after a stop: the screen must be drawn afresh.
static RESUMED: AtomicBool = AtomicBool::new(false);

/// Whether the screens are up (raw mode, alternate screen): a stop before or after only
/// stops, with the terminal as it is.
static ACTIVE: AtomicBool = AtomicBool::new(false);

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

/// Takes the terminal again after a stop: raw mode, the alternate screen, the mouse.
fn reenter_quietly() {
    use ratatui::crossterm::{cursor::Hide, terminal};
    let _ = terminal::enable_raw_mode();
    let mut out = std::io::stdout();
    let _ = execute!(
        out,
        terminal::EnterAlternateScreen,
        EnableMouseCapture,
        Hide
    );
    let _ = out.flush();
}

/// Stops the program as Ctrl-Z does in a shell, giving the terminal back meanwhile (the
/// shell needs its usual modes) and taking it again when continued; the main loop then
/// draws the whole screen again (woken by a size-change signal, which the input reader
/// turns into an event).
fn suspend() {
    use signal_hook::consts::{SIGSTOP, SIGWINCH};
    let guard = TERMINAL.lock();
    let active = ACTIVE.load(Ordering::SeqCst);
    if active {
        restore_quietly();
    }
    // SIGTSTP itself is caught (it brought us here); SIGSTOP cannot be.
    let _ = signal_hook::low_level::raise(SIGSTOP);
    if !active {
        return;
    }
    reenter_quietly();
    RESUMED.store(true, Ordering::SeqCst);
    drop(guard);
    let _ = signal_hook::low_level::raise(SIGWINCH);
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
    ACTIVE.store(true, Ordering::SeqCst);
    // ratatui's hook restores raw mode and the screen; mouse capture is ours to undo.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        disable_mouse();
        previous(info);
    }));
    let result = execute!(std::io::stdout(), EnableMouseCapture)
        .and_then(|()| event_loop(&mut terminal, &mut app, &interrupted));
    {
        let _stopping = TERMINAL.lock();
        ACTIVE.store(false, Ordering::SeqCst);
    }
    disable_mouse();
    ratatui::restore();
    let _ = std::panic::take_hook();
    result
}

/// SIGTERM, SIGINT and SIGHUP restore the terminal, save the game in progress (as
/// leaving it would) and end the process, from a thread of their own: when the terminal
/// goes away the main thread may be inside crossterm's `read`, which spins on
/// end-of-file instead of returning, so a flag it polls would never be seen. SIGTSTP
/// stops the program with the terminal given back (see [`suspend`]); SIGCONT (also
/// after a stop by anyone else) draws the screen again.
fn watch_signals(interrupted: Interrupted) -> std::io::Result<()> {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGWINCH};
    let mut signals =
        signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP, SIGTSTP, SIGCONT])?;
    std::thread::spawn(move || {
        for signal in signals.forever() {
            match signal {
                SIGTSTP => suspend(),
                SIGCONT => {
                    RESUMED.store(true, Ordering::SeqCst);
                    let _ = signal_hook::low_level::raise(SIGWINCH);
                }
                _ => {
                    restore_quietly();
                    let game = interrupted.lock().ok().and_then(|mut g| g.take());
                    if let Some((dir, record)) = game {
                        // Written atomically; nowhere to report a failure once the
                        // terminal is gone.
                        let _ = crate::record::save(&dir, &record);
                    }
                    std::process::exit(128 + signal);
                }
            }
        }
    });
    Ok(())
}

/// Applies an input action; Ctrl-Z stops the program (through the signal thread, as an
/// outside SIGTSTP would).
fn act(app: &mut App, action: Action) {
    if action == Action::Suspend {
        let _ = signal_hook::low_level::raise(signal_hook::consts::SIGTSTP);
    } else {
        app.update(action, Instant::now());
    }
}

/// Applies `action`; if it made play go on (see [`App::ready_at`]), the input already
/// typed was meant for before, when a key only went on: it is dropped, all but a
/// resize, Ctrl-C or Ctrl-Z, so that it cannot turn a card.
fn update_dropping_stale(app: &mut App, action: Action, now: Instant) -> std::io::Result<()> {
    let before = app.ready_at();
    app.update(action, now);
    let after = app.ready_at();
    // No guard (a game without pauses): keys typed ahead are turns.
    if after == before || after.is_none_or(|t| t <= now) {
        return Ok(());
    }
    while event::poll(Duration::ZERO)? {
        if let Some(a @ (Action::Resize(..) | Action::Interrupt | Action::Suspend)) =
            Action::from_event(&event::read()?)
        {
            act(app, a);
        }
    }
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
        if RESUMED.swap(false, Ordering::SeqCst) {
            // The screen was the shell's while stopped: draw every cell again. (Not
            // `clear`, which asks the terminal where its cursor is and fails on one that
            // does not answer.)
            let _drawing = TERMINAL.lock();
            let size = terminal.size()?;
            terminal.resize(ratatui::layout::Rect::new(0, 0, size.width, size.height))?;
            dirty = true;
        }
        if app.poll_worker(now) {
            dirty = true;
        }
        if app.deadline().is_some_and(|d| d <= now) {
            update_dropping_stale(app, Action::Tick, now)?;
            dirty = true;
            continue;
        }
        if dirty {
            if let Ok(mut game) = interrupted.lock() {
                *game = app.unsaved_game();
            }
            let _drawing = TERMINAL.lock();
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
            match app.action_for(&ev) {
                Some(Action::Suspend) => act(app, Action::Suspend),
                Some(action) => {
                    update_dropping_stale(app, action, Instant::now())?;
                    dirty = true;
                }
                None => {}
            }
        } else if app.thinking() {
            app.spinner = app.spinner.wrapping_add(1);
            dirty = true;
        }
    }
    Ok(())
}
