//! The `benchsite` command: parses arguments, calls the library, maps the outcome to an exit
//! code (0 clean, 1 findings that fail the build, 2 the build could not run).

use benchsite::serve::{serve, ServeOptions};
use benchsite::{build, check, diagnostics, BuildOptions, Outcome};
use benchsite_model::Severity;
use clap::{Args, Parser, Subcommand, ValueEnum};
use codespan_reporting::term::termcolor::{BufferedStandardStream, ColorChoice};
use std::path::PathBuf;
use std::process::ExitCode;

// mimalloc v2 rather than the system's malloc: a build allocates and frees a great many
// small strings and rows (glibc's malloc and free were a fifth of its CPU at 100,000 runs).
// The binary only: the library leaves the choice to whoever links it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "benchsite", version, about = "Turns inference benchmark logs into structured data and a bilingual static site")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What `build` and `serve` share: where content, page shell and explorer come from, and
/// where the site will live.
#[derive(Args)]
struct SiteArgs {
    #[arg(long, default_value = "content")]
    content: PathBuf,
    /// Page shell folder (`templates/`, `assets/`); default: the shell built into benchsite
    /// (`serve` uses `./www` when it exists, so edits rebuild).
    #[arg(long)]
    www: Option<PathBuf>,
    /// Where the site will be served: `/repo/` or `https://owner.github.io/repo/`
    /// (a full URL also makes sitemap and hreflang links absolute).
    #[arg(long)]
    base_url: Option<String>,
    /// The explorer's build (wasm-bindgen output); `cargo xtask site` passes it.
    #[arg(long)]
    viewer: Option<PathBuf>,
    /// Runs per shard of the explorer's data (default 20,000; whole family × GPU × file groups).
    #[arg(long)]
    explore_shard_runs: Option<usize>,
}

impl SiteArgs {
    fn into_options(self, out: PathBuf) -> BuildOptions {
        BuildOptions { content: self.content, out, www: self.www, base_url: self.base_url, viewer: self.viewer, explore_shard_runs: self.explore_shard_runs }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Parse the content folder and write the site into the output folder.
    Build {
        #[command(flatten)]
        site: SiteArgs,
        #[arg(long, default_value = "public")]
        out: PathBuf,
        /// Fail (exit 1) on warnings too, not only on errors.
        #[arg(long)]
        strict: bool,
    },
    /// Build, serve the output on 127.0.0.1 and rebuild when content/ or www/ changes.
    Serve {
        #[command(flatten)]
        site: SiteArgs,
        #[arg(long, default_value = "target/benchsite-serve")]
        out: PathBuf,
        /// Port on 127.0.0.1; 0 picks a free one.
        #[arg(long, default_value_t = 8000)]
        port: u16,
    },
    /// Parse the content folder and write only the explorer's data (`<out>/data/explore/`),
    /// for measuring the explorer at sizes a whole site build does not reach yet.
    ExploreData {
        #[arg(long, default_value = "content")]
        content: PathBuf,
        /// The site folder whose `data/explore/` is (re)written.
        #[arg(long)]
        out: PathBuf,
        /// Runs per shard (default 20,000; whole family × GPU × file groups).
        #[arg(long)]
        explore_shard_runs: Option<usize>,
        /// Instead of reading `--content`, make N runs in memory (the viewer's synthetic runs,
        /// spread over files of 25 runs, each at its own concurrency, so that runs rarely
        /// share a cell, as in a generated corpus): reading a corpus of a million runs
        /// takes more memory than this machine has.
        #[arg(long)]
        generated: Option<usize>,
    },
    /// Parse the content folder and report findings without writing anything.
    Check {
        #[arg(long, default_value = "content")]
        content: PathBuf,
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Fail (exit 1) on warnings too, not only on errors.
        #[arg(long)]
        strict: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (result, format, strict) = match cli.command {
        Command::Build { site, out, strict } => (build(&site.into_options(out)), Format::Human, strict),
        Command::Serve { mut site, out, port } => {
            site.www = site.www.or_else(|| Some(PathBuf::from("www")).filter(|p| p.is_dir()));
            let opts = ServeOptions { build: site.into_options(out), port };
            let served = serve(opts, |result| match result {
                Ok(outcome) => {
                    report(outcome, Format::Human, false);
                }
                Err(message) => eprintln!("error: {}", diagnostics::printable(message)),
            });
            return match served {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => {
                    eprintln!("error: {}", diagnostics::printable(&message));
                    ExitCode::from(2)
                }
            };
        }
        Command::ExploreData { content, out, explore_shard_runs, generated } => {
            let started = std::time::Instant::now();
            let data = match generated {
                Some(n) => Ok(generated_runs(n)),
                None => check(&content).map(|outcome| outcome.data),
            };
            let written = data.and_then(|data| {
                let parsed = started.elapsed();
                let dir = out.join(benchsite_viewer::columns::DIR);
                let _ = std::fs::remove_dir_all(&dir);
                let store = benchsite_viewer::store::Store::new(&data.runs, Vec::new());
                benchsite::build::write_explore(&out, &data, &store, explore_shard_runs.unwrap_or(benchsite_viewer::columns::SHARD_RUNS))?;
                Ok((data.runs.len(), parsed, dir))
            });
            return match written {
                Ok((runs, parsed, dir)) => {
                    let files = std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
                    println!("{runs} runs: read in {:.1} s, explorer data written to {} ({files} files) in {:.1} s", parsed.as_secs_f64(), dir.display(), (started.elapsed() - parsed).as_secs_f64());
                    ExitCode::SUCCESS
                }
                Err(message) => {
                    eprintln!("error: {}", diagnostics::printable(&message));
                    ExitCode::from(2)
                }
            };
        }
        Command::Check { content, format, strict } => (check(&content), format, strict),
    };
    match result {
        Ok(outcome) => {
            let code = report(&outcome, format, strict);
            benchsite::phases::mark("diagnostics");
            // The process ends here: freeing every run and text one by one took seconds
            // at 100,000 runs, and the OS takes the memory back at once.
            std::mem::forget(outcome);
            code
        }
        Err(message) => {
            // Paths and content may hold control characters: shown as text, never obeyed.
            eprintln!("error: {}", diagnostics::printable(&message));
            ExitCode::from(2)
        }
    }
}

/// `n` synthetic runs in files of 25, each run at its own concurrency (see `--generated`).
/// A file is one framework on one GPU, as a result file is: the synthetic runs cycle through
/// the 20 pairs, so the `j`-th run of a pair is run `i / 20`, and its file the `j / 25`-th.
fn generated_runs(n: usize) -> benchsite_model::RunsFile {
    const PAIRS: usize = 20;
    let mut runs = benchsite_viewer::synthetic_runs(n);
    for (i, r) in runs.iter_mut().enumerate() {
        let j = i / PAIRS;
        let (dir, name) = r.source.path.rsplit_once('/').unwrap_or(("", ""));
        r.source.path = format!("{dir}/{}.{}.md", name.trim_end_matches(".md"), j / 25).into();
        r.id = format!("{}#L{}", r.source.path, r.source.line).into();
        r.scenario.max_concurrency = Some(1 + (j % 25) as u64 * 8);
    }
    benchsite_model::RunsFile { runs, ..Default::default() }
}

fn report(outcome: &Outcome, format: Format, strict: bool) -> ExitCode {
    match format {
        Format::Json => match serde_json::to_string_pretty(&outcome.data.findings) {
            Ok(json) => println!("{json}"),
            Err(e) => eprintln!("error: could not serialise findings: {e}"),
        },
        Format::Human => {
            // Buffered: one write per line of a diagnostic would be millions of system calls.
            let mut err = BufferedStandardStream::stderr(ColorChoice::Auto);
            let printed = diagnostics::emit(&mut err, &outcome.data.findings, &outcome.inputs).and_then(|()| std::io::Write::flush(&mut err));
            if let Err(e) = printed {
                eprintln!("error: could not print findings: {e}");
            }
        }
    }
    for notice in &outcome.notices {
        eprintln!("note: {}", diagnostics::printable(notice));
    }
    eprintln!("{}", outcome.summary());
    if outcome.blocked.is_some() {
        eprintln!("error: the site was not written; fix the errors above");
    }
    let failing = outcome.blocked.is_some() || outcome.count(Severity::Error) > 0 || (strict && outcome.count(Severity::Warning) > 0);
    if failing {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
