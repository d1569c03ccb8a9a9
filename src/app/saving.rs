//! Saving the game on screen: when a game is saved, what a signal that ends the program
//! saves, and what could not be saved this session (the exit status says it).

use std::path::PathBuf;

/// The line saying where a finished game was saved, by the file's name alone (a remote
/// player never reads a path of the server's), or why it was not; empty before.
#[must_use]
pub(crate) fn saved_words(saved: Option<&Result<PathBuf, String>>) -> String {
    match saved {
        Some(Ok(path)) => format!(
            "Saved as {}",
            path.file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned())
        ),
        Some(Err(e)) => format!("Not saved: {e}"),
        None => String::new(),
    }
}

use super::{App, NotSaved, Screen, Unsaved};
use crate::app::solo::Counted as SoloCounted;

impl App {
    /// Saves the game on screen if it has flips (or, in Pairs, decisions) and is not
    /// saved yet (finished, or being left).
    /// A finished solitaire game is then counted in the statistics: after its record, so
    /// that a kill between the two never leaves a counted game without its record.
    pub(super) fn save_current(&mut self) {
        if let Some((dir, game)) = self.unsaved_game() {
            let saved = game.save(&dir).map_err(|e| e.to_string());
            if let Err(e) = &saved {
                self.not_saved.push(format!("Not saved: {e}"));
            }
            for other in &self.also_save {
                if let Err(e) = game.save(other) {
                    self.not_saved.push(format!("Not saved: {e}"));
                }
            }
            let (blocking, quit, cache) = (self.blocking, self.quit, self.cache_dir.clone());
            match &mut self.screen {
                Screen::Play(r) => {
                    r.set_saved(saved);
                    // The rating lives in the data directory, the games folder's parent.
                    if !quit {
                        r.ask_rating(dir.parent(), cache, blocking);
                    }
                }
                Screen::Solo(s) => s.set_saved(saved),
                Screen::Pairs(t) => t.set_saved(saved),
                _ => {}
            }
        }
        if let Screen::Solo(s) = &mut self.screen {
            let before = s.counted().is_some();
            s.count();
            if !before && let Some(SoloCounted::Failed(e)) = s.counted() {
                self.not_saved
                    .push(format!("Not saved: the solitaire statistics: {e}"));
            }
        }
    }

    /// The player is gone without leaving (a remote terminal hung up): the game on screen
    /// is saved as leaving it would be, and the app quits.
    pub(crate) fn save_abandoned(&mut self) {
        self.quit = true;
        self.save_current();
    }

    /// What could not be saved so far this session, one "Not saved: ..." line each.
    #[must_use]
    pub(crate) fn not_saved(&self) -> &[String] {
        &self.not_saved
    }

    /// Ends the session: what could not be saved in it.
    #[must_use]
    pub(crate) fn into_not_saved(self) -> NotSaved {
        NotSaved(self.not_saved)
    }

    /// Where and what leaving the game on screen would save now, if anything: also what a
    /// signal that ends the program saves (see `term.rs`).
    #[must_use]
    pub(crate) fn unsaved_game(&self) -> Option<(PathBuf, Unsaved)> {
        let dir = self.save_dir.clone()?;
        match &self.screen {
            Screen::Play(r) if r.unsaved() => Some((dir, Unsaved::Concentration(r.record()))),
            Screen::Solo(s) if s.unsaved() => Some((dir, Unsaved::Concentration(s.record()))),
            Screen::Pairs(t) if t.unsaved() => Some((dir, Unsaved::Pairs(t.record()))),
            _ => None,
        }
    }
}
