//! `concentration play` and `concentration watch`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;

use super::settings::Settings;
use crate::app::{App, Config, First, Hints, Memory, Opponent, TableSeats};
use crate::rules::{Objective, PassRule, Variant};

/// Options of a game. Any flag skips the setup screen.
#[derive(Debug, Clone, Default, Args)]
pub(super) struct PlayArgs {
    /// Deck: standard, standard-rank, standard-jokers, standard-rank-jokers (the jokers count double), double, pairs:N, zebra, zebra:L or LxC
    #[arg(long)]
    deck: Option<String>,
    /// The seats in turn order, 2 to 6: people's names and AIs (optimal, usual, forgetful,
    /// forgetful-easy, forgetful-medium), or NAME:KIND (default you,optimal). Replaces
    /// --first, --opponent and --vs
    #[arg(long)]
    players: Option<String>,
    /// How turns go: standard, or one-flip (a pair is kept and the turn passes)
    #[arg(long)]
    variant: Option<String>,
    /// Who starts: you, ai or coin (two seats without --players)
    #[arg(long)]
    first: Option<String>,
    /// The AI: optimal, usual, forgetful, forgetful-easy, forgetful-medium
    #[arg(long)]
    opponent: Option<String>,
    /// In `watch`, the first seat's AI (default optimal)
    #[arg(long)]
    vs: Option<String>,
    /// What the AI plays for: win or margin (two seats); own-pairs (three or more)
    #[arg(long)]
    objective: Option<String>,
    /// Pass rule: agreed, ko, quit, withdraw or none
    #[arg(long = "pass-rule")]
    pass_rule: Option<String>,
    /// Memory mode: classic (seen cards turn back) or open (they stay face up)
    #[arg(long)]
    memory: Option<String>,
    /// Seed of the deal and of the AI's choices (random by default)
    #[arg(long)]
    seed: Option<u64>,
    /// Seconds before each AI flip (a finished turn stays on show twice as long)
    #[arg(long = "ai-delay", allow_negative_numbers = true)]
    ai_delay: Option<f64>,
    /// Hints: off (on H) or always (after every flip)
    #[arg(long)]
    hints: Option<String>,
    /// A practice game: undo allowed, marked as practice
    #[arg(long)]
    practice: bool,
    /// The coach: after each costly decision, what was best and what it cost
    #[arg(long)]
    coach: bool,
    /// The tutor: before a decision that costs a mistake or more, asks "Turn it anyway?"
    #[arg(long)]
    tutor: bool,
    /// Do not save the game's record
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

impl PlayArgs {
    /// `--ai-delay` as the screen reader's pace, if given.
    pub(super) fn pace(&self) -> anyhow::Result<Option<Duration>> {
        self.ai_delay
            .map(|d| super::delay_seconds("--ai-delay", d).map(Duration::from_secs_f64))
            .transpose()
    }

    fn any(&self) -> bool {
        self.deck.is_some()
            || self.players.is_some()
            || self.variant.is_some()
            || self.first.is_some()
            || self.opponent.is_some()
            || self.vs.is_some()
            || self.objective.is_some()
            || self.pass_rule.is_some()
            || self.memory.is_some()
            || self.seed.is_some()
            || self.ai_delay.is_some()
            || self.hints.is_some()
            || self.practice
            || self.coach
            || self.tutor
            || self.table.any()
    }

    fn config(&self, watch: bool) -> anyhow::Result<Config> {
        self.config_over(watch, super::settings::current())
    }

    /// Refuses the flags a command would not use (a flag accepted is a flag honoured):
    /// in `watch` nobody's turn is played, helped or coached; without saving there is no
    /// data directory to write in.
    fn check_unused(&self, watch: bool) -> anyhow::Result<()> {
        if self.no_save && self.data.data_dir.is_some() {
            return Err(super::usage(
                "--data-dir cannot go with --no-save: nothing is written",
            ));
        }
        if !watch {
            return Ok(());
        }
        for (flag, given, why) in [
            (
                "--first",
                self.first.is_some(),
                "the first seat (--vs) always starts",
            ),
            ("--practice", self.practice, "nobody's move can be undone"),
            ("--coach", self.coach, "no person's decision is coached"),
            ("--tutor", self.tutor, "no person's decision is asked about"),
            (
                "--hints",
                self.hints.is_some(),
                "the hint shows at every decision",
            ),
        ] {
            if given {
                return Err(super::usage(format!(
                    "{flag} is for `concentration play`: in watch {why}"
                )));
            }
        }
        Ok(())
    }

    /// The game's settings: the defaults, then the settings file, then the flags.
    pub(super) fn config_over(&self, watch: bool, settings: &Settings) -> anyhow::Result<Config> {
        self.check_unused(watch)?;
        let u = |e: String| super::usage(e);
        let mut c = Config {
            seed: self.seed.unwrap_or_else(crate::app::random_seed),
            practice: self.practice,
            ..Config::default()
        };
        settings.apply(&mut c, watch);
        if self.players.is_none()
            && (self.first.is_some() || self.opponent.is_some() || self.vs.is_some())
        {
            // Flags of today's two seats: the settings' players list gives way.
            c.players = None;
        }
        if let Some(d) = &self.deck {
            c.deck.clone_from(d);
        }
        if let Some(f) = &self.first {
            c.first = f.parse::<First>().map_err(u)?;
        }
        if let Some(o) = &self.opponent {
            c.opponent = Opponent::parse(o).map_err(u)?;
        }
        if watch {
            c.watch_first = Some(match &self.vs {
                Some(v) => Opponent::parse(v).map_err(u)?,
                None => settings.vs.unwrap_or(Opponent::Optimal),
            });
        } else if self.vs.is_some() {
            return Err(u("--vs is for `concentration watch`".into()));
        }
        if let Some(p) = &self.players {
            self.seat(&mut c, p, watch)?;
        }
        if let Some(v) = &self.variant {
            c.variant = v.parse::<Variant>().map_err(|e| u(e.to_string()))?;
            // The Duel's own deck unless one is named: a full deck a side.
            let splits = crate::rules::Deck::parse(&c.deck).is_ok_and(|d| d.duel_side().is_ok());
            if c.variant.duel().is_some() && self.deck.is_none() && !splits {
                c.deck = "double".into();
            }
        }
        if let Some(o) = &self.objective {
            check_objective(o, c.seat_count()).map_err(u)?;
            if c.seat_count() == 2 {
                c.objective = o.parse::<Objective>().map_err(|e| u(e.to_string()))?;
            }
        }
        if let Some(p) = &self.pass_rule {
            c.pass_rule = p.parse::<PassRule>().map_err(|e| u(e.to_string()))?;
        }
        if let Some(m) = &self.memory {
            c.memory = m.parse::<Memory>().map_err(u)?;
        }
        if let Some(h) = &self.hints {
            c.hints = h.parse::<Hints>().map_err(u)?;
        }
        if self.coach {
            c.coach = true;
        }
        if self.tutor {
            c.tutor = true;
        }
        self.table.apply(&mut c)?;
        if let Some(d) = self.ai_delay {
            c.ai_delay = Duration::from_secs_f64(super::delay_seconds("--ai-delay", d)?);
        }
        if watch
            && c.memory == Memory::Classic
            && self.memory.is_none()
            && settings.memory.is_none()
        {
            c.memory = Memory::Open;
        }
        c.check().map_err(u)?;
        Ok(c)
    }
}

impl PlayArgs {
    /// Seats the `--players` list in `c`. A list of the person `you` and one AI is
    /// today's game, kept in `first` and `opponent` so that it looks and plays as ever.
    fn seat(&self, c: &mut Config, list: &str, watch: bool) -> anyhow::Result<()> {
        let u = |e: String| super::usage(e);
        for (flag, given) in [
            ("--first", self.first.is_some()),
            ("--opponent", self.opponent.is_some()),
            ("--vs", self.vs.is_some()),
        ] {
            if given {
                return Err(u(format!(
                    "{flag} cannot go with --players: the list names every seat, the first to move first"
                )));
            }
        }
        let seats = TableSeats::parse(list).map_err(|e| u(format!("--players: {e}")))?;
        if watch && let Some(person) = seats.iter().find(|s| s.is_person()) {
            return Err(u(format!(
                "--players: watch seats AIs only, and '{}' is a person",
                person.name
            )));
        }
        let today = seats.len() == 2
            && seats.people() == 1
            && seats.iter().all(|s| match s.ai() {
                Some(k) => s.name == k.name(),
                None => s.name == "you",
            });
        if today {
            c.first = if seats.seat(0).is_person() {
                First::You
            } else {
                First::Ai
            };
            c.opponent = seats.iter().find_map(|s| s.ai()).unwrap_or_default();
            c.watch_first = None;
            c.players = None;
        } else {
            c.watch_first = None;
            c.players = Some(seats);
        }
        Ok(())
    }
}

/// Checks `--objective` against the number of seats: win and margin are for two, and
/// three or more play own pairs.
fn check_objective(objective: &str, seats: usize) -> Result<(), String> {
    match (objective, seats) {
        ("own-pairs", 2) => {
            Err("--objective own-pairs is for three or more players; two play win or margin".into())
        }
        ("own-pairs", _) | (_, 2) => Ok(()),
        ("win", _) => Err(format!(
            "--objective win with {seats} players: win probability is not offered for three or more (the game is not zero-sum between two sides); they play own-pairs"
        )),
        ("margin", _) => Err(format!(
            "--objective margin with {seats} players: the margin is for two; three or more play own-pairs"
        )),
        (other, _) => Err(format!(
            "unknown objective '{other}': with {seats} players, use own-pairs"
        )),
    }
}

fn launch(args: &PlayArgs, watch: bool) -> anyhow::Result<()> {
    if let Some(options) = args.access.speech(args.pace()?)? {
        let mut voice = super::access::voice(options);
        let kept = Kept::local(args)?;
        return super::saved(speak(
            args,
            watch,
            super::settings::current(),
            &kept,
            &mut voice,
        )?);
    }
    // Bad flags are told before a missing terminal.
    args.config(watch)?;
    let look = args.look.look()?;
    if !crate::tui::is_terminal() {
        return Err(super::usage(
            "the game needs a terminal: standard input and output must not be redirected",
        ));
    }
    super::settings::pause_if_warned();
    let kept = Kept::local(args)?;
    let app = screen_app(args, watch, super::settings::current(), &kept)?;
    let mut app = app;
    app.look = look;
    super::saved(crate::tui::run(app)?)?;
    Ok(())
}

/// Where a game's record, statistics and the dashboard's cache are kept (nothing with
/// `--no-save`, or for a guest over SSH).
#[derive(Debug, Clone, Default)]
pub(super) struct Kept {
    /// The records' folder.
    pub records: Option<PathBuf>,
    /// The data directory (statistics, ratings).
    pub data: Option<PathBuf>,
    /// The dashboard's cache folder.
    pub cache: Option<PathBuf>,
}

impl Kept {
    /// What the flags, the environment and the settings file name, here.
    fn local(args: &PlayArgs) -> anyhow::Result<Self> {
        if args.no_save {
            return Ok(Self::default());
        }
        let flag = super::settings::data_dir_flag(args.data.data_dir.as_deref());
        Ok(Self {
            records: Some(args.data.records()?),
            data: crate::record::data_dir(flag.as_deref()).ok(),
            cache: super::cache_dir(),
        })
    }

    /// Everything in `data`, a remote player's own data directory.
    pub(super) fn in_dir(data: &Path) -> Self {
        Self {
            records: Some(crate::record::records_dir(data)),
            data: Some(data.to_path_buf()),
            cache: Some(data.join("cache")),
        }
    }

    fn apply(&self, app: &mut App) {
        app.save_dir.clone_from(&self.records);
        app.cache_dir.clone_from(&self.cache);
        // Solitaire games started from the setup screen keep statistics there too.
        app.stats_dir.clone_from(&self.data);
    }
}

/// The app of the full game: at once on the game if any flag chooses it (or watching),
/// else on the setup screen.
///
/// # Errors
/// Bad flags (status 2).
pub(super) fn screen_app(
    args: &PlayArgs,
    watch: bool,
    settings: &Settings,
    kept: &Kept,
) -> anyhow::Result<App> {
    let mut config = args.config_over(watch, settings)?;
    config.reduce_motion = args.access.reduce_motion_with(settings);
    let mut app = if args.any() || watch {
        App::start(config.clone(), std::time::Instant::now()).map_err(super::usage)?
    } else {
        App::setup(config.clone())
    };
    app.base = config;
    kept.apply(&mut app);
    Ok(app)
}

/// The game in the screen-reader mode: line by line through `voice`, through the same
/// app as on screen. Without flags, numbered menus choose the game. Returns what could
/// not be saved.
///
/// # Errors
/// Bad flags (status 2), or the input or output fails.
pub(super) fn speak<R: std::io::BufRead, W: std::io::Write>(
    args: &PlayArgs,
    watch: bool,
    settings: &Settings,
    kept: &Kept,
    voice: &mut crate::speech::Voice<R, W>,
) -> anyhow::Result<crate::app::NotSaved> {
    let mut config = args.config_over(watch, settings)?;
    if voice.pace().is_none() {
        // Nothing waits: the AI's turn is told at once.
        config.ai_delay = Duration::ZERO;
    }
    if !(args.any() || watch) {
        match crate::speech::choose_game(voice, &config)? {
            Some(c) => config = c,
            None => return Ok(crate::app::NotSaved::default()),
        }
    }
    let mut app = App::start_blocking(config.clone(), voice.now()).map_err(super::usage)?;
    app.base = config;
    kept.apply(&mut app);
    Ok(crate::speech::play(app, voice)?)
}

/// Plays a game in the terminal.
///
/// # Errors
/// Bad flags or no terminal (usage errors), or a terminal failure.
pub(super) fn play(args: PlayArgs) -> anyhow::Result<()> {
    launch(&args, false)
}

/// Watches two AIs play.
///
/// # Errors
/// Bad flags or no terminal (usage errors), or a terminal failure.
pub(super) fn watch(args: PlayArgs) -> anyhow::Result<()> {
    launch(&args, true)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        args: PlayArgs,
    }

    fn config(line: &[&str], watch: bool, file: &str) -> anyhow::Result<Config> {
        let settings = super::super::settings::parse(file, std::path::Path::new("/")).unwrap();
        let mut words = vec!["play"];
        words.extend_from_slice(line);
        Line::parse_from(words).args.config_over(watch, &settings)
    }

    #[test]
    fn the_settings_table_is_the_default_and_gives_way_to_two_seat_flags() {
        let file = "players = \"you,usual,usual\"\nvariant = \"one-flip\"\npass-rule = \"none\"";
        let c = config(&["--seed", "1"], false, file).unwrap();
        assert_eq!((c.seat_count(), c.variant), (3, Variant::OneFlip));
        let c = config(&["--opponent", "forgetful"], false, file).unwrap();
        assert_eq!(c.seat_count(), 2, "--opponent is for today's two seats");
        assert_eq!(c.opponent, Opponent::ForgetfulMedium);
        let c = config(&["--players", "ann,bob"], false, file).unwrap();
        assert_eq!(c.seat_count(), 2);
        // The objective flag is checked against the settings' table.
        assert!(
            config(&["--objective", "win"], false, file)
                .unwrap_err()
                .to_string()
                .contains("--objective win with 3 players")
        );
    }

    #[test]
    fn flags_override_the_settings_file() {
        let file = "deck = \"pairs:5\"\nopponent = \"usual\"\nmemory = \"classic\"\nvs = \"usual\"\nai-delay = 0.1";
        let c = config(&[], false, file).unwrap();
        assert_eq!((c.deck.as_str(), c.opponent), ("pairs:5", Opponent::Usual));
        assert_eq!(c.ai_delay, Duration::from_millis(100));
        assert_eq!(c.watch_first, None);
        let c = config(&["--deck", "pairs:7", "--ai-delay", "0.5"], false, file).unwrap();
        assert_eq!((c.deck.as_str(), c.opponent), ("pairs:7", Opponent::Usual));
        assert_eq!(c.ai_delay, Duration::from_millis(500));
        assert!(!c.coach);
        assert!(config(&["--coach"], false, file).unwrap().coach);
        assert!(config(&[], false, "coach = true").unwrap().coach);
        assert!(!c.tutor);
        assert!(config(&["--tutor"], false, file).unwrap().tutor);
        assert!(config(&[], false, "tutor = true").unwrap().tutor);
        let c = config(&[], true, file).unwrap();
        assert_eq!(c.watch_first, Some(Opponent::Usual));
        assert_eq!(
            c.memory,
            Memory::Classic,
            "the file's memory wins over watch's open"
        );
        let c = config(&["--vs", "optimal"], true, "").unwrap();
        assert_eq!(
            (c.watch_first, c.memory),
            (Some(Opponent::Optimal), Memory::Open)
        );
        let e = config(
            &["--objective", "margin"],
            false,
            "pass-rule = \"withdraw\"",
        );
        assert!(e.is_err(), "a combination the flags make is refused");
    }

    #[test]
    fn flags_watch_would_not_use_are_refused() {
        let err = |line: &[&str], watch: bool| config(line, watch, "").unwrap_err().to_string();
        for flag in [
            &["--first", "ai"][..],
            &["--practice"],
            &["--coach"],
            &["--tutor"],
            &["--hints", "off"],
        ] {
            assert!(
                err(flag, true).contains("is for `concentration play`"),
                "{flag:?}"
            );
            config(flag, false, "").expect("play takes it");
        }
        assert!(err(&["--no-save", "--data-dir", "d"], false).contains("--no-save"));
        assert!(err(&["--no-save", "--data-dir", "d"], true).contains("--no-save"));
    }

    #[test]
    fn watch_seats_every_ai_under_a_name_that_fits() {
        for ai in ["optimal", "usual", "forgetful-easy", "forgetful-medium"] {
            let c = config(&["--vs", ai, "--opponent", ai], true, "").unwrap();
            let seats = c.seats(true);
            assert_eq!(seats.len(), 2, "{ai}");
        }
    }

    #[test]
    fn players_you_and_one_ai_is_todays_game() {
        let default = config(&["--seed", "1"], false, "").unwrap();
        let listed = config(&["--seed", "1", "--players", "you,optimal"], false, "").unwrap();
        assert_eq!(listed, default);
        let ai_first = config(&["--players", "usual,you"], false, "").unwrap();
        assert_eq!(
            (ai_first.first, ai_first.opponent),
            (First::Ai, Opponent::Usual)
        );
        assert_eq!(ai_first.players, None);
    }

    #[test]
    fn players_seat_people_and_ais_in_order() {
        let c = config(&["--players", "ann,bob"], false, "").unwrap();
        let seats = c.players.expect("two people are not today's game");
        assert_eq!(seats.people(), 2);
        let c = config(
            &["--players", "you,usual,forgetful", "--pass-rule", "none"],
            false,
            "",
        )
        .unwrap();
        assert_eq!(c.seat_count(), 3);
        let c = config(&["--players", "usual,usual,forgetful-easy"], true, "").unwrap();
        assert_eq!(c.seat_count(), 3);
        assert_eq!(c.memory, Memory::Open, "watch shows the cards");
        let c = config(
            &["--variant", "one-flip", "--players", "ann,usual"],
            false,
            "",
        )
        .unwrap();
        assert_eq!(c.variant, Variant::OneFlip);
    }

    #[test]
    fn players_refuse_what_does_not_go_with_them() {
        let err = |line: &[&str], watch: bool| config(line, watch, "").unwrap_err().to_string();
        assert!(
            err(
                &["--players", "you,usual,usual", "--objective", "win"],
                false
            )
            .contains("win probability is not offered")
        );
        assert!(
            err(
                &["--players", "you,usual,usual", "--objective", "margin"],
                false
            )
            .contains("--objective margin")
        );
        assert!(
            err(
                &["--players", "you,usual", "--objective", "own-pairs"],
                false
            )
            .contains("three or more")
        );
        assert!(
            err(
                &["--players", "you,usual,usual", "--pass-rule", "ko"],
                false
            )
            .contains("pass rule 'ko'")
        );
        assert!(err(&["--players", "you,usual", "--first", "ai"], false).contains("--first"));
        assert!(
            err(&["--players", "you,usual", "--opponent", "usual"], false).contains("--opponent")
        );
        assert!(err(&["--players", "you,usual"], true).contains("'you' is a person"));
        assert!(err(&["--players", "a,b,c,d,e,f,g"], false).contains("7 seats"));
        assert!(err(&["--players", "you,hal:genius"], false).contains("unknown seat kind"));
        config(&["--players", "you,optimal,usual"], false, "")
            .expect("the optimal AI sits at three seats");
        config(
            &["--players", "you,optimal", "--variant", "one-flip"],
            false,
            "",
        )
        .expect("and under One Flip");
        assert!(
            err(
                &["--players", "you,optimal,usual", "--variant", "one-flip"],
                false
            )
            .contains("One Flip with 3+ players")
        );
        assert!(err(&["--variant", "sideways"], false).contains("unknown variant"));
        config(
            &["--players", "you,usual,usual", "--objective", "own-pairs"],
            false,
            "",
        )
        .expect("own pairs is three players' objective");
    }
}
