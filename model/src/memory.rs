//! Equivalents with meaning: the memory a run's memory flag leaves for the KV cache, and the
//! value each other engine's flag would need for the same KV memory.
//!
//! The four flags look alike and are not (read in each engine's code, see the catalog's
//! `definition` fields):
//! - vLLM `--gpu-memory-utilization`: share of the GPU's total memory for everything
//!   (weights, activations, KV cache); the KV cache gets what the rest leaves.
//! - SGLang `--mem-fraction-static`: share of the memory free at start-up for the weights
//!   and the KV cache pool.
//! - LMDeploy `--cache-max-entry-count` and TensorRT-LLM `kv_cache_free_gpu_memory_fraction`:
//!   share of the memory still free after the weights are loaded, all of it KV cache.
//!
//! A pure estimate: weights from the parameter count and bytes per parameter, everything
//! else (activations, CUDA graphs, the CUDA context) left out, and every such choice
//! returned as an [`Assumption`] so a page can say what the number rests on.

use crate::tuning::{Catalog, Origin, Text};
use crate::Run;
use serde::{Deserialize, Serialize};

/// The engines, with what their memory fraction is a fraction of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Lmdeploy,
    Vllm,
    Sglang,
    Trtllm,
}

impl Engine {
    pub const ALL: [Engine; 4] = [Engine::Lmdeploy, Engine::Vllm, Engine::Sglang, Engine::Trtllm];

    /// From a run's `framework`: `lmdeploy`, `vllm`, `sglang`, `trtllm`.
    pub fn from_framework(framework: &str) -> Option<Engine> {
        Some(match framework {
            "lmdeploy" => Engine::Lmdeploy,
            "vllm" => Engine::Vllm,
            "sglang" => Engine::Sglang,
            "trtllm" => Engine::Trtllm,
            _ => return None,
        })
    }

    pub fn framework(self) -> &'static str {
        match self {
            Engine::Lmdeploy => "lmdeploy",
            Engine::Vllm => "vllm",
            Engine::Sglang => "sglang",
            Engine::Trtllm => "trtllm",
        }
    }

    /// The flag that sets the fraction.
    pub fn flag(self) -> &'static str {
        match self {
            Engine::Lmdeploy => "--cache-max-entry-count",
            Engine::Vllm => "--gpu-memory-utilization",
            Engine::Sglang => "--mem-fraction-static",
            Engine::Trtllm => "--kv_cache_free_gpu_memory_fraction",
        }
    }

    /// Whether the fraction is of the whole memory (weights inside it) rather than of what
    /// the weights leave free.
    fn of_total(self) -> bool {
        matches!(self, Engine::Vllm | Engine::Sglang)
    }

    /// KV cache bytes the fraction leaves, per GPU.
    pub fn kv_bytes(self, fraction: f64, total: f64, weights: f64) -> f64 {
        if self.of_total() {
            fraction * total - weights
        } else {
            fraction * (total - weights)
        }
    }

    /// The fraction that leaves `kv` bytes of KV cache; `None` when there is no KV memory to
    /// match or no fraction in (0, 1] gives it.
    pub fn fraction_for(self, kv: f64, total: f64, weights: f64) -> Option<f64> {
        if kv <= 0.0 || weights >= total {
            return None;
        }
        let fraction = if self.of_total() { (kv + weights) / total } else { kv / (total - weights) };
        (fraction.is_finite() && fraction > 0.0 && fraction <= 1.0).then_some(fraction)
    }
}

/// The model as the catalog (`content/models.toml`) describes it.
#[derive(Clone, Copy, Debug)]
pub struct ModelSize<'a> {
    pub parameters_billion: f64,
    /// `BF16`, `FP8`, `MXFP4`, ... as in the model catalog or the run.
    pub precision: &'a str,
}

/// One serving instance: the model, one GPU's memory in bytes, and the tensor-parallel size
/// the weights are split over.
#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    pub model: ModelSize<'a>,
    pub gpu_memory_bytes: f64,
    pub tp: u32,
}

/// What an estimate rests on.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Assumption {
    /// Weights = parameters × this many bytes, the precision's width.
    BytesPerParameter { precision: String, bytes: f64 },
    /// The weights are split evenly over the tensor-parallel GPUs.
    WeightsSplitEvenly { tp: u32 },
    /// Activations, CUDA graphs and the CUDA context take no memory here: the KV memory is
    /// an upper bound for the engines whose fraction includes them (vLLM, SGLang).
    OverheadIgnored,
    /// The memory free after loading (LMDeploy, TensorRT-LLM) is taken as total − weights.
    FreeIsTotalMinusWeights,
    /// SGLang's base, the memory free at start-up, is taken as the total.
    StartupFreeIsTotal,
}

impl Assumption {
    pub fn text(&self) -> Text {
        match self {
            Assumption::BytesPerParameter { precision, bytes } => Text {
                zh: format!("权重按每个参数 {} 字节（{precision}）估算", crate::number::shortest(*bytes)),
                en: format!("weights at {} {} per parameter ({precision})", crate::number::shortest(*bytes), if *bytes == 1.0 { "byte" } else { "bytes" }),
            },
            Assumption::WeightsSplitEvenly { tp } => Text {
                zh: format!("权重平均分到 {tp} 张 GPU（张量并行）"),
                en: format!("weights split evenly over {tp} GPUs (tensor parallelism)"),
            },
            Assumption::OverheadIgnored => Text {
                zh: "未计激活、CUDA graph 和 CUDA 上下文占用的显存：vLLM、SGLang 的 KV cache 实际更小".into(),
                en: "activations, CUDA graphs and the CUDA context are not counted: vLLM's and SGLang's real KV cache is smaller".into(),
            },
            Assumption::FreeIsTotalMinusWeights => Text {
                zh: "LMDeploy、TensorRT-LLM 的“空闲显存”按总显存减权重计算".into(),
                en: "LMDeploy's and TensorRT-LLM's \"free memory\" is taken as total memory minus weights".into(),
            },
            Assumption::StartupFreeIsTotal => Text {
                zh: "SGLang 的基数（启动时的空闲显存）按总显存计算".into(),
                en: "SGLang's base (the memory free at start-up) is taken as the total memory".into(),
            },
        }
    }
}

/// The estimate for one engine's memory fraction.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Weights on one GPU, bytes.
    pub weights_bytes: f64,
    /// KV cache the fraction leaves on one GPU, bytes (negative: the weights do not fit).
    pub kv_bytes: f64,
    /// Each engine's fraction for the same KV memory (the run's own engine included);
    /// `None` when no fraction in (0, 1] gives it.
    pub equivalents: Vec<(Engine, Option<f64>)>,
    pub assumptions: Vec<Assumption>,
}

/// Bytes per parameter of a precision; `None` for one whose width is not known here.
pub fn bytes_per_parameter(precision: &str) -> Option<f64> {
    Some(match precision.to_ascii_uppercase().as_str() {
        "FP32" => 4.0,
        "BF16" | "FP16" | "W8A16" => 2.0,
        "FP8" | "INT8" | "W8A8" => 1.0,
        "INT4" | "AWQ" | "GPTQ" | "W4A16" | "W4A8" => 0.5,
        // 4-bit values plus one 8-bit scale per block of 32.
        "MXFP4" => 4.25 / 8.0,
        // 4-bit values plus one 8-bit scale per block of 16.
        "NVFP4" => 4.5 / 8.0,
        _ => return None,
    })
}

/// What `engine`'s fraction leaves for the KV cache on one GPU of `setup`, and the other
/// engines' equivalents; `None` when the precision's width is unknown or the setup is empty.
pub fn estimate(setup: Setup<'_>, engine: Engine, fraction: f64) -> Option<Estimate> {
    let bytes = bytes_per_parameter(setup.model.precision)?;
    let positive = |x: f64| x.is_finite() && x > 0.0;
    if setup.tp == 0 || !positive(setup.gpu_memory_bytes) || !positive(setup.model.parameters_billion) || !fraction.is_finite() {
        return None;
    }
    let total = setup.gpu_memory_bytes;
    let weights = setup.model.parameters_billion * 1e9 * bytes / f64::from(setup.tp);
    let kv = engine.kv_bytes(fraction, total, weights);
    let equivalents = Engine::ALL.iter().map(|e| (*e, e.fraction_for(kv, total, weights))).collect();
    let mut assumptions = vec![Assumption::BytesPerParameter { precision: setup.model.precision.to_string(), bytes }];
    if setup.tp > 1 {
        assumptions.push(Assumption::WeightsSplitEvenly { tp: setup.tp });
    }
    assumptions.extend([Assumption::OverheadIgnored, Assumption::FreeIsTotalMinusWeights, Assumption::StartupFreeIsTotal]);
    Some(Estimate { weights_bytes: weights, kv_bytes: kv, equivalents, assumptions })
}

/// What a run's memory flag leaves for the KV cache, as `runs.json` records it
/// (`params.kv_memory`): the inputs, the estimate for each memory size the GPU may have
/// (one, unless the table lists variants such as the A100's 40 and 80 GiB), and what the
/// estimate rests on.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct KvMemory {
    /// The run's engine's memory flag, as the catalog spells it.
    pub flag: String,
    pub fraction: f64,
    /// Whether the fraction was written in the serve command or is the engine's default.
    pub origin: Origin,
    pub parameters_billion: f64,
    pub precision: String,
    pub tp: u32,
    /// Where the TP size comes from: the run (`tp`) or the flag's default.
    pub tp_from: String,
    pub cases: Vec<KvCase>,
    pub assumptions: Vec<Assumption>,
}

/// The estimate for one memory size, in GiB per GPU.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct KvCase {
    pub gpu_memory_gib: f64,
    pub weights_gib: f64,
    /// Negative when the weights do not fit.
    pub kv_gib: f64,
    /// Each other engine's flag for the same KV memory (`None`: no fraction gives it).
    pub equivalents: Vec<Equivalent>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Equivalent {
    pub framework: String,
    pub flag: String,
    pub fraction: Option<f64>,
}

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// An estimate has no more digits than its assumptions support: GiB to the MiB, fractions
/// to four places (`runs.json` stays readable and small).
fn round(x: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (x * k).round() / k
}

/// The KV memory estimate of one run; `None` when anything it needs is unknown: the engine,
/// its memory flag's value (explicit or default), the model's parameter count (`parameters`,
/// from the model catalog by family), a precision whose width is known, the GPU's memory,
/// or the TP size.
pub fn for_run(run: &Run, catalog: &Catalog, parameters_billion: Option<f64>) -> Option<KvMemory> {
    let engine = Engine::from_framework(run.framework.as_deref()?)?;
    let effective = run.params.effective.iter().find(|e| e.flag == engine.flag())?;
    let fraction = crate::number::parse_f64(effective.value.as_deref()?.trim())?;
    let parameters_billion = parameters_billion?;
    let precision = run.precision.as_deref()?;
    let (tp, tp_from) = match run.tp {
        Some(tp) => (tp, "run"),
        None => {
            let e = run.params.effective.iter().find(|e| e.concept.as_deref() == Some("tensor-parallel") && e.origin == Origin::Default)?;
            (e.value.as_deref()?.trim().parse().ok()?, "default")
        }
    };
    let memories = catalog.gpu(run.gpu.as_deref()?).memories();
    let mut cases = Vec::new();
    let mut assumptions = Vec::new();
    for memory in memories {
        let setup = Setup { model: ModelSize { parameters_billion, precision }, gpu_memory_bytes: memory.mib * 1024.0 * 1024.0, tp };
        let e = estimate(setup, engine, fraction)?;
        let equivalents = e
            .equivalents
            .iter()
            .filter(|(other, _)| *other != engine)
            .map(|(other, f)| Equivalent { framework: other.framework().into(), flag: other.flag().into(), fraction: f.map(|f| round(f, 4)) })
            .collect();
        cases.push(KvCase {
            gpu_memory_gib: memory.gib(),
            weights_gib: round(e.weights_bytes / GIB, 3),
            kv_gib: round(e.kv_bytes / GIB, 3),
            equivalents,
        });
        assumptions = e.assumptions;
    }
    if cases.is_empty() {
        return None;
    }
    Some(KvMemory {
        flag: effective.flag.to_string(),
        fraction,
        origin: effective.origin,
        parameters_billion,
        precision: precision.to_string(),
        tp,
        tp_from: tp_from.into(),
        cases,
        assumptions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GB: f64 = 1e9;

    /// Qwen3-32B (32.8 B parameters, BF16) on one GPU of 80 GB (decimal, as the hand
    /// computation below).
    fn qwen32b(tp: u32) -> Setup<'static> {
        Setup { model: ModelSize { parameters_billion: 32.8, precision: "BF16" }, gpu_memory_bytes: 80.0 * GB, tp }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9 * b.abs().max(1.0)
    }

    fn equivalent(e: &Estimate, engine: Engine) -> Option<f64> {
        e.equivalents.iter().find(|(x, _)| *x == engine).and_then(|(_, f)| *f)
    }

    #[test]
    fn vllm_default_on_a_32b_bf16_model_leaves_6_4_gb() {
        // weights = 32.8e9 × 2 B = 65.6 GB; vLLM 0.9 × 80 GB = 72 GB for weights and KV;
        // KV = 72 − 65.6 = 6.4 GB.
        let e = estimate(qwen32b(1), Engine::Vllm, 0.9).unwrap();
        assert!(close(e.weights_bytes, 65.6 * GB));
        assert!(close(e.kv_bytes, 6.4 * GB));
        // SGLang counts the same way: (6.4 + 65.6) / 80 = 0.9.
        assert!(close(equivalent(&e, Engine::Sglang).unwrap(), 0.9));
        // LMDeploy and TensorRT-LLM take a share of what the weights leave: 80 − 65.6 =
        // 14.4 GB free, 6.4 / 14.4 = 0.444…
        assert!(close(equivalent(&e, Engine::Lmdeploy).unwrap(), 6.4 / 14.4));
        assert!(close(equivalent(&e, Engine::Trtllm).unwrap(), 4.0 / 9.0));
    }

    #[test]
    fn lmdeploy_default_gives_nearly_twice_the_kv_memory() {
        // 0.8 × 14.4 GB = 11.52 GB of KV cache; vLLM would need (11.52 + 65.6) / 80 = 0.964.
        let e = estimate(qwen32b(1), Engine::Lmdeploy, 0.8).unwrap();
        assert!(close(e.kv_bytes, 11.52 * GB));
        assert!(close(equivalent(&e, Engine::Vllm).unwrap(), 77.12 / 80.0));
        assert!(close(equivalent(&e, Engine::Lmdeploy).unwrap(), 0.8), "its own flag comes back unchanged");
    }

    #[test]
    fn tensor_parallelism_splits_the_weights() {
        // TP 2: 32.8 GB of weights per GPU; vLLM 0.9 → 72 − 32.8 = 39.2 GB; LMDeploy needs
        // 39.2 / (80 − 32.8) = 0.8305…
        let e = estimate(qwen32b(2), Engine::Vllm, 0.9).unwrap();
        assert!(close(e.weights_bytes, 32.8 * GB));
        assert!(close(e.kv_bytes, 39.2 * GB));
        assert!(close(equivalent(&e, Engine::Lmdeploy).unwrap(), 39.2 / 47.2));
        assert!(e.assumptions.contains(&Assumption::WeightsSplitEvenly { tp: 2 }));
    }

    #[test]
    fn fp8_halves_the_weights() {
        // 32.8 GB of FP8 weights; SGLang 0.875 (its formula on 80 GiB at TP 1) × 80 GB =
        // 70 GB → 37.2 GB of KV cache.
        let setup = Setup { model: ModelSize { parameters_billion: 32.8, precision: "FP8" }, ..qwen32b(1) };
        let e = estimate(setup, Engine::Sglang, 0.875).unwrap();
        assert!(close(e.kv_bytes, 37.2 * GB));
        assert_eq!(e.assumptions[0], Assumption::BytesPerParameter { precision: "FP8".into(), bytes: 1.0 });
    }

    #[test]
    fn no_equivalent_when_the_weights_do_not_fit() {
        // Qwen3-235B BF16 on one 80 GB GPU: 470 GB of weights; no fraction gives a KV cache.
        let setup = Setup { model: ModelSize { parameters_billion: 235.0, precision: "BF16" }, ..qwen32b(1) };
        let e = estimate(setup, Engine::Vllm, 0.9).unwrap();
        assert!(e.kv_bytes < 0.0);
        assert!(e.equivalents.iter().all(|(_, f)| f.is_none()));
    }

    #[test]
    fn unknown_precision_or_empty_setup_gives_no_estimate() {
        let setup = Setup { model: ModelSize { parameters_billion: 8.2, precision: "GGUF" }, ..qwen32b(1) };
        assert_eq!(estimate(setup, Engine::Vllm, 0.9), None);
        assert_eq!(estimate(qwen32b(0), Engine::Vllm, 0.9), None);
        assert_eq!(estimate(qwen32b(1), Engine::Vllm, f64::NAN), None);
    }

    #[test]
    fn every_assumption_has_both_languages() {
        let e = estimate(qwen32b(2), Engine::Vllm, 0.9).unwrap();
        for a in &e.assumptions {
            let t = a.text();
            assert!(!t.zh.is_empty() && !t.en.is_empty());
        }
    }
}

#[cfg(test)]
mod run_tests {
    use super::*;
    use crate::tuning::Effective;

    fn run(framework: &str, flag: &str, value: &str, gpu: &str, tp: Option<u32>) -> Run {
        let labels = crate::Labels { framework: Some(framework.into()), gpu: Some(gpu.into()), precision: Some("FP8".into()), ..Default::default() };
        let mut run = Run { labels: labels.into(), tp, ..Run::default() };
        run.params.effective.push(Effective { flag: flag.into(), value: Some(value.into()), origin: Origin::Default, concept: None, rule: None });
        run
    }

    fn catalog() -> Catalog {
        Catalog { gpus: crate::gpu::builtin().to_vec(), ..Catalog::default() }
    }

    #[test]
    fn lmdeploy_default_on_qwen3_32b_fp8_on_an_h800() {
        // Weights 32.8e9 B = 30.547 GiB; KV = 0.8 × (80 − 30.547) = 39.56 GiB; vLLM needs
        // (39.56 + 30.547) / 80 = 0.876 of the GPU for the same KV memory.
        let kv = for_run(&run("lmdeploy", "--cache-max-entry-count", "0.8", "H800", Some(1)), &catalog(), Some(32.8)).unwrap();
        assert_eq!(kv.cases.len(), 1);
        let case = &kv.cases[0];
        let weights = 32.8e9 / GIB;
        assert_eq!(case.weights_gib, 30.547);
        assert_eq!(case.kv_gib, round(0.8 * (80.0 - weights), 3));
        let vllm = case.equivalents.iter().find(|e| e.framework == "vllm").unwrap().fraction.unwrap();
        assert_eq!(vllm, round((0.8 * (80.0 - weights) + weights) / 80.0, 4));
        assert_eq!(vllm, 0.8764);
        assert!(case.equivalents.iter().all(|e| e.framework != "lmdeploy"), "its own engine is not an equivalent");
    }

    #[test]
    fn a_gpu_with_two_memory_sizes_gives_two_cases_and_unknowns_give_none() {
        let kv = for_run(&run("vllm", "--gpu-memory-utilization", "0.9", "A100", Some(2)), &catalog(), Some(32.8)).unwrap();
        assert_eq!(kv.cases.iter().map(|c| c.gpu_memory_gib).collect::<Vec<_>>(), vec![40.0, 80.0]);
        assert_eq!(for_run(&run("vllm", "--gpu-memory-utilization", "0.9", "A100", Some(2)), &catalog(), None), None, "no parameter count");
        assert_eq!(for_run(&run("vllm", "--gpu-memory-utilization", "0.9", "Z9", Some(2)), &catalog(), Some(8.0)), None, "a GPU the table lacks");
        assert_eq!(for_run(&run("vllm", "--gpu-memory-utilization", "lots", "H800", Some(1)), &catalog(), Some(8.0)), None, "not a number");
        assert_eq!(for_run(&run("mlc", "--gpu-memory-utilization", "0.9", "H800", Some(1)), &catalog(), Some(8.0)), None, "unknown engine");
        assert_eq!(for_run(&run("vllm", "--gpu-memory-utilization", "0.9", "H800", None), &catalog(), Some(8.0)), None, "TP unknown");
    }
}
