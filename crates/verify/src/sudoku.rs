//! Sudoku: a filled grid holds each value once in every row, column and box, and keeps the
//! givens.

use sudoku::Sudoku;

/// Checks that `solution` solves `givens` on an `n x n` grid (`n = box_rows * box_cols`)
/// cut into boxes of `box_rows x box_cols` cells.
///
/// Both slices are row-major cell values, `0` for a blank (only in `givens`), `1..=n`
/// otherwise. The check: both have `n²` cells, every solution cell holds `1..=n`, every
/// given is kept, and every row, column and box holds each value exactly once.
///
/// # Errors
///
/// A description of the first violation (cells and units are named 0-based).
pub fn check_solution(
    givens: &[u8],
    solution: &[u8],
    box_rows: usize,
    box_cols: usize,
) -> Result<(), String> {
    let n = box_rows * box_cols;
    if n == 0 || givens.len() != n * n || solution.len() != n * n {
        return Err(format!(
            "expected {} cells, found {} givens and {} solution cells",
            n * n,
            givens.len(),
            solution.len()
        ));
    }
    for (i, (&given, &value)) in givens.iter().zip(solution).enumerate() {
        if value == 0 || usize::from(value) > n {
            return Err(format!("cell {i} holds {value}, expected 1..={n}"));
        }
        if given != 0 && given != value {
            return Err(format!("cell {i}: the given {given} changed to {value}"));
        }
    }
    let value = |row: usize, col: usize| usize::from(solution[row * n + col]);
    let units = (0..n).flat_map(|unit| {
        let row: Vec<usize> = (0..n).map(|k| value(unit, k)).collect();
        let col: Vec<usize> = (0..n).map(|k| value(k, unit)).collect();
        // Boxes are numbered row-major: `n / box_cols` boxes across each band.
        let (band, stack) = (unit / (n / box_cols), unit % (n / box_cols));
        let cells: Vec<usize> = (0..n)
            .map(|k| {
                value(
                    band * box_rows + k / box_cols,
                    stack * box_cols + k % box_cols,
                )
            })
            .collect();
        [
            ("row", unit, row),
            ("column", unit, col),
            ("box", unit, cells),
        ]
    });
    for (kind, index, values) in units {
        let mut seen = vec![false; n + 1];
        for v in values {
            if std::mem::replace(&mut seen[v], true) {
                return Err(format!("{kind} {index} holds {v} twice"));
            }
        }
    }
    Ok(())
}

/// [`check_solution`] on the one-line text forms: one symbol per cell, `.` or `0` for a
/// blank, `1`-`9`, then `A`-`Z` for 10 and up (so `G` is 16). The symbols are read here,
/// not by the crate's parser.
///
/// # Errors
///
/// An unknown symbol, or the first violation [`check_solution`] finds.
pub fn check_solution_text(
    givens: &str,
    solution: &str,
    box_rows: usize,
    box_cols: usize,
) -> Result<(), String> {
    check_solution(&values(givens)?, &values(solution)?, box_rows, box_cols)
}

/// Cell values of a one-line symbol string (see [`check_solution_text`]).
fn values(line: &str) -> Result<Vec<u8>, String> {
    line.trim_end()
        .chars()
        .map(|c| match c {
            '.' | '0' => Ok(0),
            '1'..='9' => Ok(c as u8 - b'0'),
            'A'..='Z' => Ok(c as u8 - b'A' + 10),
            other => Err(format!("unexpected symbol {other:?} in {line:?}")),
        })
        .collect()
}

/// Any-input invariants of [`Sudoku::parse`] and the bounded analysis: the canonical text
/// form parses back to the same puzzle; for sizes up to 9 x 9, `analyse(2)` reports a
/// solution exactly when it counts one, and that solution passes [`check_solution`].
///
/// # Panics
///
/// When an invariant breaks.
pub fn invariants(data: &[u8]) {
    let Some(text) = crate::text(data) else {
        return;
    };
    let Ok(puzzle) = Sudoku::parse(text, None) else {
        return;
    };
    // A dev-only invariant checker: a panic here is the finding it exists to report.
    let again = Sudoku::parse(&puzzle.to_string(), Some(puzzle.shape()))
        .expect("the canonical form parses");
    assert_eq!(again, puzzle);
    if puzzle.size() > 9 {
        return; // larger sizes can need long searches; the crate's property tests cover them
    }
    let analysis = puzzle.analyse(2);
    assert!(analysis.count.count <= 2);
    assert_eq!(analysis.count.count == 0, analysis.first.is_none());
    if let Some(solution) = analysis.first {
        let shape = puzzle.shape();
        if let Err(violation) =
            check_solution(puzzle.cells(), solution.cells(), shape.rows(), shape.cols())
        {
            panic!("the solution {solution} of {puzzle} is wrong: {violation}");
        }
    }
}

/// Checks that `solution` solves `givens` (81 cells each, row-major, 0 = blank) under a
/// 9 x 9 variant's rules, written from the rules alone: every row and column, and every
/// box (or, for `"jigsaw"`, every region of `regions`, an 81-character map, same
/// character = same region) holds 1-9 once; `"x"` adds both long diagonals,
/// `"windoku"` the four 3 x 3 windows at rows/columns 1-3 and 5-7 (0-based),
/// `"disjoint"` the nine groups of cells at one position inside every box.
///
/// # Errors
///
/// A description of the first violation (units named 0-based).
pub fn check_variant_solution(
    givens: &[u8],
    solution: &[u8],
    variant: &str,
    regions: Option<&str>,
) -> Result<(), String> {
    if givens.len() != 81 || solution.len() != 81 {
        return Err("expected 81 cells".to_string());
    }
    for i in 0..81 {
        if !(1..=9).contains(&solution[i]) {
            return Err(format!("cell {i} holds {}", solution[i]));
        }
        if givens[i] != 0 && givens[i] != solution[i] {
            return Err(format!(
                "cell {i}: given {} changed to {}",
                givens[i], solution[i]
            ));
        }
    }
    let groups = variant_groups(variant, regions)?;
    for (name, cells) in groups {
        let mut values: Vec<u8> = cells.iter().map(|&i| solution[i]).collect();
        values.sort_unstable();
        if values != (1..=9).collect::<Vec<u8>>() {
            return Err(format!("{name} holds {values:?}, not 1-9 once each"));
        }
    }
    Ok(())
}

/// The groups of cells (81 cells, row-major) that hold 1-9 once under a variant's rules
/// (see [`check_variant_solution`]), each with a name, from the rules alone.
fn variant_groups(
    variant: &str,
    regions: Option<&str>,
) -> Result<Vec<(String, Vec<usize>)>, String> {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for r in 0..9 {
        groups.push((format!("row {r}"), (0..9).map(|c| r * 9 + c).collect()));
        groups.push((format!("column {r}"), (0..9).map(|c| c * 9 + r).collect()));
    }
    if variant == "jigsaw" {
        let map: Vec<char> = regions
            .ok_or("jigsaw needs a region map")?
            .chars()
            .collect();
        if map.len() != 81 {
            return Err("region map is not 81 characters".to_string());
        }
        let mut symbols = map.clone();
        symbols.sort_unstable();
        symbols.dedup();
        for s in symbols {
            groups.push((
                format!("region {s}"),
                (0..81).filter(|&i| map[i] == s).collect(),
            ));
        }
    } else {
        for b in 0..9 {
            let cells = (0..81)
                .filter(|&i| (i / 27) * 3 + (i % 9) / 3 == b)
                .collect();
            groups.push((format!("box {b}"), cells));
        }
    }
    match variant {
        "x" => {
            groups.push((
                "main diagonal".into(),
                (0..81).filter(|i| i / 9 == i % 9).collect(),
            ));
            groups.push((
                "anti-diagonal".into(),
                (0..81).filter(|i| i / 9 + i % 9 == 8).collect(),
            ));
        }
        "windoku" => {
            for (r0, c0) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                let cells = (0..81)
                    .filter(|&i| (r0..r0 + 3).contains(&(i / 9)) && (c0..c0 + 3).contains(&(i % 9)))
                    .collect();
                groups.push((format!("window at {r0},{c0}"), cells));
            }
        }
        "disjoint" => {
            for p in 0..9 {
                let cells = (0..81)
                    .filter(|&i| (i / 9) % 3 * 3 + (i % 9) % 3 == p)
                    .collect();
                groups.push((format!("group {p}"), cells));
            }
        }
        "classic" | "jigsaw" => {}
        other => return Err(format!("unknown variant {other}")),
    }
    Ok(groups)
}

/// Counts the solutions of `givens` (81 cells, row-major, 0 = blank) under a 9 x 9
/// variant's rules (named as for [`check_variant_solution`]) up to `limit`, by plain
/// backtracking over the rules' groups: fill the blank cell with the fewest legal
/// values, try each. No propagation and nothing from the solver's code; slow, for
/// tests on puzzles with a few dozen givens. Givens that already break a group give 0.
///
/// # Errors
///
/// An unknown variant or a bad region map.
pub fn count_variant_solutions(
    givens: &[u8],
    variant: &str,
    regions: Option<&str>,
    limit: u64,
) -> Result<u64, String> {
    if givens.len() != 81 {
        return Err("expected 81 cells".to_string());
    }
    let groups = variant_groups(variant, regions)?;
    let mut peers: Vec<Vec<usize>> = vec![Vec::new(); 81];
    for (_, cells) in &groups {
        for &a in cells {
            peers[a].extend(cells.iter().copied().filter(|&b| b != a));
        }
    }
    let mut grid = givens.to_vec();
    for i in 0..81 {
        if grid[i] != 0 && peers[i].iter().any(|&p| grid[p] == grid[i]) {
            return Ok(0);
        }
    }
    let mut count = 0;
    count_from(&mut grid, &peers, limit, &mut count);
    Ok(count)
}

/// The backtracking of [`count_variant_solutions`]; its depth is at most the 81 cells.
fn count_from(grid: &mut [u8], peers: &[Vec<usize>], limit: u64, count: &mut u64) {
    // The values (bits 1-9) no peer of `i` holds.
    let legal = |grid: &[u8], i: usize| -> u16 {
        peers[i]
            .iter()
            .fold(0x3fe_u16, |free, &p| free & !(1 << grid[p]))
    };
    let mut best: Option<(usize, u16)> = None;
    for i in (0..81).filter(|&i| grid[i] == 0) {
        let free = legal(grid, i);
        if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
            best = Some((i, free));
        }
    }
    let Some((cell, free)) = best else {
        *count += 1;
        return;
    };
    for v in 1..=9u8 {
        if *count >= limit {
            return;
        }
        if free & (1 << v) != 0 {
            grid[cell] = v;
            count_from(grid, peers, limit, count);
            grid[cell] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const SOLVED: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    #[test]
    fn accepts_a_solution_and_rejects_each_kind_of_violation() {
        assert_eq!(check_solution_text(GRID1, SOLVED, 3, 3), Ok(()));
        // Swapping two cells of a row keeps the row but breaks a column.
        let mut swapped: Vec<char> = SOLVED.chars().collect();
        swapped.swap(0, 1);
        let swapped: String = swapped.into_iter().collect();
        assert_eq!(
            check_solution_text(SOLVED, &swapped, 3, 3),
            Err("cell 0: the given 4 changed to 8".to_owned())
        );
        assert_eq!(
            check_solution_text(".".repeat(81).as_str(), &swapped, 3, 3),
            Err("column 0 holds 8 twice".to_owned())
        );
        assert!(check_solution_text(GRID1, &SOLVED[..80], 3, 3).is_err());
        assert!(check_solution_text(GRID1, &SOLVED.replace('9', "0"), 3, 3).is_err());
        assert!(check_solution_text(GRID1, &SOLVED.replace('9', "x"), 3, 3).is_err());
    }

    #[test]
    fn boxes_follow_the_shape() {
        // 6 x 6 with 2 x 3 boxes: rows and columns are Latin, boxes of 2 rows x 3 columns.
        let six = "123456456123231564564231312645645312";
        assert_eq!(check_solution_text(&".".repeat(36), six, 2, 3), Ok(()));
        // Read as 3 x 2 boxes, the first box holds 1 2 / 4 5 / 2 3: a repeat.
        assert_eq!(
            check_solution_text(&".".repeat(36), six, 3, 2),
            Err("box 0 holds 2 twice".to_owned())
        );
    }

    #[test]
    fn a_latin_square_with_bad_boxes_is_rejected() {
        // Cyclic shifts by one: every row and column is a permutation, boxes are not.
        let latin: String = (0..9)
            .flat_map(|r| (0..9).map(move |c| char::from(b'1' + ((r + c) % 9) as u8)))
            .collect();
        assert_eq!(
            check_solution_text(&".".repeat(81), &latin, 3, 3),
            Err("box 0 holds 2 twice".to_owned())
        );
    }

    #[test]
    fn invariants_hold_for_grid1() {
        invariants(GRID1.as_bytes());
    }
}
