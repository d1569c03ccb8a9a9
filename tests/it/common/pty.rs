//! The pseudo-terminal harness of the end-to-end tests (portable-pty + vt100): the real
//! binary in a pty, driven by keystrokes, its screen read back with a terminal emulator,
//! a data directory of its own per run.

use std::cell::Cell;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use concentration::record::Record;
use portable_pty::{CommandBuilder, MasterPty, PtySize, native_pty_system};

/// The emulated terminal's size.
pub(crate) const ROWS: u16 = 24;
/// The emulated terminal's width.
pub(crate) const COLS: u16 = 80;
/// Generous: a normal run needs a fraction of a second; this only bounds a hang.
/// How long to wait for what a test expects on screen.
pub(crate) const PATIENCE: Duration = Duration::from_secs(20);

pub(crate) struct Session {
    master: Box<dyn MasterPty + Send>,
    /// The game's process.
    pub child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    /// The emulated terminal.
    pub parser: vt100::Parser,
    /// The data directory the game saves in (removed at the end).
    pub data: PathBuf,
}

/// One test at a time drives the binary in a pty, across the whole test binary: the
/// tests wait on the screen with timeouts and send signals, and games racing for two
/// cores only make them flaky. Each such test holds it from its first line ([`lock`]).
static PTY: Mutex<()> = Mutex::new(());

thread_local! {
    /// Whether this test's thread holds [`PTY`].
    static HELD: Cell<bool> = const { Cell::new(false) };
}

/// A test's turn at the pseudo-terminal, until it is dropped.
pub(crate) struct Turn {
    _guard: MutexGuard<'static, ()>,
}

impl Drop for Turn {
    fn drop(&mut self) {
        HELD.with(|h| h.set(false));
    }
}

/// Waits for this test's turn at the pseudo-terminal: `let _pty = pty::lock();` first
/// thing in every test that starts the binary in a pty.
pub(crate) fn lock() -> Turn {
    // A test that failed while holding it poisons it; the lock itself is still good.
    let guard = PTY.lock().unwrap_or_else(PoisonError::into_inner);
    HELD.with(|h| h.set(true));
    Turn { _guard: guard }
}

/// Panics unless this test holds its turn at the pseudo-terminal ([`lock`]).
pub(crate) fn assert_held() {
    assert!(
        HELD.with(Cell::get),
        "a test that drives the binary in a pty takes `common::pty::lock()` first"
    );
}

/// A data directory of its own for each run of the binary, so tests never write to the
/// user's.
pub(crate) fn scratch_data_dir() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("concentration-pty-{}-{n}", std::process::id()))
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

impl Session {
    pub(crate) fn start(args: &[&str]) -> Self {
        assert_held();
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let data = scratch_data_dir();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_concentration"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("CONCENTRATION_DATA_DIR", &data);
        // Never the user's settings file: one that does not exist, so the defaults.
        cmd.env("CONCENTRATION_CONFIG", data.join("config.toml"));
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
            master: pair.master,
            child,
            writer,
            output,
            parser: vt100::Parser::new(ROWS, COLS, 0),
            data,
        }
    }

    /// The records the game saved.
    pub(crate) fn records(&self) -> Vec<Record> {
        let dir = concentration::record::records_dir(&self.data);
        concentration::record::list(&dir)
            .into_iter()
            .map(|e| e.record.expect("a saved record loads"))
            .collect()
    }

    pub(crate) fn pump(&mut self, wait: Duration) {
        if let Ok(bytes) = self.output.recv_timeout(wait) {
            self.parser.process(&bytes);
        }
        while let Ok(bytes) = self.output.try_recv() {
            self.parser.process(&bytes);
        }
    }

    pub(crate) fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    pub(crate) fn wait_for(&mut self, text: &str) {
        let start = Instant::now();
        while !self.screen().contains(text) {
            assert!(
                start.elapsed() < PATIENCE,
                "never saw {text:?}; screen:\n{}",
                self.screen()
            );
            self.pump(Duration::from_millis(50));
        }
    }

    pub(crate) fn keys(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Resizes the terminal (the game gets a window-size change) and the emulator.
    pub(crate) fn resize(&mut self, rows: u16, cols: u16) {
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("the pty resizes");
        self.parser.screen_mut().set_size(rows, cols);
    }

    pub(crate) fn raw_mode(&self) -> bool {
        let t = self.master.get_termios().expect("termios of the pty");
        !format!("{:?}", t.local_flags).contains("ICANON")
    }

    pub(crate) fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        loop {
            self.pump(Duration::from_millis(20));
            if let Some(status) = self.child.try_wait().unwrap() {
                self.read_to_the_end();
                return status;
            }
            assert!(start.elapsed() < PATIENCE, "the program did not exit");
        }
    }

    /// Reads what the program printed last, up to the end of its output (its side of the
    /// terminal closed): not for a while, which a loaded machine's reader thread may
    /// not have been given.
    fn read_to_the_end(&mut self) {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            match self.output.recv_timeout(Duration::from_millis(50)) {
                Ok(bytes) => self.parser.process(&bytes),
                Err(RecvTimeoutError::Disconnected) => return,
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    pub(crate) fn assert_restored(&self) {
        let s = self.parser.screen();
        assert!(!s.alternate_screen(), "still on the alternate screen");
        assert!(!s.hide_cursor(), "cursor still hidden");
        assert_eq!(
            s.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse capture left on"
        );
        assert!(!self.raw_mode(), "terminal left in raw mode");
    }
}

/// A `pairs:8` game (seed 5, the AI instant) at the person's first turn, the person
/// first.
pub(crate) fn small_game_at_first_turn() -> Session {
    let mut s = Session::start(&[
        "play",
        "--deck",
        "pairs:8",
        "--seed",
        "5",
        "--ai-delay",
        "0",
        "--first",
        "you",
    ]);
    s.wait_for("Your turn");
    s
}

/// Arrow keys from the top-left card to `pos` on a `cols`-wide grid.
pub(crate) fn path_to(pos: usize, cols: usize) -> String {
    let mut keys = "k".repeat(10) + &"h".repeat(20);
    keys += &"j".repeat(pos / cols);
    keys += &"l".repeat(pos % cols);
    keys
}
