//! `--screen-reader`, `--card-names` and `--reduce-motion`: the game for those who play
//! by ear, or who would rather nothing moved by itself.

use std::time::{Duration, Instant};

use clap::Args;

use crate::speech::{CardNames, Options, Voice};

/// The accessibility flags of the commands that show a game.
#[derive(Debug, Clone, Default, Args)]
pub(super) struct AccessArgs {
    /// Line by line in plain text for screen readers, braille displays and pipes: one
    /// sentence per event, commands typed as words (`help` lists them). Also
    /// CONCENTRATION_SCREEN_READER=1, or screen-reader = true in the settings file
    #[arg(long = "screen-reader")]
    screen_reader: bool,
    /// With --screen-reader: cards named in words (seven of hearts; the default) or
    /// symbols (7♥)
    #[arg(long = "card-names", value_name = "NAMES")]
    card_names: Option<String>,
    /// No timed shows or animations: every finished turn stays on show until a key (also
    /// reduce-motion = true in the settings file)
    #[arg(long = "reduce-motion")]
    reduce_motion: bool,
}

impl AccessArgs {
    /// The screen-reader mode's options if it is on (the flag, the environment or the
    /// settings file); `pace` is `--ai-delay` when given.
    ///
    /// # Errors
    /// A bad `--card-names`, or `--card-names` without the mode (status 2).
    pub(super) fn speech(&self, pace: Option<Duration>) -> anyhow::Result<Option<Options>> {
        let asked = crate::speech::asked_by_environment()
            || super::settings::current().screen_reader == Some(true);
        self.speech_if(asked, pace)
    }

    /// The screen-reader mode's options if the flag or `asked` (the environment, the
    /// settings) turns it on.
    ///
    /// # Errors
    /// A bad `--card-names`, or `--card-names` without the mode (status 2).
    pub(super) fn speech_if(
        &self,
        asked: bool,
        pace: Option<Duration>,
    ) -> anyhow::Result<Option<Options>> {
        let on = self.screen_reader || asked;
        let names = match &self.card_names {
            Some(n) => n
                .parse::<CardNames>()
                .map_err(|e| super::usage(format!("--card-names: {e}")))?,
            None => CardNames::default(),
        };
        if !on {
            if self.card_names.is_some() {
                return Err(super::usage(
                    "--card-names is for the screen-reader mode: add --screen-reader",
                ));
            }
            return Ok(None);
        }
        Ok(Some(Options { names, pace }))
    }

    /// Whether timed shows are off (the flag or `settings`).
    #[must_use]
    pub(super) fn reduce_motion_with(&self, settings: &super::settings::Settings) -> bool {
        self.reduce_motion || settings.reduce_motion == Some(true)
    }
}

/// The screen-reader mode's voice over standard input and output.
#[must_use]
pub(super) fn voice(
    options: Options,
) -> Voice<std::io::StdinLock<'static>, std::io::StdoutLock<'static>> {
    Voice::new(
        std::io::stdin().lock(),
        std::io::stdout().lock(),
        options,
        Instant::now(),
    )
}
