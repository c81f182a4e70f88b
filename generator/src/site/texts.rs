//! The texts source pages show. Every parsed file's text was dropped after parsing (the
//! diagnostics keep the few lines they quote, `diagnostics::Quoted`) and is read again when
//! its page is written, so a build holds the texts of the pages being written, not the
//! whole content folder. A text read again must be the one parsed (same length and
//! hash, `content::Fingerprint`): a file changed during the build fails the build, whose
//! previous output stays, rather than show lines the runs do not point at.

use crate::content::Fingerprint;
use std::collections::BTreeMap;
use std::hash::Hasher;
use std::io::BufRead;
use std::path::PathBuf;

pub struct Texts {
    root: PathBuf,
    dropped: BTreeMap<String, Fingerprint>,
}

impl Texts {
    /// `root`: the content folder; `dropped`: the fingerprints of the parsed texts by path.
    pub fn new(root: PathBuf, dropped: BTreeMap<String, Fingerprint>) -> Self {
        Texts { root, dropped }
    }

    /// The text of `rel` as a stream of lines, read again from its file (a source page's
    /// listing): a large log is never held whole. Empty for a file that was not parsed.
    pub fn stream(&self, rel: &str) -> Result<Stream, String> {
        let changed = format!("{} changed while the site was being built; build again", self.root.join(rel).display());
        let Some(parsed) = self.dropped.get(rel) else { return Ok(Stream::new(Box::new(std::io::empty()), Fingerprint::of(""), changed)) };
        let (file, _, _) = crate::read::open_file(&self.root, rel).map_err(|_| changed.clone())?;
        let file = std::io::Read::take(file, crate::read::MAX_FILE_BYTES + 1);
        Ok(Stream::new(Box::new(std::io::BufReader::with_capacity(1 << 16, file)), *parsed, changed))
    }
}

/// A text read line by line, which must be the one parsed: its length and hash are checked
/// when the last line has been read (what was written by then is thrown away with the
/// build, whose previous output stays).
pub struct Stream {
    reader: Box<dyn BufRead + Send>,
    parsed: Fingerprint,
    /// What to say when it is not.
    changed: String,
}

/// Why a stream stopped: the writer failed, or the text is not the one parsed.
#[derive(Debug)]
pub enum Stopped {
    Write,
    Changed(String),
}

impl Stream {
    pub fn new(reader: Box<dyn BufRead + Send>, parsed: Fingerprint, changed: String) -> Stream {
        Stream { reader, parsed, changed }
    }

    /// Calls `each` with every line as `str::lines` cuts the text, invalid UTF-8 replaced as
    /// `read::text` replaced it when the file was parsed.
    pub fn lines(mut self, mut each: impl FnMut(&str) -> std::fmt::Result) -> Result<(), Stopped> {
        let mut hasher = std::hash::DefaultHasher::new();
        let (mut len, mut buf) = (0, Vec::new());
        loop {
            buf.clear();
            match self.reader.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {}
                Err(_) => return Err(Stopped::Changed(self.changed)),
            }
            // A line ends at a `\n`, which no UTF-8 sequence holds: replacing line by line
            // replaces as the whole text did.
            let text = String::from_utf8_lossy(&buf);
            hasher.write(text.as_bytes());
            len += text.len();
            let line = match text.strip_suffix('\n') {
                Some(line) => line.strip_suffix('\r').unwrap_or(line),
                None => &text,
            };
            each(line).map_err(|_| Stopped::Write)?;
        }
        match (Fingerprint { len, hash: hasher.finish() }) == self.parsed {
            true => Ok(()),
            false => Err(Stopped::Changed(self.changed)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn streamed(texts: &Texts, rel: &str) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        let stream = texts.stream(rel)?;
        stream
            .lines(|l| {
                lines.push(l.to_string());
                Ok(())
            })
            .map_err(|e| format!("{e:?}"))?;
        Ok(lines)
    }

    /// A streamed text gives the lines `str::lines` gives (replaced bytes, `\r\n`, a last
    /// line without its newline), and one changed since it was parsed is refused.
    #[test]
    fn a_streamed_text_is_cut_as_lines_and_must_be_the_one_parsed() {
        let dir = tempfile::tempdir().unwrap();
        let bytes: &[u8] = b"one\r\ntw\xffo\n\n\xe4\xb8\nlast\r";
        std::fs::write(dir.path().join("a.log"), bytes).unwrap();
        let text = String::from_utf8_lossy(bytes).into_owned();
        let dropped = BTreeMap::from([("a.log".to_string(), Fingerprint::of(&text))]);
        let texts = Texts::new(dir.path().to_path_buf(), dropped);
        assert_eq!(streamed(&texts, "a.log").unwrap(), text.lines().collect::<Vec<_>>());
        assert_eq!(streamed(&texts, "never-parsed.log").unwrap(), Vec::<String>::new());
        std::fs::write(dir.path().join("a.log"), b"one\r\ntw\xffo\n\n\xe4\xb8\nlasT\r").unwrap();
        let err = streamed(&texts, "a.log").unwrap_err();
        assert!(err.contains("a.log changed while the site was being built; build again"), "{err}");
        std::fs::remove_file(dir.path().join("a.log")).unwrap();
        assert!(streamed(&texts, "a.log").is_err());
    }
}
