//! How values read in charts and tables, shared by the explorer and the generator's SVG
//! charts: framework names as their projects write them, "not stated" in the page's
//! language instead of `?`, and short workload labels that never merge two workloads.

use crate::store::UNKNOWN;
use benchsite_model::number::{fixed, shortest};

/// The beginnings of the UI-string keys the explorer composes at run time (`viewer.dim.` and a
/// dimension's key, `finding.` and a finding's code), every other key being looked up as
/// written. The build reads which keys the explorer's core module can show from the module
/// itself (`generator/src/site/viewer_strings.rs`): a key looked up as written is a string
/// in its data, a composed one only its beginning, listed here.
pub const COMPOSED_KEYS: &[&str] = &["viewer.dim.", "viewer.chart.", "viewer.m.", "viewer.stat.", "viewer.differ.", "viewer.axis.", "verdict.", "origin.", "finding."];

/// `LMDeploy`, `vLLM`, `SGLang`, `TensorRT-LLM`; other names as given.
pub fn framework_name(fw: &str) -> &str {
    match fw {
        "lmdeploy" => "LMDeploy",
        "vllm" => "vLLM",
        "sglang" => "SGLang",
        "trtllm" | "tensorrt-llm" => "TensorRT-LLM",
        other => other,
    }
}

/// A value or label as a reader sees it: a leading framework name written as its project
/// writes it, and every `?` (alone, or after `=` or `×`) replaced by `unknown`.
pub fn display(text: &str, unknown: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (n, token) in text.split(' ').enumerate() {
        if n > 0 {
            out.push(' ');
        }
        let token = if n == 0 { framework_name(token) } else { token };
        match token.strip_suffix(UNKNOWN) {
            Some(head) if head.is_empty() || head.ends_with('=') || head.ends_with('×') => {
                out.push_str(head);
                out.push_str(unknown);
            }
            _ => out.push_str(token),
        }
    }
    out
}

/// Token counts shortened where exact: `1024` → `1k`, `2048` → `2k`, `6000` → `6k`; other
/// numbers stay as they are.
pub fn short_count(n: &str) -> String {
    match n.parse::<u64>() {
        Ok(v) if v >= 1024 && v % 1024 == 0 => format!("{}k", v / 1024),
        Ok(v) if v >= 1000 && v % 1000 == 0 => format!("{}k", v / 1000),
        _ => n.to_string(),
    }
}

/// `random 1024/1024` → `random 1k/1k`. Two workloads can shorten alike (`1000/1000` and
/// `1024/1024`); a chart checks for that and keeps the full labels then.
pub fn short_workload(workload: &str) -> String {
    workload
        .split(' ')
        .map(|part| match part.split_once('/') {
            Some((i, o)) if i.parse::<u64>().is_ok() => format!("{}/{}", short_count(i), short_count(o)),
            _ => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `template` with each `{key}` replaced by its value, in one pass: a value is never read
/// again, so a file named `x{runs}.log` stays `x{runs}.log`. Unknown keys stay as written.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').map(|close| (&after[..close], close)).and_then(|(key, close)| Some((values.iter().find(|(k, _)| *k == key)?.1, close))) {
            Some((value, close)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` cut to `max` characters with an ellipsis.
pub fn fit(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        text.chars().take(max.saturating_sub(1)).chain(std::iter::once('…')).collect()
    }
}

/// Axis ticks: 1.2k, 35k, 1.5M; small values with up to 3 decimals.
pub fn axis_tick(v: f64) -> String {
    let a = v.abs();
    if a >= 1e6 {
        format!("{}M", fixed(v / 1e6, 1))
    } else if a >= 1e4 {
        format!("{}k", fixed(v / 1e3, 0))
    } else if a >= 1e3 {
        format!("{}k", fixed(v / 1e3, 1))
    } else if a >= 10.0 || a == 0.0 {
        fixed(v, 0)
    } else {
        shortest((v * 1000.0).round() / 1000.0)
    }
}

/// A metric's name in the reader's language from its key (`ttft.p99` → "TTFT P99 (ms)"):
/// `tr` looks up UI strings (`viewer.m.<family>`, `viewer.stat.<stat>`, `viewer.unit.ms`);
/// `ms` says whether to name the unit.
pub fn metric_label(key: &str, ms: bool, tr: &dyn Fn(&str) -> String) -> String {
    let (family, stat) = key.split_once('.').unwrap_or((key, ""));
    let name = tr(&format!("viewer.m.{family}"));
    let stat = match stat {
        "" => String::new(),
        // ASCII, as every statistic name is (Unicode upper case would add its tables to the wasm).
        s if s.starts_with('p') => format!(" {}", s.to_ascii_uppercase()),
        s => format!(" {}", tr(&format!("viewer.stat.{s}"))),
    };
    if ms {
        format!("{name}{stat} ({})", tr("viewer.unit.ms"))
    } else {
        format!("{name}{stat}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key the viewer's code composes (a `format!` handed to `tr` or `t.get`) begins with
    /// an entry of `COMPOSED_KEYS`, and every entry is used: a composed key missing from the
    /// list would leave its strings out of the explore page, and the core module would show
    /// the key.
    #[test]
    fn every_composed_key_begins_as_listed() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut used = std::collections::BTreeSet::new();
        let mut files = vec![src.clone()];
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for call in ["tr(&format!(\"", "t.get(&format!(\""] {
                // `tr(` itself, not the end of `push_str(`.
                let calls = text.match_indices(call).filter(|(at, _)| !text[..*at].ends_with(|c: char| c.is_alphanumeric() || c == '_'));
                for (at, _) in calls {
                    let literal = &text[at + call.len()..];
                    let prefix = &literal[..literal.find(['{', '"']).unwrap()];
                    assert!(COMPOSED_KEYS.contains(&prefix), "{}: the key `{prefix}…` is composed but not in COMPOSED_KEYS", path.display());
                    used.insert(prefix.to_string());
                }
            }
        }
        for key in COMPOSED_KEYS {
            assert!(used.contains(*key), "COMPOSED_KEYS lists `{key}`, which no code composes");
        }
    }

    #[test]
    fn unknowns_read_as_not_stated_and_frameworks_by_their_names() {
        let cases = [
            ("lmdeploy 0.10.0 · H800", "LMDeploy 0.10.0 · H800"),
            ("vllm ? · ?", "vLLM not stated · not stated"),
            ("n=? · rate=inf", "n=not stated · rate=inf"),
            ("×?", "×not stated"),
            ("?", "not stated"),
            ("what?", "what?"),
        ];
        for (raw, shown) in cases {
            assert_eq!(display(raw, "not stated"), shown, "{raw}");
        }
    }

    #[test]
    fn workloads_shorten_only_exact_thousands() {
        assert_eq!(short_workload("random 1024/1024"), "random 1k/1k");
        assert_eq!(short_workload("random 2000/6000 r=0.5"), "random 2k/6k r=0.5");
        assert_eq!(short_workload("random 1500/–"), "random 1500/–");
        assert_eq!(short_workload("sharegpt"), "sharegpt");
        assert_eq!(fit("Qwen3-235B-A22B", 8), "Qwen3-2…");
    }

    #[test]
    fn fill_never_reads_a_value_twice() {
        let t = "{file}: {runs} runs added ({findings} findings)";
        assert_eq!(fill(t, &[("file", "x{runs}.log"), ("runs", "1"), ("findings", "0")]), "x{runs}.log: 1 runs added (0 findings)");
        assert_eq!(fill("{a}{b} {c} {", &[("a", "{b}"), ("b", "2")]), "{b}2 {c} {");
        assert_eq!(fill("显示 {shown} / {total}", &[("shown", "4"), ("total", "167")]), "显示 4 / 167");
    }

    #[test]
    fn axis_ticks_are_short() {
        let cases = [(0.0, "0"), (2.5, "2.5"), (0.125, "0.125"), (250.0, "250"), (1200.0, "1.2k"), (35000.0, "35k"), (1_500_000.0, "1.5M")];
        for (v, text) in cases {
            assert_eq!(axis_tick(v), text, "{v}");
        }
    }
}
