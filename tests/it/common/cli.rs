//! The real binary as outside tools run it: never the user's settings file nor data
//! directory, nothing on its input.

use std::process::{Command, Stdio};

/// The binary with `args`, kept from the user's settings and data.
pub(crate) fn command(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_concentration"));
    cmd.args(args)
        .env_remove("CONCENTRATION_DATA_DIR")
        .env(
            "CONCENTRATION_CONFIG",
            std::env::temp_dir()
                .join("concentration-no-settings")
                .join("config.toml"),
        )
        // The dashboard's cache, kept out of the user's cache folder.
        .env(
            "CONCENTRATION_CACHE_DIR",
            std::env::temp_dir().join("concentration-test-cache"),
        )
        .stdin(Stdio::null());
    cmd
}

/// Runs `cmd`: its exit status, standard output and standard error.
pub(crate) fn outcome(cmd: &mut Command) -> (i32, String, String) {
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the binary with `args`: its exit status, standard output and standard error.
pub(crate) fn run(args: &[&str]) -> (i32, String, String) {
    outcome(&mut command(args))
}

/// The JSON the binary prints for `args`, which must succeed.
pub(crate) fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}
