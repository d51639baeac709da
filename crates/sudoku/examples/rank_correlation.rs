//! Compares our grade with published ratings: reads lines `PUZZLE RATING` (an 81-cell
//! puzzle, then a number such as a Sudoku Explainer ER, `11.9`; blank lines and lines
//! starting with `#` skipped), grades every puzzle with `sudoku::logic::grade`, and
//! prints the Spearman rank correlation between the two (ties get their average rank;
//! the coefficient is Pearson's on the ranks), with a table of our median grade per
//! published rating.
//!
//! Run from the repository root on a rated list kept outside the repository (the
//! repository holds no rated list; see the crate README for the lists measured and
//! where they come from):
//!
//! ```text
//! cargo run --release -p sudoku --example rank_correlation -- ratings.txt
//! ```

use std::collections::BTreeMap;

use sudoku::Sudoku;
use sudoku::logic::grade;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: rank_correlation FILE (lines: PUZZLE RATING)")?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut theirs = Vec::new();
    let mut ours = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_whitespace();
        let (Some(puzzle), Some(rating)) = (fields.next(), fields.next()) else {
            return Err(format!("{path}:{}: expected `PUZZLE RATING`", number + 1).into());
        };
        let rating: f64 = rating
            .parse()
            .map_err(|e| format!("{path}:{}: rating `{rating}`: {e}", number + 1))?;
        let puzzle: Sudoku = puzzle
            .parse()
            .map_err(|e| format!("{path}:{}: {e}", number + 1))?;
        theirs.push(rating);
        ours.push(grade(&puzzle)?.rating.value());
    }
    if theirs.len() < 2 {
        return Err(format!("{path}: fewer than two rated puzzles").into());
    }
    let mut by_rating: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for (t, o) in theirs.iter().zip(&ours) {
        by_rating.entry(format!("{t:5.1}")).or_default().push(*o);
    }
    println!("their rating  puzzles  our median grade");
    for (rating, mut grades) in by_rating {
        grades.sort_by(f64::total_cmp);
        let median = grades[(grades.len() - 1) / 2];
        println!("{rating:>12}  {:>7}  {median:>16.1}", grades.len());
    }
    match spearman(&theirs, &ours) {
        Some(rho) => println!(
            "{} puzzles: Spearman rank correlation {rho:.3}",
            theirs.len()
        ),
        None => println!(
            "{} puzzles: Spearman rank correlation undefined (one side gives every puzzle the same rating)",
            theirs.len()
        ),
    }
    Ok(())
}

/// Ranks from 1, ties sharing their average rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut out = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let average = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = average;
        }
        i = j + 1;
    }
    out
}

/// Spearman's rho: Pearson's correlation of the ranks; `None` when either side is
/// constant.
fn spearman(a: &[f64], b: &[f64]) -> Option<f64> {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let mut cov = 0.0;
    let (mut va, mut vb) = (0.0, 0.0);
    for (x, y) in ra.iter().zip(&rb) {
        cov += (x - ma) * (y - mb);
        va += (x - ma) * (x - ma);
        vb += (y - mb) * (y - mb);
    }
    (va > 0.0 && vb > 0.0).then(|| cov / (va * vb).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spearman_of_a_monotone_pair_is_one_and_ties_average() {
        assert_eq!(ranks(&[3.0, 1.0, 3.0, 2.0]), [3.5, 1.0, 3.5, 2.0]);
        let rho = |a: &[f64], b: &[f64]| spearman(a, b).expect("not constant");
        assert!((rho(&[1.0, 2.0, 3.0], &[10.0, 20.0, 35.0]) - 1.0).abs() < 1e-12);
        assert!((rho(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
        assert_eq!(spearman(&[1.0, 2.0], &[5.0, 5.0]), None);
    }
}
