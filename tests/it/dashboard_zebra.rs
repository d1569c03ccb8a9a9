//! The dashboard analyses Zebra games too: a saved game of the person against an AI on a
//! Zebra deck gets the same strategy figures `analyze` gives it (the two-seat Zebra
//! model), so `stats`, `history` and `review` count it.

use concentration::analysis::digest::digest;
use concentration::record::{PERSON, RecordSeat};
use concentration::trainer::dashboard;

use crate::common::zebra_record;

#[test]
fn a_zebra_game_against_an_ai_is_analysed_as_analyze_does() {
    let scratch = std::env::temp_dir().join(format!(
        "concentration-dashboard-zebra-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&scratch);
    let (data, cache) = (scratch.join("data"), scratch.join("cache"));
    let mut record = zebra_record();
    record.players[0] = RecordSeat::named(PERSON);
    concentration::record::save(&concentration::record::records_dir(&data), &record).unwrap();

    let games = dashboard::games(&data, Some(&cache)).unwrap();
    assert_eq!(games.digests.len(), 1, "{:?}", games.unreadable);
    let kept = &games.digests[0].1;
    assert!(kept.analysed, "a Zebra game left unanalysed: {kept:?}");
    assert!(kept.choices > 0, "{kept:?}");
    // The figures `analyze` gives the same record.
    let (game, analysis) = concentration::cli::analyse(&record).unwrap();
    let expected = digest(&record, &game, Some(&analysis)).unwrap();
    assert_eq!(kept, &expected);
    // Kept: a second look reads the cache, with the same figures.
    // (JSON keeps a float to within its last bit, not always bit for bit.)
    let again = dashboard::games(&data, Some(&cache)).unwrap();
    assert_eq!(again.analysed_now, 0);
    let cached = &again.digests[0].1;
    assert!(cached.analysed);
    assert_eq!(
        (
            cached.choices,
            cached.best,
            cached.errors,
            cached.costly.len()
        ),
        (kept.choices, kept.best, kept.errors, kept.costly.len())
    );
    assert!((cached.mean_cost - kept.mean_cost).abs() < 1e-12);
    let _ = std::fs::remove_dir_all(&scratch);
}
