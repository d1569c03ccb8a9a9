//! The screen-reader mode through pipes: whole games played from a script of typed
//! commands, their transcripts plain text (no escape sequence, no box drawing), ending
//! with the result line and the end menu, and pinned for a fixed seed in
//! `tests/transcripts/` (rewrite them with `UPDATE_TRANSCRIPTS=1 cargo test --release
//! --test it screen_reader` after a deliberate change, and read the difference).

use crate::common::cli;

use std::io::Write;
use std::path::PathBuf;
use std::process::Stdio;

use cli::command;

/// Runs the binary with `args`, `script` on its standard input: status, output, errors.
pub(crate) fn transcript(args: &[&str], script: &str) -> (i32, String, String) {
    transcript_with(args, script, &[])
}

fn transcript_with(args: &[&str], script: &str, env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = command(args);
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("CONCENTRATION_SCREEN_READER");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 text"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Plain text a screen reader reads as it is: no escape sequence (colour, cursor
/// addressing, alternate screen), no control character, no box drawing.
pub(crate) fn assert_plain(text: &str) {
    for (n, line) in text.lines().enumerate() {
        assert!(
            !line
                .chars()
                .any(|c| c.is_control() || ('\u{2500}'..='\u{259f}').contains(&c)),
            "line {} is not plain text: {line:?}",
            n + 1
        );
    }
}

/// Compares `text` with the pinned transcript `name`, or writes it when asked.
pub(crate) fn pinned(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/transcripts")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_TRANSCRIPTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_TRANSCRIPTS=1 writes it)", path.display()));
    assert_eq!(text, expected, "the transcript of {name} changed");
}

/// The result (the last line that tells one: a game's figures follow it), then the end
/// menu (the last line).
fn ending(text: &str) -> (&str, &str) {
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 2, "{text}");
    let result = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("Game over: ") || l.starts_with("Cleared "))
        .unwrap_or(&lines[lines.len() - 2]);
    (result, lines[lines.len() - 1])
}

/// The lines between the result and the end menu: the end window's figures.
fn figures(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .rposition(|l| l.starts_with("Game over: "))
        .expect("a result");
    lines[at + 1..lines.len() - 1].to_vec()
}

/// A whole `pairs:3` game against the optimal AI, classic memory. The deal of seed 7:
/// a1 C, b1 B, c1 A / a2 A, b2 C, c2 B.
const PAIRS3_SCRIPT: &str =
    "help\nboard\nhint\nA1\nwhy\nb1\nfoo\nlog\nscore\nquit\nn\nb2\nboard\na1\nc1\na2\n4\n";

/// Classic memory by ear: a first hint names the kind of move and no place; asked again,
/// the cards and their places, as a second `H` on screen.
#[test]
fn a_classic_hint_by_ear_names_places_only_when_asked_again() {
    let args = [
        "play",
        "--deck",
        "pairs:3",
        "--seed",
        "7",
        "--screen-reader",
        "--no-save",
    ];
    // a1 C, b1 B: a miss; the AI takes B and misses A C; then C (a1, b2) is a seen pair.
    let (code, out, err) = transcript(&args, "a1\nb1\nhint\nhint\n");
    assert_eq!(code, 0, "{err}");
    let after: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Optimal AI turns c1"))
        .collect();
    let first = after
        .iter()
        .position(|l| l.starts_with("Hint: best, "))
        .unwrap();
    let second = first
        + 1
        + after[first + 1..]
            .iter()
            .position(|l| l.starts_with("Hint: best, "))
            .unwrap();
    let kind = after[first..second].join("\n");
    assert!(kind.contains("Take the pair you have seen"), "{out}");
    assert!(!kind.contains("a1") && !kind.contains("b2"), "{kind}");
    assert!(
        kind.contains("Type hint again for where the cards are."),
        "{kind}"
    );
    let places = after[second..].join("\n");
    assert!(places.contains("(a1, b2)"), "{places}");
    assert!(places.contains("Best cards: a1, b2."), "{places}");
}

#[test]
fn a_pairs3_game_is_played_by_ear_and_its_transcript_pinned() {
    let args = [
        "play",
        "--deck",
        "pairs:3",
        "--seed",
        "7",
        "--screen-reader",
        "--no-save",
    ];
    let (code, out, err) = transcript(&args, PAIRS3_SCRIPT);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert_plain(&out);
    // The commands answer: a hint with its value, a bad command named, quit asked.
    assert!(
        out.contains("Hint: best, Turn a new card: 46.7% (best)."),
        "{out}"
    );
    assert!(out.contains("Unknown command 'foo'. Commands:"), "{out}");
    assert!(out.contains("Quit this game? Type y to quit"), "{out}");
    assert!(out.contains("The game goes on."), "{out}");
    // A coordinate typed in capitals turns the card.
    assert!(out.contains("You turn a1: C."), "{out}");
    // Classic memory: once turned back, a card's face is not on the board.
    let board_after_b2 = out
        .lines()
        .skip_while(|l| !l.starts_with("You turn b2"))
        .find(|l| l.starts_with("Face up:"))
        .unwrap();
    assert_eq!(board_after_b2, "Face up: b2 C.", "{out}");
    let (result, menu) = ending(&out);
    assert!(result.starts_with("Game over: "), "{out}");
    assert_eq!(menu, "Choose: 1 new game, 2 same deal, 3 replay, 4 quit.");
    // Then the end window's figures, read as the window shows them.
    let said = figures(&out);
    // The skill of the game first, then the hints seen.
    assert!(said[0].starts_with("Your skill this game: PR "), "{out}");
    assert!(
        said[1].starts_with("Hints seen at 2 of your 6 decisions"),
        "{out}"
    );
    assert!(
        said.iter().any(|l| l.starts_with("Your accuracy ")),
        "{out}"
    );
    assert!(said.iter().any(|l| l.starts_with("Memory: ")), "{out}");
    assert!(said.iter().any(|l| l.starts_with("Errors: ")), "{out}");
    pinned("play-pairs3-seed7", &out);
    // The same input gives the same transcript.
    assert_eq!(transcript(&args, PAIRS3_SCRIPT).1, out);
}

/// A whole solitaire deal. The deal of seed 3: a1 C, b1 A, c1 B / a2 A, b2 B, c2 C.
const SOLITAIRE_SCRIPT: &str =
    "board\nhint\na1\nb1\nzz\nscore\nquit\nno\na2\nb1\nc1\nb2\nlog\na1\nc2\n4\n";

/// The solitaire deal of seed 3 played by [`SOLITAIRE_SCRIPT`] with `extra` flags: its
/// transcript, checked plain and without errors.
fn solitaire_by_ear(extra: &[&str]) -> String {
    solitaire_script_by_ear(extra, SOLITAIRE_SCRIPT)
}

/// The solitaire deal of seed 3 played by `script` with `extra` flags, as
/// [`solitaire_by_ear`].
fn solitaire_script_by_ear(extra: &[&str], script: &str) -> String {
    let mut args = vec![
        "solitaire",
        "--deck",
        "pairs:3",
        "--seed",
        "3",
        "--screen-reader",
        "--no-save",
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = transcript(&args, script);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert_plain(&out);
    out
}

#[test]
fn a_solitaire_deal_is_played_by_ear_and_its_transcript_pinned() {
    let out = solitaire_by_ear(&[]);
    assert!(out.contains("Par: 4.33 moves expected"), "{out}");
    assert!(out.contains("4.33 moves to go (best)."), "{out}");
    assert!(out.contains("Unknown command 'zz'."), "{out}");
    let (result, menu) = ending(&out);
    assert!(
        result.starts_with("Cleared in 4 moves (1 miss). Optimal play: e(3,0) 4.33 expected"),
        "{out}"
    );
    assert_eq!(menu, "Choose: 1 new deal, 2 same deal, 3 replay, 4 quit.");
    pinned("solitaire-pairs3-seed3", &out);
}

/// The same deal with a pair's free move: the same flips, two moves fewer counted.
#[test]
fn a_solitaire_deal_with_a_free_move_after_a_pair_is_played_by_ear() {
    let out = solitaire_by_ear(&["--free-after-pair"]);
    // e^f(3, 0) = e(3, 0) - 2 = 13/3 - 2.
    assert!(out.contains("Par: 2.33 moves expected"), "{out}");
    assert!(out.contains("A pair! Move 2, free."), "{out}");
    assert!(out.contains("A pair! Move 4.\n"), "{out}");
    let (result, _) = ending(&out);
    assert!(
        result.starts_with(
            "Cleared in 2 moves counted, a pair's move free (4 made, 1 miss). Optimal play: e^f(3,0) 2.33 expected, worst case 3. Luck-adjusted: optimal play needs 2 moves"
        ),
        "{out}"
    );
    pinned("solitaire-free-pairs3-seed3", &out);
}

/// The same deal in the easier game (`--easy`): after the first miss every pair is
/// taken across two moves, each by the first card of a move completing the live card.
#[test]
fn a_solitaire_deal_of_the_easier_game_is_played_by_ear() {
    let script = "hint\na1\nb1\nboard\nscore\nhint\na2\nc1\nb2\na1\nlog\nc2\n4\n";
    let out = solitaire_script_by_ear(&["--easy"], script);
    // e^easy(3, 0) = 64/15.
    assert!(out.contains("Par: 4.27 moves expected"), "{out}");
    assert!(
        out.contains("The easier game: the card turned last stays face up"),
        "{out}"
    );
    assert!(
        out.contains("You turn b1: A. No pair. Move 1.\nIt stays face up, live"),
        "{out}"
    );
    assert!(out.contains("b1 A, live"), "{out}");
    assert!(
        out.contains("You turn a2: A. It matches the live card: a pair across two moves!"),
        "{out}"
    );
    assert!(
        out.contains("You turn c1: B. The move took its pair. Move 2."),
        "{out}"
    );
    assert!(
        out.contains("You turn c2: C. It matches the live card: a pair across two moves! Move 4."),
        "{out}"
    );
    let (result, menu) = ending(&out);
    assert!(
        result.starts_with("Cleared in 4 moves (1 miss). Optimal play: e^easy(3,0) 4.27 expected"),
        "{out}"
    );
    assert_eq!(menu, "Choose: 1 new deal, 2 same deal, 3 replay, 4 quit.");
    pinned("solitaire-easy-pairs3-seed3", &out);
}

#[test]
fn the_end_of_the_input_leaves_cleanly_mid_game() {
    let (code, out, err) = transcript(
        &[
            "play",
            "--deck",
            "pairs:8",
            "--seed",
            "1",
            "--screen-reader",
            "--no-save",
        ],
        "a1\n",
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.lines().last().unwrap().starts_with("You turn a1: "),
        "{out}"
    );
}

#[test]
fn cards_are_words_unless_symbols_are_asked_for() {
    let script = "a1\nb1\n";
    let base = ["play", "--deck", "standard", "--seed", "4", "--no-save"];
    let words = transcript(&[&base[..], &["--screen-reader"]].concat(), script).1;
    assert!(words.contains(" of "), "{words}");
    assert!(!words.contains(['♥', '♦', '♠', '♣']), "{words}");
    let symbols = transcript(
        &[&base[..], &["--screen-reader", "--card-names", "symbols"]].concat(),
        script,
    )
    .1;
    assert!(symbols.contains(['♥', '♦', '♠', '♣']), "{symbols}");
    let (code, _, err) = transcript(&[&base[..], &["--card-names", "symbols"]].concat(), "");
    assert_eq!(code, 2);
    assert!(
        err.contains("--card-names is for the screen-reader mode"),
        "{err}"
    );
    let (code, _, err) = transcript(
        &[&base[..], &["--screen-reader", "--card-names", "braille"]].concat(),
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("--card-names: unknown card names 'braille'"),
        "{err}"
    );
}

#[test]
fn the_environment_and_the_settings_file_turn_the_mode_on() {
    let args = ["play", "--deck", "pairs:3", "--seed", "7", "--no-save"];
    let (code, out, _) = transcript_with(&args, "", &[("CONCENTRATION_SCREEN_READER", "1")]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Concentration, deck pairs:3, seed 7"),
        "{out}"
    );
    let dir = std::env::temp_dir().join(format!("concentration-sr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("config.toml");
    std::fs::write(&file, "screen-reader = true\n").unwrap();
    let (code, out, err) = transcript_with(
        &args,
        "",
        &[("CONCENTRATION_CONFIG", file.to_str().unwrap())],
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Concentration, deck pairs:3, seed 7"),
        "{out}"
    );
}

#[test]
fn without_flags_numbered_menus_set_the_game_up() {
    // Deck 8 is pairs:3 in the setup's list; the AI starts; the usual AI.
    let (code, out, err) = transcript(
        &["play", "--screen-reader", "--no-save"],
        "8\nx\n2\n2\n\n3\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_plain(&out);
    assert!(out.contains("Deck: 1 standard, "), "{out}");
    assert!(
        out.contains("Unknown choice 'x': a number from 1 to 3."),
        "{out}"
    );
    assert!(out.contains("Concentration, deck pairs:3"), "{out}");
    // The board's two questions: the grid kept (Enter), cards that swap every 3 turns.
    assert!(out.contains("How the cards lie: 1 grid, 2 circle"), "{out}");
    assert!(
        out.contains("Moving cards: 1 no, 2 two swap after every 5 turns"),
        "{out}"
    );
    assert!(
        out.contains("Players in turn order: usual AI, You"),
        "{out}"
    );
}

#[test]
fn watch_solitaire_puzzle_learn_pairs_and_replay_speak_too() {
    // Two AIs: the whole game at once, then the menu.
    let (code, out, _) = transcript(
        &[
            "watch",
            "--deck",
            "pairs:4",
            "--seed",
            "2",
            "--screen-reader",
            "--no-save",
        ],
        "4\n",
    );
    assert_eq!(code, 0);
    assert_plain(&out);
    assert!(ending(&out).0.starts_with("Game over: "), "{out}");

    let (code, out, _) = transcript(
        &[
            "puzzle",
            "--deck",
            "pairs:6",
            "--seed",
            "5",
            "--screen-reader",
            "--no-save",
        ],
        "board\nb1\nnext\nquit\n",
    );
    assert_eq!(code, 0);
    assert_plain(&out);
    assert!(out.starts_with("Puzzle 1, "), "{out}");
    assert!(
        out.contains("Not the best first card.") || out.contains("Right: "),
        "{out}"
    );
    assert!(out.contains("Puzzle 2, "), "{out}");

    let (code, out, _) = transcript(&["learn", "--screen-reader"], "");
    assert_eq!(code, 0);
    assert_plain(&out);
    assert!(out.starts_with("The rules.\n"), "{out}");
    assert!(
        out.contains("seven of hearts goes with seven of diamonds"),
        "{out}"
    );

    let (code, out, _) = transcript(
        &[
            "pairs",
            "--ranks",
            "4",
            "--seed",
            "2",
            "--target",
            "5",
            "--screen-reader",
            "--no-save",
        ],
        &"hint\nhit\nfold\n".repeat(20),
    );
    assert_eq!(code, 0);
    assert_plain(&out);
    assert!(out.contains("Hint: a hit pairs with chance"), "{out}");
    assert!(
        out.lines().last().unwrap().starts_with("Game over: "),
        "{out}"
    );

    // A game saved, then replayed by ear.
    let data = std::env::temp_dir().join(format!("concentration-sr-data-{}", std::process::id()));
    let (code, _, err) = transcript(
        &[
            "play",
            "--deck",
            "pairs:3",
            "--seed",
            "7",
            "--screen-reader",
            "--data-dir",
            data.to_str().unwrap(),
        ],
        "a1\nb1\n",
    );
    assert_eq!(code, 0, "{err}");
    let saved = concentration::record::list(&concentration::record::records_dir(&data));
    assert_eq!(
        saved.len(),
        1,
        "the game left at the end of the input is saved"
    );
    let path = saved[0].path.to_str().unwrap().to_owned();
    let (code, out, err) = transcript(
        &["replay", &path, "--screen-reader", "--no-save"],
        "next\nnext\nboard\nsummary\nquit\n",
    );
    let _ = std::fs::remove_dir_all(&data);
    assert_eq!(code, 0, "{err}");
    assert_plain(&out);
    assert!(out.contains("Flip 1 of "), "{out}");
    assert!(
        out.contains("Flip 2 of ") && out.contains("no pair"),
        "{out}"
    );
    // The summary by ear: the judgement's figures, as the summary window says them.
    assert!(
        out.contains("you: accuracy ") || out.contains("you: no real choice"),
        "{out}"
    );
}

/// By ear too, a missed puzzle is tried again with `again`, and the idea is not named
/// before the answer.
#[test]
fn a_missed_puzzle_is_tried_again_by_ear() {
    let (code, out, _) = transcript(
        &[
            "puzzle",
            "--deck",
            "pairs:6",
            "--seed",
            "5",
            "--screen-reader",
            "--no-save",
        ],
        "b1\nagain\nquit\n",
    );
    assert_eq!(code, 0);
    // Puzzle 1 asks the turn: b1 is not its best first card.
    assert!(out.contains("Not the best first card."), "{out}");
    assert!(out.contains("Try again: type the best card."), "{out}");
    assert!(!out.to_lowercase().contains("click"), "{out}");
    let intro = out.lines().next().unwrap();
    assert!(
        !intro.contains("wait") && !intro.contains("sacrifice"),
        "{intro}"
    );
}

#[test]
fn a_rated_game_by_ear_ends_with_the_rating_as_the_end_window_shows_it() {
    let scratch = std::env::temp_dir().join(format!(
        "concentration-reader-rating-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&scratch);
    let (data, cache) = (scratch.join("data"), scratch.join("cache"));
    let args = [
        "play",
        "--deck",
        "pairs:3",
        "--seed",
        "7",
        "--screen-reader",
        "--data-dir",
        data.to_str().unwrap(),
    ];
    let (code, out, err) = transcript_with(
        &args,
        PAIRS3_SCRIPT,
        &[("CONCENTRATION_CACHE_DIR", cache.to_str().unwrap())],
    );
    assert_eq!(code, 0, "{err}");
    assert_plain(&out);
    let said = figures(&out);
    let rating = said
        .iter()
        .find(|l| l.starts_with("Your rating "))
        .unwrap_or_else(|| panic!("no rating in:\n{out}"));
    assert!(rating.ends_with(" this game)."), "{rating}");
    assert!(
        said.iter()
            .any(|l| l.starts_with("The cards' luck this game: ")),
        "{out}"
    );
    // The first rated result: the rating moved from 1500 by the change it names.
    assert!(std::fs::read_dir(data.join("games")).unwrap().count() == 1);
    let _ = std::fs::remove_dir_all(&scratch);
}

/// A whole Two Decks Duel by ear: cards named by side and number, the leader's card told
/// before the answer, the person told when they answer, a card of the other side refused.
/// The deal of seed 3, `pairs:6`: side 1 E B C A D F, side 2 D F C A B E.
const DUEL_SCRIPT: &str =
    "help\nboard\nhint\n1\n2\nhint\n3\nside 2 card 1\n4\nboard\n5\n6\n1\n2\n4\n5\n6\n2\n4\n";

#[test]
fn a_two_decks_duel_is_played_by_ear_and_its_transcript_pinned() {
    let args = [
        "play",
        "--variant",
        "duel",
        "--deck",
        "pairs:6",
        "--seed",
        "3",
        "--screen-reader",
        "--no-save",
    ];
    let (code, out, err) = transcript(&args, DUEL_SCRIPT);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert_plain(&out);
    assert!(
        out.contains("the Two Decks Duel, two sides of 6 cards"),
        "{out}"
    );
    assert!(
        out.contains("a number such as 3 turns that card of your side"),
        "{out}"
    );
    assert!(
        out.contains("Hint: best, Turn a card on your side nobody has seen"),
        "{out}"
    );
    assert!(out.contains("You turn side 1 card 1: "), "{out}");
    assert!(out.contains("Optimal AI turns side 2 card "), "{out}");
    assert!(out.contains("Your turn to answer from your side."), "{out}");
    assert!(
        out.contains("That card is on the other side: turn one of your own."),
        "{out}"
    );
    let (result, menu) = ending(&out);
    assert!(result.starts_with("Game over: "), "{out}");
    assert!(result.contains("the table is cleared"), "{out}");
    assert_eq!(menu, "Choose: 1 new game, 2 same deal, 3 replay, 4 quit.");
    pinned("play-duel-pairs6-seed3", &out);
}
