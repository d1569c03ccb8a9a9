//! `concentration completions` and `concentration man`: shell completions and manual pages
//! generated from the clap definition, so they never drift from the real options.

use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;
use clap_complete::Shell;

/// Prints a completion script for a shell.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration completions bash > ~/.local/share/bash-completion/completions/concentration\n  concentration completions zsh > ~/.zfunc/_concentration\n  concentration completions fish > ~/.config/fish/completions/concentration.fish"
)]
pub(super) struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell
    shell: Shell,
}

/// Prints the manual page (roff), or writes one page per command into a folder.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration man | man -l -\n  mkdir -p ~/.local/share/man/man1 && concentration man --dir ~/.local/share/man/man1"
)]
pub(super) struct ManArgs {
    /// Write concentration.1 and one page per subcommand (concentration-play.1, ...)
    /// into this folder instead of printing the main page
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Runs `completions`.
///
/// # Errors
/// Standard output cannot be written.
pub(super) fn completions(args: &CompletionsArgs) -> anyhow::Result<()> {
    let mut command = super::command();
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut command, "concentration", &mut buf);
    write_out(&buf)
}

/// Runs `man`.
///
/// # Errors
/// The folder cannot be written (status 2), or standard output cannot.
pub(super) fn man(args: &ManArgs) -> anyhow::Result<()> {
    let command = super::command();
    let Some(dir) = &args.dir else {
        let mut buf = Vec::new();
        clap_mangen::Man::new(command).render(&mut buf)?;
        return write_out(&buf);
    };
    if !dir.is_dir() {
        return Err(super::usage(format!(
            "--dir {}: not an existing folder",
            dir.display()
        )));
    }
    clap_mangen::generate_to(command, dir)
        .map_err(|e| super::usage(format!("--dir {}: {e}", dir.display())))?;
    Ok(())
}

/// Writes to standard output; a reader that stopped early (`| head`) is not an error.
fn write_out(bytes: &[u8]) -> anyhow::Result<()> {
    match std::io::stdout().lock().write_all(bytes) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
