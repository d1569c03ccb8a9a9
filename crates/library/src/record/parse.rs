//! Reading records: every fault is reported with its line and never panics.

use std::collections::HashMap;

use super::format::{end_text, end_word};
use super::{
    LoadError, MemoryMode, OWN_PAIRS, Record, RecordSeat, VERSION, pairs_text, result_text,
    seat_letter,
};
use crate::rules::{Deck, Game, Layout, Moving, Objective, PassRule, Phase, Seat, Table, Variant};
use crate::rules::{face_text, parse_coordinate};
use crate::seats::MAX_SEATS;
use crate::solitaire::SoloRule;

/// Headers every record must have.
const REQUIRED: [&str; 5] = ["Format", "Deck", "Seed", "A", "Result"];

/// Headers a record of two players must have besides.
const REQUIRED_TWO: [&str; 3] = ["B", "Objective", "PassRule"];

/// Headers a solitaire record must not have.
const NOT_SOLO: [&str; 9] = [
    "B", "C", "D", "E", "F", "Variant", "PassRule", "Practice", "Pairs",
];

/// The seat headers, in turn order: `A` moves first.
const SEAT_HEADERS: [&str; MAX_SEATS] = ["A", "B", "C", "D", "E", "F"];

/// What a move line looks like, for error messages.
mod solo;

const MOVE_SHAPE: &str = "expected like '3. A b2:7♥ c1:7♦ miss'";

fn fail<T>(line: usize, reason: impl Into<String>) -> Result<T, LoadError> {
    Err(LoadError {
        line,
        reason: reason.into(),
    })
}

/// The lines of a record as text, numbered from 1.
fn lines(bytes: &[u8]) -> Result<Vec<(usize, &str)>, LoadError> {
    if bytes.starts_with("\u{feff}".as_bytes()) {
        return fail(
            1,
            "the file starts with a byte-order mark (UTF-8 BOM): a record is UTF-8 without one",
        );
    }
    let mut out = Vec::new();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let Ok(text) = std::str::from_utf8(raw) else {
            return fail(i + 1, "not a text record (invalid UTF-8)");
        };
        if text.chars().any(|c| c.is_control() && c != '\t') {
            return fail(i + 1, "not a text record (control characters)");
        }
        out.push((i + 1, text));
    }
    Ok(out)
}

/// `[Name "value"]` → (name, value).
fn header(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric());
    (ok && !value.contains('"')).then_some((name, value))
}

/// Headers by name: value and line.
struct Headers(HashMap<String, (String, usize)>);

impl Headers {
    fn get(&self, name: &str) -> Option<(&str, usize)> {
        self.0.get(name).map(|(v, l)| (v.as_str(), *l))
    }

    /// Whether the record is of a solitaire game (checked by [`read_headers`]).
    fn solo(&self) -> bool {
        self.get("Players").is_some_and(|(v, _)| v == "solitaire")
    }

    fn value(&self, name: &str) -> (&str, usize) {
        self.get(name).unwrap_or(("", 0))
    }

    fn parsed<T, E: std::fmt::Display>(
        &self,
        name: &str,
        parse: impl Fn(&str) -> Result<T, E>,
    ) -> Result<T, LoadError> {
        let (v, line) = self.value(name);
        parse(v).or_else(|e| fail(line, format!("header {name}: {e}")))
    }
}

fn check_format(value: &str, line: usize) -> Result<(), LoadError> {
    match value.strip_prefix("concentration ") {
        Some(v) if v == VERSION.to_string() => Ok(()),
        Some(v) => fail(
            line,
            format!("unknown version '{v}' (this program reads version {VERSION})"),
        ),
        None => fail(
            line,
            format!(
                "not a concentration record: format '{value}' (expected 'concentration {VERSION}')"
            ),
        ),
    }
}

/// Reads the header block; returns the headers and the index of the first move line.
fn read_headers(lines: &[(usize, &str)]) -> Result<(Headers, usize), LoadError> {
    let mut headers: HashMap<String, (String, usize)> = HashMap::new();
    let mut i = 0;
    while i < lines.len() {
        let (n, text) = lines[i];
        let t = text.trim();
        if t.is_empty() || t.starts_with(';') {
            i += 1;
            continue;
        }
        if !t.starts_with('[') {
            break;
        }
        let Some((name, value)) = header(t) else {
            return fail(
                n,
                format!("garbled header '{t}': expected [Name \"value\"]"),
            );
        };
        if headers.is_empty() {
            if name != "Format" {
                return fail(
                    n,
                    format!(
                        "missing header Format: a record starts with [Format \"concentration {VERSION}\"]"
                    ),
                );
            }
            check_format(value, n)?;
        }
        if headers.contains_key(name) {
            return fail(n, format!("header {name} given twice"));
        }
        headers.insert(name.to_owned(), (value.to_owned(), n));
        i += 1;
    }
    // Where a missing header is noticed: the first move, or the last line of text.
    let here = lines.get(i).map_or_else(
        || {
            lines
                .iter()
                .rev()
                .find(|(_, t)| !t.trim().is_empty())
                .map_or(1, |l| l.0)
        },
        |l| l.0,
    );
    if headers.is_empty() {
        let what = if lines.iter().all(|(_, t)| t.trim().is_empty()) {
            "empty record"
        } else {
            "missing header Format"
        };
        return fail(
            here,
            format!("{what}: a record starts with [Format \"concentration {VERSION}\"]"),
        );
    }
    for name in REQUIRED {
        if !headers.contains_key(name) {
            return fail(here, format!("missing header {name}"));
        }
    }
    check_seat_headers(&headers)?;
    let solo = match headers.get("Players") {
        None => false,
        Some((v, _)) if v == "two" => false,
        Some((v, _)) if v == "solitaire" => true,
        Some((v, l)) => {
            return fail(*l, format!("header Players: '{v}' is not solitaire or two"));
        }
    };
    if solo {
        for name in NOT_SOLO {
            if let Some((_, l)) = headers.get(name) {
                return fail(*l, format!("header {name}: a solitaire record has none"));
            }
        }
    } else {
        for name in REQUIRED_TWO {
            if !headers.contains_key(name) {
                return fail(here, format!("missing header {name}"));
            }
        }
        for name in ["Challenge", "Counting", "Moves", "Misses"] {
            if let Some((_, l)) = headers.get(name) {
                return fail(
                    *l,
                    format!(
                        "header {name}: only a solitaire record ([Players \"solitaire\"]) has one"
                    ),
                );
            }
        }
    }
    Ok((Headers(headers), i))
}

/// Seat headers are `A` to `F` with no gap: a letter beyond `F` or after a missing seat
/// is refused (rather than ignored as an unknown header would be).
fn check_seat_headers(headers: &HashMap<String, (String, usize)>) -> Result<(), LoadError> {
    let mut seat_lines: Vec<(char, usize)> = headers
        .iter()
        .filter(|(name, _)| name.len() == 1 && name.bytes().all(|b| b.is_ascii_uppercase()))
        .map(|(name, (_, l))| (name.chars().next().unwrap_or('A'), *l))
        .collect();
    seat_lines.sort_unstable();
    for (i, &(letter, line)) in seat_lines.iter().enumerate() {
        if letter > 'F' {
            return fail(
                line,
                format!("header {letter}: a table has at most {MAX_SEATS} seats, A to F"),
            );
        }
        let expected = SEAT_HEADERS[i];
        if letter.to_string() != expected {
            return fail(
                line,
                format!(
                    "header {letter}: no seat {expected} before it (seats are A, B, ... with no gap)"
                ),
            );
        }
    }
    Ok(())
}

/// The Date (`YYYY-MM-DD`, a real day) and Time (`HH:MM:SS`) headers, if given and not
/// empty.
fn check_date_time(h: &Headers) -> Result<(), LoadError> {
    if let Some((v, l)) = h.get("Date")
        && !v.is_empty()
        && !is_date(v)
    {
        return fail(l, format!("header Date: '{v}' is not a day YYYY-MM-DD"));
    }
    if let Some((v, l)) = h.get("Time")
        && !v.is_empty()
        && !is_time(v)
    {
        return fail(l, format!("header Time: '{v}' is not a time HH:MM:SS"));
    }
    Ok(())
}

/// Digit groups of `text` split by `sep`, with the lengths given.
fn numbers(text: &str, sep: char, lengths: [usize; 3]) -> Option<[u32; 3]> {
    let parts: Vec<&str> = text.split(sep).collect();
    if parts.len() != 3 {
        return None;
    }
    let mut out = [0; 3];
    for ((part, len), n) in parts.iter().zip(lengths).zip(&mut out) {
        if part.len() != len || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *n = part.parse().ok()?;
    }
    Some(out)
}

fn is_date(text: &str) -> bool {
    crate::dates::is_day(text)
}

fn is_time(text: &str) -> bool {
    numbers(text, ':', [2, 2, 2]).is_some_and(|[h, m, s]| h < 24 && m < 60 && s < 60)
}

fn settings(h: &Headers) -> Result<Record, LoadError> {
    let mut record = game_settings(h)?;
    // Absent in records older than layouts and moving cards: the grid, still cards.
    if h.get("Layout").is_some() {
        record.layout = h.parsed("Layout", str::parse::<Layout>)?;
    }
    if h.get("Moving").is_some() {
        record.moving = Some(h.parsed("Moving", str::parse::<Moving>)?);
    }
    Ok(record)
}

/// The settings of any game but its layout and moving cards.
fn game_settings(h: &Headers) -> Result<Record, LoadError> {
    check_date_time(h)?;
    let deck = h.parsed("Deck", |v| {
        let d = Deck::parse(v)?;
        d.check_playable().map(|()| d)
    })?;
    let seed = h.parsed("Seed", |v| {
        v.parse::<u64>()
            .map_err(|_| format!("'{v}' is not a seed (a whole number from 0)"))
    })?;
    if h.solo() {
        return solo_settings(h, deck, seed);
    }
    let players = seats(h)?;
    let (objective_text, line) = h.value("Objective");
    let objective = if players.len() > 2 {
        if objective_text != OWN_PAIRS {
            return fail(
                line,
                format!(
                    "header Objective: '{objective_text}' is not {OWN_PAIRS} (a table of {} seats plays {OWN_PAIRS})",
                    players.len()
                ),
            );
        }
        Objective::Margin
    } else if objective_text == OWN_PAIRS {
        return fail(
            line,
            format!(
                "header Objective: {OWN_PAIRS} is for three or more seats; two play win or margin"
            ),
        );
    } else {
        h.parsed("Objective", str::parse::<Objective>)?
    };
    let pass_rule = h.parsed("PassRule", str::parse::<PassRule>)?;
    let variant = match h.get("Variant") {
        None => Variant::Standard,
        Some(_) => h.parsed("Variant", str::parse::<Variant>)?,
    };
    // at most 6 seats (checked with the headers)
    let table = Table {
        seats: players.len() as u8,
        pass_rule,
        variant,
    };
    if let Err(e) = table.check() {
        let (_, l) = h.value("PassRule");
        return fail(l, format!("header PassRule: {e}"));
    }
    if objective == Objective::Moves {
        return fail(
            line,
            "objective 'moves' is for solitaire: a solitaire record has [Players \"solitaire\"]",
        );
    }
    if let Err(e) = crate::rules::check_combination(objective, pass_rule) {
        return fail(line, e.to_string());
    }
    let memory = memory(h)?;
    let practice = match h.get("Practice") {
        None | Some(("no", _)) => false,
        Some(("yes", _)) => true,
        Some((v, l)) => return fail(l, format!("header Practice: '{v}' is not yes or no")),
    };
    Ok(Record {
        date: h.get("Date").map_or("", |(v, _)| v).to_owned(),
        time: h.get("Time").map_or("", |(v, _)| v).to_owned(),
        deck,
        seed,
        players,
        objective,
        variant,
        pass_rule,
        memory,
        practice,
        challenge: None,
        layout: Layout::Grid,
        moving: None,
        solo_rule: SoloRule::Standard,
        flips: Vec::new(),
    })
}

/// The seats, from headers `A` to `F` (checked to have no gap).
fn seats(h: &Headers) -> Result<Vec<RecordSeat>, LoadError> {
    let mut players = Vec::new();
    for name in SEAT_HEADERS {
        let Some((v, l)) = h.get(name) else { break };
        match RecordSeat::parse(v) {
            Ok(seat) => players.push(seat),
            Err(e) => return fail(l, format!("header {name}: {e}")),
        }
    }
    Ok(players)
}

fn memory(h: &Headers) -> Result<MemoryMode, LoadError> {
    match h.get("Memory") {
        None | Some(("classic", _)) => Ok(MemoryMode::Classic),
        Some(("open", _)) => Ok(MemoryMode::Open),
        Some((v, l)) => fail(l, format!("header Memory: '{v}' is not classic or open")),
    }
}

/// The settings of a solitaire record (`[Players "solitaire"]`).
fn solo_settings(h: &Headers, deck: Deck, seed: u64) -> Result<Record, LoadError> {
    if let Some((v, l)) = h.get("Objective")
        && v != "moves"
    {
        return fail(
            l,
            format!("header Objective: '{v}' is not moves (a solitaire game counts moves)"),
        );
    }
    let (a, l) = h.value("A");
    let player = RecordSeat::parse(a).or_else(|e| fail(l, format!("header A: {e}")))?;
    let challenge = solo::challenge(h, &deck, seed)?;
    let solo_rule = solo::rule(h, &deck)?;
    Ok(Record {
        date: h.get("Date").map_or("", |(v, _)| v).to_owned(),
        time: h.get("Time").map_or("", |(v, _)| v).to_owned(),
        deck,
        seed,
        players: vec![player],
        objective: Objective::Moves,
        variant: Variant::Standard,
        pass_rule: PassRule::default(),
        memory: memory(h)?,
        practice: false,
        challenge,
        layout: Layout::Grid,
        moving: None,
        solo_rule,
        flips: Vec::new(),
    })
}

/// Plays one move line on `game`, checking it against the deal.
fn play_line(
    game: &mut Game,
    record: &mut Record,
    turn: usize,
    line: usize,
    text: &str,
) -> Result<(), LoadError> {
    let text = text.split(';').next().unwrap_or("").trim();
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let garbled = || fail(line, format!("garbled move '{text}': {MOVE_SHAPE}"));
    let (Some(number), Some(seat)) = (tokens.first(), tokens.get(1)) else {
        return garbled();
    };
    let Some(Ok(n)) = number.strip_suffix('.').map(str::parse::<usize>) else {
        return garbled();
    };
    if n != turn {
        return fail(
            line,
            format!("turn number {n} out of order: expected {turn}"),
        );
    }
    let mover = game.view().mover();
    let letter = match seat.as_bytes() {
        &[b] if b.is_ascii_uppercase() => b - b'A',
        _ => return garbled(),
    };
    let seats = game.view().seats();
    // Solitaire keeps its one message below: it is A's turn.
    if usize::from(letter) >= seats && seats > 1 {
        return fail(
            line,
            format!(
                "no seat {seat} at this table: its seats are A to {}",
                seat_letter(Seat(u8::try_from(seats - 1).unwrap_or(0)))
            ),
        );
    }
    if game.view().is_over() {
        return fail(line, "illegal move: the game is already over");
    }
    if *seat != seat_letter(mover).to_string() {
        return fail(
            line,
            format!(
                "illegal move: it is {}'s turn, not {seat}'s",
                seat_letter(mover)
            ),
        );
    }
    let mut rest = &tokens[2..];
    let end = match rest.last() {
        Some(&w @ ("pair" | "miss" | "pass")) => {
            rest = &rest[..rest.len() - 1];
            Some(w)
        }
        _ => None,
    };
    // A card, then `across` if it took the pair with the card turned before it.
    let mut cards: Vec<(&str, bool)> = Vec::new();
    for &t in rest {
        match (t, cards.last_mut()) {
            ("across", Some((_, across @ false))) => *across = true,
            ("across", _) => return garbled(),
            (card, _) => cards.push((card, false)),
        }
    }
    if cards.is_empty() || cards.len() > 2 {
        return garbled();
    }
    let deck = game.view().deck().clone();
    let mut last_end = None;
    for (token, across) in cards {
        let Some((coord, face)) = token.split_once(':') else {
            return garbled();
        };
        let Some(pos) = parse_coordinate(&deck, coord) else {
            let (rows, cols) = deck.grid();
            return fail(
                line,
                format!("garbled move: no place '{coord}' on the {rows} x {cols} table of {deck}"),
            );
        };
        let dealt = face_text(&deck, game.reveal_all()[pos]);
        if dealt != face {
            return fail(
                line,
                format!(
                    "{coord} shows {face} in the record, but seed {} deals {dealt} there",
                    record.seed
                ),
            );
        }
        match game.try_flip(pos) {
            Ok(flip) if flip.across != across => {
                let why = if flip.across {
                    "takes the pair with the card before it: write 'across' after it"
                } else {
                    "takes no pair across moves"
                };
                return fail(line, format!("{coord} {why}"));
            }
            Ok(flip) => last_end = flip.turn_end,
            Err(e) => return fail(line, format!("illegal move {coord}: {e}")),
        }
        record.flips.push(pos);
    }
    if let (Some(w), None) = (end, last_end) {
        return fail(line, format!("the move goes on: it does not end in a {w}"));
    }
    if let (Some(w), Some(e)) = (end, last_end)
        && w != end_word(e)
    {
        return fail(
            line,
            format!("the turn ends in a {}, not a {w}", end_word(e)),
        );
    }
    Ok(())
}

pub(super) fn parse(bytes: &[u8]) -> Result<Record, LoadError> {
    let lines = lines(bytes)?;
    let (headers, first_move) = read_headers(&lines)?;
    let mut record = settings(&headers)?;
    let (_, seed_line) = headers.value("Seed");
    let Ok(mut game) = record.start() else {
        return fail(seed_line, "the deck does not fit on a table");
    };
    let mut turn = 1;
    let mut open_turn: Option<usize> = None;
    for &(n, text) in &lines[first_move..] {
        let t = text.trim();
        if t.is_empty() || t.starts_with(';') {
            continue;
        }
        if t.starts_with('[') {
            return fail(n, "header after the moves: headers come first");
        }
        if let Some(l) = open_turn {
            return fail(
                l,
                format!("turn {} has one flip but is not the last", turn - 1),
            );
        }
        play_line(&mut game, &mut record, turn, n, t)?;
        if matches!(game.view().phase(), Phase::SecondCard { .. }) {
            open_turn = Some(n);
        }
        turn += 1;
    }
    check_outcome(&headers, &game)?;
    Ok(record)
}

/// The result, pairs and end headers must agree with the moves.
fn check_outcome(headers: &Headers, game: &Game) -> Result<(), LoadError> {
    let (result, line) = headers.value("Result");
    let actual = result_text(game);
    if headers.solo() {
        if !matches!(result, "cleared" | "*") {
            return fail(
                line,
                format!("header Result: '{result}' is not cleared or * (a solitaire game)"),
            );
        }
    } else if game.view().seats() > 2 {
        let letters = result
            .split('=')
            .all(|l| l.len() == 1 && l.as_bytes()[0].is_ascii_uppercase());
        if result != "*" && !letters {
            return fail(
                line,
                format!(
                    "header Result: '{result}' is not a seat letter (B), the seats sharing first place (A=C) or *"
                ),
            );
        }
    } else if !matches!(result, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return fail(
            line,
            format!("header Result: '{result}' is not 1-0, 0-1, 1/2-1/2 or *"),
        );
    }
    if result != actual {
        let why = if actual == "*" {
            format!("the result is {result} but the moves stop before the game ends (truncated?)")
        } else {
            format!("the result is {result} but the moves give {actual}")
        };
        return fail(line, why);
    }
    if let Some((pairs, l)) = headers.get("Pairs") {
        let actual = pairs_text(game);
        if pairs != actual {
            return fail(
                l,
                format!("the pairs are {pairs} but the moves give {actual}"),
            );
        }
    }
    let view = game.view();
    for (name, actual) in [("Moves", view.turns()), ("Misses", view.misses())] {
        if let Some((v, l)) = headers.get(name)
            && v != actual.to_string()
        {
            return fail(
                l,
                format!(
                    "the {} are {v} but the moves give {actual}",
                    name.to_lowercase()
                ),
            );
        }
    }
    if let Some((end, l)) = headers.get("End") {
        let actual = end_text(game);
        if end != actual {
            return fail(
                l,
                format!("the end is '{end}' but the moves give '{actual}'"),
            );
        }
    }
    Ok(())
}
