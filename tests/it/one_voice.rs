//! One voice: the same game gets the same figures on every surface. Careless players
//! (classic and open memory, two decks) play against the optimal AI; each finished game
//! is saved, and its end screen, `analyze --json`, the replay and its summary,
//! `history --list`, `stats --json` and `review --list --json` are held against each
//! other. An abandoned game is saved too, and left out of `stats` and the review.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use concentration::analysis::judgement::Figures;
use concentration::app::{App, Config, First, Memory};
use concentration::players::Optimal;
use concentration::record::Record;
use concentration::rules::{Deck, Objective, Phase, PublicView, Slot};
use concentration::trainer::explain;
use concentration::tui::Action;
use concentration::words;

use crate::common::{forgetful_choice, select, settle};

use crate::common::cli;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("concentration-voice-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Any card that can be turned now, picked by `k`.
fn any_card(view: &PublicView, k: u64) -> usize {
    let turnable: Vec<usize> = (0..view.slots().len())
        .filter(|&p| match view.slots()[p] {
            Slot::Unknown => true,
            Slot::Known(_) => match view.phase() {
                Phase::SecondCard { first, .. } => p != first,
                _ => true,
            },
            Slot::Removed(_) => false,
        })
        .collect();
    turnable[usize::try_from(k).unwrap() % turnable.len()]
}

/// Plays a game of `deck` as a careless person (forgets seen cards, and every third
/// decision turns any card), stopping after `stop` of the person's decisions (`None`:
/// to the end). Returns the app and the record.
fn careless_game(deck: &str, memory: Memory, seed: u64, stop: Option<usize>) -> (App, Record) {
    let c = Config {
        deck: deck.into(),
        memory,
        seed,
        objective: Objective::Win,
        first: First::You,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    };
    let mut solver =
        Optimal::new(&Deck::parse(&c.deck).unwrap(), c.objective, c.pass_rule).unwrap();
    let mut now = Instant::now();
    let mut app = App::start_blocking(c, now).unwrap();
    let mut decisions = 0_u64;
    loop {
        now = settle(&mut app, now);
        let view = app.round().unwrap().game().view().clone();
        if view.is_over() || stop.is_some_and(|s| decisions as usize >= s) {
            let record = app.round().unwrap().record();
            return (app, record);
        }
        decisions += 1;
        let k = decisions.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ seed;
        let pos = forgetful_choice(&view).unwrap_or_else(|| {
            if k.is_multiple_of(3) {
                any_card(&view, k >> 8)
            } else {
                explain(&view, solver.solver()).unwrap().best().named.cards[0]
            }
        });
        select(&mut app, pos, now);
    }
}

fn run(args: &[&str], data: &Path, cache: &Path) -> String {
    let mut cmd = cli::command(args);
    cmd.arg("--data-dir")
        .arg(data)
        .env("CONCENTRATION_CACHE_DIR", cache);
    let (code, out, err) = cli::outcome(&mut cmd);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// What every surface must agree on, for the person's seat of one game.
struct Game {
    file: String,
    figures: Figures,
}

#[test]
fn every_surface_tells_a_game_alike() {
    let data = scratch("data");
    let cache = scratch("cache");
    let records = data.join("games");
    std::fs::create_dir_all(&records).unwrap();
    let mut games = Vec::new();
    let mut slips = 0;
    for (deck, memory, seed) in [
        ("pairs:6", Memory::Classic, 1),
        ("pairs:6", Memory::Classic, 2),
        ("pairs:6", Memory::Open, 3),
        ("pairs:8", Memory::Classic, 4),
        ("pairs:8", Memory::Open, 5),
    ] {
        let (app, record) = careless_game(deck, memory, seed, None);
        let round = app.round().unwrap();
        let back = round
            .look_back()
            .cloned()
            .expect("the end screen values the game");
        slips += back.figures.slips;
        // The end screen: its accuracy line, from the figures.
        let end = app.window_text().join("\n");
        let line = format!(
            "Your accuracy {} · {} of your {} with a choice best",
            words::percent(back.figures.accuracy(), 0),
            back.figures.best,
            words::count_of(back.figures.decisions, "decision")
        );
        assert!(end.contains(&line), "{line}\n{end}");
        assert_eq!(end.contains("Memory: "), memory == Memory::Classic, "{end}");
        let path = concentration::record::save(&records, &record).unwrap();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        // The replay of the saved game: the same figures, and its summary says them.
        let now = Instant::now();
        let mut replay = App::replay(record.clone(), None, Config::default(), true, now).unwrap();
        replay.wait_for_analysis();
        let judged = replay.replay_screen().unwrap().judgement().unwrap().clone();
        let person = record.person().unwrap();
        assert_eq!(judged.figures(person), &back.figures, "{file}");
        replay.update(Action::Setup, now);
        let summary = replay.window_text().join("\n");
        let words = back
            .figures
            .words(|c| concentration::analysis::annotate::show_cost_short(Objective::Win, c));
        assert!(summary.contains(&words), "{words}\n{summary}");
        if let Some(memory) = back.figures.memory_words() {
            assert!(summary.contains(&memory), "{memory}\n{summary}");
        }
        games.push(Game {
            file,
            figures: back.figures,
        });
    }
    assert!(slips > 0, "the careless player forgot something");
    // An abandoned game: saved unfinished, left out of the figures and the review.
    let (_, unfinished) = careless_game("pairs:6", Memory::Classic, 6, Some(4));
    assert!(!unfinished.replay().unwrap().view().is_over());
    let abandoned = concentration::record::save(&records, &unfinished).unwrap();
    let abandoned = abandoned
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();

    // `analyze --json`: the summary is the figures, and the flips' grades add up to it.
    for g in &games {
        let path = records.join(&g.file);
        let json = cli::json(&["analyze", path.to_str().unwrap(), "--json"]);
        let seat = if json["players"][0] == "you" { 0 } else { 1 };
        let s = &json["summary"][seat];
        assert_eq!(
            s["accuracy"].as_f64().unwrap(),
            g.figures.accuracy(),
            "{}",
            g.file
        );
        assert_eq!(s["best"], g.figures.best);
        assert_eq!(s["choices"], g.figures.decisions);
        assert_eq!(
            s["strategy_accuracy"].as_f64().unwrap(),
            g.figures.strategy_accuracy()
        );
        let mut counted: BTreeMap<String, usize> = BTreeMap::new();
        let mut slips = 0;
        for f in json["flips"].as_array().unwrap() {
            if f["player"] != "you" {
                continue;
            }
            slips += usize::from(f["kind"] == "memory_slip");
            if f["kind"] != "forced" || f["grade"] != "best" {
                *counted
                    .entry(f["grade"].as_str().unwrap().to_owned())
                    .or_default() += 1;
            }
        }
        for (grade, n) in s["grades"].as_object().unwrap() {
            let table = counted.get(grade).copied().unwrap_or(0);
            // A slip where every action was worth the same is no choice, graded best.
            if grade != "best" {
                assert_eq!(n.as_u64().unwrap() as usize, table, "{grade}: {json}");
            }
        }
        assert_eq!(slips, g.figures.slips, "{}", g.file);
    }

    // `history --list`: each game's line shows the same accuracy, and its slips.
    let history = run(&["history", "--list"], &data, &cache);
    for g in &games {
        let line = history
            .lines()
            .find(|l| l.contains(&g.file))
            .unwrap_or_else(|| panic!("{} not in:\n{history}", g.file));
        let accuracy = words::percent(g.figures.accuracy(), 0);
        assert!(line.contains(&accuracy), "{accuracy}: {line}");
        assert_eq!(line.contains("memory slip"), g.figures.slips > 0, "{line}");
    }

    // `stats --json`: each deck's accuracy pooled over its finished games.
    let stats: serde_json::Value =
        serde_json::from_str(&run(&["stats", "--json"], &data, &cache)).unwrap();
    let versus = stats["versus_ai"]["rows"].as_array().unwrap();
    for kind in stats["dashboard"]["kinds"].as_array().unwrap() {
        let deck = kind["deck"].as_str().unwrap();
        let mine: Vec<&Game> = games
            .iter()
            .filter(|g| {
                let r = concentration::record::load(&records.join(&g.file)).unwrap();
                r.deck.name() == deck
            })
            .collect();
        let best: usize = mine.iter().map(|g| g.figures.best).sum();
        let decisions: usize = mine.iter().map(|g| g.figures.decisions).sum();
        assert_eq!(kind["games"], mine.len(), "{kind}");
        assert_eq!(kind["decisions"], decisions, "{kind}");
        let pooled = best as f64 / decisions as f64;
        assert!(
            (kind["accuracy"].as_f64().unwrap() - pooled).abs() < 1e-12,
            "{kind}"
        );
        // The table of results shows the same accuracy as the table of kinds.
        let row = versus.iter().find(|r| r["deck"] == deck).unwrap();
        assert_eq!(row["accuracy"], kind["accuracy"], "{row}");
    }

    // `review --list --json`: every decision posed is graded and kinded as `analyze`
    // grades it, and none comes from the abandoned game.
    let review = run(&["review", "--list", "100", "--json"], &data, &cache);
    let mut posed = 0;
    for line in review.lines() {
        let d: serde_json::Value = serde_json::from_str(line).unwrap();
        let record = d["record"].as_str().unwrap();
        assert!(!record.ends_with(&abandoned), "{d}");
        let json = cli::json(&["analyze", record, "--json"]);
        let flip = json["flips"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["player"] == "you" && f["turn"] == d["turn"] && f["grade"] == d["class"])
            .unwrap_or_else(|| panic!("{d}"));
        assert_eq!(flip["kind"], d["kind"], "{d}");
        posed += 1;
    }
    assert!(posed > 0, "{review}");
}
