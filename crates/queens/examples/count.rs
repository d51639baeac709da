//! Counts solutions single-threaded and prints the time: `cargo run --release --example count -- 16`.

use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n: usize = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "12".into())
        .parse()?;
    let start = Instant::now();
    let counts = queens::count(n)?;
    println!(
        "n = {n}: {} solutions, {} fundamental in {:.3} s",
        counts.total,
        counts.fundamental,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
