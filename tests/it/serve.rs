//! `concentration serve`: a game over SSH in line mode is the local game, line for
//! line; each identity keeps its own records and a guest none; what is not the game is
//! refused with one line; junk on the port disturbs no one; the session limit holds;
//! Ctrl-C stops the server with status 0. All on 127.0.0.1, ports chosen by the system.

use std::io::Write;
use std::process::Stdio;

use crate::common::cli;
use crate::common::ssh::{self, Server, Who};

/// The words of a game by ear against the AI, small enough to play out.
pub(crate) const GAME: &str = "play --deck pairs:4 --seed 7 --screen-reader";

/// Every two places of the 2 x 4 board, then quit: enough turns for any deal to end,
/// whoever takes the pairs.
pub(crate) fn whole_game_script() -> String {
    let places: Vec<String> = ["a", "b", "c", "d"]
        .iter()
        .flat_map(|c| ["1", "2"].map(|r| format!("{c}{r}")))
        .collect();
    let mut script = String::new();
    for (i, p) in places.iter().enumerate() {
        for q in &places[i + 1..] {
            script.push_str(&format!("{p}\n{q}\n"));
        }
    }
    script.push_str("quit\n");
    script
}

/// The same words run here, with `input` typed: standard output.
pub(crate) fn local(words: &str, input: &str) -> String {
    // A folder of its own for each run: tests run at once, and a game saved by one
    // would rate the player of another (puzzles are chosen around the rating).
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let data = std::env::temp_dir().join(format!("serve-local-{}-{run}", std::process::id()));
    let args: Vec<&str> = words.split(' ').collect();
    let mut child = cli::command(&args)
        .env("CONCENTRATION_DATA_DIR", &data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&data);
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// The records saved under `dir`'s games folder.
fn records(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir.join("games")).map_or(0, |d| d.count())
}

#[test]
fn a_whole_game_over_ssh_is_the_local_game_line_for_line_and_kept_for_its_key() {
    let server = Server::start("game", &[]);
    let script = whole_game_script();
    let here = local(GAME, &script);
    assert!(
        here.contains("Game over") || here.contains("wins"),
        "{here}"
    );
    let player = Who::new_key();
    let there = ssh::exec(server.port, &player, GAME, script.as_bytes());
    assert_eq!(there.status, Some(0), "{}", there.err);
    assert_eq!(there.out, here, "the same transcript");
    // The key's statistics count the game.
    let stats = ssh::exec(server.port, &player, "stats --json", b"");
    assert_eq!(stats.status, Some(0), "{}", stats.err);
    let json: serde_json::Value = serde_json::from_str(&stats.out).unwrap();
    assert!(
        json["dashboard"]["rated"].as_u64().is_some_and(|n| n >= 1),
        "{json}"
    );
    // Kept under the key's own folder, and nowhere else.
    let players = server.data.join("players");
    let folders: Vec<_> = std::fs::read_dir(&players)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(folders.len(), 1);
    assert_eq!(records(&folders[0]), 1, "the game's record");

    // A guest's game is the local game without saving: no rating either.
    let unsaved = local(&format!("{GAME} --no-save"), &script);
    assert!(!unsaved.contains("Your rating") && here.contains("Your rating"));
    let guest = ssh::exec(server.port, &Who::Guest, GAME, script.as_bytes());
    assert_eq!(
        (guest.status, guest.out.as_str()),
        (Some(0), unsaved.as_str())
    );
    let folders = std::fs::read_dir(&players).unwrap().count();
    assert_eq!(folders, 1, "nothing is kept for a guest");
    let stats = ssh::exec(server.port, &Who::Guest, "stats", b"");
    assert_eq!(stats.status, Some(2));
    assert!(
        stats.err.contains("a guest keeps no statistics"),
        "{}",
        stats.err
    );
}

#[test]
fn what_is_not_the_game_is_refused_with_one_line() {
    let server = Server::start("refusals", &[]);
    let who = Who::new_key();
    for (command, says) in [
        ("solve --deck pairs:3", "'solve' is not served here"),
        ("analyze game.cgn", "'analyze' is not served here"),
        (
            "play --data-dir /etc --screen-reader",
            "--data-dir names a file or folder",
        ),
        ("bash -c id", "'bash' is not served here"),
        ("", "no command and no terminal"),
        ("play --deck pairs:3", "the game needs a terminal"),
        ("play 'open", "quote that is not closed"),
    ] {
        let refused = ssh::exec(server.port, &who, command, b"");
        assert_eq!(refused.status, Some(2), "{command}: {refused:?}");
        assert_eq!(
            refused.err.lines().count(),
            1,
            "{command}: {:?}",
            refused.err
        );
        assert!(
            refused.err.starts_with("error: ") && refused.err.contains(says),
            "{command}: {}",
            refused.err
        );
        assert!(refused.out.is_empty(), "{command}");
    }
    assert!(
        !server.data.join("players").exists()
            || std::fs::read_dir(server.data.join("players"))
                .unwrap()
                .all(|d| records(&d.unwrap().path()) == 0)
    );
    ssh::runtime().block_on(async {
        let session = ssh::connect(server.port, &who).await;
        // A shell without a terminal.
        let mut channel = session.channel_open_session().await.unwrap();
        channel.request_shell(true).await.unwrap();
        let shell = ssh::collect(&mut channel).await;
        assert_eq!(shell.status, Some(2));
        assert!(
            shell.err.contains("no command and no terminal"),
            "{}",
            shell.err
        );
        // sftp, and any subsystem.
        let mut channel = session.channel_open_session().await.unwrap();
        channel.request_subsystem(true, "sftp").await.unwrap();
        let sftp = ssh::collect(&mut channel).await;
        assert_eq!(sftp.status, Some(2));
        assert!(
            sftp.err.contains("subsystem sftp is not served"),
            "{}",
            sftp.err
        );
        // Agent forwarding: refused, and the game goes on.
        let mut channel = session.channel_open_session().await.unwrap();
        channel.agent_forward(true).await.unwrap();
        channel
            .exec(true, "play --deck pairs:2 --seed 1 --screen-reader")
            .await
            .unwrap();
        channel.data(&b"quit\ny\n"[..]).await.unwrap();
        channel.eof().await.unwrap();
        let agent = ssh::collect(&mut channel).await;
        assert!(
            agent.err.contains("agent forwarding refused"),
            "{}",
            agent.err
        );
        assert!(
            agent.out.contains("Concentration, deck pairs:2"),
            "{}",
            agent.out
        );
        // Port forwarding, both ways.
        assert!(
            session
                .channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 5000)
                .await
                .is_err()
        );
        assert!(session.tcpip_forward("127.0.0.1", 0).await.is_err());
    });
}

#[test]
fn junk_on_the_port_disturbs_no_other_session() {
    use std::io::Read;
    let server = Server::start("junk", &[]);
    let mut junk = Vec::new();
    for (n, garbage) in [
        &b"GET / HTTP/1.1\r\n\r\n"[..],
        &[0u8; 4096][..],
        &b"SSH-2.0-x\r\n\xff\xff\xff\xff\x00\x00\x00\x01"[..],
    ]
    .into_iter()
    .enumerate()
    {
        let mut socket = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        socket.set_read_timeout(Some(ssh::PATIENCE)).unwrap();
        let _ = socket.write_all(garbage);
        junk.push((n, socket));
    }
    // A half-open connection that sends nothing stays, and a game goes on beside it.
    let silent = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let game = ssh::exec(
        server.port,
        &Who::new_key(),
        "play --deck pairs:2 --seed 1 --screen-reader",
        b"quit\ny\n",
    );
    assert_eq!(game.status, Some(0), "{}", game.err);
    assert!(game.out.contains("Concentration, deck pairs:2"));
    // Each junk connection is closed by the server (at the latest at the login grace).
    for (n, mut socket) in junk {
        let mut rest = Vec::new();
        let _ = socket.read_to_end(&mut rest);
        assert!(
            rest.len() < 4096,
            "junk {n} got an answer of {} bytes",
            rest.len()
        );
    }
    // The silent one is dropped at the end of the login grace.
    let mut silent = silent;
    silent.set_read_timeout(Some(ssh::PATIENCE)).unwrap();
    let mut rest = Vec::new();
    let closed = silent.read_to_end(&mut rest);
    assert!(
        closed.is_ok(),
        "closed by the server, not by our patience: {closed:?}"
    );
}

#[test]
fn the_session_past_the_limit_is_told_the_server_is_full() {
    let server = Server::start("limit", &["--max-sessions", "1"]);
    ssh::runtime().block_on(async {
        let first = ssh::connect(server.port, &Who::new_key()).await;
        let mut playing = first.channel_open_session().await.unwrap();
        playing
            .exec(true, "play --deck pairs:2 --seed 1 --screen-reader")
            .await
            .unwrap();
        // The first session has begun when it speaks.
        loop {
            match playing.wait().await {
                Some(russh::ChannelMsg::Data { .. }) => break,
                Some(_) => {}
                None => panic!("the first session plays"),
            }
        }
        let second = ssh::connect(server.port, &Who::Guest).await;
        let mut channel = second.channel_open_session().await.unwrap();
        channel
            .exec(true, "play --deck pairs:2 --screen-reader")
            .await
            .unwrap();
        let full = ssh::collect(&mut channel).await;
        assert_eq!(full.status, Some(2));
        assert!(
            full.err.contains("the server is full (1 sessions playing)"),
            "{}",
            full.err
        );
        // The first goes on, and when it ends its place is free.
        playing.data(&b"quit\ny\n"[..]).await.unwrap();
        playing.eof().await.unwrap();
        let done = ssh::collect(&mut playing).await;
        assert_eq!(done.status, Some(0));
        let mut again = second.channel_open_session().await.unwrap();
        again
            .exec(true, "play --deck pairs:2 --seed 1 --screen-reader")
            .await
            .unwrap();
        again.data(&b"quit\ny\n"[..]).await.unwrap();
        again.eof().await.unwrap();
        assert_eq!(ssh::collect(&mut again).await.status, Some(0));
    });
}

#[test]
fn ctrl_c_saves_the_game_in_play_and_exits_0() {
    let mut server = Server::start("stop", &[]);
    let who = Who::new_key();
    let runtime = ssh::runtime();
    let session = runtime.block_on(async {
        let session = ssh::connect(server.port, &who).await;
        let mut channel = session.channel_open_session().await.unwrap();
        channel
            .exec(true, "play --deck pairs:4 --seed 3 --screen-reader")
            .await
            .unwrap();
        channel.data(&b"a1\nb1\n"[..]).await.unwrap();
        // Wait for the turn to be told: the game has flips to save.
        let mut told = String::new();
        while !told.contains("b1") {
            match channel.wait().await {
                Some(russh::ChannelMsg::Data { data }) => {
                    told.push_str(&String::from_utf8_lossy(&data))
                }
                Some(_) => {}
                None => panic!("the channel closed before the turn was told: {told}"),
            }
        }
        (session, channel)
    });
    assert_eq!(server.interrupt(), Some(0));
    let players = server.data.join("players");
    let folder = std::fs::read_dir(&players)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    assert_eq!(records(&folder), 1, "the game in play is saved");
    drop(session);
}

/// Reads the channel into `screen` until it shows `text` (or the channel ends).
pub(crate) async fn until_shown(
    channel: &mut russh::Channel<russh::client::Msg>,
    screen: &mut vt100::Parser,
    text: &str,
) -> bool {
    loop {
        if screen.screen().contents().contains(text) {
            return true;
        }
        match tokio::time::timeout(ssh::PATIENCE, channel.wait()).await {
            Ok(Some(russh::ChannelMsg::Data { data })) => screen.process(&data),
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => return false,
        }
    }
}

#[test]
fn a_terminal_gets_the_setup_screen_at_its_size_and_follows_its_resizes() {
    let server = Server::start("pty", &[]);
    ssh::runtime().block_on(async {
        let session = ssh::connect(server.port, &Who::new_key()).await;
        let mut channel = session.channel_open_session().await.unwrap();
        channel
            .request_pty(true, "xterm", 100, 30, 0, 0, &[])
            .await
            .unwrap();
        channel.request_shell(true).await.unwrap();
        let mut screen = vt100::Parser::new(30, 100, 0);
        assert!(until_shown(&mut channel, &mut screen, "Concentration — new game").await);
        // The frame fills the terminal: its right border is in the last column.
        let top = screen.screen().rows(0, 100).next().unwrap();
        assert!(top.ends_with('┐') && top.chars().count() == 100, "{top}");
        channel.window_change(90, 26, 0, 0).await.unwrap();
        let mut smaller = vt100::Parser::new(26, 90, 0);
        // Redrawn whole at the new size (a clear, then every cell).
        channel.data(&b"\x1b[B"[..]).await.unwrap();
        assert!(until_shown(&mut channel, &mut smaller, "Players").await);
        let top = smaller.screen().rows(0, 90).next().unwrap();
        assert!(
            top.starts_with('┌') && top.ends_with('┐') && top.chars().count() == 90,
            "{top}"
        );
        // q leaves: the channel ends with status 0.
        channel.data(&b"q"[..]).await.unwrap();
        let end = ssh::collect(&mut channel).await;
        assert_eq!(end.status, Some(0), "{}", end.err);
    });
}

#[test]
fn solitaire_learn_and_pairs_are_served_as_they_run_here() {
    let server = Server::start("more", &[]);
    let who = Who::new_key();
    let learn = ssh::exec(server.port, &who, "learn", b"");
    assert_eq!(learn.status, Some(0), "{}", learn.err);
    assert_eq!(
        learn.out,
        local("learn", ""),
        "the page as text through the pipe"
    );
    let game = "solitaire --deck pairs:4 --seed 5 --screen-reader";
    let script = whole_game_script();
    let here = local(game, &script);
    let there = ssh::exec(server.port, &who, game, script.as_bytes());
    assert_eq!(there.status, Some(0), "{}", there.err);
    assert_eq!(there.out, here);
    let pairs = "pairs --ranks 4 --seed 3 --screen-reader";
    let moves = "hit\nfold\n".repeat(40);
    let there = ssh::exec(server.port, &who, pairs, moves.as_bytes());
    assert_eq!(there.status, Some(0), "{}", there.err);
    assert_eq!(there.out, local(pairs, &moves), "Pairs too");
}

#[test]
fn a_terminal_plays_line_by_line_with_its_typing_echoed() {
    let server = Server::start("typed", &[]);
    ssh::runtime().block_on(async {
        let session = ssh::connect(server.port, &Who::new_key()).await;
        let mut channel = session.channel_open_session().await.unwrap();
        channel
            .request_pty(true, "xterm", 80, 24, 0, 0, &[])
            .await
            .unwrap();
        channel
            .exec(true, "play --deck pairs:2 --seed 1 --screen-reader")
            .await
            .unwrap();
        // A raw terminal sends a carriage return for Enter, and Backspace as DEL.
        channel.data(&b"bx\x7foard\r"[..]).await.unwrap();
        channel.data(&b"quit\ry\r"[..]).await.unwrap();
        let played = ssh::collect(&mut channel).await;
        assert_eq!(played.status, Some(0), "{}", played.err);
        assert!(
            played.out.contains("Type help for the commands.\r\n"),
            "{:?}",
            played.out
        );
        assert!(
            played.out.contains("bx\x08 \x08oard\r\n"),
            "typing echoed: {:?}",
            played.out
        );
        assert!(
            played.out.contains("Face down, 4: "),
            "the board told: {:?}",
            played.out
        );
    });
}

/// The raw bytes of a terminal session running `command` until its screen shows `text`,
/// the client sending `env` first.
fn raw_screen(port: u16, env: Option<(&str, &str)>, command: &str, text: &str) -> Vec<u8> {
    ssh::runtime().block_on(async {
        let session = ssh::connect(port, &Who::Guest).await;
        let mut channel = session.channel_open_session().await.unwrap();
        channel
            .request_pty(true, "xterm", 80, 24, 0, 0, &[])
            .await
            .unwrap();
        if let Some((name, value)) = env {
            channel.set_env(true, name, value).await.unwrap();
        }
        channel.exec(true, command).await.unwrap();
        let mut raw = Vec::new();
        let mut screen = vt100::Parser::new(24, 80, 0);
        while !screen.screen().contents().contains(text) {
            match tokio::time::timeout(ssh::PATIENCE, channel.wait()).await {
                Ok(Some(russh::ChannelMsg::Data { data })) => {
                    raw.extend_from_slice(&data);
                    screen.process(&data);
                }
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => panic!("never shown: {text}"),
            }
        }
        raw
    })
}

#[test]
fn no_color_sent_by_the_client_draws_the_game_without_colour() {
    let server = Server::start("no-color", &[]);
    let coloured = |raw: &[u8]| {
        let raw = String::from_utf8_lossy(raw);
        raw.contains("\x1b[38;") || raw.contains("\x1b[48;")
    };
    let game = "play --deck pairs:3 --seed 1";
    let plain = raw_screen(server.port, Some(("NO_COLOR", "1")), game, "Your turn");
    assert!(!coloured(&plain), "no colour asked, and none drawn");
    let usual = raw_screen(server.port, None, game, "Your turn");
    assert!(coloured(&usual), "the usual look has colours");
    // Empty is not set (no-color.org), and the server's own environment is not heard.
    let empty = raw_screen(server.port, Some(("NO_COLOR", "")), game, "Your turn");
    assert!(coloured(&empty));
}
