//! Times `queens::count(n)` (single thread, in this process) against an external counter
//! run as `PEER... n`, in alternating rounds so that a loaded machine slows both alike,
//! and prints each round's wall-clock times and the range of the ratio ours / peer.
//!
//! Usage (from benches/queens-compare):
//!
//! ```text
//! cargo run --release -- [--rounds R] [--sizes 16,17] -- PEER [ARGS...]
//! ```
//!
//! The peer gets `n` as its last argument and must print both counts (the total and the
//! fundamental count, as decimal numbers somewhere in its standard output); a round whose
//! peer output lacks either count stops the run, so both sides are known to have
//! computed the same thing. The order alternates (ours first in odd rounds, the peer
//! first in even ones).
//!
//! Besides wall-clock time it prints user CPU time where Linux's `/proc/self/stat` is
//! there (this process's `utime` for ours, `cutime` of the waited-for child for the
//! peer; clock ticks, usually 10 ms): on a machine shared with other work, CPU time
//! moves much less with the load than wall-clock time.

// expect in this harness: it counts the fixed sizes it names itself; no user input
// reaches them.

use std::process::Command;
use std::time::Instant;

struct Options {
    rounds: usize,
    sizes: Vec<usize>,
    peer: Vec<String>,
}

fn parse() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut options = Options {
        rounds: 5,
        sizes: vec![16, 17],
        peer: Vec::new(),
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                let value = args.next().ok_or("--rounds needs a number")?;
                options.rounds = value
                    .parse()
                    .map_err(|_| format!("--rounds: not a number: {value}"))?;
            }
            "--sizes" => {
                let value = args.next().ok_or("--sizes needs a list such as 16,17")?;
                options.sizes = value
                    .split(',')
                    .map(|n| {
                        n.trim()
                            .parse()
                            .map_err(|_| format!("--sizes: not a size: {n}"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--" => {
                options.peer = args.by_ref().collect();
            }
            other => {
                return Err(format!(
                    "unknown argument {other} (the peer command goes after --)"
                ));
            }
        }
    }
    if options.peer.is_empty() {
        return Err("no peer command: cargo run --release -- [--rounds R] [--sizes 16,17] -- PEER [ARGS...]".into());
    }
    if options.rounds == 0 {
        return Err("--rounds must be at least 1".into());
    }
    Ok(options)
}

/// One measurement: wall-clock seconds and, where known, user CPU seconds.
#[derive(Clone, Copy)]
struct Time {
    wall: f64,
    cpu: Option<f64>,
}

/// This process's user CPU time and that of its waited-for children, in clock ticks
/// (fields 14 and 16 of `/proc/self/stat`); `None` off Linux.
fn cpu_ticks() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may hold spaces; the fields after it are plain.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3.
    Some((fields.get(11)?.parse().ok()?, fields.get(13)?.parse().ok()?))
}

/// Clock ticks per second: 100 on every common Linux configuration.
const TICKS_PER_SECOND: f64 = 100.0;

fn ours(n: usize) -> (Time, queens::Counts) {
    let before = cpu_ticks();
    let start = Instant::now();
    let counts = queens::count(n).expect("the sizes measured are countable");
    let wall = start.elapsed().as_secs_f64();
    let cpu = before
        .zip(cpu_ticks())
        .map(|((own, _), (own_after, _))| (own_after - own) as f64 / TICKS_PER_SECOND);
    (Time { wall, cpu }, counts)
}

/// Runs `command n` and returns its time and standard output.
fn peer(command: &[String], n: usize) -> Result<(Time, String), String> {
    let before = cpu_ticks();
    let start = Instant::now();
    let output = Command::new(&command[0])
        .args(&command[1..])
        .arg(n.to_string())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", command[0]))?;
    let wall = start.elapsed().as_secs_f64();
    if !output.status.success() {
        return Err(format!("{} {n} failed: {}", command[0], output.status));
    }
    let cpu = before
        .zip(cpu_ticks())
        .map(|((_, children), (_, children_after))| {
            (children_after - children) as f64 / TICKS_PER_SECOND
        });
    Ok((
        Time { wall, cpu },
        String::from_utf8_lossy(&output.stdout).into_owned(),
    ))
}

/// Checks that the peer's output holds both of our counts.
fn check(text: &str, n: usize, expected: queens::Counts) -> Result<(), String> {
    let numbers: Vec<u128> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|word| word.parse().ok())
        .collect();
    for (what, count) in [
        ("total", expected.total),
        ("fundamental", expected.fundamental),
    ] {
        if !numbers.contains(&count) {
            return Err(format!(
                "the peer's output for n = {n} lacks the {what} count {count}: {text}"
            ));
        }
    }
    Ok(())
}

/// One round: both counters, in the given order; (ours, peer) times.
fn round(options: &Options, n: usize, ours_first: bool) -> Result<(Time, Time), String> {
    let (ours_time, counts, (peer_time, text)) = if ours_first {
        let (time, counts) = ours(n);
        (time, counts, peer(&options.peer, n)?)
    } else {
        let peer_run = peer(&options.peer, n)?;
        let (time, counts) = ours(n);
        (time, counts, peer_run)
    };
    check(&text, n, counts)?;
    Ok((ours_time, peer_time))
}

fn main() {
    let options = parse().unwrap_or_else(|message| fail(2, &message));
    println!("peer: {} N", options.peer.join(" "));
    println!("ours: queens::count(N), one thread, in this process\n");
    for &n in &options.sizes {
        println!("n = {n}");
        println!(
            "{:>5} {:>9} {:>9} {:>10} {:>9} {:>9} {:>10}",
            "round", "ours s", "peer s", "ours/peer", "ours cpu", "peer cpu", "cpu ratio"
        );
        let (mut wall, mut cpu) = (Vec::new(), Vec::new());
        for index in 1..=options.rounds {
            let (ours, peer) =
                round(&options, n, index % 2 == 1).unwrap_or_else(|message| fail(1, &message));
            wall.push(ours.wall / peer.wall);
            let cpu_ratio = ours.cpu.zip(peer.cpu).map(|(a, b)| a / b.max(0.01));
            cpu.extend(cpu_ratio);
            let show = |value: Option<f64>| value.map_or("-".to_string(), |v| format!("{v:.3}"));
            println!(
                "{index:>5} {:>9.3} {:>9.3} {:>10.3} {:>9} {:>9} {:>10}",
                ours.wall,
                peer.wall,
                ours.wall / peer.wall,
                show(ours.cpu),
                show(peer.cpu),
                show(cpu_ratio)
            );
        }
        println!("ours/peer at n = {n}, wall clock: {}", range(&mut wall));
        if !cpu.is_empty() {
            println!("ours/peer at n = {n}, user CPU:   {}", range(&mut cpu));
        }
        println!();
    }
}

/// "min - max (median m, k rounds)".
fn range(ratios: &mut [f64]) -> String {
    ratios.sort_by(f64::total_cmp);
    format!(
        "{:.2} - {:.2} (median {:.2}, {} rounds)",
        ratios[0],
        ratios[ratios.len() - 1],
        ratios[ratios.len() / 2],
        ratios.len()
    )
}

fn fail(code: i32, message: &str) -> ! {
    eprintln!("queens-compare: {message}");
    std::process::exit(code);
}
