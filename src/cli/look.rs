//! `--theme` and `--ascii`: how the screens look, from the flags, the settings file and
//! `NO_COLOR`.

use clap::Args;

use crate::app::{Look, ThemeName};

/// The flags that choose a theme and a glyph set.
#[derive(Debug, Clone, Default, Args)]
pub(super) struct LookArgs {
    /// Colours: dark, light, plain or colorblind (default: the settings file's theme,
    /// else plain when NO_COLOR is set, else dark)
    #[arg(long, value_name = "THEME")]
    theme: Option<String>,
    /// ASCII only: card faces (7h, 7d, 7s, 7c), frames and marks
    #[arg(long)]
    ascii: bool,
}

/// The theme: the flag, else the settings file's, else plain under `NO_COLOR` (set and not
/// empty), else dark.
#[must_use]
pub(super) fn theme(flag: Option<ThemeName>, file: Option<ThemeName>, no_color: bool) -> ThemeName {
    flag.or(file).unwrap_or(if no_color {
        ThemeName::Plain
    } else {
        ThemeName::Dark
    })
}

impl LookArgs {
    /// The look these flags, the settings file and the environment choose.
    ///
    /// # Errors
    /// An unknown theme (status 2).
    pub(super) fn look(&self) -> anyhow::Result<Look> {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        self.look_with(super::settings::current(), no_color)
    }

    /// The look these flags and `settings` choose, colour off with `no_color`.
    ///
    /// # Errors
    /// An unknown theme (status 2).
    pub(super) fn look_with(
        &self,
        settings: &super::settings::Settings,
        no_color: bool,
    ) -> anyhow::Result<Look> {
        let flag = match &self.theme {
            Some(t) => Some(
                t.parse::<ThemeName>()
                    .map_err(|e| super::usage(format!("--theme: {e}")))?,
            ),
            None => None,
        };
        if flag.or(settings.theme).is_some() {
            crate::tui::force_colour_output();
        }
        Ok(Look::new(
            theme(flag, settings.theme, no_color),
            self.ascii || settings.ascii.unwrap_or(false),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_then_file_then_no_color() {
        use ThemeName::{Colorblind, Dark, Light, Plain};
        assert_eq!(theme(None, None, false), Dark);
        assert_eq!(theme(None, None, true), Plain);
        assert_eq!(theme(None, Some(Light), true), Light);
        assert_eq!(theme(Some(Colorblind), Some(Light), true), Colorblind);
        assert_eq!(theme(Some(Dark), None, true), Dark);
    }
}
