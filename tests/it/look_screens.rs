//! Themes and glyph sets on ratatui's `TestBackend` at 80 x 24: every screen drawn with
//! `--ascii` holds only ASCII, the plain theme (what NO_COLOR selects) holds no colour,
//! the colour-blind theme never uses red or green, the light theme no pale ink.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use concentration::app::{App, Config, History, Look, Memory, Opponent, ThemeName};
use concentration::record::{self, Record};
use concentration::tui::Action;
use ratatui::buffer::Buffer;

use crate::common::{FIXED, buffer, click, text};
use ratatui::style::{Color, Modifier};

fn draw(app: &mut App, look: &Look, w: u16, h: u16) -> Buffer {
    app.look = look.clone();
    buffer(app, w, h)
}

/// Every kind of screen, with a name, and the size to draw it at.
fn screens() -> Vec<(&'static str, App, (u16, u16))> {
    let now = Instant::now();
    let mut out = vec![("setup", App::setup(Config::default()), (80, 24))];

    // A standard deck in open memory: suits on screen, this turn's cards, a hint.
    let config = Config {
        deck: "standard".into(),
        memory: Memory::Open,
        opponent: Opponent::Usual,
        seed: 7,
        ai_delay: Duration::from_millis(300),
        ..Config::default()
    };
    let mut app = App::start_blocking(config.clone(), now).unwrap();
    click(&mut app, 0, now);
    app.update(Action::Hint, now);
    out.push(("play", app, (80, 24)));
    let mut app = App::start_blocking(config.clone(), now).unwrap();
    app.update(Action::Help, now);
    out.push(("help", app, (80, 24)));
    let mut app = App::start_blocking(config.clone(), now).unwrap();
    app.update(Action::Quit, now);
    out.push(("quit?", app, (80, 24)));
    out.push((
        "too small",
        App::start_blocking(config, now).unwrap(),
        (30, 8),
    ));

    let record = Record::parse(FIXED.as_bytes()).unwrap();
    let mut app = App::replay(record.clone(), None, Config::default(), true, now).unwrap();
    for _ in 0..4 {
        app.update(Action::Move(1, 0), now);
        app.update(Action::Move(0, 1), now);
    }
    out.push(("replay", app, (80, 24)));

    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "concentration-look-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    record::save(&dir, &record).unwrap();
    let entries = record::list(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    out.push((
        "history",
        App::history(History::new(dir, entries), Config::default(), true),
        (80, 24),
    ));

    let solo = Config {
        deck: "pairs:8".into(),
        seed: 3,
        ..Config::default()
    };
    let mut app = App::solitaire(solo, None, None, true).unwrap();
    app.update(Action::Select, now);
    out.push(("solitaire", app, (80, 24)));
    out
}

fn colours(buf: &Buffer) -> Vec<Color> {
    buf.content.iter().flat_map(|c| [c.fg, c.bg]).collect()
}

#[test]
fn ascii_screens_hold_only_ascii() {
    for theme in ThemeName::ALL {
        let look = Look::new(theme, true);
        for (name, mut app, (w, h)) in screens() {
            let unicode = text(&draw(&mut app, &Look::new(theme, false), w, h));
            let ascii = text(&draw(&mut app, &look, w, h));
            let bad: String = ascii.chars().filter(|c| !c.is_ascii()).collect();
            assert!(bad.is_empty(), "{theme} {name}: {bad:?}\n{ascii}");
            assert!(
                !ascii.contains('?') || unicode.contains('?'),
                "{name}: a glyph without a stand-in\n{ascii}"
            );
            assert_eq!(ascii.lines().count(), unicode.lines().count());
        }
    }
}

#[test]
fn ascii_card_faces_keep_rank_and_suit() {
    let (_, mut app, _) = screens().swap_remove(1);
    let round = app.round().unwrap();
    let deck = round.game().view().deck().clone();
    let card = round.game().reveal_all()[0];
    let face = deck.face(card.label, card.copy).text;
    let ascii_face = face
        .replace('♥', "h")
        .replace('♦', "d")
        .replace('♠', "s")
        .replace('♣', "c");
    assert!(ascii_face.is_ascii() && ascii_face != face, "{face}");
    let unicode = text(&draw(&mut app, &Look::default(), 80, 24));
    let ascii = text(&draw(&mut app, &Look::new(ThemeName::Dark, true), 80, 24));
    assert!(unicode.contains(&face), "{unicode}");
    assert!(ascii.contains(&ascii_face), "{ascii}");
}

#[test]
fn plain_has_no_colour_but_marks_what_colour_marked() {
    for (name, mut app, (w, h)) in screens() {
        let dark = draw(&mut app, &Look::default(), w, h);
        let plain = draw(&mut app, &Look::new(ThemeName::Plain, false), w, h);
        if name != "too small" {
            assert!(colours(&dark).iter().any(|&c| c != Color::Reset), "{name}");
        }
        assert!(
            colours(&plain).iter().all(|&c| c == Color::Reset),
            "{name} has colour in plain"
        );
        assert_eq!(text(&dark), text(&plain), "{name}: the same text");
    }
    // The selected value of the setup form and this turn's card stand out without colour.
    let mut all = screens();
    for i in [0, 1] {
        let buf = draw(&mut all[i].1, &Look::new(ThemeName::Plain, false), 80, 24);
        assert!(
            buf.content
                .iter()
                .any(|c| c.modifier.contains(Modifier::REVERSED)),
            "{}",
            all[i].0
        );
    }
}

#[test]
fn colour_blind_and_light_themes() {
    let red_green = [Color::Red, Color::LightRed, Color::Green, Color::LightGreen];
    let pale = [Color::Gray, Color::Yellow, Color::Cyan, Color::LightRed];
    for (name, mut app, (w, h)) in screens() {
        let cb = draw(&mut app, &Look::new(ThemeName::Colorblind, false), w, h);
        assert!(
            !colours(&cb).iter().any(|c| red_green.contains(c)),
            "{name}: red or green in the colour-blind theme"
        );
        let light = draw(&mut app, &Look::new(ThemeName::Light, false), w, h);
        assert!(
            !light.content.iter().any(|c| pale.contains(&c.fg)),
            "{name}: pale ink in the light theme"
        );
    }
    // Red suits are orange, black suits blue.
    let (_, mut app, _) = screens().swap_remove(1);
    let cb = draw(&mut app, &Look::new(ThemeName::Colorblind, false), 80, 24);
    assert!(
        cb.content
            .iter()
            .any(|c| c.fg == Color::Indexed(208) || c.fg == Color::Indexed(19))
    );
}

#[test]
#[ignore = "prints the screens"]
fn print_screens() {
    for (name, mut app, (w, h)) in screens() {
        println!(
            "== {name}\n{}",
            text(&draw(&mut app, &Look::new(ThemeName::Plain, true), w, h))
        );
    }
}
