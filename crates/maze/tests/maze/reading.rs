//! Reading mazes: format detection and the matrix, ASCII and micromouse forms, and the
//! micromouse contest mazes of `../shared/data/maze` against the distances their
//! SOURCES.md lists (the files are read from there, never copied).

use std::path::PathBuf;

use grid_core::Coord;
use maze::{Defaulted, Format, Maze, MazeFile, MazeReader, MoveSet};
use verify::maze::check_path;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/maze")
}

fn read(rel: &str) -> MazeFile {
    let path = data_dir().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = MazeFile::parse(&text, None).unwrap_or_else(|e| panic!("{rel}: {e}"));
    assert_eq!(file.format, Format::Micromouse, "{rel}");
    file
}

#[test]
fn micromouse_files_give_the_listed_distances() {
    // (file, rows = cols, S -> G distance in cell moves, None = unreachable), from SOURCES.md
    let table: &[(&str, usize, Option<usize>)] = &[
        ("classic/AAMC15Maze.txt", 16, Some(33)),
        ("classic/uk2016f.txt", 16, Some(69)),
        ("classic/japan2013eq.txt", 16, Some(52)),
        ("classic/allamerica2013.txt", 16, Some(50)),
        ("classic/alljapan-044-2023-exp-fin.txt", 16, Some(51)),
        ("classic/taiwan2023cef.txt", 16, Some(83)),
        ("classic/50.txt", 16, Some(63)),
        ("classic/86.txt", 16, Some(24)),
        ("classic/torture.txt", 16, Some(209)),
        ("classic/test-pathological.txt", 16, Some(113)),
        ("classic/001.txt", 16, None),
        ("classic/001-anomaly-test.txt", 16, None),
        ("classic/br2025-robochallenge-day1.txt", 16, Some(38)),
        ("halfsize/japan2019hef.txt", 32, Some(181)),
        ("halfsize/japan2023hef.txt", 32, Some(142)),
        ("halfsize/taiwan2018hef.txt", 21, Some(94)),
        ("halfsize/uk-spring-2023-half-size.txt", 16, Some(43)),
        ("halfsize/empty-test-half-size.txt", 32, Some(13)),
    ];
    for &(rel, side, distance) in table {
        let file = read(rel);
        assert_eq!((file.maze.rows(), file.maze.cols()), (side, side), "{rel}");
        let start = file.start.unwrap_or_else(|| panic!("{rel} has S"));
        assert_eq!(
            start,
            Coord::new(side - 1, 0),
            "{rel}: S in the south-west corner"
        );
        assert!(!file.goals.is_empty(), "{rel} has G");
        let q = file.maze.query(start, &file.goals, MoveSet::Four).unwrap();
        assert_eq!(q.shortest_distance(), distance, "{rel}");
        assert_eq!(q.path_exists(), distance.is_some(), "{rel}");
        match q.shortest_path() {
            Some(path) => {
                assert_eq!(Some(path.len()), distance, "{rel}");
                // every step stays on the maze, crosses no wall, and the path ends on a goal
                assert_eq!(
                    check_path(&file.maze, MoveSet::Four, start, &file.goals, &path),
                    Ok(()),
                    "{rel}"
                );
                // the cell form's distance is exactly double
                let cells = file.maze.to_cell_form().unwrap();
                let dbl: Vec<Coord> = file
                    .goals
                    .iter()
                    .map(|g| Coord::new(2 * g.row, 2 * g.col))
                    .collect();
                let d2 = cells
                    .query(
                        Coord::new(2 * start.row, 2 * start.col),
                        &dbl,
                        MoveSet::Four,
                    )
                    .unwrap()
                    .shortest_distance();
                assert_eq!(d2, distance.map(|d| 2 * d), "{rel}");
            }
            None => assert_eq!(distance, None, "{rel}"),
        }
    }
}

#[test]
fn micromouse_goal_areas_and_training_files() {
    assert_eq!(
        read("classic/AAMC15Maze.txt").goals,
        [
            Coord::new(7, 7),
            Coord::new(7, 8),
            Coord::new(8, 7),
            Coord::new(8, 8)
        ]
    );
    assert_eq!(read("halfsize/japan2019hef.txt").goals.len(), 9);
    assert_eq!(read("halfsize/empty-test-half-size.txt").goals.len(), 12);
    // Training frames: no S or G; reachable cells from the south-west corner (SOURCES.md).
    for (rel, reachable) in [
        ("training/practice-8x8-a.txt", 81),
        ("training/test-zigzag-a.txt", 88),
    ] {
        let file = read(rel);
        assert_eq!((file.start, file.goals.len()), (None, 0), "{rel}");
        assert_eq!(file.start_or_default(), Coord::new(15, 0));
        let mut count = 0;
        for r in 0..16 {
            for c in 0..16 {
                let q = file
                    .maze
                    .query(file.start_or_default(), &[Coord::new(r, c)], MoveSet::Four)
                    .unwrap();
                count += usize::from(q.path_exists());
            }
        }
        assert_eq!(count, reachable, "{rel}");
    }
    for rel in [
        "training/minimaze.txt",
        "training/maze-train-10x5-empty.txt",
    ] {
        let file = read(rel);
        assert_eq!((file.maze.rows(), file.maze.cols()), (16, 16));
        assert_eq!(file.goals_or_default().len(), 4);
    }
}

#[test]
fn format_detection_and_forms() {
    assert_eq!(Format::detect("[[1]]"), Format::Matrix);
    assert_eq!(Format::detect("# a comment\n1 0\n1 1\n"), Format::Matrix);
    assert_eq!(Format::detect("0110\n1111\n"), Format::Matrix);
    assert_eq!(Format::detect("#####\n#S.G#\n#####\n"), Format::Ascii);
    assert_eq!(Format::detect("S..\n.#.\n..G\n"), Format::Ascii);
    assert_eq!(
        Format::detect("\u{feff}o---o\r\n| S |\r\no---o\r\n"),
        Format::Micromouse
    );

    let compact = MazeFile::parse("0110\n1111\n", None).unwrap();
    let spaced = MazeFile::parse("0 1 1 0\n1 1 1 1\n", None).unwrap();
    let json = MazeFile::parse("[[0,1,1,0],[1,1,1,1]]", None).unwrap();
    assert_eq!(compact.maze, spaced.maze);
    assert_eq!(json.maze, spaced.maze);
    assert_eq!(spaced.maze.to_string(), "0 1 1 0\n1 1 1 1\n");

    // CRLF and a BOM in a micromouse file; one cell, start and goal in it.
    let one = MazeFile::parse("\u{feff}o---o\r\n| S |\r\no---o\r\n", None).unwrap();
    assert_eq!(
        (one.maze.rows(), one.maze.cols(), one.start),
        (1, 1, Some(Coord::new(0, 0)))
    );

    // Ragged ASCII rows are padded with open cells; several goals.
    let art = MazeFile::parse("S.#\n.\n#GE\n", Some(Format::Ascii)).unwrap();
    assert_eq!((art.maze.rows(), art.maze.cols()), (3, 3));
    assert!(art.maze.is_open(Coord::new(1, 2)));
    assert_eq!(art.goals, [Coord::new(2, 1), Coord::new(2, 2)]);
}

#[test]
fn defaulted_markers_are_the_ones_the_file_lacks() {
    let defaulted = |text: &str| MazeFile::parse(text, None).unwrap().defaulted();
    let (none, start, goal, both) = (
        Defaulted::default(),
        Defaulted {
            start: true,
            goal: false,
        },
        Defaulted {
            start: false,
            goal: true,
        },
        Defaulted {
            start: true,
            goal: true,
        },
    );
    // ASCII art: each missing marker is defaulted; `E` is a goal marker like `G`.
    assert_eq!(defaulted("S.\n.G\n"), none);
    assert_eq!(defaulted("#.\n.G\n"), start);
    assert_eq!(defaulted("S.\n.#\n"), goal);
    assert_eq!(defaulted("..\n.#\n"), both);
    assert_eq!(defaulted(".S\nE.\n"), none);
    // Micromouse: the south-west corner and the centre stand in.
    let mouse = MazeFile::parse(
        "o---o---o\n|       |\no   o   o\n|     G |\no---o---o\n",
        None,
    )
    .unwrap();
    assert_eq!(
        (mouse.format, mouse.defaulted()),
        (Format::Micromouse, start)
    );
    assert_eq!(mouse.start_or_default(), Coord::new(1, 0));
    assert_eq!(defaulted("o---o---o\n| S     |\no---o---o\n"), goal);
    // A 0/1 matrix has no markers: its corners are the puzzle's start and goal.
    assert_eq!(defaulted("0 1\n1 0\n"), none);
    assert_eq!(defaulted("[[1,1],[1,1]]"), none);
    // The line reader and `from_maze` report the same.
    let mut reader = MazeReader::new(Some(Format::Ascii));
    for line in ["#..", "..G"] {
        reader.push_line(line).unwrap();
    }
    let art = reader.finish().unwrap();
    assert_eq!(art.defaulted(), start);
    let made = MazeFile::from_maze(art.maze.clone(), Format::Ascii, Some(Coord::new(0, 1)), &[]);
    assert_eq!(made.defaulted(), goal);
}

#[test]
fn micromouse_collection_files_all_parse() {
    let mut count = 0;
    for dir in ["classic", "halfsize", "training"] {
        for entry in std::fs::read_dir(data_dir().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                let rel = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
                read(&rel);
                count += 1;
            }
        }
    }
    assert!(count >= 22, "only {count} maze files found");
    let maze = Maze::new(2, 2, true).unwrap();
    assert_eq!(
        maze.query(Coord::new(0, 0), &[Coord::new(2, 0)], MoveSet::Four)
            .unwrap_err()
            .to_string(),
        "the goal cell (2, 0) (0-based row, column) is off the 2 x 2 maze"
    );
    assert_eq!(
        maze.query(Coord::new(0, 0), &[], MoveSet::Four)
            .unwrap_err()
            .to_string(),
        "no goal cell given"
    );
}

/// A maze drawn from its bits ([`MazeFile::from_maze`], row by row) looks exactly like the
/// same maze rendered to text, read back and drawn from the text, in every format, and
/// the pieces of `render_rows` and `draw_rows` add up to `render` and `draw`.
#[test]
fn drawing_from_the_maze_matches_drawing_from_its_text() {
    let (rows, cols) = (7, 9);
    let mut walled = Maze::new(rows, cols, true).unwrap();
    let mut cells = Maze::new(rows, cols, false).unwrap();
    for r in 0..rows {
        for c in 0..cols {
            let k = r * 31 + c * 17;
            walled.set_wall(
                Coord::new(r, c),
                grid_core::Direction::Right,
                k % 4 == 0 && r > 0,
            );
            walled.set_wall(
                Coord::new(r, c),
                grid_core::Direction::Down,
                k % 7 == 0 && c + 1 < cols,
            );
            cells.set_open(Coord::new(r, c), k % 4 != 0 || r == 0 || c + 1 == cols);
        }
    }
    let start = Coord::new(0, 0);
    let goals = [Coord::new(rows - 1, cols - 1), Coord::new(3, 4)];
    for (maze, format) in [
        (&walled, Format::Micromouse),
        (&cells, Format::Ascii),
        (&cells, Format::Matrix),
    ] {
        let text = maze::render(maze, format, false, Some(start), &goals).unwrap();
        let mut pieces = String::new();
        maze::render_rows(maze, format, false, Some(start), &goals, |p| {
            pieces.push_str(p)
        })
        .unwrap();
        assert_eq!(pieces, text, "{format:?}");
        let read = MazeFile::parse(&text, Some(format)).unwrap();
        let made = MazeFile::from_maze(maze.clone(), format, Some(start), &goals);
        let query = read.maze.query(start, &goals, MoveSet::Four).unwrap();
        let path = query.shortest_path().expect("a path in this maze");
        assert_eq!(made.draw(&path), read.draw(&path), "{format:?}");
        let mut rows_drawn = String::new();
        made.draw_rows(&path, |row| rows_drawn.push_str(row));
        assert_eq!(rows_drawn, made.draw(&path));
    }
}
