//! The keyboard, the mouse and window-size changes, read by the program itself rather
//! than by crossterm's event reader. crossterm's parser keeps an incomplete escape
//! sequence (`ESC [ <` waits for an `M` or `m`, `ESC [ 2 0 0 ~` for the end of a paste)
//! and swallows every byte after it, so one stray sequence left the game deaf. Here a
//! half sequence is given [`HALF_WAIT`] to complete, then dropped, and a byte that cannot
//! continue it is read as the key it is ([`decode`]): no input can freeze the game.
//!
//! The terminal is polled (level-triggered), so a key that arrives with a window-size
//! change is never left unread.

mod decode;

use std::collections::VecDeque;
use std::io::Read;
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

pub(super) use decode::{Decoded, decode};

/// How long the start of an escape sequence waits for the rest: a terminal writes a
/// sequence at once, so the rest comes within this or never.
pub(super) const HALF_WAIT: Duration = Duration::from_millis(50);

/// After the terminal hung up, how long the hang-up signal's thread has to save the game
/// and end the program before the event loop gives up with an error.
const HANG_UP_GRACE: Duration = Duration::from_secs(1);

/// Bytes a terminal sent, decoded into events: a half sequence waits [`HALF_WAIT`] for
/// the rest, then is dropped. The terminal's own input and a remote one (over SSH) alike.
#[derive(Default)]
pub(crate) struct Decoder {
    /// Bytes read and not yet decoded: a half sequence at most, between reads.
    bytes: Vec<u8>,
    /// Since when `bytes` has held a half sequence.
    since: Option<Instant>,
    events: VecDeque<Event>,
}

/// The terminal's input, decoded into events.
pub(super) struct Input {
    decoder: Decoder,
    /// When the terminal was found hung up (end of file, or an error reading it).
    hung_up: Option<Instant>,
}

/// Where the event loop's input comes from: the terminal ([`Input`]) or a remote one.
pub(crate) trait Source {
    /// Whether an event is ready within `timeout` (then [`Source::read`] returns it at
    /// once).
    ///
    /// # Errors
    /// The input cannot be read, or is gone.
    fn poll(&mut self, timeout: Duration) -> std::io::Result<bool>;

    /// The next event decoded, if any, without waiting.
    fn take(&mut self) -> Option<Event>;

    /// Ctrl-Z: stops the program when it is the terminal's; nothing remotely.
    fn suspend(&mut self) {}
}

impl Decoder {
    /// The next event decoded, if any.
    pub(crate) fn take(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    /// Whether an event is decoded and waiting.
    pub(crate) fn ready(&self) -> bool {
        !self.events.is_empty()
    }

    /// How long to wait for more bytes before `deadline` (`None`: it has passed),
    /// dropping a half sequence whose time is up: a wait ends when one is due.
    pub(crate) fn wait_until(&mut self, deadline: Instant) -> Option<Duration> {
        let now = Instant::now();
        let mut half_due = self.since.map(|t| t + HALF_WAIT);
        if half_due.is_some_and(|t| t <= now) {
            self.drop_half();
            half_due = None;
        }
        if now >= deadline {
            return None;
        }
        let until = half_due.map_or(deadline, |t| t.min(deadline));
        Some(until.saturating_duration_since(now))
    }

    /// An event from elsewhere than the bytes (a window-size change).
    pub(crate) fn push(&mut self, event: Event) {
        self.events.push_back(event);
    }

    /// Decodes newly read bytes after any half sequence kept from before.
    pub(crate) fn feed(&mut self, new: &[u8]) {
        self.bytes.extend_from_slice(new);
        let mut at = 0;
        while at < self.bytes.len() {
            match decode(&self.bytes[at..]) {
                Decoded::Event(event, n) => {
                    self.events.push_back(event);
                    at += n;
                }
                Decoded::Skip(n) => at += n,
                Decoded::Incomplete => break,
            }
        }
        self.bytes.drain(..at);
        if self.bytes == [0x1b] {
            // ESC alone at the end of what the terminal sent: the Esc key (a sequence
            // comes in one write, never split after its ESC).
            self.bytes.clear();
            self.events
                .push_back(Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)));
        }
        // A half sequence has HALF_WAIT from its first byte: bytes trickling in do not
        // keep it alive, a new one (something before it was decoded) starts afresh.
        self.since = match (self.bytes.is_empty(), self.since) {
            (true, _) => None,
            (false, Some(t)) if at == 0 => Some(t),
            (false, _) => Some(Instant::now()),
        };
    }

    /// Drops a half sequence that did not complete in time.
    fn drop_half(&mut self) {
        self.bytes.clear();
        self.since = None;
    }
}

/// The read end of the pipe the window-size signal writes to, set up once per process.
fn resize_pipe() -> std::io::Result<&'static UnixStream> {
    static PIPE: OnceLock<UnixStream> = OnceLock::new();
    if let Some(pipe) = PIPE.get() {
        return Ok(pipe);
    }
    let (read, write) = UnixStream::pair()?;
    read.set_nonblocking(true)?;
    write.set_nonblocking(true)?;
    signal_hook::low_level::pipe::register(signal_hook::consts::SIGWINCH, write)?;
    Ok(PIPE.get_or_init(|| read))
}

impl Input {
    /// Reads standard input (a terminal in raw mode).
    ///
    /// # Errors
    /// The window-size signal cannot be watched.
    pub(super) fn new() -> std::io::Result<Self> {
        resize_pipe()?;
        Ok(Self {
            decoder: Decoder::default(),
            hung_up: None,
        })
    }

    /// Waits up to `wait` for bytes or a window-size change, and decodes what came.
    fn wait(&mut self, wait: Duration) -> std::io::Result<()> {
        let pipe = resize_pipe()?;
        let stdin = std::io::stdin();
        let watch_stdin = self.hung_up.is_none();
        let mut fds = [
            libc::pollfd {
                // A negative descriptor is left out: a hung-up terminal would report
                // its hang-up at once, every time.
                fd: if watch_stdin { stdin.as_raw_fd() } else { -1 },
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: pipe.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        let ms = libc::c_int::try_from(wait.as_millis().max(1)).unwrap_or(libc::c_int::MAX);
        // SAFETY: `fds` is a valid array of two pollfd structs for the whole call.
        let ready = unsafe { libc::poll(fds.as_mut_ptr(), 2, ms) };
        if ready < 0 {
            let e = std::io::Error::last_os_error();
            return if e.kind() == std::io::ErrorKind::Interrupted {
                Ok(())
            } else {
                Err(e)
            };
        }
        if fds[1].revents & libc::POLLIN != 0 {
            let mut drained = [0u8; 64];
            while matches!((&*pipe).read(&mut drained), Ok(n) if n > 0) {}
            let (w, h) = ratatui::crossterm::terminal::size()?;
            self.decoder.push(Event::Resize(w, h));
        }
        if watch_stdin && fds[0].revents != 0 {
            let mut buf = [0u8; 1024];
            match read_fd(stdin.as_raw_fd(), &mut buf) {
                Ok(n) if n > 0 => self.decoder.feed(&buf[..n]),
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock
                    ) => {}
                _ => {
                    // End of file or an error: the terminal is gone. Its hang-up signal
                    // ends the program (saving the game); until then, wait quietly.
                    self.hung_up.get_or_insert_with(Instant::now);
                }
            }
        }
        Ok(())
    }
}

impl Source for Input {
    /// Fails when the terminal hung up and the program did not end.
    fn poll(&mut self, timeout: Duration) -> std::io::Result<bool> {
        let deadline = Instant::now() + timeout;
        loop {
            if self.decoder.ready() {
                return Ok(true);
            }
            if let Some(t) = self.hung_up
                && t.elapsed() > HANG_UP_GRACE
            {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    "the terminal hung up",
                ));
            }
            match self.decoder.wait_until(deadline) {
                Some(wait) => self.wait(wait)?,
                None => return Ok(false),
            }
        }
    }

    fn take(&mut self) -> Option<Event> {
        self.decoder.take()
    }

    /// Stops the program, through the signal thread (as an outside SIGTSTP would).
    fn suspend(&mut self) {
        let _ = signal_hook::low_level::raise(signal_hook::consts::SIGTSTP);
    }
}

/// One read of the descriptor itself: not through the standard library's buffered
/// standard input, whose buffer would hold bytes the next poll cannot see.
fn read_fd(fd: std::os::fd::RawFd, buf: &mut [u8]) -> std::io::Result<usize> {
    // SAFETY: `buf` is valid for writes of its length for the whole call.
    let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
    usize::try_from(n).map_err(|_| std::io::Error::last_os_error())
}
