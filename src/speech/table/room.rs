//! A room's table line by line (`room --screen-reader`, `join CODE --screen-reader`):
//! every flip of every seat told as it happens, as at a table of one's own; a place
//! typed on one's own turn turns that card (the room says whose keys act); the room's
//! news told as it comes (who sat down, left, came back). The room is read and asked
//! under its lock; what is said is written after, so a listener who stops reading holds
//! up no one else.

use std::io::{self, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::reading::{board, score};
use super::{Table, Told, introduce, narrate, whose};
use crate::app::room::lock;
use crate::app::{Action, Role, Room, places};
use crate::speech::{Options, Voice};

/// What a room's session heard from its person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// A line typed (trimmed, in lower case).
    Line(String),
    /// A line that is not text (answered, and play goes on).
    NotText,
    /// Nothing yet.
    Nothing,
    /// The end of the input: they are gone.
    End,
}

/// How long the session waits for a line before it looks at the room again.
const WAKE: Duration = Duration::from_millis(50);

/// The commands of a room, as `help` says them.
const COMMANDS: &str = "on your turn a coordinate such as b2 turns that card; board, score, help, and quit, which leaves the room (your seat is held 2 minutes)";

/// The end menu in a room.
pub(crate) const ROOM_MENU: &str = "Choose: 1 new deal, 2 same deal, 3 leave.";

/// What has been said of the room.
#[derive(Default)]
struct Said {
    /// The room's version last told.
    version: Option<u64>,
    /// The room's news last told.
    news: String,
    /// The lobby told.
    lobby: bool,
    /// This deal introduced.
    game: bool,
    /// The deal's flips and end told.
    told: Told,
}

/// Tells `role`'s room on `out` and takes their lines from `next` until they leave, the
/// input ends, or the room closes.
///
/// # Errors
/// The output cannot be written.
pub fn room<W: Write>(
    room: &Mutex<Room>,
    role: Role,
    options: Options,
    out: &mut W,
    mut next: impl FnMut(Duration) -> io::Result<Heard>,
) -> io::Result<()> {
    let mut voice = Voice::new(io::empty(), Vec::new(), options, Instant::now());
    let mut said = Said::default();
    loop {
        let closed = {
            let mut room = lock(room);
            room.tick(Instant::now());
            if said.version.is_none() {
                // The first words: the room's line, its news told with it.
                said.news = room.news().to_owned();
                voice.say(&room.status(role, Instant::now()))?;
            }
            tell(&room, role, &mut voice, &mut said)?;
            room.closed().is_some()
        };
        out.write_all(&voice.take_said())?;
        out.flush()?;
        if closed {
            return Ok(());
        }
        let line = match next(WAKE)? {
            Heard::Line(line) if !line.is_empty() => line,
            Heard::NotText => {
                // Written with what the room tells next.
                voice.say(crate::speech::NOT_TEXT)?;
                continue;
            }
            Heard::Line(_) | Heard::Nothing => continue,
            Heard::End => return Ok(()),
        };
        let leave = {
            let mut room = lock(room);
            answer(&mut room, role, &line, &mut voice)?
        };
        out.write_all(&voice.take_said())?;
        out.flush()?;
        if leave {
            return Ok(());
        }
    }
}

/// Says what changed in the room since `said`.
fn tell(
    room: &Room,
    role: Role,
    voice: &mut Voice<io::Empty, Vec<u8>>,
    said: &mut Said,
) -> io::Result<()> {
    if said.version == Some(room.version()) {
        return Ok(());
    }
    said.version = Some(room.version());
    if let Some(why) = room.closed() {
        return voice.say(&format!("Room {}: {why}.", room.code()));
    }
    if room.news() != said.news {
        said.news = room.news().to_owned();
        if !said.news.is_empty() {
            voice.say(&format!("{}.", super::capital(&said.news)))?;
        }
    }
    let Some(app) = room.app() else {
        if !said.lobby {
            said.lobby = true;
            let lines = room.lobby(role);
            // The last line is the screen's keys: here, the commands.
            for line in lines[..lines.len() - 1].iter().filter(|l| !l.is_empty()) {
                voice.say(line.trim())?;
            }
            voice.say(if room.host() == Some(role) {
                "Type start to begin now, the free seats to the optimal AI, or quit to leave."
            } else {
                "The game starts when every seat is taken, or when the host starts it. Type quit to leave."
            })?;
        }
        return Ok(());
    };
    // A new deal (asked here or by someone else): told from its start.
    if said.told.ended && !Table::of(app).is_some_and(Table::over) {
        said.told = Told::default();
        said.game = false;
    }
    if !said.game {
        said.game = true;
        introduce(app, voice)?;
    }
    narrate(app, voice, &mut said.told)
}

/// Answers a line typed by `role`: `true` when they leave.
fn answer(
    room: &mut Room,
    role: Role,
    line: &str,
    voice: &mut Voice<io::Empty, Vec<u8>>,
) -> io::Result<bool> {
    if matches!(line, "quit" | "q" | "exit" | "leave") {
        voice.say("You leave the room.")?;
        return Ok(true);
    }
    if room.closed().is_some() {
        return Ok(true);
    }
    let now = Instant::now();
    let Some(app) = room.app() else {
        match line {
            "start" if room.host() == Some(role) => room.start_now(role, now),
            "help" => voice.say("Commands: start (the host: the free seats to the optimal AI), quit.")?,
            _ => voice.say("The game starts when every seat is taken, or when the host types start. Type quit to leave.")?,
        }
        return Ok(false);
    };
    let Some(table) = Table::of(app) else {
        return Ok(false);
    };
    if table.over() {
        let action = match line {
            "1" | "n" | "new" => Action::New,
            "2" | "r" | "same" | "again" => Action::Again,
            "3" | "leave" => {
                voice.say("You leave the room.")?;
                return Ok(true);
            }
            _ => {
                voice.say(ROOM_MENU)?;
                return Ok(false);
            }
        };
        if !room.allows(role, &action) {
            voice.say("A new deal waits until everyone is back.")?;
            return Ok(false);
        }
        room.act(role, action, now);
        return Ok(false);
    }
    if let Some(pos) = places::parse(table.game(), line) {
        let action = Action::Click(Some(pos));
        if room.allows(role, &action) {
            room.act(role, action, now);
        } else {
            voice.say(&format!("Not your turn: {} turn.", whose(table)))?;
        }
        return Ok(false);
    }
    match line {
        "board" | "b" => board(app, voice)?,
        "score" | "s" => score(app, voice)?,
        "help" | "?" => voice.say(&format!("Commands: {COMMANDS}."))?,
        "hint" | "h" | "why" | "w" | "undo" | "u" => {
            voice.say("Not in a room: hints and undo are for a game against the AI.")?
        }
        _ => voice.say(&crate::speech::unknown("command", line, "help"))?,
    }
    Ok(false)
}
