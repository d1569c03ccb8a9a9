//! The pictures of the README, made from the real binary: each scene starts
//! `concentration` in a pseudo-terminal, plays a fixed seed by keystrokes, waits until the
//! screen shows what it expects, and renders the emulated screen (characters, colours,
//! bold, reverse video) to an SVG file in `docs/images/`.
//!
//! `scripts/screenshot` runs it (`cargo test --release --test it screenshot -- --ignored`);
//! run it again after a change to the screens and commit the pictures. The renderer itself
//! is tested on every `cargo test`.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The size of the pictures' terminal: roomier than the 80 x 24 the game needs.
const ROWS: u16 = 30;
const COLS: u16 = 100;
/// Only bounds a hang: every step waits on the screen.
const PATIENCE: Duration = Duration::from_secs(60);

/// One step of a scene.
enum Step {
    /// Wait until the screen shows this text.
    See(&'static str),
    /// Type these keys.
    Keys(&'static str),
    /// Let the screen settle: the game ignores a key that comes right after a turn is
    /// shown (so that a key meant to go on never turns a card).
    Settle,
}

use Step::{Keys, See, Settle};

/// The game in a pseudo-terminal, its screen read back by a terminal emulator.
struct Screen {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    parser: vt100::Parser,
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

impl Screen {
    fn start(args: &[String], data: &Path) -> Self {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_concentration"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("CONCENTRATION_DATA_DIR", data);
        cmd.env("CONCENTRATION_CONFIG", data.join("config.toml"));
        cmd.env_remove("NO_COLOR");
        let child = pair.slave.spawn_command(cmd).expect("the binary starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            writer,
            output,
            parser: vt100::Parser::new(ROWS, COLS, 0),
            _master: pair.master,
        }
    }

    fn pump(&mut self, wait: Duration) {
        if let Ok(bytes) = self.output.recv_timeout(wait) {
            self.parser.process(&bytes);
        }
        while let Ok(bytes) = self.output.try_recv() {
            self.parser.process(&bytes);
        }
    }

    fn play(&mut self, steps: &[Step]) {
        for step in steps {
            match step {
                See(text) => {
                    let start = Instant::now();
                    while !self.parser.screen().contents().contains(text) {
                        assert!(
                            start.elapsed() < PATIENCE,
                            "never saw {text:?}; screen:\n{}",
                            self.parser.screen().contents()
                        );
                        self.pump(Duration::from_millis(50));
                    }
                }
                Keys(keys) => {
                    self.writer.write_all(keys.as_bytes()).unwrap();
                    self.writer.flush().unwrap();
                }
                Settle => {
                    let start = Instant::now();
                    while start.elapsed() < Duration::from_millis(600) {
                        self.pump(Duration::from_millis(50));
                    }
                }
            }
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// The xterm colour of a palette index, in the tones of a common dark terminal.
fn palette(i: u8) -> (u8, u8, u8) {
    const BASE: [(u8, u8, u8); 16] = [
        (0x1d, 0x1f, 0x21),
        (0xcc, 0x44, 0x44),
        (0x5f, 0xb8, 0x5f),
        (0xe5, 0xc0, 0x4c),
        (0x4f, 0x8f, 0xd8),
        (0xb7, 0x6c, 0xd6),
        (0x3c, 0xb8, 0xc8),
        (0xd8, 0xd8, 0xd8),
        (0x7a, 0x7f, 0x86),
        (0xf2, 0x66, 0x66),
        (0x83, 0xd6, 0x83),
        (0xf5, 0xd7, 0x6e),
        (0x74, 0xaa, 0xf0),
        (0xd4, 0x8c, 0xf0),
        (0x66, 0xd9, 0xe8),
        (0xff, 0xff, 0xff),
    ];
    match i {
        0..=15 => BASE[usize::from(i)],
        16..=231 => {
            let i = i - 16;
            let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            (level(i / 36), level((i / 6) % 6), level(i % 6))
        }
        _ => {
            let v = 8 + (i - 232) * 10;
            (v, v, v)
        }
    }
}

const DEFAULT_FG: (u8, u8, u8) = (0xd0, 0xd0, 0xd0);
const DEFAULT_BG: (u8, u8, u8) = (0x1d, 0x1f, 0x21);

fn rgb(color: vt100::Color, default: (u8, u8, u8)) -> (u8, u8, u8) {
    match color {
        vt100::Color::Default => default,
        vt100::Color::Idx(i) => palette(i),
        vt100::Color::Rgb(r, g, b) => (r, g, b),
    }
}

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// How one cell is drawn: its ink, its paper, bold, underlined.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Style {
    fg: (u8, u8, u8),
    bg: (u8, u8, u8),
    bold: bool,
    underline: bool,
}

fn style(cell: &vt100::Cell) -> Style {
    let (mut fg, mut bg) = (
        rgb(cell.fgcolor(), DEFAULT_FG),
        rgb(cell.bgcolor(), DEFAULT_BG),
    );
    if cell.inverse() {
        std::mem::swap(&mut fg, &mut bg);
    }
    Style {
        fg,
        bg,
        bold: cell.bold(),
        underline: cell.underline(),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Cell width and line height in pixels, for a 15 px monospace font.
const CELL_W: f64 = 9.0;
const CELL_H: f64 = 19.0;
const MARGIN: f64 = 12.0;

/// The screen as an SVG picture: a background rectangle per run of paper colour and a
/// text element per run of one style, each placed and stretched to its cells, so the
/// columns line up whatever monospace font the viewer has.
fn svg(screen: &vt100::Screen) -> String {
    let (rows, cols) = screen.size();
    let width = f64::from(cols) * CELL_W + 2.0 * MARGIN;
    let height = f64::from(rows) * CELL_H + 2.0 * MARGIN;
    let mut out = String::new();
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="'DejaVu Sans Mono', 'Menlo', 'Consolas', monospace" font-size="15">"#
    )
    .unwrap();
    writeln!(
        out,
        r#"<rect width="100%" height="100%" rx="8" fill="{}"/>"#,
        hex(DEFAULT_BG)
    )
    .unwrap();
    for row in 0..rows {
        let y = MARGIN + f64::from(row) * CELL_H;
        let mut col = 0;
        while col < cols {
            let cell = screen.cell(row, col).unwrap();
            let first = style(cell);
            let mut text = String::new();
            let start = col;
            while col < cols {
                let cell = screen.cell(row, col).unwrap();
                if style(cell) != first {
                    break;
                }
                let c = cell.contents();
                text.push_str(if c.is_empty() { " " } else { c });
                col += 1;
            }
            let x = MARGIN + f64::from(start) * CELL_W;
            let w = f64::from(col - start) * CELL_W;
            if first.bg != DEFAULT_BG {
                writeln!(
                    out,
                    r#"<rect x="{x}" y="{y}" width="{w}" height="{CELL_H}" fill="{}"/>"#,
                    hex(first.bg)
                )
                .unwrap();
            }
            if text.trim().is_empty() {
                continue;
            }
            let weight = if first.bold {
                r#" font-weight="bold""#
            } else {
                ""
            };
            let underline = if first.underline {
                r#" text-decoration="underline""#
            } else {
                ""
            };
            writeln!(
                out,
                r#"<text x="{x}" y="{}" textLength="{w}" lengthAdjust="spacingAndGlyphs" xml:space="preserve" fill="{}"{weight}{underline}>{}</text>"#,
                y + CELL_H * 0.75,
                hex(first.fg),
                escape(&text)
            )
            .unwrap();
        }
    }
    out.push_str("</svg>\n");
    out
}

fn binary(args: &[&str], data: &Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_concentration"))
        .args(args)
        .env("CONCENTRATION_DATA_DIR", data)
        .env("CONCENTRATION_CONFIG", data.join("config.toml"))
        .output()
        .unwrap()
}

/// Plays one scene and writes its picture.
fn scene(name: &str, args: &[String], steps: &[Step], data: &Path) {
    let mut screen = Screen::start(args, data);
    screen.play(steps);
    screen.play(&[Settle]);
    let path = Path::new(ROOT)
        .join("docs/images")
        .join(format!("{name}.svg"));
    std::fs::write(&path, svg(screen.parser.screen())).unwrap();
    eprintln!("wrote {}", path.display());
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(ToString::to_string).collect()
}

#[test]
#[ignore = "remakes docs/images/*.svg: run scripts/screenshot"]
fn remake_the_pictures() {
    let _pty = crate::common::pty::lock();
    let data: PathBuf =
        std::env::temp_dir().join(format!("concentration-pictures-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(Path::new(ROOT).join("docs/images")).unwrap();

    // A game against the optimal AI, a few turns in, with the hint on show.
    // Two new cards a turn, each turn a row further down, so none has been seen.
    let play: Vec<Step> = vec![
        See("Your turn"),
        Settle,
        Keys("\r"),
        Settle,
        Keys("l\r"),
        See("Your turn"),
        Settle,
        Keys("j\r"),
        Settle,
        Keys("l\r"),
        See("Your turn"),
        Settle,
        Keys("j\r"),
        Settle,
        Keys("H"),
        See("Hint"),
    ];
    scene(
        "play",
        &strings(&[
            "play",
            "--deck",
            "standard",
            "--first",
            "you",
            "--opponent",
            "optimal",
            "--seed",
            "7",
            "--ai-delay",
            "0",
            "--memory",
            "open",
        ]),
        &play,
        &data,
    );

    // The replay of a game between the optimal and the usual AI, at the usual one's
    // first mistake.
    let out = binary(
        &[
            "duel", "--deck", "pairs:10", "--first", "optimal", "--second", "usual", "--games",
            "1", "--seed", "3", "--save",
        ],
        &data,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record = std::fs::read_dir(data.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "cgn"))
        .expect("the duel saved its game");
    scene(
        "replay",
        &strings(&["replay", record.to_str().unwrap(), "--no-save"]),
        &[See("Flip"), Settle, Keys("]"), See("blunder")],
        &data,
    );

    // Pairs, with the hint.
    scene(
        "pairs",
        &strings(&["pairs", "--seed", "7", "--ai-delay", "0", "--no-save"]),
        &[See("your turn"), Settle, Keys("H"), See("Better")],
        &data,
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_screen_becomes_a_picture() {
    let mut parser = vt100::Parser::new(2, 10, 0);
    // Red bold "A<&", then a reverse-video "x" on the second line.
    parser.process(b"\x1b[1;31mA<&\x1b[0m ok\r\n\x1b[7mx\x1b[0m");
    let picture = svg(parser.screen());
    assert!(picture.starts_with("<svg"), "{picture}");
    assert!(picture.trim_end().ends_with("</svg>"));
    // Escaped, in the palette's red, bold, stretched over its three cells.
    assert!(
        picture.contains(r##"textLength="27" lengthAdjust="spacingAndGlyphs" xml:space="preserve" fill="#cc4444" font-weight="bold">A&lt;&amp;</text>"##),
        "{picture}"
    );
    // The rest of the line in the default ink, its trailing blanks kept in place.
    assert!(picture.contains("> ok    </text>"), "{picture}");
    // Reverse video: the ink becomes the paper.
    assert!(
        picture.contains(&format!(r#"fill="{}"/>"#, hex(DEFAULT_FG))),
        "{picture}"
    );
    assert_eq!(picture.matches("<text").count(), 3, "{picture}");
}
