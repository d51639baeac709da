//! The 8-queens classic for `gridsolve demo`: the first solution in lexicographic order,
//! drawn, and the counts.

use std::io::{self, Write};

use anyhow::Context;
use grid_core::text::count_of;
use serde::Serialize;

use super::solution::write_board;
use crate::report::{Answer, Outcome};

/// The demo's one answer: text, a heading line, the drawn board and `n = 8: 92
/// solutions, 12 fundamental`; JSON `{"n":8,"columns":[0,4,7,5,2,6,1,3],"count":92,
/// "fundamental":12,"status":"answered"}` (the keys of `queens all`'s solution and of `queens count`).
#[derive(Debug, Serialize)]
pub struct DemoAnswer {
    n: usize,
    columns: Vec<usize>,
    count: u128,
    fundamental: u128,
}

/// The first solution of the 8 x 8 board and its counts.
pub fn demo() -> anyhow::Result<DemoAnswer> {
    let columns = queens::Solutions::new(8)?
        .next()
        .context("the eight queens puzzle has solutions")?;
    let counts = queens::count(8)?;
    Ok(DemoAnswer {
        n: 8,
        columns,
        count: counts.total,
        fundamental: counts.fundamental,
    })
}

impl Answer for DemoAnswer {
    fn outcome(&self) -> Outcome {
        Outcome::Answered
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "Eight queens, the first solution in lexicographic order:"
        )?;
        write_board(out, &self.columns, &[])?;
        writeln!(
            out,
            "n = {}: {}, {} fundamental",
            self.n,
            count_of(self.count, "solution"),
            self.fundamental
        )
    }
}
