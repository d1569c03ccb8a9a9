//! The settings file: defaults for `play` and `watch` in TOML, in the user's config
//! directory (`~/.config/concentration/config.toml` on Linux) or wherever
//! `$CONCENTRATION_CONFIG` points. Flags override it. Each bad value is named in one
//! warning line and only its key is ignored; a file that is not TOML gives the defaults.
//!
//! ```toml
//! deck = "pairs:12"
//! players = "you,optimal,usual"
//! variant = "one-flip"
//! opponent = "usual"
//! pass-rule = "ko"
//! ai-delay = 0.4
//! ```

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::rules::{Deck, Objective, PassRule, Variant};
use crate::tui::{Config, First, Hints, Memory, Opponent, TableSeats, ThemeName};

/// The environment variable that overrides where the settings file is.
pub const CONFIG_ENV: &str = "CONCENTRATION_CONFIG";

/// Every key of the file with its meaning, in the order `config show` and `config init`
/// list them.
pub const KEYS: [(&str, &str); 17] = [
    (
        "deck",
        "standard, standard-rank, standard-jokers, double, pairs:N or LxC",
    ),
    (
        "players",
        "the seats in turn order, 2 to 6, as --players: you,optimal or ann,bob,usual",
    ),
    (
        "variant",
        "standard, or one-flip (a pair is kept and the turn passes)",
    ),
    ("first", "who starts: you, ai or coin"),
    (
        "opponent",
        "the AI: optimal, usual, forgetful-easy or forgetful-medium",
    ),
    ("vs", "in `watch`, the first seat's AI"),
    ("objective", "what the AI plays for: win or margin"),
    ("pass-rule", "agreed, ko, quit, withdraw or none"),
    ("memory", "classic (seen cards turn back) or open"),
    ("hints", "off (on H) or always"),
    (
        "coach",
        "true: after each costly decision, what was best and what it cost",
    ),
    ("ai-delay", "seconds before each AI flip, 0 to 60"),
    ("theme", "dark, light, plain or colorblind"),
    ("ascii", "true: ASCII-only card faces and frames"),
    (
        "screen-reader",
        "true: line-by-line plain text for screen readers and pipes (as --screen-reader)",
    ),
    (
        "reduce-motion",
        "true: no timed shows or animations, every show waits for a key",
    ),
    (
        "data-dir",
        "where games are saved (~/ and paths relative to this file allowed)",
    ),
];

/// The values a settings file gives; `None` where it says nothing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settings {
    /// `deck`.
    pub deck: Option<String>,
    /// `players`.
    pub players: Option<TableSeats>,
    /// `variant`.
    pub variant: Option<Variant>,
    /// `first`.
    pub first: Option<First>,
    /// `opponent`.
    pub opponent: Option<Opponent>,
    /// `vs`.
    pub vs: Option<Opponent>,
    /// `objective`.
    pub objective: Option<Objective>,
    /// `pass-rule`.
    pub pass_rule: Option<PassRule>,
    /// `memory`.
    pub memory: Option<Memory>,
    /// `hints`.
    pub hints: Option<Hints>,
    /// `coach`.
    pub coach: Option<bool>,
    /// `ai-delay`.
    pub ai_delay: Option<Duration>,
    /// `theme`.
    pub theme: Option<ThemeName>,
    /// `ascii`.
    pub ascii: Option<bool>,
    /// `screen-reader`.
    pub screen_reader: Option<bool>,
    /// `reduce-motion`.
    pub reduce_motion: Option<bool>,
    /// `data-dir`, resolved.
    pub data_dir: Option<PathBuf>,
}

/// Where the settings file is: `$CONCENTRATION_CONFIG` if set and not empty, else
/// `config.toml` in the platform's config directory.
#[must_use]
pub fn path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(CONFIG_ENV).filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    directories::ProjectDirs::from("", "", "concentration")
        .map(|d| d.config_dir().join("config.toml"))
}

/// Reads the settings file: empty settings if there is none, or one line naming the
/// file, the line and the key at fault.
///
/// # Errors
/// The file cannot be read, is not TOML, has an unknown key or a bad value.
pub fn load() -> Result<Settings, String> {
    let (settings, faults) = load_lenient();
    match faults.into_iter().next() {
        Some(fault) => Err(fault),
        None => Ok(settings),
    }
}

/// Reads the settings file, keeping every good value: the settings, and one line per
/// fault (naming the file, the line and the key). A bad value loses only its own key;
/// a file that cannot be read or is not TOML gives no settings.
#[must_use]
pub fn load_lenient() -> (Settings, Vec<String>) {
    let Some(path) = path() else {
        return (Settings::default(), Vec::new());
    };
    let named = |e: String| format!("config file {}: {e}", path.display());
    let text = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return (Settings::default(), Vec::new());
        }
        Err(e) => return (Settings::default(), vec![named(e.to_string())]),
    };
    let Ok(text) = String::from_utf8(text) else {
        return (Settings::default(), vec![named("not UTF-8 text".into())]);
    };
    let (settings, faults) = parse_lenient(&text, path.parent().unwrap_or(Path::new(".")));
    (settings, faults.into_iter().map(named).collect())
}

static WARNED: AtomicBool = AtomicBool::new(false);

/// The settings of this run, read once. Each fault of the file is reported on standard
/// error, once, in one line; a bad value loses only its own key (the data directory
/// above all is kept), a file that is not TOML gives the defaults.
pub fn current() -> &'static Settings {
    static SETTINGS: OnceLock<Settings> = OnceLock::new();
    SETTINGS.get_or_init(|| {
        let (settings, faults) = load_lenient();
        let whole = settings == Settings::default();
        for fault in &faults {
            if whole {
                eprintln!("warning: {fault}; using the default settings");
            } else {
                eprintln!("warning: {fault}; ignoring this key, the others apply");
            }
        }
        if !faults.is_empty() {
            WARNED.store(true, Ordering::Relaxed);
        }
        settings
    })
}

/// Whether [`current`] has warned about a bad settings file.
pub fn warned() -> bool {
    WARNED.load(Ordering::Relaxed)
}

/// After a warning about the settings file, time to read it before a full-screen view
/// covers it (it is there again when the view ends).
pub fn pause_if_warned() {
    if warned() {
        std::thread::sleep(Duration::from_secs(2));
    }
}

/// The data directory a `--data-dir` flag leaves: the flag, else nothing when
/// `$CONCENTRATION_DATA_DIR` is set (it wins over the file), else the file's `data-dir`.
pub fn data_dir_flag(flag: Option<&Path>) -> Option<PathBuf> {
    if let Some(f) = flag {
        return Some(f.to_path_buf());
    }
    if std::env::var_os(crate::record::DATA_DIR_ENV).is_some_and(|d| !d.is_empty()) {
        return None;
    }
    current().data_dir.clone()
}

/// The line (from 1) of a byte offset.
fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The line (from 1) a top-level key is set on, if it can be found.
fn line_of_key(text: &str, key: &str) -> Option<usize> {
    let quoted = format!("\"{key}\"");
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            let rest = l.strip_prefix(key).or_else(|| l.strip_prefix(&quoted));
            rest.is_some_and(|r| r.trim_start().starts_with('='))
        })
        .map(|i| i + 1)
}

/// Parses the text of a settings file; `base` resolves a relative `data-dir`.
///
/// # Errors
/// One line: where, which key, what is wrong (the first fault).
#[cfg(test)]
pub fn parse(text: &str, base: &Path) -> Result<Settings, String> {
    let (settings, faults) = parse_lenient(text, base);
    match faults.into_iter().next() {
        Some(fault) => Err(fault),
        None => Ok(settings),
    }
}

/// Parses the text of a settings file, keeping every good value: the settings and one
/// line per fault (where, which key, what is wrong). Text that is not TOML gives no
/// settings.
#[must_use]
pub fn parse_lenient(text: &str, base: &Path) -> (Settings, Vec<String>) {
    let table: toml::Table = match text.parse() {
        Ok(table) => table,
        Err(e) => {
            let e: toml::de::Error = e;
            let at = e
                .span()
                .map(|s| format!("line {}: ", line_at(text, s.start)))
                .unwrap_or_default();
            let message = e.message().lines().next().unwrap_or("").trim().to_owned();
            return (
                Settings::default(),
                vec![format!("{at}not valid TOML: {message}")],
            );
        }
    };
    let mut s = Settings::default();
    let mut faults = Vec::new();
    for (key, value) in &table {
        let line = line_of_key(text, key);
        let at = line.map_or(String::new(), |l| format!("line {l}: "));
        // On a clone, so that a bad value leaves nothing half set.
        let mut next = s.clone();
        match set(&mut next, key, value, base) {
            Ok(()) => s = next,
            Err(e) => faults.push((line, format!("{at}key '{key}': {e}"))),
        }
    }
    // In the file's order (the table's is alphabetical).
    faults.sort_by_key(|(line, _)| line.unwrap_or(usize::MAX));
    let mut faults: Vec<String> = faults.into_iter().map(|(_, f)| f).collect();
    let objective = s.objective.unwrap_or(Objective::Win);
    let pass_rule = s.pass_rule.unwrap_or(PassRule::Agreed);
    if let Err(e) = crate::rules::check_combination(objective, pass_rule) {
        let key = if s.pass_rule.is_some() {
            s.pass_rule = None;
            "pass-rule"
        } else {
            s.objective = None;
            "objective"
        };
        faults.push(format!("key '{key}': {e}"));
    }
    faults.extend(check_table(&mut s, text));
    (s, faults)
}

/// The faults of a table the settings seat but the rules or the solvers refuse: a pass
/// rule for two at three or more seats, One Flip with an optimal AI among three or more.
/// The key at fault loses its value (the players stay).
fn check_table(s: &mut Settings, text: &str) -> Vec<String> {
    let Some(seats) = s.players.as_ref().filter(|p| p.len() > 2) else {
        return Vec::new();
    };
    let at = |key: &str| line_of_key(text, key).map_or(String::new(), |l| format!("line {l}: "));
    let mut faults = Vec::new();
    let table = crate::rules::Table {
        #[allow(clippy::cast_possible_truncation)] // at most 6 seats
        seats: seats.len() as u8,
        pass_rule: s.pass_rule.unwrap_or_default(),
        variant: Variant::Standard,
    };
    if let Err(e) = table.check() {
        s.pass_rule = None;
        faults.push(format!("{}key 'pass-rule': {e}", at("pass-rule")));
    }
    let optimal = seats.iter().any(|p| p.ai() == Some(Opponent::Optimal));
    if s.variant == Some(Variant::OneFlip) && optimal {
        s.variant = None;
        faults.push(format!(
            "{}key 'variant': no solver plays One Flip with three or more players, and the players seat optimal",
            at("variant")
        ));
    }
    faults
}

fn string(value: &toml::Value) -> Result<&str, String> {
    value
        .as_str()
        .ok_or_else(|| format!("expected a string, found {}", value.type_str()))
}

fn boolean(value: &toml::Value) -> Result<bool, String> {
    value
        .as_bool()
        .ok_or_else(|| format!("expected true or false, found {}", value.type_str()))
}

fn set(s: &mut Settings, key: &str, value: &toml::Value, base: &Path) -> Result<(), String> {
    match key {
        "deck" => {
            let name = string(value)?;
            let deck = Deck::parse(name).map_err(|e| e.to_string())?;
            deck.check_playable().map_err(|e| e.to_string())?;
            s.deck = Some(name.to_owned());
        }
        "players" => {
            let seats = TableSeats::parse(string(value)?).map_err(|e| e.to_string())?;
            s.players = Some(seats);
        }
        "variant" => s.variant = Some(string(value)?.parse().map_err(|e| format!("{e}"))?),
        "first" => s.first = Some(string(value)?.parse()?),
        "opponent" => s.opponent = Some(Opponent::parse(string(value)?)?),
        "vs" => s.vs = Some(Opponent::parse(string(value)?)?),
        "objective" => {
            let o: Objective = string(value)?.parse().map_err(|e| format!("{e}"))?;
            if !matches!(o, Objective::Win | Objective::Margin) {
                return Err(format!("'{o}' is for solitaire; play uses win or margin"));
            }
            s.objective = Some(o);
        }
        "pass-rule" => {
            s.pass_rule = Some(string(value)?.parse().map_err(|e| format!("{e}"))?);
        }
        "memory" => s.memory = Some(string(value)?.parse()?),
        "hints" => s.hints = Some(string(value)?.parse()?),
        "coach" => s.coach = Some(boolean(value)?),
        "ai-delay" => {
            #[allow(clippy::cast_precision_loss)]
            let secs = match value {
                toml::Value::Float(f) => *f,
                toml::Value::Integer(i) => *i as f64,
                other => return Err(format!("expected seconds, found {}", other.type_str())),
            };
            if !(0.0..=60.0).contains(&secs) {
                return Err(format!(
                    "{}: expected seconds between 0 and 60",
                    crate::words::compact(secs)
                ));
            }
            s.ai_delay = Some(Duration::from_secs_f64(secs));
        }
        "theme" => s.theme = Some(string(value)?.parse()?),
        "ascii" => s.ascii = Some(boolean(value)?),
        "screen-reader" => s.screen_reader = Some(boolean(value)?),
        "reduce-motion" => s.reduce_motion = Some(boolean(value)?),
        "data-dir" => {
            let dir = string(value)?;
            if dir.is_empty() {
                return Err("expected a folder, found an empty string".into());
            }
            s.data_dir = Some(resolve(dir, base));
        }
        _ => {
            let names: Vec<&str> = KEYS.iter().map(|(k, _)| *k).collect();
            return Err(format!("unknown key: expected one of {}", names.join(", ")));
        }
    }
    Ok(())
}

/// `~/x` from the home directory, a relative path from the settings file's folder.
fn resolve(dir: &str, base: &Path) -> PathBuf {
    if let Some(rest) = dir.strip_prefix("~/")
        && let Some(home) = directories::BaseDirs::new()
    {
        return home.home_dir().join(rest);
    }
    base.join(dir)
}

/// A TOML string.
fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

impl Settings {
    /// Applies these settings over `c` (the flags are applied after, over them).
    pub fn apply(&self, c: &mut Config, watch: bool) {
        if let Some(d) = &self.deck {
            c.deck.clone_from(d);
        }
        // Before `first` and `opponent`, which then say who starts today's game. In
        // `watch`, only a list of AIs.
        if let Some(p) = &self.players
            && !(watch && p.people() > 0)
        {
            c.seat_players(p.clone());
        }
        if let Some(v) = self.variant {
            c.variant = v;
        }
        if let Some(f) = self.first {
            c.first = f;
        }
        if let Some(o) = self.opponent {
            c.opponent = o;
        }
        if watch && let Some(v) = self.vs {
            c.watch_first = Some(v);
        }
        if let Some(o) = self.objective {
            c.objective = o;
        }
        if let Some(p) = self.pass_rule {
            c.pass_rule = p;
        }
        if let Some(m) = self.memory {
            c.memory = m;
        }
        if let Some(h) = self.hints {
            c.hints = h;
        }
        if let Some(on) = self.coach {
            c.coach = on;
        }
        if let Some(d) = self.ai_delay {
            c.ai_delay = d;
        }
    }

    /// The effective settings as a TOML file: these values over the defaults, and the
    /// data directory if there is one.
    #[must_use]
    pub fn to_toml(&self, data_dir: Option<&Path>) -> String {
        let mut c = Config::default();
        self.apply(&mut c, false);
        let values = [
            Some(quoted(&c.deck)),
            Some(quoted(&crate::tui::players_text(
                &c.seats(c.first != First::Ai),
            ))),
            Some(quoted(c.variant.name())),
            Some(quoted(c.first.name())),
            Some(quoted(c.opponent.name())),
            Some(quoted(self.vs.unwrap_or(Opponent::Optimal).name())),
            Some(quoted(&c.objective.to_string())),
            Some(quoted(&c.pass_rule.to_string())),
            Some(quoted(c.memory.name())),
            Some(quoted(c.hints.name())),
            Some(c.coach.to_string()),
            Some(c.ai_delay.as_secs_f64().to_string()),
            Some(quoted(self.theme.unwrap_or_default().name())),
            Some(self.ascii.unwrap_or(false).to_string()),
            Some(self.screen_reader.unwrap_or(false).to_string()),
            Some(self.reduce_motion.unwrap_or(false).to_string()),
            data_dir.map(|d| quoted(&d.display().to_string())),
        ];
        let mut s = String::new();
        for ((k, _), v) in KEYS.iter().zip(values) {
            if let Some(v) = v {
                let _ = writeln!(s, "{k} = {v}");
            }
        }
        s
    }
}

/// A settings file with every key commented out, for `config init`.
#[must_use]
pub fn template() -> String {
    let defaults = Settings::default().to_toml(Some(Path::new("~/games/concentration")));
    let mut s = String::from(
        "# concentration settings: defaults for `play` and `watch`; flags override them.\n\
         # Uncomment a line to change it.\n",
    );
    for ((_, meaning), line) in KEYS.iter().zip(defaults.lines()) {
        let _ = write!(s, "\n# {meaning}\n# {line}\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Result<Settings, String> {
        parse(text, Path::new("/cfg"))
    }

    #[test]
    fn every_key_parses() {
        let s = p(r#"
deck = "pairs:12"
first = "ai"
opponent = "usual"
vs = "forgetful"
objective = "margin"
pass-rule = "ko"
memory = "open"
hints = "always"
coach = true
ai-delay = 0.25
theme = "colorblind"
ascii = true
data-dir = "games"
"#)
        .unwrap();
        assert_eq!(s.deck.as_deref(), Some("pairs:12"));
        assert_eq!(s.first, Some(First::Ai));
        assert_eq!(s.vs, Some(Opponent::ForgetfulMedium));
        assert_eq!(s.pass_rule, Some(PassRule::Ko));
        assert_eq!(s.ai_delay, Some(Duration::from_millis(250)));
        assert_eq!(s.data_dir, Some(PathBuf::from("/cfg/games")));
        let mut c = Config::default();
        s.apply(&mut c, false);
        assert_eq!((c.memory, c.hints), (Memory::Open, Hints::Always));
        assert!(c.coach, "coach = true turns the coach on");
        assert_eq!(c.watch_first, None, "vs is for watch only");
        assert_eq!(
            p("ai-delay = 2").unwrap().ai_delay,
            Some(Duration::from_secs(2))
        );
        assert_eq!(p("").unwrap(), Settings::default());
    }

    #[test]
    fn faults_name_the_line_and_key() {
        for (text, expected) in [
            ("deck = \"pairs:0\"", "line 1: key 'deck': "),
            (
                "\n\nopponent = \"genius\"",
                "line 3: key 'opponent': unknown opponent 'genius'",
            ),
            (
                "colour = \"red\"",
                "line 1: key 'colour': unknown key: expected one of deck,",
            ),
            (
                "ai-delay = \"fast\"",
                "line 1: key 'ai-delay': expected seconds, found string",
            ),
            (
                "ai-delay = 100",
                "line 1: key 'ai-delay': 100: expected seconds between 0 and 60",
            ),
            (
                "ascii = \"yes\"",
                "line 1: key 'ascii': expected true or false, found string",
            ),
            (
                "theme = \"neon\"",
                "line 1: key 'theme': unknown theme 'neon'",
            ),
            (
                "objective = \"moves\"",
                "line 1: key 'objective': 'moves' is for solitaire",
            ),
            (
                "deck = 3",
                "line 1: key 'deck': expected a string, found integer",
            ),
            ("[play]\ndeck = \"standard\"", "key 'play': unknown key"),
            ("deck = \"standard", "line 1: not valid TOML"),
            ("\ndeck = \"a\"\ndeck = \"b\"", "line 3: not valid TOML"),
        ] {
            let e = p(text).unwrap_err();
            assert!(e.starts_with(expected), "{text:?}: {e}");
            assert_eq!(e.lines().count(), 1, "{e}");
        }
        let e = p("objective = \"margin\"\npass-rule = \"withdraw\"").unwrap_err();
        assert!(e.starts_with("key 'pass-rule': "), "{e}");
    }

    #[test]
    fn a_bad_value_loses_only_its_own_key() {
        let (s, faults) = parse_lenient(
            "theme = \"neon\"\ndata-dir = \"games\"\ndeck = \"pairs:5\"\nopponent = 3\n",
            Path::new("/cfg"),
        );
        assert_eq!(s.data_dir, Some(PathBuf::from("/cfg/games")));
        assert_eq!(s.deck.as_deref(), Some("pairs:5"));
        assert_eq!((s.theme, s.opponent), (None, None));
        assert_eq!(faults.len(), 2, "{faults:?}");
        assert!(faults[0].starts_with("line 1: key 'theme': unknown theme 'neon'"));
        assert!(faults[1].starts_with("line 4: key 'opponent': "));
        // A combination that cannot be: the pass rule goes, the objective stays.
        let (s, faults) = parse_lenient(
            "objective = \"margin\"\npass-rule = \"withdraw\"",
            Path::new("/"),
        );
        assert_eq!((s.objective, s.pass_rule), (Some(Objective::Margin), None));
        assert_eq!(faults.len(), 1);
        // Not TOML: nothing is kept.
        let (s, faults) = parse_lenient("data-dir = \"x\"\ndeck = ", Path::new("/"));
        assert_eq!((s, faults.len()), (Settings::default(), 1));
    }

    #[test]
    fn players_and_variant_seat_the_table() {
        let s = p("players = \"you,optimal,usual\"\nvariant = \"one-flip\"\npass-rule = \"none\"");
        // One Flip with an optimal AI at three seats has no solver: the variant goes.
        let e = s.unwrap_err();
        assert!(
            e.starts_with("line 2: key 'variant': no solver plays One Flip"),
            "{e}"
        );
        let s =
            p("players = \"you,usual,forgetful\"\nvariant = \"one-flip\"\npass-rule = \"none\"")
                .unwrap();
        assert_eq!(s.variant, Some(Variant::OneFlip));
        let mut c = Config::default();
        s.apply(&mut c, false);
        let seats = c.players.as_ref().expect("three seats");
        let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["you", "usual", "forgetful-medium"]);
        assert_eq!((c.variant, c.pass_rule), (Variant::OneFlip, PassRule::None));
        assert_eq!(c.check().map(|_| ()), Ok(()));
        // Watch seats AIs only: a list with a person is for play.
        let mut w = Config::default();
        s.apply(&mut w, true);
        assert_eq!(w.players, None);
        // Today's game: first and opponent; `first` in the file still says who starts.
        let s = p("players = \"usual,you\"").unwrap();
        let mut c = Config::default();
        s.apply(&mut c, false);
        assert_eq!(
            (c.players.is_none(), c.first, c.opponent),
            (true, First::Ai, Opponent::Usual)
        );
        let s = p("players = \"you,optimal\"\nfirst = \"coin\"").unwrap();
        let mut c = Config::default();
        s.apply(&mut c, false);
        assert_eq!(c.first, First::Coin);
    }

    #[test]
    fn bad_players_and_variants_name_the_line_and_key() {
        for (text, expected) in [
            (
                "\nplayers = \"you,hal:genius\"",
                "line 2: key 'players': unknown seat kind 'genius' in 'hal:genius'",
            ),
            (
                "players = \"a,b,c,d,e,f,g\"",
                "line 1: key 'players': 7 seats: a table has 2 to 6",
            ),
            (
                "players = \"ann,Ann\"",
                "line 1: key 'players': seat name 'Ann' is used twice",
            ),
            (
                "players = 3",
                "line 1: key 'players': expected a string, found integer",
            ),
            (
                "variant = \"sideways\"",
                "line 1: key 'variant': unknown variant 'sideways'",
            ),
            (
                "pass-rule = \"ko\"\nplayers = \"you,usual,usual\"",
                "line 1: key 'pass-rule': pass rule 'ko' needs two players",
            ),
        ] {
            let e = p(text).unwrap_err();
            assert!(e.starts_with(expected), "{text:?}: {e}");
            assert_eq!(e.lines().count(), 1, "{e}");
        }
        // The pass rule for two goes; the players stay.
        let (s, faults) = parse_lenient(
            "pass-rule = \"quit\"\nplayers = \"you,usual,usual\"",
            Path::new("/"),
        );
        assert_eq!((s.pass_rule, s.players.map(|p| p.len())), (None, Some(3)));
        assert_eq!(faults.len(), 1);
    }

    #[test]
    fn show_and_template_read_back() {
        let s = p("deck = \"pairs:5\"\nai-delay = 1.5").unwrap();
        let shown = s.to_toml(Some(Path::new("/data")));
        let back = p(&shown).unwrap();
        assert_eq!(back.deck.as_deref(), Some("pairs:5"));
        assert_eq!(back.ai_delay, Some(Duration::from_millis(1500)));
        assert_eq!(back.data_dir, Some(PathBuf::from("/data")));
        assert_eq!(p(&template()).unwrap(), Settings::default());
        assert!(template().contains("\n# pass-rule = \"agreed\"\n"));
        assert!(
            template().contains("\n# players = \"you,optimal\"\n"),
            "{}",
            template()
        );
        assert!(template().contains("\n# variant = \"standard\"\n"));
        // A table of three, shown and read back.
        let s = p("players = \"you,hal:optimal,usual,usual\"\nvariant = \"standard\"").unwrap();
        let shown = s.to_toml(None);
        assert!(
            shown.contains("players = \"you,hal:optimal,usual 1:usual,usual 2:usual\"\n"),
            "{shown}"
        );
        let back = p(&shown).unwrap();
        assert_eq!(back.players, s.players);
        assert_eq!(back.variant, Some(Variant::Standard));
    }
}
