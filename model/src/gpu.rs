//! The GPU table (`content/tuning/gpus.toml`): what the default rules of the parameter
//! catalog need to know about a GPU — the names the engines match on and how much memory
//! it has.
//!
//! Engines decide by the device name (`"a100" in torch.cuda.get_device_name().lower()`) and
//! by the memory size (`nvidia-smi --query-gpu=memory.total`, or torch's total memory). A
//! result file names its GPU loosely (`A100_v0.9.2.md`), so a GPU may have several possible
//! memory sizes (an A100 has 40 GB and 80 GB variants): a rule is decided only when every
//! candidate gives the same answer. Unknown stays unknown.

use serde::{Deserialize, Serialize};

use crate::tuning::Text;

/// MiB in a GiB: engines write their thresholds as `35 * 1024` (MiB) or `70 * GiB_bytes`.
pub const MIB_PER_GIB: f64 = 1024.0;

/// One GPU as the engines see it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    /// The name result files use: `H800`, `A100`.
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub vendor: String,
    /// Other spellings of this GPU in result files and sidecars: `H800-SXM`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// What `torch.cuda.get_device_name()` reports (`NVIDIA A100-SXM4-80GB`), the string the
    /// engines' name checks search. Without it the name and aliases are searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_name: Option<String>,
    /// The memory it may have, in GiB (nominal, from the product name or specification).
    /// Several values when the files do not say which variant it is; empty when unknown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub memory_gib: Vec<f64>,
    /// The total memory `nvidia-smi` reports, in MiB, when a cited log shows it. Formulas
    /// computed from the nominal size instead are marked approximate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_mib: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
    /// Where the memory size comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// One memory size a GPU may have, as the rules see it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Memory {
    pub mib: f64,
    /// Measured (`nvidia-smi`) rather than nominal.
    pub exact: bool,
}

impl Memory {
    pub fn gib(self) -> f64 {
        self.mib / MIB_PER_GIB
    }
}

impl Gpu {
    /// Whether the engines' name check for `key` (`"a100" in device_name`) hits this GPU.
    pub fn name_matches(&self, key: &str) -> bool {
        let key = key.to_ascii_lowercase();
        match &self.device_name {
            Some(device) => device.to_ascii_lowercase().contains(&key),
            None => std::iter::once(&self.name).chain(&self.aliases).any(|n| n.to_ascii_lowercase().contains(&key)),
        }
    }

    /// The memory sizes this GPU may have; empty when nothing is known.
    pub fn memories(&self) -> Vec<Memory> {
        match self.memory_mib {
            Some(mib) => vec![Memory { mib, exact: true }],
            None => self.memory_gib.iter().map(|g| Memory { mib: g * MIB_PER_GIB, exact: false }).collect(),
        }
    }

    /// A GPU the table does not list: only its name is known.
    pub fn unlisted(name: &str) -> Gpu {
        Gpu { name: name.to_string(), ..Gpu::default() }
    }
}

/// The GPU of `name` (name or alias, any case) in `table`.
pub fn find<'a>(table: &'a [Gpu], name: &str) -> Option<&'a Gpu> {
    let name = name.trim();
    table.iter().find(|g| g.name.eq_ignore_ascii_case(name) || g.aliases.iter().any(|a| a.eq_ignore_ascii_case(name)))
}

/// The table as written in `content/tuning/gpus.toml`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct GpuTable {
    #[serde(default, rename = "gpu")]
    pub gpus: Vec<Gpu>,
}

/// `content/tuning/gpus.toml` as built into the binary: the table a catalog uses when
/// nobody gave it one. Native builds only; the viewer receives the table inside `parameters.json`.
#[cfg(not(target_arch = "wasm32"))]
pub fn builtin() -> &'static [Gpu] {
    static TABLE: std::sync::OnceLock<Vec<Gpu>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        toml::from_str::<GpuTable>(BUILTIN_TOML).map(|t| t.gpus).expect("content/tuning/gpus.toml is valid (checked by a unit test)")
    })
}

#[cfg(target_arch = "wasm32")]
pub fn builtin() -> &'static [Gpu] {
    &[]
}

/// The text of `content/tuning/gpus.toml`, for the generator's fallback as well.
pub const BUILTIN_TOML: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/tuning/gpus.toml"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_table_parses_and_names_are_unique() {
        let table = builtin();
        assert!(table.len() >= 5);
        let mut names: Vec<String> = table.iter().flat_map(|g| std::iter::once(&g.name).chain(&g.aliases)).map(|n| n.to_ascii_lowercase()).collect();
        names.sort();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "a name or alias appears twice");
    }

    #[test]
    fn a100_of_unknown_variant_has_two_memory_sizes() {
        let a100 = find(builtin(), "a100").expect("A100 is listed");
        let gib: Vec<f64> = a100.memories().iter().map(|m| m.gib()).collect();
        assert_eq!(gib, vec![40.0, 80.0]);
        assert!(a100.name_matches("A100") && !a100.name_matches("a800"));
    }

    /// GPUs the name table (`content/names.toml`) knows, each with the memory its vendor
    /// specifies, so that memory-dependent defaults and KV-memory estimates can be made for them.
    #[test]
    fn gpus_the_name_table_knows_have_their_memory() {
        let expected: [(&str, &[f64]); 17] = [
            ("L40", &[48.0]), ("L4", &[24.0]), ("A10", &[24.0]), ("A10G", &[24.0]), ("A30", &[24.0]), ("A40", &[48.0]),
            ("T4", &[16.0]), ("V100", &[16.0, 32.0]), ("MI250", &[64.0]), ("MI250X", &[64.0]), ("MI210", &[64.0]),
            ("RTX 4090", &[24.0]), ("RTX 3090", &[24.0]), ("RTX 2080 Ti", &[11.0]), ("910B2", &[64.0]), ("910B3", &[64.0]),
            ("910B4", &[32.0]),
        ];
        for (name, gib) in expected {
            let gpu = find(builtin(), name).unwrap_or_else(|| panic!("{name} is not listed"));
            let got: Vec<f64> = gpu.memories().iter().map(|m| m.gib()).collect();
            assert_eq!(got, gib, "{name}");
            assert!(gpu.source.is_some(), "{name} cites no source for its memory");
        }
        let l4 = find(builtin(), "L4").unwrap();
        assert!(l4.name_matches("l4") && !find(builtin(), "A10").unwrap().name_matches("a100"));
    }

    #[test]
    fn name_checks_search_the_device_name_like_the_engines() {
        let gpu = Gpu { name: "A100-80G".into(), device_name: Some("NVIDIA A100-SXM4-80GB".into()), ..Gpu::default() };
        assert!(gpu.name_matches("a100"));
        assert!(!gpu.name_matches("a100-80g"), "the device name, not the file's spelling, is searched");
        assert!(Gpu::unlisted("H200").name_matches("h20"), "as in the engines, `h20` is found in `h200`");
    }
}
