//! The queens picture: a chessboard with a purple queen on each row's square.

use svg::Document;
use svg::node::element::{Circle, Definitions, Group, Pattern};

use super::{page, palette, rect, round};

/// The longest side of a board, in pixels; a square is at least one pixel.
const MAX_SIDE: f64 = 800.0;

/// The board of `columns` (row `r`'s queen on 0-based column `columns[r]`): light and
/// dark squares (one repeated pattern, so the document grows with the queens, not the
/// squares) and a queen on each row's square.
pub fn board(columns: &[usize]) -> Document {
    let n = columns.len().max(1);
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
    page(side, side)
        .add(Definitions::new().add(checker))
        .add(rect(0.0, 0.0, side, side, "url(#squares)"))
        .add(queens)
}
