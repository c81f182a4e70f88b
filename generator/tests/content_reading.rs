//! Reading content that points elsewhere: symbolic links out of `content/` are refused and
//! named in a finding without a byte of their target reaching the site or the build log;
//! links inside `content/` are followed with a note; special files (FIFOs) are refused
//! without blocking the build. Unix only (symlinks and FIFOs made by the test).
#![cfg(unix)]

mod common;

use common::*;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::time::Duration;

/// What the outside file holds: a line like /etc/passwd's, which no TOML parser accepts, so
/// a reader that quotes the offending line would print it.
const SECRET: &str = "root:x:0:0:SECRET-hunter2:/root:/bin/bash\n";

/// A content folder with one good log and a file outside it holding `SECRET`.
fn setup() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    write(&content, "one.log", BLOCK.as_bytes());
    let secret = dir.path().join("outside/secret.txt");
    write(dir.path(), "outside/secret.txt", SECRET.as_bytes());
    (dir, content, secret)
}

fn link(content: &Path, rel: &str, target: &Path) {
    let p = content.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    symlink(target, p).unwrap();
}

fn findings(content: &Path) -> Vec<serde_json::Value> {
    let o = benchsite_within(&["check", "--content", content.to_str().unwrap(), "--format", "json"], Duration::from_secs(60));
    serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stderr(&o))).as_array().unwrap().clone()
}

fn finding<'a>(all: &'a [serde_json::Value], code: &str, path: &str) -> &'a serde_json::Value {
    all.iter()
        .find(|f| f["code"] == code && f["path"] == path)
        .unwrap_or_else(|| panic!("no {code} finding for {path} in {:#?}", all.iter().map(|f| format!("{}:{}", f["code"], f["path"])).collect::<Vec<_>>()))
}

/// Builds, and checks that no line of `secret` reached the build log or the site, and that
/// a `symlink-outside-content` error on `path` names `link` and the kind of its target.
fn assert_refused(content: &Path, out: &Path, secret: &str, path: &str, link: &str, kind: &str) {
    let o = benchsite_within(&["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()], Duration::from_secs(60));
    let log = stderr(&o);
    let lines: Vec<&str> = secret.lines().map(str::trim).filter(|l| l.len() >= 8).collect();
    assert!(!lines.is_empty());
    for line in &lines {
        assert!(!log.contains(line), "the build log quotes the target of {link}:\n{log}");
        assert!(files_containing(out, line).is_empty(), "the site publishes the target of {link} in {:?}", files_containing(out, line));
    }
    assert_eq!(o.status.code(), Some(1), "a refused file is an error:\n{log}");
    assert!(log.contains("symlink-outside-content"), "{log}");
    let all = findings(content);
    let f = finding(&all, "symlink-outside-content", path);
    let message = f["message"].as_str().unwrap();
    assert!(message.contains(&format!("`{link}`")) && message.contains(kind), "{message}");
    assert_eq!(f["severity"], "error");
}

#[test]
fn symlinked_doc_outside_content_is_refused() {
    let (dir, content, _) = setup();
    write(&content, "docs/guide.en.md", b"# Guide\n");
    link(&content, "docs/x.en.md", Path::new("/etc/passwd"));
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap();
    assert_refused(&content, &dir.path().join("out"), &passwd, "docs/x.en.md", "docs/x.en.md", "a file outside the content folder");
    assert!(dir.path().join("out/en/guide/index.html").is_file(), "the rest of the site is written");
}

#[test]
fn doc_in_a_symlinked_folder_outside_content_is_refused() {
    let (dir, content, _) = setup();
    write(dir.path(), "elsewhere/x.en.md", SECRET.as_bytes());
    link(&content, "docs", &dir.path().join("elsewhere"));
    // The folder is refused as a whole: not even the names of its files are listed.
    assert_refused(&content, &dir.path().join("out"), SECRET, "docs", "docs", "a folder outside the content folder");
    let o = benchsite(&["check", "--content", content.to_str().unwrap()]);
    assert!(!stderr(&o).contains("x.en.md"), "{}", stderr(&o));
}

#[test]
fn symlinked_i18n_catalog_outside_content_is_refused() {
    let (dir, content, secret) = setup();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/i18n/zh.toml");
    write(&content, "i18n/zh.toml", &std::fs::read(repo).unwrap());
    link(&content, "i18n/en.toml", &secret);
    let out = dir.path().join("out");
    assert_refused(&content, &out, SECRET, "i18n/en.toml", "i18n/en.toml", "a file outside the content folder");
    assert!(!out.exists(), "without its catalog the site is not written");
}

#[test]
fn symlinked_tuning_catalog_outside_content_is_refused() {
    let (dir, content, secret) = setup();
    link(&content, "tuning/parameters.toml", &secret);
    assert_refused(&content, &dir.path().join("out"), SECRET, "tuning/parameters.toml", "tuning/parameters.toml", "a file outside the content folder");
}

#[test]
fn symlinked_model_catalog_outside_content_is_refused() {
    let (dir, content, secret) = setup();
    link(&content, "models.toml", &secret);
    assert_refused(&content, &dir.path().join("out"), SECRET, "models.toml", "models.toml", "a file outside the content folder");
}

#[test]
fn symlinked_sidecar_outside_content_is_refused() {
    let (dir, content, secret) = setup();
    link(&content, "one.log.meta.toml", &secret);
    let out = dir.path().join("out");
    assert_refused(&content, &out, SECRET, "one.log.meta.toml", "one.log.meta.toml", "a file outside the content folder");
    assert_eq!(runs_json(&out)["runs"].as_array().unwrap().len(), 1, "the log itself is still read");
}

#[test]
fn symlinked_doc_image_outside_content_is_refused() {
    let (dir, content, secret) = setup();
    write(&content, "docs/guide.en.md", b"# Guide\n\n![chart](img/x.png)\n");
    link(&content, "docs/img/x.png", &secret);
    assert_refused(&content, &dir.path().join("out"), SECRET, "docs/img/x.png", "docs/img/x.png", "a file outside the content folder");
}

#[test]
fn symlinked_result_file_outside_content_is_refused() {
    let (dir, content, _) = setup();
    let log = format!("{BLOCK}{SECRET}");
    write(dir.path(), "outside/result.log", log.as_bytes());
    link(&content, "vllm/A100_v1.0.md", &dir.path().join("outside/result.log"));
    let out = dir.path().join("out");
    assert_refused(&content, &out, SECRET, "vllm/A100_v1.0.md", "vllm/A100_v1.0.md", "a file outside the content folder");
    assert_eq!(runs_json(&out)["runs"].as_array().unwrap().len(), 1, "only one.log's run");
}

#[test]
fn symlinked_folder_outside_content_is_not_scanned() {
    let (dir, content, _) = setup();
    write(dir.path(), "elsewhere/run.log", format!("{BLOCK}{SECRET}").as_bytes());
    link(&content, "ext", &dir.path().join("elsewhere"));
    assert_refused(&content, &dir.path().join("out"), SECRET, "ext", "ext", "a folder outside the content folder");
}

#[test]
fn symlink_to_a_file_inside_content_is_followed_with_a_note() {
    let (dir, content, _) = setup();
    link(&content, "raw/copy.log", Path::new("../one.log"));
    write(&content, "notes/guide.txt", b"# Guide\n\nRead me.\n");
    link(&content, "docs/guide.en.md", Path::new("../notes/guide.txt"));
    let out = dir.path().join("out");
    let o = build(&content, &out);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let data = runs_json(&out);
    let paths: Vec<&str> = data["runs"].as_array().unwrap().iter().map(|r| r["source"]["path"].as_str().unwrap()).collect();
    assert!(paths.contains(&"raw/copy.log"), "the linked result is read: {paths:?}");
    assert!(std::fs::read_to_string(out.join("en/guide/index.html")).unwrap().contains("Read me."));
    let all = findings(&content);
    for path in ["raw/copy.log", "docs/guide.en.md"] {
        let f = finding(&all, "symlink-followed", path);
        assert_eq!(f["severity"], "info");
        assert!(f["message"].as_str().unwrap().contains(&format!("`{path}`")), "{f}");
    }
    assert!(finding(&all, "symlink-followed", "raw/copy.log")["message"].as_str().unwrap().contains("`one.log`"), "names the target inside content");
}

#[test]
fn a_fifo_in_content_does_not_hang_the_build() {
    let (dir, content, _) = setup();
    for rel in ["pipe.log", "docs/pipe.en.md", "tuning/parameters.toml", "models.toml", "one.log.meta.toml"] {
        let p = content.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        let made = std::process::Command::new("mkfifo").arg(&p).status().expect("mkfifo runs");
        assert!(made.success());
    }
    let out = dir.path().join("out");
    let o = benchsite_within(&["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()], Duration::from_secs(60));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(runs_json(&out)["runs"].as_array().unwrap().len(), 1, "one.log is read");
    let all = findings(&content);
    for rel in ["pipe.log", "docs/pipe.en.md", "tuning/parameters.toml", "models.toml", "one.log.meta.toml"] {
        let f = finding(&all, "special-file", rel);
        assert!(f["message"].as_str().unwrap().contains("FIFO"), "{f}");
    }
}
