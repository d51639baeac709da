//! The copies of the band search, one per instruction-set path of the classic 9 x 9
//! solver (`classic/isa.rs`), stamped from one source by [`band_copy!`] and picked
//! at run time by the classic solver's CPU level ([`Path::detect`], asked once): a
//! portable copy for any CPU, and on x86-64 the x86-64-v3 copy (BMI2's `pext` for a
//! word's mini-rows, POPCNT for a branching cell's degree, AVX2 for the copy of a
//! search node) and the AVX-512 one (the givens sorted and the solution written with
//! 64-byte masked operations, 512-bit registers where the compiler vectorises). Every
//! copy gives the same answers, guess counts included (tested on the variant fixtures
//! and random givens). The calls into the fast copies are this file's only `unsafe`.

use super::{Board, RULES};
use crate::analysis::SearchResult;
use crate::classic::Path;
#[cfg(target_arch = "x86_64")]
use crate::classic::isa;
use crate::classic::isa::Portable;

/// Searches `cells` under the classic rules plus `RULES[id]` up to `limit` on the
/// copy `path` (the portable one where this CPU cannot run it), adding to `result`.
pub(super) fn search(
    cells: &[u8; 81],
    id: usize,
    limit: u64,
    path: Path,
    result: &mut SearchResult,
) {
    match path {
        #[cfg(target_arch = "x86_64")]
        Path::X86V4 if isa::x86_v4_detected() => {
            #[expect(
                unsafe_code,
                reason = "calls the x86-64-v4 copy of the band search, compiled with \
                          #[target_feature]; the CPU was just checked to have it"
            )]
            // SAFETY: `x86_v4_detected` checked every feature the copy enables.
            unsafe {
                search_x86_v4(cells, id, limit, result)
            }
        }
        #[cfg(target_arch = "x86_64")]
        Path::X86V3 if isa::x86_v3_detected() => {
            #[expect(
                unsafe_code,
                reason = "calls the x86-64-v3 copy of the band search, compiled with \
                          #[target_feature]; the CPU was just checked to have it"
            )]
            // SAFETY: `x86_v3_detected` checked every feature the copy enables.
            unsafe {
                search_x86_v3(cells, id, limit, result)
            }
        }
        _ => search_portable(cells, id, limit, result),
    }
}

/// Defines a copy of the band search on the instruction-set path `$isa` with the
/// attributes given (a `#[target_feature]` for the fast copies): `$entry` sets up the
/// board and calls `$name::<V>` for the rules `RULES[id]`; `$name`, the classic
/// solver's depth-first search (recursion bounded by the 81 cells) with the
/// variant's constants, recurses into itself, so the whole search runs with the
/// copy's features.
macro_rules! band_copy {
    ($(#[$attr:meta])* $entry:ident, $name:ident, $isa:ty) => {
        $(#[$attr])*
        fn $entry(cells: &[u8; 81], id: usize, limit: u64, result: &mut SearchResult) {
            let mut board = Board::new::<$isa>(cells);
            match id {
                0 => $name::<0>(&mut board, limit, result),
                1 => $name::<1>(&mut board, limit, result),
                _ => $name::<2>(&mut board, limit, result),
            }
        }

        $(#[$attr])*
        fn $name<const V: usize>(board: &mut Board, limit: u64, result: &mut SearchResult) {
            loop {
                // (The first test, a constant, keeps the closure out of the copies
                // that never run it.)
                let after = RULES[V].closure_after;
                let closure = after != u64::MAX && result.stats.guesses >= after;
                if !board.propagate::<V, $isa>(closure) {
                    return;
                }
                if board.solved() {
                    result.count += 1;
                    if result.first.is_none() {
                        result.first = Some(board.cells::<$isa>());
                    }
                    return;
                }
                if RULES[V].bilocal
                    && let Some((v, k, bit, k2, bit2)) = board.bilocal::<V>()
                {
                    // Two ways: the value at the first cell, else (on the board) at
                    // the second, placed at once (propagation would place it there
                    // after a round of its own: the same fixpoint, one round less).
                    result.stats.guesses += 1;
                    let mut child = *board;
                    child.assign(v, k, bit);
                    $name::<V>(&mut child, limit, result);
                    if result.count >= limit {
                        return;
                    }
                    result.stats.guesses += 1;
                    board.words[9 * k + v] &= !(1 << bit);
                    board.assign(v, k2, bit2);
                    continue;
                }
                let (k, bit) = board.branch_cell::<V>();
                crate::classic::branch_on_values!(board, k, bit, limit, result, |child| $name::<V>(
                    &mut child, limit, result
                ));
            }
        }
    };
}

band_copy!(search_portable, dfs_portable, Portable);
#[cfg(target_arch = "x86_64")]
band_copy!(
    // The features `isa::x86_v3_detected` checks (as the classic solver's copy).
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    search_x86_v3,
    dfs_x86_v3,
    isa::X86V3
);
#[cfg(target_arch = "x86_64")]
band_copy!(
    // The features `isa::x86_v4_detected` checks (as the classic solver's copy).
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt")]
    search_x86_v4,
    dfs_x86_v4,
    isa::X86V4
);
