/* The medrubric leaderboard site: plain JavaScript, no build step, no network.
   State lives in the URL hash (#/route?from=…&to=…&post=1&language=…), so a link keeps the
   view and the back button restores it. Text from the data is only ever set as textContent. */
"use strict";

(() => {
  const loaded = {};
  const waiting = {};
  let INDEX = null;
  const ciCache = new Map();
  const FILTERS = ["language", "theme", "specialty", "axis"];
  const STRATA = ["theme", "specialty", "language", "axis"];
  const STRATUM_NAMES = { theme: "Theme", specialty: "Specialty", language: "Language", axis: "Axis" };

  // ---- data files: JSON wrapped in medrubricData(name, payload), loaded as scripts ----
  // a string payload is base64 of gzipped JSON (the case files)
  async function inflate(payload) {
    if (typeof payload !== "string") return payload;
    const bytes = Uint8Array.from(atob(payload), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }

  window.medrubricData = async (name, packed) => {
    const payload = await inflate(packed);
    loaded[name] = payload;
    if (waiting[name]) waiting[name].forEach((w) => w.resolve(payload));
    delete waiting[name];
    if (name === "index") start(payload);
  };

  function loadData(name) {
    if (loaded[name]) return Promise.resolve(loaded[name]);
    return new Promise((resolve, reject) => {
      const first = !waiting[name];
      (waiting[name] = waiting[name] || []).push({ resolve, reject });
      if (!first) return;
      const script = document.createElement("script");
      script.src = `data/${name}.js`;
      script.onerror = () => {
        (waiting[name] || []).forEach((w) => w.reject(new Error(`cannot load data/${name}.js`)));
        delete waiting[name];
      };
      document.body.appendChild(script);
    });
  }

  // ---- DOM: every string becomes a text node ----
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = String(value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(typeof child === "string" || typeof child === "number"
        ? document.createTextNode(String(child)) : child);
    }
    return node;
  }

  // one decimal as Python's f"{v:.1f}": toFixed rounds exact halves up, Python to the even
  // digit, and the only exact halves at one decimal are x.25 and x.75, of which x.25 differs
  const fixed1 = (v) => (Math.abs(v) % 1 === 0.25 ? Math.trunc(v * 10) / 10 : v).toFixed(1);
  // a share and its 95% CI in percent, as the shared `pct` and `ci` filters print them
  // (report/render.py): 52.3% and [45.1, 60.2]%
  const pct = (x) => (x === null || x === undefined ? "—" : `${fixed1(100 * x)}%`);
  const interval = (ci) => (ci ? `[${fixed1(100 * ci[0])}, ${fixed1(100 * ci[1])}]%` : "—");
  const label = (key) => (INDEX.labels[key] || key);
  const clip01 = (x) => Math.min(1, Math.max(0, x));
  // a stratum's 95% CI cell, flagged when fewer than SMALL_N cases make it (the shared
  // components' interval cell and small-n flag, components.html.j2)
  function ciCell(s, ...extra) {
    const small = s.n > 0 && s.n < INDEX.small_n;
    const collapsed = small && s.ci && s.ci[0] === s.ci[1];
    const flag = small ? el("span", {
      class: "small-n",
      title: `Only ${s.n} cases: the 95% CI is unreliable`
        + (collapsed ? ", and collapsed to one value because they all scored alike" : ""),
    }, collapsed ? "small n: CI undefined" : "small n") : null;
    return el("td", { class: small ? "num ci uncertain" : "num ci" }, interval(s.ci), ...extra,
      flag ? " " : null, flag);
  }
  // full-precision numbers beside the rounded text, for readers' tools and the tests
  const raw = (s) => ({
    "data-score": s.score === null ? null : String(s.score),
    "data-lo": s.ci ? String(s.ci[0]) : null,
    "data-hi": s.ci ? String(s.ci[1]) : null,
    "data-n": String(s.n),
  });

  // ---- state in the hash ----
  function readState() {
    const hash = location.hash.replace(/^#\/?/, "");
    const [route, query] = hash.split("?");
    const params = new URLSearchParams(query || "");
    const state = { route: route || "", by: params.get("by") || "theme" };
    state.from = params.get("from") || "";
    state.to = params.get("to") || "";
    state.post = params.get("post") === "1";
    for (const key of FILTERS) state[key] = params.get(key) || "";
    return state;
  }

  function hashFor(state, route) {
    const params = new URLSearchParams();
    if (state.from) params.set("from", state.from);
    if (state.to) params.set("to", state.to);
    if (state.post) params.set("post", "1");
    for (const key of FILTERS) if (state[key]) params.set(key, state[key]);
    if (state.by && state.by !== "theme") params.set("by", state.by);
    const query = params.toString();
    return `#/${route === undefined ? state.route : route}${query ? `?${query}` : ""}`;
  }

  function setState(change) {
    const next = Object.assign(readState(), change);
    const hash = hashFor(next);
    if (hash !== location.hash) location.hash = hash;
  }

  const unfiltered = (state) =>
    !state.from && !state.to && !state.post && FILTERS.every((k) => !state[k]);

  // ---- scores ----
  function caseIn(i, state, model, extra) {
    const cases = INDEX.cases;
    const date = cases.published_at[i];
    if ((state.from || state.to) && !date) return false;
    if (state.from && date < state.from) return false;
    if (state.to && date > state.to) return false;
    if (state.post && !(model.cutoff && date && date > model.cutoff.date)) return false;
    for (const key of ["language", "theme", "specialty"]) {
      if (state[key] && cases[key][i] !== state[key]) return false;
    }
    return !extra || extra(i);
  }

  // K (achieved, possible) pairs a case, one per epoch: the case score is the mean over its
  // scored answers, as `medrubric score`'s; null when none could be scored
  function caseMean(model, parts, i) {
    const k = model.epochs;
    let sum = 0;
    let scored = 0;
    for (let e = 0; e < k; e++) {
      const at = 2 * (i * k + e);
      if (parts[at + 1] <= 0) continue;
      const ratio = parts[at] / parts[at + 1];
      sum += model.clip ? clip01(ratio) : ratio;
      scored += 1;
    }
    return scored ? sum / scored : null;
  }

  function caseScores(model, state, extra, axis) {
    const parts = (axis || state.axis) ? model.axes[axis || state.axis] : model.scores;
    const out = [];
    const ids = [];
    if (!parts) return { values: out, ids };
    const n = INDEX.cases.id.length;
    for (let i = 0; i < n; i++) {
      const score = caseMean(model, parts, i);
      if (score === null || !caseIn(i, state, model, extra)) continue;
      out.push(score);
      ids.push(i);
    }
    return { values: out, ids };
  }

  function stratum(model, state, extra, axis, cacheKey) {
    const { values } = caseScores(model, state, extra, axis);
    if (values.length === 0) return { score: null, ci: null, n: 0 };
    let sum = 0;
    for (const v of values) sum += v;
    const score = clip01(sum / values.length);
    let ci;
    let from = "page";
    if (!extra && !axis && unfiltered(state) && model.ci_all) {
      ci = model.ci_all.map(clip01);
      from = "build";
    } else {
      const key = `${INDEX.models.indexOf(model)}|${cacheKey || ""}|${axis || ""}|${hashFor(state, "")}`;
      if (!ciCache.has(key)) {
        const raw = MedrubricResample.meanCi(values, model.seed, model.n_resamples);
        ciCache.set(key, raw.map(clip01));
      }
      ci = ciCache.get(key);
    }
    return { score, ci, n: values.length, from };
  }

  // a multi-epoch run's overall CI: the build's nested bootstrap (†) or, under a filter, the
  // page's bootstrap over cases only (‡); see ciNote
  function ciMark(model, s) {
    if (model.epochs <= 1 || !s.ci) return null;
    const build = s.from === "build";
    return el("sup", { class: "ci-mark", "data-from": s.from, title: build
      ? "nested bootstrap from the build" : "cases-only bootstrap, not the nested one" }, build ? "†" : "‡");
  }

  function ciNote() {
    const multi = INDEX.models.filter((m) => m.epochs > 1);
    if (!multi.length) return null;
    return el("p", { class: "muted", id: "ci-note" },
      `${multi.map((m) => `${m.name} (${m.epochs} answers a case)`).join(", ")}: a case's score is the mean `
      + "over its answers. † The CI is the nested bootstrap (cases, then each case's answers) computed when "
      + "the site was built, as `medrubric score` reports it. ‡ Under a filter the page does not recompute "
      + "the nested bootstrap: the CI shown resamples cases only, as `medrubric score` does for its strata, "
      + "and is narrower than the nested interval `medrubric score` gives on the same cases.");
  }

  function ranked(state) {
    const rows = INDEX.models.map((model, m) => Object.assign({ m, model }, stratum(model, state)));
    rows.sort((a, b) => (a.score === null) - (b.score === null) || (b.score - a.score)
      || a.model.name.localeCompare(b.model.name));
    for (const row of rows) {
      if (row.score === null) { row.rank = null; continue; }
      const better = rows.filter((o) => o.ci && row.ci && o.ci[0] > row.ci[1]).length;
      row.rank = better + 1;
    }
    for (const row of rows) {
      row.tied = row.rank !== null && rows.some((o) => o !== row && o.rank === row.rank);
    }
    return rows;
  }

  // ---- controls ----
  function distinct(key) {
    return [...new Set(INDEX.cases[key])].sort();
  }

  function select(id, name, options, value, onChange, all = true) {
    const node = el("select", { id, name });
    if (all) node.appendChild(el("option", { value: "" }, "all"));
    for (const opt of options) {
      node.appendChild(el("option", { value: opt, selected: opt === value }, label(opt)));
    }
    node.value = value;
    node.addEventListener("change", () => onChange(node.value));
    return el("label", { for: id }, `${name} `, node);
  }

  function controls(state) {
    const dates = INDEX.cases.published_at.filter(Boolean).sort();
    const date = (id, name, value, key) => {
      const input = el("input", {
        id, type: "date", value, min: dates[0], max: dates[dates.length - 1],
      });
      input.addEventListener("change", () => setState({ [key]: input.value }));
      return el("label", { for: id }, `${name} `, input);
    };
    const post = el("input", { id: "post", type: "checkbox", checked: state.post });
    post.addEventListener("change", () => setState({ post: post.checked }));
    const reset = el("button", { id: "reset", type: "button" }, "Reset");
    reset.addEventListener("click", () => {
      location.hash = `#/${state.route}`;
    });
    return el("div", { class: "controls", role: "group", "aria-label": "Filters" },
      el("fieldset", {}, el("legend", {}, "Publication window"),
        date("from", "From", state.from, "from"), date("to", "To", state.to, "to"),
        el("label", { for: "post" }, post, " Post-cutoff only (each model on cases after its own cutoff)")),
      el("fieldset", {}, el("legend", {}, "Cases"),
        select("language", "Language", distinct("language"), state.language, (v) => setState({ language: v })),
        select("theme", "Theme", distinct("theme"), state.theme, (v) => setState({ theme: v })),
        select("specialty", "Specialty", distinct("specialty"), state.specialty, (v) => setState({ specialty: v })),
        select("axis", "Axis", INDEX.axes, state.axis, (v) => setState({ axis: v })),
        reset));
  }

  function windowLine(state) {
    const parts = [];
    if (state.from || state.to) parts.push(`published ${state.from || "…"} to ${state.to || "…"} (undated cases left out)`);
    if (state.post) parts.push("after each model's knowledge cutoff");
    for (const key of FILTERS) if (state[key]) parts.push(`${key} ${label(state[key])}`);
    return parts.length ? `Cases: ${parts.join("; ")}.` : "All cases.";
  }

  // ---- pages ----
  function majoritySetup() {
    const fields = Object.keys(INDEX.models[0] ? INDEX.models[0].setup : {});
    const out = {};
    for (const field of fields) {
      const counts = new Map();
      for (const m of INDEX.models) counts.set(m.setup[field], (counts.get(m.setup[field]) || 0) + 1);
      out[field] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
    }
    return out;
  }

  function leaderboard(state) {
    const main = [];
    main.push(el("h2", {}, "Leaderboard"));
    main.push(controls(state));
    main.push(el("p", { id: "window-line", class: "muted" }, windowLine(state)));
    for (const note of INDEX.comparability) {
      main.push(el("p", { class: "warn" }, `Not comparable: the runs differ in ${note}.`));
    }
    const common = majoritySetup();
    const head = ["Rank", "Model", "Score", "95% CI", "n", "Cost / case", "Tokens / case",
      "Grader", "Mode", "Prompt", "Cutoff", "Grader validity"];
    const body = ranked(state).map((row) => {
      const m = row.model;
      const differs = Object.keys(common).filter((f) => m.setup[f] !== common[f]);
      const rank = row.rank === null ? "—" : `${row.rank}${row.tied ? "=" : ""}`;
      return el("tr", Object.assign({ "data-model": m.name }, raw(row)),
        el("td", { class: "num rank", title: row.tied ? "tied: 95% CIs overlap" : null }, rank),
        el("td", { class: "nowrap" }, el("a", { href: hashFor(state, `model/${row.m}`) }, m.name),
          m.smoke_test ? [" ", el("strong", {}, "(smoke test)")] : null,
          differs.length ? [" ", el("span", { class: "warn" }, `differs: ${differs.join(", ")}`)] : null),
        el("td", { class: "num" }, pct(row.score)),
        ciCell(row, ciMark(m, row)),
        el("td", { class: "num" }, String(row.n)),
        el("td", { class: "num" }, m.cost_per_case === null ? "—" : `$${m.cost_per_case.toFixed(4)}`),
        el("td", { class: "num" }, m.tokens_per_case === null ? "—" : Math.round(m.tokens_per_case).toLocaleString("en")),
        el("td", { class: "nowrap" }, el("span", { title: m.setup.grader }, m.grader_label)),
        el("td", {}, m.setup.mode), el("td", { class: "nowrap" }, m.setup.prompt),
        el("td", { class: "nowrap" }, m.cutoff ? m.cutoff.date : "unknown"),
        el("td", { class: "nowrap" }, m.validity.validated ? "validated"
          : el("span", { class: "note" }, m.validity.measured ? "measured, below bar" : "not validated")));
    });
    main.push(el("div", { class: "table-box" }, el("table", { id: "leaderboard" },
      el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, body))));
    main.push(el("p", { class: "muted" },
      "Rank: 1 + the number of models whose 95% CI lies wholly above this one; '=' marks a tie "
      + "(overlapping CIs). Scores are percent; n is the number of scored cases in the selection; "
      + `small n: fewer than ${INDEX.small_n} cases, so the interval is unreliable.`));
    main.push(ciNote());
    main.push(strataSection(state));
    return main;
  }

  function strataValues(key) {
    return key === "axis" ? INDEX.axes : distinct(key);
  }

  function strataSection(state) {
    const by = STRATA.includes(state.by) ? state.by : "theme";
    const chooser = select("by", "Strata by", STRATA, by, (v) => setState({ by: v }), false);
    const models = INDEX.models;
    const values = strataValues(by);
    const cells = values.map((value) => models.map((model) => {
      const extra = by === "axis" ? null : (i) => INDEX.cases[by][i] === value;
      const { values: scores } = caseScores(model, state, extra, by === "axis" ? value : null);
      if (!scores.length) return { score: null, n: 0 };
      let sum = 0;
      for (const v of scores) sum += v;
      return { score: clip01(sum / scores.length), n: scores.length };
    }));
    const table = el("table", { id: "strata" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, STRATUM_NAMES[by]),
        models.map((m) => el("th", { scope: "col" }, m.name)))),
      el("tbody", {}, values.map((value, r) => el("tr", {}, el("th", { scope: "row" }, label(value)),
        cells[r].map((c) => el("td", {
          class: "num heat",
          "data-band": c.score === null ? "none" : String(Math.min(9, Math.floor(c.score * 10))),
        }, c.score === null ? "—" : `${pct(c.score)} (n=${c.n})`))))));
    return el("section", { id: "strata-section" }, el("h3", {}, "By stratum"), chooser,
      el("p", { class: "muted" }, "Mean case score in percent under the filters above (n: cases); "
        + "cell colour runs from red (0%) to green (100%). CIs for each stratum are on the model pages."),
      el("div", { class: "table-box" }, table));
  }

  function modelPage(state, m) {
    const model = INDEX.models[m];
    if (!model) return [el("p", {}, "No such model.")];
    const main = [el("p", {}, el("a", { href: hashFor(state, "") }, "← Leaderboard")),
      el("h2", {}, model.name), el("p", { class: "muted" }, windowLine(state))];
    const all = stratum(model, state);
    main.push(el("p", Object.assign({ class: "headline", id: "model-score" }, raw(all)),
      el("span", { class: "score" }, pct(all.score)), " ",
      el("span", { class: "score-ci" }, `95% CI ${interval(all.ci)}`, ciMark(model, all)), " ",
      el("span", { class: "score-n" }, `n = ${all.n} cases`)));
    if (model.epochs > 1) main.push(ciNote());
    main.push(el("p", {}, `Grader ${model.grader}; ${model.validity.line}`));
    main.push(el("p", {}, `Knowledge cutoff: ${model.cutoff ? `${model.cutoff.date} (${model.cutoff.source})` : "unknown"}`));
    for (const key of STRATA) {
      const rows = strataValues(key).map((value) => {
        const s = key === "axis"
          ? stratum(model, Object.assign({}, state, { axis: "" }), null, value, `axis:${value}`)
          : stratum(model, state, (i) => INDEX.cases[key][i] === value, null, `${key}:${value}`);
        return el("tr", Object.assign({ "data-stratum": value }, raw(s)), el("th", { scope: "row" }, label(value)),
          el("td", { class: "num" }, pct(s.score)), ciCell(s), el("td", { class: "num" }, String(s.n)));
      });
      main.push(el("h3", {}, `By ${key}`), el("div", { class: "table-box" }, el("table", {},
        el("thead", {}, el("tr", {}, [STRATUM_NAMES[key], "Score", "95% CI", "n"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, rows))));
    }
    main.push(...errorTypes(model));
    const { values, ids } = caseScores(model, state);
    const worst = ids.map((i, k) => [values[k], i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).slice(0, 10);
    main.push(el("h3", {}, "Lowest-scoring cases"),
      el("ol", { id: "worst" }, worst.map(([score, i]) => el("li", {},
        el("a", { href: hashFor(state, `case/${i}`) }, INDEX.cases.id[i]), ` ${pct(score)}`))));
    return main;
  }

  function typeTable(id, types, what) {
    return el("div", { class: "table-box" }, el("table", { id },
      el("thead", {}, el("tr", {}, ["Type", "Error type", "n", what, "95% CI"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, types.map((t) => el("tr", {
        "data-type": t.code, "data-share": t.share === null ? null : String(t.share),
        "data-lo": t.ci ? String(t.ci[0]) : null, "data-hi": t.ci ? String(t.ci[1]) : null,
      }, el("th", { scope: "row" }, t.code), el("td", {}, t.name), el("td", { class: "num" }, String(t.n)),
      el("td", { class: "num" }, pct(t.share)), el("td", { class: "num" }, interval(t.ci)))))));
  }

  // error types as analysed when the site was built (all the model's cases; filters do not apply)
  function errorTypes(model) {
    const found = model.errors;
    const out = [el("h3", {}, "Error types")];
    if (!found.classified && !found.audit) {
      out.push(el("p", { class: "muted", id: "no-error-types" }, "No error-type analysis of this model: "
        + "`medrubric analyze errors --classify-with` or `medrubric audit score` makes one, and "
        + "`medrubric site build --analysis DIR` shows it here."));
      return out;
    }
    out.push(el("p", { class: "muted" }, "Over all the model's cases, as analysed when the site was built "
      + "(the filters above do not apply)."));
    const c = found.classified;
    if (c) {
      out.push(el("p", {}, `Low-scoring answers classified into one main type by an LLM: ${c.n_classified} `
        + `of ${c.n_selected} classified (${c.n_failed} failed, not counted). Share of each type among the `
        + "classified answers, with a Wilson 95% CI."), typeTable("error-types", c.types, "Share"));
    }
    const a = found.audit;
    if (a) {
      const pooled = a.models.length > 1 ? `, pooled over the answers of ${a.models.join(", ")}` : "";
      out.push(el("p", {}, `Blind-spot audit (grader ${a.grader}, ${a.n_pairs} scored pairs${pooled}): `
        + "for each injected error type, the share of pairs whose original answer the rubric scored above "
        + "the copy with the error (errors caught), with the cluster-bootstrap 95% CI."),
      typeTable("audit-types", a.types, "Caught"));
    }
    return out;
  }

  // a verdict by its effect on the score, in the run report's words and classes
  function verdict(weight, met, error) {
    if (error) return el("span", { class: "error" }, "ERROR");
    if (met === null || met === undefined) return "—";
    if (weight < 0) return met ? el("span", { class: "harm" }, "Harm: met") : el("span", { class: "avoided" }, "Avoided");
    return met ? el("span", { class: "gain" }, "Met") : el("span", { class: "missed" }, "Missed");
  }

  function signed(w) {
    return w > 0 ? `+${w}` : `−${Math.abs(w)}`;
  }

  function casePage(state, n, data) {
    const cases = INDEX.cases;
    const main = [el("p", {}, el("a", { href: hashFor(state, "") }, "← Leaderboard")),
      el("h2", {}, `Case ${data.id}`),
      el("p", { class: "muted" }, `Published ${cases.published_at[n] || "undated"} · ${label(cases.language[n])} · `
        + `${label(cases.theme[n])} · ${label(cases.specialty[n])}`)];
    if (data.narrative) main.push(el("h3", {}, "Narrative"), el("pre", {}, data.narrative));
    if (data.query) main.push(el("h3", {}, "Query"), el("pre", {}, data.query));
    if (data.prompt.length) {
      main.push(el("h3", {}, "Conversation"),
        data.prompt.map((msg) => el("pre", {}, el("strong", {}, `${msg.role}: `), msg.content)));
    }
    main.push(el("h3", {}, "Rubric"), el("div", { class: "table-box" }, el("table", { id: "rubric" },
      el("thead", {}, el("tr", {}, ["Criterion", "Axis", "Weight"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, data.criteria.map((c) => el("tr", {}, el("td", {}, c.text), el("td", {}, label(c.axis)),
        el("td", { class: "num" }, signed(c.weight))))))));
    const multi = new Set();
    for (const answer of data.answers) {
      const model = INDEX.models[answer.model];
      if (model.epochs > 1 && !multi.has(answer.model)) {
        multi.add(answer.model);
        const mean = caseMean(model, model.scores, n);
        main.push(el("h3", { class: "case-score", "data-model": model.name, "data-score": mean === null ? null : String(mean) },
          `${model.name}: case score ${mean === null ? "unscorable" : pct(mean)}, the mean over its `
          + `scored answers (${model.epochs} answers)`));
      }
      const [achieved, possible] = answer.parts;
      const score = possible > 0 ? achieved / possible : null;
      const shown = score === null ? (answer.error ? "no answer" : "unscorable")
        : pct(model.clip ? clip01(score) : score) + (score < 0 || score > 1 ? ` (unclipped ${pct(score)})` : "");
      const which = model.epochs > 1 ? ` — answer ${answer.epoch + 1} of ${model.epochs}` : "";
      const section = el("section", { class: "answer", "data-model": model.name, "data-epoch": String(answer.epoch) },
        el("h3", {}, el("a", { href: hashFor(state, `model/${answer.model}`) }, model.name), `${which} — ${shown}`));
      if (answer.error) section.appendChild(el("p", { class: "warn" }, `Answer failed: ${answer.error}`));
      if (answer.answer !== null) section.appendChild(el("pre", {}, answer.answer));
      section.appendChild(el("div", { class: "table-box" }, el("table", {},
        el("thead", {}, el("tr", {}, ["Criterion", "Weight", "Verdict", "Grader's explanation"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, answer.verdicts.map(([c, met, error, explanation]) => {
          const crit = data.criteria[c];
          const harm = crit.weight < 0 && met && !error;
          return el("tr", { class: harm ? "harm-row" : null }, el("td", {}, crit.text),
            el("td", { class: "num" }, signed(crit.weight)), el("td", {}, verdict(crit.weight, met, error)),
            el("td", {}, error ? el("span", { class: "error" }, error) : explanation));
        })))));
      main.push(section);
    }
    return main;
  }

  // every case in the selection (window and case filters) with each model's case score
  function casesPage(state) {
    const cases = INDEX.cases;
    const models = INDEX.models;
    const any = { cutoff: null };
    const shown = Object.assign({}, state, { post: false });
    const ids = cases.id.map((_, i) => i).filter((i) => caseIn(i, shown, any, null));
    const parts = models.map((m) => (state.axis ? m.axes[state.axis] : m.scores));
    const rows = ids.map((i) => el("tr", { "data-case": cases.id[i] },
      el("th", { scope: "row" }, el("a", { href: hashFor(state, `case/${i}`) }, cases.id[i])),
      el("td", { class: "nowrap" }, cases.published_at[i] || "undated"),
      el("td", {}, label(cases.language[i])), el("td", {}, label(cases.theme[i])),
      el("td", {}, label(cases.specialty[i])),
      models.map((m, k) => {
        const score = parts[k] ? caseMean(m, parts[k], i) : null;
        return el("td", { class: "num" }, score === null ? "—" : pct(score));
      })));
    return [el("h2", {}, "Cases"), controls(state),
      el("p", { class: "muted", id: "window-line" }, `${windowLine(Object.assign({}, shown))} ${ids.length} cases; `
        + "case scores in percent (the mean over a model's answers to the case)."),
      el("div", { class: "table-box" }, el("table", { id: "cases" },
        el("thead", {}, el("tr", {}, ["Case", "Published", "Language", "Theme", "Specialty"]
          .map((h) => el("th", { scope: "col" }, h)), models.map((m) => el("th", { scope: "col" }, m.name)))),
        el("tbody", {}, rows)))];
  }

  function releasesPage() {
    const main = [el("h2", {}, "Releases")];
    if (!INDEX.releases.length) main.push(el("p", {}, "No release was given to this site (--releases)."));
    for (const r of INDEX.releases) {
      const counts = Object.entries(r.counts).map(([key, values]) => el("li", {}, `${key}: `
        + Object.entries(values).map(([v, k]) => `${label(v)} ${k}`).join(", ")));
      const diff = r.diff
        ? `Against ${r.diff.against}: ${r.diff.added} added, ${r.diff.removed} removed, ${r.diff.changed} changed, ${r.diff.unchanged} unchanged.`
        : "First release.";
      main.push(el("article", { "data-release": r.version },
        el("h3", {}, `Release ${r.version}`),
        el("p", {}, `${r.n_cases} cases, ${r.n_criteria} criteria; published ${r.published_at.first || "?"} to `
          + `${r.published_at.last || "?"} (${r.published_at.n_undated} undated); created ${r.created_at.slice(0, 10)}.`),
        el("p", { class: "diff" }, diff),
        el("p", { class: "muted" }, `Snapshot hash ${r.snapshot_hash}`),
        el("ul", {}, counts),
        el("p", {}, "Download: ", r.downloads.map((d) => [el("a", { href: d.href, download: d.name }, d.name),
          ` (${(d.bytes / 1024).toFixed(1)} KiB) `]))));
    }
    return main;
  }

  function methodologyPage() {
    const graders = INDEX.models.map((m) => el("li", {}, `${m.name}: grader ${m.setup.grader}, mode ${m.setup.mode}, `
      + `prompt ${m.setup.prompt}, ${m.setup.clip}, case set ${m.setup["case set"]}; bootstrap seed ${m.seed}, `
      + `${m.n_resamples} resamples. Grader validity: ${m.validity.line}`));
    return [el("h2", {}, "Methodology"),
      el("h3", {}, "Scores"),
      el("p", {}, "A case score is the sum of the weights of the criteria the answer met divided by the sum "
        + "of the positive weights; met negative criteria (harms) subtract. Per-case clip keeps each case in "
        + "[0, 1]; without it only the mean is clipped. Verdicts the grader could not give are left out and "
        + "counted; a case with no positive criterion left is unscorable."),
      el("p", {}, "The 95% CI is the percentile bootstrap of the mean over cases, with the run's seed and "
        + "resamples, on medrubric's counter-based generator: this page recomputes it for any selection "
        + "and gets the same interval as `medrubric score` on those cases. A run with several answers a case "
        + "(epochs) scores each case by the mean of its answers; its overall CI in the unfiltered view is the "
        + "nested bootstrap computed when the site was built, and under a filter the page resamples cases only."),
      el("p", {}, "Rank is 1 + the number of models whose CI lies wholly above; models with overlapping CIs "
        + "share a rank. Post-cutoff compares each model on the cases published after its own knowledge cutoff."),
      el("h3", {}, "Cases"),
      el("p", {}, "Cases come from public clinical questions and answers, filtered and de-identified before "
        + "curation (see the release cards); each has a publication date, so the window shows how a model "
        + "does on questions it cannot have seen in training."),
      el("h3", {}, "Runs and graders"), el("ul", {}, graders)];
  }

  // ---- router ----
  function render() {
    const state = readState();
    const app = document.getElementById("app");
    const [route, arg] = state.route.split("/");
    const show = (nodes, ready) => {
      app.replaceChildren(...[nodes].flat(Infinity).filter((n) => n !== null && n !== undefined));
      document.body.setAttribute("data-ready", ready === false ? "" : (state.route || "leaderboard"));
    };
    if (route === "model") show(modelPage(state, Number(arg)));
    else if (route === "cases") show(casesPage(state));
    else if (route === "releases") show(releasesPage());
    else if (route === "methodology") show(methodologyPage());
    else if (route === "case") {
      const n = Number(arg);
      show(el("p", {}, "Loading case…"), false);
      loadData(`case/${n}`).then((data) => {
        if (readState().route === state.route) show(casePage(state, n, data));
      }, (err) => show(el("p", { class: "warn" }, String(err.message))));
    } else {
      show(leaderboard(state));
      // the first leaderboard in the document: for measuring first paint (bench/bench_site.py)
      if (!performance.getEntriesByName("medrubric:leaderboard").length) {
        performance.mark("medrubric:leaderboard");
        requestAnimationFrame(() => performance.mark("medrubric:leaderboard-frame"));
      }
    }
  }

  function start(index) {
    INDEX = index;
    window.addEventListener("hashchange", render);
    render();
  }
})();
