//! Comparability: when the runs in view differ in what makes numbers comparable — GPU, GPU
//! count, precision, model family, and the workload: dataset and lengths, number of
//! prompts, request rate and concurrency — the page names each difference.

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::run;

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
}
