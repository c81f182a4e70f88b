//! Where a build may write: an `--out` that is, holds or lies inside the content (or the
//! page shell, or the explorer build) is refused with nothing touched, so is a folder that
//! benchsite did not write; a previous site is replaced whole, two builds into one folder
//! never publish a mix, and a swap cut short is healed by the next build.

mod common;

use common::*;
use std::path::Path;

const MARKER: &str = ".benchsite-output";

/// Asserts a refusal: exit 2, a message naming both folders and saying what to do.
fn assert_refused(o: &std::process::Output, names: &[&Path]) -> String {
    let log = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{log}");
    for name in names {
        assert!(log.contains(&name.display().to_string()), "the message names {}:\n{log}", name.display());
    }
    assert!(log.contains("--out"), "the message says what to change:\n{log}");
    log
}

#[test]
fn out_equal_to_content_is_refused_and_nothing_is_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("c");
    write(&content, "a.log", BLOCK.as_bytes());
    write(&content, "vllm/A100_v1.0.md", BLOCK.as_bytes());
    let before = files(dir.path());
    let o = build(&content, &content);
    assert_refused(&o, &[&content]);
    assert_eq!(files(dir.path()), before, "nothing was touched");
    // The same folder spelled another way is the same folder.
    let o = build(&content, &dir.path().join("c/../c/."));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(files(dir.path()), before, "nothing was touched");
}

#[test]
fn out_containing_content_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    write(&repo, ".git/HEAD", b"ref: refs/heads/main\n");
    write(&repo, "README.md", b"# my project\n");
    write(&repo, "content/a.log", BLOCK.as_bytes());
    let before = files(dir.path());
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_benchsite"))
        .current_dir(&repo)
        .args(["build", "--content", "content", "--out"])
        .arg(&repo)
        .output()
        .unwrap();
    assert_refused(&o, &[&repo]);
    assert_eq!(files(dir.path()), before, ".git, README.md and content/ survive untouched");
    let o = build(&repo.join("content"), dir.path());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(files(dir.path()), before);
}

#[test]
fn out_inside_content_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("c");
    write(&content, "a.log", BLOCK.as_bytes());
    let before = files(dir.path());
    let out = content.join("site/public");
    let o = build(&content, &out);
    assert_refused(&o, &[&content, &out]);
    assert_eq!(files(dir.path()), before, "no folder was created");
    assert!(!content.join("site").exists());
    // The page shell and the explorer build are sources too.
    let www = dir.path().join("www");
    write(&www, "assets/site.css", b"body{}");
    let o = benchsite(&["build", "--content", content.to_str().unwrap(), "--www", www.to_str().unwrap(), "--out", www.join("out").to_str().unwrap()]);
    assert_refused(&o, &[&www]);
    let o = benchsite(&["build", "--content", content.to_str().unwrap(), "--viewer", www.to_str().unwrap(), "--out", www.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(www.join("assets/site.css").is_file());
}

#[test]
fn out_that_is_a_foreign_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    write(&content, "a.log", BLOCK.as_bytes());
    write(&out, "thesis.tex", b"\\documentclass{article}\n");
    let before = files(dir.path());
    let o = build(&content, &out);
    let log = assert_refused(&o, &[&out]);
    assert!(log.contains(MARKER), "the message names the marker a site folder has:\n{log}");
    assert_eq!(files(dir.path()), before, "the user's file survives, nothing else appears");
    // A file is no folder to write a site into.
    let file = dir.path().join("c.txt");
    write(dir.path(), "c.txt", b"x");
    assert_eq!(build(&content, &file).status.code(), Some(2));
    assert_eq!(std::fs::read(&file).unwrap(), b"x");
}

#[test]
fn previous_output_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    write(&content, "a.log", BLOCK.as_bytes());
    std::fs::create_dir_all(&out).unwrap();
    let o = build(&content, &out);
    assert_eq!(o.status.code(), Some(0), "an empty folder may be written: {}", stderr(&o));
    assert!(out.join(MARKER).is_file(), "the build marks its output");
    let first = files(&out);
    write(&out, "stale.html", b"old");
    write(&content, "b.log", BLOCK.as_bytes());
    let o = build(&content, &out);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!out.join("stale.html").exists(), "files that no longer belong are gone");
    assert!(files(&out).len() > first.len(), "the new site is in place");
    let leftovers: Vec<String> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).filter(|n| n.contains("staging") || n.contains("old")).collect();
    assert!(leftovers.is_empty(), "no staging or previous folder is left: {leftovers:?}");
}

#[test]
fn output_of_an_older_benchsite_is_replaced_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    write(&content, "a.log", BLOCK.as_bytes());
    // What a build before the marker left: a site with index.html and data/runs.json.
    write(&out, "index.html", b"<!doctype html>");
    write(&out, "data/runs.json", b"{}");
    let o = build(&content, &out);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains(MARKER), "a note says the folder was taken for an older site: {}", stderr(&o));
    assert!(out.join(MARKER).is_file());
}

#[test]
fn concurrent_builds_never_publish_a_partial_site() {
    let dir = tempfile::tempdir().unwrap();
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let single = dir.path().join("single");
    let o = build(&content, &single);
    assert!(o.status.success(), "{}", stderr(&o));
    let expected = files(&single);
    let out = dir.path().join("out");
    for round in 0..3 {
        let spawn = || {
            std::process::Command::new(env!("CARGO_BIN_EXE_benchsite"))
                .args(["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (spawn(), spawn());
        for (name, child) in [("first", a), ("second", b)] {
            let o = child.wait_with_output().unwrap();
            assert!(o.status.success(), "round {round}, {name} build: {}", stderr(&o));
        }
        assert_eq!(files(&out), expected, "round {round}: the published site is one whole build");
    }
}

#[test]
fn a_half_done_swap_is_healed() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    write(&content, "a.log", BLOCK.as_bytes());
    assert!(build(&content, &out).status.success());
    let site = files(&out);
    // The crash state of a two-rename swap: the previous site moved aside, the new one not
    // yet in place (a staging folder that was never finished).
    std::fs::rename(&out, dir.path().join(".o.benchsite-old-1234-5678")).unwrap();
    write(dir.path(), ".o.benchsite-staging-1234-5678/en/index.html", b"half");
    // The next build cannot write (a UI string is missing), but it heals first.
    let zh = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/i18n/zh.toml");
    write(&content, "i18n/zh.toml", &std::fs::read(&zh).unwrap());
    write(&content, "i18n/en.toml", b"[nav]\nhome = \"Home\"\n");
    let o = build(&content, &out);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(files(&out), site, "the previous site is back in place");
    let names: Vec<String> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(!names.iter().any(|n| n.contains("staging") || n.contains("-old")), "the leftovers are gone: {names:?}");
}
