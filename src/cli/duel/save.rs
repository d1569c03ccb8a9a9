//! `duel --save`: the record of every simulated game, saved as it is played. A save that
//! fails stops the saving (each record is written whole or not at all, so nothing
//! partial stays), and the error says how many were saved and where it stopped.

use std::path::PathBuf;

use crate::record::Record;

/// The records of one run of `duel --games N --save`.
pub(super) struct Batch {
    dir: PathBuf,
    wanted: u64,
    saved: u64,
    failure: Option<std::io::Error>,
}

impl Batch {
    /// A batch of `wanted` records to save in `dir`.
    pub(super) fn new(dir: PathBuf, wanted: u64) -> Self {
        Self {
            dir,
            wanted,
            saved: 0,
            failure: None,
        }
    }

    /// Saves `record`, unless an earlier save failed (the batch stops there).
    pub(super) fn save(&mut self, record: &Record) {
        if self.failure.is_some() {
            return;
        }
        match crate::record::save(&self.dir, record) {
            Ok(_) => self.saved += 1,
            Err(e) => self.failure = Some(e),
        }
    }

    /// Says what was saved: one line on standard error when every record was, else the
    /// error (status 2) naming how many were saved and why the rest were not.
    ///
    /// # Errors
    /// A save failed.
    pub(super) fn finish(self) -> anyhow::Result<()> {
        match &self.failure {
            None => {
                eprintln!(
                    "saved {} in {}",
                    crate::words::count(self.saved, "game record"),
                    self.dir.display()
                );
                Ok(())
            }
            Some(e) => Err(anyhow::anyhow!(stopped(self.saved, self.wanted, e))),
        }
    }
}

/// The line for a batch that stopped after `saved` of `wanted` records: `saved 1 of 3
/// game records; the disk is full: ...`.
fn stopped(saved: u64, wanted: u64, e: &std::io::Error) -> String {
    let why = if disk_full(e) {
        "the disk is full"
    } else {
        "the next could not be saved"
    };
    format!("saved {saved} of {wanted} game records; {why}: {e}")
}

/// Whether `e` says there is no room left (the device or the user's quota).
fn disk_full(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_batch_says_how_many_were_saved_and_why() {
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let line = stopped(1, 3, &full);
        assert!(
            line.starts_with("saved 1 of 3 game records; the disk is full: "),
            "{line}"
        );
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        assert!(
            stopped(0, 2, &denied).starts_with("saved 0 of 2 game records; the next could not")
        );
    }
}
