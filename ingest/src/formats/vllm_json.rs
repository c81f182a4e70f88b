//! Saved results of vLLM (`--save-result`: one object, or one object per line) and SGLang
//! (`--output-file` JSON lines, which may hold bare `Infinity`/`NaN`). The most generic JSON
//! shape, so it is tried last: it also reports JSON that holds no result at all.

use super::{Format, Input, Read};
use crate::checks;
use crate::json::Object;
use crate::sink::Sink;
use benchsite_model::Run;

pub static FORMAT: Format = Format { name: "vllm-json", detect, read: Read::Json(read) };

fn detect(_: &Input<'_>) -> bool {
    true
}

fn read(_: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    Some(checks::json_runs(objects, sink))
}
