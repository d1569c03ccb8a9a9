//! Helpers shared by the test crates: a screen drawn on ratatui's `TestBackend`, as
//! text, and the fixed two-player game the record and replay tests use.

#![allow(dead_code)] // each test crate uses some of them

use concentration::tui::App;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

/// The fixed game: `pairs:3`, seed 2, dealt as
/// `a1 A  b1 C  c1 B` / `a2 C  b2 B  c2 A`. The person (B) reveals B at c1, whose
/// partner nobody has seen, then turns the known A at a1 instead of another unknown card:
/// that hands every pair to A. An unknown card would have won outright with probability
/// 1/3 (it is b2, the partner, one time in three; otherwise A takes everything), the
/// known card gives 0, so the flip costs exactly 1/3: a blunder.
pub const FIXED: &str = r#"[Format "concentration 1"]
[Date "2026-04-01"]
[Time "12:00:00"]
[Deck "pairs:3"]
[Seed "2"]
[A "optimal"]
[B "you"]
[Objective "win"]
[PassRule "agreed"]
[Memory "classic"]
[Practice "no"]
[Result "1-0"]
[Pairs "3-0"]
[End "cleared"]

1. A a1:A b1:C miss
2. B c1:B a1:A miss
3. A a2:C b1:C pair
4. A c2:A a1:A pair
5. A b2:B c1:B pair
"#;

/// `app` drawn on a `w` x `h` test terminal.
pub fn buffer(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(app, f.area())).unwrap();
    t.backend().buffer().clone()
}

/// A drawn buffer as text, a line per row.
pub fn text(buf: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// The screen at `w` x `h`, as text.
pub fn screen_sized(app: &App, w: u16, h: u16) -> String {
    text(&buffer(app, w, h))
}

/// The screen at 80 x 24, as text.
pub fn screen(app: &App) -> String {
    screen_sized(app, 80, 24)
}
