//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*.rs`), here so that
//! `tests/fuzz_regressions.rs` runs the committed corpus through the very same checks.

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

/// The screen reader's command line: any bytes typed into a game by ear never panic,
/// and every line said is plain text (no control character, nothing typed said at
/// length). The first byte picks the game: against the AI; with the tutor, the coach
/// and undo; solitaire; or the setup's numbered menus. Nothing is saved.
///
/// # Panics
/// When one of those properties fails: that is what the fuzzer looks for.
pub fn speech(data: &[u8]) {
    use std::time::{Duration, Instant};

    use crate::speech::{self, Options, Voice};
    use crate::tui::{App, Config, First};

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
