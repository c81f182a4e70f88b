//! The texts source pages show. Every parsed file's text was dropped after parsing (the
//! diagnostics keep the few lines they quote, `diagnostics::Quoted`) and is read again when
//! its page is written, so a build holds the texts of the pages being written, not the
//! whole content folder. A text read again must be the one parsed (same length and
//! hash, `content::Fingerprint`): a file changed during the build fails the build, whose
//! previous output stays, rather than show lines the runs do not point at.

use crate::content::Fingerprint;
use benchsite_ingest::sink::Sink;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

pub struct Texts {
    root: PathBuf,
    dropped: BTreeMap<String, Fingerprint>,
}

impl Texts {
    /// `root`: the content folder; `dropped`: the fingerprints of the parsed texts by path.
    pub fn new(root: PathBuf, dropped: BTreeMap<String, Fingerprint>) -> Self {
        Texts { root, dropped }
    }

    /// The text of the content file `rel` as it was parsed; empty for a file that was not.
    pub fn get(&self, rel: &str) -> Result<Arc<String>, String> {
        let Some(parsed) = self.dropped.get(rel) else { return Ok(Arc::default()) };
        // Its findings were reported when it was parsed; reading it again reports none.
        let mut sink = Sink::new(rel);
        match crate::read::text(&self.root, rel, &mut sink) {
            Some(text) if Fingerprint::of(&text) == *parsed => Ok(Arc::new(text)),
            _ => Err(format!("{} changed while the site was being built; build again", self.root.join(rel).display())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_read_again_must_be_the_one_parsed() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.log"), "one\ntwo\n").unwrap();
        let dropped = BTreeMap::from([("a.log".to_string(), Fingerprint::of("one\ntwo\n"))]);
        let texts = Texts::new(dir.path().to_path_buf(), dropped);
        assert_eq!(texts.get("a.log").unwrap().as_str(), "one\ntwo\n");
        assert_eq!(texts.get("never-parsed.log").unwrap().as_str(), "");
        // Same length, other bytes: refused, with what to do.
        std::fs::write(dir.path().join("a.log"), "one\ntwO\n").unwrap();
        let err = texts.get("a.log").unwrap_err();
        assert!(err.contains("a.log changed while the site was being built; build again"), "{err}");
        std::fs::remove_file(dir.path().join("a.log")).unwrap();
        assert!(texts.get("a.log").is_err());
    }
}
