//! How the screens are shown: a theme by name and whether only ASCII is drawn. The
//! terminal (`tui/look.rs`) reads the theme's palette and paints with it; the themes
//! are TOML files in `assets/`, built into the program.

use std::fmt;
use std::str::FromStr;

/// A theme by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ThemeName {
    /// For dark terminals: the palette as drawn.
    #[default]
    Dark,
    /// For light terminals.
    Light,
    /// No colours (what `NO_COLOR` selects).
    Plain,
    /// Colour-blind safe: orange and blue, never red against green.
    Colorblind,
}

impl ThemeName {
    /// Every theme, in the order `--help` lists them.
    pub const ALL: [Self; 4] = [Self::Dark, Self::Light, Self::Plain, Self::Colorblind];

    /// The name on the command line and in the settings file.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Dark => "dark",
            Self::Light => "light",
            Self::Plain => "plain",
            Self::Colorblind => "colorblind",
        }
    }

    /// The theme's file in `assets/themes`.
    pub fn source(self) -> &'static str {
        match self {
            Self::Dark => include_str!("../../assets/themes/dark.toml"),
            Self::Light => include_str!("../../assets/themes/light.toml"),
            Self::Plain => include_str!("../../assets/themes/plain.toml"),
            Self::Colorblind => include_str!("../../assets/themes/colorblind.toml"),
        }
    }
}

impl FromStr for ThemeName {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let names = || Self::ALL.map(Self::name).join(", ");
        match s {
            "colourblind" | "color-blind" | "colour-blind" => Ok(Self::Colorblind),
            _ => Self::ALL
                .into_iter()
                .find(|t| t.name() == s)
                .ok_or_else(|| format!("unknown theme '{s}': expected one of {}", names())),
        }
    }
}

impl fmt::Display for ThemeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the screens are shown: a theme, and Unicode or ASCII glyphs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Look {
    theme: ThemeName,
    ascii: bool,
}

impl Look {
    /// A theme, with ASCII glyphs or not.
    #[must_use]
    pub fn new(theme: ThemeName, ascii: bool) -> Self {
        Self { theme, ascii }
    }

    /// The theme.
    #[must_use]
    pub fn theme(&self) -> ThemeName {
        self.theme
    }

    /// Whether only ASCII is drawn.
    #[must_use]
    pub fn ascii(&self) -> bool {
        self.ascii
    }
}
