//! The puzzle screen before and after an answer, the tally it keeps, the Strategy page,
//! and the `puzzle`, `learn` and `stats` commands without a terminal.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::common::{screen, screen_sized, turn};
use concentration::app::{App, Drill, Filter, action_at};
use concentration::rules::{Deck, Objective, PassRule};
use concentration::trainer::IdeaKind;
use concentration::trainer::puzzle::PuzzleRules;
use concentration::trainer::tally::{FILE_NAME, Tally, TallyStore};
use concentration::tui::Action;

fn rules(deck: &str) -> PuzzleRules {
    PuzzleRules {
        deck: Deck::parse(deck).unwrap(),
        objective: Objective::Win,
        pass_rule: PassRule::Agreed,
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "concentration-puzzle-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn app(deck: &str, seed: u64, stats: Option<PathBuf>) -> App {
    let drill = Drill::new(rules(deck), seed, Filter::default(), None, stats, None).unwrap();
    App::puzzle(drill)
}

fn drill(app: &App) -> &Drill {
    app.drill().expect("the puzzle screen")
}

/// Turns the best card of each step until the puzzle is answered (in a timed run, until
/// the next one shows).
fn solve(app: &mut App) {
    let number = drill(app).number();
    while drill(app).answer().is_none() && drill(app).number() == number {
        let best = drill(app).lesson().best().named.cards[0];
        turn(app, best);
    }
}

/// Turns the best card of each step before the last (a puzzle asks the whole turn).
fn to_last_step(app: &mut App) {
    while drill(app).step().0 < drill(app).step().1 {
        let best = drill(app).lesson().best().named.cards[0];
        turn(app, best);
    }
}

/// On to the first puzzle whose idea is played at its last step (not a control).
fn to_idea_at_last_step(app: &mut App) {
    for _ in 0..20 {
        let p = drill(app).puzzle();
        if !p.control && p.key + 1 == p.steps.len() {
            return;
        }
        app.update(Action::New, Instant::now());
    }
    panic!("no puzzle of an idea at its last step in 20");
}

/// Every pattern code of the puzzle's position (`2.2x4`, `2.1`), none of which may show.
fn pattern_codes(d: &Drill) -> Vec<String> {
    let position = d.puzzle().state.position.to_string();
    let mut codes: Vec<String> = position.split(' ').map(str::to_string).collect();
    codes.extend(
        position
            .split(' ')
            .filter_map(|t| t.split('x').next().map(|p| format!(" {p} "))),
    );
    codes.extend(["known 2.".to_string(), "revealed".into(), "held".into()]);
    codes
}

#[test]
fn before_the_answer_the_table_score_rule_and_goal_show_and_no_pattern_code() {
    let app = app("pairs:8", 7, None);
    let s = screen(&app);
    let d = drill(&app);
    for want in [
        "Concentration puzzle",
        "pairs:8 · seed 7 · puzzle 1",
        "Score:",
        "Rule: agreed",
        "Goal: win",
        "Streak 0 · solved 0 of 0",
        "Find the best card",
        "Your turn: your first",
    ] {
        assert!(s.contains(want), "{want:?} missing:\n{s}");
    }
    // The idea is not given away, nor the answer's words.
    assert!(!s.contains(d.puzzle().idea.title()), "{s}");
    for code in pattern_codes(d) {
        assert!(!s.contains(&code), "pattern code {code:?} on screen:\n{s}");
    }
}

#[test]
fn the_best_card_is_right_and_every_action_shows_its_value_and_the_idea() {
    let mut app = app("pairs:8", 7, None);
    to_idea_at_last_step(&mut app);
    to_last_step(&mut app);
    let d = drill(&app);
    let best = d.lesson().best().named.cards[0];
    let values: Vec<String> = d
        .lesson()
        .actions
        .iter()
        .map(|e| concentration::trainer::value_words(Objective::Win, e.value))
        .collect();
    let title = d.lesson().idea.as_ref().unwrap().kind.title();
    turn(&mut app, best);
    let s = screen_sized(&app, 100, 40);
    assert!(s.contains("Right: the best card"), "{s}");
    for v in &values {
        assert!(s.contains(v.as_str()), "value {v} missing:\n{s}");
    }
    assert!(s.contains("% (best)"), "{s}");
    assert!(
        s.contains("pairs this turn") || s.contains("a pass:"),
        "{s}"
    );
    assert!(s.contains(&format!("{title}:")), "the idea line:\n{s}");
    assert!(
        s.contains("Streak 1 (best 1) · solved 1 of 1 · not saved"),
        "{s}"
    );
    for code in pattern_codes(drill(&app)) {
        assert!(!s.contains(&code), "pattern code {code:?} on screen:\n{s}");
    }
    // Every word of the answer window reaches the screen at 80 x 24 too.
    let small = screen(&app);
    assert!(small.contains("Right: the best card"), "{small}");
    assert!(small.contains(&format!("{title}:")), "{small}");
}

#[test]
fn the_common_play_is_wrong_and_says_what_it_cost() {
    let mut app = app("pairs:8", 7, None);
    to_idea_at_last_step(&mut app);
    to_last_step(&mut app);
    let d = drill(&app);
    let usual = d.step_now().usual;
    let card = d.lesson().find(usual).unwrap().named.cards[0];
    assert_eq!(action_at(d.lesson(), card), Some(usual));
    let cost = d.lesson().find(usual).unwrap().cost;
    turn(&mut app, card);
    let s = screen_sized(&app, 100, 40);
    let points = format!("{:.1} points", cost * 100.0);
    assert!(
        s.contains(&format!("Not the best: your choice costs {points}")),
        "{s}"
    );
    assert!(s.contains("Streak 0 (best 0) · solved 0 of 1"), "{s}");
    // A second flip after the answer changes nothing.
    let best = drill(&app).lesson().best().named.cards[0];
    turn(&mut app, best);
    assert!(!drill(&app).answer().unwrap().right);
}

#[test]
fn a_card_that_cannot_be_turned_only_says_so_and_n_gives_the_next_puzzle() {
    let mut app = app("pairs:8", 7, None);
    let d = drill(&app);
    let taken = d
        .game()
        .view()
        .slots()
        .iter()
        .position(|s| matches!(s, concentration::rules::Slot::Removed(_)));
    if let Some(pos) = taken {
        turn(&mut app, pos);
        assert!(drill(&app).answer().is_none());
        assert!(screen(&app).contains("That card cannot be turned now"));
    }
    let first_id = drill(&app).puzzle().id.clone();
    app.update(Action::New, Instant::now());
    let d = drill(&app);
    assert_eq!(d.number(), 2);
    assert_ne!(d.puzzle().id, first_id);
    assert!(screen(&app).contains("puzzle 2"));
    // Twelve more: past the first batch of ten, more are searched for.
    for _ in 0..12 {
        app.update(Action::New, Instant::now());
    }
    assert_eq!(drill(&app).number(), 14);
}

#[test]
fn answers_are_counted_in_the_tally_file_with_the_streak_and_by_idea() {
    let dir = scratch("tally");
    let mut app = app("pairs:8", 7, Some(dir.clone()));
    let idea = drill(&app).puzzle().idea;
    solve(&mut app);
    app.update(Action::New, Instant::now());
    let d = drill(&app);
    // A card that is not the best (the second puzzle may be a control, where the
    // common play is right).
    let wrong = d
        .lesson()
        .actions
        .iter()
        .find(|e| e.action != d.lesson().best)
        .unwrap()
        .named
        .cards[0];
    let second = d.puzzle().idea;
    turn(&mut app, wrong);
    let text = std::fs::read_to_string(dir.join(FILE_NAME)).unwrap();
    let tally: Tally = serde_json::from_str(&text).unwrap();
    assert_eq!((tally.all.tried, tally.all.solved), (2, 1));
    assert_eq!((tally.streak, tally.best_streak), (0, 1));
    let tried: u32 = tally.by_idea.values().map(|c| c.tried).sum();
    assert_eq!(tried, 2);
    assert!(tally.by_idea[idea.name()].solved >= 1);
    assert!(tally.by_idea.contains_key(second.name()));
    // `stats` shows them in its Puzzles section.
    let out = Command::new(env!("CARGO_BIN_EXE_concentration"))
        .args(["stats", "--data-dir", dir.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        stdout.contains("Puzzles: 1 solved of 2 · streak 0 · best streak 1"),
        "{stdout}"
    );
    assert!(stdout.contains(idea.title()), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn concurrent_answers_are_all_counted() {
    let dir = scratch("threads");
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let store = TallyStore::new(&dir);
                for i in 0..10 {
                    store
                        .record(IdeaKind::Sacrifice, (t + i) % 2 == 0, 1500.0, 0.0)
                        .unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let tally = TallyStore::new(&dir).load().tally;
    assert_eq!((tally.all.tried, tally.all.solved), (40, 20));
    assert_eq!(tally.by_idea["sacrifice"].tried, 40);
    assert_eq!(
        tally.ratings.map(|r| r.len()),
        Some(40),
        "rated with the tally"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_is_not_a_tally_is_moved_aside_not_overwritten() {
    let dir = scratch("corrupt");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(FILE_NAME), "not json").unwrap();
    let store = TallyStore::new(&dir);
    assert!(store.load().warning.is_some());
    let loaded = store.record(IdeaKind::Wait, true, 1500.0, 0.0).unwrap();
    assert!(loaded.warning.unwrap().contains("moved to"));
    assert_eq!(loaded.tally.all.tried, 1);
    let aside = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains(".corrupt-"))
        .count();
    assert_eq!(aside, 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_strategy_page_opens_from_help_scrolls_and_closes_back() {
    let mut app = app("pairs:8", 7, None);
    app.update(Action::Help, Instant::now());
    assert!(screen(&app).contains("L: the Strategy page"));
    app.update(Action::Learn, Instant::now());
    let s = screen(&app);
    assert!(s.contains("Strategy: the rules and the ideas"), "{s}");
    assert!(s.contains("The rules"), "{s}");
    assert!(s.contains("same rank and the same colour"), "{s}");
    app.update(Action::End, Instant::now());
    let s = screen(&app);
    assert!(s.contains("Better than the common play"), "{s}");
    assert!(!s.contains("The rules"), "{s}");
    app.update(Action::Page(-1), Instant::now());
    assert_ne!(screen(&app), s, "PgUp scrolls back");
    app.update(Action::Quit, Instant::now());
    assert!(!app.quit, "back to the puzzle");
    assert!(screen(&app).contains("Find the best card"));
}

#[test]
fn the_strategy_page_shows_each_idea_with_a_position_and_its_values() {
    let mut app = App::learn();
    let mut seen = String::new();
    for _ in 0..60 {
        seen.push_str(&screen_sized(&app, 100, 30));
        app.update(Action::Page(1), Instant::now());
    }
    for kind in IdeaKind::ALL {
        assert!(seen.contains(kind.title()), "{kind:?} missing");
    }
    for want in [
        "The sacrifice: a second new card pairs only",
        "costs",
        "(best)",
        "[E]",
        // The blog's tie: taking the pair and another new card, both 1/3.
        "Take the pair: turn C (c1): 33.3% (best)",
        "Turn a second new card: 33.3% (best)",
    ] {
        assert!(seen.contains(want), "{want:?} missing:\n{seen}");
    }
    app.update(Action::Quit, Instant::now());
    assert!(app.quit, "learn ends when its page closes");
}

fn run_without_terminal(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_concentration"))
        .args(args)
        .env("CONCENTRATION_CONFIG", "/nonexistent/config.toml")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn the_interactive_puzzle_needs_a_terminal() {
    let out = run_without_terminal(&["puzzle", "--seed", "3", "--no-save"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("needs a terminal"), "{err}");
    // Bad flags and rules are refused before that.
    let out = run_without_terminal(&[
        "puzzle",
        "--objective",
        "margin",
        "--pass-rule",
        "withdraw",
        "--no-save",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("withdraw") && !err.contains("terminal"),
        "{err}"
    );
    let out = run_without_terminal(&["puzzle", "--date", "2026-04-01"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run_without_terminal(&["puzzle", "--daily", "--date", "2026-13-01"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--date"));
}

#[test]
fn the_daily_puzzles_are_those_of_the_days_challenge_seed() {
    let json = |args: &[&str]| {
        let out = run_without_terminal(args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let deck = Deck::parse("pairs:8").unwrap();
    let seed = concentration::solitaire::Challenge::daily("2026-04-01")
        .unwrap()
        .seed(&deck)
        .to_string();
    let daily = json(&[
        "puzzle",
        "--deck",
        "pairs:8",
        "--daily",
        "--date",
        "2026-04-01",
        "--list",
        "2",
        "--json",
    ]);
    let seeded = json(&[
        "puzzle", "--deck", "pairs:8", "--seed", &seed, "--list", "2", "--json",
    ]);
    assert_eq!(daily, seeded);
    let other = json(&[
        "puzzle",
        "--deck",
        "pairs:8",
        "--daily",
        "--date",
        "2026-04-02",
        "--list",
        "2",
        "--json",
    ]);
    assert_ne!(daily, other);
}

#[test]
fn learn_without_a_terminal_prints_the_page() {
    let out = run_without_terminal(&["learn"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Concentration: strategy"), "{text}");
    for kind in IdeaKind::ALL {
        assert!(text.contains(kind.title()), "{kind:?}");
    }
    assert!(text.contains("same rank and the same colour"));
    assert!(
        text.contains("Turn a second new card: 33.3% (best)"),
        "{text}"
    );
}

#[test]
fn after_a_first_card_the_screen_says_which_card_was_turned() {
    let mut app = app("standard", 3, None);
    assert_eq!(drill(&app).step(), (1, 2), "a puzzle asks the turn");
    to_last_step(&mut app);
    let d = drill(&app);
    let s = screen(&app);
    for code in pattern_codes(d) {
        assert!(!s.contains(&code), "pattern code {code:?} on screen:\n{s}");
    }
    let concentration::rules::Phase::SecondCard { first, .. } = d.game().view().phase() else {
        panic!("the second step is after the first card");
    };
    let words = concentration::trainer::card_words(d.game().view(), first);
    let wide = screen_sized(&app, 120, 30);
    assert!(wide.contains(&format!("You turned {words}")), "{wide}");
    assert!(wide.contains("card 2 of 2"), "{wide}");
}

#[test]
fn a_click_on_the_best_card_answers_the_puzzle() {
    let mut app = app("pairs:8", 7, None);
    app.update(Action::Resize(80, 24), Instant::now());
    to_last_step(&mut app);
    let d = drill(&app);
    let best = d.lesson().best().named.cards[0];
    let board = concentration::rules::Board::new(
        concentration::rules::Layout::Grid,
        d.game().view().deck(),
        0,
    );
    let area = concentration::tui::board_area(ratatui::layout::Rect::new(0, 0, 80, 24));
    let cell = concentration::tui::Geometry::fit(area, &board)
        .unwrap()
        .cell(best);
    app.update(Action::Click((cell.x, cell.y)), Instant::now());
    let answer = drill(&app).answer().expect("the click answered");
    assert_eq!(answer.position, best);
    assert!(answer.right);
    assert!(screen(&app).contains("Right: the best card"));
}

/// Every fact of a puzzle's decision point that its answer can depend on (the fields of
/// `puzzle --json`: deck, difficulty, objective, pass rule, score difference, whether
/// the opponent just passed, the card turned first) as the panel must say it.
fn facts_shown(d: &Drill, app: &App) {
    use concentration::solver::FirstCard;
    let panel = app.window_text().join("\n");
    let s = screen_sized(app, 120, 40);
    let p = d.puzzle();
    let state = &p.state;
    assert!(s.contains(p.rules.deck.name()), "deck:\n{s}");
    assert!(
        panel.contains(&format!("· {}", p.difficulty.name())),
        "difficulty:\n{panel}"
    );
    assert!(
        panel.contains(&format!("Rule: {}: ", p.rules.pass_rule.name())),
        "pass rule:\n{panel}"
    );
    let goal = match p.rules.objective {
        Objective::Margin => "Goal: end the most pairs ahead",
        _ => "Goal: win",
    };
    assert!(panel.contains(goal), "objective:\n{panel}");
    let score = panel
        .lines()
        .find_map(|l| l.strip_prefix("Score: "))
        .expect("a score line");
    let (mine, theirs) = score
        .rsplit(' ')
        .next()
        .and_then(|s| s.split_once('–'))
        .map(|(a, b)| (a.parse::<i64>().unwrap(), b.parse::<i64>().unwrap()))
        .expect("the score as mine–theirs");
    assert_eq!(mine - theirs, state.diff, "score difference: {score}");
    assert_eq!(
        panel.contains("Your opponent just passed"),
        state.after_pass,
        "after_pass {}:\n{panel}",
        state.after_pass
    );
    // And it reaches the screen (wrapped in the panel: word by word).
    for word in ["opponent", "just", "passed"] {
        assert!(s.contains(word) || !state.after_pass, "{s}");
    }
    let first = match state.first {
        None => "your first card",
        Some(FirstCard::Revealed(_)) => ", a new card whose partner",
        Some(FirstCard::Held(_)) => ", a card you had seen: now your second card",
    };
    assert!(
        panel.contains(first),
        "first card {:?}:\n{panel}",
        state.first
    );
}

/// The day's first standard puzzle of 2026-11-26 is a pass after the opponent's pass:
/// its answer ("the game ends now; you win") depends on that pass, so the screen says it.
#[test]
fn a_puzzle_shows_every_fact_its_answer_depends_on() {
    let deck = Deck::parse("standard").unwrap();
    let day = concentration::solitaire::Challenge::daily("2026-11-26").unwrap();
    let rules = PuzzleRules {
        deck: deck.clone(),
        objective: Objective::Win,
        pass_rule: PassRule::Agreed,
    };
    let daily = Drill::new(
        rules,
        day.seed(&deck),
        Filter::default(),
        Some(day),
        None,
        None,
    )
    .unwrap();
    let app = App::puzzle(daily);
    facts_shown(drill(&app), &app);
    // And on every puzzle of a run, whatever its facts: passes under each rule that has
    // them, both objectives.
    let mut passed = 0;
    for (rule, objective) in [
        (PassRule::Agreed, Objective::Win),
        (PassRule::Ko, Objective::Margin),
    ] {
        let rules = PuzzleRules {
            deck: Deck::parse("pairs:8").unwrap(),
            objective,
            pass_rule: rule,
        };
        let run = Drill::new(rules, 7, Filter::default(), None, None, None).unwrap();
        let mut app = App::puzzle(run);
        for _ in 0..8 {
            facts_shown(drill(&app), &app);
            passed += usize::from(drill(&app).puzzle().state.after_pass);
            app.update(Action::New, Instant::now());
        }
    }
    eprintln!("{passed} puzzles after a pass");
}

/// A run opens with the tally `stats` shows, not 0 of 0, and counts on from it.
#[test]
fn the_tally_on_the_first_screen_is_the_saved_one() {
    let dir = scratch("first-tally");
    let store = TallyStore::new(&dir);
    for i in 0..12 {
        store
            .record(IdeaKind::Sacrifice, i != 3, 1500.0, 0.0)
            .unwrap();
    }
    let mut saved = app("pairs:8", 7, Some(dir.clone()));
    // The panel's line (it wraps in the narrow panel).
    let s = saved.window_text().join("\n");
    assert!(s.contains("Streak 8 · solved 11 of 12"), "{s}");
    solve(&mut saved);
    let s = screen_sized(&saved, 100, 40);
    assert!(s.contains("Streak 9 (best 9) · solved 12 of 13"), "{s}");
    saved.update(Action::New, Instant::now());
    let s = saved.window_text().join("\n");
    assert!(s.contains("Streak 9 · solved 12 of 13"), "{s}");
    // Without saving, the session's own count from 0.
    let no_save = app("pairs:8", 7, None);
    assert!(screen(&no_save).contains("Streak 0 · solved 0 of 0"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The Strategy page's text, built as `learn` prints it.
fn strategy_text() -> String {
    concentration::trainer::strategy::to_text(&concentration::trainer::strategy::page())
}

/// The page teaches every game the program plays: rank-only decks (a label of four),
/// Zebra, classic and open memory, and both objectives.
#[test]
fn the_strategy_page_covers_the_decks_memory_and_objectives() {
    let text = strategy_text();
    for want in [
        "standard-rank",
        "any two 7s",
        "Zebra",
        "opposite colour",
        "Classic memory",
        "Open memory",
        "win:",
        "margin:",
        "the score plus",
    ] {
        assert!(text.contains(want), "{want:?} missing:\n{text}");
    }
}

/// What a line says agrees with its numbers: leaving the pair hands it over (its own
/// numbers say so), and a pass that wins is worth more than playing on, in that order.
#[test]
fn each_ideas_words_agree_with_its_numbers() {
    use concentration::trainer::strategy::page;
    let sections = page();
    let section = |title: &str| {
        sections
            .iter()
            .find(|s| s.title == title)
            .unwrap_or_else(|| panic!("{title} missing"))
    };
    let leave = section("Leave the pair");
    let example = leave.example.as_ref().unwrap();
    let best = example.actions.iter().find(|a| a.cost == "best").unwrap();
    let idea = example.idea.as_ref().unwrap();
    if best.numbers.contains("hands over a pair") {
        // The idea's words (the last paragraph is the command that practises it).
        let words = leave
            .words
            .iter()
            .filter(|w| !w.starts_with("Practise it: "));
        for text in words.chain([idea]) {
            assert!(!text.contains("for later"), "{text}");
            assert!(text.contains("your opponent"), "{text}");
        }
    }
    let pass = section("Pass to win");
    let example = pass.example.as_ref().unwrap();
    let best = example.actions.iter().find(|a| a.cost == "best").unwrap();
    let other = example.actions.iter().find(|a| a.cost != "best").unwrap();
    let idea = example.idea.as_ref().unwrap();
    let (b, o) = (
        idea.find(&best.value).expect("the pass's value"),
        idea.find(&other.value).expect("playing on's value"),
    );
    assert!(b < o, "the pass's value first: {idea}");
    assert!(
        idea.contains(&format!("worth only {}", other.value)),
        "{idea}"
    );
    assert!(!idea.contains("hands over a pair 0%"), "{idea}");
}

/// No text names a source it does not name: no "the blog" anywhere in the program.
#[test]
fn no_text_cites_an_unnamed_source() {
    assert!(!strategy_text().to_lowercase().contains("blog"));
    let mut stack = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(
                    !text.to_lowercase().contains("the blog"),
                    "{} cites \"the blog\"",
                    path.display()
                );
            }
        }
    }
}

/// A control position (the common play is right) says so after the answer: which idea
/// would be wrong here and what its move costs; the common play is marked right.
#[test]
fn a_control_position_says_the_common_play_is_right_here() {
    let mut app = app("pairs:8", 7, None);
    for _ in 0..10 {
        if drill(&app).puzzle().control {
            break;
        }
        app.update(Action::New, Instant::now());
    }
    let d = drill(&app);
    assert!(d.puzzle().control, "a control within ten puzzles");
    assert_eq!(d.puzzle().best, d.puzzle().usual);
    let title = d.puzzle().idea.title().to_lowercase();
    // The common play at every step.
    while drill(&app).answer().is_none() {
        let d = drill(&app);
        let usual = d.lesson().find(d.step_now().usual).unwrap().named.cards[0];
        turn(&mut app, usual);
    }
    assert!(drill(&app).answer().unwrap().right);
    for s in [screen_sized(&app, 100, 40), screen(&app)] {
        let flat = s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("Right: the best card"), "{s}");
        assert!(
            flat.contains(&format!("Not every position calls for '{title}'")),
            "{s}"
        );
        assert!(flat.contains("the common play is best"), "{s}");
    }
}

/// The first card that is not the best at the puzzle on screen.
fn wrong_card(d: &Drill) -> usize {
    let lesson = d.lesson();
    lesson
        .actions
        .iter()
        .find(|e| e.action != lesson.best)
        .unwrap()
        .named
        .cards[0]
}

/// A missed puzzle can be tried again with `r`: the answer is taken back, the second
/// answer is marked but the tally keeps the first.
#[test]
fn a_missed_puzzle_can_be_tried_again_and_only_the_first_answer_counts() {
    let dir = scratch("retry");
    let mut app = app("pairs:8", 7, Some(dir.clone()));
    let id = drill(&app).puzzle().id.clone();
    // `r` before an answer, or after a right one, does nothing.
    app.update(Action::Again, Instant::now());
    assert!(!drill(&app).is_retry());
    let wrong = wrong_card(drill(&app));
    turn(&mut app, wrong);
    assert!(screen(&app).contains("try again"), "{}", screen(&app));
    app.update(Action::Again, Instant::now());
    let d = drill(&app);
    assert!(d.answer().is_none() && d.is_retry());
    assert_eq!(d.puzzle().id, id);
    assert!(screen(&app).contains("Try again"), "{}", screen(&app));
    solve(&mut app);
    let d = drill(&app);
    assert!(d.answer().unwrap().right);
    assert!(d.message().contains("not counted"), "{}", d.message());
    let text = std::fs::read_to_string(dir.join(FILE_NAME)).unwrap();
    let tally: Tally = serde_json::from_str(&text).unwrap();
    assert_eq!((tally.all.tried, tally.all.solved), (1, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A timed run: each answer is marked and the next puzzle shown at once, the clock
/// counts down on screen, and when the time is up the run is counted (its best kept)
/// and no more answers are taken.
#[test]
fn a_timed_run_counts_what_was_solved_before_the_time_is_up() {
    let dir = scratch("timed");
    let start = Instant::now();
    let drill_ = Drill::new(
        rules("pairs:8"),
        7,
        Filter::default(),
        None,
        Some(dir.clone()),
        None,
    )
    .unwrap()
    .timed(1, start);
    let mut app = App::puzzle(drill_);
    assert!(app.deadline().is_some(), "the clock asks for ticks");
    let s = screen_sized(&app, 100, 40);
    assert!(s.contains("Time left 1:00"), "{s}");
    assert!(s.contains("This run: 0 of 0 solved"), "{s}");
    assert!(s.contains("timed run of 1 min"), "{s}");
    solve(&mut app);
    let d = drill(&app);
    assert_eq!(d.number(), 2, "the next puzzle at once");
    assert!(d.answer().is_none());
    assert!(d.message().starts_with("Right"), "{}", d.message());
    let wrong = wrong_card(d);
    turn(&mut app, wrong);
    assert!(drill(&app).message().starts_with("Not the best: it was"));
    app.update(Action::Tick, start + std::time::Duration::from_secs(20));
    let s = screen_sized(&app, 100, 40);
    assert!(s.contains("Time left 0:40"), "{s}");
    assert!(s.contains("This run: 1 of 2 solved"), "{s}");
    app.update(Action::Tick, start + std::time::Duration::from_secs(61));
    let s = screen_sized(&app, 100, 40);
    assert!(s.contains("Time is up"), "{s}");
    assert!(s.contains("1 solved of 2 in 1 minute"), "{s}");
    assert!(s.contains("A new best!"), "{s}");
    assert!(app.deadline().is_none(), "the clock stopped");
    // No more answers once the time is up.
    let number = drill(&app).number();
    let best = drill(&app).lesson().best().named.cards[0];
    turn(&mut app, best);
    assert_eq!(drill(&app).number(), number);
    assert!(drill(&app).answer().is_none());
    let text = std::fs::read_to_string(dir.join(FILE_NAME)).unwrap();
    let tally: Tally = serde_json::from_str(&text).unwrap();
    assert_eq!((tally.all.tried, tally.all.solved), (2, 1));
    assert_eq!(tally.best_timed.get(&1), Some(&1));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A counted answer rates the person against the puzzle's rating (Glicko-2): the
/// answer window shows both and the change, the panel the rating, and the result is
/// kept with the tally in `puzzle-stats.json`; a second try is not rated.
#[test]
fn an_answer_rates_the_person_against_the_puzzle() {
    let dir = scratch("rating");
    let mut app = app("pairs:8", 7, Some(dir.clone()));
    let rating = drill(&app).puzzle().rating;
    let wrong = wrong_card(drill(&app));
    turn(&mut app, wrong);
    let s = screen_sized(&app, 100, 40);
    assert!(
        s.contains(&format!("Puzzle rated {rating:.0} · your rating")),
        "{s}"
    );
    let (book, change) = drill(&app).rating().unwrap();
    assert_eq!(book.rated, 1);
    assert!(change.unwrap() < 0.0, "a miss lowers the rating");
    let now = format!("Rating {:.0}", book.rating.rating);
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(FILE_NAME)).unwrap()).unwrap();
    assert_eq!(log["ratings"].as_array().unwrap().len(), 1);
    assert_eq!(log["ratings"][0]["rating"].as_f64(), Some(rating));
    assert_eq!(log["ratings"][0]["solved"].as_bool(), Some(false));
    assert!(!dir.join("puzzle-ratings.json").exists());
    // A second try is marked but not rated.
    app.update(Action::Again, Instant::now());
    solve(&mut app);
    assert_eq!(drill(&app).rating().unwrap().0.rated, 1);
    assert!(!screen_sized(&app, 100, 40).contains("Puzzle rated"));
    // The next puzzle's panel shows the rating.
    app.update(Action::New, Instant::now());
    let s = screen_sized(&app, 100, 40);
    assert!(s.contains(&now), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}
