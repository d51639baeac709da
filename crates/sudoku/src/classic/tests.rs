//! Both copies of the search (portable and, where the CPU has it, x86-64-v3) give the
//! same answers, first solution and guesses on the public data sets: every puzzle of
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

/// Asserts that the two copies agree on every puzzle, counting up to `limit`.
fn assert_paths_agree(name: &str, puzzles: &[Vec<u8>], limit: u64) {
    for (i, cells) in puzzles.iter().enumerate() {
        let portable = search_on(cells, limit, Path::Portable);
        let fast = search_on(cells, limit, Path::X86V3);
        assert_eq!(portable.count, fast.count, "{name} #{i}: counts");
        assert_eq!(portable.first, fast.first, "{name} #{i}: first solutions");
        assert_eq!(portable.stats, fast.stats, "{name} #{i}: guesses");
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

/// Where the CPU has the fast copy's features, the detected path is that copy, so
/// the other tests of this crate exercise it (and the tests above the portable one).
#[test]
fn detection_picks_the_fast_copy_where_the_cpu_has_it() {
    #[cfg(target_arch = "x86_64")]
    assert_eq!(Path::detect() == Path::X86V3, super::isa::x86_v3_detected());
    #[cfg(not(target_arch = "x86_64"))]
    assert_eq!(Path::detect(), Path::Portable);
}
