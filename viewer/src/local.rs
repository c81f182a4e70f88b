//! A reader's runs (a log added in the page), handed from the log parser's worker to the
//! explorer in the explorer's own format: the worker parses the file, fills in what the
//! reader stated, derives and resolves the effective parameters with the whole catalog, and
//! writes the runs as explorer data of one shard ([`bundle`]); the explorer reads them as
//! it reads the site's ([`read`]), so it carries no JSON reader and no catalog resolution.

use crate::columns::{self, Details, Index, Part};
use benchsite_model::tuning::Catalog;
use benchsite_model::{Finding, Run};

const KIND: &str = "benchsite-local";

/// What the reader stated about an added file, as the form has it (`framework\tversion\tGPU\tGPU count`,
/// each trimmed, empty when not stated): it fills in what the log is silent on.
pub fn stated(framework: &str, version: &str, gpu: &str, gpus: &str) -> String {
    [framework, version, gpu, gpus].map(|s| s.trim().replace('\t', " ")).join("\t")
}

/// The runs of one parsed file as the explorer's data: ids `local:<id>`, each run's own
/// findings, what the reader `stated` where the log is silent, derived values and
/// effective parameters. `KIND`, the index's and the shard's lengths, then both and the
/// shard's details.
pub fn bundle(mut runs: Vec<Run>, findings: &[Finding], stated: &str, catalog: &Catalog) -> String {
    let mut s = stated.split('\t').map(str::trim).map(|v| (!v.is_empty()).then(|| v.to_string()));
    let mut next = || s.next().flatten();
    let (fw, ver, gpu, gpus) = (next().map(|f| crate::filter::lowercase(&f)), next().map(|v| v.trim_start_matches('v').to_string()), next(), next().and_then(|n| n.parse::<u32>().ok()).filter(|&n| n > 0));
    for r in &mut runs {
        r.findings = findings.iter().enumerate().filter(|(_, f)| f.runs.contains(&r.id)).map(|(k, _)| k).collect();
        r.id = format!("local:{}", r.id).into();
        r.framework = r.framework.take().or_else(|| fw.clone());
        r.framework_version = r.framework_version.take().or_else(|| ver.clone());
        r.gpu = r.gpu.take().or_else(|| gpu.clone());
        r.gpu_count = r.gpu_count.or(gpus);
        r.derive();
    }
    catalog.apply(&mut runs);
    let files = columns::write(&runs, findings, usize::MAX);
    let (shard, details) = (files.shards.concat(), files.details.concat());
    format!("{KIND}\t{}\t{}\n{}{shard}{details}", files.index.len(), shard.len(), files.index)
}

/// A reader's runs as read: the index (values, findings), the runs, and the details of
/// each run that has some (by position).
#[derive(Debug)]
pub struct Local {
    pub index: Index,
    pub part: Part,
    pub details: Details,
}

pub fn read(text: &str) -> Result<Local, String> {
    let bad = || "the log parser's output could not be read (reload the page)".to_string();
    let (head, body) = text.split_once('\n').ok_or_else(bad)?;
    let mut head = head.split('\t');
    if head.next() != Some(KIND) {
        return Err(bad());
    }
    let mut len = || head.next().and_then(|n| n.parse::<usize>().ok()).ok_or_else(bad);
    let (a, b) = (len()?, len()?);
    let (index, shard, details) = (body.get(..a).ok_or_else(bad)?, body.get(a..a + b).ok_or_else(bad)?, body.get(a + b..).ok_or_else(bad)?);
    let index = columns::read_index(index)?;
    // A file with findings and no run has no shard to read.
    let part = if index.runs == 0 { Part::default() } else { columns::read_shard(&index, 0, shard)? };
    let details = if index.runs == 0 { Vec::new() } else { columns::read_details(details)? };
    Ok(Local { index, part, details })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    /// The runs read back are those the explorer built from the runs themselves: ids,
    /// stated values, findings, metrics.
    #[test]
    fn a_bundle_reads_back_as_the_store_of_its_runs() {
        let mut runs = vec![Run::default(), Run::default()];
        for (i, r) in runs.iter_mut().enumerate() {
            r.id = format!("local/a.log#L{}", i + 1).into();
            r.source.path = "local/a.log".into();
            r.source.line = i as u32 + 1;
            r.metrics.output_throughput = Some(100.0 + i as f64);
        }
        runs[1].framework = Some("sglang".into());
        let findings = vec![Finding { runs: vec!["local/a.log#L2".into()], ..Finding::new(benchsite_model::Severity::Warning, "unit-unknown", "local/a.log", 2, "m") }];
        let text = bundle(runs.clone(), &findings, &stated(" vLLM ", "v0.10.1", "H800", "8"), &Catalog::default());
        let local = read(&text).unwrap();
        let got = columns::assemble(&local.index, &[&local.part]);
        assert_eq!(got.ids, ["local:local/a.log#L1", "local:local/a.log#L2"]);
        let fw: Vec<&str> = (0..2).map(|i| got.value(crate::store::Dim::Framework, i)).collect();
        assert_eq!(fw, ["vllm", "sglang"], "stated where the log is silent only");
        assert_eq!((got.value(crate::store::Dim::Version, 0), got.value(crate::store::Dim::Gpu, 0)), ("vllm 0.10.1", "H800"));
        assert_eq!(got.findings, [vec![], vec![0]]);
        assert_eq!(local.index.findings[0].code, "unit-unknown");
        let want = Store::new(&runs, vec![false; 2]);
        assert_eq!(got.metric("out_tps").unwrap().values, want.metric("out_tps").unwrap().values);
        assert_eq!(got.metric("out_tps_gpu").unwrap().values, [12.5, 12.625], "derived with the stated GPU count");
    }

    /// A reader's run gets its effective parameters from the catalog, and they reach the
    /// selected-run panel's details.
    #[test]
    fn effective_parameters_are_resolved_with_the_catalog() {
        let catalog: Catalog = sglang_catalog();
        let mut run = Run { id: "local/s.log#L1".into(), ..Run::default() };
        run.source.path = "local/s.log".into();
        run.source.line = 1;
        run.metrics.output_throughput = Some(1.0);
        run.params.command = Some("python3 -m sglang.launch_server --tp 2".into());
        run.params.flags = vec![benchsite_model::Flag { name: "--tp".into(), value: Some("2".into()) }];
        let local = read(&bundle(vec![run], &[], &stated("sglang", "0.5.1", "H800", ""), &catalog)).unwrap();
        let e = &columns::detail_at(&local.details, 0).unwrap().effective;
        assert_eq!((e[0].flag.as_str(), e[0].value.as_deref()), ("--tp-size", Some("2")));
    }

    fn sglang_catalog() -> Catalog {
        use benchsite_model::tuning::{Param, Text};
        Catalog { params: vec![Param { framework: "sglang".into(), flag: "--tp-size".into(), aliases: vec!["--tp".into()], meaning: Text::default(), ..Param::default() }], ..Catalog::default() }
    }

    #[test]
    fn a_file_with_no_run_and_a_damaged_bundle() {
        let text = bundle(Vec::new(), &[Finding::new(benchsite_model::Severity::Warning, "x", "local/b", 1, String::new())], "", &Catalog::default());
        let local = read(&text).unwrap();
        assert_eq!((local.index.runs, local.part.cells.len(), local.index.findings.len()), (0, 0, 1));
        assert!(read(&text[..text.len() / 2]).is_err());
        assert!(read("{\"runs\": []}").unwrap_err().contains("reload"));
    }
}
