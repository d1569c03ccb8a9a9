//! The server's rooms, by code: opened with `room`, found with `join CODE` and
//! `watch CODE`, and swept every second (a held seat's time runs out even when nobody
//! types; an empty room goes). A code is 5 capital letters and digits, none that reads
//! as another (no 0, O, 1 or I), so that it can be read out to a friend.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use rand::RngExt;

use crate::app::room::lock;
use crate::app::{Config, Member, Role, Room};

/// The letters and digits of a code.
const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// The length of a code: 32^5, some 33 million codes.
pub const CODE_LEN: usize = 5;

/// How often the rooms are swept.
pub const SWEEP: Duration = Duration::from_secs(1);

/// A room, as the sessions in it share it.
pub type Shared = Arc<Mutex<Room>>;

/// The rooms of a server.
#[derive(Default)]
pub struct Rooms {
    rooms: Mutex<HashMap<String, Shared>>,
}

impl Rooms {
    fn map(&self) -> MutexGuard<'_, HashMap<String, Shared>> {
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Opens a room of `seats` playing `config`, `host` in its first seat; `reach` is the
    /// command that connects to this server.
    pub fn open(
        &self,
        reach: String,
        config: Config,
        seats: usize,
        host: Member,
    ) -> (Shared, Role) {
        let mut rooms = self.map();
        let mut rng = rand::rng();
        let code = loop {
            let code: String = (0..CODE_LEN)
                .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
                .collect();
            if !rooms.contains_key(&code) {
                break code;
            }
        };
        let room = Room::open(code.clone(), reach, config, seats, host);
        let role = room.host().unwrap_or(Role::Watcher);
        let shared = Arc::new(Mutex::new(room));
        rooms.insert(code, Arc::clone(&shared));
        (shared, role)
    }

    /// The room of `code` (any case).
    ///
    /// # Errors
    /// No room has that code, as one line.
    fn find(&self, code: &str) -> Result<Shared, String> {
        let code = code.to_ascii_uppercase();
        self.map().get(&code).cloned().ok_or_else(|| {
            format!(
                "no room has the code {}: ask for it again (a room ends when everyone has left)",
                crate::words::shown(&code)
            )
        })
    }

    /// `member` takes a seat of the room of `code` (or their held seat back).
    ///
    /// # Errors
    /// No such room, or no seat for them, as one line.
    pub fn join(&self, code: &str, member: Member) -> Result<(Shared, Role), String> {
        let room = self.find(code)?;
        let role = lock(&room).join(member, Instant::now())?;
        Ok((room, role))
    }

    /// Someone watches the room of `code`.
    ///
    /// # Errors
    /// No such room, or it takes no more watchers, as one line.
    pub fn watch(&self, code: &str) -> Result<(Shared, Role), String> {
        let room = self.find(code)?;
        let role = lock(&room).watch()?;
        Ok((room, role))
    }

    /// Runs every room's clock, and lets go of the rooms nobody is in.
    pub fn sweep(&self, now: Instant) {
        let rooms: Vec<(String, Shared)> = self
            .map()
            .iter()
            .map(|(c, r)| (c.clone(), Arc::clone(r)))
            .collect();
        for (code, room) in rooms {
            let gone = {
                let mut room = lock(&room);
                room.tick(now);
                room.empty() && !room.in_play()
            };
            if gone {
                self.map().remove(&code);
            }
        }
    }

    /// The server stops: every game in play is saved as abandoned.
    pub fn stop(&self) {
        let rooms: Vec<Shared> = self.map().drain().map(|(_, r)| r).collect();
        for room in rooms {
            lock(&room).stop();
        }
    }

    /// Rooms open.
    #[must_use]
    pub fn count(&self) -> usize {
        self.map().len()
    }
}

/// Sweeps `rooms` every [`SWEEP`] on a thread of its own, for as long as the server runs.
///
/// # Errors
/// The thread cannot be started.
pub fn keep_swept(rooms: &Arc<Rooms>) -> std::io::Result<()> {
    let rooms = Arc::clone(rooms);
    std::thread::Builder::new()
        .name("rooms".into())
        .spawn(move || {
            loop {
                std::thread::sleep(SWEEP);
                rooms.sweep(Instant::now());
            }
        })
        .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(name: &str) -> Member {
        Member {
            name: name.into(),
            identity: Some(format!("SHA256:{name}")),
            records: None,
        }
    }

    #[test]
    fn a_code_is_five_letters_or_digits_that_read_apart() {
        let rooms = Rooms::default();
        for _ in 0..50 {
            let (room, _) = rooms.open("ssh".into(), Config::default(), 2, member("ann"));
            let code = lock(&room).code().to_owned();
            assert_eq!(code.len(), CODE_LEN);
            assert!(code.bytes().all(|b| ALPHABET.contains(&b)), "{code}");
            assert!(!code.contains(['0', 'O', '1', 'I']));
        }
        assert_eq!(rooms.count(), 50, "every code its own room");
    }

    #[test]
    fn a_room_is_found_by_its_code_in_any_case_and_goes_when_left() {
        let rooms = Rooms::default();
        let (room, host) = rooms.open("ssh".into(), Config::default(), 3, member("ann"));
        let code = lock(&room).code().to_owned();
        let (_, bob) = rooms.join(&code.to_lowercase(), member("bob")).unwrap();
        let unknown = rooms.join("ZZZZZ", member("cy")).map(drop);
        assert!(unknown.unwrap_err().contains("no room"));
        let now = Instant::now();
        lock(&room).leave(bob, now);
        rooms.sweep(now);
        assert_eq!(rooms.count(), 1, "ann is still in it");
        lock(&room).leave(host, now);
        rooms.sweep(now);
        assert_eq!(rooms.count(), 0, "an empty lobby goes");
    }
}
