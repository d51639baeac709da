//! The search below one constellation: a bitboard backtrack with an explicit stack,
//! compiled twice (a portable copy and an x86-64-v3 copy picked at run time), the last
//! three rows counted without branching.
//!
//! See [`super`] for the method.

use std::sync::atomic::{AtomicBool, Ordering};

use super::MAX_COUNT_N;
use super::plan::Constellation;

/// The search looks at its stop flag each time it backtracks to one of its first
/// `STOP_POLL_ROWS` rows: rarely enough to cost nothing measurable (a compare of a
/// value already loaded), often enough that a stop takes milliseconds, not the seconds
/// one search can take from n = 18 up (one search of n = 20 ran 11 s).
const STOP_POLL_ROWS: u32 = 4;

impl Constellation {
    /// The number of ways to fill the searched rows: the completions of all the
    /// representatives in this search; `None` if `stop` was set before it ended (a
    /// partial number is no count of anything, so it is not given).
    pub(super) fn completions(&self, stop: &AtomicBool) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if x86_v3_detected() {
            #[expect(
                unsafe_code,
                reason = "calls the x86-64-v3 copy of the search, compiled with \
                          #[target_feature]; the CPU was just checked to have it"
            )]
            // SAFETY: `x86_v3_detected` checked every feature the copy enables.
            return unsafe { self.completions_x86_v3(stop) };
        }
        self.search(stop)
    }

    /// [`Constellation::search`] compiled for x86-64-v3 (BMI1/BMI2's `blsi`, `blsr` and
    /// `shlx`/`shrx` for the bit steps of the hot loop).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn completions_x86_v3(&self, stop: &AtomicBool) -> Option<u64> {
        self.search(stop)
    }

    /// The search itself, inlined into each instruction-set copy.
    #[inline(always)]
    fn search(&self, stop: &AtomicBool) -> Option<u64> {
        let m = self.rows;
        if m < 4 {
            return Some(self.simple(0, self.allowed[0], 0, 0, 0));
        }
        let allowed = &self.allowed;
        let mask = self.mask;
        let bottom = [allowed[m - 3], allowed[m - 2], allowed[m - 1]];
        let taken = self.taken;
        // Saved nodes that still have candidates: [remaining candidates, left, down,
        // right, row]. A node's last candidate is entered without saving the node (nothing
        // is left to come back to), so an exhausted search returns straight to the
        // nearest ancestor with work left.
        let mut stack = [[0u32; 5]; MAX_COUNT_N];
        let mut saved = 0;
        let mut found = 0u64;
        let (mut l, mut d, mut r) = (0u32, 0u32, 0u32);
        let mut t = 0;
        let mut avail = allowed[0];
        loop {
            while avail != 0 {
                let bit = avail & avail.wrapping_neg();
                avail ^= bit;
                let nl = (l | bit) << 1;
                let nd = d | bit;
                let nr = (r | bit) >> 1;
                if t + 4 == m {
                    // Three rows are left, and exactly three columns.
                    let bottom_count = bottom3(nl, nd | taken, nr, bottom, mask);
                    found += u64::from(bottom_count);
                    continue;
                }
                let next = allowed[t + 1] & !(nl | nd | nr);
                // Rows from the child's row to the bottom row.
                let k = (m - 2 - t) as u32;
                if next == 0
                    || allowed[t + 2] & !((nl << 1) | nd | (nr >> 1)) == 0
                    || allowed[m - 1] & !((nl << k) | nd | (nr >> k)) == 0
                {
                    continue;
                }
                stack[saved] = [avail, l, d, r, t as u32];
                saved += usize::from(avail != 0);
                t += 1;
                (l, d, r) = (nl, nd, nr);
                avail = next;
            }
            if saved == 0 {
                break;
            }
            saved -= 1;
            let row;
            [avail, l, d, r, row] = stack[saved];
            if row < STOP_POLL_ROWS && stop.load(Ordering::Relaxed) {
                return None;
            }
            t = row as usize;
        }
        Some(found)
    }

    /// Plain recursion for boards with fewer than four rows to fill.
    fn simple(&self, t: usize, mut avail: u32, l: u32, d: u32, r: u32) -> u64 {
        if t + 1 == self.rows {
            return u64::from(avail.count_ones());
        }
        let mut found = 0;
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            let (nl, nd, nr) = ((l | bit) << 1, d | bit, (r | bit) >> 1);
            found += self.simple(t + 1, self.allowed[t + 1] & !(nl | nd | nr), nl, nd, nr);
        }
        found
    }
}

/// Whether this CPU runs the x86-64-v3 copy of the search (checked once, then cached
/// by `std`): it has every feature that copy's `#[target_feature(enable = ..)]` names.
#[cfg(target_arch = "x86_64")]
fn x86_v3_detected() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// The number of ways to finish the last three rows, branch-free: `l`, `d`, `r` are the
/// attack words of row `last - 2` and `masks` the columns each of the three rows may use.
/// Exactly three columns are free (`mask & !d`); each of their 6 orders is tested.
#[inline(always)]
fn bottom3(l: u32, d: u32, r: u32, masks: [u32; 3], mask: u32) -> u32 {
    let free = mask & !d;
    let f0 = free & free.wrapping_neg();
    let rest = free ^ f0;
    let f1 = rest & rest.wrapping_neg();
    let f2 = rest ^ f1;
    // Which free column each row may take, against the queens above.
    let a = free & masks[0] & !(l | r);
    let b = free & masks[1] & !((l << 1) | (r >> 1));
    let c = free & masks[2] & !((l << 2) | (r >> 2));
    let bit = |set: u32, f: u32| u32::from(set & f != 0);
    let (a0, a1, a2) = (bit(a, f0), bit(a, f1), bit(a, f2));
    let (b0, b1, b2) = (bit(b, f0), bit(b, f1), bit(b, f2));
    let (c0, c1, c2) = (bit(c, f0), bit(c, f1), bit(c, f2));
    // Neighbouring rows must not take neighbouring columns, rows two apart not columns
    // two apart (f0 < f1 < f2, so f0 and f2 are never neighbours).
    let n01 = u32::from(f1 != f0 << 1);
    let n12 = u32::from(f2 != f1 << 1);
    let t01 = u32::from(f1 != f0 << 2);
    let t12 = u32::from(f2 != f1 << 2);
    let t02 = u32::from(f2 != f0 << 2);
    (a0 & b1 & c2 & n01 & n12 & t02)
        + (a0 & b2 & c1 & n12 & t01)
        + (a1 & b0 & c2 & n01 & t12)
        + (a1 & b2 & c0 & n12 & t01)
        + (a2 & b0 & c1 & n01 & t12)
        + (a2 & b1 & c0 & n12 & n01 & t02)
}

#[cfg(test)]
mod tests {
    use super::super::plan::{MIN_N, constellations};
    use super::*;

    /// Both instruction-set copies of the search complete every constellation alike (the
    /// x86-64-v3 copy only where this CPU has it).
    #[test]
    fn both_copies_of_the_search_agree() {
        let go = AtomicBool::new(false);
        #[cfg(target_arch = "x86_64")]
        if x86_v3_detected() {
            for n in MIN_N..=14 {
                for task in constellations(n) {
                    #[expect(unsafe_code, reason = "the CPU was just checked to have x86-64-v3")]
                    // SAFETY: `x86_v3_detected` checked every feature the copy enables.
                    let fast = unsafe { task.completions_x86_v3(&go) };
                    assert_eq!(fast, task.search(&go), "n = {n}, {task:?}");
                }
            }
        }
    }

    /// A set stop flag ends a search that backtracks to its first rows, with no count;
    /// an unset one lets it run to the count the plain recursion gives.
    #[test]
    fn a_set_stop_flag_ends_a_search_without_a_count() {
        let stopped = AtomicBool::new(true);
        let go = AtomicBool::new(false);
        let mut ended_early = 0;
        for task in constellations(12) {
            let whole = task.simple(0, task.allowed[0], 0, 0, 0);
            assert_eq!(task.completions(&go), Some(whole), "{task:?}");
            match task.completions(&stopped) {
                None => ended_early += 1,
                // Searches that never backtrack to their first rows run to the end.
                Some(count) => assert_eq!(count, whole, "{task:?}"),
            }
        }
        assert!(ended_early > 0);
    }
}
