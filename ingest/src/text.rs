//! Logical lines: the physical lines of a log with the wrapping people add around pasted
//! output removed (indentation, `# ` comment prefixes, `> ` quotes, harness `STDOUT:` tags,
//! a byte-order mark, the HTML tags of a `<details><pre>` fold) and carriage-return progress
//! updates split apart. Every logical line keeps the number of
//! the physical line it came from, so each value can point back to it.

/// One logical line, borrowed from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// 1-based physical line number.
    pub no: u32,
    pub text: &'a str,
}

/// Splits `text` into logical lines numbered from `first_line`, lazily: a scan holds one
/// line at a time, never a list as long as the text.
pub fn logical_lines(text: &str, first_line: u32) -> impl Iterator<Item = Line<'_>> {
    text.split('\n').enumerate().flat_map(move |(i, physical)| {
        let no = first_line + i as u32;
        // A terminal shows only the text after the last carriage return, but a pasted log
        // may hold a whole progress history plus real output on one physical line: keep
        // every segment as its own logical line.
        physical.split('\r').map(unwrap).filter(|t| !t.is_empty()).map(move |text| Line { no, text })
    })
}

/// HTML tags that wrap pasted logs in markdown (`<details><summary>…</summary><pre>`) and
/// carry no text of their own. Only these are removed, and only at the ends of a line: a
/// value such as `<value>` is a placeholder, not a tag.
const WRAPPING_TAGS: [&str; 16] =
    ["pre", "code", "details", "summary", "br", "p", "div", "span", "b", "tt", "samp", "kbd", "td", "tr", "table", "blockquote"];

/// The name of the tag `<name ...>` or `</name>` that `s` is, if it is one of
/// [`WRAPPING_TAGS`].
fn is_wrapping_tag(s: &str) -> bool {
    let inner = s.strip_prefix('<').and_then(|t| t.strip_suffix('>')).unwrap_or("");
    let inner = inner.strip_prefix('/').unwrap_or(inner);
    let name = inner.split([' ', '/']).next().unwrap_or("");
    !inner.contains(['<', '>']) && WRAPPING_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name))
}

/// Removes wrapping HTML tags at the start and the end of a line.
fn strip_tags(mut s: &str) -> &str {
    while s.starts_with('<') {
        match s.find('>').filter(|&end| is_wrapping_tag(&s[..=end])) {
            Some(end) => s = s[end + 1..].trim_start(),
            None => break,
        }
    }
    while s.ends_with('>') {
        match s.rfind('<').filter(|&start| is_wrapping_tag(&s[start..])) {
            Some(start) => s = s[..start].trim_end(),
            None => break,
        }
    }
    s
}

/// Removes the decoration around a pasted log line.
pub fn unwrap(raw: &str) -> &str {
    let mut s = strip_tags(raw.trim_start_matches('\u{feff}').trim());
    for prefix in ["STDOUT:", "STDERR:", "stdout:", "stderr:"] {
        if let Some(rest) = s.strip_prefix(prefix) {
            s = rest.trim_start();
        }
    }
    if let Some(rest) = s.strip_prefix("# ").or_else(|| s.strip_prefix("#\t")) {
        s = rest.trim_start();
    } else if s == "#" {
        s = "";
    }
    if let Some(rest) = s.strip_prefix("> ") {
        s = rest.trim_start();
    }
    s
}

/// A rule line made of one repeated character (`=====`, `-----`), at least 10 long.
pub fn is_rule(s: &str, ch: char) -> bool {
    s.len() >= 10 && s.chars().all(|c| c == ch)
}

/// Text of a section title such as `-----Time to First Token-----` or `= ENGINE DETAILS`.
pub fn section_title(s: &str) -> Option<&str> {
    let first = s.chars().next()?;
    if first != '-' && first != '=' {
        return None;
    }
    let inner = s.trim_matches(|c| c == '-' || c == '=').trim();
    if inner.is_empty() || inner.contains(':') {
        return None;
    }
    Some(inner)
}

/// The number of `\n` bytes in `bytes`, without one `memchr` call per line. Each 64-byte
/// chunk is summed in a byte (at most 64), which the compiler turns into vector adds.
pub fn count_newlines(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(64);
    let mut n = 0;
    for chunk in &mut chunks {
        n += usize::from(chunk.iter().fold(0u8, |sum, &b| sum + u8::from(b == b'\n')));
    }
    n + chunks.remainder().iter().filter(|&&b| b == b'\n').count()
}

/// The number of lines `str::lines` yields for `text`, without walking it line by line.
pub fn line_count(text: &str) -> usize {
    count_newlines(text.as_bytes()) + usize::from(!text.is_empty() && !text.ends_with('\n'))
}

/// The first position of `needle` in `hay`, ASCII letters compared without case: the same
/// position `hay.to_ascii_lowercase().find(needle)` gives, without copying `hay`. Sixteen
/// start positions at a time are filtered on the needle's first two bytes, which the
/// compiler vectorises, so a long text is crossed at a fraction of a cycle per byte.
pub fn find_ignore_ascii_case(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let n = needle.len();
    if n < 2 {
        return match needle.first() {
            None => Some(0),
            Some(b) => hay.iter().position(|h| h.eq_ignore_ascii_case(b)),
        };
    }
    let last = hay.len().checked_sub(n)?;
    let (a, b) = (needle[0].to_ascii_lowercase(), needle[1].to_ascii_lowercase());
    let at = |i: usize| hay[i..i + n].eq_ignore_ascii_case(needle);
    let mut i = 0;
    // Positions i..i+16 are all valid starts, and byte i+16 exists, while i + 15 <= last.
    while i + 15 <= last {
        let w: &[u8; 17] = hay[i..i + 17].try_into().expect("17 bytes");
        let mut hit = false;
        for k in 0..16 {
            hit |= (w[k].to_ascii_lowercase() == a) & (w[k + 1].to_ascii_lowercase() == b);
        }
        if hit {
            if let Some(k) = (0..16).find(|&k| at(i + k)) {
                return Some(i + k);
            }
        }
        i += 16;
    }
    (i..=last).find(|&i| at(i))
}

/// Whether `hay` holds `needle`, ASCII letters compared without case.
pub fn contains_ignore_ascii_case(hay: &str, needle: &str) -> bool {
    find_ignore_ascii_case(hay.as_bytes(), needle.as_bytes()).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(input: &str) -> Vec<(u32, &str)> {
        logical_lines(input, 1).map(|l| (l.no, l.text)).collect()
    }

    #[test]
    fn strips_comment_prefix_indent_and_harness_tags() {
        assert_eq!(
            texts("# Successful requests:  3\n    Mean TTFT (ms): 1\nSTDOUT: x: 1\n#Input tokens: 5"),
            vec![(1, "Successful requests:  3"), (2, "Mean TTFT (ms): 1"), (3, "x: 1"), (4, "#Input tokens: 5")]
        );
    }

    #[test]
    fn strips_a_byte_order_mark_and_the_tags_of_a_folded_log() {
        assert_eq!(
            texts("\u{feff}<details><summary>log</summary>\n<pre>===== x\nMean TTFT (ms): <value>\n=====</pre></details>\n<b>bold</b> text"),
            vec![(1, "log"), (2, "===== x"), (3, "Mean TTFT (ms): <value>"), (4, "====="), (5, "bold</b> text")]
        );
    }

    #[test]
    fn splits_carriage_return_progress_on_one_physical_line() {
        assert_eq!(
            texts("10%|█| 1/10\r100%|█| 10/10 [00:05<00:00]\r\n===="),
            vec![(1, "10%|█| 1/10"), (1, "100%|█| 10/10 [00:05<00:00]"), (2, "====")]
        );
    }

    #[test]
    fn finds_without_case_where_lowercasing_would() {
        let hay = "x".repeat(40) + "Serving Benchmark RESULT ==== vLLM v0.10 and VLLM V1";
        for needle in ["serving benchmark result", "vllm v", "==", "v1", "1", "x", "", "absent words"] {
            assert_eq!(find_ignore_ascii_case(hay.as_bytes(), needle.as_bytes()), hay.to_ascii_lowercase().find(needle), "{needle}");
        }
        assert_eq!(find_ignore_ascii_case(b"ab", b"abc"), None);
        let long = "a\nbc\n".repeat(100);
        assert_eq!((count_newlines(long.as_bytes()), count_newlines(&long.as_bytes()[1..199])), (200, 79));
        assert_eq!((line_count(""), line_count("a"), line_count("a\n"), line_count("a\nb"), line_count("\n\n")), (0, 1, 1, 2, 2));
    }

    #[test]
    fn recognises_section_titles_of_any_dash_count() {
        assert_eq!(section_title("---------------Inter-token Latency----------------"), Some("Inter-token Latency"));
        assert_eq!(section_title("-- Per-Request TTFT Breakdown (ms)"), Some("Per-Request TTFT Breakdown (ms)"));
        assert_eq!(section_title("= PERFORMANCE OVERVIEW"), Some("PERFORMANCE OVERVIEW"));
        assert_eq!(section_title("=========="), None);
        assert!(is_rule("==================================================", '='));
    }
}
