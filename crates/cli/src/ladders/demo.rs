//! The ladders part of `gridsolve demo`: LeetCode 909 example 1 and the expected
//! length of the Milton Bradley Chutes and Ladders game.

use std::io::{self, Write};

use ladders::{Board, Chain, Route, Rules};
use serde::Serialize;

use super::significant;
use crate::report::{Answer, Outcome};

const EXAMPLE: &str = "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
                       [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]";

/// LeetCode 909 example 1: `{"min_rolls": 4, "path": [...]}`.
#[derive(Debug, Serialize)]
struct LeetCodeDemo {
    min_rolls: Option<usize>,
    path: Vec<u32>,
    /// The board drawn with the route, for the text.
    #[serde(skip)]
    drawing: Option<String>,
}

impl LeetCodeDemo {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "LeetCode 909 example 1 (6 x 6):")?;
        if let Some(rolls) = self.min_rolls {
            writeln!(out, "min rolls: {rolls}")?;
            let squares: Vec<String> = self.path.iter().map(u32::to_string).collect();
            writeln!(out, "route: {}", squares.join(" -> "))?;
            if let Some(drawing) = &self.drawing {
                out.write_all(drawing.as_bytes())?;
            }
        }
        Ok(())
    }
}

/// The Chutes and Ladders expectation: `{"board": "chutes-and-ladders",
/// "expected_turns": E}`.
#[derive(Debug, Serialize)]
struct ChutesDemo {
    board: &'static str,
    expected_turns: Option<f64>,
}

impl ChutesDemo {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(e) = self.expected_turns {
            writeln!(
                out,
                "Milton Bradley Chutes and Ladders: expected game length {} turns (one player, exact finish)",
                significant(e, 9)
            )?;
        }
        Ok(())
    }
}

/// The ladders demo: both examples, `{"leetcode": {...}, "chutes": {...}}`.
#[derive(Debug, Serialize)]
pub struct LaddersDemo {
    leetcode: LeetCodeDemo,
    chutes: ChutesDemo,
}

impl Answer for LaddersDemo {
    fn outcome(&self) -> Outcome {
        Outcome::Answered
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        self.leetcode.write_text(out)?;
        self.chutes.write_text(out)
    }
}

/// `gridsolve demo`: LeetCode 909 example 1 and the Chutes and Ladders board.
pub fn demo() -> anyhow::Result<LaddersDemo> {
    let board = Board::parse(EXAMPLE)?;
    let route = board.shortest_route(&Rules::leetcode());
    let leetcode = LeetCodeDemo {
        min_rolls: route.as_ref().map(Route::rolls),
        path: route.as_ref().map(Route::squares).unwrap_or_default(),
        drawing: route.as_ref().and_then(|r| board.draw(Some(r))),
    };
    let expected = Chain::new(&ladders::chutes_and_ladders(), &Rules::classic())
        .expected_turns()?
        .map(|e| e.turns);
    let chutes = ChutesDemo {
        board: "chutes-and-ladders",
        expected_turns: expected,
    };
    Ok(LaddersDemo { leetcode, chutes })
}
