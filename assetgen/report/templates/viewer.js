// The viewer: filters over the case cards, links that carry filters in the URL hash, full-size images.
// No network and no library: the page works opened from file://.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  var cards = Array.prototype.slice.call(document.querySelectorAll("article.case"));
  var FIELDS = ["verdict", "cause", "category", "family", "thinking", "repeat", "q"];

  function verdictMatches(wanted, verdict) {
    if (!wanted) return true;
    if (wanted === "not-correct") return verdict !== "correct";
    if (wanted === "failed") return verdict === "incorrect" || verdict === "no_answer";
    return verdict === wanted;
  }

  function read() {
    var f = {};
    FIELDS.forEach(function (name) {
      var el = form.elements[name];
      f[name] = el ? el.value.trim() : "";
    });
    return f;
  }

  function write(f) {
    FIELDS.forEach(function (name) {
      var el = form.elements[name];
      if (!el) return;
      var value = f[name] || "";
      if (el.tagName === "SELECT" && value && !Array.prototype.some.call(el.options, function (o) { return o.value === value; })) {
        value = "";  // a link to a value this run does not have shows everything rather than nothing
      }
      el.value = value;
    });
  }

  function apply(f) {
    var q = (f.q || "").toLowerCase();
    var shownCases = 0, shownAnswers = 0, answers = 0;
    cards.forEach(function (card) {
      var caseOk = (!f.category || card.dataset.category === f.category) &&
                   (!f.family || card.dataset.family === f.family) &&
                   (!q || card.searchText.indexOf(q) >= 0);
      var any = false;
      card.querySelectorAll("section.attempt").forEach(function (a) {
        answers += 1;
        var ok = caseOk && verdictMatches(f.verdict, a.dataset.verdict) &&
                 (!f.cause || a.dataset.cause === f.cause) &&
                 (!f.thinking || a.dataset.thinking === f.thinking) &&
                 (!f.repeat || a.dataset.repeat === f.repeat);
        a.hidden = !ok;
        if (ok) { any = true; shownAnswers += 1; }
      });
      card.hidden = !any;
      if (any) shownCases += 1;
    });
    document.getElementById("count").textContent =
      shownCases + " of " + cards.length + " cases, " + shownAnswers + " of " + answers + " answers";
    document.getElementById("no-match").hidden = shownCases > 0;
  }

  function toHash(f) {
    var params = new URLSearchParams();
    FIELDS.forEach(function (name) { if (f[name]) params.set(name, f[name]); });
    var text = params.toString();
    return text ? "#cases?" + text : "#cases";
  }

  function openCase(id) {
    var card = document.getElementById(id);
    if (!card || !card.classList.contains("case")) return false;
    if (card.hidden) { write({}); apply({}); }
    card.querySelector("details").open = true;
    card.scrollIntoView({block: "start"});
    return true;
  }

  function fromHash() {
    var hash = location.hash.slice(1);
    if (hash === "cases" || hash.indexOf("cases?") === 0) {
      var params = new URLSearchParams(hash.slice(6));  // it decodes each value itself
      var f = {};
      FIELDS.forEach(function (name) { f[name] = params.get(name) || ""; });
      write(f);
      apply(read());
      document.getElementById("cases").scrollIntoView({block: "start"});
    } else if (hash.indexOf("case-") === 0) {
      openCase(decodeURIComponent(hash));
    }
  }

  if (form) {
    cards.forEach(function (card) { card.searchText = card.textContent.toLowerCase(); });
    var changed = function () {
      var f = read();
      apply(f);
      try { history.replaceState(null, "", toHash(f)); } catch (e) { /* some file:// setups refuse; filters still work */ }
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    document.getElementById("reset").addEventListener("click", function () { write({}); changed(); });
    document.getElementById("expand-all").addEventListener("click", function () {
      cards.forEach(function (c) { if (!c.hidden) c.querySelector("details").open = true; });
    });
    document.getElementById("collapse-all").addEventListener("click", function () {
      cards.forEach(function (c) { c.querySelector("details").open = false; });
    });
    window.addEventListener("hashchange", fromHash);
    apply(read());
    if (location.hash) fromHash();
  }

  var box = document.getElementById("lightbox");
  if (box && box.showModal) {
    var big = box.querySelector("img");
    // Opened, an image is shown larger than its thumbnail: at its own pixels when that is larger than the
    // window (the box scrolls), else scaled up to nearly fill it (at most 4x, pixels kept sharp)
    var fit = function () {
      var w = big.naturalWidth, h = big.naturalHeight;
      if (!big.complete || !w || !h) { big.onload = fit; return; }
      big.onload = null;
      var room = Math.min(window.innerWidth * 0.96 / w, window.innerHeight * 0.9 / h);
      big.style.width = Math.round(w * Math.max(1, Math.min(4, room))) + "px";
    };
    document.addEventListener("click", function (e) {
      var img = e.target.closest ? e.target.closest("img.zoom") : null;
      if (img) {
        big.style.width = "";
        big.src = img.src;
        big.alt = img.alt;
        box.showModal();
        fit();
      } else if (box.open && (e.target === box || e.target === big || e.target.classList.contains("close"))) {
        box.close();
      }
    });
  }
})();
