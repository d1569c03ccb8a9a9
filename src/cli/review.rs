//! `concentration review`: your own costly decisions from saved games (a mistake or
//! worse), newest game first, each as a puzzle: the position as it was, valued by the
//! solver. On screen one at a time (the puzzle screen), or listed with `--list N
//! [--json]` with the record, the turn and what you played.

use clap::Args;
use serde_json::json;

use std::path::Path;

use super::records::RecordName;
use crate::app::Drill;
use crate::trainer::review::{self, Decision, Solvers};
use crate::trainer::schedule::ScheduleStore;

/// Your costly decisions from saved games, as puzzles.
#[derive(Debug, Args)]
#[command(
    after_help = "Each decision of yours in a saved game against an AI that cost a mistake or more (2 points of win chance, 0.2 pairs) is posed as a puzzle: the position as it was (what was seen, the score, the pass rule), every action valued, the best. On screen, one at a time: turn the card you think best, and the answer says what it was worth and what you played in the game. With --list, printed with the record, turn and action you played. Read from the dashboard's cache (see `stats`).\n\nExamples:\n  concentration review\n  concentration review --list 5\n  concentration review --list 3 --json"
)]
pub(super) struct ReviewArgs {
    #[command(flatten)]
    data: super::records::DataDir,
    #[command(flatten)]
    pub(super) look: super::look::LookArgs,
    #[command(flatten)]
    pub(super) access: super::access::AccessArgs,
    /// Print N decisions instead of reviewing them on screen
    #[arg(long, value_name = "N")]
    pub(super) list: Option<usize>,
    /// With --list: one JSON object a line, in the puzzle format plus `record`, `turn`,
    /// `played`
    #[arg(long, requires = "list")]
    json: bool,
    /// Follow the spaced schedule: solved decisions leave, missed ones come back after
    /// 1, 3, then 7 days (kept in the data directory; followed from then on)
    #[arg(long)]
    schedule: bool,
}

/// Runs `review`.
///
/// # Errors
/// No data directory, or a records folder that cannot be read.
pub(super) fn run(args: &ReviewArgs) -> anyhow::Result<()> {
    let records = args.data.records()?;
    let data = records
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    // The records the cache lacks are analysed first, with a bar on a terminal.
    super::records::warm_cache(&data);
    let cache = super::cache_dir();
    let (notes, review) = review(args, &data, cache.as_deref(), RecordName::Path)?;
    for note in notes {
        eprintln!("{note}");
    }
    match review {
        Review::Text(text) => {
            print!("{text}");
            Ok(())
        }
        Review::Drill(drill) => super::puzzle::run_drill(
            *drill,
            args.look.look()?,
            &args.access,
            "the review needs a terminal: standard input and output must not be redirected (or use --list)",
        ),
    }
}

/// What a review comes to.
pub(super) enum Review {
    /// Printed: the list, or the line saying there is nothing to review.
    Text(String),
    /// The decisions to answer one at a time.
    Drill(Box<Drill>),
}

/// The review of the games in data directory `data` (the dashboard's cache in `cache`)
/// that `args` ask for, each record named by `names`; with it the lines for standard
/// error (a schedule that did not read, a record skipped).
///
/// # Errors
/// A records folder that cannot be read (status 2).
pub(super) fn review(
    args: &ReviewArgs,
    data: &Path,
    cache: Option<&Path>,
    names: RecordName,
) -> anyhow::Result<(Vec<String>, Review)> {
    // The schedule, once opted into, is followed until its file is removed.
    let today = crate::dates::parse_day(&crate::dates::now_utc().0).unwrap_or(time::Date::MIN);
    let store = ScheduleStore::new(data);
    let loaded = if args.schedule || store.exists() {
        Some(store.load())
    } else {
        None
    };
    let mut solvers = Solvers::default();
    let limit = args.list.unwrap_or(crate::app::REVIEW_SESSION);
    let due = |key: &str| {
        loaded
            .as_ref()
            .is_none_or(|l| l.schedule.is_due(key, today))
    };
    let mut found =
        review::decisions(data, cache, limit, &due, &mut solvers).map_err(super::usage)?;
    let mut notes: Vec<String> = loaded
        .as_ref()
        .and_then(|l| l.warning.clone())
        .into_iter()
        .collect();
    notes.extend(found.unreadable.iter().map(|why| format!("skipped: {why}")));
    if found.decisions.is_empty() {
        found.records = names.folder(&found.records);
        let schedule = loaded.as_ref().map(|l| (&l.schedule, today));
        return Ok((
            notes,
            Review::Text(format!("{}\n", found.nothing_line(schedule))),
        ));
    }
    if args.list.is_none() {
        let mut drill = Drill::review(found.decisions, solvers).map_err(super::usage)?;
        if let Some(l) = loaded {
            drill = drill.with_schedule(store, today, l.warning);
        }
        return Ok((notes, Review::Drill(Box::new(drill))));
    }
    let text = found
        .decisions
        .iter()
        .map(|d| {
            if args.json {
                format!("{}\n", to_json(d, names))
            } else {
                format!(
                    "{}  turn {}  {}{}\n",
                    names.of(&d.played.path),
                    d.played.turn,
                    if d.played.slip { "memory slip: " } else { "" },
                    crate::words::escaped(&d.played.explanation)
                )
            }
        })
        .collect();
    Ok((notes, Review::Text(text)))
}

/// A decision in the puzzle JSON format plus `record`, `turn`, `played`, `cost`,
/// `class` (its grade, as `analyze` gives it), `kind` (`memory_slip` or `strategy`) and
/// `explanation`.
fn to_json(d: &Decision, names: RecordName) -> serde_json::Value {
    let mut json = super::puzzle::to_json(&d.puzzle);
    if let Some(map) = json.as_object_mut() {
        for (key, value) in [
            (
                "record",
                json!(names.named(&d.played.path).display().to_string()),
            ),
            ("turn", json!(d.played.turn)),
            ("played", json!(d.played.action.to_string())),
            ("cost", json!(d.played.cost)),
            ("class", json!(d.played.class)),
            (
                "kind",
                json!(if d.played.slip {
                    "memory_slip"
                } else {
                    "strategy"
                }),
            ),
            ("explanation", json!(d.played.explanation)),
        ] {
            map.insert(key.to_owned(), value);
        }
    }
    json
}
