//! The same parsers the generator uses, as a separate wasm module: the explorer loads it
//! only when a reader adds a log, so the first visit does not pay for pulldown-cmark, toml
//! and the parsers.

/// Parses one dropped file and hands its runs over in the explorer's own format
/// (`benchsite_viewer::local`), with what the reader `stated` (`framework\tversion\tGPU\tcount`)
/// where the log is silent and the effective parameters resolved with `catalog`
/// (`data/parameters.json`; empty when it could not be fetched). The file is `local/<name>`,
/// laid out by its name alone (`benchsite_ingest::parse_dropped`): a dropped
/// `H800_v0.10.0.md` is a result file of GPU H800 and version 0.10.0 whose framework the
/// client or the reader states, not one of a framework called `local`.
pub fn parse_local(name: &str, text: &str, stated: &str, catalog: &str) -> Result<String, String> {
    let catalog: benchsite_model::tuning::Catalog = match catalog.trim() {
        "" => Default::default(),
        json => serde_json::from_str(json).map_err(|e| format!("parameters.json could not be read: {e}"))?,
    };
    let out = benchsite_ingest::parse_dropped(name, text);
    Ok(benchsite_viewer::local::bundle(out.runs, &out.findings, stated, &catalog))
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = parseLog)]
pub fn parse_log(name: &str, text: &str, stated: &str, catalog: &str) -> Result<String, wasm_bindgen::JsValue> {
    parse_local(name, text, stated, catalog).map_err(|e| wasm_bindgen::JsValue::from_str(&e))
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
    use benchsite_viewer::{columns, local};

    const BLOCK: &str = "============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\nRequest throughput (req/s): 2.00\n---------------Time to First Token----------------\nMean TTFT (ms): 10.5\n==================================================\n";

    fn store(name: &str, text: &str, stated: &str, catalog: &str) -> benchsite_viewer::store::Store {
        let l = local::read(&super::parse_local(name, text, stated, catalog).unwrap()).unwrap();
        columns::assemble(&l.index, &[&l.part])
    }

    #[test]
    fn a_dropped_log_comes_back_as_the_explorers_runs() {
        let s = store("my/log.txt", BLOCK, "", "");
        assert_eq!(s.metric("ttft.mean").unwrap().values, [10.5]);
        assert_eq!((s.ids[0].as_str(), s.path(0)), ("local:local/my_log.txt#L1", "local/my_log.txt"));
    }

    /// A result file dropped without its folder keeps its GPU and version and names no
    /// framework (it used to be read as one of a framework called `local`); the reader's
    /// statement fills the framework in.
    #[test]
    fn a_dropped_result_file_is_laid_out_by_its_name() {
        let text = format!("# Results\n\n## Qwen3-8B\n\n```\n{BLOCK}```\n");
        let s = store("H800_v0.10.0.md", &text, "", "");
        use benchsite_viewer::store::Dim;
        assert_eq!((s.value(Dim::Framework, 0), s.value(Dim::Gpu, 0)), ("?", "H800"));
        let s = store("H800_v0.10.0.md", &text, &local::stated("SGLang", "", "A100", ""), "");
        assert_eq!((s.value(Dim::Framework, 0), s.value(Dim::Gpu, 0), s.value(Dim::Version, 0)), ("sglang", "H800", "sglang 0.10.0"));
    }

    /// The catalog the worker is given is read (resolution itself: `local.rs`'s tests); a
    /// damaged one is an error that names it.
    #[test]
    fn the_catalog_is_read_or_refused() {
        let catalog = r#"{"param": [{"framework": "sglang", "flag": "--tp-size", "aliases": ["--tp"], "meaning": {"zh": "", "en": ""}}]}"#;
        assert_eq!(store("s.log", BLOCK, "", catalog).len(), 1);
        assert!(super::parse_local("s.log", BLOCK, "", "{not json").unwrap_err().contains("parameters.json"));
    }
}
