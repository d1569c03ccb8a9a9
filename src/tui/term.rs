//! The terminal's life: set up, the event loop, and restoring it on every way out
//! (quit, error, panic, Ctrl-C, SIGTERM, SIGHUP) and while the program is stopped
//! (Ctrl-Z, SIGTSTP).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

use super::action::Action;
use super::input::{Input, Source};
use crate::app::{App, Unsaved};

/// The game a signal would interrupt, saved by the signal's thread before the program
/// ends (see [`App::unsaved_game`]).
type Interrupted = Arc<Mutex<Option<(PathBuf, Unsaved)>>>;

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

/// The frame on screen, kept to show it again after a stop. Its lock is held while the
/// screen is drawn and while the terminal is given back for a stop, so that a frame never
/// lands on the shell's screen.
static SCREEN: Mutex<Option<Buffer>> = Mutex::new(None);

/// Set when a stop of our own (Ctrl-Z, SIGTSTP) is over and the screen is back: the
/// SIGCONT that ended it has nothing left to do.
static TAKEN_BACK: AtomicBool = AtomicBool::new(false);

fn screen() -> MutexGuard<'static, Option<Buffer>> {
    SCREEN.lock().unwrap_or_else(PoisonError::into_inner)
}

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

/// Shows `frame` again after a stop, whole, on a blank screen: it is what ratatui
/// believes is on screen, so the main loop's next changes land right. At another size
/// it cannot be: the screen is left blank and a size-change signal tells the main loop,
/// which draws the next frame whole at the new size. (Before the first frame there is
/// nothing to show; the main loop is about to draw it.)
///
/// Not a size-change signal every time to make the main loop draw: a frame at the same
/// size is shown here at once. (crossterm's event reader, which the game used before
/// [`Input`], also lost the key that came with such a signal.)
fn show_again(frame: Option<&Buffer>) {
    use ratatui::backend::{Backend, CrosstermBackend};
    use ratatui::crossterm::{style::ResetColor, terminal};
    let mut backend = CrosstermBackend::new(std::io::stdout());
    // Blank in the terminal's own colours, whatever the shell left set.
    let _ = execute!(std::io::stdout(), ResetColor);
    let _ = backend.clear();
    let Some(frame) = frame else { return };
    if terminal::size().ok() == Some((frame.area.width, frame.area.height)) {
        let _ = backend.draw(Buffer::empty(frame.area).diff(frame).into_iter());
        let _ = Backend::flush(&mut backend);
    } else {
        let _ = signal_hook::low_level::raise(signal_hook::consts::SIGWINCH);
    }
}

/// Stops the program as Ctrl-Z does in a shell, giving the terminal back meanwhile (the
/// shell needs its usual modes) and taking it again when continued: raw mode first, then
/// the screen, so that once the game shows, a key is read at once as the key it is.
/// (crossterm sets raw mode with TCSANOW: nothing typed is dropped; what was typed
/// while stopped went to the shell.)
fn suspend() {
    use signal_hook::consts::SIGSTOP;
    let shown = screen();
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
    show_again(shown.as_ref());
    TAKEN_BACK.store(true, Ordering::SeqCst);
}

fn disable_mouse() {
    let mut out = std::io::stdout();
    let _ = execute!(out, DisableMouseCapture);
    let _ = out.flush();
}

/// Runs `app` in the terminal until it quits, restoring the terminal on every exit.
/// Returns what could not be saved, for the caller to say once the terminal is back.
///
/// # Errors
/// Terminal input/output failures.
pub fn run(mut app: App) -> std::io::Result<crate::app::NotSaved> {
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
        .and_then(|()| Input::new())
        .and_then(|mut input| {
            event_loop(&mut terminal, &mut app, &mut input, Some(&SCREEN), |app| {
                if let Ok(mut game) = interrupted.lock() {
                    *game = app.unsaved_game();
                }
            })
        });
    {
        let _stopping = screen();
        ACTIVE.store(false, Ordering::SeqCst);
    }
    disable_mouse();
    ratatui::restore();
    let _ = std::panic::take_hook();
    result.map(|()| app.into_not_saved())
}

/// SIGTERM, SIGINT and SIGHUP restore the terminal, save the game in progress (as
/// leaving it would) and end the process, from a thread of their own: when the terminal
/// goes away the main thread is waiting on input (see [`Input`]), which gives the
/// hang-up a moment before it fails, so a flag it polls would come too late. SIGTSTP
/// stops the program with the terminal given back (see [`suspend`]); SIGCONT after a
/// stop by anyone else shows the screen again (a shell may have written over it).
fn watch_signals(interrupted: Interrupted) -> std::io::Result<()> {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP};
    let mut signals =
        signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP, SIGTSTP, SIGCONT])?;
    std::thread::spawn(move || {
        for signal in signals.forever() {
            match signal {
                SIGTSTP => suspend(),
                SIGCONT => {
                    if !TAKEN_BACK.swap(false, Ordering::SeqCst) {
                        let shown = screen();
                        if ACTIVE.load(Ordering::SeqCst) {
                            show_again(shown.as_ref());
                        }
                    }
                }
                _ => {
                    restore_quietly();
                    let game = interrupted.lock().ok().and_then(|mut g| g.take());
                    if let Some((dir, game)) = game
                        && let Err(e) = game.save(&dir)
                    {
                        // Written atomically; a failure is said where it can be (after
                        // a hang-up, standard error may be gone: nothing more to do).
                        eprintln!(
                            "error: not saved: {}",
                            crate::words::one_line(&e.to_string())
                        );
                    }
                    std::process::exit(128 + signal);
                }
            }
        }
    });
    Ok(())
}

/// Applies an input action; Ctrl-Z goes to the source (the terminal's stops the
/// program, a remote one does nothing).
fn act(app: &mut App, input: &mut impl Source, action: Action) {
    if action == Action::Suspend {
        input.suspend();
    } else {
        app.update(action, Instant::now());
    }
}

/// Applies `action`; if it made play go on (see [`App::ready_at`]), the input already
/// typed was meant for before, when a key only went on: it is dropped, all but a
/// resize, Ctrl-C or Ctrl-Z, so that it cannot turn a card.
fn update_dropping_stale<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    input: &mut impl Source,
    action: Action,
    now: Instant,
) -> std::io::Result<()> {
    let before = app.ready_at();
    app.update(action, now);
    let after = app.ready_at();
    // No guard (a game without pauses): keys typed ahead are turns.
    if after == before || after.is_none_or(|t| t <= now) {
        return Ok(());
    }
    while input.poll(Duration::ZERO)? {
        let Some(event) = input.take() else { break };
        if let Some(a @ (Action::Resize(..) | Action::Interrupt | Action::Suspend)) =
            Action::from_event(&event)
        {
            resize(terminal, a)?;
            act(app, input, a);
        }
    }
    Ok(())
}

/// A fixed viewport (a remote terminal's) follows the size its terminal says; the
/// terminal's own follows by itself, and this changes nothing there.
fn resize<B: Backend>(terminal: &mut Terminal<B>, action: Action) -> std::io::Result<()> {
    if let Action::Resize(w, h) = action {
        terminal
            .resize(ratatui::layout::Rect::new(0, 0, w, h))
            .map_err(|e| std::io::Error::other(e.to_string()))?;
    }
    Ok(())
}

/// Runs `app` on `terminal` with events from `input` until it quits. `before_drawing`
/// sees the app before each frame; `kept`, if any, keeps the frame on screen, locked
/// while it is drawn (the terminal's own, to show it again after a stop).
pub(crate) fn event_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    input: &mut impl Source,
    kept: Option<&Mutex<Option<Buffer>>>,
    mut before_drawing: impl FnMut(&App),
) -> std::io::Result<()> {
    let other = |e: B::Error| std::io::Error::other(e.to_string());
    let size = terminal.get_frame().area();
    app.update(Action::Resize(size.width, size.height), Instant::now());
    let mut dirty = true;
    while !app.quit {
        let now = Instant::now();
        if app.poll_worker(now) {
            dirty = true;
        }
        if app.deadline().is_some_and(|d| d <= now) {
            update_dropping_stale(terminal, app, input, Action::Tick, now)?;
            dirty = true;
            continue;
        }
        if dirty {
            before_drawing(app);
            let mut shown = kept.map(|k| k.lock().unwrap_or_else(PoisonError::into_inner));
            let frame = terminal
                .draw(|f| {
                    f.render_widget(&*app, f.area());
                    // The real cursor on the selected card (screen readers follow it).
                    if let Some(at) = super::screen::cursor_cell(app, f.area()) {
                        f.set_cursor_position(at);
                    }
                })
                .map_err(other)?;
            if let Some(shown) = &mut shown {
                **shown = Some(frame.buffer.clone());
            }
            dirty = false;
        }
        let mut wait = app
            .deadline()
            .map_or(IDLE_WAIT, |d| d.saturating_duration_since(Instant::now()))
            .min(IDLE_WAIT);
        if app.thinking() {
            wait = wait.min(SPIN);
        }
        if input.poll(wait)? {
            let Some(ev) = input.take() else { continue };
            match app.action_for(&ev) {
                Some(Action::Suspend) => act(app, input, Action::Suspend),
                Some(action) => {
                    resize(terminal, action)?;
                    update_dropping_stale(terminal, app, input, action, Instant::now())?;
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
