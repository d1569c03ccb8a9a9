//! Reading a file the user names or the game keeps (a record, the files of
//! [`crate::data_file`]): only a regular file, and only up to a size, so that a FIFO
//! cannot block the program and `/dev/zero` cannot fill its memory. Below both the
//! records and the kept files, so neither imports the other for it.

use std::io::Read;
use std::path::Path;

use thiserror::Error;

/// Why a file was not read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// There is no such file.
    #[error("{0}")]
    Missing(std::io::Error),
    /// A folder, a FIFO, a socket or a device: never opened for reading.
    #[error("not a regular file ({0})")]
    NotRegular(&'static str),
    /// Larger than the limit given.
    #[error("larger than {} bytes", .0)]
    TooLarge(u64),
    /// Any other failure (permissions, a symlink loop, ...).
    #[error("{0}")]
    Io(std::io::Error),
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::NotFound {
            Self::Missing(e)
        } else {
            Self::Io(e)
        }
    }
}

/// The bytes of the regular file at `path`, at most `limit` of them. The file is opened
/// without waiting (a FIFO with no writer would block an ordinary open) and checked to
/// be a regular file before a byte is read, so that a file swapped for a FIFO between a
/// check and the open is refused too.
///
/// # Errors
/// See [`ReadError`].
pub fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(kind_of(&meta.file_type())));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(limit));
    }
    Ok(bytes)
}

/// What kind of file system object something is, in words.
fn kind_of(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_dir() { "a folder" } else { "not a file" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn devices_and_fifos_are_refused_unread() {
        let zero = read_capped(Path::new("/dev/zero"), 10).unwrap_err();
        assert_eq!(zero.to_string(), "not a regular file (a device)");
        let dir = std::env::temp_dir().join(format!("concentration-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("f");
        let _ = std::fs::remove_file(&fifo);
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        let e = read_capped(&fifo, 10).unwrap_err();
        assert_eq!(e.to_string(), "not a regular file (a FIFO)");
        assert!(matches!(
            read_capped(&dir, 10),
            Err(ReadError::NotRegular("a folder"))
        ));
        let big = dir.join("big");
        std::fs::write(&big, [b'a'; 11]).unwrap();
        assert!(matches!(
            read_capped(&big, 10),
            Err(ReadError::TooLarge(10))
        ));
        assert_eq!(read_capped(&big, 11).unwrap().len(), 11);
        assert!(matches!(
            read_capped(&dir.join("none"), 10),
            Err(ReadError::Missing(_))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
