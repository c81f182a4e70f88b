//! Comparability: when the runs in view differ in what makes numbers comparable — GPU, GPU
//! count, precision, model family, and the workload: dataset and lengths, number of
//! prompts, request rate and concurrency — the page names each difference, and each engine
//! flag that runs of one framework in view set to different values.

use crate::sorted::{SortedMap, SortedSet};
use crate::store::{Dim, Store};

/// One aspect in which the runs differ, with the distinct values seen.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    pub dim: Dim,
    pub values: Vec<String>,
}

/// Most values listed per difference.
const MAX_VALUES: usize = 8;

pub fn differences(store: &Store, rows: &[u32]) -> Vec<Difference> {
    // The cells of the rows, then the values of those cells: one pass over the runs.
    let held = store.cells.holding(rows);
    among(store, held.iter().zip(&store.cells.codes).filter(|(held, _)| **held).map(|(_, codes)| codes))
}

/// [`differences`] of the runs in view, read from the units holding them.
pub fn differences_of(store: &Store, rows: &crate::filter::Rows) -> Vec<Difference> {
    let codes = store.units(rows.grain).codes;
    among(store, rows.held(store).map(|u| &codes[u]))
}

/// What differs among units with these codes.
fn among<'a>(store: &Store, units: impl Iterator<Item = &'a [u32; Dim::ALL.len()]>) -> Vec<Difference> {
    let mut seen: Vec<Vec<bool>> = Dim::COMPARED.iter().map(|d| vec![false; store.dims[d].values.len()]).collect();
    for codes in units {
        Dim::COMPARED.iter().zip(&mut seen).for_each(|(d, seen)| seen[codes[d.index()] as usize] = true);
    }
    Dim::COMPARED
        .into_iter()
        .zip(seen)
        .filter_map(|(dim, seen)| {
            let col = &store.dims[&dim];
            let mut values: Vec<String> = col.values.iter().zip(seen).filter(|(_, s)| *s).map(|(v, _)| v.clone()).collect();
            (values.len() > 1).then(|| {
                values.truncate(MAX_VALUES);
                Difference { dim, values }
            })
        })
        .collect()
}

/// The catalog's tensor-parallel flags (concept `tensor-parallel`, each engine's spelling;
/// a test compares them with `content/tuning/parameters.toml`).
pub const TENSOR_PARALLEL: [&str; 4] = ["--tp", "--tensor-parallel-size", "--tp-size", "--tp_size"];

/// An engine flag that runs of one framework in view run with different values.
#[derive(Debug, Clone, PartialEq)]
pub struct FlagDifference {
    pub framework: String,
    pub flag: String,
    pub values: Vec<String>,
}

/// The engine flags the runs in view differ in (`runs_per_set`: how many runs in view have
/// each parameter set, `filter::runs_per_set`): per framework, each flag some of those runs
/// set in their command and whose effective values among them differ (a default counts as
/// the value it is, `?` when unknown), in framework and flag order. A flag no run in view
/// sets is left out: its defaults differ with the version or GPU, which the page names.
///
/// `named`: the differences already named; when the GPU count is one of them, the
/// tensor-parallel flags (`TENSOR_PARALLEL`) are not named again (their values are the GPU
/// counts, for each framework).
pub fn flag_differences(store: &Store, runs_per_set: &[usize], named: &[Difference]) -> Vec<FlagDifference> {
    let gpus_named = named.iter().any(|d| d.dim == Dim::Gpus);
    let mut flags: SortedMap<(&str, &str), (bool, SortedSet<&str>)> = SortedMap::new();
    for (set, _) in store.tuning.sets.iter().zip(runs_per_set).filter(|(_, n)| **n > 0) {
        for (flag, value, origin) in &set.params {
            let (set_in_command, values) = flags.get_or_default((set.framework.as_str(), flag.as_str()));
            *set_in_command |= *origin == "explicit";
            values.insert(value.as_str());
        }
    }
    flags
        .iter()
        .filter(|((_, flag), (set_in_command, values))| *set_in_command && values.len() > 1 && !(gpus_named && TENSOR_PARALLEL.contains(flag)))
        .map(|((framework, flag), (_, values))| FlagDifference {
            framework: framework.to_string(),
            flag: flag.to_string(),
            values: values.iter().take(MAX_VALUES).map(|v| v.to_string()).collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::run;
    use benchsite_model::tuning::{Effective, Origin};

    #[test]
    fn lists_only_what_differs_load_included() {
        let mut b = run("b#L2", "lmdeploy", "0.10.0", "H800", "m", 20.0, 4.0);
        b.scenario.num_prompts = Some(500);
        b.scenario.max_concurrency = Some(256);
        let s = Store::new(&[run("a#L1", "vllm", "0.10.1", "A100", "m", 10.0, 5.0), b], vec![]);
        let d = differences(&s, &[0, 1]);
        assert_eq!(d.iter().map(|d| d.dim).collect::<Vec<_>>(), [Dim::Gpu, Dim::Prompts, Dim::Concurrency]);
        assert_eq!(d[1].values, ["100", "500"]);
        // Not stated comes first.
        assert_eq!(d[2].values, ["?", "256"]);
        assert!(differences(&s, &[0]).is_empty());
    }

    /// A run with `flags` (flag, value, origin) resolved as its effective parameters.
    fn with_flags(id: &str, fw: &str, flags: &[(&str, &str, &str)]) -> benchsite_model::Run {
        let mut r = run(id, fw, "1.0", "H800", "m", 10.0, 5.0);
        let effective = flags
            .iter()
            .map(|(flag, value, origin)| {
                let origin = if *origin == "explicit" { Origin::Explicit } else { Origin::Default };
                Effective { flag: (*flag).into(), concept: Some("c".into()), value: Some((*value).into()), origin, rule: None }
            })
            .collect::<Vec<_>>();
        r.params.effective = effective.into();
        r
    }

    #[test]
    fn names_the_flags_one_framework_sets_to_different_values() {
        let runs = [
            with_flags("a#L1", "vllm", &[("--max-num-seqs", "256", "default"), ("--gpu-memory-utilization", "0.9", "explicit")]),
            with_flags("b#L2", "vllm", &[("--max-num-seqs", "512", "explicit"), ("--gpu-memory-utilization", "0.9", "explicit")]),
            // Another framework's flag of the same name is not compared with vLLM's.
            with_flags("c#L3", "sglang", &[("--max-num-seqs", "128", "explicit")]),
            // Defaults that differ (another version), set by no run: not named.
            with_flags("d#L4", "lmdeploy", &[("--cache-max-entry-count", "0.8", "default")]),
            with_flags("e#L5", "lmdeploy", &[("--cache-max-entry-count", "0.9", "default")]),
        ];
        let s = Store::new(&runs, vec![]);
        let per_set = |ids: &[usize]| {
            let mut n = vec![0; s.tuning.sets.len()];
            ids.iter().for_each(|&i| n[s.tuning.codes[i] as usize] += 1);
            n
        };
        let d = flag_differences(&s, &per_set(&[0, 1, 2, 3, 4]), &[]);
        assert_eq!(d, [FlagDifference { framework: "vllm".into(), flag: "--max-num-seqs".into(), values: vec!["256".into(), "512".into()] }]);
        // One of the two vLLM runs in view: nothing differs.
        assert!(flag_differences(&s, &per_set(&[1, 2, 3]), &[]).is_empty());
    }

    /// Tensor parallelism set to 4 and 8: named unless the GPU count is (4 and 8 GPUs).
    #[test]
    fn tensor_parallel_flags_are_named_when_the_gpu_count_is_not() {
        let runs = [with_flags("a#L1", "vllm", &[("--tensor-parallel-size", "4", "explicit")]), with_flags("b#L2", "vllm", &[("--tensor-parallel-size", "8", "explicit")])];
        let s = Store::new(&runs, vec![]);
        let both = vec![1; s.tuning.sets.len()];
        assert_eq!(flag_differences(&s, &both, &[]).len(), 1);
        let gpus = Difference { dim: Dim::Gpus, values: vec!["4".into(), "8".into()] };
        assert!(flag_differences(&s, &both, &[gpus]).is_empty());
    }

    #[test]
    fn the_tensor_parallel_flags_are_the_catalogs() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/tuning/parameters.toml");
        let catalog: benchsite_model::tuning::Catalog = toml::from_str(&std::fs::read_to_string(root).unwrap()).unwrap();
        let mut flags: Vec<&str> = catalog.params.iter().filter(|p| p.concept.as_deref() == Some("tensor-parallel")).map(|p| p.flag.as_str()).collect();
        let mut ours = TENSOR_PARALLEL.to_vec();
        flags.sort_unstable();
        ours.sort_unstable();
        assert_eq!(flags, ours);
    }
}
