//! Which framework a benchmark client's own words name. A result file's path or a sidecar
//! says it first; a dropped log has neither, but its client usually printed the backend it
//! talked to (`backend='vllm'` in `Namespace(...)`, `Running benchmark ... with backend: X`,
//! SGLang's `Backend:` row), and some tools only ever measure one engine (`trtllm-bench`).
//!
//! The backend names come from the clients' request tables: vLLM's
//! `benchmarks/backend_request_func.py` (`vllm`, `lmdeploy`, `sglang`, `tensorrt-llm`, but
//! also `openai`, `openai-chat`, `tgi`, `deepspeed-mii`, `scalellm`, `llama.cpp`) and
//! SGLang's `python/sglang/bench_serving.py` (`sglang`, `sglang-native`, `sglang-oai`,
//! `sglang-oai-chat`, `vllm`, `vllm-chat`, `lmdeploy`, `lmdeploy-chat`, `trt`, `gserver`,
//! `truss`). Names of engines are mapped: `openai` and `openai-chat` name an API any server
//! may offer, so they say nothing about the engine.

use crate::scan::Format;
use benchsite_model::{ContextRef, Run};

/// The framework a client backend name stands for: `vllm`, `lmdeploy`, `sglang`, `trtllm`, or
/// another engine vLLM's client speaks to by name (`mlc-llm`, `tgi`, `llama.cpp`,
/// `deepspeed-mii`, `scalellm`), or Ollama.
pub fn of_backend(backend: &str) -> Option<&'static str> {
    let b = backend.trim().to_ascii_lowercase();
    let framework = match b.as_str() {
        "vllm" | "vllm-chat" => "vllm",
        "lmdeploy" | "lmdeploy-chat" => "lmdeploy",
        "sglang" | "sglang-native" | "sglang-oai" | "sglang-oai-chat" => "sglang",
        // SGLang's JAX port for TPUs (`sgl_jax.launch_server`): another engine, with its own
        // defaults.
        "sglang-jax" | "sgl-jax" | "sgl_jax" | "sglangjax" => "sglang-jax",
        "tensorrt-llm" | "trt" | "trtllm" | "trt-llm" | "tensorrtllm" => "trtllm",
        // Other engines the clients name, compared under their own names.
        "mlc-llm" | "mlc_llm" | "mlcllm" => "mlc-llm",
        "tgi" | "text-generation-inference" => "tgi",
        "llama.cpp" | "llamacpp" | "llama-cpp" => "llama.cpp",
        "deepspeed-mii" => "deepspeed-mii",
        "scalellm" => "scalellm",
        // Compared with the engines above in many a README (a llama.cpp runtime of its own).
        "ollama" => "ollama",
        "lightllm" => "lightllm",
        "mistral.rs" | "mistralrs" | "mistral-rs" => "mistral.rs",
        _ => return None,
    };
    Some(framework)
}

/// The framework a report format belongs to, for tools that measure only their own engine.
fn of_format(format: &str) -> Option<&'static str> {
    if format == Format::SglangOffline.name() {
        // `bench_offline_throughput` runs SGLang's own engine (`Backend: engine`).
        return Some("sglang");
    }
    if format == crate::formats::lmdeploy_generation::NAME || format == Format::LmdeployProfile.name() {
        // `profile_generation.py` and `profile_throughput.py` run LMDeploy's own engine.
        return Some("lmdeploy");
    }
    use crate::formats::{sglang_one_batch, vllm_latency, vllm_throughput};
    if [vllm_latency::NAME, vllm_latency::JSON_NAME, vllm_throughput::NAME, vllm_throughput::JSON_NAME].contains(&format) {
        // vLLM's offline benchmarks run vLLM's engine in the process (`benchmark_throughput.py
        // --backend hf` another one, which its backend names first).
        return Some("vllm");
    }
    if [sglang_one_batch::NAME, sglang_one_batch::JSONL_NAME, sglang_one_batch::SERVER_JSONL_NAME].contains(&format) {
        return Some("sglang");
    }
    use crate::formats::{llama_batched_bench, llama_bench};
    if [llama_bench::NAME, llama_batched_bench::NAME, llama_batched_bench::SWEEP_NAME].contains(&format) {
        return Some("llama.cpp");
    }
    // mistralrs-bench runs mistral.rs's engine in the process.
    if format == llama_bench::MISTRALRS_NAME {
        return Some("mistral.rs");
    }
    if format == crate::formats::tgi_benchmark::NAME {
        return Some("tgi");
    }
    // OpenVINO GenAI's samples time its own pipeline, in the process.
    if format == crate::formats::openvino_genai::NAME {
        return Some("openvino");
    }
    // `ollama run --verbose` times Ollama's own answer.
    if format == crate::formats::ollama_verbose::NAME {
        return Some("ollama");
    }
    // MindIE's client measures MindIE's service (it names no other backend).
    if format == crate::formats::mindie_benchmark::NAME {
        return Some("mindie");
    }
    use crate::formats::{trtllm_bench, trtllm_legacy};
    [Format::TrtllmBench.name(), trtllm_bench::NAME, trtllm_legacy::NAME, trtllm_legacy::MANAGER_NAME].contains(&format).then_some("trtllm")
}

/// Provenance kind of a framework read from the benchmark client's backend (`Backend: vllm`,
/// `backend='vllm'`, `--backend vllm`): the API protocol the client spoke, which any
/// OpenAI-compatible server may answer, taken only when nothing else names the framework.
pub const CLIENT_BACKEND: &str = "client-backend";

/// Fills `framework` where nothing stated it, from the client's backend or the tool itself;
/// the line it came from is kept as `source.lines.framework`, and a backend's as context of
/// kind [`CLIENT_BACKEND`], so the run says its framework is only the client's word.
pub fn apply(runs: &mut [Run]) {
    for run in runs.iter_mut().filter(|r| r.framework.is_none()) {
        // A table's backend cell may name the engine and then its setting (`vLLM AWQ 4bit`,
        // `TGI eetq 8bit`): its first word, when that is an engine's name.
        let table = [crate::formats::markdown_table::NAME, crate::formats::csv_table::NAME].contains(&&run.format[..]);
        let named = |b: &str| of_backend(b).or_else(|| b.split_whitespace().next().filter(|_| table).and_then(of_backend));
        let from_backend = run.backend.as_deref().and_then(named).map(|f| (f, run.source.lines.get("backend").copied(), true));
        // A backend no engine name maps to (`hf`, `mii`) ran the tool's other engine: not the
        // tool's own.
        let vllm_offline = [crate::formats::vllm_throughput::NAME, crate::formats::vllm_throughput::JSON_NAME].contains(&&run.format[..]);
        let other_backend = vllm_offline && run.backend.is_some() && from_backend.is_none();
        let from_format = || of_format(&run.format).filter(|_| !other_backend).map(|f| (f, Some(run.source.line), false));
        if let Some((framework, line, backend)) = from_backend.or_else(from_format) {
            run.framework = Some(framework.to_string());
            if let Some(line) = line {
                run.source.lines.insert("framework", line);
                if backend {
                    run.source.context.insert("framework", ContextRef { line, kind: CLIENT_BACKEND.into() });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_engine_names_map_to_a_framework() {
        let cases = [
            ("vllm", Some("vllm")),
            ("VLLM", Some("vllm")),
            ("lmdeploy", Some("lmdeploy")),
            ("sglang", Some("sglang")),
            ("sglang-oai", Some("sglang")),
            ("sglang-native", Some("sglang")),
            // SGLang's JAX port is an engine of its own (its defaults are not SGLang's).
            ("sgl-jax", Some("sglang-jax")),
            ("SGLang-JAX", Some("sglang-jax")),
            ("tensorrt-llm", Some("trtllm")),
            ("trt", Some("trtllm")),
            ("tensorrtllm", Some("trtllm")),
            ("openai", None),
            ("openai-chat", None),
            ("tgi", Some("tgi")),
            ("deepspeed-mii", Some("deepspeed-mii")),
            ("mlc-llm", Some("mlc-llm")),
            ("llamacpp", Some("llama.cpp")),
            ("gserver", None),
            ("truss", None),
            ("", None),
        ];
        for (backend, want) in cases {
            assert_eq!(of_backend(backend), want, "{backend}");
        }
    }
}
