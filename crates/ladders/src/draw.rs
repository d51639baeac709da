//! The board drawn as text.

use std::fmt::Write as _;

use crate::{Board, Route};

/// The largest board [`Board::draw`] draws, in squares.
pub const MAX_DRAWN_SQUARES: u32 = 10_000;

impl Board {
    /// The board drawn as text, top row first, numbered boustrophedon from the
    /// bottom-left as on the physical board: rows of `n` squares for a board read from
    /// an `n x n` matrix (or of `sqrt(N)` when `N` is a perfect square), else rows of
    /// 10. Each square shows its number, then `L` and the destination for the foot of a
    /// ladder or `S` and the destination for the head of a snake; with a `route`, the
    /// squares it lands on or ends a move on are marked `*`, and the start square `@`.
    ///
    /// Returns `None` for boards of more than [`MAX_DRAWN_SQUARES`] squares.
    ///
    /// # Examples
    ///
    /// ```
    /// let board = ladders::Board::parse("[[-1,-1],[-1,3]]")?;
    /// let route = board.shortest_route(&ladders::Rules::leetcode());
    /// let text = board.draw(route.as_ref()).expect("small board");
    /// // Square 4 is top-left, the route's only move is a roll of 3 from square 1.
    /// assert_eq!(text, " 4*    3\n@1     2 L3\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn draw(&self, route: Option<&Route>) -> Option<String> {
        let last = self.squares();
        if last > MAX_DRAWN_SQUARES {
            return None;
        }
        let width = match self.side() {
            Some(n) => n,
            None => {
                let r = f64::from(last).sqrt().round() as u32;
                if r * r == last { r } else { 10.min(last) }
            }
        };
        let rows = last.div_ceil(width);
        let digits = last.to_string().len();
        let mut mark = vec![' '; last as usize + 1];
        if let Some(route) = route {
            for step in &route.steps {
                mark[step.landed as usize] = '*';
                mark[step.square as usize] = '*';
            }
            if route.start >= 1 {
                mark[route.start as usize] = '@';
            }
        }
        let mut out = String::new();
        for row in (0..rows).rev() {
            let mut line = String::new();
            for col in 0..width {
                let along = if row % 2 == 0 { col } else { width - 1 - col };
                let square = row * width + along + 1;
                if col > 0 {
                    line.push(' ');
                }
                if square > last {
                    line.push_str(&" ".repeat(2 * digits + 2));
                    continue;
                }
                let jump = match self.jump(square) {
                    Some(to) if to > square => format!("L{to}"),
                    Some(to) => format!("S{to}"),
                    None => String::new(),
                };
                let (m, rest) = match mark[square as usize] {
                    '@' => ('@', ' '),
                    c => (' ', c),
                };
                // invariant: writing to a String cannot fail.
                let _ = write!(line, "{m}{square:>digits$}{rest}{jump:<w$}", w = digits + 1);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        Some(out)
    }
}
