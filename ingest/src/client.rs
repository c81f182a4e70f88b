//! What benchmark clients print before their result: `Running benchmark <args> with backend:
//! X`, the `Namespace(...)` repr of their arguments, planned token counts, warm-up time and
//! progress bars. Each reader takes one logical line and returns what it literally says.

use crate::text::Needle;
use std::borrow::Cow;

/// `Running benchmark --dataset-name sharegpt --num-prompts 10000 with backend: lmdeploy`.
pub fn running_benchmark(line: &str) -> Option<(&str, Option<&str>)> {
    let rest = line.strip_prefix("Running benchmark")?;
    match rest.rsplit_once("with backend:") {
        Some((args, backend)) => Some((args.trim(), Some(backend.trim()).filter(|b| !b.is_empty()))),
        // (`Running benchmark with num_prompt=1, random-input-len=4096...`: a loop's own echo,
        // no client's arguments.)
        None => Some((rest.trim(), None)).filter(|(args, _)| args.is_empty() || args.starts_with('-')),
    }
}

/// Where a `Namespace(...)` repr starts; every log line is looked at for one.
pub static NAMESPACE: Needle = Needle::new("Namespace(");

/// Whether a line holds `Namespace(`: looked at only where an `N` is (rare in log lines),
/// cheaper on a short line than setting up a substring search.
pub fn has_namespace(line: &str) -> bool {
    memchr::memchr_iter(b'N', line.as_bytes()).any(|at| line.as_bytes()[at..].starts_with(b"Namespace("))
}

/// `Namespace(backend='vllm', model='Qwen/Qwen3-8B', num_prompts=10000, ...)`: fields in
/// order of appearance, string quotes removed, other values as written (`None`, `inf`, `[1, 2]`).
pub fn namespace(line: &str) -> Option<benchsite_model::Map<benchsite_model::map::Text>> {
    let start = NAMESPACE.find(line)? + "Namespace(".len();
    // Gathered borrowing from the line (on the stack: a few dozen fields), sorted stably on
    // the borrowed keys, and only then copied into the map, which finds them in order and
    // keeps the last of a repeated key, as inserting one by one would.
    const ON_STACK: usize = 48;
    let mut stack = [(0u64, "", ""); ON_STACK];
    let mut more = Vec::new();
    let mut n = 0;
    for (key, value) in (NamespaceFields { body: &line[start..], at: 0, done: false }) {
        // Keys compare by their first eight bytes as one number first (the same order as the
        // bytes: a key holds no NUL), then in full.
        let mut head = [0u8; 8];
        let h = key.len().min(8);
        head[..h].copy_from_slice(&key.as_bytes()[..h]);
        let field = (u64::from_be_bytes(head), key, value);
        if n < ON_STACK {
            stack[n] = field;
        } else {
            if more.is_empty() {
                more.extend_from_slice(&stack);
            }
            more.push(field);
        }
        n += 1;
    }
    let fields = if n <= ON_STACK { &mut stack[..n] } else { &mut more[..] };
    fields.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
    Some(fields.iter().map(|&(_, k, v)| (k, benchsite_model::map::Text::new(v))).collect())
}

/// The `key=value` fields of a `Namespace(` body, in order; parts that are no such field are
/// skipped.
struct NamespaceFields<'a> {
    body: &'a str,
    /// Where the next part starts.
    at: usize,
    done: bool,
}

impl<'a> Iterator for NamespaceFields<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        while !self.done {
            if let Some(field) = self.plain_field() {
                return Some(field);
            }
            let part = self.next_part();
            if let Some(field) = field(part) {
                return Some(field);
            }
        }
        None
    }
}

impl<'a> NamespaceFields<'a> {
    /// The next part when it has the shape nearly every field has, ` key=value,` or
    /// ` key='text',` (spaces, an identifier, `=`, a quoted string without a backslash or
    /// bytes without a delimiter and with no blank at either end, then `,` or `)`): what
    /// `field(self.next_part())` gives, read in one pass without trimming. `None` (nothing
    /// consumed) for any other part.
    fn plain_field(&mut self) -> Option<(&'a str, &'a str)> {
        let b = self.body.as_bytes();
        let mut i = self.at;
        while b.get(i) == Some(&b' ') {
            i += 1;
        }
        let key_start = i;
        while b.get(i).is_some_and(|&c| IDENTIFIER[usize::from(c)]) {
            i += 1;
        }
        if i == key_start || b.get(i) != Some(&b'=') {
            return None;
        }
        let key = &self.body[key_start..i];
        i += 1;
        let value = match b.get(i) {
            Some(&q @ (b'\'' | b'"')) => {
                let from = i + 1;
                i = from;
                while i < b.len() && b[i] != q && b[i] != b'\\' {
                    i += 1;
                }
                if b.get(i) != Some(&q) {
                    return None;
                }
                i += 1;
                &self.body[from..i - 1]
            }
            _ => {
                let from = i;
                while i < b.len() && !DELIMITER[usize::from(b[i])] {
                    i += 1;
                }
                let value = &self.body[from..i];
                let plain = |c: Option<&u8>| c.is_none_or(|&c| (0x21..0x7f).contains(&c));
                if !plain(value.as_bytes().first()) || !plain(value.as_bytes().last()) {
                    return None;
                }
                value
            }
        };
        match b.get(i) {
            Some(b',') => self.at = i + 1,
            Some(b')') => self.done = true,
            _ => return None,
        }
        Some((key, value))
    }

    /// The text up to the next `,` at depth 0, or up to the closing `)` (or the end), which
    /// ends the fields.
    fn next_part(&mut self) -> &'a str {
        // Bytes, not chars: every delimiter is ASCII, and no byte of a multi-byte character
        // equals one. A quoted string is crossed with `memchr2` (its quote or a backslash, which
        // hides the byte after it).
        let b = self.body.as_bytes();
        let (from, mut depth, mut i) = (self.at, 0i32, self.at);
        while i < b.len() {
            if !DELIMITER[usize::from(b[i])] {
                i += 1;
                continue;
            }
            match b[i] {
                q @ (b'\'' | b'"') => {
                    let mut j = i + 1;
                    loop {
                        match b.get(j..).and_then(|rest| memchr::memchr2(q, b'\\', rest)) {
                            Some(p) if b[j + p] == b'\\' => j += p + 2,
                            Some(p) => break i = j + p, // the closing quote
                            None => break i = b.len(), // a string left open runs to the end
                        }
                    }
                }
                b'(' | b'[' | b'{' => depth += 1,
                b')' if depth == 0 => break,
                b')' | b']' | b'}' => depth -= 1,
                b',' if depth == 0 => {
                    self.at = i + 1;
                    return &self.body[from..i];
                }
                _ => {}
            }
            i += 1;
        }
        self.done = true;
        &self.body[from..i.min(b.len())]
    }
}

/// The bytes [`NamespaceFields::next_part`] looks at; the others are skipped by one table
/// lookup.
static DELIMITER: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    let delimiters = b"'\"([{)]},";
    while i < delimiters.len() {
        table[delimiters[i] as usize] = true;
        i += 1;
    }
    table
};

/// The bytes of a field's key (ASCII letters, digits, `_`), by one table lookup.
static IDENTIFIER: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = (c as u8).is_ascii_alphanumeric() || c == b'_' as usize;
        c += 1;
    }
    table
};

/// A `key=value` part: the key an identifier, the value trimmed and unquoted.
fn field(part: &str) -> Option<(&str, &str)> {
    let eq = memchr::memchr(b'=', part.as_bytes())?;
    let (key, value) = (crate::text::trim(&part[..eq]), &part[eq + 1..]);
    (!key.is_empty() && key.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')).then(|| (key, unquote(crate::text::trim(value))))
}

/// Removes one pair of matching Python string quotes.
pub fn unquote(v: &str) -> &str {
    for q in ['\'', '"'] {
        if v.len() >= 2 && v.starts_with(q) && v.ends_with(q) {
            return &v[1..v.len() - 1];
        }
    }
    v
}

/// `#Input tokens: 2258583` / `#Output tokens: 1992177`.
pub fn planned_tokens(line: &str) -> Option<(bool, u64)> {
    let (input, rest) = if let Some(r) = line.strip_prefix("#Input tokens:") {
        (true, r)
    } else {
        (false, line.strip_prefix("#Output tokens:")?)
    };
    Some((input, rest.trim().parse().ok()?))
}

/// `warmup time: 1.94s`.
pub fn warmup(line: &str) -> Option<f64> {
    let rest = line.strip_prefix("warmup time:")?.trim();
    rest.trim_end_matches('s').trim().parse().ok()
}

/// A tqdm progress bar: `100%|████| 2000/2000 [04:55<00:00,  6.77it/s]`; returns the
/// completed and total counts and the elapsed seconds.
pub fn progress(line: &str) -> Option<(u64, u64, f64)> {
    if !line.contains('|') {
        return None;
    }
    let bracket = line.rfind('[')?;
    let inside = &line[bracket + 1..];
    let elapsed = inside.split('<').next()?;
    let seconds = clock_seconds(elapsed)?;
    let before = line[..bracket].trim_end();
    let counts = before.rsplit(['|', ' ']).next()?;
    let (done, total) = counts.split_once('/')?;
    Some((done.trim().parse().ok()?, total.trim().parse().ok()?, seconds))
}

/// `02:25` → 145, `1:02:03` → 3723.
fn clock_seconds(s: &str) -> Option<f64> {
    let mut total = 0.0;
    let mut parts = 0;
    for p in s.trim().split(':') {
        total = total * 60.0 + p.parse::<f64>().ok()?;
        parts += 1;
    }
    (2..=3).contains(&parts).then_some(total)
}

/// `Error 3: ...`, `Error: ...`, a Python traceback header, or a failed-request line.
pub fn is_error_line(line: &str) -> bool {
    if line.starts_with("Traceback (most recent call last)") {
        return true;
    }
    let Some(rest) = line.strip_prefix("Error") else { return false };
    let rest = rest.trim_start();
    rest.starts_with(':')
        || rest
            .split_once(':')
            .is_some_and(|(n, _)| !n.is_empty() && n.trim().chars().all(|c| c.is_ascii_digit()))
}


/// A command line without the shell prompt pasted before it: `$ `, and bash's default
/// prompt `user@host:dir$ ` / `root@host:dir# `, after an optional conda environment
/// (`(base) root@9c74b76a6bea:/data# vllm bench latency …`, a Chinese vLLM book's chapter 9).
/// A line without such a prompt is returned as it is (trimmed).
pub fn without_prompt(line: &str) -> &str {
    let mut t = line.trim();
    if let Some(rest) = t.strip_prefix("$ ") {
        return rest.trim_start();
    }
    // `(base) `: a conda environment's name, only before a prompt.
    let after_env = t.strip_prefix('(').and_then(|r| r.split_once(") ")).filter(|(env, _)| !env.is_empty() && !env.contains(char::is_whitespace)).map(|(_, r)| r.trim_start());
    let candidate = after_env.unwrap_or(t);
    let (word, rest) = candidate.split_once(char::is_whitespace).unwrap_or((candidate, ""));
    // `user@host:dir$`: a user, a host, a directory, then `$` or `#`.
    let prompt = word.strip_suffix(['$', '#']).and_then(|w| w.split_once('@')).and_then(|(user, host_dir)| {
        let (host, _) = host_dir.split_once(':')?;
        let plain = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        (plain(user) && plain(host)).then_some(())
    });
    if prompt.is_some() {
        t = rest.trim_start();
    }
    t
}

/// The commands of a shell block whose first line is `first_line`, with continuation lines
/// (`\`) joined, and the lines of a quoted argument that spans lines (`--extra-inputs
/// payload_template:'` … `}'`, see [`quote_after`] and [`still_open`]): each command's text and the line it
/// starts on. A last line that still ends in `\` or inside a quote closes the block's last
/// command.
pub fn joined_commands(block: &str, first_line: u32) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    let mut joined = String::new();
    let mut start = first_line;
    let mut quote = None;
    let mut offset = 0;
    for (i, raw) in block.lines().enumerate() {
        let line = raw.trim();
        if joined.is_empty() {
            start = first_line + i as u32;
        }
        offset += raw.len();
        let ending = &block[offset..];
        offset += if ending.starts_with("\r\n") { 2 } else { usize::from(ending.starts_with('\n')) };
        quote = still_open(quote_after(line, quote), &block.as_bytes()[offset..]);
        if let Some(body) = line.strip_suffix('\\') {
            joined.push_str(body);
            joined.push(' ');
            continue;
        }
        joined.push_str(line);
        if quote.is_some() {
            joined.push(' ');
            continue;
        }
        out.push((start, std::mem::take(&mut joined)));
    }
    if !joined.is_empty() {
        out.push((start, joined));
    }
    out
}

/// The quote still open after `line` (`'` or `"`), given the one open before it: a quote
/// opens only at the start of a word or after `=`, `:`, `(` … (not `don't` in a comment or a
/// log line), closes at its match, and `\` escapes outside single quotes, as in a shell. A
/// line without quote bytes (most lines) is not looked at byte by byte.
pub fn quote_after(line: &str, open: Option<u8>) -> Option<u8> {
    let b = line.as_bytes();
    if memchr::memchr2(b'\'', b'"', b).is_none() {
        return open;
    }
    let mut open = open;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match open {
            Some(b'\'') if c == b'\'' => open = None,
            Some(q) if c == b'\\' && q == b'"' => i += 1,
            Some(q) if c == q => open = None,
            Some(_) => {}
            None if c == b'\\' => i += 1,
            None if (c == b'\'' || c == b'"') && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) => open = Some(c),
            None => {}
        }
        i += 1;
    }
    open
}

/// A quote open at a line's end keeps the command joined only if its closing character comes
/// later in the block: an unmatched quote (a cut log line, `'Hello wor…`) does not swallow the
/// commands after it. The search stops at the next such character, which the joining reaches
/// anyway, or finds none once for the rest of the block.
fn still_open(quote: Option<u8>, rest: &[u8]) -> Option<u8> {
    quote.filter(|&q| memchr::memchr(q, rest).is_some())
}

/// The end of the command that starts at byte `at` of `block` (the byte after its last
/// line's newline, or the block's length), as [`joined_commands`] cuts it, and whether the
/// block ended with the command still open (a last line ending in `\\` or in a quote).
fn command_end(block: &str, mut at: usize) -> (usize, bool) {
    let bytes = block.as_bytes();
    let mut quote = None;
    let mut ahead: Option<(u8, usize)> = None;
    while at < block.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(block.len(), |p| at + p);
        let text = crate::text::trim(&block[at..end]);
        at = end + 1;
        quote = quote_after(text, quote);
        // Where the open quote's next character lies, once found: not searched again while
        // it is still ahead (its closing may be escaped, `\"`, and the quote stay open).
        if let Some(q) = quote {
            if !ahead.is_some_and(|(c, p)| c == q && p >= at) {
                ahead = memchr::memchr(q, bytes.get(at..).unwrap_or(&[])).map(|p| (q, at + p));
                quote = ahead.map(|(c, _)| c);
            }
        }
        if !text.ends_with('\\') && quote.is_none() {
            return (at.min(block.len()), false);
        }
    }
    (block.len(), true)
}

/// The commands of `block`, cut as [`joined_commands`] cuts them, that have a line holding
/// one of `words`: each word is searched for in the whole block at once and only the
/// commands around its hits are joined, so a long log costs a few vectorised searches rather
/// than a `String` per line. For words without whitespace or `\\` (a word never spans the
/// space a join puts between lines) these are exactly the commands whose text holds one.
pub fn joined_commands_with(block: &str, first_line: u32, words: &[&Needle]) -> Vec<(u32, String)> {
    let bytes = block.as_bytes();
    let mut hits: Vec<usize> = words.iter().flat_map(|w| w.find_iter(block)).collect();
    hits.sort_unstable();
    let continued = |line: &str| crate::text::trim(line).ends_with('\\');
    // Back to a command's first line: over the lines before it that end in `\`, not before
    // `done`. Exact where no quote byte lies between `done` and `at`.
    let first_of = |at: usize, done: usize| {
        let mut start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |p| p + 1);
        while start > done {
            let before = memchr::memrchr(b'\n', &bytes[..start - 1]).map_or(0, |p| p + 1);
            if !continued(&block[before..start - 1]) {
                break;
            }
            start = before;
        }
        start
    };
    let mut out = Vec::new();
    // Lines before `done` belong to commands already read (or passed over); `counted` is
    // where `line` is the number of the line starting there.
    let (mut done, mut counted, mut line) = (0, 0, first_line);
    for hit in hits {
        if hit < done {
            continue;
        }
        let mut start = first_of(hit, done);
        // A quote may open a command before the hit's line that runs over it: the commands
        // holding a quote byte between `done` and that line are cut in order (each once,
        // `done` moves past them), and the hit is in the first that reaches its line.
        while let Some(q) = memchr::memchr2(b'\'', b'"', &bytes[done..start]).map(|p| done + p) {
            let first = first_of(q, done);
            let (end, _) = command_end(block, first);
            if end > start {
                start = first;
                break;
            }
            done = end;
            start = start.max(first_of(hit, done));
        }
        line += crate::text::count_newlines(&bytes[counted..start]) as u32;
        counted = start;
        let (end, open) = command_end(block, start);
        let mut joined = String::new();
        let mut at = start;
        while at < end {
            let stop = memchr::memchr(b'\n', &bytes[at..end]).map_or(end, |p| at + p);
            let text = crate::text::trim(&block[at..stop]);
            // A command written as a code span, the whole line (`` `python -m vllm… --tp 8` ``).
            let text = text.strip_prefix('`').and_then(|t| t.strip_suffix('`')).filter(|t| !t.contains('`')).unwrap_or(text);
            at = stop + 1;
            match text.strip_suffix('\\') {
                Some(body) => {
                    joined.push_str(body);
                    joined.push(' ');
                }
                None => {
                    joined.push_str(text);
                    if at < end || open {
                        joined.push(' ');
                    }
                }
            }
        }
        out.push((line, joined));
        done = end.max(hit + 1);
    }
    out
}

/// Splits command-line style arguments into `--flag value` pairs (`None` for switches).
pub fn flags(args: &str) -> Vec<(String, Option<String>)> {
    borrowed_flags(args).into_iter().map(|(k, v)| (k.into_owned(), v.map(Cow::into_owned))).collect()
}

/// [`flags`], borrowing from `args` where the shell words do (a plain command line).
pub fn borrowed_flags(args: &str) -> Vec<(Cow<'_, str>, Option<Cow<'_, str>>)> {
    let mut words = words(args);
    for w in &mut words {
        if let Some(name) = spelled_flag(w) {
            *w = Cow::Owned(name);
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        if w.starts_with('-') && w.len() > 1 && !is_negative_number(w) {
            if let Some(eq) = w.find('=') {
                let (k, v): (Cow<'_, str>, Cow<'_, str>) = match w {
                    Cow::Borrowed(b) => (Cow::Borrowed(&b[..eq]), Cow::Borrowed(&b[eq + 1..])),
                    Cow::Owned(o) => (Cow::Owned(o[..eq].to_string()), Cow::Owned(o[eq + 1..].to_string())),
                };
                out.push((k, Some(v)));
            } else if i + 1 < words.len() && (!words[i + 1].starts_with('-') || is_negative_number(&words[i + 1])) {
                out.push((w.clone(), Some(words[i + 1].clone())));
                i += 1;
            } else {
                out.push((w.clone(), None));
            }
        }
        i += 1;
    }
    out
}

/// Shell words: `shlex`, or the whitespace-separated words where it cannot read the text.
/// Text without quotes, backslashes, `#` and whitespace other than spaces, tabs and newlines
/// (a plain command line) splits the same on whitespace, borrowed, without shlex's copies.
fn words(args: &str) -> Vec<Cow<'_, str>> {
    let plain = !args.bytes().any(|b| matches!(b, b'\'' | b'"' | b'\\' | b'#' | b'\r' | 0x0b | 0x0c))
        && (args.is_ascii() || !args.chars().any(|c| c.is_whitespace() && !matches!(c, ' ' | '\t' | '\n')));
    if plain {
        return args.split_whitespace().map(Cow::Borrowed).collect();
    }
    match shlex::split(args) {
        Some(words) => words.into_iter().map(Cow::Owned).collect(),
        None => args.split_whitespace().map(Cow::Borrowed).collect(),
    }
}

/// A flag as the engines read it, when it is written otherwise: `--tensor_parallel_size 8`
/// (vLLM's parser takes `_` for `-`), `-—tensor-parallel-size` and `—tp` (a dash a word
/// processor made long). `None` for a word written as the engines read it, or no flag.
fn spelled_flag(word: &str) -> Option<String> {
    let long_dash = word.starts_with(['—', '–']) || word.starts_with("-—") || word.starts_with("-–");
    if !(long_dash || word.starts_with("--") && word.contains('_')) {
        return None;
    }
    let name_end = word.find('=').unwrap_or(word.len());
    let (name, value) = word.split_at(name_end);
    let bare = name.trim_start_matches(['-', '—', '–']);
    if bare.is_empty() || !bare.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    Some(format!("--{}{value}", bare.replace('_', "-")))
}

fn is_negative_number(w: &str) -> bool {
    w.len() > 1 && w[1..].chars().all(|c| c.is_ascii_digit() || c == '.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_read_as_the_engines_spell_them() {
        let got = flags("--tensor_parallel_size 8 -—tp-size 2 —max_num_seqs=4 --model a_b --x");
        let names: Vec<&str> = got.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["--tensor-parallel-size", "--tp-size", "--max-num-seqs", "--model", "--x"]);
        assert_eq!(got[2].1.as_deref(), Some("4"));
        assert_eq!(got[3].1.as_deref(), Some("a_b"), "a value keeps its underscores");
    }

    #[test]
    fn reads_running_benchmark_line() {
        assert_eq!(
            running_benchmark("Running benchmark --dataset-name sharegpt --num-prompts 10000 with backend: lmdeploy"),
            Some(("--dataset-name sharegpt --num-prompts 10000", Some("lmdeploy")))
        );
        // A shell loop's echo of its own settings is no client's line.
        assert_eq!(running_benchmark("Running benchmark with num_prompt=1, random-input-len=4096..."), None);
        assert_eq!(running_benchmark("Running benchmark --num-prompts 2"), Some(("--num-prompts 2", None)));
    }

    #[test]
    fn reads_namespace_with_commas_in_strings_and_lists() {
        let ns = namespace("Namespace(backend='vllm', request_rate_range='2,34,2', goodput=[1, 2], model=\"a/b\", request_rate=inf, tokenizer=None)").unwrap();
        assert_eq!(ns["backend"], "vllm");
        assert_eq!(ns["request_rate_range"], "2,34,2");
        assert_eq!(ns["goodput"], "[1, 2]");
        assert_eq!(ns["model"], "a/b");
        assert_eq!(ns["request_rate"], "inf");
        assert_eq!(ns["tokenizer"], "None");
    }

    #[test]
    fn reads_namespace_quotes_escapes_and_an_open_string() {
        let ns = namespace(r#"Namespace(a='x\'), b', b="(\\", c=[1, (2)], d={'k': ')'}, e='open, f=1"#).unwrap();
        assert_eq!(ns["a"], r"x\'), b");
        assert_eq!(ns["b"], r"(\\");
        assert_eq!(ns["c"], "[1, (2)]");
        assert_eq!(ns["d"], "{'k': ')'}");
        assert_eq!(ns["e"], "'open, f=1");
        assert_eq!(namespace("Namespace(x=1) y=2").unwrap().len(), 1);
    }

    /// The char-by-char reading the byte reader replaced, inserting field by field.
    fn namespace_by_chars(line: &str) -> Option<benchsite_model::Map<benchsite_model::map::Text>> {
        let start = line.find("Namespace(")? + "Namespace(".len();
        let body = &line[start..];
        let mut fields = std::collections::BTreeMap::new();
        let (mut depth, mut quote, mut escaped, mut part_start, mut end) = (0i32, None, false, 0, body.len());
        let mut insert = |part: &str| {
            if let Some((key, value)) = part.split_once('=') {
                let key = key.trim();
                if !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    fields.insert(key.to_string(), benchsite_model::map::Text::new(unquote(value.trim())));
                }
            }
        };
        for (i, c) in body.char_indices() {
            if let Some(q) = quote {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
                continue;
            }
            match c {
                '\'' | '"' => quote = Some(c),
                '(' | '[' | '{' => depth += 1,
                ')' if depth == 0 => {
                    end = i;
                    break;
                }
                ')' | ']' | '}' => depth -= 1,
                ',' if depth == 0 => {
                    insert(&body[part_start..i]);
                    part_start = i + 1;
                }
                _ => {}
            }
        }
        insert(&body[part_start..end]);
        Some(fields.into_iter().collect())
    }

    /// The flag reader [`borrowed_flags`] replaced, copying every word.
    fn flags_by_copies(args: &str) -> Vec<(String, Option<String>)> {
        let words: Vec<String> = words(args).into_iter().map(|w| spelled_flag(&w).unwrap_or_else(|| w.into_owned())).collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let w = &words[i];
            if w.starts_with('-') && w.len() > 1 && !is_negative_number(w) {
                if let Some((k, v)) = w.split_once('=') {
                    out.push((k.to_string(), Some(v.to_string())));
                } else if i + 1 < words.len() && (!words[i + 1].starts_with('-') || is_negative_number(&words[i + 1])) {
                    out.push((w.to_string(), Some(words[i + 1].to_string())));
                    i += 1;
                } else {
                    out.push((w.to_string(), None));
                }
            }
            i += 1;
        }
        out
    }

/// A quoted argument over lines joins them; a quote that never closes (a cut log line) does
    /// not swallow the commands after it.
    #[test]
    fn joins_a_quoted_argument_over_lines_but_not_an_unmatched_quote() {
        let block = "aiperf profile \\\n  --extra-inputs payload_template:'\n  {\n    \"text\": 1\n  }' \\\n  --concurrency 4\n";
        let words = [&Needle::new("profile")];
        let got = joined_commands_with(block, 1, &words);
        assert_eq!(got.len(), 1);
        assert!(got[0].1.ends_with("--concurrency 4"), "{got:?}");
        let block = "echo 'starting\nvllm bench serve --model m\n";
        let words = [&Needle::new("bench")];
        assert_eq!(joined_commands_with(block, 1, &words), vec![(2, "vllm bench serve --model m".to_string())]);
        assert_eq!(joined_commands(block, 1), vec![(1, "echo 'starting".to_string()), (2, "vllm bench serve --model m".to_string())]);
    }

        proptest::proptest! {
        #[test]
        fn flags_read_as_the_copying_reader_did(args in r#"(--a|-b|-1|x|=|'|"| |\\|é|[.]|#|_|—|–)*"#) {
            proptest::prop_assert_eq!(flags(&args), flags_by_copies(&args));
        }

        #[test]
        fn commands_with_a_word_are_the_joined_commands_holding_it(block in "(bench|x|\\\\| |\r|\n|ben|ch|é|'|\"|=){0,30}") {
            let words = [&Needle::new("bench"), &Needle::new("ch")];
            let all = joined_commands(&block, 7).into_iter().filter(|(_, t)| words.iter().any(|w| t.contains(w.text())));
            proptest::prop_assert_eq!(joined_commands_with(&block, 7, &words), all.collect::<Vec<_>>());
        }

        #[test]
        fn namespace_is_seen_where_the_substring_search_sees_it(line in "(N|Namespace|\\(|a| |Name){0,8}") {
            proptest::prop_assert_eq!(has_namespace(&line), NAMESPACE.is_in(&line));
        }

        #[test]
        fn namespace_reads_as_the_char_reader_did(body in "[ab=',\"\\\\()\\[\\]{} é\u{a0}]{0,40}") {
            let line = format!("x Namespace({body}");
            proptest::prop_assert_eq!(namespace(&line), namespace_by_chars(&line));
        }

        #[test]
        fn plain_fields_read_as_the_char_reader_did(
            fields in proptest::collection::vec(("( |\t|\n)?[a-c_1é]{0,3}( )?=", "('[a-z \"(\\\\]{0,4}'|\"[a-z ')]{0,4}\"|[a-z0-9 .\u{a0}\t]{0,4})( )?"), 0..8),
            end in "(\\)|,|)( x=1)?",
        ) {
            let body: Vec<String> = fields.iter().map(|(k, v)| format!("{k}{v}")).collect();
            let line = format!("Namespace({}{end}", body.join(","));
            proptest::prop_assert_eq!(namespace(&line), namespace_by_chars(&line));
        }

        #[test]
        fn namespace_fields_in_any_order_read_as_the_char_reader_did(
            fields in proptest::collection::vec(("[a-c_]{1,3}", "[0-9a-z' ,()]{0,6}"), 0..12),
            close in proptest::bool::ANY,
        ) {
            let body: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let line = format!("INFO Namespace({}{}", body.join(", "), if close { ") tail=1" } else { "" });
            proptest::prop_assert_eq!(namespace(&line), namespace_by_chars(&line));
        }
    }

    /// Prompts as published before a command (a Chinese vLLM book's chapter 9, docs' `$ `);
    /// what only looks like one stays.
    #[test]
    fn drops_shell_prompts() {
        assert_eq!(without_prompt("(base) root@9c74b76a6bea:/data# vllm bench latency --model m"), "vllm bench latency --model m");
        assert_eq!(without_prompt("user@host:~/vllm$ vllm bench serve"), "vllm bench serve");
        assert_eq!(without_prompt("$ python3 -m sglang.bench_serving"), "python3 -m sglang.bench_serving");
        for same in ["vllm bench serve --model a@b:c#", "(note) vllm bench serve", "x@y vllm"] {
            assert_eq!(without_prompt(same), same, "{same}");
        }
    }

    #[test]
    fn reads_progress_bars() {
        assert_eq!(progress("100%|█████| 2000/2000 [04:55<00:00,  6.77it/s]"), Some((2000, 2000, 295.0)));
        assert_eq!(progress("██████| 10000/10000 [02:25<00:00, 68.80it/s]"), Some((10000, 10000, 145.0)));
        assert_eq!(progress(" 50%|██  | 5/10 [1:00:01<00:10,  2.14s/it]"), Some((5, 10, 3601.0)));
        assert_eq!(progress("P99 ITL (ms): 12"), None);
    }

    #[test]
    fn splits_flags() {
        assert_eq!(
            flags("--tp 4 --enable-metrics --communicator cuda-ipc --x=1"),
            vec![
                ("--tp".into(), Some("4".into())),
                ("--enable-metrics".into(), None),
                ("--communicator".into(), Some("cuda-ipc".into())),
                ("--x".into(), Some("1".into())),
            ]
        );
    }

    #[test]
    fn plain_command_lines_split_as_shlex_splits_them() {
        for args in ["--tp 4  --x=1\t-y\n--z", "", "  a  ", "--m a\u{a0}b", "--n 'a b' \"c\" d\\ e #f", "x#y # z"] {
            let want = shlex::split(args).unwrap_or_else(|| args.split_whitespace().map(String::from).collect());
            assert_eq!(words(args), want, "{args:?}");
        }
    }

    #[test]
    fn recognises_error_lines() {
        assert!(is_error_line("Error 3: ClientConnectorError"));
        assert!(is_error_line("Error: timeout"));
        assert!(is_error_line("Traceback (most recent call last):"));
        assert!(!is_error_line("Errors are fine"));
    }
}
