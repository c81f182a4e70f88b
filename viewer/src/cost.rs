//! Cost per million tokens from a price the reader types: a price per GPU-hour per GPU type,
//! kept in the link (`price=H800:2.5,A100:1.1`) and never sent anywhere.
//!
//! cost per million tokens = price per GPU-hour × GPUs ÷ (tokens/s × 3600) × 1,000,000
//!
//! Output tokens give the cost per million output tokens, input plus output tokens the cost
//! per million total tokens. A run whose GPU has no price, whose GPU count is not stated or
//! whose throughput is missing has no cost: nothing is assumed.

/// Highest price per GPU-hour taken as typed; above it the value is refused as a typo.
pub const MAX_PRICE: f64 = 10_000.0;

/// Prices per GPU-hour by GPU name, as the runs name GPUs: (GPU, price) in GPU order, each
/// GPU once (a list, not a map: no map code for it in the wasm).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prices(pub Vec<(String, f64)>);

/// Why a typed price was not used.
#[derive(Clone, Debug, PartialEq)]
pub enum Refused {
    /// `H800:abc`: not a number.
    NotANumber { gpu: String, text: String },
    /// Zero, negative, or above [`MAX_PRICE`] (`text` as typed: `1e400` stays `1e400`).
    OutOfRange { gpu: String, text: String },
    /// `H800` without `:price`, or `:2.5` without a GPU.
    Malformed(String),
}

impl Prices {
    /// Reads `GPU:price` pairs separated by `,` (already percent-decoded). Each bad pair is
    /// refused on its own; the good ones are kept.
    pub fn parse(text: &str) -> (Prices, Vec<Refused>) {
        let mut prices: Vec<(String, f64)> = Vec::new();
        let mut refused = Vec::new();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((gpu, value)) = item.rsplit_once(':').map(|(g, v)| (g.trim(), v.trim())).filter(|(g, v)| !g.is_empty() && !v.is_empty()) else {
                refused.push(Refused::Malformed(item.to_string()));
                continue;
            };
            match benchsite_model::number::parse_f64(value) {
                Some(v) if v.is_finite() && v > 0.0 && v <= MAX_PRICE => {
                    // A GPU typed twice: the last price, as the input shows it.
                    prices.retain(|(g, _)| g != gpu);
                    prices.push((gpu.to_string(), v));
                }
                Some(v) if !v.is_nan() => refused.push(Refused::OutOfRange { gpu: gpu.to_string(), text: value.to_string() }),
                _ => refused.push(Refused::NotANumber { gpu: gpu.to_string(), text: value.to_string() }),
            }
        }
        crate::order::sort_by(&mut prices, |a, b| a.0.cmp(&b.0));
        (Prices(prices), refused)
    }

    /// `A100:1.1,H800:2.5`: GPUs in order, prices as typed (shortest form).
    pub fn to_query(&self) -> String {
        self.0.iter().map(|(g, p)| format!("{g}:{}", benchsite_model::number::shortest(*p))).collect::<Vec<_>>().join(",")
    }

    pub fn get(&self, gpu: &str) -> Option<f64> {
        self.0.binary_search_by(|(g, _)| g.as_str().cmp(gpu)).ok().map(|i| self.0[i].1)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The `GPU:price` items of typed text, as typed (bad ones included), for the inputs.
pub fn typed(text: &str) -> Vec<(String, String)> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|item| item.rsplit_once(':').map_or((String::new(), item.to_string()), |(g, v)| (g.trim().to_string(), v.trim().to_string())))
        .collect()
}

/// The typed text with `gpu`'s price set to `price` as typed (removed when empty); items
/// in GPU order, so equal prices make equal links.
pub fn set_price(text: &str, gpu: &str, price: &str) -> String {
    let mut items: Vec<(String, String)> = typed(text).into_iter().filter(|(g, _)| g != gpu).collect();
    if !price.trim().is_empty() {
        items.push((gpu.to_string(), price.trim().to_string()));
    }
    crate::order::sort_by(&mut items, Ord::cmp);
    items.into_iter().map(|(g, v)| if g.is_empty() { v } else { format!("{g}:{v}") }).collect::<Vec<_>>().join(",")
}

/// Dollars (or whatever currency the price is in) per million tokens; `None` when any input
/// is missing or not positive.
pub fn per_million(price_per_gpu_hour: f64, gpus: u32, tokens_per_s: f64) -> Option<f64> {
    let ok = |x: f64| x.is_finite() && x > 0.0;
    if !(ok(price_per_gpu_hour) && gpus > 0 && ok(tokens_per_s)) {
        return None;
    }
    Some(price_per_gpu_hour * f64::from(gpus) / (tokens_per_s * 3600.0) * 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_formula_by_hand() {
        // 2 GPUs at 2.5 per hour = 5 per hour = 5 / 3600 per second; 1,000 tok/s →
        // 5 / 3.6 per million tokens = 1.3889.
        let c = per_million(2.5, 2, 1000.0).unwrap();
        assert!((c - 5.0 / 3.6).abs() < 1e-12);
        assert_eq!(per_million(2.5, 0, 1000.0), None, "GPU count not stated");
        assert_eq!(per_million(2.5, 1, 0.0), None, "no throughput");
        assert_eq!(per_million(f64::NAN, 1, 10.0), None);
    }

    #[test]
    fn typed_prices_round_trip_and_hostile_ones_are_refused_one_by_one() {
        let (p, refused) = Prices::parse("H800:2.5, A100:1.1");
        assert!(refused.is_empty());
        assert_eq!(p.to_query(), "A100:1.1,H800:2.5");
        assert_eq!(Prices::parse(&p.to_query()).0, p);
        let (p, refused) = Prices::parse("H800:abc,A100:-1,L40:1e400,H20:0,B200:NaN,:3,H100,MI300X:99999,H200:3.2");
        assert_eq!(p.to_query(), "H200:3.2", "only the good price is kept");
        assert_eq!(
            refused,
            [
                Refused::NotANumber { gpu: "H800".into(), text: "abc".into() },
                Refused::OutOfRange { gpu: "A100".into(), text: "-1".into() },
                Refused::OutOfRange { gpu: "L40".into(), text: "1e400".into() },
                Refused::OutOfRange { gpu: "H20".into(), text: "0".into() },
                Refused::NotANumber { gpu: "B200".into(), text: "NaN".into() },
                Refused::Malformed(":3".into()),
                Refused::Malformed("H100".into()),
                Refused::OutOfRange { gpu: "MI300X".into(), text: "99999".into() },
            ]
        );
    }

    #[test]
    fn an_input_sets_one_gpus_price_and_keeps_the_others_as_typed() {
        let text = set_price("", "H800", "2.5");
        assert_eq!(text, "H800:2.5");
        let text = set_price(&text, "A100", " abc ");
        assert_eq!(text, "A100:abc,H800:2.5");
        assert_eq!(typed(&text), [("A100".to_string(), "abc".to_string()), ("H800".to_string(), "2.5".to_string())]);
        assert_eq!(set_price(&text, "A100", ""), "H800:2.5");
        assert_eq!(set_price("junk,H800:1", "H800", "2"), "junk,H800:2", "a malformed item stays for its notice");
    }

    #[test]
    fn a_gpu_name_with_a_colon_keeps_it() {
        let (p, _) = Prices::parse("A100:80G:1.5");
        assert_eq!(p.get("A100:80G"), Some(1.5));
    }
}
