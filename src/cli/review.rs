//! `concentration review`: your own costly decisions from saved games (a mistake or
//! worse), newest game first, each as a puzzle: the position as it was, valued by the
//! solver. On screen one at a time (the puzzle screen), or listed with `--list N
//! [--json]` with the record, the turn and what you played.

use clap::Args;
use serde_json::json;

use crate::app::Drill;
use crate::trainer::review::{self, Decision, Found, Solvers};
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
    look: super::look::LookArgs,
    #[command(flatten)]
    access: super::access::AccessArgs,
    /// Print N decisions instead of reviewing them on screen
    #[arg(long, value_name = "N")]
    list: Option<usize>,
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
    // The schedule, once opted into, is followed until its file is removed.
    let today = crate::dates::parse_day(&crate::dates::now_utc().0).unwrap_or(time::Date::MIN);
    let store = ScheduleStore::new(&data);
    let loaded = if args.schedule || store.exists() {
        Some(store.load())
    } else {
        None
    };
    // The records the cache lacks are analysed first, with a bar on a terminal.
    super::records::warm_cache(&data);
    let mut solvers = Solvers::default();
    let limit = args.list.unwrap_or(crate::app::REVIEW_SESSION);
    let due = |key: &str| {
        loaded
            .as_ref()
            .is_none_or(|l| l.schedule.is_due(key, today))
    };
    let cache = super::cache_dir();
    let found = review::decisions(&data, cache.as_deref(), limit, &due, &mut solvers)
        .map_err(super::usage)?;
    if let Some(w) = loaded.as_ref().and_then(|l| l.warning.as_ref()) {
        eprintln!("{w}");
    }
    for why in &found.unreadable {
        eprintln!("skipped: {why}");
    }
    if found.decisions.is_empty() {
        let schedule = loaded.as_ref().map(|l| (&l.schedule, today));
        println!("{}", found.nothing_line(schedule));
        return Ok(());
    }
    if args.list.is_none() {
        let schedule = loaded.map(|l| (store, today, l.warning));
        return play(args, found, solvers, schedule);
    }
    for d in &found.decisions {
        if args.json {
            println!("{}", to_json(d));
        } else {
            println!(
                "{}  turn {}  {}{}",
                crate::words::shown_path(&d.played.path),
                d.played.turn,
                if d.played.slip { "memory slip: " } else { "" },
                crate::words::escaped(&d.played.explanation)
            );
        }
    }
    Ok(())
}

/// The review on screen (or line by line for a screen reader).
fn play(
    args: &ReviewArgs,
    found: Found,
    solvers: Solvers,
    schedule: Option<(ScheduleStore, time::Date, Option<String>)>,
) -> anyhow::Result<()> {
    let look = args.look.look()?;
    let mut drill = Drill::review(found.decisions, solvers).map_err(super::usage)?;
    if let Some((store, today, warning)) = schedule {
        drill = drill.with_schedule(store, today, warning);
    }
    super::puzzle::run_drill(
        drill,
        look,
        &args.access,
        "the review needs a terminal: standard input and output must not be redirected (or use --list)",
    )
}

/// A decision in the puzzle JSON format plus `record`, `turn`, `played`, `cost`,
/// `class` (its grade, as `analyze` gives it), `kind` (`memory_slip` or `strategy`) and
/// `explanation`.
fn to_json(d: &Decision) -> serde_json::Value {
    let mut json = super::puzzle::to_json(&d.puzzle);
    if let Some(map) = json.as_object_mut() {
        for (key, value) in [
            ("record", json!(d.played.path.display().to_string())),
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
