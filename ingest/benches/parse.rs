//! Parse throughput, reported by criterion in MiB/s (`cargo bench -p benchsite-ingest`):
//! the real seed files (target: 200 MB/s or more on one core), and synthetic shapes that
//! once made time grow faster than the input (a 1 MB JSON object with many keys, a
//! pretty-printed array of results, 20,000 result blocks in one log).

mod synthetic;

use benchsite_ingest::parse_file;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const SEEDS: [&str; 4] = [
    "lmdeploy/H800_v0.10.0.md",
    "vllm/A100_v0.10.1.md",
    "sglang/A100_v0.5.1.md",
    "raw/vllm_sweep.log",
];

fn seeds() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    SEEDS.iter().map(|p| (p.to_string(), std::fs::read_to_string(root.join(p)).expect("seed file"))).collect()
}

fn bench(c: &mut Criterion) {
    let files = seeds();
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("all seed files", |b| {
        b.iter(|| files.iter().map(|(p, t)| parse_file(p, t, None).runs.len()).sum::<usize>())
    });
    for (path, text) in &files {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(path.as_str(), |b| b.iter(|| parse_file(path, text, None).runs.len()));
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
