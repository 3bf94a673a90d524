//! The chain model (`kalah::chains` and `Board`'s `Game`/`EngineGame` impls) against plain
//! definitions: chains enumerated by naive recursion over pot sequences, each move's ordering
//! score from its definition, `order_moves` as a stable sort, and position keys that tell
//! positions apart.

use kalah::{Board, Chain, Player, Rules, chains};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use search_core::games::{EngineGame, Game};

/// Positions reached by random pot sowings from the start of several variants, both sides to
/// move first.
fn positions() -> Vec<Board> {
    let mut rng = StdRng::seed_from_u64(25);
    let mut out = Vec::new();
    for (pots, stones) in [(3, 3), (4, 3), (6, 4), (8, 3), (6, 6), (5, 2)] {
        let rules = Rules::new(pots, stones).unwrap();
        for first in [Player::Max, Player::Min] {
            for _ in 0..6 {
                let mut b = Board::new(rules, first);
                while !b.is_over() {
                    out.push(b);
                    let legal: Vec<usize> = b.legal_pots().collect();
                    b = b.play_pot(legal[rng.random_range(0..legal.len())]);
                }
                out.push(b);
            }
        }
    }
    // Tchoukaillon positions (every stone of the mover's row reaches the kalah in one chain of
    // free turns): 21 stones chain past the capacity on 8 pots, for either side.
    let tchoukaillon = [1u8, 2, 2, 1, 3, 5, 7, 0]; // by distance to the kalah, 1 first
    let mut row = tchoukaillon;
    row.reverse(); // by pot, pot 0 (farthest) first
    let rules = Rules::new(8, 3).unwrap();
    out.push(Board::from_parts(rules, &row, 0, &[2; 8], 0, Player::Max).unwrap());
    out.push(Board::from_parts(rules, &[2; 8], 3, &row, 1, Player::Min).unwrap());
    out
}

/// Every pot sequence where all pots but the last earn a free turn, in lexicographic order,
/// keeping the first sequence to each final position.
fn naive_chains(board: &Board) -> Vec<(Vec<usize>, Board)> {
    fn walk(b: &Board, prefix: &mut Vec<usize>, out: &mut Vec<(Vec<usize>, Board)>) {
        for pot in 0..b.pots() {
            if !b.is_legal(pot) {
                continue;
            }
            let (after, sowing) = b.sow(pot);
            prefix.push(pot);
            // A chain is cut at its capacity, even on a free turn.
            if sowing.free_turn && prefix.len() < Chain::CAPACITY {
                walk(&after, prefix, out);
            } else if !out.iter().any(|(_, f)| f.pits() == after.pits()) {
                out.push((prefix.clone(), after));
            }
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    if !board.is_over() {
        walk(board, &mut Vec::new(), &mut out);
    }
    out
}

#[test]
fn chains_are_the_naive_pot_sequences_with_their_scores() {
    let mut with_min_lead = 0;
    for b in positions() {
        let got = chains(&b);
        let want = naive_chains(&b);
        let got_pots: Vec<Vec<usize>> = got.iter().map(|c| c.pots().collect()).collect();
        let want_pots: Vec<Vec<usize>> = want.iter().map(|(p, _)| p.clone()).collect();
        assert_eq!(got_pots, want_pots, "{b:?}");
        assert_eq!(got.is_empty(), b.is_over());
        assert_eq!(Game::legal_moves(&b).len(), got.len());
        let sign = if b.to_move() == Player::Max { 1 } else { -1 };
        if b.to_move() == Player::Min && b.kalah_difference() != 0 {
            with_min_lead += 1;
        }
        for (chain, (_, after)) in got.iter().zip(&want) {
            assert_eq!(b.play_chain(*chain).pits(), after.pits());
            assert_eq!(Game::play(&b, *chain).pits(), after.pits());
            // The score: the mover's kalah lead gained by the chain, plus 128, clamped.
            let gain = (after.kalah_difference() - b.kalah_difference()) * sign;
            assert_eq!(
                i32::from(chain.score()),
                (gain + 128).clamp(0, 255),
                "{b:?} {chain}"
            );
        }
    }
    assert!(with_min_lead > 20);
}

#[test]
fn a_chain_is_cut_at_its_capacity() {
    let tchoukaillon = positions().pop().unwrap();
    let moves = chains(&tchoukaillon);
    // Some chain is cut while its last pot earned a free turn: the same side is to move.
    assert!(
        moves
            .iter()
            .any(|c| c.len() == Chain::CAPACITY
                && tchoukaillon.play_chain(*c).to_move() == Player::Min),
        "the Tchoukaillon row chains past the capacity"
    );
    assert!(moves.iter().all(|c| c.len() <= Chain::CAPACITY));
}

#[test]
fn moves_are_ordered_by_score_then_later_chains_first() {
    for b in positions() {
        let mut moves = chains(&b);
        let generated: Vec<Chain> = moves.iter().copied().collect();
        b.order_moves(&mut moves);
        // A stable sort of the reversed list by falling score.
        let mut want = generated.clone();
        want.reverse();
        want.sort_by_key(|c| std::cmp::Reverse(c.score()));
        let got: Vec<Chain> = moves.iter().copied().collect();
        assert_eq!(got, want, "{b:?}");
    }
}

#[test]
fn the_game_trait_reads_the_board() {
    for b in positions() {
        assert_eq!(Game::to_move(&b), b.to_move());
        assert_eq!(Game::is_terminal(&b), b.is_over());
        assert_eq!(Game::evaluate(&b), b.kalah_difference());
    }
}

#[test]
fn keys_tell_positions_apart() {
    // Every pit of the largest board and the side to move change the key.
    let rules = Rules::new(8, 3).unwrap();
    let base = Board::from_parts(rules, &[3; 8], 1, &[3; 8], 2, Player::Max).unwrap();
    let mut keys = vec![base.key()];
    let flipped = Board::from_parts(rules, &[3; 8], 1, &[3; 8], 2, Player::Min).unwrap();
    keys.push(flipped.key());
    for pit in 0..18 {
        let (mut max_pots, mut min_pots, mut kalahs) = ([3u8; 8], [3u8; 8], [1u8, 2]);
        // Pits in sowing order: Min's pots, Min's kalah, Max's pots, Max's kalah.
        match pit {
            0..=7 => min_pots[pit] += 1,
            8 => kalahs[1] += 1,
            9..=16 => max_pots[pit - 9] += 1,
            _ => kalahs[0] += 1,
        }
        for side in [Player::Max, Player::Min] {
            let b =
                Board::from_parts(rules, &max_pots, kalahs[0], &min_pots, kalahs[1], side).unwrap();
            assert_eq!(b.pits()[pit], base.pits()[pit] + 1);
            keys.push(b.key());
        }
    }
    let n = keys.len();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), n);
    // The key mixes every bit of the pits: two pits of the low word, two of the high word and
    // the last two, each 0 to 15 stones: different positions, different keys.
    let mut seen = Vec::new();
    for (i, j) in [(0, 1), (8, 9), (16, 17)] {
        for a in 0..16u8 {
            for b in 0..16u8 {
                let mut pits = [3u8; 18];
                pits[i] = a;
                pits[j] = b;
                // Pits 8 and 17 are the kalahs; the others are pots, never a row emptied.
                let b = Board::from_parts(
                    rules,
                    &pits[9..17],
                    pits[17],
                    &pits[..8],
                    pits[8],
                    Player::Max,
                )
                .unwrap();
                seen.push((b.key(), pits));
            }
        }
    }
    seen.sort_unstable();
    seen.dedup();
    assert!(seen.len() > 700);
    assert!(
        seen.windows(2).all(|w| w[0].0 != w[1].0),
        "two positions share a key"
    );
    // Equal positions, equal keys.
    let again = Board::from_parts(rules, &[3; 8], 1, &[3; 8], 2, Player::Max).unwrap();
    assert_eq!(again.key(), base.key());
}
