//! The one way the build reads a file of the content folder. Results, logs, sidecars, docs,
//! doc images, UI string catalogs, the parameter catalog and the model catalog all come
//! through [`content_file`], so one set of rules holds for every one of them:
//!
//! - a path that is, or passes through, a symbolic link resolving outside the content folder
//!   is refused: a finding names the link and the kind of its target (file, folder, special
//!   file), never the target's text, so a link in a pull request cannot publish
//!   `/proc/self/environ` or quote `/etc/passwd` in the build log;
//! - a link that resolves inside the content folder is followed (resolved once, to its final
//!   target) and a note names it;
//! - special files (FIFOs, sockets, devices) are refused without being opened for a blocking
//!   read, so a FIFO cannot hang the build;
//! - files above [`MAX_FILE_BYTES`] are refused; [`text`] adds the binary and UTF-8 rules.
//!
//! A refusal is a finding on the path that was to be read, and the build goes on.

use benchsite_ingest::sink::Sink;
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Files larger than this are not read (a benchmark log is a few MB at most).
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// A file read from the content folder.
#[derive(Debug)]
pub struct ContentFile {
    pub bytes: Vec<u8>,
    /// The link on the way and where it led (both content-relative), when one was followed.
    pub followed: Option<Link>,
}

/// A symbolic link inside the content folder that resolves inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The link itself, content-relative: `docs` or `vllm/A100_v1.0.md`.
    pub link: String,
    /// Its final target, content-relative.
    pub target: String,
}

/// What a path turned out to be, said without revealing anything of it but its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    File,
    Folder,
    /// `FIFO`, `socket`, `block device`, `character device`.
    Special(&'static str),
}

impl Kind {
    fn of(meta: &Metadata) -> Kind {
        let t = meta.file_type();
        if t.is_dir() {
            Kind::Folder
        } else if t.is_file() {
            Kind::File
        } else {
            Kind::Special(special_name(&t))
        }
    }

    /// `a file`, `a folder`, `a special file (FIFO)`.
    fn noun(self) -> String {
        match self {
            Kind::File => "a file".into(),
            Kind::Folder => "a folder".into(),
            Kind::Special(name) => format!("a special file ({name})"),
        }
    }
}

#[cfg(unix)]
fn special_name(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() {
        "FIFO"
    } else if t.is_socket() {
        "socket"
    } else if t.is_block_device() {
        "block device"
    } else if t.is_char_device() {
        "character device"
    } else {
        "neither file nor folder"
    }
}

#[cfg(not(unix))]
fn special_name(_: &std::fs::FileType) -> &'static str {
    "neither file nor folder"
}

/// Why a file was not read.
#[derive(Debug)]
pub enum Refusal {
    /// Nothing is at the path (callers decide whether that is a finding).
    Missing,
    /// The path is or passes through `link`, which resolves outside the content folder.
    LinkOutside { link: String, kind: Kind },
    /// `link` leads nowhere (its target does not exist, or links loop).
    LinkBroken { link: String },
    /// The path is a folder (through `via` when a link led there).
    Folder { via: Option<Link> },
    /// The path is a FIFO, socket or device.
    Special { name: &'static str, via: Option<Link> },
    TooLarge { size: u64 },
    Unreadable(std::io::Error),
}

impl Refusal {
    /// Records the refusal as a finding on `rel` (the sink's path).
    pub fn record(&self, rel: &str, sink: &mut Sink) {
        match self {
            Refusal::Missing => {
                sink.error("unreadable-file", 0, format!("`{rel}` does not exist; it was not read."));
            }
            Refusal::LinkOutside { link, kind } => {
                let what = if link == rel { "it was not read".to_string() } else { format!("`{rel}` was not read") };
                let finding = sink.error(
                    "symlink-outside-content",
                    0,
                    format!(
                        "`{link}` is a symbolic link to {} outside the content folder; {what}, and nothing of its target reaches the site. Put the file itself into the content folder, or point the link at one inside it.",
                        kind.noun()
                    ),
                );
                finding.values.insert("link", link.clone());
            }
            Refusal::LinkBroken { link } => {
                sink.error("unreadable-file", 0, format!("`{link}` is a symbolic link that leads nowhere (its target is missing or links loop); `{rel}` was not read. Fix or remove the link."));
            }
            Refusal::Folder { via: Some(via) } => {
                sink.info(
                    "symlink-folder-not-scanned",
                    0,
                    format!(
                        "`{}` is a symbolic link to the folder `{}` inside the content folder; it is not scanned again (that folder is read under its own path).",
                        via.link,
                        shown(&via.target)
                    ),
                );
            }
            Refusal::Folder { via: None } => {
                sink.error("unreadable-file", 0, format!("`{rel}` is a folder, not a file; it was not read. Rename it."));
            }
            Refusal::Special { name, via } => {
                let through = via.as_ref().map(|v| format!(" (through the link `{}`)", v.link)).unwrap_or_default();
                sink.error(
                    "special-file",
                    0,
                    format!("`{rel}`{through} is a {name}, not a regular file; it was not read, since reading it could block the build. Remove it from the content folder."),
                );
            }
            Refusal::TooLarge { size } => {
                sink.error(
                    "file-too-large",
                    0,
                    format!("{rel} is {size} bytes, above the {MAX_FILE_BYTES}-byte limit; it was skipped. Split it or keep only the result blocks."),
                );
            }
            Refusal::Unreadable(e) => {
                sink.error("unreadable-file", 0, format!("{rel} could not be read ({e}); check its permissions."));
            }
        }
    }
}

/// `.` for the content root itself.
fn shown(target: &str) -> &str {
    if target.is_empty() {
        "."
    } else {
        target
    }
}

/// Whether anything (a file, folder, link or special file) is at `rel`, without following
/// a link at its end: a link out of content "exists", so reading it is refused loudly.
pub fn exists(root: &Path, rel: &str) -> bool {
    root.join(rel).symlink_metadata().is_ok()
}

/// Reads `rel` (content-relative, `/`-separated) below `root` under the rules above.
pub fn content_file(root: &Path, rel: &str) -> Result<ContentFile, Refusal> {
    let (file, size, followed) = open_file(root, rel)?;
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(Refusal::Unreadable)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Refusal::TooLarge { size: bytes.len() as u64 });
    }
    Ok(ContentFile { bytes, followed })
}

/// Opens `rel` under the rules above, for reading it whole ([`content_file`]) or as a stream
/// (a source page's listing): the open file, its size, and the link followed on the way.
pub fn open_file(root: &Path, rel: &str) -> Result<(File, u64, Option<Link>), Refusal> {
    let (path, followed) = resolve(root, rel)?;
    let meta = std::fs::metadata(&path).map_err(Refusal::Unreadable)?;
    match Kind::of(&meta) {
        Kind::Folder => return Err(Refusal::Folder { via: followed }),
        Kind::Special(name) => return Err(Refusal::Special { name, via: followed }),
        Kind::File => {}
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(Refusal::TooLarge { size: meta.len() });
    }
    let file = open(&path).map_err(Refusal::Unreadable)?;
    // The path was checked above; the open file is checked again, so a file swapped for a
    // FIFO or a link in between is still refused.
    let meta = file.metadata().map_err(Refusal::Unreadable)?;
    if let Kind::Special(name) = Kind::of(&meta) {
        return Err(Refusal::Special { name, via: followed });
    }
    Ok((file, meta.len(), followed))
}

/// The real path of the folder `rel`, for listing it: `Ok(None)` when there is none, a
/// refusal when it is or passes through a link out of content, or is not a folder.
pub fn folder(root: &Path, rel: &str) -> Result<Option<PathBuf>, Refusal> {
    let (path, followed) = match resolve(root, rel) {
        Err(Refusal::Missing) => return Ok(None),
        other => other?,
    };
    let meta = std::fs::metadata(&path).map_err(Refusal::Unreadable)?;
    match Kind::of(&meta) {
        Kind::Folder => Ok(Some(path)),
        Kind::File => Err(Refusal::Unreadable(std::io::Error::other(format!("`{rel}` is a file where a folder was expected")))),
        Kind::Special(name) => Err(Refusal::Special { name, via: followed }),
    }
}

/// Reads `rel` as bytes; a refusal, or the note of a followed link, goes to `sink`.
pub fn bytes(root: &Path, rel: &str, sink: &mut Sink) -> Option<Vec<u8>> {
    match content_file(root, rel) {
        Ok(file) => {
            if let Some(link) = &file.followed {
                note_followed(link, sink);
            }
            Some(file.bytes)
        }
        Err(refusal) => {
            refusal.record(rel, sink);
            None
        }
    }
}

/// Reads `rel` as text: [`bytes`], then a file holding NUL bytes is refused as binary and
/// invalid UTF-8 is replaced (with a warning on the first bad line).
pub fn text(root: &Path, rel: &str, sink: &mut Sink) -> Option<String> {
    let bytes = bytes(root, rel, sink)?;
    if bytes.iter().take(8192).any(|&b| b == 0) {
        sink.error(
            "binary-file",
            0,
            format!("{rel} looks binary (it holds NUL bytes); it was skipped. Keep only text logs in content/."),
        );
        return None;
    }
    match String::from_utf8(bytes) {
        Ok(text) => Some(text),
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = bytes[..valid].iter().filter(|&&b| b == b'\n').count() as u32 + 1;
            sink.warn(
                "invalid-utf8",
                line,
                "this file is not valid UTF-8 from this line on; the bad bytes were replaced with U+FFFD and the rest was read. Re-save the file as UTF-8."
                    .to_string(),
            );
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
    }
}

fn note_followed(link: &Link, sink: &mut Sink) {
    sink.info(
        "symlink-followed",
        0,
        format!("`{}` is a symbolic link to `{}` inside the content folder; it was followed and read.", link.link, shown(&link.target)),
    );
}

/// Walks `rel` from the content root one component at a time. A component that is a link is
/// resolved to its final target, which must lie inside the (canonical) root; the walk goes
/// on from there. Returns a path without links (as of now) and the first link followed.
fn resolve(root: &Path, rel: &str) -> Result<(PathBuf, Option<Link>), Refusal> {
    let root = std::fs::canonicalize(root).map_err(Refusal::Unreadable)?;
    let parts: Vec<&str> = rel.split('/').filter(|p| !p.is_empty() && *p != ".").collect();
    if parts.contains(&"..") {
        return Err(Refusal::Unreadable(std::io::Error::other(format!("`{rel}` leaves the content folder"))));
    }
    let mut path = root.clone();
    let mut followed = None;
    for (i, part) in parts.iter().enumerate() {
        let next = path.join(part);
        let meta = match next.symlink_metadata() {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Refusal::Missing),
            Err(e) => return Err(Refusal::Unreadable(e)),
        };
        if !meta.file_type().is_symlink() {
            path = next;
            continue;
        }
        let link = parts[..=i].join("/");
        let Ok(target) = std::fs::canonicalize(&next) else { return Err(Refusal::LinkBroken { link }) };
        let Ok(inside) = target.strip_prefix(&root) else {
            let kind = std::fs::metadata(&target).map(|m| Kind::of(&m)).map_err(|_| Refusal::LinkBroken { link: link.clone() })?;
            return Err(Refusal::LinkOutside { link, kind });
        };
        let target_rel = inside.to_string_lossy().replace('\\', "/");
        followed.get_or_insert(Link { link, target: target_rel });
        path = target;
    }
    Ok((path, followed))
}

/// Opens for reading without following a link at the end and, on unix, without blocking (a
/// FIFO put in place after the check opens at once and is refused by its metadata).
#[cfg(unix)]
fn open(path: &Path) -> std::io::Result<File> {
    use rustix::fs::OFlags;
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().read(true).custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32).open(path)
}

#[cfg(not(unix))]
fn open(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn setup() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("content");
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/a.log"), "hello\n").unwrap();
        std::fs::write(dir.path().join("secret"), "s3cret\n").unwrap();
        (dir, root)
    }

    #[test]
    fn plain_files_are_read_and_missing_ones_say_so() {
        let (_dir, root) = setup();
        let file = content_file(&root, "sub/a.log").unwrap();
        assert_eq!((file.bytes.as_slice(), file.followed), (&b"hello\n"[..], None));
        assert!(matches!(content_file(&root, "sub/none.log"), Err(Refusal::Missing)));
        assert!(matches!(content_file(&root, "sub"), Err(Refusal::Folder { via: None })));
        assert!(matches!(content_file(&root, "../secret"), Err(Refusal::Unreadable(_))));
    }

    #[test]
    fn links_out_of_content_are_refused_by_kind_and_links_inside_are_followed() {
        let (dir, root) = setup();
        symlink(dir.path().join("secret"), root.join("out.log")).unwrap();
        symlink(dir.path(), root.join("up")).unwrap();
        symlink("sub/a.log", root.join("in.log")).unwrap();
        symlink("sub", root.join("alias")).unwrap();
        symlink("missing", root.join("broken.log")).unwrap();
        let outside = |rel: &str| match content_file(&root, rel) {
            Err(Refusal::LinkOutside { link, kind }) => (link, kind),
            other => panic!("{rel}: {other:?}"),
        };
        assert_eq!(outside("out.log"), ("out.log".into(), Kind::File));
        assert_eq!(outside("up/secret"), ("up".into(), Kind::Folder));
        let link = Link { link: "in.log".into(), target: "sub/a.log".into() };
        assert_eq!(content_file(&root, "in.log").unwrap().followed, Some(link));
        let link = Link { link: "alias".into(), target: "sub".into() };
        assert_eq!(content_file(&root, "alias/a.log").unwrap().followed, Some(link.clone()));
        assert!(matches!(content_file(&root, "alias"), Err(Refusal::Folder { via: Some(l) }) if l == link));
        assert!(matches!(content_file(&root, "broken.log"), Err(Refusal::LinkBroken { .. })));
        let mut sink = Sink::new("out.log");
        assert!(text(&root, "out.log", &mut sink).is_none());
        assert!(!sink.findings[0].message.contains("s3cret") && !sink.findings[0].message.contains(&dir.path().display().to_string()));
    }
}
