//! The ladders picture: the board's squares numbered in boustrophedon order (square 1
//! at the bottom left), ladders as green and snakes as red arrows from where they start
//! to where they end, and the route's squares in orange.

use ladders::{Board, Route};
use svg::Document;
use svg::node::element::{Circle, Group, Line};

use super::{label, page, palette, rect, round};

/// The longest side of a board, in pixels.
const MAX_SIDE: f64 = 800.0;

/// Where square `square` (1-based) lies on a board `width` squares wide and `height`
/// high: its 0-based (row from the top, column).
pub fn place(square: u32, width: u32, height: u32) -> (u32, u32) {
    let k = square - 1;
    let row_from_bottom = k / width;
    let along = k % width;
    let col = if row_from_bottom.is_multiple_of(2) {
        along
    } else {
        width - 1 - along
    };
    (height - 1 - row_from_bottom, col)
}

/// The board's width and height in squares: its side when it is square, else the
/// smallest square that holds it.
pub fn shape(board: &Board) -> (u32, u32) {
    let squares = board.squares().max(1);
    let width = board
        .side()
        .unwrap_or_else(|| (f64::from(squares).sqrt().ceil() as u32).max(1));
    (width, squares.div_ceil(width))
}

/// The board with its jumps and, when there is one, `route` (its squares in orange).
pub fn board(board: &Board, route: Option<&Route>) -> Document {
    let (width, height) = shape(board);
    let cell = (MAX_SIDE / f64::from(width.max(height))).clamp(4.0, 64.0);
    let centre = |square: u32| {
        let (row, col) = place(square, width, height);
        ((f64::from(col) + 0.5) * cell, (f64::from(row) + 0.5) * cell)
    };
    let mut squares = Group::new().set("class", "squares");
    let on_route: Vec<u32> = route.map(Route::squares).unwrap_or_default();
    for square in 1..=board.squares() {
        let (row, col) = place(square, width, height);
        let (x, y) = (f64::from(col) * cell, f64::from(row) * cell);
        let fill = if on_route.contains(&square) {
            palette::PATH
        } else if (row + col) % 2 == 0 {
            palette::PAPER
        } else {
            "#eeeeee"
        };
        squares = squares.add(
            rect(x, y, cell, cell, fill)
                .set("stroke", "#999999")
                .set("stroke-width", 0.5),
        );
        if cell >= 20.0 {
            squares = squares.add(
                label(
                    x + cell * 0.06,
                    y + cell * 0.18,
                    cell * 0.22,
                    palette::INK,
                    square.to_string(),
                )
                .set("text-anchor", "start"),
            );
        }
    }
    let mut jumps = Group::new()
        .set("class", "jumps")
        .set("stroke-linecap", "round");
    for jump in board.jumps() {
        let colour = if jump.is_ladder() {
            palette::LADDER
        } else {
            palette::SNAKE
        };
        let ((x1, y1), (x2, y2)) = (centre(jump.from), centre(jump.to));
        jumps = jumps
            .add(
                Line::new()
                    .set("x1", round(x1))
                    .set("y1", round(y1))
                    .set("x2", round(x2))
                    .set("y2", round(y2))
                    .set("stroke", colour)
                    .set("stroke-width", round((cell * 0.12).max(1.0))),
            )
            .add(
                Circle::new()
                    .set("cx", round(x2))
                    .set("cy", round(y2))
                    .set("r", round((cell * 0.15).max(1.5)))
                    .set("fill", colour),
            );
    }
    page(f64::from(width) * cell, f64::from(height) * cell)
        .add(squares)
        .add(jumps)
}
