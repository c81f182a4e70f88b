//! Parse throughput (`cargo bench -p benchsite-ingest --bench parse`; target: 200 MB/s or
//! more on one core). First a table, per format and for the mixed corpus of all of them
//! (`corpus`: the seed content, the logs in its code blocks, real tool outputs and every test
//! fixture), of MB/s (10^6 bytes) by wall time and by the thread's own CPU time, overall and
//! per round (median and best of ten) — on a busy machine the CPU figures say what one core
//! does. `PARSE_BENCH_MS` sets the CPU time per group (default 2000). Then criterion's samples
//! for the same groups, and synthetic shapes that once made time grow faster than the input
//! (a 1 MB JSON object with many keys, a pretty-printed array of results, 20,000 result
//! blocks in one log, 10,000 table rows whose numbers lie within 1% of each other).

mod corpus;
mod synthetic;

use benchsite_ingest::parse_file;
use corpus::{Group, Item};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::{Duration, Instant};

// The allocator the benchsite binary parses with (generator/src/main.rs): parse rates are
// what `benchsite build` gets, not what the system allocator would give.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn parse_all(items: &[Item]) -> usize {
    items.iter().map(|i| parse_file(&i.path, &i.text, None).runs.len()).sum()
}

/// Nanoseconds this thread has run on a CPU (Linux), or `None` where that is not known.
fn cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

/// One row of the table: parses `items` in rounds of at least `budget / ROUNDS` of CPU time
/// each (wall time where CPU time is unknown). Rates are MB/s of input; besides the whole
/// run's wall and CPU figures, the median and the best round by CPU time, which a busy
/// machine (other processes on the same core's other hyperthread) disturbs least.
fn measure(name: &str, items: &[Item], budget: Duration) {
    const ROUNDS: u32 = 10;
    let bytes: usize = items.iter().map(|i| i.text.len()).sum();
    let runs = parse_all(items); // warm-up
    let (wall_start, cpu_start) = (Instant::now(), cpu_ns());
    let mut iters = 0u64;
    let mut rounds = Vec::new();
    for _ in 0..ROUNDS {
        let (round_wall, round_cpu, mut n) = (Instant::now(), cpu_ns(), 0u64);
        let elapsed = loop {
            std::hint::black_box(parse_all(items));
            n += 1;
            let cpu = round_cpu.zip(cpu_ns()).map(|(a, b)| Duration::from_nanos(b - a));
            let elapsed = cpu.unwrap_or_else(|| round_wall.elapsed());
            if elapsed >= budget / ROUNDS {
                break elapsed;
            }
        };
        iters += n;
        rounds.push((bytes as u64 * n) as f64 / 1e6 / elapsed.as_secs_f64());
    }
    let wall = wall_start.elapsed();
    let cpu = cpu_start.zip(cpu_ns()).map(|(a, b)| Duration::from_nanos(b - a));
    rounds.sort_by(f64::total_cmp);
    let mb = (bytes as u64 * iters) as f64 / 1e6;
    let cpu_s = cpu.map(|c| format!("{:6.2}", c.as_secs_f64())).unwrap_or_else(|| "   n/a".into());
    let cpu_rate = cpu.map(|c| format!("{:8.1}", mb / c.as_secs_f64())).unwrap_or_else(|| "     n/a".into());
    println!(
        "{name:<62} {:>5} {:>9} {runs:>5} {iters:>6} {:6.2} {cpu_s} {:9.1} {cpu_rate} {:8.1} {:8.1}",
        items.len(),
        bytes,
        wall.as_secs_f64(),
        mb / wall.as_secs_f64(),
        rounds[rounds.len() / 2],
        rounds[rounds.len() - 1],
    );
}

fn table(groups: &[Group], mixed: &[Item]) {
    println!(
        "\n{:<62} {:>5} {:>9} {:>5} {:>6} {:>6} {:>6} {:>9} {:>8} {:>8} {:>8}",
        "parse throughput (MB/s = 10^6 bytes of input per second)",
        "files",
        "bytes",
        "runs",
        "iters",
        "wall s",
        "cpu s",
        "MB/s wall",
        "MB/s cpu",
        "median",
        "best"
    );
    let budget = Duration::from_millis(std::env::var("PARSE_BENCH_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(2000));
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
        ("10k table rows within 1% of each other", "raw/close.md", synthetic::close_rows(10_000)),
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
