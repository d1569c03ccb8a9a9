//! What one server allows, so that no one client can take it from the others: how many
//! sessions play at once, how long a connection may stay unauthenticated or idle, and
//! how much a client may type.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Sessions at once by default (`--max-sessions`).
pub const DEFAULT_MAX_SESSIONS: u16 = 64;

/// A connection not authenticated within this is dropped (OpenSSH's LoginGraceTime).
pub const LOGIN_GRACE: Duration = Duration::from_secs(10);

/// A connection that sends nothing for this long is dropped (the game in play is saved
/// as abandoned).
pub const IDLE: Duration = Duration::from_secs(30 * 60);

/// Bytes a client may send a second, on average; more is dropped unread. Typing and a
/// mouse send far less; a paste of a page fits in the burst.
pub const INPUT_RATE: usize = 4096;

/// Bytes a client may send at once, above the rate.
pub const INPUT_BURST: usize = 16 * 1024;

/// Connections held at once, sessions and handshakes together: beyond this, a
/// connection is closed unread (a flood of half-open connections cannot grow memory).
#[must_use]
pub fn most_connections(max_sessions: usize) -> usize {
    max_sessions.saturating_mul(2).saturating_add(16)
}

/// Long searches at once (a puzzle list or a puzzle session looking through up to 5,000
/// games, a minute of a core at worst): one per core, less one kept for the games in
/// play, at least one. The others wait their turn, so that no number of them slows the
/// games of everyone else.
#[must_use]
pub fn searches_at_once() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// Waits for a turn to search (see [`searches_at_once`]): the turn is held until the
/// value returned is dropped.
#[must_use]
pub fn search_turn() -> SearchTurn {
    let (count, freed) = &SEARCHING;
    let mut searching = count
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    while *searching >= searches_at_once() {
        searching = freed
            .wait(searching)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
    }
    *searching += 1;
    SearchTurn(())
}

/// The searches running, and the signal that one ended.
static SEARCHING: (std::sync::Mutex<usize>, std::sync::Condvar) =
    (std::sync::Mutex::new(0), std::sync::Condvar::new());

/// A turn to search, given back when dropped.
#[derive(Debug)]
pub struct SearchTurn(());

impl Drop for SearchTurn {
    fn drop(&mut self) {
        let (count, freed) = &SEARCHING;
        let mut searching = count
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *searching = searching.saturating_sub(1);
        freed.notify_one();
    }
}

/// The sessions playing, counted against the most allowed.
#[derive(Debug, Clone)]
pub struct Sessions {
    playing: Arc<AtomicUsize>,
    most: usize,
}

/// A session's place, given back when it is dropped.
#[derive(Debug)]
pub struct Place {
    playing: Arc<AtomicUsize>,
}

impl Sessions {
    /// At most `most` sessions.
    #[must_use]
    pub fn new(most: usize) -> Self {
        Self {
            playing: Arc::default(),
            most,
        }
    }

    /// A place, if one is free.
    #[must_use]
    pub fn take(&self) -> Option<Place> {
        self.playing
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < self.most).then_some(n + 1)
            })
            .ok()
            .map(|_| Place {
                playing: Arc::clone(&self.playing),
            })
    }

    /// How many sessions are playing.
    #[must_use]
    pub fn playing(&self) -> usize {
        self.playing.load(Ordering::SeqCst)
    }

    /// The most allowed.
    #[must_use]
    pub fn most(&self) -> usize {
        self.most
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.playing.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A client's allowance of input bytes: [`INPUT_RATE`] a second, up to [`INPUT_BURST`]
/// saved (a token bucket).
#[derive(Debug, Clone)]
pub struct Allowance {
    left: f64,
    at: Instant,
}

impl Allowance {
    /// A full allowance at `now`.
    #[must_use]
    pub fn new(now: Instant) -> Self {
        Self {
            left: INPUT_BURST as f64,
            at: now,
        }
    }

    /// How many of `len` bytes arriving at `now` are allowed (the rest are dropped).
    pub fn allow(&mut self, len: usize, now: Instant) -> usize {
        let earned = now.saturating_duration_since(self.at).as_secs_f64() * INPUT_RATE as f64;
        self.left = (self.left + earned).min(INPUT_BURST as f64);
        self.at = now;
        let allowed = (len as f64).min(self.left.floor());
        self.left -= allowed;
        allowed as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_beyond_the_cores_wait_their_turn() {
        let most = searches_at_once();
        let turns: Vec<SearchTurn> = (0..most).map(|_| search_turn()).collect();
        let (done, waited) = std::sync::mpsc::channel();
        let waiting = std::thread::spawn(move || {
            let _turn = search_turn();
            done.send(()).unwrap();
        });
        assert!(
            waited.recv_timeout(Duration::from_millis(200)).is_err(),
            "no turn while {most} search"
        );
        drop(turns);
        waited.recv().expect("a turn once one ends");
        waiting.join().unwrap();
    }

    #[test]
    fn places_are_counted_and_given_back() {
        let sessions = Sessions::new(2);
        let a = sessions.take().expect("one");
        let b = sessions.take().expect("two");
        assert!(sessions.take().is_none(), "the third waits");
        assert_eq!(sessions.playing(), 2);
        drop(a);
        let c = sessions.take().expect("a place is free again");
        drop((b, c));
        assert_eq!(sessions.playing(), 0);
    }

    #[test]
    fn input_beyond_the_burst_is_dropped_and_the_rate_refills_it() {
        let t = Instant::now();
        let mut allowance = Allowance::new(t);
        assert_eq!(allowance.allow(INPUT_BURST + 100, t), INPUT_BURST);
        assert_eq!(allowance.allow(10, t), 0, "nothing left at once");
        let later = t + Duration::from_millis(500);
        assert_eq!(allowance.allow(INPUT_BURST, later), INPUT_RATE / 2);
        let much_later = later + Duration::from_secs(3600);
        assert_eq!(allowance.allow(1, much_later), 1);
        assert_eq!(
            allowance.allow(usize::MAX, much_later),
            INPUT_BURST - 1,
            "capped at the burst"
        );
    }
}
