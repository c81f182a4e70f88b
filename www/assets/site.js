// The site's only script: theme toggle, copy buttons, bringing a linked element into view
// (a source page's line `#L12`, in the middle of the screen; one in a collapsed <details>
// opened first), and the language choice on the root page. It runs before
// first paint (loaded in <head>, not deferred) so the stored theme applies without a flash;
// everything that touches the body waits for DOMContentLoaded. No inline handlers: the
// Content-Security-Policy allows only this file.
(function () {
  "use strict";
  var root = document.documentElement;
  var KEY = "benchsite-theme";
  var stored = null;
  try { stored = localStorage.getItem(KEY); } catch (e) { /* storage disabled */ }
  if (stored === "dark" || stored === "light") root.setAttribute("data-theme", stored);

  // Root page: go to the reader's language; both links stay visible without JS.
  if (root.getAttribute("data-page") === "root") {
    var langs = (navigator.languages || [navigator.language || ""]).join(",").toLowerCase();
    var zh = langs.split(",")[0].indexOf("zh") === 0;
    document.addEventListener("DOMContentLoaded", function () {
      var link = document.querySelector('section[data-lang="' + (zh ? "zh" : "en") + '"] a[hreflang]');
      if (link) location.replace(link.href);
    });
    return;
  }

  function currentTheme() {
    var t = root.getAttribute("data-theme");
    if (t) return t;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  function setupTheme() {
    var button = document.getElementById("theme-toggle");
    if (!button) return;
    var label = function () {
      var dark = currentTheme() === "dark";
      button.textContent = dark ? button.getAttribute("data-label-light") : button.getAttribute("data-label-dark");
      button.setAttribute("aria-pressed", dark ? "true" : "false");
    };
    button.hidden = false;
    label();
    button.addEventListener("click", function () {
      var next = currentTheme() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { localStorage.setItem(KEY, next); } catch (e) { /* not persisted */ }
      label();
    });
  }

  function setupCopy() {
    var buttons = document.querySelectorAll("button.copy[data-copy]");
    Array.prototype.forEach.call(buttons, function (button) {
      var source = document.getElementById(button.getAttribute("data-copy"));
      if (!source || !navigator.clipboard) return;
      button.hidden = false;
      var idle = button.textContent;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(source.textContent).then(function () {
          button.textContent = button.getAttribute("data-done");
          setTimeout(function () { button.textContent = idle; }, 1500);
        });
      });
    });
  }

  // "#L12" → "L12", "#%E5%9F%BA" → "基". A malformed escape ("#%E0%A4%A") is looked up as
  // written, as browsers do, instead of throwing a URIError.
  function fragmentId(hash) {
    var raw = hash.charAt(0) === "#" ? hash.slice(1) : hash;
    try { return decodeURIComponent(raw); } catch (e) { return raw; }
  }

  // A link to #L123 shows its line mid-screen, and an element in a collapsed <details> opened.
  function revealTarget() {
    var id = fragmentId(location.hash);
    if (!id) return;
    var el = document.getElementById(id);
    if (!el) return;
    for (var p = el.parentElement; p; p = p.parentElement) {
      if (p.tagName === "DETAILS") p.open = true;
    }
    el.scrollIntoView({ block: "center" });
  }

  // A source page's line numbers are drawn by site.css (no link per line in the markup): a
  // click on a line's number, left of its text, links to the line as those links did.
  function setupLineLinks() {
    var listing = document.querySelector("code.listing");
    if (!listing) return;
    listing.addEventListener("click", function (e) {
      var line = e.target;
      if (!line || line.parentElement !== listing || !line.id) return;
      var gutter = parseFloat(getComputedStyle(line).paddingLeft) || 0;
      if (e.clientX - line.getBoundingClientRect().left > gutter) return;
      location.hash = "#" + line.id;
    });
  }

  // The explorer keeps its state in the query string; the language switch carries it over.
  function keepQueryOnSwitch() {
    var sw = document.querySelector("a.lang-switch");
    if (sw && location.search) sw.href = sw.getAttribute("href").split("?")[0] + location.search;
  }

  document.addEventListener("DOMContentLoaded", function () {
    setupTheme();
    setupCopy();
    keepQueryOnSwitch();
    setupLineLinks();
    revealTarget();
    window.addEventListener("hashchange", revealTarget);
  });
})();
