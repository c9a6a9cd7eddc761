// Sort and filter the run report's cases. Reads only data-* attributes and moves or hides
// the existing case elements; it writes no markup. Without it the page lists every case, lowest
// score first, and the controls stay hidden.
(function () {
  "use strict";
  var form = document.getElementById("case-controls");
  var list = document.getElementById("case-list");
  if (!form || !list) return;
  var items = Array.prototype.slice.call(list.children);
  items.forEach(function (el, i) { el.dataset.order = String(i); });
  var fields = ["theme", "specialty", "axis", "language"];

  function score(el) {
    return el.dataset.score === "" ? null : Number(el.dataset.score);
  }

  function compare(sort) {
    return function (a, b) {
      if (sort === "id") {
        if (a.dataset.id !== b.dataset.id) return a.dataset.id < b.dataset.id ? -1 : 1;
        return Number(a.dataset.epoch) - Number(b.dataset.epoch);
      }
      var x = score(a), y = score(b);
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;  // no score: last either way
      } else if (x !== y) {
        return sort === "score-desc" ? y - x : x - y;
      }
      // ties: the page's order (lower unclipped score first), reversed for highest first
      var order = Number(a.dataset.order) - Number(b.dataset.order);
      return sort === "score-desc" ? -order : order;
    };
  }

  function matches(el) {
    return fields.every(function (f) {
      var want = form.elements[f].value;
      return !want || el.dataset[f].split(" ").indexOf(want) >= 0;
    });
  }

  function apply() {
    var shown = 0;
    items.slice().sort(compare(form.elements.sort.value)).forEach(function (el) {
      el.hidden = !matches(el);
      if (!el.hidden) shown += 1;
      list.appendChild(el);
    });
    document.getElementById("case-count").textContent =
      shown + " of " + items.length + " answers shown";
  }

  // a link to a case (the summaries above) opens it, clearing filters that hide it
  function reveal() {
    var target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (!target || target.parentNode !== list) return;
    if (target.hidden) {
      fields.forEach(function (f) { form.elements[f].value = ""; });
      apply();
    }
    target.open = true;
    target.scrollIntoView();
  }

  form.addEventListener("change", apply);
  window.addEventListener("hashchange", reveal);
  form.hidden = false;
  apply();
  reveal();
})();
