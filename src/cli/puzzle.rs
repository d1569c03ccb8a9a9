//! `concentration puzzle`: positions where one action is clearly best and the common
//! play is not it, to solve on screen or to list as JSON.

use clap::Args;
use serde_json::json;

use crate::rules::{Deck, Objective, PassRule};
use crate::solver::FirstCard;
use crate::trainer::IdeaKind;
use crate::trainer::puzzle::{Difficulty, Generator, Puzzle, PuzzleRules};

/// Most games played to look for the puzzles asked for.
const MAX_GAMES: usize = 5_000;

/// Puzzles from the solver.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration puzzle\n  concentration puzzle --deck standard-rank --idea sacrifice\n  concentration puzzle --list 5 --seed 7 --json"
)]
pub struct PuzzleArgs {
    /// Deck: standard, standard-rank, standard-jokers, pairs:N or LxC
    #[arg(long, default_value = "standard")]
    pub deck: Deck,
    /// What the mover plays for: win or margin
    #[arg(long, default_value = "win")]
    pub objective: Objective,
    /// agreed, ko, quit, withdraw or none
    #[arg(long = "pass-rule", default_value = "agreed")]
    pub pass_rule: PassRule,
    /// Only puzzles of this idea: sacrifice, pass-to-win, wait, keep-pair, leave-pair,
    /// psyche-out or other
    #[arg(long, value_parser = parse_idea)]
    pub idea: Option<IdeaKind>,
    /// Only puzzles of this difficulty: easy, medium or hard
    #[arg(long, value_parser = parse_difficulty)]
    pub difficulty: Option<Difficulty>,
    /// Seed of the games the puzzles come from (default: random)
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print N puzzles instead of playing
    #[arg(long, value_name = "N")]
    pub list: Option<usize>,
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
pub fn find(args: &PuzzleArgs, seed: u64, count: usize) -> anyhow::Result<Vec<Puzzle>> {
    if args.objective == Objective::Moves {
        return Err(super::usage(
            "puzzles are two-player positions: objective 'moves' is for solitaire",
        ));
    }
    let rules = PuzzleRules {
        deck: args.deck.clone(),
        objective: args.objective,
        pass_rule: args.pass_rule,
    };
    let mut generator = Generator::new(rules).map_err(|e| super::usage(e.to_string()))?;
    let (idea, difficulty) = (args.idea, args.difficulty);
    Ok(generator.puzzles(seed, count, MAX_GAMES, &|p| {
        idea.is_none_or(|k| p.idea == k) && difficulty.is_none_or(|d| p.difficulty == d)
    }))
}

/// One puzzle as a JSON object (the names of the `solve` contract).
#[must_use]
pub fn to_json(p: &Puzzle) -> serde_json::Value {
    let first = match p.state.first {
        None => serde_json::Value::Null,
        Some(FirstCard::Revealed(q)) => json!({"kind": "revealed", "pattern": q.to_string()}),
        Some(FirstCard::Held(q)) => json!({"kind": "held", "pattern": q.to_string()}),
    };
    let actions: Vec<_> = p
        .actions
        .iter()
        .map(|(a, v)| json!({"action": a.to_string(), "value": v}))
        .collect();
    json!({
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
        "difficulty": p.difficulty.name(),
    })
}

/// Runs `puzzle`.
///
/// # Errors
/// Bad rules (status 2); no terminal for the interactive puzzle.
pub fn run(args: &PuzzleArgs) -> anyhow::Result<()> {
    let seed = args.seed.unwrap_or_else(crate::tui::random_seed);
    let Some(count) = args.list else {
        return Err(super::usage(
            "use --list N (the puzzle screen is not built yet)",
        ));
    };
    let puzzles = find(args, seed, count)?;
    for p in &puzzles {
        if args.json {
            println!("{}", to_json(p));
        } else {
            println!(
                "{}  {}  {}  best {}  (usual {})",
                p.id,
                p.idea.name(),
                p.difficulty.name(),
                p.best,
                p.usual
            );
        }
    }
    if puzzles.len() < count {
        eprintln!(
            "found {} of {count} puzzles in {MAX_GAMES} games",
            puzzles.len()
        );
    }
    Ok(())
}
