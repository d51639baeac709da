//! Every copy of the search (portable and, where the CPU has them, x86-64-v3 and
//! x86-64-v4) gives the same answers, first solution and guesses on the public data
//! sets: every puzzle of
//! the small sets in `fixtures/sudoku/data`, and a sample of the large sets in
//! `../shared/data/sudoku` (skipped when that folder is absent). That the answers are
//! right is checked elsewhere (`tests/sudoku/data_sets.rs`, against the independent
//! verifier and published counts), on the copy this CPU picks.

use std::path::Path as FsPath;

use super::{Path, search_on};
use crate::{BoxShape, Sudoku};

/// The 9 x 9 puzzles of a file (lines that parse with consistent givens), every
/// `step`-th line; empty when the file is absent.
fn puzzles(path: &FsPath, step: usize) -> Vec<Vec<u8>> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    text.lines()
        .step_by(step)
        .filter_map(|line| Sudoku::parse(line, Some(BoxShape::CLASSIC)).ok())
        .map(|p| p.cells)
        .collect()
}

/// The fast copies this CPU runs; each one it lacks is named on standard error (shown
/// with `--nocapture`), so a run that compared nothing says so. The band solver's tests
/// compare its copies on the same paths.
pub(crate) fn fast_paths() -> Vec<Path> {
    [Path::X86V3, Path::X86V4]
        .into_iter()
        .filter(|&path| {
            let runs = path.available();
            if !runs {
                eprintln!(
                    "skipped: this CPU lacks the {} copy of the search",
                    path.name()
                );
            }
            runs
        })
        .collect()
}

/// Asserts that every copy this CPU runs agrees with the portable one on every
/// puzzle, counting up to `limit`.
fn assert_paths_agree(name: &str, puzzles: &[Vec<u8>], limit: u64) {
    let fast = fast_paths();
    for (i, cells) in puzzles.iter().enumerate() {
        let portable = search_on(cells, limit, Path::Portable);
        for &path in &fast {
            let other = search_on(cells, limit, path);
            let copy = path.name();
            assert_eq!(portable.count, other.count, "{name} #{i}: counts, {copy}");
            assert_eq!(
                portable.first, other.first,
                "{name} #{i}: first solutions, {copy}"
            );
            assert_eq!(portable.stats, other.stats, "{name} #{i}: guesses, {copy}");
        }
    }
}

#[test]
fn the_copies_agree_on_the_fixture_sets() {
    let dir = FsPath::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/sudoku/data");
    let mut read = 0;
    for file in [
        "easy50.txt",
        "edge_cases.txt",
        "famous_hard.txt",
        "forum_hardest_1106.txt",
        "hard20.txt",
        "hardest.txt",
        "multi_solution.txt",
        "no_solution.txt",
        "tdoku_test_puzzles.txt",
        "top95.txt",
    ] {
        let set = puzzles(&dir.join(file), 1);
        assert!(!set.is_empty(), "{file}: no puzzles read");
        read += set.len();
        assert_paths_agree(file, &set, 2);
    }
    assert!(read > 500, "only {read} puzzles read");
    // Counting further than the uniqueness check.
    assert_paths_agree(
        "multi_solution.txt",
        &puzzles(&dir.join("multi_solution.txt"), 1),
        1000,
    );
}

#[test]
fn the_copies_agree_on_samples_of_the_large_sets() {
    let dir = FsPath::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/sudoku");
    for (file, step) in [
        ("17clue.txt", 97),
        ("top1465.txt", 7),
        ("forum_hardest_1905_11plus.txt", 193),
        ("serg_benchmark.txt", 41),
    ] {
        assert_paths_agree(file, &puzzles(&dir.join(file), step), 2);
    }
}

/// The detected path is the fastest copy the CPU has the features of, so the other
/// tests of this crate exercise it (and the tests above the others).
#[test]
fn detection_picks_the_fastest_copy_the_cpu_has() {
    let expected = if Path::X86V4.available() {
        Path::X86V4
    } else if Path::X86V3.available() {
        Path::X86V3
    } else {
        Path::Portable
    };
    assert_eq!(Path::detect(), expected);
    assert!(Path::Portable.available());
    // x86-64-v4 here includes x86-64-v3.
    assert!(!Path::X86V4.available() || Path::X86V3.available());
    #[cfg(not(target_arch = "x86_64"))]
    assert_eq!(Path::detect(), Path::Portable);
}

/// The set-up and the grid read-out of every copy agree with the portable ones on
/// every value of every cell, the values above 9 a grid never holds included.
#[test]
fn the_copies_sort_givens_and_read_grids_alike() {
    use super::isa::{Isa, Portable};
    let mut cells = [0u8; 81];
    let mut words = [0u32; 27];
    for round in 0u32..200 {
        // A varied grid: values 0-9 (and a few above), words of mixed density.
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = ((i as u32 * 7 + round * 13) % 11 + u32::from(i % 29 == 0) * 240) as u8;
        }
        for (i, word) in words.iter_mut().enumerate() {
            *word = (i as u32 + 1).wrapping_mul(0x9E37_79B9 ^ round.wrapping_mul(0x85EB_CA6B))
                & super::BAND;
        }
        #[cfg(target_arch = "x86_64")]
        {
            use super::isa::{X86V3, X86V4};
            if Path::X86V3.available() {
                assert_eq!(X86V3::by_value(&cells), Portable::by_value(&cells));
                assert_eq!(X86V3::grid(&words), Portable::grid(&words));
            }
            if Path::X86V4.available() {
                assert_eq!(X86V4::by_value(&cells), Portable::by_value(&cells));
                assert_eq!(X86V4::grid(&words), Portable::grid(&words));
            }
        }
        let _ = (Portable::by_value(&cells), Portable::grid(&words));
    }
}
