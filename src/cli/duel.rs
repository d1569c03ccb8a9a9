//! `concentration duel`: one policy against another.

use clap::{Args, ValueEnum};

mod checker;
mod jokers;
mod save;
mod seats;
mod two_decks;
mod zebra;

use crate::analysis::duel::{self, Contender};
use crate::model::{Checker, Jokers, Model, RuleSet, Standard, Zebra};
use crate::players::{Agent, Optimal, Policy, TieBreak, Usual};
use crate::record::{MemoryMode, Record, RecordSeat};
use crate::rules::{Deck, DeckError, Game, Objective, PassRule, Table, Variant};

/// A policy by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum PolicyName {
    /// The solver's best action (ties broken towards the usual play)
    Optimal,
    /// Take known pairs, else turn an unknown card, take its partner if known, else turn another
    Usual,
    /// The best response to the other policy (exact duels only): what any strategy can score against it
    Best,
    /// Among the optimal actions, always the one best against the other policy (exact duels only)
    BestOptimal,
}

/// Expected result of the first policy against the second.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration duel --deck 13x4 --first optimal --second usual\n  concentration duel --deck standard --first usual --second usual --games 10000 --seed 1 --json\n  concentration duel --deck 13x4 --variant one-flip --second usual\n  concentration duel --deck pairs:8 --players optimal,usual,usual\n  concentration duel --deck standard --players optimal,usual,forgetful --games 2000 --pass-rule none"
)]
pub(super) struct DuelArgs {
    /// Deck: LxC, standard, standard-rank, standard-jokers, standard-rank-jokers, double, double-checker[:N], pairs:N, zebra or zebra:L
    #[arg(long, default_value = "standard")]
    deck: Deck,
    /// win or margin
    #[arg(long, default_value = "win")]
    objective: Objective,
    /// agreed, ko, quit, withdraw or none
    #[arg(long = "pass-rule", default_value = "agreed")]
    pass_rule: PassRule,
    /// How turns go: standard (a pair taken goes again) or one-flip (the turn passes)
    #[arg(long, default_value = "standard")]
    variant: Variant,
    /// The policy that moves first
    #[arg(long, value_enum, default_value = "optimal")]
    first: PolicyName,
    /// The policy that moves second
    #[arg(long, value_enum, default_value = "optimal")]
    second: PolicyName,
    /// Simulate this many real games instead of the exact recursion
    #[arg(long)]
    games: Option<u64>,
    /// Seed of the simulated games
    #[arg(long, default_value_t = 1, requires = "games")]
    seed: u64,
    /// How the optimal player chooses among equal actions: usual or secretive
    #[arg(long = "tie-break", value_enum, default_value = "usual")]
    tie_break: TieBreakName,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
    /// Save the record of every simulated game (with --games; seat games too)
    #[arg(long, requires = "games")]
    save: bool,
    #[command(flatten)]
    data: super::records::DataDir,
    /// 2 to 6 AIs in turn order, e.g. optimal,usual,usual: every seat's expected pairs
    /// under own-pairs (pass rule none or agreed); exact for optimal and usual, or
    /// simulated with --games (any AI: optimal, usual, forgetful-easy, forgetful-medium)
    #[arg(long, value_name = "SEATS", conflicts_with_all = ["first", "second", "objective", "tie_break"])]
    players: Option<String>,
}

/// A tie-break rule by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum TieBreakName {
    /// Prefer the usual player's action among equal ones
    Usual,
    /// Prefer turning a known card to an unknown one among equal ones
    Secretive,
}

/// One side of a duel of rule set `M`, as built from its name (the best responses are
/// the standard game's only).
enum Side<M: Model = Standard> {
    Policy(Box<dyn Policy<M> + Send>),
    BestResponse,
    BestOptimal(Box<Optimal>),
}

impl Side {
    fn contender(&mut self) -> Contender<'_> {
        match self {
            Self::Policy(p) => Contender::Policy(&mut **p),
            Self::BestResponse => Contender::BestResponse,
            Self::BestOptimal(o) => Contender::BestOptimal(o.solver()),
        }
    }
}

fn side(name: PolicyName, args: &DuelArgs) -> anyhow::Result<Side> {
    let optimal = || {
        Optimal::with_variant(&args.deck, args.objective, args.pass_rule, args.variant)
            .map_err(|e| super::usage(e.to_string()))
    };
    Ok(match name {
        PolicyName::Best => Side::BestResponse,
        PolicyName::BestOptimal => Side::BestOptimal(Box::new(optimal()?)),
        PolicyName::Optimal => {
            Side::Policy(Box::new(optimal()?.with_tie_break(match args.tie_break {
                TieBreakName::Usual => TieBreak::Usual,
                TieBreakName::Secretive => TieBreak::Secretive,
            })))
        }
        PolicyName::Usual => Side::Policy(Box::new(Usual)),
    })
}

/// Runs `duel`.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn run(args: &DuelArgs) -> anyhow::Result<()> {
    check_flags(args)?;
    // The one dispatch on the rule set: the Two Decks Duel, a table of seats, Zebra, or
    // the standard game.
    if let Some(taker) = args.variant.duel() {
        if args.objective == Objective::Moves {
            return Err(super::usage(
                "--objective moves: a duel needs two players (win or margin)",
            ));
        }
        crate::rules::check_combination(args.objective, args.pass_rule)
            .map_err(|e| super::usage(e.to_string()))?;
        return two_decks::run(args, taker);
    }
    let rules = RuleSet::of(&args.deck, 2);
    let zebra = rules == RuleSet::Zebra;
    let checker = rules == RuleSet::Checker;
    match &args.players {
        Some(_) if zebra => {
            return Err(super::usage(
                "--players: Zebra is played by two seats: no own-pairs solver knows Zebra",
            ));
        }
        Some(_) if rules == RuleSet::Jokers => {
            return Err(super::usage(
                "--players: jokers that count double are played by two seats: no own-pairs solver counts points",
            ));
        }
        Some(_) if checker => {
            return Err(super::usage(
                "--players: the checkerboard is played by two seats: no own-pairs solver knows two backs",
            ));
        }
        Some(list) => return seats::run(args, list),
        None => {}
    }
    if args.objective == Objective::Moves {
        return Err(super::usage(
            "--objective moves: a duel needs two players (win or margin)",
        ));
    }
    crate::rules::check_combination(args.objective, args.pass_rule)
        .map_err(|e| super::usage(e.to_string()))?;
    if zebra {
        let sides = zebra::sides(args)?;
        return two_seats(args, sides, |sides| {
            let policies = sides.each_mut().map(|side| match side {
                Side::Policy(policy) => &mut **policy as &mut dyn Policy<Zebra>,
                _ => unreachable!("a Zebra duel seats policies only"),
            });
            duel::between::<Zebra>(&args.deck, args.objective, args.pass_rule, policies)
        });
    }
    if rules == RuleSet::Jokers {
        let sides = jokers::sides(args)?;
        return two_seats(args, sides, |sides| {
            let policies = sides.each_mut().map(|side| match side {
                Side::Policy(policy) => &mut **policy as &mut dyn Policy<Jokers>,
                _ => unreachable!("a jokers duel seats policies only"),
            });
            duel::between_under::<Jokers>(
                args.variant,
                &args.deck,
                args.objective,
                args.pass_rule,
                policies,
            )
        });
    }
    if checker {
        let sides = checker::sides(args)?;
        return two_seats(args, sides, |sides| {
            let policies = sides.each_mut().map(|side| match side {
                Side::Policy(policy) => &mut **policy as &mut dyn Policy<Checker>,
                _ => unreachable!("a checkerboard duel seats policies only"),
            });
            let (objective, rule) = (args.objective, args.pass_rule);
            duel::between_under::<Checker>(args.variant, &args.deck, objective, rule, policies)
        });
    }
    let sides = [side(args.first, args)?, side(args.second, args)?];
    if sides.iter().all(|s| !matches!(s, Side::Policy(_))) {
        return Err(super::usage(
            "--first/--second: a best response needs a fixed opponent (optimal or usual)",
        ));
    }
    two_seats(args, sides, |[first, second]| {
        duel::contest_under(
            args.variant,
            &args.deck,
            args.objective,
            args.pass_rule,
            [first.contender(), second.contender()],
        )
    })
}

/// The two sides of a duel on a rule set whose optimal player is its own solver `O`
/// (Zebra, the checkerboard, the jokers), solved once under `variant`: optimal or usual,
/// refusing a rule among equal actions and a best response. `player` and `on` name the
/// rule set in the refusals ("the optimal Zebra player", "on Zebra").
///
/// # Errors
/// A bad request (status 2).
fn optimal_or_usual<O>(
    args: &DuelArgs,
    variant: crate::rules::Variant,
    player: &str,
    on: &str,
) -> anyhow::Result<[Side<O::Model>; 2]>
where
    O: crate::model::Oracle + Clone + Send + 'static,
{
    if args.tie_break != TieBreakName::Usual {
        return Err(super::usage(format!(
            "--tie-break: {player} breaks ties by the model's order only"
        )));
    }
    let mut optimal: Option<O> = None;
    let mut side = |name| -> anyhow::Result<Side<O::Model>> {
        match name {
            PolicyName::Usual => Ok(Side::Policy(Box::new(crate::players::Usual))),
            PolicyName::Optimal => {
                if optimal.is_none() {
                    let table = crate::rules::Table::two(args.pass_rule, variant);
                    let solved = O::solved(&args.deck, table, args.objective);
                    optimal = Some(solved.map_err(|e| super::usage(e.to_string()))?);
                }
                Ok(Side::Policy(Box::new(optimal.clone().expect("solved"))))
            }
            PolicyName::Best | PolicyName::BestOptimal => Err(super::usage(format!(
                "--first/--second: {on} a duel is between optimal and usual (no best response)"
            ))),
        }
    };
    Ok([side(args.first)?, side(args.second)?])
}

/// The duel of two sides of rule set `M`: the exact result (`exact`, which `sides` are
/// fixed policies of), or `--games` simulated games; printed once for every rule set.
fn two_seats<M: Model>(
    args: &DuelArgs,
    mut sides: [Side<M>; 2],
    exact: impl FnOnce(&mut [Side<M>; 2]) -> f64,
) -> anyhow::Result<()> {
    let Some(games) = args.games else {
        print_exact(args, exact(&mut sides));
        return Ok(());
    };
    args.deck
        .check_playable()
        .map_err(|e| super::usage(e.to_string()))?;
    let [Side::Policy(first), Side::Policy(second)] = sides else {
        return Err(super::usage(
            "--games: a best response can only be computed exactly",
        ));
    };
    let mut a = Agent::of(first, 0);
    let mut b = Agent::of(second, 0);
    let seats = vec![RecordSeat::named(a.name()), RecordSeat::named(b.name())];
    simulated(args, [&mut a, &mut b], seats, &names(args), games)
}

/// The two sides and the rules of a duel, in words.
fn names(args: &DuelArgs) -> String {
    let name = |p: PolicyName| {
        p.to_possible_value()
            .map(|v| v.get_name().to_owned())
            .unwrap_or_default()
    };
    format!(
        "{} (first) vs {} (second), {}, {}{}",
        name(args.first),
        name(args.second),
        args.objective,
        args.pass_rule,
        match args.variant {
            Variant::Standard => String::new(),
            other => format!(", {other}"),
        }
    )
}

/// Prints the exact result `value` of the duel of `args`.
fn print_exact(args: &DuelArgs, value: f64) {
    if args.json {
        println!("{}", serde_json::json!({ "value": value }));
    } else {
        println!(
            "{} | {}: first player's expected result {}",
            args.deck,
            names(args),
            show(args.objective, value)
        );
    }
}

/// Plays `games` real games of `agents` (saving each with `--save`, `seats` named in
/// it) and prints the first player's mean result with its 95% interval; `title` names
/// the duel.
fn simulated<A: duel::Simulated>(
    args: &DuelArgs,
    agents: [&mut A; 2],
    seats: Vec<RecordSeat>,
    title: &str,
    games: u64,
) -> anyhow::Result<()> {
    let table = Table::two(args.pass_rule, args.variant);
    let est = recorded(args, games, &seats, args.objective, |on_game| {
        duel::simulate(
            &args.deck,
            args.objective,
            table,
            agents,
            games,
            args.seed,
            on_game,
        )
    })?;
    if args.json {
        println!(
            "{}",
            serde_json::json!({ "value": est.mean, "low": est.low, "high": est.high, "games": est.games })
        );
    } else {
        println!(
            "{} | {title}: mean {} over {} games, 95% interval [{}, {}]",
            args.deck,
            show(args.objective, est.mean),
            est.games,
            show(args.objective, est.low),
            show(args.objective, est.high)
        );
    }
    Ok(())
}

/// Runs a series of `games` simulated games (`run`, handed what sees each finished game)
/// under a progress bar, saving each game's record with `--save`: `seats` named in it,
/// scored by `objective`. Two seats or a table of seats alike.
///
/// # Errors
/// The records' directory, a deck that does not fit on a table (status 2), or a batch
/// that could not be saved.
fn recorded<T>(
    args: &DuelArgs,
    games: u64,
    seats: &[RecordSeat],
    objective: Objective,
    run: impl FnOnce(&mut dyn FnMut(&Game)) -> Result<T, DeckError>,
) -> anyhow::Result<T> {
    let mut batch = if args.save {
        Some(save::Batch::new(args.data.records()?, games))
    } else {
        None
    };
    let progress = super::progress::Progress::bar(games, "games");
    let out = run(&mut |game| {
        progress.step();
        if let Some(batch) = &mut batch {
            let seats = seats.to_vec();
            batch.save(&Record::of_game(
                game,
                seats,
                objective,
                MemoryMode::Open,
                false,
            ));
        }
    })
    .map_err(|e| super::usage(e.to_string()))?;
    if let Some(batch) = batch {
        batch.finish()?;
    }
    Ok(out)
}

/// Most games one run simulates: a number a run can finish (about a minute for the
/// usual player on a standard deck); beyond it, several runs with their own seeds.
pub(super) const MAX_GAMES: u64 = 1_000_000;

/// `--games` checked: at least 1, at most [`MAX_GAMES`].
///
/// # Errors
/// Out of range (status 2).
pub(crate) fn check_games(games: u64) -> anyhow::Result<u64> {
    if games == 0 {
        return Err(super::usage("--games must be at least 1"));
    }
    if games > MAX_GAMES {
        return Err(super::usage(format!(
            "--games {games}: at most {MAX_GAMES} in one run (run again with another --seed for more)"
        )));
    }
    Ok(games)
}

/// Refuses a flag the duel asked for would not use, before anything is computed: a flag
/// accepted is a flag honoured.
fn check_flags(args: &DuelArgs) -> anyhow::Result<()> {
    if let Some(games) = args.games {
        check_games(games)?;
    }
    if args.data.data_dir.is_some() && !args.save {
        return Err(super::usage(
            "--data-dir: a duel writes nothing without --save (records of the simulated games)",
        ));
    }
    let optimal = [args.first, args.second].contains(&PolicyName::Optimal);
    if args.tie_break != TieBreakName::Usual && args.players.is_none() && !optimal {
        return Err(super::usage(
            "--tie-break: only the optimal player breaks ties, and neither --first nor --second is optimal",
        ));
    }
    Ok(())
}

fn show(objective: Objective, v: f64) -> String {
    match objective {
        Objective::Win => format!("{:.4}%", v * 100.0),
        _ => format!("{v:+.4} pairs"),
    }
}
