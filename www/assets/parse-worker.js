// Parses a log a reader added, off the page's thread: the page stays responsive however big
// the file, and a file can be cancelled (the page terminates this worker). The parser is the
// second wasm module (`benchsite_viewer_parse`). A module that failed (a trap leaves it
// unusable) is never used again: the page starts a fresh worker for the next file.
let parser = null;
// The whole parameter catalog, fetched once: the reader's runs get their effective parameters
// here, so the explorer needs only what its panels show of it. Without it they get none.
let catalog = null;

self.onmessage = async (event) => {
  const { id, base, name, text, stated, trap } = event.data;
  try {
    if (!parser) {
      parser = import(base + "assets/viewer/parse/benchsite_viewer_parse.js").then(async (m) => {
        await m.default();
        return m;
      });
    }
    if (!catalog) {
      catalog = fetch(base + "data/parameters.json").then((r) => (r.ok ? r.text() : ""), () => "");
    }
    const m = await parser;
    if (trap) {
      m.trapForTest(); // a real wasm trap, for the recovery test
    }
    self.postMessage({ id, ok: true, json: m.parseLog(name, text, stated || "", await catalog) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error) });
  }
};
