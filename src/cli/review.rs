//! `concentration review --list N [--json]`: your own costly decisions from saved games
//! (a mistake or worse), newest game first, each as a puzzle: the position as it was,
//! valued by the solver, with the record, the turn and what you played.

use std::collections::BTreeMap;

use clap::Args;
use serde_json::json;

use crate::players::{Optimal, Usual, state_of};
use crate::record;
use crate::solver::FirstCard;

/// Your costly decisions from saved games, as puzzles.
#[derive(Debug, Args)]
#[command(
    after_help = "Each decision of yours in a saved game against an AI that cost a mistake or more (2 points of win chance, 0.2 pairs) is listed as a puzzle: the position as it was (what was seen, the score, the pass rule), every action valued, the best, and the record, turn and action you played. Read from the dashboard's cache (see `stats`).\n\nExamples:\n  concentration review --list 5\n  concentration review --list 3 --json"
)]
pub struct ReviewArgs {
    #[command(flatten)]
    data: super::records::DataDir,
    /// How many to list
    #[arg(long, value_name = "N", default_value_t = 10)]
    list: usize,
    /// One JSON object a line, in the puzzle format plus `record`, `turn`, `played`
    #[arg(long)]
    json: bool,
}

/// Runs `review`.
///
/// # Errors
/// No data directory, or a records folder that cannot be read.
pub fn run(args: &ReviewArgs) -> anyhow::Result<()> {
    let records = args.data.records()?;
    let data = records
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    let games = super::records::analysed_games(&data)?;
    for (_, why) in &games.unreadable {
        eprintln!("skipped: {why}");
    }
    let mut solvers: BTreeMap<(String, &str, &str), Option<Optimal>> = BTreeMap::new();
    let mut lines = Vec::new();
    'games: for (name, d) in &games.digests {
        for c in &d.costly {
            if lines.len() >= args.list {
                break 'games;
            }
            let path = records.join(name);
            let Ok(rec) = record::load(&path) else {
                continue;
            };
            let Ok(mut game) = rec.start() else { continue };
            if rec.flips[..c.index]
                .iter()
                .any(|&p| game.try_flip(p).is_err())
            {
                continue;
            }
            let Some(optimal) = solvers
                .entry((
                    rec.deck.name().to_owned(),
                    rec.objective.name(),
                    rec.pass_rule.name(),
                ))
                .or_insert_with(|| Optimal::new(&rec.deck, rec.objective, rec.pass_rule).ok())
            else {
                continue;
            };
            let state = state_of(game.view());
            let Ok(actions) = optimal.solver().actions(&state) else {
                continue;
            };
            let Some(played) = <crate::model::Standard as crate::model::Model>::action_of(
                game.view(),
                rec.flips[c.index],
            ) else {
                continue;
            };
            let Some(best) = crate::players::choose_best(
                rec.objective,
                crate::players::TieBreak::Usual,
                &actions,
                state.first,
            ) else {
                continue;
            };
            let first = match state.first {
                None => serde_json::Value::Null,
                Some(FirstCard::Revealed(q)) => {
                    json!({"kind": "revealed", "pattern": q.to_string()})
                }
                Some(FirstCard::Held(q)) => json!({"kind": "held", "pattern": q.to_string()}),
            };
            lines.push(json!({
                "id": format!("{}/{}/{}", rec.deck.name(), rec.seed, c.index),
                "deck": rec.deck.name(),
                "objective": rec.objective.name(),
                "pass_rule": rec.pass_rule.name(),
                "position": state.position.to_string(),
                "diff": state.diff,
                "after_pass": state.after_pass,
                "first": first,
                "actions": actions.iter().map(|(a, v)| json!({"action": a.to_string(), "value": v})).collect::<Vec<_>>(),
                "best": best.to_string(),
                "usual": Usual.act(&state).to_string(),
                "record": path.display().to_string(),
                "turn": c.turn,
                "played": played.to_string(),
                "cost": c.cost,
                "class": c.class,
                "explanation": c.text,
            }));
        }
    }
    if lines.is_empty() {
        println!(
            "No costly decisions of yours to review in {} (a mistake or worse in a game against an AI).",
            records.display()
        );
        return Ok(());
    }
    for l in &lines {
        if args.json {
            println!("{l}");
        } else {
            println!(
                "{}  turn {}  {}",
                l["record"].as_str().unwrap_or_default(),
                l["turn"],
                l["explanation"]
                    .as_str()
                    .map(crate::words::printable)
                    .unwrap_or_default()
            );
        }
    }
    Ok(())
}
