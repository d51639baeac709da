//! The calling thread's CPU time (Linux `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`), which
//! leaves out the time the thread waits for a core: on a shared machine it varies far
//! less than the wall clock. `None` elsewhere.

/// `struct timespec` on 64-bit Linux.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
unsafe extern "C" {
    fn clock_gettime(clock: i32, out: *mut Timespec) -> i32;
}

/// The thread's CPU time in µs.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
pub fn thread_micros() -> Option<f64> {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable `struct timespec`; the clock id is Linux's.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (rc == 0).then(|| t.tv_sec as f64 * 1e6 + t.tv_nsec as f64 / 1e3)
}

/// The thread's CPU time in µs (not measured on this platform).
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
pub fn thread_micros() -> Option<f64> {
    None
}
