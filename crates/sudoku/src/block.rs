//! The block form of a grid: rows of cells with box separators.

use std::fmt;

use crate::Sudoku;

/// The block form of a [`Sudoku`]; see [`Sudoku::block`].
#[derive(Clone, Copy, Debug)]
pub struct Block<'a>(pub(crate) &'a Sudoku);

impl fmt::Display for Block<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        let n = s.size();
        let (br, bc) = (s.shape.rows(), s.shape.cols());
        let width = if n > 9 { 2 } else { 1 };
        let cell = |v: u8| match v {
            0 => format!("{:>width$}", "."),
            v => format!("{v:>width$}"),
        };
        let segment = "-".repeat(bc * (width + 1) + 1);
        for r in 0..n {
            if r > 0 && r % br == 0 {
                let rule: Vec<&str> = (0..n / bc).map(|_| segment.as_str()).collect();
                let rule = rule.join("+");
                writeln!(f, "{}", &rule[1..rule.len() - 1])?;
            }
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push_str(if c % bc == 0 { " | " } else { " " });
                }
                line.push_str(&cell(s.cells[r * n + c]));
            }
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
