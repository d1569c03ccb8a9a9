//! The server's host key: an ed25519 key made on the first start, kept in the data
//! directory readable by its owner alone (mode 0600, written atomically), and read back
//! on every later start, so that players' ssh clients recognise the server.

use std::path::{Path, PathBuf};

use russh::keys::{Algorithm, HashAlg, PrivateKey};

/// The host key's file name in the data directory.
pub const FILE_NAME: &str = "host_key";

/// The host key and where it came from.
pub struct HostKey {
    /// The private key.
    pub key: PrivateKey,
    /// Its SHA256 fingerprint as ssh prints it (`SHA256:...`).
    pub fingerprint: String,
    /// Whether it was made on this start (it was not there).
    pub made: bool,
    /// Its file.
    pub path: PathBuf,
}

/// A host key that cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum HostKeyError {
    /// The file is there but cannot be read.
    #[error("host key {0}: {1}")]
    Unreadable(PathBuf, std::io::Error),
    /// The file is not an OpenSSH private key.
    #[error("host key {0}: not an OpenSSH private key ({1})")]
    NotAKey(PathBuf, String),
    /// The file or its folder cannot be written.
    #[error("host key {0}: cannot be written: {1}")]
    Unwritable(PathBuf, std::io::Error),
}

/// The key in `path`, made there (ed25519, mode 0600) if there is no file yet.
///
/// # Errors
/// The file cannot be read, is not a key, or cannot be written.
pub fn load_or_make(path: &Path) -> Result<HostKey, HostKeyError> {
    let (key, made) = match std::fs::read_to_string(path) {
        Ok(text) => (
            PrivateKey::from_openssh(&text)
                .map_err(|e| HostKeyError::NotAKey(path.to_path_buf(), e.to_string()))?,
            false,
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (make(path)?, true),
        Err(e) => return Err(HostKeyError::Unreadable(path.to_path_buf(), e)),
    };
    Ok(HostKey {
        fingerprint: fingerprint(&key),
        key,
        made,
        path: path.to_path_buf(),
    })
}

/// The SHA256 fingerprint of a key, as ssh prints it.
#[must_use]
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

/// A new ed25519 key, written to `path` atomically and readable by its owner alone.
fn make(path: &Path) -> Result<PrivateKey, HostKeyError> {
    let unwritable = |e| HostKeyError::Unwritable(path.to_path_buf(), e);
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
        .map_err(|e| unwritable(std::io::Error::other(e.to_string())))?;
    let text = key
        .to_openssh(russh::keys::ssh_key::LineEnding::LF)
        .map_err(|e| unwritable(std::io::Error::other(e.to_string())))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(unwritable)?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| unwritable(std::io::Error::other("not a file name")))?;
    crate::atomic_file::replace_private(dir, name, &text).map_err(unwritable)?;
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_private_and_read_back_the_same() {
        let dir = std::env::temp_dir().join(format!("host-key-{}", std::process::id()));
        let path = dir.join("keys").join(FILE_NAME);
        let first = load_or_make(&path).unwrap();
        assert!(first.made);
        assert!(first.fingerprint.starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let again = load_or_make(&path).unwrap();
        assert!(!again.made);
        assert_eq!(again.fingerprint, first.fingerprint);
        std::fs::write(&path, "not a key").unwrap();
        assert!(matches!(
            load_or_make(&path),
            Err(HostKeyError::NotAKey(..))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
