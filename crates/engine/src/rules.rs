//! The rules of Concentration: decks, dealing, the hidden table, the public view and
//! turn logic. Knows nothing of solvers, players or screens.

mod board;
mod coordinates;
mod deck;
mod duel_deck;
mod duel_table;
mod game;
mod layout;
mod moving;
mod options;
mod view;

pub use board::{Board, Direction, Layout, Place};
pub use coordinates::{column_letters, coordinate, face_text, parse_coordinate};
pub use deck::{
    Back, Deck, DeckError, Face, FaceStyle, Ink, Label, MAX_CHECKER_PAIRS, MAX_COPIES, MAX_LABELS,
    MAX_TABLE_CARDS, MAX_ZEBRA_RANKS, zebra_red,
};
pub use game::{Game, IllegalFlip, TableError};
pub use layout::{Card, below, deal};
pub use moving::{BadMoving, Moving, Swap};
pub use options::{
    MarginWithdraw, Objective, PassRule, Reach, Seat, Taker, UnknownName, Variant,
    check_combination,
};
pub use view::{
    EndReason, Flip, GameResult, Outcome, Phase, Players, PublicView, Slot, Table, Tally, TurnEnd,
};
