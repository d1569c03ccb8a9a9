//! Solver and start-up timings: `cargo bench --bench solver [-- CASE ...]`.
//!
//! Each case runs in a child process of its own, so that its peak memory (VmHWM) is its
//! own. Prints one line per case: time, states evaluated, peak resident memory.

use std::process::Command;
use std::time::Instant;

use concentration::rules::{Deck, Objective, PassRule, Variant};
use concentration::solver::solitaire::{
    MovesBand, MovesTable, expected_moves_exact, expected_moves_f64,
};
use concentration::solver::zebra::{ZebraPosition, ZebraSolver, ZebraState};
use concentration::solver::{Position, SeatsSolver, SeatsState, Solver, State};

const CASES: &[&str] = &[
    "pairs-round-10x2",
    "pairs-decide-10x2",
    "pairs-hint-10x2",
    "pairs-duel-10x2",
    "pairs-duel-10x2-threshold",
    "pairs-duel-10x2-spne-fresh",
    "pairs-review-10x3",
    "pairs-exhaustive-10x2",
    "13x4-win",
    "process-solve-13x4",
    "one-flip:13x4-win",
    "full:13x4-win",
    "26x2-win",
    "one-flip:26x2-win",
    "standard-jokers-win",
    "30x2-margin",
    "8x4-win",
    "seats6:standard-agreed",
    "hints-seats3:standard-agreed",
    "zebra-win",
    "zebra-margin",
    "standard-rank-jokers-win",
    "standard-rank-jokers-margin",
    "moves-layers-5000",
    "process-moves-5000",
    "moves-table-5000",
    "exact-moves-1000",
];

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if let Ok(case) = std::env::var("SOLVER_BENCH_CASE") {
        run(&case);
        return;
    }
    let cases: Vec<String> = if args.is_empty() {
        CASES.iter().map(ToString::to_string).collect()
    } else if args == ["sweep"] {
        // Solve time and memory against the number of labels (docs/speed.md).
        let pairs = [10, 20, 30, 40, 60, 80, 100].map(|n| format!("{n}x2-win"));
        let fours = (2..=20).chain([25, 30, 35]).map(|n| format!("{n}x4-win"));
        pairs.into_iter().chain(fours).collect()
    } else {
        args
    };
    for case in cases {
        let out = Command::new(std::env::current_exe().unwrap())
            .env("SOLVER_BENCH_CASE", &case)
            .output()
            .unwrap();
        print!("{}", String::from_utf8_lossy(&out.stdout));
        eprint!("{}", String::from_utf8_lossy(&out.stderr));
    }
}

/// Time this thread has run on a CPU, in ms (what a loaded machine does not inflate).
/// From `CLOCK_THREAD_CPUTIME_ID`, which brings the thread's run time up to date when
/// read: `/proc/thread-self/schedstat`, read before, lags by up to a scheduler tick (4 ms),
/// so a short step read 0 or a whole tick.
fn cpu_ms() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec to write; the clock id is a constant.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut t) } != 0 {
        return f64::NAN;
    }
    // far below 2^52 ns
    t.tv_sec as f64 * 1e3 + t.tv_nsec as f64 / 1e6
}

/// Time all threads of this process have run on a CPU, in ms (a solve on several
/// threads; the threads are alive until the process ends).
fn process_cpu_ms() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return f64::NAN;
    };
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .sum::<f64>()
        / 1e6
}

fn peak_memory_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn run(case: &str) {
    if let Some(rest) = case.strip_prefix("pairs-") {
        pairs_case(case, rest);
        return;
    }
    if let Some(n) = case.strip_prefix("moves-table-") {
        let n: usize = n.parse().expect("a size");
        let start = Instant::now();
        let table = MovesTable::new(n);
        let elapsed = start.elapsed();
        println!(
            "{case:<22} {:>9.1} ms  e({n},0) = {:.8} (f64 table of every e(n,k))  peak {:>7.1} MiB",
            elapsed.as_secs_f64() * 1000.0,
            table.get(n, 0),
            peak_memory_mib()
        );
        return;
    }
    if let Some(n) = case.strip_prefix("moves-layers-") {
        let n: usize = n.parse().expect("a size");
        // The fastest of five runs: the machine is shared.
        let (mut value, mut elapsed, mut cpu) = (f64::NAN, std::time::Duration::MAX, f64::MAX);
        for _ in 0..5 {
            let (start, cpu_start) = (Instant::now(), cpu_ms());
            value = expected_moves_f64(n, 0);
            elapsed = elapsed.min(start.elapsed());
            cpu = cpu.min(cpu_ms() - cpu_start);
        }
        let band = MovesBand::new(n);
        assert_eq!(band.get(n, 0).to_bits(), value.to_bits());
        println!(
            "{case:<22} {:>9.1} ms  e({n},0) = {value:.8} (f64, one layer at a time, best of 5; {cpu:.1} ms on the CPU)  peak {:>7.1} MiB",
            elapsed.as_secs_f64() * 1000.0,
            peak_memory_mib()
        );
        return;
    }
    if let Some(n) = case.strip_prefix("process-moves-") {
        let deck = format!("{n}x2");
        process(case, &["solve", "--deck", &deck, "--objective", "moves"]);
        return;
    }
    if let Some(deck) = case.strip_prefix("process-solve-") {
        process(case, &["solve", "--deck", deck]);
        return;
    }
    if let Some(n) = case.strip_prefix("exact-moves-") {
        let n: usize = n.parse().expect("a size");
        let start = Instant::now();
        let e = expected_moves_exact(n, 0);
        let elapsed = start.elapsed();
        println!(
            "{case:<22} {:>9.1} ms  e({n},0) exact, {} / {} bits  peak {:>7.1} MiB",
            elapsed.as_secs_f64() * 1000.0,
            e.numer().bits(),
            e.denom().bits(),
            peak_memory_mib()
        );
        return;
    }
    if let Some(spec) = case.strip_prefix("hints-seats") {
        seats_hints_case(case, spec);
        return;
    }
    if let Some(spec) = case.strip_prefix("seats") {
        seats_case(case, spec);
        return;
    }
    // `full:DECK-OBJECTIVE` solves without pruning (every action of every state);
    // `seq:DECK-OBJECTIVE` on one core (the recursive solve only); `one-flip:` (first)
    // solves the One Flip variant.
    let (variant, spec) = match case.strip_prefix("one-flip:") {
        Some(spec) => (Variant::OneFlip, spec),
        None => (Variant::Standard, case),
    };
    let (exhaustive, spec) = match spec.strip_prefix("full:") {
        Some(spec) => (true, spec),
        None => (false, spec),
    };
    let (sequential, spec) = match spec.strip_prefix("seq:") {
        Some(spec) => (true, spec),
        None => (false, spec),
    };
    let (deck, objective) = spec.rsplit_once('-').expect("CASE is DECK-OBJECTIVE");
    let deck = Deck::parse(deck).expect("a deck");
    let objective: Objective = objective.parse().expect("an objective");
    if deck.is_zebra() {
        zebra(case, deck.labels(), objective, exhaustive);
        return;
    }
    if deck.double_jokers().is_some() {
        jokers(case, deck.labels() - 1, objective, variant);
        return;
    }
    let root = Position::start(&deck);
    let solve = || {
        let (start, cpu_start) = (Instant::now(), cpu_ms());
        let mut solver: Solver<f64> =
            Solver::with_variant(objective, PassRule::Agreed, variant, &root, 0, 1e9).unwrap();
        if exhaustive {
            solver = solver.exhaustive();
        }
        if sequential {
            solver = solver.sequential();
        }
        let value = solver
            .value(&State {
                position: root.clone(),
                diff: 0,
                after_pass: false,
                first: None,
            })
            .unwrap();
        // The main thread's CPU time: all of a recursive solve, not the helpers of a
        // parallel one.
        (start.elapsed(), cpu_ms() - cpu_start, value, solver)
    };
    let (elapsed, cpu, value, solver) = solve();
    // A short solve is repeated with a fresh solver each time: the first pays the
    // process's cold start (fresh pages, caches, clock), the best of five shows the
    // solve itself (the machine is shared).
    let repeats = if elapsed.as_secs_f64() < 0.1 {
        let best = (0..4).map(|_| solve().0).min().expect("four runs");
        format!(
            "  best of 5 {:>6.1} ms",
            best.min(elapsed).as_secs_f64() * 1000.0
        )
    } else {
        String::new()
    };
    println!(
        "{case:<22} {:>9.1} ms  cpu {cpu:>8.1} ms  value {value:.10}  card states {:>9}  states {:>10}  peak {:>7.1} MiB{repeats}",
        elapsed.as_secs_f64() * 1000.0,
        solver.card_states(),
        solver.states(),
        peak_memory_mib()
    );
}

/// `process-moves-N`: `concentration solve --deck Nx2 --objective moves`, and
/// `process-solve-DECK`: `concentration solve --deck DECK`, as a whole process
/// (start-up, parsing, the solve, printing), 20 runs: median and best.
fn process(case: &str, args: &[&str]) {
    let (mut walls, mut cpus, mut value) = (Vec::new(), Vec::new(), String::new());
    for _ in 0..20 {
        let (start, cpu_start) = (Instant::now(), children().0);
        let out = Command::new(env!("CARGO_BIN_EXE_concentration"))
            .args(args)
            .output()
            .unwrap();
        walls.push(start.elapsed().as_secs_f64() * 1000.0);
        cpus.push(children().0 - cpu_start);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        value = String::from_utf8_lossy(&out.stdout)
            .lines()
            .nth(1)
            .unwrap_or_default()
            .to_owned();
    }
    let median_best = |times: &mut Vec<f64>| {
        times.sort_by(f64::total_cmp);
        (times[times.len() / 2], times[0])
    };
    let ((wall, wall_best), (cpu, cpu_best)) = (median_best(&mut walls), median_best(&mut cpus));
    println!(
        "{case:<22} {wall:>9.1} ms  (best {wall_best:.1})  cpu {cpu:.1} ms (best {cpu_best:.1})  {value}  peak {:>7.1} MiB",
        children().1
    );
}

/// CPU time (ms) of the finished child processes so far, and the largest peak resident
/// memory (MiB) among them.
// times and sizes far below 2^53
fn children() -> (f64, f64) {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes the struct it is given, which is zeroed and so valid.
    let usage = unsafe {
        libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr());
        usage.assume_init()
    };
    let ms = |t: libc::timeval| t.tv_sec as f64 * 1000.0 + t.tv_usec as f64 / 1000.0;
    (
        ms(usage.ru_utime) + ms(usage.ru_stime),
        usage.ru_maxrss as f64 / 1024.0,
    )
}

/// `seatsM:DECK-RULE`: `M` players under `own-pairs` from the start of `DECK`.
fn seats_case(case: &str, spec: &str) {
    let (seats, spec) = spec.split_once(':').expect("CASE is seatsM:DECK-RULE");
    let seats: usize = seats.parse().expect("a number of seats");
    let (deck, rule) = spec.rsplit_once('-').expect("CASE is seatsM:DECK-RULE");
    let deck = Deck::parse(deck).expect("a deck");
    let rule: PassRule = rule.parse().expect("a pass rule");
    let root = Position::start(&deck);
    let start = Instant::now();
    let mut solver: SeatsSolver<f64> = SeatsSolver::new(root.copies(), seats, rule).unwrap();
    let value = solver
        .value(&SeatsState {
            position: root,
            passes: 0,
            first: None,
        })
        .unwrap();
    let elapsed = start.elapsed();
    let value: Vec<String> = value.iter().map(|v| format!("{v:.6}")).collect();
    println!(
        "{case:<22} {:>9.1} ms  value ({})  card states {:>9}  states {:>10}  peak {:>7.1} MiB",
        elapsed.as_secs_f64() * 1000.0,
        value.join(", "),
        solver.card_states(),
        solver.states(),
        peak_memory_mib()
    );
}

/// `hints-seatsM:DECK-RULE`: the trainer's lesson (a hint, or the coach's verdict) at
/// every decision point of one game played by `M` own-pairs AIs on `DECK`, after the
/// solve: the total and the slowest lesson.
fn seats_hints_case(case: &str, spec: &str) {
    use std::sync::{Arc, Mutex};

    use concentration::players::{AiKind, SeatAi};
    use concentration::rules::{Game, Players, Table};

    let (seats, spec) = spec
        .split_once(':')
        .expect("CASE is hints-seatsM:DECK-RULE");
    let seats: u8 = seats.parse().expect("a number of seats");
    let (deck, rule) = spec
        .rsplit_once('-')
        .expect("CASE is hints-seatsM:DECK-RULE");
    let deck = Deck::parse(deck).expect("a deck");
    let rule: PassRule = rule.parse().expect("a pass rule");
    let root = Position::start(&deck);
    let mut solver: SeatsSolver<f64> =
        SeatsSolver::new(root.copies(), usize::from(seats), rule).unwrap();
    solver
        .value(&SeatsState {
            position: root,
            passes: 0,
            first: None,
        })
        .unwrap();
    let solver = Arc::new(Mutex::new(solver));
    let table = Table {
        seats,
        pass_rule: rule,
        variant: Variant::Standard,
    };
    let mut game = Game::new(deck, 1, Players::Table(table)).unwrap();
    let mut ais: Vec<SeatAi> = (0..u64::from(seats))
        .map(|i| {
            SeatAi::new::<concentration::model::OwnPairs>(AiKind::Optimal, i, || {
                Some(Box::new(Arc::clone(&solver)))
            })
            .unwrap()
        })
        .collect();
    let (mut decisions, mut total, mut slowest) = (0u32, 0.0f64, 0.0f64);
    while !game.view().is_over() {
        let start = Instant::now();
        let lesson =
            concentration::trainer::explain(game.view(), &mut *solver.lock().unwrap()).unwrap();
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        std::hint::black_box(lesson);
        decisions += 1;
        total += ms;
        slowest = slowest.max(ms);
        let mover = game.view().mover().index();
        let p = ais[mover].choose(game.view());
        game.try_flip(p).unwrap();
    }
    println!(
        "{case:<22} {total:>9.1} ms  {decisions} lessons, slowest {slowest:.2} ms  peak {:>7.1} MiB",
        peak_memory_mib()
    );
}

/// A Zebra deck (`zebra`, `zebra:L`) under `agreed`, solved from the start.
fn zebra(case: &str, ranks: u32, objective: Objective, exhaustive: bool) {
    let (start, cpu_start) = (Instant::now(), process_cpu_ms());
    let mut solver: ZebraSolver<f64> = ZebraSolver::new(objective, PassRule::Agreed);
    if exhaustive {
        solver = solver.exhaustive();
    }
    let value = solver
        .value(&ZebraState {
            position: ZebraPosition::start(ranks),
            diff: 0,
            after_pass: false,
            first: None,
        })
        .unwrap();
    let (elapsed, cpu) = (start.elapsed(), process_cpu_ms() - cpu_start);
    println!(
        "{case:<22} {:>9.1} ms  ({cpu:.1} ms on the CPU)  value {value:.10}  card states {:>9}  states {:>10}  peak {:>7.1} MiB",
        elapsed.as_secs_f64() * 1000.0,
        solver.card_states(),
        solver.states(),
        peak_memory_mib()
    );
}

/// Any Colour with jokers that count double (`standard-rank-jokers`) under `agreed`,
/// solved from the start.
fn jokers(case: &str, ranks: u32, objective: Objective, variant: Variant) {
    use concentration::solver::jokers::{JokersSolver, JokersState};
    let (start, cpu_start) = (Instant::now(), process_cpu_ms());
    let mut solver: JokersSolver<f64> =
        JokersSolver::new(objective, PassRule::Agreed, variant).unwrap();
    let value = solver.value(&JokersState::start(ranks)).unwrap();
    let (elapsed, cpu) = (start.elapsed(), process_cpu_ms() - cpu_start);
    println!(
        "{case:<22} {:>9.1} ms  ({cpu:.1} ms on the CPU)  value {value:.10}  card states {:>9}  values {:>10}  peak {:>7.1} MiB",
        elapsed.as_secs_f64() * 1000.0,
        solver.card_states(),
        solver.stored_values(),
        peak_memory_mib()
    );
}

/// Pairs: `round-NxM` the pruned solve of a round from its deal (stacks 9 and 10, the
/// full deck: the largest reachable round of a deal without ties); `exhaustive-NxM` the
/// same visiting every reachable configuration; `start-NxM` the start value (f64, within a
/// proved 1e-10).
fn pairs_case(case: &str, rest: &str) {
    use concentration::pairs::model::RoundModel;
    use concentration::pairs::start::start_value_within;
    use concentration::pairs::{Ranks, Solver, Stack};
    let (kind, size) = rest.split_once('-').expect("KIND-NxM");
    // `duel-NxM-OPPONENT`: the opponent of `spne` (random when not named).
    let (size, opponent) = size.split_once('-').unwrap_or((size, "random"));
    let (n, m) = size.split_once('x').expect("NxM");
    let (n, m): (u32, usize) = (n.parse().unwrap(), m.parse().unwrap());
    let ranks = Ranks::new(n).unwrap();
    let start = Instant::now();
    if kind == "decide" || kind == "hint" {
        pairs_decisions(case, ranks, m, kind == "hint");
        return;
    }
    if kind == "duel" {
        pairs_duel(case, ranks, m, opponent);
        return;
    }
    if kind == "review" {
        // `review-NxM-sSEED`: the game of that seed (1 when not named).
        let seed = opponent.strip_prefix('s').map_or(1, |s| s.parse().unwrap());
        pairs_review(case, ranks, m, seed);
        return;
    }
    if kind == "start" {
        let v = start_value_within(ranks, m, 1e-10);
        println!(
            "{case:<22} {:>9.1} ms  u_1 = {:.12} ± {:.1e}, {} deal ends ({} settled), {} pools solved, {} bounded, {} states  peak {:>7.1} MiB",
            start.elapsed().as_secs_f64() * 1000.0,
            v.u[0],
            v.bound,
            v.deals,
            v.settled,
            v.pools,
            v.pools_bounded,
            v.states,
            peak_memory_mib()
        );
        return;
    }
    let stacks: Vec<Stack> = (0..m)
        .map(|i| Stack::of(&[ranks.get() - i as u8]))
        .collect();
    let model = RoundModel {
        ranks,
        players: m,
        pool: ranks.full(),
        reshuffle: None,
    };
    let mut solver = if kind == "exhaustive" {
        Solver::<f64>::exhaustive(model)
    } else {
        Solver::<f64>::new(model)
    };
    let a = solver.analyse(&stacks);
    println!(
        "{case:<22} {:>9.1} ms  u_1 = {:.9} ({}), {} states  peak {:>7.1} MiB",
        start.elapsed().as_secs_f64() * 1000.0,
        a.u[0],
        a.action.name(),
        solver.states(),
        peak_memory_mib()
    );
}

/// Pairs: `decide-NxM`, the `spne` AI's decisions as the screen's worker makes them: M
/// `spne` players play the first rounds of seeded games (at most 6 rounds each, seeds 1
/// to 3), each decision timed in CPU time. A player's first decision of a round solves
/// the round; its later ones find it solved. `hint-NxM`: the same decisions from the
/// exact values (what a hint and the coach show), not the decision-only search.
fn pairs_decisions(case: &str, ranks: concentration::pairs::Ranks, m: usize, exact: bool) {
    use concentration::pairs::rules::{Game, Phase, default_target};
    use concentration::pairs::{Move, PairsAi, Player};
    let mut first = Vec::new();
    let mut rest = Vec::new();
    for seed in 1..=3 {
        let mut game = Game::new(ranks, m, default_target(m), seed).unwrap();
        let mut ais: Vec<Player> = (0..m)
            .map(|i| Player::new(PairsAi::Spne, i as u64))
            .collect();
        // Whether each player has decided in this round yet.
        let mut fresh = vec![true; m];
        let mut rounds = 0;
        loop {
            match game.phase() {
                Phase::Turn { mover } => {
                    let t = cpu_ms();
                    let view = game.view();
                    let action = if exact && view.can_hit() {
                        ais[mover].analyse(&view).unwrap().action
                    } else {
                        ais[mover].decide(&view)
                    };
                    let ms = cpu_ms() - t;
                    // Every player solves the round once: its first decision of it.
                    if fresh[mover] {
                        first.push(ms);
                    } else {
                        rest.push(ms);
                    }
                    match action {
                        Move::Hit => drop(game.hit().unwrap()),
                        Move::Fold => drop(game.fold().unwrap()),
                    }
                    fresh[mover] = false;
                }
                Phase::RoundOver(_) if rounds < 5 => {
                    rounds += 1;
                    fresh = vec![true; m];
                    game.next_round().unwrap();
                }
                _ => break,
            }
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let max = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    println!(
        "{case:<22} first of a round: {} decisions, mean {:.1} ms, max {:.1} ms; later: {} decisions, mean {:.2} ms, max {:.1} ms (CPU)  peak {:>7.1} MiB",
        first.len(),
        mean(&first),
        max(&first),
        rest.len(),
        mean(&rest),
        max(&rest),
        peak_memory_mib()
    );
}

/// Pairs: `duel-NxM[-OPPONENT]`, a series of `spne` against `random` or the opponent
/// named (and M − 2 more of it), 1,000 games from seed 101, as `pairs duel` plays them:
/// the time per game and what 20,000 games would take.
fn pairs_duel(case: &str, ranks: concentration::pairs::Ranks, m: usize, opponent: &str) {
    use concentration::pairs::PairsAi;
    use concentration::pairs::duel::series;
    use concentration::pairs::rules::default_target;
    use concentration::seats::AiKind;
    let other = *PairsAi::ALL
        .iter()
        .find(|k| k.name() == opponent)
        .expect("an AI's name");
    let mut kinds = vec![PairsAi::Spne];
    kinds.resize(m, other);
    let games = 1000;
    let t = cpu_ms();
    let start = Instant::now();
    let rates = series(ranks, &kinds, default_target(m), games, 101).unwrap();
    let cpu = cpu_ms() - t;
    println!(
        "{case:<22} {:>9.1} ms  {games} games, {:.2} ms of CPU a game (20,000 games: {:.0} s of CPU), spne loses {}  peak {:>7.1} MiB",
        start.elapsed().as_secs_f64() * 1000.0,
        cpu / games as f64,
        cpu / games as f64 * 20.0,
        rates[0].losses,
        peak_memory_mib()
    );
}

/// Pairs: `review-NxM`, `analyze` of a game of M seats (`spne`, `spne`, then `random`):
/// the first eight rounds of the seed's game played (seed 1, or S in `review-NxM-sS`),
/// then every decision valued.
fn pairs_review(case: &str, ranks: concentration::pairs::Ranks, m: usize, seed: u64) {
    use concentration::pairs::record::{PairsRecord, apply};
    use concentration::pairs::review::review;
    use concentration::pairs::rules::{Game, Phase, default_target};
    use concentration::pairs::{PairsAi, Player};
    use concentration::seats::{AiKind, Seats};
    let mut names = vec!["spne", "spne"];
    names.resize(m, "random");
    let seats = Seats::<PairsAi>::parse(&names.join(",")).unwrap();
    let kinds: Vec<PairsAi> = names
        .iter()
        .map(|n| *PairsAi::ALL.iter().find(|k| k.name() == *n).unwrap())
        .collect();
    let target = default_target(m);
    let mut game = Game::new(ranks, m, target, seed).unwrap();
    let mut ais: Vec<Player> = kinds
        .iter()
        .enumerate()
        .map(|(i, &k)| Player::new(k, i as u64))
        .collect();
    let mut rounds: Vec<Vec<concentration::pairs::Action>> = vec![Vec::new()];
    loop {
        match game.phase() {
            Phase::Turn { mover } => {
                let action = ais[mover].decide(&game.view());
                rounds.last_mut().unwrap().push(action);
                apply(&mut game, action).unwrap();
            }
            Phase::RoundOver(_) if rounds.len() < 8 => {
                rounds.push(Vec::new());
                game.next_round().unwrap();
            }
            _ => break,
        }
    }
    let record = PairsRecord {
        date: "2026-11-26".into(),
        time: "12:00:00".into(),
        seed,
        ranks,
        target,
        seats,
        rounds,
    };
    // The record for `concentration analyze`, to time the whole command.
    if let Some(path) = std::env::var_os("PAIRS_REVIEW_RECORD") {
        std::fs::write(path, record.to_text()).unwrap();
    }
    // The peak is the review's own, not the game's play before it (the `spne` players'
    // solves): the memory they freed handed back, then VmHWM reset to the memory in
    // use (writing 5 to clear_refs).
    drop(ais);
    // SAFETY: malloc_trim only hands free heap pages back to the system.
    unsafe { libc::malloc_trim(0) };
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let start = Instant::now();
    let t = cpu_ms();
    let costs = review(&record).unwrap();
    println!(
        "{case:<22} {:>9.1} ms  {} decisions valued over {} rounds ({:.1} ms of CPU)  peak {:>7.1} MiB",
        start.elapsed().as_secs_f64() * 1000.0,
        costs.len(),
        record.rounds.len(),
        cpu_ms() - t,
        peak_memory_mib()
    );
}
