//! The counter's backtracking: the hot loop below one task, the branch-free count of
//! the last three rows, and a plain recursive search for tasks with three rows or fewer
//! left.

use super::{MAX_COUNT_N, Plan, Rules, Tally, Task};

impl Plan {
    /// The backtracking below one task of the corner (`CORNER`) or edge family.
    ///
    /// Rows `task.depth..last - 2` go through an explicit stack that saves each row's
    /// remaining candidates, its queen and its diagonal words (going back up takes the
    /// queen off `down`). A child is not entered when its row has no candidate or the
    /// row below it has no square free of the queens placed so far (two rows of
    /// look-ahead). The last three rows are counted without branching ([`bottom3`]);
    /// only edge-class boards that a rotation filter of [`Plan::classify`] could catch
    /// are enumerated and classified one by one.
    pub(super) fn search<const CORNER: bool>(&self, task: &Task, tally: &mut Tally) {
        let rules = self.rules(task.family, task.b);
        let last = self.last;
        let start = task.depth;
        let mut columns = task.columns;
        if start + 3 > last {
            // Only the last two or three rows are left (tiny boards, deep splits).
            self.finish(
                &rules,
                start,
                task.left,
                task.down,
                task.right,
                &mut columns,
                tally,
            );
            return;
        }
        // Rows closer to the top than `b` keep the sides (corner: column 1) free.
        let mut row_mask = [rules.mask; MAX_COUNT_N];
        for m in row_mask.iter_mut().take(rules.b.min(last)) {
            *m = if CORNER {
                rules.mask & !2
            } else {
                rules.mask & !rules.side
            };
        }
        let last_mask = if CORNER {
            rules.mask
        } else {
            rules.mask & !rules.last_forbidden
        };
        // The bound-2 row rule applies to edge classes only.
        let bound2 = if CORNER { usize::MAX } else { rules.bound2 };
        let side = rules.side;
        // The candidates of row `y` below the attack words, with the bound-2 rule.
        let candidates = |y: usize, l: u32, d: u32, r: u32| -> u32 {
            let free = row_mask[y] & !(l | d | r);
            if y == bound2 {
                let sides = d & side;
                if sides == 0 {
                    return 0;
                }
                if sides != side {
                    return free & side;
                }
            }
            free
        };
        let pre = last - 2;
        let mask = rules.mask;
        let top = 1u32 << last;
        // The columns the last three rows may use; edge classes keep the sides out of
        // the rows below the bound-2 row (the bound-2 rule, as a mask).
        let mut bottom_masks = [row_mask[pre], row_mask[pre + 1], last_mask];
        for (j, m) in bottom_masks.iter_mut().enumerate() {
            if !CORNER && pre + j > bound2 {
                *m &= !side;
            }
        }
        // Edge classes: the leaves no rotation filter of `classify` can catch (the last
        // queen off column last - b, a bottom bound-2 row's queen off column 0) count 8.
        let mut plain_masks = bottom_masks;
        let mut rotated_free = 0;
        if !CORNER {
            let end_bit = 1u32 << (last - rules.b);
            plain_masks[2] &= !end_bit;
            rotated_free |= end_bit;
            if bound2 >= pre && bound2 <= last {
                plain_masks[bound2 - pre] &= !1;
                rotated_free |= 1;
            }
        }
        let mut edge_leaves = 0u64;
        // Per row deeper than `start`: [remaining candidates, queen, left, right].
        let mut stack = [[0u32; 4]; MAX_COUNT_N];
        let mut corner_leaves = 0u64;
        let (mut l, mut d, mut r) = (task.left, task.down, task.right);
        let mut y = start;
        let mut avail = candidates(start, l, d, r);
        loop {
            while avail != 0 {
                let bit = avail & avail.wrapping_neg();
                avail ^= bit;
                let nl = (l | bit) << 1;
                let nd = d | bit;
                let nr = (r | bit) >> 1;
                if y + 1 == pre {
                    if CORNER {
                        corner_leaves += u64::from(bottom3(nl, nd, nr, bottom_masks, mask));
                        continue;
                    }
                    // Edge classes: a board counts 8 unless one of `classify`'s
                    // rotation filters holds; count those apart, classify the rest.
                    let queen = |row: usize| -> u32 {
                        if row < start {
                            1 << task.columns[row]
                        } else if row == y {
                            bit
                        } else {
                            stack[row][1]
                        }
                    };
                    let free = mask & !nd;
                    let filtered = queen(rules.b) == top || (bound2 < pre && queen(bound2) == 1);
                    let plain = if filtered {
                        0
                    } else {
                        bottom3(nl, nd, nr, plain_masks, mask)
                    };
                    edge_leaves += u64::from(plain);
                    if filtered
                        || (free & rotated_free != 0
                            && bottom3(nl, nd, nr, bottom_masks, mask) != plain)
                    {
                        for k in start..y {
                            columns[k] = stack[k][1].trailing_zeros() as u8;
                        }
                        columns[y] = bit.trailing_zeros() as u8;
                        let plain = |columns: &[u8; MAX_COUNT_N]| {
                            !filtered
                                && columns[last] as usize != last - rules.b
                                && (bound2 < pre || columns[bound2] != 0)
                        };
                        self.bottom_leaves(
                            &rules,
                            bottom_masks,
                            nl,
                            nd,
                            nr,
                            &mut columns,
                            plain,
                            tally,
                        );
                    }
                    continue;
                }
                let next = candidates(y + 1, nl, nd, nr);
                if next == 0 || mask & !((nl << 1) | nd | (nr >> 1)) == 0 {
                    continue;
                }
                stack[y] = [avail, bit, l, r];
                y += 1;
                (l, d, r) = (nl, nd, nr);
                avail = next;
            }
            if y == start {
                break;
            }
            y -= 1;
            let bit;
            [avail, bit, l, r] = stack[y];
            d ^= bit;
        }
        tally.c8 += u128::from(corner_leaves) + u128::from(edge_leaves);
    }

    /// Classifies every way to finish the last three rows (`l`, `d`, `r`: the attack
    /// words of row `last - 2`; `masks`: the columns each row may use) except those
    /// `plain` says were counted already.
    #[expect(
        clippy::too_many_arguments,
        reason = "a row's attack words, passed as the search holds them"
    )]
    #[inline(never)]
    fn bottom_leaves(
        &self,
        rules: &Rules,
        masks: [u32; 3],
        l: u32,
        d: u32,
        r: u32,
        columns: &mut [u8; MAX_COUNT_N],
        plain: impl Fn(&[u8; MAX_COUNT_N]) -> bool,
        tally: &mut Tally,
    ) {
        let last = self.last;
        let mut first = masks[0] & !(l | d | r);
        while first != 0 {
            let b0 = first & first.wrapping_neg();
            first ^= b0;
            let (l1, d1, r1) = ((l | b0) << 1, d | b0, (r | b0) >> 1);
            let mut second = masks[1] & !(l1 | d1 | r1);
            while second != 0 {
                let b1 = second & second.wrapping_neg();
                second ^= b1;
                let end = masks[2] & !(((l1 | b1) << 1) | d1 | b1 | ((r1 | b1) >> 1));
                if end != 0 {
                    columns[last - 2] = b0.trailing_zeros() as u8;
                    columns[last - 1] = b1.trailing_zeros() as u8;
                    columns[last] = end.trailing_zeros() as u8;
                    if !plain(columns) {
                        self.classify(rules, columns, tally);
                    }
                }
            }
        }
    }

    /// Finishes the rows from row `y` on, recursively (tiny boards and deep splits).
    #[expect(
        clippy::too_many_arguments,
        reason = "a row's attack words, passed as the search holds them"
    )]
    fn finish(
        &self,
        rules: &Rules,
        y: usize,
        l: u32,
        d: u32,
        r: u32,
        columns: &mut [u8; MAX_COUNT_N],
        tally: &mut Tally,
    ) {
        let mut free = rules.candidates(y, l, d, r);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            columns[y] = bit.trailing_zeros() as u8;
            if y == self.last {
                self.classify(rules, columns, tally);
            } else {
                self.finish(
                    rules,
                    y + 1,
                    (l | bit) << 1,
                    d | bit,
                    (r | bit) >> 1,
                    columns,
                    tally,
                );
            }
        }
    }
}

/// The number of ways to finish the last three rows, branch-free: `l`, `d`, `r` are the
/// attack words of row `last - 2` and `masks` the columns each of the three rows may use.
/// Exactly three columns are free (`mask & !d`); each of their 6 orders is tested.
#[inline(always)]
pub(super) fn bottom3(l: u32, d: u32, r: u32, masks: [u32; 3], mask: u32) -> u32 {
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
    // unwrap in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    /// The hot loop (look-ahead, stack, branch-free last rows) finds exactly what the
    /// plain recursive search of the same rules finds, for every root task.
    #[test]
    fn the_hot_loop_equals_the_plain_search() {
        for n in 4..=12 {
            let plan = Plan::new(n).unwrap();
            for root in plan.roots() {
                let fast = plan.run(&root);
                let mut plain = Tally::default();
                let rules = plan.rules(root.family, root.b);
                let mut columns = root.columns;
                plan.finish(
                    &rules,
                    root.depth,
                    root.left,
                    root.down,
                    root.right,
                    &mut columns,
                    &mut plain,
                );
                assert_eq!(fast, plain, "n = {n}, {:?} b = {}", root.family, root.b);
            }
        }
    }
}
