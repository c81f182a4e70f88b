//! `Rare<T>`: a part of a run that many runs leave empty (the client's own words, the serve
//! parameters, the scenario and derived values of a bare block), kept behind a pointer
//! that is only allocated when something is written.
//!
//! A build holds every run at once, so a run's inline size is most of what a log of tiny
//! blocks costs: `Rare` puts 8 bytes in the run instead of the whole part. It reads as the
//! part (an empty one when nothing was written), compares and serialises as the part, so
//! `runs.json` does not change.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// A part with an empty value that can be lent without allocating.
pub trait Empty: Default + 'static {
    fn empty() -> &'static Self;
}

/// Shared, not owned: runs side by side that hold equal parts (a section's runs, one serve
/// command and GPU) can hold one (`share_with`); writing to a shared part copies it first.
#[derive(Clone, Default)]
pub struct Rare<T: Empty>(Option<Arc<T>>);

impl<T: Empty> Deref for Rare<T> {
    type Target = T;
    fn deref(&self) -> &T {
        match &self.0 {
            Some(part) => part,
            None => T::empty(),
        }
    }
}

/// Writing (or borrowing to write) allocates the part, or copies it when it is shared.
impl<T: Empty + Clone> DerefMut for Rare<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(self.0.get_or_insert_with(Arc::default))
    }
}

impl<T: Empty> Rare<T> {
    /// Whether the part is allocated (something was written to it).
    pub fn is_allocated(&self) -> bool {
        self.0.is_some()
    }
}

impl<T: Empty + PartialEq> Rare<T> {
    /// Replaces the part; an empty one frees it (reads as before: empty).
    pub fn set(&mut self, part: T) {
        self.0 = (part != *T::empty()).then(|| Arc::new(part));
    }

    /// Holds `other`'s part instead of its own when the two are equal (the run beside it
    /// states the same): one copy for both, read as before.
    pub fn share_with(&mut self, other: &Rare<T>) {
        if let (Some(mine), Some(theirs)) = (&self.0, &other.0) {
            if !Arc::ptr_eq(mine, theirs) && mine == theirs {
                self.0 = Some(theirs.clone());
            }
        }
    }
}

impl<T: Empty + PartialEq> Rare<T> {
    /// Frees the part when it is empty again (written, then cleared): reads as before.
    pub fn settle(&mut self) {
        if self.0.as_deref().is_some_and(|part| part == T::empty()) {
            self.0 = None;
        }
    }
}

impl<T: Empty> From<T> for Rare<T> {
    fn from(part: T) -> Self {
        Rare(Some(Arc::new(part)))
    }
}

impl<T: Empty + PartialEq> PartialEq for Rare<T> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Empty + std::fmt::Debug> std::fmt::Debug for Rare<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl<T: Empty + Serialize> Serialize for Rare<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de, T: Empty + Deserialize<'de> + PartialEq> Deserialize<'de> for Rare<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let part = T::deserialize(d)?;
        Ok(if &part == T::empty() { Rare(None) } else { Rare::from(part) })
    }
}

#[cfg(test)]
mod tests {
    use crate::{ClientInfo, Derived, Params, Run, Scenario};

    #[test]
    fn equal_parts_are_held_once_and_copied_when_written() {
        let mut runs = vec![Run::default(), Run::default(), Run::default()];
        for run in &mut runs {
            run.params.command = Some("vllm serve m --tp 2".into());
        }
        runs[2].params.command = Some("vllm serve m --tp 4".into());
        Run::share_all(&mut runs, &mut Default::default());
        let ptr = |r: &Run| r.params.0.as_ref().map(std::sync::Arc::as_ptr);
        assert_eq!(ptr(&runs[0]), ptr(&runs[1]));
        assert_ne!(ptr(&runs[1]), ptr(&runs[2]), "different commands stay apart");
        runs[1].params.command = Some("changed".into());
        assert_eq!(runs[0].params.command.as_deref(), Some("vllm serve m --tp 2"), "the other keeps its part");
        assert_ne!(ptr(&runs[0]), ptr(&runs[1]));
    }

    #[test]
    fn an_empty_part_costs_a_pointer_reads_as_empty_and_serialises_as_before() {
        let mut run = Run::default();
        assert_eq!(run.client.args, None);
        assert!(run.params.flags.is_empty());
        let empty = serde_json::to_value(&run).unwrap();
        assert_eq!(empty["client"], serde_json::to_value(ClientInfo::default()).unwrap());
        assert_eq!(empty["params"], serde_json::to_value(Params::default()).unwrap());
        assert_eq!(empty["scenario"], serde_json::to_value(Scenario::default()).unwrap());
        assert_eq!(empty["derived"], serde_json::to_value(Derived::default()).unwrap());
        // Derived values that come to nothing allocate nothing, and clearing them frees them.
        run.metrics.output_throughput = Some(10.0);
        run.derive();
        assert_eq!(run, Run { metrics: run.metrics.clone(), ..Run::default() });
        run.tp = Some(2);
        run.derive();
        assert_eq!(run.derived.output_throughput_per_gpu, Some(5.0));
        run.tp = None;
        run.derive();
        assert!(run.derived.0.is_none());
        run.metrics.output_throughput = None;
        run.client.args = Some("--num-prompts 10".into());
        assert_eq!(run.client.args.as_deref(), Some("--num-prompts 10"));
        let back: Run = serde_json::from_value(serde_json::to_value(&run).unwrap()).unwrap();
        assert_eq!(back, run);
        assert_ne!(back, Run::default());
        // A part written and emptied again equals one never written.
        run.client.args = None;
        assert_eq!(run, Run::default());
        // 832 bytes before the rarely filled metrics moved behind a pointer (`MoreMetrics`),
        // 672 before the labels did (`Labels`).
        assert!(std::mem::size_of::<Run>() <= 464, "a run is {} bytes inline", std::mem::size_of::<Run>());
        // Labels written empty are freed by `derive`, and read as before.
        run.gpu = None;
        assert!(run.labels.is_allocated());
        run.derive();
        assert!(!run.labels.is_allocated() && run.gpu.is_none());
    }
}
