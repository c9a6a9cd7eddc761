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
  const state = () => JSON.stringify([questions.map((q) => (q.querySelector("input:checked") || {}).value || ""),
    document.getElementById("comment").value]);
  // A page sent back with open questions holds answers that are not saved yet.
  const saved = document.getElementById("form-error").hidden ? state() : null;
  let submitting = false;
  let current = Math.max(0, questions.findIndex((q) => !answered(q)));

  // Leaving an item with answers that are not saved asks first: they would be lost.
  const mayLeave = () => submitting || state() === saved ||
    window.confirm("Your answers on this item are not saved. Leave without saving?");

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
    questions[current].classList.remove("open");
    questions[current].removeAttribute("aria-invalid");
    const next = questions.findIndex((q, j) => j > current && !answered(q));
    highlight(next === -1 ? current : next);
  }

  // Saving with open questions marks them and keeps the page (the server does the same).
  form.addEventListener("submit", (e) => {
    const open = questions.filter((q) => !answered(q));
    if (!open.length) { submitting = true; return; }
    e.preventDefault();
    open.forEach((q) => { q.classList.add("open"); q.setAttribute("aria-invalid", "true"); });
    const error = document.getElementById("form-error");
    error.textContent = `Not saved: ${open.length} question(s) still open (marked below). Answer every question before saving.`;
    error.hidden = false;
    highlight(questions.indexOf(open[0]));
  });

  document.addEventListener("click", (e) => {
    const link = e.target.closest("a[href]");
    if (link && !mayLeave()) { e.preventDefault(); }
  });
  document.addEventListener("submit", (e) => {
    if (e.target !== form && !mayLeave()) { e.preventDefault(); }
  });

  questions.forEach((q, i) => q.addEventListener("click", () => highlight(i)));
  questions.forEach((q) => q.addEventListener("change", () => { q.classList.remove("open"); q.removeAttribute("aria-invalid"); }));
  highlight(current);

  const go = (id) => { if (document.getElementById(id) && mayLeave()) { follow(id); } };

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
      u: () => answer("unsure"),
      ArrowDown: () => highlight(current + 1), ArrowUp: () => highlight(current - 1),
      Enter: () => form.requestSubmit(),
      j: () => go("next-item"), k: () => go("prev-item"),
      c: () => document.getElementById("comment").focus(),
    };
    const action = keys[e.key];
    if (action) { e.preventDefault(); action(); }
  });
})();
