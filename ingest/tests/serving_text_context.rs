//! What a serving log's client context (`Namespace(...)`, `Running benchmark …`) gives a run:
//! real logs in `tests/fixtures/serving-text/` (the first line names the log).

mod common;

use common::{check, fixture};
use serde_json::json;

/// A custom client (`lora_bench_multi.py`) prints a `Namespace` with no `dataset_name` but
/// SGLang's defaults `random_input_len=1024, random_output_len=128` while it replays an Azure
/// trace (`use_trace=True`; the block's 342460 input tokens over 996 requests are ~344 a
/// prompt). The run recorded 1024 and 128 as its lengths; a `Namespace`'s random lengths count
/// only when it names a random dataset. Its prompt count and rate are still its own.
#[test]
fn a_namespace_without_a_random_dataset_gives_no_random_lengths() {
    let text = fixture("serving-text/sglang_lora_trace_namespace.log");
    check(
        "raw/lora.log",
        &text,
        &[&[
            ("/scenario/input_len", json!(null)),
            ("/scenario/output_len", json!(null)),
            ("/scenario/num_prompts", json!(1000)),
            ("/source/lines/scenario.num_prompts", json!(7)),
            ("/scenario/request_rate", json!(2.0)),
            ("/metrics/total_input_tokens", json!(342460)),
        ]],
    );
    // The lengths a `Namespace` of a random dataset states are kept.
    let random = text.replace("num_prompts=1000, random_input_len", "num_prompts=1000, dataset_name='random', random_input_len");
    check("raw/lora.log", &random, &[&[("/scenario/input_len", json!(1024)), ("/scenario/output_len", json!(128))]]);
}
