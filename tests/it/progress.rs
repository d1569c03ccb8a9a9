//! Progress of the long commands (`src/cli/progress.rs`): a bar with the time left on a
//! terminal, nothing extra on standard error when it is a pipe.

use crate::common::cli;
#[cfg(unix)]
use crate::common::pty;

/// Each long command, long enough (over the half second before a bar shows) to draw
/// one on a terminal: with standard error a pipe, it prints nothing there.
#[test]
fn a_pipe_gets_nothing_extra() {
    for args in [
        &[
            "pairs",
            "duel",
            "--players",
            "spne,random",
            "--ranks",
            "10",
            "--games",
            "150",
            "--seed",
            "3",
        ][..],
        &["pairs", "start", "--ranks", "7", "--players", "2"],
        &[
            "solve",
            "--deck",
            "2500x2",
            "--objective",
            "moves",
            "--exact",
            "--json",
        ],
        &[
            "duel", "--deck", "standard", "--first", "usual", "--second", "usual", "--games",
            "3000", "--seed", "1",
        ],
    ] {
        let (code, out, err) = cli::run(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!out.is_empty(), "{args:?}");
        assert_eq!(err, "", "{args:?}: standard error should stay empty");
    }
}

/// On a terminal the same work draws a bar with the count and the time left.
#[cfg(unix)]
#[test]
fn a_terminal_sees_the_bar() {
    let _pty = pty::lock();
    let mut s = pty::Session::start(&[
        "pairs",
        "duel",
        "--players",
        "spne,random",
        "--games",
        "20000",
        "--seed",
        "3",
    ]);
    s.wait_for("/20000 games");
    s.wait_for("left)");
    let _ = s.child.kill();
}

/// `solve` measures its work as a share done: on a terminal, the same bar.
#[cfg(unix)]
#[test]
fn a_long_solve_shows_the_bar_on_a_terminal() {
    let _pty = pty::lock();
    let mut s = pty::Session::start(&[
        "solve",
        "--deck",
        "6000x2",
        "--objective",
        "moves",
        "--exact",
        "--json",
    ]);
    s.wait_for("solving exact e(n,k), 6000 pairs");
    s.wait_for("left)");
    let _ = s.child.kill();
}
