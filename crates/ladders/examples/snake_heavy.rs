//! Writes a board dense with snakes ([`ladders::Board::snake_heavy`]) as a text jump
//! list, for timing `gridsolve ladders stats` on it.
//!
//! Run: `cargo run --release -p ladders --example snake_heavy -- 10000 10 1 > board.txt`
//! (squares, the longest drop, the seed; defaults 10000 10 1).

use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| -> Result<u64, Box<dyn std::error::Error>> {
        Ok(match args.get(i) {
            Some(a) => a.parse()?,
            None => default,
        })
    };
    let squares = u32::try_from(arg(0, 10_000)?)?;
    let max_drop = u32::try_from(arg(1, 10)?)?;
    let seed = arg(2, 1)?;
    let board = ladders::Board::snake_heavy(squares, max_drop, seed);
    let mut out = std::io::stdout().lock();
    write!(out, "{board}")?;
    Ok(())
}
