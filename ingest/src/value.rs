//! Reading the value half of a `label: value` row: numbers with optional units, `inf`, the
//! words tools print when they have no number (`nan`, `None`, `not set`, `trace`), and the
//! placeholders people leave in hand-edited reports (`xxx`, `TBD`, `<value>`).

use crate::text::trim;

/// What a value cell says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value<'a> {
    /// A finite number; `-0.0` is normalised to `0.0`.
    Number(f64),
    Inf,
    /// A word meaning "no number": `nan`, `None`, `not set`, `trace`, `N/A`, `-`.
    Absent(&'a str),
    /// A placeholder that stands for a number nobody filled in.
    Placeholder(&'a str),
    /// Anything else (a backend name, a path).
    Text(&'a str),
}

impl<'a> Value<'a> {
    pub fn number(self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }
}

/// A parsed cell: the value and the unit written after the number, if any (`s`, `token/s`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell<'a> {
    pub value: Value<'a>,
    pub unit: &'a str,
}

/// Parses a value cell. Never fails: what is not a number is classified.
pub fn parse_cell(raw: &str) -> Cell<'_> {
    let s = trim(raw);
    if let Some((n, rest)) = grouped(s).or_else(|| leading_number(s)) {
        let unit = trim(rest);
        // "12 abc def" is text, "1.94s" and "13341.219 token/s" are numbers with units.
        let unit = if unit.is_empty() || is_unit(unit) { Some(unit) } else { annotated(unit) };
        if let Some(unit) = unit {
            let n = if n == 0.0 { 0.0 } else { n };
            return Cell { value: Value::Number(n), unit };
        }
    }
    // Lower-cased on the stack when short (a word cell: `None`, `lmdeploy`), not copied to the heap.
    let mut buf = [0u8; 32];
    let owned;
    let lower = match buf.get_mut(..s.len()) {
        Some(b) => {
            b.copy_from_slice(s.as_bytes());
            b.make_ascii_lowercase();
            std::str::from_utf8(b).expect("ASCII case changes keep UTF-8")
        }
        None => {
            owned = s.to_ascii_lowercase();
            owned.as_str()
        }
    };
    // `inf RPS.`: vLLM's `Traffic request rate:` row with its unit.
    let rate_unit = |l: &str| matches!(l.trim_end_matches('.').trim(), "rps" | "req/s" | "qps" | "requests/s");
    let value = match lower {
        "inf" | "+inf" | "infinity" | "\"inf\"" => Value::Inf,
        _ if lower.strip_prefix("inf ").is_some_and(rate_unit) => Value::Inf,
        "nan" | "none" | "null" | "not set" | "trace" | "n/a" | "na" | "-" | "--" | "" => {
            Value::Absent(s)
        }
        _ if is_placeholder(lower) => Value::Placeholder(s),
        _ => Value::Text(s),
    };
    Cell { value, unit: "" }
}

/// Whether a value is a template's placeholder (`<model>`, `{model_path}`, `[result]`,
/// `xx.xx`, `TBD`), not a value: `lower` is the value in lower case.
pub(crate) fn is_placeholder(lower: &str) -> bool {
    let x_only = !lower.is_empty() && lower.chars().all(|c| c == 'x');
    x_only
        || lower.chars().all(|c| c == '.' || c == '…') && !lower.is_empty()
        || (lower.starts_with('<') && lower.ends_with('>'))
        || (lower.starts_with('{') && lower.ends_with('}'))
        // `[result]`: a word in square brackets (a list of numbers is no placeholder).
        || lower.strip_prefix('[').and_then(|l| l.strip_suffix(']')).is_some_and(|w| {
            !w.is_empty() && w.chars().all(|c| c.is_alphabetic() || matches!(c, ' ' | '_' | '-'))
        })
        || matches!(lower, "tbd" | "todo" | "tba" | "?" | "??" | "???" | "x.xx" | "xx.xx")
        || lower.contains("xx.x")
}

/// What follows a number in a hand-annotated cell (`149.03      ← key metric`,
/// `149.03 tok/s  (best)`): the unit before the note, if any. `None` when the rest does not
/// open with a note marker, so `12 apples in a row` stays text.
fn annotated(rest: &str) -> Option<&str> {
    let opens_note = |t: &str| {
        // Marks of the best value in a table (`**0.45** ⭐`, `🏆`) are notes as well.
        // `<========` (an arrow drawn in a log), any pictograph or dingbat.
        // A footnote's mark (`98¹`, `36.4†`) too.
        ["←", "⬅", "<-", "<=", "(", "[", "#", "//", "*", "👈", "✓", "✔", "—", "–", "|", "†", "‡", "§"].iter().any(|m| t.starts_with(m))
            || t.starts_with(crate::text::is_pictograph)
            || t.starts_with(['¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹', '⁰'])
    };
    if opens_note(rest) {
        return Some("");
    }
    let (unit, note) = rest.split_once(char::is_whitespace)?;
    (is_unit(unit) && opens_note(note.trim_start())).then_some(unit)
}

fn is_unit(unit: &str) -> bool {
    unit.len() <= 16
        && unit
            .chars()
            .all(|c| c.is_ascii_alphabetic() || matches!(c, '/' | '%' | '(' | ')' | '.'))
}

/// A cell of one finite number and its unit (`394.7728 ms`, `5.3221 token/s`, `313.0`), the
/// unit trimmed; `None` for words, `/` or a number cut by a space (`50 .0551 ms`: its "unit"
/// is no word).
pub fn measured(cell: &str) -> Option<(f64, &str)> {
    let (n, unit) = leading_number(cell.trim())?;
    let unit = unit.trim();
    let word = unit.is_empty() || unit.chars().all(|c| c.is_alphabetic() || c == '/');
    (n.is_finite() && word).then_some((n, unit))
}

/// Splits a leading decimal number (sign, digits, fraction, exponent) from the rest.
pub fn leading_number(s: &str) -> Option<(f64, &str)> {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        i += 1;
    }
    let digits_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut frac_digits = 0;
    if i < b.len() && b[i] == b'.' {
        let dot = i;
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
            frac_digits += 1;
        }
        if frac_digits == 0 && dot == digits_start {
            return None;
        }
    }
    if i == digits_start {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'-' || b[j] == b'+') {
            j += 1;
        }
        let exp_start = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > exp_start {
            i = j;
        }
    }
    let n: f64 = match short_decimal(&b[..i]) {
        Some(n) => n,
        None => s[..i].parse().ok()?,
    };
    n.is_finite().then_some((n, &s[i..]))
}

/// A number without exponent of at most 15 digits (`-12.345`), the way nearly every cell
/// prints one: its digits as an integer divided by the power of ten of its decimals. Both
/// are exact doubles (below 2^53; 10^22 at most), so the one rounding of the division gives
/// the nearest double, as `str::parse` does. `None` for any other text.
fn short_decimal(b: &[u8]) -> Option<f64> {
    const TENS: [f64; 16] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
    let (negative, digits) = match b.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, b),
    };
    let (mut mantissa, mut count, mut decimals, mut dot) = (0u64, 0usize, 0usize, false);
    for &c in digits {
        match c {
            b'0'..=b'9' if count < 15 => {
                mantissa = mantissa * 10 + u64::from(c - b'0');
                count += 1;
                decimals += usize::from(dot);
            }
            b'.' if !dot => dot = true,
            _ => return None,
        }
    }
    if count == 0 {
        return None;
    }
    let n = mantissa as f64 / TENS[decimals];
    Some(if negative { -n } else { n })
}

/// A number written with thousands separators (`9,637`, `-1,234,567.5`; what Python's
/// `f"{x:,}"` prints), and the rest after it; `None` unless every group after the first holds
/// three digits and the first one to three, not led by a zero. A list (`1,2,4`) is none.
pub(crate) fn grouped(s: &str) -> Option<(f64, &str)> {
    let b = s.as_bytes();
    let start = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    let first = b[start..].iter().take_while(|c| c.is_ascii_digit()).count();
    if !(1..=3).contains(&first) || b[start] == b'0' || b.get(start + first) != Some(&b',') {
        return None;
    }
    let mut i = start + first;
    let mut digits = String::with_capacity(s.len());
    digits.push_str(&s[..i]);
    while b.get(i) == Some(&b',') && b.get(i + 1..i + 4).is_some_and(|g| g.iter().all(u8::is_ascii_digit)) && !b.get(i + 4).is_some_and(u8::is_ascii_digit) {
        digits.push_str(&s[i + 1..i + 4]);
        i += 4;
    }
    if i == start + first || b.get(i) == Some(&b',') {
        return None;
    }
    let (frac, rest) = match leading_number(&s[i..]) {
        Some((_, rest)) if b[i] == b'.' => (&s[i..s.len() - rest.len()], rest),
        _ => ("", &s[i..]),
    };
    digits.push_str(frac);
    let n: f64 = digits.parse().ok()?;
    n.is_finite().then_some((n, rest))
}

/// Parses a whole integer cell such as `10000`; `None` for anything else.
pub fn integer(n: f64) -> Option<u64> {
    (n >= 0.0 && n.fract() == 0.0 && n < 9.0e15).then_some(n as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn short_decimals_read_as_str_parse_reads_them(text in "[-+]?[0-9]{0,17}(\\.[0-9]{0,17})?") {
            if let Some(n) = short_decimal(text.as_bytes()) {
                proptest::prop_assert_eq!(n.to_bits(), text.parse::<f64>().unwrap().to_bits(), "{}", text);
            }
        }

        #[test]
        fn leading_numbers_read_as_str_parse_reads_them(int in 0u64..1_000_000_000_000_000, frac in 0u64..1_000_000, zeros in 0usize..10, neg in proptest::bool::ANY) {
            let text = format!("{}{int}.{}{frac} ms", if neg { "-" } else { "" }, "0".repeat(zeros));
            let (n, rest) = leading_number(&text).unwrap();
            let want: f64 = text[..text.len() - 3].parse().unwrap();
            proptest::prop_assert_eq!((n.to_bits(), rest), (want.to_bits(), " ms"));
        }
    }

    fn check(input: &str, expected: Value, unit: &str) {
        assert_eq!(parse_cell(input), Cell { value: expected, unit }, "input {input:?}");
    }

    #[test]
    fn reads_numbers_units_and_words() {
        check("145.35", Value::Number(145.35), "");
        check("  10000         ", Value::Number(10000.0), "");
        check("1.94s", Value::Number(1.94), "s");
        check("13341.219 token/s", Value::Number(13341.219), "token/s");
        check("4.3802E+02", Value::Number(438.02), "");
        check("-0.00", Value::Number(0.0), "");
        check("-1", Value::Number(-1.0), "");
        check("inf", Value::Inf, "");
        check("nan", Value::Absent("nan"), "");
        check("None", Value::Absent("None"), "");
        check("not set", Value::Absent("not set"), "");
        check("trace", Value::Absent("trace"), "");
        check("lmdeploy", Value::Text("lmdeploy"), "");
        check("12 apples in a row", Value::Text("12 apples in a row"), "");
    }

    #[test]
    fn thousands_separators_are_read_and_lists_are_not() {
        check("9,637", Value::Number(9637.0), "");
        check("7,352 ms", Value::Number(7352.0), "ms");
        check("-1,234,567.25", Value::Number(-1234567.25), "");
        check("102,400", Value::Number(102400.0), "");
        // `128,256,512` reads as one number: in a value cell that is what a grouped count is.
        for text in ["1,2,4", "0,500", "12,34", "1,2345", "1,000,00"] {
            assert!(matches!(parse_cell(text).value, Value::Text(_)), "{text}");
        }
    }

    #[test]
    fn annotated_values_keep_their_leading_number() {
        check("149.03      ← key metric", Value::Number(149.03), "");
        check("27.44             <========", Value::Number(27.44), "");
        check("12.5 ⚡", Value::Number(12.5), "");
        check("149.03 (best)", Value::Number(149.03), "(best)");
        check("149.03 (best run of 3)", Value::Number(149.03), "");
        check("13341.219 token/s  <- peak", Value::Number(13341.219), "token/s");
        check("1.94s # warm cache", Value::Number(1.94), "s");
        check("98¹", Value::Number(98.0), "");
        check("36.4‡", Value::Number(36.4), "");
        check("12 apples and 3 pears", Value::Text("12 apples and 3 pears"), "");
    }

    #[test]
    fn classifies_placeholders() {
        for p in ["xxx", "XX", "...", "<value>", "TBD", "xx.xx", "…", "[result]", "[your value]"] {
            assert!(matches!(parse_cell(p).value, Value::Placeholder(_)), "{p}");
        }
        for not in ["[50, 90, 99]", "[]", "[1]"] {
            assert!(!matches!(parse_cell(not).value, Value::Placeholder(_)), "{not}");
        }
    }

    /// Words are lower-cased on the stack up to 32 bytes and on the heap beyond: both read alike.
    #[test]
    fn words_of_any_length_are_classified_without_case() {
        for (word, long) in [("NONE", false), ("Not Set", false), ("TBD", false), (&*"X".repeat(40), true), (&*"Lmdeploy ".repeat(5), true)] {
            assert_eq!(word.len() > 32, long, "{word}");
        }
        check("NONE", Value::Absent("NONE"), "");
        check("Not Set", Value::Absent("Not Set"), "");
        check("TBD", Value::Placeholder("TBD"), "");
        let xs = "X".repeat(40);
        check(&xs, Value::Placeholder(&xs), "");
        let text = "Lmdeploy ".repeat(5);
        check(&text, Value::Text(text.trim()), "");
    }

    #[test]
    fn negative_zero_is_positive_zero() {
        let Value::Number(n) = parse_cell("-0.00").value else { panic!() };
        assert!(n.is_sign_positive());
    }
}
