// Parses a log a reader added, off the page's thread: the page stays responsive however big
// the file, and a file can be cancelled (the page terminates this worker). The parser is the
// second wasm module (`benchsite_viewer_parse`). A module that failed (a trap leaves it
// unusable) is never used again: the page starts a fresh worker for the next file.
let parser = null;

self.onmessage = async (event) => {
  const { id, base, name, text, trap } = event.data;
  try {
    if (!parser) {
      parser = import(base + "assets/viewer/parse/benchsite_viewer_parse.js").then(async (m) => {
        await m.default();
        return m;
      });
    }
    const m = await parser;
    if (trap) {
      m.trapForTest(); // a real wasm trap, for the recovery test
    }
    self.postMessage({ id, ok: true, json: m.parseLog(name, text) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error) });
  }
};
