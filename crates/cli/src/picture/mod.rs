//! The SVG pictures of `--draw svg`: one function per puzzle's picture, each returning
//! an [`svg::Document`] (built with the `svg` crate's elements, never pasted text), and
//! the chart of `ladders stats` (drawn by `plotters`' SVG backend). Nothing here writes
//! or chooses an output form: a verb keeps the document in its answer as a
//! [`report::Picture`](crate::report::Picture) and `report::emit` writes it.
//!
//! Every picture has a white background, a `viewBox` in pixels and no fonts it depends
//! on to be read: what a test must see is in the colours of [`palette`].

pub mod chart;
pub mod ladders;
pub mod maze;
pub mod queens;
pub mod sudoku;

use std::path::Path;

use svg::Document;
use svg::node::element::{Rectangle, Text};

/// The colours of every picture, named for what they show (tests look for them).
pub mod palette {
    /// The background, and an open maze cell.
    pub const PAPER: &str = "#ffffff";
    /// Grid lines, digits of the givens, maze walls.
    pub const INK: &str = "#1a1a1a";
    /// The square of a Sudoku given.
    pub const GIVEN: &str = "#d0d0d0";
    /// A cell of a unit a variant adds (an X Sudoku's diagonals, windoku's regions).
    pub const EXTRA_UNIT: &str = "#5b8fd9";
    /// A digit the solver filled in (the square stays [`PAPER`]).
    pub const FILLED: &str = "#1f5fbf";
    /// The cells a step's pattern is made of.
    pub const PATTERN: &str = "#ffe680";
    /// A candidate a step removes.
    pub const ELIMINATED: &str = "#f08080";
    /// A digit a step places.
    pub const PLACED: &str = "#7fd47f";
    /// A path through a maze, a ladders route.
    pub const PATH: &str = "#e4572e";
    /// The start of a path.
    pub const START: &str = "#2e9e44";
    /// The goal of a path.
    pub const GOAL: &str = "#2a6fdb";
    /// Light squares of a chessboard.
    pub const LIGHT: &str = "#f0d9b5";
    /// Dark squares of a chessboard.
    pub const DARK: &str = "#b58863";
    /// A queen.
    pub const QUEEN: &str = "#7b1fa2";
    /// A square no queen may use (`queens complete`'s `x`).
    pub const BLOCKED: &str = "#8c8c8c";
    /// A ladder.
    pub const LADDER: &str = "#2e9e44";
    /// A snake.
    pub const SNAKE: &str = "#c62828";
}

/// The file name (without `.svg`) of the picture of an answer under `--output-dir`:
/// the input's file stem (`stdin` for standard input), then `-line{N}` when the answer
/// is one record of several (the 1-based line it starts on).
pub fn file_name(source: &str, line: Option<usize>) -> String {
    let stem = if source == "<stdin>" || source == "-" {
        "stdin".to_owned()
    } else {
        Path::new(source).file_stem().map_or_else(
            || "picture".to_owned(),
            |s| s.to_string_lossy().into_owned(),
        )
    };
    match line {
        Some(line) => format!("{stem}-line{line}"),
        None => stem,
    }
}

/// An empty document of `width` x `height` pixels on a white background.
fn page(width: f64, height: f64) -> Document {
    Document::new()
        .set("viewBox", (0, 0, round(width), round(height)))
        .set("width", round(width))
        .set("height", round(height))
        .add(rect(0.0, 0.0, width, height, palette::PAPER))
}

/// A filled rectangle without a border.
fn rect(x: f64, y: f64, width: f64, height: f64, fill: &str) -> Rectangle {
    Rectangle::new()
        .set("x", round(x))
        .set("y", round(y))
        .set("width", round(width))
        .set("height", round(height))
        .set("fill", fill)
}

/// A rectangle that takes its group's fill.
fn area(x: f64, y: f64, width: f64, height: f64) -> Rectangle {
    Rectangle::new()
        .set("x", round(x))
        .set("y", round(y))
        .set("width", round(width))
        .set("height", round(height))
}

/// Text centred on `(x, y)` in a sans-serif face of `size` pixels.
fn label(x: f64, y: f64, size: f64, fill: &str, text: impl Into<String>) -> Text {
    Text::new(text)
        .set("x", round(x))
        .set("y", round(y))
        .set("font-family", "sans-serif")
        .set("font-size", round(size))
        .set("text-anchor", "middle")
        .set("dominant-baseline", "central")
        .set("fill", fill)
}

/// `v` to two decimals, so that documents stay short and stable.
fn round(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_named_after_the_input_and_the_line() {
        assert_eq!(file_name("data/top95.txt", Some(12)), "top95-line12");
        assert_eq!(file_name("<stdin>", Some(3)), "stdin-line3");
        assert_eq!(file_name("../mazes/mouse.txt", None), "mouse");
        assert_eq!(file_name("board", None), "board");
    }
}
