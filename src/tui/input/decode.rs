//! The bytes a terminal sends, decoded into key, mouse and paste-free events: a pure
//! function over a buffer, so that no byte sequence can make it wait for ever. A
//! sequence is either complete (an event, or bytes to skip), or a prefix of one that
//! more bytes may complete, and the reader gives a prefix only a moment (see
//! [`super::HALF_WAIT`]). A byte that cannot continue the sequence it is in (a control
//! character, ESC, a byte past ASCII) ends that sequence unread and is decoded afresh,
//! so a key right after a broken sequence is still a key.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

const ESC: u8 = 0x1b;

/// Longest escape sequence read: a longer one is skipped whole (no terminal sends one).
const MAX_SEQUENCE: usize = 64;

/// What the front of a buffer holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Decoded {
    /// An event, from this many bytes.
    Event(Event, usize),
    /// This many bytes mean nothing the game reads (an unknown or broken sequence).
    Skip(usize),
    /// The start of a sequence: more bytes are needed to tell.
    Incomplete,
}

/// Decodes the event at the front of `bytes` (not empty).
#[must_use]
pub(crate) fn decode(bytes: &[u8]) -> Decoded {
    match bytes[0] {
        ESC => escape(bytes),
        b'\r' | b'\n' => key(KeyCode::Enter, KeyModifiers::NONE, 1),
        b'\t' => key(KeyCode::Tab, KeyModifiers::NONE, 1),
        0x7f | 0x08 => key(KeyCode::Backspace, KeyModifiers::NONE, 1),
        0x00 => key(KeyCode::Char(' '), KeyModifiers::CONTROL, 1),
        c @ 0x01..=0x1a => key(
            KeyCode::Char(char::from(c - 1 + b'a')),
            KeyModifiers::CONTROL,
            1,
        ),
        c @ 0x1c..=0x1f => key(
            KeyCode::Char(char::from(c - 0x1c + b'4')),
            KeyModifiers::CONTROL,
            1,
        ),
        _ => utf8(bytes),
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers, len: usize) -> Decoded {
    Decoded::Event(Event::Key(KeyEvent::new(code, modifiers)), len)
}

/// One character of UTF-8 text (an invalid byte is skipped).
fn utf8(bytes: &[u8]) -> Decoded {
    let len = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Decoded::Skip(1),
    };
    // A continuation byte is 10xxxxxx: anything else ends the character unread.
    if let Some(bad) = (1..len.min(bytes.len())).find(|&i| bytes[i] & 0xc0 != 0x80) {
        return Decoded::Skip(bad);
    }
    if bytes.len() < len {
        return Decoded::Incomplete;
    }
    match std::str::from_utf8(&bytes[..len])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) => key(KeyCode::Char(c), shift_of(c), len),
        None => Decoded::Skip(len),
    }
}

/// An upper-case letter comes with SHIFT, as crossterm reports it.
fn shift_of(c: char) -> KeyModifiers {
    if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    }
}

/// A buffer starting with ESC: a lone ESC waits for the reader to decide (see
/// [`super::Input`]); `ESC [` and `ESC O` begin sequences; ESC before a key is Alt.
fn escape(bytes: &[u8]) -> Decoded {
    let Some(&second) = bytes.get(1) else {
        return Decoded::Incomplete;
    };
    match second {
        b'[' => csi(bytes),
        b'O' => match bytes.get(2) {
            None => Decoded::Incomplete,
            Some(&c) => match ss3_key(c) {
                Some(code) => key(code, KeyModifiers::NONE, 3),
                None if is_final(c) => Decoded::Skip(3),
                None => Decoded::Skip(2),
            },
        },
        ESC => key(KeyCode::Esc, KeyModifiers::NONE, 1),
        _ => match decode(&bytes[1..]) {
            Decoded::Event(Event::Key(mut k), n) => {
                k.modifiers |= KeyModifiers::ALT;
                Decoded::Event(Event::Key(k), n + 1)
            }
            Decoded::Event(_, n) | Decoded::Skip(n) => Decoded::Skip(n + 1),
            Decoded::Incomplete => Decoded::Incomplete,
        },
    }
}

fn ss3_key(c: u8) -> Option<KeyCode> {
    Some(match c {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P'..=b'S' => KeyCode::F(1 + c - b'P'),
        _ => return None,
    })
}

fn is_final(b: u8) -> bool {
    (0x40..=0x7e).contains(&b)
}

/// `ESC [`: parameter bytes (0x30-0x3F), intermediate bytes (0x20-0x2F), then one final
/// byte (0x40-0x7E), as ECMA-48 defines a control sequence; or `ESC [ M` and three
/// bytes, the old mouse report.
fn csi(bytes: &[u8]) -> Decoded {
    if bytes.get(2) == Some(&b'M') {
        return if bytes.len() < 6 {
            Decoded::Incomplete
        } else {
            x10_mouse(&bytes[3..6])
        };
    }
    // A mouse report `ESC [ <` holds digits and `;` only, up to its `M` or `m`.
    let sgr = bytes.get(2) == Some(&b'<');
    for (i, &b) in bytes.iter().enumerate().skip(2) {
        if i >= MAX_SEQUENCE {
            return Decoded::Skip(i);
        }
        match b {
            b'0'..=b'9' | b';' => {}
            b'<' if i == 2 => {}
            b'M' | b'm' if sgr => {
                return match sequence(&bytes[2..i], b) {
                    Some(event) => Decoded::Event(event, i + 1),
                    None => Decoded::Skip(i + 1),
                };
            }
            // Cannot continue a mouse report: the half read so far goes, this byte stays.
            _ if sgr => return Decoded::Skip(i),
            0x20..=0x3f => {}
            b if is_final(b) => {
                return match sequence(&bytes[2..i], b) {
                    Some(event) => Decoded::Event(event, i + 1),
                    None => Decoded::Skip(i + 1),
                };
            }
            // Cannot continue a sequence: the half read so far goes, this byte stays.
            _ => return Decoded::Skip(i),
        }
    }
    Decoded::Incomplete
}

/// The event of a complete control sequence with parameters `params` and final byte
/// `last` (`None`: one the game does not read: focus, bracketed paste markers, ...).
fn sequence(params: &[u8], last: u8) -> Option<Event> {
    let text = std::str::from_utf8(params).ok()?;
    if let Some(sgr) = text.strip_prefix('<') {
        return sgr_mouse(sgr, last);
    }
    let numbers: Vec<u16> = text
        .split(';')
        .map(|n| {
            if n.is_empty() {
                Some(1)
            } else {
                n.parse().ok()
            }
        })
        .collect::<Option<_>>()?;
    let modifiers = numbers
        .get(1)
        .map_or(KeyModifiers::NONE, |&m| modifiers_of(m));
    let code = match last {
        b'~' => tilde_key(*numbers.first()?)?,
        b'Z' => {
            return Some(Event::Key(KeyEvent::new(
                KeyCode::BackTab,
                KeyModifiers::SHIFT,
            )));
        }
        b'u' => {
            let c = char::from_u32(u32::from(*numbers.first()?))?;
            return Some(Event::Key(KeyEvent::new(KeyCode::Char(c), modifiers)));
        }
        c => ss3_key(c)?,
    };
    Some(Event::Key(KeyEvent::new(code, modifiers)))
}

/// The key of `ESC [ N ~`.
fn tilde_key(n: u16) -> Option<KeyCode> {
    Some(match n {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        // at most 15
        11..=15 => KeyCode::F((n - 10) as u8),
        17..=21 => KeyCode::F((n - 11) as u8),
        23..=24 => KeyCode::F((n - 12) as u8),
        _ => return None,
    })
}

/// xterm's modifier parameter: 1 + (1 shift, 2 alt, 4 control).
fn modifiers_of(m: u16) -> KeyModifiers {
    let bits = m.saturating_sub(1);
    let mut out = KeyModifiers::NONE;
    for (bit, modifier) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
    ] {
        if bits & bit != 0 {
            out |= modifier;
        }
    }
    out
}

/// `ESC [ < B ; X ; Y M` (pressed or moved) or `... m` (released).
fn sgr_mouse(text: &str, last: u8) -> Option<Event> {
    if !matches!(last, b'M' | b'm') {
        return None;
    }
    let mut parts = text.split(';').map(str::parse::<u16>);
    let (cb, x, y) = (
        parts.next()?.ok()?,
        parts.next()?.ok()?,
        parts.next()?.ok()?,
    );
    mouse(cb, x, y, last == b'm')
}

/// `ESC [ M b x y`, each byte 32 more than its value.
fn x10_mouse(b: &[u8]) -> Decoded {
    let value = |i: usize| u16::from(b[i].saturating_sub(32));
    match mouse(value(0), value(1), value(2), false) {
        Some(event) => Decoded::Event(event, 6),
        None => Decoded::Skip(6),
    }
}

/// A mouse report: button code `cb`, 1-based column `x` and row `y`.
fn mouse(cb: u16, x: u16, y: u16, released: bool) -> Option<Event> {
    let button = match cb & 0b11 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        _ => MouseButton::Right,
    };
    let kind = if cb & 64 != 0 {
        match cb & 0b11 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        }
    } else if cb & 32 != 0 {
        if cb & 0b11 == 3 {
            MouseEventKind::Moved
        } else {
            MouseEventKind::Drag(button)
        }
    } else if released || cb & 0b11 == 3 {
        MouseEventKind::Up(button)
    } else {
        MouseEventKind::Down(button)
    };
    let mut modifiers = KeyModifiers::NONE;
    for (bit, modifier) in [
        (4, KeyModifiers::SHIFT),
        (8, KeyModifiers::ALT),
        (16, KeyModifiers::CONTROL),
    ] {
        if cb & bit != 0 {
            modifiers |= modifier;
        }
    }
    Some(Event::Mouse(MouseEvent {
        kind,
        column: x.saturating_sub(1),
        row: y.saturating_sub(1),
        modifiers,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every event in `bytes`, decoding to the end (a trailing half sequence dropped).
    fn all(mut bytes: &[u8]) -> Vec<Event> {
        let mut out = Vec::new();
        while !bytes.is_empty() {
            match decode(bytes) {
                Decoded::Event(e, n) => {
                    out.push(e);
                    bytes = &bytes[n..];
                }
                Decoded::Skip(n) => bytes = &bytes[n..],
                Decoded::Incomplete => break,
            }
        }
        out
    }

    fn k(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn keys() {
        assert_eq!(all(b"q"), [k(KeyCode::Char('q'))]);
        assert_eq!(
            all(b"\r \t\x7f"),
            [
                k(KeyCode::Enter),
                k(KeyCode::Char(' ')),
                k(KeyCode::Tab),
                k(KeyCode::Backspace)
            ]
        );
        assert_eq!(
            all(b"\x1b[A\x1bOB\x1b[5~\x1b[6~\x1b[H\x1b[4~"),
            [
                k(KeyCode::Up),
                k(KeyCode::Down),
                k(KeyCode::PageUp),
                k(KeyCode::PageDown),
                k(KeyCode::Home),
                k(KeyCode::End)
            ]
        );
        assert_eq!(
            all(b"\x03"),
            [Event::Key(KeyEvent::new(
                KeyCode::Char('c'),
                KeyModifiers::CONTROL
            ))]
        );
        assert_eq!(
            all(b"H"),
            [Event::Key(KeyEvent::new(
                KeyCode::Char('H'),
                KeyModifiers::SHIFT
            ))]
        );
        assert_eq!(all("♥".as_bytes()), [k(KeyCode::Char('♥'))]);
        assert_eq!(
            all(b"\x1b[1;5C"),
            [Event::Key(KeyEvent::new(
                KeyCode::Right,
                KeyModifiers::CONTROL
            ))]
        );
        assert_eq!(
            all(b"\x1b[Z"),
            [Event::Key(KeyEvent::new(
                KeyCode::BackTab,
                KeyModifiers::SHIFT
            ))]
        );
        assert_eq!(
            all(b"\x1bx"),
            [Event::Key(KeyEvent::new(
                KeyCode::Char('x'),
                KeyModifiers::ALT
            ))]
        );
        assert_eq!(decode(b"\x1b"), Decoded::Incomplete);
        assert_eq!(all(b"\x1b\x1bq").first(), Some(&k(KeyCode::Esc)));
    }

    #[test]
    fn mouse_clicks() {
        let down = |column, row| {
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column,
                row,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(all(b"\x1b[<0;10;5M"), [down(9, 4)]);
        assert_eq!(all(b"\x1b[M #%"), [down(2, 4)]);
        let up = all(b"\x1b[<0;10;5m");
        assert!(matches!(
            up[..],
            [Event::Mouse(MouseEvent {
                kind: MouseEventKind::Up(MouseButton::Left),
                ..
            })]
        ));
    }

    #[test]
    fn a_half_sequence_waits_and_a_broken_one_lets_the_next_key_through() {
        for half in [
            &b"\x1b[<"[..],
            b"\x1b[<0;1",
            b"\x1b[",
            b"\x1b[2",
            b"\x1bO",
            b"\xe2\x99",
        ] {
            assert_eq!(decode(half), Decoded::Incomplete, "{half:?}");
        }
        // A byte that cannot continue the sequence ends it; the byte is read afresh.
        assert_eq!(
            all(b"\x1b[<\rq"),
            [k(KeyCode::Enter), k(KeyCode::Char('q'))]
        );
        assert_eq!(
            all(b"\x1b[<\x1bq").last(),
            Some(&Event::Key(KeyEvent::new(
                KeyCode::Char('q'),
                KeyModifiers::ALT
            )))
        );
        assert_eq!(all(b"\xe2q"), [k(KeyCode::Char('q'))]);
        assert_eq!(all(b"\x1b[<q"), [k(KeyCode::Char('q'))]);
        assert_eq!(all(b"\x1b[<0;1y"), [k(KeyCode::Char('y'))]);
        // Bracketed paste markers and unknown sequences mean nothing; what follows is read.
        assert_eq!(all(b"\x1b[200~y\x1b[201~"), [k(KeyCode::Char('y'))]);
        assert_eq!(all(b"\x1b[?1;2cq"), [k(KeyCode::Char('q'))]);
        // No sequence is longer than the cap.
        let mut long = b"\x1b[".to_vec();
        long.extend([b'1'; 200]);
        assert_eq!(decode(&long), Decoded::Skip(MAX_SEQUENCE));
    }
}
