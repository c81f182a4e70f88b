//! `cargo xtask site [--out DIR] [--base-url URL]`: the whole site in one command — the
//! viewer compiled to wasm, its JS bindings, `wasm-opt -Oz` when a working one is present,
//! then the generator (`cargo xtask wasm`: the wasm part alone). `cargo xtask size [--out DIR]` estimates what a first visit to the
//! explorer transfers (a fixed file list, gzip-compressed); `cargo xtask first-visit [--out
//! DIR]` measures it in headless Chromium (`first_visit.rs`). `cargo xtask bench-viewer [--runs N,N]` times the explorer on the seed data, then
//! on the explorer data of generated corpora of N runs (first chart, filter → redraw). `cargo xtask corpus N` writes a
//! generated content folder of N runs (`corpus.rs`), `cargo xtask bench-site` times the build
//! on such corpora (`bench_site.rs`), `cargo xtask bench-serve` the time from an edit to its
//! page in `benchsite serve` (`bench_serve.rs`). `cargo xtask fuzz [TARGET] [--seconds N]` runs the fuzz
//! targets (`fuzz.rs`).
//! `cargo xtask mem [--mb N] [--only pathological|realistic] [--keep DIR]` measures the build's
//! peak memory and time on large inputs (`mem.rs`).

mod bench_serve;
mod bench_site;
mod corpus;
mod first_visit;
mod fuzz;
mod glue;
mod mem;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("site") => site(&args[1..]),
        Some("wasm") => wasm().map(|_| ()),
        Some("size") => size(&args[1..]),
        Some("bench-viewer") => bench_viewer(&args[1..]),
        Some("fuzz") => fuzz::fuzz(&args[1..], &root()),
        Some("mem") => mem::mem(&args[1..], &root()),
        Some("corpus") => corpus::corpus(&args[1..]),
        Some("bench-site") => bench_site::bench_site(&args[1..]),
        Some("bench-serve") => bench_serve::bench_serve(&args[1..]),
        Some("first-visit") => first_visit::first_visit(&args[1..]),
        _ => Err(concat!(
            "usage: cargo xtask site [--out DIR] [--base-url URL] | wasm | size [--out DIR] | mem [--mb N] [--only SHAPE] [--keep DIR] [--bin PATH] | first-visit [--out DIR] | bench-viewer [--out DIR] [--runs 1000,10000,100000,1000000]",
            " | bench-site [--runs 1000,10000,100000] [--viewer DIR] [--dir DIR] [--keep] [--timeout S] | corpus N [--out DIR] [--seed S]",
            " | bench-serve [--runs seed,100000] [--edits 5] [--dir DIR] [--bin PATH] [--keep] | fuzz [TARGET] [--seconds N]"
        )
        .into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits in the workspace").to_path_buf()
}

fn flag(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned()
}

fn run(cmd: &mut Command) -> Result<(), String> {
    eprintln!("xtask: running {cmd:?}");
    let status = cmd.status().map_err(|e| format!("could not start {cmd:?}: {e}"))?;
    status.success().then_some(()).ok_or_else(|| format!("{cmd:?} failed with {status}"))
}

fn site(args: &[String]) -> Result<(), String> {
    let root = root();
    let out = flag(args, "--out").map_or_else(|| root.join("public"), PathBuf::from);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let pkg = wasm()?;
    let mut gen = Command::new(&cargo);
    gen.current_dir(&root).args(["run", "--locked", "--release", "-p", "benchsite", "--", "build", "--content", "content", "--viewer"]).arg(&pkg).arg("--out").arg(&out);
    if let Some(base) = flag(args, "--base-url") {
        gen.args(["--base-url", &base]);
    }
    run(&mut gen)?;
    eprintln!("xtask: site with explorer in {}", out.display());
    Ok(())
}

/// The explorer's wasm modules: (package, its features, the module's name, its folder in the
/// package, built lean). The core draws the first view and is all a first visit loads; the full module
/// (the same crate with its `panels`) takes the page over when a reader or a link opens a
/// panel the core has not; the parsers are loaded only when a reader adds a log. The
/// explorer's two are built lean (`LEAN`); the parsers are not: a reader whose log stops
/// the parser gets the panic's message (`parse-worker.js`), and they are loaded only then.
const MODULES: [(&str, &[&str], &str, &str, bool); 3] = [
    ("benchsite-viewer", &["--no-default-features", "--features", "web"], "benchsite_viewer", "", true),
    ("benchsite-viewer", &[], "benchsite_viewer_full", "full", true),
    ("benchsite-viewer-parse", &[], "benchsite_viewer_parse", "parse", false),
];

/// The toolchain the explorer's modules are built with, pinned: a nightly, for the standard
/// library rebuilt with the module (`-Zbuild-std`) and a panic that is a trap with no message
/// (`-C panic=immediate-abort`, location details left out): no panic-message formatting
/// and no source paths in the wasm. The core module: 128.1 → 113.8 kB gzip -6 (296.8 → 258.5 kB), the
/// full one 170.0 → 153.3 kB. A panic then reaches the page as a `WebAssembly.RuntimeError`,
/// which `explore.js` shows in the error panel (`viewer.stopped`). Where the toolchain cannot
/// be installed (or `BENCHSITE_WASM_STABLE=1`), the modules are built with the stable one,
/// larger, their panics shown by the viewer's panic hook.
const LEAN: &str = "nightly-2026-10-30";
const LEAN_RUSTFLAGS: &str = "-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none";

/// `program` of `toolchain` (`rustup run`), without the outer cargo's variables, which name
/// the stable cargo and rustc and its flags (the lean wasm build's and `cargo fuzz`'s).
fn toolchain_command(toolchain: &str, program: &str) -> Command {
    let mut cmd = Command::new("rustup");
    cmd.args(["run", toolchain, program]);
    for var in ["CARGO", "RUSTC", "RUSTDOC", "RUSTUP_TOOLCHAIN", "RUSTFLAGS"] {
        cmd.env_remove(var);
    }
    cmd
}

/// `program` of the lean toolchain (its flags set by the caller alone).
fn lean_command(program: &str) -> Command {
    let mut cmd = toolchain_command(LEAN, program);
    cmd.env_remove("CARGO_ENCODED_RUSTFLAGS");
    cmd
}

/// Whether the lean toolchain is there, installing it (with `rust-src` and the wasm32
/// target) when it is not; `false`, said once, when it cannot be.
fn lean_toolchain() -> bool {
    if std::env::var_os("BENCHSITE_WASM_STABLE").is_some_and(|v| v == "1") {
        eprintln!("xtask: BENCHSITE_WASM_STABLE=1: the explorer's wasm is built with the stable toolchain (larger)");
        return false;
    }
    let has_src = || {
        lean_command("rustc").args(["--print", "sysroot"]).output().ok().filter(|o| o.status.success()).is_some_and(|o| {
            let sysroot = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
            sysroot.join("lib/rustlib/src/rust/library/std").is_dir() && sysroot.join("lib/rustlib/wasm32-unknown-unknown").is_dir()
        })
    };
    if has_src() {
        return true;
    }
    let installed = run(Command::new("rustup").args(["toolchain", "install", LEAN, "--profile", "minimal", "--component", "rust-src", "--target", "wasm32-unknown-unknown"]));
    if installed.is_ok() && has_src() {
        return true;
    }
    eprintln!("xtask: toolchain {LEAN} with rust-src could not be installed; the explorer's wasm is built with the stable toolchain (about 14 kB gzip larger)");
    false
}

/// `cargo xtask wasm`: the first half of `site`, the explorer's wasm modules with their
/// bindings in `target/viewer-pkg` (each size printed), for measuring the wasm alone.
fn wasm() -> Result<PathBuf, String> {
    let root = root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    ensure_wasm_target()?;
    let pkg = root.join("target/viewer-pkg");
    let mut wasm_opt = None;
    let mut lean = None;
    for (package, features, krate, sub, small) in MODULES {
        // One build each: built together, the parser's worker would get the viewer crate with
        // its `web` feature (features unify within a build), and with it the explorer's entry
        // points; the two explorer builds differ in their features.
        let build = ["build", "--locked", "--profile", "wasm", "--target", "wasm32-unknown-unknown", "-p", package];
        if small && *lean.get_or_insert_with(lean_toolchain) {
            run(lean_command("cargo").current_dir(&root).args(build).args(features).arg("-Zbuild-std=std,panic_abort").env("RUSTFLAGS", LEAN_RUSTFLAGS))?;
        } else {
            run(Command::new(&cargo).current_dir(&root).args(build).args(features))?;
        }
        let built = root.join(format!("target/wasm32-unknown-unknown/wasm/{}.wasm", package.replace('-', "_")));
        let input = std::fs::read(&built).map_err(|e| format!("{}: {e}", built.display()))?;
        // wasm-bindgen names the bindings after the file it reads: a module built from another
        // module's crate is read from a copy under its own name (before the next build
        // overwrites the crate's file).
        let wasm = root.join(format!("target/wasm32-unknown-unknown/wasm/{krate}.wasm"));
        if wasm != built {
            std::fs::write(&wasm, &input).map_err(|e| format!("{}: {e}", wasm.display()))?;
        }
        let dir = if sub.is_empty() { pkg.clone() } else { pkg.join(sub) };
        // Beside the package, not in it: the generator publishes the package folder.
        let stamp = root.join(format!("target/viewer-stamps/{krate}"));
        let flags = wasm_opt_flags(krate);
        if up_to_date(&input, &stamp, &[dir.join(format!("{krate}.js")), dir.join(format!("{krate}_bg.wasm"))], flags) {
            eprintln!("xtask: {krate}: wasm unchanged, bindings and wasm-opt output reused");
            continue;
        }
        let wasm_opt = wasm_opt.get_or_insert_with(|| {
            let found = find_wasm_opt();
            if found.is_none() {
                eprintln!("xtask: no working wasm-opt (npm package `binaryen`, `npm ci` installs it); the wasm is not shrunk further");
            }
            found
        });
        let _ = std::fs::remove_file(&stamp);
        for stale in [format!("{krate}.js"), format!("{krate}_bg.wasm")] {
            let _ = std::fs::remove_file(dir.join(stale));
        }
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let mut bindgen = wasm_bindgen_cli_support::Bindgen::new();
        bindgen.input_path(&wasm).web(true).map_err(|e| e.to_string())?;
        // The library's default differs from the CLI's; without this `init()` cannot find the wasm.
        bindgen.omit_default_module_path(false);
        bindgen.typescript(false);
        bindgen.generate(&dir).map_err(|e| format!("wasm-bindgen {krate}: {e}"))?;
        shrink_glue(&dir, krate)?;
        if let Some(tool) = wasm_opt {
            let bg = dir.join(format!("{krate}_bg.wasm"));
            // The module wasm-opt is given, kept for `twiggy top|dominators` (names intact).
            let pre_opt = root.join(format!("target/viewer-stamps/{krate}_bg.pre-opt.wasm"));
            std::fs::create_dir_all(root.join("target/viewer-stamps")).map_err(|e| e.to_string())?;
            std::fs::copy(&bg, &pre_opt).map_err(|e| format!("{}: {e}", pre_opt.display()))?;
            let before = file_len(&bg);
            // The flags: `wasm_opt_flags`.
            run(Command::new(tool).args(flags).args(["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue"]).arg(&bg).arg("-o").arg(&bg))?;
            let gz = std::fs::read(&bg).map(|w| gzip_len_at(&w, 6)).unwrap_or(0);
            eprintln!("xtask: wasm-opt {} {krate}: {before} → {} bytes ({gz} gzip -6)", flags.join(" "), file_len(&bg));
        }
        // Written last: an interrupted run leaves no stamp, so the next one redoes the work.
        std::fs::create_dir_all(root.join("target/viewer-stamps")).map_err(|e| e.to_string())?;
        std::fs::write(&stamp, stamp_of(&input, wasm_opt.is_some().then_some(flags))).map_err(|e| e.to_string())?;
    }
    Ok(pkg)
}

/// How `wasm` runs wasm-opt on a module (the stamp records them, so a change redoes the work).
/// `--low-memory-unused`: nothing lives below address 1024 (the stack ends at 1 MiB and would
/// have overflowed first), so constant offsets fold into loads: 4 KB gzip. The producers and
/// target-features sections are read by no browser. The explorer's modules, which a visit
/// loads, get more passes: the control flow flattened and rebuilt (`--flatten --rereloop`)
/// and the values that flow to each place (`--gufa-optimizing`), each followed by `-Oz`: the
/// core module 144.5 → 142.6 kB gzip -6 (`-Oz` alone), for half a minute more;
/// the parsers keep `-Oz --converge` (1.7 MB, loaded only to parse a reader's log).
fn wasm_opt_flags(krate: &str) -> &'static [&'static str] {
    const COMMON: [&str; 3] = ["--low-memory-unused", "--strip-producers", "--strip-target-features"];
    const EXPLORER: [&str; 10] = ["-Oz", "--flatten", "--rereloop", "-Oz", "-Oz", "--gufa-optimizing", "-Oz", COMMON[0], COMMON[1], COMMON[2]];
    const PARSER: [&str; 5] = ["-Oz", "--converge", COMMON[0], COMMON[1], COMMON[2]];
    if krate.starts_with("benchsite_viewer_parse") {
        &PARSER
    } else {
        &EXPLORER
    }
}

/// The JS glue and its wasm with short import names, the glue without comments or indentation
/// (`glue.rs`); sizes before and after printed.
fn shrink_glue(dir: &Path, krate: &str) -> Result<(), String> {
    let (js_path, wasm_path) = (dir.join(format!("{krate}.js")), dir.join(format!("{krate}_bg.wasm")));
    let js = std::fs::read_to_string(&js_path).map_err(|e| format!("{}: {e}", js_path.display()))?;
    let wasm = std::fs::read(&wasm_path).map_err(|e| format!("{}: {e}", wasm_path.display()))?;
    let (short_wasm, short_js) = glue::shorten_imports(&wasm, &js).map_err(|e| format!("{krate}: {e}"))?;
    let short_js = glue::strip_js(&short_js);
    eprintln!(
        "xtask: {krate}: import names shortened, glue stripped: JS {} → {} bytes ({} → {} gzip), wasm {} → {} bytes ({} → {} gzip)",
        js.len(), short_js.len(), gzip_len(js.as_bytes()), gzip_len(short_js.as_bytes()),
        wasm.len(), short_wasm.len(), gzip_len(&wasm), gzip_len(&short_wasm),
    );
    std::fs::write(&js_path, short_js).map_err(|e| e.to_string())?;
    std::fs::write(&wasm_path, short_wasm).map_err(|e| e.to_string())
}

fn ensure_wasm_target() -> Result<(), String> {
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output().map(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"));
    match installed {
        Ok(true) => Ok(()),
        Ok(false) => run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"])),
        Err(_) => {
            eprintln!("xtask: rustup not found; assuming the wasm32 target is installed");
            Ok(())
        }
    }
}

/// What the outputs of one wasm module were made from: a hash of the compiled wasm, the
/// wasm-bindgen version, and whether wasm-opt ran.
fn stamp_of(input: &[u8], optimised: Option<&[&str]>) -> String {
    // FNV-1a over the bytes: a cache key, not a defence against someone crafting collisions.
    let hash = input.iter().fold(0xcbf29ce484222325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100000001b3));
    format!("wasm {hash:016x} {} bytes; wasm-bindgen 0.2.130, short imports, glue stripped of indentation outside template literals; wasm-opt {}\n", input.len(), optimised.map_or_else(|| "none".into(), |flags| flags.join(" ")))
}

/// True when `outputs` exist and were made from `input` (the stamp says so), with wasm-opt
/// when it is available now: the bindings and the shrunk wasm can be reused.
fn up_to_date(input: &[u8], stamp: &Path, outputs: &[PathBuf], flags: &[&str]) -> bool {
    let Ok(written) = std::fs::read_to_string(stamp) else { return false };
    outputs.iter().all(|o| o.exists()) && (written == stamp_of(input, Some(flags)) || (written == stamp_of(input, None) && find_wasm_opt().is_none()))
}

/// A `wasm-opt` that is recent enough: the npm `binaryen` package (`node_modules/.bin`) or
/// one on PATH reporting version 110 or newer (Debian's 108 emits modules that fail).
fn find_wasm_opt() -> Option<PathBuf> {
    let local = root().join("node_modules/.bin/wasm-opt");
    if !local.exists() && root().join("package.json").exists() {
        // Best effort: without npm or a registry the site is still built, only larger.
        let _ = run(Command::new("npm").current_dir(root()).args(["ci", "--no-audit", "--no-fund"]));
    }
    let candidates = [local, PathBuf::from("wasm-opt")];
    candidates.into_iter().find(|c| {
        Command::new(c).arg("--version").output().ok().and_then(|o| {
            let text = String::from_utf8_lossy(&o.stdout).to_string();
            text.split_whitespace().find_map(|w| w.parse::<u32>().ok())
        }).is_some_and(|v| v >= 110)
    })
}

fn file_len(p: &Path) -> u64 {
    std::fs::metadata(p).map(|m| m.len()).unwrap_or(0)
}

/// Builds the site into `target/browser-site` unless `--out` names a built one, prints the
/// transfer size, then times the explorer in headless Chromium.
fn bench_viewer(args: &[String]) -> Result<(), String> {
    let out = match flag(args, "--out") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let dir = root().join("target/browser-site");
            site(&["--out".into(), dir.display().to_string()])?;
            dir
        }
    };
    size(&["--out".into(), out.display().to_string()])?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(&cargo).current_dir(root()).env("BENCHSITE_SITE", &out).args(["run", "--locked", "--release", "-p", "benchsite-tests", "--bin", "bench-viewer"]))?;
    let Some(list) = flag(args, "--runs") else { return Ok(()) };
    let sizes: Vec<u64> = list.split(',').map(|s| s.trim().replace('_', "").parse::<u64>().map_err(|e| format!("--runs {s}: {e}"))).collect::<Result<_, _>>()?;
    run(Command::new(&cargo).current_dir(root()).args(["build", "--locked", "--release", "-p", "benchsite", "-p", "benchsite-tests", "--bin", "benchsite", "--bin", "bench-viewer"]))?;
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from);
    let work = target.join("bench-explorer");
    for n in sizes {
        let site = explorer_data(&out, &work, n, &target.join("release/benchsite"))?;
        // A size the explorer cannot handle is reported, and the next one still measured.
        if let Err(e) = run(Command::new(target.join("release/bench-viewer")).env("BENCHSITE_SITE", &site).args(["--loaded", &n.to_string()])) {
            println!("{n} runs: the measurement did not finish: {e}");
        }
        std::fs::remove_dir_all(&site).map_err(|e| format!("{}: {e}", site.display()))?;
    }
    Ok(())
}

/// From this many runs the explorer data is made from runs generated in memory.
const GENERATED_FROM: u64 = 1_000_000;

/// `site` copied to `work/site-N` with its explorer data replaced by that of a generated
/// corpus of `n` runs (`corpus.rs`, seed 1), read and written by `benchsite explore-data`
/// (no page is rendered); the corpus is deleted afterwards.
fn explorer_data(site: &Path, work: &Path, n: u64, benchsite: &Path) -> Result<PathBuf, String> {
    let corpus = work.join(format!("corpus-{n}"));
    let to = work.join(format!("site-{n}"));
    let _ = std::fs::remove_dir_all(&to);
    std::fs::create_dir_all(work).map_err(|e| format!("{}: {e}", work.display()))?;
    run(Command::new("cp").arg("-r").arg(site).arg(&to))?;
    if n >= GENERATED_FROM {
        // Reading a corpus this large holds every text and run in memory (more than 16 GB at a
        // million): the runs are made in memory instead, shaped like a corpus's.
        println!("{n} runs: made in memory (benchsite explore-data --generated), not read from a corpus");
        run(Command::new(benchsite).arg("explore-data").arg("--generated").arg(n.to_string()).arg("--out").arg(&to))?;
    } else {
        let started = std::time::Instant::now();
        corpus::write(&root().join("content"), &corpus, n, 1)?;
        eprintln!("xtask: corpus of {n} runs written in {:.1} s", started.elapsed().as_secs_f64());
        let made = run(Command::new(benchsite).arg("explore-data").arg("--content").arg(&corpus).arg("--out").arg(&to));
        std::fs::remove_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
        made?;
    }
    let (mut bytes, mut gz) = (0u64, 0u64);
    for entry in std::fs::read_dir(to.join("data/explore")).map_err(|e| e.to_string())?.flatten() {
        let data = std::fs::read(entry.path()).map_err(|e| e.to_string())?;
        bytes += data.len() as u64;
        gz += gzip_len_at(&data, 6);
    }
    let index = file_len(&to.join("data/explore/index.txt"));
    println!("explorer data for {n} runs: {:.1} MB, {:.1} MB gzip (index {:.1} KB)", bytes as f64 / 1e6, gz as f64 / 1e6, index as f64 / 1e3);
    Ok(to)
}

/// Bytes after `gzip -9`.
fn gzip_len(bytes: &[u8]) -> u64 {
    gzip_len_at(bytes, 9)
}

/// Bytes after gzip at `level` (6 is what a server compressing on the fly usually uses).
fn gzip_len_at(bytes: &[u8], level: u32) -> u64 {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level));
    gz.write_all(bytes).and_then(|()| gz.finish()).map_or(0, |z| z.len() as u64)
}

/// An estimate of what a first visit to `en/explore/` transfers, each file of a fixed list
/// gzip-compressed (level 9, as a static host with precompression would serve it); `first-visit`
/// measures what the browser really loads.
fn size(args: &[String]) -> Result<(), String> {
    let out = flag(args, "--out").map_or_else(|| root().join("public"), PathBuf::from);
    let mut files: Vec<String> = ["en/explore/index.html", "assets/site.css", "assets/site.js", "assets/explore.js", "assets/viewer/benchsite_viewer.js", "assets/viewer/benchsite_viewer_bg.wasm", "data/explore/index.txt"].map(String::from).to_vec();
    // The shards the first view reads: all of them when there is one.
    if file_len(&out.join("data/explore/1.txt")) == 0 {
        files.push("data/explore/0.txt".into());
    }
    let mut total = (0u64, 0u64);
    println!("{:<44} {:>10} {:>10}", "file", "bytes", "gzip");
    for f in &files {
        let bytes = std::fs::read(out.join(f)).map_err(|e| format!("{f}: {e} (run `cargo xtask site` first)"))?;
        let z = gzip_len(&bytes);
        println!("{f:<44} {:>10} {:>10}", bytes.len(), z);
        total = (total.0 + bytes.len() as u64, total.1 + z);
    }
    println!("{:<44} {:>10} {:>10}", "total", total.0, total.1);
    println!("first visit to the explorer, gzip: {:.1} KB (budget 150 KB)", total.1 as f64 / 1000.0);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cache is decided by the bytes of the compiled wasm, not by file times.
    #[test]
    fn wasm_outputs_are_reused_only_for_the_same_input() {
        const F: &[&str] = &["-Oz"];
        let dir = std::env::temp_dir().join(format!("xtask-cache-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (stamp, out) = (dir.join(".x.input"), dir.join("x.js"));
        std::fs::write(&out, "js").unwrap();
        assert!(!up_to_date(b"wasm v1", &stamp, std::slice::from_ref(&out), F), "no stamp yet");
        std::fs::write(&stamp, stamp_of(b"wasm v1", Some(F))).unwrap();
        assert!(up_to_date(b"wasm v1", &stamp, std::slice::from_ref(&out), F), "same input");
        assert!(!up_to_date(b"wasm v2", &stamp, std::slice::from_ref(&out), F), "a changed viewer rebuilds");
        assert!(!up_to_date(b"wasm v1", &stamp, std::slice::from_ref(&out), &["-O2"]), "other wasm-opt flags rebuild");
        assert!(!up_to_date(b"wasm v1", &stamp, &[out.clone(), dir.join("missing_bg.wasm")], F), "a missing output rebuilds");
        // A module the size of the viewer's, differing in its last byte only: the hash reads every byte.
        let big: Vec<u8> = (0..1_300_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&stamp, stamp_of(&big, Some(F))).unwrap();
        let mut changed = big.clone();
        *changed.last_mut().unwrap() ^= 1;
        assert!(up_to_date(&big, &stamp, std::slice::from_ref(&out), F), "the same large module");
        assert!(!up_to_date(&changed, &stamp, std::slice::from_ref(&out), F), "a one-byte change at the end rebuilds");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
