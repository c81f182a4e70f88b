//! Series colours, the same on every page and in every filter or sort state: one hue per
//! framework from the Okabe–Ito palette (distinguishable with the common forms of colour
//! blindness), and a shade per version and GPU of that framework. The explorer's canvas and
//! the generator's SVG charts both take their colours from here.

pub type Rgb = (u8, u8, u8);

/// Hues of the frameworks this site knows, by the names the content uses.
const FRAMEWORKS: [(&str, Rgb); 5] = [
    ("lmdeploy", (0, 114, 178)),   // blue
    ("vllm", (230, 159, 0)),       // orange
    ("sglang", (0, 158, 115)),     // bluish green
    ("trtllm", (204, 121, 167)),   // reddish purple
    ("tensorrt-llm", (204, 121, 167)),
];

/// Hues for other frameworks, chosen by a hash of the name so a framework keeps its hue
/// whatever else the data holds.
const OTHERS: [Rgb; 3] = [(86, 180, 233), (213, 94, 0), (240, 228, 66)];

/// Runs whose framework is not stated.
const UNKNOWN: Rgb = (128, 128, 128);

/// The hue of a framework.
pub fn hue(framework: &str) -> Rgb {
    let name = framework.to_ascii_lowercase();
    if let Some((_, rgb)) = FRAMEWORKS.iter().find(|(n, _)| *n == name) {
        return *rgb;
    }
    if framework == crate::store::UNKNOWN || framework.is_empty() {
        return UNKNOWN;
    }
    let h = name.bytes().fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
    OTHERS[h as usize % OTHERS.len()]
}

/// Shade `k` of a hue: 0 is the hue itself, then alternately lighter and darker, each step
/// further, so neighbouring versions stay apart.
pub fn shade((r, g, b): Rgb, k: usize) -> Rgb {
    const STEPS: [f64; 6] = [0.0, 0.45, -0.35, 0.7, -0.55, 0.25];
    let t = STEPS[k % STEPS.len()];
    let mix = |c: u8| -> u8 {
        let c = f64::from(c);
        let v = if t >= 0.0 { c + (255.0 - c) * t } else { c * (1.0 + t) };
        v.round().clamp(0.0, 255.0) as u8
    };
    (mix(r), mix(g), mix(b))
}

/// `#0072b2`.
pub fn css((r, g, b): Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_framework_keeps_its_hue_and_versions_get_distinct_shades() {
        assert_eq!(hue("lmdeploy"), hue("LMDeploy"));
        assert_ne!(hue("lmdeploy"), hue("vllm"));
        assert_eq!(hue("tensorrt-llm"), hue("trtllm"));
        assert_eq!(hue("?"), UNKNOWN);
        assert_eq!(hue("mlc-llm"), hue("mlc-llm"));
        let shades: Vec<Rgb> = (0..6).map(|k| shade(hue("vllm"), k)).collect();
        let mut distinct = shades.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 6, "{shades:?}");
        assert_eq!(shade(hue("vllm"), 0), hue("vllm"));
        assert_eq!(css((0, 114, 178)), "#0072b2");
    }
}
