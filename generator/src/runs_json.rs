//! `data/runs.json`, written by `build` whole and by `serve` after a rebuild without
//! serializing every run again (at 100,000 runs the file is several hundred MB, and writing
//! it whole took most of a rebuild). The layout is one element a line: the object's opening
//! and `schema` on the first line, each array's name on a line of its own, each element of
//! `sources`, `runs` and `findings` compact on its own line (JSON strings hold no raw newline),
//! each closing bracket on its own line. Compact, so the public file is not half indentation
//! (pretty-printed it was 1.7 times the size); a line per element, so `grep` and `head` still
//! read it a run at a time, and so the bytes of the units an edit did not touch are copied
//! from the previous file and only the edited units' elements are serialized. A unit's runs
//! are serialized again also when findings before them were added or removed and they name
//! findings (their numbers moved). The serve test compares the result with a full build's
//! file byte for byte.
//!
//! Where each unit's elements lie in the previous file (`Layout`) is recorded as a file is
//! written here, or found once by scanning a file `benchsite build` wrote (each element is
//! a line of its own inside an array).

use benchsite_model::RunsFile;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::Path;

/// Byte ranges of every element of the three arrays, in order.
#[derive(Default, Clone, Debug, PartialEq)]
pub struct Layout {
    pub sources: Vec<Range<u64>>,
    pub runs: Vec<Range<u64>>,
    pub findings: Vec<Range<u64>>,
}

impl Layout {
    /// The ranges of the `k`-th array: sources, runs, findings.
    fn array(&self, k: usize) -> &[Range<u64>] {
        match k {
            0 => &self.sources,
            1 => &self.runs,
            _ => &self.findings,
        }
    }
}

/// A unit's elements: how many of each, and where they sat in the previous file when they
/// may be copied from it.
pub struct Part {
    pub counts: [usize; 3],
    pub kept: Option<Kept>,
}

/// Index of a kept unit's first source, run and finding in the previous file, and whether
/// its runs' finding numbers moved (then its runs are serialized again).
pub struct Kept {
    pub first: [usize; 3],
    pub runs_moved: bool,
}

/// Writes the whole of `data` to `to` (`benchsite build`).
pub fn write_all(to: &Path, data: &RunsFile) -> Result<Layout, String> {
    write(to, data, &[Part { counts: [data.sources.len(), data.runs.len(), 0], kept: None }], None)
}

/// Writes `data` to `to`, copying the kept parts from `previous` (laid out as its `Layout`
/// says). `parts` cover the data's elements in order; the findings after them (catalogs',
/// site's) are serialized. Returns the new file's layout.
pub fn write(to: &Path, data: &RunsFile, parts: &[Part], previous: Option<(&Path, &Layout)>) -> Result<Layout, String> {
    let fail = |e: &dyn std::fmt::Display| format!("could not write {}: {e}", to.display());
    let file = std::fs::File::create(to).map_err(|e| fail(&e))?;
    let mut out = Counted { inner: BufWriter::with_capacity(1 << 20, file), at: 0 };
    let mut old = match previous {
        Some((path, layout)) => Some((std::fs::File::open(path).map_err(|e| format!("could not read {}: {e}", path.display()))?, layout)),
        None => None,
    };
    let mut layout = Layout::default();
    let schema = serde_json::to_string(&data.schema).map_err(|e| fail(&e))?;
    out.put(format!("{{\"schema\":{schema},\n\"sources\":[").as_bytes()).map_err(|e| fail(&e))?;
    let mut array = Array::default();
    array.parts(&mut out, &mut old, parts, 0, &data.sources, &mut layout.sources)?;
    array.close(&mut out, ",\n\"runs\":[")?;
    array.parts(&mut out, &mut old, parts, 1, &data.runs, &mut layout.runs)?;
    array.close(&mut out, ",\n\"findings\":[")?;
    let next = array.parts(&mut out, &mut old, parts, 2, &data.findings, &mut layout.findings)?;
    array.serialize(&mut out, &data.findings[next..], &mut layout.findings)?;
    array.close(&mut out, "}\n")?;
    out.inner.flush().map_err(|e| fail(&e))?;
    Ok(layout)
}

const STALE: &str = "the previous runs.json holds fewer elements than its layout says";

/// A writer that knows how many bytes it has written.
struct Counted {
    inner: BufWriter<std::fs::File>,
    at: u64,
}

impl Counted {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.at += bytes.len() as u64;
        self.inner.write_all(bytes)
    }
}

/// The state of the array being written: whether an element came yet.
#[derive(Default)]
struct Array {
    started: bool,
}

impl Array {
    fn separator(&mut self, out: &mut Counted) -> Result<(), String> {
        let sep: &[u8] = if self.started { b",\n" } else { b"\n" };
        self.started = true;
        out.put(sep).map_err(|e| e.to_string())
    }

    fn serialize<T: serde::Serialize>(&mut self, out: &mut Counted, items: &[T], layout: &mut Vec<Range<u64>>) -> Result<(), String> {
        let mut text = Vec::new();
        for item in items {
            self.separator(out)?;
            text.clear();
            serde_json::to_writer(&mut text, item).map_err(|e| e.to_string())?;
            let start = out.at;
            out.put(&text).map_err(|e| e.to_string())?;
            layout.push(start..out.at);
        }
        Ok(())
    }

    /// The `k`-th array's elements (`items`, in `parts`' order): a kept part's copied from
    /// the previous file, unless its runs' finding numbers moved; the others serialized.
    /// Returns how many of `items` the parts covered.
    fn parts<T: serde::Serialize>(
        &mut self,
        out: &mut Counted,
        old: &mut Option<(std::fs::File, &Layout)>,
        parts: &[Part],
        k: usize,
        items: &[T],
        layout: &mut Vec<Range<u64>>,
    ) -> Result<usize, String> {
        let mut next = 0;
        for part in parts {
            let n = part.counts[k];
            let kept = part.kept.as_ref().filter(|kept| !(k == 1 && kept.runs_moved)).map(|kept| kept.first[k]);
            match (kept, old.as_mut()) {
                (Some(first), Some((file, prev))) => self.copy(out, file, prev.array(k).get(first..first + n).ok_or(STALE)?, layout)?,
                _ => self.serialize(out, &items[next..next + n], layout)?,
            }
            next += n;
        }
        Ok(next)
    }

    /// Copies elements (contiguous in the previous file) as they were.
    fn copy(&mut self, out: &mut Counted, file: &mut std::fs::File, ranges: &[Range<u64>], layout: &mut Vec<Range<u64>>) -> Result<(), String> {
        let (Some(first), Some(last)) = (ranges.first(), ranges.last()) else { return Ok(()) };
        self.separator(out)?;
        let start = out.at;
        file.seek(SeekFrom::Start(first.start)).map_err(|e| e.to_string())?;
        let len = last.end - first.start;
        let copied = std::io::copy(&mut file.take(len), &mut out.inner).map_err(|e| e.to_string())?;
        if copied != len {
            return Err("the previous runs.json is shorter than its layout says".into());
        }
        out.at += len;
        layout.extend(ranges.iter().map(|r| r.start - first.start + start..r.end - first.start + start));
        Ok(())
    }

    fn close(&mut self, out: &mut Counted, then: &str) -> Result<(), String> {
        let end: &[u8] = b"\n]";
        self.started = false;
        out.put(end).and_then(|()| out.put(then.as_bytes())).map_err(|e| e.to_string())
    }
}

/// Finds the elements of a `runs.json` written whole (by `benchsite build`), reading it in
/// chunks: `None` when it does not look like one.
pub fn scan(path: &Path) -> Option<Layout> {
    let mut file = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(path).ok()?);
    let mut layout = Layout::default();
    let mut array = 0;
    let mut at = 0u64;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = std::io::BufRead::read_until(&mut file, b'\n', &mut line).ok()?;
        if n == 0 {
            break;
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        match text {
            b"\"sources\":[" => array = 1,
            b"\"runs\":[" => array = 2,
            b"\"findings\":[" => array = 3,
            b"]," | b"]}" => array = 0,
            _ if array > 0 => {
                let element = text.strip_suffix(b",").unwrap_or(text);
                if !(element.starts_with(b"{") && element.ends_with(b"}")) {
                    return None;
                }
                let range = at..at + element.len() as u64;
                match array {
                    1 => layout.sources.push(range),
                    2 => layout.runs.push(range),
                    _ => layout.findings.push(range),
                }
            }
            _ if at == 0 && text.starts_with(b"{\"schema\":") => {}
            _ => return None,
        }
        at += n as u64;
    }
    Some(layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchsite_model::{map::Key, Finding, Run, Severity, SourceFile};

    fn data() -> RunsFile {
        let sources = ["a.md", "b.md"].map(|p| SourceFile { path: p.into(), runs: 2, ..SourceFile::default() }).to_vec();
        let runs = (0..4)
            .map(|i| {
                let mut run = Run { id: Key::new(format!("{}#L{i}", if i < 2 { "a.md" } else { "b.md" })), ..Run::default() };
                // Text that would end a line of the layout if strings were not escaped.
                run.section = Some(format!("line one\n],\n{{\"x\": {i}}}"));
                run
            })
            .collect();
        let findings = vec![Finding::new(Severity::Warning, "odd", "b.md", 3, "a sentence\nin two lines")];
        RunsFile { sources, runs, findings, ..RunsFile::default() }
    }

    fn text(path: &Path) -> String {
        std::fs::read_to_string(path).unwrap()
    }

    /// The public file is compact, one element a line, and reads back as the data.
    #[test]
    fn a_whole_file_is_compact_one_element_a_line_and_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("runs.json");
        let data = data();
        write_all(&path, &data).unwrap();
        let written = text(&path);
        let back: RunsFile = serde_json::from_str(&written).unwrap();
        assert_eq!(back, data);
        let lines: Vec<&str> = written.lines().collect();
        // Opening, three array names, 2 + 4 + 1 elements, three closing brackets.
        assert_eq!(lines.len(), 1 + 3 + 7 + 3, "{written}");
        assert!(lines.iter().all(|l| !l.starts_with(' ')), "indented: {written}");
        assert_eq!(lines[1..].iter().filter(|l| l.starts_with("{\"id\":")).count(), 4, "{written}");
    }

    /// A file `build` wrote is laid out as its writing recorded, so `serve` copies the right
    /// bytes; and a rewrite copying every unit is the same file.
    #[test]
    fn scan_finds_the_elements_write_recorded_and_a_copy_is_the_same_file() {
        let dir = tempfile::tempdir().unwrap();
        let (path, again) = (dir.path().join("runs.json"), dir.path().join("again.json"));
        let data = data();
        let layout = write_all(&path, &data).unwrap();
        assert_eq!(scan(&path), Some(layout.clone()));
        let written = text(&path);
        for r in layout.sources.iter().chain(&layout.runs).chain(&layout.findings) {
            let element = &written[r.start as usize..r.end as usize];
            assert!(element.starts_with('{') && element.ends_with('}') && !element.contains('\n'), "{element}");
        }
        let parts = [0, 1].map(|k| Part { counts: [1, 2, 0], kept: Some(Kept { first: [k, 2 * k, 0], runs_moved: false }) });
        let copied = write(&again, &data, &parts, Some((&path, &layout))).unwrap();
        assert_eq!(text(&again), written);
        assert_eq!(copied, layout);
        let empty = RunsFile::default();
        let layout = write_all(&path, &empty).unwrap();
        assert_eq!(scan(&path), Some(layout));
        assert_eq!(serde_json::from_str::<RunsFile>(&text(&path)).unwrap(), empty);
    }
}
