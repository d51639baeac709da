//! Times `PartialBoard::find_completion` on a random n x n board with k placed queens:
//! `cargo run --release -p queens --example complete_big -- N K SEED`.

use queens::{Completion, PartialBoard};
fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (n, k, seed) = (args[0], args[1], args[2] as u64);
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
    let board = PartialBoard::from_columns(&columns).unwrap();
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
}
