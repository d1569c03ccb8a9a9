//! The person's skill over their games and the results rating on the end screen: once a
//! finished game against an AI is saved, the skill over the saved games, then the
//! rating with what this game changed and the luck of its cards, are worked out on a
//! worker thread (every saved game is read), so the end screen never waits for them.

use std::path::{Path, PathBuf};

use super::Round;
use crate::app::worker::{Progress, Worker};
use crate::trainer::dashboard::{AfterGame, luck_words};
use crate::trainer::rating::Book;

/// The end screen's lines of the skill and the rating: still being worked out, or known
/// (empty: the game is not rated, or the games could not be read — the end screen then
/// says nothing).
pub(super) enum Slot {
    Pending(Worker<Vec<String>>),
    Known(Vec<String>),
}

/// `Your rating 1532 ± 80 (+14 this game)`: the ± is twice the deviation, as
/// [`Book::line`] has it. Shown second, after the skill: it rates results, which the
/// cards' luck moves.
#[must_use]
pub(super) fn rating_words(book: &Book, change: f64) -> String {
    format!(
        "Your rating {:.0} ± {:.0} ({} this game)",
        book.rating.rating,
        2.0 * book.rating.deviation,
        crate::words::signed(change, 0)
    )
}

/// The skill line over the saved games: "Your skill over 12 games: PR 1.3 (…)".
#[must_use]
pub(super) fn skill_words(after: &AfterGame) -> Option<String> {
    after.skill.map(|s| format!("Your skill: {}", s.line()))
}

/// The lines of the game saved as `file` in data directory `data` (the dashboard's
/// cache in folder `cache`): the skill over the games, then the results rating with
/// what this game changed and its luck. Empty when the game is not rated or the games
/// cannot be read (the end screen is no place for a records folder's troubles: `stats`
/// names them).
fn lines_for(data: &Path, cache: Option<&Path>, file: &str) -> Vec<String> {
    let Ok(after) = crate::trainer::dashboard::after_game(data, cache, file) else {
        return Vec::new();
    };
    let Some(change) = after.change else {
        return Vec::new();
    };
    // The rating rates results: what the cards' luck did is said beside it.
    let luck = after
        .luck
        .as_ref()
        .map(|(l, objective)| format!("The cards' luck this game: {}", luck_words(*l, objective)));
    skill_words(&after)
        .into_iter()
        .chain(std::iter::once(rating_words(&after.book, change)))
        .chain(luck)
        .collect()
}

impl Round {
    /// Whether the game can change the person's rating: finished, saved, one person
    /// against one AI, not a practice game (the dashboard has the last word on the AI).
    fn may_be_rated(&self) -> bool {
        self.game.view().is_over()
            && matches!(self.saved, Some(Ok(_)))
            && self.people() == 1
            && self.seat_count() == 2
            && !self.practice()
    }

    /// Works out the rating line once the game is saved in the games folder of data
    /// directory `data` (the dashboard's cache in folder `cache`): on a worker thread, or
    /// on this one when `blocking` (tests). Does nothing for a game that cannot be rated,
    /// or a second time.
    pub(crate) fn ask_rating(
        &mut self,
        data: Option<&Path>,
        cache: Option<PathBuf>,
        blocking: bool,
    ) {
        let (Some(data), Some(Ok(path))) = (data, &self.saved) else {
            return;
        };
        if self.rating.is_some() || !self.may_be_rated() {
            return;
        }
        let Some(file) = path.file_name().and_then(|f| f.to_str()).map(str::to_owned) else {
            return;
        };
        let data = data.to_path_buf();
        self.rating = Some(if blocking {
            Slot::Known(lines_for(&data, cache.as_deref(), &file))
        } else {
            Slot::Pending(Worker::spawn(move || {
                lines_for(&data, cache.as_deref(), &file)
            }))
        });
    }

    /// Takes in the rating line if it arrived; returns whether it did.
    pub(crate) fn poll_rating(&mut self) -> bool {
        let Some(Slot::Pending(worker)) = &self.rating else {
            return false;
        };
        match worker.poll() {
            Progress::Running => false,
            Progress::Done(lines) => {
                self.rating = Some(Slot::Known(lines));
                true
            }
            // The job failed: the end screen says nothing of the rating.
            Progress::Stopped => {
                self.rating = Some(Slot::Known(Vec::new()));
                true
            }
        }
    }

    /// The end screen's lines of the skill over the games and of the results rating,
    /// once known (empty before, or for a game not rated).
    #[must_use]
    pub fn rating_lines(&self) -> &[String] {
        match &self.rating {
            Some(Slot::Known(lines)) => lines,
            _ => &[],
        }
    }

    /// The results rating's line, once known: `Your rating 1532 ± 80 (+14 this game)`.
    #[must_use]
    pub fn rating_line(&self) -> Option<&str> {
        self.rating_lines()
            .iter()
            .find(|l| l.starts_with("Your rating"))
            .map(String::as_str)
    }

    /// Whether the rating line is still being worked out.
    #[must_use]
    pub fn rating_pending(&self) -> bool {
        matches!(self.rating, Some(Slot::Pending(_)))
    }
}

#[cfg(test)]
mod tests {
    use super::rating_words;
    use crate::trainer::rating::Book;

    #[test]
    fn the_rating_line_has_twice_the_deviation_and_a_signed_change() {
        let mut book = Book::default();
        book.rating.rating = 1532.4;
        book.rating.deviation = 40.2;
        assert_eq!(
            rating_words(&book, 14.3),
            "Your rating 1532 ± 80 (+14 this game)"
        );
        assert_eq!(
            rating_words(&book, -9.6),
            "Your rating 1532 ± 80 (\u{2212}10 this game)"
        );
    }
}
