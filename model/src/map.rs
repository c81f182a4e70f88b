//! `Map`: the small string-keyed map every per-run table uses (source lines, latency
//! statistics, `Namespace(...)` fields, extra metrics, finding values).
//!
//! A run holds a dozen of these with a handful of entries each, and a build holds every run,
//! so their cost is the build's memory: a `BTreeMap<String, V>` spends one allocation per key
//! and a node per few entries. This is one sorted vector whose keys are stored inline up to 24
//! bytes (`compact_str`), the length of nearly every key (`metrics.ttft_ms.p99`). It
//! serialises exactly as a `BTreeMap` does (an object, keys in byte order), so `runs.json`
//! does not change.

use compact_str::CompactString;
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::collections::HashSet;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A map key: inline up to 24 bytes.
pub type Key = CompactString;

/// A short text value (a `Namespace(...)` field's `random`, `None`, `1000`): inline up to 24
/// bytes like a key, so a run's few dozen such values are no allocation each; serialised as a
/// string.
pub type Text = CompactString;

/// A sorted map with string keys; the methods are `BTreeMap`'s.
/// Keys longer than the 24 bytes a `Key` holds inline that every run of a log repeats: the
/// source-line keys of the fields a serving block prints (`metrics.output_throughput`). A
/// key among them refers to this table instead of being allocated per run (a log of 82,000
/// tiny blocks allocated 82,000 copies of one). Sorted.
const LONG_KEYS: [&str; 10] = [
    "client.planned_input_tokens",
    "client.planned_output_tokens",
    "client.progress_duration_s",
    "metrics.output_throughput",
    "metrics.peak_concurrent_requests",
    "metrics.peak_output_throughput",
    "metrics.request_throughput",
    "metrics.total_input_tokens",
    "metrics.total_output_tokens",
    "metrics.total_output_tokens_retokenized",
];

/// `text` as a key: inline up to 24 bytes, a reference for the long keys of [`LONG_KEYS`],
/// else allocated.
fn key_of(text: &str) -> Key {
    match text.len() > 24 {
        true => LONG_KEYS.binary_search_by(|k| compare(k, text)).map_or_else(|_| Key::new(text), |i| Key::const_new(LONG_KEYS[i])),
        false => Key::new(text),
    }
}

/// `a.cmp(b)` (byte order), eight bytes at a time inline: a map's keys are a few dozen bytes
/// that share long prefixes (`metrics.ttft_ms.`), and a search compares several, where a
/// call to `memcmp` per comparison took longer than the comparing (6% of a result file's
/// parse time under `perf`).
fn compare(a: &str, b: &str) -> std::cmp::Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 8 <= n {
        let word = |s: &[u8]| u64::from_be_bytes(s[i..i + 8].try_into().expect("eight bytes"));
        let (x, y) = (word(a), word(b));
        if x != y {
            return x.cmp(&y);
        }
        i += 8;
    }
    while i < n {
        if a[i] != b[i] {
            return a[i].cmp(&b[i]);
        }
        i += 1;
    }
    a.len().cmp(&b.len())
}

pub struct Map<V> {
    entries: Entries<V>,
}

/// A map's entries: its own (key, value) pairs while it is being filled, or, once a finished
/// run's maps are shared (`share_keys`), its values beside a key list that every map of the
/// same keys holds one copy of (a log's blocks print the same rows: a run's 32 source-line
/// keys were a kilobyte of it, repeated per run); or values held as those of the map before
/// it but for a few (`Like`, `share_keys_like`). Still 24 bytes: a `Vec`'s capacity leaves
/// room for the other variants' pointers.
enum Entries<V> {
    Own(Vec<(Key, V)>),
    Shared(Box<Shared<V>>),
    Like(Box<Like<V>>),
}

struct Shared<V> {
    keys: Arc<[Key]>,
    values: Box<[V]>,
}

/// Values held as `base` but for `changes`, (index, value) in index order; with no changes,
/// a list later maps may be based on. A sweep's runs print the same `Namespace(...)` but for
/// the concurrency and prompts: its two dozen values were 0.5 KB a run, the largest part of
/// a held run.
struct Like<V> {
    keys: Arc<[Key]>,
    base: Arc<[V]>,
    changes: Box<[(u32, V)]>,
}

impl<V> Like<V> {
    fn get(&self, i: usize) -> &V {
        match self.changes.binary_search_by_key(&i, |c| c.0 as usize) {
            Ok(c) => &self.changes[c].1,
            Err(_) => &self.base[i],
        }
    }
}

impl<V: Clone> Like<V> {
    /// The values as a list of their own.
    fn values(&self) -> Box<[V]> {
        let mut values = self.base.to_vec();
        for (i, v) in self.changes.iter() {
            values[*i as usize] = v.clone();
        }
        values.into()
    }
}

/// The key lists of the maps `Map::share_keys` has shared so far: give every map of a file
/// (or a build) the same one, so maps with the same keys hold one list.
#[derive(Default)]
pub struct KeyLists(HashSet<Arc<[Key]>>);

/// A map of fewer entries keeps them: two allocations (the values and their header) would
/// cost what its keys do.
const SHARED_FROM: usize = 3;

impl<V> Default for Map<V> {
    fn default() -> Self {
        Map::new()
    }
}

impl<V: Clone> Clone for Map<V> {
    fn clone(&self) -> Self {
        let entries = match &self.entries {
            Entries::Own(entries) => Entries::Own(entries.clone()),
            Entries::Shared(shared) => Entries::Shared(Box::new(Shared { keys: shared.keys.clone(), values: shared.values.clone() })),
            Entries::Like(like) => Entries::Like(Box::new(Like { keys: like.keys.clone(), base: like.base.clone(), changes: like.changes.clone() })),
        };
        Map { entries }
    }
}

impl<V: PartialEq> PartialEq for Map<V> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<V: Eq> Eq for Map<V> {}

impl<V: Hash> Hash for Map<V> {
    /// As the list of (key, value) pairs it was hashes, whichever way it is held.
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for (k, v) in self.iter() {
            k.hash(state);
            v.hash(state);
        }
    }
}

impl<V: fmt::Debug> fmt::Debug for Map<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<V> Map<V> {
    pub const fn new() -> Self {
        Map { entries: Entries::Own(Vec::new()) }
    }

    fn from_vec(entries: Vec<(Key, V)>) -> Self {
        Map { entries: Entries::Own(entries) }
    }

    fn keys_slice(&self) -> KeysOf<'_, V> {
        match &self.entries {
            Entries::Own(entries) => KeysOf::Own(entries),
            Entries::Shared(shared) => KeysOf::Shared(&shared.keys),
            Entries::Like(like) => KeysOf::Shared(&like.keys),
        }
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        match self.keys_slice() {
            KeysOf::Own(entries) => entries.binary_search_by(|(k, _)| compare(k, key)),
            KeysOf::Shared(keys) => keys.binary_search_by(|k| compare(k, key)),
        }
    }

    /// Holds the keys in the list of `lists` with the same keys (added there when new), the
    /// values beside them: for a finished map, which reads as before and takes its keys back
    /// if it is changed again.
    pub fn share_keys(&mut self, lists: &mut KeyLists) {
        let Entries::Own(entries) = &mut self.entries else { return };
        if entries.len() < SHARED_FROM {
            entries.shrink_to_fit();
            return;
        }
        let (keys, values): (Vec<Key>, Vec<V>) = std::mem::take(entries).into_iter().unzip();
        let keys = match lists.0.get(keys.as_slice()) {
            Some(list) => list.clone(),
            None => {
                let list: Arc<[Key]> = keys.into();
                lists.0.insert(list.clone());
                list
            }
        };
        let values = values.into_boxed_slice();
        self.entries = Entries::Shared(Box::new(Shared { keys, values }));
    }

    pub fn get(&self, key: &str) -> Option<&V> {
        self.find(key).ok().map(|i| self.value_at(i))
    }

    fn value_at(&self, i: usize) -> &V {
        match &self.entries {
            Entries::Own(entries) => &entries[i].1,
            Entries::Shared(shared) => &shared.values[i],
            Entries::Like(like) => like.get(i),
        }
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    pub fn len(&self) -> usize {
        match &self.entries {
            Entries::Own(entries) => entries.len(),
            Entries::Shared(shared) => shared.keys.len(),
            Entries::Like(like) => like.keys.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn clear(&mut self) {
        self.entries = Entries::Own(Vec::new());
    }

    /// Entries in key order.
    pub fn iter(&self) -> Iter<'_, V> {
        match &self.entries {
            Entries::Own(entries) => Iter::Own(entries.iter()),
            Entries::Shared(_) | Entries::Like(_) => Iter::Shared(SharedIter { map: self, front: 0, back: self.len() }),
        }
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Key> + ExactSizeIterator + Clone {
        self.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator + Clone {
        self.iter().map(|(_, v)| v)
    }

    pub fn first_key_value(&self) -> Option<(&Key, &V)> {
        self.iter().next()
    }

    pub fn last_key_value(&self) -> Option<(&Key, &V)> {
        self.iter().next_back()
    }

    /// Gives back spare capacity: a map that is done growing (a finished run's) keeps only
    /// what it holds.
    pub fn shrink_to_fit(&mut self) {
        if let Entries::Own(entries) = &mut self.entries {
            entries.shrink_to_fit();
        }
    }
}

impl<V: Clone> Map<V> {
    /// The entries as its own, to be changed: a shared map takes a copy of its keys first.
    fn own(&mut self) -> &mut Vec<(Key, V)> {
        let entries = match std::mem::replace(&mut self.entries, Entries::Own(Vec::new())) {
            Entries::Own(entries) => entries,
            Entries::Shared(shared) => shared.keys.iter().cloned().zip(shared.values.into_vec()).collect(),
            Entries::Like(like) => like.keys.iter().cloned().zip(like.values().into_vec()).collect(),
        };
        self.entries = Entries::Own(entries);
        match &mut self.entries {
            Entries::Own(entries) => entries,
            _ => unreachable!("made its own above"),
        }
    }

    /// A map held as another's takes its values, keys still shared: to be changed in place.
    fn values_in_place(&mut self) {
        if let Entries::Like(like) = &self.entries {
            let shared = Shared { keys: like.keys.clone(), values: like.values() };
            self.entries = Entries::Shared(Box::new(shared));
        }
    }

    /// Sets `key` to `value`; returns the value it replaces.
    pub fn insert(&mut self, key: impl AsRef<str>, value: V) -> Option<V> {
        let key = key.as_ref();
        let entries = self.own();
        // Keys often come in order (a block's rows, a latency's statistics): a key after the
        // last one is appended without a search.
        if entries.last().is_none_or(|(last, _)| compare(last, key).is_lt()) {
            entries.push((key_of(key), value));
            return None;
        }
        match self.find(key) {
            Ok(i) => Some(std::mem::replace(&mut self.own()[i].1, value)),
            Err(i) => {
                self.own().insert(i, (key_of(key), value));
                None
            }
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        // Values change in place, keys stay: a shared map keeps its keys shared.
        let i = self.find(key).ok()?;
        Some(self.get_mut_at(i))
    }

    pub fn remove(&mut self, key: &str) -> Option<V> {
        let i = self.find(key).ok()?;
        Some(self.own().remove(i).1)
    }

    /// The value of `key`, inserted with `make` when absent.
    pub fn get_or_insert_with(&mut self, key: &str, make: impl FnOnce() -> V) -> &mut V {
        let i = match self.find(key) {
            Ok(i) => i,
            Err(i) => {
                self.own().insert(i, (key_of(key), make()));
                i
            }
        };
        self.get_mut_at(i)
    }

    fn get_mut_at(&mut self, i: usize) -> &mut V {
        if matches!(self.entries, Entries::Like(_)) {
            self.values_in_place();
        }
        match &mut self.entries {
            Entries::Own(entries) => &mut entries[i].1,
            Entries::Shared(shared) => &mut shared.values[i],
            Entries::Like(_) => unreachable!("its values taken above"),
        }
    }

    /// Room for `additional` more entries: a map whose size its caller knows (a block's
    /// rows) grows once instead of doubling its way there.
    pub fn reserve(&mut self, additional: usize) {
        self.own().reserve_exact(additional);
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&str, &mut V) -> bool) {
        self.own().retain_mut(|(k, v)| keep(k, v));
    }

    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (&Key, &mut V)> + ExactSizeIterator {
        self.own().iter_mut().map(|(k, v)| (&*k, v))
    }

    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + ExactSizeIterator {
        if !matches!(self.entries, Entries::Own(_)) {
            self.values_in_place();
        }
        match &mut self.entries {
            Entries::Own(entries) => Either::Own(entries.iter_mut().map(|(_, v)| v)),
            Entries::Shared(shared) => Either::Shared(shared.values.iter_mut()),
            Entries::Like(_) => unreachable!("its values taken above"),
        }
    }
}

impl<V: Clone + PartialEq> Map<V> {
    /// `share_keys`, and for a map whose values mostly repeat those of `like` (the same
    /// table of the run before it), those values held once: its own are then the few that
    /// differ (`Like`). Reads, compares and serialises as before.
    pub fn share_keys_like(&mut self, lists: &mut KeyLists, like: Option<&Map<V>>) {
        self.share_keys(lists);
        let Entries::Shared(mine) = &mut self.entries else { return };
        let base = like.and_then(|like| match &like.entries {
            Entries::Like(theirs) if Arc::ptr_eq(&theirs.keys, &mine.keys) => Some(theirs.base.clone()),
            _ => None,
        });
        let Shared { keys, values } = std::mem::replace(&mut **mine, Shared { keys: Arc::new([]), values: Box::new([]) });
        let like = match base {
            // A change costs its index beside the value: worth it while at most half differ.
            Some(base) if values.iter().zip(base.iter()).filter(|(a, b)| a != b).count() * 2 <= values.len() => {
                let changes = values.into_vec().into_iter().enumerate().filter(|(i, v)| *v != base[*i]).map(|(i, v)| (i as u32, v)).collect();
                Like { keys, base, changes }
            }
            _ => Like { keys, base: values.into(), changes: Box::new([]) },
        };
        self.entries = Entries::Like(Box::new(like));
    }
}

enum KeysOf<'a, V> {
    Own(&'a [(Key, V)]),
    Shared(&'a [Key]),
}

/// A map's entries in key order, as (key, value) pairs however they are held.
pub enum Iter<'a, V> {
    Own(std::slice::Iter<'a, (Key, V)>),
    Shared(SharedIter<'a, V>),
}

/// The entries `front..back` of a map whose keys are shared.
pub struct SharedIter<'a, V> {
    map: &'a Map<V>,
    front: usize,
    back: usize,
}

impl<'a, V> SharedIter<'a, V> {
    fn at(&self, i: usize) -> (&'a Key, &'a V) {
        let key = match &self.map.entries {
            Entries::Shared(shared) => &shared.keys[i],
            Entries::Like(like) => &like.keys[i],
            Entries::Own(entries) => &entries[i].0,
        };
        (key, self.map.value_at(i))
    }
}

impl<V> Clone for Iter<'_, V> {
    fn clone(&self) -> Self {
        match self {
            Iter::Own(i) => Iter::Own(i.clone()),
            Iter::Shared(s) => Iter::Shared(SharedIter { map: s.map, front: s.front, back: s.back }),
        }
    }
}

impl<'a, V> Iterator for Iter<'a, V> {
    type Item = (&'a Key, &'a V);
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Own(i) => i.next().map(|(k, v)| (k, v)),
            Iter::Shared(s) => (s.front < s.back).then(|| {
                s.front += 1;
                s.at(s.front - 1)
            }),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Iter::Own(i) => i.size_hint(),
            Iter::Shared(s) => (s.back - s.front, Some(s.back - s.front)),
        }
    }
}

impl<V> DoubleEndedIterator for Iter<'_, V> {
    fn next_back(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Own(i) => i.next_back().map(|(k, v)| (k, v)),
            Iter::Shared(s) => (s.front < s.back).then(|| {
                s.back -= 1;
                s.at(s.back)
            }),
        }
    }
}

impl<V> ExactSizeIterator for Iter<'_, V> {}

/// `values_mut` of either way a map is held.
enum Either<A, B> {
    Own(A),
    Shared(B),
}

impl<T, A: Iterator<Item = T>, B: Iterator<Item = T>> Iterator for Either<A, B> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        match self {
            Either::Own(a) => a.next(),
            Either::Shared(b) => b.next(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Either::Own(a) => a.size_hint(),
            Either::Shared(b) => b.size_hint(),
        }
    }
}

impl<T, A: DoubleEndedIterator<Item = T>, B: DoubleEndedIterator<Item = T>> DoubleEndedIterator for Either<A, B> {
    fn next_back(&mut self) -> Option<T> {
        match self {
            Either::Own(a) => a.next_back(),
            Either::Shared(b) => b.next_back(),
        }
    }
}

impl<T, A: ExactSizeIterator<Item = T>, B: ExactSizeIterator<Item = T>> ExactSizeIterator for Either<A, B> {}

impl<V> std::ops::Index<&str> for Map<V> {
    type Output = V;
    fn index(&self, key: &str) -> &V {
        self.get(key).unwrap_or_else(|| panic!("no entry {key:?} in the map"))
    }
}

impl<K: AsRef<str>, V: Clone> Extend<(K, V)> for Map<V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, items: I) {
        for (k, v) in items {
            self.insert(k, v);
        }
    }
}

impl<K: AsRef<str>, V> FromIterator<(K, V)> for Map<V> {
    /// Sorted once (stably, so of a repeated key the last one stays, as inserting one by one
    /// would leave it), not searched per entry.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(items: I) -> Self {
        let mut entries: Vec<(Key, V)> = items.into_iter().map(|(k, v)| (key_of(k.as_ref()), v)).collect();
        // Often given in order already (argparse prints a `Namespace` sorted): no sort then.
        if !entries.is_sorted_by(|a, b| compare(&a.0, &b.0).is_le()) {
            entries.sort_by(|a, b| compare(&a.0, &b.0));
        }
        // Sized as the entries given (what a collect into a growing vector may exceed).
        entries.shrink_to_fit();
        // In place: of equal neighbours the later one's value moves into the one kept.
        entries.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                std::mem::swap(&mut later.1, &mut kept.1);
            }
            same
        });
        Map::from_vec(entries)
    }
}

impl<K: AsRef<str>, V, const N: usize> From<[(K, V); N]> for Map<V> {
    fn from(items: [(K, V); N]) -> Self {
        items.into_iter().collect()
    }
}

impl<V: Clone> IntoIterator for Map<V> {
    type Item = (Key, V);
    type IntoIter = std::vec::IntoIter<(Key, V)>;
    fn into_iter(mut self) -> Self::IntoIter {
        std::mem::take(self.own()).into_iter()
    }
}

impl<'a, V> IntoIterator for &'a Map<V> {
    type Item = (&'a Key, &'a V);
    type IntoIter = Iter<'a, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<V: Serialize> Serialize for Map<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.len()))?;
        for (k, v) in self.iter() {
            map.serialize_entry(k.as_str(), v)?;
        }
        map.end()
    }
}

impl<'de, V: Deserialize<'de> + Clone> Deserialize<'de> for Map<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de> + Clone> Visitor<'de> for Entries<V> {
            type Value = Map<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Map<V>, A::Error> {
                let mut map = Map::from_vec(Vec::with_capacity(access.size_hint().unwrap_or(0).min(64)));
                while let Some((k, v)) = access.next_entry::<std::borrow::Cow<'de, str>, V>()? {
                    map.insert(k, v);
                }
                Ok(map)
            }
        }
        d.deserialize_map(Entries(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::{compare, KeyLists, Map, LONG_KEYS};
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    #[test]
    fn maps_of_the_same_keys_hold_one_key_list() {
        let mut lists = KeyLists::default();
        let make = |n: u32| Map::from([("metrics.ttft_ms.mean", n), ("metrics.ttft_ms.p99", n + 1), ("scenario.num_prompts", n + 2)]);
        let (mut a, mut b, mut short) = (make(1), make(10), Map::from([("a", 1u32)]));
        let before = (a.clone(), b.clone());
        for map in [&mut a, &mut b, &mut short] {
            map.share_keys(&mut lists);
        }
        let keys = |m: &Map<u32>| match &m.entries {
            super::Entries::Shared(shared) => Some(shared.keys.clone()),
            super::Entries::Like(like) => Some(like.keys.clone()),
            super::Entries::Own(_) => None,
        };
        assert!(std::sync::Arc::ptr_eq(&keys(&a).unwrap(), &keys(&b).unwrap()), "one list for both");
        assert_eq!(keys(&short), None, "a map of one entry keeps it");
        assert_eq!((&a, &b), (&before.0, &before.1));
        assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&before.0).unwrap());
        // Changed again, it takes its keys back; the other keeps the list.
        a.insert("scenario.input_len", 7);
        assert_eq!((keys(&a), a.len(), a.get("scenario.num_prompts")), (None, 4, Some(&3)));
        assert_eq!(b.get("metrics.ttft_ms.p99"), Some(&11));
    }

    #[test]
    fn a_map_like_the_one_before_holds_only_the_values_that_differ() {
        let mut lists = KeyLists::default();
        let make = |c: &str| Map::from([("backend", "vllm"), ("dataset_name", "random"), ("max_concurrency", c), ("seed", "0")].map(|(k, v)| (k, super::Text::from(v))));
        let (mut a, mut b, mut other) = (make("1"), make("8"), Map::from([("backend", "x"), ("dataset_name", "y"), ("max_concurrency", "z"), ("seed", "w")].map(|(k, v)| (k, super::Text::from(v)))));
        let before = (a.clone(), b.clone(), other.clone());
        a.share_keys_like(&mut lists, None);
        b.share_keys_like(&mut lists, Some(&a));
        other.share_keys_like(&mut lists, Some(&b));
        let held = |m: &Map<super::Text>| match &m.entries {
            super::Entries::Shared(_) => "own",
            super::Entries::Like(like) => match like.changes.len() {
                0 => "base",
                1 => "one change",
                _ => "changes",
            },
            super::Entries::Own(_) => "unshared",
        };
        assert_eq!((held(&a), held(&b), held(&other)), ("base", "one change", "base"), "all four of `other` differ: its own");
        assert_eq!((&a, &b, &other), (&before.0, &before.1, &before.2));
        assert!(b.iter().rev().eq(before.1.iter().rev()));
        assert_eq!(serde_json::to_string(&b).unwrap(), serde_json::to_string(&before.1).unwrap());
        // Changed, it takes its values back; the map it was based on keeps its own.
        *b.get_mut("seed").unwrap() = "7".into();
        assert_eq!((b.get("seed").map(|t| t.as_str()), b.get("max_concurrency").map(|t| t.as_str()), a.get("seed").map(|t| t.as_str())), (Some("7"), Some("8"), Some("0")));
        assert_eq!(held(&b), "own");
    }

    #[test]
    fn a_map_is_three_words_and_its_shared_form_four() {
        // What a build holds per map of every run: the inline part, and the box of a shared one.
        assert_eq!(std::mem::size_of::<Map<u32>>(), 24);
        assert_eq!(std::mem::size_of::<super::Shared<u32>>(), 32);
    }

    #[test]
    fn long_keys_every_run_repeats_are_not_allocated() {
        assert!(LONG_KEYS.windows(2).all(|w| w[0] < w[1]), "sorted, for the binary search");
        let mut lines = Map::new();
        lines.insert("metrics.output_throughput", 3u32);
        lines.insert(String::from("metrics.extra.a_label_longer_than_24"), 4);
        let (other, long) = (lines.keys().next().unwrap(), lines.keys().nth(1).unwrap());
        assert_eq!((long.as_str(), long.as_static_str().is_some()), ("metrics.output_throughput", true));
        assert_eq!((other.as_str(), other.as_static_str().is_some()), ("metrics.extra.a_label_longer_than_24", false));
    }

    proptest! {
        /// Any sequence of inserts and removes leaves the same entries, in the same order,
        /// as a `BTreeMap`, and serialises to the same JSON.
        #[test]
        fn behaves_and_serialises_like_a_btreemap(ops in proptest::collection::vec(("[a-d.]{0,3}|[a-z_.]{20,30}", any::<Option<u8>>(), any::<bool>()), 0..40)) {
            // Shared keys (`share_keys`) between any two changes, held in one list for all.
            // Each time based on the map as it was when last shared (`share_keys_like`).
            let (mut map, mut reference, mut lists, mut like) = (Map::new(), BTreeMap::<String, u8>::new(), KeyLists::default(), None::<Map<u8>>);
            for (key, value, share) in ops {
                if share {
                    map.share_keys_like(&mut lists, like.as_ref());
                    like = Some(map.clone());
                    prop_assert_eq!(map.get(&key), reference.get(&key));
                    prop_assert_eq!(map.first_key_value().map(|(k, v)| (k.as_str(), *v)), reference.first_key_value().map(|(k, v)| (k.as_str(), *v)));
                    prop_assert_eq!(map.last_key_value().map(|(k, v)| (k.as_str(), *v)), reference.last_key_value().map(|(k, v)| (k.as_str(), *v)));
                    prop_assert!(map.iter().rev().map(|(k, v)| (k.as_str(), *v)).eq(reference.iter().rev().map(|(k, v)| (k.as_str(), *v))));
                    // A value changed in place keeps the keys shared.
                    if let Some(v) = map.get_mut(&key) {
                        *v = v.wrapping_add(1);
                        reference.insert(key.clone(), *v);
                    }
                }
                match value {
                    Some(v) => prop_assert_eq!(map.insert(&key, v), reference.insert(key, v)),
                    None => prop_assert_eq!(map.remove(&key), reference.remove(&key)),
                }
            }
            prop_assert_eq!(map.len(), reference.len());
            prop_assert!(map.iter().map(|(k, v)| (k.as_str(), *v)).eq(reference.iter().map(|(k, v)| (k.as_str(), *v))));
            let json = serde_json::to_string(&map).unwrap();
            prop_assert_eq!(&json, &serde_json::to_string(&reference).unwrap());
            let back: Map<u8> = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(back, map);
        }
    }

    proptest! {
        /// The inline comparison orders keys as `str::cmp` does (shared prefixes of any
        /// length, one key a prefix of the other, bytes above 0x7f).
        #[test]
        fn keys_compare_as_strings_do(a in "[ab.é]{0,20}", b in "[ab.é]{0,20}") {
            prop_assert_eq!(compare(&a, &b), a.as_str().cmp(b.as_str()));
            let (long_a, long_b) = (format!("metrics.ttft_ms.{a}"), format!("metrics.ttft_ms.{b}"));
            prop_assert_eq!(compare(&long_a, &long_b), long_a.cmp(&long_b));
        }
    }

    proptest! {
        #[test]
        fn collecting_keeps_the_last_of_a_repeated_key_like_a_btreemap(items in proptest::collection::vec(("[a-c]{0,2}", any::<u8>()), 0..20)) {
            let map: Map<u8> = items.iter().cloned().collect();
            let reference: BTreeMap<String, u8> = items.into_iter().collect();
            prop_assert!(map.iter().map(|(k, v)| (k.as_str(), *v)).eq(reference.iter().map(|(k, v)| (k.as_str(), *v))));
        }
    }

    #[test]
    fn a_repeated_key_in_json_keeps_the_last_value_like_a_btreemap() {
        let map: Map<u32> = serde_json::from_str(r#"{"b": 1, "a": 2, "b": 3}"#).unwrap();
        assert_eq!(map.iter().map(|(k, v)| (k.as_str(), *v)).collect::<Vec<_>>(), [("a", 2), ("b", 3)]);
    }
}
