//! Synthetic inputs of a chosen size, shared by the parse benchmark and the tests that bound
//! the parser's work (`#[path]`-included there). Each shape is one that used to make time grow
//! faster than the input: many keys in one JSON object, pretty-printed arrays of results,
//! tens of thousands of result blocks in one log.
#![allow(dead_code)]

/// One vLLM `--save-result` object, pretty-printed, padded with scalar keys to `bytes`.
/// Every key is on its own line, so each value has a line of its own to point to.
pub fn wide_json(bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + 256);
    out.push_str("{\n  \"completed\": 1000,\n  \"duration\": 100.0,\n  \"request_throughput\": 10.0,\n");
    out.push_str("  \"server_info\": {\n    \"completed\": 7,\n    \"duration\": 1.0\n  },\n");
    let mut k = 0;
    while out.len() < bytes {
        out.push_str(&format!("  \"custom_metric_{k:07}\": {k}.5,\n"));
        k += 1;
    }
    out.push_str("  \"output_throughput\": 10240.0,\n  \"mean_ttft_ms\": 100.5\n}\n");
    out
}

/// A JSON array of result objects, pretty-printed (one key per line), up to `bytes`.
pub fn pretty_array(bytes: usize) -> String {
    let mut out = String::from("[\n");
    let mut i = 0u64;
    while out.len() < bytes {
        if i > 0 {
            out.push_str(",\n");
        }
        let n = 100 + i;
        out.push_str(&format!(
            "  {{\n    \"completed\": {n},\n    \"duration\": {d}.0,\n    \"total_output_tokens\": {t},\n    \"request_throughput\": 1.0,\n    \"output_throughput\": {o}.0,\n    \"mean_ttft_ms\": 10.5,\n    \"ttfts\": [0.1, 0.2, 0.3]\n  }}",
            d = n,
            t = n * 10,
            o = 10,
        ));
        i += 1;
    }
    out.push_str("\n]\n");
    out
}

/// `blocks` distinct vLLM serving result blocks, each with its client context.
pub fn serving_log(blocks: usize) -> String {
    let mut out = String::with_capacity(blocks * 1100);
    for i in 0..blocks {
        let n = 100 + i;
        let d = 10.0 + i as f64 * 0.01;
        out.push_str(&format!(
            "Running benchmark --num-prompts {n} --request-rate {r} with backend: vllm\n\
             INFO 08-01 12:00:00 engine.py:300] Avg prompt throughput: 1234.5 tokens/s\n\
             ============ Serving Benchmark Result ============\n\
             Successful requests:                     {n}\n\
             Benchmark duration (s):                  {d:.2}\n\
             Total input tokens:                      {t}\n\
             Total generated tokens:                  {t}\n\
             Request throughput (req/s):              {rt:.2}\n\
             Output token throughput (tok/s):         {ot:.2}\n\
             ---------------Time to First Token----------------\n\
             Mean TTFT (ms):                          {a:.2}\n\
             -----Time per Output Token (excl. 1st token)------\n\
             Mean TPOT (ms):                          12.34\n\
             ---------------Inter-token Latency----------------\n\
             Mean ITL (ms):                           12.34\n\
             ==================================================\n",
            r = i % 7 + 1,
            t = n * 1024,
            rt = n as f64 / d,
            ot = (n * 1024) as f64 / d,
            a = 100.0 + i as f64 * 0.01,
        ));
    }
    out
}

/// A results table of `rows` rows whose throughputs all lie within 1% of each other (each row
/// compared with the rows near its number: once every row, quadratic).
pub fn close_rows(rows: usize) -> String {
    let mut out = String::from("# Llama-3.1-8B on H100\n\n| Concurrency | Output throughput (tok/s) | Mean TTFT (ms) |\n|---|---|---|\n");
    for i in 1..=rows {
        out.push_str(&format!("| {i} | {:.2} | {:.3} |\n", 1000.0 + i as f64 / 100.0, 10.0 + i as f64 / 1000.0));
    }
    out
}
