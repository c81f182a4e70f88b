//! The price panel (`#cost`, under the controls): a price per GPU-hour for each GPU of the
//! data, typed by the reader and kept only in the link (`price=`), the formula of the cost
//! metrics, and a notice naming each typed value that was not taken. The cost metrics
//! themselves are ordinary metrics of the store (`Store::set_prices`), so the chart, the
//! table and the compare view show them like any other.

use super::dom::{self, append, attr, clear, el};
use super::view::View;
use crate::cost::{self, Refused};
use crate::store::{Dim, UNKNOWN};
use web_sys::HtmlInputElement;

/// The panel: built in the controls once, its inputs rebuilt when the GPUs change, their
/// values and the notices following the state.
pub fn render(view: &View) {
    let Some(panel) = dom::by_id("cost") else { return };
    let ui = view.ui;
    let gpus: Vec<&String> = view.store.dims[&Dim::Gpu].values.iter().filter(|g| *g != UNKNOWN).collect();
    let Some(inputs) = dom::by_id("cost-inputs") else { return };
    if !dom::built_from(&inputs, dom::Key::default().all(gpus.iter().map(|g| g.as_str())).s(&ui.lang).text()) {
        clear(&inputs);
        for (n, gpu) in gpus.iter().enumerate() {
            let label = el("label", "price", gpu);
            let input = el("input", "", "");
            for (a, v) in [("type", "text"), ("inputmode", "decimal"), ("id", &format!("price-{n}")), ("data-action", "price"), ("data-gpu", gpu), ("placeholder", &ui.tr("viewer.cost.placeholder")), ("size", "6")] {
                attr(&input, a, v);
            }
            append(&label, &input);
            append(&inputs, &label);
        }
    }
    let typed = cost::typed(&view.state.price);
    let focused = dom::document().active_element().map(|e| e.id()).unwrap_or_default();
    for (n, gpu) in gpus.iter().enumerate() {
        let id = format!("price-{n}");
        let Some(input) = dom::by_id_as::<HtmlInputElement>(&id) else { continue };
        let text = typed.iter().find(|(g, _)| g == *gpu).map(|(_, v)| v.clone()).unwrap_or_default();
        if focused != id && input.value() != text {
            input.set_value(&text);
        }
    }
    if !view.state.price.is_empty() {
        attr(&panel, "open", "");
    }
    let Some(notes) = dom::by_id("cost-notes") else { return };
    let with_cost: u32 = if view.prices.is_empty() { 0 } else { view.tally("cost_out").map_or(0, |t| view.rows.held(view.store).map(|u| t.count[u]).sum()) };
    let mut lines: Vec<(&str, String)> = view.refused.iter().map(|r| ("warn", refused(view, r))).collect();
    if !view.prices.is_empty() {
        lines.push(("", ui.fill("viewer.cost.with_cost", &[("n", &with_cost.to_string()), ("total", &view.rows.len().to_string())])));
    }
    if dom::built_from(&notes, lines.iter().fold(dom::Key::default().n(lines.len()), |k, (class, text)| k.s(class).s(text)).text()) {
        return;
    }
    clear(&notes);
    for (class, text) in lines {
        append(&notes, &el("li", class, &text));
    }
}

/// The notice for one refused value, naming it as typed.
fn refused(view: &View, r: &Refused) -> String {
    match r {
        Refused::NotANumber { gpu, text } => view.ui.fill("viewer.cost.not_a_number", &[("gpu", gpu), ("text", text)]),
        Refused::OutOfRange { gpu, text } => view.ui.fill("viewer.cost.out_of_range", &[("gpu", gpu), ("text", text), ("max", &benchsite_model::format_count(cost::MAX_PRICE as u64, &view.ui.lang))]),
        Refused::Malformed(text) => view.ui.fill("viewer.cost.malformed", &[("text", text)]),
    }
}

/// The panel's frame, built once with the controls: a folded `<details>` with the formula.
pub fn build(ui: &super::ui::Ui) -> web_sys::Element {
    let d = el("details", "cost", "");
    attr(&d, "id", "cost");
    append(&d, &el("summary", "", &ui.tr("viewer.cost.title")));
    let formula = el("p", "formula", &ui.tr("viewer.cost.formula"));
    attr(&formula, "id", "cost-formula");
    append(&d, &formula);
    append(&d, &el("p", "", &ui.tr("viewer.cost.formula_note")));
    append(&d, &el("p", "hint", &ui.tr("viewer.cost.private")));
    let inputs = el("div", "prices", "");
    attr(&inputs, "id", "cost-inputs");
    append(&d, &inputs);
    let notes = el("ul", "cost-notes", "");
    attr(&notes, "id", "cost-notes");
    attr(&notes, "role", "status");
    append(&d, &notes);
    d
}
