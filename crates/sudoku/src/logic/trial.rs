//! The last resorts: a forcing chain (an assumption whose singles contradict
//! themselves) and a bounded trial (an assumption the exhaustive search refutes).

use super::candidates::{ALL, Candidates, Contradiction};
use super::step::{Step, Technique, to_coord};
use super::units::{UNIT_CELLS, bit, name};
use crate::Unit;
use crate::{BoxShape, Sudoku};

/// What propagating singles from an assumption found.
enum Propagation {
    /// A contradiction after this many placements (the assumption included).
    Contradiction(usize, Contradiction),
    /// Singles stopped (or solved the grid) without a contradiction.
    Stalled,
}

/// Places naked and hidden singles until none is left or the grid breaks. Each pass
/// checks every cell (an empty one is a contradiction) and every house, counting each
/// digit's places bit-sliced (`twice |= once & m; once |= m`): a digit neither placed
/// nor possible is a contradiction, a digit possible once is a hidden single. Gives up
/// (as [`Propagation::Stalled`]) once `limit` placements are made: a caller that
/// already knows a contradiction that short needs no longer one.
fn propagate(grid: &mut Candidates, limit: usize) -> Propagation {
    let mut placed = 1;
    loop {
        let mut progress = false;
        for i in 0..81 {
            let m = grid.mask(i);
            if grid.placed(i) != 0 {
                continue;
            }
            if m == 0 {
                return Propagation::Contradiction(placed, Contradiction::EmptyCell(i));
            }
            if m & (m - 1) == 0 {
                grid.place(i, m.trailing_zeros() as u8 + 1);
                placed += 1;
                progress = true;
                if placed >= limit {
                    return Propagation::Stalled;
                }
            }
        }
        for h in 0..27 {
            let (mut once, mut twice, mut done) = (0u16, 0u16, 0u16);
            for &c in &UNIT_CELLS[h] {
                let c = usize::from(c);
                let m = grid.mask(c);
                twice |= once & m;
                once |= m;
                if grid.placed(c) != 0 {
                    done |= bit(grid.placed(c));
                }
            }
            let missing = ALL & !(once | done);
            if missing != 0 {
                let d = missing.trailing_zeros() as u8 + 1;
                return Propagation::Contradiction(placed, Contradiction::MissingDigit(h, d));
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let d = singles.trailing_zeros() as u8 + 1;
                singles &= singles - 1;
                let spot = UNIT_CELLS[h]
                    .iter()
                    .map(|&c| usize::from(c))
                    .find(|&c| grid.mask(c) & bit(d) != 0);
                if let Some(c) = spot {
                    grid.place(c, d);
                    placed += 1;
                    progress = true;
                    if placed >= limit {
                        return Propagation::Stalled;
                    }
                }
            }
        }
        if !progress {
            return Propagation::Stalled;
        }
    }
}

/// The unsolved cells, fewest candidates first (bivalue cells first), row-major among equals.
fn cells_by_candidates(grid: &Candidates) -> Vec<usize> {
    let mut cells: Vec<usize> = (0..81).filter(|&i| grid.mask(i) != 0).collect();
    cells.sort_by_key(|&i| (grid.mask(i).count_ones(), i));
    cells
}

/// **Forcing Chain** (contradiction): assume a candidate is true and place the singles
/// that follow; if that leaves a cell with no candidate or a digit with no place in a
/// house, the assumption was false and the candidate goes. The shortest such chain (in
/// placements) over every candidate is returned. This is Sudoku Explainer's dynamic
/// contradiction forcing chain restricted to singles; players also call it a
/// "contradiction chain" or "Nishio" when done on one digit.
///
/// Described on SudokuWiki.org, "Nishio Forcing Chains" and "Cell Forcing Chains", and
/// HoDoKu's "Forcing Chains" page.
pub fn forcing_chain(grid: &Candidates) -> Option<Step> {
    let mut best: Option<(usize, usize, u8, Contradiction)> = None;
    for i in cells_by_candidates(grid) {
        for d in super::units::digits(grid.mask(i)) {
            let mut trial = grid.clone();
            trial.place(i, d);
            let limit = best.map_or(usize::MAX, |b| b.0);
            if let Propagation::Contradiction(length, why) = propagate(&mut trial, limit)
                && best.is_none_or(|b| b.0 > length)
            {
                best = Some((length, i, d, why));
            }
        }
        if best.is_some_and(|b| b.0 <= 2) {
            break;
        }
    }
    let (length, i, d, why) = best?;
    let mut step = Step::new(Technique::ForcingChain).with_digits(super::units::bit(d));
    step.cells = vec![to_coord(i)];
    step.length = length;
    match why {
        Contradiction::EmptyCell(c) => step.cells.push(to_coord(c)),
        Contradiction::MissingDigit(h, _) => step.houses.push(Unit::from_index(h, 9)),
    }
    let reason = why.to_string();
    step.note = format!(
        "if {} were {d}, singles would lead after {length} placements to a contradiction ({reason})",
        name(i)
    );
    step.eliminate(i, d);
    Some(step)
}

/// **Bounded Trial**: the last resort, so every puzzle with a unique solution is
/// finished. Take the unsolved cell with the fewest candidates; for each candidate,
/// place it beside the values already placed and ask the exhaustive solver
/// ([`Sudoku::analyse`] with limit 1, so the search stops at the first solution) whether
/// any solution remains. Each candidate with none is removed. Sound for any puzzle: the
/// solver only refutes what no completion of the placed values allows.
///
/// On a puzzle with several solutions it may find nothing (every candidate of the
/// cell leads to some solution): then it moves on to the next cell, and returns
/// `None` when no cell has a refutable candidate.
///
/// Players know this as "trial and error" or "bifurcation" (SudokuWiki.org, "Trial and
/// Error"; HoDoKu's "Brute Force").
pub fn bounded_trial(grid: &Candidates) -> Option<Step> {
    let base: Vec<u8> = grid.cells().to_vec();
    for i in cells_by_candidates(grid) {
        let mut step = Step::new(Technique::BoundedTrial).with_cells([i]);
        let mut refuted = 0u16;
        for d in super::units::digits(grid.mask(i)) {
            let mut cells = base.clone();
            cells[i] = d;
            let impossible = match Sudoku::from_cells(BoxShape::CLASSIC, &cells) {
                Ok(s) => s.analyse(1).count.count == 0,
                Err(_) => true,
            };
            if impossible {
                refuted |= super::units::bit(d);
                step.eliminate(i, d);
            }
        }
        if refuted != 0 {
            step = step.with_digits(refuted);
            step.note = format!(
                "an exhaustive search finds no solution with {} = {}",
                name(i),
                super::units::digits(refuted)
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            );
            step.cells = vec![to_coord(i)];
            return Some(step);
        }
    }
    None
}
