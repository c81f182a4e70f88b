//! The explorer that runs in the browser on the site's `data/runs.json`. The logic —
//! columns, filters, chart series, comparability, URL state, CSV — is plain Rust in the
//! modules below and tested natively; `web/` (wasm32 only) holds the DOM, the canvas and the
//! exported entry points.

pub mod catalog;
pub mod columns;
pub mod compare;
pub mod cost;
pub mod csv;
pub mod filter;
pub mod headline;
pub mod labels;
pub mod local;
pub mod order;
pub mod palette;
pub mod series;
pub mod sorted;
pub mod state;
pub mod store;
pub mod tally;
pub mod versus;

#[cfg(all(target_arch = "wasm32", feature = "web"))]
mod web;

/// Synthetic runs for the performance benchmark: `n` runs over a few frameworks, GPUs,
/// models and scenarios, with realistic magnitudes.
pub fn synthetic_runs(n: usize) -> Vec<benchsite_model::Run> {
    use benchsite_model::{Labels, Latency, Run, Scenario};
    let frameworks = [("lmdeploy", "0.10.0"), ("vllm", "0.10.1"), ("sglang", "0.5.1"), ("trtllm", "1.0.0")];
    let gpus = ["A100", "H800", "H100", "H200", "L40S"];
    let models = ["Qwen/Qwen3-8B", "Qwen/Qwen3-32B", "Qwen/Qwen3-30B-A3B", "openai/gpt-oss-20b", "openai/gpt-oss-120b", "meta-llama/Llama-3.1-70B"];
    let lens = [(1024, 1024), (2000, 6000), (6000, 2000), (128, 128)];
    (0..n)
        .map(|i| {
            let (fw, ver) = frameworks[i % frameworks.len()];
            let gpu = gpus[(i / 4) % gpus.len()];
            let model = models[(i / 20) % models.len()];
            let (inp, out) = lens[(i / 120) % lens.len()];
            let k = (i % 97) as f64;
            let mut r = Run {
                id: format!("synthetic/{fw}/{gpu}_v{ver}.md#L{}", i + 1).into(),
                labels: Labels { framework: Some(fw.into()), framework_version: Some(ver.into()), gpu: Some(gpu.into()), model: Some(model.into()), precision: Some(if i % 3 == 0 { "fp8" } else { "bf16" }.into()), ..Labels::default() }.into(),
                tp: Some(1 << (i % 4)),
                scenario: Scenario { dataset: Some("random".into()), input_len: Some(inp), output_len: Some(out), num_prompts: Some(500 + (i % 5) as u64 * 500), ..Scenario::default() }.into(),
                ..Run::default()
            };
            r.source.path = format!("synthetic/{fw}/{gpu}_v{ver}.md").into();
            r.source.line = i as u32 + 1;
            r.metrics.request_throughput = Some(1.0 + k / 10.0);
            r.metrics.output_throughput = Some(1000.0 + k * 97.0);
            r.metrics.ttft_ms = Some(Latency::from([("mean", 100.0 + k * 30.0), ("median", 90.0 + k * 28.0), ("p99", 400.0 + k * 80.0)]));
            r.metrics.tpot_ms = Some(Latency::from([("mean", 10.0 + k / 3.0), ("median", 9.0 + k / 3.0), ("p99", 30.0 + k)]));
            r.derive();
            r
        })
        .collect()
}
