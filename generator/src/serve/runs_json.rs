//! `runs.json` after a rebuild without serializing every run again: at 100,000 runs the file
//! is several hundred MB, and writing it whole took most of a rebuild. The file is what
//! `serde_json::to_writer_pretty` writes for the whole `RunsFile`; each element of its three
//! arrays is that element pretty-printed alone with every line indented four spaces (JSON
//! strings hold no raw newline), so the bytes of the units an edit did not touch are copied
//! from the previous file, and only the edited units' elements are serialized. A unit's runs
//! are serialized again also when findings before them were added or removed and they name
//! findings (their numbers moved). The serve test compares the result with a full build's
//! file byte for byte.
//!
//! Where each unit's elements lie in the previous file (`Layout`) is recorded as a file is
//! written here, or found once by scanning a file `benchsite build` wrote (each element
//! starts with a line `    {` and ends with a line `    }` at exactly four spaces).

use benchsite_model::RunsFile;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::Path;

/// Byte ranges of every element of the three arrays, in order.
#[derive(Default, Clone)]
pub struct Layout {
    pub sources: Vec<Range<u64>>,
    pub runs: Vec<Range<u64>>,
    pub findings: Vec<Range<u64>>,
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
    out.put(format!("{{\n  \"schema\": {schema},\n  \"sources\": [").as_bytes()).map_err(|e| fail(&e))?;
    let copyable = |part: &Part, k: usize| part.kept.as_ref().filter(|kept| !(k == 1 && kept.runs_moved)).map(|kept| kept.first[k]);
    let mut array = Array::default();
    let mut next = 0;
    for part in parts {
        let n = part.counts[0];
        match (copyable(part, 0), old.as_mut()) {
            (Some(first), Some((file, prev))) => array.copy(&mut out, file, prev.sources.get(first..first + n).ok_or(STALE)?, &mut layout.sources)?,
            _ => array.serialize(&mut out, &data.sources[next..next + n], &mut layout.sources)?,
        }
        next += n;
    }
    array.close(&mut out, ",\n  \"runs\": [")?;
    let mut next = 0;
    for part in parts {
        let n = part.counts[1];
        match (copyable(part, 1), old.as_mut()) {
            (Some(first), Some((file, prev))) => array.copy(&mut out, file, prev.runs.get(first..first + n).ok_or(STALE)?, &mut layout.runs)?,
            _ => array.serialize(&mut out, &data.runs[next..next + n], &mut layout.runs)?,
        }
        next += n;
    }
    array.close(&mut out, ",\n  \"findings\": [")?;
    let mut next = 0;
    for part in parts {
        let n = part.counts[2];
        match (copyable(part, 2), old.as_mut()) {
            (Some(first), Some((file, prev))) => array.copy(&mut out, file, prev.findings.get(first..first + n).ok_or(STALE)?, &mut layout.findings)?,
            _ => array.serialize(&mut out, &data.findings[next..next + n], &mut layout.findings)?,
        }
        next += n;
    }
    array.serialize(&mut out, &data.findings[next..], &mut layout.findings)?;
    array.close(&mut out, "\n}\n")?;
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
        for item in items {
            self.separator(out)?;
            let text = serde_json::to_vec_pretty(item).map_err(|e| e.to_string())?;
            let start = out.at;
            out.put(b"    ").map_err(|e| e.to_string())?;
            for (n, line) in text.split(|&b| b == b'\n').enumerate() {
                if n > 0 {
                    out.put(b"\n    ").map_err(|e| e.to_string())?;
                }
                out.put(line).map_err(|e| e.to_string())?;
            }
            layout.push(start..out.at);
        }
        Ok(())
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
        let end: &[u8] = if self.started { b"\n  ]" } else { b"]" };
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
    let mut start = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = std::io::BufRead::read_until(&mut file, b'\n', &mut line).ok()?;
        if n == 0 {
            break;
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        match text {
            b"  \"sources\": [" => array = 1,
            b"  \"runs\": [" => array = 2,
            b"  \"findings\": [" => array = 3,
            b"    {" => start = Some(at),
            b"    }" | b"    }," => {
                let range = start.take()?..at + 5;
                match array {
                    1 => layout.sources.push(range),
                    2 => layout.runs.push(range),
                    3 => layout.findings.push(range),
                    _ => return None,
                }
            }
            _ => {}
        }
        at += n as u64;
    }
    Some(layout)
}
