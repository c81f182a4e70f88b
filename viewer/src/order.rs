//! Every sort in the viewer goes through [`permutation`], one instantiation of the standard
//! library's stable sort. Each `sort_by` with its own closure or element type otherwise adds
//! a copy of the sort to the wasm (about 5 KB each, 60 KB in all before this module).

use std::cmp::Ordering;

/// The stable order of `0..n` by `cmp`.
pub fn permutation(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_by(|&a, &b| cmp(a as usize, b as usize));
    order
}

/// Sorts `items` stably by `cmp`.
pub fn sort_by<T>(items: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let order = permutation(items.len(), &|a, b| cmp(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = std::mem::take(items).into_iter().map(Some).collect();
    items.extend(order.into_iter().filter_map(|i| slots[i as usize].take()));
}

/// Sorts `items` stably by `key`.
pub fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Same result as the standard stable sort, ties included.
        #[test]
        fn agrees_with_the_standard_stable_sort(v in proptest::collection::vec((0u8..8, any::<u16>()), 0..200)) {
            let mut ours = v.clone();
            sort_by_key(&mut ours, |p| p.0);
            let mut std = v;
            std.sort_by_key(|p| p.0);
            prop_assert_eq!(ours, std);
        }
    }
}
