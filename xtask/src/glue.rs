//! Shrinks what wasm-bindgen writes, without changing what it does. Every JS function the
//! wasm imports is named `__wbg_<method>_<16 hex digits>` in both the wasm's import section
//! and the JS glue's import object: 160-odd names of random hex that gzip cannot shrink.
//! `shorten_imports` renames them `a`, `b`, … `ba`, … in both files at once. `strip_js` drops
//! the glue's comments and indentation (line breaks stay, so the JS parses the same).

/// Renames the `__wbg_…` imports of `wasm` and the matching keys of `js`; fails (and the
/// caller keeps the long names) if a name is not found exactly once in the JS.
pub fn shorten_imports(wasm: &[u8], js: &str) -> Result<(Vec<u8>, String), String> {
    let mut out = wasm.get(..8).ok_or("not a wasm module")?.to_vec();
    let mut renamed: Vec<(String, String)> = Vec::new();
    let mut pos = 8;
    while pos < wasm.len() {
        let id = wasm[pos];
        let (size, start) = leb(wasm, pos + 1)?;
        let body = wasm.get(start..start + size as usize).ok_or("truncated section")?;
        pos = start + size as usize;
        let body = if id == 2 { rename_in_import_section(body, &mut renamed)? } else { body.to_vec() };
        out.push(id);
        put_leb(&mut out, body.len() as u64);
        out.extend_from_slice(&body);
    }
    let mut js = js.to_string();
    for (long, short) in &renamed {
        let key = format!("{long}:");
        if js.matches(&key).count() != 1 {
            return Err(format!("import {long} is not a key of the JS glue exactly once"));
        }
        js = js.replacen(&key, &format!("{short}:"), 1);
    }
    Ok((out, js))
}

fn rename_in_import_section(body: &[u8], renamed: &mut Vec<(String, String)>) -> Result<Vec<u8>, String> {
    let (count, mut p) = leb(body, 0)?;
    let mut out = Vec::with_capacity(body.len());
    put_leb(&mut out, count);
    for _ in 0..count {
        let (module, next) = name(body, p)?;
        let (field, next) = name(body, next)?;
        let desc_end = import_desc_end(body, next)?;
        let field = if field.starts_with("__wbg") {
            let short = short_name(renamed.len());
            renamed.push((field.to_string(), short.clone()));
            short
        } else {
            field.to_string()
        };
        for text in [module, &field] {
            put_leb(&mut out, text.len() as u64);
            out.extend_from_slice(text.as_bytes());
        }
        out.extend_from_slice(&body[next..desc_end]);
        p = desc_end;
    }
    Ok(out)
}

/// Where the import descriptor starting at `p` ends: a function (type index), table,
/// memory or global.
fn import_desc_end(body: &[u8], p: usize) -> Result<usize, String> {
    let kind = *body.get(p).ok_or("truncated import")?;
    let limits = |q: usize| -> Result<usize, String> {
        let flags = *body.get(q).ok_or("truncated limits")?;
        let (_, q) = leb(body, q + 1)?;
        if flags & 1 == 1 { leb(body, q).map(|(_, q)| q) } else { Ok(q) }
    };
    match kind {
        0 => leb(body, p + 1).map(|(_, q)| q),
        1 => limits(p + 2),
        2 => limits(p + 1),
        3 => Ok(p + 3),
        k => Err(format!("unknown import kind {k}")),
    }
}

fn name(body: &[u8], p: usize) -> Result<(&str, usize), String> {
    let (len, start) = leb(body, p)?;
    let bytes = body.get(start..start + len as usize).ok_or("truncated name")?;
    Ok((std::str::from_utf8(bytes).map_err(|e| e.to_string())?, start + len as usize))
}

/// `a` … `z`, `A` … `Z`, then two letters: never a JS keyword, never a `__wbindgen` name.
fn short_name(mut i: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut out = Vec::new();
    loop {
        out.push(LETTERS[i % LETTERS.len()]);
        i /= LETTERS.len();
        if i == 0 {
            break;
        }
        i -= 1;
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII letters")
}

fn leb(data: &[u8], mut p: usize) -> Result<(u64, usize), String> {
    let (mut value, mut shift) = (0u64, 0);
    loop {
        let byte = *data.get(p).ok_or("truncated LEB128 number")?;
        p += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok((value, p));
        }
        shift += 7;
        if shift > 63 {
            return Err("LEB128 number too long".into());
        }
    }
}

fn put_leb(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// The glue without its comments (`/** … */` blocks and `//` lines), indentation and blank
/// lines. Line breaks stay, so automatic semicolons fall where they did. A line that
/// continues a template literal begun above (its indentation is text) is kept as written:
/// a literal is open after a line with an odd number of backticks (wasm-bindgen's glue
/// writes none inside a quoted string or a regular expression but in pairs).
pub fn strip_js(js: &str) -> String {
    let mut out = String::with_capacity(js.len());
    let mut in_doc = false;
    let mut in_template = false;
    for line in js.lines() {
        let continues = in_template;
        in_template ^= line.bytes().filter(|&b| b == b'`').count() % 2 == 1;
        if continues {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let t = line.trim();
        if in_doc {
            in_doc = !t.ends_with("*/");
            continue;
        }
        if t.starts_with("/**") && !t.contains("*/") {
            in_doc = true;
            continue;
        }
        if t.is_empty() || t.starts_with("//") || (t.starts_with("/*") && t.ends_with("*/")) {
            continue;
        }
        out.push_str(t);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module of two imports (a function and a memory) and the glue that provides them.
    fn module() -> (Vec<u8>, String) {
        let mut imports = vec![2u8];
        for (field, desc) in [("__wbg_alert_0123456789abcdef", &[0u8, 0][..]), ("memory", &[2, 1, 1, 2][..])] {
            imports.push(4);
            imports.extend_from_slice(b"./js");
            imports.push(field.len() as u8);
            imports.extend_from_slice(field.as_bytes());
            imports.extend_from_slice(desc);
        }
        let types = [1u8, 0x60, 0, 0];
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        for (id, body) in [(1u8, &types[..]), (2, &imports[..])] {
            wasm.push(id);
            wasm.push(body.len() as u8);
            wasm.extend_from_slice(body);
        }
        let js = "/**\n * Says hello.\n */\nfunction imports() {\n    // the import object\n    return {\n        __wbg_alert_0123456789abcdef: function(a) {\n            alert(a);\n        },\n    };\n}\n";
        (wasm, js.to_string())
    }

    #[test]
    fn renames_an_import_in_the_wasm_and_the_glue_alike() {
        let (wasm, js) = module();
        let (wasm, js) = shorten_imports(&wasm, &js).unwrap();
        assert!(js.contains("        a: function(a) {"), "{js}");
        assert!(!js.contains("__wbg"), "{js}");
        let text = String::from_utf8_lossy(&wasm);
        assert!(text.contains("\u{4}./js\u{1}a\0\0") && text.contains("memory\u{2}\u{1}\u{1}\u{2}"), "{text:?}");
        assert!(!text.contains("__wbg"));
    }

    #[test]
    fn refuses_a_glue_without_the_import() {
        let (wasm, _) = module();
        assert!(shorten_imports(&wasm, "function imports() {}").is_err());
    }

    #[test]
    fn short_names_are_distinct_letters() {
        let names: Vec<String> = (0..52 * 53).map(short_name).collect();
        assert_eq!((names[0].as_str(), names[51].as_str(), names[52].as_str()), ("a", "Z", "aa"));
        let unique: std::collections::BTreeSet<&String> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
        assert!(names.iter().all(|n| n.bytes().all(|b| b.is_ascii_alphabetic())));
    }

    #[test]
    fn strips_comments_and_indentation_but_keeps_line_breaks() {
        let (_, js) = module();
        assert_eq!(strip_js(&js), "function imports() {\nreturn {\n__wbg_alert_0123456789abcdef: function(a) {\nalert(a);\n},\n};\n}\n");
        let template = "const s = `a\n    b`;\n";
        assert_eq!(strip_js(template), template);
        // A one-line literal (wasm-bindgen's debugString) keeps no other line's indentation.
        let one_line = "function f(val) {\n    return `${val}n`;\n}\n    const t = `x\n  y\n`;\n    g();\n";
        assert_eq!(strip_js(one_line), "function f(val) {\nreturn `${val}n`;\n}\nconst t = `x\n  y\n`;\ng();\n");
    }
}
