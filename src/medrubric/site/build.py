"""The leaderboard site: runs (and releases) to a folder of static files that works from
``file://`` or any static host, with no network at view time.

    index.html            the shell (report/templates/site/), loads the scripts below
    assets/style.css      the stylesheet every medrubric page shares (report/templates/)
    assets/site.js, assets/resample.js
    data/index.js         runs, cases' strata and dates, every model's per-case score parts
    data/case/N.js        case N: text, rubric, every model's answer and verdicts (on demand)
    releases/VERSION/…    each release's files, for download

Data files are JSON wrapped in one call, ``medrubricData(name, {...})``, because a page
opened from ``file://`` may load scripts but not fetch files. A case's score is kept as its
two integer sums (achieved, possible), so the page's case scores are the same doubles as
`medrubric score`'s, and its bootstrap (`resample.js`) is `scoring.resample`'s.
"""

from __future__ import annotations

import base64
import datetime as dt
import gzip
import json
from collections.abc import Mapping, Sequence
from importlib.resources import files as package_files
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medrubric.analysis.cutoffs import Cutoff, resolve_cutoffs
from medrubric.analysis.runs import Run, load_runs
from medrubric.audit.auditdir import AuditDir
from medrubric.audit.paired_scoring import SCORE_FILE
from medrubric.data.formats import load_cases
from medrubric.data.models import Case, CaseGrade, Verdict
from medrubric.data.vocab import AXES, LABELS
from medrubric.errors import InputError
from medrubric.evaluate.rundir import run_setup, setup_differences
from medrubric.files import write_bytes_atomic
from medrubric.release.diff import diff_cases
from medrubric.report.analyses import ERROR_TYPES_JSONL
from medrubric.report.charts import SMALL_N
from medrubric.report.html import smoke_test_labels
from medrubric.report.render import render, short_label
from medrubric.scoring.epochs import nested_bootstrap_ci
from medrubric.scoring.resample import mean_ci
from medrubric.snapshot.manifest import MANIFEST, read_manifest

SCRIPTS = ("site.js", "resample.js")
# the one stylesheet of every medrubric page; the site links it as a file (its CSP forbids
# inline styles), the other pages inline it
STYLESHEET = "assets/style.css"


# the site's sections, linked at the top of the page (`components.links`)
SECTIONS = (
    ("#/", "Leaderboard"),
    ("#/cases", "Cases"),
    ("#/releases", "Releases"),
    ("#/methodology", "Methodology"),
)


class SiteOptions(BaseModel):
    """What `medrubric site build` takes."""

    model_config = ConfigDict(extra="forbid")

    runs: list[Path]  # run directories (or grades files), one model each
    out: Path  # the site folder (created)
    releases: list[Path] = Field(default_factory=list)  # release folders to offer for download
    cutoffs: dict[str, dt.date] = Field(default_factory=dict)  # model -> knowledge cutoff
    # `analyze errors` or audit folders holding error types (run folders are searched too)
    analysis: list[Path] = Field(default_factory=list)
    title: str = "medrubric leaderboard"


class SiteResult(BaseModel):
    """The site folder and what it holds."""

    model_config = ConfigDict(extra="forbid")

    out: Path
    n_models: int
    n_cases: int
    n_releases: int
    n_files: int
    n_bytes: int


def _json(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _wrap(name: str, payload: Any) -> bytes:
    return f"medrubricData({json.dumps(name)},{_json(payload)});\n".encode()


def _wrap_gzip(name: str, payload: Any) -> bytes:
    """The payload as base64 of gzipped JSON (the page inflates it with DecompressionStream):
    answers and explanations are most of a site's bytes and shrink about threefold."""
    packed = base64.b64encode(
        gzip.compress(_json(payload).encode(), compresslevel=6, mtime=0)
    ).decode()
    return f"medrubricData({json.dumps(name)},{json.dumps(packed)});\n".encode()


def _parts(verdicts: Sequence[Verdict]) -> tuple[int, int]:
    """(achieved, possible) over the verdicts not in error: the case score is their ratio
    (`scoring.case_score`); possible 0 means unscorable."""
    usable = [v for v in verdicts if v.error is None]
    possible = sum(v.weight for v in usable if v.weight > 0)
    return sum(v.weight for v in usable if v.met), possible


def _score_parts(grade: CaseGrade | None) -> list[int]:
    if grade is None or grade.response_error is not None:
        return [0, 0]
    return list(_parts(grade.criteria))


def _validity(run: Run) -> dict[str, Any]:
    from medrubric.analysis.registry import validity_line

    record = run.summary.get("grader_validity") or {"grader": run.grader}
    return {
        "validated": bool(record.get("validated")),
        "measured": bool(record.get("measured", record.get("validated"))),
        "line": validity_line(record),
    }


def _epochs(run: Run) -> int:
    """K of a run answered K times per case (`--epochs K`); 1 otherwise."""
    return 1 + max((g.epoch for g in run.grades), default=0)


def _by_answer(run: Run) -> dict[tuple[str, int], CaseGrade]:
    return {(g.case_id, g.epoch): g for g in run.grades}


def _overall_ci(run: Run, epochs: int, seed: int, n_resamples: int) -> list[float] | None:
    """The interval `medrubric score` gives the whole run: the case bootstrap of the case
    scores, or with several epochs its nested bootstrap (cases, then each case's answers),
    with the cases in the grades' order as `scoring.summarize` takes them."""
    answers: dict[str, list[float]] = {}
    for row in run.rows():
        if row.score is not None:
            answers.setdefault(row.case_id, []).append(row.score)
    if not answers:
        return None
    if epochs > 1:
        return list(nested_bootstrap_ci(list(answers.values()), n_resamples, seed))
    return list(mean_ci([s for (s,) in answers.values()], seed, n_resamples))


def _holds_error_types(folder: Path) -> bool:
    return (folder / ERROR_TYPES_JSONL).is_file() or (AuditDir(folder).score / SCORE_FILE).is_file()


def _error_breakdowns(folders: Sequence[Path]) -> dict[str, dict[str, Any]]:
    """Model -> its error types where an analysis of them exists in a folder: the LLM
    classification of low-scoring answers (`analyze errors --classify-with`, the share of
    each type with a Wilson CI) and the blind-spot audit of its answers (`audit score`, the
    share of injected errors of each type the rubric caught, with the cluster-bootstrap CI).
    A folder with neither is an input error."""
    from medrubric.analysis.error_types import ERROR_TYPES, Classification, count_types
    from medrubric.audit.paired_scoring import load_score_report
    from medrubric.audit.taxonomy import load_taxonomy
    from medrubric.data.jsonl import load_models

    out: dict[str, dict[str, Any]] = {}
    for folder in folders:
        types_file = folder / ERROR_TYPES_JSONL
        audit = AuditDir(folder)
        has_audit = (audit.score / SCORE_FILE).is_file()
        if not _holds_error_types(folder):
            raise InputError(
                f"no {ERROR_TYPES_JSONL} (`medrubric analyze errors --classify-with`) and no "
                f"score/{SCORE_FILE} (`medrubric audit score`)",
                folder,
            )
        if types_file.is_file():
            for counts in count_types(load_models(types_file, Classification)):
                out.setdefault(counts.model, {})["classified"] = {
                    "n_selected": counts.n_selected,
                    "n_classified": counts.n_classified,
                    "n_failed": counts.n_failed,
                    "types": [
                        {"code": code, "name": ERROR_TYPES[code], "n": t.n, "share": t.share,
                         "ci": list(t.ci95) if t.ci95 else None}
                        for code, t in counts.types.items()
                    ],
                }  # fmt: skip
        if has_audit:
            report = load_score_report(audit.score)
            models = sorted({p.answer_model for p in audit.require_pairs()})
            names = {t.code: t.name for t in load_taxonomy().types}
            for model in models:
                out.setdefault(model, {})["audit"] = {
                    "grader": report.grader,
                    "n_pairs": report.n_scored,
                    "models": models,
                    "types": [
                        {"code": code, "name": names.get(code, code), "n": t.n_pairs,
                         "share": t.win, "ci": [t.win_ci[0], t.win_ci[1]]}
                        for code, t in sorted(report.by_type.items())
                    ],
                }  # fmt: skip
    return out


def _model_entry(
    run: Run,
    index: Mapping[str, int],
    cutoff: dict[str, str] | None,
    errors: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Score parts per case as (achieved, possible) pairs, one pair per epoch (K pairs a
    case, epoch 0 first; an answer missing or in error is (0, 0))."""
    graded = _by_answer(run)
    epochs = _epochs(run)
    answers = [(case_id, e) for case_id in index for e in range(epochs)]
    scores: list[int] = []
    for key in answers:
        scores += _score_parts(graded.get(key))
    axes: dict[str, list[int]] = {}
    for axis in (*AXES, "unknown"):
        parts: list[int] = []
        for key in answers:
            grade = graded.get(key)
            if grade is None or grade.response_error is not None:
                parts += [0, 0]
            else:
                parts += list(_parts([v for v in grade.criteria if v.axis == axis]))
        if any(parts[1::2]):
            axes[axis] = parts
    summary = run.summary
    setup = run_setup(summary, run.grades)
    seed = int(summary.get("seed", 0))
    n_resamples = int(summary.get("n_resamples", 10_000))
    n_graded = len(run.grades)
    tokens = (summary.get("tokens") or {}).get("total")
    cost = summary.get("cost_usd")
    return {
        "name": run.model,
        "run": run.path.name,
        "grader": run.grader,
        "setup": setup,
        "grader_label": short_label(setup["grader"]),
        "clip": run.clip,
        "seed": seed,
        "n_resamples": n_resamples,
        "epochs": epochs,
        "ci_all": _overall_ci(run, epochs, seed, n_resamples),
        "cutoff": cutoff,
        "cost_per_case": cost / n_graded if cost is not None and n_graded else None,
        "tokens_per_case": tokens / n_graded if tokens is not None and n_graded else None,
        "validity": _validity(run),
        "smoke_test": bool(smoke_test_labels(summary)),
        "scores": scores,
        "axes": axes,
        "errors": errors or {},
    }


def _case_record(case_id: str, case: Case | None, grade: CaseGrade) -> dict[str, Any]:
    """The strata and date of a case: from its record, else from a grade of it."""
    source: Case | CaseGrade = case if case is not None else grade
    return {
        "id": case_id,
        "published_at": _date(source.published_at),
        "language": source.language or "unknown",
        "theme": source.theme,
        "specialty": source.specialty,
    }


def _date(value: dt.date | None) -> str | None:
    return value.isoformat() if value else None


def _case_file(
    case_id: str,
    case: Case | None,
    graded: Sequence[tuple[Run, Mapping[tuple[str, int], CaseGrade]]],
    index: Mapping[str, int],
) -> dict[str, Any]:
    texts = {c.id: c for c in case.rubric} if case else {}
    criteria: list[dict[str, Any]] = [
        {"id": c.id, "text": c.text, "weight": c.weight, "axis": c.axis} for c in texts.values()
    ]
    position = {c["id"]: i for i, c in enumerate(criteria)}
    answers = []
    for m, (run, by_answer) in enumerate(graded):
        for epoch in range(_epochs(run)):
            grade = by_answer.get((case_id, epoch))
            if grade is None:
                continue
            verdicts = []
            for v in grade.criteria:
                if v.criterion_id not in position:  # graded against a rubric the case no longer has
                    position[v.criterion_id] = len(criteria)
                    criteria.append(
                        {
                            "id": v.criterion_id,
                            "text": v.criterion_id,
                            "weight": v.weight,
                            "axis": v.axis,
                        }
                    )
                verdicts.append([position[v.criterion_id], v.met, v.error, v.explanation])
            response = run.answers.get((case_id, epoch))
            answers.append(
                {
                    "model": m,
                    "epoch": epoch,
                    "answer": response.response if response else None,
                    "error": grade.response_error,
                    "parts": _score_parts(grade),
                    "verdicts": verdicts,
                }
            )
    conversation = [] if case is None or case.narrative or not case.prompt else case.prompt
    return {
        "id": case_id,
        "index": index[case_id],
        "url": case.url if case else None,
        "narrative": case.narrative if case else "",
        "query": case.query if case else "",
        "prompt": [{"role": m.role, "content": m.content} for m in conversation],
        "criteria": criteria,
        "answers": answers,
    }


def _release_entries(
    paths: Sequence[str | Path],
) -> tuple[list[dict[str, Any]], dict[str, bytes]]:
    entries: list[dict[str, Any]] = []
    files: dict[str, bytes] = {}
    previous: list[Case] | None = None
    loaded = []
    for path in paths:
        folder = Path(path)
        loaded.append((folder, read_manifest(folder), load_cases(folder)))
    loaded.sort(key=lambda item: item[1].created_at)
    for folder, manifest, cases in loaded:
        downloads = []
        for name in sorted({MANIFEST, *manifest.files}):
            data = (folder / name).read_bytes()
            target = f"releases/{manifest.version}/{name}"
            files[target] = data
            downloads.append({"name": name, "href": target, "bytes": len(data)})
        diff = diff_cases(previous, cases) if previous is not None else None
        entries.append(
            {
                "version": manifest.version,
                "created_at": manifest.created_at.isoformat(),
                "n_cases": manifest.n_cases,
                "n_criteria": manifest.n_criteria,
                "counts": manifest.counts.model_dump(mode="json"),
                "published_at": manifest.published_at.model_dump(mode="json"),
                "snapshot_hash": manifest.snapshot_hash,
                "grader_profile": manifest.grader_profile,
                "downloads": downloads,
                "diff": None
                if diff is None
                else {
                    "against": entries[-1]["version"],
                    "added": len(diff.added),
                    "removed": len(diff.removed),
                    "changed": len(diff.changed),
                    "unchanged": diff.unchanged,
                },
            }
        )
        previous = cases
    return entries[::-1], files


def site_files(
    runs: Sequence[Run],
    known: Mapping[str, Cutoff | None],
    release_paths: Sequence[str | Path] = (),
    *,
    errors: Mapping[str, dict[str, Any]] | None = None,
    title: str = "medrubric leaderboard",
    built: dt.date | None = None,
) -> dict[str, bytes]:
    """Every file of the site, path -> content (nothing written); ``known`` is each model's
    knowledge cutoff (`analysis.cutoffs.resolve_cutoffs`), ``errors`` each model's error
    types (`_error_breakdowns`)."""
    case_by_id: dict[str, Case] = {}
    for run in runs:
        for case_id, case in run.cases.items():
            case_by_id.setdefault(case_id, case)
    grades_by_case: dict[str, list[CaseGrade]] = {}
    for run in runs:
        for grade in run.grades:
            grades_by_case.setdefault(grade.case_id, []).append(grade)
    ids = sorted(grades_by_case)
    index = {case_id: i for i, case_id in enumerate(ids)}
    records = [_case_record(i, case_by_id.get(i), grades_by_case[i][0]) for i in ids]
    models = []
    for run in runs:
        cutoff = known.get(run.model)
        entry = (
            None if cutoff is None else {"date": cutoff.date.isoformat(), "source": cutoff.source}
        )
        models.append(_model_entry(run, index, entry, (errors or {}).get(run.model)))
    releases, release_files = _release_entries(release_paths)
    columns = ("id", "published_at", "language", "theme", "specialty")
    payload = {
        "title": title,
        "cases": {key: [r[key] for r in records] for key in columns},
        "models": models,
        "comparability": setup_differences({m["name"]: m["setup"] for m in models}),
        "axes": [a for a in (*AXES, "unknown") if any(a in m["axes"] for m in models)],
        "labels": dict(LABELS),
        "small_n": SMALL_N,
        "releases": releases,
        "built": (built or dt.date.today()).isoformat(),
    }
    out: dict[str, bytes] = {"data/index.js": _wrap("index", payload)}
    graded = [(run, _by_answer(run)) for run in runs]
    for case_id in ids:
        body = _case_file(case_id, case_by_id.get(case_id), graded, index)
        out[f"data/case/{index[case_id]}.js"] = _wrap_gzip(f"case/{index[case_id]}", body)
    static = package_files("medrubric.site") / "static"
    for name in SCRIPTS:
        out[f"assets/{name}"] = (static / name).read_bytes()
    out[STYLESHEET] = render("style.css").encode()
    shell = render(
        "site/index.html.j2",
        stylesheet=STYLESHEET,
        links=SECTIONS,
        title=title,
        built=payload["built"],
        n_runs=len(runs),
        n_cases=len(ids),
    )
    out["index.html"] = shell.encode()
    out.update(release_files)
    return out


def run_site(options: SiteOptions) -> SiteResult:
    """`site build`: write the site into ``options.out`` (every file atomically; inputs are
    all read first, so bad input leaves nothing behind). Error types come from each
    ``options.analysis`` folder and from any run folder that holds them."""
    runs = load_runs(options.runs)
    folders = [p for p in options.runs if _holds_error_types(p)] + options.analysis
    files = site_files(
        runs,
        resolve_cutoffs(runs, options.cutoffs),
        options.releases,
        errors=_error_breakdowns(folders),
        title=options.title,
    )
    for name, data in files.items():
        write_bytes_atomic(options.out / name, data)
    return SiteResult(
        out=options.out,
        n_models=len(runs),
        n_cases=sum(1 for name in files if name.startswith("data/case/")),
        n_releases=len({n.split("/")[1] for n in files if n.startswith("releases/")}),
        n_files=len(files),
        n_bytes=sum(len(d) for d in files.values()),
    )
