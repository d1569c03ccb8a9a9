//! The position notation (`R.UxN ...`), decision points and deck names: any input gives
//! a value or a typed error, never a panic; whatever parses also solves or is refused.
#![no_main]

use concentration::analysis::report::{FirstKind, Request, state_of};
use concentration::rules::{Deck, Objective, PassRule};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
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
        position: position.map(str::to_owned),
        diff: 0,
        after_pass: false,
        first: first.map(|p| (FirstKind::Revealed, p.to_owned())),
        exact: false,
    };
    let _ = state_of(&request);
});
