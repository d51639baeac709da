//! Test helpers shared by the modules of the `sudoku` integration tests: where the data
//! files are. The independent reference is the dev-only `verify` crate
//! (`verify::sudoku::check_solution`, `check_solution_text`): written against the rules
//! of Sudoku only, reading the data files' raw text itself, and using nothing from the
//! solver (not even its parser), so a solver bug cannot hide behind a matching checker bug.

use std::path::{Path, PathBuf};

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Lines of a data file under `fixtures/sudoku/data/`.
pub fn fixture_lines(name: &str) -> Vec<String> {
    let path = repo_root().join("fixtures/sudoku/data").join(name);
    read_lines(&path)
}

/// Lines of a data file under `../shared/data/sudoku/` (the large sets, not copied).
pub fn shared_lines(name: &str) -> Vec<String> {
    let path = repo_root().join("../shared/data/sudoku").join(name);
    read_lines(&path)
}

fn read_lines(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().map(str::to_owned).collect()
}
