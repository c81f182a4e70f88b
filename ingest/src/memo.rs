//! Answers of a function of a text alone (a header's column, a heading's facts), kept per
//! thread: a document reads its headers and headings again and again (for each table, check
//! and caption, as each layout is tried), and a site's files share many. The table is
//! emptied when it grows past a few thousand texts, so memory stays bounded.

use std::cell::RefCell;
use std::collections::HashMap;
use std::thread::LocalKey;

/// A thread's table of answers, declared with `thread_local!`.
pub(crate) type Table<T> = RefCell<HashMap<Box<str>, T>>;

/// How many texts a table keeps before it starts again.
const KEPT: usize = 4096;

/// `work(text)`, from `table` when it was worked out before on this thread.
pub(crate) fn answer<T: Clone>(table: &'static LocalKey<Table<T>>, text: &str, work: impl FnOnce(&str) -> T) -> T {
    table.with(|table| {
        if let Some(known) = table.borrow().get(text) {
            return known.clone();
        }
        let answer = work(text);
        let mut table = table.borrow_mut();
        if table.len() >= KEPT {
            table.clear();
        }
        table.insert(text.into(), answer.clone());
        answer
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static LENGTHS: Table<usize> = Default::default();
    }

    /// Each text worked out once; the answer the same either way; the table bounded.
    #[test]
    fn works_each_text_out_once_and_stays_bounded() {
        let calls = std::cell::Cell::new(0);
        let len = |t: &str| {
            calls.set(calls.get() + 1);
            t.len()
        };
        assert_eq!(answer(&LENGTHS, "abc", len), 3);
        assert_eq!(answer(&LENGTHS, "abc", len), 3);
        assert_eq!(calls.get(), 1);
        for i in 0..KEPT + 10 {
            answer(&LENGTHS, &i.to_string(), len);
        }
        assert!(LENGTHS.with(|t| t.borrow().len()) <= KEPT);
    }
}
