//! Strategies that choose moves, and matches between two of them.
//!
//! A [`Strategy`] is anything that picks a move in a position: [`MinimaxPlayer`],
//! [`AlphaBetaPlayer`], [`EnginePlayer`] (depth- or time-limited), [`RandomPlayer`] and
//! [`Mcts`](crate::games::Mcts). [`play_match`] plays two of them against each other from a list of
//! openings, each opening twice with the colours swapped.

use crate::adversarial::{alpha_beta, minimax};
use crate::budget::Budget;
use crate::engine::Engine;
use crate::game::{EngineGame, Game, Player, Value};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Something that chooses a move in a position.
pub trait Strategy<G: Game> {
    /// The move to play at `position`; `None` only where there is no legal move.
    fn choose_move(&mut self, position: &G) -> Option<G::Move>;
}

/// Plays the first best move of [`minimax`] at a fixed depth (`None`: to the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinimaxPlayer {
    /// The search depth in plies.
    pub depth: Option<u32>,
}

impl<G: Game> Strategy<G> for MinimaxPlayer {
    fn choose_move(&mut self, position: &G) -> Option<G::Move> {
        minimax(position, self.depth).best_move
    }
}

/// Plays the first best move of [`alpha_beta`] at a fixed depth (`None`: to the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlphaBetaPlayer {
    /// The search depth in plies.
    pub depth: Option<u32>,
}

impl<G: Game> Strategy<G> for AlphaBetaPlayer {
    fn choose_move(&mut self, position: &G) -> Option<G::Move> {
        alpha_beta(position, self.depth).best_move
    }
}

/// The [`Engine`] as a player; its table is kept from move to move.
#[derive(Debug, Clone)]
pub struct EnginePlayer<M> {
    /// The engine.
    pub engine: Engine<M>,
    /// What each move may cost: iterative deepening to the budget's depth ([`DEFAULT_DEPTH`]
    /// without one), stopped by its time if it has one (the move of the last completed
    /// iteration is played, see [`Engine::search_timed`]).
    pub budget: Budget,
}

/// The depth an [`EnginePlayer`] deepens to when its budget has none.
pub const DEFAULT_DEPTH: u32 = 64;

impl<M: Copy + PartialEq> EnginePlayer<M> {
    /// A player with a table of `2^table_bits` entries.
    #[must_use]
    pub fn new(table_bits: u32, budget: Budget) -> Self {
        Self {
            engine: Engine::new(table_bits),
            budget,
        }
    }
}

impl<G: EngineGame> Strategy<G> for EnginePlayer<G::Move> {
    fn choose_move(&mut self, position: &G) -> Option<G::Move> {
        let depth = self.budget.depth.unwrap_or(DEFAULT_DEPTH).max(1);
        let budget = self.budget.with_depth(depth);
        let timed = crate::games::deepening::deepen(&mut self.engine, position, budget, &mut ());
        timed.outcome.best_move
    }
}

/// Plays a legal move drawn uniformly by a generator seeded by the caller.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: StdRng,
}

impl RandomPlayer {
    /// A player whose choices are fixed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: StdRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Strategy<G> for RandomPlayer {
    fn choose_move(&mut self, position: &G) -> Option<G::Move> {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return None;
        }
        Some(moves[self.rng.random_range(0..moves.len())])
    }
}

/// One game of a match.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord<G: Game> {
    /// The index of the opening in the list given to [`play_match`].
    pub opening: usize,
    /// The side strategy A played.
    pub a_side: Player,
    /// The final position.
    pub last: G,
    /// The final value from A's point of view (the game's [`Game::evaluate`] with the sign of
    /// A's side); a forfeit is worth -1 to the side that forfeits.
    pub value: Value,
    /// The side that returned no move or an illegal move, which loses the game.
    pub forfeit: Option<Player>,
}

/// The result of [`play_match`], from strategy A's point of view.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult<G: Game> {
    /// Games A won (final value above 0).
    pub wins: u32,
    /// Games drawn (final value 0).
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Every game in the order played: each opening with A first as Max, then as Min.
    pub games: Vec<GameRecord<G>>,
}

impl<G: Game> MatchResult<G> {
    /// The match score of A: one point a win, half a point a draw.
    #[must_use]
    pub fn score(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The sum of the final values from A's point of view (the margin over all games).
    #[must_use]
    pub fn margin(&self) -> i64 {
        self.games.iter().map(|g| i64::from(g.value)).sum()
    }
}

/// Plays every opening twice, A as Max then A as Min, and tallies the results from A's point of
/// view. An opening is a list of moves played from `start` before the strategies take over; an
/// illegal opening move ends that opening (the moves before it stand). `&[vec![]]` plays from
/// `start` itself. A game ends at a terminal position or one without a legal move; a strategy
/// that returns no move or an illegal one forfeits.
///
/// ```
/// use search_core::{games::play_match, games::AlphaBetaPlayer, games::Game, games::MoveList, games::Player, games::RandomPlayer, games::Value};
/// /// Take 1 or 2 from a pile; taking the last one wins.
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Nim { pile: u8, max_to_move: bool }
/// impl Game for Nim {
///     type Move = u8;
///     fn to_move(&self) -> Player { if self.max_to_move { Player::Max } else { Player::Min } }
///     fn legal_moves(&self) -> MoveList<u8> { (1..=self.pile.min(2)).collect() }
///     fn play(&self, take: u8) -> Self { Nim { pile: self.pile - take, max_to_move: !self.max_to_move } }
///     fn is_terminal(&self) -> bool { self.pile == 0 }
///     fn evaluate(&self) -> Value { if self.max_to_move { -1 } else { 1 } }
/// }
/// // From 10 stones the first player (Max) wins with perfect play, and so does Max after the
/// // opening "take 1" (9 stones, Min to move). Perfect play never loses a won position.
/// let start = Nim { pile: 10, max_to_move: true };
/// let mut perfect = AlphaBetaPlayer { depth: None };
/// let mut random = RandomPlayer::new(7);
/// let result = play_match(&start, &mut perfect, &mut random, &[vec![], vec![1]]);
/// assert_eq!(result.games.len(), 4);
/// assert!(result.games[0].value > 0 && result.games[2].value > 0);
/// assert_eq!(result.wins + result.draws + result.losses, 4);
/// ```
pub fn play_match<G, A, B>(
    start: &G,
    a: &mut A,
    b: &mut B,
    openings: &[Vec<G::Move>],
) -> MatchResult<G>
where
    G: Game,
    A: Strategy<G> + ?Sized,
    B: Strategy<G> + ?Sized,
{
    let mut result = MatchResult {
        wins: 0,
        draws: 0,
        losses: 0,
        games: Vec::with_capacity(2 * openings.len()),
    };
    for (index, opening) in openings.iter().enumerate() {
        let position = play_opening(start, opening);
        for a_side in [Player::Max, Player::Min] {
            let record = play_game(&position, a, b, a_side, index);
            match record.value.signum() {
                1 => result.wins += 1,
                0 => result.draws += 1,
                _ => result.losses += 1,
            }
            result.games.push(record);
        }
    }
    result
}

/// `start` after the legal prefix of `opening`.
fn play_opening<G: Game>(start: &G, opening: &[G::Move]) -> G {
    let mut position = start.clone();
    for &mv in opening {
        if position.is_terminal() || !position.legal_moves().contains(&mv) {
            break;
        }
        position = position.play(mv);
    }
    position
}

/// One game from `position` with A playing `a_side`.
fn play_game<G, A, B>(
    position: &G,
    a: &mut A,
    b: &mut B,
    a_side: Player,
    opening: usize,
) -> GameRecord<G>
where
    G: Game,
    A: Strategy<G> + ?Sized,
    B: Strategy<G> + ?Sized,
{
    let mut position = position.clone();
    let mut forfeit = None;
    while !position.is_terminal() {
        let mover = position.to_move();
        let choice = if mover == a_side {
            a.choose_move(&position)
        } else {
            b.choose_move(&position)
        };
        match choice {
            Some(mv) if position.legal_moves().contains(&mv) => position = position.play(mv),
            _ => {
                forfeit = Some(mover);
                break;
            }
        }
    }
    let value = match forfeit {
        Some(side) if side == a_side => -1,
        Some(_) => 1,
        None => position.evaluate() * a_side.sign(),
    };
    GameRecord {
        opening,
        a_side,
        last: position,
        value,
        forfeit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MoveList;

    /// Take 1 or 2 from a pile; taking the last one wins (+1 for Max; 0 while stones are left).
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Nim {
        pile: u8,
        max_to_move: bool,
    }

    impl Game for Nim {
        type Move = u8;
        fn to_move(&self) -> Player {
            if self.max_to_move {
                Player::Max
            } else {
                Player::Min
            }
        }
        fn legal_moves(&self) -> MoveList<u8> {
            (1..=self.pile.min(2)).collect()
        }
        fn play(&self, take: u8) -> Self {
            Nim {
                pile: self.pile - take,
                max_to_move: !self.max_to_move,
            }
        }
        fn evaluate(&self) -> Value {
            match (self.pile, self.max_to_move) {
                (0, true) => -1,
                (0, false) => 1,
                _ => 0,
            }
        }
    }

    impl EngineGame for Nim {
        fn key(&self) -> u64 {
            u64::from(self.pile) << 1 | u64::from(self.max_to_move)
        }
    }

    /// Takes one stone (or gives no move, when `gives_up`), remembering every position it saw.
    struct Recorder {
        seen: Vec<Nim>,
        gives_up: bool,
    }

    impl Strategy<Nim> for Recorder {
        fn choose_move(&mut self, position: &Nim) -> Option<u8> {
            self.seen.push(*position);
            (!self.gives_up).then_some(1)
        }
    }

    fn recorder(gives_up: bool) -> Recorder {
        Recorder {
            seen: Vec::new(),
            gives_up,
        }
    }

    const FIVE: Nim = Nim {
        pile: 5,
        max_to_move: true,
    };

    #[test]
    fn an_opening_stops_at_its_first_illegal_move() {
        let (mut a, mut b) = (recorder(false), recorder(false));
        // Taking 3 is illegal: the games start after "take 1", Min to move with 4 stones.
        let result = play_match(&FIVE, &mut a, &mut b, &[vec![1, 3, 1]]);
        let after = Nim {
            pile: 4,
            max_to_move: false,
        };
        // A plays Max first (B, as Min, moves first), then Min (A moves first).
        assert_eq!(b.seen[0], after);
        assert_eq!(a.seen[2], after);
        // Both take one at a time: 4 stones, Min, Max, Min, Max; Max takes the last.
        assert_eq!(result.games[0].value, 1);
        assert_eq!(result.games[1].value, -1);
        assert_eq!((result.wins, result.draws, result.losses), (1, 0, 1));
        // An opening that ends the game leaves nothing to play.
        let (mut a, mut b) = (recorder(false), recorder(false));
        let over = play_match(&FIVE, &mut a, &mut b, &[vec![2, 2, 1, 1]]);
        assert!(a.seen.is_empty() && b.seen.is_empty());
        assert_eq!(over.games[0].last.pile, 0);
    }

    #[test]
    fn a_strategy_without_a_move_forfeits_to_the_other() {
        let (mut a, mut b) = (recorder(false), recorder(true));
        let result = play_match(&FIVE, &mut a, &mut b, &[vec![]]);
        assert_eq!((result.wins, result.losses), (2, 0));
        assert!(result.games.iter().all(|g| g.value == 1));
        assert_eq!(result.games[0].forfeit, Some(Player::Min));
        assert_eq!(result.games[1].forfeit, Some(Player::Max));
        assert_eq!(result.margin(), 2);
        assert_eq!(result.score(), 2.0);
    }

    #[test]
    fn an_engine_player_searches_at_least_one_ply() {
        // Depth 0 is taken as 1: a move, the one that takes the last stones.
        let mut player = EnginePlayer::new(8, Budget::depth(0));
        let two = Nim {
            pile: 2,
            max_to_move: true,
        };
        assert_eq!(player.choose_move(&two), Some(2));
        assert_eq!(MinimaxPlayer { depth: Some(1) }.choose_move(&two), Some(2));
    }
}
