//! `concentration puzzle`: positions where one action is clearly best and the common
//! play is not it, to solve on screen or to list as JSON.

use clap::Args;
use serde_json::json;

use crate::app::{App, Drill, Filter};
use crate::rules::{Deck, Objective, PassRule};
use crate::solitaire::Challenge;
use crate::solver::FirstCard;
use crate::trainer::IdeaKind;
use crate::trainer::puzzle::{Difficulty, Generator, Puzzle, PuzzleRules, session, thumb};

/// Most games played to look for the puzzles asked for.
const MAX_GAMES: usize = 5_000;

/// Puzzles from the solver.
#[derive(Debug, Args)]
#[command(
    after_help = "On screen: a puzzle asks the rest of a turn: turn the best first card, then the best second \
(a guess solves at most a quarter); then every choice is shown with its value, \
what it costs and why, and your answer is counted (streak, solved, tried, by idea: see `concentration stats`). \
A session mixes the ideas with control positions, where the common play is right, so no rule of thumb solves more than half; \
with no --pass-rule it mixes agreed, quit and none, for four ideas. \
Keys: arrows or h j k l and Enter/Space (or a click), n next puzzle, r try a missed one again, L the Strategy page, ? help, q quit.\n\n\
Examples:\n  concentration puzzle\n  concentration puzzle --deck pairs:8 --difficulty easy\n  concentration puzzle --daily\n  \
concentration puzzle --deck standard-rank --idea sacrifice\n  concentration puzzle --timed\n  concentration puzzle --list 5 --seed 7 --json"
)]
pub(super) struct PuzzleArgs {
    /// Deck: standard, standard-rank, standard-jokers, double, pairs:N or LxC (default
    /// standard, or the deck an --idea is met on)
    #[arg(long)]
    pub deck: Option<Deck>,
    /// What the mover plays for: win or margin
    #[arg(long, default_value = "win")]
    pub objective: Objective,
    /// agreed, ko, quit, withdraw or none (default: a session mixing agreed, quit and
    /// none, or the rules an --idea is met under)
    #[arg(long = "pass-rule")]
    pub pass_rule: Option<PassRule>,
    /// Only puzzles where this idea is right (at most a third look-alikes where it is
    /// wrong): sacrifice, pass-to-win, wait, keep-pair, leave-pair, psyche-out or other
    #[arg(long, value_parser = parse_idea)]
    pub idea: Option<IdeaKind>,
    /// Only puzzles where the idea's rule in words (the Strategy page's) chooses wrong:
    /// the places the rule must be understood, not merely carried
    #[arg(long = "rule-fails")]
    pub rule_fails: bool,
    /// Only puzzles of this difficulty: easy, medium or hard
    #[arg(long, value_parser = parse_difficulty)]
    pub difficulty: Option<Difficulty>,
    /// Seed of the games the puzzles come from (default: random)
    #[arg(long, conflicts_with = "daily")]
    pub seed: Option<u64>,
    /// Today's puzzles: the seed of the day's challenge (UTC date), the same for everyone
    #[arg(long)]
    pub daily: bool,
    /// With --daily: the puzzles of this UTC date instead of today's (YYYY-MM-DD)
    #[arg(long, value_name = "YYYY-MM-DD", requires = "daily")]
    pub date: Option<String>,
    /// Do not count the answers in the tally
    #[arg(long = "no-save")]
    pub no_save: bool,
    #[command(flatten)]
    pub data: super::records::DataDir,
    #[command(flatten)]
    pub look: super::look::LookArgs,
    #[command(flatten)]
    pub(crate) access: super::access::AccessArgs,
    /// Print N puzzles instead of playing
    #[arg(long, value_name = "N", conflicts_with = "timed")]
    pub list: Option<usize>,
    /// A timed run: as many puzzles as you can solve in MINUTES (3 if not given), each
    /// answer marked at once; the best run is kept in the tally
    #[arg(long, value_name = "MINUTES", num_args = 0..=1, default_missing_value = "3",
          value_parser = clap::value_parser!(u32).range(1..=60))]
    pub timed: Option<u32>,
    /// With --list: one JSON object per line
    #[arg(long, requires = "list")]
    pub json: bool,
}

fn parse_idea(text: &str) -> Result<IdeaKind, String> {
    IdeaKind::parse(text).ok_or_else(|| {
        let names: Vec<&str> = IdeaKind::ALL.iter().map(|k| k.name()).collect();
        format!("unknown idea '{text}': expected {}", names.join(", "))
    })
}

fn parse_difficulty(text: &str) -> Result<Difficulty, String> {
    Difficulty::parse(text)
        .ok_or_else(|| format!("unknown difficulty '{text}': expected easy, medium or hard"))
}

/// Finds up to `count` puzzles for `args`.
///
/// # Errors
/// Rules the solver refuses (a deck too large, `margin` with `withdraw`, `moves`).
pub(super) fn find(args: &PuzzleArgs, seed: u64, count: usize) -> anyhow::Result<Vec<Puzzle>> {
    if args.objective == Objective::Moves {
        return Err(super::usage(
            "puzzles are two-player positions: objective 'moves' is for solitaire",
        ));
    }
    let all = rules(args)?;
    let mut generator = Generator::mixed(all.clone()).map_err(|e| super::usage(e.to_string()))?;
    let filter = Filter {
        idea: args.idea,
        difficulty: args.difficulty,
        rule_fails: args.rule_fails,
    };
    let found = filter.find(&mut generator, seed, count, MAX_GAMES, None);
    if args.rule_fails && found.is_empty() {
        let rule = args.idea.map_or("the idea's rule".to_string(), |i| {
            format!("the rule of {}", i.name())
        });
        return Err(super::usage(format!(
            "--rule-fails: no puzzle on {} under {} where {rule} chooses wrong (the rules cover \
             decks of pairs, and some are right wherever they are met)",
            all[0].deck.name(),
            session::joined(all.iter().map(|r| r.pass_rule.name()), "or")
        )));
    }
    if let Some(idea) = args.idea
        && !args.rule_fails
        && !found.iter().any(|p| !p.control)
    {
        let pass_rules: Vec<PassRule> = all.iter().map(|r| r.pass_rule).collect();
        return Err(super::usage(session::refusal(
            idea,
            &all[0].deck,
            &pass_rules,
        )));
    }
    Ok(found)
}

/// The rules of the session `args` ask for (see [`session::rules_for`]).
///
/// # Errors
/// A deck of rules of its own, or an idea these rules never call for (status 2).
fn rules(args: &PuzzleArgs) -> anyhow::Result<Vec<PuzzleRules>> {
    // The puzzles are the standard model's positions, valued by its solver.
    if let Some(deck) = &args.deck
        && crate::model::RuleSet::of(deck, 2) != crate::model::RuleSet::Standard
    {
        return Err(super::usage(format!(
            "--deck {deck}: puzzles are positions of the standard game, and this deck has rules of its own (play it with `concentration play --deck {deck}`)"
        )));
    }
    session::rules_for(
        args.deck.as_ref(),
        args.objective,
        args.pass_rule,
        args.idea,
    )
    .map_err(super::usage)
}

/// A decision point's fields (the names of the `solve` contract).
fn step_json(s: &crate::trainer::puzzle::Step) -> serde_json::Value {
    let actions: Vec<_> = s
        .actions
        .iter()
        .map(|(a, v)| json!({"action": a.to_string(), "value": v}))
        .collect();
    json!({
        "position": s.state.position.to_string(),
        "diff": s.state.diff,
        "after_pass": s.state.after_pass,
        "first": first_json(s.state.first),
        "actions": actions,
        "best": s.best.to_string(),
        "usual": s.usual.to_string(),
        "guess": s.guess(),
    })
}

fn first_json(first: Option<FirstCard>) -> serde_json::Value {
    match first {
        None => serde_json::Value::Null,
        Some(FirstCard::Revealed(q)) => json!({"kind": "revealed", "pattern": q.to_string()}),
        Some(FirstCard::Held(q)) => json!({"kind": "held", "pattern": q.to_string()}),
    }
}

/// One puzzle as a JSON object (the names of the `solve` contract).
#[must_use]
pub(super) fn to_json(p: &Puzzle) -> serde_json::Value {
    let first = first_json(p.state.first);
    let actions: Vec<_> = p
        .actions
        .iter()
        .map(|(a, v)| json!({"action": a.to_string(), "value": v}))
        .collect();
    let steps: Vec<_> = p.steps.iter().map(step_json).collect();
    let solved_by: Vec<&str> = thumb::names()
        .into_iter()
        .zip(p.solved_by)
        .filter_map(|(name, solved)| solved.then_some(name))
        .collect();
    json!({
        "asks": p.asks.name(),
        "question": p.asks.question(),
        "steps": steps,
        "key_step": p.key,
        "guess": p.guess,
        "rule_fails": p.rule_fails(),
        "solved_by": solved_by,
        "id": p.id,
        "deck": p.rules.deck.name(),
        "objective": p.rules.objective.name(),
        "pass_rule": p.rules.pass_rule.name(),
        "position": p.state.position.to_string(),
        "diff": p.state.diff,
        "after_pass": p.state.after_pass,
        "first": first,
        "actions": actions,
        "best": p.best.to_string(),
        "usual": p.usual.to_string(),
        "idea": p.idea.name(),
        "control": p.control,
        "difficulty": p.difficulty.name(),
        "rating": p.rating,
    })
}

/// The seed of the puzzles `args` ask for, and the day's challenge with `--daily`.
///
/// # Errors
/// A bad `--date` (status 2).
pub(super) fn seed(args: &PuzzleArgs) -> anyhow::Result<(u64, Option<Challenge>)> {
    let daily = if args.daily {
        let date = args
            .date
            .clone()
            .unwrap_or_else(|| crate::record::today().0);
        Some(Challenge::daily(&date).map_err(|e| super::usage(format!("--date: {e}")))?)
    } else {
        None
    };
    let seed = match daily {
        Some(d) => d.seed(
            &args
                .deck
                .clone()
                .unwrap_or_else(|| Deck::parse("standard").expect("the standard deck")),
        ),
        None => args.seed.unwrap_or_else(crate::app::random_seed),
    };
    Ok((seed, daily))
}

/// Runs `puzzle`.
///
/// # Errors
/// Bad rules (status 2); no terminal for the interactive puzzle.
pub(super) fn run(args: &PuzzleArgs) -> anyhow::Result<()> {
    let (seed, daily) = seed(args)?;
    let Some(count) = args.list else {
        return play(args, seed, daily);
    };
    let spinner = super::progress::Progress::spinner("finding puzzles");
    let puzzles = find(args, seed, count)?;
    drop(spinner);
    let (text, notes) = list_text(args, &puzzles, count)?;
    print!("{text}");
    for note in notes {
        eprintln!("{note}");
    }
    Ok(())
}

/// What `--list` prints of `puzzles` (`count` asked for): the text for standard
/// output, and the lines for standard error.
///
/// # Errors
/// Bad rules (status 2).
pub(super) fn list_text(
    args: &PuzzleArgs,
    puzzles: &[Puzzle],
    count: usize,
) -> anyhow::Result<(String, Vec<String>)> {
    let mut text = String::new();
    let mut notes = Vec::new();
    for p in puzzles {
        if args.json {
            text += &format!("{}\n", to_json(p));
        } else {
            let line: Vec<String> = p.steps.iter().map(|s| s.best.to_string()).collect();
            text += &format!(
                "{}  {}  {}  {}  best {}  (guess {:.0}%)\n",
                p.id,
                p.rules.pass_rule.name(),
                p.idea.name(),
                p.difficulty.name(),
                line.join(" then "),
                100.0 * p.guess
            );
        }
    }
    // A session on several rules says so (last, so that the first line is a puzzle's);
    // each puzzle names its own.
    let all = rules(args)?;
    if all.len() > 1 {
        let line = format!(
            "a mixed session: {} (each puzzle names its pass rule)",
            session::describe(&all)
        );
        if args.json {
            notes.push(line);
        } else {
            text += &format!("{line}\n");
        }
    }
    if puzzles.len() < count {
        notes.push(format!(
            "found {} of {count} puzzles in {MAX_GAMES} games",
            puzzles.len()
        ));
    }
    Ok((text, notes))
}

/// The rules of the puzzles to play on screen, checked playable.
///
/// # Errors
/// Rules the puzzles cannot be posed under (status 2).
pub(super) fn drill_rules(args: &PuzzleArgs) -> anyhow::Result<Vec<PuzzleRules>> {
    if args.objective == Objective::Moves {
        return Err(super::usage(
            "puzzles are two-player positions: objective 'moves' is for solitaire",
        ));
    }
    let all = rules(args)?;
    all[0]
        .deck
        .check_playable()
        .map_err(|e| super::usage(e.to_string()))?;
    Ok(all)
}

/// The puzzles under `all` from `seed` until the person quits, the answers counted in
/// data directory `stats` (none: not kept) with the dashboard's cache in `cache`.
///
/// # Errors
/// Rules no puzzle is found under (status 2).
pub(super) fn drill(
    args: &PuzzleArgs,
    all: Vec<PuzzleRules>,
    (seed, daily): (u64, Option<Challenge>),
    stats: Option<std::path::PathBuf>,
    cache: Option<std::path::PathBuf>,
) -> anyhow::Result<Drill> {
    let filter = Filter {
        idea: args.idea,
        difficulty: args.difficulty,
        rule_fails: args.rule_fails,
    };
    let mut drill = Drill::mixed(all, seed, filter, daily, stats, cache).map_err(super::usage)?;
    if let Some(minutes) = args.timed {
        drill = drill.timed(minutes, std::time::Instant::now());
    }
    Ok(drill)
}

/// The puzzle screen: puzzles from `seed` until the person quits.
fn play(args: &PuzzleArgs, seed: u64, daily: Option<Challenge>) -> anyhow::Result<()> {
    let all = drill_rules(args)?;
    let look = args.look.look()?;
    let stats = if args.no_save {
        None
    } else {
        let flag = super::settings::data_dir_flag(args.data.data_dir.as_deref());
        Some(crate::record::data_dir(flag.as_deref()).map_err(super::usage)?)
    };
    // Bad rules are refused before the terminal is asked for.
    let drill = drill(args, all, (seed, daily), stats, super::cache_dir())?;
    run_drill(
        drill,
        look,
        &args.access,
        "the puzzle needs a terminal: standard input and output must not be redirected",
    )
}

/// Runs a drill (puzzles or a review): by ear with `--screen-reader`, else on the
/// terminal, or the one line `no_terminal` when there is none.
pub(super) fn run_drill(
    drill: Drill,
    look: crate::app::Look,
    access: &super::access::AccessArgs,
    no_terminal: &str,
) -> anyhow::Result<()> {
    if let Some(options) = access.speech(None)? {
        let mut voice = super::access::voice(options);
        super::saved(crate::speech::puzzles(App::puzzle(drill), &mut voice)?)?;
        return Ok(());
    }
    if !crate::tui::is_terminal() {
        return Err(super::usage(no_terminal));
    }
    let mut app = App::puzzle(drill);
    app.look = look;
    super::settings::pause_if_warned();
    super::saved(crate::tui::run(app)?)?;
    Ok(())
}
