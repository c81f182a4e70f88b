//! The whole view as a query string, so a view is a link. Format, version 1 (`v=1`):
//!
//! | key | meaning |
//! |---|---|
//! | `v` | format version, `1` |
//! | `d` | short hash of the data the link was made on |
//! | `fw`, `ver`, `gpu`, `fam`, `model`, `prec`, `gpus`, `scen`, `n`, `rate`, `conc`, `src` | chosen values of a filter, comma-separated (each value percent-encoded; `?` is "not stated") |
//! | `q` | model search text |
//! | `m` | metric (`out_tps_gpu`, `ttft.p99`, ...) |
//! | `x` | x-axis metric of the trade-off chart |
//! | `c` | chart: `bars`, `tradeoff`, `sweep`, or `compare` (the compare view) |
//! | `vs` | compare view: the dimension compared (a filter key: `ver`, `gpu`, `src`, ...) |
//! | `b`, `k` | compare view: its base and candidate value (percent-encoded); the other filters apply to both sides |
//! | `up`, `down` | compare view: verdict thresholds as typed (defaults 1.2 and 0.8; checked when drawn) |
//! | `price` | prices per GPU-hour as typed, `H800:2.5,A100:1.1` (checked when drawn; never sent anywhere) |
//! | `s`, `o` | sort column and order (`asc`, `desc`) |
//! | `sel` | selected run id |
//! | `log` | `1` for a log-scale value axis |
//! | `nf` | `1` to hide runs with findings |
//! | `in` | the runs in view, `path:line.line;path:line` (only when at most 300) |
//!
//! Unknown keys and values that do not parse are ignored, each with a notice. Keys were only
//! ever added, so every older link still reads the same.

use crate::store::Dim;
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use crate::sorted::{SortedMap, SortedSet};

pub const VERSION: &str = "1";

/// Most runs listed in `in=`; above this a link only says the data changed.
pub const MAX_LISTED: usize = 300;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Chart {
    #[default]
    Bars,
    Tradeoff,
    Sweep,
    /// Base against candidate: pairs, ratios, verdicts and drift instead of a chart.
    Compare,
}

impl Chart {
    pub const ALL: [Chart; 4] = [Chart::Bars, Chart::Tradeoff, Chart::Sweep, Chart::Compare];

    pub fn key(self) -> &'static str {
        match self {
            Chart::Bars => "bars",
            Chart::Tradeoff => "tradeoff",
            Chart::Sweep => "sweep",
            Chart::Compare => "compare",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct ViewState {
    pub filters: SortedMap<Dim, SortedSet<String>>,
    pub search: String,
    pub metric: Option<String>,
    pub x_metric: Option<String>,
    pub chart: Chart,
    pub sort: Option<(String, bool)>,
    pub selected: Option<String>,
    pub log: bool,
    /// Runs with findings left out of the view.
    pub hide_flagged: bool,
    pub data_hash: Option<String>,
    /// Run ids in view when the link was made.
    pub in_view: Option<Vec<String>>,
    /// Compare view: the dimension whose two values are compared.
    pub versus: Option<Dim>,
    pub base: Option<String>,
    pub candidate: Option<String>,
    /// Verdict thresholds as typed; `Thresholds::new` decides when they are drawn.
    pub up: Option<f64>,
    pub down: Option<f64>,
    /// Prices per GPU-hour as typed (`H800:2.5,A100:1.1`); `cost::Prices::parse` refuses
    /// bad ones when drawn, each with a notice.
    pub price: String,
}

/// Characters left as they are in values: letters, digits and `-._~/ `.
const VALUE: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~').remove(b'/');

fn enc(s: &str) -> String {
    utf8_percent_encode(s, VALUE).to_string()
}

/// Prices keep their `:` and `,` readable in the link.
const PRICE: &AsciiSet = &VALUE.remove(b':').remove(b',');

fn dec(s: &str) -> Option<String> {
    percent_decode_str(&s.replace('+', " ")).decode_utf8().ok().map(|c| c.into_owned())
}

impl ViewState {
    /// `v=1&d=…&fw=lmdeploy,vllm&m=ttft.p99`; keys in a fixed order so equal views give
    /// equal links.
    pub fn to_query(&self) -> String {
        let mut parts = vec![format!("v={VERSION}")];
        if let Some(d) = &self.data_hash {
            parts.push(format!("d={}", enc(d)));
        }
        for (dim, values) in &self.filters {
            if !values.is_empty() {
                parts.push(format!("{}={}", dim.key(), values.iter().map(|v| enc(v)).collect::<Vec<_>>().join(",")));
            }
        }
        if !self.search.is_empty() {
            parts.push(format!("q={}", enc(&self.search)));
        }
        if let Some(m) = &self.metric {
            parts.push(format!("m={}", enc(m)));
        }
        if let Some(x) = &self.x_metric {
            parts.push(format!("x={}", enc(x)));
        }
        if self.chart != Chart::Bars {
            parts.push(format!("c={}", self.chart.key()));
        }
        if let Some((col, desc)) = &self.sort {
            parts.push(format!("s={}&o={}", enc(col), if *desc { "desc" } else { "asc" }));
        }
        if let Some(sel) = &self.selected {
            parts.push(format!("sel={}", enc(sel)));
        }
        if self.log {
            parts.push("log=1".into());
        }
        if self.hide_flagged {
            parts.push("nf=1".into());
        }
        if let Some(dim) = self.versus {
            parts.push(format!("vs={}", dim.key()));
        }
        for (key, value) in [("b", &self.base), ("k", &self.candidate)] {
            if let Some(v) = value {
                parts.push(format!("{key}={}", enc(v)));
            }
        }
        for (key, value) in [("up", self.up), ("down", self.down)] {
            if let Some(v) = value {
                parts.push(format!("{key}={}", benchsite_model::number::shortest(v)));
            }
        }
        if !self.price.is_empty() {
            parts.push(format!("price={}", utf8_percent_encode(&self.price, PRICE)));
        }
        if let Some(ids) = &self.in_view {
            parts.push(format!("in={}", encode_ids(ids)));
        }
        parts.join("&")
    }

    /// Reads a query string (with or without `?`); returns the state and a notice for each
    /// key or value that was ignored.
    pub fn from_query(query: &str) -> (ViewState, Vec<String>) {
        let mut state = ViewState::default();
        let mut notices = Vec::new();
        let mut order: Option<bool> = None;
        let mut sort_col: Option<String> = None;
        for pair in query.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
            let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
            let Some(value) = dec(raw) else {
                notices.push(format!("{key}: not valid UTF-8"));
                continue;
            };
            let understood = match key {
                "v" => value == VERSION,
                "d" if is_hash(&value) => {
                    state.data_hash = Some(value.clone());
                    true
                }
                "q" => {
                    state.search = value.clone();
                    true
                }
                "m" | "x" | "s" if is_metric_key(&value) => {
                    match key {
                        "m" => state.metric = Some(value.clone()),
                        "x" => state.x_metric = Some(value.clone()),
                        _ => sort_col = Some(value.clone()),
                    }
                    true
                }
                "c" => Chart::ALL.into_iter().find(|c| c.key() == value).map(|c| state.chart = c).is_some(),
                "o" if value == "asc" || value == "desc" => {
                    order = Some(value == "desc");
                    true
                }
                "sel" => {
                    state.selected = Some(value.clone());
                    true
                }
                "log" if value == "1" || value == "0" => {
                    state.log = value == "1";
                    true
                }
                "nf" if value == "1" || value == "0" => {
                    state.hide_flagged = value == "1";
                    true
                }
                "vs" => Dim::from_key(&value).map(|d| state.versus = Some(d)).is_some(),
                "b" => {
                    state.base = Some(value.clone());
                    true
                }
                "k" => {
                    state.candidate = Some(value.clone());
                    true
                }
                "up" | "down" => match benchsite_model::number::parse_f64(&value) {
                    Some(v) if v.is_finite() => {
                        *(if key == "up" { &mut state.up } else { &mut state.down }) = Some(v);
                        true
                    }
                    _ => false,
                },
                "price" => {
                    state.price = value.clone();
                    true
                }
                // Read before percent-decoding: a path may hold `;` or `:` (encoded).
                "in" => decode_ids(raw).map(|ids| state.in_view = Some(ids)).is_some(),
                "d" | "m" | "x" | "s" | "o" | "log" | "nf" => false,
                _ => match Dim::from_key(key) {
                    Some(dim) => raw
                        .split(',')
                        .filter(|v| !v.is_empty())
                        .map(dec)
                        .collect::<Option<SortedSet<String>>>()
                        .map(|v| state.filters.insert(dim, v))
                        .is_some(),
                    None => {
                        notices.push(format!("{key}: unknown parameter"));
                        true
                    }
                },
            };
            if !understood {
                notices.push(format!("{key}={value}: ignored"));
            }
        }
        if let Some(col) = sort_col {
            state.sort = Some((col, order.unwrap_or(true)));
        }
        (state, notices)
    }
}

fn is_hash(s: &str) -> bool {
    s.len() == 8 && s.chars().all(|c| c.is_ascii_hexdigit())
}

/// Metric keys are short identifiers: `out_tps`, `ttft.p99.9`.
pub fn is_metric_key(s: &str) -> bool {
    !s.is_empty() && s.len() <= 32 && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// `a.md#L1`, `a.md#L5`, `b.log#L9` → `a.md:1.5;b.log:9`.
pub fn encode_ids(ids: &[String]) -> String {
    let mut by_path: SortedMap<&str, Vec<&str>> = SortedMap::new();
    for id in ids {
        let (path, line) = id.rsplit_once("#L").unwrap_or((id, ""));
        by_path.get_or_default(path).push(line);
    }
    by_path.into_iter().map(|(p, lines)| format!("{}:{}", enc(p), lines.join("."))).collect::<Vec<_>>().join(";")
}

/// The inverse of [`encode_ids`], on the query value as it stands in the URL (paths still
/// percent-encoded, so their `;` and `:` are not taken for separators).
fn decode_ids(s: &str) -> Option<Vec<String>> {
    let mut ids = Vec::new();
    for group in s.split(';').filter(|g| !g.is_empty()) {
        let (path, lines) = group.rsplit_once(':')?;
        let path = dec(path)?;
        for line in lines.split('.') {
            line.parse::<u32>().ok()?;
            ids.push(format!("{path}#L{line}"));
        }
    }
    Some(ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn equal_views_give_equal_links_and_read_back() {
        let mut s = ViewState { metric: Some("ttft.p99".into()), chart: Chart::Tradeoff, log: true, hide_flagged: true, data_hash: Some("0123abcd".into()), ..ViewState::default() };
        s.filters.insert(Dim::Framework, SortedSet::from(["vllm".into(), "lmdeploy".into()]));
        s.filters.insert(Dim::Model, SortedSet::from(["Qwen/Qwen3-8B, FP8 & more".into()]));
        s.sort = Some(("ttft.p99".into(), false));
        s.in_view = Some(vec!["lmdeploy/H800_v0.10.0.md#L78".into(), "lmdeploy/H800_v0.10.0.md#L116".into()]);
        let q = s.to_query();
        assert!(q.starts_with("v=1&d=0123abcd&fw=lmdeploy,vllm&model=Qwen/Qwen3-8B%2C%20FP8%20%26%20more"), "{q}");
        assert!(q.contains("in=lmdeploy/H800_v0.10.0.md:78.116"), "{q}");
        let (back, notices) = ViewState::from_query(&q);
        assert_eq!(back, s);
        assert!(notices.is_empty(), "{notices:?}");
    }

    #[test]
    fn a_path_with_a_semicolon_or_colon_survives_the_in_list() {
        let ids = vec!["raw/a;b:c.log#L3".to_string(), "raw/a;b:c.log#L9".to_string(), "x.md#L1".to_string()];
        let state = ViewState { in_view: Some(ids.clone()), ..ViewState::default() };
        let (back, notices) = ViewState::from_query(&state.to_query());
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(back.in_view, Some(ids));
    }

    #[test]
    fn garbled_and_unknown_parameters_are_ignored_with_a_notice() {
        let (s, notices) = ViewState::from_query("?v=9&c=pie&m=<script>&zz=1&fw=vllm&in=%%%&d=nothex");
        assert_eq!(s.filters[&Dim::Framework], SortedSet::from(["vllm".to_string()]));
        assert_eq!((s.chart, s.metric.clone(), s.data_hash.clone()), (Chart::Bars, None, None));
        assert_eq!(notices.len(), 6, "{notices:?}");
    }

    #[test]
    fn a_compare_view_and_prices_are_a_readable_link() {
        let s = ViewState {
            chart: Chart::Compare,
            versus: Some(Dim::Version),
            base: Some("lmdeploy 0.9.2".into()),
            candidate: Some("lmdeploy 0.10.0".into()),
            up: Some(1.5),
            price: "A100:1.1,H800:2.5".into(),
            ..ViewState::default()
        };
        let q = s.to_query();
        assert_eq!(q, "v=1&c=compare&vs=ver&b=lmdeploy%200.9.2&k=lmdeploy%200.10.0&up=1.5&price=A100:1.1,H800:2.5");
        assert_eq!(ViewState::from_query(&q), (s, vec![]));
        // Old links (no compare keys) read as before; a bad compare key is named.
        let (old, notices) = ViewState::from_query("v=1&fw=vllm&c=bars&vs=nope&up=abc&down=NaN");
        assert_eq!((old.versus, old.up, old.down, old.chart), (None, None, None, Chart::Bars));
        assert_eq!(notices, ["vs=nope: ignored", "up=abc: ignored", "down=NaN: ignored"]);
    }

    fn arb_state() -> impl Strategy<Value = ViewState> {
        let text = "[ -~一-龥]{0,12}";
        (
            proptest::collection::vec((proptest::sample::select(Dim::ALL.to_vec()), proptest::collection::vec(text, 1..4)), 0..4),
            text,
            proptest::option::of("[a-z_]{1,8}(\\.p[0-9]{1,2})?"),
            proptest::option::of("[a-z_]{1,8}"),
            proptest::sample::select(Chart::ALL.to_vec()),
            proptest::option::of(("[a-z_]{1,8}", any::<bool>())),
            proptest::option::of(text),
            (any::<bool>(), any::<bool>()),
            proptest::option::of("[0-9a-f]{8}"),
            proptest::option::of(proptest::collection::vec("[a-z/_.;: %]{1,10}#L[1-9][0-9]{0,3}", 1..5)),
            (
                proptest::option::of(proptest::sample::select(Dim::ALL.to_vec())),
                proptest::option::of(text),
                proptest::option::of(text),
                proptest::option::of(-1e6..1e6f64),
                proptest::option::of(any::<f64>().prop_filter("finite", |v| v.is_finite())),
                "[ -~一-龥]{0,24}",
            ),
        )
            .prop_map(|(filters, search, metric, x_metric, chart, sort, selected, (log, hide_flagged), data_hash, in_view, compare)| {
                let (versus, base, candidate, up, down, price) = compare;
                let filters = filters.into_iter().map(|(d, v)| (d, v.into_iter().filter(|s: &String| !s.is_empty()).collect::<SortedSet<_>>())).filter(|(_, v)| !v.is_empty()).collect();
                // `in=` groups ids by path; compare in that order.
                let in_view = in_view.map(|ids: Vec<String>| decode_ids(&encode_ids(&ids)).unwrap());
                ViewState { filters, search, metric, x_metric, chart, sort, selected, log, hide_flagged, data_hash, in_view, versus, base, candidate, up, down, price }
            })
    }

    proptest! {
        #[test]
        fn any_view_round_trips_through_its_link(state in arb_state()) {
            let (back, notices) = ViewState::from_query(&state.to_query());
            prop_assert!(notices.is_empty(), "{:?} from {}", notices, state.to_query());
            prop_assert_eq!(back, state);
        }
    }
}
