//! One session's game: its own thread, fed the bytes and sizes its channel receives and
//! writing into the channel through a bounded queue (a client that stops reading stops
//! its own game, no one else's). A panic ends this session alone, with a line and
//! status 101.

use std::io::{BufRead, Read, Write};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::mpsc::Receiver;

use tokio::sync::mpsc;

use super::identity::Player;
use super::rooms::Rooms;
use super::typing::Typing;
use crate::app::App;
use std::time::Duration;

use crate::app::Member;
use crate::app::room::Ask;
use crate::speech::Heard;
use crate::tui::Feed;

/// What a session's game writes, on its way to the channel.
#[derive(Debug)]
pub enum Out {
    /// To standard output.
    Data(Vec<u8>),
    /// To standard error.
    Error(Vec<u8>),
    /// The game is over with this exit status: the channel closes.
    Exit(u32),
}

/// Chunks of output waiting for the channel, at most: then the game waits.
pub const OUT_QUEUE: usize = 64;

/// What a session asks of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The remote command's words (none: a shell was asked for).
    pub words: Vec<String>,
    /// The terminal's size (columns, rows), if the client asked for one (`ssh -t`).
    pub terminal: Option<(u16, u16)>,
    /// Who plays.
    pub player: Player,
    /// The name they connected with (`NAME@HOST`): their name at a room's table.
    pub name: String,
    /// The server's address as the client reached it (how a friend reaches it too).
    pub address: Option<std::net::SocketAddr>,
    /// The client asked for no colour (`NO_COLOR` sent with `SetEnv`/`SendEnv`).
    pub no_color: bool,
}

/// A room the session asks for (`room`, `join CODE`, `watch CODE`).
#[derive(Debug, Clone)]
pub enum RoomWish {
    /// A new room of this many seats (people and AIs) playing this game.
    Open {
        /// The game.
        config: Box<crate::app::Config>,
        /// Its seats, 2 to 6.
        seats: usize,
    },
    /// A seat of the room with this code.
    Join(String),
    /// Watching the room with this code.
    Watch(String),
}

/// How a request was served.
pub enum Served {
    /// Done, with this exit status.
    Done(u8),
    /// The app to run on the session's terminal (the full game).
    Screen(Box<App>),
    /// A room: on the session's terminal, or line by line with these options (the
    /// screen-reader mode, through the pipe or on a terminal).
    Room(RoomWish, Option<crate::speech::Options>),
}

/// The session's standard input, output and error.
pub struct Pipe {
    /// What the client types, a line at a time or raw.
    pub input: ChannelInput,
    /// Standard output.
    pub out: ChannelWriter,
    /// Standard error.
    pub err: ChannelWriter,
}

impl Pipe {
    /// The screen reader's voice over the pipe, its clock starting now.
    pub fn voice(
        &mut self,
        options: crate::speech::Options,
    ) -> crate::speech::Voice<&mut ChannelInput, &mut ChannelWriter> {
        crate::speech::Voice::new(
            &mut self.input,
            &mut self.out,
            options,
            std::time::Instant::now(),
        )
    }
}

/// The game's commands, as the command line serves them: the words parsed and run with
/// the pipe as standard input and output.
pub type Commands = Arc<dyn Fn(&Request, &mut Pipe) -> Served + Send + Sync>;

/// Which of the channel's streams a writer writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stream {
    Out,
    Error,
}

/// A writer into the channel, buffered until flushed.
pub struct ChannelWriter {
    queue: mpsc::Sender<Out>,
    stream: Stream,
    /// On a terminal: a new line is `\r\n` (the remote terminal is in raw mode).
    crlf: bool,
    buffer: Vec<u8>,
}

/// Bytes buffered before a write flushes by itself.
const CHUNK: usize = 32 * 1024;

impl Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.crlf {
            for &b in bytes {
                if b == b'\n' && self.buffer.last() != Some(&b'\r') {
                    self.buffer.push(b'\r');
                }
                self.buffer.push(b);
            }
        } else {
            self.buffer.extend_from_slice(bytes);
        }
        if self.buffer.len() >= CHUNK {
            self.flush()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let bytes = std::mem::take(&mut self.buffer);
        let out = match self.stream {
            Stream::Out => Out::Data(bytes),
            Stream::Error => Out::Error(bytes),
        };
        self.queue
            .blocking_send(out)
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the client is gone"))
    }
}

/// What the client types, read from the channel: the end of input when the client sends
/// its end, hangs up, or the server stops.
pub struct ChannelInput {
    feed: Receiver<Feed>,
    bytes: Vec<u8>,
    at: usize,
    ended: bool,
    /// On a terminal: its lines typed and echoed here (see [`Typing`]).
    typing: Option<Typing<ChannelWriter>>,
}

impl ChannelInput {
    /// What comes next, raw (for the full game on a terminal).
    #[must_use]
    pub fn into_feed(self) -> Receiver<Feed> {
        self.feed
    }
}

impl ChannelInput {
    /// The next line typed, waiting at most `wait` for it: for a room told line by
    /// line, which must go on telling while nobody types.
    ///
    /// # Errors
    /// Never: the end of the input is [`Heard::End`].
    pub fn line_within(&mut self, wait: Duration) -> std::io::Result<Heard> {
        let deadline = std::time::Instant::now() + wait;
        // A whole line buffered (or the end), without waiting past the deadline ...
        while !self.bytes[self.at..].contains(&b'\n') && !self.ended {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.feed.recv_timeout(left) {
                Ok(feed) => self.hear(feed),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => return Ok(Heard::Nothing),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => self.ended = true,
            }
            // A line longer than the screen reader takes, never ended, is let go.
            let open = &self.bytes[self.at..];
            if open.len() > crate::speech::MAX_LINE && !open.contains(&b'\n') {
                self.at = self.bytes.len();
            }
        }
        // ... then read as the screen reader reads every line.
        Ok(match crate::speech::next_line(self)? {
            None => Heard::End,
            Some(crate::speech::Line::Text(line)) => Heard::Line(line.trim().to_lowercase()),
            Some(crate::speech::Line::NotText) => Heard::NotText,
        })
    }

    /// Takes in what the channel sent: the bytes typed (a terminal's lines as typed and
    /// echoed, see [`Typing`]) after those not read yet, or the end.
    fn hear(&mut self, feed: Feed) {
        match feed {
            Feed::Bytes(bytes) => {
                let bytes = match &mut self.typing {
                    Some(typing) => {
                        let lines = typing.take(&bytes);
                        self.ended = typing.ended;
                        lines
                    }
                    None => bytes,
                };
                self.bytes.drain(..self.at);
                self.at = 0;
                self.bytes.extend_from_slice(&bytes);
            }
            Feed::Resize(..) => {}
            Feed::Hangup => self.ended = true,
        }
    }
}

impl Read for ChannelInput {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let available = self.fill_buf()?;
            let n = available.len().min(out.len());
            out[..n].copy_from_slice(&available[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for ChannelInput {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.at == self.bytes.len() && !self.ended {
            match self.feed.recv() {
                Ok(feed) => self.hear(feed),
                Err(_) => self.ended = true,
            }
        }
        Ok(&self.bytes[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at = (self.at + n).min(self.bytes.len());
    }
}

/// The exit status of a session whose game panicked (Rust's own).
pub const PANIC_STATUS: u32 = 101;

/// Runs `request` on a thread of its own, fed from `feed`, writing into `queue`; the
/// last thing it sends is [`Out::Exit`].
///
/// # Errors
/// The thread cannot be started.
pub fn start(
    request: Request,
    commands: Commands,
    rooms: Arc<Rooms>,
    feed: Receiver<Feed>,
    queue: mpsc::Sender<Out>,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("session".into())
        .spawn(move || {
            let crlf = request.terminal.is_some();
            let writer = |stream| ChannelWriter {
                queue: queue.clone(),
                stream,
                crlf,
                buffer: Vec::new(),
            };
            let mut err = writer(Stream::Error);
            let played = std::panic::catch_unwind(AssertUnwindSafe(|| {
                let pipe = Pipe {
                    input: ChannelInput {
                        feed,
                        bytes: Vec::new(),
                        at: 0,
                        ended: false,
                        typing: crlf.then(|| Typing::new(writer(Stream::Out))),
                    },
                    out: writer(Stream::Out),
                    err: writer(Stream::Error),
                };
                play(&request, &commands, &rooms, pipe)
            }));
            let status = played.unwrap_or_else(|_| {
                let _ = writeln!(
                    err,
                    "error: this session failed (a bug in the game); the server goes on"
                );
                let _ = err.flush();
                PANIC_STATUS
            });
            let _ = queue.blocking_send(Out::Exit(status));
        })
}

/// Serves `request` and runs the full game if that is what it asks for.
fn play(request: &Request, commands: &Commands, rooms: &Rooms, mut pipe: Pipe) -> u32 {
    let app = match commands(request, &mut pipe) {
        Served::Done(status) => {
            let _ = pipe.out.flush();
            let _ = pipe.err.flush();
            return u32::from(status);
        }
        Served::Screen(app) => app,
        Served::Room(wish, speech) => return enter_room(request, wish, speech, rooms, pipe),
    };
    let Pipe {
        input,
        mut out,
        mut err,
    } = pipe;
    let feed = input.into_feed();
    let mut app = app;
    app.served = true;
    let size = request.terminal.unwrap_or((80, 24));
    let Ok(ended) = crate::tui::run_remote(*app, &mut out, size, &feed) else {
        return 0;
    };
    for line in &ended.not_saved.0 {
        let _ = writeln!(err, "error: {}", crate::words::one_line(line));
    }
    let _ = err.flush();
    let status = u32::from(!ended.not_saved.0.is_empty());
    // A room asked for on the setup screen: the session goes on there.
    let wish = match ended.room_ask {
        None => return status,
        Some(Ask::Open(config)) => RoomWish::Open {
            seats: config.seat_count(),
            config,
        },
        Some(Ask::Join(code)) => RoomWish::Join(code),
    };
    let terminal = Terminal {
        out,
        err,
        feed,
        size: ended.size,
    };
    in_room(request, wish, rooms, terminal)
}

/// A session's terminal, once its pipe is taken apart.
struct Terminal {
    out: ChannelWriter,
    err: ChannelWriter,
    feed: Receiver<Feed>,
    size: (u16, u16),
}

/// Takes the session into the room it wished for, until it leaves; then its seat is
/// held (or freed, before the game starts).
fn enter_room(
    request: &Request,
    wish: RoomWish,
    speech: Option<crate::speech::Options>,
    rooms: &Rooms,
    pipe: Pipe,
) -> u32 {
    if let Some(options) = speech {
        return by_ear(request, wish, options, rooms, pipe);
    }
    let Pipe { input, out, err } = pipe;
    let terminal = Terminal {
        out,
        err,
        feed: input.into_feed(),
        size: request.terminal.unwrap_or((80, 24)),
    };
    in_room(request, wish, rooms, terminal)
}

/// The session in the room it wished for, on `terminal`, until it leaves.
fn in_room(request: &Request, wish: RoomWish, rooms: &Rooms, terminal: Terminal) -> u32 {
    let Terminal {
        mut out,
        mut err,
        feed,
        size,
    } = terminal;
    let Some((room, role)) = entered(request, wish, rooms, &mut err) else {
        return 2;
    };
    let look = request
        .no_color
        .then(|| crate::app::Look::new(crate::app::ThemeName::Plain, false));
    let ran = crate::tui::run_room(&room, role, look, &mut out, size, &feed);
    crate::app::room::lock(&room).leave(role, std::time::Instant::now());
    u32::from(ran.is_err())
}

/// The session in the room it wished for, line by line, until it leaves.
fn by_ear(
    request: &Request,
    wish: RoomWish,
    options: crate::speech::Options,
    rooms: &Rooms,
    pipe: Pipe,
) -> u32 {
    let Pipe {
        mut input,
        mut out,
        mut err,
    } = pipe;
    let Some((room, role)) = entered(request, wish, rooms, &mut err) else {
        return 2;
    };
    let ran = crate::speech::room(&room, role, options, &mut out, |wait| {
        input.line_within(wait)
    });
    crate::app::room::lock(&room).leave(role, std::time::Instant::now());
    u32::from(ran.is_err())
}

/// The room `wish` names, entered as the session's player; or why not, said on `err`.
fn entered(
    request: &Request,
    wish: RoomWish,
    rooms: &Rooms,
    err: &mut ChannelWriter,
) -> Option<(super::rooms::Shared, crate::app::Role)> {
    let member = Member {
        name: request.name.clone(),
        identity: match &request.player {
            Player::Known { fingerprint, .. } => Some(fingerprint.clone()),
            Player::Guest => None,
        },
        records: request.player.data_dir().map(crate::record::records_dir),
    };
    let entered = match wish {
        RoomWish::Open { config, seats } => Ok(rooms.open(reach(request), *config, seats, member)),
        RoomWish::Join(code) => rooms.join(&code, member),
        RoomWish::Watch(code) => rooms.watch(&code),
    };
    entered
        .map_err(|line| {
            let _ = writeln!(err, "error: {}", crate::words::one_line(&line));
            let _ = err.flush();
        })
        .ok()
}

/// The command that reaches this server as `request`'s client did, for a friend to type.
fn reach(request: &Request) -> String {
    match request.address {
        Some(a) => format!("ssh -t -p {} {}", a.port(), a.ip()),
        None => "ssh -t".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> Request {
        Request {
            words: vec!["play".into()],
            terminal: None,
            player: Player::Guest,
            name: "ann".into(),
            address: None,
            no_color: false,
        }
    }

    /// Runs `commands` as a session would, with `typed` on its input: what it wrote.
    fn run(commands: Commands, typed: &[u8]) -> Vec<Out> {
        let (feed, fed) = std::sync::mpsc::channel();
        let (queue, mut queued) = mpsc::channel(OUT_QUEUE);
        feed.send(Feed::Bytes(typed.to_vec())).unwrap();
        feed.send(Feed::Hangup).unwrap();
        let thread = start(request(), commands, Arc::default(), fed, queue).unwrap();
        let mut outs = Vec::new();
        while let Some(out) = queued.blocking_recv() {
            outs.push(out);
        }
        thread
            .join()
            .expect("the session's thread ends, panic or not");
        outs
    }

    #[test]
    fn a_session_reads_its_input_writes_its_output_and_ends_with_its_status() {
        let echo: Commands = Arc::new(|_, pipe: &mut Pipe| {
            let mut line = String::new();
            pipe.input.read_line(&mut line).unwrap();
            write!(pipe.out, "heard {line}").unwrap();
            Served::Done(3)
        });
        let outs = run(echo, b"a1\n");
        assert!(
            matches!(&outs[..], [Out::Data(d), Out::Exit(3)] if d == b"heard a1\n"),
            "{outs:?}"
        );
    }

    #[test]
    fn a_room_by_ear_hears_whole_lines_as_the_screen_reader_reads_them() {
        let (feed, fed) = std::sync::mpsc::channel();
        let mut input = ChannelInput {
            feed: fed,
            bytes: Vec::new(),
            at: 0,
            ended: false,
            typing: None,
        };
        let wait = Duration::from_millis(1);
        assert_eq!(input.line_within(wait).unwrap(), Heard::Nothing);
        feed.send(Feed::Bytes(b" A1 \n\xff\xfe\nb".to_vec()))
            .unwrap();
        assert_eq!(input.line_within(wait).unwrap(), Heard::Line("a1".into()));
        assert_eq!(input.line_within(wait).unwrap(), Heard::NotText);
        assert_eq!(
            input.line_within(wait).unwrap(),
            Heard::Nothing,
            "b is not ended yet"
        );
        feed.send(Feed::Bytes(b"oard\n".to_vec())).unwrap();
        assert_eq!(
            input.line_within(wait).unwrap(),
            Heard::Line("board".into())
        );
        feed.send(Feed::Hangup).unwrap();
        assert_eq!(input.line_within(wait).unwrap(), Heard::End);
    }

    #[test]
    fn a_panic_ends_its_session_alone_with_a_line_and_status_101() {
        let broken: Commands = Arc::new(|_, _: &mut Pipe| panic!("a bug in the game"));
        let outs = run(broken, b"");
        let [Out::Error(line), Out::Exit(PANIC_STATUS)] = &outs[..] else {
            panic!("{outs:?}")
        };
        assert!(String::from_utf8_lossy(line).starts_with("error: this session failed"));
        // The process goes on: another session runs.
        let fine: Commands = Arc::new(|_, _: &mut Pipe| Served::Done(0));
        assert!(matches!(run(fine, b"")[..], [Out::Exit(0)]));
    }
}
