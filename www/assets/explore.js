// Loads the explorer (wasm) on the explore page; the page includes this script only when the
// site was built with the viewer (`cargo xtask site`). The log parser is a second module,
// loaded only when a reader adds a file. If loading fails, the full table stays.
const viewer = document.getElementById("viewer");
const base = viewer ? viewer.getAttribute("data-base") || "/" : "/";
let parser = null;
window.benchsiteParse = async (name, text) => {
  if (!parser) {
    parser = import(base + "assets/viewer/parse/benchsite_viewer_parse.js").then(async (m) => {
      await m.default();
      return m;
    });
  }
  const m = await parser;
  return m.parseLog(name, text);
};
import(base + "assets/viewer/benchsite_viewer.js")
  .then(async (module) => {
    await module.default();
    window.benchsiteViewer = module; // for the benchmark script (benchFilter)
  })
  .catch((error) => {
    // The same panel, id and wording as the viewer's own failures, in the page's language.
    let strings = {};
    try {
      strings = JSON.parse(document.getElementById("viewer-strings").textContent);
    } catch (e) {}
    const template = strings["viewer.load_failed"] || "The explorer could not be started ({error}).";
    const panel = document.createElement("p");
    panel.id = "viewer-error";
    panel.className = "notice error-panel";
    panel.setAttribute("role", "alert");
    panel.textContent = template.replace("{error}", String(error));
    if (viewer) viewer.prepend(panel);
  });
