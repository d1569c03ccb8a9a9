//! Files replaced atomically: a temporary file of the writer's own, synced, then renamed
//! over the old one; a file that cannot be read moved aside rather than overwritten; and
//! what killed writers left behind cleaned up. The records and every file of the
//! [`crate::data_file`] store are written this way (below both, so neither imports the
//! other for it).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The name of a temporary file for `name`: hidden, and marked with the writing process
/// (so that a later save can tell whether its writer is dead) and a number unique in the
/// process (so that threads do not share one).
#[must_use]
pub(crate) fn temp_name(name: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!(".{name}.tmp-{}-{n}", std::process::id())
}

/// Replaces `dir/name` with `text` atomically: a temporary file of its own, synced, then
/// renamed over it. Removes what killed writers left behind first (the caller holds the
/// file's lock, so no live writer of this name is at work). On failure the old file is
/// untouched and no temporary file stays.
///
/// # Errors
/// Creating, writing or renaming failed.
pub(crate) fn replace_atomically(dir: &Path, name: &str, text: &str) -> std::io::Result<()> {
    replace_with(dir, name, text, Readers::Anyone)
}

/// Who may read a file written here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Readers {
    /// As the process's umask allows (records, kept files).
    Anyone,
    /// Its owner alone, from the moment it exists (mode 0600 on Unix: a secret key).
    Owner,
}

/// Replaces `dir/name` with `text` as [`replace_atomically`] does, readable by its owner
/// alone from the first byte written (a server's private host key).
///
/// # Errors
/// Creating, writing or renaming failed.
pub fn replace_private(dir: &Path, name: &str, text: &str) -> std::io::Result<()> {
    replace_with(dir, name, text, Readers::Owner)
}

fn replace_with(dir: &Path, name: &str, text: &str, readers: Readers) -> std::io::Result<()> {
    remove_stale_temps(dir, name);
    let tmp = dir.join(temp_name(name));
    let written = (|| {
        let mut open = std::fs::OpenOptions::new();
        open.write(true).create_new(true);
        #[cfg(unix)]
        if readers == Readers::Owner {
            std::os::unix::fs::OpenOptionsExt::mode(&mut open, 0o600);
        }
        let mut f = open.open(&tmp)?;
        std::io::Write::write_all(&mut f, text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, dir.join(name))
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Moves `dir/name` aside to `name.corrupt-SECONDS-PID` (a file that cannot be read is
/// kept for its owner, never overwritten) and returns where it went.
///
/// # Errors
/// The rename failed.
pub(crate) fn move_aside(dir: &Path, name: &str) -> std::io::Result<PathBuf> {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let aside = dir.join(format!("{name}.corrupt-{seconds}-{}", std::process::id()));
    std::fs::rename(dir.join(name), &aside)?;
    Ok(aside)
}

/// How old a temporary file must be to be removed even if its writer may live: no save
/// takes anywhere near this long.
const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// Removes the temporary files in `dir` that begin with `.{prefix}` and whose writer is
/// dead (its process is gone) or that are older than [`STALE_AFTER`]: what saves killed
/// between writing and renaming leave behind. A live writer's file is left alone.
/// Returns how many were removed.
pub(crate) fn remove_stale_temps(dir: &Path, prefix: &str) -> usize {
    let Ok(read) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in read.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(pid) = temp_writer(name, prefix) else {
            continue;
        };
        let Ok(meta) = entry.metadata() else { continue };
        if !meta.is_file() {
            continue;
        }
        let old = meta
            .modified()
            .ok()
            .and_then(|m| m.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        if (old || !process_alive(pid)) && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The writer's process id of a temporary file name `.{prefix}....tmp-PID[-N]`.
fn temp_writer(name: &str, prefix: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_prefix(prefix)?;
    let (_, tail) = rest.rsplit_once(".tmp-")?;
    tail.split('-').next()?.parse().ok()
}

/// Whether process `pid` may be running. Without a way to tell (no `/proc`), yes: its
/// files go only once they are old.
fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}
