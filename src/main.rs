//! The `concentration` binary: everything lives in the library; this only dispatches.

fn main() -> std::process::ExitCode {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`solve | head -1`) would
    // panic; a command-line tool should end quietly there, as `cat` does.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    concentration::cli::main()
}
