//! `concentration pairs`: the second game, Pairs. Its analysis commands: `solve` (a
//! configuration's values), `start` (the round's value over the deal) and `duel` (whole
//! games between AIs).

use clap::{Args, Subcommand};
use num_rational::BigRational;
use serde_json::{Value, json};

use super::progress::Progress;
use crate::pairs::duel::series_with;
use crate::pairs::rules::default_target;
use crate::pairs::start::{Step, start_value_reporting};
use crate::pairs::{Analysis, Config, PairsAi, Ranks, RoundModel, Solver};
use crate::seats::{SeatKind, Seats};
use crate::solver::Scalar;

/// Pairs, the press-your-luck card game (docs/pairs.md).
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration pairs solve --ranks 5 --players 2 --unseen \"1,1,2,4,4\" --stacks \"2;3\"\n  concentration pairs start --ranks 4 --players 3 --exact\n  concentration pairs duel --players spne,random --games 100 --seed 1"
)]
#[command(args_conflicts_with_subcommands = true)]
pub(super) struct PairsArgs {
    #[command(subcommand)]
    pub(super) command: Option<PairsCommand>,
    #[command(flatten)]
    pub(super) play: PlayArgs,
}

/// Playing Pairs on screen (no sub-command).
#[derive(Debug, Args)]
pub(super) struct PlayArgs {
    /// The seats in order, 2 to 6: you (a person) or an AI: spne, spne-fresh,
    /// threshold, random; NAME:KIND names a seat
    #[arg(long, default_value = "you,spne")]
    players: String,
    /// Ranks in the deck, 3 to 10 (rank j has j cards)
    #[arg(long, default_value_t = 10)]
    ranks: u32,
    /// The score that loses (default floor(60/m) + 1 for m players)
    #[arg(long)]
    target: Option<u32>,
    /// Seed of the shuffle and of the AIs' coins (random by default)
    #[arg(long)]
    seed: Option<u64>,
    /// Seconds before each AI decision (default 0.8; none with --screen-reader)
    #[arg(long = "ai-delay", allow_negative_numbers = true)]
    ai_delay: Option<f64>,
    /// Do not save the game's record
    #[arg(long = "no-save")]
    pub(super) no_save: bool,
    #[command(flatten)]
    data: super::records::DataDir,
    #[command(flatten)]
    pub(super) look: super::look::LookArgs,
    #[command(flatten)]
    pub(super) access: super::access::AccessArgs,
}

#[derive(Debug, Subcommand)]
pub(super) enum PairsCommand {
    /// What a position of a round is worth to each player if the mover folds, if they
    /// hit, and with best play, and which of the two is best
    Solve(SolveArgs),
    /// The round's value at its start by turn position, averaged over the deal rule
    Start(StartArgs),
    /// Whole games between AIs: each one's loss rate with a 95% interval
    Duel(DuelArgs),
}

/// A configuration (d, s_1, ..., s_m) of the seed's round model.
#[derive(Debug, Args)]
#[command(
    after_help = "Prints a row each, a column per player in turn order, the mover first: what each player expects to gain this round (whoever scores r points gives up (m-1)·r and each other player gains r) if the mover folds now (u_Fold), if they hit (u_Hit), and with best play by everyone from here (u); then the action to take, hit or fold.\n\nExamples:\n  concentration pairs solve --ranks 5 --players 2 --unseen \"1,1,2,4,4\" --stacks \"2;3\"\n  concentration pairs solve --ranks 4 --players 3 --unseen \"0,1,2,3\" --stacks \"2;3;4\" --exact --json"
)]
pub(super) struct SolveArgs {
    /// Ranks in the deck, 3 to 10 (rank j has j cards)
    #[arg(long, default_value_t = 10)]
    ranks: u32,
    /// Players at the table, 2 to 6
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Unseen cards of each rank 1..N, comma-separated ("1,2,3,...")
    #[arg(long)]
    unseen: String,
    /// Face-up ranks of each player in turn order, the mover's first ("1 3;2;...")
    #[arg(long)]
    stacks: String,
    /// Exact rational values
    #[arg(long)]
    exact: bool,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
}

/// The start of a round.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration pairs start --ranks 5 --players 2 --exact\n  concentration pairs start --ranks 10 --players 2      (slow: about 1.5 min of CPU)"
)]
pub(super) struct StartArgs {
    /// Ranks in the deck, 3 to 10
    #[arg(long, default_value_t = 10)]
    ranks: u32,
    /// Players at the table, 2 to 6
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Exact rational values (small decks)
    #[arg(long)]
    exact: bool,
    /// Without --exact: leave rounds unsolved while the proved bound on the error stays
    /// within this (0: solve every round the fold test does not settle)
    #[arg(long, default_value_t = START_WITHIN, conflicts_with = "exact")]
    within: f64,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
}

/// AIs against each other.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration pairs duel --players spne,random --games 100 --seed 1\n  concentration pairs duel --players spne,threshold,random --ranks 8 --games 100\n  concentration pairs duel --players spne,random --games 20000 --seed 1"
)]
pub(super) struct DuelArgs {
    /// The AIs, 2 to 6 of spne, spne-fresh, threshold, random (NAME:KIND names one)
    #[arg(long, default_value = "spne,random")]
    players: String,
    /// Ranks in the deck, 3 to 10
    #[arg(long, default_value_t = 10)]
    ranks: u32,
    /// The score that loses (default floor(60/m) + 1)
    #[arg(long)]
    target: Option<u32>,
    /// Games to play
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the first game
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
}

/// Runs `pairs`.
///
/// # Errors
/// Bad input (status 2).
pub(super) fn run(args: &PairsArgs) -> anyhow::Result<()> {
    match &args.command {
        Some(PairsCommand::Solve(a)) => solve(a),
        Some(PairsCommand::Start(a)) => start(a),
        Some(PairsCommand::Duel(a)) => duel(a),
        None => play(&args.play),
    }
}

/// Where a game of Pairs is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Front {
    /// On screen: a large round is solved aside while the screen shows.
    Screen,
    /// By ear: the AI's decision is told at once unless a delay is given.
    Ear,
}

/// The app of the game of Pairs `args` choose, started `now`, its records kept in
/// `records` (none: not kept).
///
/// # Errors
/// Bad flags (status 2).
pub(super) fn pairs_app(
    args: &PlayArgs,
    front: Front,
    now: std::time::Instant,
    records: Option<std::path::PathBuf>,
) -> anyhow::Result<crate::app::App> {
    let ranks = ranks(args.ranks)?;
    let seats = Seats::<PairsAi>::parse(&args.players)
        .map_err(|e| super::usage(format!("--players: {e}")))?;
    let target = args.target.unwrap_or_else(|| default_target(seats.len()));
    if target == 0 {
        return Err(super::usage("--target 0: expected at least 1"));
    }
    let delay = match (args.ai_delay, front) {
        (Some(d), _) => super::delay_seconds("--ai-delay", d)?,
        (None, Front::Ear) => 0.0,
        (None, Front::Screen) => 0.8,
    };
    let seed = args.seed.unwrap_or_else(crate::app::random_seed);
    let mut table = crate::app::PairsTable::new(
        seats,
        ranks,
        target,
        seed,
        std::time::Duration::from_secs_f64(delay),
        now,
    )
    .map_err(|e| super::usage(e.to_string()))?;
    if front == Front::Screen {
        // A large round (three or more seats at n = 10) takes seconds to solve.
        table.think_aside();
    }
    let mut app = crate::app::App::pairs(table);
    app.save_dir = records;
    Ok(app)
}

/// `--ai-delay` as the screen reader's pace, if given.
///
/// # Errors
/// A delay out of range (status 2).
pub(super) fn pace(args: &PlayArgs) -> anyhow::Result<Option<std::time::Duration>> {
    args.ai_delay
        .map(|d| super::delay_seconds("--ai-delay", d).map(std::time::Duration::from_secs_f64))
        .transpose()
}

/// `concentration pairs`: a game on screen.
fn play(args: &PlayArgs) -> anyhow::Result<()> {
    let records = |args: &PlayArgs| -> anyhow::Result<_> {
        Ok(if args.no_save {
            None
        } else {
            Some(args.data.records()?)
        })
    };
    if let Some(options) = args.access.speech(pace(args)?)? {
        let mut voice = super::access::voice(options);
        let app = pairs_app(args, Front::Ear, voice.now(), records(args)?)?;
        super::saved(crate::speech::pairs(app, &mut voice)?)?;
        return Ok(());
    }
    let look = args.look.look()?;
    // Bad flags are told before a missing terminal.
    let mut app = pairs_app(
        args,
        Front::Screen,
        std::time::Instant::now(),
        records(args)?,
    )?;
    if !crate::tui::is_terminal() {
        return Err(super::usage(
            "the game needs a terminal: standard input and output must not be redirected",
        ));
    }
    app.look = look;
    super::saved(crate::tui::run(app)?)?;
    Ok(())
}

fn ranks(n: u32) -> anyhow::Result<Ranks> {
    Ranks::new(n).map_err(|e| super::usage(e.to_string()))
}

fn players(m: usize) -> anyhow::Result<usize> {
    if (crate::seats::MIN_SEATS..=crate::seats::MAX_SEATS).contains(&m) {
        Ok(m)
    } else {
        Err(super::usage(format!(
            "--players {m}: a table has {} to {}",
            crate::seats::MIN_SEATS,
            crate::seats::MAX_SEATS
        )))
    }
}

fn solve(args: &SolveArgs) -> anyhow::Result<()> {
    let ranks = ranks(args.ranks)?;
    let m = players(args.players)?;
    let config = Config::parse(ranks, m, &args.unseen, &args.stacks)
        .map_err(|e| super::usage(e.to_string()))?;
    let model = RoundModel::of(&config);
    let head = format!("pairs | ranks {} | {m} players | {config}", ranks.get());
    if args.exact {
        let a = Solver::<BigRational>::new(model).analyse(&config.stacks);
        report(&head, &a, args.json, |v| Value::String(v.to_string()), true);
    } else {
        let a = Solver::<f64>::new(model).analyse(&config.stacks);
        report(&head, &a, args.json, |v| json!(v), false);
    }
    Ok(())
}

fn report<S: Scalar + ToString>(
    head: &str,
    a: &Analysis<S>,
    as_json: bool,
    to_json: impl Fn(&S) -> Value,
    exact: bool,
) {
    if as_json {
        let list = |v: &[S]| Value::Array(v.iter().map(&to_json).collect());
        println!(
            "{}",
            json!({
                "u": list(&a.u),
                "u_fold": list(&a.u_fold),
                "u_hit": a.u_hit.as_deref().map_or(Value::Null, list),
                "action": a.action.name(),
            })
        );
        return;
    }
    println!("{head}");
    let show = |v: &[S]| {
        let approx: Vec<String> = v.iter().map(|x| format!("{:+.6}", x.to_f64())).collect();
        let mut line = approx.join("  ");
        if exact {
            let e: Vec<String> = v.iter().map(ToString::to_string).collect();
            line.push_str(&format!("  = ({})", e.join(", ")));
        }
        line
    };
    println!("u_Fold  {}", show(&a.u_fold));
    match &a.u_hit {
        Some(h) => println!("u_Hit   {}", show(h)),
        None => println!("u_Hit   none: no card left to take"),
    }
    println!("u       {}", show(&a.u));
    println!("action  {}", a.action.name());
}

/// The default error budget of the `f64` start value.
const START_WITHIN: f64 = 1e-10;

fn start(args: &StartArgs) -> anyhow::Result<()> {
    let ranks = ranks(args.ranks)?;
    let m = players(args.players)?;
    if !(args.within >= 0.0 && args.within.is_finite()) {
        return Err(super::usage(format!(
            "--within {}: expected a bound of 0 or more",
            args.within
        )));
    }
    let progress = Progress::spinner("walking the deal");
    let report = |step: Step| match step {
        Step::Dealt(pools) => progress.restart(pools as u64, "pools solved"),
        Step::Solved => progress.step(),
    };
    let (approx, exact, v) = if args.exact {
        let v = start_value_reporting::<BigRational>(ranks, m, 0.0, &report);
        let approx: Vec<f64> = v.u.iter().map(Scalar::to_f64).collect();
        let exact: Vec<String> = v.u.iter().map(ToString::to_string).collect();
        (approx, Some(exact), v.into_f64())
    } else {
        let v = start_value_reporting::<f64>(ranks, m, args.within, &report);
        (v.u.clone(), None, v)
    };
    drop(progress);
    if args.json {
        let u = match &exact {
            Some(e) => json!(e),
            None => json!(approx),
        };
        println!(
            "{}",
            json!({ "u": u, "bound": v.bound, "bounded": v.bounded, "deals": v.deals,
                "settled": v.settled, "pools": v.pools, "pools_bounded": v.pools_bounded,
                "states": v.states })
        );
        return Ok(());
    }
    println!(
        "pairs | ranks {} | {m} players | start of a round, by turn position (first mover first)",
        ranks.get()
    );
    for (i, x) in approx.iter().enumerate() {
        let e = exact
            .as_ref()
            .map(|e| format!(" = {}", e[i]))
            .unwrap_or_default();
        let b = if args.exact {
            String::new()
        } else {
            format!(" ± {:.1e}", v.bound)
        };
        println!("  mover {}  {x:+.12}{b}{e}", i + 1);
    }
    println!(
        "({} ways the deal can end, {} settled by the fold test; {} pools solved, {} configurations)",
        v.deals, v.settled, v.pools, v.states
    );
    if !args.exact {
        println!(
            "(f64; the bound is proved: {} pools of chance {:.1e} valued by their interval, not solved; rounding below 1e-12)",
            v.pools_bounded, v.bounded
        );
    }
    Ok(())
}

fn duel(args: &DuelArgs) -> anyhow::Result<()> {
    let ranks = ranks(args.ranks)?;
    let seats = Seats::<PairsAi>::parse(&args.players)
        .map_err(|e| super::usage(format!("--players: {e}")))?;
    let mut kinds = Vec::with_capacity(seats.len());
    for seat in seats.iter() {
        match seat.kind {
            SeatKind::Ai(k) => kinds.push(k),
            SeatKind::Person => {
                return Err(super::usage(format!(
                    "--players: '{}' is not an AI (expected spne, spne-fresh, threshold or random)",
                    seat.name
                )));
            }
        }
    }
    super::duel::check_games(args.games)?;
    let target = args.target.unwrap_or_else(|| default_target(kinds.len()));
    let progress = Progress::bar(args.games, "games");
    let rates = series_with(ranks, &kinds, target, args.games, args.seed, || {
        progress.step();
    })
    .map_err(|e| super::usage(e.to_string()))?;
    drop(progress);
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    if args.json {
        let list: Vec<Value> = names
            .iter()
            .zip(&rates)
            .map(|(name, r)| {
                json!({ "player": name, "losses": r.losses, "loss_rate": r.rate, "low": r.low, "high": r.high })
            })
            .collect();
        println!(
            "{}",
            json!({ "games": args.games, "target": target, "players": list })
        );
        return Ok(());
    }
    println!(
        "pairs | ranks {} | target {target} | {} | {} games, seats moving round",
        ranks.get(),
        names.join(" vs "),
        args.games
    );
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    for (name, r) in names.iter().zip(&rates) {
        println!(
            "  {name:<width$}  loses {:.2}%, 95% interval [{:.2}%, {:.2}%] ({} games)",
            r.rate * 100.0,
            r.low * 100.0,
            r.high * 100.0,
            r.losses
        );
    }
    Ok(())
}
