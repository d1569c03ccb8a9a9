//! `concentration serve`: the options of the SSH server; the server itself is
//! [`crate::serve`], and what its sessions run is [`super::remote`].

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

use crate::serve::{DEFAULT_LISTEN, Options, limits::DEFAULT_MAX_SESSIONS};

/// The folder of the data directory the server keeps its own in, by default.
const SERVE_DIR: &str = "serve";

/// The server's options.
#[derive(Debug, Clone, Args)]
pub(super) struct ServeArgs {
    /// Where to listen: this machine alone by default; 0.0.0.0:2222 for a LAN
    #[arg(long, value_name = "ADDR:PORT", default_value = DEFAULT_LISTEN)]
    listen: SocketAddr,
    /// The server's data directory: its host key, and each player's records under
    /// players/ (default: the `serve` folder of the game's data directory)
    #[arg(long = "data-dir", value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// The host key's file (made on the first start, ed25519, mode 0600; default:
    /// host_key in the data directory)
    #[arg(long = "host-key", value_name = "FILE")]
    host_key: Option<PathBuf>,
    /// Sessions at once; the next is told the server is full
    #[arg(long = "max-sessions", value_name = "N", default_value_t = DEFAULT_MAX_SESSIONS,
          value_parser = clap::value_parser!(u16).range(1..))]
    max_sessions: u16,
}

/// Runs the server until Ctrl-C or SIGTERM.
///
/// # Errors
/// No data directory, a bad host key, an address that cannot be listened on.
pub(super) fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let data_dir = match &args.data_dir {
        Some(d) => d.clone(),
        None => {
            let flag = super::settings::data_dir_flag(None);
            crate::record::data_dir(flag.as_deref())
                .map_err(super::usage)?
                .join(SERVE_DIR)
        }
    };
    let options = Options {
        listen: args.listen,
        data_dir,
        host_key: args.host_key.clone(),
        max_sessions: usize::from(args.max_sessions),
    };
    crate::serve::run(&options, super::remote::commands())
}
