//! A run: one benchmark result block with its scenario, metrics, serve parameters and the
//! source lines every number came from.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use crate::map::{Key, KeyLists, Map};
use crate::rare::{Empty, Rare};

/// Latency statistics in milliseconds keyed `mean`, `median`, `std`, `min`, `max`, `p50`,
/// `p90`, `p95`, `p99`, `p99.9`, ... (only those the tool printed).
pub type Latency = Map<f64>;

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Run {
    /// Stable id: `<path>#L<line>` of the block's first line (inline up to 24 bytes, as
    /// `path` and `format`: a build holds every run).
    pub id: Key,
    pub source: Source,
    /// Which printer produced the block: `serving-text`, `vllm-json`, `sglang-jsonl`,
    /// `lmdeploy-profile`, `trtllm-bench`.
    pub format: Key,
    /// Framework, version, GPU, model, family, precision, backend, section: read and written
    /// as the run's own fields (`run.gpu`) through `Deref`. Most runs of a log of bare blocks
    /// state none of them: kept behind a pointer (`Rare`), serialised in their old places.
    pub labels: Rare<Labels>,
    /// Number of GPUs; equals `tp` unless metadata says otherwise.
    pub gpu_count: Option<u32>,
    pub tp: Option<u32>,
    /// Most runs of a log of bare blocks state none of these: kept behind a pointer (`Rare`).
    pub scenario: Rare<Scenario>,
    pub metrics: Metrics,
    pub derived: Rare<Derived>,
    pub client: Rare<ClientInfo>,
    pub params: Rare<Params>,
    pub sweep: Option<Box<SweepRef>>,
    pub notes: Vec<Note>,
    /// Indices into `RunsFile::findings`.
    pub findings: Vec<usize>,
}

/// What names a run's engine, hardware and model, and where it sits: the text fields of a
/// run, read and written through it (`run.model`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Labels {
    pub framework: Option<String>,
    pub framework_version: Option<String>,
    pub gpu: Option<String>,
    /// Hugging Face id (`Qwen/Qwen3-8B-FP8`) or whatever name the benchmark client used.
    pub model: Option<String>,
    /// The model without organisation and precision suffix, what runs of one model in
    /// several precisions are compared under: `Qwen/Qwen3-32B-FP8` → `Qwen3-32B`.
    pub family: Option<String>,
    /// `FP8`, `BF16`, `AWQ`, `MXFP4`, ...; `null` when nothing states it.
    pub precision: Option<String>,
    /// Where `precision` comes from, most explicit first: `log` (the benchmark tool printed
    /// it, e.g. trtllm-bench's `Quantization:`), `sidecar` (the `precision` of a
    /// `<file>.meta.toml`), `metadata` (the client command's `--metadata precision=…`), `flag` (a serve flag such as `--quantization`, `--model-format`
    /// or `--dtype`), `heading` (the section's heading, `### FP8`) or `labelled-line` (the
    /// prose's `**Precision**: FP16`), `model-name` (a suffix such as `-FP8`) or `catalog`
    /// (the checkpoint's published dtype in `content/models.toml`). `null` with `precision`.
    pub precision_from: Option<String>,
    /// The `backend` the benchmark client talked to, as printed.
    pub backend: Option<String>,
    /// Heading of the markdown section the run sits in.
    pub section: Option<String>,
}

impl Empty for Labels {
    fn empty() -> &'static Self {
        static EMPTY: Labels = Labels { framework: None, framework_version: None, gpu: None, model: None, family: None, precision: None, precision_from: None, backend: None, section: None };
        &EMPTY
    }
}

impl std::ops::Deref for Run {
    type Target = Labels;
    fn deref(&self) -> &Labels {
        &self.labels
    }
}

/// Writing one of the labels (or borrowing it to write) allocates them; `Run::derive`
/// frees them again when they stayed empty.
impl std::ops::DerefMut for Run {
    fn deref_mut(&mut self) -> &mut Labels {
        &mut self.labels
    }
}

/// `Run` as `runs.json` lays it out: the labels in their places among the other fields.
#[derive(Serialize, Deserialize)]
struct RunLayout<K, S, L: Absent, Sc, M, D, C, P, Sw, N: Absent, F> {
    id: K,
    source: S,
    format: K,
    framework: L,
    framework_version: L,
    gpu: L,
    gpu_count: Option<u32>,
    tp: Option<u32>,
    model: L,
    #[serde(default)]
    family: L,
    precision: L,
    #[serde(default, skip_serializing_if = "Absent::absent")]
    precision_from: L,
    backend: L,
    section: L,
    scenario: Sc,
    metrics: M,
    derived: D,
    client: C,
    params: P,
    sweep: Sw,
    #[serde(default, skip_serializing_if = "Absent::absent")]
    notes: N,
    #[serde(default)]
    findings: F,
}

/// A field of [`RunLayout`] left out of `runs.json` when it has nothing.
trait Absent {
    fn absent(&self) -> bool;
}

impl Absent for &Option<String> {
    fn absent(&self) -> bool {
        self.is_none()
    }
}

impl Absent for Option<String> {
    fn absent(&self) -> bool {
        self.is_none()
    }
}

impl Absent for &Vec<Note> {
    fn absent(&self) -> bool {
        self.is_empty()
    }
}

impl Absent for Vec<Note> {
    fn absent(&self) -> bool {
        self.is_empty()
    }
}

impl Serialize for Run {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let l: &Labels = &self.labels;
        RunLayout {
            id: &self.id,
            source: &self.source,
            format: &self.format,
            framework: &l.framework,
            framework_version: &l.framework_version,
            gpu: &l.gpu,
            gpu_count: self.gpu_count,
            tp: self.tp,
            model: &l.model,
            family: &l.family,
            precision: &l.precision,
            precision_from: &l.precision_from,
            backend: &l.backend,
            section: &l.section,
            scenario: &self.scenario,
            metrics: &self.metrics,
            derived: &self.derived,
            client: &self.client,
            params: &self.params,
            sweep: &self.sweep,
            notes: &self.notes,
            findings: &self.findings,
        }
        .serialize(s)
    }
}

type RunFields = RunLayout<Key, Source, Option<String>, Rare<Scenario>, Metrics, Rare<Derived>, Rare<ClientInfo>, Rare<Params>, Option<Box<SweepRef>>, Vec<Note>, Vec<usize>>;

impl<'de> Deserialize<'de> for Run {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let l = RunFields::deserialize(d)?;
        let mut labels: Rare<Labels> = Rare::default();
        labels.set(Labels {
            framework: l.framework,
            framework_version: l.framework_version,
            gpu: l.gpu,
            model: l.model,
            family: l.family,
            precision: l.precision,
            precision_from: l.precision_from,
            backend: l.backend,
            section: l.section,
        });
        Ok(Run {
            id: l.id,
            source: l.source,
            format: l.format,
            labels,
            gpu_count: l.gpu_count,
            tp: l.tp,
            scenario: l.scenario,
            metrics: l.metrics,
            derived: l.derived,
            client: l.client,
            params: l.params,
            sweep: l.sweep,
            notes: l.notes,
            findings: l.findings,
        })
    }
}

impl Run {
    /// Holds the keys of the run's tables in `lists` (`Map::share_keys`): for a finished
    /// run, whose source lines, latencies and `Namespace(...)` fields repeat the keys of the
    /// runs beside it. Its `Namespace(...)` values and context, which mostly repeat those of
    /// `previous` (the run before it in its file), are held as the few that differ
    /// (`Map::share_keys_like`). Reads, compares and serialises as before.
    pub fn share_keys(&mut self, lists: &mut KeyLists, previous: Option<&Run>) {
        self.source.lines.share_keys(lists);
        self.source.context.share_keys_like(lists, previous.map(|p| &p.source.context));
        let metrics = &mut self.metrics;
        for latency in [&mut metrics.ttft_ms, &mut metrics.tpot_ms, &mut metrics.itl_ms].into_iter().flatten() {
            latency.share_keys(lists);
        }
        if metrics.more.is_allocated() {
            let more = &mut *metrics.more;
            more.e2e_ms.iter_mut().for_each(|l| l.share_keys(lists));
            more.extra.share_keys(lists);
        }
        if self.client.is_allocated() {
            self.client.namespace.share_keys_like(lists, previous.map(|p| &p.client.namespace));
        }
    }

    /// Holds the parts `previous` (the run before it in its file) states alike as one copy
    /// with it (`Rare::share_with`): a section's runs have one serve command, GPU and model.
    pub fn share_parts(&mut self, previous: &Run) {
        self.labels.share_with(&previous.labels);
        self.scenario.share_with(&previous.scenario);
        self.client.share_with(&previous.client);
        self.params.share_with(&previous.params);
        self.derived.share_with(&previous.derived);
    }

    /// `share_keys` and `share_parts` over a file's runs, in order.
    pub fn share_all(runs: &mut [Run], lists: &mut KeyLists) {
        for i in 0..runs.len() {
            let (before, rest) = runs.split_at_mut(i);
            rest[0].share_keys(lists, before.last());
            if let Some(previous) = before.last() {
                rest[0].share_parts(previous);
            }
        }
    }

    /// Computes `derived` from the metrics and GPU count. The only place these formulas live.
    pub fn derive(&mut self) {
        let gpus = self.gpu_count.or(self.tp).filter(|&n| n > 0);
        let output_throughput_per_gpu = match (self.metrics.output_throughput, gpus) {
            (Some(t), Some(n)) => Some(per_gpu(t, n)),
            _ => None,
        };
        let interactivity = self.metrics.tpot_ms.as_ref().and_then(|l| l.get("mean")).and_then(|&tpot| interactivity(tpot));
        self.derived.set(Derived { output_throughput_per_gpu, interactivity });
        // Labels written empty (`run.gpu = None`, a name mapped over nothing) are freed.
        self.labels.settle();
    }
}

/// Output throughput per GPU: `throughput / gpus` (GPU count, or TP when no count is
/// stated; more than zero), rounded as every derived value. The explorer computes it from
/// its own columns with this function (`viewer/src/columns.rs`), so it is not in its data.
pub fn per_gpu(throughput: f64, gpus: u32) -> f64 {
    round6(throughput / f64::from(gpus))
}

/// Interactivity: `1000 / mean TPOT` (tokens per second a reader sees), none when the TPOT
/// is not above zero. The explorer computes it as [`per_gpu`] says.
pub fn interactivity(tpot_mean_ms: f64) -> Option<f64> {
    (tpot_mean_ms > 0.0).then(|| round6(1000.0 / tpot_mean_ms))
}

/// Rounds derived values so they print stably across platforms.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// Where a run came from.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Source {
    /// Path relative to the content folder, with `/`.
    pub path: Key,
    /// 1-based line where the block starts.
    pub line: u32,
    /// 1-based line where the block ends (inclusive).
    pub end_line: u32,
    /// Line of every value, keyed like the field it fills: `metrics.ttft_ms.p99`,
    /// `scenario.num_prompts`, `params.command`, ...
    pub lines: Map<u32>,
    /// Where each field that the block itself does not state came from, keyed like `lines`
    /// (`gpu`, `model`, `tp`, `scenario.dataset`, `framework`): the line and the kind of
    /// context (`command`, `namespace`, `serve`, `caption`, `heading`, `table-row`, `front-matter`,
    /// `sidecar`, `metadata`), so a page can say "GPU from the heading at line 40".
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub context: Map<ContextRef>,
}

/// One piece of context a run's field was taken from.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct ContextRef {
    pub line: u32,
    /// What the line is: `command` (the client command that ran the block), `namespace`,
    /// `flags-line` (a line above the block naming the flags it changed), `environment` (a
    /// code block above setting a wrapper's variables, `INPUT_LEN=512 TP=4`), `serve` (the
    /// section's serve command), `caption` (a line right above the block or table),
    /// `heading`, `labelled-line` (`**GPU:** H200`), `table-row`, `front-matter`, `sidecar`,
    /// `metadata` (a JSON report's own metadata).
    pub kind: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Scenario {
    /// `sharegpt`, `random`, ... as the client named it.
    pub dataset: Option<String>,
    pub num_prompts: Option<u64>,
    pub input_len: Option<u64>,
    /// `null` when the dataset decides the output length.
    pub output_len: Option<u64>,
    pub range_ratio: Option<f64>,
    pub request_rate: Option<RequestRate>,
    pub max_concurrency: Option<u64>,
}

impl Scenario {
    /// `random 1024/1024`, `sharegpt`: dataset and lengths, what runs are compared on
    /// (`?` for an unstated dataset, `–` for an output length the dataset decides).
    pub fn key(&self) -> String {
        let dataset = self.dataset.as_deref().unwrap_or("?");
        match (self.input_len, self.output_len) {
            (Some(i), Some(o)) => format!("{dataset} {i}/{o}"),
            (Some(i), None) => format!("{dataset} {i}/–"),
            _ => dataset.to_string(),
        }
    }
}

impl Empty for Scenario {
    fn empty() -> &'static Self {
        static EMPTY: Scenario = Scenario { dataset: None, num_prompts: None, input_len: None, output_len: None, range_ratio: None, request_rate: None, max_concurrency: None };
        &EMPTY
    }
}

/// A request rate: a number of requests per second, or `"inf"` (all at once).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RequestRate {
    Inf,
    PerSecond(f64),
}

impl Serialize for RequestRate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            RequestRate::Inf => s.serialize_str("inf"),
            RequestRate::PerSecond(r) => s.serialize_f64(*r),
        }
    }
}

impl<'de> Deserialize<'de> for RequestRate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(f64),
            Text(String),
        }
        match Raw::deserialize(d)? {
            Raw::Number(r) => Ok(RequestRate::PerSecond(r)),
            Raw::Text(t) if t.eq_ignore_ascii_case("inf") => Ok(RequestRate::Inf),
            Raw::Text(t) => Err(serde::de::Error::custom(format!(
                "request_rate must be a number or \"inf\", not {t:?}"
            ))),
        }
    }
}

/// Everything the result block printed, in canonical units.
///
/// A build holds every run, and most blocks print the rows of a vLLM/SGLang serving block
/// and nothing else: the fields a run rarely has (`MoreMetrics`: goodput, peaks, measured
/// concurrency, acceptance length, end-to-end latency, extra rows, spread) are kept behind a
/// pointer allocated on first write (`Rare`) and read through `Deref` as if they were
/// fields of `Metrics` (`run.metrics.e2e_ms`). Serialised field by field in the order
/// `runs.json` has always had, so the file does not change.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Metrics {
    pub completed: Option<u64>,
    pub failed: Option<u64>,
    pub duration_s: Option<f64>,
    pub total_input_tokens: Option<u64>,
    pub total_output_tokens: Option<u64>,
    pub request_throughput: Option<f64>,
    pub input_throughput: Option<f64>,
    pub output_throughput: Option<f64>,
    pub total_throughput: Option<f64>,
    pub ttft_ms: Option<Latency>,
    pub tpot_ms: Option<Latency>,
    pub itl_ms: Option<Latency>,
    pub more: Rare<MoreMetrics>,
}

/// The metrics most runs leave empty; read and written as fields of [`Metrics`].
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct MoreMetrics {
    pub total_output_tokens_retokenized: Option<u64>,
    pub request_goodput: Option<f64>,
    pub peak_output_throughput: Option<f64>,
    pub peak_concurrent_requests: Option<f64>,
    /// Measured concurrency (SGLang's `Concurrency:` row), not the configured limit.
    pub concurrency: Option<f64>,
    pub accept_length: Option<f64>,
    pub e2e_ms: Option<Latency>,
    /// Numeric rows this schema does not name (vision tokens, speculative decoding, ...),
    /// keyed by their normalised label, so no printed number is dropped.
    pub extra: Map<f64>,
    /// How much a value varied over the repeated runs it aggregates (AIPerf/genai-perf
    /// multi-run `aggregate/` reports), keyed by the field the value fills
    /// (`output_throughput`, `ttft_ms.p99`), in that field's unit.
    pub spread: Map<Spread>,
}

impl Empty for MoreMetrics {
    fn empty() -> &'static Self {
        static EMPTY: MoreMetrics = MoreMetrics {
            total_output_tokens_retokenized: None,
            request_goodput: None,
            peak_output_throughput: None,
            peak_concurrent_requests: None,
            concurrency: None,
            accept_length: None,
            e2e_ms: None,
            extra: Map::new(),
            spread: Map::new(),
        };
        &EMPTY
    }
}

impl std::ops::Deref for Metrics {
    type Target = MoreMetrics;
    fn deref(&self) -> &MoreMetrics {
        &self.more
    }
}

/// Writing one of the rare fields (or borrowing it to write) allocates them.
impl std::ops::DerefMut for Metrics {
    fn deref_mut(&mut self) -> &mut MoreMetrics {
        &mut self.more
    }
}

/// `Metrics` as `runs.json` lays it out: every field in its place, the rare ones left out
/// when empty (as before they moved behind a pointer).
#[derive(Serialize, Deserialize, Default)]
struct MetricsLayout<L, M: Layout, S: Layout> {
    completed: Option<u64>,
    failed: Option<u64>,
    duration_s: Option<f64>,
    total_input_tokens: Option<u64>,
    total_output_tokens: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    total_output_tokens_retokenized: Option<u64>,
    request_throughput: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    request_goodput: Option<f64>,
    input_throughput: Option<f64>,
    output_throughput: Option<f64>,
    total_throughput: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    peak_output_throughput: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    peak_concurrent_requests: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    concurrency: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    accept_length: Option<f64>,
    ttft_ms: Option<L>,
    tpot_ms: Option<L>,
    itl_ms: Option<L>,
    e2e_ms: Option<L>,
    #[serde(default, skip_serializing_if = "Layout::is_empty")]
    extra: M,
    #[serde(default, skip_serializing_if = "Layout::is_empty")]
    spread: S,
}

/// A map field of [`MetricsLayout`], owned (reading) or borrowed (writing).
trait Layout {
    fn is_empty(&self) -> bool;
}

impl<V> Layout for Map<V> {
    fn is_empty(&self) -> bool {
        Map::is_empty(self)
    }
}

impl<V> Layout for &Map<V> {
    fn is_empty(&self) -> bool {
        Map::is_empty(self)
    }
}

impl Serialize for Metrics {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let m: &MoreMetrics = &self.more;
        MetricsLayout {
            completed: self.completed,
            failed: self.failed,
            duration_s: self.duration_s,
            total_input_tokens: self.total_input_tokens,
            total_output_tokens: self.total_output_tokens,
            total_output_tokens_retokenized: m.total_output_tokens_retokenized,
            request_throughput: self.request_throughput,
            request_goodput: m.request_goodput,
            input_throughput: self.input_throughput,
            output_throughput: self.output_throughput,
            total_throughput: self.total_throughput,
            peak_output_throughput: m.peak_output_throughput,
            peak_concurrent_requests: m.peak_concurrent_requests,
            concurrency: m.concurrency,
            accept_length: m.accept_length,
            ttft_ms: self.ttft_ms.as_ref(),
            tpot_ms: self.tpot_ms.as_ref(),
            itl_ms: self.itl_ms.as_ref(),
            e2e_ms: m.e2e_ms.as_ref(),
            extra: &m.extra,
            spread: &m.spread,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Metrics {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let l = MetricsLayout::<Latency, Map<f64>, Map<Spread>>::deserialize(d)?;
        let mut more: Rare<MoreMetrics> = Rare::default();
        more.set(MoreMetrics {
            total_output_tokens_retokenized: l.total_output_tokens_retokenized,
            request_goodput: l.request_goodput,
            peak_output_throughput: l.peak_output_throughput,
            peak_concurrent_requests: l.peak_concurrent_requests,
            concurrency: l.concurrency,
            accept_length: l.accept_length,
            e2e_ms: l.e2e_ms,
            extra: l.extra,
            spread: l.spread,
        });
        Ok(Metrics {
            completed: l.completed,
            failed: l.failed,
            duration_s: l.duration_s,
            total_input_tokens: l.total_input_tokens,
            total_output_tokens: l.total_output_tokens,
            request_throughput: l.request_throughput,
            input_throughput: l.input_throughput,
            output_throughput: l.output_throughput,
            total_throughput: l.total_throughput,
            ttft_ms: l.ttft_ms,
            tpot_ms: l.tpot_ms,
            itl_ms: l.itl_ms,
            more,
        })
    }
}

/// The spread of an aggregated value over repeated runs.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Spread {
    /// How many runs were aggregated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub std: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// Confidence interval of the mean: level (0.95) and bounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ci_level: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ci_low: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ci_high: Option<f64>,
    /// The number written after `±` (`819.69 ± 8.40`), in the value's unit, when what it
    /// measures is not known to be one of the fields above.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plus_minus: Option<f64>,
    /// What the source calls the spread (`std` from a `mean ± std` header); `±` when it names
    /// nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// Values computed from the metrics by [`Run::derive`].
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Derived {
    /// Output tokens per second divided by the GPU count.
    pub output_throughput_per_gpu: Option<f64>,
    /// 1000 / mean TPOT: tokens per second a single user sees.
    pub interactivity: Option<f64>,
}

impl Empty for Derived {
    fn empty() -> &'static Self {
        static EMPTY: Derived = Derived { output_throughput_per_gpu: None, interactivity: None };
        &EMPTY
    }
}

/// What the benchmark client said about itself before the result block.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct ClientInfo {
    /// Arguments of `Running benchmark <args> with backend: X`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<String>,
    /// `Namespace(...)` fields as printed (Python repr values, quotes removed); values inline
    /// up to 24 bytes (`map::Text`).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub namespace: Map<crate::map::Text>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planned_input_tokens: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planned_output_tokens: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warmup_s: Option<f64>,
    /// Elapsed time of the progress bar, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress_duration_s: Option<f64>,
}

impl Empty for ClientInfo {
    fn empty() -> &'static Self {
        static EMPTY: ClientInfo = ClientInfo {
            args: None,
            namespace: Map::new(),
            planned_input_tokens: None,
            planned_output_tokens: None,
            warmup_s: None,
            progress_duration_s: None,
        };
        &EMPTY
    }
}

/// How the server was started, as written.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Params {
    /// The serve command with line continuations joined.
    pub command: Option<String>,
    /// Container image, e.g. `vllm/vllm-openai:v0.10.1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    /// Server flags in order (container flags excluded).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<Flag>,
    /// Environment set for the server (`--env`, `-e`, `KEY=value` prefixes).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub env: Map<String>,
    /// The explicit flags plus the defaults this framework version picks on this GPU, from
    /// the parameter catalog (filled by the generator; empty without a catalog).
    #[serde(default, skip_serializing_if = "crate::tuning::Effectives::is_empty")]
    pub effective: crate::tuning::Effectives,
    /// What the memory flag leaves for the KV cache and the other engines' equivalents,
    /// when the model size, precision, GPU memory and TP are known (see `memory::for_run`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kv_memory: Option<Box<crate::memory::KvMemory>>,
}

impl Empty for Params {
    fn empty() -> &'static Self {
        static EMPTY: Params = Params { command: None, image: None, flags: Vec::new(), env: Map::new(), effective: crate::tuning::Effectives::NONE, kv_memory: None };
        &EMPTY
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Flag {
    /// As written, with dashes: `--tp`.
    pub name: String,
    /// `null` for a switch such as `--enable-metrics`.
    pub value: Option<String>,
}

/// Membership of a run in a sweep declared by a log header (`num_prompts: 1, 2, 4, ...`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct SweepRef {
    /// `<path>#L<line>` of the header that opened the sweep.
    pub id: String,
    /// The header lines as written.
    pub header: String,
    /// What varies along the sweep: `num_prompts` or `input_len`.
    pub axis: String,
    /// 0-based position of this run in the sweep.
    pub index: u32,
    /// The value the header announced for this position, if it announced one.
    pub declared: Option<f64>,
    /// Requests the block itself reports.
    pub requests: Option<u64>,
    /// Input tokens per request the block itself shows (total input / requests).
    pub input_tokens_per_request: Option<f64>,
}

/// Prose next to a run in its section, kept verbatim.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Note {
    pub line: u32,
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_rate_round_trips_inf_and_numbers() {
        let json = serde_json::to_string(&[RequestRate::Inf, RequestRate::PerSecond(2.5)]).unwrap();
        assert_eq!(json, r#"["inf",2.5]"#);
        let back: Vec<RequestRate> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, vec![RequestRate::Inf, RequestRate::PerSecond(2.5)]);
        assert!(serde_json::from_str::<RequestRate>(r#""fast""#).is_err());
    }

    #[test]
    fn derive_divides_by_gpu_count_and_inverts_tpot() {
        let mut run = Run {
            tp: Some(2),
            ..Run::default()
        };
        run.metrics.output_throughput = Some(1000.0);
        run.metrics.tpot_ms = Some(Latency::from([("mean".to_string(), 40.0)]));
        run.derive();
        assert_eq!(run.derived.output_throughput_per_gpu, Some(500.0));
        assert_eq!(run.derived.interactivity, Some(25.0));
        run.gpu_count = Some(4);
        run.derive();
        assert_eq!(run.derived.output_throughput_per_gpu, Some(250.0));
    }

    #[test]
    fn metrics_keep_their_json_layout_and_rare_ones_cost_a_pointer_until_written() {
        let mut m = Metrics { completed: Some(10), ttft_ms: Some(Latency::from([("p99".to_string(), 5.0)])), ..Metrics::default() };
        assert!(!m.more.is_allocated() && m.e2e_ms.is_none() && m.extra.is_empty(), "read without allocating");
        let plain = serde_json::to_string(&m).unwrap();
        assert_eq!(
            plain,
            r#"{"completed":10,"failed":null,"duration_s":null,"total_input_tokens":null,"total_output_tokens":null,"request_throughput":null,"input_throughput":null,"output_throughput":null,"total_throughput":null,"ttft_ms":{"p99":5.0},"tpot_ms":null,"itl_ms":null,"e2e_ms":null}"#
        );
        m.concurrency = Some(3.5);
        m.total_output_tokens_retokenized = Some(7);
        m.e2e_ms = Some(Latency::from([("mean".to_string(), 1.0)]));
        m.extra.insert("vision_tokens", 2.0);
        m.spread.insert("output_throughput", Spread { runs: Some(3), ..Spread::default() });
        let full = serde_json::to_string(&m).unwrap();
        let keys: Vec<String> = serde_json::from_str::<serde_json::Value>(&full).unwrap().as_object().unwrap().keys().cloned().collect();
        let at = |k: &str| full.find(&format!("\"{k}\":")).unwrap();
        assert!(at("total_output_tokens") < at("total_output_tokens_retokenized") && at("total_output_tokens_retokenized") < at("request_throughput"));
        assert!(at("total_throughput") < at("concurrency") && at("concurrency") < at("ttft_ms") && at("e2e_ms") < at("extra") && at("extra") < at("spread"), "{full}");
        assert_eq!(keys.len(), 17);
        let back: Metrics = serde_json::from_str(&full).unwrap();
        assert_eq!(back, m);
        let back: Metrics = serde_json::from_str(&plain).unwrap();
        assert!(!back.more.is_allocated(), "an empty rare part is not allocated when read");
    }

    #[test]
    fn derive_leaves_unknowns_null() {
        let mut run = Run::default();
        run.metrics.output_throughput = Some(1000.0);
        run.metrics.tpot_ms = Some(Latency::from([("mean".to_string(), 0.0)]));
        run.derive();
        assert_eq!(*run.derived, Derived::default());
    }
}
