//! `gridsolve ladders solve`: the fewest rolls to the last square, with the route and
//! a drawing of the board.

use std::io::{self, Write};

use clap::Args;
use ladders::Route;
use serde::Serialize;

use super::{BoardArgs, Game};
use crate::args::DrawArg;
use crate::picture;
use crate::report::{Answer, Outcome, Picture};

/// The arguments of `ladders solve`.
#[derive(Debug, Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    pub(super) input: BoardArgs,
    /// Also print one optimal route: each roll, the square landed on and the square
    /// after the snake or ladder.
    #[arg(long)]
    path: bool,
    /// `--draw` (alias `--board`), with the help text `DRAW_HELP`.
    #[command(flatten)]
    draw: DrawArg,
}

/// The answer of `ladders solve`. JSON: `{"drawing": text (with --draw), "min_rolls":
/// K, "path": [squares], "route": [{"landed", "roll", "square"}], "start": 0 or 1}`,
/// with `min_rolls`, `path` and `route` null when the last square cannot be reached
/// (the JSON convention for no answer, in ARCHITECTURE.md); the keys are in
/// alphabetical order, as they have always been written.
#[derive(Debug, Serialize)]
pub(super) struct SolveAnswer {
    /// The drawing (`--draw`), its lines ending in `\n`: the `"drawing"` of every verb
    /// that draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    drawing: Option<String>,
    /// The fewest rolls, `None` when the last square cannot be reached.
    min_rolls: Option<usize>,
    /// The start square, then the square each move of the route ends on, when there
    /// is a route.
    path: Option<Vec<u32>>,
    /// The route's moves, when there is one.
    route: Option<Vec<RouteStep>>,
    /// The start square: 0 off the board, 1 on square 1.
    start: u32,
    /// Whether the text lists the route (`--path`; JSON always has it).
    #[serde(skip)]
    show_path: bool,
    /// `--draw svg`: the board with its snakes, ladders and the route.
    #[serde(skip)]
    picture: Option<Picture>,
}

/// One move of the route (see [`ladders::Step`]).
#[derive(Debug, Serialize)]
struct RouteStep {
    /// The square landed on before any snake or ladder.
    landed: u32,
    /// The roll.
    roll: u32,
    /// The square after the snake or ladder.
    square: u32,
    /// Under `--chain`, the squares between `landed` and `square` that the move's
    /// jumps pass through (absent when there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    via: Vec<u32>,
}

/// Finds the fewest rolls on the board of `game` with one optimal route.
pub(super) fn answer(args: &SolveArgs, game: &Game) -> anyhow::Result<SolveAnswer> {
    let route = game.board.shortest_route(&game.rules);
    let drawing = if args.draw.text() {
        let drawing = game.board.draw(route.as_ref()).ok_or_else(|| {
            game.place.whole(format_args!(
                "the board has {} squares; --draw draws at most {}",
                game.board.squares(),
                ladders::MAX_DRAWN_SQUARES
            ))
        })?;
        Some(drawing)
    } else {
        None
    };
    if args.draw.svg() && game.board.squares() > ladders::MAX_DRAWN_SQUARES {
        return Err(game
            .place
            .whole(format_args!(
                "the board has {} squares; --draw draws at most {}",
                game.board.squares(),
                ladders::MAX_DRAWN_SQUARES
            ))
            .into());
    }
    let picture = args.draw.picture(&game.place.picture_name(), || {
        picture::ladders::board(&game.board, route.as_ref())
    });
    Ok(SolveAnswer {
        picture,
        drawing,
        min_rolls: route.as_ref().map(Route::rolls),
        path: route.as_ref().map(Route::squares),
        route: route.as_ref().map(|route| {
            route
                .steps
                .iter()
                .map(|s| {
                    let passed = game.jumps_from(s.landed);
                    RouteStep {
                        landed: s.landed,
                        roll: s.roll,
                        square: s.square,
                        via: passed[1..passed.len().saturating_sub(1).max(1)].to_vec(),
                    }
                })
                .collect()
        }),
        start: game.rules.start().square(),
        show_path: args.path,
    })
}

impl SolveAnswer {
    fn write_route(&self, steps: &[RouteStep], out: &mut dyn Write) -> io::Result<()> {
        if self.start == 0 {
            writeln!(out, "start off the board (square 0)")?;
        } else {
            writeln!(out, "start on square {}", self.start)?;
        }
        for (i, step) in steps.iter().enumerate() {
            write!(
                out,
                "{:>4}. roll {}: land on {}",
                i + 1,
                step.roll,
                step.landed
            )?;
            let mut at = step.landed;
            for &to in step.via.iter().chain([&step.square]) {
                if to > at {
                    write!(out, ", ladder to {to}")?;
                } else if to < at {
                    write!(out, ", snake to {to}")?;
                }
                at = to;
            }
            writeln!(out)?;
        }
        Ok(())
    }
}

impl Answer for SolveAnswer {
    /// Every key its JSON line may have (the optional ones a flag adds too), then the
    /// place and message of bad input: one CSV header for every outcome.
    fn csv_columns() -> Vec<&'static str> {
        crate::report::with_error_columns(&[
            "min_rolls",
            "path",
            "route",
            "start",
            "drawing",
            "drawing_file",
            "status",
        ])
    }

    fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

    /// Answered, or no solution (exit 1) when the last square cannot be reached.
    fn outcome(&self) -> Outcome {
        Outcome::found(self.min_rolls.is_some())
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match self.min_rolls {
            Some(rolls) => writeln!(out, "min rolls: {rolls}")?,
            None => writeln!(out, "min rolls: none (the last square cannot be reached)")?,
        }
        if self.show_path
            && let Some(steps) = &self.route
        {
            self.write_route(steps, out)?;
        }
        if let Some(drawing) = &self.drawing {
            writeln!(out)?;
            out.write_all(drawing.as_bytes())?;
            if !drawing.ends_with('\n') {
                writeln!(out)?;
            }
            writeln!(
                out,
                "L<n>: ladder to n, S<n>: snake to n, @: start, *: square on the route"
            )?;
        }
        Ok(())
    }
}
