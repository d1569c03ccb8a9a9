//! What the server benches share: the server started on loopback with a data directory
//! of its own, a client that trusts it and logs in with a fresh key, and the figures
//! (percentiles, the server's memory and processor time from `/proc`).

use std::future::Future;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use russh::client;
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};

/// A whole number from the environment (`SESSIONS`, `GAMES`, ...), or `default`.
pub(crate) fn count(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A player's pause between an answer and the next line or key (`THINK`,
/// milliseconds): the sessions overlap as people's do.
pub(crate) fn think() -> Duration {
    Duration::from_millis(count("THINK", 100))
}

/// The server under load, stopped as Ctrl-C stops it (and its folder removed) by
/// [`Server::stop`].
pub(crate) struct Server {
    child: Child,
    /// Its port on 127.0.0.1.
    pub(crate) port: u16,
    data: PathBuf,
}

impl Server {
    /// Starts the program at `SERVER` (default: this package's) serving up to
    /// `sessions` at once, and waits until it listens.
    pub(crate) fn start(sessions: u64) -> anyhow::Result<Self> {
        let data = std::env::temp_dir().join(format!("serve-bench-{}", std::process::id()));
        let program = std::env::var("SERVER")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_concentration").to_owned());
        let mut child = Command::new(program)
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(&data)
            .args(["--max-sessions", &sessions.to_string()])
            .env("CONCENTRATION_CONFIG", data.join("no-settings.toml"))
            .stdout(Stdio::piped())
            .spawn()?;
        let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
        let first = lines.next().expect("a first line")?;
        let port: u16 = first
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|p| p.parse().ok())
            .expect("the port");
        std::thread::spawn(move || lines.for_each(drop));
        std::thread::sleep(Duration::from_millis(200));
        Ok(Self { child, port, data })
    }

    /// A figure of its `/proc/PID/status` in kB (`VmRSS:`, `VmHWM:`).
    pub(crate) fn memory_kb(&self, field: &str) -> u64 {
        std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default()
            .lines()
            .find(|l| l.starts_with(field))
            .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
            .unwrap_or(0)
    }

    /// The processor time it has used so far (user and system, all its threads).
    pub(crate) fn cpu(&self) -> Duration {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        // The fields after the command's name (which may hold spaces), in brackets.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok());
        // utime and stime are fields 14 and 15 of stat(5); 3 is the first after ')'.
        let used = ticks(11).unwrap_or(0) + ticks(12).unwrap_or(0);
        // SAFETY: sysconf reads a constant of the system.
        let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
        Duration::from_secs_f64(used as f64 / per_second)
    }

    /// Stops it as Ctrl-C does; its exit status.
    pub(crate) fn stop(mut self) -> anyhow::Result<std::process::ExitStatus> {
        // SAFETY: signalling our own child by its id.
        unsafe { libc::kill(libc::pid_t::try_from(self.child.id())?, libc::SIGINT) };
        let stopped = self.child.wait()?;
        let _ = std::fs::remove_dir_all(&self.data);
        Ok(stopped)
    }
}

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A client of the server on `port`, logged in as player `n` with a fresh key.
pub(crate) async fn log_in(
    port: u16,
    n: u64,
) -> anyhow::Result<client::Handle<impl client::Handler>> {
    let key = Arc::new(PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)?);
    let mut ssh = client::connect(
        Arc::new(client::Config::default()),
        ("127.0.0.1", port),
        Trusting,
    )
    .await?;
    let auth = ssh
        .authenticate_publickey(format!("p{n}"), PrivateKeyWithHashAlg::new(key, None))
        .await?;
    anyhow::ensure!(auth.success(), "not let in");
    Ok(ssh)
}

/// The `p` quantile of `sorted`.
pub(crate) fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at]
}

/// `d` in milliseconds, for the report.
pub(crate) fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The load average of the machine over the last minute (other work shares it).
pub(crate) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .next()
        .unwrap_or("?")
        .to_owned()
}

/// What one session measured: each key's or line's time to its answer, the games it
/// finished, what went wrong.
#[derive(Default)]
pub(crate) struct Measured {
    pub(crate) latencies: Vec<Duration>,
    pub(crate) games: u64,
    pub(crate) errors: Vec<String>,
}

/// A run of the bench: what the sessions measured, and the server's figures.
pub(crate) struct Run {
    sessions: u64,
    results: Vec<Measured>,
    took: Duration,
    cpu: Duration,
    /// Resident memory in kB: before the sessions, after them, at the peak.
    memory: (u64, u64, u64),
    load: String,
    stopped: std::process::ExitStatus,
}

/// Starts the server and `sessions` concurrent sessions (`session(port, n)`), waits for
/// them all and stops the server.
pub(crate) fn run<F, S>(sessions: u64, session: S) -> anyhow::Result<Run>
where
    S: Fn(u16, u64) -> F,
    F: Future<Output = Measured> + Send + 'static,
{
    let server = Server::start(sessions)?;
    let at_rest = server.memory_kb("VmRSS:");
    let cpu_before = server.cpu();
    let runtime = tokio::runtime::Runtime::new()?;
    let started = Instant::now();
    let results = runtime.block_on(async {
        let tasks: Vec<_> = (0..sessions)
            .map(|n| tokio::spawn(session(server.port, n)))
            .collect();
        let mut results = Vec::new();
        for t in tasks {
            results.push(t.await.unwrap_or_else(|e| Measured {
                errors: vec![e.to_string()],
                ..Measured::default()
            }));
        }
        results
    });
    let took = started.elapsed();
    let cpu = server.cpu().saturating_sub(cpu_before);
    let memory = (
        at_rest,
        server.memory_kb("VmRSS:"),
        server.memory_kb("VmHWM:"),
    );
    let load = load_average();
    let stopped = server.stop()?;
    Ok(Run {
        sessions,
        results,
        took,
        cpu,
        memory,
        load,
        stopped,
    })
}

impl Run {
    /// Prints the figures under `title`, the answers counted as `answers` ("lines") and
    /// timed as `timed` ("line to answer"); fails if any session did.
    pub(crate) fn report(&self, title: &str, answers: &str, timed: &str) -> anyhow::Result<()> {
        let mut latencies: Vec<Duration> = self
            .results
            .iter()
            .flat_map(|r| r.latencies.clone())
            .collect();
        latencies.sort();
        let errors: Vec<&String> = self.results.iter().flat_map(|r| &r.errors).collect();
        let played: u64 = self.results.iter().map(|r| r.games).sum();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        println!(
            "{title}, {cores} cores, {} ms to think, {:.1} s, load average {}",
            think().as_millis(),
            self.took.as_secs_f64(),
            self.load
        );
        println!(
            "  games played {played}, {answers} {}, errors {}",
            latencies.len(),
            errors.len()
        );
        for e in errors.iter().take(5) {
            println!("    {e}");
        }
        println!(
            "  {timed}: p50 {:.1} ms, p99 {:.1} ms, most {:.1} ms",
            ms(percentile(&latencies, 0.5)),
            ms(percentile(&latencies, 0.99)),
            ms(latencies.last().copied().unwrap_or_default())
        );
        let (at_rest, after, peak) = self.memory;
        let mb = |kb: u64| kb as f64 / 1024.0;
        println!(
            "  server memory: {:.1} MB at rest, {:.1} MB after, {:.1} MB at peak, {:.2} MB a session",
            mb(at_rest),
            mb(after),
            mb(peak),
            mb(peak.saturating_sub(at_rest)) / self.sessions.max(1) as f64
        );
        // A core's worth of sessions at this pace: the sessions over the cores they kept
        // busy.
        let busy_cores = self.cpu.as_secs_f64() / self.took.as_secs_f64();
        println!(
            "  server processor: {:.2} s ({:.2} cores busy), {:.0} sessions a core at this pace",
            self.cpu.as_secs_f64(),
            busy_cores,
            self.sessions as f64 / busy_cores.max(1e-9)
        );
        println!("  server stopped with {}", self.stopped);
        anyhow::ensure!(errors.is_empty(), "{} errors", errors.len());
        Ok(())
    }
}
