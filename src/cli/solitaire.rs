//! `concentration solitaire` and `concentration stats`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;

use crate::app::{App, Config, Hints, Memory};
use crate::record;
use crate::solitaire::Challenge;

/// Options of a solitaire game.
#[derive(Debug, Clone, Default, Args)]
#[command(
    after_help = "A move is a turn of two cards, a pair included. Par is the exact expected number of moves \
still needed under optimal play (Foerster & Wattenhofer's e(n,k) on a pairs deck). At the end: your moves, \
the expected optimum e(n,0), the luck-adjusted figure (what optimal play needs on this deal with your order of \
turning new cards) and the worst case 2n-1. Challenge N is the same deal for everyone on the same deck.\n\n\
Examples:\n  concentration solitaire --deck pairs:8\n  concentration solitaire --deck standard --daily\n  concentration solitaire --deck pairs:12 --challenge 7 --memory open"
)]
pub(super) struct SolitaireArgs {
    /// Deck: standard, standard-rank, standard-jokers, double, pairs:N or LxC
    #[arg(long)]
    deck: Option<String>,
    /// Memory mode: classic (seen cards turn back) or open (they stay face up)
    #[arg(long)]
    memory: Option<String>,
    /// Seed of the deal (random by default)
    #[arg(long, conflicts_with_all = ["challenge", "daily"])]
    seed: Option<u64>,
    /// Deal challenge N of the deck: the same table for everyone
    #[arg(long, value_name = "N", conflicts_with = "daily")]
    challenge: Option<u64>,
    /// Deal today's challenge (number YYYYMMDD of the UTC date)
    #[arg(long)]
    daily: bool,
    /// Hints: off (on H) or always (after every flip); games with hints are not counted
    #[arg(long)]
    hints: Option<String>,
    /// Seconds a finished move stays on show (any key goes on; default 1.4)
    #[arg(long = "show-delay", value_name = "SECONDS")]
    show_delay: Option<f64>,
    /// A pair earns a free move (Foerster & Wattenhofer, section 8): only the moves
    /// that take no pair count, and the last; par e^f(n,k) = e(n,k) - (n - 1)
    #[arg(long = "free-after-pair")]
    free_after_pair: bool,
    /// The easier game (Foerster & Wattenhofer, section 8.1): the card turned last stays
    /// live, and a card that matches it takes the pair, even across two moves; par
    /// e^easy(n,k), about 1.5n. A deck of pairs only; combines with --free-after-pair
    #[arg(long)]
    easy: bool,
    /// Do not count the game in the statistics
    #[arg(long = "no-save")]
    pub(super) no_save: bool,
    #[command(flatten)]
    table: super::layout::LayoutArgs,
    #[command(flatten)]
    data: super::records::DataDir,
    #[command(flatten)]
    pub(super) look: super::look::LookArgs,
    #[command(flatten)]
    pub(super) access: super::access::AccessArgs,
}

impl SolitaireArgs {
    /// The game's settings and its challenge, if any.
    pub(super) fn config(&self) -> anyhow::Result<(Config, Option<Challenge>)> {
        let u = |e: String| super::usage(e);
        let mut c = Config::default();
        if let Some(d) = &self.deck {
            c.deck.clone_from(d);
        }
        let deck = crate::rules::Deck::parse(&c.deck).map_err(|e| u(e.to_string()))?;
        deck.check_playable().map_err(|e| u(e.to_string()))?;
        crate::model::RuleSet::of(&deck, 1)
            .check_solitaire(&deck)
            .map_err(u)?;
        if let Some(m) = &self.memory {
            c.memory = m.parse::<Memory>().map_err(u)?;
        }
        c.solo_rule = crate::solitaire::SoloRule::of(self.easy, self.free_after_pair);
        c.solo_rule.check_deck(&deck).map_err(u)?;
        if let Some(h) = &self.hints {
            c.hints = h.parse::<Hints>().map_err(u)?;
        }
        self.table.apply(&mut c)?;
        if let Some(d) = self.show_delay {
            c.ai_delay = Duration::from_secs_f64(super::delay_seconds("--show-delay", d)? / 2.0);
        }
        let challenge = if self.daily {
            Some(Challenge::daily(&record::today().0).map_err(u)?)
        } else {
            self.challenge.map(Challenge::numbered)
        };
        c.seed = match (challenge, self.seed) {
            (Some(ch), _) => ch.seed(&deck),
            (None, Some(s)) => s,
            (None, None) => crate::app::random_seed(),
        };
        Ok((c, challenge))
    }
}

/// The data directory, resolved as for records: `--data-dir`, the environment, the
/// settings file, or the platform's.
fn data_dir(data: &super::records::DataDir) -> anyhow::Result<PathBuf> {
    let flag = super::settings::data_dir_flag(data.data_dir.as_deref());
    record::data_dir(flag.as_deref()).map_err(super::usage)
}

/// Plays a solitaire game in the terminal.
///
/// # Errors
/// Bad flags or no terminal (usage errors), or a terminal failure.
pub(super) fn play(args: &SolitaireArgs) -> anyhow::Result<()> {
    let (mut config, challenge) = args.config()?;
    config.reduce_motion = args.access.reduce_motion_with(super::settings::current());
    if let Some(options) = args.access.speech(None)? {
        // Nothing is on show: a move is told at once.
        config.ai_delay = Duration::ZERO;
        let stats = if args.no_save {
            None
        } else {
            Some(data_dir(&args.data)?)
        };
        let records = stats.as_deref().map(record::records_dir);
        let mut app = App::solitaire(config, challenge, stats, true).map_err(super::usage)?;
        app.save_dir = records;
        let mut voice = super::access::voice(options);
        super::saved(crate::speech::play(app, &mut voice)?)?;
        return Ok(());
    }
    let look = args.look.look()?;
    if !crate::tui::is_terminal() {
        return Err(super::usage(
            "the game needs a terminal: standard input and output must not be redirected",
        ));
    }
    let stats = if args.no_save {
        None
    } else {
        Some(data_dir(&args.data)?)
    };
    let records = stats.as_deref().map(record::records_dir);
    let mut app = App::solitaire(config, challenge, stats, false).map_err(super::usage)?;
    app.save_dir = records;
    app.look = look;
    super::settings::pause_if_warned();
    super::saved(crate::tui::run(app)?)?;
    Ok(())
}

/// Prints the statistics: solitaire, games against each AI, puzzles.
#[derive(Debug, Args)]
#[command(
    after_help = "Games against the AI are read from the saved records: finished games of the person against one AI, by opponent, deck, pass rule and objective (games of two AIs, solitaire and practice games are left out; unreadable records are counted and skipped). Accuracy is the person's share of best decisions among those with a choice, pooled over the games, as analyze counts them. The page puts first the skill, PR: the average error a decision against optimal play (points of win chance x 10, pairs x 100; lower is better), which the cards' luck cannot move; the results rating comes second.\n\nExamples:\n  concentration stats\n  concentration stats --json"
)]
pub(super) struct StatsArgs {
    #[command(flatten)]
    data: super::records::DataDir,
    /// Print the statistics file's JSON, with the games against the AI under
    /// `versus_ai`, instead of the tables
    #[arg(long)]
    pub(super) json: bool,
}

/// Prints the statistics page of the data directory (the same lines the dashboard
/// screen shows: `trainer/stats_page.rs`).
///
/// # Errors
/// No data directory, or a statistics file that cannot be read.
pub(super) fn stats(args: &StatsArgs) -> anyhow::Result<()> {
    let dir = data_dir(&args.data)?;
    // The records the cache lacks are analysed first, with a bar on a terminal.
    super::records::warm_cache(&dir);
    let (warnings, page) = stats_page(&dir, super::cache_dir().as_deref(), args.json)?;
    for w in warnings {
        eprintln!("{w}");
    }
    print!("{page}");
    Ok(())
}

/// The statistics page of the data directory `dir` (its JSON with `json`), and the
/// warnings about what could not be read. Everything is read before anything is
/// printed: a file that cannot be read fails the command with nothing on standard
/// output, not halfway through the tables.
///
/// # Errors
/// A statistics file that cannot be read.
pub(super) fn stats_page(
    dir: &Path,
    cache: Option<&Path>,
    json: bool,
) -> anyhow::Result<(Vec<String>, String)> {
    use crate::trainer::stats_page::{PageError, StatsPage};
    let page = StatsPage::read(dir, cache).map_err(|PageError::Records(e)| super::usage(e))?;
    let warnings = page.warnings();
    if !json {
        return Ok((warnings, page.text()));
    }
    let mut value = serde_json::to_value(&page.solitaire.stats)?;
    if let Some(map) = value.as_object_mut() {
        // The skill first (PR, lower is better): the figure luck cannot move.
        map.insert("skill".into(), serde_json::to_value(page.skill)?);
        map.insert("versus_ai".into(), serde_json::to_value(&page.versus)?);
        map.insert("pairs".into(), serde_json::to_value(page.pairs)?);
        map.insert(
            "dashboard".into(),
            serde_json::json!({
                "skill": page.skill,
                "kinds": crate::trainer::dashboard::kinds(&page.games),
                "rating": page.book.rating,
                "rated": page.book.rated,
                "trend": page.book.trend(10),
                "practise_next": page.practise,
                "ideas": page.tally.tally.trends(),
            }),
        );
    }
    Ok((
        warnings,
        format!("{}\n", serde_json::to_string_pretty(&value)?),
    ))
}
