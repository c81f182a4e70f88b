//! Sequences a template walks without the page holding them: a result page can list
//! hundreds of thousands of runs, findings and source lines, and a context holding every row
//! as template values took some 9 KB per run (a 10 MB log of tiny blocks needed 2 GB). Here
//! each item is made when the template reaches it and dropped after, so a page costs its
//! largest row, not all of them; the page itself is streamed to its file.

use minijinja::value::{Enumerator, Object, ObjectRepr, Value};
use std::fmt;
use std::sync::Arc;

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

/// The listing of a source page: every line of `text` (as `str::lines` cuts them) in its
/// numbered `<span id="L…">` (no class: `site.css` styles `.listing > span`, and a listing
/// is most of the site's bytes), escaped, written straight into the page by the
/// environment's formatter ([`Listing::write`]). It writes what a template loop over
/// [`lines`] wrote, without the template engine's work per line (a loop step, three
/// `loop.index` lookups and a value per line were a fifth of a result page's time).
pub fn listing(text: Arc<String>) -> Value {
    Value::from_object(Listing { text })
}

#[derive(Debug)]
pub struct Listing {
    text: Arc<String>,
}

impl Object for Listing {}

impl Listing {
    pub fn write(&self, out: &mut impl fmt::Write) -> fmt::Result {
        for (i, line) in self.text.lines().enumerate() {
            let n = i + 1;
            write!(out, "<span id=\"L{n}\"><a href=\"#L{n}\">{n}</a>")?;
            super::markdown::write_escaped(out, line)?;
            out.write_str("\n</span>")?;
        }
        Ok(())
    }
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
        let looped = "{% for l in v %}<span id=\"L{{ loop.index }}\"><a href=\"#L{{ loop.index }}\">{{ loop.index }}</a>{{ l }}\n</span>{% endfor %}";
        env.add_template("loop.html", looped).unwrap();
        env.add_template("listing.html", "{{ v }}").unwrap();
        assert_eq!(env.get_template("loop.html").unwrap().render(minijinja::context! { v => vec!["<"] }).unwrap().matches("&lt;").count(), 1);
        for text in ["", "a", "a\n", "<b>&'x'\"</b>\r\n\n  c\r", "é ✓ 中文\n\ttab"] {
            let render = |name: &str, v: Value| env.get_template(name).unwrap().render(minijinja::context! { v => v }).unwrap();
            let want = render("loop.html", lines(Arc::new(text.to_string())));
            assert_eq!(render("listing.html", listing(Arc::new(text.to_string()))), want, "{text:?}");
        }
    }

    #[test]
    fn a_sequence_makes_its_items_when_walked() {
        let v = seq(3, |i| Value::from(i * 10));
        assert_eq!(render("{{ v|length }}:{% for x in v %}{{ x }},{% endfor %}{% if v %}!{% endif %}", v), "3:0,10,20,!");
        assert_eq!(render("{% if v %}full{% else %}empty{% endif %}", seq(0, |_| Value::from(1))), "empty");
    }
}
