//! The two sides.

/// A side. Black is Reversi Tiny's "dark" (player `1`, always Max there) and moves first from the
/// standard start; White is "light" (player `2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Black, also called dark.
    Black,
    /// White, also called light.
    White,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn opponent(self) -> Self {
        match self {
            Self::Black => Self::White,
            Self::White => Self::Black,
        }
    }
}
