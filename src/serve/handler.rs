//! One connection's side of the SSH protocol: who the player is (any key, or a guest),
//! and what a channel may ask for. A session channel gets the game: a command (exec), or
//! the setup screen (a shell with a terminal). Everything else is refused with one line:
//! sftp and other subsystems, agent and X11 forwarding, port forwarding both ways.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use russh::server::{Auth, ChannelOpenHandle, Handle, Msg, Response, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, Pty};

use super::identity::Player;
use super::limits::{Allowance, Place, Sessions};
use super::session::{self, Commands, OUT_QUEUE, Out, Request};
use crate::tui::Feed;

/// What every connection shares: the game's commands, the data directory, the count of
/// sessions, and the games in play (for a stop of the server to end them).
pub struct Shared {
    /// The game's commands.
    pub commands: Commands,
    /// The server's data directory.
    pub data_dir: PathBuf,
    /// The sessions playing.
    pub sessions: Sessions,
    /// The rooms open.
    pub rooms: Arc<super::rooms::Rooms>,
    /// The games in play: their input and their thread.
    pub games: Mutex<Vec<(Sender<Feed>, std::thread::JoinHandle<()>)>>,
}

impl Shared {
    /// Ends every game in play (each saves what it must as abandoned) and waits for
    /// their threads.
    pub fn end_games(&self) {
        // Before their sessions hear the end (which would only hold their seats).
        self.rooms.stop();
        let games = std::mem::take(&mut *self.games.lock().unwrap_or_else(PoisonError::into_inner));
        for (feed, _) in &games {
            let _ = feed.send(Feed::Hangup);
        }
        for (_, thread) in games {
            let _ = thread.join();
        }
    }
}

/// A session channel's state.
#[derive(Default)]
struct Channelled {
    /// The terminal's size, if one was asked for.
    terminal: Option<(u16, u16)>,
    /// The game's input, once it started.
    feed: Option<Sender<Feed>>,
    /// `NO_COLOR` came with the session (and not empty): no colour.
    no_color: bool,
}

/// One connection.
pub struct Connection {
    shared: Arc<Shared>,
    player: Option<Player>,
    /// The name the client connected with.
    user: String,
    /// The server's address as this client reached it.
    address: Option<std::net::SocketAddr>,
    channels: HashMap<ChannelId, Channelled>,
    /// Set once the client is authenticated (the login grace ends).
    pub authenticated: Arc<AtomicBool>,
    allowance: Allowance,
}

impl Connection {
    /// A new connection.
    #[must_use]
    pub fn new(shared: Arc<Shared>, address: Option<std::net::SocketAddr>) -> Self {
        Self {
            shared,
            player: None,
            user: String::new(),
            address,
            channels: HashMap::new(),
            authenticated: Arc::default(),
            allowance: Allowance::new(Instant::now()),
        }
    }

    fn accept(&mut self, user: &str, player: Player) -> Auth {
        self.player = Some(player);
        self.user = super::identity::table_name(user);
        self.authenticated.store(true, Ordering::SeqCst);
        Auth::Accept
    }

    /// Starts the game of `words` on `channel`, or says why not.
    fn start(&mut self, channel: ChannelId, words: Vec<String>, session: &mut Session) {
        let handle = session.handle();
        let Some(player) = self.player.clone() else {
            return;
        };
        let Some(state) = self.channels.get_mut(&channel) else {
            return;
        };
        let end = line_end(Some(state));
        if state.feed.is_some() {
            refuse(
                &handle,
                channel,
                end,
                "this channel already has its game".into(),
            );
            return;
        }
        let Some(place) = self.shared.sessions.take() else {
            refuse(
                &handle,
                channel,
                end,
                format!(
                    "the server is full ({} sessions playing): try again in a while",
                    self.shared.sessions.most()
                ),
            );
            return;
        };
        let request = Request {
            words,
            terminal: state.terminal,
            player,
            name: self.user.clone(),
            address: self.address,
            no_color: state.no_color,
        };
        let (feed, fed) = std::sync::mpsc::channel();
        let (queue, queued) = tokio::sync::mpsc::channel(OUT_QUEUE);
        tokio::spawn(forward(handle.clone(), channel, queued, place));
        let (commands, rooms) = (
            Arc::clone(&self.shared.commands),
            Arc::clone(&self.shared.rooms),
        );
        match session::start(request, commands, rooms, fed, queue) {
            Ok(thread) => {
                state.feed = Some(feed.clone());
                let mut games = self
                    .shared
                    .games
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                games.retain(|(_, t)| !t.is_finished());
                games.push((feed, thread));
            }
            Err(e) => refuse(&handle, channel, end, format!("the game cannot start: {e}")),
        }
    }
}

/// The end of a line on the channel: a terminal's is in raw mode and needs its
/// carriage return.
fn line_end(state: Option<&Channelled>) -> &'static str {
    if state.is_some_and(|s| s.terminal.is_some()) {
        "\r\n"
    } else {
        "\n"
    }
}

/// Writes `why` as one line on the channel's standard error, then ends it with status 2.
fn refuse(handle: &Handle, channel: ChannelId, end: &str, why: String) {
    let handle = handle.clone();
    let line = format!("error: {why}{end}");
    tokio::spawn(async move {
        let _ = handle.extended_data(channel, 1, line.into_bytes()).await;
        let _ = handle.exit_status_request(channel, 2).await;
        let _ = handle.eof(channel).await;
        let _ = handle.close(channel).await;
    });
}

/// Says `what` on the channel's standard error, and goes on.
fn tell(handle: &Handle, channel: ChannelId, end: &str, what: String) {
    let handle = handle.clone();
    let line = format!("{what}{end}");
    tokio::spawn(async move {
        let _ = handle.extended_data(channel, 1, line.into_bytes()).await;
    });
}

/// Carries a game's output into its channel, and closes the channel when it ends. The
/// session's place is held until then.
async fn forward(
    handle: Handle,
    channel: ChannelId,
    mut queued: tokio::sync::mpsc::Receiver<Out>,
    _place: Place,
) {
    while let Some(out) = queued.recv().await {
        let sent = match out {
            Out::Data(bytes) => handle.data(channel, bytes).await.is_ok(),
            Out::Error(bytes) => handle.extended_data(channel, 1, bytes).await.is_ok(),
            Out::Exit(status) => {
                let _ = handle.exit_status_request(channel, status).await;
                let _ = handle.eof(channel).await;
                let _ = handle.close(channel).await;
                false
            }
        };
        if !sent {
            break;
        }
    }
}

/// A size the protocol gives, as the terminal's (at least 1, at most what a `u16` holds).
fn cells(n: u32) -> u16 {
    u16::try_from(n.max(1)).unwrap_or(u16::MAX)
}

impl russh::server::Handler for Connection {
    type Error = russh::Error;

    /// Any key is accepted: its fingerprint is who plays.
    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let player = Player::of_key(key.public_key, &self.shared.data_dir);
        Ok(self.accept(user, player))
    }

    /// "none" is how clients ask what is offered: refused, so that a client with a key
    /// uses it; without one, keyboard-interactive lets it in as a guest.
    async fn auth_none(&mut self, _: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::reject())
    }

    /// A client without a key: a guest, with no question asked.
    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _: &str,
        _: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        Ok(self.accept(user, Player::Guest))
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channels.insert(channel.id(), Channelled::default());
        reply.accept().await;
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _: Channel<Msg>,
        _: &str,
        _: u32,
        _: &str,
        _: u32,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn tcpip_forward(
        &mut self,
        _: &str,
        _: &mut u32,
        _: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _: &str,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self.channels.get_mut(&channel) {
            Some(state) if state.feed.is_none() => {
                state.terminal = Some((cells(columns), cells(rows)));
                session.channel_success(channel)
            }
            _ => session.channel_failure(channel),
        }
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(state) = self.channels.get_mut(&channel) {
            let size = (cells(columns), cells(rows));
            state.terminal = state.terminal.map(|_| size);
            if let Some(feed) = &state.feed {
                let _ = feed.send(Feed::Resize(size.0, size.1));
            }
        }
        Ok(())
    }

    /// Of the client's environment, `NO_COLOR` alone is heard (no-color.org): the
    /// server's own environment never reaches a session.
    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self.channels.get_mut(&channel) {
            Some(state) if name == "NO_COLOR" && state.feed.is_none() => {
                state.no_color = !value.is_empty();
                session.channel_success(channel)
            }
            _ => session.channel_failure(channel),
        }
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)?;
        self.start(channel, Vec::new(), session);
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)?;
        match super::words::split(data) {
            Ok(words) => self.start(channel, words, session),
            Err(e) => refuse(
                &session.handle(),
                channel,
                line_end(self.channels.get(&channel)),
                e.to_string(),
            ),
        }
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        let name = crate::words::shown(name);
        let end = line_end(self.channels.get(&channel));
        refuse(
            &session.handle(),
            channel,
            end,
            format!("the subsystem {name} is not served: this server serves the game alone"),
        );
        Ok(())
    }

    async fn agent_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<bool, Self::Error> {
        let end = line_end(self.channels.get(&channel));
        tell(
            &session.handle(),
            channel,
            end,
            "agent forwarding refused: the game needs no keys of yours".into(),
        );
        Ok(false)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _: bool,
        _: &str,
        _: &str,
        _: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        let end = line_end(self.channels.get(&channel));
        tell(
            &session.handle(),
            channel,
            end,
            "X11 forwarding refused: the game draws in the terminal".into(),
        );
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        let allowed = self.allowance.allow(data.len(), Instant::now());
        if let Some(feed) = self.channels.get(&channel).and_then(|c| c.feed.as_ref())
            && allowed > 0
        {
            let _ = feed.send(Feed::Bytes(data[..allowed].to_vec()));
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(feed) = self.channels.get_mut(&channel).and_then(|c| c.feed.take()) {
            let _ = feed.send(Feed::Hangup);
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(feed) = self.channels.remove(&channel).and_then(|c| c.feed) {
            let _ = feed.send(Feed::Hangup);
        }
        Ok(())
    }
}

impl Drop for Connection {
    /// The connection is gone: every game of it hears so (and saves as abandoned).
    fn drop(&mut self) {
        for feed in self.channels.values().filter_map(|c| c.feed.as_ref()) {
            let _ = feed.send(Feed::Hangup);
        }
    }
}
