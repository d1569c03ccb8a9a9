//! Text that came from outside (a name, a flag's value, a line of a file) shown safely:
//! nothing in it can move the cursor, recolour the terminal, reverse the line's
//! direction or break the line, and a long input is cut to a readable length. Every
//! name and every quoted input the program prints goes through [`shown`] or, for a whole
//! error or warning line, [`one_line`].

/// Longest quoted input shown, in characters: past it the quote is cut and ends with `…`.
pub const MAX_SHOWN: usize = 80;

/// Longest error or warning line, in characters: a last resort for a long input that no
/// quote marks (a path, a flag's value).
pub(super) const MAX_LINE: usize = 1000;

/// Whether `c` must not reach a terminal as it is: control characters (newline, tab,
/// carriage return, ESC, DEL, C1) and the invisible format characters that reorder or
/// hide text (bidirectional overrides and isolates such as U+202E, zero-width spaces and
/// joiners, the byte-order mark).
#[must_use]
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// One character as it is shown: itself, or a visible escape (`\n`, `\t`, `\r`,
/// `\u{1b}`, `\u{202e}`).
fn push_shown(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        c if is_hidden(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
        c => out.push(c),
    }
}

/// `s` with every hidden character escaped (see [`is_hidden`]), cut to `max` characters
/// of the original ending with `…` when longer.
fn escape(s: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        push_shown(&mut out, c);
    }
    out
}

/// A name or a piece of input as it is shown in a message: hidden characters escaped,
/// at most [`MAX_SHOWN`] characters of it, then `…`.
#[must_use]
pub fn shown(s: &str) -> String {
    escape(s, MAX_SHOWN)
}

/// A path as it is shown: hidden characters escaped throughout, its file name (the part
/// that came from outside: a record's name) cut as [`shown`] cuts, the folder whole.
#[must_use]
pub fn shown_path(path: &std::path::Path) -> String {
    let name = path.file_name().map(|n| n.to_string_lossy());
    match (path.parent(), name) {
        (Some(dir), Some(name)) if !dir.as_os_str().is_empty() => {
            let dir = escaped(&dir.to_string_lossy());
            format!("{dir}{}{}", std::path::MAIN_SEPARATOR, shown(&name))
        }
        _ => shown(&path.to_string_lossy()),
    }
}

/// A line that is whole but may hold outside text (the screen reader's every line):
/// hidden characters escaped, nothing cut (each quoted input in it was cut already).
#[must_use]
pub fn escaped(s: &str) -> String {
    escape(s, usize::MAX)
}

/// An error or warning line as it is printed: one line whatever it quotes (hidden
/// characters escaped), each quoted input (`'...'` or `"..."`) longer than
/// [`MAX_SHOWN`] cut with `…`, and the whole at most [`MAX_LINE`] characters.
///
/// A quote opens after a character that is not a letter or digit and closes before one
/// that is not, so that the apostrophes of words (`player's`, `don't`) are left alone.
#[must_use]
pub fn one_line(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let opens = matches!(c, '\'' | '"') && (i == 0 || !chars[i - 1].is_alphanumeric());
        if opens && let Some(end) = closing(&chars, i) {
            let inner: String = chars[i + 1..end].iter().collect();
            out.push(c);
            out.push_str(&shown(&inner));
            out.push(c);
            i = end + 1;
            continue;
        }
        push_shown(&mut out, c);
        i += 1;
    }
    if out.chars().count() > MAX_LINE {
        let mut cut: String = out.chars().take(MAX_LINE - 1).collect();
        cut.push('…');
        return cut;
    }
    out
}

/// Where the quote opened at `open` closes: the same mark, followed by the end or by a
/// character that is not a letter or digit.
fn closing(chars: &[char], open: usize) -> Option<usize> {
    let mark = chars[open];
    (open + 1..chars.len())
        .find(|&j| chars[j] == mark && chars.get(j + 1).is_none_or(|next| !next.is_alphanumeric()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_characters_are_escaped() {
        assert_eq!(shown("ann\nbob"), "ann\\nbob");
        assert_eq!(shown("a\u{1b}[2Jb\r\t"), "a\\u{1b}[2Jb\\r\\t");
        assert_eq!(shown("evil\u{202e}txt"), "evil\\u{202e}txt");
        assert_eq!(
            shown("zero\u{200b}width\u{feff}"),
            "zero\\u{200b}width\\u{feff}"
        );
        assert_eq!(shown("pairs:8 ♥ é"), "pairs:8 ♥ é");
        assert_eq!(shown("\0\u{7}\u{9b}"), "\\u{0}\\u{7}\\u{9b}");
        assert_eq!(escaped(&"a\u{1b}".repeat(100)).len(), 700);
    }

    #[test]
    fn a_path_cuts_its_file_name_only() {
        let dir = "d".repeat(100);
        let name = format!("{}\u{202e}.cgn", "n".repeat(100));
        let path = std::path::Path::new(&dir).join(&name);
        let s = shown_path(&path);
        assert!(s.starts_with(&format!("{dir}/nnn")), "{s}");
        assert!(s.ends_with('…'), "{s}");
        assert_eq!(s.chars().count(), 100 + 1 + MAX_SHOWN + 1);
        assert_eq!(
            shown_path(std::path::Path::new("a\u{1b}b.cgn")),
            "a\\u{1b}b.cgn"
        );
    }

    #[test]
    fn long_input_is_cut_with_an_ellipsis() {
        let long = "x".repeat(10_000);
        let s = shown(&long);
        assert_eq!(s.chars().count(), MAX_SHOWN + 1);
        assert!(s.ends_with('…'));
        assert_eq!(shown(&"y".repeat(MAX_SHOWN)), "y".repeat(MAX_SHOWN));
    }

    #[test]
    fn a_line_cuts_each_long_quote_and_keeps_the_words() {
        let value = "z".repeat(100_000);
        let line = one_line(&format!(
            "config file c.toml: line 1: key 'deck': unknown deck '{value}': expected one of standard"
        ));
        assert!(line.starts_with("config file c.toml: line 1: key 'deck': unknown deck 'zzz"));
        assert!(line.ends_with("…': expected one of standard"), "{line}");
        assert!(line.chars().count() < 200, "{line}");
        let plain = "the player's seat: don't use 'ann' twice";
        assert_eq!(one_line(plain), plain);
        assert_eq!(
            one_line("seat name 'a\nb' is bad"),
            "seat name 'a\\nb' is bad"
        );
        let path = "p".repeat(5000);
        let line = one_line(&format!("{path}: no such file"));
        assert_eq!(line.chars().count(), MAX_LINE);
        assert!(!line.contains('\n'));
    }
}
