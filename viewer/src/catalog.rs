//! What the explorer reads of the parameter catalog (`data/parameters.txt`, written with
//! `data/parameters.json`): per flag its framework, spellings, concept and meaning, and per
//! default rule whether a memory-fraction formula computes it; per GPU its names and memory.
//! That is all the explorer's panels ask the catalog (`find`, `approx`, `gpu`); resolving a
//! reader's runs needs the whole catalog and happens in the log parser's worker.
//!
//! Every line is `key\tfield\tfield…`, text escaped as in [`crate::columns`].

use benchsite_model::gpu::Gpu;
use benchsite_model::tuning::{Catalog, DefaultRule, Formula, Param, Step, Text};
use crate::columns::{esc, unesc};
use std::fmt::Write as _;

const KIND: &str = "benchsite-parameters";
const SCHEMA: &str = "1";

/// Whether a rule's value is a memory fraction computed from the GPU's memory.
fn fraction(rule: &DefaultRule) -> bool {
    rule.formula.as_ref().is_some_and(|f| f.steps.iter().any(|s| s.reserve_gib.is_some()))
}

/// `param\tframework\tflag\tconcept\tmeaning zh\tmeaning en\trules\talias…` (rules: one
/// `1` or `0` per default rule, whether it computes a fraction; concept `+id` or empty), and
/// `gpu\tname\tmemory MiB\tmemory GiB,…\talias…` for the GPU table the rules read.
pub fn write(catalog: &Catalog) -> String {
    let mut out = format!("{KIND}\t{SCHEMA}\n");
    for p in &catalog.params {
        let rules: String = p.defaults.iter().map(|r| if fraction(r) { '1' } else { '0' }).collect();
        let concept = p.concept.as_deref().map_or_else(String::new, |c| format!("+{}", esc(c)));
        let _ = write!(out, "param\t{}\t{}\t{concept}\t{}\t{}\t{rules}", esc(&p.framework), esc(&p.flag), esc(&p.meaning.zh), esc(&p.meaning.en));
        p.aliases.iter().for_each(|a| {
            let _ = write!(out, "\t{}", esc(a));
        });
        out.push('\n');
    }
    for g in catalog.gpu_table() {
        let gib: Vec<String> = g.memory_gib.iter().map(f64::to_string).collect();
        let _ = write!(out, "gpu\t{}\t{}\t{}", esc(&g.name), g.memory_mib.map_or_else(String::new, |m| m.to_string()), gib.join(","));
        g.aliases.iter().for_each(|a| {
            let _ = write!(out, "\t{}", esc(a));
        });
        out.push('\n');
    }
    out
}

/// The catalog as far as the explorer reads it: a fraction rule carries a formula of one
/// step with a reserve (its only use here is to say so).
pub fn read(text: &str) -> Result<Catalog, String> {
    let mut lines = text.lines();
    let mut head = lines.next().unwrap_or("").split('\t');
    if head.next() != Some(KIND) || head.next() != Some(SCHEMA) {
        return Err("not the parameter catalog this viewer reads (rebuild the site with one benchsite version)".into());
    }
    let number = |s: &str| benchsite_model::number::parse_f64(s).ok_or_else(|| format!("parameters: bad number “{s}”"));
    let mut catalog = Catalog::default();
    for line in lines {
        let mut f = line.split('\t');
        match f.next() {
            Some("param") => {
                let mut next = || unesc(f.next().unwrap_or(""));
                let (framework, flag, concept, zh, en, rules) = (next(), next(), next(), next(), next(), next());
                let fraction = || Formula { steps: vec![Step { reserve_gib: Some(0.0), ..Step::default() }] };
                let defaults = rules.chars().map(|c| DefaultRule { formula: (c == '1').then(fraction), ..DefaultRule::default() }).collect();
                let concept = concept.strip_prefix('+').map(str::to_string);
                catalog.params.push(Param { framework, flag, concept, meaning: Text { zh, en }, defaults, aliases: f.map(unesc).collect(), ..Param::default() });
            }
            Some("gpu") => {
                let name = unesc(f.next().unwrap_or(""));
                let memory_mib = match f.next().unwrap_or("") {
                    "" => None,
                    m => Some(number(m)?),
                };
                let memory_gib = f.next().unwrap_or("").split(',').filter(|g| !g.is_empty()).map(number).collect::<Result<_, _>>()?;
                catalog.gpus.push(Gpu { name, memory_mib, memory_gib, aliases: f.map(unesc).collect(), ..Gpu::default() });
            }
            _ => {}
        }
    }
    Ok(catalog)
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchsite_model::tuning::{Effective, Origin};

    /// The explorer's answers (`find`, `approx`, `gpu`) from the text equal the whole
    /// catalog's, for every flag, rule and GPU of the content's catalog.
    #[test]
    fn the_content_catalog_answers_the_same_read_back() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("content/tuning");
        let mut full: Catalog = toml::from_str(&std::fs::read_to_string(root.join("parameters.toml")).unwrap()).unwrap();
        if let Ok(gpus) = std::fs::read_to_string(root.join("gpus.toml")) {
            full.gpus = toml::from_str::<benchsite_model::gpu::GpuTable>(&gpus).unwrap().gpus;
        }
        assert!(full.params.len() > 10 && full.params.iter().any(|p| p.defaults.iter().any(fraction)));
        let lite = read(&write(&full)).unwrap();
        let mut gpus: Vec<Option<&str>> = full.gpu_table().iter().map(|g| Some(g.name.as_str())).collect();
        gpus.extend([None, Some("Unlisted GPU"), Some("h800")]);
        for p in &full.params {
            for spelling in std::iter::once(&p.flag).chain(&p.aliases) {
                let (a, b) = (full.find(&p.framework, spelling).unwrap(), lite.find(&p.framework, spelling).unwrap());
                assert_eq!((&a.framework, &a.flag, &a.concept, &a.meaning), (&b.framework, &b.flag, &b.concept, &b.meaning));
            }
            for rule in 0..=p.defaults.len() {
                let e = Effective { flag: p.flag.as_str().into(), value: None, origin: Origin::Default, concept: None, rule: Some(rule) };
                for gpu in &gpus {
                    assert_eq!(full.approx(&p.framework, &e, *gpu), lite.approx(&p.framework, &e, *gpu), "{} {} rule {rule} on {gpu:?}", p.framework, p.flag);
                }
            }
        }
        for gpu in gpus.iter().flatten() {
            assert_eq!(full.gpu(gpu).memories(), lite.gpu(gpu).memories(), "{gpu}");
        }
        assert_eq!(full.params.iter().map(|p| (&p.framework, &p.flag)).collect::<Vec<_>>(), lite.params.iter().map(|p| (&p.framework, &p.flag)).collect::<Vec<_>>());
    }

    #[test]
    fn text_with_tabs_and_another_file_are_handled() {
        let mut c = Catalog::default();
        c.params.push(Param { framework: "vllm".into(), flag: "--x".into(), meaning: Text { zh: "a\tb\\n".into(), en: "line\nnext".into() }, aliases: vec!["-x".into()], ..Param::default() });
        let back = read(&write(&c)).unwrap();
        assert_eq!((&back.params[0].meaning, &back.params[0].aliases), (&c.params[0].meaning, &c.params[0].aliases));
        assert!(read("{\"param\": []}").unwrap_err().contains("rebuild"));
    }
}
