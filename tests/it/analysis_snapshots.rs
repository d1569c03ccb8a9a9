//! The analysis pinned byte for byte: `analyze` (text and `--json`) and the whole
//! [`Analysis`](concentration::analysis::annotate::Analysis) the replay screens read, for
//! one record of each kind of game (standard, with a pass, `margin` under `ko`, One Flip,
//! Zebra, three seats, solitaire) in `tests/snapshots/analyze/`.
//!
//! The expected files were written by the analysis as it was before the walks were
//! shared; a change to what the analysis says shows here first. After a deliberate
//! change, `CONCENTRATION_BLESS=1 cargo test --release --test it analysis_snapshots`
//! writes them anew (read the diff before committing it).

use std::path::{Path, PathBuf};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/analyze")
}

fn records() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(folder())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cgn"))
        .collect();
    out.sort();
    assert!(out.len() >= 9, "the fixtures are missing: {out:?}");
    out
}

use crate::common::cli;

/// `analyze` on `record` (with `extra` arguments): its standard output.
fn analyze(record: &Path, extra: &[&str]) -> String {
    let record = record.to_str().unwrap();
    let (code, out, err) = cli::run(&[&["analyze", record], extra].concat());
    assert_eq!(code, 0, "{record}: {err}");
    out
}

/// Compares `actual` with the file `record` with extension `ext`, or writes it when
/// blessing. Returns the name of a file that differs.
fn check(record: &Path, ext: &str, actual: &str) -> Option<String> {
    let path = record.with_extension(ext);
    if std::env::var_os("CONCENTRATION_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return None;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (bless to write it)", path.display()));
    (expected != actual).then(|| {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .map_or_else(|| "the length".to_owned(), |i| format!("line {}", i + 1));
        format!("{} differs at {line}", path.display())
    })
}

#[test]
fn analyze_prints_what_it_printed_for_every_kind_of_game() {
    let mut differ = Vec::new();
    for record in records() {
        differ.extend(check(&record, "txt", &analyze(&record, &[])));
        differ.extend(check(&record, "json", &analyze(&record, &["--json"])));
    }
    assert!(differ.is_empty(), "{differ:#?}");
}

/// Every field of the judgement, a line per seat's figures and per annotation (so a
/// diff names the flip).
fn dump(judgement: &concentration::analysis::judgement::Judgement) -> String {
    let analysis = &judgement.analysis;
    let mut out = format!(
        "objective {:?}\nplayers {:?}\ncurve {:?}\nseat_curves {:?}\n",
        analysis.objective, analysis.players, analysis.curve, analysis.seat_curves
    );
    for s in &judgement.seats {
        out += &format!("{s:?}\n");
    }
    for (a, d) in analysis.annotations.iter().zip(&judgement.decisions) {
        out += &format!("{a:?}\n{d:?}\n");
    }
    out
}

#[test]
fn the_replay_reads_the_same_analysis_for_every_kind_of_game() {
    let mut differ = Vec::new();
    for path in records() {
        let record = concentration::record::load(&path).unwrap();
        if record.is_solitaire() {
            // Solitaire's analysis is the standard walk under `moves`: pinned by `analyze`.
            continue;
        }
        let (_, analysis) = concentration::cli::analyse(&record).unwrap();
        differ.extend(check(&path, "debug", &dump(&analysis)));
    }
    assert!(differ.is_empty(), "{differ:#?}");
}

/// The rows of `analyze`'s table: the lines that start with a turn number.
fn rows(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            let mut words = l.split_whitespace();
            words.next().is_some_and(|w| w.parse::<usize>().is_ok())
                && words
                    .next()
                    .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_lowercase()))
        })
        .collect()
}

/// `analyze --codes` prints the model's codes of every best action in full, however
/// many tie (One Flip and Zebra games have three).
#[test]
fn analyze_never_cuts_the_best_column() {
    for record in records() {
        if record.to_string_lossy().contains("solitaire") {
            continue;
        }
        let json: serde_json::Value = serde_json::from_str(&analyze(&record, &["--json"])).unwrap();
        let text = analyze(&record, &["--codes"]);
        let rows = rows(&text);
        let flips = json["flips"].as_array().unwrap();
        assert_eq!(rows.len(), flips.len(), "{text}");
        for (row, flip) in rows.iter().zip(flips) {
            let best: Vec<&str> = flip["best"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b.as_str().unwrap())
                .collect();
            let best = best.join(", ");
            assert!(
                row.contains(&format!(" {best} ")),
                "{}: {best:?} cut in\n{row}",
                record.display()
            );
        }
    }
}

/// By default the table speaks as the screen does (a new card, a seen card, take the
/// pair, a pass): no pattern code; `--codes` gives the codes with a line saying what
/// they mean.
/// A pattern code `R.U` (`2.1`): three characters, no value or cost is so short.
fn pattern(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 3 && b[0].is_ascii_digit() && b[1] == b'.' && b[2].is_ascii_digit()
}

#[test]
fn analyze_speaks_words_by_default_and_codes_on_request() {
    let code = |w: &str| {
        ["unknown", "known", "match", "twin", "red", "black"].contains(&w)
            || pattern(w)
            || w.split('/').all(pattern) && w.contains('/')
    };
    for record in records() {
        let text = analyze(&record, &[]);
        for row in rows(&text) {
            // The columns after the player: action, best, value, cost, class.
            assert!(
                !row.split([' ', ',']).any(code),
                "{}: a code in\n{row}",
                record.display()
            );
        }
        assert!(text.contains("new card") || text.contains("seen"), "{text}");
        let codes = analyze(&record, &["--codes"]);
        assert!(codes.contains("codes: "), "{codes}");
        assert!(
            rows(&codes).iter().any(|r| r.contains("unknown")),
            "{codes}"
        );
    }
}
