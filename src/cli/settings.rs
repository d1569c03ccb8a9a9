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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::Duration;

use crate::app::{Config, First, Hints, Memory, Opponent, TableSeats, ThemeName};
use crate::rules::{Deck, Layout, Moving, Objective, PassRule, Variant};

/// The environment variable that overrides where the settings file is.
pub(super) const CONFIG_ENV: &str = "CONCENTRATION_CONFIG";

/// Every key of the file with its meaning, in the order `config show` and `config init`
/// list them.
pub(super) const KEYS: [(&str, &str); 20] = [
    (
        "deck",
        "standard, standard-rank, standard-jokers, standard-rank-jokers, double, double-checker, zebra, pairs:N or LxC",
    ),
    (
        "players",
        "the seats in turn order, 2 to 6, as --players: you,optimal or ann,bob,usual",
    ),
    (
        "variant",
        "standard, or one-flip (a pair is kept and the turn passes)",
    ),
    (
        "layout",
        "how the cards lie: grid, circle, diamond, triangle or scatter",
    ),
    (
        "moving",
        "moving cards: after every N turns (1 to 1000) two face-down cards swap places",
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
    (
        "tutor",
        "true: before a decision that costs a mistake or more, asks to turn it anyway",
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
pub(crate) struct Settings {
    /// `deck`.
    pub deck: Option<String>,
    /// `players`.
    pub players: Option<TableSeats>,
    /// `variant`.
    pub variant: Option<Variant>,
    /// `layout`.
    pub layout: Option<Layout>,
    /// `moving`.
    pub moving: Option<Moving>,
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
    /// `tutor`.
    pub tutor: Option<bool>,
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
pub(super) fn path() -> Option<PathBuf> {
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
pub(super) fn load() -> Result<Settings, String> {
    let (settings, faults) = load_lenient();
    match faults.into_iter().next() {
        Some(fault) => Err(fault),
        None => Ok(settings),
    }
}

/// The settings file's text, as the one store of kept files reads it: a regular file
/// only, capped, UTF-8. The file is the person's own, so nothing here writes it or
/// moves it aside: a fault is said and the file left as it is.
struct SettingsText(String);

impl crate::data_file::Contents for SettingsText {
    const WHAT: &'static str = "a settings file";
    /// A settings file is a few lines.
    const MAX_BYTES: u64 = 1 << 20;
    fn empty() -> Self {
        Self(String::new())
    }
    fn decode(bytes: &[u8]) -> Result<Self, crate::data_file::Fault> {
        String::from_utf8(bytes.to_vec())
            .map(Self)
            .map_err(|_| crate::data_file::Fault::Damaged("not UTF-8 text".into()))
    }
    fn encode(&self) -> String {
        self.0.clone()
    }
}

/// Reads the settings file, keeping every good value: the settings, and one line per
/// fault (naming the file, the line and the key). A bad value loses only its own key;
/// a file that cannot be read or is not TOML gives no settings. Only a regular file is
/// read (a FIFO would block, a device never end), and only up to a size.
#[must_use]
pub(super) fn load_lenient() -> (Settings, Vec<String>) {
    use crate::data_file::{DataFile, Found};
    let Some(path) = path() else {
        return (Settings::default(), Vec::new());
    };
    let named = |e: String| format!("config file {}: {e}", path.display());
    let text = match DataFile::<SettingsText>::at(&path).find() {
        Found::Absent => return (Settings::default(), Vec::new()),
        Found::Good(SettingsText(text)) => text,
        Found::Damaged(why) => return (Settings::default(), vec![named(why)]),
        Found::Newer(_) => unreachable!("a settings file has no format version"),
    };
    let (settings, faults) = parse_lenient(&text, path.parent().unwrap_or(Path::new(".")));
    (settings, faults.into_iter().map(named).collect())
}

static WARNED: AtomicBool = AtomicBool::new(false);

/// The warnings about the settings file not printed yet: held until the command has
/// either done its work (then printed, each on its line) or failed (then joined to the
/// error's one line: see [`take_warnings`]).
static PENDING: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The settings of this run, read once. Each fault of the file becomes one warning (see
/// [`PENDING`]); a bad value loses only its own key (the data directory above all is
/// kept), a file that is not TOML gives the defaults.
pub(super) fn current() -> &'static Settings {
    static SETTINGS: OnceLock<Settings> = OnceLock::new();
    SETTINGS.get_or_init(|| {
        let (settings, faults) = load_lenient();
        let whole = settings == Settings::default();
        let mut pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
        for fault in &faults {
            pending.push(if whole {
                format!("{fault}; using the default settings")
            } else {
                format!("{fault}; ignoring this key, the others apply")
            });
        }
        if !faults.is_empty() {
            WARNED.store(true, Ordering::Relaxed);
        }
        settings
    })
}

/// Whether [`current`] has warned about a bad settings file.
pub(super) fn warned() -> bool {
    WARNED.load(Ordering::Relaxed)
}

/// The warnings not printed yet, taken (so that they are printed once at most).
pub(super) fn take_warnings() -> Vec<String> {
    std::mem::take(&mut *PENDING.lock().unwrap_or_else(PoisonError::into_inner))
}

/// Prints the warnings not printed yet, one line each, on standard error.
pub(super) fn print_warnings() {
    for w in take_warnings() {
        eprintln!("warning: {}", crate::words::one_line(&w));
    }
}

/// After a warning about the settings file, prints it and leaves time to read it before
/// a full-screen view covers it (it is there again when the view ends).
pub(super) fn pause_if_warned() {
    if warned() {
        print_warnings();
        std::thread::sleep(Duration::from_secs(2));
    }
}

/// The data directory a `--data-dir` flag leaves: the flag, else nothing when
/// `$CONCENTRATION_DATA_DIR` is set (it wins over the file), else the file's `data-dir`.
pub(super) fn data_dir_flag(flag: Option<&Path>) -> Option<PathBuf> {
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
pub(super) fn parse(text: &str, base: &Path) -> Result<Settings, String> {
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
pub(crate) fn parse_lenient(text: &str, base: &Path) -> (Settings, Vec<String>) {
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
        // at most 6 seats
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
        "layout" => s.layout = Some(string(value)?.parse().map_err(|e| format!("{e}"))?),
        "moving" => {
            let turns = match value {
                toml::Value::Integer(i) => u32::try_from(*i).ok().and_then(Moving::every),
                other => {
                    return Err(format!(
                        "expected a number of turns, found {}",
                        other.type_str()
                    ));
                }
            };
            s.moving = Some(turns.ok_or_else(|| {
                format!(
                    "{value}: expected a number of turns from 1 to {}",
                    Moving::MAX
                )
            })?);
        }
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
        "tutor" => s.tutor = Some(boolean(value)?),
        "ai-delay" => {
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
    pub(crate) fn apply(&self, c: &mut Config, watch: bool) {
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
        if let Some(l) = self.layout {
            c.layout = l;
        }
        if self.moving.is_some() {
            c.moving = self.moving;
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
        if let Some(on) = self.tutor {
            c.tutor = on;
        }
        if let Some(d) = self.ai_delay {
            c.ai_delay = d;
        }
    }

    /// The effective settings as a TOML file: these values over the defaults, and the
    /// data directory if there is one.
    #[must_use]
    pub(crate) fn to_toml(&self, data_dir: Option<&Path>) -> String {
        let mut c = Config::default();
        self.apply(&mut c, false);
        let values = [
            Some(quoted(&c.deck)),
            Some(quoted(&crate::app::players_text(
                &c.seats(c.first != First::Ai),
            ))),
            Some(quoted(c.variant.name())),
            Some(quoted(c.layout.name())),
            c.moving.map(|m| m.turns().to_string()),
            Some(quoted(c.first.name())),
            Some(quoted(c.opponent.name())),
            Some(quoted(self.vs.unwrap_or(Opponent::Optimal).name())),
            Some(quoted(&c.objective.to_string())),
            Some(quoted(&c.pass_rule.to_string())),
            Some(quoted(c.memory.name())),
            Some(quoted(c.hints.name())),
            Some(c.coach.to_string()),
            Some(c.tutor.to_string()),
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
pub(super) fn template() -> String {
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
mod tests;
