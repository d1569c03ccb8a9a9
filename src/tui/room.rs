//! A room's table on one remote terminal (a person's or a watcher's): the room's game
//! drawn at this terminal's size with the room's line under it, or the room's lobby; the
//! keys of this terminal asked of the room as this session's role (the room says what
//! a role may do). Others' moves are seen within [`WAKE`]. Drawing happens with the room
//! unlocked: a client that stops reading holds up its own session, not the room.

use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::input::Source;
use super::remote::{Feed, Remote, close_screen, open_screen};
use super::{Action, screen};
use crate::app::room::lock;
use crate::app::{Input, Look, Role, Room};

/// How long a session waits for its own keys before it looks at the room again.
const WAKE: Duration = Duration::from_millis(40);

/// Runs `role`'s view of `room` on a remote terminal of `size` (columns, rows) that
/// `out` writes to and `feed` reads from, until the person leaves (`q`), the room closes
/// and a key is pressed, or the terminal goes. The caller tells the room they left. The
/// game is drawn in `look` (this terminal's: no colour, say), else in the room's.
///
/// # Errors
/// `out` cannot be written.
pub fn run_room(
    room: &Mutex<Room>,
    role: Role,
    look: Option<Look>,
    out: impl Write,
    size: (u16, u16),
    feed: &std::sync::mpsc::Receiver<Feed>,
) -> std::io::Result<()> {
    let mut screen = open_screen(out, size)?;
    let mut input = Remote::new(feed);
    let mut size = (size.0.max(1), size.1.max(1));
    let mut drawn = None;
    let result = loop {
        match input.poll(WAKE) {
            Ok(true) => match input.take() {
                Some(Event::Resize(w, h)) => {
                    size = (w.max(1), h.max(1));
                    screen.resize(Rect::new(0, 0, size.0, size.1))?;
                    drawn = None;
                }
                Some(event) if !on_event(room, role, &event, size, Instant::now()) => break Ok(()),
                _ => {}
            },
            Ok(false) => {}
            // The terminal is gone: the caller holds the seat.
            Err(_) => break Ok(()),
        }
        let now = Instant::now();
        let frame = {
            let mut room = lock(room);
            room.tick(now);
            let status = room.status(role, now);
            let seen = (room.version(), status, size);
            if drawn.as_ref() == Some(&seen) {
                None
            } else {
                let frame = render(&mut room, role, look.as_ref(), size, &seen.1);
                drawn = Some(seen);
                Some(frame)
            }
        };
        if let Some((buffer, cursor)) = frame {
            let drew = screen.draw(|f| {
                *f.buffer_mut() = buffer;
                if let Some(at) = cursor {
                    f.set_cursor_position(at);
                }
            });
            if let Err(e) = drew {
                break Err(e);
            }
        }
    };
    close_screen(&mut screen);
    result
}

/// The game's part of a terminal of `size`: all of it but the room's line at the foot.
fn game_area(size: (u16, u16)) -> Rect {
    Rect::new(0, 0, size.0, size.1.saturating_sub(1))
}

/// Asks the room what `event` asks for, as `role`. `false`: the session leaves.
fn on_event(room: &Mutex<Room>, role: Role, event: &Event, size: (u16, u16), now: Instant) -> bool {
    let Some(key) = Action::from_event(event) else {
        return true;
    };
    if matches!(key, Action::Quit | Action::Interrupt) {
        return false;
    }
    let mut room = lock(room);
    if room.closed().is_some() {
        // Its last word is on show: any key leaves.
        return false;
    }
    let Some(app) = room.app_mut() else {
        if key == Action::Select {
            room.start_now(role, now);
        }
        return true;
    };
    let area = game_area(size);
    app.size = (area.width, area.height);
    let Some(action) = app.action_for(event).and_then(|a| a.action(app)) else {
        return true;
    };
    room.act(role, action, now);
    true
}

/// What `role` sees of `room` on a terminal of `size`, with the room's `status` line:
/// the frame, and where the real cursor goes.
fn render(
    room: &mut Room,
    role: Role,
    look: Option<&Look>,
    size: (u16, u16),
    status: &str,
) -> (Buffer, Option<(u16, u16)>) {
    let full = Rect::new(0, 0, size.0, size.1);
    let mut buffer = Buffer::empty(full);
    if let Some(why) = room.closed() {
        let lines = vec![
            Line::from(format!("Room {}", room.code())),
            Line::from(""),
            Line::from(why.to_owned()),
            Line::from(""),
            Line::from("Press any key to leave."),
        ];
        framed(lines).render(full, &mut buffer);
        return (buffer, None);
    }
    let lobby = room.lobby(role);
    let Some(app) = room.app_mut() else {
        framed(lobby.into_iter().map(Line::from).collect()).render(full, &mut buffer);
        return (buffer, None);
    };
    let area = game_area(size);
    app.size = (area.width, area.height);
    // This terminal's look for this frame only: the room's stays the room's.
    let room_look = look.map(|l| std::mem::replace(&mut app.look, l.clone()));
    (&*app).render(area, &mut buffer);
    if let Some(l) = room_look {
        app.look = l;
    }
    let cursor = screen::cursor_cell(app, area);
    let foot = Rect::new(0, area.height, size.0, size.1 - area.height);
    Paragraph::new(status.to_owned())
        .style(Style::default().add_modifier(Modifier::REVERSED))
        .render(foot, &mut buffer);
    (buffer, cursor)
}

/// Lines in the room's frame.
fn framed(lines: Vec<Line<'static>>) -> Paragraph<'static> {
    Paragraph::new(lines).wrap(Wrap { trim: false }).block(
        Block::default()
            .borders(Borders::ALL)
            .title(" Concentration "),
    )
}
