//! Ordered maps and sets as sorted vectors, found by binary search: the viewer's maps hold a
//! few to a few hundred entries, and every key type of a `BTreeMap`/`BTreeSet` brought its
//! own copy of the tree's node code into the wasm (about 60 KB in all). Same order, same
//! answers (the tests compare with the standard collections); insertion is O(n), which these
//! sizes never notice.

use std::borrow::Borrow;

/// A map with its keys in order, like `BTreeMap`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SortedMap<K, V> {
    entries: Vec<(K, V)>,
}

impl<K, V> Default for SortedMap<K, V> {
    fn default() -> Self {
        SortedMap { entries: Vec::new() }
    }
}

impl<K: Ord, V> SortedMap<K, V> {
    pub fn new() -> Self {
        Self::default()
    }

    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.entries.binary_search_by(|(k, _)| k.borrow().cmp(key))
    }

    /// Sets `key`'s value; returns the one it replaces.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &mut self.entries[i].1)
    }

    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }

    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| self.entries.remove(i).1)
    }

    /// `key`'s value, made by `make` when it has none (`entry(key).or_insert_with(make)`).
    pub fn get_or_insert_with(&mut self, key: K, make: impl FnOnce(&K) -> V) -> &mut V {
        let i = match self.find(&key) {
            Ok(i) => i,
            Err(i) => {
                let value = make(&key);
                self.entries.insert(i, (key, value));
                i
            }
        };
        &mut self.entries[i].1
    }

    /// `key`'s value, the default when it has none (`entry(key).or_default()`).
    pub fn get_or_default(&mut self, key: K) -> &mut V
    where
        V: Default,
    {
        self.get_or_insert_with(key, |_| V::default())
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
    }
}

impl<K, V> SortedMap<K, V> {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Entries in key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> + ExactSizeIterator {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (&K, &mut V)> + ExactSizeIterator {
        self.entries.iter_mut().map(|(k, v)| (&*k, v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.entries.iter().map(|(_, v)| v)
    }

    pub fn into_values(self) -> impl DoubleEndedIterator<Item = V> + ExactSizeIterator {
        self.entries.into_iter().map(|(_, v)| v)
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for SortedMap<K, V> {
    /// The last value of a key given twice wins, as in `BTreeMap`.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(items: I) -> Self {
        let mut map = SortedMap::new();
        for (k, v) in items {
            map.insert(k, v);
        }
        map
    }
}

impl<K: Ord, V, const N: usize> From<[(K, V); N]> for SortedMap<K, V> {
    fn from(items: [(K, V); N]) -> Self {
        items.into_iter().collect()
    }
}

impl<K, V> IntoIterator for SortedMap<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'a, K, V> IntoIterator for &'a SortedMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (K, V)>, fn(&'a (K, V)) -> (&'a K, &'a V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

impl<K: Ord + Borrow<Q>, V, Q: Ord + ?Sized> std::ops::Index<&Q> for SortedMap<K, V> {
    type Output = V;

    fn index(&self, key: &Q) -> &V {
        self.get(key).expect("no entry for this key")
    }
}

/// A set with its items in order, like `BTreeSet`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SortedSet<T> {
    items: Vec<T>,
}

impl<T> Default for SortedSet<T> {
    fn default() -> Self {
        SortedSet { items: Vec::new() }
    }
}

impl<T: Ord> SortedSet<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `item`; false when it was there.
    pub fn insert(&mut self, item: T) -> bool {
        match self.items.binary_search(&item) {
            Ok(_) => false,
            Err(i) => {
                self.items.insert(i, item);
                true
            }
        }
    }

    pub fn contains<Q: Ord + ?Sized>(&self, item: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.items.binary_search_by(|x| x.borrow().cmp(item)).is_ok()
    }

    pub fn remove<Q: Ord + ?Sized>(&mut self, item: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        match self.items.binary_search_by(|x| x.borrow().cmp(item)) {
            Ok(i) => {
                self.items.remove(i);
                true
            }
            Err(_) => false,
        }
    }

    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.items.retain(keep);
    }
}

impl<T> SortedSet<T> {
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// Items in order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    pub fn first(&self) -> Option<&T> {
        self.items.first()
    }

    pub fn as_slice(&self) -> &[T] {
        &self.items
    }
}

impl<T: Ord> FromIterator<T> for SortedSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut set = SortedSet::new();
        for item in items {
            set.insert(item);
        }
        set
    }
}

impl<T: Ord, const N: usize> From<[T; N]> for SortedSet<T> {
    fn from(items: [T; N]) -> Self {
        items.into_iter().collect()
    }
}

impl<T> IntoIterator for SortedSet<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a SortedSet<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::{BTreeMap, BTreeSet};

    #[derive(Debug, Clone)]
    enum Op {
        Insert(u8, u16),
        Remove(u8),
        Default(u8),
        Retain(u8),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (0u8..32, any::<u16>()).prop_map(|(k, v)| Op::Insert(k, v)),
            (0u8..32).prop_map(Op::Remove),
            (0u8..32).prop_map(Op::Default),
            (0u8..32).prop_map(Op::Retain),
        ]
    }

    proptest! {
        /// Every operation answers as `BTreeMap`'s does, and the entries come out in the same order.
        #[test]
        fn the_map_agrees_with_btreemap(ops in proptest::collection::vec(op(), 0..120)) {
            let (mut ours, mut std) = (SortedMap::new(), BTreeMap::new());
            for op in ops {
                match op {
                    Op::Insert(k, v) => prop_assert_eq!(ours.insert(k, v), std.insert(k, v)),
                    Op::Remove(k) => prop_assert_eq!(ours.remove(&k), std.remove(&k)),
                    Op::Default(k) => {
                        *ours.get_or_default(k) += 1;
                        *std.entry(k).or_default() += 1;
                    }
                    Op::Retain(k) => {
                        ours.retain(|key, _| *key != k);
                        std.retain(|key, _| *key != k);
                    }
                }
                prop_assert_eq!(ours.len(), std.len());
                prop_assert_eq!(ours.iter().collect::<Vec<_>>(), std.iter().collect::<Vec<_>>());
                for k in 0..32u8 {
                    prop_assert_eq!(ours.get(&k), std.get(&k));
                    prop_assert_eq!(ours.contains_key(&k), std.contains_key(&k));
                }
            }
        }

        /// Collecting keeps the last value of a key, as `BTreeMap` does.
        #[test]
        fn collecting_a_map_agrees_with_btreemap(items in proptest::collection::vec((0u8..16, any::<u16>()), 0..60)) {
            let ours: SortedMap<u8, u16> = items.iter().copied().collect();
            let std: BTreeMap<u8, u16> = items.into_iter().collect();
            prop_assert_eq!(ours.into_iter().collect::<Vec<_>>(), std.into_iter().collect::<Vec<_>>());
        }

        /// Insert, remove and contains answer as `BTreeSet`'s do, in the same order.
        #[test]
        fn the_set_agrees_with_btreeset(items in proptest::collection::vec(("[a-d]{0,3}", any::<bool>()), 0..80)) {
            let (mut ours, mut std) = (SortedSet::new(), BTreeSet::new());
            for (item, add) in items {
                if add {
                    prop_assert_eq!(ours.insert(item.clone()), std.insert(item.clone()));
                } else {
                    prop_assert_eq!(ours.remove(item.as_str()), std.remove(item.as_str()));
                }
                prop_assert_eq!(ours.contains(item.as_str()), std.contains(item.as_str()));
                prop_assert_eq!(ours.iter().collect::<Vec<_>>(), std.iter().collect::<Vec<_>>());
            }
        }
    }
}
