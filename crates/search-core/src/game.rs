//! Two-player zero-sum games with perfect information.

use smallvec::SmallVec;
use std::fmt::Debug;

/// A game value, from Max's point of view: higher is better for Max.
pub type Value = i32;

/// Larger than every value a game may return; evaluations lie strictly between
/// `-INFINITY` and `INFINITY`.
pub const INFINITY: Value = i32::MAX - 1;

/// A list of moves, on the stack for up to 32 moves.
pub type MoveList<M> = SmallVec<[M; 32]>;

/// The two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// The side that maximises the value.
    Max,
    /// The side that minimises the value.
    Min,
}

impl Player {
    /// Max at even plies, Min at odd ones (the unit tests' games).
    #[cfg(test)]
    pub(crate) fn alternating(ply: u32) -> Self {
        if ply % 2 == 0 { Self::Max } else { Self::Min }
    }

    /// The other side.
    #[must_use]
    pub fn opponent(self) -> Self {
        match self {
            Self::Max => Self::Min,
            Self::Min => Self::Max,
        }
    }

    /// `1` for Max, `-1` for Min: turns a Max-view value into the mover's view and back.
    pub fn sign(self) -> Value {
        match self {
            Self::Max => 1,
            Self::Min => -1,
        }
    }
}

/// A game position with the side to move.
///
/// Positions are values: [`play`](Game::play) returns the next position and leaves `self` as it
/// was (small `Copy` boards make this cheap). The side to move is a property of the position, so
/// games where one side can move twice in a row (Kalah's free turns) need nothing special.
pub trait Game: Clone {
    /// A move. A pass is a move where the rules have one.
    type Move: Copy + PartialEq + Debug;

    /// The side to move.
    fn to_move(&self) -> Player;

    /// The legal moves in a fixed order (the order decides ties). Empty exactly when the game is
    /// over: this is the one definition of the end of a game that every search uses.
    fn legal_moves(&self) -> MoveList<Self::Move>;

    /// The position after `mv`, which must be legal.
    #[must_use]
    fn play(&self, mv: Self::Move) -> Self;

    /// Whether the game is over: exactly when [`legal_moves`](Game::legal_moves) is empty,
    /// which the default asks. Override it only with a faster test that always agrees (the
    /// searches check the agreement in debug builds: a game where the two disagree would get
    /// different values from different searches).
    fn is_terminal(&self) -> bool {
        self.legal_moves().is_empty()
    }

    /// The static value from Max's point of view: the exact result at a terminal position, an
    /// estimate elsewhere. Must lie strictly between `-INFINITY` and `INFINITY`.
    fn evaluate(&self) -> Value;
}

/// A game the [`Engine`](crate::games::Engine) can search: positions have a hash key, and moves can be
/// put in a promising order.
pub trait EngineGame: Game {
    /// A hash of the position including the side to move (Zobrist keys or a perfect packing).
    /// Equal positions must have equal keys; distinct positions should rarely collide.
    fn key(&self) -> u64;

    /// Puts `moves` in a promising order (best first) before the engine searches them. The
    /// default keeps the generation order.
    fn order_moves(&self, _moves: &mut MoveList<Self::Move>) {}

    /// Whether the engine's table is probed and written at this position (the remaining depth
    /// must also be at least 2). The default is everywhere. Near the end of a game whose
    /// subtrees are tiny (the last few empty squares of reversi) a probe is a cache miss that
    /// costs more than searching the subtree again, and skipping those positions leaves the
    /// table to the big subtrees. Values never depend on it.
    fn use_table(&self) -> bool {
        true
    }

    /// The game's own answer at unlimited depth, consulted before the engine searches this
    /// position: its value from the side to move's point of view within the window
    /// `(alpha, beta)` (in that view), fail-soft like the engine's own search (exact strictly
    /// inside the window, otherwise a bound on the same side of it), with the number of
    /// positions that answer visited (this one included). `None`, the default, lets the engine
    /// search. A game's specialised endgame goes here, and so do sound cut-offs (a proved cap
    /// at or below `alpha` is a valid fail-low answer). When it answers for the root itself the
    /// outcome has no best move. Values are unchanged as long as the answer keeps this contract.
    fn solve_small(&self, _alpha: Value, _beta: Value) -> Option<(Value, u64)> {
        None
    }

    /// The game's probable cut-off test for a search of `depth` plies from this position
    /// (Multi-ProbCut, Buro 1997), consulted by the engine at every position below the root
    /// searched to a fixed depth: `None`, the default, turns it off (the engine's values are
    /// then exact at that depth). With a test, values become estimates: see [`ProbableCut`].
    fn probable_cut(&self, _depth: u32) -> Option<ProbableCut> {
        None
    }
}

/// A fitted linear model of a deep search's value from a shallow one at the same position
/// (the side to move's view), for a probable cut-off: the engine first searches the position
/// to `shallow` plies with a null window and cuts when the model says the deep value lies
/// beyond the window by more than `margin` (`t` standard deviations of the model's error).
/// That is, with `v` the shallow value, it returns `beta` when
/// `slope * v + offset >= beta + margin`, and `alpha` when `slope * v + offset <= alpha - margin`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProbableCut {
    /// The depth of the shallow search (less than the deep one).
    pub shallow: u32,
    /// The model's slope (positive).
    pub slope: f32,
    /// The model's offset.
    pub offset: f32,
    /// How far beyond the window the predicted value must lie.
    pub margin: f32,
}

impl ProbableCut {
    /// The null-window bounds of the shallow searches for the window `(alpha, beta)`: a
    /// shallow value at or above the first says the deep one is probably at least `beta`,
    /// one at or below the second that it is probably at most `alpha`. `None` on a side whose
    /// bound is infinite.
    #[must_use]
    pub fn shallow_bounds(&self, alpha: Value, beta: Value) -> (Option<Value>, Option<Value>) {
        let to_shallow = |deep: f64| {
            let v = (deep - f64::from(self.offset)) / f64::from(self.slope);
            v.clamp(f64::from(-INFINITY + 2), f64::from(INFINITY - 2))
        };
        let margin = f64::from(self.margin);
        let high = (beta < INFINITY).then(|| to_shallow(f64::from(beta) + margin).ceil() as Value);
        let low =
            (alpha > -INFINITY).then(|| to_shallow(f64::from(alpha) - margin).floor() as Value);
        (high, low)
    }
}
