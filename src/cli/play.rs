//! `concentration play` and `concentration watch`.

use std::time::Duration;

use clap::Args;

use super::settings::Settings;
use crate::rules::{Objective, PassRule};
use crate::tui::{App, Config, First, Hints, Memory, Opponent};

/// Options of a game. Any flag skips the setup screen.
#[derive(Debug, Clone, Default, Args)]
pub struct PlayArgs {
    /// Deck: standard, standard-rank, standard-jokers, double, pairs:N or LxC
    #[arg(long)]
    deck: Option<String>,
    /// Who starts: you, ai or coin
    #[arg(long)]
    first: Option<String>,
    /// The AI: optimal, usual, forgetful, forgetful-easy, forgetful-medium
    #[arg(long)]
    opponent: Option<String>,
    /// In `watch`, the first seat's AI (default optimal)
    #[arg(long)]
    vs: Option<String>,
    /// What the AI plays for: win or margin
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
    /// Do not save the game's record
    #[arg(long = "no-save")]
    no_save: bool,
    #[command(flatten)]
    data: super::records::DataDir,
    #[command(flatten)]
    look: super::look::LookArgs,
}

impl PlayArgs {
    fn any(&self) -> bool {
        self.deck.is_some()
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
    }

    fn config(&self, watch: bool) -> anyhow::Result<Config> {
        self.config_over(watch, super::settings::current())
    }

    /// The game's settings: the defaults, then the settings file, then the flags.
    fn config_over(&self, watch: bool, settings: &Settings) -> anyhow::Result<Config> {
        let u = |e: String| super::usage(e);
        let mut c = Config {
            seed: self.seed.unwrap_or_else(crate::tui::random_seed),
            practice: self.practice,
            ..Config::default()
        };
        settings.apply(&mut c, watch);
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
        if let Some(o) = &self.objective {
            c.objective = o.parse::<Objective>().map_err(|e| u(e.to_string()))?;
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

fn launch(args: &PlayArgs, watch: bool) -> anyhow::Result<()> {
    let config = args.config(watch)?;
    let look = args.look.look()?;
    if !crate::tui::is_terminal() {
        return Err(super::usage(
            "the game needs a terminal: standard input and output must not be redirected",
        ));
    }
    super::settings::pause_if_warned();
    let app = if args.any() || watch {
        App::start(config.clone(), std::time::Instant::now()).map_err(super::usage)?
    } else {
        App::setup(config.clone())
    };
    let mut app = app;
    app.base = config;
    app.look = look;
    if !args.no_save {
        app.save_dir = Some(args.data.records()?);
        // Solitaire games started from the setup screen keep statistics there too.
        let flag = super::settings::data_dir_flag(args.data.data_dir.as_deref());
        app.stats_dir = crate::record::data_dir(flag.as_deref()).ok();
    }
    crate::tui::run(app)?;
    Ok(())
}

/// Plays a game in the terminal.
///
/// # Errors
/// Bad flags or no terminal (usage errors), or a terminal failure.
pub fn play(args: PlayArgs) -> anyhow::Result<()> {
    launch(&args, false)
}

/// Watches two AIs play.
///
/// # Errors
/// Bad flags or no terminal (usage errors), or a terminal failure.
pub fn watch(args: PlayArgs) -> anyhow::Result<()> {
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
}
