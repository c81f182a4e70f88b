//! CSV export of the table in view: RFC 4180 quoting, and cells that a spreadsheet would run
//! as a formula (`=`, `+`, `-`, `@` first) prefixed with `'`, since content is untrusted.

pub fn cell(text: &str) -> String {
    let guarded = match text.chars().next() {
        Some('=' | '+' | '@' | '\t' | '\r') => format!("'{text}"),
        Some('-') if benchsite_model::number::parse_f64(text).is_none() => format!("'{text}"),
        _ => text.to_string(),
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// Header row plus one row per entry.
pub fn table(header: &[String], rows: impl Iterator<Item = Vec<String>>) -> String {
    let mut out = header.iter().map(|h| cell(h)).collect::<Vec<_>>().join(",");
    out.push_str("\r\n");
    for row in rows {
        out.push_str(&row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_and_defuses_formulas() {
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(cell("-12.5"), "-12.5");
        assert_eq!(cell("-cmd"), "'-cmd");
        assert_eq!(table(&["a".into()], vec![vec!["1".into()]].into_iter()), "a\r\n1\r\n");
    }
}
