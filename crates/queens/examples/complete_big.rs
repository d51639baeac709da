//! Times `PartialBoard::find_completion` on a random n x n board with k placed queens:
//! `cargo run --release -p queens --example complete_big -- N K SEED`.

use queens::{Completion, PartialBoard};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Result<Vec<usize>, _> = args.iter().map(|a| a.parse::<usize>()).collect();
    let (n, k, seed) = match numbers.as_deref() {
        Ok(&[n, k, seed]) if n > 0 && k <= n => (n, k, seed as u64),
        _ => {
            eprintln!(
                "usage: complete_big N K SEED (whole numbers, N > 0, K <= N placed queens); \
                 found {args:?}"
            );
            return ExitCode::from(2);
        }
    };
    let mut columns = vec![None; n];
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut placed = 0;
    while placed < k {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let r = (s >> 33) as usize % n;
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let c = (s >> 33) as usize % n;
        columns[r] = Some(c);
        if PartialBoard::from_columns(&columns).is_err() {
            columns[r] = None;
            continue;
        }
        placed += 1;
    }
    // expect: the loop above kept only placements `from_columns` accepted.
    let board = PartialBoard::from_columns(&columns).expect("accepted above");
    let t = std::time::Instant::now();
    let ans = board.find_completion(seed, 200_000_000);
    let ok = matches!(&ans, Completion::Found(c) if board.is_completion(c));
    println!(
        "n={n} k={k} seed={seed} {:?} ok={ok} {:?}",
        match &ans {
            Completion::Found(_) => "found".to_string(),
            a => format!("{a:?}"),
        },
        t.elapsed()
    );
    ExitCode::SUCCESS
}
