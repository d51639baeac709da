//! Property-based fuzzing on stable Rust (issue 7): every parser and solver entry point
//! gets thousands of arbitrary byte strings and of structure-aware inputs (text in the
//! format's own alphabet, mutated valid puzzles), checked by the any-input invariants of
//! the dev-only `verify` crate (`verify::<puzzle>::invariants`, the same checkers the
//! libFuzzer targets in `fuzz/` run); the libFuzzer corpus in `fuzz/corpus/` is replayed as regression
//! inputs. Longer coverage-guided runs: see `fuzz/README.md`.

use std::path::Path;

use proptest::prelude::*;

use crate::harness::repo_root;

/// Cases per property; `PROPTEST_CASES` overrides it for a longer run.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Arbitrary text, as bytes: any Unicode, or printable ASCII with tabs and line breaks
/// (digits, letters and brackets reach deeper into the parsers). Uniformly random bytes
/// would not do: 99.5% of them are not UTF-8 and stop before any parser is called.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof!["(?s).{0,200}", "[ -~\t\n]{0,400}"].prop_map(String::into_bytes)
}

/// A valid puzzle (Norvig's grid1) with some cells overwritten by characters that
/// appear in real files, good or bad.
fn mutated_sudoku() -> impl Strategy<Value = Vec<u8>> {
    const GRID1: &[u8] =
        b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    proptest::collection::vec(
        (
            0..GRID1.len(),
            prop::sample::select(b"0123456789._x |\n".to_vec()),
        ),
        0..12,
    )
    .prop_map(|edits| {
        let mut grid = GRID1.to_vec();
        for (at, byte) in edits {
            grid[at] = byte;
        }
        grid
    })
}

/// A jump-list board in the plain text form, with squares and jumps that may or may
/// not be legal.
fn jump_list_text() -> impl Strategy<Value = Vec<u8>> {
    (
        0u32..60,
        proptest::collection::vec((-2i64..62, -2i64..62), 0..12),
    )
        .prop_map(|(squares, jumps)| {
            let mut text = format!("squares {squares}\n");
            for (from, to) in jumps {
                text.push_str(&format!("{from} {to}\n"));
            }
            text.into_bytes()
        })
}

fn replay_corpus(target: &str, check: fn(&[u8])) {
    let dir = repo_root().join("fuzz/corpus").join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        panic!("the regression corpus {} is missing", dir.display());
    };
    let mut replayed = 0;
    for entry in entries {
        let path = entry.expect("the corpus folder lists").path();
        let data = std::fs::read(&path).expect("a corpus file reads");
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(
            result.is_ok(),
            "corpus input {} broke an invariant",
            show(&path)
        );
        replayed += 1;
    }
    assert!(
        replayed > 0,
        "the regression corpus {} is empty",
        dir.display()
    );
}

fn show(path: &Path) -> String {
    path.strip_prefix(repo_root())
        .unwrap_or(path)
        .display()
        .to_string()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn grid_matrix_bytes(data in bytes()) { verify::grid::invariants(&data) }

    #[test]
    fn grid_matrix_text(text in "[\\[\\], 0-9\\-\n\t]{0,200}") { verify::grid::invariants(text.as_bytes()) }

    #[test]
    fn sudoku_bytes(data in bytes()) { verify::sudoku::invariants(&data) }

    #[test]
    fn sudoku_mutated(data in mutated_sudoku()) { verify::sudoku::invariants(&data) }

    #[test]
    fn sudoku_text(text in "[0-9.|+\\- \n_A-G]{0,300}") { verify::sudoku::invariants(text.as_bytes()) }

    #[test]
    fn queens_bytes(data in bytes()) { verify::queens::invariants(&data) }

    #[test]
    fn queens_text(text in "([Q.x]( [Q.x]){0,7}\n){0,8}|[0-9. ]{0,30}") { verify::queens::invariants(text.as_bytes()) }

    #[test]
    fn ladders_bytes(data in bytes()) { verify::ladders::invariants(&data) }

    #[test]
    fn ladders_matrix_text(text in "(-1|[0-9]{1,2})( (-1|[0-9]{1,2})){0,5}(\n(-1|[0-9]{1,2})( (-1|[0-9]{1,2})){0,5}){0,5}") {
        verify::ladders::invariants(text.as_bytes())
    }

    #[test]
    fn ladders_jump_list(data in jump_list_text()) { verify::ladders::invariants(&data) }

    #[test]
    fn maze_bytes(data in bytes()) { verify::maze::invariants(&data) }

    #[test]
    fn maze_text(text in "[o|\\- SGE#.01\n\\[\\],]{0,300}") { verify::maze::invariants(text.as_bytes()) }

    #[test]
    fn maze_matrix(text in "([01]( [01]){0,6}\n){1,7}") { verify::maze::invariants(text.as_bytes()) }
}

#[test]
fn fuzz_corpus_grid_matrix() {
    replay_corpus("grid_matrix", verify::grid::invariants);
}

#[test]
fn fuzz_corpus_sudoku() {
    replay_corpus("sudoku", verify::sudoku::invariants);
}

#[test]
fn fuzz_corpus_queens_complete() {
    replay_corpus("queens_complete", verify::queens::invariants);
}

#[test]
fn fuzz_corpus_ladders() {
    replay_corpus("ladders", verify::ladders::invariants);
}

#[test]
fn fuzz_corpus_maze() {
    replay_corpus("maze", verify::maze::invariants);
}
