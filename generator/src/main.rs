//! The `benchsite` command: parses arguments, calls the library, maps the outcome to an exit
//! code (0 clean, 1 findings that fail the build, 2 the build could not run).

use benchsite::{build, check, diagnostics, BuildOptions, Outcome};
use benchsite_model::Severity;
use clap::{Parser, Subcommand, ValueEnum};
use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "benchsite", version, about = "Turns inference benchmark logs into structured data and a bilingual static site")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse the content folder and write the site into the output folder.
    Build {
        #[arg(long, default_value = "content")]
        content: PathBuf,
        #[arg(long, default_value = "public")]
        out: PathBuf,
        /// URL prefix when the site is not served from the domain root, e.g. `/repo/`.
        #[arg(long)]
        base_url: Option<String>,
        /// Fail (exit 1) on warnings too, not only on errors.
        #[arg(long)]
        strict: bool,
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
        Command::Build { content, out, base_url, strict } => {
            (build(&BuildOptions { content, out, base_url }), Format::Human, strict)
        }
        Command::Check { content, format, strict } => (check(&content), format, strict),
    };
    match result {
        Ok(outcome) => report(&outcome, format, strict),
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn report(outcome: &Outcome, format: Format, strict: bool) -> ExitCode {
    match format {
        Format::Json => match serde_json::to_string_pretty(&outcome.data.findings) {
            Ok(json) => println!("{json}"),
            Err(e) => eprintln!("error: could not serialise findings: {e}"),
        },
        Format::Human => {
            let mut err = StandardStream::stderr(ColorChoice::Auto);
            if let Err(e) = diagnostics::emit(&mut err, &outcome.data.findings, &outcome.inputs) {
                eprintln!("error: could not print findings: {e}");
            }
        }
    }
    eprintln!("{}", outcome.summary());
    let failing = outcome.count(Severity::Error) > 0 || (strict && outcome.count(Severity::Warning) > 0);
    if failing {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
