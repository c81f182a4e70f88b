//! The vocabulary of result rows: which printed label (or JSON key) fills which field of a
//! run, and in which unit. Every printer's spelling is listed here and nowhere else, so a
//! new spelling is a one-line change.

/// A latency statistic's name (`mean`, `p99`, `p99.9`): inline, as the map key it becomes
/// (`benchsite_model::map::Key`), so classifying a row allocates nothing for it.
pub type Stat = benchsite_model::map::Key;

/// Where a row's value goes.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    Backend,
    Model,
    /// The engine's release, as its own report prints it (`TensorRT-LLM Version: 0.21.0rc0`).
    Version,
    Dataset,
    RequestRate,
    MaxConcurrency,
    NumPrompts,
    InputLen,
    OutputLen,
    RangeRatio,
    Tp,
    Pp,
    Precision,
    Completed,
    Failed,
    /// Benchmark duration; the factor converts the printed unit to seconds.
    Duration(f64),
    TotalInput,
    TotalOutput,
    TotalOutputRetokenized,
    /// Request throughput; the factor converts to requests per second.
    RequestThroughput(f64),
    Goodput,
    InputThroughput,
    OutputThroughput,
    TotalThroughput,
    PeakOutputThroughput,
    PeakConcurrent,
    Concurrency,
    AcceptLength,
    /// A latency statistic: group (`ttft_ms`...), statistic (`mean`, `p99`...), factor to ms.
    Latency { group: &'static str, stat: Stat, factor: f64 },
    /// A latency statistic whose label states no unit (`median_ttft`, `Mean TTFT`): the unit
    /// must come from the cell (`1.94s`), the section header (`Breakdown (ms)`) or a rule of
    /// the tool; otherwise the number is kept in `metrics.extra` with a finding. Never a
    /// default: a summary JSON written by a post-processor may hold seconds under the very
    /// spelling another tool uses for ms.
    UnitlessLatency { group: &'static str, stat: Stat },
    /// A number the schema does not name; kept under this key in `metrics.extra`.
    Extra(String),
}

/// Lower-cases and collapses a label so that spelling variants compare equal.
pub fn normalise(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    normalise_into(label, &mut out);
    out
}

/// [`normalise`] into a buffer the caller reuses, for labels that are looked at and mostly
/// dropped (every `key: value` line of a log).
pub fn normalise_into(label: &str, out: &mut String) {
    out.clear();
    let label = crate::text::trim(label).trim_end_matches(':');
    // Most labels are ASCII: lower-cased byte by byte, and the two repairs below looked for
    // only when their telltale bytes (`qe`, `-`) occur.
    if label.is_ascii() {
        // Most labels are already one space between words, with no `_` or other blank: copied
        // and lower-cased whole, which is what the byte loop below would make of them.
        let bytes = label.as_bytes();
        let (blank, repair) = ascii_label_marks(bytes);
        let simple = !blank && bytes.first() != Some(&b' ') && bytes.last() != Some(&b' ');
        if simple {
            out.push_str(label);
            out.make_ascii_lowercase();
            if repair {
                repair_typos(out);
            }
            return;
        }
        out.reserve(label.len());
        let (mut space, mut repair, mut prev) = (false, false, 0u8);
        for &b in label.as_bytes() {
            let b = if b == b'_' { b' ' } else { b.to_ascii_lowercase() };
            if b == b' ' || (b'\t'..=b'\r').contains(&b) {
                space = !out.is_empty();
                continue;
            }
            if space {
                out.push(' ');
                space = false;
            }
            repair |= (b == b'-') | ((prev == b'q') & (b == b'e'));
            prev = b;
            out.push(char::from(b));
        }
        if repair {
            repair_typos(out);
        }
        return;
    }
    let mut space = false;
    for c in label.chars() {
        let c = if c == '_' { ' ' } else { c.to_ascii_lowercase() };
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    repair_typos(out);
}

/// Of an ASCII label: whether it holds a `_`, a control blank (tab to carriage return) or
/// two spaces in a row (it is not in normal form but for its case), and whether it holds a
/// `-` or a `qe` in either case (a typo repair may apply). Eight bytes at a time: each test
/// sets the top bit of the bytes it holds for (exact for ASCII, whose bytes carry nothing
/// into their neighbours), and a pair test looks at the byte before, across words too.
fn ascii_label_marks(bytes: &[u8]) -> (bool, bool) {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let eq = |x: u64, c: u8| {
        let t = x ^ (LO * u64::from(c));
        !((t & !HI).wrapping_add(!HI & (LO * 0x7f)) | t) & HI
    };
    let ge = |x: u64, n: u8| x.wrapping_add(LO * u64::from(0x80 - n)) & HI;
    let (mut blank, mut repair, mut prev_space, mut prev_q) = (0u64, 0u64, 0u64, 0u64);
    let mut words = bytes.chunks(8).map(|chunk| {
        // A short last word is padded with a letter that no test holds for.
        let mut word = [b'a'; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(word)
    });
    for x in &mut words {
        let space = eq(x, b' ');
        let lower = x | (LO * 0x20);
        let (q, e) = (eq(lower, b'q'), eq(lower, b'e'));
        blank |= eq(x, b'_') | (ge(x, b'\t') & !ge(x, b'\r' + 1)) | (space & ((space << 8) | (prev_space >> 56)));
        repair |= eq(x, b'-') | (e & ((q << 8) | (prev_q >> 56)));
        (prev_space, prev_q) = (space, q);
    }
    (blank != 0, repair != 0)
}

/// Spellings printers got wrong or write two ways.
fn repair_typos(out: &mut String) {
    // Most labels need neither repair: don't copy them twice more.
    if crate::text::contains_short(out, "reqeuest") || crate::text::contains_short(out, "inter-token") {
        *out = out.replace("reqeuest", "request").replace("inter-token", "inter token");
    }
}

/// Classifies a normalised label; `None` for labels that carry no result value.
pub fn classify(label: &str) -> Option<Target> {
    named(label).or_else(|| classify_latency(label)).or_else(|| stat_last(label)).or_else(|| Some(Target::Extra(label.to_string())))
}

/// A statistic written after the unit (`End to End Latency (ms) p90`, `Prompt throughput
/// (tokens/second) avg`): the latency the label names with the statistic first, or, for the
/// mean of a rate, the rate.
fn stat_last(label: &str) -> Option<Target> {
    let (body, stat) = label.rsplit_once(' ')?;
    let stat = stat_of(stat)?;
    if !body.ends_with(')') {
        return None;
    }
    if let Some(t) = classify_latency(&format!("{} {body}", stat.as_str())) {
        return Some(t);
    }
    // (Only the mean of a throughput is the run's; its other statistics are the requests'.)
    let rate = named(body).filter(|t| matches!(t, Target::InputThroughput | Target::OutputThroughput | Target::TotalThroughput | Target::RequestThroughput(_)));
    rate.filter(|_| stat.as_str() == "mean")
}

/// The fields whose labels are listed one by one; `None` for every other label (a latency
/// spelling or an extra), without building anything for it.
pub fn named(label: &str) -> Option<Target> {
    use Target::*;
    let t = match label {
        "backend" => Backend,
        "model" | "model id" | "model name" => Model,
        "tensorrt-llm version" | "tensorrt llm version" => Version,
        "dataset" | "dataset name" => Dataset,
        "traffic request rate" | "request rate configured (rps)" | "request rate" => RequestRate,
        "maximum request concurrency" | "max request concurrency" | "max concurrency" => MaxConcurrency,
        "num prompts" | "number of prompts" | "total requests" | "number of total requests" => NumPrompts,
        // `Input Sequence Length: 1024` in InferenceX's restated blocks: the length asked for
        // (an average measured is `Average Input Length (tokens)`).
        "random input len" | "input len" | "input sequence length" => InputLen,
        "random output len" | "output len" | "sharegpt output len" | "output sequence length" => OutputLen,
        "random range ratio" | "range ratio" => RangeRatio,
        "tp size" | "tensor parallel size" => Tp,
        "pp size" | "pipeline parallel size" => Pp,
        // trtllm-bench's `Dtype: bfloat16` over its `Quantization:` line (which, when set, is
        // read after it and wins).
        "quantization" | "dtype" => Precision,
        "successful requests" | "completed" | "completed requests" | "number of requests" => {
            Completed
        }
        "failed requests" | "failed" | "error requests" | "errored requests" => Failed,
        // vLLM's `benchmark_serving.py` of early 2024 (and JetStream's) wrote the unit in the
        // value: `Benchmark duration: 29.060651 s`, `Input token throughput: 430.24 tokens/s`.
        "benchmark duration (s)" | "duration" | "elapsed time" | "elapsed time (s)"
        | "elapsed time(s)" | "benchmark duration" | "benchmark duration (sec)" => Duration(1.0),
        // trtllm-bench's whole run (`Total Latency (seconds)` in its 0.12 summary).
        "total latency (ms)" => Duration(0.001),
        "total latency (seconds)" => Duration(1.0),
        "total input tokens" | "number of prompt tokens" | "total input" => TotalInput,
        "total generated tokens" | "total output tokens" | "number of completion tokens" => {
            TotalOutput
        }
        "total generated tokens (retokenized)" | "total output tokens retokenized" => {
            TotalOutputRetokenized
        }
        "request throughput (req/s)" | "request throughput" | "request throughput (req/sec)"
        | "rps (request per second)" | "rps" => RequestThroughput(1.0),
        "rpm (request per minute)" => Extra("rpm".into()),
        // llmperf `results_num_completed_requests_per_min`.
        "completed requests per minute" => RequestThroughput(1.0 / 60.0),
        "request goodput (req/s)" | "request goodput" | "request goodput:" => Goodput,
        "input token throughput (tok/s)" | "input throughput" | "input token throughput" | "prompt throughput (tokens/second)" => InputThroughput,
        "output token throughput (tok/s)" | "output throughput" | "output throughput (tok/s)" | "output token throughput"
        | "generation throughput (tokens/second)"
        | "total output throughput (tokens/sec)" | "token throughput (completion token)"
        | "token throughput (tokens/sec)" => OutputThroughput,
        "total token throughput (tok/s)" | "total throughput (tok/s)" | "total throughput"
        | "total token throughput" | "total token throughput (tokens/sec)"
        | "token throughput (prompt + completion token)" => TotalThroughput,
        // vLLM's `--save-result` keys of the console's two peak lines (`serve.py`:
        // `"max_output_tokens_per_s": metrics.max_output_tokens_per_s`).
        "peak output token throughput (tok/s)" | "max output tokens per s" => PeakOutputThroughput,
        "peak concurrent requests" | "max concurrent requests" => PeakConcurrent,
        // trtllm-bench prints its measured `avg_num_concurrent_requests` under this label
        // (`reporting.py`: `Number of concurrent requests:  {…:.4f}`), not a limit it set.
        "concurrency" | "number of concurrent requests" => Concurrency,
        "accept length" | "acceptance length" => AcceptLength,
        "average request latency (ms)" => latency("e2e_ms", "mean", 1.0),
        "average time-to-first-token [ttft] (ms)" => latency("ttft_ms", "mean", 1.0),
        "average time-per-output-token [tpot] (ms)" => latency("tpot_ms", "mean", 1.0),
        _ => return None,
    };
    Some(t)
}

fn latency(group: &'static str, stat: &str, factor: f64) -> Target {
    Target::Latency { group, stat: Stat::new(stat), factor }
}

/// Latency rows in every spelling: `Mean TTFT (ms)`, `P99.9 E2E Latency (ms)`,
/// `Mean E2EL (ms)`, `[TPOT] P50`, and JSON keys `p99_itl_ms`, `median_e2e_latency_ms`.
/// A label without a unit (`median_ttft`, `[TPOT] P50`) is [`Target::UnitlessLatency`].
fn classify_latency(label: &str) -> Option<Target> {
    let (body, factor) = if let Some(b) = label.strip_suffix(" (ms)").or(label.strip_suffix(" ms")) {
        (b, Some(1.0))
    } else if let Some(b) = label.strip_suffix(" (s)").or(label.strip_suffix(" s")) {
        (b, Some(1000.0))
    } else {
        (label, None)
    };
    // trtllm-bench: "[ttft] p50", "[tpot] minimum".
    let (group, stat) = if let Some(rest) = body.strip_prefix('[') {
        let (metric, stat) = rest.split_once(']')?;
        (group_of(metric)?, stat_of(stat.trim())?)
    } else {
        let (stat, metric) = body.split_once(' ')?;
        let stat = stat_of(stat)?;
        (group_of(metric)?, stat)
    };
    Some(match factor {
        Some(factor) => Target::Latency { group, stat, factor },
        None => Target::UnitlessLatency { group, stat },
    })
}

/// The factor to ms of a unit written in a cell (`1.94s`, `585 ms`) or at the end of a
/// section header (`... Breakdown (ms)`); `None` when it names no time unit.
pub fn time_factor(unit: &str) -> Option<f64> {
    let u = unit.trim();
    let u = u.strip_suffix(')').and_then(|u| u.rsplit_once('(')).map_or(u, |(_, inner)| inner).trim();
    match u.to_ascii_lowercase().as_str() {
        "ms" | "msec" | "millisecond" | "milliseconds" => Some(1.0),
        "s" | "sec" | "secs" | "second" | "seconds" => Some(1000.0),
        "us" | "µs" | "μs" | "microsecond" | "microseconds" => Some(0.001),
        _ => None,
    }
}

fn group_of(metric: &str) -> Option<&'static str> {
    Some(match metric.trim() {
        "ttft" | "time to first token" => "ttft_ms",
        "tpot" | "time per output token" => "tpot_ms",
        "itl" | "inter token latency" => "itl_ms",
        "e2el" | "e2e latency" | "e2e" | "latency" | "request latency" | "end-to-end latency" | "end to end latency" => {
            "e2e_ms"
        }
        _ => return None,
    })
}

fn stat_of(stat: &str) -> Option<Stat> {
    let s = match stat {
        "mean" | "avg" | "average" | "ave" => "mean",
        "median" => "median",
        "std" | "stdev" | "stddev" => "std",
        "min" | "minimum" => "min",
        "max" | "maximum" => "max",
        _ => {
            let digits = stat.strip_prefix('p')?;
            let ok = !digits.is_empty()
                && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
                && digits.chars().next().is_some_and(|c| c.is_ascii_digit());
            return ok.then(|| Stat::new(stat));
        }
    };
    Some(Stat::const_new(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(label: &str, expected: Target) {
        assert_eq!(classify(&normalise(label)), Some(expected), "label {label:?}");
    }

    /// A statistic after the unit: a latency's, or the mean of a rate (not its other
    /// statistics, which are the requests').
    #[test]
    fn statistics_written_after_the_unit() {
        check("End to End Latency (ms) p90", Target::Latency { group: "e2e_ms", stat: Stat::new("p90"), factor: 1.0 });
        check("End to End Latency (ms) avg", Target::Latency { group: "e2e_ms", stat: Stat::new("mean"), factor: 1.0 });
        check("Prompt throughput (tokens/second) avg", Target::InputThroughput);
        check("Generation throughput (tokens/second) avg", Target::OutputThroughput);
        assert_eq!(classify(&normalise("Generation throughput (tokens/second) p99")), Some(Target::Extra("generation throughput (tokens/second) p99".into())));
    }

    #[test]
    fn maps_every_spelling() {
        use Target::*;
        check("Max reqeuest concurrency:", MaxConcurrency);
        check("Maximum request concurrency", MaxConcurrency);
        check("Total Token throughput (tok/s)", TotalThroughput);
        check("Total throughput (tok/s)", TotalThroughput);
        check("request_goodput:", Goodput);
        check("Benchmark duration (s)", Duration(1.0));
        check("Mean TTFT (ms)", latency("ttft_ms", "mean", 1.0));
        check("P99.9 ITL (ms)", latency("itl_ms", "p99.9", 1.0));
        check("Median E2E Latency (ms)", latency("e2e_ms", "median", 1.0));
        check("Mean E2EL (ms)", latency("e2e_ms", "mean", 1.0));
        check("p99_e2el_ms", latency("e2e_ms", "p99", 1.0));
        check("median_e2e_latency_ms", latency("e2e_ms", "median", 1.0));
        check("[TPOT] MINIMUM", UnitlessLatency { group: "tpot_ms", stat: "min".into() });
        check("Mean TTFT (s)", latency("ttft_ms", "mean", 1000.0));
        check("median_ttft", UnitlessLatency { group: "ttft_ms", stat: "median".into() });
        check("[TPOT] P50", UnitlessLatency { group: "tpot_ms", stat: "p50".into() });
        check("Total vision input tokens", Extra("total vision input tokens".into()));
    }

    /// What `normalise` made of every label before it had an ASCII path.
    fn normalise_by_chars(label: &str) -> String {
        let mut out = String::new();
        let mut space = false;
        for c in label.trim().trim_end_matches(':').chars() {
            let c = if c == '_' { ' ' } else { c.to_ascii_lowercase() };
            if c.is_whitespace() {
                space = !out.is_empty();
                continue;
            }
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
        repair_typos(&mut out);
        out
    }

    /// The byte loop [`ascii_label_marks`] replaced.
    fn ascii_label_marks_by_bytes(bytes: &[u8]) -> (bool, bool) {
        let (mut blank, mut repair, mut prev) = (false, false, 0u8);
        for &b in bytes {
            blank |= b == b'_' || (b'\t'..=b'\r').contains(&b) || (b == b' ' && prev == b' ');
            repair |= (b == b'-') | (((prev | 0x20) == b'q') & ((b | 0x20) == b'e'));
            prev = b;
        }
        (blank, repair)
    }

    proptest::proptest! {
        #[test]
        fn label_marks_are_found_as_the_byte_loop_found_them(label in "[ -~\t\n\x0b\x0c\r\x00\x7f]{0,40}") {
            proptest::prop_assert_eq!(ascii_label_marks(label.as_bytes()), ascii_label_marks_by_bytes(label.as_bytes()));
        }

        #[test]
        fn label_marks_of_pairs_across_words(label in "(q|Q|e|E| |_|-|a|\t|\x0e|\x08){0,24}") {
            proptest::prop_assert_eq!(ascii_label_marks(label.as_bytes()), ascii_label_marks_by_bytes(label.as_bytes()));
        }

        #[test]
        fn normalises_as_the_char_loop_did(label in "(Mean|TTFT|reqeuest|Inter-token|_|q|e| |  |\t|:|\\(ms\\)|é){0,12}") {
            proptest::prop_assert_eq!(normalise(&label), normalise_by_chars(&label));
        }
    }

    #[test]
    fn time_units_from_cells_and_headers() {
        assert_eq!(time_factor("s"), Some(1000.0));
        assert_eq!(time_factor("ms"), Some(1.0));
        assert_eq!(time_factor("-- Per-Request Time-per-Output-Token [TPOT] Breakdown (ms)"), Some(1.0));
        assert_eq!(time_factor("Time to First Token"), None);
        assert_eq!(time_factor("tok/s"), None);
    }
}
