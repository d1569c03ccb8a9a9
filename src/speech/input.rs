//! Typed lines read as bytes, not as text: a line that is not UTF-8 is told apart (the
//! voice answers it and play goes on), and a line longer than [`MAX_LINE`] bytes is cut,
//! the rest of it skipped as it is read, never held in memory (a pasted 50 MB line costs
//! no more than a short one).

use std::io::{self, BufRead};

/// Longest line kept, in bytes: no command comes near it.
pub const MAX_LINE: usize = 4096;

/// One line of input, without its line end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// Text: the line, or its first [`MAX_LINE`] bytes (to a whole character).
    Text(String),
    /// Bytes that are not UTF-8 text.
    NotText,
}

/// The next line of `input`; `None` at the end of the input.
///
/// # Errors
/// The input cannot be read.
pub fn next_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut any = false;
    let mut cut = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let end = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..end.unwrap_or(buf.len())];
        let room = MAX_LINE - kept.len();
        cut |= chunk.len() > room;
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = end.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    Ok(any.then(|| decode(kept, cut)))
}

/// The bytes of a line as text, if they are; a character cut in two by the cap is
/// dropped (the cut is no fault of the line).
fn decode(bytes: Vec<u8>, cut: bool) -> Line {
    match String::from_utf8(bytes) {
        Ok(text) => Line::Text(text),
        Err(e) => {
            let fault = e.utf8_error();
            if cut && fault.error_len().is_none() {
                let mut bytes = e.into_bytes();
                bytes.truncate(fault.valid_up_to());
                String::from_utf8(bytes).map_or(Line::NotText, Line::Text)
            } else {
                Line::NotText
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Line> {
        let mut input = io::BufReader::with_capacity(16, bytes);
        let mut out = Vec::new();
        while let Some(line) = next_line(&mut input).unwrap() {
            out.push(line);
        }
        out
    }

    fn text(s: &str) -> Line {
        Line::Text(s.to_owned())
    }

    #[test]
    fn bytes_that_are_not_text_are_one_line_and_the_next_reads() {
        assert_eq!(
            lines(b"a1\nb1\n\xe9t\xe9\nb2"),
            [text("a1"), text("b1"), Line::NotText, text("b2")]
        );
        assert_eq!(lines(b"\n\r\n"), [text(""), text("\r")]);
        assert!(lines(b"").is_empty());
        assert_eq!(lines("été\n".as_bytes()), [text("été")]);
    }

    #[test]
    fn a_long_line_is_cut_and_the_rest_skipped() {
        let mut long = vec![b'x'; MAX_LINE * 10];
        long.extend_from_slice(b"\nhelp\n");
        let read = lines(&long);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0], text(&"x".repeat(MAX_LINE)));
        assert_eq!(read[1], text("help"));
        // A character cut in two by the cap is dropped, not taken for a fault.
        let mut split = vec![b'y'; MAX_LINE - 1];
        split.extend_from_slice("é and more\n".as_bytes());
        assert_eq!(lines(&split), [text(&"y".repeat(MAX_LINE - 1))]);
    }
}
