//! Subsets: naked and hidden pairs, triples and quads.

use super::candidates::Candidates;
use super::step::{Step, Technique};
use super::units::{UNIT_CELLS, bit, digits};

/// The subsets of `set` (a 9-bit mask) with `k` members, in increasing numeric order.
/// Walks the submasks of `set` only (`next = (sub - set) & set`), so a set of 5 members
/// costs 32 steps, not 512.
pub(crate) fn combinations(set: u16, k: u32) -> impl Iterator<Item = u16> {
    let mut sub = 0u16;
    let mut done = false;
    std::iter::from_fn(move || {
        while !done {
            sub = sub.wrapping_sub(set) & set;
            done = sub == 0;
            if !done && sub.count_ones() == k {
                return Some(sub);
            }
        }
        None
    })
}

/// **Naked Pair / Triple / Quad** (`size` 2, 3 or 4): `size` cells of a house whose
/// candidates together are `size` digits; those digits go in those cells, so they leave
/// the rest of the house. Other sizes find nothing.
///
/// Described on SudokuWiki.org, "Naked Candidates", and HoDoKu's "Naked Subsets" page.
pub fn naked_subset(grid: &Candidates, size: u32) -> Option<Step> {
    let technique = match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        4 => Technique::NakedQuad,
        _ => return None,
    };
    for h in 0..27 {
        let cells = UNIT_CELLS[h].map(usize::from);
        let open: u16 = (0..9)
            .filter(|&k| grid.mask(cells[k]) != 0)
            .fold(0, |m, k| m | 1 << k);
        if open.count_ones() <= size {
            continue;
        }
        // Only cells of at most `size` candidates can be in the subset.
        let small: u16 = (0..9)
            .filter(|&k| open >> k & 1 == 1 && grid.mask(cells[k]).count_ones() <= size)
            .fold(0, |m, k| m | 1 << k);
        for pick in combinations(small, size) {
            let union = (0..9)
                .filter(|k| pick >> k & 1 == 1)
                .fold(0u16, |m, k| m | grid.mask(cells[k]));
            if union.count_ones() != size {
                continue;
            }
            let mut step = Step::new(technique)
                .with_houses([h])
                .with_cells((0..9).filter(|k| pick >> k & 1 == 1).map(|k| cells[k]))
                .with_digits(union);
            for k in (0..9).filter(|k| open & !pick >> k & 1 == 1) {
                for d in digits(grid.mask(cells[k]) & union) {
                    step.eliminate(cells[k], d);
                }
            }
            if !step.eliminations.is_empty() {
                return Some(step);
            }
        }
    }
    None
}

/// **Hidden Pair / Triple / Quad** (`size` 2, 3 or 4): `size` digits that fit in only
/// `size` cells of a house; those cells hold those digits, so their other candidates go.
/// Other sizes find nothing.
///
/// Described on SudokuWiki.org, "Hidden Candidates", and HoDoKu's "Hidden Subsets" page.
pub fn hidden_subset(grid: &Candidates, size: u32) -> Option<Step> {
    let technique = match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        4 => Technique::HiddenQuad,
        _ => return None,
    };
    for h in 0..27 {
        let cells = UNIT_CELLS[h].map(usize::from);
        let mut positions = [0u16; 9];
        let (mut open, mut small) = (0u16, 0u16);
        for d in 1..=9u8 {
            let p = grid.positions(h, d);
            positions[usize::from(d - 1)] = p;
            if p != 0 {
                open |= bit(d);
            }
            // Only digits of at most `size` places can be in the subset.
            if p != 0 && p.count_ones() <= size {
                small |= bit(d);
            }
        }
        if open.count_ones() <= size {
            continue;
        }
        for pick in combinations(small, size) {
            let union = digits(pick).fold(0u16, |m, d| m | positions[usize::from(d - 1)]);
            if union.count_ones() != size {
                continue;
            }
            let mut step = Step::new(technique)
                .with_houses([h])
                .with_cells((0..9).filter(|k| union >> k & 1 == 1).map(|k| cells[k]))
                .with_digits(pick);
            for k in (0..9).filter(|k| union >> k & 1 == 1) {
                for d in digits(grid.mask(cells[k]) & !pick) {
                    step.eliminate(cells[k], d);
                }
            }
            if !step.eliminations.is_empty() {
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_walk_the_subsets_in_order() {
        let all: Vec<u16> = combinations(0x1ff, 2).collect();
        let reference: Vec<u16> = (0u16..512).filter(|m| m.count_ones() == 2).collect();
        assert_eq!(all, reference);
        let some: Vec<u16> = combinations(0b1_0110_0001, 3).collect();
        let reference: Vec<u16> = (0u16..512)
            .filter(|m| m.count_ones() == 3 && m & !0b1_0110_0001 == 0)
            .collect();
        assert_eq!(some, reference);
        assert_eq!(combinations(0, 1).count(), 0);
    }
}
