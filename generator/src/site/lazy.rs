//! Sequences a template walks without the page holding them: a result page can list
//! hundreds of thousands of runs, findings and source lines, and a context holding every row
//! as template values took some 9 KB per run (a 10 MB log of tiny blocks needed 2 GB). Here
//! each item is made when the template reaches it and dropped after, so a page costs its
//! largest row, not all of them; the page itself is streamed to its file.

use super::texts::{Stopped, Stream};
use minijinja::value::{DynObject, Enumerator, Object, ObjectRepr, Value};
use std::fmt;
use std::sync::{Arc, Mutex};

/// `len` items, item `i` made by `item(i)` each time the template asks for it.
pub fn seq(len: usize, item: impl Fn(usize) -> Value + Send + Sync + 'static) -> Value {
    Value::from_object(Seq { len, item })
}

struct Seq<F> {
    len: usize,
    item: F,
}

impl<F> fmt::Debug for Seq<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{} items made on demand>", self.len)
    }
}

impl<F: Fn(usize) -> Value + Send + Sync + 'static> Object for Seq<F> {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Seq
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        key.as_usize().filter(|&i| i < self.len).map(|i| (self.item)(i))
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Seq(self.len)
    }
}

/// The listing of a source page: every line of its text (as `str::lines` cuts them) in its
/// `<span id=L…>` (no class, no quotes, no number: `site.css` styles `.listing > span` and
/// draws each line's number with a counter, `site.js` makes a click on it a link to the
/// line; a listing is most of the site's bytes, and the number's link was 60% of a line's
/// markup), escaped, written straight into the page by the
/// environment's formatter ([`Listing::write`]) as the text is read from its file
/// (`texts::Stream`): a large log is never held whole. It writes what a template loop over
/// [`lines`] wrote, without the template engine's work per line (a loop step, three
/// `loop.index` lookups and a value per line were a fifth of a result page's time).
/// Returned with the listing itself, which says after the page is written whether the text
/// was the one parsed ([`Listing::changed`]).
pub fn listing(stream: Stream) -> (Value, Arc<Listing>) {
    let listing = Arc::new(Listing { stream: Mutex::new(Some(stream)), changed: Mutex::new(None) });
    (Value::from_dyn_object(DynObject::new(listing.clone())), listing)
}

pub struct Listing {
    /// Read once, by the one `write`.
    stream: Mutex<Option<Stream>>,
    changed: Mutex<Option<String>>,
}

impl fmt::Debug for Listing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<a listing read from its file>")
    }
}

impl Object for Listing {}

impl Listing {
    pub fn write(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let Some(stream) = self.stream.lock().unwrap_or_else(|e| e.into_inner()).take() else { return Err(fmt::Error) };
        let mut n = 0;
        let written = stream.lines(|line| {
            n += 1;
            write!(out, "<span id=L{n}>")?;
            super::markdown::write_escaped(out, line)?;
            out.write_str("\n</span>")
        });
        match written {
            Ok(()) => Ok(()),
            Err(Stopped::Write) => Err(fmt::Error),
            Err(Stopped::Changed(why)) => {
                *self.changed.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
                Err(fmt::Error)
            }
        }
    }

    /// Why the page could not be written, when its text was not the one parsed.
    pub fn changed(&self) -> Option<String> {
        self.changed.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// A row of a result page's table as the template reads it (`anchor`, `flag`, `scenario`,
/// `scenario_line`; fields looked up by name, no map built per row) and its number cells,
/// `cells`, written by [`RowCells::write`] rather than a template loop: a result table is
/// most of a result page, and a macro call and six lookups per cell were most of its time.
pub fn row(row: super::views::Row, prefix: Arc<str>) -> Value {
    Value::from_object(RowObject { row: Arc::new(row), prefix })
}

#[derive(Debug)]
struct RowObject {
    row: Arc<super::views::Row>,
    prefix: Arc<str>,
}

impl Object for RowObject {
    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let row = &self.row;
        Some(match key.as_str()? {
            "anchor" => Value::from(row.anchor.as_str()),
            "flag" => Value::from(row.flag),
            "scenario" => Value::from(row.scenario.as_str()),
            "scenario_line" => Value::from(row.scenario_line),
            "cells" => Value::from_object(RowCells { row: row.clone(), prefix: self.prefix.clone() }),
            _ => return None,
        })
    }
}

/// The number cells of a row, each linking to its line on the source page (`prefix`).
#[derive(Debug)]
pub struct RowCells {
    row: Arc<super::views::Row>,
    prefix: Arc<str>,
}

impl Object for RowCells {}

impl RowCells {
    /// What `{% for c in row.cells %}` wrote, one `<td>` a line, text escaped as the
    /// environment's formatter escapes it (a test compares the two).
    pub fn write(&self, out: &mut impl fmt::Write) -> fmt::Result {
        cells(out, &self.row, &self.prefix)
    }
}

/// The number cells of `row`, each linking to its line on the source page (`prefix`): what
/// `{% for c in row.cells %}` wrote, one `<td>` a line, text escaped as the environment's
/// formatter escapes it (a test compares the two).
pub fn cells(out: &mut impl fmt::Write, row: &super::views::Row, prefix: &str) -> fmt::Result {
    let escaped = super::markdown::write_escaped;
    for c in &row.cells {
        out.write_str(if c.alert { "  <td class=\"num alert\"" } else { "  <td class=\"num\"" })?;
        if let Some(exact) = c.exact.as_deref().filter(|e| !e.is_empty()) {
            out.write_str(" title=\"")?;
            escaped(out, exact)?;
            out.write_str("\"")?;
        }
        out.write_str(">")?;
        match c.line.filter(|&l| l != 0) {
            Some(line) => {
                out.write_str("<a href=\"")?;
                escaped(out, prefix)?;
                write!(out, "#L{line}\">")?;
                escaped(out, &c.text)?;
                out.write_str("</a>")?;
            }
            None => escaped(out, &c.text)?,
        }
        out.write_str("</td>\n")?;
    }
    Ok(())
}

/// The lines of `text` as `str::lines` cuts them, one string at a time: what result pages
/// walked before [`listing`], kept as the reference it is tested against.
#[cfg(test)]
pub fn lines(text: Arc<String>) -> Value {
    Value::from_object(Lines { text })
}

#[cfg(test)]
struct Lines {
    text: Arc<String>,
}

#[cfg(test)]
impl fmt::Debug for Lines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<lines of {} bytes>", self.text.len())
    }
}

#[cfg(test)]
impl Object for Lines {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Iterable
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Iter(Box::new(LineIter { text: self.text.clone(), at: 0 }))
    }
}

#[cfg(test)]
struct LineIter {
    text: Arc<String>,
    at: usize,
}

#[cfg(test)]
impl Iterator for LineIter {
    type Item = Value;

    fn next(&mut self) -> Option<Value> {
        let rest = self.text.get(self.at..).filter(|r| !r.is_empty())?;
        match rest.split_once('\n') {
            Some((line, _)) => {
                self.at += line.len() + 1;
                Some(Value::from(line.strip_suffix('\r').unwrap_or(line)))
            }
            None => {
                self.at = self.text.len();
                Some(Value::from(rest))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minijinja::Environment;

    fn render(template: &str, value: Value) -> String {
        let mut env = Environment::new();
        env.add_template("t", template).unwrap();
        env.get_template("t").unwrap().render(minijinja::context! { v => value }).unwrap()
    }

    #[test]
    fn lines_are_cut_as_str_lines_cuts_them() {
        for text in ["", "a", "a\n", "a\r\nb", "\n\nc\n", "x\r\n\r\ny\r"] {
            let expected: Vec<&str> = text.lines().collect();
            let got = render("{% for l in v %}{{ loop.index }}={{ l }}|{% endfor %}", lines(Arc::new(text.to_string())));
            let want: String = expected.iter().enumerate().map(|(i, l)| format!("{}={l}|", i + 1)).collect();
            assert_eq!(got, want, "{text:?}");
        }
    }

    #[test]
    fn the_listing_writes_what_the_template_loop_wrote() {
        // The site's escaping, in an HTML template as the pages are.
        let mut env = Environment::new();
        env.set_formatter(super::super::pages::format_value);
        let looped = "{% for l in v %}<span id=L{{ loop.index }}>{{ l }}\n</span>{% endfor %}";
        env.add_template("loop.html", looped).unwrap();
        env.add_template("listing.html", "{{ v }}").unwrap();
        assert_eq!(env.get_template("loop.html").unwrap().render(minijinja::context! { v => vec!["<"] }).unwrap().matches("&lt;").count(), 1);
        for text in ["", "a", "a\n", "<b>&'x'\"</b>\r\n\n  c\r", "é ✓ 中文\n\ttab"] {
            let render = |name: &str, v: Value| env.get_template(name).unwrap().render(minijinja::context! { v => v }).unwrap();
            let want = render("loop.html", lines(Arc::new(text.to_string())));
            let stream = Stream::new(Box::new(std::io::Cursor::new(text.as_bytes().to_vec())), crate::content::Fingerprint::of(text), String::new());
            assert_eq!(render("listing.html", listing(stream).0), want, "{text:?}");
        }
    }

    #[test]
    fn row_cells_write_what_the_template_loop_wrote() {
        use super::super::views::{Cell, Row};
        let mut env = Environment::new();
        env.set_formatter(super::super::pages::format_value);
        let looped = "{% for c in row.cells %}\n  <td class=\"num{% if c.alert %} alert{% endif %}\"{% if c.exact %} title=\"{{ c.exact }}\"{% endif %}>{% if c.line %}<a href=\"{{ prefix }}#L{{ c.line }}\">{{ c.text }}</a>{% else %}{{ c.text }}{% endif %}</td>\n{% endfor %}";
        env.set_trim_blocks(true);
        env.set_lstrip_blocks(true);
        env.add_template("loop.html", looped).unwrap();
        env.add_template("cells.html", "{{ row.cells }}").unwrap();
        let cell = |text: &str, exact: Option<&str>, line: Option<u32>, alert: bool| Cell { text: text.into(), exact: exact.map(Into::into), line, alert };
        let cells = vec![
            cell("1,000", None, Some(12), false),
            cell("–", None, None, false),
            cell("3", None, Some(0), true),
            cell("188.52 s", Some("188,520.68 ms"), Some(105), false),
            cell("<b>&\"'", Some("\"<&>'"), Some(7), true),
            cell("x", Some(""), None, false),
        ];
        let data = Row { run_id: "a#L1".into(), anchor: "run-L1".into(), line: 1, scenario: "s".into(), scenario_line: None, cells, flag: None };
        let prefix = "/repo/source/a&b \"x\"/";
        let want = env.get_template("loop.html").unwrap().render(minijinja::context! { row => Value::from_serialize(&data), prefix => prefix }).unwrap();
        let got = env.get_template("cells.html").unwrap().render(minijinja::context! { row => row(data, Arc::from(prefix)) }).unwrap();
        assert!(want.contains("&lt;b&gt;") && want.contains(" alert") && want.matches("<a href").count() == 3, "{want}");
        assert_eq!(got, want);
    }

    #[test]
    fn a_sequence_makes_its_items_when_walked() {
        let v = seq(3, |i| Value::from(i * 10));
        assert_eq!(render("{{ v|length }}:{% for x in v %}{{ x }},{% endfor %}{% if v %}!{% endif %}", v), "3:0,10,20,!");
        assert_eq!(render("{% if v %}full{% else %}empty{% endif %}", seq(0, |_| Value::from(1))), "empty");
    }
}
