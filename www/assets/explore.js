// Loads the explorer (wasm) on the explore page. When the viewer was not built (the plain
// `benchsite build`), the page keeps its full results table and says so. The log parser is
// a second module, loaded only when a reader adds a file.
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
    const note = document.getElementById("viewer-missing");
    if (note) note.hidden = false;
    console.error("explorer not loaded:", error);
  });
