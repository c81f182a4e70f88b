//! Parse throughput (`cargo bench -p benchsite-ingest --bench parse`; target: 200 MB/s or
//! more on one core). First a table, per format and for the mixed corpus of all of them
//! (`corpus`: the seed content, the logs in its code blocks, real tool outputs and every test
//! fixture), of MB/s (10^6 bytes) by wall time and by the thread's own CPU time — on a busy
//! machine the CPU figure is the one that says what one core does. Then criterion's samples
//! for the same groups, and synthetic shapes that once made time grow faster than the input
//! (a 1 MB JSON object with many keys, a pretty-printed array of results, 20,000 result
//! blocks in one log).

mod corpus;
mod synthetic;

use benchsite_ingest::parse_file;
use corpus::{Group, Item};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::{Duration, Instant};

fn parse_all(items: &[Item]) -> usize {
    items.iter().map(|i| parse_file(&i.path, &i.text, None).runs.len()).sum()
}

/// Nanoseconds this thread has run on a CPU (Linux), or `None` where that is not known.
fn cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

/// One row of the table: parses `items` until at least `budget` of CPU time (wall time
/// where CPU time is unknown) has passed.
fn measure(name: &str, items: &[Item], budget: Duration) {
    let bytes: usize = items.iter().map(|i| i.text.len()).sum();
    let runs = parse_all(items); // warm-up
    let (wall_start, cpu_start) = (Instant::now(), cpu_ns());
    let mut iters = 0u64;
    let (wall, cpu) = loop {
        std::hint::black_box(parse_all(items));
        iters += 1;
        let wall = wall_start.elapsed();
        let cpu = cpu_start.zip(cpu_ns()).map(|(a, b)| Duration::from_nanos(b - a));
        if cpu.unwrap_or(wall) >= budget {
            break (wall, cpu);
        }
    };
    let mb = (bytes as u64 * iters) as f64 / 1e6;
    let rate = |d: Duration| mb / d.as_secs_f64();
    let cpu_rate = cpu.map(|c| format!("{:8.1}", rate(c))).unwrap_or_else(|| "     n/a".into());
    let cpu_s = cpu.map(|c| format!("{:6.2}", c.as_secs_f64())).unwrap_or_else(|| "   n/a".into());
    println!(
        "{name:<62} {:>3} {:>9} {runs:>5} {iters:>6} {:6.2} {cpu_s} {:8.1} {cpu_rate}",
        items.len(),
        bytes,
        wall.as_secs_f64(),
        rate(wall)
    );
}

fn table(groups: &[Group], mixed: &[Item]) {
    println!(
        "\n{:<62} {:>3} {:>9} {:>5} {:>6} {:>6} {:>6} {:>8} {:>8}",
        "parse throughput", "files", "bytes", "runs", "iters", "wall s", "cpu s", "MB/s wall", "MB/s cpu"
    );
    let budget = Duration::from_millis(std::env::var("PARSE_BENCH_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(1000));
    for g in groups {
        measure(&g.name, &g.items, budget);
    }
    measure("mixed corpus (all of the above)", mixed, budget * 3);
    println!();
}

fn bench(c: &mut Criterion) {
    let groups = corpus::groups();
    let mixed: Vec<Item> =
        groups.iter().flat_map(|g| g.items.iter().map(|i| Item { path: i.path.clone(), text: i.text.clone() })).collect();
    table(&groups, &mixed);
    let mut group = c.benchmark_group("parse");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    let bytes: usize = mixed.iter().map(|i| i.text.len()).sum();
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("mixed corpus", |b| b.iter(|| parse_all(&mixed)));
    for g in &groups {
        group.throughput(Throughput::Bytes(g.bytes() as u64));
        group.bench_function(g.name.as_str(), |b| b.iter(|| parse_all(&g.items)));
    }
    group.finish();
}

/// Inputs large enough that quadratic work shows; few samples, each is one whole file.
fn synthetic(c: &mut Criterion) {
    let cases = [
        ("one_megabyte_json_parses_in_linear_time (1 MB object, 30k keys)", "raw/wide.json", synthetic::wide_json(1 << 20)),
        ("1 MB pretty-printed array of results", "raw/array.json", synthetic::pretty_array(1 << 20)),
        ("20k serving blocks in one log", "raw/many.log", synthetic::serving_log(20_000)),
    ];
    let mut group = c.benchmark_group("synthetic");
    group.sample_size(10);
    for (name, path, text) in &cases {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(*name, |b| b.iter(|| parse_file(path, text, None).runs.len()));
    }
    group.finish();
}

criterion_group!(benches, bench, synthetic);
criterion_main!(benches);
