//! `concentration serve`: puzzles, the review of one's own games and their history over
//! SSH, on the player's own folder: a game played in line mode is listed by `history`
//! and told by `review`, each record named by its file name alone; a guest has neither;
//! a puzzle by ear is the local puzzle, line for line; options naming a path and Pairs'
//! analysis commands are still refused. All on 127.0.0.1.

use crate::common::ssh::{self, Server, Who};
use crate::serve::{GAME, local, until_shown, whole_game_script};

/// The one folder kept under the server's `players/`.
fn only_player(server: &Server) -> std::path::PathBuf {
    let mut folders = std::fs::read_dir(server.data.join("players"))
        .unwrap()
        .map(|e| e.unwrap().path());
    let folder = folders.next().expect("a player's folder");
    assert!(folders.next().is_none(), "one player's folder");
    folder
}

/// A server, named `name`, and a player with a key who has played one game there in
/// line mode (in order, not well: it has costly decisions to review).
fn a_player_with_a_game(name: &str) -> (Server, Who) {
    let server = Server::start(name, &[]);
    let player = Who::new_key();
    let game = ssh::exec(server.port, &player, GAME, whole_game_script().as_bytes());
    assert_eq!(game.status, Some(0), "{}", game.err);
    (server, player)
}

#[test]
fn a_game_played_over_ssh_is_in_the_players_history_and_review() {
    let (server, player) = a_player_with_a_game("study");
    let record = std::fs::read_dir(only_player(&server).join("games"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .file_name()
        .into_string()
        .unwrap();

    // History through the pipe: the game, named by its file alone.
    let history = ssh::exec(server.port, &player, "history", b"");
    assert_eq!(history.status, Some(0), "{}", history.err);
    assert_eq!(history.out.lines().count(), 1, "{}", history.out);
    assert!(
        history.out.starts_with(&record) && history.out.contains("pairs:4"),
        "{}",
        history.out
    );
    assert!(!history.out.contains(server.data.to_str().unwrap()));
    let listed = ssh::exec(server.port, &player, "history --list", b"");
    assert_eq!(listed.out, history.out);

    // The review lists the game's costly decisions (the script plays in order, not
    // well), and tells them by ear.
    let list = ssh::exec(server.port, &player, "review --list 5", b"");
    assert_eq!(list.status, Some(0), "{}", list.err);
    assert!(
        list.out.lines().count() >= 1
            && list
                .out
                .lines()
                .all(|l| l.starts_with(&format!("{record}  turn "))),
        "{}",
        list.out
    );
    let json = ssh::exec(server.port, &player, "review --list 1 --json", b"");
    let first: serde_json::Value = serde_json::from_str(json.out.lines().next().unwrap()).unwrap();
    assert_eq!(
        first["record"],
        record.as_str(),
        "the file name, not the server's path"
    );
    let told = ssh::exec(server.port, &player, "review --screen-reader", b"quit\n");
    assert_eq!(told.status, Some(0), "{}", told.err);
    assert!(
        told.out.starts_with("Your decision 1 of ") && told.out.contains("deck pairs:4"),
        "{}",
        told.out
    );

    // Another key has its own folder: no games, nothing to review.
    let other = Who::new_key();
    let none = ssh::exec(server.port, &other, "history", b"");
    assert_eq!(
        (none.status, none.out.as_str()),
        (Some(0), "no saved games in your games\n")
    );
    let nothing = ssh::exec(server.port, &other, "review --list 3", b"");
    assert_eq!(nothing.status, Some(0), "{}", nothing.err);
    assert!(
        nothing
            .out
            .starts_with("No costly decisions of yours to review in your games"),
        "{}",
        nothing.out
    );
}

#[test]
fn a_guest_has_no_history_and_no_review() {
    let server = Server::start("study-guest", &[]);
    for command in [
        "history",
        "history --list",
        "review",
        "review --list 3 --json",
    ] {
        let refused = ssh::exec(server.port, &Who::Guest, command, b"");
        assert_eq!(refused.status, Some(2), "{command}: {refused:?}");
        assert_eq!(refused.err.lines().count(), 1, "{command}: {}", refused.err);
        assert!(
            refused
                .err
                .starts_with("error: no games are kept for a guest"),
            "{command}: {}",
            refused.err
        );
        assert!(refused.out.is_empty(), "{command}");
    }
    assert!(!server.data.join("players").exists(), "nothing kept");
}

#[test]
fn a_puzzle_over_ssh_is_the_local_puzzle_and_its_tally_is_the_players() {
    let server = Server::start("study-puzzle", &[]);
    let player = Who::new_key();
    // Two answers, the next puzzle, one more, then quit.
    let words = "puzzle --deck pairs:8 --seed 3 --screen-reader";
    let typed = "a1\nb1\nnext\na1\nquit\n";
    let here = local(words, typed);
    assert!(here.starts_with("Puzzle 1, "), "{here}");
    let there = ssh::exec(server.port, &player, words, typed.as_bytes());
    assert_eq!(there.status, Some(0), "{}", there.err);
    assert_eq!(there.out, here, "the same transcript");
    assert!(
        only_player(&server).join("puzzle-stats.json").is_file(),
        "the answers are counted for the key"
    );
    // The printed forms through the pipe.
    for words in [
        "puzzle --deck pairs:8 --seed 7 --list 3",
        "puzzle --deck pairs:8 --seed 7 --list 2 --json",
    ] {
        let there = ssh::exec(server.port, &player, words, b"");
        assert_eq!(there.status, Some(0), "{words}: {}", there.err);
        assert_eq!(there.out, local(words, ""), "{words}");
    }
    // A guest plays the puzzles, and nothing is counted.
    let unsaved = local(&format!("{words} --no-save"), typed);
    let guest = ssh::exec(server.port, &Who::Guest, words, typed.as_bytes());
    assert_eq!(
        (guest.status, guest.out.as_str()),
        (Some(0), unsaved.as_str())
    );
    assert_eq!(
        std::fs::read_dir(server.data.join("players"))
            .unwrap()
            .count(),
        1
    );
}

#[test]
fn paths_and_pairs_analysis_are_still_refused() {
    let server = Server::start("study-refusals", &[]);
    let who = Who::new_key();
    for (command, says) in [
        (
            "puzzle --list 2 --data-dir /etc",
            "--data-dir names a file or folder",
        ),
        (
            "review --list 2 --data-dir /etc",
            "--data-dir names a file or folder",
        ),
        ("history --data-dir /", "--data-dir names a file or folder"),
        ("puzzle --deck pairs:8", "the game needs a terminal"),
        ("review", "the review needs a terminal"),
        (
            "pairs solve --ranks 3 --unseen 1,2,2 --stacks 3;",
            "'pairs solve' is an analysis command, not served over SSH",
        ),
        (
            "pairs start --ranks 3",
            "'pairs start' is an analysis command",
        ),
        (
            "pairs duel --games 2",
            "'pairs duel' is an analysis command",
        ),
        ("replay game.cgn", "'replay' is not served here"),
    ] {
        let refused = ssh::exec(server.port, &who, command, b"");
        assert_eq!(refused.status, Some(2), "{command}: {refused:?}");
        assert_eq!(refused.err.lines().count(), 1, "{command}: {}", refused.err);
        assert!(
            refused.err.starts_with("error: ") && refused.err.contains(says),
            "{command}: {}",
            refused.err
        );
        assert!(refused.out.is_empty(), "{command}");
    }
}

#[test]
fn with_a_terminal_history_review_and_puzzles_are_their_screens() {
    let (server, player) = a_player_with_a_game("study-pty");
    ssh::runtime().block_on(async {
        let session = ssh::connect(server.port, &player).await;
        for (command, shows) in [
            ("history", "Saved games  your games"),
            ("review", "Your game · turn "),
            ("puzzle --deck pairs:8 --seed 3", "Puzzle 1 · "),
        ] {
            let mut channel = session.channel_open_session().await.unwrap();
            channel
                .request_pty(true, "xterm", 100, 30, 0, 0, &[])
                .await
                .unwrap();
            channel.exec(true, command).await.unwrap();
            let mut screen = vt100::Parser::new(30, 100, 0);
            assert!(
                until_shown(&mut channel, &mut screen, shows).await,
                "{command}: {}",
                screen.screen().contents()
            );
            if command == "history" {
                assert!(screen.screen().contents().contains("pairs:4"));
            }
            channel.data(&b"q"[..]).await.unwrap();
            let end = ssh::collect(&mut channel).await;
            assert_eq!(end.status, Some(0), "{command}: {}", end.err);
        }
    });
}
