//! Property tests: the parsers never panic and never invent numbers, whatever the input.

use benchsite_ingest::parse_file;
use proptest::prelude::*;

const SEED_BLOCK: &str = "Running benchmark --num-prompts 4 with backend: vllm\nNamespace(model='a/b', num_prompts=4)\n============ Serving Benchmark Result ============\nSuccessful requests: 4\nFailed requests: 0\nBenchmark duration (s): 2.00\nRequest throughput (req/s): 2.00\n---------------Time to First Token----------------\nMean TTFT (ms): 10.5\nP99 TTFT (ms): 12.5\n==================================================\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}", path in prop::sample::select(vec!["raw/x.log", "vllm/A100_v0.1.md", "raw/x.json", "raw/x.jsonl", "raw/x.md"])) {
        let _ = parse_file(path, &text, None);
    }

    #[test]
    fn any_cut_of_a_block_never_panics_or_invents(cut in 0usize..SEED_BLOCK.len()) {
        let mut end = cut;
        while !SEED_BLOCK.is_char_boundary(end) { end -= 1; }
        let out = parse_file("raw/cut.log", &SEED_BLOCK[..end], None);
        for run in &out.runs {
            let m = &run.metrics;
            prop_assert!(m.completed.is_none_or(|c| c == 4));
            prop_assert!(m.duration_s.is_none_or(|d| d == 2.0));
            if let Some(t) = &m.ttft_ms {
                prop_assert!(t.values().all(|v| *v == 10.5 || *v == 12.5), "{:?}", t);
            }
        }
    }

    #[test]
    fn lines_mixed_from_real_rows_never_panic(rows in prop::collection::vec(prop::sample::select(SEED_BLOCK.lines().collect::<Vec<_>>()), 0..40), cr in any::<bool>()) {
        let sep = if cr { "\r" } else { "\n" };
        let _ = parse_file("raw/mix.log", &rows.join(sep), None);
        let _ = parse_file("lmdeploy/H800_v1.0.md", &format!("## M\n```\n{}\n```\n", rows.join("\n")), None);
    }
}
