//! The Double Decker Checkerboard through the rules and the model: the deal puts each
//! back on its own squares, the model reads the view's patterns and backs, and whole
//! games of the optimal AI against itself and the usual one, every flip legal, the
//! action the solver ranks best, every action named in the variation's words.

use concentration::model::{Checker, Model, Oracle};
use concentration::players::{Policy, Usual, realise};
use concentration::rules::{Back, Deck, Game, Objective, PassRule, Players, Table, Variant};
use concentration::solver::checker::{CheckerAction, CheckerPattern, CheckerSolver};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn solved(deck: &Deck, objective: Objective, rule: PassRule, variant: Variant) -> CheckerSolver {
    CheckerSolver::solved(deck, Table::two(rule, variant), objective).unwrap()
}

/// Plays one game, the optimal AI against `other` (itself if `None`); returns the flips
/// checked.
fn play(
    deck: &Deck,
    rule: PassRule,
    variant: Variant,
    seed: u64,
    ai: &mut CheckerSolver,
    mut other: Option<&mut dyn Policy<Checker>>,
) -> usize {
    let table = concentration::rules::Players::Table(Table::two(rule, variant));
    let mut game = Game::new(deck.clone(), seed, table).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut flips = 0;
    while !game.view().is_over() {
        let view = game.view().clone();
        let state = Checker::state_of(&view);
        let on_table = u64::try_from(view.cards_on_table()).unwrap();
        assert_eq!(state.position.pairs() * 2, on_table);
        let unknown = view.unknown_positions().count() as u64;
        let first_unknown = u64::from(matches!(
            state.first,
            Some(concentration::solver::checker::CheckerFirstCard::Revealed(
                ..
            ))
        ));
        assert_eq!(state.position.unknown_cards(), unknown + first_unknown);
        let actions = ai.actions(&state).unwrap();
        for &(a, _) in &actions {
            let named = Checker::name(&view, a);
            assert!(!named.cards.is_empty(), "{state:?}: {a} has no card");
            assert!(!named.text.is_empty() && !named.kind.is_empty());
            if let CheckerAction::Unknown(b) = a {
                assert!(
                    named.text.contains(&format!("a {b} back")),
                    "{}",
                    named.text
                );
                assert!(named.cards.iter().all(|&p| deck.back_at(p) == Some(b)));
            }
            for &p in &named.cards {
                assert_eq!(Checker::action_of(&view, p), Some(a));
            }
        }
        let mover = view.mover().index();
        let chosen = match other.as_deref_mut() {
            Some(policy) if mover == 1 => policy.act(&state),
            _ => ai.act(&state),
        };
        let position = realise::<Checker>(&view, chosen, &mut rng);
        game.check_flip(position).unwrap();
        let done = Checker::action_of(&view, position).unwrap();
        assert_eq!(done, chosen, "{state:?}");
        assert!(actions.iter().any(|&(a, _)| a == done), "{state:?}: {done}");
        if other.is_none() || mover == 0 {
            let best = actions
                .iter()
                .map(|&(_, v)| v)
                .fold(f64::NEG_INFINITY, f64::max);
            let value = actions.iter().find(|(a, _)| *a == done).unwrap().1;
            assert!(
                (value - best).abs() <= 1e-9,
                "{state:?}: {done} {value}, best {best}"
            );
        }
        game.try_flip(position).unwrap();
        flips += 1;
    }
    flips
}

#[test]
fn the_optimal_ai_plays_whole_games_legally_and_best() {
    for objective in [Objective::Win, Objective::Margin] {
        for rule in PassRule::ALL {
            if objective == Objective::Margin && rule == PassRule::Withdraw {
                continue;
            }
            for variant in [Variant::Standard, Variant::OneFlip] {
                let deck = Deck::parse("double-checker:5").unwrap();
                let mut ai = solved(&deck, objective, rule, variant);
                for seed in 0..4 {
                    let flips = play(&deck, rule, variant, seed, &mut ai, None);
                    assert!(flips >= 2);
                    let flips = play(&deck, rule, variant, seed, &mut ai, Some(&mut Usual));
                    assert!(flips >= 2);
                }
            }
        }
    }
}

#[test]
fn the_optimal_ai_plays_the_full_checkerboard() {
    let deck = Deck::parse("double-checker").unwrap();
    let (agreed, standard) = (PassRule::Agreed, Variant::Standard);
    let mut ai = solved(&deck, Objective::Win, agreed, standard);
    assert!(play(&deck, agreed, standard, 7, &mut ai, None) >= 104);
}

/// The model reads a hand-made table: a blue-backed card whose red partner is seen can
/// only be taken by its partner, and a second new card of its own back never pairs.
#[test]
fn the_model_reads_backs_and_patterns() {
    let deck = Deck::parse("double-checker:4").unwrap();
    let mut game = Game::new(deck.clone(), 3, Players::two(PassRule::Agreed)).unwrap();
    let cards = game.reveal_all().to_vec();
    let red: Vec<usize> = (0..8)
        .filter(|&p| deck.back_at(p) == Some(Back::Red))
        .collect();
    assert_eq!(red.len(), 4);
    // Turn two red-backed cards (never a pair): the mover's miss shows two patterns 2.1r.
    game.try_flip(red[0]).unwrap();
    game.try_flip(red[1]).unwrap();
    let view = game.view().clone();
    let state = Checker::state_of(&view);
    assert_eq!(state.position.count(CheckerPattern::Seen(Back::Red)), 2);
    assert_eq!(state.position.count(CheckerPattern::Hidden), 2);
    // The partner of the first red card, a blue-backed one: a new card of the other back.
    let partner = (0..8)
        .find(|&p| p != red[0] && cards[p].label == cards[red[0]].label)
        .unwrap();
    assert_eq!(deck.back_at(partner), Some(Back::Blue));
    assert_eq!(
        Checker::action_of(&view, partner),
        Some(CheckerAction::Unknown(Back::Blue))
    );
    game.try_flip(partner).unwrap();
    let view = game.view().clone();
    assert_eq!(
        Checker::action_of(&view, red[0]),
        Some(CheckerAction::Match)
    );
    // The first card is blue-backed and its partner seen: no new card can pair.
    let same = Checker::name(&view, CheckerAction::Unknown(Back::Blue)).text;
    assert!(same.contains("the same back: never the partner"), "{same}");
    let other = Checker::name(&view, CheckerAction::Unknown(Back::Red)).text;
    assert_eq!(other, "Turn a new card with a red back (the other back)");
    assert_eq!(
        Checker::usual(&Checker::state_of(&view)),
        CheckerAction::Match
    );
}

/// A whole game of `double-checker:3` by ear: the board tells each face-down card's back,
/// the hint names a new card by its back, the optimal AI clears the table.
#[test]
fn a_checkerboard_game_is_played_by_ear() {
    use std::io::Write;
    use std::process::Stdio;

    let args = [
        "play",
        "--deck",
        "double-checker:3",
        "--seed",
        "7",
        "--screen-reader",
        "--no-save",
    ];
    let mut cmd = crate::common::cli::command(&args);
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("CONCENTRATION_SCREEN_READER");
    let mut child = cmd.spawn().unwrap();
    // The deal of seed 7: red backs a1 A♥, c1 A♣, b2 A♠; blue backs b1 A♣, a2 A♥, c2 A♠.
    let script = "board\nhint\na1\nb1\nhint\nc1\na2\n4\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("Face down, 6: red backs a1, c1, b2; blue backs b1, a2, c2."),
        "{text}"
    );
    assert!(
        text.contains("Hint: best, Turn a new card with a red back: 33.3% (best)."),
        "{text}"
    );
    assert!(text.contains("You turn a1: ace of hearts."), "{text}");
    // With both backs of a pair seen, every card is certain: the hint says 100%.
    assert!(
        text.contains("Hint: best, Take a pair you have seen: 100.0% (best)."),
        "{text}"
    );
    assert!(
        text.contains("Game over: The optimal AI wins. You 0 to 3 optimal AI"),
        "{text}"
    );
    assert!(text.contains("Choose: 1 new game, 2 same deal, 3 replay, 4 quit."));
}

/// A checkerboard game saved as a record reads back to the same record, replays to the
/// same end, and its replay is analysed by the checkerboard's own solver.
#[test]
fn a_checkerboard_record_saves_replays_and_is_analysed() {
    use concentration::app::{App, Config};
    use concentration::players::{AiKind, SeatAi};
    use concentration::record::{MemoryMode, Record, RecordSeat};

    let deck = Deck::parse("double-checker:6").unwrap();
    let table = Table::two(PassRule::Agreed, Variant::Standard);
    let optimal = CheckerSolver::solved(&deck, table, Objective::Margin).unwrap();
    let mut game = Game::new(deck, 5, Players::two(PassRule::Agreed)).unwrap();
    let mut ais = [
        SeatAi::new::<Checker>(AiKind::ForgetfulEasy, 1, || None).unwrap(),
        SeatAi::new::<Checker>(AiKind::Optimal, 2, || Some(Box::new(optimal.clone()))).unwrap(),
    ];
    while !game.view().is_over() {
        let p = ais[game.view().mover().index()].choose(game.view());
        game.try_flip(p).unwrap();
    }
    let seats = vec![
        RecordSeat::named("forgetful-easy"),
        RecordSeat::named("optimal"),
    ];
    let record = Record::of_game(&game, seats, Objective::Margin, MemoryMode::Open, false);
    let text = record.to_text().unwrap();
    assert!(text.contains("[Deck \"double-checker:6\"]"), "{text}");
    let back = Record::parse(text.as_bytes()).unwrap();
    assert_eq!(back, record);
    let replayed = back.replay().unwrap();
    assert_eq!(replayed.view().pairs(), game.view().pairs());

    let now = std::time::Instant::now();
    let mut app = App::replay(back, None, Config::default(), false, now).unwrap();
    app.wait_for_analysis();
    let replay = app.replay_screen().unwrap();
    assert!(
        replay.analysis().is_some(),
        "no analysis: {}",
        replay.note()
    );
    let judgement = replay.judgement().unwrap();
    // The optimal seat plays every decision best.
    let optimal = &judgement.seats[1];
    assert!(optimal.decisions > 0, "{optimal:?}");
    assert_eq!(optimal.best, optimal.decisions, "{optimal:?}");
}

/// What the checkerboard does not play is refused with one line and status 2.
#[test]
fn bad_combinations_are_refused_with_one_line() {
    for (args, says) in [
        (
            &[
                "solve",
                "--deck",
                "double-checker:4",
                "--objective",
                "moves",
            ][..],
            "objective 'moves' is not offered for the checkerboard",
        ),
        (
            &["solve", "--deck", "double-checker:4", "--players", "3"][..],
            "solved for two players",
        ),
        (
            &[
                "solve",
                "--deck",
                "double-checker:4",
                "--objective",
                "margin",
                "--pass-rule",
                "withdraw",
            ][..],
            "withdraw",
        ),
        (
            &[
                "solve",
                "--deck",
                "double-checker:3",
                "--position",
                "2.2x2 2.1rx1",
                "--revealed",
                "2.1r:red",
            ][..],
            "has no unknown red-backed card",
        ),
        (
            &["solve", "--deck", "double-checker:3", "--position", "2.2x4"][..],
            "4 pairs on the table, but the deck has 3",
        ),
        (
            &["solve", "--deck", "double-checker:53"][..],
            "double-checker:N needs 1 <= N <= 52",
        ),
        (
            &[
                "duel",
                "--deck",
                "double-checker:4",
                "--players",
                "optimal,usual,usual",
            ][..],
            "played by two seats",
        ),
        (
            &["duel", "--deck", "double-checker:4", "--first", "best"][..],
            "no best response",
        ),
    ] {
        let (code, out, err) = crate::common::cli::run(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
