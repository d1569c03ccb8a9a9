//! The game on a terminal far away (over SSH): the same app, views and keys as on the
//! terminal's own, drawn into any writer and driven by the bytes and sizes the remote
//! terminal sends. Nothing here touches the process's terminal or signals.

use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::{cursor, execute, terminal};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

use super::input::{Decoder, Source};
use crate::app::room::Ask;
use crate::app::{App, NotSaved};

/// What a remote terminal sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Feed {
    /// Bytes typed (keys, mouse reports).
    Bytes(Vec<u8>),
    /// Its new size, columns and rows.
    Resize(u16, u16),
    /// It is gone, or the server is stopping: the game in play is saved as abandoned.
    Hangup,
}

/// A remote terminal's input: what it sends, decoded as the terminal's own is.
pub(super) struct Remote<'a> {
    decoder: Decoder,
    feed: &'a Receiver<Feed>,
}

impl<'a> Remote<'a> {
    /// The input of the terminal that `feed` carries.
    pub(super) fn new(feed: &'a Receiver<Feed>) -> Self {
        Self {
            decoder: Decoder::default(),
            feed,
        }
    }
}

impl Source for Remote<'_> {
    /// Fails when the remote end is gone (the sender dropped).
    fn poll(&mut self, timeout: Duration) -> std::io::Result<bool> {
        let deadline = Instant::now() + timeout;
        loop {
            if self.decoder.ready() {
                return Ok(true);
            }
            let Some(wait) = self.decoder.wait_until(deadline) else {
                return Ok(false);
            };
            match self.feed.recv_timeout(wait) {
                Ok(Feed::Bytes(bytes)) => self.decoder.feed(&bytes),
                Ok(Feed::Resize(w, h)) => self.decoder.push(Event::Resize(w, h)),
                Err(RecvTimeoutError::Timeout) => {}
                Ok(Feed::Hangup) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::UnexpectedEof,
                        "the remote terminal is gone",
                    ));
                }
            }
        }
    }

    fn take(&mut self) -> Option<Event> {
        self.decoder.take()
    }
}

/// How a game on a remote terminal ended.
#[derive(Debug)]
pub struct Ended {
    /// What could not be saved.
    pub not_saved: NotSaved,
    /// The room the person asked for on the setup screen, if they did.
    pub room_ask: Option<Ask>,
    /// The terminal's size at the end.
    pub size: (u16, u16),
}

/// Runs `app` on a remote terminal of `size` (columns, rows) that `out` writes to and
/// `feed` reads from, until the app quits or the terminal goes (then the game in play
/// is saved as leaving it would). Returns what could not be saved.
///
/// # Errors
/// `out` cannot be written.
pub fn run_remote(
    mut app: App,
    out: impl Write,
    size: (u16, u16),
    feed: &Receiver<Feed>,
) -> std::io::Result<Ended> {
    let mut screen = open_screen(out, size)?;
    let mut input = Remote::new(feed);
    let result = super::term::event_loop(&mut screen, &mut app, &mut input, None, |_| {});
    if result.is_err() {
        app.save_abandoned();
    }
    close_screen(&mut screen);
    let (room_ask, size) = (app.room_ask.take(), app.size);
    Ok(Ended {
        not_saved: app.into_not_saved(),
        room_ask,
        size,
    })
}

/// A remote terminal of `size` (columns, rows) that `out` writes to, taken over: the
/// alternate screen, the mouse reported, the cursor hidden.
///
/// # Errors
/// `out` cannot be written.
pub(super) fn open_screen<W: Write>(
    mut out: W,
    size: (u16, u16),
) -> std::io::Result<Terminal<CrosstermBackend<W>>> {
    execute!(
        out,
        terminal::EnterAlternateScreen,
        EnableMouseCapture,
        cursor::Hide
    )?;
    let viewport = Viewport::Fixed(Rect::new(0, 0, size.0.max(1), size.1.max(1)));
    Terminal::with_options(CrosstermBackend::new(out), TerminalOptions { viewport })
}

/// Gives the remote terminal back as it was.
pub(super) fn close_screen<W: Write>(screen: &mut Terminal<CrosstermBackend<W>>) {
    // The remote terminal may be gone: nothing more to do then.
    let _ = execute!(
        screen.backend_mut(),
        DisableMouseCapture,
        terminal::LeaveAlternateScreen,
        cursor::Show
    );
}
