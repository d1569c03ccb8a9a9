//! `concentration serve` as players reach it: the real binary listening on an
//! ephemeral port of 127.0.0.1 with a data directory of its own, and russh's client
//! connecting with a key or as a guest.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::sync::Arc;
use std::time::Duration;

use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, client};

/// The longest any test waits on the server: a bound, not a measure.
pub(crate) const PATIENCE: Duration = Duration::from_secs(60);

/// A server running for a test, stopped (and its folder removed) when dropped.
pub(crate) struct Server {
    child: Child,
    /// Its port on 127.0.0.1.
    pub(crate) port: u16,
    /// Its data directory.
    pub(crate) data: PathBuf,
}

impl Server {
    /// Starts the server with `extra` options and waits until it listens.
    pub(crate) fn start(name: &str, extra: &[&str]) -> Self {
        let data = std::env::temp_dir().join(format!("serve-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        let data_arg = data.to_str().unwrap().to_owned();
        let mut args = vec!["serve", "--listen", "127.0.0.1:0", "--data-dir", &data_arg];
        args.extend_from_slice(extra);
        let mut child = super::cli::command(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().unwrap().unwrap();
        let port = first
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {first:?}"));
        // The rest of what it prints is drained, so that it never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        Self { child, port, data }
    }

    /// Stops the server as Ctrl-C does, and returns its exit status.
    pub(crate) fn interrupt(&mut self) -> Option<i32> {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: signalling our own child by its id.
        unsafe { libc::kill(pid, libc::SIGINT) };
        self.child.wait().unwrap().code()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

/// Who connects.
pub(crate) enum Who {
    /// A player with this key.
    Key(Arc<PrivateKey>),
    /// A player without a key.
    Guest,
}

impl Who {
    /// A player with a new key.
    pub(crate) fn new_key() -> Self {
        Self::Key(Arc::new(
            PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap(),
        ))
    }
}

/// What a session gave back.
#[derive(Debug, Default)]
pub(crate) struct Outcome {
    /// Its standard output.
    pub(crate) out: String,
    /// Its standard error.
    pub(crate) err: String,
    /// Its exit status, if it sent one.
    pub(crate) status: Option<u32>,
}

/// The client side: it trusts the server's key (the test started the server).
pub(crate) struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A runtime for one test's client.
pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Connects to `port` as `who`, authenticated.
pub(crate) async fn connect(port: u16, who: &Who) -> client::Handle<Client> {
    connect_as(port, who, "ann").await
}

/// Connects to `port` as `who` with the name `user` (`user@host`), authenticated.
pub(crate) async fn connect_as(port: u16, who: &Who, user: &str) -> client::Handle<Client> {
    let config = Arc::new(client::Config::default());
    let mut session = client::connect(config, ("127.0.0.1", port), Client)
        .await
        .unwrap();
    match who {
        Who::Key(key) => {
            let auth = session
                .authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::clone(key), None))
                .await
                .unwrap();
            assert!(auth.success(), "any key is accepted");
        }
        Who::Guest => {
            let auth = session
                .authenticate_keyboard_interactive_start(user, None)
                .await
                .unwrap();
            assert!(
                matches!(auth, client::KeyboardInteractiveAuthResponse::Success),
                "a guest is let in with no question"
            );
        }
    }
    session
}

/// Everything a channel sends until it closes.
pub(crate) async fn collect(channel: &mut russh::Channel<client::Msg>) -> Outcome {
    let mut outcome = Outcome::default();
    let mut out = Vec::new();
    let mut err = Vec::new();
    while let Some(msg) = tokio::time::timeout(PATIENCE, channel.wait())
        .await
        .expect("the server answers in time")
    {
        match msg {
            ChannelMsg::Data { data } => out.extend_from_slice(&data),
            ChannelMsg::ExtendedData { data, ext: 1 } => err.extend_from_slice(&data),
            ChannelMsg::ExitStatus { exit_status } => outcome.status = Some(exit_status),
            _ => {}
        }
    }
    outcome.out = String::from_utf8_lossy(&out).into_owned();
    outcome.err = String::from_utf8_lossy(&err).into_owned();
    outcome
}

/// Runs `command` as `who` with `input` on its standard input (then its end).
pub(crate) fn exec(port: u16, who: &Who, command: &str, input: &[u8]) -> Outcome {
    runtime().block_on(async {
        let session = connect(port, who).await;
        let mut channel = session.channel_open_session().await.unwrap();
        channel.exec(true, command).await.unwrap();
        channel.data(input).await.unwrap();
        channel.eof().await.unwrap();
        collect(&mut channel).await
    })
}
