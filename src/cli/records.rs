//! `concentration analyze`, `replay` and `history`: saved games read back.

mod solo;

use solo::analyse_solo;

use crate::pairs::record::PairsRecord;
use crate::pairs::review::{DecisionCost, review_with};
use std::path::{Path, PathBuf};

use clap::Args;

use super::flip_table::{Naming, width};
use crate::analysis::annotate::{Analysis, annotate_fresh, show_cost_short, show_value};
use crate::analysis::judgement::Judgement;
use crate::app::{App, Config, History};
use crate::model::{Compared, Unit};
use crate::record::{self, Record, coordinate, face_text, seat_letter};
use crate::rules::Game;
use crate::words;

/// Where saved games are read and written.
#[derive(Debug, Clone, Default, Args)]
pub(super) struct DataDir {
    /// Data directory (games are saved in its `games` folder); default:
    /// $CONCENTRATION_DATA_DIR, the settings file's data-dir, or the platform's
    #[arg(long = "data-dir", value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
}

impl DataDir {
    /// The folder records go in.
    ///
    /// # Errors
    /// No data directory can be found.
    pub(super) fn records(&self) -> anyhow::Result<PathBuf> {
        let flag = super::settings::data_dir_flag(self.data_dir.as_deref());
        let data = record::data_dir(flag.as_deref()).map_err(super::usage)?;
        Ok(record::records_dir(&data))
    }
}

/// Annotations and summary of a saved game.
#[derive(Debug, Args)]
#[command(
    after_help = "Every flip gets the action taken, the best actions (in a player's words: new card, seen card, seen pair, take the pair, pass; the model's codes with --codes), its cost (win probability or pairs, by the game's objective) and a grade: only move, best, excellent, good, inaccuracy, mistake or blunder (docs/trainer.md). In classic memory a memory slip is named with the card forgotten and the turn it was seen. A solitaire record gets each flip's cost in expected moves beyond optimal play.\n\nExamples:\n  concentration analyze ~/.local/share/concentration/games/20260401-123456-standard-s7.cgn\n  concentration analyze game.cgn --json"
)]
pub(super) struct AnalyzeArgs {
    /// The record to analyse
    file: PathBuf,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
    /// Name actions by the model's codes (unknown, known R.U, match), as `solve` does,
    /// instead of a player's words
    #[arg(long)]
    codes: bool,
}

/// Replays a saved game on screen.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration replay game.cgn\n  concentration replay game.cgn --no-save"
)]
pub(super) struct ReplayArgs {
    /// The record to replay
    file: PathBuf,
    #[command(flatten)]
    data: DataDir,
    /// Do not save games started from the replay ("play this deal again")
    #[arg(long = "no-save")]
    no_save: bool,
    #[command(flatten)]
    look: super::look::LookArgs,
    #[command(flatten)]
    access: super::access::AccessArgs,
}

/// Lists the saved games; in a terminal, pick one to replay.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration history\n  concentration history --list --data-dir /tmp/concentration"
)]
pub(super) struct HistoryArgs {
    #[command(flatten)]
    data: DataDir,
    /// Print the list instead of opening it on screen
    #[arg(long)]
    pub(super) list: bool,
    /// Do not save games started from a replay
    #[arg(long = "no-save")]
    pub(super) no_save: bool,
    #[command(flatten)]
    pub(super) look: super::look::LookArgs,
}

/// How what is printed names a saved game: by its path here, or by its file name alone
/// (over SSH, where the server's folders are none of the player's business).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RecordName {
    /// The path, as given or found.
    Path,
    /// The file name in the player's games folder.
    FileName,
}

impl RecordName {
    /// How `path`, a record's, is shown.
    pub(super) fn of(self, path: &Path) -> String {
        words::shown_path(self.named(path))
    }

    /// What of `path`, a record's, is told.
    pub(super) fn named(self, path: &Path) -> &Path {
        match self {
            Self::Path => path,
            Self::FileName => path.file_name().map_or(path, Path::new),
        }
    }

    /// How `dir`, the records' folder, is named.
    pub(super) fn folder(self, dir: &Path) -> PathBuf {
        match self {
            Self::Path => dir.to_path_buf(),
            Self::FileName => PathBuf::from("your games"),
        }
    }
}

/// The file as a Pairs record, if it is one (its first line says so); a Pairs record
/// that does not read is a usage error naming the file and the line.
fn load_pairs(path: &Path) -> anyhow::Result<Option<PairsRecord>> {
    record::load_pairs(path).transpose().map_err(super::usage)
}

/// `analyze` of a Pairs record: each decision against the subgame-perfect one.
fn analyze_pairs(record: &PairsRecord, json: bool) -> anyhow::Result<()> {
    let decisions = record.rounds.iter().map(Vec::len).sum::<usize>() as u64;
    let progress = super::progress::Progress::bar(decisions, "decisions valued");
    let costs = review_with(record, || progress.step()).map_err(|e| super::usage(e.to_string()))?;
    drop(progress);
    let name = |seat: usize| record.seats.seat(seat).name.clone();
    if json {
        let decisions: Vec<serde_json::Value> = costs
            .iter()
            .map(|c| {
                serde_json::json!({
                    "round": c.round,
                    "seat": c.seat,
                    "player": name(c.seat),
                    "action": c.action.name(),
                    "best": c.best.name(),
                    "value": c.value,
                    "best_value": c.best_value,
                    "cost": c.cost,
                })
            })
            .collect();
        let v = serde_json::json!({
            "format": crate::pairs::record::FORMAT,
            "seed": record.seed,
            "ranks": record.ranks.get(),
            "target": record.target,
            "players": record.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
            "loser": record.loser(),
            "decisions": decisions,
        });
        return out(&format!("{v}\n"));
    }
    let mut text = format!(
        "Pairs | ranks {} | lose at {} | seed {} | {}\n",
        record.ranks.get(),
        record.target,
        record.seed,
        record
            .seats
            .iter()
            .map(|s| s.name.clone())
            .collect::<Vec<_>>()
            .join(" vs ")
    );
    for c in &costs {
        let mark = if c.cost < -1e-9 {
            format!(
                "  best {} {:+.3}, cost {:.3}",
                c.best.name(),
                c.best_value,
                -c.cost
            )
        } else {
            "  best".to_string()
        };
        text += &format!(
            "round {:>2}  {:<12} {:<4} {:+.3}{mark}\n",
            c.round,
            name(c.seat),
            c.action.name(),
            c.value
        );
    }
    for (i, seat) in record.seats.iter().enumerate() {
        let mine: Vec<&DecisionCost> = costs.iter().filter(|c| c.seat == i).collect();
        let lost: f64 = mine.iter().map(|c| -c.cost).sum();
        let best = mine.iter().filter(|c| c.cost >= -1e-9).count();
        text += &format!(
            "{}: {best} of {} decisions best, {lost:.3} points lost in expectation\n",
            seat.name,
            mine.len()
        );
    }
    text += &match record.loser() {
        Some(l) => format!("{} lost.\n", name(l)),
        None => "unfinished\n".to_string(),
    };
    out(&text)
}

fn load(path: &Path) -> anyhow::Result<Record> {
    record::load(path).map_err(super::usage)
}

/// Analyses a record with a freshly solved solver, and judges it.
///
/// # Errors
/// The game cannot be solved (a deck too large).
pub fn analyse(record: &Record) -> anyhow::Result<(Game, Judgement)> {
    let game = record.replay().map_err(|e| super::usage(e.to_string()))?;
    let cannot = |e: String| super::usage(format!("cannot analyse: {e}"));
    crate::analysis::annotate::analysable(record).map_err(|e| cannot(e.to_string()))?;
    let players = record.players.clone();
    let analysis = annotate_fresh(&game, players, record.objective, record.pass_rule)
        .map_err(|e| cannot(e.to_string()))?;
    let judgement = Judgement::of_record(record, &game, analysis);
    Ok((game, judgement))
}

/// Runs `analyze`.
///
/// # Errors
/// A bad record or a game too large to solve (status 2).
pub(super) fn analyze(args: &AnalyzeArgs) -> anyhow::Result<()> {
    if let Some(pairs) = load_pairs(&args.file)? {
        return analyze_pairs(&pairs, args.json);
    }
    let record = load(&args.file)?;
    if record.is_solitaire() {
        let solo = analyse_solo(&record)?;
        if args.json {
            return out(&format!("{}\n", solo.to_json(&record)));
        }
        return out(&solo.text(&record, Naming::of(args.codes)));
    }
    let spinner = super::progress::Progress::spinner("analysing");
    let (game, judgement) = analyse(&record)?;
    drop(spinner);
    if args.json {
        return out(&format!("{}\n", judgement.to_json(&game)));
    }
    out(&text_report(
        &record,
        &game,
        &judgement,
        Naming::of(args.codes),
    ))
}

/// Writes to standard output; a reader that stopped early (`| head`) is not an error.
fn out(text: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// The analysis as text: a header line, one line per flip (actions named by `naming`),
/// then the summary of each player with the three costliest decisions explained.
#[must_use]
pub fn text_report(record: &Record, game: &Game, judgement: &Judgement, naming: Naming) -> String {
    use std::fmt::Write as _;
    let analysis = &judgement.analysis;
    let mut s = String::new();
    let view = game.view();
    let who: Vec<String> = record
        .all_seats()
        .map(|seat| {
            format!(
                "{} {}",
                seat_letter(seat),
                words::shown(record.player(seat))
            )
        })
        .collect();
    let _ = writeln!(
        s,
        "{} | seed {} | {} | {}{} | {} | result {} ({}){}",
        record.deck,
        record.seed,
        who.join(" vs "),
        record.objective_name(),
        if record.variant == crate::rules::Variant::Standard {
            String::new()
        } else {
            format!(" | {}", record.variant)
        },
        record.pass_rule,
        record::result_text(game),
        record::pairs_text(game),
        if record.practice { " | practice" } else { "" }
    );
    let played: Vec<String> = analysis
        .annotations
        .iter()
        .map(|a| naming.played(a))
        .collect();
    let best: Vec<String> = analysis
        .annotations
        .iter()
        .map(|a| naming.best(a))
        .collect();
    // Columns as wide as their longest entry: a best column of three tied actions whole.
    let (aw, bw) = (width("action", played.iter()), width("best", best.iter()));
    let _ = writeln!(
        s,
        "turn  flip       player            {:<aw$}  {:<bw$}  value    cost  class",
        "action", "best"
    );
    let deck = view.deck();
    let slip = |an: &crate::analysis::annotate::Annotation| {
        let slip = judgement.slip_at(an.index)?;
        Some(crate::analysis::memory::slip_words(
            game,
            &words::shown(analysis.name(an.seat)),
            an,
            slip,
        ))
    };
    for ((an, played), best) in analysis.annotations.iter().zip(&played).zip(&best) {
        let seat = an.seat;
        let card = game.view().flips()[an.index].card;
        let printed = printed(analysis, an);
        let _ = writeln!(
            s,
            "{:>4}  {:<4} {:<5} {} {:<15} {played:<aw$}  {best:<bw$} {:>6} {:>7}  {}",
            an.turn,
            coordinate(deck, an.position),
            face_text(deck, card),
            seat_letter(seat),
            truncate(analysis.name(seat), 15),
            value_number(analysis, an.value, printed),
            if an.cost > 0.0 {
                printed.cost_digits(an.value)
            } else {
                "0".into()
            },
            judgement.decisions[an.index].label()
        );
        // A flip that was not best: the best action in a player's words, on this table.
        if an.cost > 0.0 {
            let _ = writeln!(
                s,
                "      best: {} ({})",
                words::escaped(&an.best_words),
                value_number(analysis, an.best_value, printed).trim_start()
            );
        }
        if let Some(slip) = slip(an) {
            let _ = writeln!(s, "      {slip}");
        }
    }
    if let Some(legend) = naming.legend(record.deck.is_zebra()) {
        let _ = writeln!(s, "{legend}");
    }
    let _ = writeln!(s, "summary");
    for seat in record.all_seats() {
        let sum = judgement.figures(seat);
        let _ = writeln!(
            s,
            "  {} {}: {}",
            seat_letter(seat),
            words::shown(analysis.name(seat)),
            sum.words(|c| show_cost_short(analysis.objective, c))
        );
        // Memory apart from strategy: said wherever memory was tested (classic memory).
        if let Some(memory) = sum.memory_words() {
            let _ = writeln!(s, "    {memory}");
        }
        for (k, &i) in sum.costliest.iter().enumerate() {
            let _ = writeln!(
                s,
                "    {}. {}",
                k + 1,
                analysis.explain(game, &analysis.annotations[i])
            );
            if let Some(slip) = slip(&analysis.annotations[i]) {
                let _ = writeln!(s, "       {slip}");
            }
        }
    }
    if analysis.unit() == Unit::OwnPairs {
        let _ = writeln!(
            s,
            "values: the flipper's expected own pairs from there on; costs in pairs; A's expected pairs at the start {}",
            analysis.show(analysis.curve[0])
        );
        return s;
    }
    let _ = writeln!(
        s,
        "values for the player who flipped ({}), costs in {}; A's value at the start {}",
        match analysis.objective {
            crate::rules::Objective::Win => "the chance to win, a draw counting half",
            _ => "the final pair margin expected, the score included",
        },
        match analysis.objective {
            crate::rules::Objective::Win => "points of win chance",
            _ => "pairs",
        },
        show_value(analysis.objective, analysis.curve[0])
    );
    s
}

/// How a flip's value, its best value and its cost are printed: a best flip's value as
/// usual (`33.3%`, `+0.42`), a costly one's with the cost's digits (`63.48%`, `0.52`;
/// `+0.420`, `0.125`), more where the two would print alike, the cost being the
/// difference of the two values as printed.
fn printed(analysis: &Analysis, an: &crate::analysis::annotate::Annotation) -> Compared {
    let usual = match analysis.unit() {
        Unit::Objective(crate::rules::Objective::Win) => 1,
        _ => 2,
    };
    let min = if an.cost > 0.0 { usual + 1 } else { usual };
    analysis.unit().compare(an.best_value, &[an.value], min)
}

/// A value in the objective's unit, as the table prints it: `33.3%`, `+0.42`, with the
/// decimals of `printed`.
fn value_number(analysis: &Analysis, v: f64, printed: Compared) -> String {
    let d = printed.decimals;
    if analysis.unit() == Unit::OwnPairs {
        return words::fixed(v, d);
    }
    match analysis.objective {
        crate::rules::Objective::Win => words::percent(v, d),
        _ => words::signed(v, d),
    }
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

fn base_config(data: &DataDir, no_save: bool) -> anyhow::Result<(Config, Option<PathBuf>)> {
    let dir = if no_save { None } else { Some(data.records()?) };
    Ok((Config::default(), dir))
}

fn need_terminal() -> anyhow::Result<()> {
    if crate::tui::is_terminal() {
        Ok(())
    } else {
        Err(super::usage(
            "the replay needs a terminal: standard input and output must not be redirected",
        ))
    }
}

/// Runs `replay`.
///
/// # Errors
/// A bad record, no terminal (status 2), or a terminal failure.
pub(super) fn replay(args: &ReplayArgs) -> anyhow::Result<()> {
    if let Some(options) = args.access.speech(None)? {
        return speak_replay(args, options);
    }
    if let Some(pairs) = load_pairs(&args.file)? {
        let look = args.look.look()?;
        need_terminal()?;
        let replay = crate::app::PairsReplay::new(pairs, Some(args.file.clone()))
            .map_err(|e| super::usage(format!("{}: {e}", args.file.display())))?;
        let mut app = App::pairs_replay(replay);
        app.look = look;
        super::settings::pause_if_warned();
        super::saved(crate::tui::run(app)?)?;
        return Ok(());
    }
    let record = load(&args.file)?;
    let look = args.look.look()?;
    need_terminal()?;
    let (base, dir) = base_config(&args.data, args.no_save)?;
    let mut app = App::replay(
        record,
        Some(args.file.clone()),
        base,
        false,
        std::time::Instant::now(),
    )
    .map_err(super::usage)?;
    app.save_dir = dir;
    app.cache_dir = super::cache_dir();
    app.look = look;
    super::settings::pause_if_warned();
    super::saved(crate::tui::run(app)?)?;
    Ok(())
}

/// A saved game replayed in the screen-reader mode, line by line.
fn speak_replay(args: &ReplayArgs, options: crate::speech::Options) -> anyhow::Result<()> {
    if let Some(pairs) = load_pairs(&args.file)? {
        let replay = crate::app::PairsReplay::new(pairs, Some(args.file.clone()))
            .map_err(|e| super::usage(format!("{}: {e}", args.file.display())))?;
        let mut voice = super::access::voice(options);
        super::saved(crate::speech::pairs(App::pairs_replay(replay), &mut voice)?)?;
        return Ok(());
    }
    let record = load(&args.file)?;
    let (base, dir) = base_config(&args.data, args.no_save)?;
    let mut voice = super::access::voice(options);
    let mut app = App::replay(record, Some(args.file.clone()), base, true, voice.now())
        .map_err(super::usage)?;
    app.save_dir = dir;
    app.cache_dir = super::cache_dir();
    super::saved(crate::speech::replay(app, &mut voice)?)?;
    Ok(())
}

/// Runs `history`: the list on screen, or printed with `--list` or without a terminal.
///
/// # Errors
/// No data directory, a records folder that cannot be read, or a terminal failure.
pub(super) fn history(args: &HistoryArgs) -> anyhow::Result<()> {
    let dir = args.data.records()?;
    let entries = record::try_list(&dir).map_err(super::usage)?;
    // Each game's accuracy and costliest decision, from the dashboard's cache (records
    // not in it are analysed once and kept): without it the list goes on without them.
    let figures = dir
        .parent()
        .and_then(|data| analysed_games(data).ok())
        .map(|games| crate::app::history_figures(&games))
        .unwrap_or_default();
    if args.list || !crate::tui::is_terminal() {
        return out(&history_text(&dir, &entries, &figures, RecordName::Path));
    }
    let look = args.look.look()?;
    let (base, save) = base_config(&args.data, args.no_save)?;
    let history = History::new(dir, entries).with_figures(&figures);
    let mut app = App::history(history, base, false);
    app.save_dir = save;
    app.cache_dir = super::cache_dir();
    app.look = look;
    super::settings::pause_if_warned();
    super::saved(crate::tui::run(app)?)?;
    Ok(())
}

/// The list `history` prints of the games `entries` in folder `dir`, each named by
/// `names`, with their `figures`.
pub(super) fn history_text(
    dir: &Path,
    entries: &[record::Entry],
    figures: &crate::app::history::Figures,
    names: RecordName,
) -> String {
    if entries.is_empty() {
        return format!("no saved games in {}\n", names.folder(dir).display());
    }
    // The files' column as wide as the longest name, so the next columns line up.
    let paths: Vec<String> = entries.iter().map(|e| names.of(&e.path)).collect();
    let width = paths.iter().map(|p| p.chars().count()).max().unwrap_or(0);
    paths
        .iter()
        .zip(crate::app::history_lines(entries, Some(figures)))
        .map(|(path, line)| format!("{path:<width$}  {line}\n"))
        .collect()
}

/// Analyses the saved games under `data` that the dashboard's cache lacks, with a bar
/// (a first `stats` over thousands takes seconds): the command then reads a warm cache.
/// A failure is left for that reading to report.
pub(super) fn warm_cache(data: &Path) {
    let _ = analysed_games(data);
}

/// Every saved game under `data`, each analysed once into the dashboard's cache, with a
/// bar while records are analysed afresh (a first `stats` over thousands takes seconds).
pub(super) fn analysed_games(data: &Path) -> anyhow::Result<crate::trainer::dashboard::Games> {
    let mut bar: Option<super::progress::Progress> = None;
    let cache = super::cache_dir();
    let games = crate::trainer::dashboard::games_with(data, cache.as_deref(), |_, of| {
        bar.get_or_insert_with(|| super::progress::Progress::bar(of, "games analysed"))
            .step();
    })
    .map_err(super::usage)?;
    drop(bar);
    // Said here, where the cache is first read: a damaged cache is rebuilt now, so
    // the command's own reading finds it sound.
    if let Some(w) = &games.warning {
        eprintln!("{w}");
    }
    Ok(games)
}
