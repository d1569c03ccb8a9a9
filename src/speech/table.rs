//! A game of Concentration at a table or alone, line by line: each flip told as a
//! sentence from the game's own list of flips, the commands turned into the keys'
//! actions, the end told in one line and a numbered menu.

use std::io::{self, BufRead, Write};

mod reading;
pub(super) mod room;

use reading::{board, hint, score};

use super::{Voice, choice, replay};
use crate::app::moving::swap_words;
use crate::app::places;
use crate::app::{Action, App, Memory, Overlay, Round, Screen, Solo};
use crate::rules::{Flip, Game, Layout, Seat, TurnEnd};

/// The commands of a game, as `help` lists them.
pub(super) const COMMANDS: &str = "a coordinate such as b2 turns that card; board, hint, why, score, log, undo (practice games), help, quit";

/// The game on the table: against others, or alone.
#[derive(Clone, Copy)]
enum Table<'a> {
    Round(&'a Round),
    Solo(&'a Solo),
}

impl<'a> Table<'a> {
    fn of(app: &'a App) -> Option<Self> {
        match &app.screen {
            Screen::Play(r) => Some(Self::Round(r)),
            Screen::Solo(s) => Some(Self::Solo(s)),
            _ => None,
        }
    }

    fn game(self) -> &'a Game {
        match self {
            Self::Round(r) => r.game(),
            Self::Solo(s) => s.game(),
        }
    }

    fn memory(self) -> Memory {
        match self {
            Self::Round(r) => r.memory(),
            Self::Solo(s) => s.memory(),
        }
    }

    fn turned(self) -> Vec<usize> {
        match self {
            Self::Round(r) => r.turned(),
            Self::Solo(s) => s.turned(),
        }
    }

    fn cursor(self) -> usize {
        match self {
            Self::Round(r) => r.cursor,
            Self::Solo(s) => s.cursor,
        }
    }

    fn log(self) -> &'a [String] {
        match self {
            Self::Round(r) => r.log(),
            Self::Solo(s) => s.log(),
        }
    }

    fn message(self) -> &'a str {
        match self {
            Self::Round(r) => r.message(),
            Self::Solo(s) => s.message(),
        }
    }

    /// Whether a person moves now (always, alone).
    fn persons_turn(self) -> bool {
        match self {
            Self::Round(r) => r.persons_turn(),
            Self::Solo(_) => true,
        }
    }

    /// The seat as a sentence starts it: `You`, `Optimal AI`, `Ann`.
    fn who(self, seat: Seat) -> String {
        match self {
            Self::Round(r) => capital(&r.seat_title(seat)),
            Self::Solo(_) => "You".into(),
        }
    }

    /// Whether `seat` is the person a sentence calls "you".
    fn is_you(self, seat: Seat) -> bool {
        match self {
            Self::Round(r) => r.seat_kind(seat).is_none() && r.people() == 1,
            Self::Solo(_) => true,
        }
    }

    fn over(self) -> bool {
        self.game().view().is_over()
            && match self {
                Self::Round(r) => r.show().is_none(),
                Self::Solo(s) => s.show().is_none(),
            }
    }
}

/// `text` with its first letter in capitals.
pub(super) fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

/// "turn" or "turns" after `who`.
fn turn_verb(you: bool) -> &'static str {
    if you { "turn" } else { "turns" }
}

/// What the narrator has told so far.
#[derive(Default)]
struct Told {
    /// Flips of the game told.
    flips: usize,
    /// An AI's (or another person's) first card, told with its second.
    first: Option<Flip>,
    /// The end of the game told.
    ended: bool,
    /// The rating line of the end window told (it may come after the end).
    rating: bool,
}

/// Plays until the person leaves or the input ends.
pub(super) fn run<R: BufRead, W: Write>(app: &mut App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let mut told = Told::default();
    voice.settle(app);
    introduce(app, voice)?;
    narrate(app, voice, &mut told)?;
    while !app.quit {
        if matches!(app.screen, Screen::Replay(_)) {
            replay::run(app, voice, false)?;
            // Back on the finished game: its end is told again with the menu.
            told.ended = false;
            narrate(app, voice, &mut told)?;
            continue;
        }
        let Some(table) = Table::of(app) else { break };
        let over = table.over();
        let Some(line) = voice.read()? else {
            // The end of the input: leave as Ctrl-C does (a game is saved).
            voice.act(app, Action::Interrupt);
            break;
        };
        if over {
            end_menu(app, voice, &line, &mut told)?;
        } else {
            command(app, voice, &line, &mut told)?;
        }
    }
    Ok(())
}

/// The game's first lines: the deck and its grid, who plays, how to get help.
fn introduce<R: BufRead, W: Write>(app: &App, voice: &mut Voice<R, W>) -> io::Result<()> {
    let Some(table) = Table::of(app) else {
        return Ok(());
    };
    let game = table.game();
    let view = game.view();
    let grid = laid_out(game);
    let memory = match table.memory() {
        Memory::Classic => "classic memory: seen cards turn back face down",
        Memory::Open => "open memory: seen cards stay face up",
    };
    match table {
        Table::Round(r) => {
            let c = r.config();
            let seats: Vec<String> = r.seat_list().map(|s| r.seat_title(s)).collect();
            let practice = if r.practice() {
                ", a practice game"
            } else {
                ""
            };
            voice.say(&format!(
                "Concentration, deck {}, seed {}: {grid}.",
                c.deck, c.seed
            ))?;
            voice.say(&format!(
                "Players in turn order: {}; {memory}{practice}.",
                seats.join(", ")
            ))?;
            if let Some(coin) = r.coin() {
                let side = if coin == Seat::FIRST {
                    "heads"
                } else {
                    "tails"
                };
                voice.say(&format!("Coin toss: {side}."))?;
            }
        }
        Table::Solo(s) => {
            for line in super::solo::introduction(s, &grid, memory) {
                voice.say(&line)?;
            }
        }
    }
    if let Some(m) = game.moving_every() {
        let every = match m.turns() {
            1 => "turn".to_owned(),
            n => format!("{n} turns"),
        };
        voice.say(&format!(
            "Moving cards: after every {every} two face-down cards swap places."
        ))?;
    }
    voice.say("Type help for the commands.")?;
    if view.flips().is_empty() && !table.over() && table.persons_turn() {
        voice.say(&format!("{} turn.", whose(table)))?;
    }
    Ok(())
}

/// The table in words: the grid's rows and columns, or the layout's shape and how its
/// cards are numbered.
fn laid_out(game: &Game) -> String {
    let deck = game.view().deck();
    let layout = game.board().layout();
    if game.view().side_of(0).is_some() {
        let n = deck.labels();
        return format!(
            "the Two Decks Duel, two sides of {n} cards, side 1 the first player's and side 2 the second's, each numbered 1 to {n} in reading order"
        );
    }
    if layout != Layout::Grid {
        return format!(
            "{} cards, layout {layout} ({}), numbered 1 to {} in reading order",
            deck.cards(),
            layout.explanation(),
            deck.cards()
        );
    }
    let (rows, cols) = deck.grid();
    let last_col = crate::record::column_letters(cols - 1);
    format!(
        "{} cards in {} of {cols} (columns a to {last_col}, rows 1 to {rows})",
        deck.cards(),
        crate::words::count(rows as u64, "row"),
    )
}

/// "Your" or "Ann's": whose turn it is, for the line that says so.
fn whose(table: Table) -> String {
    let mover = table.game().view().mover();
    if table.is_you(mover) {
        "Your".into()
    } else {
        format!("{}'s", table.who(mover))
    }
}

/// Tells every flip since the last told, then the end of the game if it came.
fn narrate<R: BufRead, W: Write>(
    app: &App,
    voice: &mut Voice<R, W>,
    told: &mut Told,
) -> io::Result<()> {
    let Some(table) = Table::of(app) else {
        return Ok(());
    };
    let view = table.game().view();
    let flips = view.flips();
    if flips.len() < told.flips {
        // Undone: the game is back where it was.
        told.flips = flips.len();
        told.first = None;
    }
    let mut lines: Vec<String> = Vec::new();
    let mut last_ended = None;
    let mut moves = flips[..told.flips]
        .iter()
        .filter(|f| f.turn_end.is_some())
        .count();
    for (i, &flip) in flips.iter().enumerate().skip(told.flips) {
        let you = table.is_you(flip.seat);
        let who = table.who(flip.seat);
        let verb = turn_verb(you);
        let name = |f: Flip| {
            format!(
                "{}, {}",
                places::name(table.game(), f.position),
                voice.names.card(view.deck(), f.card)
            )
        };
        let single = |f: Flip| {
            format!(
                "{}: {}.",
                places::name(table.game(), f.position),
                voice.names.card(view.deck(), f.card)
            )
        };
        match flip.turn_end {
            // A first card is told at once when the turn waits on it (a person's
            // next card); an AI's is told with its second.
            None if i + 1 == flips.len() => {
                let after = if flip.across {
                    super::solo::ACROSS.to_owned()
                } else {
                    partners(table, flip)
                };
                lines.push(format!("{who} {verb} {}{after}", single(flip)));
                told.first = None;
            }
            None => told.first = Some(flip),
            Some(end) => {
                moves += 1;
                let count = match table {
                    Table::Solo(s) => {
                        let clears = view.is_over() && i + 1 == flips.len();
                        super::solo::move_count(s, moves, end, clears)
                    }
                    Table::Round(_) => String::new(),
                };
                match told.first.take() {
                    Some(first) if first.seat == flip.seat => {
                        let how = match end {
                            TurnEnd::Pair => "a pair!",
                            TurnEnd::Miss => "no pair.",
                            TurnEnd::Pass => "a pass, no new card turned.",
                        };
                        lines.push(format!(
                            "{who} {verb} {}, and {}: {how}{count}",
                            name(first),
                            name(flip)
                        ));
                    }
                    other => {
                        // The Duel's leader's card, told before the answer.
                        if let Some(first) = other {
                            lines.push(format!(
                                "{} {} {}",
                                table.who(first.seat),
                                turn_verb(table.is_you(first.seat)),
                                single(first)
                            ));
                        }
                        let how = match end {
                            _ if flip.across => super::solo::ACROSS_LAST,
                            // The move's first card took the pair across moves.
                            TurnEnd::Pair if i > 0 && flips[i - 1].across => {
                                "The move took its pair."
                            }
                            TurnEnd::Pair => "A pair!",
                            TurnEnd::Miss => "No pair.",
                            TurnEnd::Pass => "A pass: no new card turned.",
                        };
                        lines.push(format!("{who} {verb} {} {how}{count}", single(flip)));
                    }
                }
                if view.live() == Some(flip.position) {
                    lines.push(super::solo::STAYS_LIVE.into());
                }
                if let Some(swap) = flip.swap {
                    lines.push(format!("{}.", swap_words(table.game(), swap)));
                }
                last_ended = Some((flip.seat, end));
            }
        }
    }
    told.flips = flips.len();
    // The Duel's answerer turns the second card: say so when it is the person.
    let answering = flips
        .last()
        .is_some_and(|f| f.turn_end.is_none() && f.seat != view.mover());
    if answering
        && table.persons_turn()
        && let Some(last) = lines.last_mut()
    {
        last.push_str(" Your turn to answer from your side.");
    }
    if let Some((seat, end)) = last_ended
        && !answering
        && !view.is_over()
        && matches!(table, Table::Round(_))
        && let Some(last) = lines.last_mut()
    {
        let again = if end == TurnEnd::Pair
            && view.mover() == seat
            && table.is_you(seat)
            && view.players().variant().pair_goes_again()
        {
            " again"
        } else {
            ""
        };
        last.push_str(&format!(" {} turn{again}.", whose(table)));
    }
    if let Table::Round(r) = table
        && let Some(note) = r.coach_note()
        && flips[..].last().is_some_and(|f| table.is_you(f.seat))
        && !lines.is_empty()
    {
        lines.push(format!("Coach: {note}"));
    }
    for line in &lines {
        voice.say(line)?;
    }
    if table.over() && !told.ended {
        told.ended = true;
        let result = match table {
            Table::Round(r) => crate::app::result_line(r),
            Table::Solo(s) => crate::app::solo_result_line(s),
        };
        if let Some(line) = result {
            voice.say(&line)?;
        }
        // The end window's figures, as it shows them.
        if let Table::Round(r) = table {
            for figure in crate::app::end_figures(r) {
                voice.say(&format!("{}.", figure.trim_end_matches('.')))?;
            }
            told.rating = !r.rating_lines().is_empty();
        }
        // The end window's "Not saved" line (the record, the statistics).
        voice.tell_not_saved(app)?;
        voice.say(if app.room {
            room::ROOM_MENU
        } else {
            menu(table)
        })?;
    } else if told.ended
        && !told.rating
        && let Table::Round(r) = table
        && !r.rating_lines().is_empty()
    {
        // Worked out after the end was told.
        told.rating = true;
        for line in r.rating_lines() {
            voice.say(&format!("{}.", line.trim_end_matches('.')))?;
        }
    }
    Ok(())
}

/// In open memory, where the partners of a card just turned lie face up: "Its partner
/// is at a1." In classic memory, nothing: remembering is the game.
fn partners(table: Table, flip: Flip) -> String {
    if table.memory() != Memory::Open {
        return String::new();
    }
    let view = table.game().view();
    let deck = view.deck();
    let at: Vec<String> = view
        .known_cards()
        .filter(|&(p, c)| p != flip.position && deck.matches(c, flip.card))
        .map(|(p, _)| places::name(table.game(), p))
        .collect();
    match at.as_slice() {
        [] => String::new(),
        [one] => format!(" Its partner is at {one}."),
        more => format!(" Its partners are at {}.", more.join(" and ")),
    }
}

/// The end menu's line.
fn menu(table: Table) -> &'static str {
    match table {
        Table::Round(_) => "Choose: 1 new game, 2 same deal, 3 replay, 4 quit.",
        Table::Solo(_) => "Choose: 1 new deal, 2 same deal, 3 replay, 4 quit.",
    }
}

/// A choice of the end menu.
fn end_menu<R: BufRead, W: Write>(
    app: &mut App,
    voice: &mut Voice<R, W>,
    line: &str,
    told: &mut Told,
) -> io::Result<()> {
    let action = match (choice(line, 4), line) {
        (Some(1), _) | (_, "new" | "n") => Action::New,
        (Some(2), _) | (_, "same" | "again" | "r") => Action::Again,
        (Some(3), _) | (_, "replay" | "v") => Action::Review,
        (Some(4), _) | (_, "quit" | "q" | "exit") => Action::Quit,
        _ => {
            let table = Table::of(app).expect("a table");
            return voice.say(&super::unknown("choice", line, menu(table)));
        }
    };
    voice.act(app, action);
    if action == Action::Review {
        return Ok(());
    }
    if !app.quit {
        // A new game: told from its start.
        *told = Told::default();
        voice.settle(app);
        introduce(app, voice)?;
        narrate(app, voice, told)?;
    }
    Ok(())
}

/// One command during a game.
fn command<R: BufRead, W: Write>(
    app: &mut App,
    voice: &mut Voice<R, W>,
    line: &str,
    told: &mut Told,
) -> io::Result<()> {
    let table = Table::of(app).expect("a table");
    if let Some(pos) = places::parse(table.game(), line) {
        return turn(app, voice, pos, told);
    }
    match line {
        "board" | "b" => board(app, voice),
        "hint" | "h" => hint(app, voice, false),
        "why" | "w" => hint(app, voice, true),
        "score" | "s" => score(app, voice),
        "log" | "l" => {
            let log = table.log();
            if log.is_empty() {
                return voice.say("No turns yet.");
            }
            let from = log.len().saturating_sub(5);
            for entry in &log[from..] {
                voice.say(&format!("{entry}."))?;
            }
            Ok(())
        }
        "undo" | "u" => {
            if matches!(table, Table::Solo(_)) {
                return voice.say("Undo is for practice games against the AI.");
            }
            voice.act(app, Action::Undo);
            voice.settle(app);
            let table = Table::of(app).expect("a table");
            voice.say(&format!("{}.", table.message()))?;
            narrate(app, voice, told)?;
            let table = Table::of(app).expect("a table");
            if told.flips == table.game().view().flips().len() && table.persons_turn() {
                voice.say(&format!("{} turn.", whose(table)))?;
            }
            Ok(())
        }
        "help" | "?" => {
            voice.say(&format!("Commands: {}.", commands(table.game())))?;
            voice.say(places::naming(table.game()))
        }
        "quit" | "q" | "exit" => quit(app, voice),
        other => voice.say(&super::unknown(
            "command",
            other,
            &format!("Commands: {}.", commands(table.game())),
        )),
    }
}

/// The commands of a table: a place turns its card, named as the table names it (the
/// Two Decks Duel's by number on the person's own side).
fn commands(game: &Game) -> String {
    if game.view().side_of(0).is_some() {
        COMMANDS.replacen(
            "a coordinate such as b2 turns that card",
            "a number such as 3 turns that card of your side",
            1,
        )
    } else {
        COMMANDS.to_owned()
    }
}

/// Moves the cursor to `pos` with the arrow keys' actions, then turns the card there
/// with Enter's: the keys' own path, so the guards and refusals are the screen's.
fn turn<R: BufRead, W: Write>(
    app: &mut App,
    voice: &mut Voice<R, W>,
    pos: usize,
    told: &mut Told,
) -> io::Result<()> {
    let table = Table::of(app).expect("a table");
    let duel = table.game().view().side_of(0).is_some();
    if table.game().board().layout() != Layout::Grid || duel {
        // No rows and columns to walk: the card itself, as a click takes it.
        return turn_with(app, voice, &[Action::Click(Some(pos))], told);
    }
    let cols = table.game().view().deck().grid().1;
    let (from, to) = (table.cursor(), pos);
    let (dr, dc) = (
        (to / cols).cast_signed() - (from / cols).cast_signed(),
        (to % cols).cast_signed() - (from % cols).cast_signed(),
    );
    // Along the full rows first: a short last row is reached by its column first.
    let steps = if to / cols > from / cols {
        [Action::Move(0, dc), Action::Move(dr, 0)]
    } else {
        [Action::Move(dr, 0), Action::Move(0, dc)]
    };
    for step in steps {
        voice.act(app, step);
    }
    turn_with(app, voice, &[Action::Select], told)
}

/// Turns a card with `keys` (the cursor on it already, or a click), then tells what
/// followed.
fn turn_with<R: BufRead, W: Write>(
    app: &mut App,
    voice: &mut Voice<R, W>,
    keys: &[Action],
    told: &mut Told,
) -> io::Result<()> {
    let before = Table::of(app).expect("a table").game().view().flips().len();
    for &key in keys {
        voice.act(app, key);
    }
    voice.settle(app);
    super::tutor::ask(app, voice)?;
    if app.quit {
        // The input ended at the question: the game is left, and saved, as it stands
        // (the question is not said again as the refusal's reason).
        return Ok(());
    }
    voice.settle(app);
    let table = Table::of(app).expect("a table");
    if table.game().view().flips().len() == before {
        // Refused: the screen's reason ("That card is face up").
        return voice.say(&format!("{}.", table.message().trim_end_matches('.')));
    }
    narrate(app, voice, told)
}

/// `quit`: the screen's question, answered on the next line.
fn quit<R: BufRead, W: Write>(app: &mut App, voice: &mut Voice<R, W>) -> io::Result<()> {
    voice.act(app, Action::Quit);
    if app.overlay != Some(Overlay::ConfirmQuit) {
        return Ok(());
    }
    voice.say("Quit this game? Type y to quit, anything else to go on.")?;
    let answer = voice.read()?;
    match answer.as_deref() {
        Some("y" | "yes") => voice.act(app, Action::Yes),
        Some(_) => {
            voice.act(app, Action::Other);
            voice.say("The game goes on.")?;
        }
        None => voice.act(app, Action::Interrupt),
    }
    Ok(())
}
