//! Finds, for each technique of `sudoku::logic`, the first grid of the data sets where
//! it is the next step, and prints the lines of `fixtures/sudoku/logic/techniques.txt`
//! (technique, puzzle, pencil marks, sentence, and where it was found).
//!
//! Run by hand to regenerate the golden grids, from the repository root:
//!
//! ```text
//! cargo run --release -p sudoku --example find_golden_grids -- ../shared/data/sudoku
//! ```

use std::path::PathBuf;

use sudoku::Sudoku;
use sudoku::logic::{Candidates, Options, Technique, explain_with};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .ok_or("usage: find_golden_grids DATA_DIR (the folder of top1465.txt)")?,
    );
    let mut found: Vec<Technique> = Vec::new();
    for name in [
        "top1465.txt",
        "hardest.txt",
        "forum_hardest_1905_11plus.txt",
    ] {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (n, line) in text.lines().enumerate() {
            if found.len() == Technique::ALL.len() {
                return Ok(());
            }
            let puzzle: Sudoku = line.parse()?;
            let start = Candidates::from_sudoku(&puzzle)?;
            let explanation = explain_with(&start, Options::default().assume_unique(true));
            let mut grid = start.clone();
            for (k, step) in explanation.steps.iter().enumerate() {
                // Only grids the pencil-mark form reads back exactly.
                let exact = Candidates::parse(&grid.pencil_marks()).as_ref() == Ok(&grid);
                if exact && !found.contains(&step.technique) {
                    found.push(step.technique);
                    println!(
                        "{}\t{}\t{}\t{}\t# {name} line {} step {}",
                        step.technique.name(),
                        line,
                        grid.pencil_marks(),
                        step.sentence(),
                        n + 1,
                        k + 1
                    );
                }
                grid.apply(step);
            }
        }
    }
    Ok(())
}
