//! The same parsers the generator uses, as a separate wasm module: the explorer loads it
//! only when a reader adds a log, so the first visit does not pay for pulldown-cmark, toml
//! and the parsers.

/// Parses one dropped file; returns `{"runs": [...], "findings": [...]}` as JSON. The file
/// is `local/<name>`, laid out by its name alone (`benchsite_ingest::parse_dropped`): a
/// dropped `H800_v0.10.0.md` is a result file of GPU H800 and version 0.10.0 whose framework
/// the client or the reader states, not one of a framework called `local`.
pub fn parse_log_json(name: &str, text: &str) -> String {
    let out = benchsite_ingest::parse_dropped(name, text);
    serde_json::json!({ "runs": out.runs, "findings": out.findings }).to_string()
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = parseLog)]
pub fn parse_log(name: &str, text: &str) -> String {
    parse_log_json(name, text)
}

/// Traps the module, as a parser failure (out of memory, a bug) would: the explorer's
/// browser test uses it to check that the next file gets a fresh parser.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = trapForTest)]
pub fn trap_for_test() {
    core::arch::wasm32::unreachable()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_dropped_log_comes_back_as_runs_json() {
        let block = "============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\nRequest throughput (req/s): 2.00\n---------------Time to First Token----------------\nMean TTFT (ms): 10.5\n==================================================\n";
        let v: serde_json::Value = serde_json::from_str(&super::parse_log_json("my/log.txt", block)).unwrap();
        assert_eq!(v["runs"][0]["metrics"]["ttft_ms"]["mean"], 10.5);
        assert_eq!(v["runs"][0]["source"]["path"], "local/my_log.txt");
    }

    /// A result file dropped without its folder keeps its GPU and version and names no
    /// framework (it used to be read as one of a framework called `local`).
    #[test]
    fn a_dropped_result_file_is_laid_out_by_its_name() {
        let block = "============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\nRequest throughput (req/s): 2.00\n==================================================\n";
        let text = format!("# Results\n\n## Qwen3-8B\n\n```\n{block}```\n");
        let v: serde_json::Value = serde_json::from_str(&super::parse_log_json("H800_v0.10.0.md", &text)).unwrap();
        let run = &v["runs"][0];
        assert_eq!((&run["framework"], &run["gpu"], &run["framework_version"], &run["section"]), (&serde_json::Value::Null, &"H800".into(), &"0.10.0".into(), &"Qwen3-8B".into()));
    }
}
