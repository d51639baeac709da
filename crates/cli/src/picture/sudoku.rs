//! Sudoku pictures: a grid with its givens on grey squares and the solver's digits in
//! blue, and a candidate grid with a logical step's pattern, eliminations and
//! placements coloured.

use grid_core::Coord;
use sudoku::logic::{Candidates, Step};
use sudoku::{Alphabet, Sudoku};
use svg::Document;
use svg::node::element::{Group, Line};

use super::{label, page, palette, rect};

/// Pixels per cell of a solved grid.
const CELL: f64 = 44.0;
/// Pixels per cell of a candidate grid.
const CANDIDATE_CELL: f64 = 60.0;
/// The margin around a grid.
const MARGIN: f64 = 10.0;

/// The solved grid `solution` of `puzzle`: the givens' squares grey with dark digits,
/// the filled digits blue on white; symbols from `alphabet` (the standard ones when
/// `None`).
pub fn solved(puzzle: &Sudoku, solution: &Sudoku, alphabet: Option<&Alphabet>) -> Document {
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
    doc.add(grid_lines(
        n,
        solution.shape().rows(),
        solution.shape().cols(),
        CELL,
    ))
}

/// The candidate grid `before` a logical `step` (9 x 9): the cells of the step's
/// pattern yellow, each candidate it eliminates on red, each digit it places on green;
/// solved cells show their digit, the others their candidates in a 3 x 3 block.
pub fn step(before: &Candidates, step: &Step) -> Document {
    let side = 9.0 * CANDIDATE_CELL;
    let mut doc = page(side + 2.0 * MARGIN, side + 2.0 * MARGIN);
    doc = doc.add(candidate_grid(before, step, MARGIN));
    doc
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
                .add(candidate_grid(&before, step, top + HEADING)),
        );
    }
    let height = MARGIN + groups.len().max(1) as f64 * block;
    groups.into_iter().fold(
        page(9.0 * CANDIDATE_CELL + 2.0 * MARGIN, height),
        Document::add,
    )
}

/// One candidate grid with `step` marked, its top edge at `top`.
fn candidate_grid(before: &Candidates, step: &Step, top: f64) -> Group {
    let c = CANDIDATE_CELL;
    let mini = c / 3.0;
    let mut marks = Group::new().set("class", "marks");
    let mut text = Group::new().set("class", "digits");
    for &cell in &step.cells {
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
                let mark = if step.eliminations.contains(&(cell, digit)) {
                    Some(palette::ELIMINATED)
                } else if step.placements.contains(&(cell, digit)) {
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
