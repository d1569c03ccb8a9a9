//! The server under load: N concurrent SSH sessions on loopback, each playing whole
//! games against the optimal AI line by line (`play --screen-reader`), a line sent
//! after the answer to the last. Reports errors, the time from a line sent to the first
//! byte of its answer (p50, p99, most), the server's memory (resident at rest, at its
//! peak, and per session) and the games played.
//!
//! ```text
//! cargo bench --bench serve_load                    # 64 sessions, 2 games each
//! SESSIONS=16 GAMES=1 THINK=0 cargo bench --bench serve_load
//! ```

mod common;

use std::time::{Duration, Instant};

use common::{Measured, count, think};
use russh::ChannelMsg;

/// The deck played: a game of a few dozen lines.
const DECK: &str = "pairs:8";
/// How long an answer may take before it counts as an error.
const ANSWER_LIMIT: Duration = Duration::from_secs(10);

/// Every two places of the 2 x 8 board of pairs:8, column by column.
fn script() -> Vec<String> {
    let places: Vec<String> = ["a", "b", "c", "d", "e", "f", "g", "h"]
        .iter()
        .flat_map(|c| ["1", "2"].map(|r| format!("{c}{r}")))
        .collect();
    let mut lines = Vec::new();
    for (i, p) in places.iter().enumerate() {
        for q in &places[i + 1..] {
            lines.push(p.clone());
            lines.push(q.clone());
        }
    }
    lines
}

/// One session: `games` whole games, one line at a time.
async fn session(port: u16, n: u64, games: u64) -> Measured {
    let mut measured = Measured::default();
    if let Err(e) = play(port, n, games, &mut measured).await {
        measured.errors.push(e.to_string());
    }
    measured
}

async fn play(port: u16, n: u64, games: u64, m: &mut Measured) -> anyhow::Result<()> {
    let ssh = common::log_in(port, n).await?;
    for game in 0..games {
        let mut channel = ssh.channel_open_session().await?;
        let seed = n * 1000 + game;
        channel
            .exec(
                true,
                format!("play --deck {DECK} --seed {seed} --screen-reader"),
            )
            .await?;
        let mut told = String::new();
        answer(&mut channel, &mut told).await?;
        // The script again while the game goes on: a refused line (a card already
        // taken) shifts the pairs, so one pass may not end it.
        for line in script().iter().cycle().take(20 * script().len()) {
            if told.contains("Game over") {
                break;
            }
            tokio::time::sleep(think()).await;
            let sent = Instant::now();
            channel.data(format!("{line}\n").as_bytes()).await?;
            let first = answer(&mut channel, &mut told).await?;
            m.latencies.push(first - sent);
        }
        anyhow::ensure!(
            told.contains("Game over"),
            "session {n}: the game did not end"
        );
        channel.data(&b"quit\n"[..]).await?;
        channel.eof().await?;
        let mut status = None;
        while let Some(msg) = tokio::time::timeout(ANSWER_LIMIT, channel.wait()).await? {
            if let ChannelMsg::ExitStatus { exit_status } = msg {
                status = Some(exit_status);
            }
        }
        anyhow::ensure!(status == Some(0), "session {n}: exit status {status:?}");
        m.games += 1;
    }
    Ok(())
}

/// Waits for the first bytes of an answer, and takes whatever else came with them: when
/// the first came (the wait for the rest is no part of the answer's time).
async fn answer(
    channel: &mut russh::Channel<russh::client::Msg>,
    told: &mut String,
) -> anyhow::Result<Instant> {
    loop {
        match tokio::time::timeout(ANSWER_LIMIT, channel.wait()).await? {
            Some(ChannelMsg::Data { data }) => {
                let first = Instant::now();
                told.push_str(&String::from_utf8_lossy(&data));
                // The rest of this answer, if it is already here.
                while let Ok(Some(ChannelMsg::Data { data })) =
                    tokio::time::timeout(Duration::from_millis(2), channel.wait()).await
                {
                    told.push_str(&String::from_utf8_lossy(&data));
                }
                return Ok(first);
            }
            Some(ChannelMsg::ExtendedData { data, .. }) => {
                anyhow::bail!("error: {}", String::from_utf8_lossy(&data))
            }
            Some(_) => {}
            None => anyhow::bail!("the channel closed"),
        }
    }
}

fn main() -> anyhow::Result<()> {
    let (sessions, games) = (count("SESSIONS", 64), count("GAMES", 2));
    let run = common::run(sessions, |port, n| session(port, n, games))?;
    run.report(
        &format!("serve_load: {sessions} sessions x {games} games of {DECK}"),
        "lines",
        "line to answer",
    )
}
