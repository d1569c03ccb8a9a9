//! The Two Decks Duel at a table: its turn in the rules (each seat turns a card of their
//! own side, the leader's first; the pair goes to the reading's taker; the roles change),
//! its model read from the public view (the piles from the leader's side, both roles),
//! whole games of the optimal AI through the model, and the bad tables refused.

use concentration::model::{Duel, Model, Oracle, leader};
use concentration::players::{Policy, Usual, realise};
use concentration::rules::{
    Deck, Game, IllegalFlip, Objective, Outcome, PassRule, Phase, Players, Seat, Table, Taker,
    TurnEnd, Variant,
};
use concentration::solver::two_decks::{DuelAction, DuelSolver, DuelState};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use std::time::{Duration, Instant};

use concentration::app::{App, Config, Hints, Memory};
use concentration::record::Record;
use concentration::tui::Action;

use crate::common::cli;
use crate::common::{click, screen, settle};

fn duel(deck: &str, seed: u64, taker: Taker, rule: PassRule) -> Game {
    let table = Players::Table(Table::two(rule, Variant::Duel(taker)));
    Game::new(Deck::parse(deck).unwrap(), seed, table).unwrap()
}

/// Where label `label` lies on `seat`'s side.
fn card_of(game: &Game, seat: Seat, label: u32) -> usize {
    let n = game.view().deck().labels() as usize;
    (seat.index() * n..(seat.index() + 1) * n)
        .find(|&p| game.reveal_all()[p].label.0 == label)
        .unwrap()
}

#[test]
fn each_side_holds_one_card_of_every_label_and_each_seat_turns_its_own() {
    let mut game = duel("pairs:5", 3, Taker::Answerer, PassRule::Agreed);
    let cards = game.reveal_all().to_vec();
    for side in 0..2 {
        let mut labels: Vec<u32> = cards[side * 5..side * 5 + 5]
            .iter()
            .map(|c| c.label.0)
            .collect();
        labels.sort_unstable();
        assert_eq!(labels, [0, 1, 2, 3, 4]);
    }
    // The leader cannot turn the answerer's card, nor the answerer the leader's.
    assert_eq!(game.try_flip(7), Err(IllegalFlip::OtherSide));
    game.try_flip(0).unwrap();
    assert_eq!(game.view().mover(), Seat::SECOND, "the answerer turns next");
    assert_eq!(leader(game.view()), Seat::FIRST);
    assert_eq!(game.try_flip(1), Err(IllegalFlip::OtherSide));
    // The same seed deals the same sides.
    assert_eq!(
        duel("pairs:5", 3, Taker::Answerer, PassRule::Agreed).reveal_all(),
        &cards[..]
    );
}

#[test]
fn the_pair_goes_to_the_readings_taker_and_the_roles_change() {
    for (taker, scorer) in [
        (Taker::Answerer, Seat::SECOND),
        (Taker::Leader, Seat::FIRST),
    ] {
        let mut game = duel("pairs:4", 9, taker, PassRule::Agreed);
        let lead = card_of(&game, Seat::FIRST, 2);
        let answer = card_of(&game, Seat::SECOND, 2);
        game.try_flip(lead).unwrap();
        let flip = game.try_flip(answer).unwrap();
        assert_eq!(
            (flip.seat, flip.turn_end),
            (Seat::SECOND, Some(TurnEnd::Pair))
        );
        assert_eq!(game.view().pairs().of(scorer), 1, "{taker:?}");
        // Pair or not, the answerer leads the next turn.
        assert_eq!(game.view().mover(), Seat::SECOND);
        assert_eq!(leader(game.view()), Seat::SECOND);
        let lead = card_of(&game, Seat::SECOND, 0);
        let answer = card_of(&game, Seat::FIRST, 1);
        game.try_flip(lead).unwrap();
        assert_eq!(game.try_flip(answer).unwrap().turn_end, Some(TurnEnd::Miss));
        assert_eq!(game.view().mover(), Seat::FIRST);
    }
}

#[test]
fn a_pass_is_the_answerers_and_follows_the_pass_rule() {
    let mut game = duel("pairs:4", 5, Taker::Answerer, PassRule::Agreed);
    // Turn 1: seat 0 shows label 0, seat 1 shows label 1 (no pair).
    let (a0, b1) = (
        card_of(&game, Seat::FIRST, 0),
        card_of(&game, Seat::SECOND, 1),
    );
    game.try_flip(a0).unwrap();
    game.try_flip(b1).unwrap();
    // Turn 2: seat 1 leads its seen label 1; seat 0 answers with its seen label 0: a pass.
    game.try_flip(b1).unwrap();
    assert_eq!(game.try_flip(a0).unwrap().turn_end, Some(TurnEnd::Pass));
    assert!(game.view().after_pass());
    // Turn 3: seat 0 leads label 0 again; seat 1 passes back: the game ends, 0-0.
    game.try_flip(a0).unwrap();
    game.try_flip(b1).unwrap();
    match game.view().phase() {
        Phase::Over(r) => assert_eq!(r.outcome, Outcome::Draw),
        p => panic!("not over: {p:?}"),
    }
    // Under `none` the second seen card of another label is refused.
    let mut game = duel("pairs:4", 5, Taker::Answerer, PassRule::None);
    game.try_flip(a0).unwrap();
    game.try_flip(b1).unwrap();
    game.try_flip(b1).unwrap();
    assert_eq!(
        game.try_flip(a0),
        Err(IllegalFlip::PassForbidden(PassRule::None))
    );
}

/// Whole games through the model, the optimal AI in seat 0 against `other` in seat 1:
/// the piles count what is on the table, every card the model names carries out its
/// action on the mover's own side, and the optimal seat plays a best action.
fn play_through(deck: &str, seed: u64, taker: Taker, objective: Objective, usual: bool) {
    let mut game = duel(deck, seed, taker, PassRule::Agreed);
    let table = Table::two(PassRule::Agreed, Variant::Duel(taker));
    let mut ai = DuelSolver::<f64>::solved(game.view().deck(), table, objective).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut usual_player = Usual;
    let mut decisions = 0;
    while !game.view().is_over() {
        let view = game.view().clone();
        let state: DuelState = Duel::state_of(&view);
        let on_table = u32::try_from(view.cards_on_table()).unwrap();
        assert_eq!(state.position.pairs() * 2, on_table);
        let mover = view.mover();
        let lead = leader(&view);
        assert_eq!(
            state.diff,
            i64::from(view.pairs().of(lead)) - i64::from(view.pairs().of(lead.other()))
        );
        let actions = ai.actions(&state).unwrap();
        for &(a, _) in &actions {
            let named = Duel::name(&view, a);
            assert!(!named.cards.is_empty(), "{state:?}: {a} has no card");
            for &p in &named.cards {
                assert_eq!(
                    view.side_of(p),
                    Some(mover),
                    "{a}: a card of the mover's side"
                );
                assert_eq!(Duel::action_of(&view, p), Some(a));
            }
        }
        let chosen = if usual && mover == Seat::SECOND {
            Policy::<Duel>::act(&mut usual_player, &state)
        } else {
            Policy::<Duel>::act(&mut ai, &state)
        };
        let position = realise::<Duel>(&view, chosen, &mut rng);
        let done = Duel::action_of(&view, position).unwrap();
        assert_eq!(done, chosen);
        if !usual || mover == Seat::FIRST {
            let best = ai.value(&state).unwrap();
            let value = actions.iter().find(|(a, _)| *a == done).unwrap().1;
            assert!((value - best).abs() <= 1e-9, "{state:?}: {done}");
        }
        if state.first.is_some() && done == DuelAction::Match {
            let first = view.flips().last().unwrap();
            assert_eq!(first.card.label, game.reveal_all()[position].label);
        }
        game.try_flip(position).unwrap();
        decisions += 1;
    }
    assert!(decisions >= 2 * deck_pairs(deck), "{decisions}");
}

fn deck_pairs(deck: &str) -> usize {
    Deck::parse(deck).unwrap().labels() as usize
}

#[test]
fn whole_games_of_the_optimal_ai_go_through_the_model_in_both_roles() {
    for seed in 0..6 {
        for taker in [Taker::Answerer, Taker::Leader] {
            play_through("pairs:6", seed, taker, Objective::Win, seed % 2 == 0);
            play_through("8x2", seed, taker, Objective::Margin, seed % 2 == 1);
        }
    }
}

#[test]
fn the_start_is_valued_as_solve_values_it() {
    // pairs:4, `duel`, `agreed`, `win`: the leader's value at the start is 23/48
    // (docs/variants.md's check figures), and the seat that leads first is seat 0.
    let game = duel("pairs:4", 1, Taker::Answerer, PassRule::Agreed);
    let table = Table::two(PassRule::Agreed, Variant::Duel(Taker::Answerer));
    let mut ai = DuelSolver::<f64>::solved(game.view().deck(), table, Objective::Win).unwrap();
    let v = ai.odds(game.view(), Seat::FIRST).unwrap();
    assert!((v - 23.0 / 48.0).abs() < 1e-12, "{v}");
    let w = ai.odds(game.view(), Seat::SECOND).unwrap();
    assert!((w - 25.0 / 48.0).abs() < 1e-12, "{w}");
}

#[test]
fn tables_the_duel_does_not_play_are_refused_with_one_line() {
    for (args, says) in [
        (
            &["--players", "you,optimal,usual"][..],
            "the Two Decks Duel is played by two",
        ),
        (
            &["--deck", "standard"][..],
            "--variant duel: deck 'standard'",
        ),
        (&["--deck", "zebra"][..], "--variant duel: deck 'zebra'"),
        (
            &["--layout", "circle"][..],
            "--layout circle: the Two Decks Duel",
        ),
        (&["--moving", "3"][..], "--moving: the Two Decks Duel"),
    ] {
        let mut full = vec!["play", "--variant", "duel", "--no-save"];
        full.extend_from_slice(args);
        let (code, out, err) = cli::run(&full);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A whole duel on screen, the person against the optimal AI with hints and the coach:
/// both names over their own fields, the cursor on the person's side, every hint's cards
/// on it; then the record read back and its replay valued by the Duel's solver.
#[test]
fn a_whole_duel_against_the_optimal_ai_on_screen_then_its_record_and_replay() {
    let config = Config {
        deck: "pairs:8".into(),
        variant: Variant::Duel(Taker::Answerer),
        memory: Memory::Open,
        seed: 4,
        ai_delay: Duration::from_millis(10),
        hints: Hints::Always,
        coach: true,
        ..Config::default()
    };
    let mut now = Instant::now();
    let mut app = App::start_blocking(config, now).unwrap();
    app.update(Action::Resize(80, 24), now);
    let round = app.round().unwrap();
    assert_eq!(round.game().view().side_of(round.cursor), Some(Seat::FIRST));
    // The cursor keeps to the person's side: down from the first field stays there.
    for _ in 0..6 {
        app.update(Action::Move(1, 0), now);
    }
    let round = app.round().unwrap();
    assert_eq!(round.game().view().side_of(round.cursor), Some(Seat::FIRST));
    let first = screen(&app);
    assert!(first.contains("Your side · leads"), "{first}");
    assert!(first.contains("optimal AI's side · answers"), "{first}");
    let top = first.lines().position(|l| l.contains("Your side")).unwrap();
    let bottom = first
        .lines()
        .position(|l| l.contains("optimal AI's side"))
        .unwrap();
    assert!(top + 2 < bottom, "two fields apart:\n{first}");
    assert!(first.contains("Duel: lead a card of"), "{first}");
    let (mut hinted, mut answered) = (0, 0);
    for _ in 0..400 {
        now = settle(&mut app, now) + Duration::from_secs(2);
        app.update(Action::Tick, now);
        let round = app.round().unwrap();
        let view = round.game().view().clone();
        if view.is_over() {
            break;
        }
        if !round.persons_turn() {
            continue;
        }
        let hint = round.hint().expect("hints always on").clone();
        hinted += 1;
        assert!(
            hint.targets
                .iter()
                .all(|&p| view.side_of(p) == Some(view.mover())),
            "{hint:?}"
        );
        if matches!(view.phase(), Phase::SecondCard { .. }) {
            answered += 1;
            let s = screen(&app);
            assert!(s.contains("Your side · answers"), "{s}");
        }
        // A card of the other side is refused with one line, and changes nothing.
        let other = (0..view.slots().len())
            .find(|&p| view.side_of(p) != Some(view.mover()))
            .unwrap();
        click(&mut app, other, now);
        assert_eq!(app.round().unwrap().game().view(), &view);
        click(&mut app, hint.targets[0], now);
    }
    let round = app.round().unwrap();
    let view = round.game().view();
    assert!(view.is_over(), "the game ends");
    assert!(hinted > 4 && answered > 0, "{hinted} {answered}");
    let back = round.look_back().expect("the look back");
    assert!(back.figures.decisions > 4, "{back:?}");

    let text = round.record().to_text().unwrap();
    assert!(text.contains("[Variant \"duel\"]"), "{text}");
    let record = Record::parse(text.as_bytes()).unwrap();
    let mut app = App::replay(record, None, Config::default(), true, now).unwrap();
    app.update(Action::Resize(100, 30), now);
    // The replay shows the two fields apart too, each name over its own.
    let s = crate::common::screen_sized(&app, 100, 30);
    assert_eq!(s.matches("'s side").count(), 2, "{s}");
    let replay = app.replay_screen().unwrap();
    let analysis = replay
        .analysis()
        .unwrap_or_else(|| panic!("{}", replay.note()));
    assert_eq!(analysis.annotations.len(), view.flips().len());
    // Every flip of the person was a hint's best card: none costs anything.
    let person = analysis.person().unwrap();
    assert_eq!(replay.judgement().unwrap().figures(person), &back.figures);

    // `analyze` reads the record too.
    let dir = std::env::temp_dir().join(format!("duel-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("duel.cgn");
    std::fs::write(&path, &text).unwrap();
    let json = cli::json(&["analyze", "--json", path.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    let flips = json["flips"].as_array().unwrap();
    assert_eq!(flips.len(), view.flips().len());
    for f in flips.iter().filter(|f| f["player"] == "optimal") {
        assert_eq!(f["cost"].as_f64().unwrap(), 0.0, "{f}");
    }
}

/// `watch --variant duel`: the optimal AI and the usual one play a whole duel, each name
/// over its own field, every flip on the side of the seat that turned it.
#[test]
fn a_duel_of_two_ais_is_watched_to_its_end() {
    let config = Config {
        deck: "pairs:10".into(),
        variant: Variant::Duel(Taker::Leader),
        watch_first: Some(concentration::app::Opponent::Usual),
        seed: 11,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    };
    let now = Instant::now();
    let mut app = App::start_blocking(config, now).unwrap();
    app.update(Action::Resize(80, 24), now);
    let s = screen(&app);
    assert!(s.contains("A usual's side · leads"), "{s}");
    assert!(s.contains("B optimal's side · answers"), "{s}");
    settle(&mut app, now);
    let view = app.round().unwrap().game().view().clone();
    assert!(view.is_over(), "the duel ends");
    for f in view.flips() {
        assert_eq!(view.side_of(f.position), Some(f.seat), "{f:?}");
    }
    // Under `duel-leader` the leader (the seat of the turn's first card) scores a pair.
    let pairs: u32 = view.pairs().iter().sum();
    let by_leader = view
        .flips()
        .chunks(2)
        .filter(|t| t[1].turn_end == Some(TurnEnd::Pair))
        .fold([0u32; 2], |mut n, t| {
            n[t[0].seat.index()] += 1;
            n
        });
    assert_eq!(by_leader.iter().sum::<u32>(), pairs);
    assert_eq!(&by_leader[..], &*view.pairs());
}

/// The full duel, `double`, fits 80 x 24: two fields of 4 x 13, each name over its own.
#[test]
fn the_full_duel_fits_the_screen_as_two_fields_of_a_deck_each() {
    let config = Config {
        deck: "double".into(),
        variant: Variant::Duel(Taker::Answerer),
        objective: Objective::Margin,
        seed: 1,
        ..Config::default()
    };
    let now = Instant::now();
    let mut app = App::start_blocking(config, now).unwrap();
    app.update(Action::Resize(80, 24), now);
    let s = screen(&app);
    let lines: Vec<&str> = s.lines().collect();
    let top = lines.iter().position(|l| l.contains("Your side · leads"));
    let bottom = lines
        .iter()
        .position(|l| l.contains("optimal AI's side · answers"));
    let (top, bottom) = (top.expect(&s), bottom.expect(&s));
    // Four rows of 13 cards under each name.
    let rows = |from: usize, to: usize| {
        lines[from..to]
            .iter()
            .filter(|l| l.matches('░').count() + l.matches('?').count() >= 13)
            .count()
    };
    assert_eq!(rows(bottom, lines.len()), 4, "{s}");
    assert!(rows(top, bottom) <= 4, "{s}");
}
