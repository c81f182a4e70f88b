//! Line prefixes that loggers and launchers write before every line of a program's output:
//! timestamps and log levels (`2025-08-01 12:00:00,123 INFO `), torchrun's `[rank0]: `,
//! `docker compose logs`' `vllm-1  | `, `kubectl logs --timestamps`, moreutils `ts`. A block
//! header is recognisable behind any of them (`… ==== Serving Benchmark Result ====`), so
//! the prefix is learned from the header line and stripped from the lines that follow when
//! they carry it. A prefix is a shape, not a string: each run of digits matches any run of
//! digits (the clock ticks, nanoseconds lose trailing zeros, ranks grow a digit) and each
//! run of spaces any run of spaces; a `:` also matches a `-` (`grep -A` prints the matched
//! header as `FILE:line` and the lines after it as `FILE-line`, `-n` adds `:12:` / `-13-`);
//! everything else must be the same.

use crate::text::find_ignore_ascii_case;

/// Words that name a block header framed by `=` (the formats `scan` opens a block on).
const HEADERS: [&str; 5] = [
    "serving benchmark result",
    "offline throughput benchmark result",
    "engine details",
    "pytorch backend",
    "performance overview",
];

/// The longest prefix learned; anything longer is prose, not a logger's decoration.
const MAX_PREFIX: usize = 80;

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Digits,
    Spaces,
    Char(char),
}

/// A learned prefix shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Prefix(Vec<Token>);

impl Prefix {
    fn of(text: &str) -> Self {
        let mut tokens = Vec::new();
        for c in text.chars() {
            let token = match c {
                '0'..='9' => Token::Digits,
                ' ' | '\t' => Token::Spaces,
                c => Token::Char(c),
            };
            if !(matches!(token, Token::Digits | Token::Spaces) && tokens.last() == Some(&token)) {
                tokens.push(token);
            }
        }
        Prefix(tokens)
    }

    /// The rest of `line` after the prefix, when the line carries it.
    pub fn strip<'a>(&self, line: &'a str) -> Option<&'a str> {
        let bytes = line.as_bytes();
        let mut i = 0;
        for token in &self.0 {
            let start = i;
            match token {
                Token::Digits => {
                    while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                        i += 1;
                    }
                }
                Token::Spaces => {
                    while matches!(bytes.get(i), Some(b' ' | b'\t')) {
                        i += 1;
                    }
                }
                Token::Char(':') if bytes.get(i) == Some(&b'-') => i += 1,
                Token::Char(c) => {
                    if !line[i..].starts_with(*c) {
                        return None;
                    }
                    i += c.len_utf8();
                }
            }
            if i == start {
                return None;
            }
        }
        Some(&line[i..])
    }
}

/// A block header behind a prefix: the prefix and the header itself.
pub fn learn(line: &str) -> Option<(Prefix, &str)> {
    if line.len() > 200 || line.starts_with('=') {
        return None;
    }
    // A header is framed: some `=` has the header's words after it, past whitespace only.
    // Most lines with a `=` (flags, Python reprs) fail this cheap test and are done.
    let framed = memchr::memchr_iter(b'=', line.as_bytes()).any(|p| {
        let rest = line[p + 1..].trim_start().as_bytes();
        HEADERS.iter().any(|h| rest.get(..h.len()).is_some_and(|r| r.eq_ignore_ascii_case(h.as_bytes())))
    });
    if !framed {
        return None;
    }
    let (at, word) = HEADERS.iter().find_map(|h| find_ignore_ascii_case(line.as_bytes(), h.as_bytes()).map(|at| (at, h)))?;
    // The header is framed: `=` (and spaces) before the words, only `=` and spaces after.
    let after = &line[at + word.len()..];
    if !after.chars().all(|c| c == '=' || c.is_whitespace()) {
        return None;
    }
    let before = line[..at].trim_end_matches(|c: char| c == '=' || c.is_whitespace());
    let frame = &line[before.len()..at];
    if !frame.contains('=') || before.is_empty() || before.len() > MAX_PREFIX {
        return None;
    }
    let start = before.len() + (frame.len() - frame.trim_start().len());
    Some((Prefix::of(&line[..start]), &line[start..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_a_prefix_from_a_header_and_strips_its_shape() {
        let (p, header) = learn("2025-08-01 12:00:00,123 INFO ============ Serving Benchmark Result ============").unwrap();
        assert_eq!(header, "============ Serving Benchmark Result ============");
        assert_eq!(p.strip("2025-08-01 12:00:07,9 INFO Successful requests:  32"), Some("Successful requests:  32"));
        assert_eq!(p.strip("2025-08-01 12:00:07,9 WARNING x"), None);
        assert_eq!(p.strip("Successful requests:  32"), None);
        let (p, header) = learn("[rank0]: = ENGINE DETAILS").unwrap();
        assert_eq!((header, p.strip("[rank12]: Model: x")), ("= ENGINE DETAILS", Some("Model: x")));
    }

    /// `grep -A 11 "Offline Throughput Benchmark Result" sglang.sh.o74993` over an MPI log
    /// (index id 38775347448): the matched header behind `FILE:`, the lines after it behind
    /// `FILE-`; with `-n` the line numbers too.
    #[test]
    fn grep_context_lines_carry_the_prefix_of_the_matched_header() {
        let (p, header) = learn("sglang.sh.o74993:[1,0]<stdout>:====== Offline Throughput Benchmark Result =======").unwrap();
        assert_eq!(header, "====== Offline Throughput Benchmark Result =======");
        assert_eq!(p.strip("sglang.sh.o74993-[1,0]<stdout>:Backend:   engine"), Some("Backend:   engine"));
        let (p, _) = learn("slurm-824.out:12:====== Offline Throughput Benchmark Result =======").unwrap();
        assert_eq!(p.strip("slurm-824.out-13-Successful requests:   2000"), Some("Successful requests:   2000"));
        assert_eq!(p.strip("slurm-824.out+13-Successful requests:   2000"), None);
    }

    #[test]
    fn prose_and_bare_headers_teach_nothing() {
        assert_eq!(learn("============ Serving Benchmark Result ============"), None);
        assert_eq!(learn("see the ==== Serving Benchmark Result ==== block below"), None);
        assert_eq!(learn("Serving Benchmark Result"), None);
        assert_eq!(learn("x: Serving Benchmark Result ===="), None);
    }
}
