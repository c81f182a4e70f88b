//! The explorer's own data (`data/explore/`, `benchsite_viewer::columns`) against
//! `runs.json`: every value the explorer shows of the real content reads back equal, whole
//! and in small shards.

use std::path::Path;

fn content() -> benchsite_model::RunsFile {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    benchsite::build::check(&dir).expect("content/ is read").data
}

#[test]
fn every_value_the_explorer_shows_of_content_equals_runs_json() {
    let data = content();
    assert!(data.runs.len() > 100 && !data.findings.is_empty());
    assert!(data.runs.iter().any(|r| r.params.kv_memory.is_some()) && data.runs.iter().any(|r| r.sweep.is_some()), "content has what the checks cover");
    for shard_runs in [benchsite_viewer::columns::SHARD_RUNS, 40, 1] {
        benchsite_viewer::columns::check_round_trip(&data.runs, &data.findings, shard_runs).unwrap_or_else(|e| panic!("shards of {shard_runs}: {e}"));
    }
}

#[test]
fn a_built_site_holds_the_explorer_data_the_round_trip_checks() {
    let dir = tempfile::tempdir().unwrap();
    let data = content();
    benchsite::build::write_explore(dir.path(), &data, &benchsite_viewer::store::Store::new(&data.runs, Vec::new()), 40).unwrap();
    let explore = dir.path().join(benchsite_viewer::columns::DIR);
    let index = benchsite_viewer::columns::read_index(&std::fs::read_to_string(explore.join("index.txt")).unwrap()).unwrap();
    assert_eq!(index.runs, data.runs.len());
    assert!(index.shards.len() > 2, "{} shards", index.shards.len());
    let mut read = 0;
    for k in 0..index.shards.len() {
        let part = benchsite_viewer::columns::read_shard(&index, k, &std::fs::read_to_string(explore.join(format!("{k}.txt"))).unwrap()).unwrap();
        read += part.cells.len();
        benchsite_viewer::columns::read_details(&std::fs::read_to_string(explore.join(format!("{k}.params.txt"))).unwrap()).unwrap();
    }
    assert_eq!(read, data.runs.len());
    // Written shard by shard, each shard's hash put in afterwards: the same bytes as made in
    // memory at once.
    let files = benchsite_viewer::columns::write(&data.runs, &data.findings, 40);
    assert_eq!(std::fs::read_to_string(explore.join("index.txt")).unwrap(), files.index);
    for (k, (shard, details)) in files.shards.iter().zip(&files.details).enumerate() {
        assert_eq!(&std::fs::read_to_string(explore.join(format!("{k}.txt"))).unwrap(), shard, "shard {k}");
        assert_eq!(&std::fs::read_to_string(explore.join(format!("{k}.params.txt"))).unwrap(), details, "shard {k}");
    }
}
