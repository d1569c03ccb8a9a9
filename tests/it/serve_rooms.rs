//! Rooms over SSH as friends meet in one: ann opens a room, bob joins it with its code
//! from a terminal of his own, and they play a whole game, each seeing the public board
//! with both names and moving on their own turn alone; both keep the game. A dropped
//! connection holds its seat for the same key. The screens each saw are the pinned
//! transcript `tests/transcripts/serve-room-pairs3-seed5.txt`.

use concentration::rules::{Deck, Game, Label, PassRule, Players};
use russh::client::{Handle, Msg};
use russh::{Channel, ChannelMsg};

use crate::common::ssh::{self, Client, PATIENCE, Server, Who};

const ROWS: u16 = 24;
const COLS: u16 = 80;

/// One person's terminal over SSH: what they type, and the screen they see.
struct Terminal {
    name: &'static str,
    channel: Channel<Msg>,
    screen: vt100::Parser,
    status: Option<u32>,
    _session: Handle<Client>,
}

impl Terminal {
    /// `name` connects as `who` with a terminal of 80x24 and runs `command`.
    async fn open(port: u16, who: &Who, name: &'static str, command: &str) -> Self {
        let session = ssh::connect_as(port, who, name).await;
        let channel = session.channel_open_session().await.unwrap();
        channel
            .request_pty(true, "xterm", COLS.into(), ROWS.into(), 0, 0, &[])
            .await
            .unwrap();
        channel.exec(true, command).await.unwrap();
        Self {
            name,
            channel,
            screen: vt100::Parser::new(ROWS, COLS, 0),
            status: None,
            _session: session,
        }
    }

    fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads until the screen shows every one of `texts`; the screen then.
    async fn until(&mut self, texts: &[&str]) -> String {
        self.until_seen(&format!("{texts:?}"), |text| {
            texts.iter().all(|t| text.contains(t))
        })
        .await
    }

    /// Reads until `seen` holds of the screen; the screen then.
    async fn until_seen(&mut self, texts: &str, seen: impl Fn(&str) -> bool) -> String {
        loop {
            let text = self.text();
            if seen(&text) {
                return text;
            }
            match tokio::time::timeout(PATIENCE, self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => self.screen.process(&data),
                Ok(Some(ChannelMsg::ExitStatus { exit_status })) => self.status = Some(exit_status),
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => panic!("{} never saw {texts}:\n{text}", self.name),
            }
        }
    }

    /// Reads until the channel ends: its exit status.
    async fn end(&mut self) -> Option<u32> {
        while let Some(msg) = tokio::time::timeout(PATIENCE, self.channel.wait())
            .await
            .expect("the session ends in time")
        {
            if let ChannelMsg::ExitStatus { exit_status } = msg {
                self.status = Some(exit_status);
            }
        }
        self.status
    }

    async fn keys(&mut self, keys: &[u8]) {
        self.channel.data(keys).await.unwrap();
    }

    /// Waits until the server has handled every key sent so far: the terminal changes
    /// size (and back), which its session takes after those keys, in order, and shows
    /// by drawing the room's line on the new last row.
    async fn handled(&mut self) {
        for rows in [ROWS - 1, ROWS] {
            self.channel
                .window_change(COLS.into(), rows.into(), 0, 0)
                .await
                .unwrap();
            self.screen.screen_mut().set_size(rows, COLS);
            let last = usize::from(rows - 1);
            self.until_seen("the room's line on the last row", |text| {
                text.lines().nth(last).is_some_and(|l| l.contains("Room "))
            })
            .await;
        }
    }

    /// Moves the cursor (shared: the table has one) from `at` to `to` on a grid of
    /// `cols` columns, and turns the card there.
    async fn turn(&mut self, at: &mut usize, to: usize, cols: usize) {
        let mut keys = Vec::new();
        let (r, c) = (*at / cols, *at % cols);
        let (tr, tc) = (to / cols, to % cols);
        for _ in r..tr {
            keys.extend_from_slice(b"\x1b[B");
        }
        for _ in tr..r {
            keys.extend_from_slice(b"\x1b[A");
        }
        for _ in c..tc {
            keys.extend_from_slice(b"\x1b[C");
        }
        for _ in tc..c {
            keys.extend_from_slice(b"\x1b[D");
        }
        keys.push(b'\r');
        self.keys(&keys).await;
        *at = to;
    }

    /// The screen's last lines (the message, the keys, the room's line).
    fn foot(&self) -> String {
        let text = self.text();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(3)..].join("\n")
    }
}

/// The room's code on a lobby's screen.
fn code_on(screen: &str) -> String {
    let at = screen.find("Room ").expect("the room's code") + "Room ".len();
    screen[at..]
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect()
}

/// The deal of `pairs:3` with seed 5, position by position, and its grid's columns.
fn deal() -> (Vec<Label>, usize) {
    let deck = Deck::parse("pairs:3").unwrap();
    let cols = deck.grid().1;
    let game = Game::new(deck, 5, Players::two(PassRule::Agreed)).unwrap();
    (game.reveal_all().iter().map(|c| c.label).collect(), cols)
}

/// The other card of `p`'s pair.
fn partner(labels: &[Label], p: usize) -> usize {
    (0..labels.len())
        .find(|&q| q != p && labels[q] == labels[p])
        .unwrap()
}

/// Games kept in a player's folder.
fn records(server: &Server) -> Vec<usize> {
    let players = server.data.join("players");
    let mut counts: Vec<usize> = std::fs::read_dir(players)
        .unwrap()
        .map(|p| std::fs::read_dir(p.unwrap().path().join("games")).map_or(0, Iterator::count))
        .collect();
    counts.sort_unstable();
    counts
}

/// `text` with what differs from run to run written as what it is: the room's code,
/// the server's port, the saved record's name.
fn steady(text: &str, code: &str) -> String {
    text.lines()
        .map(|line| {
            let line = line.replace(code, "CODE");
            if let Some(at) = line.find("ssh -t -p ") {
                let rest = &line[at + "ssh -t -p ".len()..];
                let port: String = rest.chars().take_while(char::is_ascii_digit).collect();
                return line.replacen(&port, "PORT", 1);
            }
            if let Some(at) = line.find("Saved as ") {
                let name: String = line[at + "Saved as ".len()..]
                    .chars()
                    .take_while(|c| !c.is_whitespace())
                    .collect();
                return line.replacen(&name, "GAME.cgn", 1);
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A transcript: who did what, and what the people saw.
#[derive(Default)]
struct Transcript(String);

impl Transcript {
    fn step(&mut self, what: &str) {
        self.0.push_str(&format!("\n## {what}\n"));
    }

    fn screen(&mut self, who: &Terminal, text: &str, code: &str) {
        let text = steady(text, code);
        self.0.push_str(&format!("\n{}'s screen:\n", who.name));
        for line in text.lines() {
            self.0.push_str(&format!("    {}\n", line.trim_end()));
        }
    }

    fn foot(&mut self, who: &Terminal, code: &str) {
        self.0.push_str(&format!("{}'s foot:\n", who.name));
        for line in steady(&who.foot(), code).lines() {
            self.0.push_str(&format!("    {}\n", line.trim_end()));
        }
    }
}

#[test]
fn two_friends_play_a_whole_game_in_a_room_and_both_keep_it() {
    let server = Server::start("room", &[]);
    let (labels, cols) = deal();
    let (ann_key, bob_key) = (Who::new_key(), Who::new_key());
    let mut t = Transcript::default();
    ssh::runtime().block_on(async {
        let room = "room --deck pairs:3 --seed 5 --ai-delay 0";
        t.step(&format!("ann: ssh -t -p PORT ann@HOST {room}"));
        let mut ann = Terminal::open(server.port, &ann_key, "ann", room).await;
        let lobby = ann.until(&["join ", "1 of 2 seats taken"]).await;
        let code = code_on(&lobby);
        assert!((4..=8).contains(&code.len()), "{code}");
        t.screen(&ann, &lobby, &code);

        t.step("bob: ssh -t -p PORT bob@HOST join CODE");
        let mut bob = Terminal::open(server.port, &bob_key, "bob", &format!("join {code}")).await;
        let seen = bob
            .until(&["ann vs bob", "you are bob", "ann's turn"])
            .await;
        t.screen(&bob, &seen, &code);
        ann.until(&["you are ann", "ann's turn"]).await;

        // bob's keys do nothing on ann's turn: the card stays face down.
        let mut cursor = 0;
        bob.keys(b"\r").await;
        bob.handled().await;
        // ann misses: a card, then one of another pair.
        let other = (0..labels.len()).find(|&q| labels[q] != labels[0]).unwrap();
        t.step("bob presses Enter on ann's turn (nothing happens); ann turns two cards");
        ann.turn(&mut cursor, 0, cols).await;
        ann.until(&["second card"]).await;
        ann.turn(&mut cursor, other, cols).await;
        let seen = bob.until(&["bob's turn", "ann: no pair"]).await;
        t.screen(&bob, &seen, &code);
        assert!(seen.contains("▶bob"), "the turn passed:\n{seen}");

        // bob turns new cards, and pairs each with the card ann showed: the best play.
        t.step("bob takes the three pairs: a new card, then the one it pairs with");
        let third = (0..labels.len())
            .find(|&q| labels[q] != labels[0] && labels[q] != labels[other])
            .unwrap();
        let turns = [
            (partner(&labels, 0), 0),
            (partner(&labels, other), other),
            (third, partner(&labels, third)),
        ];
        for (n, (first, second)) in turns.into_iter().enumerate() {
            bob.turn(&mut cursor, first, cols).await;
            bob.until(&["second card"]).await;
            bob.turn(&mut cursor, second, cols).await;
            if n < 2 {
                let pairs = format!("{} pair", n + 1);
                ann.until_seen(&pairs, |text| {
                    text.lines()
                        .any(|l| l.contains("bob") && l.contains(&pairs))
                })
                .await;
                t.foot(&ann, &code);
            }
        }
        let end = ann.until(&["new deal", "same deal"]).await;
        t.step("the game is over: both see it");
        t.screen(&ann, &end, &code);
        let end = bob.until(&["new deal", "same deal"]).await;
        t.screen(&bob, &end, &code);

        ann.keys(b"q").await;
        bob.keys(b"q").await;
        assert_eq!((ann.end().await, bob.end().await), (Some(0), Some(0)));
    });
    assert_eq!(records(&server), [1, 1], "both keep the game");
    crate::screen_reader::pinned("serve-room-pairs3-seed5", &t.0);
}

#[test]
fn a_dropped_connection_holds_its_seat_for_its_key_and_the_other_is_told() {
    let server = Server::start("room-drop", &[]);
    let (ann_key, bob_key) = (Who::new_key(), Who::new_key());
    ssh::runtime().block_on(async {
        let mut ann =
            Terminal::open(server.port, &ann_key, "ann", "room --deck pairs:3 --seed 5").await;
        let code = code_on(&ann.until(&["join "]).await);
        let mut bob = Terminal::open(server.port, &bob_key, "bob", &format!("join {code}")).await;
        bob.until(&["you are bob"]).await;
        ann.keys(b"\r").await;
        bob.until(&["second card"]).await;
        // bob's connection drops.
        drop(bob);
        let told = ann.until(&["bob left: seat held"]).await;
        assert!(told.contains(&format!("(join {code})")), "{told}");
        // Another key finds no seat free; bob's key has his back.
        let mut eve =
            Terminal::open(server.port, &Who::new_key(), "eve", &format!("join {code}")).await;
        assert_eq!(eve.end().await, Some(2), "no seat for eve");
        let mut bob = Terminal::open(server.port, &bob_key, "bob", &format!("join {code}")).await;
        bob.until(&["you are bob", "ann vs bob"]).await;
        ann.until(&["bob is back"]).await;
        // Someone watches: they see the board, and their keys turn nothing.
        let mut watcher =
            Terminal::open(server.port, &Who::Guest, "cy", &format!("watch {code}")).await;
        watcher.until(&["watching", "ann vs bob"]).await;
        ann.until(&["1 watching"]).await;
        watcher.keys(b"q").await;
        assert_eq!(watcher.end().await, Some(0));
    });
    // The server stops: the game in play is saved as abandoned for both.
    let mut server = server;
    assert_eq!(server.interrupt(), Some(0));
    assert_eq!(records(&server), [1, 1], "saved as abandoned for both");
}

/// One person's session line by line: the screen-reader mode through the pipe.
struct Listener {
    name: &'static str,
    channel: Channel<Msg>,
    heard: String,
    /// How far `until` has read.
    at: usize,
    _session: Handle<Client>,
}

impl Listener {
    /// `name` connects as `who` without a terminal and runs `command`.
    async fn open(port: u16, who: &Who, name: &'static str, command: &str) -> Self {
        let session = ssh::connect_as(port, who, name).await;
        let channel = session.channel_open_session().await.unwrap();
        channel.exec(true, command).await.unwrap();
        Self {
            name,
            channel,
            heard: String::new(),
            at: 0,
            _session: session,
        }
    }

    /// Reads until `text` is heard after what was heard last.
    async fn until(&mut self, text: &str) {
        loop {
            if let Some(found) = self.heard[self.at..].find(text) {
                self.at += found + text.len();
                return;
            }
            match tokio::time::timeout(PATIENCE, self.channel.wait()).await {
                Ok(Some(ChannelMsg::Data { data })) => {
                    self.heard.push_str(&String::from_utf8_lossy(&data));
                }
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => panic!("{} never heard {text:?}:\n{}", self.name, self.heard),
            }
        }
    }

    async fn say(&mut self, line: &str) {
        self.channel
            .data(format!("{line}\n").as_bytes())
            .await
            .unwrap();
    }

    /// Reads until the session ends: its exit status.
    async fn end(&mut self) -> Option<u32> {
        let mut status = None;
        while let Some(msg) = tokio::time::timeout(PATIENCE, self.channel.wait())
            .await
            .expect("the session ends in time")
        {
            match msg {
                ChannelMsg::Data { data } => self.heard.push_str(&String::from_utf8_lossy(&data)),
                ChannelMsg::ExitStatus { exit_status } => status = Some(exit_status),
                _ => {}
            }
        }
        status
    }
}

/// A place of `pairs:3`'s grid (3 columns) as typed: `a1`, `c2`.
fn place(p: usize) -> String {
    format!(
        "{}{}",
        char::from(b'a' + u8::try_from(p % 3).unwrap()),
        p / 3 + 1
    )
}

#[test]
fn a_room_is_played_by_ear_every_flip_told_to_everyone_as_it_happens() {
    let server = Server::start("room-ear", &[]);
    let (labels, _) = deal();
    let other = (0..labels.len()).find(|&q| labels[q] != labels[0]).unwrap();
    let third = (0..labels.len())
        .find(|&q| labels[q] != labels[0] && labels[q] != labels[other])
        .unwrap();
    let (ann_key, bob_key) = (Who::new_key(), Who::new_key());
    let mut text = String::new();
    ssh::runtime().block_on(async {
        let room = "room --deck pairs:3 --seed 5 --ai-delay 0 --screen-reader";
        let mut ann = Listener::open(server.port, &ann_key, "ann", room).await;
        ann.until("Type start").await;
        let code = code_on(&ann.heard);
        let join = format!("join {code} --screen-reader");
        let mut bob = Listener::open(server.port, &bob_key, "bob", &join).await;
        for who in [&mut ann, &mut bob] {
            who.until("Ann's turn.").await;
        }
        bob.say(&place(0)).await;
        bob.until("Not your turn: Ann's turn.").await;
        // Each flip heard by both before the next: each is told on its own line.
        let flips = [
            (0, "ann"),
            (other, "ann"),
            (partner(&labels, 0), "bob"),
            (0, "bob"),
            (partner(&labels, other), "bob"),
            (other, "bob"),
            (third, "bob"),
            (partner(&labels, third), "bob"),
        ];
        for (p, by) in flips {
            let mover = if by == "ann" { &mut ann } else { &mut bob };
            mover.say(&place(p)).await;
            let told = format!(
                "{} turns {}:",
                if by == "ann" { "Ann" } else { "Bob" },
                place(p)
            );
            for who in [&mut ann, &mut bob] {
                who.until(&told).await;
            }
        }
        for who in [&mut ann, &mut bob] {
            who.until("Choose: 1 new deal, 2 same deal, 3 leave.").await;
        }
        // ann leaves (3 on the menu), and bob hears it before he leaves too.
        ann.say("3").await;
        bob.until("Ann left.").await;
        bob.say("quit").await;
        assert_eq!((ann.end().await, bob.end().await), (Some(0), Some(0)));
        for who in [&ann, &bob] {
            text.push_str(&format!("## {} hears\n\n", who.name));
            for line in steady(&who.heard, &code).lines() {
                text.push_str(&format!("    {line}\n"));
            }
            text.push('\n');
        }
    });
    assert!(text.contains("bob wins"), "{text}");
    assert_eq!(records(&server), [1, 1], "both keep the game");
    crate::screen_reader::pinned("serve-room-by-ear-pairs3-seed5", &text);
}
