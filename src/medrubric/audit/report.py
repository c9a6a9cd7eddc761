"""The audit section of the HTML report: win/tie/loss bars per error type, AUROC with CIs,
criterion analysis, fact-check detection against false flags, review agreement and example
pairs with the edited span highlighted. Self-contained: inline CSS, charts as base64 PNG."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from medrubric.audit.auditdir import AuditDir
from medrubric.audit.criteria import RESULT as CRITERIA_FILE
from medrubric.audit.paired_scoring import PAIR_SCORES, SCORE_FILE, PairScore, ScoreReport
from medrubric.audit.pairs import AuditPair
from medrubric.audit.review_io import edited_spans
from medrubric.data.jsonl import load_models
from medrubric.report.render import num, write_page
from medrubric.runtime.folder import read_json, readable_log

FACTCHECK_SUMMARY = "factcheck_summary.json"


def outcome_chart(score: ScoreReport) -> str | None:
    """Stacked horizontal bars of win / tie / loss for all pairs and each error type."""
    from medrubric.runtime.figures import png_base64, pyplot

    plt = pyplot()

    rows = [("all", score.overall), *sorted(score.by_type.items())]
    rows = [(name, s) for name, s in rows if s.n_pairs]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(rows) + 1.2))
    positions = list(range(len(rows)))
    left = [0.0] * len(rows)
    for field, colour in (("win", "#2e7d32"), ("tie", "#bdbdbd"), ("loss", "#c62828")):
        values = [getattr(s, field) for _, s in rows]
        ax.barh(positions, values, left=left, color=colour, label=field)
        left = [a + b for a, b in zip(left, values, strict=True)]
    ax.set_yticks(positions, [f"{name} (n={s.n_pairs})" for name, s in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of pairs")
    ax.legend(loc="lower right", ncols=3, fontsize="small")
    ax.set_title("Original vs injected: win / tie / loss")
    return png_base64(fig)


def factcheck_chart(detection: dict[str, Any]) -> str | None:
    from medrubric.runtime.figures import png_base64, pyplot

    plt = pyplot()

    names = ["detected", "false_flag"]
    rates = [detection[n]["rate"] for n in names]
    if any(r is None or math.isnan(r) for r in rates):
        return None
    lows = [max(0.0, r - detection[n]["ci"][0]) for r, n in zip(rates, names, strict=True)]
    highs = [max(0.0, detection[n]["ci"][1] - r) for r, n in zip(rates, names, strict=True)]
    fig, ax = plt.subplots(figsize=(5, 2))
    ax.barh([0, 1], rates, xerr=[lows, highs], color=["#2e7d32", "#c62828"], capsize=3)
    ax.set_yticks([0, 1], ["injected error flagged", "original falsely flagged"])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("rate (95% Wilson CI)")
    return png_base64(fig)


def example_parts(pair: AuditPair) -> list[tuple[str, bool]]:
    """The edited answer cut into (text, is_changed) pieces for highlighting."""
    parts, cursor = [], 0
    for start, end in sorted(edited_spans(pair)):
        parts += [(pair.edited[cursor:start], False), (pair.edited[start:end], True)]
        cursor = end
    parts.append((pair.edited[cursor:], False))
    return [(text, marked) for text, marked in parts if text]


def examples(
    pairs: Sequence[AuditPair], scores: dict[str, PairScore], per_type: int
) -> list[dict[str, Any]]:
    shown: dict[str, int] = {}
    out = []
    for pair in sorted(pairs, key=lambda p: (p.error_type, p.pair_id)):
        if shown.get(pair.error_type, 0) >= per_type:
            continue
        shown[pair.error_type] = shown.get(pair.error_type, 0) + 1
        score = scores.get(pair.pair_id)
        outcome = ""
        if score is not None and score.scored:
            outcome = f"rubric score {num(score.original_score)} → {num(score.edited_score)}"
        out.append(
            {
                "error_type": pair.error_type,
                "error_name": pair.error_name,
                "case_id": pair.case_id,
                "outcome": outcome,
                "parts": example_parts(pair),
                "edits": pair.edits,
            }
        )
    return out


def _optional(path: Path) -> dict[str, Any] | None:
    return read_json(path, "") if path.is_file() else None


def section_context(
    root: Path, factcheck_dir: Path | None = None, examples_per_type: int = 2
) -> dict[str, Any]:
    """Everything the audit section shows, read from an audit directory."""
    audit = AuditDir(root)
    pairs = audit.load_pairs() if audit.funnel.exists() else audit.require_pairs()
    score_data = _optional(audit.score / SCORE_FILE)
    score = ScoreReport.model_validate(score_data) if score_data else None
    pair_scores = (
        {s.pair_id: s for s in load_models(audit.score / PAIR_SCORES, PairScore)}
        if readable_log(audit.score / PAIR_SCORES)
        else {}
    )
    factcheck = _optional((factcheck_dir or root / "factcheck") / FACTCHECK_SUMMARY)
    run = _optional(audit.run) or {}
    smoke = sorted(
        {
            str(spec.get("label", role))
            for role, spec in run.get("models", {}).items()
            if spec.get("smoke_test")
        }
    )
    return {
        "root": str(root),
        "taxonomy": pairs[0].taxonomy if pairs else "",
        "smoke": smoke,
        "funnel": _optional(audit.funnel),
        "score": score,
        "outcome_rows": [("all", score.overall), *sorted(score.by_type.items())] if score else [],
        "outcome_chart": outcome_chart(score) if score else None,
        "criteria": _optional(audit.score / CRITERIA_FILE),
        "factcheck": factcheck,
        "factcheck_chart": factcheck_chart(factcheck["detection"])
        if factcheck and factcheck.get("detection")
        else None,
        "review": _optional(audit.review_summary),
        "examples": examples(pairs, pair_scores, examples_per_type),
    }


def write_audit_report(root: Path, out: Path, factcheck_dir: Path | None = None) -> Path:
    """The audit page of the audit folder `root`, written (atomically) to `out`."""
    return write_page(out, "audit/report.html.j2", **section_context(root, factcheck_dir))
