//! Ctrl-C for work that can run for hours: the work stops between two of its units and
//! the verb writes what it has, marked interrupted, and exits with
//! [`Outcome::Interrupted`](crate::report::Outcome::Interrupted) (130, the shell's
//! convention for a process ended by SIGINT).
//!
//! A verb whose work can be long takes a [`watch`] for its duration and checks
//! [`requested`] (or hands [`flag`] to the library's cancellation hook: the puzzle
//! crates take a `&AtomicBool` and know nothing of signals). The first Ctrl-C while a
//! watch is held sets the flag; a Ctrl-C when none is held, or a second one, ends the
//! process at once with exit 130, as an impatient user expects. A second SIGINT within
//! [`ECHO`] of the first is the same interruption delivered twice, not a second press:
//! `timeout -s INT` and `kill -INT -- -PGID` send it to the process and to its group at
//! once (a fresh user's finding: the partial answer was then lost). The handler is
//! installed by the first watch only, so a command that never takes one keeps the
//! default SIGINT behaviour; and it is not installed when SIGINT is ignored (a job
//! started in the background of a non-interactive shell, `nohup`), which then stays
//! ignored.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The exit status after Ctrl-C: 128 + SIGINT (2), as shells report a process that
/// SIGINT ended.
pub const EXIT_CODE: u8 = 130;

/// Set by the first Ctrl-C while some work is watched.
static STOP: AtomicBool = AtomicBool::new(false);

/// When the first Ctrl-C set [`STOP`].
static FIRST: OnceLock<Instant> = OnceLock::new();

/// How soon after the first a SIGINT is taken for the same one delivered again (a
/// signal sent to a process and its group arrives twice within microseconds; a person
/// pressing Ctrl-C twice takes a tenth of a second or more).
pub const ECHO: Duration = Duration::from_millis(50);

/// How many [`Watch`]es are held.
static WATCHING: AtomicUsize = AtomicUsize::new(0);

/// Whether the handler is installed (decided once).
static INSTALLED: OnceLock<bool> = OnceLock::new();

/// Held while stoppable work runs: a Ctrl-C then sets [`flag`] instead of ending the
/// process. Dropped when the work is done.
#[derive(Debug)]
#[must_use = "the work is watched only while the watch is held"]
pub struct Watch {
    counted: bool,
}

impl Drop for Watch {
    fn drop(&mut self) {
        if self.counted {
            WATCHING.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Starts watching for Ctrl-C (installing the handler the first time) until the
/// returned [`Watch`] is dropped.
pub fn watch() -> Watch {
    let counted = *INSTALLED.get_or_init(install);
    if counted {
        WATCHING.fetch_add(1, Ordering::SeqCst);
    }
    Watch { counted }
}

/// Whether Ctrl-C asked the watched work to stop.
pub fn requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// The stop flag itself, for a library's cancellation hook.
pub fn flag() -> &'static AtomicBool {
    &STOP
}

/// Installs the SIGINT handler, unless SIGINT is ignored; returns whether it did.
fn install() -> bool {
    if sigint_ignored() {
        return false;
    }
    // The handler runs on one thread of its own, one signal after the other.
    ctrlc::set_handler(|| {
        let watched = WATCHING.load(Ordering::SeqCst) > 0;
        if watched && !STOP.swap(true, Ordering::SeqCst) {
            let _ = FIRST.set(Instant::now());
            return;
        }
        // (Watched or not: the work may have stopped on the first and be writing.)
        if FIRST.get().is_some_and(|first| first.elapsed() < ECHO) {
            return;
        }
        std::process::exit(i32::from(EXIT_CODE));
    })
    .is_ok()
}

/// Whether this process ignores SIGINT (bit 1 of `SigIgn` in `/proc/self/status`;
/// elsewhere than Linux, assumed not).
fn sigint_ignored() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
}
