//! Numbers as people read them, the same on every page and in the explorer: thousands
//! grouped, latencies in ms or s, derived values to three significant digits, and a value
//! printed by a log never rounded except when a latency moves from ms to s.
//!
//! The rules, with examples (`zh` and `en` differ only in unit names):
//!
//! - Grouping with `,` and `.` as the decimal point in both languages (Chinese technical
//!   writing groups by thousands as English does; 万-grouping would make the two pages'
//!   tables disagree): `1766464.74` → `1,766,464.74`.
//! - A source value (printed by the log) keeps its digits: the shortest text that reads
//!   back as the stored `f64`, which is what the log printed minus trailing zeros
//!   (`200.00` is stored as `200`; the JSON number cannot keep them).
//! - Unit `ms`: below 10 s in ms (`9,999.99 ms`), from 10 s up in s (`10 s`, `1,766.46 s`).
//!   The move only shifts the decimal point of the printed digits, then keeps at most two
//!   decimals (10 ms), rounded half away from zero on the decimal digits, never padded:
//!   `1766464.74` → `1,766.46 s`, `12345.6` → `12.35 s`, `12300` → `12.3 s`, `12999` →
//!   `13.00 s` (the hundredths were printed, so they stay visible).
//! - A derived value (computed here: per-GPU throughput, interactivity) has three
//!   significant digits, trailing zeros dropped, and never loses integer digits (zeros in
//!   place of digits would read as printed): `921.6175` → `922`, `13.138878` → `13.1`,
//!   `50.0` → `50`, `0.0012345` → `0.00123`, `12345.67` → `12,346`.
//! - Magnitudes from 10¹⁵ up or below 10⁻⁶ use an exponent (`1.5e20`, `1e-7`), since
//!   grouped digits stop being readable there.
//! - NaN shows as `–` (like a missing value), infinities as `∞` and `-∞`, all without unit.
//! - Units: `ms` and `s` in both languages; `tok/s` and `req/s` in English, `token/秒` and
//!   `请求/秒` in Chinese; `""` shows the bare number (a table header names the unit).
//!
//! No formatting machinery beyond `core::fmt` of the shortest `f64` text: the digits are
//! handled as decimal text, so rounding is exact on what was printed and the same on every
//! platform, wasm32 included.

/// Where a value comes from, which decides how many digits it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Printed by the benchmark log: shown with the digits it was printed with.
    Source,
    /// Computed by benchsite (`Run::derive`): three significant digits.
    Derived,
}

/// `value` with its unit, for a page in `lang` (`"zh"` or `"en"`). `unit` is `"ms"`, `"s"`,
/// `"tok/s"`, `"req/s"` or `""`; any other unit is appended as given.
pub fn format_metric(value: f64, unit: &str, origin: Origin, lang: &str) -> String {
    if value.is_nan() {
        return "–".into();
    }
    if value.is_infinite() {
        return if value < 0.0 { "-∞".into() } else { "∞".into() };
    }
    let mut number = Decimal::of(value);
    let mut unit = unit;
    let mut seconds_decimals = None;
    if unit == "ms" && value.abs() >= 10_000.0 {
        number.exp -= 3;
        unit = "s";
        seconds_decimals = Some(2);
    }
    let scientific = value != 0.0 && !(1e-6..1e15).contains(&value.abs());
    if let (Origin::Source, false, None) = (origin, scientific, seconds_decimals) {
        // Most cells: the printed digits grouped, which is the shortest text grouped.
        let text = source_grouped(value);
        return match unit_name(unit, lang) {
            "" => text,
            name => format!("{text} {name}"),
        };
    }
    let text = match (origin, scientific) {
        (Origin::Source, true) => number.scientific(None),
        (Origin::Derived, true) => number.scientific(Some(3)),
        (Origin::Source, false) => {
            if let Some(d) = seconds_decimals {
                number.round_to_decimals(d);
            }
            number.grouped()
        }
        (Origin::Derived, false) => {
            number.round_to_significant(3);
            number.trim_fraction_zeros();
            number.grouped()
        }
    };
    match unit_name(unit, lang) {
        "" => text,
        name => format!("{text} {name}"),
    }
}

/// `text` as an `f64`, exactly as `text.parse::<f64>().ok()`: the same grammar (a sign,
/// digits with an optional point and exponent, or `inf`, `infinity`, `nan` in any case; no
/// spaces) and the correctly rounded value. In the browser the checked text goes to
/// JavaScript's `parseFloat`, also correctly rounded: Rust's own parser would bring a 21 KB
/// table of powers of five into the wasm.
pub fn parse_f64(text: &str) -> Option<f64> {
    #[cfg(target_arch = "wasm32")]
    return Some(match parse_grammar(text)? {
        Special::Number => js_sys::Number::parse_float(text),
        Special::Infinity(negative) => if negative { f64::NEG_INFINITY } else { f64::INFINITY },
        Special::Nan => f64::NAN,
    });
    #[cfg(not(target_arch = "wasm32"))]
    return text.parse().ok();
}

/// `x` as `format!("{x}")` writes it: the shortest digits that read back as `x`, never
/// with an exponent (`1e21` → `1000000000000000000000`, `-0.0` → `-0`, `NaN`, `inf`). In
/// the browser the digits come from JavaScript's `Number.prototype.toString`, also the
/// shortest that read back: Rust's float formatting (Grisu with its Dragon fallback and
/// their tables, 18 KB of the explorer's wasm) stays out of it.
pub fn shortest(x: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    return if x.is_finite() && x != 0.0 {
        let js: String = js_sys::Number::from(x).to_string_with_radix(10).map(String::from).unwrap_or_default();
        plain_of_js(&js)
    } else if x == 0.0 {
        (if x.is_sign_negative() { "-0" } else { "0" }).into()
    } else if x.is_nan() {
        "NaN".into()
    } else {
        (if x < 0.0 { "-inf" } else { "inf" }).into()
    };
    #[cfg(not(target_arch = "wasm32"))]
    return format!("{x}");
}

/// JavaScript's text of a finite non-zero number (`-1.5e-7`, `1e+21`, `123.45`) written as
/// Rust's `Display` writes the same digits: without an exponent.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn plain_of_js(js: &str) -> String {
    let (negative, body) = match js.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, js),
    };
    let (mantissa, exp) = match body.split_once('e') {
        Some((m, e)) => (m, e.trim_start_matches('+').parse::<i32>().unwrap_or(0)),
        None => (body, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // The value is 0.DIGITS × 10^(int.len() + exp); each leading zero dropped moves the point.
    let all: String = int.chars().chain(frac.chars()).collect();
    let digits = all.trim_start_matches('0');
    let point = int.len() as i32 + exp - (all.len() - digits.len()) as i32;
    let mut out = String::from(if negative { "-" } else { "" });
    out.push_str(&place_point(digits, point));
    out
}

/// `digits` (no leading zero, not empty) with the decimal point after `point` of them
/// (before them when `point` ≤ 0, zeros added), trailing fraction zeros dropped.
fn place_point(digits: &str, point: i32) -> String {
    let digits = digits.trim_end_matches('0');
    let n = digits.len() as i32;
    let mut out = String::new();
    if point <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-point) as usize));
        out.push_str(digits);
    } else if point >= n {
        out.push_str(digits);
        out.extend(std::iter::repeat_n('0', (point - n) as usize));
    } else {
        out.push_str(&digits[..point as usize]);
        out.push('.');
        out.push_str(&digits[point as usize..]);
    }
    out
}

/// `x` with `decimals` digits after the point, as `format!("{x:.decimals$}")` writes it: the
/// exact binary value rounded half to even (`0.125` → `0.12`), `-` kept on a negative value
/// that rounds to zero (`-0.00`). Computed on the value's integer mantissa and exponent in
/// the browser (at most 20 decimals), so the wasm carries no float formatting.
pub fn fixed(x: f64, decimals: usize) -> String {
    #[cfg(target_arch = "wasm32")]
    return exact_fixed(x, decimals);
    #[cfg(not(target_arch = "wasm32"))]
    return format!("{x:.decimals$}");
}

#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn exact_fixed(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_infinite() {
        return format!("{sign}inf");
    }
    let decimals = decimals.min(20);
    let bits = x.to_bits();
    let (exp_bits, frac) = (((bits >> 52) & 0x7ff) as i32, bits & ((1u64 << 52) - 1));
    // |x| = mantissa × 2^exp.
    let (mantissa, exp) = if exp_bits == 0 { (frac, -1074) } else { (frac | (1u64 << 52), exp_bits - 1075) };
    // |x| × 10^decimals rounded to an integer, as decimal digits.
    let digits = if exp >= 0 {
        // An integer: doubled `exp` times in base 10^9 limbs (least significant first).
        let mut limbs = vec![(mantissa % 1_000_000_000) as u32, (mantissa / 1_000_000_000 % 1_000_000_000) as u32, (mantissa / 1_000_000_000_000_000_000) as u32];
        for _ in 0..exp {
            let mut carry = 0u32;
            for limb in limbs.iter_mut() {
                let v = *limb * 2 + carry;
                (*limb, carry) = (v % 1_000_000_000, v / 1_000_000_000);
            }
            if carry > 0 {
                limbs.push(carry);
            }
        }
        let mut text = String::new();
        for (k, limb) in limbs.iter().rev().enumerate() {
            let part = limb.to_string();
            if k > 0 {
                text.extend(std::iter::repeat_n('0', 9 - part.len()));
            }
            text.push_str(&part);
        }
        let text = text.trim_start_matches('0');
        let mut text = if text.is_empty() { "0".to_string() } else { text.to_string() };
        text.extend(std::iter::repeat_n('0', decimals));
        text
    } else {
        let scaled = u128::from(mantissa) * 10u128.pow(decimals as u32);
        let shift = (-exp) as u32;
        let rounded = if shift >= 128 {
            // Below 2^-74 × 10^20 < 1/2: rounds to zero.
            0
        } else {
            let (q, r) = (scaled >> shift, scaled & ((1u128 << shift) - 1));
            let half = 1u128 << (shift - 1);
            if r > half || (r == half && q % 2 == 1) {
                q + 1
            } else {
                q
            }
        };
        rounded.to_string()
    };
    let mut text = String::from(sign);
    if decimals == 0 {
        text.push_str(&digits);
        return text;
    }
    let padded = if digits.len() <= decimals { format!("{}{digits}", "0".repeat(decimals + 1 - digits.len())) } else { digits };
    let (int, frac) = padded.split_at(padded.len() - decimals);
    text.push_str(int);
    text.push('.');
    text.push_str(frac);
    text
}

/// What `parse_f64` accepted: a decimal number, an infinity (negative or not) or NaN.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[derive(Debug, PartialEq)]
enum Special {
    Number,
    Infinity(bool),
    Nan,
}

/// The grammar of Rust's `f64::from_str`, without the value.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn parse_grammar(text: &str) -> Option<Special> {
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if rest.eq_ignore_ascii_case("inf") || rest.eq_ignore_ascii_case("infinity") {
        return Some(Special::Infinity(negative));
    }
    if rest.eq_ignore_ascii_case("nan") {
        return Some(Special::Nan);
    }
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let int = digits(rest);
    let mut p = int;
    let mut frac = 0;
    if rest.as_bytes().get(p) == Some(&b'.') {
        frac = digits(&rest[p + 1..]);
        p += 1 + frac;
    }
    if int + frac == 0 {
        return None;
    }
    if matches!(rest.as_bytes().get(p), Some(b'e' | b'E')) {
        p += 1;
        if matches!(rest.as_bytes().get(p), Some(b'+' | b'-')) {
            p += 1;
        }
        let exp = digits(&rest[p..]);
        if exp == 0 {
            return None;
        }
        p += exp;
    }
    (p == rest.len()).then_some(Special::Number)
}

/// An integer count with thousands grouped: `1766464` → `1,766,464` (both languages).
pub fn format_count(n: u64, lang: &str) -> String {
    let _ = lang; // Both languages group the same way; the parameter keeps call sites honest.
    group(&n.to_string())
}

fn unit_name<'a>(unit: &'a str, lang: &str) -> &'a str {
    match (unit, lang) {
        ("tok/s", "zh") => "token/秒",
        ("req/s", "zh") => "请求/秒",
        _ => unit,
    }
}

/// A source value (finite, not written with an exponent) as `Decimal::of(x).grouped()` writes
/// it, straight from its shortest text: the integer digits grouped, the fraction as printed,
/// the sign kept (a negative value here has a non-zero digit: `-0.0 < 0.0` is false, and
/// the tiniest values take an exponent).
fn source_grouped(x: f64) -> String {
    let text = shortest(x.abs());
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let negative = x < 0.0;
    let mut out = String::with_capacity(text.len() + text.len() / 3 + 2);
    if negative {
        out.push('-');
    }
    push_grouped(&mut out, int);
    if !frac.is_empty() {
        out.push('.');
        out.push_str(frac);
    }
    out
}

/// `int` (ASCII digits) grouped by thousands onto `out`.
fn push_grouped(out: &mut String, int: &str) {
    let head = match int.len() % 3 {
        0 => int.len().min(3),
        h => h,
    };
    out.push_str(&int[..head]);
    for chunk in int.as_bytes()[head..].chunks(3) {
        out.push(',');
        out.push_str(std::str::from_utf8(chunk).expect("ASCII digits"));
    }
}

/// `1234567` → `1,234,567` (ASCII digits only).
fn group(int: &str) -> String {
    let mut out = String::with_capacity(int.len() + int.len() / 3);
    push_grouped(&mut out, int);
    out
}

/// A decimal number as text digits: `digits × 10^exp`, sign apart. Rounding works on these
/// digits, so it is exact on what the log printed.
struct Decimal {
    negative: bool,
    /// Without leading zeros; empty for zero.
    digits: Vec<u8>,
    exp: i32,
}

impl Decimal {
    /// From the shortest text that reads back as `x` (finite).
    fn of(x: f64) -> Decimal {
        let text = shortest(x.abs());
        let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
        let mut digits: Vec<u8> = int.bytes().chain(frac.bytes()).map(|b| b - b'0').collect();
        let lead = digits.iter().take_while(|&&d| d == 0).count();
        digits.drain(..lead);
        let mut d = Decimal { negative: x < 0.0, digits, exp: -(frac.len() as i32) };
        d.trim_trailing_zeros();
        d
    }

    /// Drops zeros at the end of the digits (raising `exp`); the value is unchanged.
    fn trim_trailing_zeros(&mut self) {
        while self.digits.last() == Some(&0) {
            self.digits.pop();
            self.exp += 1;
        }
        if self.digits.is_empty() {
            self.exp = 0;
        }
    }

    /// Zeros after the decimal point are dropped (`13.0` → `13`), integer zeros stay.
    fn trim_fraction_zeros(&mut self) {
        while self.exp < 0 && self.digits.last() == Some(&0) {
            self.digits.pop();
            self.exp += 1;
        }
    }

    /// Power of ten of the first digit: 2 for `921.6`, -3 for `0.00123`.
    fn lead(&self) -> i32 {
        self.digits.len() as i32 + self.exp - 1
    }

    /// Keeps at most `decimals` digits after the point, rounding half away from zero.
    /// Never adds digits.
    fn round_to_decimals(&mut self, decimals: i32) {
        let drop = -self.exp - decimals;
        if drop <= 0 {
            return;
        }
        let drop = drop as usize;
        if drop > self.digits.len() {
            // Everything is below half a unit of the last kept place.
            self.digits.clear();
            self.exp = -decimals;
            return;
        }
        let keep = self.digits.len() - drop;
        let round_up = self.digits[keep] >= 5;
        self.digits.truncate(keep);
        self.exp += drop as i32;
        if round_up {
            let mut i = keep;
            loop {
                if i == 0 {
                    self.digits.insert(0, 1);
                    break;
                }
                i -= 1;
                if self.digits[i] == 9 {
                    self.digits[i] = 0;
                } else {
                    self.digits[i] += 1;
                    break;
                }
            }
        }
        let lead = self.digits.iter().take_while(|&&d| d == 0).count();
        self.digits.drain(..lead);
    }

    /// `n` significant digits, but integer digits are never rounded away.
    fn round_to_significant(&mut self, n: i32) {
        if self.digits.is_empty() {
            return;
        }
        let decimals = (n - 1 - self.lead()).max(0);
        self.round_to_decimals(decimals);
    }

    /// `1,234.5`: integer part grouped, fraction as held (`-exp` decimals).
    fn grouped(&self) -> String {
        let decimals = (-self.exp).max(0) as usize;
        let mut all: Vec<u8> = self.digits.clone();
        all.extend(std::iter::repeat_n(0, self.exp.max(0) as usize));
        if all.len() <= decimals {
            let pad = decimals + 1 - all.len();
            all.splice(0..0, std::iter::repeat_n(0, pad));
        }
        let text: String = all.iter().map(|d| char::from(b'0' + d)).collect();
        let (int, frac) = text.split_at(text.len() - decimals);
        let sign = if self.negative && self.digits.iter().any(|&d| d != 0) { "-" } else { "" };
        if frac.is_empty() {
            format!("{sign}{}", group(int))
        } else {
            format!("{sign}{}.{frac}", group(int))
        }
    }

    /// `1.5e20`; with `Some(n)`, `n` significant digits (trailing zeros dropped).
    fn scientific(mut self, significant: Option<i32>) -> String {
        let lead = self.lead();
        if let Some(n) = significant {
            // Round in the mantissa's own scale: shift so that the first digit is units.
            self.exp -= lead;
            self.round_to_decimals(n - 1);
            self.exp += lead;
        }
        self.trim_trailing_zeros();
        let lead = self.lead();
        let sign = if self.negative { "-" } else { "" };
        let first = char::from(b'0' + self.digits[0]);
        let rest: String = self.digits[1..].iter().map(|d| char::from(b'0' + d)).collect();
        if rest.is_empty() {
            format!("{sign}{first}e{lead}")
        } else {
            format!("{sign}{first}.{rest}e{lead}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{format_count, format_metric, parse_grammar, Origin, Special};

    proptest::proptest! {
        /// The short way a source value is grouped writes what the digit arithmetic writes.
        #[test]
        fn source_grouped_is_the_decimal_grouped(x in proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO, scale in -8i32..16) {
            let x = x.signum() * (x.abs().fract() + (x.abs() % 97.0)) * 10f64.powi(scale);
            proptest::prop_assume!(x.is_finite() && (x == 0.0 || (1e-6..1e15).contains(&x.abs())));
            proptest::prop_assert_eq!(super::source_grouped(x), super::Decimal::of(x).grouped());
        }
    }
    use Origin::{Derived, Source};

    /// `(value, unit, origin, zh, en)`: one row per rule and edge.
    const CASES: &[(f64, &str, Origin, &str, &str)] = &[
        // Grouping; source digits kept.
        (1766464.74, "", Source, "1,766,464.74", "1,766,464.74"),
        (1000.0, "", Source, "1,000", "1,000"),
        (999.0, "", Source, "999", "999"),
        (12.34, "", Source, "12.34", "12.34"),
        (0.0, "", Source, "0", "0"),
        (-0.0, "ms", Source, "0 ms", "0 ms"),
        (0.001, "ms", Source, "0.001 ms", "0.001 ms"),
        (-1234.5, "", Source, "-1,234.5", "-1,234.5"),
        (123456.789, "tok/s", Source, "123,456.789 token/秒", "123,456.789 tok/s"),
        (2.5, "req/s", Source, "2.5 请求/秒", "2.5 req/s"),
        (12.5, "s", Source, "12.5 s", "12.5 s"),
        // Latencies: ms below 10 s, s from 10 s up, at most two decimals in s.
        (845.12, "ms", Source, "845.12 ms", "845.12 ms"),
        (9999.99, "ms", Source, "9,999.99 ms", "9,999.99 ms"),
        (10000.0, "ms", Source, "10 s", "10 s"),
        (1766464.74, "ms", Source, "1,766.46 s", "1,766.46 s"),
        (12345.6, "ms", Source, "12.35 s", "12.35 s"),
        (12344.9, "ms", Source, "12.34 s", "12.34 s"),
        (12300.0, "ms", Source, "12.3 s", "12.3 s"),
        (12999.0, "ms", Source, "13.00 s", "13.00 s"),
        (99999.999, "ms", Source, "100.00 s", "100.00 s"),
        (-25000.0, "ms", Source, "-25 s", "-25 s"),
        // Derived: three significant digits, integer digits kept, zeros after the point dropped.
        (921.6175, "tok/s", Derived, "922 token/秒", "922 tok/s"),
        (13.138878, "", Derived, "13.1", "13.1"),
        (50.0, "", Derived, "50", "50"),
        (13.0001, "", Derived, "13", "13"),
        (0.0012345, "", Derived, "0.00123", "0.00123"),
        (12345.67, "", Derived, "12,346", "12,346"),
        (999.6, "", Derived, "1,000", "1,000"),
        (9.996, "", Derived, "10", "10"),
        (-13.138878, "", Derived, "-13.1", "-13.1"),
        (0.0, "", Derived, "0", "0"),
        (15000.0, "ms", Derived, "15 s", "15 s"),
        (12345.6, "ms", Derived, "12.3 s", "12.3 s"),
        // Huge and tiny magnitudes, not-a-number and infinities.
        (1.5e20, "", Source, "1.5e20", "1.5e20"),
        (1e15, "", Source, "1e15", "1e15"),
        (999999999999999.0, "", Source, "999,999,999,999,999", "999,999,999,999,999"),
        (1.23456e20, "", Derived, "1.23e20", "1.23e20"),
        (1e-7, "ms", Source, "1e-7 ms", "1e-7 ms"),
        (-2.5e-9, "", Derived, "-2.5e-9", "-2.5e-9"),
        (9.999e20, "", Derived, "1e21", "1e21"),
        (1e300, "ms", Source, "1e297 s", "1e297 s"),
        (f64::NAN, "ms", Source, "–", "–"),
        (f64::INFINITY, "tok/s", Derived, "∞", "∞"),
        (f64::NEG_INFINITY, "ms", Source, "-∞", "-∞"),
        (f64::MAX, "", Source, "1.7976931348623157e308", "1.7976931348623157e308"),
    ];

    #[test]
    fn metrics_read_as_the_rules_say_in_both_languages() {
        for &(value, unit, origin, zh, en) in CASES {
            assert_eq!(format_metric(value, unit, origin, "zh"), zh, "zh: {value} {unit} {origin:?}");
            assert_eq!(format_metric(value, unit, origin, "en"), en, "en: {value} {unit} {origin:?}");
        }
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        for (n, text) in [(0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (1766464, "1,766,464"), (u64::MAX, "18,446,744,073,709,551,615")] {
            assert_eq!(format_count(n, "zh"), text);
            assert_eq!(format_count(n, "en"), text);
        }
    }

    #[test]
    fn a_source_value_reads_back_as_the_printed_number() {
        for x in [0.1, 0.3, 1.0 / 3.0, 845.12, 123456.789, 7.0e-5, 42.0] {
            let shown = format_metric(x, "", Source, "en").replace(',', "");
            assert_eq!(shown.parse::<f64>().unwrap(), x, "{shown}");
        }
    }

    /// The grammar `parse_f64` checks before JavaScript reads the digits is Rust's own:
    /// the same texts accepted, and infinities and NaN recognised as `f64::from_str` reads them.
    fn same_grammar_as_from_str(text: &str) {
        let rust = text.parse::<f64>();
        let ours = parse_grammar(text);
        assert_eq!(ours.is_some(), rust.is_ok(), "{text:?}: {ours:?} vs {rust:?}");
        match (ours, rust) {
            (Some(Special::Nan), Ok(v)) => assert!(v.is_nan(), "{text:?}"),
            (Some(Special::Infinity(negative)), Ok(v)) => assert!(v.is_infinite() && (v < 0.0) == negative, "{text:?}"),
            (Some(Special::Number), Ok(v)) => assert!(!v.is_nan(), "{text:?}"),
            _ => {}
        }
    }

    #[test]
    fn parse_grammar_edges() {
        for text in ["", "+", "-", ".", "1.", ".5", "+.5e-3", "1e", "1e+", "1E5", "1e5.", "e5", "1.2.3", " 1", "1 ", "0x10", "1_0", "inf", "-INF", "+Infinity",
            "infinit", "nan", "-NaN", "nana", "1e400", "-1e-400", "00012", "١", "12345678901234567890123"] {
            same_grammar_as_from_str(text);
        }
    }

    /// JavaScript's `Number.prototype.toString` of a finite non-zero `x` (ECMA-262
    /// Number::toString): the shortest digits (Rust's `{:e}` has the same), plain from
    /// 10^-7 up to below 10^21, else `d.ddde±n`.
    fn js_text(x: f64) -> String {
        let sci = format!("{:e}", x.abs());
        let (m, e) = sci.split_once('e').unwrap();
        let e: i32 = e.parse().unwrap();
        let digits: String = m.chars().filter(|c| *c != '.').collect();
        let sign = if x < 0.0 { "-" } else { "" };
        let k = digits.len() as i32;
        let n = e + 1;
        let body = if k <= n && n <= 21 {
            format!("{digits}{}", "0".repeat((n - k) as usize))
        } else if 0 < n && n <= 21 {
            format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
        } else if -6 < n && n <= 0 {
            format!("0.{}{digits}", "0".repeat((-n) as usize))
        } else {
            let rest = if k > 1 { format!(".{}", &digits[1..]) } else { String::new() };
            format!("{}{rest}e{}{}", &digits[..1], if n > 0 { "+" } else { "-" }, (n - 1).abs())
        };
        format!("{sign}{body}")
    }

    #[test]
    fn js_number_text_becomes_rusts_display() {
        for (x, js) in [(1e21, "1e+21"), (1.5e-7, "1.5e-7"), (123.45, "123.45"), (0.000123, "0.000123"), (-2.5e22, "-2.5e+22"), (100.0, "100"), (5e-324, "5e-324")] {
            assert_eq!(js_text(x), js, "the test's model of JavaScript");
            assert_eq!(super::plain_of_js(js), format!("{x}"), "{js}");
        }
    }

    #[test]
    fn exact_fixed_edges() {
        for x in [0.125, 0.375, 2.5, 3.5, 0.5, 1.5, -0.001, -0.0, 0.0, 1e21, 1e-7, 0.3, 1.005, 2.675, 1e300, -1e300, f64::MIN_POSITIVE, 5e-324, f64::MAX, 0.995, 9.995, 99.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 4503599627370497.5, 9007199254740993.0] {
            for d in [0, 1, 2, 3, 6] {
                assert_eq!(super::exact_fixed(x, d), format!("{x:.d$}"), "{x} to {d}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn shortest_text_from_javascript_matches_display(x in proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL) {
            proptest::prop_assert_eq!(super::plain_of_js(&js_text(x)), format!("{x}"));
        }

        #[test]
        fn exact_fixed_matches_format(x in proptest::num::f64::ANY, d in 0usize..8) {
            proptest::prop_assert_eq!(super::exact_fixed(x, d), format!("{x:.d$}"));
        }

        #[test]
        fn exact_fixed_matches_format_near_ties(n in 0i64..2_000_000, d in 0usize..4) {
            // Values ending in 5 at the next decimal: ties when the binary value is exact.
            let x = (n as f64 * 10.0 + 5.0) / 10f64.powi(d as i32 + 1);
            proptest::prop_assert_eq!(super::exact_fixed(x, d), format!("{x:.d$}"));
        }

        #[test]
        fn parse_grammar_matches_from_str(text in "[-+]?[0-9.eE+infatyINFATY-]{0,10}") {
            same_grammar_as_from_str(&text);
        }

        #[test]
        fn parse_grammar_accepts_every_printed_f64(x in proptest::num::f64::ANY) {
            same_grammar_as_from_str(&format!("{x}"));
            same_grammar_as_from_str(&format!("{x:e}"));
        }
    }
}
