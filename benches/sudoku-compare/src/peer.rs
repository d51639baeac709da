//! Side-by-side rounds against an external peer command (`--peer`): see the crate docs.

use std::process::Command;
use std::time::Instant;

/// Our puzzles from the non-blank lines of the file `path`; a line that is no puzzle
/// ends the run with its error ([`fail`]).
pub fn parse_ours(path: &str, lines: &[&str]) -> Vec<gridsolve_sudoku::Sudoku> {
    lines
        .iter()
        .map(|l| {
            l.parse()
                .unwrap_or_else(|e| fail(format_args!("{path}: {l:?}: {e}")))
        })
        .collect()
}

/// The non-blank lines of the file `path`; a file that cannot be read ends the run
/// with its error ([`fail`]).
pub fn read_lines(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(format_args!("{path}: {e}")));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// Ends the run on bad input: the message on standard error, exit status 2.
pub fn fail(message: std::fmt::Arguments<'_>) -> ! {
    eprintln!("sudoku-compare: {message}");
    std::process::exit(2)
}

/// The uniqueness check of every puzzle (`analyse(2)`): how many have one solution.
pub fn unique_count(puzzles: &[gridsolve_sudoku::Sudoku]) -> usize {
    puzzles
        .iter()
        .filter(|p| std::hint::black_box(p).analyse(2).count.count == 1)
        .count()
}

/// Ours as a peer command: warm-up, one timed pass, then `wall puzzles unique cpu`.
pub fn print_as_peer(path: &str) {
    let text = read_lines(path);
    let lines: Vec<&str> = text.iter().map(String::as_str).collect();
    let ours = parse_ours(path, &lines);
    unique_count(&ours[..ours.len().min(1000)]);
    let (wall, cpu, unique) = time_ours(&ours);
    println!(
        "{wall:.4} {} {unique} {:.4}",
        ours.len(),
        cpu.unwrap_or(f64::NAN)
    );
}

/// What the peer printed for one round: µs per puzzle, and optionally the puzzles it
/// read, how many of them it found unique and its thread's CPU µs per puzzle.
struct PeerRound {
    micros: f64,
    puzzles: Option<usize>,
    unique: Option<usize>,
    cpu: Option<f64>,
}

/// One timed round of ours: wall and thread CPU µs per puzzle, puzzles found unique.
fn time_ours(ours: &[gridsolve_sudoku::Sudoku]) -> (f64, Option<f64>, usize) {
    let n = ours.len() as f64;
    let cpu = crate::cpu::thread_micros();
    let start = Instant::now();
    let unique = unique_count(ours);
    let wall = start.elapsed().as_secs_f64() * 1e6 / n;
    let cpu = cpu
        .zip(crate::cpu::thread_micros())
        .map(|(a, b)| (b - a) / n);
    (wall, cpu, unique)
}

fn run_peer(command: &str, path: &str) -> Result<PeerRound, String> {
    let line = command.replace("{file}", path);
    let output = Command::new("sh")
        .arg("-c")
        .arg(&line)
        .output()
        .map_err(|e| format!("{line}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{line}: {} ({})",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut fields = stdout.split_whitespace();
    let micros = fields
        .next()
        .and_then(|f| f.parse::<f64>().ok())
        .ok_or_else(|| format!("{line}: expected µs/puzzle first on stdout, got {stdout:?}"))?;
    let puzzles = fields.next().and_then(|f| f.parse().ok());
    let unique = fields.next().and_then(|f| f.parse().ok());
    let cpu = fields.next().and_then(|f| f.parse().ok());
    Ok(PeerRound {
        micros,
        puzzles,
        unique,
        cpu,
    })
}

/// The smallest and largest of `values`.
fn range(values: &[f64]) -> (f64, f64) {
    values
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)))
}

/// The median of `values` (the mean of the middle two for an even count); `NaN` for none.
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        len if len % 2 == 1 => sorted[len / 2],
        len => (sorted[len / 2 - 1] + sorted[len / 2]) / 2.0,
    }
}

/// Times ours and the peer on each file in `rounds` alternating rounds (the order
/// flips every round) and prints the ranges, and the median of the CPU-time ratio (a
/// round of a short file can be hit by a moment of load; the median is not).
pub fn run(rounds: u32, command: &str, paths: &[String]) -> Result<(), String> {
    println!("peer: {command}");
    println!(
        "{:<30} {:>7} {:>15} {:>15} {:>11} {:>11} {:>10}",
        "file", "puzzles", "ours µs/p", "peer µs/p", "ours/peer", "CPU ratio", "CPU median"
    );
    for path in paths {
        let text = read_lines(path);
        let lines: Vec<&str> = text.iter().map(String::as_str).collect();
        let ours = parse_ours(path, &lines);
        // Before each timed pass an untimed warm-up of up to 1,000 puzzles, as the peer
        // is asked to do in each of its runs (the peer's run in between leaves the caches
        // and branch predictors to it).
        let warm_and_time = || {
            unique_count(&ours[..ours.len().min(1000)]);
            time_ours(&ours)
        };
        let (mut mine, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        let mut cpu_ratios = Vec::new();
        for round in 0..rounds.max(1) {
            let ((a, cpu, unique), peer) = if round % 2 == 0 {
                let o = warm_and_time();
                (o, run_peer(command, path)?)
            } else {
                let p = run_peer(command, path)?;
                (warm_and_time(), p)
            };
            if peer.puzzles.is_some_and(|p| p != ours.len())
                || peer.unique.is_some_and(|u| u != unique)
            {
                return Err(format!(
                    "{path}: we read {} puzzles, {unique} unique; the peer {:?}, {:?}",
                    ours.len(),
                    peer.puzzles,
                    peer.unique
                ));
            }
            mine.push(a);
            theirs.push(peer.micros);
            ratios.push(a / peer.micros);
            if let (Some(a), Some(b)) = (cpu, peer.cpu) {
                cpu_ratios.push(a / b);
            }
        }
        let name = path.rsplit('/').next().unwrap_or(path);
        let ((a0, a1), (b0, b1), (r0, r1)) = (range(&mine), range(&theirs), range(&ratios));
        let (cpu, cpu_median) = if cpu_ratios.is_empty() {
            ("-".to_owned(), "-".to_owned())
        } else {
            let (c0, c1) = range(&cpu_ratios);
            (
                format!("{c0:.2}-{c1:.2}"),
                format!("{:.2}", median(&cpu_ratios)),
            )
        };
        println!(
            "{name:<30} {:>7} {:>15} {:>15} {:>11} {cpu:>11} {cpu_median:>10}",
            ours.len(),
            format!("{a0:.2}-{a1:.2}"),
            format!("{b0:.2}-{b1:.2}"),
            format!("{r0:.2}-{r1:.2}")
        );
    }
    Ok(())
}
