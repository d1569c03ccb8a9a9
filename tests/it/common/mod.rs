//! Helpers shared by the test modules: a screen drawn on ratatui's `TestBackend`, as
//! text, the fixed two-player game the record and replay tests use, and a person's hand
//! on the app (the clock run on, a card turned by key or by click); the real binary run
//! as outside tools run it ([`cli`]) and in a pseudo-terminal ([`pty`]); the Pairs
//! solver's rounds ([`pairs`]); every table of a small deck ([`states`]).

pub(crate) mod cli;
pub(crate) mod pairs;
pub(crate) mod pty;
pub(crate) mod ssh;
pub(crate) mod states;

use std::path::{Path, PathBuf};
use std::time::Instant;

use concentration::app::{App, Screen};
use concentration::model::{Oracle, Zebra};
use concentration::players::{AiKind, SeatAi};
use concentration::record::{MemoryMode, Record, RecordSeat};
use concentration::rules::{
    Deck, Game, Objective, PassRule, Phase, Players, PublicView, Slot, below,
};
use concentration::solver::zebra::ZebraSolver;
use concentration::tui::{Action, Geometry, board_area};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// The fixed game: `pairs:3`, seed 2, dealt as
/// `a1 A  b1 C  c1 B` / `a2 C  b2 B  c2 A`. The person (B) reveals B at c1, whose
/// partner nobody has seen, then turns the known A at a1 instead of another unknown card:
/// that hands every pair to A. An unknown card would have won outright with probability
/// 1/3 (it is b2, the partner, one time in three; otherwise A takes everything), the
/// known card gives 0, so the flip costs exactly 1/3: a blunder.
pub(crate) const FIXED: &str = r#"[Format "concentration 1"]
[Date "2026-04-01"]
[Time "12:00:00"]
[Deck "pairs:3"]
[Seed "2"]
[A "optimal"]
[B "you"]
[Objective "win"]
[PassRule "agreed"]
[Memory "classic"]
[Practice "no"]
[Result "1-0"]
[Pairs "3-0"]
[End "cleared"]

1. A a1:A b1:C miss
2. B c1:B a1:A miss
3. A a2:C b1:C pair
4. A c2:A a1:A pair
5. A b2:B c1:B pair
"#;

/// `app` drawn on a `w` x `h` test terminal.
pub(crate) fn buffer(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(app, f.area())).unwrap();
    t.backend().buffer().clone()
}

/// A drawn buffer as text, a line per row.
pub(crate) fn text(buf: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// The screen at `w` x `h`, as text.
pub(crate) fn screen_sized(app: &App, w: u16, h: u16) -> String {
    text(&buffer(app, w, h))
}

/// The screen at 80 x 24, as text.
pub(crate) fn screen(app: &App) -> String {
    screen_sized(app, 80, 24)
}

/// Runs the clock until nothing is due (every show ended, the AI done), then on to the
/// moment a key counts as a turn (the turn's guard): the person may turn a card, or the
/// game is over.
pub(crate) fn settle(app: &mut App, now: Instant) -> Instant {
    settle_within(app, now, 10_000)
}

/// [`settle`], at most `limit` ticks.
pub(crate) fn settle_within(app: &mut App, mut now: Instant, limit: usize) -> Instant {
    for _ in 0..limit {
        match app.deadline() {
            Some(d) => {
                now = now.max(d);
                app.update(Action::Tick, now);
            }
            None => break,
        }
    }
    if let Some(t) = app.ready_at() {
        now = now.max(t);
    }
    now
}

/// Turns the card at `pos` with the keyboard (cursor there, then Enter).
pub(crate) fn select(app: &mut App, pos: usize, now: Instant) {
    match &mut app.screen {
        Screen::Play(r) => r.cursor = pos,
        Screen::Solo(s) => s.cursor = pos,
        _ => panic!("no game on screen"),
    }
    app.update(Action::Select, now);
}

/// Turns the card at `pos` of the puzzle on screen (cursor there, then Enter).
pub(crate) fn turn(app: &mut App, pos: usize) {
    if let Screen::Puzzle(d) = &mut app.screen {
        d.cursor = pos;
    }
    app.update(Action::Select, Instant::now());
}

/// The record files saved in data directory `data`'s games folder, in order.
pub(crate) fn saved(data: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data.join("games"))
        .map(|r| r.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// Clicks the card at `pos` of the game on screen.
pub(crate) fn click(app: &mut App, pos: usize, now: Instant) {
    let area = board_area(Rect::new(0, 0, app.size.0, app.size.1));
    let board = match (app.round(), app.solo()) {
        (Some(r), _) => r.game().board(),
        (_, Some(s)) => s.game().board(),
        _ => panic!("no game on screen"),
    };
    let cell = Geometry::fit(area, board).unwrap().cell(pos);
    app.update(Action::Click((cell.x + 1, cell.y)), now);
}

/// A game of `deck` dealt with `seed` at `players`, of legal flips chosen at random (all
/// equally likely, drawn from `seed` mixed with `salt`), stopped after `stop` flips or
/// at its end.
pub(crate) fn random_game(
    deck: &Deck,
    players: Players,
    seed: u64,
    salt: u64,
    stop: usize,
) -> Game {
    let mut game = Game::new(deck.clone(), seed, players).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ salt);
    let cards = game.view().slots().len();
    for _ in 0..stop {
        if game.view().is_over() {
            break;
        }
        let legal: Vec<usize> = (0..cards).filter(|&p| game.check_flip(p).is_ok()).collect();
        let i = usize::try_from(below(&mut rng, legal.len() as u64)).unwrap();
        game.try_flip(legal[i]).unwrap();
    }
    game
}

/// A whole `zebra:6` game of an easy forgetful AI (who makes mistakes) against the
/// optimal Zebra AI, under `margin`.
pub(crate) fn zebra_record() -> Record {
    let deck = Deck::parse("zebra:6").unwrap();
    let table =
        concentration::rules::Table::two(PassRule::Agreed, concentration::rules::Variant::Standard);
    let optimal = ZebraSolver::solved(&deck, table, Objective::Margin).unwrap();
    let mut game = Game::new(deck, 5, Players::two(PassRule::Agreed)).unwrap();
    let mut ais = [
        SeatAi::new::<Zebra>(AiKind::ForgetfulEasy, 1, || None).unwrap(),
        SeatAi::new::<Zebra>(AiKind::Optimal, 2, || Some(Box::new(optimal.clone()))).unwrap(),
    ];
    while !game.view().is_over() {
        let p = ais[game.view().mover().index()].choose(game.view());
        game.try_flip(p).unwrap();
    }
    let seats = vec![
        RecordSeat::named("forgetful-easy"),
        RecordSeat::named("optimal"),
    ];
    Record::of_game(&game, seats, Objective::Margin, MemoryMode::Open, false)
}

/// The card that forgets what was seen, when using a seen card is at hand: a new card
/// while a seen pair lies there, or as the second card while the first one's partner
/// was seen (a careless person's memory slip).
pub(crate) fn forgetful_choice(view: &PublicView) -> Option<usize> {
    let known = |p: usize| match view.slots()[p] {
        Slot::Known(c) => Some(c.label),
        _ => None,
    };
    let n = view.slots().len();
    let chance = match view.phase() {
        Phase::FirstCard => {
            (0..n).any(|a| (0..n).any(|b| a != b && known(a).is_some() && known(a) == known(b)))
        }
        Phase::SecondCard { first, .. } => {
            (0..n).any(|p| p != first && known(p).is_some() && known(p) == known(first))
        }
        Phase::Over(_) => false,
    };
    chance
        .then(|| view.slots().iter().position(|s| *s == Slot::Unknown))
        .flatten()
}
