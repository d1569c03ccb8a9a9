//! A Zebra table on screen: a whole game of a person against the optimal Zebra AI, with
//! the rule in the panel, hints that pair by colour, the coach's word on a twin, the
//! record of the game read back and its replay valued by the Zebra solver.

use crate::common;
use std::time::{Duration, Instant};

use concentration::app::{App, Config, Hints, Memory};
use concentration::record::Record;
use concentration::rules::{Card, Phase, PublicView, Slot};
use concentration::tui::Action;

use crate::common::cli;
use crate::common::{click, screen, settle};

fn known(view: &PublicView, p: usize) -> Option<Card> {
    match view.slots()[p] {
        Slot::Known(c) => Some(c),
        _ => None,
    }
}

/// After a new first card, its twin (same rank and colour) when it is known: the
/// mistake the rule invites.
fn twin_of_first(view: &PublicView) -> Option<usize> {
    let Phase::SecondCard {
        first,
        first_was_known: false,
    } = view.phase()
    else {
        return None;
    };
    let card = known(view, first)?;
    view.known_cards()
        .find(|&(p, c)| p != first && c.label == card.label && !view.deck().matches(card, c))
        .map(|(p, _)| p)
}

#[test]
fn a_whole_zebra_game_against_the_optimal_ai_with_hints_and_the_coach() {
    let config = Config {
        deck: "zebra".into(),
        memory: Memory::Open,
        seed: 7,
        ai_delay: Duration::from_millis(10),
        hints: Hints::Always,
        coach: true,
        ..Config::default()
    };
    let mut now = Instant::now();
    let mut app = App::start_blocking(config, now).unwrap();
    app.update(Action::Resize(80, 24), now);
    let (mut hinted, mut partner_hints, mut twins, mut coached) = (0, 0, 0, 0);
    let mut first_screen = None;
    for _ in 0..2000 {
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
        first_screen.get_or_insert_with(|| screen(&app));
        // The hint's cards carry out its best choice by Zebra's rule: a pair it names
        // is of opposite colours, never a twin.
        if let Phase::SecondCard { first, .. } = view.phase() {
            let first_card = known(&view, first).unwrap();
            if hint.lines[0].words.starts_with("Take the pair") {
                partner_hints += 1;
                for &t in &hint.targets {
                    let c = known(&view, t).expect("a seen partner");
                    assert!(view.deck().matches(first_card, c), "{hint:?}");
                }
            }
        }
        let pos = match twin_of_first(&view) {
            Some(t) if twins < 3 => {
                twins += 1;
                t
            }
            _ => hint.targets[0],
        };
        let twin = twin_of_first(&view) == Some(pos);
        click(&mut app, pos, now);
        let round = app.round().unwrap();
        if twin {
            // The twin is told as no pair, every time.
            let m = round.message();
            assert!(
                m.contains("are both red: not a pair in Zebra")
                    || m.contains("are both black: not a pair in Zebra"),
                "{m}"
            );
            let s = screen(&app);
            assert!(s.contains("not a pair in Zebra"), "{s}");
        }
        if let Some(note) = round.coach_note() {
            coached += 1;
            assert!(!twin || note.contains(" kept you at "), "{note}");
        }
    }
    let round = app.round().unwrap();
    let view = round.game().view();
    assert!(view.is_over(), "the game ends");
    // Every pair was taken by someone: 26 pairs under `agreed` unless passes ended it.
    let taken = view.pairs()[0] + view.pairs()[1];
    assert_eq!(
        usize::try_from(taken).unwrap() * 2 + view.cards_on_table(),
        52
    );
    assert!(hinted > 10 && partner_hints > 0, "{hinted} {partner_hints}");
    // Turning a twin while its partner waits costs: the coach said so.
    assert!(twins > 0 && coached > 0, "{twins} twins, {coached} coached");
    let s = first_screen.unwrap();
    // The panel states the rule (wrapped to its width).
    assert!(s.contains("Zebra: a pair is the same"), "{s}");
    assert!(s.contains("rank in the other colour"), "{s}");
    assert!(s.contains("Hint vs optimal play"), "{s}");
    // The end screen looks back with the Zebra solver's values.
    let back = round.look_back().expect("the look back");
    assert!(
        back.figures.decisions > 10 && back.figures.best < back.figures.decisions,
        "{back:?}"
    );

    // The record says zebra, reads back, and its replay is valued by the Zebra solver.
    let text = round.record().to_text().unwrap();
    assert!(text.contains("[Deck \"zebra\"]"), "{text}");
    let record = Record::parse(text.as_bytes()).unwrap();
    assert!(record.deck.is_zebra());
    let base = Config::default();
    let app = App::replay(record, None, base, true, now).unwrap();
    let replay = app.replay_screen().unwrap();
    let analysis = replay
        .analysis()
        .unwrap_or_else(|| panic!("{}", replay.note()));
    let twins_costly = analysis
        .annotations
        .iter()
        .filter(|a| {
            a.zebra
                .as_ref()
                .is_some_and(|z| z.action.to_string() == "twin")
        })
        .filter(|a| a.cost > 0.0)
        .count();
    assert!(twins_costly > 0, "a twin turned is costly in the replay");
    let person = analysis.person().unwrap();
    // One judgement: the replay's figures are the end screen's.
    assert_eq!(replay.judgement().unwrap().figures(person), &back.figures);
}

/// `analyze` of a saved Zebra game values it with the Zebra solver, in Zebra's notation.
#[test]
fn analyze_reads_a_zebra_record_in_zebra_notation() {
    let record = common::zebra_record();
    let dir = std::env::temp_dir().join(format!("zebra-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    std::fs::write(&file, record.to_text().unwrap()).unwrap();
    let json = cli::json(&["analyze", "--json", file.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    let flips = json["flips"].as_array().unwrap();
    assert_eq!(flips.len(), record.flips.len());
    let zebra_code = |a: &str| {
        ["unknown", "match", "twin"].contains(&a) || (a.starts_with("known ") && a.contains('/'))
    };
    for f in flips {
        let action = f["action"].as_str().unwrap();
        assert!(zebra_code(action), "{f}");
        for b in f["best"].as_array().unwrap() {
            assert!(zebra_code(b.as_str().unwrap()), "{f}");
        }
    }
    // The optimal player's flips cost nothing.
    for f in flips.iter().filter(|f| f["player"] == "optimal") {
        assert_eq!(f["cost"].as_f64().unwrap(), 0.0, "{f}");
    }
}

/// Every Zebra hint names the idea of its best move under the choices, and the Why
/// window (`w`) gives it in a line of this position's numbers: the pair of the other
/// colour taken, a new card turned to look for the partner, and the seen twin of the
/// same colour named as no pair.
#[test]
fn zebra_hints_give_the_idea_of_the_best_move() {
    let (mut taken, mut looked, mut twin_named) = (0, 0, 0);
    for seed in 1..=40 {
        let config = Config {
            deck: "zebra:6".into(),
            memory: Memory::Open,
            seed,
            ai_delay: Duration::from_millis(10),
            hints: Hints::Always,
            ..Config::default()
        };
        let mut now = Instant::now();
        let mut app = App::start_blocking(config, now).unwrap();
        app.update(Action::Resize(80, 24), now);
        for _ in 0..500 {
            now = settle(&mut app, now) + Duration::from_secs(2);
            app.update(Action::Tick, now);
            let round = app.round().unwrap();
            if round.game().view().is_over() {
                break;
            }
            if !round.persons_turn() {
                continue;
            }
            let hint = round.hint().expect("hints always on").clone();
            let idea = hint.idea.clone().expect("every Zebra hint has an idea");
            let s = screen(&app);
            // The panel wraps the name: its first word follows `Idea:`.
            let word = idea.title.split(' ').next().unwrap();
            assert!(s.contains(&format!("Idea: {word}")), "{s}");
            assert!(idea.line.starts_with(&format!("{}: ", idea.title)));
            if idea.title == "Take the pair" {
                taken += 1;
                assert!(
                    idea.line.contains("in the other colour: a pair"),
                    "{idea:?}"
                );
            }
            if idea.title == "Look for its partner" {
                looked += 1;
                assert!(idea.line.contains("a new card pairs "), "{idea:?}");
                if idea.line.contains("is its twin, the same colour: no pair") {
                    twin_named += 1;
                }
            }
            // The Why window gives the line.
            app.update(Action::Why, now);
            let s = screen(&app);
            assert!(s.contains(&format!("{}: ", idea.title)), "{s}");
            app.update(Action::Why, now);
            click(&mut app, hint.targets[0], now);
        }
        if taken > 0 && looked > 0 && twin_named > 0 {
            return;
        }
    }
    panic!("ideas seen: {taken} pairs taken, {looked} partners looked for, {twin_named} twins");
}
