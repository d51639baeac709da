//! Runs the uniqueness check (`limit` 2) of the variant solvers ROUNDS times over a
//! set of puzzles, for instruction counts: run it under `valgrind --tool=cachegrind
//! --cache-sim=no` with two ROUNDS values; the difference divided by the extra rounds
//! times the puzzles is the count per puzzle, free of reading and generating. The same
//! difference serves for mispredicted branches (`--branch-sim=yes`, valgrind's model)
//! and for CPU time (`perf stat -e task-clock`, where each solver runs the copy this
//! CPU picks; valgrind runs the x86-64-v3 ones, as it has no AVX-512).
//!
//! SET is a file of classic puzzles (one per line) or `x`, `windoku`, `disjoint`,
//! `jigsaw`: the 200 puzzles `benches/variants.rs` generates (`classic`: 200 proper
//! classic puzzles from the same generator, a check that must prove uniqueness too), or
//! `x-both`: the 200 X puzzles made unique under the classic rules too (givens of the
//! solution added, then the givens the classic rules do not need taken out). RULES is
//! `classic` (the classic solver), `boxes` (the variant solver given the boxes as a
//! jigsaw map), `variant` (a generated set under its own rules; `x-both` under X), or
//! `x` (any set under X's rules). N takes the first N puzzles; LIMIT
//! (default 2) is the count limit: 1 for the time to a first solution, a large one to
//! see how many classic solutions the givens of a variant puzzle leave.
//!
//! Run: `cargo run --release -p sudoku --example variant_speed -- SET RULES [ROUNDS [N
//! [LIMIT]]]`.

use std::time::Instant;

use sudoku::{GenerateOptions, Regions, Sudoku, Variant, VariantKind, generate_variant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let set = args
        .first()
        .ok_or("usage: SET RULES [ROUNDS [N [LIMIT]]]")?;
    let rules = args.get(1).map_or("variant", String::as_str);
    let rounds: usize = args.get(2).map_or(Ok(1), |s| s.parse())?;
    let n: usize = args.get(3).map_or(Ok(usize::MAX), |s| s.parse())?;
    let limit: u64 = args.get(4).map_or(Ok(2), |s| s.parse())?;
    let puzzles: Vec<(Sudoku, Variant)> = match set.parse::<VariantKind>() {
        Ok(kind) => (0..200.min(n as u64))
            .map(|i| generate_variant(&GenerateOptions::default(), kind, 1, i))
            .collect(),
        Err(_) if set == "x-both" => (0..200.min(n as u64))
            .map(|i| {
                let (p, v) = generate_variant(&GenerateOptions::default(), VariantKind::X, 1, i);
                (unique_under_both(&p, &v, i), v)
            })
            .collect(),
        Err(_) => std::fs::read_to_string(set)?
            .lines()
            .take(n)
            .map(|l| Ok((l.parse()?, Variant::Jigsaw(Regions::boxes()))))
            .collect::<Result<_, sudoku::Error>>()?,
    };
    let start = Instant::now();
    let (mut solutions, mut guesses, mut at_limit) = (0u128, 0u64, 0usize);
    for _ in 0..rounds {
        for (p, v) in &puzzles {
            let a = match rules {
                "classic" => p.analyse(limit),
                "boxes" | "variant" => p.analyse_variant(limit, v),
                "x" => p.analyse_variant(limit, &Variant::X),
                other => return Err(format!("unknown rules {other}").into()),
            };
            solutions += a.count.count;
            at_limit += usize::from(a.count.count >= u128::from(limit));
            guesses += a.stats.guesses;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let done = puzzles.len() * rounds;
    println!(
        "{done} checks (limit {limit}) in {secs:.3} s: {:.1} us each, {:.2} solutions, {:.1} \
         guesses per puzzle, {at_limit} at the limit",
        secs * 1e6 / done as f64,
        solutions as f64 / done as f64,
        guesses as f64 / done as f64,
    );
    Ok(())
}

/// `puzzle` (unique under `variant`) with givens of its solution added, in an order
/// fixed by `seed`, until it is unique under the classic rules too, then every given
/// (last cell first) taken out where the classic rules keep one solution without it:
/// a puzzle minimal under the classic rules whose solution is `puzzle`'s, so unique
/// under both rules, and both checks must prove it.
fn unique_under_both(puzzle: &Sudoku, variant: &Variant, seed: u64) -> Sudoku {
    // Invariants, not input: a generated puzzle is unique under its variant, and its
    // givens plus cells of its solution are a subset of a valid grid.
    let solution = puzzle
        .analyse_variant(1, variant)
        .first
        .expect("a generated puzzle has a solution");
    let mut cells = puzzle.cells().to_vec();
    // xorshift64: a fixed order of the blank cells.
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut order: Vec<usize> = (0..81).filter(|&c| cells[c] == 0).collect();
    for i in (1..order.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    // expect (here and below): the cells are givens of the generated puzzle's solution
    // grid, which cannot clash.
    let unique = |cells: &[u8]| {
        let p = Sudoku::from_cells(sudoku::BoxShape::CLASSIC, cells).expect("valid givens");
        p.analyse(2).count.count == 1
    };
    for &c in &order {
        if unique(&cells) {
            break;
        }
        cells[c] = solution.cells()[c];
    }
    // Then every given, last cell first, taken out where the classic rules keep one
    // solution without it: minimal under the classic rules.
    for c in (0..81).rev() {
        let saved = cells[c];
        cells[c] = 0;
        if !unique(&cells) {
            cells[c] = saved;
        }
    }
    Sudoku::from_cells(sudoku::BoxShape::CLASSIC, &cells).expect("valid givens")
}
