//! `concentration serve`: the game over SSH, for anyone with an ssh client. A russh
//! server: each connection a handler ([`handler`]), each session's game on a thread of
//! its own driving the same app, screens and keys as the terminal's ([`session`]); who
//! plays is the key's fingerprint ([`identity`]); the server's own key is made once
//! ([`host_key`]); and what one client may take is bounded ([`limits`]). The commands a
//! session runs are the command line's, handed in ([`Commands`]): this module knows the
//! protocol, not the parser. See docs/serve.md.

pub mod handler;
pub mod host_key;
pub mod identity;
pub mod limits;
pub mod rooms;
pub mod session;
pub mod typing;
pub mod words;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use russh::MethodKind;
use russh::server::Config;
use tokio::net::TcpListener;

pub use handler::Shared;
pub use identity::Player;
pub use session::{ChannelInput, ChannelWriter, Commands, Pipe, Request, RoomWish, Served};

/// The address served by default: this machine alone (`--listen 0.0.0.0:2222` for a LAN).
pub const DEFAULT_LISTEN: &str = "127.0.0.1:2222";

/// How the server runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// Where to listen.
    pub listen: SocketAddr,
    /// The server's data directory: the host key, each identity's records.
    pub data_dir: PathBuf,
    /// The host key's file (default: `host_key` in the data directory).
    pub host_key: Option<PathBuf>,
    /// Sessions at once.
    pub max_sessions: usize,
}

/// How long a stop waits for the games in play to save.
const STOP_GRACE: Duration = Duration::from_secs(10);

/// Runs the server until Ctrl-C or SIGTERM: then every game in play is saved as
/// abandoned and it returns. Prints where it listens and the host key's fingerprint.
///
/// # Errors
/// The host key cannot be had, the address cannot be listened on, or the runtime
/// cannot start.
pub fn run(options: &Options, commands: Commands) -> anyhow::Result<()> {
    let key_path = options
        .host_key
        .clone()
        .unwrap_or_else(|| options.data_dir.join(host_key::FILE_NAME));
    let key = host_key::load_or_make(&key_path)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("serve")
        .build()?;
    let shared = Arc::new(Shared {
        commands,
        data_dir: options.data_dir.clone(),
        sessions: limits::Sessions::new(options.max_sessions),
        rooms: Arc::default(),
        games: std::sync::Mutex::default(),
    });
    rooms::keep_swept(&shared.rooms)?;
    runtime.block_on(async {
        let listener = TcpListener::bind(options.listen)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", options.listen))?;
        println!(
            "concentration serve: listening on {} (at most {} sessions)",
            listener.local_addr()?,
            options.max_sessions
        );
        let made = if key.made { "made now, " } else { "" };
        println!(
            "host key {} ({made}{})",
            key.fingerprint,
            key.path.display()
        );
        std::io::Write::flush(&mut std::io::stdout())?;
        let config = Arc::new(config(key.key));
        tokio::select! {
            () = accept(listener, config, Arc::clone(&shared)) => {}
            () = stopped() => {}
        }
        let ending = Arc::clone(&shared);
        let ended = tokio::task::spawn_blocking(move || ending.end_games());
        let _ = tokio::time::timeout(STOP_GRACE, ended).await;
        println!("concentration serve: stopped");
        anyhow::Ok(())
    })?;
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(())
}

/// The protocol's settings: the host key, keys or keyboard-interactive (a guest, no
/// question asked), the idle timeout.
fn config(key: russh::keys::PrivateKey) -> Config {
    Config {
        keys: vec![key],
        methods: (&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..]).into(),
        inactivity_timeout: Some(limits::IDLE),
        // Only "none" is ever refused, and that is how a client asks what is offered.
        auth_rejection_time: Duration::from_millis(100),
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: 6,
        nodelay: true,
        ..Config::default()
    }
}

/// Waits for Ctrl-C or SIGTERM.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Takes connections for ever: each within the login grace or dropped, and none beyond
/// [`limits::most_connections`].
async fn accept(listener: TcpListener, config: Arc<Config>, shared: Arc<Shared>) {
    let open = Arc::new(AtomicUsize::new(0));
    let most = limits::most_connections(shared.sessions.most());
    loop {
        let socket = match listener.accept().await {
            Ok((socket, _)) => socket,
            Err(_) => {
                // Out of descriptors, most likely: wait rather than spin.
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        if open.load(Ordering::SeqCst) >= most {
            drop(socket);
            continue;
        }
        open.fetch_add(1, Ordering::SeqCst);
        let (config, shared, open) = (Arc::clone(&config), Arc::clone(&shared), Arc::clone(&open));
        tokio::spawn(async move {
            connection(socket, config, shared).await;
            open.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// One connection, from the first byte to its end.
async fn connection(socket: tokio::net::TcpStream, config: Arc<Config>, shared: Arc<Shared>) {
    let deadline = tokio::time::Instant::now() + limits::LOGIN_GRACE;
    let _ = socket.set_nodelay(true);
    let handler = handler::Connection::new(shared, socket.local_addr().ok());
    let authenticated = Arc::clone(&handler.authenticated);
    let session =
        match tokio::time::timeout_at(deadline, russh::server::run_stream(config, socket, handler))
            .await
        {
            Ok(Ok(session)) => session,
            _ => return,
        };
    let handle = session.handle();
    let grace = tokio::spawn(async move {
        tokio::time::sleep_until(deadline).await;
        if !authenticated.load(Ordering::SeqCst) {
            let _ = handle
                .disconnect(
                    russh::Disconnect::ByApplication,
                    "not authenticated within the login grace time".into(),
                    "en".into(),
                )
                .await;
        }
    });
    let _ = session.await;
    grace.abort();
}
