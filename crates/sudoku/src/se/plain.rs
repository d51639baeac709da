//! The producers as they were before the speed work of 2026-12-02 (sessions 9 and 10), kept
//! as the plain reference the fast ones are tested equal to, hint for hint, at every
//! step of SE's paths of puzzles across the bands (`fast_producers_find_the_plain_hints`).

// unwrap and expect in these tests: a panic is a test failure; no user input reaches them.

use super::grid::{
    CellSet, Grid, Kind, Region, bit, bits, cells_in, combinations, common_tuple_of, digits,
    house_cells, house_set,
};
use super::hint::Hint;
use super::intersections::PAIRS;

fn removals(grid: &Grid, r1: Region, r2: Region, v: u8) -> Vec<(u8, u16)> {
    r2.cells()
        .filter(|&c| !r1.contains(c) && grid.has(c, v))
        .map(|c| (c as u8, bit(v)))
        .collect()
}

fn lockings(grid: &Grid) -> impl Iterator<Item = (usize, Region, Region, u8)> + '_ {
    PAIRS.into_iter().flat_map(move |(k1, k2)| {
        (0..9).flat_map(move |i1| {
            (0..9).flat_map(move |i2| {
                let (r1, r2) = (Region::new(k1, i1), Region::new(k2, i2));
                (1..=9u8).filter_map(move |v| {
                    if !r1.crosses(r2) {
                        return None;
                    }
                    let positions = grid.positions(r1, v);
                    let inside = (0..9)
                        .filter(|&i| positions & 1 << i != 0)
                        .all(|i| r2.contains(r1.cell(i)));
                    (positions.count_ones() > 1 && inside).then_some((i1, r1, r2, v))
                })
            })
        })
    })
}

pub(super) fn direct_locking(grid: &Grid) -> Option<Hint> {
    for (i1, r1, r2, v) in lockings(grid) {
        for i3 in (0..9).filter(|&i3| i3 != i1) {
            let r3 = Region::new(r1.kind, i3);
            if !r3.crosses(r2) {
                continue;
            }
            let positions = grid.positions(r3, v);
            if positions.count_ones() <= 1 {
                continue;
            }
            let outside: Vec<usize> = (0..9)
                .filter(|&i| positions & 1 << i != 0)
                .map(|i| r3.cell(i))
                .filter(|&c| !r2.contains(c))
                .collect();
            if let [single] = outside[..] {
                let (rating, name) = if r1.kind == Kind::Block {
                    (17, "Direct Pointing")
                } else {
                    (19, "Direct Claiming")
                };
                return Some(Hint {
                    placement: Some((single as u8, v)),
                    ..Hint::remove(rating, name, removals(grid, r1, r2, v))
                });
            }
        }
    }
    None
}

pub(super) fn locking(grid: &Grid) -> Option<Hint> {
    lockings(grid).find_map(|(_, r1, r2, v)| {
        let (rating, name) = if r1.kind == Kind::Block {
            (26, "Pointing")
        } else {
            (28, "Claiming")
        };
        let hint = Hint::remove(rating, name, removals(grid, r1, r2, v));
        hint.is_worth().then_some(hint)
    })
}

pub(super) fn naked_set(grid: &Grid, degree: u32) -> Option<Hint> {
    let (rating, name) = match degree {
        2 => (30, "Naked Pair"),
        3 => (36, "Naked Triplet"),
        _ => (50, "Naked Quad"),
    };
    for kind in Kind::BLOCK_COLUMN_ROW {
        for num in 0..9 {
            let region = Region::new(kind, num);
            if grid.empty_count(region) < degree * 2 {
                continue;
            }
            for indexes in combinations(degree, 9) {
                let cands = bits(indexes).map(|i| grid.cands[region.cell(i)]);
                let Some(common) = common_tuple_of(cands, degree) else {
                    continue;
                };
                let removals: Vec<(u8, u16)> = (0..9)
                    .filter(|&i| indexes & 1 << i == 0)
                    .map(|i| region.cell(i))
                    .filter(|&c| grid.cands[c] & common != 0)
                    .map(|c| (c as u8, grid.cands[c] & common))
                    .collect();
                let hint = Hint::remove(rating, name, removals);
                if hint.is_worth() {
                    return Some(hint);
                }
            }
        }
    }
    None
}

pub(super) fn hidden_set(grid: &Grid, degree: u32, direct: bool) -> Option<Hint> {
    let (rating, name) = match (direct, degree) {
        (true, 2) => (20, "Direct Hidden Pair"),
        (true, _) => (25, "Direct Hidden Triplet"),
        (false, 2) => (34, "Hidden Pair"),
        (false, 3) => (40, "Hidden Triplet"),
        (false, _) => (54, "Hidden Quad"),
    };
    for kind in Kind::BLOCK_COLUMN_ROW {
        for num in 0..9 {
            let region = Region::new(kind, num);
            let empty = grid.empty_count(region);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            for values in combinations(degree, 9) {
                let positions = digits(values).map(|v| grid.positions(region, v));
                let Some(common) = common_tuple_of(positions, degree) else {
                    continue;
                };
                let removals: Vec<(u8, u16)> = bits(common)
                    .map(|i| region.cell(i))
                    .filter(|&c| grid.cands[c] & !values != 0)
                    .map(|c| (c as u8, grid.cands[c] & !values))
                    .collect();
                if direct {
                    let single = (1..=9u8).filter(|v| values & bit(*v) == 0).find_map(|v| {
                        let positions = grid.positions(region, v);
                        let left = positions & !common;
                        (positions.count_ones() > 1 && left.count_ones() == 1)
                            .then(|| (region.cell(left.trailing_zeros() as usize), v))
                    });
                    if let Some((cell, v)) = single {
                        return Some(Hint {
                            placement: Some((cell as u8, v)),
                            ..Hint::remove(rating, name, removals)
                        });
                    }
                } else {
                    let hint = Hint::remove(rating, name, removals);
                    if hint.is_worth() {
                        return Some(hint);
                    }
                }
            }
        }
    }
    None
}

pub(super) fn fish(grid: &Grid, degree: u32) -> Option<Hint> {
    let (rating, name) = match degree {
        2 => (32, "X-Wing"),
        3 => (38, "Swordfish"),
        _ => (52, "Jellyfish"),
    };
    for (base, cover) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        let occurrences = grid.occurrence_counts();
        for bases in combinations(degree, 9) {
            for v in 1..=9u8 {
                if occurrences[v as usize - 1] + degree * 2 > 9 {
                    continue;
                }
                let positions = bits(bases).map(|i| grid.positions(Region::new(base, i), v));
                let Some(covers) = common_tuple_of(positions, degree) else {
                    continue;
                };
                let mut removals = Vec::new();
                for i in bits(covers) {
                    let region = Region::new(cover, i);
                    for j in bits(grid.positions(region, v) & !bases) {
                        removals.push((region.cell(j) as u8, bit(v)));
                    }
                }
                let hint = Hint::remove(rating, name, removals);
                if hint.is_worth() {
                    return Some(hint);
                }
            }
        }
    }
    None
}

fn base_cells(grid: &Grid, max_excluder: u32) -> Vec<(usize, Vec<usize>, CellSet)> {
    let mut bases = Vec::new();
    for cell in 0..81 {
        if grid.cands[cell].count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut excluders = Vec::new();
        for peer in house_cells(cell) {
            match grid.cands[peer].count_ones() {
                1 => single = true,
                n if (2..=max_excluder).contains(&n) => excluders.push(peer),
                _ => {}
            }
        }
        if !single && !excluders.is_empty() {
            let set = excluders.iter().fold(0, |set: CellSet, &c| set | 1 << c);
            bases.push((cell, excluders, set));
        }
    }
    bases
}

pub(super) fn aligned_pair_exclusion(grid: &Grid) -> Option<Hint> {
    let bases = base_cells(grid, 2);
    for n2 in 1..bases.len() {
        for n1 in 0..n2 {
            let (c0, _, ex0) = &bases[n1];
            let (c1, _, ex1) = &bases[n2];
            let common = ex0 & ex1;
            if common.count_ones() < 2 {
                continue;
            }
            let sees = house_set(*c0) & 1 << c1 != 0;
            let mut allowed = [0u16; 2];
            for p0 in digits(grid.cands[*c0]) {
                for p1 in digits(grid.cands[*c1]) {
                    if p0 == p1 && sees {
                        continue;
                    }
                    let pair = bit(p0) | bit(p1);
                    if cells_in(common).any(|e| grid.cands[e] & !pair == 0) {
                        continue;
                    }
                    allowed[0] |= bit(p0);
                    allowed[1] |= bit(p1);
                }
            }
            let removals: Vec<(u8, u16)> = [(*c0, allowed[0]), (*c1, allowed[1])]
                .into_iter()
                .filter(|&(c, ok)| grid.cands[c] & !ok != 0)
                .map(|(c, ok)| (c as u8, grid.cands[c] & !ok))
                .collect();
            let hint = Hint::remove(62, "Aligned Pair Exclusion", removals);
            if hint.is_worth() {
                return Some(hint);
            }
        }
    }
    None
}

pub(super) fn aligned_triplet_exclusion(grid: &Grid) -> Option<Hint> {
    let bases = base_cells(grid, 3);
    if bases.len() < 3 {
        return None;
    }
    // Each cell's excluders if it is a base cell.
    let mut excluders_of: [Option<CellSet>; 81] = [None; 81];
    for (cell, _, set) in &bases {
        excluders_of[*cell] = Some(*set);
    }
    let mut twin: Vec<usize> = Vec::new();
    for n2 in 1..bases.len() {
        for n1 in 0..n2 {
            let (c0, list0, ex0) = &bases[n1];
            let (c1, list1, ex1) = &bases[n2];
            if (ex0 & ex1).count_ones() < 2 {
                // No third cell can make two excluders common to the three.
                continue;
            }
            twin.clear();
            let mut met: CellSet = 1 << c0 | 1 << c1;
            for &c in list0.iter().chain(list1) {
                if met & 1 << c == 0 && excluders_of[c].is_some() {
                    met |= 1 << c;
                    twin.push(c);
                }
            }
            for &c2 in &twin {
                let ex2 = excluders_of[c2].unwrap_or(0);
                let common = ex0 & ex1 & ex2;
                if common.count_ones() < 2 {
                    continue;
                }
                let cells = [*c0, *c1, c2];
                let sees = |i: usize, j: usize| house_set(cells[i]) & 1 << cells[j] != 0;
                let mut allowed = [0u16; 3];
                for p0 in digits(grid.cands[cells[0]]) {
                    for p1 in digits(grid.cands[cells[1]]) {
                        for p2 in digits(grid.cands[cells[2]]) {
                            let p = [p0, p1, p2];
                            let clash = [(0, 1), (0, 2), (1, 2)]
                                .into_iter()
                                .any(|(i, j)| p[i] == p[j] && sees(i, j));
                            if clash {
                                continue;
                            }
                            let set = bit(p0) | bit(p1) | bit(p2);
                            if cells_in(common).any(|e| grid.cands[e] & !set == 0) {
                                continue;
                            }
                            for i in 0..3 {
                                allowed[i] |= bit(p[i]);
                            }
                        }
                    }
                }
                let removals: Vec<(u8, u16)> = (0..3)
                    .filter(|&i| grid.cands[cells[i]] & !allowed[i] != 0)
                    .map(|i| (cells[i] as u8, grid.cands[cells[i]] & !allowed[i]))
                    .collect();
                let hint = Hint::remove(75, "Aligned Triplet Exclusion", removals);
                if hint.is_worth() {
                    return Some(hint);
                }
            }
        }
    }
    None
}

/// Puzzles of the reference fixtures (`fixtures/sudoku/se-reference/fixtures`, SE 2.0
/// to 7.8: direct subsets, intersections, subsets, wings, unique loops, BUG, chains).
const PATHS: [&str; 20] = [
    "..96.......63....5....4.6...1.4....78...7...9..2.1...3........4.631...2.27.......",
    "67...8...........1..1.7..4.9.746.83..8..9.......8..7.......41.31.2.........63...5",
    "5.2..9..18...6.2.......5.3.2...5..7..17.3..4...3.........6.251..6.4.....3.....7..",
    "9.23....7..6..53.1.......2..1..37...7.9.28......6.....1.5....982.........6.....5.",
    "..452....78...6.....6.7.5.9......24..2.....863.........7...1......35..6.8....4..5",
    "..97..45.72...............263.....9......1........5248..4...3.....29.6....7.3...1",
    "7..5......19...4.5..4..9.....1...9..436.91.8.5..6.......81....9...8.6.4..7......3",
    "....9..1....2..5.6.97........3..4..55....2....6...3..8.287..1......3...4.39......",
    "...4.9....2...58.46....1.3.4.62...5.83......92............5.6....1.4.3..79...2...",
    "6..2.......1.9..2......87.982..........95...24.....6515..87.1..1......45......8..",
    ".....1..5.1....7.2...6.7.81.3.....1.7...98.....5..6..4153.2......6.8....9........",
    "....6.9..1......75..23..4..8....4....261.859....5....4..3..68..64......1..5.8....",
    "1.54....6...67.8..6....1.3....2.3..88.......92..7.4....4.1....7..1.47...7....25.1",
    "...8.....5.2.1.4..73....12.8.4.2...51...97..4.5....29.........1.......6.4....537.",
    "..7...3..13.48..9.....7.285....3....82.........5247.....9..1.2....3....921....4.6",
    ".......4.8.1...3.754...7.8.6........2...7......4..8.5..8.6.34.1.19...6..4....18..",
    ".4..5.9......1....819......1..6....4..58..19...6.7.....5.2....1...79..4..2...45..",
    ".9.4.17...1.......7.....59.....4.92..47..6.5.5...3...76..398...4.32...........2..",
    "6...7....83...429.4...8.1....7.....6.9...5..314....7.....6.2...........45....8...",
    "......5...4.......5...37..2.8...64....9..2..8.6...17....36..8.9..78........1.....",
];

/// `HiddenSingle` as it was: both passes over every region and value, the empty
/// cells counted at each single met.
pub(super) fn hidden_single(grid: &Grid) -> Option<Hint> {
    for alone_only in [true, false] {
        for kind in Kind::BLOCK_COLUMN_ROW {
            for num in 0..9 {
                let region = Region::new(kind, num);
                for v in 1..=9 {
                    let positions = grid.positions(region, v);
                    if positions.count_ones() != 1 {
                        continue;
                    }
                    let alone = grid.empty_count(region) == 1;
                    if alone != alone_only {
                        continue;
                    }
                    let rating = match (alone, kind) {
                        (true, _) => 10,
                        (false, Kind::Block) => 12,
                        (false, _) => 15,
                    };
                    let cell = region.cell(positions.trailing_zeros() as usize);
                    return Some(Hint::place(rating, "Hidden Single", cell, v));
                }
            }
        }
    }
    None
}

/// `XYWing` as it was: every pair of the pivot's house cells, victims over all cells.
pub(super) fn xy_wing(grid: &Grid, xyz: bool) -> Option<Hint> {
    let (target, rating, name) = if xyz {
        (3, 44, "XYZ-Wing")
    } else {
        (2, 42, "XY-Wing")
    };
    for pivot in 0..81 {
        let xy = grid.cands[pivot];
        if xy.count_ones() != target {
            continue;
        }
        for xz_cell in house_cells(pivot) {
            let xz = grid.cands[xz_cell];
            if xz.count_ones() != 2 || (xy & !xz).count_ones() != 1 {
                continue;
            }
            for yz_cell in house_cells(pivot) {
                let yz = grid.cands[yz_cell];
                if yz.count_ones() != 2 {
                    continue;
                }
                let union = xy | xz | yz;
                let inter = xy & xz & yz;
                let common = if xyz { 1 } else { 0 };
                if union.count_ones() != 3 || inter.count_ones() != common {
                    continue;
                }
                let z = (xz & yz).trailing_zeros() as u8 + 1;
                let mut victims = house_set(xz_cell) & house_set(yz_cell);
                if xyz {
                    victims &= house_set(pivot);
                }
                victims &= !(1 << pivot | 1 << xz_cell | 1 << yz_cell);
                let removals: Vec<(u8, u16)> = (0..81)
                    .filter(|&c| victims & 1 << c != 0 && grid.has(c, z))
                    .map(|c| (c as u8, bit(z)))
                    .collect();
                let hint = Hint::remove(rating, name, removals);
                if hint.is_worth() {
                    return Some(hint);
                }
            }
        }
    }
    None
}

/// Calls `check` on every grid of SE's paths of [`PATHS`]; how many grids.
pub(super) fn each_path_grid(mut check: impl FnMut(&Grid)) -> usize {
    let mut grids = 0;
    for puzzle in PATHS {
        let sudoku: crate::Sudoku = puzzle.parse().expect("a puzzle");
        let mut grid = Grid::new(&sudoku);
        let mut go_on = |_| std::ops::ControlFlow::Continue(());
        let stop = super::Stop::new(&mut go_on);
        while !grid.is_solved() {
            check(&grid);
            grids += 1;
            let hint = super::first_hint(&grid, &stop).expect("a step");
            grid.apply(&hint);
        }
    }
    grids
}

#[test]
fn fast_producers_find_the_plain_hints() {
    use super::{exclusion, fish, intersections, singles, subsets, wings};
    let mut found = [0usize; 7];
    let grids = each_path_grid(|grid| {
        for kind in Kind::BLOCK_ROW_COLUMN {
            for num in 0..9 {
                let region = Region::new(kind, num);
                let empty = region.cells().filter(|&c| grid.values[c] == 0).count();
                assert_eq!(grid.empty_count(region) as usize, empty, "{kind:?} {num}");
            }
        }
        let single = singles::hidden_single(grid);
        found[5] += usize::from(single.is_some());
        assert_eq!(single, hidden_single(grid), "hidden single");
        for xyz in [false, true] {
            let wing = wings::xy_wing(grid, xyz);
            found[6] += usize::from(wing.is_some());
            assert_eq!(wing, xy_wing(grid, xyz), "wing {xyz}");
        }
        let pairs = [
            (intersections::direct_locking(grid), direct_locking(grid)),
            (intersections::locking(grid), locking(grid)),
        ];
        for (fast, plain) in pairs {
            found[0] += usize::from(plain.is_some());
            assert_eq!(fast, plain, "lockings");
        }
        for degree in 2..=4 {
            let naked = subsets::naked_set(grid, degree);
            found[1] += usize::from(naked.is_some());
            assert_eq!(naked, naked_set(grid, degree), "naked {degree}");
            for direct in [false, true] {
                if direct && degree == 4 {
                    continue;
                }
                let hidden = subsets::hidden_set(grid, degree, direct);
                found[2] += usize::from(hidden.is_some());
                assert_eq!(hidden, hidden_set(grid, degree, direct), "hidden {degree}");
            }
            let fish = fish::fish(grid, degree);
            found[3] += usize::from(fish.is_some());
            assert_eq!(fish, self::fish(grid, degree), "fish {degree}");
        }
        let pair = exclusion::aligned_pair_exclusion(grid);
        let triplet = exclusion::aligned_triplet_exclusion(grid);
        found[4] += usize::from(pair.is_some()) + usize::from(triplet.is_some());
        assert_eq!(pair, aligned_pair_exclusion(grid), "pair exclusion");
        assert_eq!(
            triplet,
            aligned_triplet_exclusion(grid),
            "triplet exclusion"
        );
    });
    assert!(grids > 800, "{grids} grids");
    assert!(found[4] > 5, "aligned exclusions compared: {}", found[4]);
    assert!(
        found[..4].iter().chain(&found[5..]).all(|&n| n > 20),
        "hints compared: {found:?}"
    );
}
