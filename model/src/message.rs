//! `Message`: a finding's English sentence, shared rather than copied.
//!
//! A log of many alike blocks gives one finding per block with the same sentence (a
//! 200-byte "this block has no TTFT/TPOT/ITL rows…" per run), and a build holds every finding
//! to the end: the findings collector hands out one shared copy of a sentence it has just
//! made (`ingest::sink`), so a repeated sentence costs a pointer. Serialised as the string.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Message(Arc<str>);

impl Message {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether two messages share one copy (not merely equal text).
    pub fn shares(&self, other: &Message) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Default for Message {
    fn default() -> Self {
        Message::from("")
    }
}

impl Deref for Message {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Message {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<String> for Message {
    fn from(text: String) -> Self {
        Message(Arc::from(text))
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Self {
        Message(Arc::from(text))
    }
}

impl PartialEq<str> for Message {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Message {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Message {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Message::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialises_as_its_text_and_clones_share_one_copy() {
        let m = Message::from("no TTFT \"rows\"".to_string());
        assert_eq!(serde_json::to_string(&m).unwrap(), serde_json::to_string("no TTFT \"rows\"").unwrap());
        let back: Message = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!(back, m);
        assert!(!back.shares(&m));
        assert!(m.clone().shares(&m));
    }
}
