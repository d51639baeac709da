//! Bounded memory, time and messages on absurd input (issue #26): every verb that reads
//! input, given a file of NUL bytes, a sparse file of gigabytes, `/dev/zero`, random
//! binary, a FIFO whose writer never stops (of NULs, or of text with no line end), a
//! directory or lines that are not UTF-8, exits 2 within [`MAX_SECONDS`] with one line
//! of standard error under [`MAX_STDERR`] bytes, at a peak memory under [`MAX_PEAK_KB`]
//! as GNU time measures it (`/usr/bin/time -f %M`; `.ci/run` installs Debian's `time`
//! where it is missing, and outside CI a missing one skips the memory check only).
//!
//! Sizes are scaled from the (200 MB of NULs, 2 GB sparse) where it costs
//! time, not where it is free: a sparse file costs no disk, so it stays 2 GB.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::harness::repo_root;

/// The longest a refusal may take, in seconds (the bound, on a loaded machine
/// and a debug build).
const MAX_SECONDS: f64 = 5.0;
/// The most standard error a refusal may write, in bytes.
const MAX_STDERR: usize = 4096;
/// The highest peak memory (resident set) a refusal may reach, in KiB.
const MAX_PEAK_KB: u64 = 100 * 1024;

/// Every verb that reads puzzle input from a FILE argument.
const READERS: &[&[&str]] = &[
    &["sudoku", "solve"],
    &["sudoku", "count"],
    &["sudoku", "check"],
    &["sudoku", "bench"],
    &["sudoku", "hint"],
    &["sudoku", "explain"],
    &["sudoku", "grade"],
    &["sudoku", "canon"],
    &["sudoku", "dedupe"],
    &["maze", "exists"],
    &["maze", "solve"],
    &["maze", "paths"],
    &["maze", "shortest"],
    &["maze", "count"],
    &["ladders", "solve"],
    &["ladders", "stats"],
    &["ladders", "simulate"],
    &["queens", "complete"],
    &["queens", "merge"],
];

/// What one measured run did.
#[derive(Debug)]
struct Measured {
    code: Option<i32>,
    stderr: String,
    seconds: f64,
    /// Peak resident memory in KiB, when GNU time is there to say.
    peak_kb: Option<u64>,
}

/// GNU time, when installed.
fn gnu_time() -> Option<&'static Path> {
    let time = Path::new("/usr/bin/time");
    if time.exists() {
        return Some(time);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "/usr/bin/time is missing: install Debian's `time` package (.ci/run does)"
    );
    None
}

/// A scratch directory for this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridsolve-limits-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Runs `gridsolve verb... file` (standard input closed) under GNU time.
fn measure(verb: &[&str], file: &Path, dir: &Path) -> Measured {
    let gridsolve = env!("CARGO_BIN_EXE_gridsolve");
    let peak_file = dir.join("peak.txt");
    // coreutils' timeout kills a run that does not stop (its error output would grow
    // without end in this process), well past the bound the assertions check.
    let mut command = match gnu_time() {
        Some(time) => {
            let mut command = Command::new(time);
            command
                .arg("-f")
                .arg("%M")
                .arg("-o")
                .arg(&peak_file)
                .arg("timeout");
            command
        }
        None => Command::new("timeout"),
    };
    command
        .args(["-s", "KILL", "30"])
        .arg(gridsolve)
        .args(verb)
        .arg(file)
        .current_dir(repo_root())
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let output = command.output().expect("gridsolve runs");
    let seconds = start.elapsed().as_secs_f64();
    // GNU time writes "Command exited with non-zero status 2" first, the figure last.
    let peak_kb = std::fs::read_to_string(&peak_file)
        .ok()
        .and_then(|text| text.lines().last().and_then(|l| l.trim().parse().ok()));
    Measured {
        code: output.status.code(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        seconds,
        peak_kb,
    }
}

/// Asserts the bounds on a run of `verb` on `what`: exit 2, one line of
/// standard error that names `expected`, time, and memory.
fn assert_refused(verb: &[&str], what: &str, run: &Measured, expected: &str) {
    assert_refused_in(verb, what, run, expected, 1);
}

/// [`assert_refused`] with at most `lines` lines of standard error.
fn assert_refused_in(verb: &[&str], what: &str, run: &Measured, expected: &str, lines: usize) {
    let label = format!("gridsolve {} on {what}", verb.join(" "));
    assert_eq!(run.code, Some(2), "{label}: {run:?}");
    assert!(
        run.stderr.len() <= MAX_STDERR,
        "{label}: {} bytes of stderr",
        run.stderr.len()
    );
    let count = run.stderr.lines().count();
    assert!((1..=lines).contains(&count), "{label}: {}", run.stderr);
    assert!(run.stderr.contains(expected), "{label}: {}", run.stderr);
    assert!(run.seconds < MAX_SECONDS, "{label}: {:.1} s", run.seconds);
    if let Some(kb) = run.peak_kb {
        assert!(kb <= MAX_PEAK_KB, "{label}: peak {kb} KiB");
    }
}

const NOT_TEXT: &str = "the input is not text: it has the control byte 0x00 (NUL)";

/// The first rows (200 MB of NULs on one line): 64 MB here, every verb.
#[test]
fn a_file_of_nul_bytes_is_refused_at_its_first_byte() {
    let dir = scratch("nul");
    let file = dir.join("nul.bin");
    File::create(&file)
        .and_then(|f| f.set_len(64 << 20))
        .expect("a 64 MB file of NULs");
    for verb in READERS {
        assert_refused(verb, "64 MB of NULs", &measure(verb, &file, &dir), NOT_TEXT);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The 2 GB sparse file (`truncate -s 2G`): sparse, so it costs no disk.
#[test]
fn a_sparse_file_of_gigabytes_is_refused_at_once() {
    let dir = scratch("sparse");
    let file = dir.join("sparse.bin");
    File::create(&file)
        .and_then(|f| f.set_len(2 << 30))
        .expect("a 2 GB sparse file");
    for verb in [
        &["sudoku", "solve"][..],
        &["maze", "shortest"],
        &["ladders", "stats"],
    ] {
        assert_refused(
            verb,
            "a 2 GB sparse file",
            &measure(verb, &file, &dir),
            NOT_TEXT,
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dev_zero_as_the_file_is_refused_at_once() {
    let dir = scratch("zero");
    for verb in READERS {
        let run = measure(verb, Path::new("/dev/zero"), &dir);
        assert_refused(verb, "/dev/zero", &run, NOT_TEXT);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn random_binary_is_refused_at_its_first_control_byte() {
    let dir = scratch("random");
    let file = dir.join("random.bin");
    // SplitMix64 (Steele, Lea and Flood): deterministic noise without a dependency.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let bytes: Vec<u8> = (0..1 << 20)
        .flat_map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)).to_le_bytes()
        })
        .collect();
    std::fs::write(&file, bytes).expect("8 MB of random bytes");
    for verb in READERS {
        let run = measure(verb, &file, &dir);
        assert_refused(verb, "random bytes", &run, "the input is not text");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_is_one_line() {
    let dir = scratch("dir");
    for verb in READERS {
        let run = measure(verb, &dir, &dir);
        assert_refused(verb, "a directory", &run, "Is a directory");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A FIFO whose writer never stops: `unit` written again and again until gridsolve
/// closes its end.
fn endless_fifo(dir: &Path, unit: &'static [u8]) -> (PathBuf, std::thread::JoinHandle<()>) {
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", fifo.display());
    let path = fifo.clone();
    let writer = std::thread::spawn(move || {
        // Opening blocks until gridsolve opens the other end.
        let Ok(mut pipe) = std::fs::OpenOptions::new().write(true).open(&path) else {
            return;
        };
        let block = unit.repeat((1 << 16) / unit.len().max(1) + 1);
        // Ends when gridsolve closes the FIFO (a broken pipe).
        while pipe.write_all(&block).is_ok() {}
    });
    (fifo, writer)
}

#[test]
fn a_fifo_that_never_ends_is_refused() {
    let dir = scratch("fifo");
    for (unit, expected, verbs, lines) in [
        (&b"\0"[..], NOT_TEXT, READERS, 1),
        // Text with no line end: refused at each reader's longest line or text.
        (b"x", "the longest a line of this input can be", READERS, 1),
        // Lines that are not UTF-8: the readers that stop at the first, and a Sudoku
        // batch after 17 in a row (the first 16 reported as bad records).
        (b"\xff\n", "UTF-8", READERS, 17),
        // Blank lines: a Sudoku batch stops after 1 MiB without a puzzle.
        (b"\n", "no puzzle in 1 MiB of text", &READERS[..9], 1),
        (b"\n", "without a partial count", &READERS[18..], 1),
        // Lines that are no puzzle: a Sudoku batch stops when its first 8 records are
        // all bad, on any number of threads.
        (
            b"1\n",
            "none of the first 8 records is a puzzle",
            &READERS[..9],
            9,
        ),
        // A maze, a ladders board and a queens board after 1 MiB of blank lines.
        (b"\n", "no maze in the first 1 MiB", &READERS[9..14], 1),
        (
            b"\n",
            "nothing but blank lines in the first 1 MiB",
            &READERS[14..18],
            1,
        ),
    ] {
        for verb in verbs {
            let (fifo, writer) = endless_fifo(&dir, unit);
            let run = measure(verb, &fifo, &dir);
            writer.join().expect("the FIFO writer ends");
            std::fs::remove_file(&fifo).expect("the FIFO is removed");
            let what = format!("an endless FIFO of {unit:?}");
            assert_refused_in(verb, &what, &run, expected, lines);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `chmod 000`: refused when opened (root can read it all the same, so under root the
/// file is read, and found empty).
#[test]
fn an_unreadable_file_is_one_line() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("unreadable");
    let file = dir.join("locked.txt");
    std::fs::write(&file, "").expect("a file");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o000)).expect("chmod 000");
    let readable = File::open(&file).is_ok();
    for verb in READERS {
        let run = measure(verb, &file, &dir);
        let expected = if readable { "" } else { "Permission denied" };
        assert_refused(verb, "a file without read permission", &run, expected);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A batch that ends in binary data or in text without puzzles answers every record
/// read before it, then reports the one error (exit 2).
#[test]
fn records_before_the_end_of_the_input_are_answered() {
    let dir = scratch("before");
    let grid =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
    for (tail, expected) in [
        ("x\0y\n".to_owned(), "6:2: the input is not text"),
        (
            "\n".repeat(2 << 20),
            "6: no puzzle in 1 MiB of text (lines 6 to 1048582)",
        ),
    ] {
        let file = dir.join("batch.txt");
        std::fs::write(&file, grid.repeat(5) + &tail).expect("a batch file");
        for jobs in ["1", "2"] {
            let output = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
                .args(["sudoku", "solve", "--jobs", jobs])
                .arg(&file)
                .stdin(Stdio::null())
                .output()
                .expect("gridsolve runs");
            let stdout = String::from_utf8_lossy(&output.stdout);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{stderr}");
            assert_eq!(stdout.lines().count(), 5, "--jobs {jobs}: {stdout}");
            assert!(stdout.starts_with("483921657967345821"), "{stdout}");
            assert!(stderr.contains(expected), "--jobs {jobs}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
