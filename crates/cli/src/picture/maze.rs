//! The maze picture: walls dark, open cells white, the path in orange from a green
//! start to a blue goal. A large maze is scaled to at most [`MAX_SIDE`] pixels a side;
//! where a cell would be smaller than [`MIN_CELL`] pixels, blocks of cells are merged
//! into one square, shaded by the share of its cells that are walls (one of
//! [`SHADES`] greys, none for a block of open cells) and in the path colour when the
//! path crosses it, so a 10,000 x 10,000 maze stays a readable picture of at most a few
//! hundred thousand rectangles (walls and path are runs of squares), and a maze of
//! scattered walls (a random 0/1 grid) shows them as a texture rather than vanishing.

use grid_core::Coord;
use maze::{Maze, Path};
use svg::Document;
use svg::node::element::{Circle, Group, Line};

use super::{area, page, palette, round};

/// The longest side of a picture, in pixels.
pub const MAX_SIDE: f64 = 1000.0;
/// The smallest square drawn, in pixels: smaller cells are merged into blocks.
pub const MIN_CELL: f64 = 4.0;
/// The colour of a block of cells that are all walls, when cells are merged; a block
/// with fewer walls is drawn in it at an opacity of its share of walls.
const MERGED_WALL: &str = "#6a6a6a";
/// How many greys merged blocks are shaded in (a block's share of walls, rounded to
/// the nearest; a block whose share rounds to none is not drawn).
const SHADES: u32 = 8;

/// The maze with `path` (when there is one) from `start` to `goals`.
pub fn picture(maze: &Maze, path: Option<&Path>, start: Coord, goals: &[Coord]) -> Document {
    let (rows, cols) = (maze.rows(), maze.cols());
    let longest = rows.max(cols).max(1);
    // Cells per block side, then the pixels of a block.
    let merge = ((longest as f64 * MIN_CELL) / MAX_SIDE).ceil().max(1.0) as usize;
    let (block_rows, block_cols) = (rows.div_ceil(merge), cols.div_ceil(merge));
    let px = (MAX_SIDE / (block_rows.max(block_cols).max(1)) as f64).clamp(MIN_CELL, 40.0);
    let mut blocked = vec![0u32; block_rows * block_cols];
    let mut on_path = vec![false; block_rows * block_cols];
    for row in 0..rows {
        for col in 0..cols {
            if !maze.is_open(Coord::new(row, col)) {
                blocked[(row / merge) * block_cols + col / merge] += 1;
            }
        }
    }
    if let Some(path) = path {
        for cell in path.cells() {
            on_path[(cell.row / merge) * block_cols + cell.col / merge] = true;
        }
    }
    let cells_in = |br: usize, bc: usize| {
        let h = merge.min(rows - br * merge);
        let w = merge.min(cols - bc * merge);
        (h * w) as u32
    };
    // One group per shade: cells at full ink; merged blocks in grey (so that the path
    // stands out of the texture), shade `k` of `SHADES` at opacity k / SHADES.
    let shades = if merge == 1 { 1 } else { SHADES };
    let mut walls: Vec<Group> = (1..=shades)
        .map(|k| {
            let group = Group::new()
                .set(
                    "fill",
                    if merge == 1 {
                        palette::INK
                    } else {
                        MERGED_WALL
                    },
                )
                .set("class", "walls")
                .set("shape-rendering", "crispEdges");
            if k == shades {
                group
            } else {
                group.set("fill-opacity", round(f64::from(k) / f64::from(shades)))
            }
        })
        .collect();
    let mut trail = Group::new()
        .set("fill", palette::PATH)
        .set("class", "path")
        .set("shape-rendering", "crispEdges");
    for br in 0..block_rows {
        // Runs of equal blocks in a row become one rectangle each.
        let y = br as f64 * px;
        let runs = |is: &dyn Fn(usize) -> bool, group: Group| -> Group {
            let mut group = group;
            let mut bc = 0;
            while bc < block_cols {
                if !is(bc) {
                    bc += 1;
                    continue;
                }
                let first = bc;
                while bc < block_cols && is(bc) {
                    bc += 1;
                }
                group = group.add(area(first as f64 * px, y, (bc - first) as f64 * px, px));
            }
            group
        };
        // A block's shade: its share of walls in `shades` steps, rounded (0 for a
        // block the path crosses, drawn in the path's colour).
        let shade = |bc: usize| {
            let i = br * block_cols + bc;
            if on_path[i] {
                return 0;
            }
            let cells = cells_in(br, bc);
            (2 * blocked[i] * shades + cells) / (2 * cells)
        };
        for (k, group) in (1..=shades).zip(walls.iter_mut()) {
            *group = runs(&|bc: usize| shade(bc) == k, std::mem::take(group));
        }
        trail = runs(&|bc: usize| on_path[br * block_cols + bc], trail);
    }
    // Start and goal stay visible however small the blocks: a disc of at least 8 pixels.
    let (width, height) = (block_cols as f64 * px, block_rows as f64 * px);
    let radius = (px * 0.45).max(8.0);
    // Kept whole inside the picture when the cell is at its edge.
    let inside =
        |at: f64, side: f64| at.clamp(radius.min(side / 2.0), (side - radius).max(side / 2.0));
    let marker = |cell: Coord, fill: &str| {
        Circle::new()
            .set(
                "cx",
                round(inside(((cell.col / merge) as f64 + 0.5) * px, width)),
            )
            .set(
                "cy",
                round(inside(((cell.row / merge) as f64 + 0.5) * px, height)),
            )
            .set("r", round(radius))
            .set("fill", fill)
            .set("stroke", palette::PAPER)
    };
    let mut doc = page(width, height);
    for group in walls {
        doc = doc.add(group);
    }
    doc = doc.add(trail);
    if maze.has_walls() && merge == 1 {
        doc = doc.add(wall_lines(maze, px));
    }
    doc = doc.add(marker(start, palette::START));
    for &goal in goals {
        doc = doc.add(marker(goal, palette::GOAL));
    }
    doc
}

/// The walls between cells of a micromouse maze, as lines.
fn wall_lines(maze: &Maze, px: f64) -> Group {
    use grid_core::Direction;
    let mut lines = Group::new()
        .set("stroke", palette::INK)
        .set("stroke-width", (px / 8.0).max(1.0))
        .set("class", "cell-walls");
    for row in 0..maze.rows() {
        for col in 0..maze.cols() {
            let cell = Coord::new(row, col);
            let (x, y) = (col as f64 * px, row as f64 * px);
            if maze.has_wall(cell, Direction::Up) {
                lines = lines.add(
                    Line::new()
                        .set("x1", x)
                        .set("y1", y)
                        .set("x2", x + px)
                        .set("y2", y),
                );
            }
            if maze.has_wall(cell, Direction::Left) {
                lines = lines.add(
                    Line::new()
                        .set("x1", x)
                        .set("y1", y)
                        .set("x2", x)
                        .set("y2", y + px),
                );
            }
            if row + 1 == maze.rows() && maze.has_wall(cell, Direction::Down) {
                lines = lines.add(
                    Line::new()
                        .set("x1", x)
                        .set("y1", y + px)
                        .set("x2", x + px)
                        .set("y2", y + px),
                );
            }
            if col + 1 == maze.cols() && maze.has_wall(cell, Direction::Right) {
                lines = lines.add(
                    Line::new()
                        .set("x1", x + px)
                        .set("y1", y)
                        .set("x2", x + px)
                        .set("y2", y + px),
                );
            }
        }
    }
    lines
}
