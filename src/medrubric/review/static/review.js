// Keyboard shortcuts of the review pages (documented on each page). No build step.
(function () {
  "use strict";
  const form = document.getElementById("label-form");
  const typing = (el) => el && (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && el.type !== "radio"));
  const follow = (id) => { const a = document.getElementById(id); if (a) { window.location.href = a.href; } };

  if (!form) {
    document.addEventListener("keydown", (e) => {
      if (typing(document.activeElement) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "Enter" || e.key === "j") { follow("start"); }
    });
    return;
  }

  const questions = Array.from(form.querySelectorAll("fieldset.question"));
  const answered = (q) => q.querySelector("input:checked") !== null;
  let current = Math.max(0, questions.findIndex((q) => !answered(q)));

  function highlight(i) {
    if (!questions.length) return;
    current = Math.min(Math.max(i, 0), questions.length - 1);
    questions.forEach((q, j) => q.classList.toggle("current", j === current));
    questions[current].scrollIntoView({ block: "nearest" });
  }

  function answer(value) {
    if (!questions.length) return;
    const input = questions[current].querySelector(`input[value="${value}"]`);
    input.checked = true;
    const next = questions.findIndex((q, j) => j > current && !answered(q));
    highlight(next === -1 ? current : next);
  }

  questions.forEach((q, i) => q.addEventListener("click", () => highlight(i)));
  highlight(current);

  document.addEventListener("keydown", (e) => {
    const el = document.activeElement;
    if (typing(el)) {
      if (e.key === "Escape") { el.blur(); }
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); form.requestSubmit(); }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const keys = {
      y: () => answer("yes"), m: () => answer("yes"),
      n: () => answer("no"), x: () => answer("no"),
      ArrowDown: () => highlight(current + 1), ArrowUp: () => highlight(current - 1),
      Enter: () => form.requestSubmit(),
      j: () => follow("next-item"), k: () => follow("prev-item"),
      c: () => document.getElementById("comment").focus(),
    };
    const action = keys[e.key];
    if (action) { e.preventDefault(); action(); }
  });
})();
