//! The full screen under load: N concurrent SSH sessions on loopback, each with a
//! terminal (a pty of 80 x 24) running `play --deck pairs:8` against the optimal AI and
//! playing whole games by keys: the cursor walks the board with the arrows, Enter turns
//! the card under it (so every card is turned in the end), `n` deals the next game and
//! `q` leaves the last. Measures key-to-frame: the time from a key sent to the first
//! bytes of screen that follow it. Reports errors, key-to-frame (p50, p99, most), the
//! server's memory (at rest, at its peak, per session), its processor time and the
//! sessions a core carries at this pace.
//!
//! ```text
//! cargo bench --bench serve_screen                   # 64 sessions, 2 games each
//! SESSIONS=8 GAMES=1 DECK=zebra cargo bench --bench serve_screen
//! SESSIONS=8 GAMES=1 DECK=double ARGS="--variant duel" cargo bench --bench serve_screen
//! SERVER=/path/to/concentration cargo bench --bench serve_screen   # another build
//! ```
//!
//! The AI plays at once (`--ai-delay 0`, `AI_DELAY` to change it), so every frame after
//! a key is that key's doing: with a delay, the AI's own frames would come between.
//! `ARGS` adds options to `play` (another variant).

mod common;

use std::time::{Duration, Instant};

use common::{Measured, count, think};
use concentration::rules::Deck;
use russh::ChannelMsg;
use russh::client::Msg;

/// The screen of every session.
const SIZE: (u16, u16) = (80, 24);
/// How long the first bytes after a key may take before it counts as an error.
const ANSWER_LIMIT: Duration = Duration::from_secs(10);
/// How long the game's first screen may take (a solve of the table at the start).
const START_LIMIT: Duration = Duration::from_secs(120);
/// Keys in one game at most before it counts as an error (a walk that never ends it).
const KEY_LIMIT: usize = 20_000;

/// The keys as a terminal sends them.
const RIGHT: &[u8] = b"\x1b[C";
const LEFT: &[u8] = b"\x1b[D";
const DOWN: &[u8] = b"\x1b[B";
const UP: &[u8] = b"\x1b[A";
const ENTER: &[u8] = b"\r";

/// A walk over a grid of `rows` x `cols` from the top left: Enter on every place, row
/// by row, each row the other way (a snake), then back the same way to the start, so
/// that it can go round again.
fn walk((rows, cols): (usize, usize)) -> Vec<&'static [u8]> {
    let mut there = Vec::new();
    for r in 0..rows {
        let (along, back) = if r % 2 == 0 {
            (RIGHT, LEFT)
        } else {
            (LEFT, RIGHT)
        };
        for c in 0..cols {
            there.push((ENTER, back));
            if c + 1 < cols {
                there.push((along, back));
            }
        }
        if r + 1 < rows {
            there.push((DOWN, UP));
        }
    }
    // Back: the opposite moves in the opposite order (Enter again on every place).
    let back: Vec<_> = there.iter().rev().map(|&(k, b)| (b, k)).collect();
    there.iter().chain(&back).map(|&(k, _)| k).collect()
}

/// One session's terminal: the channel and the screen its bytes draw.
struct Terminal {
    channel: russh::Channel<Msg>,
    screen: vt100::Parser,
    status: Option<u32>,
}

impl Terminal {
    /// Takes in one message: whether it was screen.
    fn take(&mut self, msg: ChannelMsg) -> anyhow::Result<bool> {
        match msg {
            ChannelMsg::Data { data } => {
                self.screen.process(&data);
                Ok(true)
            }
            ChannelMsg::ExtendedData { data, .. } => {
                anyhow::bail!("error: {}", String::from_utf8_lossy(&data))
            }
            ChannelMsg::ExitStatus { exit_status } => {
                self.status = Some(exit_status);
                Ok(false)
            }
            _ => Ok(false),
        }
    }

    /// Reads whatever comes until `until` (a player thinking, the screen drawn).
    async fn read_until(&mut self, until: Instant) -> anyhow::Result<()> {
        while let Ok(msg) = tokio::time::timeout_at(until.into(), self.channel.wait()).await {
            let Some(msg) = msg else {
                anyhow::bail!("the channel closed")
            };
            self.take(msg)?;
        }
        Ok(())
    }

    /// Reads until nothing has come for `quiet`, or `limit` is up (an error).
    async fn settle(&mut self, quiet: Duration, limit: Duration) -> anyhow::Result<()> {
        let end = Instant::now() + limit;
        loop {
            anyhow::ensure!(Instant::now() < end, "the screen never settled");
            match tokio::time::timeout(quiet, self.channel.wait()).await {
                Ok(Some(msg)) => {
                    self.take(msg)?;
                }
                Ok(None) => anyhow::bail!("the channel closed"),
                Err(_) => return Ok(()),
            }
        }
    }

    /// Sends `key` and waits for the first screen after it: the time that took.
    async fn press(&mut self, key: &[u8]) -> anyhow::Result<Duration> {
        let sent = Instant::now();
        self.channel.data(key).await?;
        loop {
            match tokio::time::timeout_at((sent + ANSWER_LIMIT).into(), self.channel.wait()).await {
                Ok(Some(msg)) => {
                    if self.take(msg)? {
                        return Ok(sent.elapsed());
                    }
                }
                Ok(None) => anyhow::bail!("the channel closed"),
                Err(_) => anyhow::bail!("no screen {} s after a key", ANSWER_LIMIT.as_secs()),
            }
        }
    }

    /// Whether the end window is on show.
    fn over(&self) -> bool {
        self.screen.screen().contents().contains("Game over")
    }
}

/// One session: `games` whole games by keys.
async fn session(port: u16, n: u64, games: u64, deck: String) -> Measured {
    let mut measured = Measured::default();
    if let Err(e) = play(port, n, games, &deck, &mut measured).await {
        measured.errors.push(format!("session {n}: {e}"));
    }
    measured
}

async fn play(port: u16, n: u64, games: u64, deck: &str, m: &mut Measured) -> anyhow::Result<()> {
    let path = walk(Deck::parse(deck)?.grid());
    let ssh = common::log_in(port, n).await?;
    let channel = ssh.channel_open_session().await?;
    let (cols, rows) = SIZE;
    channel
        .request_pty(true, "xterm", u32::from(cols), u32::from(rows), 0, 0, &[])
        .await?;
    let delay = count("AI_DELAY", 0);
    let more = std::env::var("ARGS").unwrap_or_default();
    channel
        .exec(
            true,
            format!("play --deck {deck} --seed {n} --ai-delay {delay} --no-save {more}"),
        )
        .await?;
    let mut t = Terminal {
        channel,
        screen: vt100::Parser::new(rows, cols, 0),
        status: None,
    };
    // The board, once any solve at the start is done (its spinner stopped).
    t.settle(Duration::from_millis(500), START_LIMIT).await?;
    for game in 0..games {
        let mut keys = path.iter().cycle();
        for pressed in 0.. {
            t.read_until(Instant::now() + think()).await?;
            if t.over() {
                break;
            }
            anyhow::ensure!(pressed < KEY_LIMIT, "game {game} did not end");
            let key = keys.next().expect("a cycle");
            m.latencies.push(t.press(key).await?);
        }
        m.games += 1;
        let last = game + 1 == games;
        m.latencies
            .push(t.press(if last { b"q" } else { b"n" }).await?);
        if !last {
            t.settle(Duration::from_millis(200), START_LIMIT).await?;
            anyhow::ensure!(!t.over(), "n dealt no new game");
        }
    }
    t.channel.eof().await?;
    while t.status.is_none() {
        match tokio::time::timeout(ANSWER_LIMIT, t.channel.wait()).await? {
            Some(msg) => {
                t.take(msg)?;
            }
            None => break,
        }
    }
    anyhow::ensure!(t.status == Some(0), "exit status {:?}", t.status);
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let (sessions, games) = (count("SESSIONS", 64), count("GAMES", 2));
    let deck = std::env::var("DECK").unwrap_or_else(|_| "pairs:8".into());
    let run = common::run(sessions, |port, n| session(port, n, games, deck.clone()))?;
    let (cols, rows) = SIZE;
    run.report(
        &format!("serve_screen: {sessions} sessions x {games} games of {deck} on {cols}x{rows}"),
        "keys",
        "key to frame",
    )
}
