//! How close gridsolve's ratings are to Sudoku Explainer's: rates every reference
//! puzzle of `fixtures/sudoku/se-reference` (serate's own ratings, see
//! `scripts/serate/README.md`) with
//! - the human-style grader `sudoku::logic` (what `gridsolve sudoku grade` printed
//!   before issue #22; its EP and ED are read off its path as SE defines them), and
//! - SE's own engine `sudoku::se` (rated, or *beyond* when it lacks a technique),
//!
//! and prints per SE band (serate's ER) the share with ER equal, ER within 0.1, EP
//! equal and ED equal, for each part (`fixtures`, the test's puzzles; `held-out`, the
//! measure of exactness on puzzles the tests do not contain), with the engine's speed
//! against serate's recorded times (ours in thread CPU time; with `SERATE_TIMES=FILE`,
//! against serate's `%e` in FILE, a run made beside the bench: see
//! `scripts/serate/README.md`). Not a criterion bench: one pass, a table.
//!
//! Run: `cargo bench -p sudoku --bench se_compare`.

#[path = "../tests/sudoku/se_files.rs"]
mod se_files;

use std::time::Instant;

use sudoku::Sudoku;
use sudoku::logic::{Rating, explain};
use sudoku::se::{SeOutcome, rate};

/// Bands of serate's ER, in tenths: [low, high).
const BANDS: [(u16, u16); 12] = [
    (10, 15),
    (15, 20),
    (20, 25),
    (25, 30),
    (30, 40),
    (40, 50),
    (50, 60),
    (60, 70),
    (70, 80),
    (80, 90),
    (90, 100),
    (100, 1000),
];

fn band_name((low, high): (u16, u16)) -> String {
    if high >= 1000 {
        format!("{}+", low / 10)
    } else {
        format!("{}.{}-{}.{}", low / 10, low % 10, high / 10, high % 10)
    }
}

#[derive(Default, Clone, Copy)]
struct Tally {
    n: usize,
    er: usize,
    er_near: usize,
    ep: usize,
    ed: usize,
    rated: usize,
    /// Over the rated puzzles that have a serate time: our seconds, serate's seconds.
    ours: f64,
    serate: f64,
}

impl Tally {
    fn add(&mut self, got: Option<(u16, u16, u16)>, want: (u16, u16, u16)) {
        self.n += 1;
        let Some((er, ep, ed)) = got else { return };
        self.rated += 1;
        self.er += usize::from(er == want.0);
        self.er_near += usize::from(er.abs_diff(want.0) <= 1);
        self.ep += usize::from(ep == want.1);
        self.ed += usize::from(ed == want.2);
    }
}

fn share(k: usize, n: usize) -> String {
    if n == 0 {
        "-".into()
    } else {
        format!("{k}/{n} ({:.0} %)", 100.0 * k as f64 / n as f64)
    }
}

fn print_table(title: &str, tallies: &[Tally], engine: bool) {
    println!("\n{title}");
    if engine {
        println!(
            "| SE band | puzzles | rated (not beyond) | ER equal | ER within 0.1 | EP equal | ED equal | serate s / ours s of CPU (rated) |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    } else {
        println!("| SE band | puzzles | ER equal | ER within 0.1 | EP equal | ED equal |");
        println!("|---|---:|---:|---:|---:|---:|");
    }
    let mut total = Tally::default();
    for (band, t) in BANDS.iter().zip(tallies) {
        total.n += t.n;
        total.rated += t.rated;
        total.er += t.er;
        total.er_near += t.er_near;
        total.ep += t.ep;
        total.ed += t.ed;
        total.ours += t.ours;
        total.serate += t.serate;
        if t.n > 0 {
            print_row(&band_name(*band), t, engine);
        }
    }
    print_row("all", &total, engine);
}

fn print_row(name: &str, t: &Tally, engine: bool) {
    if engine {
        let speed = if t.ours > 0.0 {
            format!(
                "{:.2} / {:.4} = {:.0}x",
                t.serate,
                t.ours,
                t.serate / t.ours
            )
        } else {
            "-".into()
        };
        println!(
            "| {name} | {} | {} | {} | {} | {} | {} | {speed} |",
            t.n,
            share(t.rated, t.n),
            share(t.er, t.n),
            share(t.er_near, t.n),
            share(t.ep, t.n),
            share(t.ed, t.n)
        );
    } else {
        println!(
            "| {name} | {} | {} | {} | {} | {} |",
            t.n,
            share(t.er, t.n),
            share(t.er_near, t.n),
            share(t.ep, t.n),
            share(t.ed, t.n)
        );
    }
}

/// This thread's CPU time in seconds (`/proc/thread-self/schedstat`, nanoseconds on a
/// CPU: unlike a wall clock, it does not count the time other processes held the
/// core), or the wall clock since the first call where that file is missing.
fn cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(
            || START.get_or_init(Instant::now).elapsed().as_secs_f64(),
            |ns| ns as f64 * 1e-9,
        )
}

/// The logic grader's ER, EP, ED: the hardest step; the largest rating up to the
/// first placement; the first step's rating.
fn logic_ratings(puzzle: &Sudoku) -> (u16, u16, u16) {
    // expect: called on the repository's reference sheets only, 9 x 9 puzzles its
    // tests read (`se_files`), never on a user's file.
    let explanation = explain(puzzle).expect("9 x 9");
    let mut max = Rating(0);
    let (mut ep, mut ed) = (None, None);
    for step in &explanation.steps {
        max = max.max(step.rating());
        ed.get_or_insert(max);
        if ep.is_none() && !step.placements.is_empty() {
            ep = Some(max);
        }
    }
    (max.0, ep.unwrap_or(max).0, ed.unwrap_or(max).0)
}

/// Prints the engine's path for one puzzle, one hint a line, as SE's `hints` entry
/// point prints its own (rating, name, placement and removals), to find where a path
/// parts from SE's.
fn print_path(puzzle: &str) {
    // The puzzle is the user's: one that is not a 9 x 9 puzzle is said so.
    let rated = puzzle
        .parse::<Sudoku>()
        .map_err(|e| e.to_string())
        .and_then(|sudoku| sudoku::se::rate_with_path(&sudoku).map_err(|e| e.to_string()));
    let (outcome, path) = match rated {
        Ok(rated) => rated,
        Err(e) => return eprintln!("se_compare: {puzzle}: {e}"),
    };
    let name = |c: u8| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
    for hint in &path {
        let mut line = format!("{}, {}", hint.rating, hint.name);
        for &(cell, mask) in &hint.removals {
            let digits: Vec<String> = (1..=9)
                .filter(|d| mask & 1 << (d - 1) != 0)
                .map(|d: u16| d.to_string())
                .collect();
            line += &format!(" {}<>{}", name(cell), digits.join(","));
        }
        if let Some((cell, v)) = hint.placement {
            line += &format!(" {}={v}", name(cell));
        }
        println!("{line}");
    }
    println!("{outcome:?}");
}

/// `list FILE [SECONDS [EVERY]]`: rates every `EVERY`-th line (default 1) of a file of
/// serate lines (`PUZZLE ED=ER/EP/ED`, `#` lines skipped; e.g. a published sheet
/// converted, kept outside the repository) with a budget of `SECONDS` of thread CPU
/// time per puzzle (default 60), prints each answer beside the file's and, per band
/// of the file's ER, the share equal and the median time.
fn rate_list(file: &str, seconds: f64, every: usize) {
    // The file is the user's: what cannot be read ends the run with its error.
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => return eprintln!("se_compare: cannot read {file}: {e}"),
    };
    let mut references: Vec<se_files::Reference> = Vec::new();
    for l in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(every.max(1))
    {
        match se_files::parse_line("list", l) {
            Some(reference) => references.push(reference),
            None => return eprintln!("se_compare: {file}: not a serate line: {l}"),
        }
    }
    // Per band: puzzles, ER equal, EP and ED equal, over budget, times.
    let mut bands: Vec<(u16, usize, usize, usize, usize, Vec<f64>)> = Vec::new();
    for r in &references {
        let start = cpu_seconds();
        let rated = r.puzzle.parse::<Sudoku>().ok().and_then(|puzzle| {
            sudoku::se::rate_until(&puzzle, |_| {
                if cpu_seconds() - start < seconds {
                    std::ops::ControlFlow::Continue(())
                } else {
                    std::ops::ControlFlow::Break(())
                }
            })
            .ok()
        });
        let Some(outcome) = rated else {
            eprintln!(
                "se_compare: {file}: not a 9 x 9 puzzle, skipped: {}",
                r.puzzle
            );
            continue;
        };
        let took = cpu_seconds() - start;
        let want = (r.er, r.ep, r.ed);
        let got = match outcome {
            SeOutcome::Rated(s) => Some((s.er.0, s.ep.0, s.ed.0)),
            _ => None,
        };
        let show = |(er, ep, ed): (u16, u16, u16)| {
            format!(
                "{}.{}/{}.{}/{}.{}",
                er / 10,
                er % 10,
                ep / 10,
                ep % 10,
                ed / 10,
                ed % 10
            )
        };
        println!(
            "{} want {} got {} {took:.2} s",
            r.puzzle,
            show(want),
            got.map_or_else(|| format!("{outcome:?}"), show)
        );
        let band = r.er / 5 * 5;
        let i = match bands.iter().position(|b| b.0 == band) {
            Some(i) => i,
            None => {
                bands.push((band, 0, 0, 0, 0, Vec::new()));
                bands.len() - 1
            }
        };
        let b = &mut bands[i];
        b.1 += 1;
        b.2 += usize::from(got.is_some_and(|g| g.0 == want.0));
        b.3 += usize::from(got == Some(want));
        b.4 += usize::from(matches!(outcome, SeOutcome::Stopped(_)));
        b.5.push(took);
    }
    bands.sort_by_key(|b| b.0);
    println!(
        "\n| ER band | puzzles | ER equal | ER, EP, ED equal | over {seconds} s | median s (CPU) |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for (band, n, er, all, over, mut times) in bands {
        times.sort_by(f64::total_cmp);
        println!(
            "| {}.{}-{}.{} | {n} | {} | {} | {over} | {:.2} |",
            band / 10,
            band % 10,
            (band + 5) / 10,
            (band + 5) % 10,
            share(er, n),
            share(all, n),
            times[(times.len() - 1) / 2]
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument names one part, `path PUZZLE`
    // prints the engine's path for one puzzle, `list FILE [SECONDS [EVERY]]` rates a
    // file of serate lines.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if let [command, puzzle] = &args[..]
        && command == "path"
    {
        print_path(puzzle);
        return;
    }
    if let [command, file, rest @ ..] = &args[..]
        && command == "list"
    {
        let seconds = rest.first().map_or(Ok(60.0), |s| s.parse::<f64>());
        let every = rest.get(1).map_or(Ok(1), |s| s.parse::<usize>());
        match (seconds, every) {
            (Ok(seconds), Ok(every)) if seconds > 0.0 && every > 0 => {
                rate_list(file, seconds, every)
            }
            _ => eprintln!(
                "usage: se_compare list FILE [SECONDS [EVERY]] (a positive budget in seconds, \
                 a positive whole step); found {rest:?}"
            ),
        }
        return;
    }
    let only = args.first();
    for part in ["fixtures", "held-out"] {
        if only.is_some_and(|o| o != part) {
            continue;
        }
        let references = se_files::part(part);
        let serate_seconds = se_files::serate_seconds();
        let mut sets: Vec<(&str, usize)> = Vec::new();
        for r in &references {
            match sets.last_mut() {
                Some((set, n)) if *set == r.set => *n += 1,
                _ => sets.push((&r.set, 1)),
            }
        }
        let mut logic = [Tally::default(); BANDS.len()];
        let mut engine = [Tally::default(); BANDS.len()];
        let (mut logic_time, mut engine_time) = (0.0, 0.0);
        for r in &references {
            let band = BANDS
                .iter()
                .position(|&(lo, hi)| (lo..hi).contains(&r.er))
                .unwrap_or(0);
            // expect (here and below): the repository's reference sheets, 9 x 9
            // puzzles its tests read, never a user's file.
            let puzzle: Sudoku = r.puzzle.parse().expect("reference puzzles parse");
            let want = (r.er, r.ep, r.ed);
            let start = Instant::now();
            logic[band].add(Some(logic_ratings(&puzzle)), want);
            logic_time += start.elapsed().as_secs_f64();
            let start = cpu_seconds();
            let got = match rate(&puzzle).expect("9 x 9") {
                SeOutcome::Rated(s) => Some((s.er.0, s.ep.0, s.ed.0)),
                SeOutcome::Beyond { .. } | SeOutcome::Stopped(_) | SeOutcome::Stuck => None,
            };
            let seconds = cpu_seconds() - start;
            engine_time += seconds;
            engine[band].add(got, want);
            if got.is_some()
                && let Some(&theirs) = serate_seconds.get(&r.puzzle)
            {
                engine[band].ours += seconds;
                engine[band].serate += theirs;
            }
        }
        println!(
            "\n## {part}: {} reference puzzles (logic grader {:.2} s wall, SE engine {:.2} s of thread CPU time in all)",
            references.len(),
            logic_time,
            engine_time
        );
        let sets: Vec<String> = sets.iter().map(|(s, n)| format!("{s} {n}")).collect();
        println!("sets: {}", sets.join(", "));
        print_table(
            "Baseline: `sudoku::logic` (the old `gridsolve sudoku grade`)",
            &logic,
            false,
        );
        print_table("SE engine: `sudoku::se`", &engine, true);
    }
}
