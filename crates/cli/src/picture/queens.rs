//! The queens picture: a chessboard with a purple queen on each row's square.

use grid_core::Coord;
use svg::Document;
use svg::node::element::{Circle, Definitions, Group, Path, Pattern};

use super::{area, page, palette, rect, round};

/// The longest side of a board, in pixels; a board of more rows than that is drawn
/// merged, a pixel for a block of squares (see [`board`]).
const MAX_SIDE: f64 = 800.0;

/// The board of `columns` (row `r`'s queen on 0-based column `columns[r]`): light and
/// dark squares (one repeated pattern, so the document grows with the queens, not the
/// squares), the `blocked` squares (0-based; `queens complete`'s `x`) in grey with a
/// cross, and a queen on each row's square. A board of more than [`MAX_SIDE`] rows
/// merges blocks of squares into one pixel each, purple where a queen stands in the
/// block, on a plain light board (a chessboard pattern means nothing at that scale; the
/// blocked squares are not drawn there).
pub fn board(columns: &[usize], blocked: &[Coord]) -> Document {
    let n = columns.len().max(1);
    if n as f64 > MAX_SIDE {
        return merged(columns);
    }
    let square = (MAX_SIDE / n as f64).clamp(1.0, 60.0);
    let side = n as f64 * square;
    let checker = Pattern::new()
        .set("id", "squares")
        .set("patternUnits", "userSpaceOnUse")
        .set("width", round(2.0 * square))
        .set("height", round(2.0 * square))
        .add(rect(0.0, 0.0, 2.0 * square, 2.0 * square, palette::LIGHT))
        .add(rect(square, 0.0, square, square, palette::DARK))
        .add(rect(0.0, square, square, square, palette::DARK));
    let mut queens = Group::new()
        .set("fill", palette::QUEEN)
        .set("class", "queens");
    for (row, &col) in columns.iter().enumerate() {
        let (x, y) = (col as f64 * square, row as f64 * square);
        queens = if square >= 6.0 {
            queens.add(
                Circle::new()
                    .set("cx", round(x + square / 2.0))
                    .set("cy", round(y + square / 2.0))
                    .set("r", round(square * 0.35)),
            )
        } else {
            queens.add(rect(x, y, square, square, palette::QUEEN))
        };
    }
    let mut blocked_squares = Group::new()
        .set("fill", palette::BLOCKED)
        .set("stroke", palette::INK)
        .set("stroke-width", round((square / 30.0).max(0.5)))
        .set("class", "blocked");
    for square_at in blocked.iter().filter(|c| c.row < n && c.col < n) {
        let (x, y) = (square_at.col as f64 * square, square_at.row as f64 * square);
        let (x2, y2) = (x + square, y + square);
        blocked_squares = blocked_squares.add(area(x, y, square, square).set("stroke", "none"));
        if square >= 6.0 {
            // A cross from corner to corner, inset by a sixth of the square.
            let inset = square / 6.0;
            let cross = format!(
                "M{} {}L{} {}M{} {}L{} {}",
                round(x + inset),
                round(y + inset),
                round(x2 - inset),
                round(y2 - inset),
                round(x2 - inset),
                round(y + inset),
                round(x + inset),
                round(y2 - inset)
            );
            blocked_squares = blocked_squares.add(Path::new().set("d", cross));
        }
    }
    let document = page(side, side)
        .add(Definitions::new().add(checker))
        .add(rect(0.0, 0.0, side, side, "url(#squares)"));
    match blocked.is_empty() {
        true => document.add(queens),
        false => document.add(blocked_squares).add(queens),
    }
}

/// A board of more than [`MAX_SIDE`] rows: one pixel per block of `merge` x `merge`
/// squares, purple when a queen stands in it; runs of purple pixels in a row of blocks
/// are one rectangle, so the document has at most a few hundred thousand of them.
fn merged(columns: &[usize]) -> Document {
    let n = columns.len();
    let merge = n.div_ceil(MAX_SIDE as usize);
    let blocks = n.div_ceil(merge);
    let side = blocks as f64;
    let mut queens = Group::new()
        .set("fill", palette::QUEEN)
        .set("class", "queens")
        .set("shape-rendering", "crispEdges");
    let mut band: Vec<usize> = Vec::with_capacity(merge);
    for (row, rows) in columns.chunks(merge).enumerate() {
        band.clear();
        band.extend(rows.iter().map(|&col| col / merge));
        band.sort_unstable();
        band.dedup();
        let mut k = 0;
        while k < band.len() {
            let first = band[k];
            while k + 1 < band.len() && band[k + 1] == band[k] + 1 {
                k += 1;
            }
            let width = (band[k] - first + 1) as f64;
            queens = queens.add(area(first as f64, row as f64, width, 1.0));
            k += 1;
        }
    }
    page(side, side)
        .add(rect(0.0, 0.0, side, side, palette::LIGHT))
        .add(queens)
}
