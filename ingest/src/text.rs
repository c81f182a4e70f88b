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
    LogicalLines { text, at: 0, no: first_line }
}

/// The iterator of [`logical_lines`]: one `memchr2` finds the end of each segment.
struct LogicalLines<'a> {
    text: &'a str,
    /// Where the next segment starts; past the end once the text is used up.
    at: usize,
    /// The physical line of the next segment.
    no: u32,
}

impl<'a> Iterator for LogicalLines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        // A terminal shows only the text after the last carriage return, but a pasted log
        // may hold a whole progress history plus real output on one physical line: every
        // segment between `\r`s is a logical line of its own, with its physical line's number.
        while self.at <= self.text.len() {
            let rest = &self.text.as_bytes()[self.at..];
            let (end, carriage_return) = match memchr::memchr2(b'\n', b'\r', rest) {
                Some(p) => (self.at + p, rest[p] == b'\r'),
                None => (self.text.len(), false),
            };
            let segment = &self.text[self.at..end];
            let no = self.no;
            self.at = end + 1;
            if !carriage_return {
                self.no += 1;
            }
            let text = unwrap(segment);
            if !text.is_empty() {
                return Some(Line { no, text });
            }
        }
        None
    }
}

/// The ASCII characters `char::is_whitespace` accepts.
fn ascii_space(c: u8) -> bool {
    c == b' ' || (b'\t'..=b'\r').contains(&c)
}

/// `s.trim()`, with the ASCII spaces that pad log columns skipped a byte at a time; the
/// Unicode-aware trim runs only where a non-ASCII character is left at an end.
pub fn trim(s: &str) -> &str {
    let b = s.as_bytes();
    let mut start = 0;
    // Column padding is long runs of spaces: eight at a time.
    while b.get(start..start + 8) == Some(b"        ") {
        start += 8;
    }
    while b.get(start).is_some_and(|&c| ascii_space(c)) {
        start += 1;
    }
    let mut end = b.len();
    while end >= start + 8 && &b[end - 8..end] == b"        " {
        end -= 8;
    }
    while end > start && ascii_space(b[end - 1]) {
        end -= 1;
    }
    let inner = &s[start..end];
    // Only a non-ASCII character at either end can be whitespace still (U+00A0, U+3000).
    match (inner.as_bytes().first(), inner.as_bytes().last()) {
        (Some(f), Some(l)) if !f.is_ascii() || !l.is_ascii() => inner.trim(),
        _ => inner,
    }
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
    // Most lines start with a letter or digit and end in a visible ASCII character other than
    // `>`: no blank, mark, tag, `STDOUT:`, `# ` or `> ` to remove.
    if let (Some(&first), Some(&last)) = (raw.as_bytes().first(), raw.as_bytes().last()) {
        if first.is_ascii_alphanumeric() && (first | 0x20) != b's' && last.is_ascii_graphic() && last != b'>' {
            return raw;
        }
    }
    unwrap_decorated(raw)
}

/// [`unwrap`] of any line.
fn unwrap_decorated(raw: &str) -> &str {
    let mut s = strip_tags(trim(raw.trim_start_matches('\u{feff}')));
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
    // Byte by byte for an ASCII `ch`: no byte of another character equals it.
    match u8::try_from(ch).ok().filter(u8::is_ascii) {
        Some(b) => s.len() >= 10 && s.bytes().all(|c| c == b),
        None => s.len() >= 10 && s.chars().all(|c| c == ch),
    }
}

/// Text of a section title such as `-----Time to First Token-----` or `= ENGINE DETAILS`.
pub fn section_title(s: &str) -> Option<&str> {
    let first = s.chars().next()?;
    if first != '-' && first != '=' {
        return None;
    }
    // The frame's bytes are ASCII: trimmed as bytes (a rule line is long), the same cut as
    // `trim_matches` on chars.
    let frame = |c: &u8| *c == b'-' || *c == b'=';
    let b = s.as_bytes();
    let start = b.iter().position(|c| !frame(c)).unwrap_or(b.len());
    let end = b.iter().rposition(|c| !frame(c)).map_or(start, |p| p + 1);
    let inner = s[start..end].trim();
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
/// position `hay.to_ascii_lowercase().find(needle)` gives, without copying `hay`. `memchr2`
/// finds each place the needle's last byte (in either case) occurs, and only there is the
/// rest compared; occurrences come in the order of their ends, so the first found is the
/// leftmost.
pub fn find_ignore_ascii_case(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let Some(&last) = needle.last() else { return Some(0) };
    let n = needle.len();
    let mut from = n - 1;
    while from < hay.len() {
        let end = from + memchr::memchr2(last.to_ascii_lowercase(), last.to_ascii_uppercase(), &hay[from..])?;
        let start = end + 1 - n;
        if hay[start..=end].eq_ignore_ascii_case(needle) {
            return Some(start);
        }
        from = end + 1;
    }
    None
}

/// The parts joined, in a string allocated once at its length: what `format!` makes of
/// `{}{}{}`, without growing the string part by part (a label or key built per row).
pub fn concat(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for part in parts {
        out.push_str(part);
    }
    out
}

/// Whether `needle` occurs in `hay`, by `memchr::memmem` (vectorised; `str::contains` is
/// several times slower on long texts).
pub fn contains(hay: &str, needle: &str) -> bool {
    find(hay, needle).is_some()
}

/// Byte offset of the first `needle` in `hay` (`str::find` for a string, vectorised).
pub fn find(hay: &str, needle: &str) -> Option<usize> {
    memchr::memmem::find(hay.as_bytes(), needle.as_bytes())
}

/// A word searched for in many texts (a detector's signature, a client's name): its
/// `memchr::memmem` finder is built once, on first use, instead of on every search (building
/// costs more than searching a code block or a line).
pub struct Needle {
    text: &'static str,
    finder: std::sync::OnceLock<memchr::memmem::Finder<'static>>,
}

impl Needle {
    pub const fn new(text: &'static str) -> Needle {
        Needle { text, finder: std::sync::OnceLock::new() }
    }

    pub fn text(&self) -> &'static str {
        self.text
    }

    /// Byte offset of the first occurrence in `hay`.
    pub fn find(&self, hay: &str) -> Option<usize> {
        self.finder().find(hay.as_bytes())
    }

    pub fn is_in(&self, hay: &str) -> bool {
        self.find(hay).is_some()
    }

    /// Byte offsets of every occurrence in `hay` (not overlapping).
    pub fn find_iter<'h>(&'h self, hay: &'h str) -> impl Iterator<Item = usize> + 'h {
        self.finder().find_iter(hay.as_bytes())
    }

    /// Whether `hay` holds any of `words`, each of which holds this needle (`" Stat"` in
    /// `"Benchmarks Stats"`, `"Request Latency Statistics"`): one search for the needle, the
    /// words compared only where it occurs, instead of one search through `hay` per word.
    /// The needle must not overlap itself (`"aa"`), so that no occurrence is skipped.
    pub fn any_of_in(&self, words: &[&str], hay: &str) -> bool {
        self.find_iter(hay).any(|at| {
            words.iter().any(|w| w.find(self.text).is_some_and(|k| at >= k && hay.as_bytes()[at - k..].starts_with(w.as_bytes())))
        })
    }

    fn finder(&self) -> &memchr::memmem::Finder<'static> {
        self.finder.get_or_init(|| memchr::memmem::Finder::new(self.text))
    }
}

/// `hay.find(needle)` for a short text (a header cell, a heading, a label): the rest of the
/// needle is compared only where its first byte occurs, and no searcher is built (building
/// `str::find`'s two-way searcher costs more than reading a cell).
pub fn find_short(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let Some((&first, rest)) = n.split_first() else { return Some(0) };
    // A plain loop: on a few dozen bytes, `memchr`'s vector set-up costs more than it saves.
    // Only the places the needle fits are tried (a table's many words are mostly longer
    // than the header cell they are looked for in).
    let last = h.len().checked_sub(n.len())?;
    (0..=last).find(|&i| h[i] == first && &h[i + 1..i + n.len()] == rest)
}

/// `hay.contains(needle)` for a short text: [`find_short`].
pub fn contains_short(hay: &str, needle: &str) -> bool {
    find_short(hay, needle).is_some()
}

/// Whether `hay` holds `needle`, ASCII letters compared without case.
pub fn contains_ignore_ascii_case(hay: &str, needle: &str) -> bool {
    find_ignore_ascii_case(hay.as_bytes(), needle.as_bytes()).is_some()
}

/// A pictograph or dingbat (`⚡`, `⭐`, `✅`, `🏆`): a mark an author puts after a value
/// (the best one, a note), never part of it.
pub fn is_pictograph(c: char) -> bool {
    ('\u{2600}'..='\u{27bf}').contains(&c) || ('\u{2b00}'..='\u{2bff}').contains(&c) || c >= '\u{1f000}'
}

/// The cells between the bars of a table's line (`| a | b |`, drawn `│ a │ b │` or `┃ a ┃ b ┃`),
/// trimmed; `None` for a line that does not start and end with the same bar.
pub fn bar_cells(line: &str) -> Option<Vec<&str>> {
    let t = line.trim();
    let bar = t.chars().next().filter(|c| matches!(c, '|' | '│' | '┃'))?;
    let inner = t.strip_prefix(bar)?.strip_suffix(bar)?;
    Some(inner.split(bar).map(str::trim).collect())
}

/// Splits one CSV line; quoted cells may hold commas (`"5,919.16"`).
pub fn csv_cells(line: &str) -> Vec<&str> {
    let mut cells = Vec::new();
    let mut rest = line.trim_end_matches('\r');
    loop {
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            cells.push(&quoted[..end]);
            rest = quoted.get(end + 1..).unwrap_or("");
            match rest.find(',') {
                Some(i) => rest = &rest[i + 1..],
                None => return cells,
            }
        } else {
            match rest.find(',') {
                Some(i) => {
                    cells.push(&rest[..i]);
                    rest = &rest[i + 1..];
                }
                None => {
                    cells.push(rest);
                    return cells;
                }
            }
        }
    }
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
        for needle in ["serving benchmark result", "RESULT", "vLLM", "==", "1", "x", "", "absent words", "v1 ", "é"] {
            assert_eq!(find_short(&hay, needle), hay.find(needle), "{needle}");
            assert_eq!(find_short(&hay[41..], needle), hay[41..].find(needle), "{needle}");
        }
        assert!(contains_short("首 token 延迟", "token 延") && !contains_short("ab", "abc") && !contains_short("", "a"));
        for t in ["", " ", "\t x \u{3000}", "\u{a0} y\t", "a b", "  \r\n", "          x     y                  ", "\x0b\x0c\x1c"] {
            assert_eq!(trim(t), t.trim(), "{t:?}");
        }
        let long = "a\nbc\n".repeat(100);
        assert_eq!((count_newlines(long.as_bytes()), count_newlines(&long.as_bytes()[1..199])), (200, 79));
        assert_eq!((line_count(""), line_count("a"), line_count("a\n"), line_count("a\nb"), line_count("\n\n")), (0, 1, 1, 2, 2));
    }

    proptest::proptest! {
        #[test]
        fn rules_and_section_titles_read_as_the_char_trims_did(s in "[-=é: a\u{a0}]{0,14}") {
            let title = s.chars().next().filter(|c| matches!(c, '-' | '=')).and_then(|_| {
                let inner = s.trim_matches(|c| c == '-' || c == '=').trim();
                (!inner.is_empty() && !inner.contains(':')).then_some(inner)
            });
            proptest::prop_assert_eq!(section_title(&s), title);
            for ch in ['-', '=', 'é'] {
                proptest::prop_assert_eq!(is_rule(&s, ch), s.len() >= 10 && s.chars().all(|c| c == ch));
            }
        }

        #[test]
        fn plain_lines_unwrap_as_decorated_lines_do(line in "[aSs#<>b/ 9é\t:]{0,8}(STDOUT:|pre>|<b>|# |> )?[a>é \t]{0,3}") {
            proptest::prop_assert_eq!(unwrap(&line), unwrap_decorated(&line));
        }
    }

    proptest::proptest! {
        #[test]
        fn words_around_a_needle_are_found_as_searching_each_word_finds_them(hay in "(N| |V|NV|VN| V|A|AV|x)*") {
            static NEEDLE: Needle = Needle::new("NV ");
            let words = ["NV AV", "x NV A", "NV ", " NV V"];
            proptest::prop_assert_eq!(NEEDLE.any_of_in(&words, &hay), words.iter().any(|w| hay.contains(w)));
        }
    }

    proptest::proptest! {
        #[test]
        fn concatenates_as_format_does(a in "[a-zé ]{0,9}", b in "[(ms) ]{0,5}", c in ".{0,4}") {
            proptest::prop_assert_eq!(concat(&[&a, " ", &b, " (", &c, ")"]), format!("{a} {b} ({c})"));
        }
    }

    /// The search [`find_short`] replaced: every position tried.
    fn find_short_by_every_position(hay: &str, needle: &str) -> Option<usize> {
        let (h, n) = (hay.as_bytes(), needle.as_bytes());
        let Some(&first) = n.first() else { return Some(0) };
        (0..h.len()).find(|&i| h[i] == first && h[i..].starts_with(n))
    }

    proptest::proptest! {
        #[test]
        fn short_search_finds_what_every_position_and_str_find_find(hay in "[ab é/]{0,12}", needle in "[ab é/]{0,4}") {
            proptest::prop_assert_eq!(find_short(&hay, &needle), find_short_by_every_position(&hay, &needle));
            proptest::prop_assert_eq!(find_short(&hay, &needle), hay.find(needle.as_str()));
        }
    }

    #[test]
    fn splits_as_splitting_on_newlines_then_carriage_returns_did() {
        fn reference(text: &str, first: u32) -> Vec<Line<'_>> {
            let physical = text.split('\n').enumerate();
            physical.flat_map(|(i, p)| p.split('\r').map(unwrap).filter(|t| !t.is_empty()).map(move |t| Line { no: first + i as u32, text: t })).collect()
        }
        for text in ["", "\n", "a", "a\n", "\r\r\n\r", "a\r\nb\rc\n\n  d  \r", "# x\r> y\n\u{feff}<pre>z</pre>\n\n"] {
            assert_eq!(logical_lines(text, 7).collect::<Vec<_>>(), reference(text, 7), "{text:?}");
        }
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
