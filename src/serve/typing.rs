//! A line typed on a remote terminal, for the line-by-line mode (`ssh -t ... play
//! --screen-reader`): the client's terminal is in raw mode, so the server does what a
//! terminal's line discipline would. Each character is echoed as it is typed, Backspace
//! takes one back, Enter (a carriage return) hands the line on, Ctrl-C or Ctrl-D ends
//! the input, and the arrows' and other keys' escape sequences are dropped.

use std::io::Write;

/// The longest line kept: the screen reader reads no more of one.
const MAX_LINE: usize = crate::speech::MAX_LINE;

/// Where an escape sequence being dropped has got to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Escape {
    None,
    /// After ESC.
    Start,
    /// After ESC [ or ESC O: up to a final byte.
    Sequence,
}

/// The line being typed, echoed to the terminal.
pub struct Typing<W> {
    echo: W,
    typed: Vec<u8>,
    escape: Escape,
    /// Set by Ctrl-C or Ctrl-D.
    pub ended: bool,
}

impl<W: Write> Typing<W> {
    /// A line discipline echoing to `echo`.
    pub fn new(echo: W) -> Self {
        Self {
            echo,
            typed: Vec::new(),
            escape: Escape::None,
            ended: false,
        }
    }

    /// Takes `bytes` as typed; returns the lines they finished, each ending in `\n`.
    pub fn take(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut lines = Vec::new();
        let mut echo = Vec::new();
        for &b in bytes {
            if self.ended {
                break;
            }
            match (self.escape, b) {
                (Escape::Start, b'[' | b'O') => self.escape = Escape::Sequence,
                (Escape::Start, _) => self.escape = Escape::None,
                (Escape::Sequence, 0x40..=0x7e) => self.escape = Escape::None,
                (Escape::Sequence, _) => {}
                (Escape::None, 0x1b) => self.escape = Escape::Start,
                (Escape::None, b'\r' | b'\n') => {
                    lines.append(&mut self.typed);
                    lines.push(b'\n');
                    echo.extend_from_slice(b"\r\n");
                }
                (Escape::None, 0x7f | 0x08) => {
                    // One character back: its continuation bytes, then its first.
                    while self.typed.last().is_some_and(|&c| c & 0xc0 == 0x80) {
                        self.typed.pop();
                    }
                    if self.typed.pop().is_some() {
                        echo.extend_from_slice(b"\x08 \x08");
                    }
                }
                (Escape::None, 0x03 | 0x04) => {
                    self.ended = true;
                    echo.extend_from_slice(b"\r\n");
                }
                (Escape::None, b) if b >= 0x20 && self.typed.len() < MAX_LINE => {
                    self.typed.push(b);
                    echo.push(b);
                }
                (Escape::None, _) => {}
            }
        }
        // The terminal may be gone: the game hears so from its input.
        let _ = self.echo.write_all(&echo);
        let _ = self.echo.flush();
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raw_terminal_types_lines_as_a_cooked_one_would() {
        let mut echo = Vec::new();
        let mut typing = Typing::new(&mut echo);
        assert!(typing.take(b"a1").is_empty(), "no line before Enter");
        assert_eq!(typing.take(b"\r"), b"a1\n");
        assert_eq!(
            typing.take(b"b2x\x7f\r"),
            b"b2\n",
            "Backspace takes one back"
        );
        assert_eq!(
            typing.take(b"\x1b[Ahelp\x1bOB\r"),
            b"help\n",
            "arrows dropped"
        );
        assert_eq!(
            typing.take("é\x7f\x7fq\r".as_bytes()),
            b"q\n",
            "a character, not a byte"
        );
        assert!(!typing.ended);
        assert!(typing.take(b"\x03b1\r").is_empty());
        assert!(typing.ended, "Ctrl-C ends the input");
        drop(typing);
        assert_eq!(
            echo,
            b"a1\r\nb2x\x08 \x08\r\nhelp\r\n\xc3\xa9\x08 \x08q\r\n\r\n"
        );
    }
}
