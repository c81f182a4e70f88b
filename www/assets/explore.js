// Loads the explorer (wasm) on the explore page; the page includes this script only when the
// site was built with the viewer (`cargo xtask site`). A first visit loads the core module,
// which draws the first view; the full module (`full/`), with the compare view, a run's
// panel, parameter explanations, CSV and the reader's own logs, is loaded when the core one
// hands the page over (`benchsiteUpgrade`). The log parser is a third module, loaded in a
// worker only when a reader adds a file. If loading fails, the full table stays.
const viewer = document.getElementById("viewer");
const base = viewer ? viewer.getAttribute("data-base") || "/" : "/";
// The parser runs in a worker (`parse-worker.js`). After a failure or a cancel the worker is
// ended, so the next file gets a fresh parser.
let worker = null;
let sequence = 0;
const pending = new Map();
const endWorker = (reason) => {
  if (worker) worker.terminate();
  worker = null;
  for (const { reject } of pending.values()) reject(new Error(reason));
  pending.clear();
};
const startWorker = () => {
  worker = new Worker(base + "assets/parse-worker.js", { type: "module" });
  worker.onmessage = (event) => {
    const { id, ok, json, error } = event.data;
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    if (ok) {
      call.resolve(json);
    } else {
      call.reject(new Error(error));
      endWorker(error);
    }
  };
  worker.onerror = (event) => endWorker(event.message || "the log parser stopped");
};
const callParser = (message) =>
  new Promise((resolve, reject) => {
    if (!worker) startWorker();
    const id = ++sequence;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, base, ...message });
  });
// Resolves to the runs in the explorer's own format (`viewer/src/local.rs`); `stated` is
// what the reader wrote in the form (`framework\tversion\tGPU\tcount`).
window.benchsiteParse = (name, text, stated) => callParser({ name, text, stated: stated || "" });
window.benchsiteCancelParse = () => endWorker("cancelled");
// For the recovery test: makes the parser trap as a failing parse would.
window.benchsiteTrapParser = () => callParser({ name: "", text: "", trap: true });
// The same panel, id and wording as the viewer's own failures, in the page's language.
const say = (key, fallback, error) => {
  let strings = {};
  try {
    strings = JSON.parse(document.getElementById("viewer-strings").textContent);
  } catch (e) {}
  let panel = document.getElementById("viewer-error");
  if (!panel) {
    panel = document.createElement("p");
    panel.id = "viewer-error";
    panel.className = "notice error-panel";
    panel.setAttribute("role", "alert");
    if (viewer) viewer.prepend(panel);
  }
  panel.hidden = false;
  panel.textContent = (strings[key] || fallback).replace("{error}", String(error));
};
const failed = (error) => say("viewer.load_failed", "The explorer could not be started ({error}).", error);
// The explorer's modules are built with panics as traps (`cargo xtask wasm`, `LEAN`): a panic
// reaches the page as a WebAssembly.RuntimeError, from an event handler or a pending task.
const trapped = (error) => {
  if (error instanceof WebAssembly.RuntimeError) say("viewer.stopped", "The explorer stopped ({error}). Reload the page to start it again.", error.message);
};
window.addEventListener("error", (event) => trapped(event.error));
window.addEventListener("unhandledrejection", (event) => trapped(event.reason));
const load = (path) =>
  import(base + path).then(async (module) => {
    await module.default();
    window.benchsiteViewer = module; // for the benchmark script (benchFilter)
  });
// The core module calls this when a reader or a link needs the full module: the full module
// reads the state from the address bar and what the core carried over (`carry`: notices, the
// action to finish, the files added) from `benchsiteCarry`, and takes the page over.
let core = null;
let full = null;
window.benchsiteUpgrade = (carry) => {
  // The latest action wins; the full module stops the core (`retire`) when it reads the state.
  carry.retire = () => core && core.retire();
  window.benchsiteCarry = carry;
  if (!full) {
    full = load("assets/viewer/full/benchsite_viewer_full.js").catch(failed);
  }
  return full;
};
load("assets/viewer/benchsite_viewer.js")
  .then(() => {
    core = window.benchsiteViewer;
  })
  .catch(failed);
