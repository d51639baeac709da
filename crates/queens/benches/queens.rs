//! Criterion benchmarks for the targets of issues 4 and 15. The machine is shared and
//! busy, so sample sizes are small; run with `cargo bench -p queens --features parallel`.
//!
//! Issue 15's targets: `n16 jobs2` at most 1/1.8 of `n16 jobs1` (the parallel speed-up
//! on 2 cores); `n16 serial` and `n17 serial` against the Takaken-style C counter, which
//! criterion cannot run: that comparison is `benches/queens-compare` (side by side, one
//! run). `n15 serial` is the quick check of the single-thread loop.

// expect in this benchmark: fixed board sizes; no user input reaches them.

use std::hint::black_box;
use std::io::Write;

use criterion::{Criterion, criterion_group, criterion_main};

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a rayon pool starts")
}

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    let parallel = queens::CountOptions::new().parallel();
    group.sample_size(10);
    group.bench_function("n15 serial", |b| b.iter(|| queens::count(black_box(15))));
    group.bench_function("n16 serial", |b| b.iter(|| queens::count(black_box(16))));
    for threads in [1, 2] {
        let pool = pool(threads);
        group.bench_function(format!("n16 jobs{threads}"), |b| {
            b.iter(|| pool.install(|| queens::count_with(black_box(16), &parallel)))
        });
    }
    group.bench_function("n17 serial", |b| b.iter(|| queens::count(black_box(17))));
    let pool2 = pool(2);
    group.bench_function("n17 jobs2", |b| {
        b.iter(|| pool2.install(|| queens::count_with(black_box(17), &parallel)))
    });
    group.finish();
}

/// All 365,596 solutions of n = 14, formatted as the CLI's text output into a sink.
fn enumeration(c: &mut Criterion) {
    let mut group = c.benchmark_group("enumerate");
    group.sample_size(10);
    group.bench_function("n14 text to sink", |b| {
        b.iter(|| {
            let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::sink());
            let mut solutions = queens::Solutions::new(14).expect("14 is a valid size");
            let mut line = String::new();
            while let Some(columns) = solutions.next_solution() {
                line.clear();
                for (i, col) in columns.iter().enumerate() {
                    if i > 0 {
                        line.push(' ');
                    }
                    line.push_str(itoa(col + 1));
                }
                line.push('\n');
                out.write_all(line.as_bytes())
                    .expect("the sink accepts everything");
            }
        })
    });
    group.finish();
}

fn itoa(value: usize) -> &'static str {
    const NAMES: [&str; 15] = [
        "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14",
    ];
    NAMES[value]
}

fn construction(c: &mut Criterion) {
    let mut group = c.benchmark_group("construct");
    group.sample_size(10);
    group.bench_function("n10M construct+verify", |b| {
        b.iter(|| {
            let columns = queens::construct(black_box(10_000_000)).expect("n >= 4");
            assert!(queens::is_solution(&columns));
        })
    });
    group.finish();
}

criterion_group!(benches, counting, enumeration, construction);
criterion_main!(benches);
