//! Serving benchmark text: the result blocks of vLLM `benchmark_serving.py` / `vllm bench
//! serve`, SGLang `bench_serving`, LMDeploy `profile_restful_api.py` and `trtllm-bench`
//! console reports, with the client context above them (`Running benchmark`, `Namespace`,
//! progress bars, errors) and the sweeps around them. Cutting blocks is [`crate::scan`]'s
//! work, resolving them [`crate::block`]'s.

use super::{Format, Input, Read};
use crate::sink::Sink;
use benchsite_model::Run;

pub static FORMAT: Format = Format { name: "serving-text", detect, read: Read::Text(read) };

/// Always tried: the scanner streams and is the cheapest judge of its own blocks.
fn detect(_: &Input<'_>) -> bool {
    true
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    crate::scan_log(input.text, input.first_line, sink)
}
