//! A remote command line (`ssh HOST play --deck pairs:8`) split into words as a shell
//! would split it, quotes and backslashes understood. No shell is behind it: nothing is
//! expanded, run or redirected, and the words go to the game's own parser.

/// The longest command line taken: the game's commands are short.
pub const MAX_COMMAND: usize = 1024;

/// A command line that cannot be split.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    /// Longer than [`MAX_COMMAND`] bytes.
    #[error("the command is longer than {MAX_COMMAND} bytes")]
    TooLong,
    /// Not UTF-8 text.
    #[error("the command is not text")]
    NotText,
    /// A quote opened and not closed.
    #[error("the command has a quote that is not closed")]
    OpenQuote,
}

/// The words of `line`: split at unquoted white space; `'...'` keeps everything,
/// `"..."` keeps everything but a backslash before `"` or `\`, and a backslash outside
/// quotes keeps the next character.
///
/// # Errors
/// The line is too long, not text, or has a quote not closed.
pub fn split(line: &[u8]) -> Result<Vec<String>, SplitError> {
    if line.len() > MAX_COMMAND {
        return Err(SplitError::TooLong);
    }
    let text = std::str::from_utf8(line).map_err(|_| SplitError::NotText)?;
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_default();
                loop {
                    match chars.next().ok_or(SplitError::OpenQuote)? {
                        '\'' => break,
                        c => w.push(c),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_default();
                loop {
                    match chars.next().ok_or(SplitError::OpenQuote)? {
                        '"' => break,
                        '\\' => match chars.next().ok_or(SplitError::OpenQuote)? {
                            c @ ('"' | '\\') => w.push(c),
                            c => {
                                w.push('\\');
                                w.push(c);
                            }
                        },
                        c => w.push(c),
                    }
                }
            }
            '\\' => word.get_or_insert_default().extend(chars.next()),
            c => word.get_or_insert_default().push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        split(line.as_bytes()).unwrap()
    }

    #[test]
    fn words_split_as_a_shell_splits_them() {
        assert_eq!(
            words("play  --deck pairs:8\t--screen-reader"),
            ["play", "--deck", "pairs:8", "--screen-reader"]
        );
        assert_eq!(
            words("play --players 'ann,bob smith'"),
            ["play", "--players", "ann,bob smith"]
        );
        assert_eq!(
            words(r#"a "b \"c\" \d" e\ f ''"#),
            ["a", r#"b "c" \d"#, "e f", ""]
        );
        assert!(words("   ").is_empty());
        assert_eq!(
            words("$(rm -rf /); ls"),
            ["$(rm", "-rf", "/);", "ls"],
            "nothing expands"
        );
    }

    #[test]
    fn bad_lines_are_refused() {
        assert_eq!(split(b"play 'open"), Err(SplitError::OpenQuote));
        assert_eq!(split(b"play \"open"), Err(SplitError::OpenQuote));
        assert_eq!(split(b"play \xff"), Err(SplitError::NotText));
        assert_eq!(split(&[b'a'; MAX_COMMAND + 1]), Err(SplitError::TooLong));
    }
}
