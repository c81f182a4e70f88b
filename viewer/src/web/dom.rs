//! The only place that casts web-sys types, and file downloads. Text always goes in through `textContent` and
//! attributes through `setAttribute`; nothing from the data or the URL is parsed as HTML.

// `expect_throw`, not `expect`: no panic message formatting (nor `Debug` of a `JsValue`) in the wasm.
use wasm_bindgen::{JsCast, UnwrapThrowExt};
use web_sys::{Document, Element, HtmlElement};

pub fn document() -> Document {
    web_sys::window().and_then(|w| w.document()).expect_throw("a page has a document")
}

pub fn by_id(id: &str) -> Option<Element> {
    document().get_element_by_id(id)
}

pub fn by_id_as<T: JsCast>(id: &str) -> Option<T> {
    by_id(id)?.dyn_into::<T>().ok()
}

/// `<tag>` with classes (space-separated) and text.
pub fn el(tag: &str, class: &str, text: &str) -> Element {
    let e = document().create_element(tag).expect_throw("valid tag name");
    if !class.is_empty() {
        e.set_class_name(class);
    }
    if !text.is_empty() {
        e.set_text_content(Some(text));
    }
    e
}

/// Sets an attribute; a value it already has is not written again, so a redraw does not
/// make the browser restyle what did not change.
pub fn attr(e: &Element, name: &str, value: &str) {
    if e.get_attribute(name).as_deref() != Some(value) {
        let _ = e.set_attribute(name, value);
    }
}

pub fn append(parent: &Element, child: &Element) {
    let _ = parent.append_child(child);
}

pub fn clear(e: &Element) {
    e.set_text_content(None);
}

pub fn show(e: &Element, visible: bool) {
    if let Some(h) = e.dyn_ref::<HtmlElement>() {
        if h.hidden() == visible {
            h.set_hidden(!visible);
        }
    }
}

/// A link whose `href` is set as an attribute (never parsed as markup).
pub fn link(text: &str, href: &str) -> Element {
    let a = el("a", "", text);
    attr(&a, "href", href);
    a
}

/// The closest ancestor-or-self with `data-<name>`, and its value.
pub fn data_up(target: Option<web_sys::EventTarget>, name: &str) -> Option<(Element, String)> {
    let mut e = target?.dyn_into::<Element>().ok();
    while let Some(cur) = e {
        if let Some(v) = cur.get_attribute(&format!("data-{name}")) {
            return Some((cur, v));
        }
        e = cur.parent_element();
    }
    None
}

/// True when `e` was last built from the same `key` (kept in its `data-built` attribute);
/// otherwise records `key` and returns false. Parts of the page are rewritten only when what
/// they show changed, so a redraw does not make the browser lay them out again.
pub fn built_from(e: &Element, key: &str) -> bool {
    let hash = crate::store::data_hash(key);
    if e.get_attribute("data-built").as_deref() == Some(hash.as_str()) {
        return true;
    }
    attr(e, "data-built", &hash);
    false
}

/// What a part of the page is built from, as one text for [`built_from`]: each item written
/// with its length first, so no two lists of items give the same text. Written by hand
/// rather than with `{:?}`, whose `Debug` code for every type shown weighed on the wasm.
#[derive(Default)]
pub struct Key(String);

impl Key {
    pub fn s(mut self, s: &str) -> Key {
        self.0.push_str(&s.len().to_string());
        self.0.push(':');
        self.0.push_str(s);
        self
    }

    pub fn n(self, n: usize) -> Key {
        self.s(&n.to_string())
    }

    pub fn opt(self, s: Option<&str>) -> Key {
        match s {
            Some(s) => self.s("some").s(s),
            None => self.s("none"),
        }
    }

    /// A number exactly (its bits).
    pub fn f(self, x: f64) -> Key {
        self.s(&x.to_bits().to_string())
    }

    /// A list of numbers: its length, then each.
    pub fn nums(self, items: &[u32]) -> Key {
        items.iter().fold(self.n(items.len()), |k, &i| k.n(i as usize))
    }

    /// A list: its length, then its items.
    pub fn all<'a>(self, items: impl ExactSizeIterator<Item = &'a str>) -> Key {
        let n = items.len();
        items.fold(self.n(n), Key::s)
    }

    pub fn text(&self) -> &str {
        &self.0
    }
}

/// Sets the text of `e` unless it already holds it. A lone text child keeps its node and has
/// its data replaced (`textContent` would remove it and insert a new one, whose layout
/// object the browser builds anew): table cells and facet counts are rewritten on every
/// redraw.
pub fn set_text(e: &Element, text: &str) {
    match e.first_child() {
        Some(t) if t.node_type() == web_sys::Node::TEXT_NODE && t.next_sibling().is_none() => {
            if t.node_value().as_deref() != Some(text) {
                t.set_node_value(Some(text));
            }
        }
        _ => {
            if e.text_content().as_deref() != Some(text) {
                e.set_text_content(Some(text));
            }
        }
    }
}

/// A text node this module made, and the text last written into it: a redraw compares
/// with the text kept here, not with the page's, so an unchanged text costs no call into
/// the browser.
pub struct Text {
    node: web_sys::Node,
    text: String,
}

impl Text {
    /// An empty text node appended to `parent`.
    pub fn in_(parent: &web_sys::Element) -> Text {
        let node: web_sys::Node = document().create_text_node("").into();
        let _ = parent.append_child(&node);
        Text { node, text: String::new() }
    }

    pub fn set(&mut self, text: &str) {
        if self.text != text {
            self.node.set_node_value(Some(text));
            self.text = text.to_string();
        }
    }
}

/// A JavaScript value (an error, a rejection's reason) as text: a string as it is, an
/// error as `TypeError: Failed to fetch`: wasm-bindgen's `Debug` for values would bring
/// its own description code into the wasm and the glue.
pub fn js_text(value: &wasm_bindgen::JsValue) -> String {
    match (value.as_string(), value.dyn_ref::<js_sys::Error>()) {
        (Some(text), _) => text,
        (None, Some(e)) => format!("{}: {}", String::from(e.name()), String::from(e.message())),
        (None, None) => "an unexpected value".into(),
    }
}

/// Offers `text` as a file download (CSV export).
pub fn download(text: &str, mime: &str, name: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    click_download(&url, name);
    let _ = web_sys::Url::revoke_object_url(&url);
}

pub fn click_download(url: &str, name: &str) {
    let a = link("", url);
    attr(&a, "download", name);
    if let Some(body) = document().body() {
        let _ = body.append_child(&a);
        if let Some(h) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&a) {
            h.click();
        }
        a.remove();
    }
}

/// A labelled `<select>` whose changes the controller reads by its `data-action`.
pub fn select(action: &str, label: &str, options: Vec<(String, String)>) -> web_sys::Element {
    let wrap = el("label", "select", label);
    let s = el("select", "", "");
    attr(&s, "id", &format!("ctl-{action}"));
    attr(&s, "data-action", action);
    for (value, text) in options {
        let o = el("option", "", &text);
        attr(&o, "value", &value);
        append(&s, &o);
    }
    append(&wrap, &s);
    wrap
}
