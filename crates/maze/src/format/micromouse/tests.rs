//! The streamed micromouse reader against the reader that had the whole text first
//! (the previous implementation, kept here as the reference): the same maze, markers
//! and drawing on generated mazes, the same error (kind, message, line and column) on
//! damaged ones.

// unwrap and expect in these tests: a panic is a test failure; no user input reaches them.

use grid_core::text::{self, TextLine, count_of};
use grid_core::{Coord, Direction, TextPosition};
use proptest::prelude::*;

use super::super::{ArtLine, Format, MazeFile, MazeReader, StartMarker, Style, render};
#[cfg(feature = "generate")]
use crate::{GenerateOptions, MoveSet, generate_walled};
use crate::{Maze, MazeError};

/// The lines of `text` as characters, leading and trailing blank lines dropped.
fn art_lines(text: &str) -> Vec<ArtLine> {
    let blank = |l: &TextLine<'_>| l.text.trim().is_empty();
    let mut lines: Vec<TextLine<'_>> = text::lines(text).collect();
    while lines.last().is_some_and(blank) {
        lines.pop();
    }
    let lead = lines.iter().take_while(|l| blank(l)).count();
    lines
        .into_iter()
        .skip(lead)
        .map(|l| ArtLine {
            number: l.number,
            chars: l.text.chars().collect(),
        })
        .collect()
}

/// The streamed read, a line at a time, of `text` as a micromouse file.
fn streamed(text: &str) -> Result<MazeFile, MazeError> {
    let mut reader = MazeReader::new(Some(Format::Micromouse));
    for line in text::lines(text) {
        reader.push_line(line.text)?;
    }
    reader.finish()
}

/// The whole-text read, as before (leading blank lines: the streamed reader starts at
/// the first non-blank line, as this one does).
fn whole(text: &str) -> Result<MazeFile, MazeError> {
    if text::lines(text).all(|l| l.text.trim().is_empty()) {
        return Err(MazeError::Empty);
    }
    parse_whole(text)
}

/// Markers for a `rows x cols` maze by `seed`, and the maze as micromouse text.
fn with_markers(maze: Maze, seed: u64) -> (Maze, Option<Coord>, Vec<Coord>, String) {
    let (rows, cols) = (maze.rows(), maze.cols());
    let start = seed.is_multiple_of(2).then(|| Coord::new(rows - 1, 0));
    let mut goals: Vec<Coord> = if seed.is_multiple_of(3) {
        Vec::new()
    } else {
        vec![Coord::new(rows / 2, cols / 2), Coord::new(0, cols - 1)]
    };
    // A cell holds one mark: `S` wins.
    goals.retain(|&goal| Some(goal) != start);
    goals.sort();
    goals.dedup();
    let text = render(&maze, Format::Micromouse, false, start, &goals).unwrap();
    (maze, start, goals, text)
}

/// A generated `rows x cols` maze ([`generate_walled`]) as micromouse text, with markers.
#[cfg(feature = "generate")]
fn generated(
    rows: usize,
    cols: usize,
    seed: u64,
    loops: f64,
) -> (Maze, Option<Coord>, Vec<Coord>, String) {
    let options = GenerateOptions {
        seed,
        loops,
        ..GenerateOptions::default()
    };
    with_markers(generate_walled(rows, cols, &options).unwrap(), seed)
}

/// A `rows x cols` maze with a wall wherever `bits` (cycled) says so, as micromouse
/// text with markers: no generator needed.
fn random_walls(rows: usize, cols: usize, seed: u64, bits: &[bool]) -> String {
    let mut maze = Maze::new(rows, cols, true).unwrap();
    let mut k = 0;
    for row in 0..rows {
        for col in 0..cols {
            for dir in [Direction::Right, Direction::Down] {
                maze.set_wall(Coord::new(row, col), dir, bits[k % bits.len()]);
                k += 1;
            }
        }
    }
    with_markers(maze, seed).3
}

#[cfg(feature = "generate")]
#[test]
fn generated_mazes_read_the_same_streamed_and_whole() {
    for (rows, cols) in [
        (1, 1),
        (1, 7),
        (6, 1),
        (2, 2),
        (16, 16),
        (33, 65),
        (120, 90),
    ] {
        for seed in 0..6 {
            let (maze, start, goals, text) =
                generated(rows, cols, seed, f64::from(seed as u8) / 8.0);
            let file = streamed(&text).unwrap();
            assert_eq!(file, whole(&text).unwrap(), "{rows} x {cols}, seed {seed}");
            // The reference of the reference: the maze and markers that were written.
            assert_eq!((file.start, &file.goals), (start, &goals));
            for row in 0..rows {
                for col in 0..cols {
                    let cell = Coord::new(row, col);
                    for dir in [Direction::Right, Direction::Down] {
                        assert_eq!(file.maze.has_wall(cell, dir), maze.has_wall(cell, dir));
                    }
                }
            }
            // With `\r\n` endings, leading blank lines and text after the maze.
            let dressed = format!("\n \n{}\nsolved in 3 s\n", text.replace('\n', "\r\n"));
            assert_eq!(streamed(&dressed), whole(&dressed));
            assert_eq!(streamed(&dressed).unwrap().maze, file.maze);
        }
    }
}

#[cfg(feature = "generate")]
#[test]
fn a_read_file_draws_its_own_characters_with_the_path_marked() {
    for seed in 0..4 {
        let (_, _, _, text) = generated(9, 13, seed, 0.2);
        let file = streamed(&text).unwrap();
        let query = file
            .maze
            .query(
                file.start_or_default(),
                &file.goals_or_default(),
                MoveSet::Four,
            )
            .unwrap();
        let path = query.shortest_path().unwrap();
        let drawn = file.draw(&path);
        // Taking the stars away gives the text back; the path's cells and the gaps
        // between them are starred unless marked `S` or `G`.
        assert_eq!(drawn.replace('*', " "), text);
        let lines: Vec<Vec<char>> = drawn.lines().map(|l| l.chars().collect()).collect();
        let cells = path.cells().collect::<Vec<_>>();
        for (k, cell) in cells.iter().enumerate() {
            let centre = lines[2 * cell.row + 1][4 * cell.col + 2];
            assert!(matches!(centre, '*' | 'S' | 'G'), "{cell:?}: {centre}");
            if let Some(next) = cells.get(k + 1) {
                let (line, col) = if next.row == cell.row {
                    (2 * cell.row + 1, 4 * cell.col.max(next.col))
                } else {
                    (2 * cell.row.max(next.row), 4 * cell.col + 2)
                };
                assert_eq!(lines[line][col], '*', "between {cell:?} and {next:?}");
            }
        }
        let stars = drawn.chars().filter(|&c| c == '*').count();
        let marked = cells
            .iter()
            .filter(|c| file.start == Some(**c) || file.goals.contains(c))
            .count();
        assert_eq!(stars, 2 * cells.len() - 1 - marked);
    }
}

/// A damage done to a maze's text.
#[derive(Clone, Debug)]
enum Damage {
    /// Character `at` of line `line` becomes `ch` (past the end: appended).
    Char { line: usize, at: usize, ch: char },
    /// Line `line` is removed.
    Remove(usize),
    /// `text` is inserted before line `line`.
    Insert { line: usize, text: String },
}

fn damage() -> impl Strategy<Value = Damage> {
    let ch = prop::sample::select(vec!['o', '|', '-', ' ', 'S', 'G', 'x', '\t', '#']);
    prop_oneof![
        (0usize..40, 0usize..40, ch).prop_map(|(line, at, ch)| Damage::Char { line, at, ch }),
        (0usize..40).prop_map(Damage::Remove),
        (0usize..40, "(o---o|   || S |o   o|x)?( ){0,2}")
            .prop_map(|(line, text)| Damage::Insert { line, text }),
    ]
}

fn apply(text: &str, damages: &[Damage]) -> String {
    let mut lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    for damage in damages {
        match damage {
            Damage::Char { line, at, ch } => {
                if let Some(l) = lines.get_mut(*line) {
                    if *at < l.len() {
                        l[*at] = *ch;
                    } else {
                        l.push(*ch);
                    }
                }
            }
            Damage::Remove(line) => {
                if *line < lines.len() {
                    lines.remove(*line);
                }
            }
            Damage::Insert { line, text } => {
                let line = (*line).min(lines.len());
                lines.insert(line, text.chars().collect());
            }
        }
    }
    let lines: Vec<String> = lines.into_iter().map(|l| l.into_iter().collect()).collect();
    lines.join("\n")
}

proptest! {
    /// Damaged mazes: the streamed reader gives what the whole-text reader gives, the
    /// same maze or the same error (kind, message, line and column).
    #[test]
    fn damaged_mazes_read_the_same_streamed_and_whole(
        rows in 1usize..7,
        cols in 1usize..7,
        seed in 0u64..50,
        bits in proptest::collection::vec(any::<bool>(), 1..30),
        damages in proptest::collection::vec(damage(), 0..4),
    ) {
        let text = random_walls(rows, cols, seed, &bits);
        let text = apply(&text, &damages);
        prop_assert_eq!(streamed(&text), whole(&text), "{}", text);
    }
}

#[test]
fn known_errors_are_the_same_streamed_and_whole() {
    let good = "o---o---o\n|   | G |\no   o   o\n| S     |\no---o---o\n";
    let cases = [
        good.to_owned(),
        // A bad character early, a short maze later: the line count is named.
        good.replace("| G |", "| x |")
            .replace("o---o---o\n", "o---o---o\nnotes\n"),
        // The last post row open: found only when the maze ends.
        format!("{}o   o---o\n", &good[..good.len() - 10]),
        // An interior post row that would be an error as the last.
        format!("{good}| S |   |\n"),
        "o---o\n|   |\n\no---o\n".to_owned(),
        "o---o\n".to_owned(),
        "o--o\n|  |\n".to_owned(),
        "  o---o\n".to_owned(),
        "o---o\n| S |\no---o---o\n".to_owned(),
        // A broken side between posts: the character that breaks it is named.
        good.replace("o   o   o", "o   o-x-o"),
        good.replace("o   o   o", "o- -o   o"),
        good.replace("o   o   o", "o  -o   o"),
        good.replace("o   o   o", "ox  o   o"),
        good.replace("o---o---o\n|", "o---o--#o\n|"),
    ];
    for text in cases {
        assert_eq!(streamed(&text), whole(&text), "{text}");
    }
    assert!(streamed(good).is_ok());
}

/// Reads a [`Format::Micromouse`] maze from the whole text: the reader before it
/// streamed, kept as the reference (only the drawing style is new: every file's
/// characters follow from its walls and markers).
fn parse_whole(text: &str) -> Result<MazeFile, MazeError> {
    let mut lines = art_lines(text);
    if lines.is_empty() {
        return Err(MazeError::Empty);
    }
    if !is_maze_line(&lines[0]) {
        return Err(stopped_at(&lines[0], 0));
    }
    let width = post_row_width(&lines[0])?;
    let read = maze_line_count(&lines)?;
    lines.truncate(read);
    let mut reader = Reader::new((read - 1) / 2, (width - 1) / 4, width)?;
    let first_line = lines[0].number;
    for (k, line) in lines.into_iter().enumerate() {
        let found = trimmed_len(&line.chars);
        if found > width {
            return Err(MazeError::Shape {
                position: TextPosition::line(line.number),
                message: format!(
                    "expected {width} characters like line {first_line}, found {found}"
                ),
            });
        }
        let mut line = line;
        line.chars.resize(width, ' ');
        if k % 2 == 0 {
            reader.post_row(k / 2, &line)?;
        } else {
            reader.cell_row(k / 2, &line)?;
        }
    }
    let Reader {
        maze,
        start,
        mut goals,
        ..
    } = reader;
    goals.sort();
    Ok(MazeFile {
        detected_open: Vec::new(),
        lone_letters: Vec::new(),
        axis_labels: None,
        maze,
        format: Format::Micromouse,
        start: start.cell(),
        goals,
        style: Style::Walls,
    })
}

/// The length of `chars` without trailing spaces.
fn trimmed_len(chars: &[char]) -> usize {
    chars.len() - chars.iter().rev().take_while(|c| **c == ' ').count()
}

/// Whether a line belongs to the maze: it starts with a post `o` or a wall `|`.
fn is_maze_line(line: &ArtLine) -> bool {
    matches!(line.chars.first(), Some('o' | '|'))
}

/// The width of the first line, a post row: `4 x columns + 1` characters.
fn post_row_width(first: &ArtLine) -> Result<usize, MazeError> {
    let width = trimmed_len(&first.chars);
    if width < 5 || !(width - 1).is_multiple_of(4) {
        return Err(MazeError::Shape {
            position: TextPosition::line(first.number),
            message: format!(
                "a post row has 4 x columns + 1 characters (`o---o---o` for 2 columns), found {width}"
            ),
        });
    }
    Ok(width)
}

/// How many lines the maze has. As the collection's reader does, reading stops at the
/// first line that starts with neither `o` nor `|`; that is an error when it leaves a
/// count of lines that is not `2 x rows + 1`, or when maze lines follow it (it sits
/// inside the maze).
fn maze_line_count(lines: &[ArtLine]) -> Result<usize, MazeError> {
    // At least 1: the caller checked the first line.
    let read = lines.iter().take_while(|l| is_maze_line(l)).count();
    let bad_count = read < 3 || read.is_multiple_of(2);
    if read < lines.len() && (bad_count || lines[read..].iter().any(is_maze_line)) {
        return Err(stopped_at(&lines[read], read));
    }
    if bad_count {
        return Err(MazeError::Shape {
            position: TextPosition::line(lines[read - 1].number),
            message: format!(
                "a micromouse maze has 2 x rows + 1 lines, alternating post rows and cell rows, found {}",
                count_of(read, "line")
            ),
        });
    }
    Ok(read)
}

/// What `line`, line `k` (0-based) of the maze, that stopped the reading should have
/// been.
fn stopped_at(line: &ArtLine, k: usize) -> MazeError {
    let expected = if k.is_multiple_of(2) {
        "a post row starting with `o`"
    } else {
        "a cell row starting with `|`"
    };
    match line.chars.first() {
        Some(&found) if line.chars.iter().any(|c| !c.is_whitespace()) => MazeError::Unexpected {
            position: line.at(0),
            expected,
            found,
        },
        _ => MazeError::Shape {
            position: TextPosition::line(line.number),
            message: format!("expected {expected}, found a blank line"),
        },
    }
}

/// The maze being read, row by row.
struct Reader {
    maze: Maze,
    rows: usize,
    width: usize,
    start: StartMarker,
    goals: Vec<Coord>,
}

impl Reader {
    fn new(rows: usize, cols: usize, width: usize) -> Result<Reader, MazeError> {
        Ok(Reader {
            maze: Maze::new(rows, cols, true)?,
            rows,
            width,
            start: StartMarker::default(),
            goals: Vec::new(),
        })
    }

    /// Post row `post` (0 to `rows`), padded to the width: the walls on the south side
    /// of row `post - 1`; the first and last are the closed outer wall.
    fn post_row(&mut self, post: usize, line: &ArtLine) -> Result<(), MazeError> {
        let outer = post == 0 || post == self.rows;
        let chars = &line.chars;
        for (x, &ch) in chars.iter().enumerate() {
            if x % 4 == 0 {
                if ch != 'o' {
                    return Err(unexpected(line, x, "a post `o`"));
                }
                continue;
            }
            let col = x / 4;
            let wall = match &chars[4 * col + 1..4 * col + 4] {
                ['-', '-', '-'] => true,
                [' ', ' ', ' '] => false,
                side => return Err(bad_side(line, 4 * col + 1, side)),
            };
            if !wall && outer {
                return Err(unexpected(line, x, "the closed outer wall `---`"));
            }
            if x % 4 == 1 && wall && !outer {
                self.maze
                    .set_wall(Coord::new(post - 1, col), Direction::Down, true);
            }
        }
        Ok(())
    }

    /// Cell row `row`, padded to the width: walls `|` between cells (closed at both
    /// ends) and the cells' marks at their centres.
    fn cell_row(&mut self, row: usize, line: &ArtLine) -> Result<(), MazeError> {
        let width = self.width;
        for (x, &ch) in line.chars.iter().enumerate() {
            match x % 4 {
                0 if (x == 0 || x == width - 1) && ch != '|' => {
                    return Err(unexpected(line, x, "the closed outer wall `|`"));
                }
                0 => match ch {
                    '|' if x > 0 && x < width - 1 => {
                        self.maze
                            .set_wall(Coord::new(row, x / 4 - 1), Direction::Right, true);
                    }
                    '|' | ' ' => {}
                    _ => return Err(unexpected(line, x, "a wall `|` or a space")),
                },
                2 => self.centre(Coord::new(row, x / 4), line, x)?,
                _ if ch != ' ' => {
                    return Err(unexpected(line, x, "a space beside a cell centre"));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The mark at the centre of `cell`, character `x` of `line`.
    fn centre(&mut self, cell: Coord, line: &ArtLine, x: usize) -> Result<(), MazeError> {
        match line.chars[x] {
            ' ' => {}
            'S' => self.start.mark(cell, line.at(x))?,
            'G' => self.goals.push(cell),
            _ => {
                return Err(unexpected(
                    line,
                    x,
                    "a space, `S` (start) or `G` (goal) at a cell centre",
                ));
            }
        }
        Ok(())
    }
}

/// The side between two posts, `side` at 0-based index `x` of `line`, is neither `---`
/// nor three spaces: the first character that can be in neither is named, else the
/// first that breaks the run its first character began.
fn bad_side(line: &ArtLine, x: usize, side: &[char]) -> MazeError {
    for (k, &ch) in side.iter().enumerate() {
        if ch != '-' && ch != ' ' {
            let expected = match (k, side[0]) {
                (0, _) => "a wall `---` or three spaces",
                (_, '-') => "`-` to continue the wall `---`",
                _ => "a space to continue the gap of three spaces",
            };
            return unexpected(line, x + k, expected);
        }
    }
    let k = if side[1] == side[0] { 2 } else { 1 };
    let expected = if side[0] == '-' {
        "`-` to continue the wall `---`"
    } else {
        "a space to continue the gap of three spaces"
    };
    unexpected(line, x + k, expected)
}

/// The character at 0-based index `x` of `line` is not what the format allows there.
fn unexpected(line: &ArtLine, x: usize, expected: &'static str) -> MazeError {
    MazeError::Unexpected {
        position: line.at(x),
        expected,
        found: line.chars[x],
    }
}
