//! The notes `gridsolve queens` prints on standard error before a search that can take
//! minutes or longer. They never stop the work.

use grid_core::text::count_of;

use crate::report;

/// `all`, and `complete` with at least this many rows to fill, print a note that the
/// search can take minutes. Measured for the first solution (`queens all N --limit 1`,
/// release build): under 0.05 s up to n = 29, then 0.5 s (30), 0.1 s (31), 0.7 s (32),
/// 1.2 s (33), 16 s (34), 1.4 s (35) and more than a minute for n = 36 and 40.
const SLOW_SEARCH_FROM_N: usize = 30;

/// `count` prints an estimate of its running time from this n on (about 2 minutes of
/// CPU time for n = 18).
const SLOW_COUNT_FROM_N: usize = 18;

/// Measured: `queens count 16 --jobs 1` takes about 1.0 s of CPU time, and n = 17
/// about 7.6 s (the constellations counter; 2 shared cores).
const COUNT_16_SECONDS: f64 = 1.0;
const COUNT_GROWTH_PER_N: f64 = 8.0;

/// The note `all` prints before a search that can take minutes (n from
/// [`SLOW_SEARCH_FROM_N`] up to the search's limit), or `None`.
pub(super) fn search_note(n: usize) -> Option<String> {
    (SLOW_SEARCH_FROM_N..=queens::MAX_ENUMERATE_N)
        .contains(&n)
        .then(|| {
            format!(
                "note: for n >= {SLOW_SEARCH_FROM_N} the first solution in lexicographic order \
                 can take minutes to find (the backtracking time grows irregularly with n); \
                 `gridsolve queens solve {n}` constructs one solution at once"
            )
        })
}

/// The note `complete --count` prints when `rows_to_fill` empty rows may take the
/// backtracking count minutes, or `None`. Finding one completion (`count` false) races a
/// local search and needs no note.
pub(super) fn completion_note(rows_to_fill: usize, count: bool) -> Option<String> {
    if rows_to_fill < SLOW_SEARCH_FROM_N || !count {
        return None;
    }
    Some(format!(
        "note: with {rows_to_fill} rows to fill, counting completions by backtracking can \
         take minutes (from about {SLOW_SEARCH_FROM_N} empty rows the time grows irregularly \
         with n); --limit caps the count, not the time"
    ))
}

/// The note `count` prints before a count that takes more than about a minute on one
/// core (n from [`SLOW_COUNT_FROM_N`]), with an estimate for `threads` threads, or `None`.
pub(super) fn count_note(n: usize, threads: usize) -> Option<String> {
    if !(SLOW_COUNT_FROM_N..=queens::MAX_COUNT_N).contains(&n) {
        return None;
    }
    let cpu_seconds = COUNT_16_SECONDS * COUNT_GROWTH_PER_N.powi((n - 16) as i32);
    let threads = threads.max(1);
    Some(format!(
        "note: counting n = {n} takes roughly {} with {} ({} of CPU time: n = 16 takes \
         about 1 second on one core, and each further n about 8 times longer); \
         --jobs J sets the number of threads",
        report::rough_duration(cpu_seconds / threads as f64),
        count_of(threads as u64, "thread"),
        report::rough_duration(cpu_seconds),
    ))
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use crate::report::rough_duration;

    #[test]
    fn search_note_only_for_large_boards_the_search_accepts() {
        assert_eq!(search_note(29), None);
        assert_eq!(search_note(65), None);
        assert_eq!(
            search_note(36).as_deref(),
            Some(
                "note: for n >= 30 the first solution in lexicographic order can take minutes \
                 to find (the backtracking time grows irregularly with n); \
                 `gridsolve queens solve 36` constructs one solution at once"
            )
        );
        assert!(search_note(64).is_some());
    }

    #[test]
    fn completion_note_counts_rows_to_fill() {
        assert_eq!(completion_note(29, true), None);
        // One completion comes from the racing searches: no note.
        assert_eq!(completion_note(40, false), None);
        assert_eq!(
            completion_note(60, true).as_deref(),
            Some(
                "note: with 60 rows to fill, counting completions by backtracking can take \
                 minutes (from about 30 empty rows the time grows irregularly with n); \
                 --limit caps the count, not the time"
            )
        );
    }

    #[test]
    fn count_note_estimates_from_n_18() {
        assert_eq!(count_note(17, 1), None);
        assert_eq!(count_note(33, 1), None);
        assert_eq!(
            count_note(18, 1).as_deref(),
            Some(
                "note: counting n = 18 takes roughly 64 seconds with 1 thread (64 seconds of \
                 CPU time: n = 16 takes about 1 second on one core, and each further n about 8 \
                 times longer); --jobs J sets the number of threads"
            )
        );
        let note = count_note(27, 2).unwrap();
        assert!(
            note.starts_with("note: counting n = 27 takes roughly 140 years with 2 threads (270 years of CPU time"),
            "{note}"
        );
        assert!(
            count_note(32, 4)
                .unwrap()
                .contains("2.2 million years with 4 threads")
        );
    }

    #[test]
    fn rough_durations() {
        assert_eq!(rough_duration(1.0), "1 second");
        assert_eq!(rough_duration(64.0), "64 seconds");
        assert_eq!(rough_duration(128.0), "2.1 minutes");
        assert_eq!(rough_duration(60.0 * 60.0), "60 minutes");
        assert_eq!(rough_duration(2.0 * 3600.0), "2 hours");
        assert_eq!(rough_duration(3.0 * 86400.0), "3 days");
        assert_eq!(rough_duration(272.0 * 365.25 * 86400.0), "270 years");
        assert_eq!(rough_duration(1.0e6 * 365.25 * 86400.0), "1 million years");
    }
}
