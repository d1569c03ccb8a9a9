//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*.rs`), here so that
//! `tests/it/fuzz_regressions.rs` runs the committed corpus through the very same checks.

use crate::analysis::report::{FirstKind, Request, state_of};
use crate::record::Record;
use crate::rules::{Deck, Objective, PassRule, Variant};

/// Position notation: `deck|position|first card`, any bytes: a state or a clean error,
/// never a panic.
pub fn position(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.splitn(3, '|');
    let deck = parts.next().unwrap_or("");
    let position = parts.next();
    let first = parts.next();
    let Ok(deck) = Deck::parse(deck) else {
        return;
    };
    let request = Request {
        deck,
        objective: Objective::Win,
        pass_rule: PassRule::Agreed,
        variant: Variant::Standard,
        position: position.map(str::to_owned),
        diff: 0,
        after_pass: false,
        first: first.map(|p| (FirstKind::Revealed, p.to_owned())),
        exact: false,
    };
    let _ = state_of(&request);
}

/// Records: any bytes give a record or an error naming a line (one line of text); what
/// parses replays and survives writing and reading back. Returns whether it parsed.
///
/// # Panics
/// When one of those properties fails: that is what the fuzzer looks for.
pub fn record(data: &[u8]) -> bool {
    let record = match Record::parse(data) {
        Ok(record) => record,
        Err(e) => {
            assert!(e.line >= 1, "an error names a line: {e}");
            assert!(!e.reason.contains('\n'), "one line: {e}");
            return false;
        }
    };
    record.replay().expect("a parsed record replays");
    let text = record.to_text().expect("a parsed record writes");
    let again = Record::parse(text.as_bytes()).expect("a written record parses");
    assert_eq!(again, record, "the record survives writing and reading");
    true
}

/// The settings file: any bytes are read as the store reads the file (UTF-8, else one
/// fault) and parsed leniently: settings and faults printed one line each, never a
/// panic; the settings written back (`config show`) parse without a fault.
///
/// # Panics
/// When one of those properties fails.
pub fn settings(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let base = std::path::Path::new("/base");
    let (settings, faults) = crate::cli::parse_settings(text, base);
    // A fault quotes the value at fault as it is: the line printed is made one line,
    // its hidden characters escaped (`words::one_line`, as `settings::print_warnings`
    // and the error line do).
    for fault in &faults {
        let printed = crate::words::one_line(fault);
        assert!(
            !printed.contains(['\n', '\r', '\x1b']),
            "one line: {printed}"
        );
    }
    let shown = settings.to_toml(None);
    let (_, again) = crate::cli::parse_settings(&shown, base);
    assert!(again.is_empty(), "{shown:?} gives {again:?}");
}

/// The trainer's files and the solitaire statistics: any bytes give each kind's
/// contents or a fault, never a panic; what is read holds only checked values, writes
/// back to itself, and takes one more answer or game without overflowing (counters
/// saturate) and with the rating finite.
///
/// # Panics
/// When one of those properties fails.
pub fn kept_files(data: &[u8]) {
    use crate::data_file::Contents;
    use crate::trainer::IdeaKind;
    use crate::trainer::rating::{PuzzleLog, puzzle_events, rate_all};
    use crate::trainer::schedule::Schedule;
    use crate::trainer::tally::Tally;

    fn again<T: Contents + PartialEq + std::fmt::Debug>(value: &T) {
        let text = value.encode();
        let back = T::decode(text.as_bytes()).expect("what is written reads back");
        assert_eq!(&back, value, "survives writing and reading");
    }
    if let Ok(mut tally) = Tally::decode(data) {
        again(&tally);
        let _ = tally.table();
        let results = tally.ratings.clone().unwrap_or_default();
        let book = rate_all(puzzle_events(&results));
        assert!(book.rating.rating.is_finite(), "{book:?}");
        let _ = crate::trainer::dashboard::practise_next(
            &crate::trainer::dashboard::Games::default(),
            &tally,
        );
        tally.add(IdeaKind::Sacrifice, true);
        tally.add(IdeaKind::Wait, false);
        tally.add_timed(3, u32::MAX);
    }
    if let Ok(log) = PuzzleLog::decode(data) {
        again(&log);
        let book = rate_all(puzzle_events(&log.results));
        assert!(book.rating.rating.is_finite(), "{book:?}");
    }
    if let Ok(mut schedule) = Schedule::decode(data) {
        again(&schedule);
        let today = crate::dates::parse_day("2026-03-01").expect("a day");
        let _ = schedule.next_due(today);
        let keys: Vec<String> = schedule.entries.keys().cloned().collect();
        for key in keys {
            let _ = schedule.is_due(&key, today);
            let entry = schedule.answer(&key, false, time::Date::MAX);
            let _ = crate::trainer::schedule::entry_words(&entry, today);
        }
    }
    if let Ok(mut stats) = crate::solitaire::stats::Stats::decode(data) {
        again(&stats);
        let entries = stats.entries.clone();
        for e in entries {
            let _ = (e.average_moves(), e.average_cost());
            stats.add(&crate::solitaire::stats::GameStats {
                deck: e.deck,
                memory: e.memory,
                rule: e.rule,
                challenge: e.challenge,
                moves: u32::MAX,
                misses: u32::MAX,
                luck_adjusted: 0,
                date: String::new(),
            });
        }
    }
}

/// The dashboard's cache: any bytes give a cache or a fault, never a panic; every
/// entry kept holds figures an analysis can give, the cache writes back to itself, and
/// the dashboard's tables and rating made from it show finite numbers.
///
/// # Panics
/// When one of those properties fails.
pub fn cache(data: &[u8]) {
    use crate::trainer::dashboard;
    let Ok(games) = dashboard::games_of_bytes(data) else {
        return;
    };
    for (_, d) in &games.digests {
        assert!(dashboard::valid(d), "{d:?}");
    }
    let versus = dashboard::versus(&games);
    let _ = versus.table();
    let book = crate::trainer::rating::rate_all(dashboard::game_events(&games));
    assert!(book.rating.rating.is_finite(), "{book:?}");
    let practise = dashboard::practise_next(&games, &crate::trainer::tally::Tally::default());
    assert!(practise.is_none_or(|p| p.rate.is_finite()));
    let _ = dashboard::text(&games, &book, None, std::path::Path::new("games"));
    for k in dashboard::kinds(&games) {
        let figures = [
            k.result,
            k.luck_adjusted,
            k.accuracy,
            k.strategy_accuracy,
            k.mean_cost,
        ];
        assert!(
            figures
                .iter()
                .chain(&k.slips_per_game)
                .all(|x| x.is_finite()),
            "{k:?}"
        );
    }
}

/// The screen reader's command line: any bytes typed into a game by ear never panic,
/// and every line said is plain text (no control character, nothing typed said at
/// length). The first byte picks the game: against the AI; with the tutor, the coach
/// and undo; solitaire; or the setup's numbered menus. Nothing is saved.
///
/// # Panics
/// When one of those properties fails: that is what the fuzzer looks for.
pub fn speech(data: &[u8]) {
    use std::time::{Duration, Instant};

    use crate::app::{App, Config, First};
    use crate::speech::{self, Options, Voice};

    let Some((&mode, typed)) = data.split_first() else {
        return;
    };
    let now = Instant::now();
    let mut config = Config {
        deck: "pairs:3".into(),
        seed: 7,
        ai_delay: Duration::ZERO,
        ..Config::default()
    };
    let mut out = Vec::new();
    let mut voice = Voice::new(typed, &mut out, Options::default(), now);
    let said = match mode % 4 {
        0 => speech::play(
            App::start_blocking(config, now).expect("a pairs:3 game starts"),
            &mut voice,
        )
        .map(drop),
        1 => {
            config.deck = "pairs:4".into();
            config.first = First::You;
            (config.tutor, config.coach, config.practice) = (true, true, true);
            speech::play(
                App::start_blocking(config, now).expect("a pairs:4 game starts"),
                &mut voice,
            )
            .map(drop)
        }
        2 => speech::play(
            App::solitaire(config, None, None, true).expect("a solitaire deal starts"),
            &mut voice,
        )
        .map(drop),
        _ => speech::choose_game(&mut voice, &config).map(drop),
    };
    said.expect("writing to memory never fails");
    let text = String::from_utf8(out).expect("the voice says UTF-8 text");
    for line in text.lines() {
        assert!(
            !line.chars().any(char::is_control),
            "a control character said: {line:?}"
        );
        assert!(line.chars().count() < 2000, "a line said at length: {line}");
    }
}
