//! Comparability: when the runs in view differ in what makes numbers comparable (GPU, GPU
//! count, precision, dataset and lengths, number of prompts), the page says what differs.

use crate::store::{Dim, Store, UNKNOWN};

/// One aspect in which the runs differ, with the distinct values seen.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    /// UI-string suffix: `gpu`, `gpus`, `prec`, `scen`, `prompts`.
    pub key: &'static str,
    pub values: Vec<String>,
}

/// Most values listed per difference.
const MAX_VALUES: usize = 8;

pub fn differences(store: &Store, rows: &[u32]) -> Vec<Difference> {
    let mut out = Vec::new();
    for (key, dim) in [("gpu", Dim::Gpu), ("gpus", Dim::Gpus), ("prec", Dim::Precision), ("scen", Dim::Scenario)] {
        push(&mut out, key, store.dims[&dim].present(rows).cloned().collect());
    }
    let prompts = store.prompts.present(rows).map(|n| n.map_or_else(|| UNKNOWN.to_string(), |n| n.to_string()));
    push(&mut out, "prompts", prompts.collect());
    out
}

fn push(out: &mut Vec<Difference>, key: &'static str, mut values: Vec<String>) {
    if values.len() > 1 {
        values.truncate(MAX_VALUES);
        out.push(Difference { key, values });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::run;

    #[test]
    fn lists_only_what_differs() {
        let mut b = run("b#L2", "lmdeploy", "0.10.0", "H800", "m", 20.0, 4.0);
        b.scenario.num_prompts = Some(500);
        let s = Store::new(&[run("a#L1", "vllm", "0.10.1", "A100", "m", 10.0, 5.0), b], vec![]);
        let d = differences(&s, &[0, 1]);
        assert_eq!(d.iter().map(|d| d.key).collect::<Vec<_>>(), ["gpu", "prompts"]);
        assert_eq!(d[1].values, ["100", "500"]);
        assert!(differences(&s, &[0]).is_empty());
    }
}
