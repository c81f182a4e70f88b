//! The fuzz targets' properties (`fuzz/src/properties.rs`, included here) as property tests,
//! so CI checks on every run what `cargo xtask fuzz` checks for hours: any bytes through the
//! readers, any query string through the URL state, any markdown through the docs renderer.
//! The generators build input from the pieces that matter to each reader (real lines of the
//! seed files, query keys and escapes, raw HTML and markdown syntax) mixed with noise.

#[path = "../../fuzz/src/properties.rs"]
#[allow(dead_code)]
mod properties;

use proptest::prelude::*;

/// Lines of the seed content that start or fill a result block, and noise around them.
fn log_lines() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let mut lines: Vec<String> = ["raw/vllm_sweep.log", "lmdeploy/H800_v0.10.0.md", "vllm/A100_v0.10.1.md"]
        .iter()
        .flat_map(|f| std::fs::read_to_string(root.join(f)).unwrap().lines().map(str::to_string).collect::<Vec<_>>())
        .filter(|l| l.contains(':') || l.contains("===") || l.contains("---") || l.starts_with('#') || l.starts_with("```"))
        .collect();
    lines.sort();
    lines.dedup();
    lines.extend(["{", "}", "[", "]", "\"completed\": 32,", "\"duration\": NaN,", "\"request_rate\": Infinity,", "\u{feff}", "\r", "<details><pre>", "</pre></details>"].map(String::from));
    lines
}

/// Lines of every real sample the format readers are tested on (`ingest/tests/fixtures`):
/// AIPerf tables, guidellm rows, CSV headers, YAML keys, markdown tables, JSON members.
fn fixture_lines() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ingest/tests/fixtures");
    let mut lines: Vec<String> = walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .flat_map(|e| std::fs::read_to_string(e.path()).unwrap_or_default().lines().skip(1).map(str::to_string).collect::<Vec<_>>())
        .filter(|l| l.len() < 400)
        .collect();
    lines.sort();
    lines.dedup();
    lines
}

fn arb_mixed() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        6 => prop::sample::select(fixture_lines()).prop_map(|l| format!("{l}\n").into_bytes()),
        2 => prop::sample::select(log_lines()).prop_map(|l| format!("{l}\n").into_bytes()),
        1 => prop::collection::vec(any::<u8>(), 0..16),
    ];
    prop::collection::vec(piece, 0..50).prop_map(|pieces| pieces.concat())
}

fn arb_log() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => prop::sample::select(log_lines()).prop_map(|l| format!("{l}\n").into_bytes()),
        1 => prop::collection::vec(any::<u8>(), 0..24),
        1 => "[ -~]{0,30}\n".prop_map(String::into_bytes),
    ];
    prop::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat())
}

/// Every real sample the format readers are tested on, whole, with its file name.
fn fixtures() -> Vec<(String, Vec<u8>)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ingest/tests/fixtures");
    let mut files: Vec<(String, Vec<u8>)> = walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
        .map(|(name, bytes)| {
            // The source line is blanked in a file of a syntax of its own, as the readers'
            // tests do (`ingest/tests/common/mod.rs`): `# source:` before JSON is no JSON.
            let structured = [".json", ".jsonl", ".csv", ".yaml", ".yml", ".html", ".md"].iter().any(|e| name.ends_with(e));
            let first = if structured { bytes.iter().position(|&b| b == b'\n').unwrap_or(bytes.len()) } else { 0 };
            (name, bytes[first..].to_vec())
        })
        .collect();
    // And the fuzz seeds of readers with no sample file (trtllm-bench, vLLM's throughput and
    // saved results): `<path>\n<bytes>`.
    let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/ingest_any");
    for entry in std::fs::read_dir(seeds).unwrap().map(Result::unwrap) {
        let seed = std::fs::read(entry.path()).unwrap();
        let (path, bytes) = properties::split_path(&seed);
        files.push((path.rsplit('/').next().unwrap().to_string(), bytes.to_vec()));
    }
    files.sort();
    files
}

/// Names a file may have: its own, or its stem under every extension the registry tells
/// apart, in `raw/`, in a framework folder, or as a result file.
fn arb_name(own: String) -> impl Strategy<Value = String> {
    let stem = own.split('.').next().unwrap_or("x").to_string();
    let exts = ["log", "txt", "md", "json", "jsonl", "csv", "yaml", "yml", "html", "sh", ""];
    prop_oneof![
        3 => Just(format!("raw/{own}")),
        3 => prop::sample::select(exts.to_vec()).prop_map(move |e| if e.is_empty() { format!("raw/{stem}") } else { format!("raw/{stem}.{e}") }),
        1 => Just("vllm/H100_v0.9.0.md".to_string()),
        1 => Just(format!("sglang/{own}")),
    ]
}

/// A real sample, damaged: bytes cut, repeated, replaced or inserted where a reader turns
/// (digits, quotes, separators, line breaks).
fn arb_fixture() -> impl Strategy<Value = (String, Vec<u8>)> {
    let edit = (any::<prop::sample::Index>(), 0u8..4, prop::sample::select(b"0123456789.,:|\"{}[]-\n \t=e".to_vec()));
    (prop::sample::select(fixtures()), prop::collection::vec(edit, 0..6)).prop_flat_map(|((own, mut bytes), edits)| {
        for (at, op, b) in edits {
            let i = at.index(bytes.len() + 1);
            match op {
                0 => bytes.truncate(i),
                1 if i < bytes.len() => bytes[i] = b,
                2 => bytes.insert(i, b),
                _ => {
                    let end = (i + 200).min(bytes.len());
                    let piece = bytes[i..end].to_vec();
                    bytes.splice(i..i, piece);
                }
            }
        }
        (arb_name(own), Just(bytes))
    })
}

const QUERY_PIECES: [&str; 47] = [
    "v=", "1", "d=", "fw=", "ver=", "gpu=", "fam=", "model=", "prec=", "gpus=", "scen=", "n=", "rate=", "conc=", "src=", "q=", "m=", "x=", "c=", "s=",
    "o=", "sel=", "log=1", "nf=1", "in=", "&", "&", ",", ",", "%", "%2C", "%25", "%E5%9F%BA", "%E0%A4%A", "+", ";", ":", ".", "?", "#L12", "bars", "asc", "vllm", "0123abcd",
    "b.md:2.7", "a.log:1", "raw/x;y.log:3",
];

fn arb_query() -> impl Strategy<Value = String> {
    let piece = prop_oneof![4 => prop::sample::select(QUERY_PIECES.to_vec()).prop_map(String::from), 1 => "\\PC{0,6}"];
    prop::collection::vec(piece, 0..30).prop_map(|p| p.concat())
}

const DOC_PIECES: [&str; 40] = [
    "# ", "## ", "### ", "Setup", "基准 设置", " {#main}", " {.error-panel}", "\n", "\n\n", "```", "```{note}\n", "```{warning}\n", "```rust x\n", "```{text}\n",
    "[a](#main)", "[b](./glossary.en.md#ttft)", "[c](./missing.md)", "[d](javascript:alert(1))", "[e](JaVaScRiPt&#58;alert(1))", "![f](local.png)", "![g](https://example.com/x.png)",
    "<div class=\"error-panel notice\" id=\"viewer-error\">", "</div>", "<span class=\"missing-link x\" id=\"L1\">", "</span>", "<img src=x onerror=alert(1)>", "<img src=\"/media/../x.png\">",
    "<script>alert(1)</script>", "<svg><script>alert(1)</script></svg>", "<a href=\"  java\tscript:x\">", "<iframe src=//x>", "<style>*{}</style>", "<aside class=\"admonition note\">",
    "<p style=\"x\" onclick=\"y\">", "<math><mi>x</mi></math>", "> ", "- ", "| a | b |\n|-|-|\n", "`code`", "&lt;",
];

fn arb_doc() -> impl Strategy<Value = String> {
    let piece = prop_oneof![5 => prop::sample::select(DOC_PIECES.to_vec()).prop_map(String::from), 1 => "\\PC{0,8}"];
    prop::collection::vec(piece, 0..40).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_bytes_read_as_any_format_point_at_their_own_lines(bytes in arb_log()) {
        for path in [properties::LOG, properties::RESULT_MD, properties::JSON, properties::JSONL] {
            if let Err(e) = properties::parse_anything(path, &bytes) {
                return Err(TestCaseError::fail(format!("{path}: {e}")));
            }
        }
    }

    /// Lines of every supported tool's real output, shuffled and mixed, read as every kind
    /// of file the registry tells apart: no panic, every line pointer inside the text.
    #[test]
    fn shuffled_lines_of_every_format_read_as_any_file_point_at_their_own_lines(bytes in arb_mixed()) {
        for path in [properties::LOG, properties::RESULT_MD, properties::JSON, properties::JSONL].into_iter().chain(properties::OTHERS) {
            if let Err(e) = properties::parse_anything(path, &bytes) {
                return Err(TestCaseError::fail(format!("{path}: {e}")));
            }
        }
    }

    /// Every real sample (so every reader of the registry), damaged, under its own name or
    /// another: the CLI's entry point and the browser's parser keep their line pointers inside
    /// the text and give the same runs.
    #[test]
    fn any_damaged_sample_under_any_name_reads_alike_in_the_cli_and_the_browser((path, bytes) in arb_fixture()) {
        let input = [format!("{path}\n").as_bytes(), &bytes].concat();
        properties::any_file(&input).map_err(TestCaseError::fail)?;
    }

    /// The explorer's data of the runs of any sample reads back as those runs; damaged, the
    /// viewer's decoder refuses it or reads it, and never panics.
    #[test]
    fn explorer_data_of_any_sample_reads_back_and_damage_never_panics((path, bytes) in arb_fixture(), edits in prop::collection::vec(any::<u8>(), 0..40)) {
        let mut input = [format!("{path}\n").as_bytes(), &bytes].concat();
        input.retain(|&b| b != 0);
        if !edits.is_empty() {
            input.push(0);
            input.extend(&edits);
        }
        properties::explore_data(&input).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn any_query_gives_a_view_whose_link_reads_back_the_same(query in arb_query()) {
        properties::query_round_trips(&query).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn any_markdown_renders_inert_and_cannot_pose_as_the_site(text in arb_doc()) {
        properties::docs_are_inert(&text).map_err(TestCaseError::fail)?;
    }
}

/// The checker itself: it must see what it is there to see, or the properties prove nothing.
#[test]
fn the_inertness_check_catches_what_it_looks_for() {
    for bad in [
        "<script>x</script>",
        "<p onclick=\"x\">a</p>",
        "<a href=\" javascript:x\">a</a>",
        "<img src=\"https://example.com/x.png\">",
        "<div id=\"viewer-error\">x</div>",
        "<div class=\"error-panel\">x</div>",
        "<iframe></iframe>",
        "<a href=\"\u{1}java\tscr\nipt:x\">a</a>",
    ] {
        assert!(properties::check_inert(bad).is_err(), "{bad} passed");
    }
    // Other controls inside the scheme make it a relative URL to a browser, not a script.
    assert_eq!(properties::check_inert("<a href=\"javascr\u{13}ipt:alert(0)\">a</a>"), Ok(()));
    assert_eq!(properties::check_inert("<h2 id=\"doc-a\">A <a class=\"anchor\" href=\"#doc-a\">#</a></h2><p>javascript: onerror= as text</p>"), Ok(()));
}

/// The samples the proptests and `cargo xtask fuzz ingest_any` start from reach every reader
/// of the format registry (each reader given each sample, as the registry would): a reader
/// added without a sample fails here rather than going unfuzzed.
#[test]
fn the_samples_reach_every_reader_of_the_registry() {
    use benchsite_ingest::formats::{Input, Read, FORMATS};
    let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let content_files = walkdir::WalkDir::new(&content).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file());
    let mut samples: Vec<(String, Vec<u8>)> = fixtures().into_iter().map(|(name, bytes)| (format!("raw/{name}"), bytes)).collect();
    samples.extend(content_files.map(|e| (e.path().strip_prefix(&content).unwrap().to_string_lossy().replace('\\', "/"), std::fs::read(e.path()).unwrap())));
    let mut reached = vec![false; FORMATS.len()];
    for (path, bytes) in &samples {
        let text = String::from_utf8_lossy(bytes);
        let input = Input { path, text: &text, first_line: 1 };
        let mut sink = benchsite_ingest::sink::Sink::new(path);
        let tables = benchsite_ingest::parse_file(path, &text, None).runs;
        for (k, format) in FORMATS.iter().enumerate() {
            let runs = match &format.read {
                Read::Text(read) | Read::Fallback(read) if (format.detect)(&input) => read(&input, &mut sink).0.len(),
                Read::File(read) if (format.detect)(&input) => read(&input, &mut sink).map_or(0, |r| r.len()),
                Read::Json(read) if (format.detect)(&input) => match benchsite_ingest::json::parse(&text) {
                    benchsite_ingest::json::Parsed::Objects(objects) => read(&input, &objects, &mut sink).map_or(0, |r| r.len()),
                    _ => 0,
                },
                Read::Table(_) => tables.iter().filter(|r| r.format == format.name).count(),
                _ => 0,
            };
            reached[k] |= runs > 0;
        }
    }
    let unread: Vec<String> = FORMATS.iter().zip(&reached).filter(|(_, r)| !**r).map(|(f, _)| format!("{} ({})", f.name, kind(&f.read))).collect();
    assert!(unread.is_empty(), "no sample is read by {unread:?}; add one to ingest/tests/fixtures or fuzz/seeds/ingest_any");
}

fn kind(read: &benchsite_ingest::formats::Read) -> &'static str {
    use benchsite_ingest::formats::Read;
    match read {
        Read::Text(_) => "text",
        Read::Json(_) => "JSON",
        Read::File(_) => "file",
        Read::Table(_) => "table",
        Read::Fallback(_) => "fallback text",
    }
}
