//! Who is playing: any public key is accepted, and its SHA256 fingerprint is the
//! player's identity, with a data directory of its own (records, statistics, ratings)
//! under the server's; a client without a key plays as a guest, and nothing is kept.

use std::path::{Path, PathBuf};

use russh::keys::{HashAlg, PublicKey};

/// The folder of the server's data directory that holds each identity's.
pub const PLAYERS_DIR: &str = "players";

/// The player of a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Player {
    /// Known by a public key: what is played is kept in `data_dir`.
    Known {
        /// The key's SHA256 fingerprint, as ssh prints it.
        fingerprint: String,
        /// The identity's own data directory.
        data_dir: PathBuf,
    },
    /// No key: nothing is kept.
    Guest,
}

impl Player {
    /// The player with `key`, whose data lives under the server's `data_dir`.
    #[must_use]
    pub fn of_key(key: &PublicKey, data_dir: &Path) -> Self {
        let print = key.fingerprint(HashAlg::Sha256);
        // The fingerprint in hexadecimal names the folder: base64 has '/' in it.
        let folder: String = print
            .as_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        Self::Known {
            fingerprint: print.to_string(),
            data_dir: data_dir.join(PLAYERS_DIR).join(folder),
        }
    }

    /// The identity's data directory; `None` for a guest.
    #[must_use]
    pub fn data_dir(&self) -> Option<&Path> {
        match self {
            Self::Known { data_dir, .. } => Some(data_dir),
            Self::Guest => None,
        }
    }
}

/// The name a player connected with (`NAME@HOST`), as a table takes it: letters, digits,
/// `-` and `_` only, starting with a letter or digit, at most 12; `player` if nothing
/// of it is left. It is a name on screen, not who they are (that is the key). `you`,
/// which a table reads as the one person facing the AI, becomes `you_`.
#[must_use]
pub fn table_name(user: &str) -> String {
    let name: String = user
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_'))
        .skip_while(|c| !c.is_alphanumeric())
        .take(12)
        .collect();
    match name.as_str() {
        "" => "player".into(),
        n if n.eq_ignore_ascii_case("you") => format!("{n}_"),
        _ => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use russh::keys::{Algorithm, PrivateKey};

    #[test]
    fn each_key_has_its_own_folder_and_a_guest_none() {
        let a = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
        let b = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
        let root = Path::new("/srv/c");
        let (pa, pb) = (
            Player::of_key(a.public_key(), root),
            Player::of_key(b.public_key(), root),
        );
        assert_ne!(pa.data_dir(), pb.data_dir());
        assert_eq!(
            pa,
            Player::of_key(a.public_key(), root),
            "the same key, the same player"
        );
        let dir = pa.data_dir().unwrap();
        assert!(dir.starts_with(root.join(PLAYERS_DIR)));
        assert_eq!(dir.file_name().unwrap().len(), 64, "SHA256 in hexadecimal");
        assert_eq!(Player::Guest.data_dir(), None);
    }

    #[test]
    fn a_table_name_keeps_letters_digits_dashes_and_underscores() {
        assert_eq!(table_name("ann"), "ann");
        assert_eq!(table_name("-x\u{1b}[31mbob_2"), "x31mbob_2");
        assert_eq!(table_name("Ünal"), "Ünal");
        assert_eq!(table_name("a-very-long-name-indeed"), "a-very-long-");
        assert_eq!(table_name("--"), "player");
        assert_eq!(table_name("You"), "You_", "not the lone person's \"You\"");
        assert_eq!(table_name(""), "player");
    }
}
