//! Sudoku pictures: a grid with its givens on grey squares and the solver's digits in
//! blue, and a candidate grid with a logical step's pattern, eliminations and
//! placements coloured.

use grid_core::Coord;
use sudoku::logic::{Candidates, Step};
use sudoku::{Alphabet, Sudoku, Variant};
use svg::Document;
use svg::node::element::{Group, Line};

use super::{label, page, palette, rect};

/// Pixels per cell of a solved grid.
const CELL: f64 = 44.0;
/// Pixels per cell of a candidate grid.
const CANDIDATE_CELL: f64 = 60.0;
/// The margin around a grid.
const MARGIN: f64 = 10.0;

/// The solved grid `solution` of `puzzle` under the rules of `variant`: the givens'
/// squares grey with dark digits, the filled digits blue on white; symbols from
/// `alphabet` (the standard ones when `None`). The cells of an X Sudoku's diagonals
/// and of windoku's four extra regions are tinted (a see-through blue over them), a jigsaw's regions have thick
/// borders instead of the boxes (disjoint groups, one cell at each place of every box,
/// are not marked).
pub fn solved(
    puzzle: &Sudoku,
    solution: &Sudoku,
    alphabet: Option<&Alphabet>,
    variant: &Variant,
) -> Document {
    let n = solution.size();
    let side = n as f64 * CELL;
    let standard = Alphabet::standard(n);
    let alphabet = alphabet.unwrap_or(&standard);
    let mut doc = page(side + 2.0 * MARGIN, side + 2.0 * MARGIN);
    let mut givens = Group::new().set("class", "givens");
    let mut filled = Group::new().set("class", "filled");
    for row in 0..n {
        for col in 0..n {
            let cell = Coord::new(row, col);
            let (x, y) = (MARGIN + col as f64 * CELL, MARGIN + row as f64 * CELL);
            let value = solution.get(cell).unwrap_or(0);
            if value == 0 {
                continue;
            }
            let symbol = alphabet.symbol(value).to_string();
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            if puzzle.get(cell).is_some_and(|given| given != 0) {
                givens = givens.add(rect(x, y, CELL, CELL, palette::GIVEN)).add(
                    label(cx, cy, CELL * 0.6, palette::INK, symbol).set("font-weight", "bold"),
                );
            } else {
                filled = filled.add(label(cx, cy, CELL * 0.6, palette::FILLED, symbol));
            }
        }
    }
    doc = doc.add(givens).add(filled);
    if let Some(extra) = extra_unit_cells(variant) {
        // Over the squares and digits, see-through, so a given on a diagonal shows both.
        let mut tint = Group::new()
            .set("class", "extra-units")
            .set("fill-opacity", 0.3);
        for cell in (0..81).filter(|c| extra & (1u128 << c) != 0) {
            let (x, y) = (
                MARGIN + (cell % 9) as f64 * CELL,
                MARGIN + (cell / 9) as f64 * CELL,
            );
            tint = tint.add(rect(x, y, CELL, CELL, palette::EXTRA_UNIT));
        }
        doc = doc.add(tint);
    }
    match variant.regions() {
        Some(regions) => doc.add(region_lines(|cell| regions.region_of(cell), CELL)),
        None => doc.add(grid_lines(
            n,
            solution.shape().rows(),
            solution.shape().cols(),
            CELL,
        )),
    }
}

/// The cells (bits 0-80, row-major) of the units an X or windoku Sudoku adds to the
/// classic ones; `None` for the other rules.
fn extra_unit_cells(variant: &Variant) -> Option<u128> {
    if !matches!(variant, Variant::X | Variant::Windoku) {
        return None;
    }
    // The classic units come first (27 of them), then the variant's own.
    let cells = variant.units()[27..]
        .iter()
        .flatten()
        .fold(0u128, |cells, &c| cells | 1u128 << c);
    Some(cells)
}

/// The lines of a 9 x 9 grid of `cell` pixels whose regions are `region_of(cell)`
/// (cells 0-80, row-major): thin between cells of one region, thick between regions
/// and around the grid.
fn region_lines(region_of: impl Fn(usize) -> usize, cell: f64) -> Group {
    let mut lines = Group::new()
        .set("stroke", palette::INK)
        .set("class", "grid");
    let at = |k: usize| MARGIN + k as f64 * cell;
    let line = |x1: f64, y1: f64, x2: f64, y2: f64, thick: bool| {
        Line::new()
            .set("x1", x1)
            .set("y1", y1)
            .set("x2", x2)
            .set("y2", y2)
            .set("stroke-width", if thick { 3 } else { 1 })
    };
    for row in 0..9 {
        for col in 0..9 {
            let here = region_of(row * 9 + col);
            // The left edge of each cell, and the right edge of the last column.
            let left = col == 0 || region_of(row * 9 + col - 1) != here;
            lines = lines.add(line(at(col), at(row), at(col), at(row + 1), left));
            let top = row == 0 || region_of((row - 1) * 9 + col) != here;
            lines = lines.add(line(at(col), at(row), at(col + 1), at(row), top));
        }
        lines = lines.add(line(at(9), at(row), at(9), at(row + 1), true));
    }
    for col in 0..9 {
        lines = lines.add(line(at(col), at(9), at(col + 1), at(9), true));
    }
    lines
}

/// The candidate grid `before` a logical `step` (9 x 9): the cells of the step's
/// pattern yellow, each candidate it eliminates on red, each digit it places on green;
/// solved cells show their digit, the others their candidates in a 3 x 3 block.
pub fn step(before: &Candidates, step: &Step) -> Document {
    candidate_page(before, Some(step))
}

/// The candidate grid `grid` with nothing marked (9 x 9), as [`step`] draws it: the
/// picture of a hint that has no step to give (the grid solved, the techniques stuck,
/// or a contradiction), so that `--draw svg` writes one picture per answer.
pub fn candidates(grid: &Candidates) -> Document {
    candidate_page(grid, None)
}

/// One candidate grid on its page, `step` marked if any.
fn candidate_page(grid: &Candidates, step: Option<&Step>) -> Document {
    let side = 9.0 * CANDIDATE_CELL;
    page(side + 2.0 * MARGIN, side + 2.0 * MARGIN).add(candidate_grid(grid, step, MARGIN))
}

/// Every step of an explanation, one candidate grid per step from top to bottom, each
/// under its number and technique.
pub fn steps<'a>(before_each: impl Iterator<Item = (Candidates, &'a Step)>) -> Document {
    const HEADING: f64 = 30.0;
    let block = 9.0 * CANDIDATE_CELL + HEADING + MARGIN;
    let mut groups = Vec::new();
    for (k, (before, step)) in before_each.enumerate() {
        let top = MARGIN + k as f64 * block;
        groups.push(
            Group::new()
                .add(
                    label(
                        MARGIN,
                        top + HEADING / 2.0,
                        18.0,
                        palette::INK,
                        format!("{}. {}", k + 1, step.technique),
                    )
                    .set("text-anchor", "start"),
                )
                .add(candidate_grid(&before, Some(step), top + HEADING)),
        );
    }
    let height = MARGIN + groups.len().max(1) as f64 * block;
    groups.into_iter().fold(
        page(9.0 * CANDIDATE_CELL + 2.0 * MARGIN, height),
        Document::add,
    )
}

/// One candidate grid with `step` marked (if any), its top edge at `top`.
fn candidate_grid(before: &Candidates, step: Option<&Step>, top: f64) -> Group {
    let c = CANDIDATE_CELL;
    let mini = c / 3.0;
    let mut marks = Group::new().set("class", "marks");
    let mut text = Group::new().set("class", "digits");
    let (cells, eliminations, placements) = match step {
        Some(step) => (
            &step.cells[..],
            &step.eliminations[..],
            &step.placements[..],
        ),
        None => (&[][..], &[][..], &[][..]),
    };
    for &cell in cells {
        marks = marks.add(rect(
            MARGIN + cell.col as f64 * c,
            top + cell.row as f64 * c,
            c,
            c,
            palette::PATTERN,
        ));
    }
    for row in 0..9 {
        for col in 0..9 {
            let cell = Coord::new(row, col);
            let (x, y) = (MARGIN + col as f64 * c, top + row as f64 * c);
            if let Some(value) = before.value(cell) {
                text = text.add(label(
                    x + c / 2.0,
                    y + c / 2.0,
                    c * 0.6,
                    palette::INK,
                    value.to_string(),
                ));
                continue;
            }
            for digit in before.candidates(cell) {
                let k = usize::from(digit - 1);
                let (mx, my) = (x + (k % 3) as f64 * mini, y + (k / 3) as f64 * mini);
                let mark = if eliminations.contains(&(cell, digit)) {
                    Some(palette::ELIMINATED)
                } else if placements.contains(&(cell, digit)) {
                    Some(palette::PLACED)
                } else {
                    None
                };
                if let Some(fill) = mark {
                    marks = marks.add(rect(mx + 1.0, my + 1.0, mini - 2.0, mini - 2.0, fill));
                }
                text = text.add(label(
                    mx + mini / 2.0,
                    my + mini / 2.0,
                    mini * 0.7,
                    palette::INK,
                    digit.to_string(),
                ));
            }
        }
    }
    Group::new()
        .add(marks)
        .add(text)
        .add(grid_lines(9, 3, 3, c).set("transform", format!("translate(0 {})", top - MARGIN)))
}

/// The lines of an `n x n` grid of `cell` pixels with boxes of `box_rows x box_cols`
/// cells: thin between cells, thick between boxes and around the grid.
fn grid_lines(n: usize, box_rows: usize, box_cols: usize, cell: f64) -> Group {
    let side = n as f64 * cell;
    let mut lines = Group::new()
        .set("stroke", palette::INK)
        .set("class", "grid");
    for k in 0..=n {
        let at = MARGIN + k as f64 * cell;
        let width = |every: usize| if k % every == 0 { 3 } else { 1 };
        lines = lines
            .add(
                Line::new()
                    .set("x1", MARGIN)
                    .set("y1", at)
                    .set("x2", MARGIN + side)
                    .set("y2", at)
                    .set("stroke-width", width(box_rows)),
            )
            .add(
                Line::new()
                    .set("x1", at)
                    .set("y1", MARGIN)
                    .set("x2", at)
                    .set("y2", MARGIN + side)
                    .set("stroke-width", width(box_cols)),
            );
    }
    lines
}
