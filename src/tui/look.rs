//! Themes and glyph sets. Every screen is drawn in one palette ([`super::theme`], the dark
//! theme) with Unicode glyphs; the app's [`Look`] then recolours the finished buffer
//! (light, plain, colour-blind) and puts ASCII stand-ins for every other character
//! (`--ascii`) ([`Paint`]). The themes and the ASCII set are TOML files in `assets/`,
//! built into the program.

use std::collections::HashMap;
use std::sync::OnceLock;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

use crate::app::look::{Look, ThemeName};

/// A theme as read from its file.
#[derive(Debug, Clone, PartialEq)]
pub struct Palette {
    /// One line about it.
    pub about: String,
    /// `false`: every colour is dropped (plain).
    pub colours: bool,
    /// Text colour as drawn → as shown.
    pub ink: Vec<(Color, Color)>,
    /// Background colour as drawn → as shown.
    pub paper: Vec<(Color, Color)>,
    /// Modifiers added where the background was drawn in a colour.
    pub mark: Vec<(Color, Modifier)>,
}

impl Default for Palette {
    /// The identity: the colours as drawn.
    fn default() -> Self {
        Self {
            about: String::new(),
            colours: true,
            ink: Vec::new(),
            paper: Vec::new(),
            mark: Vec::new(),
        }
    }
}

fn colour(value: &toml::Value) -> Result<Color, String> {
    match value {
        toml::Value::String(s) => s.parse().map_err(|_| format!("'{s}' is not a colour")),
        toml::Value::Integer(i) => u8::try_from(*i)
            .map(Color::Indexed)
            .map_err(|_| format!("colour {i} is not 0-255")),
        other => Err(format!("expected a colour, found {}", other.type_str())),
    }
}

fn modifier(name: &str) -> Result<Modifier, String> {
    Ok(match name {
        "bold" => Modifier::BOLD,
        "dim" => Modifier::DIM,
        "italic" => Modifier::ITALIC,
        "underlined" => Modifier::UNDERLINED,
        "reversed" => Modifier::REVERSED,
        "crossed-out" => Modifier::CROSSED_OUT,
        _ => return Err(format!("unknown modifier '{name}'")),
    })
}

fn table<'a>(t: &'a toml::Table, key: &str) -> Result<Option<&'a toml::Table>, String> {
    match t.get(key) {
        None => Ok(None),
        Some(toml::Value::Table(t)) => Ok(Some(t)),
        Some(_) => Err(format!("[{key}] must be a table")),
    }
}

impl Palette {
    /// Reads a theme file.
    ///
    /// # Errors
    /// Not TOML, an unknown key, or a bad colour or modifier.
    pub fn parse(text: &str) -> Result<Self, String> {
        let t: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| e.message().lines().next().unwrap_or("").to_owned())?;
        let mut p = Self::default();
        for (key, value) in &t {
            match key.as_str() {
                "about" => value.as_str().unwrap_or_default().clone_into(&mut p.about),
                "colours" => {
                    p.colours = value.as_bool().ok_or("colours: expected true or false")?;
                }
                "ink" | "paper" | "mark" => {}
                _ => return Err(format!("unknown key '{key}'")),
            }
        }
        for (key, target) in [("ink", &mut p.ink), ("paper", &mut p.paper)] {
            for (from, to) in table(&t, key)?.into_iter().flatten() {
                let from = from
                    .parse()
                    .map_err(|_| format!("'{from}' is not a colour"))?;
                target.push((from, colour(to)?));
            }
        }
        for (from, names) in table(&t, "mark")?.into_iter().flatten() {
            let from = from
                .parse()
                .map_err(|_| format!("'{from}' is not a colour"))?;
            let mut m = Modifier::empty();
            for name in names
                .as_array()
                .ok_or("mark: expected a list of modifiers")?
            {
                m |= modifier(name.as_str().unwrap_or_default())?;
            }
            p.mark.push((from, m));
        }
        Ok(p)
    }

    fn is_identity(&self) -> bool {
        self.colours && self.ink.is_empty() && self.paper.is_empty() && self.mark.is_empty()
    }
}

/// Reads the ASCII glyph set.
///
/// # Errors
/// Not TOML, or a key or value that is not one character (ASCII for values).
pub(super) fn parse_glyphs(text: &str) -> Result<HashMap<char, char>, String> {
    let t: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| e.message().lines().next().unwrap_or("").to_owned())?;
    let glyphs = table(&t, "glyphs")?.ok_or("no [glyphs] table")?;
    let one = |s: &str| {
        let mut c = s.chars();
        match (c.next(), c.next()) {
            (Some(ch), None) => Ok(ch),
            _ => Err(format!("'{s}' is not one character")),
        }
    };
    let mut map = HashMap::new();
    for (from, to) in glyphs {
        let to = one(to.as_str().unwrap_or_default())?;
        if !to.is_ascii() || to.is_ascii_control() {
            return Err(format!("'{from}' = '{to}': not printable ASCII"));
        }
        map.insert(one(from)?, to);
    }
    Ok(map)
}

/// Lets colours through even when `NO_COLOR` is set (crossterm drops them by itself):
/// for a theme the user asked for by name, which wins over `NO_COLOR`.
pub fn force_colour_output() {
    ratatui::crossterm::style::force_color_output(true);
}

/// The palette of `theme`, read once from its built-in file (a broken one, which a test
/// rules out, shows the dark palette).
fn palette(theme: ThemeName) -> &'static Palette {
    static PALETTES: OnceLock<Vec<Palette>> = OnceLock::new();
    let all = PALETTES.get_or_init(|| {
        ThemeName::ALL
            .iter()
            .map(|t| Palette::parse(t.source()).unwrap_or_default())
            .collect()
    });
    let i = ThemeName::ALL.iter().position(|&t| t == theme).unwrap_or(0);
    &all[i]
}

/// The ASCII glyph set, read once from its built-in file.
fn ascii_glyphs() -> &'static HashMap<char, char> {
    static GLYPHS: OnceLock<HashMap<char, char>> = OnceLock::new();
    GLYPHS.get_or_init(|| parse_glyphs(include_str!("../../assets/ascii.toml")).unwrap_or_default())
}

/// A [`Look`] put on a drawn buffer.
pub trait Paint {
    /// Recolours and re-glyphs a drawn area.
    fn apply(&self, area: Rect, buf: &mut Buffer);
}

impl Paint for Look {
    fn apply(&self, area: Rect, buf: &mut Buffer) {
        let palette = palette(self.theme());
        let glyphs = self.ascii().then(ascii_glyphs);
        let recolour = !palette.is_identity();
        if !recolour && glyphs.is_none() {
            return;
        }
        let area = area.intersection(buf.area);
        for y in area.top()..area.bottom() {
            for x in area.left()..area.right() {
                let Some(cell) = buf.cell_mut((x, y)) else {
                    continue;
                };
                if recolour {
                    let p = palette;
                    for &(from, m) in &p.mark {
                        if cell.bg == from {
                            cell.modifier |= m;
                        }
                    }
                    if p.colours {
                        if let Some(&(_, to)) = p.ink.iter().find(|(from, _)| *from == cell.fg) {
                            cell.fg = to;
                        }
                        if let Some(&(_, to)) = p.paper.iter().find(|(from, _)| *from == cell.bg) {
                            cell.bg = to;
                        }
                    } else {
                        cell.fg = Color::Reset;
                        cell.bg = Color::Reset;
                    }
                }
                if let Some(glyphs) = glyphs {
                    let symbol = cell.symbol();
                    if !symbol.is_ascii() {
                        let c = symbol.chars().next().unwrap_or(' ');
                        let to = match c {
                            '\u{2800}' => ' ',
                            '\u{2801}'..='\u{28ff}' => '*',
                            _ => glyphs.get(&c).copied().unwrap_or('?'),
                        };
                        cell.set_char(to);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Style;

    #[test]
    fn built_in_files_parse() {
        for t in ThemeName::ALL {
            let p = Palette::parse(t.source()).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert!(!p.about.is_empty(), "{t}");
            assert_eq!(t.name().parse::<ThemeName>(), Ok(t));
        }
        assert!(
            Palette::parse(ThemeName::Dark.source())
                .unwrap()
                .is_identity()
        );
        let g = parse_glyphs(include_str!("../../assets/ascii.toml")).unwrap();
        assert_eq!((g[&'♥'], g[&'░'], g[&'┌']), ('h', '#', '+'));
        assert!(
            "neon"
                .parse::<ThemeName>()
                .unwrap_err()
                .contains("dark, light")
        );
    }

    #[test]
    fn faults_in_theme_files_are_named() {
        assert!(Palette::parse("[ink]\nred = \"vermilion\"").is_err());
        assert!(Palette::parse("[ink]\nred = 300").is_err());
        assert!(Palette::parse("shade = 1").is_err());
        assert!(Palette::parse("[mark]\nred = [\"blink\"]").is_err());
        assert!(parse_glyphs("[glyphs]\n\"♥\" = \"♡\"").is_err());
        assert!(parse_glyphs("[glyphs]\n\"♥\" = \"hh\"").is_err());
    }

    #[test]
    fn apply_recolours_and_replaces_glyphs() {
        let area = Rect::new(0, 0, 6, 1);
        let draw = || {
            let mut buf = Buffer::empty(area);
            buf.set_string(0, 0, "7♥", Style::new().fg(Color::Red).bg(Color::Gray));
            buf.set_string(2, 0, "░", Style::new().bg(Color::Yellow));
            buf.set_string(3, 0, "⠁\u{2800}é", Style::new().fg(Color::Green));
            buf
        };
        let mut buf = draw();
        Look::new(ThemeName::Plain, true).apply(area, &mut buf);
        let text: String = (0..6).map(|x| buf[(x, 0)].symbol().to_owned()).collect();
        assert_eq!(text, "7h#* e");
        assert!(
            buf.content
                .iter()
                .all(|c| c.fg == Color::Reset && c.bg == Color::Reset)
        );
        assert!(buf[(2, 0)].modifier.contains(Modifier::REVERSED));
        let mut buf = draw();
        Look::new(ThemeName::Colorblind, false).apply(area, &mut buf);
        assert_eq!(buf[(0, 0)].fg, Color::Indexed(208));
        assert_eq!(buf[(1, 0)].symbol(), "♥");
        assert_eq!(buf[(3, 0)].fg, Color::Indexed(33));
        let mut buf = draw();
        Look::default().apply(area, &mut buf);
        assert_eq!(buf, draw());
        assert_eq!(Look::default(), Look::new(ThemeName::Dark, false));
    }
}
