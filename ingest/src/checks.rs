//! File-level judgement: resolving each section's runs against its heading, serve command
//! and notes; inferring scenarios a log does not state (`infer`); comparing sections with
//! their neighbours; checking sweeps against their headers; removing runs printed twice.
//! Every disagreement becomes a finding; the data is kept and the benchmark client's own
//! account wins.

use crate::block;
use crate::client::flags;
use crate::context;
use crate::formats::{self, markdown_table};
use crate::framework;
use crate::infer;
use crate::json;
use crate::precision;
use crate::markdown::{self, Section};
use crate::names::Names;
use crate::scan::{self, Format};
use crate::serve::Serve;
use crate::sidecar::Meta;
use crate::sink::{FindingExt, Sink};
use crate::text::{count_newlines, find_ignore_ascii_case};
use crate::{attach, read_log};
use benchsite_model::Run;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// Parses a `<framework>/<GPU>_v<version>.md` file.
/// `framework` is `None` for a file dropped in the browser (no folder names it).
pub fn result_file(text: &str, sink: &mut Sink, framework: Option<&str>, gpu: &str, version: &str, names: &Names) -> Vec<Run> {
    let mut doc = markdown::read(text, sink, read_log);
    read_tables(&mut doc.sections, doc.title.as_ref().map(|(t, _)| t.as_str()), sink, names);
    if let Some(framework) = framework {
        check_title(doc.title.as_ref(), text, sink, framework, version);
    }
    check_empty_sections(&doc.sections, sink);
    let mut all = Vec::new();
    // The heading that names each section's model: its own, or, under a metric heading
    // (`## Qwen3-8B` / `### Throughput (tokens/s)`), the nearest enclosing one naming a model.
    let parent = parents(&doc.sections);
    // Each heading classified once (a metric heading's ancestors were classified again for
    // every section below them; `names_a_metric` reads the title as a table header would).
    let metric: Vec<bool> = doc.sections.iter().map(|s| markdown_table::names_a_metric(&s.title)).collect();
    let model_headings: Vec<Option<(String, u32)>> = (0..doc.sections.len())
        .map(|i| {
            let s = &doc.sections[i];
            if !metric[i] {
                return Some((s.title.clone(), s.line));
            }
            std::iter::successors(parent[i], |&j| parent[j])
                .find(|&j| !metric[j] && context::heading(&doc.sections[j].title).model.is_some())
                .map(|j| (doc.sections[j].title.clone(), doc.sections[j].line))
        })
        .collect();
    let mut sections: Vec<(Section, Option<(String, u32)>)> =
        doc.sections.into_iter().zip(model_headings).filter(|(s, _)| !s.runs.is_empty()).collect();
    // Serve commands whose image was checked (the file's default one serves many sections).
    let mut images_checked = HashSet::new();
    for (section, model_heading) in &mut sections {
        let serve = section.serve.as_ref().or(doc.default_serve.as_ref());
        if let Some(s) = serve.filter(|s| images_checked.insert(s.line)) {
            check_image(s, sink, version);
        }
        for run in &mut section.runs {
            // A table row naming another engine (a comparison table, `| Batch | vLLM | SGLang |`)
            // is that engine's run: the path's framework and version are not its.
            if let Some(other) = other_framework(run, framework) {
                sink.warn(
                    "framework-not-path",
                    run.source.context.get("framework").map_or(run.source.line, |c| c.line),
                    format!(
                        "this table row is a run of {other}, not of the {} the file path names; it keeps {other} and no \
                         version (the path's v{version} is {}'s). Move other engines' results to their own files.",
                        framework.unwrap_or("?"),
                        framework.unwrap_or("?")
                    ),
                )
                .value("framework", other.as_str())
                .value("path_framework", framework.unwrap_or(""))
                .run(&run.id);
                run.gpu = Some(gpu.to_string());
                run.section = Some(section.title.clone()).filter(|t| !t.is_empty());
                run.notes = section.notes.clone();
                continue;
            }
            run.framework = framework.map(str::to_string);
            run.framework_version = Some(version.to_string());
            run.gpu = Some(gpu.to_string());
            run.section = Some(section.title.clone()).filter(|t| !t.is_empty());
            run.notes = section.notes.clone();
            if let Some(s) = serve.filter(|s| !s.template || section.serve.is_some()) {
                run.params = s.params.clone().into();
                run.source.lines.insert("params.command", s.line);
                run.tp = s.tp;
                run.gpu_count = s.gpu_count;
            }
            if let Some(framework) = framework {
                check_backend(run, framework, sink);
            }
        }
        resolve_model(section, model_heading.take(), sink);
    }
    let mut sections: Vec<Section> = sections.into_iter().map(|(s, _)| s).collect();
    infer::scenarios(&mut sections, sink);
    for section in &sections {
        check_notes(section, sink);
    }
    check_neighbours(&sections, sink);
    // Sized once: a run is large, and a list doubling as it grew copied them again each time.
    all.reserve_exact(sections.iter().map(|s| s.runs.len()).sum());
    for s in sections {
        all.extend(s.runs);
    }
    markdown_table::summaries(&mut all, sink);
    if all.is_empty() {
        sink.warn(
            "no-runs",
            0,
            "this file is laid out as a result file but holds no result block; nothing from it appears in the results.".into(),
        );
    }
    all
}

/// Reads every section's tables with the table formats; their runs join the section of the
/// table their first row is in, in line order.
fn read_tables(sections: &mut [Section], title: Option<&str>, sink: &mut Sink, names: &Names) {
    if sections.iter().all(|s| s.tables.is_empty()) {
        return;
    }
    for table in sections.iter_mut().flat_map(|s| s.tables.iter_mut()) {
        markdown_table::aggregate_rows(table, sink);
    }
    let path = sink.path.clone();
    let parent = parents(sections);
    // A table whose rows a log's reader already read (guidellm's boxed tables pasted without a
    // fence are markdown tables too) is that log's, not read again.
    let claimed: Vec<(u32, u32)> = sections.iter().flat_map(|s| s.runs.iter().map(|r| (r.source.line, r.source.end_line))).collect();
    let read_as_log = |t: &crate::markdown::Table| t.rows.iter().any(|row| claimed.iter().any(|(a, b)| (*a..=*b).contains(&row.line)));
    // Each section's heading path, innermost first, then the document's title.
    let chains: Vec<Vec<&str>> = (0..sections.len())
        .map(|i| std::iter::successors(Some(i), |&j| parent[j]).map(|j| sections[j].title.as_str()).chain(title).collect())
        .collect();
    let inputs: Vec<formats::TableInput<'_>> = sections
        .iter()
        .enumerate()
        .flat_map(|(i, s)| {
            let (path, parent, chains) = (&path, &parent, &chains);
            s.tables.iter().filter(|t| !read_as_log(t)).map(move |table| formats::TableInput {
                path,
                table,
                heading: &s.title,
                scope: parent[i],
                section: i,
                headings: &chains[i],
                names,
            })
        })
        .collect();
    // Each table's rows, in line order: (first line, last line, section).
    let spans: Vec<(u32, u32, usize)> =
        inputs.iter().map(|t| (t.table.line, t.table.rows.last().map_or(t.table.line, |r| r.line), t.section)).collect();
    let runs = formats::read_tables(&inputs, sink);
    drop(inputs);
    let mut touched = HashSet::new();
    for run in runs {
        let at = run.source.line;
        let Some(&(_, _, i)) = spans.iter().find(|(a, b, _)| (*a..=*b).contains(&at)) else { continue };
        sections[i].runs.push(run);
        touched.insert(i);
    }
    for i in touched {
        sections[i].runs.sort_by_key(|r| r.source.line);
    }
}

/// Each section's enclosing section (the nearest one before it of a lower level), found with
/// a stack of open sections.
fn parents(sections: &[Section]) -> Vec<Option<usize>> {
    let mut parent: Vec<Option<usize>> = Vec::with_capacity(sections.len());
    let mut open: Vec<usize> = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        while open.last().is_some_and(|&j| sections[j].level >= s.level) {
            open.pop();
        }
        parent.push(open.last().copied());
        open.push(i);
    }
    parent
}

/// Parses a markdown document outside the result layout (a README, a docs page from another
/// project): its code-block logs and result tables, each run given the context around it,
/// field by field from the most direct source (see [`context`]): the block or row itself,
/// the client command above it, the serve command of its section, the heading path, the
/// front matter. Commands and serve commands are looked for in the run's section before it,
/// then in the sections that enclose it; never in a sibling section, but for one: a section
/// holding a single run, with no command above it, takes the command of the section just
/// before it when that one (with its sub-sections) holds exactly one client command and no
/// run (`## Command` then `## Results`, as report generators write them); and a document's
/// only client command, in a section of no run, gives the runs after it that have none.
pub fn document(text: &str, sink: &mut Sink, names: &Names) -> Vec<Run> {
    let front = context::front_matter(text);
    // The front matter is blanked (its lines kept) so that markdown does not read it.
    let blanked;
    let body = match &front {
        Some(fm) => {
            blanked = format!("{}{}", "\n".repeat(text[..fm.end].matches('\n').count()), &text[fm.end..]);
            blanked.as_str()
        }
        None => text,
    };
    let mut doc = markdown::read(body, sink, read_log);
    read_tables(&mut doc.sections, doc.title.as_ref().map(|(t, _)| t.as_str()), sink, names);
    // A document of no results (a doc page, a README of notes) needs none of its context.
    if doc.sections.iter().all(|s| s.runs.is_empty()) {
        return Vec::new();
    }
    let front_facts = front.map(|fm| fm.facts()).unwrap_or_default();
    // What the prose's labelled lines state (`**Hardware:** …`): given to a run from its own
    // section chain first, then from the nearest such line above it anywhere (a setup
    // chapter's `- **GPU**: T4` holds for the chapters after it).
    let labelled = context::labelled_lines(body, 1);
    // A field the document's labelled lines state once, one value however often written
    // (`- **GPU**: NVIDIA RTX 4090` in a `## Test Configuration` below the results): it holds
    // for the runs above it too. A field stated with two values holds only below each.
    // Not a precision: a `Quantization: W4A16` below a table of a BF16 baseline and its
    // quantized versions is the quantized ones'.
    let stated_once: Vec<(context::Fact, u32)> = labelled
        .iter()
        .filter(|(fact, _)| !matches!(fact, context::Fact::Precision(_)))
        .filter(|(fact, _)| labelled.iter().filter(|(f, _)| f.key() == fact.key()).all(|(f, _)| f == fact))
        .cloned()
        .collect();
    // Setup tables' rows (`| **数据集** | random |`) hold below them, as labelled lines do.
    let labelled = {
        let mut all = labelled;
        all.extend(context::setup_rows(body, 1));
        all.extend(context::nvidia_smi(body, 1));
        all.sort_by_key(|(_, line)| *line);
        all
    };
    let captions = context::captions(body, 1);
    let log_captions = context::log_captions(body, 1);
    let env_blocks = context::env_blocks(body, 1);
    let flags_above = flags_lines(body);
    let stated_in_log = comment_flags_above(body);
    let flag_items = context::flag_items(body, 1);
    let checkpoint_items = context::checkpoint_items(body, 1);
    let title = doc.title.as_ref().map(|(t, l)| (context::heading_with(t, names).facts(), *l));
    let subtitle = doc.title.as_ref().and_then(|(_, l)| context::subtitle(body, *l)).map(|(t, l)| (context::heading_with(&t, names).facts(), l));
    // Each section's runs, taken out of it (moved into the result, not copied); the sections
    // are read below only for their commands, serve commands and headings.
    let section_runs: Vec<Vec<Run>> = doc.sections.iter_mut().map(|s| std::mem::take(&mut s.runs)).collect();
    let sections = &doc.sections;
    // Each section's enclosing section, and what each heading states, read once.
    let parent = parents(sections);
    let section_of = |line: u32| sections[..sections.partition_point(|s| s.line <= line)].len().checked_sub(1);
    let mut labelled_by: Vec<Vec<(context::Fact, u32)>> = vec![Vec::new(); sections.len()];
    for (fact, line) in &labelled {
        if let Some(i) = section_of(*line) {
            labelled_by[i].push((fact.clone(), *line));
        }
    }
    // (A heading naming several models, `Benchmarks (Llama 70B, Mixtral, DeepSeek)`, names no
    // run's: its sections' own headings do.)
    let headings: Vec<Vec<context::Fact>> = sections
        .iter()
        .map(|s| {
            let mut facts = if s.title.is_empty() { Vec::new() } else { context::heading_with(&s.title, names).facts() };
            if context::names_several_models(&s.title) {
                facts.retain(|f| !matches!(f, context::Fact::Model(_)));
            }
            facts
        })
        .collect();
    // The last item before `line` of a list in line order.
    fn last_before<T>(items: &[T], line: u32, at: impl Fn(&T) -> u32) -> Option<&T> {
        items[..items.partition_point(|x| at(x) < line)].last()
    }
    // How many runs each section held, before they were taken out.
    let run_counts: Vec<usize> = section_runs.iter().map(Vec::len).collect();
    // How many of each section's result blocks stand before its first client command (all of
    // them when it has none): the runs a command of an earlier section may have run (a table
    // below them may repeat them; its rows are not counted).
    let leading: Vec<usize> = section_runs
        .iter()
        .zip(sections.iter())
        .map(|(runs, s)| {
            let first = s.clients.iter().map(|c| c.line).min().unwrap_or(u32::MAX);
            runs.iter().filter(|r| r.source.line < first && r.format != markdown_table::NAME).count()
        })
        .collect();
    // The one client command of the section just before each one (with its sub-sections),
    // when that section holds no run: a `## Command` section before `## Results`.
    let command_before = |i: usize| one_before(sections, &parent, &run_counts, i, |s| &s.clients);
    // The one serve command of the nearest earlier sibling section that has any, when that
    // section holds no run (`### Run Llama on a vLLM server` over `### Run GenAI-Perf`): the
    // server the sections after it measured.
    let serve_before = |i: usize| -> Option<&Serve> {
        // Only when one earlier sibling starts servers (two, `### Serving the small model` and
        // `### Serving the large model`, leave which ran unsaid).
        let starting = (0..i).filter(|&j| parent[j] == parent[i]).filter(|&j| {
            let next = (j + 1..sections.len()).find(|&k| parent[k] == parent[i] || sections[k].level <= sections[j].level).unwrap_or(sections.len());
            sections[j..next].iter().any(|s| !s.serves.is_empty())
        });
        if starting.count() != 1 {
            return None;
        }
        one_before(sections, &parent, &run_counts, i, |s| &s.serves)
    };
    // The document's only client command, when its section holds no run (`### Benchmark
    // command` in a setup chapter): it ran the runs after it that have no command of their own.
    let only_client = {
        let mut clients = sections.iter().enumerate().flat_map(|(i, s)| s.clients.iter().map(move |c| (i, c)));
        match (clients.next(), clients.next()) {
            (Some((i, c)), None) if run_counts[i] == 0 => Some(c),
            _ => None,
        }
    };
    // The document's only serve command (LMDeploy's deepseekv3 page: results first, `## 3.
    // 启动DeepSeekV3 API服务` below): given, as the last source, to runs no serve command of
    // their own sections served, when nothing the run states contradicts it and the runs all
    // lie in one section. Results in several sections may come from several setups (the
    // English page's third table: "measured using 4 nodes (DP32 + EP32), whereas the previous
    // results were recorded using 2 nodes (TP16)", while its one serve command says `--tp 16`).
    let result_sections = run_counts.iter().filter(|&&n| n > 0).count();
    let only_serve = {
        let mut serves = doc.default_serve.iter().chain(sections.iter().flat_map(|s| &s.serves));
        match (serves.next(), serves.next()) {
            (Some(s), None) if !s.template => Some(s),
            _ => None,
        }
    };
    // With several serve commands (a deployment section per model, the results in another),
    // a run takes the one that serves its model, when no other serves it too.
    let all_serves: Vec<&Serve> = doc.default_serve.iter().chain(sections.iter().flat_map(|s| &s.serves)).filter(|s| !s.template).collect();
    let paired = paired_commands(sections, &section_runs, &parent, sink);
    // The finding of each caption saying its numbers are no single measured run's, by line.
    let mut caveats: HashMap<u32, usize> = HashMap::new();
    let mut only_serve_refused = false;
    // Where every run starts and ends, in line order: what a log states above a block reaches
    // back to the block before it, not further.
    let mut spans: Vec<(u32, u32)> = section_runs.iter().flatten().map(|r| (r.source.line, r.source.end_line)).collect();
    spans.sort_unstable();
    let mut all = Vec::with_capacity(run_counts.iter().sum());
    // (serve line, client line) pairs already reported as not matching.
    let mut refused = HashSet::new();
    // Commands already reported as not having run a result as written.
    let mut not_applied = HashSet::new();
    for ((i, section), runs) in sections.iter().enumerate().zip(section_runs) {
        // The sections enclosing this one, innermost first (at most one per heading level).
        let chain: Vec<usize> = std::iter::successors(Some(i), |&j| parent[j]).collect();
        for (k, mut run) in runs.into_iter().enumerate() {
            let at = run.source.line;
            run.section = Some(section.title.clone()).filter(|t| !t.is_empty());
            // What the text before the document's `# Title` holds (a nameless first section)
            // does not enclose the sections under the title: notes of another run pasted above
            // it (`--max-concurrency 1` for another model) did not run these.
            let title_line = doc.title.as_ref().map(|(_, l)| *l);
            let encloses = |j: usize, line: u32| !(sections[j].title.is_empty() && title_line.is_some_and(|t| line < t && t < at));
            let own = chain.iter().find_map(|&j| last_before(&sections[j].clients, at, |c| c.line).filter(|c| encloses(j, c.line)));
            let sibling = || (leading[i] == 1 && k == 0 && run.format != markdown_table::NAME).then(|| command_before(i)).flatten();
            let client = match paired.get(&(i, k)) {
                Some(&pair) => pair,
                None => own.or_else(sibling).or_else(|| only_client.filter(|c| c.line < at)),
            };
            // `# --max-concurrency = 32` in the log above this block: the block's own statement,
            // given before the command's (whose value for that flag is not this block's).
            let floor = spans[..spans.partition_point(|&(start, _)| start < at)].last().map_or(0, |&(_, end)| end);
            give_stated_flags(&mut run, client, stated_in_log(at, floor));
            // `# llama.cpp - c=16` in the log above this block: its own caption, nearer than the
            // command (a client speaking vLLM's API to llama.cpp) and the headings.
            give_captions(&mut run, &log_captions, at);
            // `* --max-concurrency 6` listed in this run's own section, above it (and below
            // its command): what the section changed, the nearest item first.
            let after = client.map_or(section.line, |c| c.line.max(section.line));
            for (line, flags) in flag_items.iter().rev().filter(|(l, _)| after < *l && *l < at && section_of(*l) == Some(i)) {
                give_stated_flags(&mut run, client, Some((*line, flags.clone())));
            }
            // A command setting another concurrency than the block states, or asking for fewer
            // prompts than it handled, did not run it as written: none of its values are given.
            let client = match client.map(|c| (c, command_conflict(c, &run))) {
                Some((c, Some(why))) => {
                    if not_applied.insert(c.line) {
                        sink.info(
                            "command-not-applied",
                            c.line,
                            format!("the command at line {} did not run the result at line {at} as written: {why}. None of its values are given to that run.", c.line),
                        )
                        .run(&run.id);
                    }
                    None
                }
                Some((c, None)) => Some(c),
                None => None,
            };
            // The latencies the command did not ask for (`--percentile-metrics "itl,tps,ttft,
            // e2el"`: no TPOT) are not missing from its result.
            if let Some(asked) = client.and_then(|c| c.percentile_metrics()) {
                let unasked = |f: &benchsite_model::Finding| {
                    f.values.get("missing").is_some_and(|m| m.split(',').all(|g| !asked.contains(&g.trim().to_ascii_lowercase())))
                };
                sink.findings.retain(|f| !(f.code == "missing-metrics" && f.runs.contains(&run.id) && unasked(f)));
            }
            if let Some(c) = client {
                // `--tensor-parallel-size=1 结果：` above this run's block: what changed since
                // the command, given first, from that line.
                if let Some((line, flags)) = flags_above(at).filter(|(l, _)| *l > c.line) {
                    let own = c.facts();
                    for fact in c.with_flags(&flags).facts().into_iter().filter(|f| !own.contains(f)) {
                        context::give(&mut run, fact, line, context::FLAGS_LINE);
                    }
                }
                // An example command of one load over rows of several (`--max-concurrency 8
                // --num-prompts 64` over rows of 1, 8 and 32): its prompts are its load's, not
                // another row's (which sent its own number, `16 / 64 / 256`).
                let facts = c.facts();
                let command_load = facts.iter().find_map(|f| if let context::Fact::MaxConcurrency(n) = f { Some(*n) } else { None });
                let other_load = matches!((command_load, run.scenario.max_concurrency), (Some(a), Some(b)) if a != b);
                for fact in facts {
                    if other_load && matches!(fact, context::Fact::NumPrompts(_)) {
                        continue;
                    }
                    context::give(&mut run, fact, c.line, context::COMMAND);
                }
                for fact in c.metadata_facts() {
                    if context::give(&mut run, fact.clone(), c.line, context::METADATA) {
                        run.source.lines.insert(fact.key(), c.line);
                    }
                }
            }
            // The variables set in a code block above (a wrapper's `INPUT_LEN=512 TP=4`).
            for env in env_blocks.iter().filter(|e| e.last < at && at < e.until) {
                for (fact, line) in &env.facts {
                    context::give(&mut run, fact.clone(), *line, context::ENVIRONMENT);
                }
            }
            // The client's backend names only the API it spoke (`--backend vllm` against any
            // OpenAI-compatible server): the serve command names the framework first, the
            // backend only when nothing else does (`framework::apply`, after every context).
            // Serve commands of two engines above the run in its section (`vLLM command`, then
            // `SGLang command`, then `vLLM results`): the one of the engine the run's caption or
            // block names, else none (the last is not more likely than the other).
            let wanted = run.framework.clone().or_else(|| {
                captions.iter().filter(|c| c.first <= at && at <= c.last).flat_map(|c| &c.facts).find_map(|f| match f {
                    context::Fact::Framework(name) => Some(name.clone()),
                    _ => None,
                })
            });
            // (Those since the run before: a server started and measured, then another.) `None`
            // for a section of no serve command above the run, `Some(None)` for one of two
            // engines' and no word naming either.
            let of_section = |j: usize| -> Option<Option<&Serve>> {
                let above: Vec<&Serve> = sections[j].serves.iter().filter(|s| s.line < at && encloses(j, s.line)).collect();
                let last = *above.last()?;
                let since: Vec<&Serve> = above.iter().copied().filter(|s| s.line > floor).collect();
                let mut engines: Vec<Option<&str>> = since.iter().map(|s| context::serve_framework(s)).collect();
                engines.sort_unstable();
                engines.dedup();
                Some(match engines.len() {
                    // None since the run before (one server for the runs after it), or one engine's.
                    0 | 1 => Some(last),
                    _ => since.iter().rev().find(|s| wanted.is_some() && context::serve_framework(s) == wanted.as_deref()).copied(),
                })
            };
            let serve = chain
                .iter()
                .find_map(|&j| of_section(j))
                .flatten()
                // With one serve command in the document, the rules for the only one hold.
                .or_else(|| serve_before(i).filter(|_| only_serve.is_none()))
                .or(doc.default_serve.as_ref().filter(|s| s.line < at));
            // A server started with other values of the flags the run states did not run it.
            let serve = match serve.map(|s| (s, flags_conflict(s, &run))) {
                Some((s, Some(why))) => {
                    if refused.insert((s.line, run.source.line)) {
                        sink.info(
                            "serve-not-applied",
                            run.source.line,
                            format!(
                                "the serve command at line {} did not run this result: {why}. Its model, TP and flags are not \
                                 given to the run.",
                                s.line
                            ),
                        )
                        .value("serve", s.line.to_string())
                        .run(&run.id);
                    }
                    None
                }
                Some((s, None)) => Some(s),
                None => None,
            };
            // A server started for another model or port did not serve this client.
            let serve = match (serve, client) {
                (Some(s), Some(c)) => match context::serve_contradicts(s, c) {
                    Some(why) => {
                        if refused.insert((s.line, c.line)) {
                            sink.info(
                                "serve-not-applied",
                                c.line,
                                format!(
                                    "the serve command at line {} did not serve this benchmark client: {why}. Its model, TP and \
                                     flags are not given to the client's runs.",
                                    s.line
                                ),
                            )
                            .value("serve", s.line.to_string())
                            .run(&run.id);
                        }
                        None
                    }
                    None => Some(s),
                },
                (s, _) => s,
            };
            let served = serve.is_some();
            if let Some(s) = serve {
                give_serve(&mut run, s);
            }
            // The caption right above the run's block or table: closer to it than any heading.
            give_captions(&mut run, &captions, at);
            for (line, (caveat, said)) in captions.iter().filter(|c| c.first <= at && at <= c.last).filter_map(|c| Some((c.line, c.aggregate.as_ref()?))) {
                run.notes.push(benchsite_model::Note { line, text: said.clone() });
                // One finding for the runs of one caption, not one each.
                if let Some(&k) = caveats.get(&line) {
                    sink.findings[k].runs.push(run.id.clone());
                    continue;
                }
                let (code, what) = match caveat {
                    context::Caveat::Aggregate => ("aggregate-of-runs", "a mean over several runs; its runs are those aggregates, no single load's, and compare with no single run"),
                    context::Caveat::Approximate => ("approximate-values", "approximate or estimated; they were not measured as printed, and compare with no measured run"),
                };
                sink.warn(code, line, format!("the line above this table or block says its numbers are {what} (`{said}`).")).run(&run.id);
                caveats.insert(line, sink.findings.len() - 1);
            }
            // `* org/name` listed alone in the run's own section, above it: the checkpoint
            // served, nearer and more exact than the heading's words.
            let item = checkpoint_items.iter().rev().find(|(l, _)| section.line < *l && *l < at && section_of(*l) == Some(i));
            if let Some((line, model)) = item {
                context::give(&mut run, context::Fact::Model(model.clone()), *line, context::LABELLED_LINE);
            }
            for &j in &chain {
                for fact in &headings[j] {
                    context::give(&mut run, fact.clone(), sections[j].line, context::HEADING);
                }
            }
            // A `# Title` below the run (the first one of a file of notes, heading its second
            // half) is not its document's title. Its engine is given after the lines stating
            // one (`**Backend**: vLLM OpenAI API Server` under `# SGLang Benchmark Report`, a
            // report of SGLang's client): a title's word is less exact.
            // (A title naming a release, `# SGLang v0.4.6 …`, is that engine's: given first.)
            let titles = || title.iter().chain(&subtitle).filter(|(_, l)| *l < at);
            let released = titles().any(|(facts, _)| facts.iter().any(|f| matches!(f, context::Fact::VersionOf(..))));
            let engine = |f: &&context::Fact| !released && matches!(f, context::Fact::Framework(_) | context::Fact::VersionOf(..));
            for (facts, line) in titles() {
                for fact in facts.iter().filter(|f| !engine(f)) {
                    context::give(&mut run, fact.clone(), *line, context::HEADING);
                }
            }
            // A load stated in a section of other results (`## Latency tests` above `## Serving
            // tests`) is theirs: lengths, prompts, concurrency and rate come from the run's own
            // sections or from sections of no runs that are not named for results or tests (a
            // `## Configuration`, `## 测试设定`).
            let setup = |line: u32| {
                section_of(line).is_none_or(|j| {
                    let title = sections[j].title.to_lowercase();
                    let of_results = ["tests", "result", "结果", "結果"].iter().any(|w| title.contains(w));
                    run_counts[j] == 0 && !of_results
                })
            };
            // A line of one variant's subsection the run is not under (`### 32B Optimized`'s `|
            // Tensor Parallel | 4 |` beside `### 14B Baseline` …, each serving its own, the
            // results in `## 4`) states that variant's setup, not the run's: a subsection is a
            // variant's when it or a sibling starts a server, or a sibling states the same field.
            // A setup chapter's parts (`### Hardware`, `### Model`) reach the chapters after it.
            let variant = |j: usize, key: &str| {
                !sections[j].serves.is_empty()
                    || (0..sections.len())
                        .filter(|&k| k != j && parent[k] == parent[j])
                        .any(|k| !sections[k].serves.is_empty() || labelled_by[k].iter().any(|(f, _)| f.key() == key))
            };
            let reaches = |fact: &context::Fact, line: u32| {
                section_of(line).is_none_or(|j| chain.contains(&j) || parent[j].is_none_or(|p| chain.contains(&p)) || !variant(j, fact.key()))
            };
            let above = labelled[..labelled.partition_point(|(_, l)| *l < at)]
                .iter()
                .rev()
                .filter(|(f, l)| (!f.key().starts_with("scenario.") || setup(*l)) && reaches(f, *l));
            for (fact, line) in chain.iter().flat_map(|&j| &labelled_by[j]).chain(above).filter(|(_, l)| *l < at) {
                give_labelled(&mut run, fact, *line);
            }
            for (fact, line) in &front_facts {
                context::give(&mut run, fact.clone(), *line, context::FRONT_MATTER);
            }
            for (facts, line) in titles() {
                for fact in facts.iter().filter(engine) {
                    context::give(&mut run, fact.clone(), *line, context::HEADING);
                }
            }
            // Not a line of a result block (an unfenced log's `Dtype: bfloat16` is the tool's).
            let in_block = |l: u32| spans[..spans.partition_point(|&(start, _)| start <= l)].last().is_some_and(|&(_, end)| l <= end);
            // Last line first, as the lines above are given (an engine before its version).
            // Below the run, only a line of a section of no results of its own (a `## Test
            // Configuration` after the tables; not `### Production Workload Simulation`'s setup
            // over its own results).
            let config = |l: u32| section_of(l).is_none_or(|j| run_counts[j] == 0 || chain.contains(&j));
            // A load stated below in a section named for tests (`## Latency tests`' `- Input
            // length: 32 tokens.` under a log of serving runs) is those tests', as above.
            let own_section = |l: u32| section_of(l).is_some_and(|j| chain.contains(&j));
            // A load stated below the results holds for them only from a section named for the
            // setup (`## Test Configuration`), not from a later experiment's (`## 5. 显存影响 —
            // 最大图片数探测`, whose `input_len=256` is its probe's).
            let named_setup = |l: u32| {
                section_of(l).is_none_or(|j| {
                    let title = sections[j].title.to_lowercase();
                    SETUP_WORDS.iter().any(|w| title.contains(w))
                })
            };
            let below = |f: &context::Fact, l: u32| {
                l > at && !in_block(l) && config(l) && (!f.key().starts_with("scenario.") || own_section(l) || (setup(l) && named_setup(l)))
            };
            for (fact, line) in stated_once.iter().rev().filter(|(f, l)| below(f, *l)) {
                give_labelled(&mut run, fact, *line);
            }
            let of_model = match (only_serve, run.model.as_deref()) {
                (None, Some(model)) if !served && !crate::formats::in_process(&run.format) => {
                    // The checkpoint's own name, precision included (an FP8 checkpoint's serve
                    // command is not a BF16 run's), its folder or organisation aside.
                    let name = |m: &str| m.trim_end_matches('/').rsplit('/').next().unwrap_or(m).to_ascii_lowercase().replace(['-', '_', '.', ' '], "");
                    let mut serving = all_serves.iter().filter(|s| s.model.as_deref().is_some_and(|m| name(m) == name(model)));
                    match (serving.next(), serving.next()) {
                        (Some(s), None) => Some(*s),
                        _ => None,
                    }
                }
                _ => None,
            };
            if let Some(s) = of_model.filter(|s| serve_elsewhere_conflict(s, &run, client).is_none()) {
                give_serve(&mut run, s);
            }
            if let Some(s) = only_serve.filter(|_| !served && !crate::formats::in_process(&run.format)) {
                let spread = (result_sections > 1).then(|| format!("the document's runs lie in {result_sections} sections, which may have used other servers"));
                // (A later section's launch, `## 部署方案二：vLLM 原生部署` below the load test of
                // `## 部署方案一：Xinference`, is another deployment's; results under the title,
                // before any section, are those of the how-to below them.)
                let later = || {
                    (section_of(at).is_some_and(|j| !sections[j].title.is_empty()) && s.line > at && !own_section(s.line))
                        .then(|| "it stands below this run, in a later section of its own, a deployment described after these results".to_string())
                };
                match spread.or_else(later).or_else(|| serve_elsewhere_conflict(s, &run, client)) {
                    None => {
                        give_serve(&mut run, s);
                    }
                    Some(why) if !only_serve_refused => {
                        only_serve_refused = true;
                        sink.info(
                            "serve-elsewhere-not-applied",
                            at,
                            format!(
                                "the document's only serve command (line {}) is outside this run's section and {why}; its model, TP \
                                 and flags are not given to this run. Put the serve command in the section of the runs it served.",
                                s.line
                            ),
                        )
                        .value("serve_line", s.line.to_string())
                        .run(&run.id);
                    }
                    Some(_) => {}
                }
            }
            machine_not_run(&mut run);
            all.push(run);
        }
    }
    all.sort_by_key(|r| r.source.line);
    markdown_table::summaries(&mut all, sink);
    crate::formats::llmperf::console_repeats(&mut all, sink);
    unread_blocks(&doc.unread, &all, sink);
    all
}

/// The code blocks that look like results and from whose lines no run came, in a document
/// that gave runs elsewhere (one that gave none gets the file's `results-not-read`): a
/// warning each, so a block a script wrote in its own layout is not lost in silence.
fn unread_blocks(unread: &[(u32, u32, u32, String)], runs: &[Run], sink: &mut Sink) {
    if runs.is_empty() {
        return;
    }
    for (first, last, line, quoted) in unread {
        if runs.iter().any(|r| (*first..=*last).contains(&r.source.line)) {
            continue;
        }
        sink.warn(
            "results-not-read",
            *line,
            format!(
                "this code block looks like benchmark results (`{quoted}`) but no reader of benchsite understood it, so none of it \
                 appears in the results. If a tool wrote it, please send a sample of its output so a reader can be added."
            ),
        )
        .value("line_text", quoted.clone());
    }
}

/// The one item (`items`: a section's client or serve commands) of the nearest earlier sibling
/// of section `i` that has any (with its sub-sections), when that sibling holds no run.
/// Siblings of neither results nor items between are passed over (a `### Notes`); one of
/// results is not (its runs may have been another command's or server's).
fn one_before<'s, T>(sections: &'s [Section], parent: &[Option<usize>], run_counts: &[usize], i: usize, items: impl Fn(&'s Section) -> &'s [T]) -> Option<&'s T> {
    let mut end = i;
    for j in (0..i).rev().filter(|&j| parent[j] == parent[i]) {
        let mut own = sections[j..end].iter().flat_map(&items);
        let results = run_counts[j..end].iter().any(|&n| n > 0);
        match own.next() {
            None if results => return None,
            None => end = j,
            Some(only) => return (own.next().is_none() && !results).then_some(only),
        }
    }
    None
}

/// A log's runs (not markdown: a `.log`, a `.txt`) given what the log prints above each block,
/// as a markdown code block's runs are: the flags a comment states (`# --max-concurrency = 32`,
/// kind `flags-line`), then the last client command echoed before the block (`$ vllm bench
/// serve --model X --max-concurrency 16 …`, kind `command`, and its `--metadata`). Each only
/// fills what the block itself left unstated, and records where it came from.
pub fn log_context(text: &str, runs: &mut [Run], sink: &mut Sink) {
    if runs.is_empty() {
        return;
    }
    // (command line) already reported as asking for fewer prompts than a block completed.
    let mut refused = HashSet::new();
    let clients = context::client_commands(text, 1);
    let stated_in_log = comment_flags_above(text);
    let mut spans: Vec<(u32, u32)> = runs.iter().map(|r| (r.source.line, r.source.end_line)).collect();
    spans.sort_unstable();
    for run in runs.iter_mut() {
        let at = run.source.line;
        let client = clients[..clients.partition_point(|c| c.line < at)].last();
        let floor = spans[..spans.partition_point(|&(start, _)| start < at)].last().map_or(0, |&(_, end)| end);
        give_stated_flags(run, client, stated_in_log(at, floor));
        if let Some(c) = client {
            for fact in c.facts() {
                // A notes file may keep a command edited after its run: one asking for fewer
                // prompts than the block below completed did not run it as written.
                if let (context::Fact::NumPrompts(n), Some(done)) = (&fact, run.metrics.completed) {
                    if done > *n {
                        if refused.insert(c.line) {
                            sink.info(
                                "command-prompts-not-applied",
                                c.line,
                                format!(
                                    "this command asks for {n} prompts, but the result block below it (line {at}) completed {done} requests; \
                                     the command's prompt count is not given to its runs."
                                ),
                            )
                            .value("requested", n.to_string())
                            .value("completed", done.to_string())
                            .run(&run.id);
                        }
                        continue;
                    }
                }
                context::give(run, fact, c.line, context::COMMAND);
            }
            for fact in c.metadata_facts() {
                if context::give(run, fact.clone(), c.line, context::METADATA) {
                    run.source.lines.insert(fact.key(), c.line);
                }
            }
        }
    }
}

/// The client command of each run (by section and place in it) that stands below a code
/// block of several client commands and takes the last of them (datacrunch's `# Prefill` and
/// `# Decode` commands over a block of two results): the n-th run gets the n-th command when
/// there are as many runs as commands; else none of them gets any (`commands-not-paired`).
/// Runs not below such a block are not in the map.
fn paired_commands<'s>(
    sections: &'s [Section],
    runs: &[Vec<Run>],
    parent: &[Option<usize>],
    sink: &mut Sink,
) -> HashMap<(usize, usize), Option<&'s context::ClientCommand>> {
    // A run: its line, its section and its place there.
    type Taker = (u32, usize, usize);
    // The runs taking each command (by block and line), as the walk in `document` finds it.
    let mut taking: BTreeMap<(u32, u32), Vec<Taker>> = BTreeMap::new();
    for (i, section_runs) in runs.iter().enumerate() {
        let chain: Vec<usize> = std::iter::successors(Some(i), |&j| parent[j]).collect();
        for (k, run) in section_runs.iter().enumerate() {
            let at = run.source.line;
            let own = chain.iter().find_map(|&j| {
                let clients = &sections[j].clients;
                clients[..clients.partition_point(|c| c.line < at)].last()
            });
            if let Some(c) = own {
                taking.entry((c.block, c.line)).or_default().push((at, i, k));
            }
        }
    }
    let mut out = HashMap::new();
    let every = || sections.iter().flat_map(|s| &s.clients);
    let blocks: BTreeSet<u32> = taking.keys().map(|&(b, _)| b).collect();
    for block in blocks {
        let commands: Vec<&context::ClientCommand> = every().filter(|c| c.block == block).collect();
        let Some(last) = commands.last().filter(|_| commands.len() > 1) else { continue };
        // Results between the block's commands (each command over its own output) are theirs.
        if taking.keys().any(|&(b, l)| b == block && l != last.line) {
            continue;
        }
        let Some(below) = taking.get(&(block, last.line)) else { continue };
        let mut below = below.clone();
        below.sort();
        if below.len() == commands.len() {
            for (&(_, i, k), c) in below.iter().zip(&commands) {
                out.insert((i, k), Some(*c));
            }
            continue;
        }
        for &(_, i, k) in &below {
            out.insert((i, k), None);
        }
        let (_, i, k) = below[0];
        sink.info(
            "commands-not-paired",
            last.line,
            format!(
                "the code block at line {block} holds {} client commands, and {} result(s) below them: which command ran which \
                 result is not said, so none of the commands is given to them. Put each command above its own result.",
                commands.len(),
                below.len()
            ),
        )
        .value("commands", commands.len().to_string())
        .value("results", below.len().to_string())
        .run(&runs[i][k].id);
    }
    out
}

/// What a serve command says about the run it served (kind `serve`), and its command and
/// flags when the run has none of its own.
fn give_serve(run: &mut Run, s: &Serve) {
    // The run names the server's `--served-model-name` (`gen-studio_Qwen2.5-Omni-7B-esru`):
    // the checkpoint it serves under that name is the run's model, the alias its note.
    let alias = run.model.clone().filter(|m| s.params.flags.iter().any(|f| f.name == "--served-model-name" && f.value.as_deref() == Some(m.as_str())));
    if let (Some(alias), Some(checkpoint)) = (alias, s.model.as_deref().filter(|m| !m.contains('$') && !context::is_mount_point(m))) {
        if model_key(&alias) != model_key(checkpoint) {
            run.model = Some(checkpoint.to_string());
            run.source.lines.insert("model", s.line);
            run.source.context.insert("model", benchsite_model::ContextRef { line: s.line, kind: context::SERVE.into() });
            run.notes.push(benchsite_model::Note { line: s.line, text: format!("served as `{alias}`") });
        }
    }
    for fact in context::serve_facts(s) {
        context::give(run, fact, s.line, context::SERVE);
    }
    if run.params.command.is_none() {
        run.params = s.params.clone().into();
        run.source.lines.insert("params.command", s.line);
    }
}

/// A model compared by family, case, `-`, `_`, ` ` and `.` aside (`DeepSeekV3` is
/// `deepseek-ai/DeepSeek-V3`, `/models/Qwen2.5-72B-Instruct` is `Qwen2.5-72B-Instruct`).
fn model_key(model: &str) -> String {
    precision::family(model).chars().filter(|c| !matches!(c, '-' | '_' | ' ' | '.')).flat_map(char::to_lowercase).collect()
}

/// Why the document's only serve command, found outside a run's sections, may not have
/// served it: its client talks to another server, or the run already states another model
/// (compared by family, case, `-`, `_` and `.` aside: `DeepSeekV3` is
/// `deepseek-ai/DeepSeek-V3`), framework, TP or GPU count. `None` when nothing contradicts it.
fn serve_elsewhere_conflict(serve: &Serve, run: &Run, client: Option<&context::ClientCommand>) -> Option<String> {
    if let Some(why) = client.and_then(|c| context::serve_contradicts(serve, c)) {
        return Some(why);
    }
    // (A `--served-model-name` the run names is that server's model, under another name.)
    if let (Some(a), Some(b)) = (run.model.as_deref(), serve.model.as_deref()) {
        if model_key(a) != model_key(b) && context::serves_another_model(serve, a) {
            return Some(format!("it serves `{b}`, while the run is of `{a}`"));
        }
    }
    if let (Some(a), Some(b)) = (run.framework.as_deref(), context::serve_framework(serve)) {
        if framework::of_backend(a).unwrap_or(a) != b {
            return Some(format!("it starts {b}, while the run is of {a}"));
        }
    }
    if let (Some(a), Some(b)) = (run.tp, serve.tp) {
        if a != b {
            return Some(format!("it sets TP {b}, while the run states TP {a}"));
        }
    }
    if let (Some(a), Some(b)) = (run.gpu_count, serve.gpu_count) {
        if a != b {
            return Some(format!("it uses {b} GPU(s), while the run states {a}"));
        }
    }
    flags_conflict(serve, run)
}

/// An engine flag the run states itself (a table's `gpu_memory_utilization` column, no serve
/// command of its own) set to another value by the serve command: that server did not run
/// it (`0.65` in the row, `0.9` in the command that gives the best row's settings).
fn flags_conflict(serve: &Serve, run: &Run) -> Option<String> {
    if run.params.command.is_some() {
        return None;
    }
    // The checkpoint the result itself names (`Model: nvidia/Kimi-K2.5-NVFP4` in its block),
    // not the server's (`vllm serve moonshotai/Kimi-K2.5`).
    if let Some(model) = run.model.as_deref().filter(|_| run.source.context.get("model").is_none()) {
        if context::serves_another_model(serve, model) {
            return Some(format!("it serves `{}`, while the result names `{model}`", serve.model.as_deref().unwrap_or("")));
        }
    }
    let same = |a: &str, b: &str| a == b || a.parse::<f64>().ok().zip(b.parse::<f64>().ok()).is_some_and(|(x, y)| x == y);
    run.params.flags.iter().find_map(|own| {
        let theirs = serve.params.flags.iter().find(|f| f.name == own.name)?;
        let (a, b) = (own.value.as_deref().unwrap_or(""), theirs.value.as_deref().unwrap_or(""));
        (!same(a, b)).then(|| format!("it sets `{} {b}`, while the run states `{a}`", own.name))
    })
}

/// Why a client command did not run `run` as written: it sets another concurrency than the
/// run's own block or row states (`--max-concurrency 8` over `Maximum request concurrency:
/// 24`), or asks for fewer prompts than the run handled (`--request-count 100` over 711
/// requests). `None` when nothing the run states contradicts it.
fn command_conflict(c: &context::ClientCommand, run: &Run) -> Option<String> {
    // (A table's rows at several loads under one example command are a sweep of it.)
    let own = |key: &str| run.source.context.get(key).is_none();
    let handled = run.metrics.completed.map(|done| done + run.metrics.failed.unwrap_or(0));
    c.facts().into_iter().find_map(|fact| match fact {
        context::Fact::MaxConcurrency(n) => run
            .scenario
            .max_concurrency
            .filter(|&m| m != n && own("scenario.max_concurrency"))
            .map(|m| format!("it sets a concurrency of {n}, while the result states {m}")),
        context::Fact::NumPrompts(n) => handled.filter(|&h| h > n).map(|h| format!("it asks for {n} prompts, while the result handled {h} requests")),
        // A model the result names itself (its block, or its table's row or column).
        context::Fact::Model(m) => run
            .model
            .as_deref()
            .filter(|own_model| run.source.context.get("model").is_none_or(|c| c.kind == "table-row") && !same_checkpoint(own_model, &m))
            .map(|own_model| format!("it runs {m}, while the result is of {own_model}")),
        _ => None,
    })
}

/// Whether two names of a model may name one checkpoint: the [`model_key`] of one
/// (`/data/models/Qwen2.5-32B-Instruct`, `qwen2.5`) holds the other's.
fn same_checkpoint(a: &str, b: &str) -> bool {
    let (a, b) = (model_key(a), model_key(b));
    a.contains(&b) || b.contains(&a)
}

/// A labelled line's fact, from `line` (kind `labelled-line`), which the value's source
/// line then names too.
fn give_labelled(run: &mut Run, fact: &context::Fact, line: u32) {
    // `| 框架版本 | 0.8.5 |` names no engine: it is the release of the engine the setup names,
    // not of a run whose engine comes from elsewhere (a table's `SGLang` row).
    let other_engine = run.framework.is_some() && run.source.context.get("framework").is_some_and(|c| c.kind != context::LABELLED_LINE);
    if matches!(fact, context::Fact::FrameworkVersion(_)) && other_engine {
        return;
    }
    if context::give(run, fact.clone(), line, context::LABELLED_LINE) {
        run.source.lines.insert(fact.key(), line);
    }
}

/// A GPU count the document states for the machine (`| GPU | 8× NVIDIA H200 |`, `# 4×RTX 4090
/// 实测`) where the run itself states a smaller TP (its row's `tp1`) and no other parallelism:
/// the machine's size, not what the run used (its per-GPU rates would be divided by GPUs it
/// did not use). Left unstated.
fn machine_not_run(run: &mut Run) {
    let (Some(tp), Some(count)) = (run.tp, run.gpu_count) else { return };
    let given = |key: &str| run.source.context.get(key).map(|c| c.kind.clone());
    let own_tp = given("tp").is_none_or(|k| k == context::TABLE_ROW);
    let machine = given("gpu_count").is_some_and(|k| k != context::TABLE_ROW && k != context::SERVE && k != context::COMMAND);
    let other_parallelism = run.params.flags.iter().any(|f| ["--pipeline-parallel-size", "-pp", "--pp", "--pp-size", "--data-parallel-size", "--dp", "--dp-size"].contains(&f.name.as_str()));
    if tp < count && own_tp && machine && !other_parallelism {
        run.gpu_count = None;
        run.source.lines.remove("gpu_count");
        run.source.context.remove("gpu_count");
    }
}

/// Words of a section title naming the setup of a benchmark (its configuration, environment,
/// parameters, method).
const SETUP_WORDS: [&str; 22] = [
    "config", "setup", "set-up", "environment", "parameter", "setting", "method", "hardware", "workload", "condition", "test plan",
    "配置", "环境", "参数", "设置", "条件", "方法", "硬件", "環境", "設定", "구성", "환경",
];

/// What the captions holding for a run starting at `at` state (kind `caption`).
fn give_captions(run: &mut Run, captions: &[context::Caption], at: u32) {
    for c in captions.iter().filter(|c| c.first <= at && at <= c.last) {
        for fact in &c.facts {
            context::give(run, fact.clone(), c.line, context::CAPTION);
        }
        if let Some(label) = c.label.as_ref().filter(|l| !run.notes.iter().any(|n| n.text == **l)) {
            run.notes.push(benchsite_model::Note { line: c.line, text: label.clone() });
        }
    }
}

/// The flags a log's comment states above a run (`# --max-concurrency = 32`, at `line`), as
/// the run's own statement: each fact they give that its client command (if any) does not,
/// from that line, kind `flags-line`.
fn give_stated_flags(run: &mut Run, client: Option<&context::ClientCommand>, stated: Option<(u32, String)>) {
    let Some((line, flags)) = stated else { return };
    let stated = client.map_or_else(|| context::ClientCommand::of_flags(&flags, line), |c| c.with_flags(&flags));
    let own = client.map(|c| c.facts()).unwrap_or_default();
    for fact in stated.facts().into_iter().filter(|f| !own.contains(f)) {
        context::give(run, fact, line, context::FLAGS_LINE);
    }
}

/// The lines (1-based) of `lines` that open or close a fenced code block.
fn fence_lines(lines: &[&str]) -> Vec<u32> {
    (0..lines.len())
        .filter(|&i| {
            let t = lines[i].trim_start();
            t.starts_with("```") || t.starts_with("~~~")
        })
        .map(|i| i as u32 + 1)
        .collect()
}

/// For a line inside a fenced code block, the line introducing that block with the flags it
/// changed (`--tensor-parallel-size=1 结果：`, [`context::flags_line`]): the last non-blank
/// line before the opening fence, when it is one.
fn flags_lines(body: &str) -> impl Fn(u32) -> Option<(u32, String)> + '_ {
    let lines: Vec<&str> = body.lines().collect();
    let fences = fence_lines(&lines);
    move |line: u32| {
        let k = fences.partition_point(|&f| f < line);
        if k % 2 == 0 {
            return None; // not inside a fenced block
        }
        let open = fences[k - 1] as usize;
        let (i, text) = lines[..open - 1].iter().enumerate().rev().take(3).find(|(_, l)| !l.trim().is_empty())?;
        context::flags_line(text).map(|f| (i as u32 + 1, f))
    }
}

/// For a run starting at `at`, the last line of the log above it, after `floor` (the end of
/// the block before it) and inside the same fenced block, that states flags in a comment
/// ([`context::comment_flags`]: `# --max-concurrency = 32`). Looks back at most
/// `COMMENT_REACH` lines, so a long log is read once.
fn comment_flags_above(body: &str) -> impl Fn(u32, u32) -> Option<(u32, String)> + '_ {
    const COMMENT_REACH: u32 = 40;
    // Most texts state no flag in a comment: their lines are not listed.
    let lines: Vec<&str> = if body.contains("# --") { body.lines().collect() } else { Vec::new() };
    let fences = fence_lines(&lines);
    move |at: u32, floor: u32| {
        let k = fences.partition_point(|&f| f < at);
        let fence = if k % 2 == 1 { fences[k - 1] } else { fences.get(k.wrapping_sub(1)).copied().unwrap_or(0) };
        let from = floor.max(fence).max(at.saturating_sub(COMMENT_REACH));
        (from + 1..at).rev().find_map(|l| {
            let text = lines.get(l as usize - 1)?;
            context::comment_flags(text).map(|f| (l, f))
        })
    }
}

/// A section with a serve command or a log but no result measured nothing that is shown; a
/// heading with nothing under it (not even sub-headings) promises results the file lacks.
fn check_empty_sections(sections: &[Section], sink: &mut Sink) {
    let mut empty = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        if !s.runs.is_empty() {
            continue;
        }
        let own_serve = s.serve.as_ref().map(|c| c.line);
        if own_serve.is_some() || !s.logs.is_empty() {
            let mut parts = Vec::new();
            if let Some(l) = own_serve {
                parts.push(format!("a serve command (line {l})"));
            }
            match s.logs.as_slice() {
                [] => parts.push("no log".into()),
                [l] => parts.push(format!("a log block (line {l}) without a result")),
                ls => parts.push(format!("{} log blocks (from line {}) without a result", ls.len(), ls[0])),
            }
            sink.warn(
                "section-without-results",
                s.logs.first().copied().or(own_serve).unwrap_or(s.line),
                format!(
                    "`{}` has {}; nothing was measured for it in this file. Paste the benchmark output or remove the section.",
                    s.title,
                    parts.join(" and ")
                ),
            )
            .value("section", &s.title)
            .value("heading_line", s.line);
            continue;
        }
        let leaf = sections.get(i + 1).is_none_or(|next| next.level <= s.level);
        if !s.has_content && leaf && !s.title.is_empty() {
            empty.push(s);
        }
    }
    if let Some(first) = empty.first() {
        let list: Vec<String> = empty.iter().map(|s| format!("`{}` (line {})", s.title, s.line)).collect();
        sink.info(
            "empty-sections",
            first.line,
            format!(
                "{} heading(s) have nothing under them: {}. The file names results it does not hold; fill or remove them.",
                empty.len(),
                list.join(", ")
            ),
        )
        .value("count", empty.len())
        .value("sections", list.join(", "));
    }
}

fn basename(model: &str) -> String {
    model.trim_end_matches('/').rsplit('/').next().unwrap_or(model).to_ascii_lowercase()
}

/// The client's model wins; a serve command or heading naming another model is a finding.
/// `model_heading` is the heading that names the section's model (a metric heading names
/// none: `None` when no heading above it names one).
fn resolve_model(section: &mut Section, model_heading: Option<(String, u32)>, sink: &mut Sink) {
    let serve_model = section.serve.as_ref().filter(|s| !s.template).and_then(|s| s.model.clone());
    let heading = section.title.clone();
    let (named, named_line) = model_heading.unwrap_or_default();
    // The first disagreeing client model is quoted; every disagreeing run is attached.
    let mut mismatch: Option<(String, Vec<String>)> = None;
    for run in &mut section.runs {
        let client = run.model.clone();
        if let (Some(c), Some(s)) = (&client, &serve_model) {
            if basename(c) != basename(s) {
                mismatch.get_or_insert_with(|| (c.clone(), Vec::new())).1.push(run.id.to_string());
            }
        }
        match client.or_else(|| serve_model.clone()) {
            None if !named.is_empty() => {
                run.model = Some(named.clone());
                run.source.lines.insert("model", named_line);
            }
            chosen => run.model = chosen,
        }
    }
    let (Some((c, ids)), Some(s)) = (mismatch, serve_model) else { return };
    let line = section.serve.as_ref().map(|s| s.line).unwrap_or(section.line);
    let f = sink.warn(
        "model-mismatch",
        line,
        format!(
            "the serve command starts `{s}` but the benchmark client measured `{c}` (heading `{heading}`); \
             the runs are recorded under the client's model. Check which model was really served."
        ),
    );
    f.value("serve", &s).value("client", &c).value("heading", &heading);
    f.runs(ids.iter().map(String::as_str));
}

/// A note stating `--num-prompts N` (and maybe `--dataset-name X`) that no run of its
/// section matches contradicts the log. The section's runs are indexed once by dataset; a
/// second note contradicting the log in the same section joins the first one's finding, so
/// the findings grow with the notes plus the runs, never with their product.
fn check_notes(section: &Section, sink: &mut Sink) {
    let mut groups: HashMap<Option<&str>, (Vec<&Run>, HashSet<u64>)> = HashMap::new();
    for r in &section.runs {
        let dataset = r.scenario.dataset.as_deref();
        for key in std::iter::once(None).chain(dataset.map(Some)) {
            let (runs, prompts) = groups.entry(key).or_default();
            runs.push(r);
            prompts.extend(r.scenario.num_prompts);
        }
    }
    let mut first: Option<usize> = None;
    let mut attached: HashSet<Option<String>> = HashSet::new();
    let mut more: Vec<u32> = Vec::new();
    for note in &section.notes {
        let stated: BTreeMap<String, Option<String>> =
            note.text.split('`').skip(1).step_by(2).flat_map(flags).collect();
        let Some(Some(n)) = stated.get("--num-prompts") else { continue };
        let Ok(n) = n.parse::<u64>() else { continue };
        let dataset = stated.get("--dataset-name").cloned().flatten();
        let Some((relevant, prompts)) = groups.get(&dataset.as_deref()) else { continue };
        if prompts.contains(&n) {
            continue;
        }
        if let Some(i) = first {
            more.push(note.line);
            if attached.insert(dataset.clone()) {
                sink.findings[i].runs(relevant.iter().map(|r| r.id.as_str()));
            }
            continue;
        }
        let actual: Vec<String> = relevant.iter().filter_map(|r| r.scenario.num_prompts).map(|p| p.to_string()).collect();
        let f = sink.warn(
            "note-contradicts-log",
            note.line,
            format!(
                "the note says `--num-prompts {n}`{} but the log shows {} prompt(s) (line {}); the log's number is used.",
                dataset.as_deref().map(|d| format!(" for `{d}`")).unwrap_or_default(),
                actual.join(", "),
                relevant[0].source.lines.get("scenario.num_prompts").copied().unwrap_or(relevant[0].source.line),
            ),
        );
        f.value("note_num_prompts", n).value("log_num_prompts", actual.join(","));
        if let Some(d) = &dataset {
            f.value("dataset", d);
        }
        f.runs(relevant.iter().map(|r| r.id.as_str()));
        attached.insert(dataset.clone());
        first = Some(sink.findings.len() - 1);
    }
    if let (Some(i), false) = (first, more.is_empty()) {
        let lines: Vec<String> = more.iter().map(u32::to_string).collect();
        let f = &mut sink.findings[i];
        f.message = format!(
            "{} {} more note(s) of this section contradict the log as well (line(s) {}).",
            f.message,
            more.len(),
            lines.join(", ")
        )
        .into();
        f.value("other_note_lines", lines.join(", "));
    }
}

type Slot = (Option<String>, Option<u64>, Option<u64>, Option<u64>);

fn slot_of(r: &Run) -> Slot {
    (r.scenario.dataset.clone(), r.scenario.num_prompts, r.scenario.input_len, r.scenario.output_len)
}

fn describe(s: &Slot) -> String {
    let mut out = s.0.clone().unwrap_or_else(|| "?".into());
    if let Some(n) = s.1 {
        out.push_str(&format!(", {n} prompts"));
    }
    if let (Some(i), Some(o)) = (s.2, s.3) {
        out.push_str(&format!(", {i}/{o} tokens"));
    }
    out
}

/// Sections of one file usually run the same scenario list and the same server settings.
/// A run whose scenario differs from the majority in its slot, or a section whose server
/// settings differ from the others', is a finding.
fn check_neighbours(sections: &[Section], sink: &mut Sink) {
    if sections.len() < 3 {
        return;
    }
    // Run k of every section, gathered in one pass over the runs.
    let mut by_slot: Vec<Vec<(&Section, &Run)>> = Vec::new();
    for section in sections {
        for (k, run) in section.runs.iter().enumerate() {
            if by_slot.len() <= k {
                by_slot.push(Vec::new());
            }
            by_slot[k].push((section, run));
        }
    }
    for (slot, slots) in by_slot.iter().enumerate() {
        let Some(majority) = majority(slots.iter().map(|(_, r)| slot_of(r))) else { continue };
        for (section, run) in slots {
            let mine = slot_of(run);
            if mine != majority {
                let line = run.source.lines.get("scenario.num_prompts").copied().unwrap_or(run.source.line);
                sink.warn(
                    "scenario-differs",
                    line,
                    format!(
                        "run {} of `{}` used {} while the same run in the other sections used {}; compare it with its neighbours with care.",
                        slot + 1,
                        section.title,
                        describe(&mine),
                        describe(&majority)
                    ),
                )
                .value("slot", slot + 1)
                .value("found", describe(&mine))
                .value("expected", describe(&majority))
                .run(&run.id);
            }
        }
    }
    let settings: Vec<BTreeMap<String, String>> = sections.iter().map(settings_of).collect();
    let Some(common) = majority(settings.iter().cloned()) else { return };
    for (section, mine) in sections.iter().zip(&settings) {
        if *mine == common {
            continue;
        }
        let mut diffs = Vec::new();
        for (k, v) in &common {
            match mine.get(k) {
                None => diffs.push(format!("no {k}")),
                Some(w) if w != v => diffs.push(format!("{k}={w} (others: {v})")),
                _ => {}
            }
        }
        for (k, v) in mine.iter().filter(|(k, _)| !common.contains_key(*k)) {
            diffs.push(format!("extra {k}={v}"));
        }
        let line = section.serve.as_ref().map(|s| s.line).unwrap_or(section.line);
        let f = sink.info(
            "settings-differ",
            line,
            format!("`{}` was served with different settings than the other sections: {}.", section.title, diffs.join("; ")),
        );
        f.value("differences", diffs.join("; "));
        attach(f, &section.runs);
    }
}

/// Server settings other than the model and its parallelism, which legitimately vary.
fn settings_of(section: &Section) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let Some(s) = &section.serve else { return out };
    for (k, v) in &s.params.env {
        out.insert(format!("env {k}"), v.clone());
    }
    for f in &s.params.flags {
        let skip = ["--model", "--model-path", "--tp", "--tp-size", "--tensor-parallel-size", "-tp"];
        if !skip.contains(&f.name.as_str()) {
            out.insert(f.name.clone(), f.value.clone().unwrap_or_default());
        }
    }
    if let Some(img) = &s.params.image {
        out.insert("image".into(), img.clone());
    }
    out
}

/// The strictly most common value, if one value holds more than half.
fn majority<T: Ord + Clone>(items: impl Iterator<Item = T>) -> Option<T> {
    let mut counts: BTreeMap<T, usize> = BTreeMap::new();
    let mut total = 0;
    for item in items {
        *counts.entry(item).or_default() += 1;
        total += 1;
    }
    counts.into_iter().find(|(_, c)| *c * 2 > total).map(|(v, _)| v)
}

/// The H1 title and `<Framework> vX.Y` mentions should name the version in the path. One
/// case-blind search over the whole text; lines are counted only up to each mention.
fn check_title(title: Option<&(String, u32)>, text: &str, sink: &mut Sink, framework: &str, version: &str) {
    let needle = format!("{} v", framework.to_ascii_lowercase());
    let bytes = text.as_bytes();
    let (mut from, mut line, mut counted) = (0, 1u32, 0);
    while let Some(pos) = find_ignore_ascii_case(&bytes[from..], needle.as_bytes()) {
        let at = from + pos;
        line += count_newlines(&bytes[counted..at]) as u32;
        counted = at;
        let start = at + needle.len();
        let digits = text[start..].bytes().take_while(|c| c.is_ascii_digit() || *c == b'.').count();
        let found = text[start..start + digits].trim_end_matches('.');
        from = start;
        if !found.is_empty() && found != version {
            let is_title = title.is_some_and(|(_, l)| *l == line);
            sink.warn(
                "version-mismatch",
                line,
                format!(
                    "{} names {framework} v{found} but the file path says v{version}; the path wins. Correct the {}.",
                    if is_title { "the title" } else { "this line" },
                    if is_title { "title" } else { "text" }
                ),
            )
            .value("path_version", version)
            .value("found", found);
        }
    }
}

/// A container image tag naming another version than the path.
fn check_image(serve: &Serve, sink: &mut Sink, version: &str) {
    let Some(image) = &serve.params.image else { return };
    let Some((_, tag)) = image.rsplit_once(':') else { return };
    let tag_version: String = tag.trim_start_matches('v').chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    if !tag_version.is_empty() && tag_version.trim_end_matches('.') != version {
        sink.warn(
            "image-version-mismatch",
            serve.line,
            format!("the container image `{image}` is not version {version} that the file path names; check which version was measured."),
        )
        .value("image", image)
        .value("path_version", version);
    }
}

/// The framework a run's table row states (`source.context` kind `table-row`), when it is not
/// the one the file path names.
fn other_framework(run: &Run, path_framework: Option<&str>) -> Option<String> {
    let path = path_framework?;
    let stated = run.framework.as_deref().filter(|_| run.source.context.get("framework").is_some_and(|c| c.kind == context::TABLE_ROW))?;
    let path = framework::of_backend(path).unwrap_or(path);
    (!stated.eq_ignore_ascii_case(path)).then(|| stated.to_string())
}

/// The client's `backend` naming another framework than the path.
fn check_backend(run: &Run, framework: &str, sink: &mut Sink) {
    let Some(backend) = run.backend.as_deref() else { return };
    if let Some(named) = framework::of_backend(backend) {
        let path_framework = framework::of_backend(framework).unwrap_or(framework);
        if !named.eq_ignore_ascii_case(path_framework) {
            let line = run.source.lines.get("backend").copied().unwrap_or(run.source.line);
            sink.warn(
                "backend-mismatch",
                line,
                format!("the benchmark client used backend `{backend}` in a {framework} result file; check which server was measured."),
            )
            .value("backend", backend)
            .value("framework", framework)
            .run(&run.id);
        }
    }
}

/// Fills what a sidecar states and nothing else (its precision is weighed with the other
/// statements in `precision`).
pub fn apply_meta(runs: &mut [Run], meta: &Meta) {
    for run in runs {
        run.framework = run.framework.take().or(meta.framework.clone());
        run.framework_version = run.framework_version.take().or(meta.version.clone());
        // A sidecar is stated by the content's author and comes before a report's own
        // `--metadata` (the last resort for GPU and TP).
        let from_metadata = |run: &Run, field: &str| run.source.context.get(field).is_some_and(|c| c.kind == "metadata");
        if meta.gpu.is_some() && from_metadata(run, "gpu") {
            run.gpu = None;
            run.source.context.remove("gpu");
            run.source.lines.remove("gpu");
        }
        if meta.tp.is_some() && from_metadata(run, "tp") {
            run.tp = None;
            run.source.context.remove("tp");
            run.source.lines.remove("tp");
        }
        run.gpu = run.gpu.take().or(meta.gpu.clone());
        run.tp = run.tp.or(meta.tp);
        run.gpu_count = meta.gpu_count.or(run.gpu_count).or(run.tp);
        run.model = run.model.take().or(meta.model.clone());
        for note in &meta.notes {
            run.notes.push(benchsite_model::Note { line: 0, text: note.clone() });
        }
    }
}

/// The same run printed twice in one file (as text and as JSON, or saved twice) is one run.
/// Identical numbers from one printer under different scenarios are two runs that agree.
/// Runs are looked up by their numbers in hash maps, so the check is linear in the runs:
/// the original of a run is the first kept run with the same numbers that either comes
/// from another printer or states the same scenario.
/// The hasher of [`duplicates`]' maps: their keys are a run's numbers and short names, and a
/// file's runs are no attacker's to choose against a build of that file, so a multiply-rotate
/// hash (as rustc's `FxHasher`) instead of SipHash; lookups only, never iterated, so the
/// output does not depend on it.
type Quick = std::hash::BuildHasherDefault<QuickHasher>;

#[derive(Default)]
struct QuickHasher(u64);

impl QuickHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl std::hash::Hasher for QuickHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let mut rest = [0u8; 8];
        rest[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        self.add(u64::from_le_bytes(rest));
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

pub fn duplicates(runs: &mut Vec<Run>, sink: &mut Sink) {
    duplicates_counted(runs, sink);
}

/// [`duplicates`], returning its steps: a hash-map look-up or an entry of a number key's
/// list of printers looked at. Bounded by a constant per run (a test holds it to that).
fn duplicates_counted(runs: &mut Vec<Run>, sink: &mut Sink) -> usize {
    let mut steps = 0;
    type Numbers = (u64, i64, u64, Option<i64>);
    // Seconds and rates as the consoles print them (`{:.2f}`), so a console block and the
    // `--save-result` JSON of the same run (203.51 and 203.5104987300001) are one number.
    let printed = |x: f64| (x * 100.0).round() as i64;
    let numbers = |r: &Run| -> Option<Numbers> {
        let m = &r.metrics;
        Some((m.completed?, printed(m.duration_s?), m.total_output_tokens?, m.request_throughput.map(printed)))
    };
    let mut keep = vec![true; runs.len()];
    {
        let runs: &[Run] = runs;
        fn scenario(r: &Run) -> (Option<&str>, Option<u64>, Option<u64>, Option<&str>) {
            (r.scenario.dataset.as_deref(), r.scenario.num_prompts, r.scenario.input_len, r.model.as_deref())
        }
        // The first kept run per printer (at most a handful of formats per number key), and
        // per scenario.
        let mut by_format: HashMap<Numbers, Vec<(&str, usize)>, Quick> = HashMap::with_capacity_and_hasher(runs.len(), Quick::default());
        // (The kept runs of a scenario and numbers: more than one only when they state
        // different loads or latencies, `differ`.)
        let mut by_scenario: HashMap<_, Vec<usize>, Quick> = HashMap::with_capacity_and_hasher(runs.len(), Quick::default());
        // A report's overview pasted again without its counts (a blog quotes trtllm-bench's
        // `PERFORMANCE OVERVIEW` once more to explain it): the first run with its duration
        // and both throughputs.
        let mut by_rates: HashMap<(u64, u64, u64), usize, Quick> = HashMap::with_capacity_and_hasher(runs.len(), Quick::default());
        for (i, run) in runs.iter().enumerate() {
            let m = &run.metrics;
            let rates = m.duration_s.zip(m.request_throughput).zip(m.output_throughput).map(|((d, r), o)| (d.to_bits(), r.to_bits(), o.to_bits()));
            steps += 1;
            let Some(key) = numbers(run) else {
                let Some(rates) = rates else { continue };
                match by_rates.get(&rates) {
                    Some(&j) => {
                        keep[i] = false;
                        repeats(sink, run, &runs[j], "same duration and throughputs, without its counts");
                    }
                    None => {
                        by_rates.insert(rates, i);
                    }
                }
                continue;
            };
            if let Some(rates) = rates {
                by_rates.entry(rates).or_insert(i);
            }
            let formats = by_format.entry(key).or_default();
            // Two look-ups, and each printer of these numbers looked at (up to) twice.
            steps += 2 + 2 * formats.len();
            let other_printer = formats.iter().filter(|(f, _)| *f != run.format).map(|(_, j)| *j).min();
            // Not a repeat when the two state different loads or latencies: two runs at
            // rates `inf` and 8 may end with the same counts, duration and throughput.
            let alike: &[usize] = by_scenario.get(&(key, scenario(run))).map_or(&[], Vec::as_slice);
            steps += alike.len();
            let same_scenario = alike.iter().copied().find(|&j| !differ(run, &runs[j]));
            let original = other_printer.into_iter().chain(same_scenario).min();
            let Some(j) = original else {
                if !formats.iter().any(|(f, _)| *f == run.format) {
                    formats.push((&run.format, i));
                }
                by_scenario.entry((key, scenario(run))).or_insert_with(Vec::new).push(i);
                continue;
            };
            keep[i] = false;
            repeats(sink, run, &runs[j], "same counts, duration and throughput");
        }
    }
    let mut flags = keep.into_iter();
    runs.retain(|_| flags.next().unwrap_or(true));
    steps
}

/// Whether two runs with the same counts, duration and throughput state a different request
/// rate or concurrency, or a different mean TTFT, TPOT or ITL (as printed, two decimals):
/// two runs, not one printed twice.
fn differ(a: &Run, b: &Run) -> bool {
    fn both<T: PartialEq>(x: Option<T>, y: Option<T>) -> bool {
        matches!((x, y), (Some(x), Some(y)) if x != y)
    }
    let (sa, sb) = (&a.scenario, &b.scenario);
    let mean = |l: &Option<benchsite_model::Map<f64>>| l.as_ref().and_then(|l| l.get("mean")).map(|&x| (x * 100.0).round() as i64);
    let (ma, mb) = (&a.metrics, &b.metrics);
    both(sa.request_rate.as_ref(), sb.request_rate.as_ref())
        || both(sa.max_concurrency, sb.max_concurrency)
        || both(mean(&ma.ttft_ms), mean(&mb.ttft_ms))
        || both(mean(&ma.tpot_ms), mean(&mb.tpot_ms))
        || both(mean(&ma.itl_ms), mean(&mb.itl_ms))
}

/// The `duplicate` note of a run dropped because it repeats `original` (`same`: what they share).
fn repeats(sink: &mut Sink, run: &Run, original: &Run, same: &str) {
    sink.info(
        "duplicate",
        run.source.line,
        format!("this block repeats the run at line {} ({same}); it is recorded once.", original.source.line),
    )
    .value("original_line", original.source.line)
    .run(&original.id);
}

/// Runs from saved JSON results; objects that are not results are findings.
pub fn json_runs(objects: &[json::Object<'_>], sink: &mut Sink) -> Vec<Run> {
    let mut runs = Vec::new();
    let mut skipped = 0;
    let mut first_skipped = None;
    for obj in objects {
        if !json::is_result(obj) {
            skipped += 1;
            first_skipped.get_or_insert(obj.line);
            continue;
        }
        let format = if obj.contains_key("server_info") || obj.contains_key("mean_e2e_latency_ms") {
            Format::SglangJson
        } else {
            Format::VllmJson
        };
        let block = json::to_block(obj, format);
        if let Some(mut run) = block::resolve(&block, &[], sink) {
            json::apply_metadata(obj, &mut run);
            json::apply_server_info(obj, &mut run);
            runs.push(run);
        }
    }
    if skipped > 0 && runs.is_empty() {
        sink.warn(
            "not-a-benchmark",
            objects.first().map(|o| o.line).unwrap_or(0),
            format!("this JSON holds {skipped} object(s) without benchmark result keys (completed, duration, request_throughput); no runs were read."),
        )
        .value("objects", skipped);
    } else if let (true, Some(line)) = (skipped > 0, first_skipped) {
        sink.info(
            "not-a-benchmark",
            line,
            format!("{skipped} of the {} JSON object(s) hold no benchmark result keys (completed, duration, request_throughput); they were skipped (the first on this line).", objects.len()),
        )
        .value("objects", skipped);
    } else if objects.is_empty() {
        sink.warn("not-a-benchmark", 0, "this JSON holds no object; no runs were read.".into());
    }
    runs
}

/// Sweep headers announce values; blocks report what really ran.
pub fn sweeps(scanned: &scan::End<'_>, runs: &[Run], sink: &mut Sink) {
    // Members per sweep, gathered in one pass (a sweep's id ends in its line).
    let index: HashMap<u32, usize> = scanned.sweeps.iter().enumerate().map(|(i, s)| (s.line, i)).collect();
    let mut members: Vec<Vec<&Run>> = vec![Vec::new(); scanned.sweeps.len()];
    for run in runs {
        let line = run.sweep.as_ref().and_then(|s| s.id.rsplit_once("#L")).and_then(|(_, l)| l.parse().ok());
        if let Some(&i) = line.and_then(|l: u32| index.get(&l)) {
            members[i].push(run);
        }
    }
    for (i, sweep) in scanned.sweeps.iter().enumerate() {
        let (members, blocks) = (&members[i], scanned.blocks_per_sweep[i]);
        if let Some((key, values)) = sweep.lists.first() {
            if values.len() != blocks {
                sink.warn(
                    "sweep-length-mismatch",
                    sweep.line,
                    format!("the header announces {} {key} values but {blocks} result block(s) follow; the series is incomplete or mixed.", values.len()),
                )
                .value("declared", values.len())
                .value("found", blocks);
            }
        }
        for run in members {
            let s = run.sweep.as_ref().expect("member");
            if let (Some(d), Some(r), "num_prompts") = (s.declared, s.requests, s.axis.as_str()) {
                if (d - r as f64).abs() > 0.5 {
                    sink.warn(
                        "sweep-value-mismatch",
                        run.source.lines.get("metrics.completed").copied().unwrap_or(run.source.line),
                        format!("position {} of the sweep should run {d} requests but the block reports {r}.", s.index + 1),
                    )
                    .value("declared", d)
                    .value("found", r)
                    .run(&run.id);
                }
            }
            let fixed_input = sweep.fixed.iter().find(|(k, _)| k == "input_len").map(|(_, v)| *v);
            if let (Some(want), Some(per)) = (fixed_input, s.input_tokens_per_request) {
                if (want - per).abs() > 0.5 {
                    sink.info(
                        "sweep-value-mismatch",
                        run.source.lines.get("metrics.total_input_tokens").copied().unwrap_or(run.source.line),
                        format!("the sweep header sets {want} input tokens per request but this block averages {per}."),
                    )
                    .value("declared", want)
                    .value("found", per)
                    .run(&run.id);
                }
            }
        }
    }
}

/// Sentences saying a document's numbers are estimates, not measurements (`본 벤치마크의 수치는 …
/// 추정치입니다`, `All figures are estimates based on published specs`): what is estimated,
/// then how it is said.
const ESTIMATED: [&str; 12] = [
    "are estimates", "are estimated", "are rough estimates", "are approximations", "are approximate", "추정치", "均为估算", "为估算值", "均为估计", "估算数据", "推定値です", "は推定値",
];
const NUMBERS: [&str; 13] = ["number", "figure", "value", "result", "data", "수치", "데이터", "결과", "数据", "数值", "结果", "数値", "結果"];

/// A document that says, in a sentence of its own anywhere, that its numbers are estimates:
/// every run of it is kept, with that sentence as a note and one `approximate-values` warning
/// naming them all (a caption above one table says so for that table's runs alone).
pub fn estimates(text: &str, runs: &mut [Run], sink: &mut Sink) {
    if runs.is_empty() {
        return;
    }
    let said = context::outside_fences(text).find_map(|(i, raw)| {
        let t = raw.trim().trim_start_matches(['>', '-', '*', ' ']);
        let prose = !t.is_empty() && t.len() <= 600 && !t.starts_with(['#', '|', '<', '`']);
        let lower = t.to_lowercase();
        (prose && ESTIMATED.iter().any(|w| lower.contains(w)) && NUMBERS.iter().any(|w| lower.contains(w))).then(|| (i as u32 + 1, t.replace("**", "")))
    });
    let Some((line, said)) = said else { return };
    let short: String = said.chars().take(160).collect();
    let mut ids = Vec::new();
    for run in runs.iter_mut() {
        if run.notes.iter().any(|n| n.line == line) {
            continue;
        }
        run.notes.push(benchsite_model::Note { line, text: short.clone() });
        ids.push(run.id.to_string());
    }
    if ids.is_empty() {
        return;
    }
    sink.warn(
        "approximate-values",
        line,
        format!("line {line} says this document's numbers are estimates, not measurements (`{short}`); its runs are kept, marked as such, and compare with no measured run."),
    )
    .runs(ids.iter().map(String::as_str));
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use benchsite_model::RequestRate;

    /// The former quadratic check, kept as the reference the hashed one must agree with.
    fn duplicates_by_pairs(runs: &[Run]) -> Vec<(u32, u32)> {
        let numbers = |r: &Run| {
            let m = &r.metrics;
            (m.completed, m.duration_s.map(f64::to_bits), m.total_output_tokens, m.request_throughput.map(f64::to_bits))
        };
        let scenario = |r: &Run| (r.scenario.dataset.clone(), r.scenario.num_prompts, r.scenario.input_len, r.model.clone());
        let mut keep = vec![true; runs.len()];
        let mut found = Vec::new();
        let rates = |r: &Run| {
            let m = &r.metrics;
            m.duration_s.zip(m.request_throughput).zip(m.output_throughput).map(|((d, q), o)| (d.to_bits(), q.to_bits(), o.to_bits()))
        };
        for i in 0..runs.len() {
            let key = numbers(&runs[i]);
            if key.0.is_none() || key.1.is_none() || key.2.is_none() {
                // Without its counts, a run repeats the first one of its duration and rates.
                if let Some(j) = rates(&runs[i]).and_then(|r| (0..i).find(|&j| rates(&runs[j]) == Some(r))) {
                    keep[i] = false;
                    found.push((runs[i].source.line, runs[j].source.line));
                }
                continue;
            }
            let original = (0..i).find(|&j| {
                keep[j] && numbers(&runs[j]) == key && (runs[j].format != runs[i].format || (scenario(&runs[j]) == scenario(&runs[i]) && !differ(&runs[i], &runs[j])))
            });
            if let Some(j) = original {
                keep[i] = false;
                found.push((runs[i].source.line, runs[j].source.line));
            }
        }
        found
    }

    /// A generated run: (JSON printer, completed, duration, request throughput, dataset,
    /// prompts) and the request rate it states (`0`: `inf`).
    type Spec = ((bool, u8, u8, Option<u8>, Option<u8>, u8), Option<u8>);

    fn run(line: u32, ((format, completed, duration, rate, dataset, prompts), load): Spec) -> Run {
        let mut r = Run { id: format!("x#L{line}").into(), format: if format { "vllm-json" } else { "serving-text" }.into(), ..Run::default() };
        r.source.line = line;
        r.metrics.completed = (completed > 0).then_some(u64::from(completed));
        r.metrics.duration_s = Some(f64::from(duration));
        r.metrics.total_output_tokens = Some(1);
        r.metrics.request_throughput = rate.map(f64::from);
        r.metrics.output_throughput = Some(f64::from(prompts));
        r.scenario.dataset = dataset.map(|d| format!("d{d}"));
        r.scenario.num_prompts = Some(u64::from(prompts));
        r.scenario.request_rate = load.map(|l| if l == 0 { RequestRate::Inf } else { RequestRate::PerSecond(f64::from(l)) });
        r
    }

    /// `n` runs of one printer, shaped as `shape` says, each on its own line.
    fn runs_shaped(n: usize, shape: Shape) -> Vec<Run> {
        (0..n)
            .map(|i| {
                let mut r = Run { id: format!("x#L{i}").into(), format: "serving-text".into(), ..Run::default() };
                r.source.line = i as u32 + 1;
                let numbers = if shape == Shape::Distinct { i as u64 } else { 0 };
                r.metrics.completed = Some(100 + numbers);
                r.metrics.duration_s = Some(20.0);
                r.metrics.total_output_tokens = Some(25_600 + numbers);
                r.metrics.request_throughput = Some(5.0);
                r.scenario.num_prompts = Some(if shape == Shape::SameNumbersOtherScenarios { i as u64 } else { 100 });
                r
            })
            .collect()
    }

    /// The shapes that cost a check by pairs the most (no run has an original, so each is
    /// compared with every earlier one) and the least (each is a copy of the first).
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Shape {
        Distinct,
        SameNumbersOtherScenarios,
        Identical,
    }

    /// Steps per run of the duplicate check, at most, whatever the shape: each run's numbers
    /// looked up once per map (three), the printers already seen with those numbers (one
    /// here), and the kept runs of its scenario with those numbers (one here).
    const DUPLICATE_STEPS_PER_RUN: usize = 6;

    /// The check's work is bounded by a constant per run (the check by pairs compared each
    /// run with every earlier one: 16 s on 50k blocks). Counted, not timed: the same bound at
    /// 2,000 and 20,000 runs, and the kept runs and findings account for every run.
    #[test]
    fn duplicate_check_grows_linearly_with_the_runs() {
        for shape in [Shape::Distinct, Shape::SameNumbersOtherScenarios, Shape::Identical] {
            for n in [2_000, 20_000] {
                let (mut kept, mut sink) = (runs_shaped(n, shape), Sink::new("x"));
                let steps = duplicates_counted(&mut kept, &mut sink);
                assert_eq!(kept.len() + sink.findings.len(), n);
                assert!(steps >= n, "{shape:?}: {steps} steps for {n} runs: every run is looked at");
                assert!(steps <= DUPLICATE_STEPS_PER_RUN * n, "{shape:?}: {steps} steps for {n} runs");
            }
        }
    }

    proptest! {
        #[test]
        fn hashed_duplicates_agree_with_pairwise_comparison(
            specs in prop::collection::vec(((any::<bool>(), 0u8..3, 0u8..2, prop::option::of(0u8..2), prop::option::of(0u8..2), 0u8..2), prop::option::of(0u8..3)), 0..40)
        ) {
            let runs: Vec<Run> = specs.into_iter().enumerate().map(|(i, s)| run(i as u32 + 1, s)).collect();
            let want = duplicates_by_pairs(&runs);
            let mut sink = Sink::new("x");
            let mut kept = runs.clone();
            duplicates(&mut kept, &mut sink);
            let got: Vec<(u32, u32)> = sink.findings.iter().map(|f| (f.line, f.values["original_line"].parse().unwrap())).collect();
            prop_assert_eq!(&got, &want);
            prop_assert_eq!(kept.len(), runs.len() - want.len());
        }
    }
}
