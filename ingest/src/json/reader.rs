//! A one-pass JSON reader that keeps, for every value, the line it is written on: the line
//! of its own key inside an object, the line where it starts elsewhere. A saved result then
//! points each number to the line that printed it without searching the text again (the
//! old way, per key over the whole text, was quadratic and took the first key of that name
//! anywhere, nested or not).
//!
//! Hand-written rather than a crate: the spanned readers available (`json-spanned-value`,
//! `jsonc-parser`) give byte ranges but reject the bare `Infinity`, `-Infinity` and `NaN`
//! that SGLang writes, and the reader must also take a stream of values (JSON lines). It
//! reads strict JSON otherwise, borrows strings that hold no escapes, and stops nesting at
//! [`MAX_DEPTH`] so hostile input cannot exhaust the stack. The position only moves
//! forward; [`Reader::steps`] counts every byte examined, re-reads included, so tests can
//! bound the work by the input's size.

use std::borrow::Cow;

/// Deepest nesting read; serde_json's default recursion limit.
pub const MAX_DEPTH: usize = 128;

/// A JSON value; strings borrow from the text unless they hold escapes.
#[derive(Clone, Debug, PartialEq)]
pub enum Json<'a> {
    Null,
    Bool(bool),
    Number(f64),
    /// A bare `Infinity`, `-Infinity` or `NaN`, as the cell word it stands for (`inf`,
    /// `-inf`, `nan`).
    Word(&'static str),
    String(Cow<'a, str>),
    Array(Vec<Spanned<'a>>),
    Object(Vec<(Cow<'a, str>, Spanned<'a>)>),
}

/// A value and its lines (1-based).
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<'a> {
    /// The line of the value's key in an object, else the line the value starts on.
    pub line: u32,
    /// The line the value ends on (an object's closing brace).
    pub end: u32,
    pub value: Json<'a>,
}

/// Where and why the text stops being JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at line {} column {}", self.message, self.line, self.column)
    }
}

/// The reader's position in a text.
pub struct Reader<'a> {
    text: &'a str,
    pos: usize,
    line: u32,
    line_start: usize,
    steps: usize,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str) -> Self {
        Self::starting_at(text, 1)
    }

    /// A reader of text whose first line is line `first_line` of its file (a code block).
    pub fn starting_at(text: &'a str, first_line: u32) -> Self {
        Reader { text, pos: 0, line: first_line.max(1), line_start: 0, steps: 0 }
    }

    /// Bytes examined so far, each re-read counted again.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The line the next byte is on.
    pub fn line(&self) -> u32 {
        self.line
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn bump(&mut self) {
        self.pos += 1;
        self.steps += 1;
    }

    fn error(&self, message: impl Into<String>) -> Error {
        let column = (self.pos - self.line_start) as u32 + 1;
        Error { line: self.line, column, message: message.into() }
    }

    /// Skips whitespace; true when the text is used up.
    pub fn at_end(&mut self) -> bool {
        while let Some(b) = self.peek() {
            match b {
                b'\n' => {
                    self.bump();
                    self.line += 1;
                    self.line_start = self.pos;
                }
                b' ' | b'\t' | b'\r' => self.bump(),
                _ => return false,
            }
        }
        true
    }

    /// Reads the next value (after whitespace).
    pub fn value(&mut self) -> Result<Spanned<'a>, Error> {
        self.value_at(0)
    }

    fn value_at(&mut self, depth: usize) -> Result<Spanned<'a>, Error> {
        if self.at_end() {
            return Err(self.error("EOF while parsing a value"));
        }
        let line = self.line;
        let value = match self.peek().unwrap_or(b' ') {
            b'{' => self.object(depth + 1)?,
            b'[' => self.array(depth + 1)?,
            b'"' => Json::String(self.string()?),
            b't' => self.keyword("true", Json::Bool(true))?,
            b'f' => self.keyword("false", Json::Bool(false))?,
            b'n' => self.keyword("null", Json::Null)?,
            b'I' => self.keyword("Infinity", Json::Word("inf"))?,
            b'N' => self.keyword("NaN", Json::Word("nan"))?,
            b'-' if self.text[self.pos..].starts_with("-Infinity") => self.keyword("-Infinity", Json::Word("-inf"))?,
            b'-' | b'0'..=b'9' => self.number()?,
            _ => return Err(self.error("expected value")),
        };
        Ok(Spanned { line, end: self.line, value })
    }

    fn keyword(&mut self, word: &str, value: Json<'a>) -> Result<Json<'a>, Error> {
        if !self.text[self.pos..].starts_with(word) {
            return Err(self.error("expected value"));
        }
        for _ in 0..word.len() {
            self.bump();
        }
        Ok(value)
    }

    fn enter(&self, depth: usize) -> Result<(), Error> {
        if depth > MAX_DEPTH {
            return Err(self.error("recursion limit exceeded"));
        }
        Ok(())
    }

    fn array(&mut self, depth: usize) -> Result<Json<'a>, Error> {
        self.enter(depth)?;
        self.bump(); // [
        let mut items = Vec::new();
        if self.at_end() {
            return Err(self.error("EOF while parsing a list"));
        }
        if self.peek() == Some(b']') {
            self.bump();
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value_at(depth)?);
            if self.at_end() {
                return Err(self.error("EOF while parsing a list"));
            }
            match self.peek() {
                Some(b',') => self.bump(),
                Some(b']') => {
                    self.bump();
                    return Ok(Json::Array(items));
                }
                _ => return Err(self.error("expected `,` or `]`")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json<'a>, Error> {
        self.enter(depth)?;
        self.bump(); // {
        let mut members = Vec::with_capacity(8);
        if self.at_end() {
            return Err(self.error("EOF while parsing an object"));
        }
        if self.peek() == Some(b'}') {
            self.bump();
            return Ok(Json::Object(members));
        }
        loop {
            if self.at_end() {
                return Err(self.error("EOF while parsing an object"));
            }
            if self.peek() != Some(b'"') {
                return Err(self.error("key must be a string"));
            }
            let line = self.line;
            let key = self.string()?;
            if self.at_end() || self.peek() != Some(b':') {
                return Err(self.error("expected `:`"));
            }
            self.bump();
            let mut value = self.value_at(depth)?;
            // A value points to its key's line (`"ttfts":` then the list on the next line).
            value.line = line;
            members.push((key, value));
            if self.at_end() {
                return Err(self.error("EOF while parsing an object"));
            }
            match self.peek() {
                Some(b',') => self.bump(),
                Some(b'}') => {
                    self.bump();
                    return Ok(Json::Object(members));
                }
                _ => return Err(self.error("expected `,` or `}`")),
            }
        }
    }

    /// A string; borrowed when it holds no escape.
    fn string(&mut self) -> Result<Cow<'a, str>, Error> {
        self.bump(); // opening quote
        let start = self.pos;
        let mut owned: Option<String> = None;
        let mut chunk = start;
        loop {
            let Some(b) = self.peek() else { return Err(self.error("EOF while parsing a string")) };
            match b {
                b'"' => {
                    let text = self.text;
                    let value = match owned {
                        Some(mut s) => {
                            s.push_str(&text[chunk..self.pos]);
                            self.steps += self.pos - chunk; // copied: read again
                            Cow::Owned(s)
                        }
                        None => Cow::Borrowed(&text[start..self.pos]),
                    };
                    self.bump();
                    return Ok(value);
                }
                b'\\' => {
                    let s = owned.get_or_insert_with(String::new);
                    s.push_str(&self.text[chunk..self.pos]);
                    self.steps += self.pos - chunk; // copied: read again
                    self.bump();
                    let c = self.escape()?;
                    owned.as_mut().expect("set above").push(c);
                    chunk = self.pos;
                }
                0x00..=0x1f => return Err(self.error("control character (\\u0000-\\u001F) found while parsing a string")),
                _ => self.bump(),
            }
        }
    }

    /// The character after a backslash; lone surrogates become U+FFFD.
    fn escape(&mut self) -> Result<char, Error> {
        let Some(b) = self.peek() else { return Err(self.error("EOF while parsing a string")) };
        self.bump();
        Ok(match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let high = self.hex4()?;
                if (0xD800..0xDC00).contains(&high) && self.text[self.pos..].starts_with("\\u") {
                    self.bump();
                    self.bump();
                    let low = self.hex4()?;
                    if (0xDC00..0xE000).contains(&low) {
                        let c = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                        return Ok(char::from_u32(c).unwrap_or('\u{fffd}'));
                    }
                    return Ok('\u{fffd}');
                }
                char::from_u32(high).unwrap_or('\u{fffd}')
            }
            _ => return Err(self.error("invalid escape")),
        })
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let mut v = 0;
        for _ in 0..4 {
            let d = self.peek().and_then(|b| (b as char).to_digit(16)).ok_or_else(|| self.error("invalid \\u escape"))?;
            v = v * 16 + d;
            self.bump();
        }
        Ok(v)
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, read as the nearest f64.
    fn number(&mut self) -> Result<Json<'a>, Error> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.bump();
        }
        match self.peek() {
            Some(b'0') => self.bump(),
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.error("invalid number")),
        }
        if self.peek() == Some(b'.') {
            self.bump();
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(self.error("invalid number"));
            }
            self.digits();
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.bump();
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.bump();
            }
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(self.error("invalid number"));
            }
            self.digits();
        }
        let digits = &self.text[start..self.pos];
        self.steps += digits.len(); // the float parser reads them again
        match digits.parse::<f64>() {
            Ok(n) if n.is_finite() => Ok(Json::Number(n)),
            _ => Err(self.error("number out of range")),
        }
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.bump();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<Spanned<'_>>, Error> {
        let mut r = Reader::new(text);
        let mut out = Vec::new();
        while !r.at_end() {
            out.push(r.value()?);
        }
        Ok(out)
    }

    #[test]
    fn reads_every_kind_of_value_with_its_line() {
        let v = read("{\n \"a\": [1, -2.5e1, true, null],\n \"b\": \"x\\\"y\\u00e9\\ud83d\\ude00\",\n \"c\": -Infinity,\n \"d\": {}\n}").unwrap();
        let Json::Object(m) = &v[0].value else { panic!() };
        assert_eq!(m.iter().map(|(k, s)| (k.as_ref(), s.line)).collect::<Vec<_>>(), vec![("a", 2), ("b", 3), ("c", 4), ("d", 5)]);
        let items = |line| [1.0, -25.0].map(|n| Spanned { line, end: line, value: Json::Number(n) });
        let Json::Array(a) = &m[0].1.value else { panic!() };
        assert_eq!(a[..2], items(2));
        assert_eq!((a[2].value.clone(), a[3].value.clone()), (Json::Bool(true), Json::Null));
        assert_eq!((v[0].line, v[0].end), (1, 6));
        assert_eq!(m[1].1.value, Json::String(Cow::Owned("x\"yé😀".into())));
        assert_eq!(m[2].1.value, Json::Word("-inf"));
    }

    #[test]
    fn strings_without_escapes_are_borrowed() {
        let v = read("\"plain\"").unwrap();
        assert!(matches!(v[0].value, Json::String(Cow::Borrowed("plain"))));
    }

    #[test]
    fn rejects_what_is_not_json_with_its_line() {
        for (text, line) in [("{\"a\": 1,\n \"b\": }", 2), ("[01]", 1), ("{\"a\" 1}", 1), ("\n\n[1,", 3), ("\"a\nb\"", 1), ("[Inf]", 1)] {
            let e = read(text).map(|_| ()).expect_err(text);
            assert_eq!(e.line, line, "{text:?}: {e}");
        }
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert!(read(&deep).unwrap_err().message.contains("recursion"));
    }
}
