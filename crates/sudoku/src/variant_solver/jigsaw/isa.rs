//! The instruction-set copies of the jigsaw search. The search is compiled three times
//! from one source (`search_copy!` in the parent module): a portable copy for any CPU,
//! and on x86-64 the copies the classic solver has (its [`Path`], whose detection,
//! asked once, this module reuses): the x86-64-v3 extensions (BMI1's `andn` and
//! `tzcnt`, BMI2's flagless shifts, POPCNT for a branching cell's degree, AVX2 for the
//! nine values' 128-bit sets when a node is copied or a cell leaves every value), and
//! AVX-512 F, BW and VL as well. Every copy gives the same answers, guesses included
//! (tested on random layouts). Speed: the crate README ("Jigsaw speed").

use super::{Jigsaw, SearchResult, search_portable};
#[cfg(target_arch = "x86_64")]
use super::{search_x86_v3, search_x86_v4};
use crate::classic::Path;

/// Runs the search of `cells` (givens checked or not: a clash gives no solution) on
/// the copy `path`, or on the portable copy when this CPU cannot run `path`.
pub(super) fn run(
    jigsaw: &Jigsaw,
    cells: &[u8; 81],
    limit: u64,
    path: Path,
    result: &mut SearchResult,
) {
    match path {
        #[cfg(target_arch = "x86_64")]
        Path::X86V4 if path.available() => {
            #[expect(
                unsafe_code,
                reason = "calls the x86-64-v4 copy of the jigsaw search, compiled with \
                          #[target_feature]; the CPU was just checked to have it"
            )]
            // SAFETY: `Path::available` checked every feature the copy enables (the
            // classic solver's x86-64-v4 list, which the copy's attribute repeats).
            unsafe {
                search_x86_v4(jigsaw, cells, limit, result);
            }
        }
        #[cfg(target_arch = "x86_64")]
        Path::X86V3 if path.available() => {
            #[expect(
                unsafe_code,
                reason = "calls the x86-64-v3 copy of the jigsaw search, compiled with \
                          #[target_feature]; the CPU was just checked to have it"
            )]
            // SAFETY: `Path::available` checked every feature the copy enables.
            unsafe {
                search_x86_v3(jigsaw, cells, limit, result);
            }
        }
        _ => search_portable(jigsaw, cells, limit, result),
    }
}
