//! One name table users can extend (`content/names.toml`): the canonical name of every
//! framework, GPU and model family spelling (`SGLang` → `sglang`, `NVIDIA A100 80GB PCIe` →
//! `A100`, `DeepSeekV3` → `DeepSeek-V3`), applied to every framework or GPU name that comes
//! from content and to every run's model family (its model stays as written). The generator reads the
//! file through its one reader and hands its text over (no I/O here); a content folder
//! without one, and the browser, use the built-in copy of `content/names.toml`.
//!
//! ```toml
//! [gpu]
//! A100 = ["A100-80G", "NVIDIA A100 80GB PCIe"]
//! ```

use crate::sink::{FindingExt, Sink};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Where the table lives in the content folder.
pub const PATH: &str = "names.toml";

/// The built-in copy, used when the content has no table.
pub const BUILTIN_TOML: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/names.toml"));

/// Canonical framework, GPU and model family names by their spellings (folded: lower case,
/// no spaces, `-` or `_`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Names {
    framework: HashMap<String, String>,
    gpu: HashMap<String, String>,
    model: HashMap<String, String>,
}

impl Names {
    /// The built-in table (`content/names.toml` as shipped).
    pub fn builtin() -> &'static Names {
        static BUILTIN: OnceLock<Names> = OnceLock::new();
        BUILTIN.get_or_init(|| parse(BUILTIN_TOML, &mut Sink::new(PATH)))
    }

    /// The canonical framework for `name`, or `name` as written when the table has none.
    pub fn framework(&self, name: &str) -> String {
        lookup(&self.framework, name)
    }

    /// The canonical framework for `name` when the table knows it (`HuggingFace` →
    /// `transformers`); `None` for a name it lacks.
    pub fn known_framework(&self, name: &str) -> Option<String> {
        self.framework.get(&fold(name)).cloned()
    }

    /// The canonical GPU for `name`: as the table spells it, also when the name as written
    /// adds the memory or form factor the table's spellings leave out (`A100-40G-SXM`,
    /// `H100-SXM5-80GB` → what `A100`, `H100` are under); else `name` as written.
    pub fn gpu(&self, name: &str) -> String {
        if let Some(found) = self.gpu.get(&fold(name)) {
            return found.clone();
        }
        let suffix = |part: &str| {
            let p = part.to_ascii_lowercase();
            let memory = p.trim_end_matches('b').strip_suffix('g').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            memory || p.strip_prefix("sxm").is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit())) || p == "pcie" || p.starts_with("hbm")
        };
        let mut base = name.trim();
        while let Some((head, _)) = base.rsplit_once(['-', ' ']).filter(|(h, l)| !h.is_empty() && suffix(l)) {
            base = head.trim_end();
        }
        let shorter = base.len() < name.trim().len();
        shorter.then(|| self.gpu.get(&fold(base)).cloned()).flatten().unwrap_or_else(|| name.trim().to_string())
    }

    /// The canonical GPU a table cell or heading names when the table knows it: as written,
    /// or without a memory size in brackets (`3090(24G)`, `2080ti（22G）`) and a vendor word
    /// before it (`Nvidia`, `NVIDIA GeForce`, `AMD`). `None` for a name the table lacks.
    pub fn known_gpu(&self, text: &str) -> Option<String> {
        let mut name = text.trim();
        if let Some(open) = name.find(['(', '（']) {
            let inside = name[open..].trim_start_matches(['(', '（']).trim_end_matches([')', '）']).trim();
            let memory = inside.trim_end_matches(['B', 'b']).trim_end_matches(['G', 'g']).trim_end();
            if !memory.is_empty() && memory.bytes().all(|b| b.is_ascii_digit()) && name.ends_with([')', '）']) {
                name = name[..open].trim_end();
            }
        }
        let found = |n: &str| self.gpu.get(&fold(n)).cloned();
        found(name).or_else(|| {
            let mut rest = name;
            for vendor in ["nvidia", "geforce", "amd", "instinct", "radeon"] {
                if rest.len() > vendor.len() && rest.is_char_boundary(vendor.len()) && rest[..vendor.len()].eq_ignore_ascii_case(vendor) {
                    rest = rest[vendor.len()..].trim_start();
                }
            }
            (rest.len() < name.len()).then(|| found(rest)).flatten()
        })
    }

    /// The canonical model family for `family` (`DeepSeekV3` → `DeepSeek-V3`), or `family`
    /// as written when the table has none.
    pub fn model(&self, family: &str) -> String {
        lookup(&self.model, family)
    }

    pub fn is_empty(&self) -> bool {
        self.framework.is_empty() && self.gpu.is_empty() && self.model.is_empty()
    }
}

fn lookup(table: &HashMap<String, String>, name: &str) -> String {
    table.get(&fold(name)).cloned().unwrap_or_else(|| name.trim().to_string())
}

fn fold(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase).collect()
}

fn line_at(text: &str, offset: usize) -> u32 {
    text[..offset.min(text.len())].matches('\n').count() as u32 + 1
}

/// Parses the table; invalid TOML is an error naming its line (and no table), a bad entry a
/// warning (the rest is kept).
pub fn parse(text: &str, sink: &mut Sink) -> Names {
    let doc: toml::Spanned<toml::Table> = match toml::from_str(text) {
        Ok(d) => d,
        Err(e) => {
            let line = e.span().map_or(0, |s| line_at(text, s.start));
            sink.error(
                "names-invalid",
                line,
                format!(
                    "the name table is not valid TOML ({}); it was ignored and the built-in names apply. Fix the syntax: \
                     `[gpu]` then lines like `A100 = [\"A100-80G\"]`.",
                    e.message().trim()
                ),
            );
            return Names::default();
        }
    };
    let mut names = Names::default();
    for (kind, value) in doc.get_ref() {
        let line = find_line(text, &format!("[{kind}]"));
        let slot = match kind.as_str() {
            "framework" => &mut names.framework,
            "gpu" => &mut names.gpu,
            "model" => &mut names.model,
            _ => {
                sink.warn("names-entry-invalid", line, format!("`[{kind}]` is not a table of the name table and was ignored; known: [framework], [gpu], [model]."))
                    .value("key", kind);
                continue;
            }
        };
        let Some(table) = value.as_table() else {
            sink.warn("names-entry-invalid", line, format!("`{kind}` must be a table (`[{kind}]`); it was ignored."));
            continue;
        };
        for (canonical, spellings) in table {
            let line = find_line(text, canonical);
            let Some(list) = spellings.as_array() else {
                sink.warn("names-entry-invalid", line, format!("`{canonical}` must list its spellings (`{canonical} = [\"...\"]`); it was ignored."))
                    .value("name", canonical);
                continue;
            };
            let mut add = |spelling: &str, sink: &mut Sink| match slot.get(&fold(spelling)) {
                Some(other) if other != canonical => {
                    sink.warn(
                        "names-entry-invalid",
                        line,
                        format!("`{spelling}` is already a spelling of `{other}`; it stays `{other}`. Keep each spelling in one list."),
                    )
                    .value("spelling", spelling);
                }
                _ => {
                    slot.insert(fold(spelling), canonical.clone());
                }
            };
            add(canonical, sink);
            for s in list {
                match s.as_str() {
                    Some(s) if !s.trim().is_empty() => add(s, sink),
                    _ => {
                        sink.warn("names-entry-invalid", line, format!("a spelling of `{canonical}` is not a text; it was ignored."))
                            .value("name", canonical);
                    }
                }
            }
        }
    }
    names
}

/// The line a key or header is written on (1 when it cannot be found).
fn find_line(text: &str, key: &str) -> u32 {
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            l.starts_with(key) || l.trim_start_matches('"').starts_with(key)
        })
        .map_or(1, |i| i as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gpu_written_with_its_memory_or_form_factor_is_the_tables_gpu() {
        let names = Names::builtin();
        assert_eq!(names.gpu("A100-40G-SXM"), "A100");
        assert_eq!(names.gpu("H100-SXM5-80GB"), "H100");
        assert_eq!(names.gpu("H20-96GB"), "H20");
        // A variant the table keeps apart, or a name it lacks, stays as written.
        assert_eq!(names.gpu("H100 NVL"), "H100 NVL");
        assert_eq!(names.gpu("Foo-80G"), "Foo-80G");
    }

    #[test]
    fn builtin_table_maps_the_usual_spellings() {
        let n = Names::builtin();
        assert!(!n.is_empty());
        for (spelling, want) in [("A100-80G", "A100"), ("A100-SXM4-80GB", "A100"), ("NVIDIA A100 80GB PCIe", "A100"), ("h200", "H200"), ("MI300X", "MI300X"), ("910B3", "910B3"), ("H800", "H800")] {
            assert_eq!(n.gpu(spelling), want, "{spelling}");
        }
        for (spelling, want) in [("SGLang", "sglang"), ("sglang", "sglang"), ("TensorRT-LLM", "trtllm"), ("trtllm", "trtllm"), ("vLLM", "vllm")] {
            assert_eq!(n.framework(spelling), want, "{spelling}");
        }
        assert_eq!(n.gpu("RTX 4090"), "RTX 4090");
        // LMDeploy's docs write `DeepSeekV3`; its checkpoints `DeepSeek-V3`, `DeepSeek-V3-0324`.
        for spelling in ["DeepSeekV3", "deepseekv3", "deepseek_v3", "DeepSeek-V3", "DeepSeek-V3-0324"] {
            assert_eq!(n.model(spelling), "DeepSeek-V3", "{spelling}");
        }
        assert_eq!(n.model("DeepSeek-R1"), "DeepSeek-R1");
    }

    /// Consumer and data-centre GPUs as tables write them, with vendor and memory.
    #[test]
    fn known_gpus_are_found_without_vendor_and_memory() {
        let n = Names::builtin();
        let cases = [
            ("Nvidia 2080ti（22G）", Some("RTX 2080 Ti")),
            ("Nvidia 3090（24G）", Some("RTX 3090")),
            ("3090(24G)", Some("RTX 3090")),
            ("RTX 4090", Some("RTX 4090")),
            ("NVIDIA GeForce RTX 4090", Some("RTX 4090")),
            ("L40S", Some("L40S")),
            ("A10", Some("A10")),
            ("T4", Some("T4")),
            ("910B3", Some("910B3")),
            ("MI250", Some("MI250")),
            ("AMD Instinct MI250X", Some("MI250X")),
            ("MacBook Pro M1 Pro", None),
            ("Groq Cloud", None),
            ("3090 (two cards)", None),
        ];
        for (text, want) in cases {
            assert_eq!(n.known_gpu(text).as_deref(), want, "{text}");
        }
        // A user's table extends it.
        let mut sink = Sink::new(PATH);
        let own = parse("[gpu]\n\"Arc A770\" = [\"A770\", \"Intel Arc A770 16GB\"]\n", &mut sink);
        assert_eq!(own.known_gpu("Intel A770 (16G)"), None);
        assert_eq!(own.known_gpu("A770 (16G)").as_deref(), Some("Arc A770"));
    }

    #[test]
    fn builtin_table_has_no_findings() {
        let mut sink = Sink::new(PATH);
        parse(BUILTIN_TOML, &mut sink);
        assert!(sink.findings.is_empty(), "{:?}", sink.findings);
    }

    #[test]
    fn bad_toml_is_an_error_with_its_line_and_bad_entries_warnings() {
        let mut sink = Sink::new(PATH);
        assert!(parse("[gpu]\nA100 = [\"A100-80G\"\n", &mut sink).is_empty());
        assert_eq!((sink.findings[0].code.as_str(), sink.findings[0].line), ("names-invalid", 3));
        let mut sink = Sink::new(PATH);
        let n = parse("[gpu]\nA100 = [\"x1\"]\nH100 = \"H100-SXM\"\nB = [\"x1\"]\n[colours]\na = 1\n", &mut sink);
        assert_eq!(n.gpu("X1"), "A100");
        let found: Vec<(&str, u32)> = sink.findings.iter().map(|f| (f.code.as_str(), f.line)).collect();
        assert_eq!(found, vec![("names-entry-invalid", 5), ("names-entry-invalid", 4), ("names-entry-invalid", 3)]);
    }
}
