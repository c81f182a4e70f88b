//! Model family and precision: the one place a run's `family`, `precision` and
//! `precision_from` are decided, so runs of one model in several precisions can stand side
//! by side (`Qwen/Qwen3-32B` and `Qwen/Qwen3-32B-FP8` are both family `Qwen3-32B`).
//!
//! Precision is taken from the most explicit statement there is, in this order:
//! 1. `log`: the benchmark tool printed it (`Quantization: FP8` in a `trtllm-bench` report);
//! 2. `sidecar`: the author stated it in `<file>.meta.toml`;
//! 3. `metadata`: the client command that ran it says it (`--metadata precision=bf16`);
//! 4. `flag`: a serve flag that quantizes the weights (`--quantization`, LMDeploy
//!    `--model-format awq`, `trtllm-bench --quantization`);
//! 5. `heading`: the heading of the run's section names one precision (`### FP4`): a page
//!    that names its model once (`Model: Qwen/Qwen3-32B-FP8`) and then has a section per
//!    precision;
//! 6. `model-name`: a quantization word in the model name (`-FP8`, `-AWQ`, `.w4a16`);
//! 7. `flag`: a float dtype flag (`--dtype bfloat16`);
//! 8. `model-name`: a float word in the model name (`-BF16`);
//! 9. `catalog`: the checkpoint's published dtype in `content/models.toml`.
//!
//! A float `--dtype` ranks below a quantized model name because for a quantized checkpoint it
//! sets the compute dtype, not the weights': `Qwen3-8B-FP8 --dtype bfloat16` serves FP8
//! weights. `--kv-cache-dtype` and LMDeploy's `--quant-policy` quantize the k/v cache, not
//! the weights, and are not read here. What nothing states stays `None`.

use crate::models::Catalog;
use crate::names::Names;
use crate::sink::FindingExt;
use benchsite_model::{Params, Run};

/// Quantization words, as they appear in model names and flag values (lower case).
const QUANTIZED: [&str; 14] =
    ["fp8", "fp4", "nvfp4", "mxfp4", "awq", "gptq", "int4", "int8", "w4a16", "w8a8", "w4a8", "w8a16", "gguf", "bnb"];

/// Float words, as they appear in model names and `--dtype` values (lower case).
const FLOAT: [&str; 4] = ["bf16", "fp16", "fp32", "bfloat16"];

/// The precision a heading names as a word of its own (`### FP8`, `## BF16 results`): one
/// precision word, normalised; `None` when it names none or two (`FP8 vs BF16`).
pub fn named_in_heading<'a>(words: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut found: Option<String> = None;
    let mut words = words.peekable();
    while let Some(w) = words.next() {
        let lower = w.to_ascii_lowercase();
        if !(QUANTIZED.contains(&lower.as_str()) || FLOAT.contains(&lower.as_str())) {
            continue;
        }
        // `with FP8 KV cache`: the cache's type, not the model's.
        if words.peek().is_some_and(|next| next.eq_ignore_ascii_case("kv") || next.to_ascii_lowercase().starts_with("kv-") || next.eq_ignore_ascii_case("kvcache")) {
            continue;
        }
        let p = normalise(&lower)?;
        if found.as_ref().is_some_and(|f| *f != p) {
            return None;
        }
        found = Some(p);
    }
    found
}

/// Words that may trail a model name around its precision (`-FP8-Dynamic`,
/// `-quantized.w4a16`, `-bnb-4bit`); they say too little to be a precision themselves.
const TRAILING: [&str; 5] = ["dynamic", "quantized", "marlin", "4bit", "8bit"];

/// The model without organisation and precision suffix: `Qwen/Qwen3-32B-FP8` → `Qwen3-32B`,
/// `Qwen3-30B-A3B-Instruct-2507-FP8` → `Qwen3-30B-A3B-Instruct-2507`.
pub fn family(model: &str) -> String {
    let base = model.trim_end_matches('/').rsplit('/').next().unwrap_or(model);
    let mut family = base;
    while let Some(cut) = family.rfind(['-', '_', '.']) {
        let tail = family[cut + 1..].to_ascii_lowercase();
        let strippable = QUANTIZED.contains(&tail.as_str()) || FLOAT.contains(&tail.as_str()) || TRAILING.contains(&tail.as_str());
        if cut == 0 || !strippable {
            break;
        }
        family = &family[..cut];
    }
    family.to_string()
}

/// The words of a model name's last path segment, lower case.
fn name_words(model: &str) -> Vec<String> {
    let base = model.trim_end_matches('/').rsplit('/').next().unwrap_or(model);
    base.split(['-', '_', '.']).map(str::to_ascii_lowercase).collect()
}

/// The first of a model name's words (`name_words`) in `set`, normalised.
fn name_word(words: &[String], set: &[&str]) -> Option<String> {
    words.iter().find(|w| set.contains(&w.as_str())).and_then(|w| normalise(w))
}

/// Normalised spelling of a precision word or flag value: `fp8` → `FP8`, `awq_marlin` →
/// `AWQ`, `bfloat16` → `BF16`; `None` for values that state nothing (`auto`, `hf`, `none`).
pub fn normalise(value: &str) -> Option<String> {
    let v = value.trim().to_ascii_lowercase().replace('_', "-");
    let named = match v.as_str() {
        "" | "auto" | "hf" | "none" | "null" | "false" => return None,
        "bfloat16" | "bf16" => "BF16",
        "float16" | "half" | "fp16" => "FP16",
        "float32" | "float" | "fp32" => "FP32",
        // ModelOpt's FP4 export; plain `modelopt` is its FP8 checkpoint format.
        v if v.contains("nvfp4") || v == "modelopt-fp4" => "NVFP4",
        "modelopt" => "FP8",
        v if v.contains("mxfp4") => "MXFP4",
        v if v.contains("awq") => "AWQ",
        v if v.contains("gptq") => "GPTQ",
        v if v.starts_with("w8a8") && v.contains("fp8") => "FP8",
        v if v.contains("fp8") => "FP8",
        v if v.starts_with("w8a8") => "W8A8",
        "w4a16" => "W4A16",
        "w4a8" => "W4A8",
        "w8a16" => "W8A16",
        "int4" => "INT4",
        "int8" | "experts-int8" => "INT8",
        "fp4" => "FP4",
        "gguf" => "GGUF",
        "bitsandbytes" | "bnb" => "BNB",
        other => return Some(other.to_ascii_uppercase()),
    };
    Some(named.to_string())
}

/// Serve flags that say how the weights are quantized. LMDeploy's `--quant-policy` is left
/// out on purpose: it quantizes the k/v cache.
fn is_quantization_flag(name: &str) -> bool {
    matches!(name, "--quantization" | "-q" | "--model-format")
}

fn is_dtype_flag(name: &str) -> bool {
    matches!(name, "--dtype")
}

/// A value that names a container format or a quantizing tool whose scheme lives in the
/// checkpoint (`compressed-tensors`; Ascend's `modelslim`, `ascend`): quantized, but the flag
/// alone does not say how.
fn is_container(value: &str) -> bool {
    matches!(value.to_ascii_lowercase().replace('_', "-").as_str(), "compressed-tensors" | "modelslim" | "ascend")
}

fn flag_value(params: &Params, pick: fn(&str) -> bool) -> Option<&str> {
    params.flags.iter().find(|f| pick(&f.name)).and_then(|f| f.value.as_deref())
}

/// What a run's precision is and where that comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Precision {
    pub value: String,
    /// `log`, `sidecar`, `metadata`, `flag`, `heading` (or `labelled-line`), `model-name` or
    /// `catalog`.
    pub from: &'static str,
}

/// The statements about one run that precision can come from.
#[derive(Clone, Copy, Debug, Default)]
pub struct Statements<'a> {
    /// What the benchmark tool printed (a `Quantization:` row).
    pub log: Option<&'a str>,
    /// The sidecar's `precision`.
    pub sidecar: Option<&'a str>,
    /// A client command's `--metadata precision=…` entry.
    pub metadata: Option<&'a str>,
    /// The heading of the run's section (`### FP4`).
    pub heading: Option<&'a str>,
    pub model: Option<&'a str>,
    /// The model's family as the name table spells it (`DeepSeekV3` → `DeepSeek-V3`); the
    /// model's own [`family`] when `None`.
    pub family: Option<&'a str>,
    pub params: Option<&'a Params>,
}

/// Resolves precision in the order given at the top of this module.
pub fn resolve(said: Statements<'_>, models: Option<&Catalog>) -> Option<Precision> {
    let found = |value: Option<String>, from| value.map(|value| Precision { value, from });
    if let Some(p) = found(said.log.and_then(normalise), "log") {
        return Some(p);
    }
    if let Some(p) = found(said.sidecar.and_then(normalise), "sidecar") {
        return Some(p);
    }
    if let Some(p) = found(said.metadata.and_then(normalise), "metadata") {
        return Some(p);
    }
    let words = said.model.map(name_words).unwrap_or_default();
    let name_word = |set: &[&str]| name_word(&words, set);
    let quant_flag = said.params.and_then(|p| flag_value(p, is_quantization_flag));
    match quant_flag {
        // The flag says "quantized" without saying how: the heading or the name can tell.
        Some(v) if is_container(v) => return found(said.heading.and_then(normalise), "heading").or_else(|| found(name_word(&QUANTIZED), "model-name")),
        Some(v) => {
            if let Some(p) = found(normalise(v), "flag") {
                return Some(p);
            }
        }
        None => {}
    }
    // A section's heading (`### FP4`) over a model named once for the whole page.
    if let Some(p) = found(said.heading.and_then(normalise), "heading") {
        return Some(p);
    }
    if let Some(p) = found(name_word(&QUANTIZED), "model-name") {
        return Some(p);
    }
    if let Some(p) = found(said.params.and_then(|p| flag_value(p, is_dtype_flag)).and_then(normalise), "flag") {
        return Some(p);
    }
    if let Some(p) = found(name_word(&FLOAT), "model-name") {
        return Some(p);
    }
    // The catalog may name the family either way.
    let own = said.model.map(family);
    let entry = models.and_then(|m| said.family.and_then(|f| m.get(f)).or_else(|| m.get(own.as_deref()?)))?;
    found(normalise(&entry.precision), "catalog")
}

/// Sets `family`, `precision` and `precision_from` of every run. The family is the model's
/// [`family`] spelled as the name table spells it (`DeepSeekV3` → `DeepSeek-V3`): runs of one
/// model written two ways stand side by side, while `model` keeps what the source wrote. A
/// `precision` already on the run was printed by the benchmark tool itself, or given by the
/// `--metadata` of the client command that ran it (see [`from_client_metadata`]).
///
/// A precision taken from the section's heading that another quantization word of the
/// model's name contradicts (`### FP4` over `Qwen/Qwen3-32B-FP8`, named once for the page) is
/// a `precision-differs` warning: the model may not be the one the section ran.
pub fn apply(runs: &mut [Run], sidecar: Option<&str>, models: Option<&Catalog>, names: &Names, sink: &mut crate::sink::Sink) {
    for run in runs {
        run.family = run.model.as_deref().map(|m| names.model(&family(m)));
        let stated = run.precision.take();
        let kind = run.source.context.get("precision").map(|c| c.kind.as_str());
        let (log, metadata, heading) = if from_client_metadata(run) {
            (None, stated, None)
        } else if matches!(kind, Some(crate::context::HEADING | crate::context::LABELLED_LINE)) {
            // The document's prose: a heading (`### FP8`) or a labelled line
            // (`**Precision**: FP16`), ranked alike.
            (None, None, stated)
        } else {
            (stated, None, None)
        };
        let said = Statements {
            log: log.as_deref(),
            sidecar,
            metadata: metadata.as_deref(),
            heading: heading.as_deref(),
            model: run.model.as_deref(),
            family: run.family.as_deref(),
            params: Some(&run.params),
        };
        let resolved = resolve(said, models);
        let labelled = kind == Some(crate::context::LABELLED_LINE);
        if let (Some(p), Some(model)) = (resolved.as_ref().filter(|p| p.from == "heading"), run.model.as_deref()) {
            if let Some(named) = name_word(&name_words(model), &QUANTIZED).filter(|n| *n != p.value) {
                let at = run.source.context.get("precision").map_or(0, |c| c.line);
                // What stated it: the section's heading or a labelled line (`**Precision**: FP16`).
                let what = if labelled { "labelled line" } else { "heading" };
                sink.warn(
                    "precision-differs",
                    run.source.line,
                    format!("the {what} at line {at} names {}, but the run's model {model} is a {named} checkpoint; the precision is taken from the {what}, and the model may not be the one this section ran.", p.value),
                )
                .value(if labelled { "from_line" } else { "heading_line" }, at)
                .run(&run.id);
            }
        }
        run.precision = resolved.as_ref().map(|p| p.value.clone());
        run.precision_from = resolved.map(|p| if labelled && p.from == "heading" { crate::context::LABELLED_LINE } else { p.from }.to_string());
    }
}

/// Whether a run's precision came from a client command's `--metadata` rather than from the
/// tool: both record context kind `metadata`, but a report's own metadata (trtllm-bench's
/// `engine.quantization`) lies inside the run's block, and the client command that ran a block
/// stands outside it.
fn from_client_metadata(run: &Run) -> bool {
    run.source
        .context
        .get("precision")
        .is_some_and(|c| c.kind == crate::context::METADATA && !(run.source.line..=run.source.end_line).contains(&c.line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models;
    use benchsite_model::Flag;

    /// `with FP8 KV cache` names the cache's type: a heading of it states no precision.
    #[test]
    fn a_kv_cache_type_is_no_precision() {
        let words = |t: &'static str| t.split_whitespace();
        assert_eq!(named_in_heading(words("B200 max-throughput for R1-0528 with FP8 KV cache")), None);
        assert_eq!(named_in_heading(words("H200 FP8 with FP16 kv-cache")).as_deref(), Some("FP8"));
        assert_eq!(named_in_heading(words("Llama FP8 results")).as_deref(), Some("FP8"));
    }

    #[test]
    fn family_drops_organisation_and_precision_suffix() {
        let cases = [
            ("Qwen/Qwen3-32B-FP8", "Qwen3-32B"),
            ("Qwen/Qwen3-32B", "Qwen3-32B"),
            ("Qwen/Qwen3-235B-A22B-FP8", "Qwen3-235B-A22B"),
            ("openai/gpt-oss-120b", "gpt-oss-120b"),
            ("Qwen3-8B-AWQ", "Qwen3-8B"),
            ("Qwen/Qwen3-30B-A3B-Instruct-2507-FP8", "Qwen3-30B-A3B-Instruct-2507"),
            ("Qwen/Qwen2.5-7B-Instruct-GPTQ-Int4", "Qwen2.5-7B-Instruct"),
            ("RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8-dynamic", "Meta-Llama-3.1-8B-Instruct"),
            ("RedHatAI/Qwen3-8B-quantized.w4a16", "Qwen3-8B"),
            ("nvidia/DeepSeek-R1-0528-NVFP4", "DeepSeek-R1-0528"),
            ("/models/Llama-3.1-8B/", "Llama-3.1-8B"),
            ("FP8", "FP8"),
        ];
        for (model, want) in cases {
            assert_eq!(family(model), want, "{model}");
        }
    }

    fn params(flags: &[(&str, &str)]) -> Params {
        Params {
            flags: flags.iter().map(|(n, v)| Flag { name: n.to_string(), value: Some(v.to_string()) }).collect(),
            ..Params::default()
        }
    }

    const CATALOG: &str = "[[model]]\nfamily = \"Qwen3-32B\"\nprecision = \"BF16\"\nparameters_billion = 32.8\nsource = \"https://huggingface.co/Qwen/Qwen3-32B\"\n\n[[model]]\nfamily = \"gpt-oss-120b\"\nprecision = \"MXFP4\"\nparameters_billion = 117\nactive_parameters_billion = 5.1\nsource = \"https://huggingface.co/openai/gpt-oss-120b\"\n";

    /// (model, serve flags, log row, sidecar) → (precision, from); `None` when nothing states it.
    #[test]
    fn precision_comes_from_the_most_explicit_statement() {
        let mut sink = crate::sink::Sink::new("models.toml");
        let catalog = models::parse(CATALOG, &mut sink);
        assert!(sink.findings.is_empty(), "{:?}", sink.findings);
        type Case<'a> = (Option<&'a str>, &'a [(&'a str, &'a str)], Option<&'a str>, Option<&'a str>, Option<(&'a str, &'a str)>);
        let cases: &[Case] = &[
            (Some("Qwen/Qwen3-32B"), &[], None, None, Some(("BF16", "catalog"))),
            (Some("Qwen/Qwen3-32B-FP8"), &[], None, None, Some(("FP8", "model-name"))),
            (Some("openai/gpt-oss-120b"), &[], None, None, Some(("MXFP4", "catalog"))),
            (Some("Qwen/Qwen3-8B"), &[], None, None, None),
            (None, &[], None, None, None),
            (Some("Qwen/Qwen3-32B"), &[("--quantization", "fp8")], None, None, Some(("FP8", "flag"))),
            (Some("Qwen/Qwen3-32B"), &[("--quantization", "awq_marlin")], None, None, Some(("AWQ", "flag"))),
            (Some("Qwen/Qwen3-32B"), &[("--model-format", "awq")], None, None, Some(("AWQ", "flag"))),
            (Some("Qwen/Qwen3-32B"), &[("--model-format", "hf")], None, None, Some(("BF16", "catalog"))),
            (Some("Qwen/Qwen3-32B"), &[("--dtype", "float16")], None, None, Some(("FP16", "flag"))),
            (Some("Qwen/Qwen3-32B"), &[("--dtype", "auto")], None, None, Some(("BF16", "catalog"))),
            (Some("Qwen/Qwen3-32B-FP8"), &[("--dtype", "bfloat16")], None, None, Some(("FP8", "model-name"))),
            (Some("Qwen/Qwen3-32B"), &[("--kv-cache-dtype", "fp8")], None, None, Some(("BF16", "catalog"))),
            (Some("Qwen/Qwen3-32B"), &[("--quant-policy", "8")], None, None, Some(("BF16", "catalog"))),
            (Some("x/Qwen3-8B-W8A8"), &[("--quantization", "compressed-tensors")], None, None, Some(("W8A8", "model-name"))),
            (Some("Qwen/Qwen3-32B"), &[("--quantization", "compressed-tensors")], None, None, None),
            (Some("/models/Kimi-K2.6-w4a8"), &[("--quantization", "modelslim")], None, None, Some(("W4A8", "model-name"))),
            (Some("Qwen/Qwen3-32B"), &[("--quantization", "modelopt_fp4")], None, None, Some(("NVFP4", "flag"))),
            (Some("Qwen/Qwen3-32B"), &[("--quantization", "w8a8_int8")], None, None, Some(("W8A8", "flag"))),
            (Some("Qwen3-8B-AWQ"), &[], None, None, Some(("AWQ", "model-name"))),
            (Some("meta-llama/Llama-3.1-8B"), &[], Some("FP8"), None, Some(("FP8", "log"))),
            (Some("Qwen/Qwen3-32B"), &[], None, Some("fp8"), Some(("FP8", "sidecar"))),
            (Some("Qwen/Qwen3-32B-BF16"), &[], None, None, Some(("BF16", "model-name"))),
            (Some("nvidia/DeepSeek-R1-0528-NVFP4"), &[], None, None, Some(("NVFP4", "model-name"))),
        ];
        for (model, flags, log, sidecar, want) in cases {
            let p = params(flags);
            let said = Statements { log: *log, sidecar: *sidecar, model: *model, params: Some(&p), ..Statements::default() };
            let got = resolve(said, Some(&catalog));
            let got = got.as_ref().map(|p| (p.value.as_str(), p.from));
            assert_eq!(got, *want, "{model:?} {flags:?} log={log:?} sidecar={sidecar:?}");
        }
    }

    /// A client's `--metadata precision=…` ranks after the sidecar and before every flag and name.
    #[test]
    fn client_metadata_ranks_after_the_sidecar() {
        let p = params(&[("--quantization", "awq")]);
        let said = |sidecar| Statements { sidecar, metadata: Some("bf16"), model: Some("x/Qwen3-8B-FP8"), params: Some(&p), ..Statements::default() };
        assert_eq!(resolve(said(None), None), Some(Precision { value: "BF16".into(), from: "metadata" }));
        assert_eq!(resolve(said(Some("fp8")), None), Some(Precision { value: "FP8".into(), from: "sidecar" }));
    }

    #[test]
    fn without_a_catalog_only_flags_and_names_count() {
        let said = Statements { model: Some("Qwen/Qwen3-32B"), ..Statements::default() };
        assert_eq!(resolve(said, None), None);
    }

    #[test]
    fn apply_sets_family_and_marks_the_source() {
        let labels = benchsite_model::Labels { model: Some("Qwen/Qwen3-32B-FP8".into()), ..Default::default() };
        let mut runs = vec![Run { labels: labels.into(), ..Run::default() }, Run::default()];
        let mut sink = crate::sink::Sink::new("x");
        apply(&mut runs, None, None, Names::builtin(), &mut sink);
        assert!(sink.findings.is_empty());
        assert_eq!(runs[0].family.as_deref(), Some("Qwen3-32B"));
        assert_eq!((runs[0].precision.as_deref(), runs[0].precision_from.as_deref()), (Some("FP8"), Some("model-name")));
        assert_eq!((runs[1].family.as_ref(), runs[1].precision.as_ref(), runs[1].precision_from.as_ref()), (None, None, None));
    }
}
