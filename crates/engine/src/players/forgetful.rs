//! A forgetful player for children and beginners: the usual strategy with a short memory.

use std::cmp::Ordering;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::rules::{Card, Deck, PassRule, Phase, PublicView, Slot, below};

/// Plays the usual strategy but remembers only the last `memory` cards it saw turned
/// (by either player). Cards it has forgotten are, to it, as good as unknown. It plays
/// worse only through what it forgets: where a pass would end the game, it passes to a
/// win when it knows how and never risks a pass to a loss while an unknown card is left.
///
/// Unlike [`super::Policy`] players it works on the table itself, because forgetting is
/// about particular cards, which the abstract state does not name. It sees only the
/// public view. Its random choices come from a seeded stream, so a seed replays a game.
#[derive(Debug, Clone)]
pub struct Forgetful {
    memory: usize,
    rng: ChaCha8Rng,
}

impl Forgetful {
    /// Cards remembered at the easy level.
    pub(crate) const EASY: usize = 2;
    /// Cards remembered at the medium level.
    pub(crate) const MEDIUM: usize = 6;

    /// A player remembering the last `memory` cards seen, choosing with a stream seeded
    /// with `seed`.
    #[must_use]
    pub fn new(memory: usize, seed: u64) -> Self {
        Self {
            memory,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// How many cards it remembers.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.memory
    }

    /// The name shown to players.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self.memory {
            Self::EASY => "forgetful-easy",
            Self::MEDIUM => "forgetful-medium",
            _ => "forgetful",
        }
    }

    /// Positions (still on the table) and faces of the cards it remembers: where they
    /// lie now, after any swap it watched (moving cards).
    fn remembered(&self, view: &PublicView) -> Vec<(usize, Card)> {
        let mut out: Vec<(usize, Card)> = Vec::new();
        for &place in view.places_now().iter().rev() {
            if out.len() >= self.memory {
                break;
            }
            if out.iter().any(|&(p, _)| p == place) {
                continue;
            }
            if let Slot::Known(card) = view.slots()[place] {
                out.push((place, card));
            }
        }
        out
    }

    /// How a pass now would end the game for the mover, by the score it can see: won
    /// (`Greater`: more pairs than every other seat) or lost (`Less`) under `quit`, or
    /// under `agreed` right after a pass by every other seat; `None` where a pass does
    /// not end the game or ends it without a sole leader.
    fn ending_pass(view: &PublicView) -> Option<Ordering> {
        let ends = match view.pass_rule() {
            Some(PassRule::Quit) => true,
            Some(PassRule::Agreed) => usize::from(view.passes()) + 1 >= view.seats(),
            _ => false,
        };
        Some(view.diff().cmp(&0)).filter(|&o| ends && o != Ordering::Equal)
    }

    /// Remembered cards with a remembered card that does not pair with them (by the
    /// deck's rule: on Zebra a twin does not): the first card of a pass it knows to be one.
    fn sure_pass_firsts(deck: &Deck, memory: &[(usize, Card)]) -> Vec<usize> {
        memory
            .iter()
            .filter(|&&(p, a)| memory.iter().any(|&(q, b)| q != p && !deck.matches(a, b)))
            .map(|&(p, _)| p)
            .collect()
    }

    fn pick(&mut self, candidates: &[usize]) -> usize {
        let i = below(&mut self.rng, candidates.len() as u64);
        candidates[usize::try_from(i).expect("index fits")]
    }

    /// The position to turn next. Always a legal flip.
    ///
    /// # Panics
    /// If the game is over.
    pub fn choose(&mut self, view: &PublicView) -> usize {
        let memory = self.remembered(view);
        let on_table: Vec<usize> = (0..view.slots().len())
            .filter(|&p| !matches!(view.slots()[p], Slot::Removed(_)))
            .collect();
        let forgotten = |except: Option<usize>| -> Vec<usize> {
            on_table
                .iter()
                .copied()
                .filter(|&p| Some(p) != except && !memory.iter().any(|&(q, _)| q == p))
                .collect()
        };
        // A pass that ends the game decides it by the score, whatever the forgotten cards
        // are: ahead, it ends the game when it knows how; behind, it risks no pass while a
        // card remains that cannot make one. (It forgets cards, not the rules.)
        let ending = Self::ending_pass(view);
        let deck = view.deck();
        match view.phase() {
            Phase::FirstCard => {
                let sure = Self::sure_pass_firsts(deck, &memory);
                if ending == Some(Ordering::Greater) && !sure.is_empty() {
                    return self.pick(&sure);
                }
                // A remembered pair: take it.
                for (i, &(p, card)) in memory.iter().enumerate() {
                    if memory[i + 1..].iter().any(|&(_, c)| deck.matches(card, c)) {
                        return p;
                    }
                }
                let candidates = forgotten(None);
                if candidates.is_empty() {
                    // It remembers every card and no two match: turn any of them.
                    self.pick(&on_table)
                } else {
                    self.pick(&candidates)
                }
            }
            Phase::SecondCard {
                first,
                first_was_known,
            } => {
                let first_card = match view.slots()[first] {
                    Slot::Known(c) => c,
                    _ => panic!("the first card is face up"),
                };
                let pairs = |c: Card| deck.matches(first_card, c);
                if first_was_known && ending == Some(Ordering::Greater) {
                    let sure: Vec<usize> = memory
                        .iter()
                        .filter(|&&(p, c)| p != first && !pairs(c))
                        .map(|&(p, _)| p)
                        .collect();
                    if !sure.is_empty() {
                        return self.pick(&sure);
                    }
                }
                if let Some(&(p, _)) = memory.iter().find(|&&(p, c)| pairs(c) && p != first) {
                    return p;
                }
                let pass_allowed = match view.pass_rule() {
                    None => true,
                    Some(PassRule::None) => false,
                    Some(PassRule::Ko) => !view.after_pass(),
                    Some(_) => true,
                };
                let legal = |p: usize| match view.slots()[p] {
                    Slot::Known(c) => pairs(c) || !first_was_known || pass_allowed,
                    Slot::Unknown => true,
                    Slot::Removed(_) => false,
                };
                let mut candidates: Vec<usize> = forgotten(Some(first))
                    .into_iter()
                    .filter(|&p| legal(p))
                    .collect();
                if first_was_known && ending == Some(Ordering::Less) {
                    // A forgotten known card might be a pass; an unknown one cannot.
                    let safe: Vec<usize> = candidates
                        .iter()
                        .copied()
                        .filter(|&p| matches!(view.slots()[p], Slot::Unknown))
                        .collect();
                    if !safe.is_empty() {
                        candidates = safe;
                    }
                }
                if candidates.is_empty() {
                    let any: Vec<usize> = on_table
                        .iter()
                        .copied()
                        .filter(|&p| p != first && legal(p))
                        .collect();
                    self.pick(&any)
                } else {
                    self.pick(&candidates)
                }
            }
            Phase::Over(_) => panic!("no move in a finished game"),
        }
    }
}

/// A new game asks only for a fresh stream: what it remembers is read off the game's own
/// flips.
impl super::Player for Forgetful {
    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
    fn choose(&mut self, view: &PublicView) -> usize {
        Forgetful::choose(self, view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Deck, Game, Players, Seat};

    fn play_out(memory: usize, rule: PassRule, seed: u64) {
        let deck = Deck::parse("pairs:8").unwrap();
        let mut game = Game::new(deck, seed, Players::two(rule)).unwrap();
        let mut a = Forgetful::new(memory, seed);
        let mut flips = 0;
        while !game.view().is_over() {
            let p = a.choose(game.view());
            game.try_flip(p).expect("forgetful plays legal flips");
            flips += 1;
            assert!(flips < 10_000, "the game ends");
        }
    }

    #[test]
    fn always_legal_and_the_game_ends() {
        for rule in PassRule::ALL {
            for memory in [0, 1, Forgetful::EASY, Forgetful::MEDIUM, 100] {
                for seed in 0..5 {
                    play_out(memory, rule, seed);
                }
            }
        }
    }

    /// Checks one choice `p` of a player remembering `memory` against what it knows
    /// without any forgotten card: a pass that ends the game decides it by the score.
    /// Counts the situations checked (behind, ahead).
    fn check_choice(view: &PublicView, memory: &[(usize, Card)], p: usize, seen: &mut [u32; 2]) {
        let ends = match view.pass_rule() {
            Some(PassRule::Quit) => true,
            Some(PassRule::Agreed) => view.after_pass(),
            _ => false,
        };
        if !ends || view.diff() == 0 {
            return;
        }
        let remembered = |q: usize| memory.iter().find(|&&(r, _)| r == q).map(|&(_, c)| c.label);
        let sure_pass = memory
            .iter()
            .any(|&(_, l)| memory.iter().any(|&(_, m)| m.label != l.label));
        let what = format!("{view:?}\nremembers {memory:?}, turns {p}");
        match view.phase() {
            Phase::SecondCard {
                first,
                first_was_known: true,
            } => {
                let Slot::Known(card) = view.slots()[first] else {
                    panic!("the first card is face up");
                };
                if view.diff() < 0 && view.unknown_positions().next().is_some() {
                    // Behind: an unknown card or a remembered partner, nothing that might
                    // be a pass.
                    seen[0] += 1;
                    assert!(
                        matches!(view.slots()[p], Slot::Unknown)
                            || remembered(p) == Some(card.label),
                        "risks a losing pass: {what}"
                    );
                }
                if view.diff() > 0 && memory.iter().any(|&(_, c)| c.label != card.label) {
                    // Ahead with a pass it knows: it takes the win.
                    seen[1] += 1;
                    assert!(
                        remembered(p).is_some_and(|l| l != card.label),
                        "misses a winning pass: {what}"
                    );
                }
            }
            Phase::FirstCard if view.diff() > 0 && sure_pass => {
                // Ahead and able to pass for sure: it starts the pass.
                seen[1] += 1;
                let l = remembered(p);
                assert!(
                    l.is_some_and(|l| memory.iter().any(|&(_, m)| m.label != l)),
                    "misses a winning pass: {what}"
                );
            }
            _ => {}
        }
    }

    #[test]
    fn never_misplays_a_pass_that_ends_the_game() {
        let mut seen = [0; 2];
        for rule in [PassRule::Agreed, PassRule::Quit] {
            for deck in ["pairs:8", "4x4"] {
                for memory in [0, 1, Forgetful::EASY, 4, Forgetful::MEDIUM] {
                    for seed in 0..100 {
                        let deck = Deck::parse(deck).unwrap();
                        let mut game = Game::new(deck, seed, Players::two(rule)).unwrap();
                        let mut players = [
                            Forgetful::new(memory, seed),
                            Forgetful::new(Forgetful::MEDIUM, seed + 1),
                        ];
                        while !game.view().is_over() {
                            let view = game.view().clone();
                            let f = &mut players[usize::from(view.mover() == Seat::SECOND)];
                            let memory = f.remembered(&view);
                            let p = f.choose(&view);
                            check_choice(&view, &memory, p, &mut seen);
                            game.try_flip(p).expect("a legal flip");
                        }
                    }
                }
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }

    #[test]
    fn remembers_only_the_last_cards() {
        let deck = Deck::parse("pairs:8").unwrap();
        let mut game = Game::new(deck, 3, Players::two(PassRule::Agreed)).unwrap();
        for p in 0..6 {
            let _ = game.try_flip(p);
        }
        let f = Forgetful::new(2, 0);
        assert!(f.remembered(game.view()).len() <= 2);
        assert_eq!(f.name(), "forgetful-easy");
    }

    #[test]
    fn its_memory_follows_a_swapped_card() {
        use crate::rules::{Game, Moving, Players};
        let deck = Deck::parse("pairs:6").unwrap();
        // Seeds until the swap after the second turn moves a card of the first.
        for seed in 0..500 {
            let mut g = Game::new(deck.clone(), seed, Players::two(PassRule::Agreed))
                .unwrap()
                .moving(Moving::every(2));
            let cards = g.reveal_all().to_vec();
            let differ = |a: usize, b: usize| cards[a].label != cards[b].label;
            let (a1, b1, a2, b2) = (0, 1, 2, 3);
            if !differ(a1, b1) || !differ(a2, b2) {
                continue;
            }
            for p in [a1, b1, a2] {
                g.try_flip(p).unwrap();
            }
            let Some(swap) = g.try_flip(b2).unwrap().swap else {
                continue;
            };
            let Some(&from) = [a1, b1].iter().find(|&&q| q == swap.a || q == swap.b) else {
                continue;
            };
            let to = swap.moved(from);
            let memory = Forgetful::new(Forgetful::MEDIUM, 0).remembered(g.view());
            assert!(memory.contains(&(to, cards[from])), "{memory:?}");
            if !matches!(g.view().slots()[from], Slot::Known(_)) {
                assert!(!memory.iter().any(|&(p, _)| p == from));
            }
            return;
        }
        panic!("no seed swapped a seen card");
    }
}
