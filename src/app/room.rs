//! A room: one table that several people share, each at a terminal of their own (`room`,
//! `join CODE`, `watch CODE` over `concentration serve`). The room holds the one game,
//! the hidden table with it; every person and watcher is shown the same public board,
//! and a person's keys act on it only when the game waits on their seat. A seat whose
//! person dropped is held for [`HOLD`], for the same identity to come back; after that
//! the game ends, saved as abandoned. Pure state: the clock comes in as `now`.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::{Action, App, Config, Screen};
use crate::rules::Seat;
use crate::seats::{Seat as TableSeat, SeatKind, Seats};

/// How long a dropped person's seat is held for them.
pub const HOLD: Duration = Duration::from_secs(120);

/// The length of a room's code as typed, at least and at most (the server's codes are
/// 5 long; a code is said in these words wherever it is refused).
pub const CODE_LENGTHS: std::ops::RangeInclusive<usize> = 4..=8;

/// Whether `text` can be a room's code: [`CODE_LENGTHS`] letters and digits, any case.
#[must_use]
pub fn is_code(text: &str) -> bool {
    CODE_LENGTHS.contains(&text.len()) && text.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Watchers a room takes at most.
pub const MAX_WATCHERS: usize = 16;

/// Locks a room shared by its sessions, one session's panic notwithstanding (its state
/// stays whole: every change is one call).
pub fn lock(room: &Mutex<Room>) -> MutexGuard<'_, Room> {
    room.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A room asked for on the setup screen (`R`).
#[derive(Debug, Clone)]
pub enum Ask {
    /// A new room of two seats, playing this game.
    Open(Box<Config>),
    /// A seat of the room with this code.
    Join(String),
}

/// Someone who comes into a room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// Their name at the table.
    pub name: String,
    /// Who they are (a key's fingerprint); `None`: a guest, who cannot be told apart.
    pub identity: Option<String>,
    /// Where their games are kept; `None`: nowhere (a guest).
    pub records: Option<PathBuf>,
}

/// Who a session is in a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A person with a seat: their number in the room, for as long as it lasts.
    Person(u32),
    /// Watching.
    Watcher,
}

/// A person of the room.
#[derive(Debug)]
struct Sitter {
    id: u32,
    member: Member,
    /// Since when their seat is held for them, if they dropped.
    away_since: Option<Instant>,
}

/// Where the room is.
enum Stage {
    /// People come in; the game starts when every seat is taken, or the host says so.
    Lobby,
    /// The game (and the next ones, once it is over).
    Playing(Box<App>),
    /// Over: why.
    Closed(String),
}

/// A room.
pub struct Room {
    code: String,
    /// How a person joins, as a command to type (without `join CODE`).
    reach: String,
    config: Config,
    seats: usize,
    /// The people in the order they came: the table's seats in turn order, then AIs.
    people: Vec<Sitter>,
    next_id: u32,
    watchers: usize,
    stage: Stage,
    /// The last thing that happened, for everyone to read.
    news: String,
    /// Counts every change anyone must see.
    version: u64,
}

impl Room {
    /// A room of `seats` seats (people and AIs, 2 to 6) playing `config`, opened by
    /// `host`, who sits first. `reach` is the command that connects to the server.
    #[must_use]
    pub fn open(code: String, reach: String, config: Config, seats: usize, host: Member) -> Self {
        let mut room = Self {
            code,
            reach,
            config,
            seats,
            people: Vec::new(),
            next_id: 0,
            watchers: 0,
            stage: Stage::Lobby,
            news: String::new(),
            version: 0,
        };
        room.sit(host);
        room
    }

    fn sit(&mut self, member: Member) -> Role {
        let id = self.next_id;
        self.next_id += 1;
        self.news = format!("{} sat down", member.name);
        self.people.push(Sitter {
            id,
            member,
            away_since: None,
        });
        self.changed();
        Role::Person(id)
    }

    fn changed(&mut self) {
        self.version = self.version.wrapping_add(1);
    }

    /// The room's code.
    #[must_use]
    pub fn code(&self) -> &str {
        &self.code
    }

    /// Counts the changes: a session draws again when it moves on.
    #[must_use]
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The game, once it plays.
    #[must_use]
    pub fn app(&self) -> Option<&App> {
        match &self.stage {
            Stage::Playing(app) => Some(app),
            _ => None,
        }
    }

    /// The game, once it plays, to draw at a session's size.
    pub fn app_mut(&mut self) -> Option<&mut App> {
        match &mut self.stage {
            Stage::Playing(app) => Some(app),
            _ => None,
        }
    }

    /// The last thing that happened in the room (`bob left: ...`).
    #[must_use]
    pub fn news(&self) -> &str {
        &self.news
    }

    /// Why the room is over, if it is.
    #[must_use]
    pub fn closed(&self) -> Option<&str> {
        match &self.stage {
            Stage::Closed(why) => Some(why),
            _ => None,
        }
    }

    /// Whether a game is in play and not over (a room nobody is in must keep it until
    /// the held seats run out).
    #[must_use]
    pub fn in_play(&self) -> bool {
        self.app().is_some_and(|app| !game_over(app))
    }

    /// Whether every person of the room is here (none away, their seat held).
    fn everyone_here(&self) -> bool {
        self.people.iter().all(|p| p.away_since.is_none())
    }

    /// Whether nobody is in the room any more: it can go.
    #[must_use]
    pub fn empty(&self) -> bool {
        self.watchers == 0 && self.people.iter().all(|p| p.away_since.is_some())
    }

    /// `member` comes in with `join CODE`: a free seat before the game starts (the last
    /// one starts it), or their own held seat back.
    ///
    /// # Errors
    /// No seat for them, as one line.
    pub fn join(&mut self, member: Member, now: Instant) -> Result<Role, String> {
        let mine = |p: &Sitter| member.identity.is_some() && p.member.identity == member.identity;
        match &self.stage {
            Stage::Closed(why) => Err(format!("room {} is over: {why}", self.code)),
            Stage::Lobby => {
                if self.people.iter().any(mine) {
                    return Err(format!("you have a seat in room {} already", self.code));
                }
                if self.people.len() >= self.seats {
                    return Err(self.full());
                }
                let role = self.sit(member);
                if self.people.len() == self.seats {
                    self.start(now);
                }
                Ok(role)
            }
            Stage::Playing(_) => {
                let Some(p) = self
                    .people
                    .iter_mut()
                    .find(|p| mine(p) && p.away_since.is_some())
                else {
                    return Err(self.full());
                };
                p.away_since = None;
                self.news = format!("{} is back", p.member.name);
                let id = p.id;
                self.changed();
                Ok(Role::Person(id))
            }
        }
    }

    fn full(&self) -> String {
        format!(
            "room {} has no seat free: watch it with `watch {}`",
            self.code, self.code
        )
    }

    /// Someone comes in to watch.
    ///
    /// # Errors
    /// The room is over, or has all the watchers it takes.
    pub fn watch(&mut self) -> Result<Role, String> {
        if let Stage::Closed(why) = &self.stage {
            return Err(format!("room {} is over: {why}", self.code));
        }
        if self.watchers >= MAX_WATCHERS {
            return Err(format!(
                "room {} has {MAX_WATCHERS} watchers already",
                self.code
            ));
        }
        self.watchers += 1;
        self.changed();
        Ok(Role::Watcher)
    }

    /// `role` leaves (or its connection dropped). A person's seat is held while a game
    /// is in play; before it starts, the seat is free again.
    pub fn leave(&mut self, role: Role, now: Instant) {
        let Role::Person(id) = role else {
            self.watchers = self.watchers.saturating_sub(1);
            self.changed();
            return;
        };
        let Some(at) = self.people.iter().position(|p| p.id == id) else {
            return;
        };
        let name = self.people[at].member.name.clone();
        match &self.stage {
            Stage::Lobby => {
                self.people.remove(at);
                self.news = format!("{name} left");
                if self.people.is_empty() {
                    self.stage = Stage::Closed("everyone left".into());
                }
            }
            Stage::Playing(app) if !game_over(app) => {
                self.people[at].away_since = Some(now);
                self.news = format!(
                    "{name} left: their seat is held {} min (join {})",
                    HOLD.as_secs() / 60,
                    self.code
                );
            }
            _ => {
                self.people[at].away_since = Some(now);
                self.news = format!("{name} left");
            }
        }
        self.changed();
    }

    /// The host: the first person in the room (the one who opened it, while they stay).
    #[must_use]
    pub fn host(&self) -> Option<Role> {
        self.people.first().map(|p| Role::Person(p.id))
    }

    /// The host starts the game now: the empty seats go to the optimal AI. Nothing for
    /// anyone else.
    pub fn start_now(&mut self, role: Role, now: Instant) {
        if matches!(self.stage, Stage::Lobby) && self.host() == Some(role) {
            self.start(now);
        }
    }

    /// Seats the people in the order they came, AIs after them, and deals.
    fn start(&mut self, now: Instant) {
        let mut seats: Vec<TableSeat<super::Opponent>> = Vec::new();
        for p in &self.people {
            let name = unique(&p.member.name, &seats);
            seats.push(TableSeat {
                name,
                kind: SeatKind::Person,
            });
        }
        while seats.len() < self.seats {
            let name = unique("optimal", &seats);
            seats.push(TableSeat {
                name,
                kind: SeatKind::Ai(super::Opponent::Optimal),
            });
        }
        let mut config = self.config.clone();
        let begun = Seats::new(seats)
            .map_err(|e| e.to_string())
            .and_then(|seats| {
                config.players = Some(seats);
                App::start(config.clone(), now)
            });
        match begun {
            Ok(mut app) => {
                app.base = config;
                app.room = true;
                let mut kept = self.people.iter().filter_map(|p| p.member.records.clone());
                app.save_dir = kept.next();
                app.also_save = kept.collect();
                self.stage = Stage::Playing(Box::new(app));
                self.news = "the game is on".into();
            }
            Err(e) => self.stage = Stage::Closed(format!("the game cannot start: {e}")),
        }
        self.changed();
    }

    /// What `role` may ask of the game: a person the moves of their own turn (and, once
    /// a game is over and everyone is here, the next game); a watcher nothing.
    #[must_use]
    pub fn allows(&self, role: Role, action: &Action) -> bool {
        let (Role::Person(id), Stage::Playing(app)) = (role, &self.stage) else {
            return false;
        };
        let Screen::Play(round) = &app.screen else {
            return false;
        };
        if game_over(app) {
            return self.everyone_here() && matches!(action, Action::New | Action::Again);
        }
        let mover = round.game().view().mover();
        self.seat_of(id) == Some(mover)
            && matches!(
                action,
                Action::Move(..) | Action::Select | Action::Click(_) | Action::Other
            )
    }

    /// Does what `role` asks, if it may.
    pub fn act(&mut self, role: Role, action: Action, now: Instant) {
        if !self.allows(role, &action) {
            return;
        }
        if let Stage::Playing(app) = &mut self.stage {
            app.update(action, now);
            self.changed();
        }
    }

    /// Time passes: the AI plays, shows end, a seat held too long ends the game.
    pub fn tick(&mut self, now: Instant) {
        if let Some(at) = self.people.iter().position(|p| {
            p.away_since
                .is_some_and(|since| now.saturating_duration_since(since) >= HOLD)
        }) && let Stage::Playing(app) = &mut self.stage
            && !game_over(app)
        {
            app.save_abandoned();
            let name = &self.people[at].member.name;
            self.stage = Stage::Closed(format!(
                "{name} did not come back within {} minutes: the game is saved as abandoned",
                HOLD.as_secs() / 60
            ));
            self.changed();
            return;
        }
        let Stage::Playing(app) = &mut self.stage else {
            return;
        };
        let mut moved = app.poll_worker(now);
        if app.deadline().is_some_and(|d| d <= now) {
            app.update(Action::Tick, now);
            moved = true;
        }
        if moved {
            self.changed();
        }
    }

    /// When the game has something to do by itself next.
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.app().and_then(App::deadline)
    }

    /// The server stops: a game in play is saved as abandoned, and the room closes.
    pub fn stop(&mut self) {
        if let Stage::Playing(app) = &mut self.stage
            && !game_over(app)
        {
            app.save_abandoned();
        }
        self.stage = Stage::Closed("the server stopped".into());
        self.changed();
    }

    /// The table's seat of person `id`, once the game plays.
    fn seat_of(&self, id: u32) -> Option<Seat> {
        let at = self.people.iter().position(|p| p.id == id)?;
        // at most 6 seats
        self.app().map(|_| Seat(at as u8))
    }

    /// The room's line for `role`: the room, who they are, and the news (a held seat with
    /// the time it is held for yet).
    #[must_use]
    pub fn status(&self, role: Role, now: Instant) -> String {
        let who = match role {
            Role::Person(id) => self
                .people
                .iter()
                .find(|p| p.id == id)
                .map_or_else(String::new, |p| format!("you are {}", p.member.name)),
            Role::Watcher => "watching".into(),
        };
        let held = self.people.iter().find_map(|p| {
            let since = p.away_since?;
            let left = HOLD.saturating_sub(now.saturating_duration_since(since));
            self.in_play().then(|| {
                format!(
                    "{} left: seat held {}:{:02} (join {})",
                    p.member.name,
                    left.as_secs() / 60,
                    left.as_secs() % 60,
                    self.code
                )
            })
        });
        let watching = match self.watchers {
            0 => String::new(),
            n => format!(" · {n} watching"),
        };
        let over = self.app().is_some_and(game_over);
        let news = held.unwrap_or_else(|| {
            if over && self.everyone_here() {
                "game over: n or r deals again".into()
            } else {
                self.news.clone()
            }
        });
        format!("Room {} · {who}{watching} · {news}", self.code)
    }

    /// The lobby's lines for `role`: the seats, how to join, what the host may do.
    #[must_use]
    pub fn lobby(&self, role: Role) -> Vec<String> {
        let mut lines = vec![
            format!("Room {}", self.code),
            String::new(),
            format!(
                "{} of {} seats taken, the deck {}:",
                self.people.len(),
                self.seats,
                self.config.deck
            ),
        ];
        for (i, p) in self.people.iter().enumerate() {
            let you = if role == Role::Person(p.id) {
                " (you)"
            } else {
                ""
            };
            lines.push(format!("  {}. {}{you}", i + 1, p.member.name));
        }
        for i in self.people.len()..self.seats {
            lines.push(format!("  {}. (free)", i + 1));
        }
        lines.push(String::new());
        lines.push("A friend joins from their terminal with:".into());
        lines.push(format!("  {} join {}", self.reach, self.code));
        lines.push("Anyone may watch with:".into());
        lines.push(format!("  {} watch {}", self.reach, self.code));
        lines.push(String::new());
        lines.push(if self.host() == Some(role) {
            "Enter: start now, the free seats to the optimal AI · q: leave".into()
        } else {
            "The game starts when every seat is taken, or when the host starts it · q: leave".into()
        });
        lines
    }
}

/// Whether the game on show is over.
fn game_over(app: &App) -> bool {
    matches!(&app.screen, Screen::Play(r) if r.game().view().is_over())
}

/// `name`, or `name 2`, `name 3`, ... if a seat has it already (names are unique at a
/// table).
fn unique<K>(name: &str, seats: &[TableSeat<K>]) -> String {
    let taken = |n: &str| seats.iter().any(|s| s.name.eq_ignore_ascii_case(n));
    (1..)
        .map(|i| {
            if i == 1 {
                name.to_owned()
            } else {
                format!("{name} {i}")
            }
        })
        .find(|n| !taken(n))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
