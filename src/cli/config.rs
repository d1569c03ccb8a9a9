//! `concentration config`: where the settings file is, what it sets, and a template.

use std::io::Write as _;

use clap::{Args, Subcommand};

use super::settings;

/// The settings file: defaults for `play` and `watch`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration config path\n  concentration config init && $EDITOR \"$(concentration config path)\"\n  concentration config show\n\nThe file is TOML in the user config directory, or $CONCENTRATION_CONFIG. Keys: deck, players, variant, first, opponent, vs, objective, pass-rule, memory, hints, ai-delay, theme, ascii, screen-reader, reduce-motion, data-dir. Flags override them."
)]
pub(super) struct ConfigArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, Subcommand)]
enum Action {
    /// Print where the settings file is (it need not exist)
    #[command(
        after_help = "Examples:\n  concentration config path\n  CONCENTRATION_CONFIG=/tmp/test.toml concentration config path"
    )]
    Path,
    /// Print the settings in effect (the file over the defaults); a bad file is an error
    #[command(
        after_help = "Examples:\n  concentration config show\n  concentration config show > my-settings.toml"
    )]
    Show,
    /// Write a settings file with every key commented out (never overwrites one)
    #[command(after_help = "Examples:\n  concentration config init")]
    Init,
}

/// Runs `config`.
///
/// # Errors
/// No config directory, a bad settings file (`show`), or a file already there (`init`):
/// status 2.
pub(super) fn run(args: &ConfigArgs) -> anyhow::Result<()> {
    let path = settings::path().ok_or_else(|| {
        super::usage(format!(
            "no config directory: set {} to a file",
            settings::CONFIG_ENV
        ))
    })?;
    match args.action {
        Action::Path => out(&format!("{}\n", path.display())),
        Action::Show => {
            let s = settings::load().map_err(super::usage)?;
            let flag = s.data_dir.clone();
            let data =
                if std::env::var_os(crate::record::DATA_DIR_ENV).is_some_and(|d| !d.is_empty()) {
                    crate::record::data_dir(None).ok()
                } else {
                    crate::record::data_dir(flag.as_deref()).ok()
                };
            out(&s.to_toml(data.as_deref()))
        }
        Action::Init => {
            let fail = |e: std::io::Error| super::usage(format!("{}: {e}", path.display()));
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(fail)?;
            }
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
                .map_err(|e| {
                    if e.kind() == std::io::ErrorKind::AlreadyExists {
                        super::usage(format!(
                            "{} already exists: not overwritten",
                            path.display()
                        ))
                    } else {
                        fail(e)
                    }
                })?;
            file.write_all(settings::template().as_bytes())
                .map_err(fail)?;
            out(&format!("wrote {}\n", path.display()))
        }
    }
}

fn out(text: &str) -> anyhow::Result<()> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
