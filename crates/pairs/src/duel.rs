//! Whole games between AIs, to the target: each player's loss rate with a 95% interval.
//! Players move round the seats between games (game i seats player k at seat
//! (k + i) mod m), so that no one keeps the first seat.

use super::players::{Move, PairsAi, Player, SharedSolves};
use super::rules::{Game, PairsError, Phase, Ranks};

/// One player's losses over a series.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LossRate {
    /// Games lost.
    pub losses: u64,
    /// Share of games lost.
    pub rate: f64,
    /// Lower end of the 95% interval (normal approximation).
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

/// The seed of game `i` of a series started with `seed` (SplitMix64, so neighbouring
/// series do not share deals).
#[must_use]
pub fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game between AIs seated in this order; returns the losing seat.
///
/// # Errors
/// A bad player count or target.
pub(crate) fn play_game(
    ranks: Ranks,
    seats: &mut [Player],
    target: u32,
    seed: u64,
) -> Result<usize, PairsError> {
    let mut game = Game::new(ranks, seats.len(), target, seed)?;
    loop {
        match game.phase() {
            Phase::Turn { mover } => match seats[mover].decide(&game.view()) {
                Move::Hit => {
                    game.hit()?;
                }
                Move::Fold => {
                    game.fold()?;
                }
            },
            Phase::RoundOver(_) => game.next_round()?,
            Phase::GameOver { loser, .. } => return Ok(loser),
        }
    }
}

/// Plays `games` games between these AIs (one per player, moving round the seats) and
/// returns each player's loss rate, in the order given.
///
/// # Errors
/// A bad player count or target.
pub fn series(
    ranks: Ranks,
    players: &[PairsAi],
    target: u32,
    games: u64,
    seed: u64,
) -> Result<Vec<LossRate>, PairsError> {
    series_with(ranks, players, target, games, seed, || ())
}

/// As [`series`], calling `after_game` after each game (a command's progress).
///
/// # Errors
/// A bad player count or target.
pub fn series_with(
    ranks: Ranks,
    players: &[PairsAi],
    target: u32,
    games: u64,
    seed: u64,
    mut after_game: impl FnMut(),
) -> Result<Vec<LossRate>, PairsError> {
    let m = players.len();
    let mut losses = vec![0u64; m];
    // The rounds' positions recur across games: the players solve from one table.
    let shared = SharedSolves::new();
    let mut ais: Vec<Option<Player>> = players
        .iter()
        .enumerate()
        .map(|(k, &kind)| {
            Some(Player::new(kind, game_seed(seed ^ 0x5eed, k as u64)).sharing(&shared))
        })
        .collect();
    for i in 0..games {
        let shift = (i % m as u64) as usize;
        // Seat s holds player (s + m - shift) mod m.
        // Moved, not cloned: each player keeps its coin and its kept solves.
        let mut seated: Vec<Player> = (0..m)
            .map(|s| ais[(s + m - shift) % m].take().expect("seated once"))
            .collect();
        let loser_seat = play_game(ranks, &mut seated, target, game_seed(seed, i))?;
        let loser = (loser_seat + m - shift) % m;
        losses[loser] += 1;
        for (s, p) in seated.into_iter().enumerate() {
            ais[(s + m - shift) % m] = Some(p);
        }
        after_game();
    }
    let n = games as f64;
    Ok(losses
        .into_iter()
        .map(|l| {
            let rate = l as f64 / n;
            let half = 1.96 * (rate * (1.0 - rate) / n).sqrt();
            LossRate {
                losses: l,
                rate,
                low: (rate - half).max(0.0),
                high: (rate + half).min(1.0),
            }
        })
        .collect())
}
