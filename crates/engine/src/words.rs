//! Numbers and counts in words, the same on every screen and in every command's output:
//! `1 pair` but `2 pairs`, never `-0.0`, a huge flag value as `1e308` rather than 309
//! digits, and text read from files printed without control characters.

mod shown;

pub use shown::{MAX_SHOWN, escaped, is_hidden, one_line, shown, shown_path};

/// `n` and the noun, in the plural unless `n` is 1: `1 pair`, `2 pairs`, `0 misses`.
#[must_use]
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    format!("{n} {}", noun_for(n, noun))
}

/// [`count`] for a `usize` (lengths and indices).
#[must_use]
pub fn count_of(n: usize, noun: &str) -> String {
    count(u64::try_from(n).unwrap_or(u64::MAX), noun)
}

/// The noun alone, in the plural unless `n` is 1 (`miss` → `misses`).
#[must_use]
pub fn noun_for(n: u64, noun: &str) -> String {
    let consonant_y = noun.ends_with('y')
        && !noun
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| "aeiou".contains(c));
    if n == 1 {
        noun.to_owned()
    } else if consonant_y {
        format!("{}ies", &noun[..noun.len() - 1])
    } else if ["s", "sh", "ch", "x"].iter().any(|e| noun.ends_with(e)) {
        format!("{noun}es")
    } else {
        format!("{noun}s")
    }
}

/// `v` with `decimals` digits after the point; a value that rounds to zero is written
/// without a sign (`0.00`, never `-0.00`).
#[must_use]
pub fn fixed(v: f64, decimals: usize) -> String {
    unsigned_zero(format!("{v:.decimals$}"))
}

/// The minus sign of every number shown to a person (U+2212, as wide as `+`).
pub const MINUS: char = '−';

/// `v` with its sign always written (`+0.42`, `−1.50`, with the minus sign [`MINUS`]);
/// a value that rounds to zero is `+0.00`, never `−0.00`.
#[must_use]
pub fn signed(v: f64, decimals: usize) -> String {
    let s = fixed(v, decimals);
    match s.strip_prefix('-') {
        Some(digits) => format!("{MINUS}{digits}"),
        None if !v.is_finite() && v.is_sign_negative() => format!("{MINUS}{s}"),
        None => format!("+{s}"),
    }
}

/// A share (0 to 1) as a percentage with `decimals` digits: `62.5%`, `0%` (never `-0%`).
#[must_use]
pub fn percent(share: f64, decimals: usize) -> String {
    format!("{}%", fixed(share * 100.0, decimals))
}

/// The fewest decimals, from `min` up to 9, at which `write` (a value and its decimals
/// to text) tells apart every two of `values` that differ by more than `tolerance`: two
/// values that differ are never printed the same (`50%` and `50%` become `50.3%` and
/// `49.6%`).
#[must_use]
pub(crate) fn decimals_apart(
    values: &[f64],
    tolerance: f64,
    min: usize,
    write: impl Fn(f64, usize) -> String,
) -> usize {
    (min..=9)
        .find(|&d| {
            values.iter().enumerate().all(|(i, &a)| {
                values[i + 1..]
                    .iter()
                    .all(|&b| (a - b).abs() <= tolerance || write(a, d) != write(b, d))
            })
        })
        .unwrap_or(9)
}

/// Two values written by `write` with the fewest decimals from `min` that tell them
/// apart when they differ by more than `tolerance` (see [`decimals_apart`]).
#[must_use]
pub fn two_apart(
    a: f64,
    b: f64,
    tolerance: f64,
    min: usize,
    write: impl Fn(f64, usize) -> String,
) -> (String, String) {
    let d = decimals_apart(&[a, b], tolerance, min, &write);
    (write(a, d), write(b, d))
}

/// `v` as a reader takes it from its text with `decimals` digits: `52.8` for 52.78.
#[must_use]
pub(crate) fn as_printed(v: f64, decimals: usize) -> f64 {
    fixed(v, decimals).parse().unwrap_or(v)
}

/// `a − b` as a reader works it out from the two numbers printed with `decimals` digits
/// each: 52.8 − 48.1 = 4.7, where the exact difference (52.78 − 48.03 = 4.75) would
/// print `4.8` beside them. A cost printed beside two values is this difference, so that
/// the three numbers on a line never contradict each other.
#[must_use]
pub(crate) fn printed_difference(a: f64, b: f64, decimals: usize) -> f64 {
    as_printed(a, decimals) - as_printed(b, decimals)
}

/// The numbers of a line as a reader reads them, in order, with their signs (`−` or `-`,
/// `+`): `[-4.7, 52.8, 48.1]` of "Mistake −4.7%: … kept you at 52.8%; … left you at
/// 48.1%". For the tests that hold printed figures against each other.
#[must_use]
pub fn numbers_in(text: &str) -> Vec<f64> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            let negative = start > 0 && matches!(chars[start - 1], '−' | '-');
            if let Ok(v) = digits.trim_end_matches('.').parse::<f64>() {
                out.push(if negative { -v } else { v });
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Drops the minus sign of a formatted number whose digits are all zero.
fn unsigned_zero(s: String) -> String {
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_owned(),
        _ => s,
    }
}

/// A number as the user typed it, short: `0.5`, `12`, but `1e308` instead of 309 digits
/// (for error messages that echo a flag's value).
#[must_use]
pub fn compact(v: f64) -> String {
    if v.is_finite() && v != 0.0 && !(1e-4..1e9).contains(&v.abs()) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// `s` in at most `width` characters: whole if it fits, else cut and ended with `…`
/// (a list's column keeps its width whatever name it holds).
#[must_use]
pub fn shortened(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_owned()
    } else {
        let mut short: String = s.chars().take(width.saturating_sub(1)).collect();
        if width > 0 {
            short.push('…');
        }
        short
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1u32, "pair"), "1 pair");
        assert_eq!(count(2u32, "pair"), "2 pairs");
        assert_eq!(count(0u32, "game"), "0 games");
        assert_eq!(count(1u32, "miss"), "1 miss");
        assert_eq!(count(3u32, "miss"), "3 misses");
        assert_eq!(count_of(1, "flip"), "1 flip");
    }

    #[test]
    fn decimals_tell_different_values_apart() {
        let pct = |v: f64, d: usize| percent(v, d);
        // 50.3% and 49.6% both round to 50%: one decimal tells them apart.
        assert_eq!(decimals_apart(&[0.503, 0.496], 1e-9, 0, pct), 1);
        assert_eq!(decimals_apart(&[0.53, 0.47], 1e-9, 0, pct), 0);
        // Values within the tolerance are one value.
        assert_eq!(decimals_apart(&[0.5, 0.5 + 1e-12], 1e-9, 0, pct), 0);
        assert_eq!(decimals_apart(&[0.5, 0.500_04], 1e-9, 0, pct), 3);
    }

    #[test]
    fn nouns_in_y_take_ies_after_a_consonant() {
        assert_eq!(count(2_u64, "inaccuracy"), "2 inaccuracies");
        assert_eq!(count(2_u64, "day"), "2 days");
        assert_eq!(count(1_u64, "inaccuracy"), "1 inaccuracy");
    }

    #[test]
    fn no_negative_zero() {
        assert_eq!(fixed(-0.0001, 2), "0.00");
        assert_eq!(fixed(-0.0, 1), "0.0");
        assert_eq!(fixed(-0.2, 0), "0");
        assert_eq!(fixed(-0.01, 2), "-0.01");
        assert_eq!(signed(-0.001, 2), "+0.00");
        assert_eq!(signed(0.42, 2), "+0.42");
        assert_eq!(signed(-1.5, 2), "−1.50");
        assert_eq!(percent(-0.0001, 1), "0.0%");
        assert_eq!(percent(0.625, 1), "62.5%");
    }

    #[test]
    fn huge_values_are_short() {
        assert_eq!(compact(1e308), "1e308");
        assert_eq!(compact(0.5), "0.5");
        assert_eq!(compact(12.0), "12");
        assert_eq!(compact(-2e10), "-2e10");
        assert!(compact(f64::MAX).len() < 30);
    }

    #[test]
    fn long_names_are_shortened_with_an_ellipsis() {
        assert_eq!(shortened("optimal", 12), "optimal");
        assert_eq!(shortened("best-optimal", 12), "best-optimal");
        assert_eq!(shortened("a-very-long-player-name", 12), "a-very-long…");
        assert_eq!(shortened("♥♥♥", 2), "♥…");
        assert_eq!(shortened("abc", 0), "");
    }

    #[test]
    fn a_line_reads_as_its_numbers() {
        assert_eq!(
            numbers_in("Mistake −4.7%: a seen card (4♠ b2) kept you at 52.8%; x left you at 48.1%"),
            [-4.7, 4.0, 2.0, 52.8, 48.1]
        );
        assert_eq!(
            numbers_in("+0.42 pairs, -1.5 and 27.31 moves."),
            [0.42, -1.5, 27.31]
        );
    }

    proptest::proptest! {
        /// The difference of two numbers as printed is what a reader works out from them.
        #[test]
        fn a_printed_difference_is_the_difference_of_the_printed_numbers(
            a in -200.0f64..200.0,
            b in -200.0f64..200.0,
            decimals in 0usize..5,
        ) {
            let printed = |v: f64| numbers_in(&fixed(v, decimals))[0];
            let shown = printed(printed_difference(a, b, decimals));
            proptest::prop_assert!((printed(a) - printed(b) - shown).abs() < 1e-9);
        }

        /// No formatter writes a negative zero, whatever tiny negative value it gets.
        #[test]
        fn no_formatter_writes_a_negative_zero(v in -0.01f64..=0.0, decimals in 0usize..4) {
            for s in [fixed(v, decimals), signed(v, decimals), percent(v / 100.0, decimals)] {
                let digits = s.trim_start_matches(['-', '+']).trim_end_matches('%');
                let zero = digits.chars().all(|c| c == '0' || c == '.');
                proptest::prop_assert!(!(zero && s.starts_with('-')), "{v} gave {s}");
            }
        }
    }
}

/// `text` word-wrapped into rows of at most `width` characters (greedy; a word longer
/// than the width is broken across rows). Never returns an empty list.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows: Vec<String> = vec![String::new()];
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        let last = rows.last_mut().expect("never empty");
        let used = last.chars().count();
        if used > 0 && used + 1 + word.len() <= width {
            last.push(' ');
            last.extend(word);
            continue;
        }
        if used > 0 {
            rows.push(String::new());
        }
        while word.len() > width {
            let rest = word.split_off(width);
            rows.last_mut()
                .expect("never empty")
                .extend(std::mem::replace(&mut word, rest));
            rows.push(String::new());
        }
        rows.last_mut().expect("never empty").extend(word);
    }
    rows
}

/// `text` on one row of `width` characters: whole if it fits, else cut at the last word
/// that leaves room for ` …`.
#[must_use]
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let room = width.saturating_sub(2);
    let head: String = text.chars().take(room + 1).collect();
    let cut = head.rfind(' ').filter(|&c| c > 0).map_or_else(
        || text.chars().take(room).collect(),
        |c| head[..c].to_string(),
    );
    format!("{} …", cut.trim_end())
}

#[cfg(test)]
mod wrap_tests {
    use super::wrap;

    #[test]
    fn wraps_at_word_boundaries_and_breaks_long_words() {
        assert_eq!(
            wrap(
                "Turn a seen card, 4♠ (b2), whose partner is still hidden",
                20
            ),
            [
                "Turn a seen card, 4♠",
                "(b2), whose partner",
                "is still hidden"
            ]
        );
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 5), [""]);
        for w in 1..30 {
            let text = "Pass: turn a second seen card, 10♥ (aa12)";
            assert!(wrap(text, w).iter().all(|r| r.chars().count() <= w));
            assert_eq!(
                wrap(text, w).concat().replace(' ', ""),
                text.replace(' ', "")
            );
        }
    }

    #[test]
    fn fit_keeps_short_lines_and_ends_long_ones_at_a_word() {
        use super::fit;
        assert_eq!(fit("You turned K♦", 80), "You turned K♦");
        let long = "Inaccuracy −0.09%: a new card kept you at 50%; a seen card (10♥ a1) left you \
                    at 50%";
        let short = fit(long, 80);
        assert_eq!(
            short,
            "Inaccuracy −0.09%: a new card kept you at 50%; a seen card (10♥ a1) left you …"
        );
        for w in 2..40 {
            assert!(fit(long, w).chars().count() <= w, "{w}");
        }
    }
}
