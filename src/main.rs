//! The `concentration` binary: everything lives in the library; this only dispatches.

fn main() -> std::process::ExitCode {
    concentration::cli::main()
}
