//! Calendar days, by the `time` crate's calendar rather than arithmetic of our own: today
//! in UTC, and whether a `YYYY-MM-DD` is a day that exists (2026-02-30 does not).

use time::{Date, Month, OffsetDateTime};

/// The date and time now, UTC: (`YYYY-MM-DD`, `HH:MM:SS`).
#[must_use]
pub fn now_utc() -> (String, String) {
    let now = OffsetDateTime::now_utc();
    (
        day_text(now.date()),
        format!("{:02}:{:02}:{:02}", now.hour(), now.minute(), now.second()),
    )
}

/// A day as `YYYY-MM-DD`.
fn day_text(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// The day `year`-`month`-`day` if the calendar has it.
#[must_use]
pub fn day(year: u32, month: u32, day: u32) -> Option<Date> {
    let year = i32::try_from(year).ok()?;
    let month = Month::try_from(u8::try_from(month).ok()?).ok()?;
    Date::from_calendar_date(year, month, u8::try_from(day).ok()?).ok()
}

/// The day written `YYYY-MM-DD`, if the calendar has it.
#[must_use]
pub fn parse_day(text: &str) -> Option<Date> {
    if !is_day(text) {
        return None;
    }
    let n = |s: &str| s.parse::<u32>().unwrap_or(0);
    day(n(&text[..4]), n(&text[5..7]), n(&text[8..]))
}

/// A day as `YYYY-MM-DD` (see [`parse_day`]).
#[must_use]
pub(crate) fn show_day(d: Date) -> String {
    day_text(d)
}

/// Whether `text` is a day written `YYYY-MM-DD` that the calendar has.
#[must_use]
pub(crate) fn is_day(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    let [y, m, d] = parts[..] else {
        return false;
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(y, 4) && digits(m, 2) && digits(d, 2)) {
        return false;
    }
    let n = |s: &str| s.parse::<u32>().unwrap_or(0);
    day(n(y), n(m), n(d)).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_days_of_the_calendar() {
        assert!(is_day("2024-02-29"));
        assert!(is_day("2026-04-01"));
        assert!(!is_day("2026-02-29"));
        assert!(!is_day("2026-02-30"));
        assert!(!is_day("2026-04-31"));
        assert!(!is_day("1900-02-29"));
        assert!(is_day("2000-02-29"));
        assert!(!is_day("2026-13-01"));
        assert!(!is_day("2026-00-10"));
        assert!(!is_day("26-04-01"));
        assert!(!is_day("2026-4-01"));
    }

    #[test]
    fn today_is_a_day() {
        let (date, time) = now_utc();
        assert!(is_day(&date), "{date}");
        assert_eq!(time.len(), 8);
    }
}
