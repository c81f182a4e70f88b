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
    const panel = document.createElement("p");
    panel.className = "notice error-panel";
    panel.setAttribute("role", "alert");
    panel.textContent = "The explorer could not be loaded: " + error;
    if (viewer) viewer.prepend(panel);
  });
