//! The settings file as a user meets it: `config path|init|show`, a data directory from
//! the file, and a bad file that warns in one line while the game starts on the defaults.
//! Every run points `$CONCENTRATION_CONFIG` into a scratch folder: never the real home.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("concentration-config-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    fn config(&self) -> PathBuf {
        self.0.join("settings").join("config.toml")
    }

    fn write(&self, text: &str) {
        std::fs::create_dir_all(self.config().parent().unwrap()).unwrap();
        std::fs::write(self.config(), text).unwrap();
    }

    fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_concentration"))
            .args(args)
            .env("CONCENTRATION_CONFIG", self.config())
            .env_remove("CONCENTRATION_DATA_DIR")
            .env("HOME", self.0.join("home"))
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn path_init_show() {
    let s = Scratch::new();
    let (code, out, _) = s.run(&["config", "path"]);
    assert_eq!((code, out.trim()), (0, s.config().to_str().unwrap()));
    let (code, out, err) = s.run(&["config", "show"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("deck = \"standard\"\n"), "{out}");
    assert!(out.contains("pass-rule = \"agreed\"\n"));
    assert!(!s.config().exists(), "show writes nothing");

    let (code, out, err) = s.run(&["config", "init"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("wrote "));
    let template = std::fs::read_to_string(s.config()).unwrap();
    assert!(template.contains("# deck = \"standard\""));
    let (code, out, err) = s.run(&["config", "init"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read_to_string(s.config()).unwrap(), template);

    s.write("deck = \"pairs:9\"\nhints = \"always\"\nai-delay = 0.2\n");
    let (code, out, _) = s.run(&["config", "show"]);
    assert_eq!(code, 0);
    assert!(out.contains("deck = \"pairs:9\"\n") && out.contains("ai-delay = 0.2\n"));
}

#[test]
fn a_bad_file_is_one_line_naming_the_key() {
    let s = Scratch::new();
    s.write("deck = \"pairs:9\"\n\nopponent = \"genius\"\n");
    let (code, out, err) = s.run(&["config", "show"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("line 3: key 'opponent': unknown opponent 'genius'"),
        "{err}"
    );
    // Commands that use the file go on after one warning line, without the bad key.
    let data = s.0.join("data");
    let (code, out, err) = s.run(&["history", "--list", "--data-dir", data.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("no saved games"));
    assert_eq!(err, "", "--data-dir given: the file is not needed");
    let (code, out, err) = s.run(&["history", "--list"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("no saved games"), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("warning: config file ") && err.contains("key 'opponent'"));
    assert!(
        err.trim_end()
            .ends_with("ignoring this key, the others apply"),
        "{err}"
    );
    // A file that is not TOML at all gives the defaults.
    s.write("deck = \"pairs:9\n");
    let (code, _, err) = s.run(&["history", "--list"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("not valid TOML") && err.trim_end().ends_with("using the default settings"),
        "{err}"
    );
}

#[test]
fn one_bad_value_keeps_the_other_settings_and_the_data_dir_above_all() {
    let s = Scratch::new();
    s.write("theme = \"neon\"\ndata-dir = \"saved\"\nai-delay = 100\n");
    let data = s.config().parent().unwrap().join("saved");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(
        data.join("solitaire-stats.json"),
        r#"{"format": 1, "entries": [{"deck": "pairs:8", "memory": "classic", "challenge": null,
           "games": 3, "moves": 40, "misses": 16, "cost": 2, "best": 12, "best_date": "2026-04-01"}]}"#,
    )
    .unwrap();
    let (code, out, err) = s.run(&["stats"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("pairs:8") && out.contains("12"), "{out}");
    assert!(!out.contains("No solitaire games counted yet"), "{out}");
    let warnings: Vec<&str> = err.lines().collect();
    assert_eq!(warnings.len(), 2, "one line per bad key: {err}");
    assert!(
        warnings[0].contains("line 1: key 'theme': unknown theme 'neon'")
            && warnings[0].ends_with("ignoring this key, the others apply"),
        "{err}"
    );
    assert!(warnings[1].contains("line 3: key 'ai-delay'"), "{err}");
    let (_, out, _) = s.run(&["history", "--list"]);
    assert!(out.contains(data.join("games").to_str().unwrap()), "{out}");
}

#[test]
fn data_dir_from_the_file_and_precedence() {
    let s = Scratch::new();
    s.write("data-dir = \"saved\"\n");
    let from_file = s.config().parent().unwrap().join("saved").join("games");
    let (_, out, err) = s.run(&["history", "--list"]);
    assert_eq!(err, "");
    assert!(out.contains(from_file.to_str().unwrap()), "{out}");
    // The environment variable wins over the file, and the flag over both.
    let env_dir = s.0.join("env");
    let out = Command::new(env!("CARGO_BIN_EXE_concentration"))
        .args(["history", "--list"])
        .env("CONCENTRATION_CONFIG", s.config())
        .env("CONCENTRATION_DATA_DIR", &env_dir)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(out.contains(env_dir.to_str().unwrap()), "{out}");
    let flag = s.0.join("flag");
    let (_, out, _) = s.run(&["history", "--list", "--data-dir", flag.to_str().unwrap()]);
    assert!(out.contains(flag.to_str().unwrap()), "{out}");
    assert!(!Path::new(&from_file).exists(), "listing creates nothing");
}

#[cfg(unix)]
mod terminal {
    use std::io::{Read, Write};
    use std::sync::mpsc::channel;
    use std::time::{Duration, Instant};

    use portable_pty::{CommandBuilder, PtySize, native_pty_system};

    /// Runs `play` in a pseudo-terminal until `text` shows, then quits; returns all output.
    fn play_until(scratch: &super::Scratch, args: &[&str], text: &str) -> String {
        run_until(scratch, args, &[], text).0
    }

    /// Runs the program in a pseudo-terminal with `env` until `text` shows, then quits;
    /// returns all output and the screen that showed `text`.
    fn run_until(
        scratch: &super::Scratch,
        args: &[&str],
        env: &[(&str, &str)],
        text: &str,
    ) -> (String, vt100::Screen) {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_concentration"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("CONCENTRATION_CONFIG", scratch.config());
        cmd.env("CONCENTRATION_DATA_DIR", scratch.0.join("data"));
        cmd.env_remove("NO_COLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let mut writer = pair.master.take_writer().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let mut parser = vt100::Parser::new(24, 80, 0);
        let mut raw = Vec::new();
        let start = Instant::now();
        while !parser.screen().contents().contains(text) {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "never saw {text:?}:\n{}",
                parser.screen().contents()
            );
            if let Ok(bytes) = rx.recv_timeout(Duration::from_millis(50)) {
                parser.process(&bytes);
                raw.extend_from_slice(&bytes);
            }
        }
        let shown = parser.screen().clone();
        let screen = shown.contents();
        writer.write_all(b"qy").unwrap();
        writer.flush().unwrap();
        let start = Instant::now();
        while child.try_wait().unwrap().is_none() {
            assert!(start.elapsed() < Duration::from_secs(20), "did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
        while let Ok(bytes) = rx.recv_timeout(Duration::from_millis(100)) {
            raw.extend_from_slice(&bytes);
        }
        (
            format!("{}\n{screen}", String::from_utf8_lossy(&raw)),
            shown,
        )
    }

    /// Whether any cell of the screen has a colour.
    fn coloured(screen: &vt100::Screen) -> bool {
        let (rows, cols) = screen.size();
        (0..rows).any(|r| {
            (0..cols).any(|c| {
                screen.cell(r, c).is_some_and(|cell| {
                    cell.fgcolor() != vt100::Color::Default
                        || cell.bgcolor() != vt100::Color::Default
                })
            })
        })
    }

    #[test]
    fn no_color_gives_no_colour_unless_a_theme_is_asked_for() {
        let _pty = crate::common::pty::lock();
        let s = super::Scratch::new();
        let args = ["play", "--deck", "pairs:4", "--no-save"];
        let (_, screen) = run_until(&s, &args, &[], "Your turn");
        assert!(coloured(&screen), "the dark theme has colour");
        let (_, screen) = run_until(&s, &args, &[("NO_COLOR", "1")], "Your turn");
        assert!(!coloured(&screen), "NO_COLOR: no colour");
        let mut themed = args.to_vec();
        themed.extend(["--theme", "colorblind", "--ascii"]);
        let (_, screen) = run_until(&s, &themed, &[("NO_COLOR", "1")], "Your turn");
        assert!(coloured(&screen), "a theme asked for wins over NO_COLOR");
        assert!(screen.contents().is_ascii(), "{}", screen.contents());
        s.write("theme = \"plain\"\nascii = true\n");
        let (_, screen) = run_until(&s, &args, &[], "Your turn");
        assert!(!coloured(&screen) && screen.contents().is_ascii());
    }

    #[test]
    fn a_bad_file_warns_and_the_game_starts_on_the_defaults() {
        let _pty = crate::common::pty::lock();
        let s = super::Scratch::new();
        s.write("opponent = \"usual\"\nai-delay = \"slow\"\n");
        let all = play_until(&s, &["play", "--deck", "pairs:4", "--no-save"], "Your turn");
        assert!(
            all.contains("warning: config file ") && all.contains("key 'ai-delay'"),
            "{all}"
        );
    }

    #[test]
    fn the_setup_screen_starts_from_the_file() {
        let _pty = crate::common::pty::lock();
        let s = super::Scratch::new();
        s.write("deck = \"pairs:9\"\nopponent = \"usual\"\n");
        let screen = play_until(&s, &["play", "--no-save"], "pairs:9");
        assert!(screen.contains("usual"), "{screen}");
        assert!(!screen.contains("warning"), "{screen}");
    }
}
