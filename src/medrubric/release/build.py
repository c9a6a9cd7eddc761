"""Build a release: merge pools, keep each case's first publication date, cut a date window,
freeze it with the pinned grader profile (LiveMedBench App. F).

A case id seen in several pools (or earlier releases) keeps the *earliest* published_at of
all of them, so a case never moves to a later window when it is re-curated; its content is
taken from the last pool that holds it (the most recent curation).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from medrubric.analysis.runs import load_answer_grades
from medrubric.data.formats import load_cases
from medrubric.data.models import Case
from medrubric.errors import InputError
from medrubric.rubric.items import item_analysis, item_findings
from medrubric.rubric.lint import (
    Finding,
    blocking,
    duplicate_method,
    lint_text,
    severity_counts,
    sign_method,
)
from medrubric.rubric.similarity import sentence_encoder
from medrubric.snapshot import Manifest, freeze

DATE_RULE = "earliest published_at per case id across all pools"


class ReleaseResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    manifest: Manifest
    findings: list[Finding]  # the rubric lint of the released cases
    n_pool: int  # distinct case ids over all pools
    n_outside: int  # dated cases outside the window
    n_undated: int  # cases with no publication date (cannot be placed in a window)
    hub: Path | None = None  # the Hugging Face dataset folder (`run_release`)
    hub_written: bool = False  # False: Parquet (pyarrow) is not installed, the folder not written


def merge_pools(pools: Sequence[Sequence[Case]]) -> list[Case]:
    """One case per id, in first-seen order: the last pool's content, the earliest date."""
    latest: dict[str, Case] = {}
    earliest: dict[str, dt.date] = {}
    for pool in pools:
        for case in pool:
            latest[case.id] = case
            if case.published_at is not None:
                seen = earliest.get(case.id)
                earliest[case.id] = min(seen, case.published_at) if seen else case.published_at
    return [
        case.model_copy(update={"published_at": earliest.get(case.id)}) for case in latest.values()
    ]


def select_window(
    cases: Sequence[Case], date_from: dt.date, date_to: dt.date
) -> tuple[list[Case], int, int]:
    """(cases published in [date_from, date_to], both ends included; outside; undated)."""
    if date_from > date_to:
        raise InputError(f"--from {date_from} is after --to {date_to}")
    inside = [
        c for c in cases if c.published_at is not None and date_from <= c.published_at <= date_to
    ]
    undated = sum(c.published_at is None for c in cases)
    return inside, len(cases) - len(inside) - undated, undated


def lint_gate(
    cases: Sequence[Case], runs: Sequence[str | Path] = (), *, allow_findings: bool = False
) -> tuple[list[Finding], dict[str, Any]]:
    """The rubric lint of the cases to release (text checks; the item analysis too when runs
    are given) and its manifest record. Error-severity findings stop the release unless
    `allow_findings`, and then the manifest names each one it was released with."""
    encoder = sentence_encoder()
    findings = lint_text(cases, encoder)
    families = ["text"]
    if runs:
        graded = load_answer_grades(runs)
        findings += item_findings(item_analysis([g for r in graded for g in r.grades]), cases)
        families.append("runs")
    errors = blocking(findings)
    if errors and not allow_findings:
        first = errors[0]
        raise InputError(
            f"{len(errors)} error-severity rubric finding(s), first {first.case_id} "
            f"{first.criterion_id or ''} {first.check}: {first.reason}; see `medrubric rubric "
            "lint`, fix the rubric, or release anyway with --allow-findings"
        )
    record: dict[str, Any] = {
        "families": families,
        "duplicates": duplicate_method(encoder),
        "signs": sign_method(encoder),
        "counts": severity_counts(findings),
        "allowed_errors": [
            {"case_id": f.case_id, "criterion_id": f.criterion_id, "check": f.check} for f in errors
        ],
    }
    return findings, record


def build_release(
    pools: Sequence[str | Path],
    version: str,
    date_from: dt.date,
    date_to: dt.date,
    out: str | Path,
    *,
    grader_profile: dict[str, Any] | None = None,
    created_at: dt.datetime | None = None,
    runs: Sequence[str | Path] = (),
    allow_findings: bool = False,
) -> ReleaseResult:
    """Freeze the pools' cases published in the window as snapshot `version` in `out`, after
    the rubric lint gate (`lint_gate`; with `runs`, the item analysis too)."""
    if not pools:
        raise InputError("no pool given")
    merged = merge_pools([load_cases(p) for p in pools])
    selected, outside, undated = select_window(merged, date_from, date_to)
    if not selected:
        raise InputError(
            f"no case published between {date_from} and {date_to} "
            f"({outside} outside the window, {undated} undated)"
        )
    findings, lint_record = lint_gate(selected, runs, allow_findings=allow_findings)
    extra = {
        "window": {"from": date_from.isoformat(), "to": date_to.isoformat()},
        "pools": [Path(p).name for p in pools],
        "date_rule": DATE_RULE,
        "rubric_lint": lint_record,
    }
    manifest = freeze(
        selected,
        version,
        out,
        grader_profile=grader_profile,
        extra_manifest=extra,
        created_at=created_at,
    )
    return ReleaseResult(
        manifest=manifest,
        findings=findings,
        n_pool=len(merged),
        n_outside=outside,
        n_undated=undated,
    )


class ReleaseOptions(BaseModel):
    """Everything `medrubric release` takes."""

    model_config = ConfigDict(extra="forbid")

    pools: list[str | Path]  # cases files or snapshot folders, oldest first
    version: str
    date_from: dt.date
    date_to: dt.date
    out: Path  # the new snapshot folder
    grader_profile: dict[str, Any] | None = None  # the pinned grader
    runs: list[Path] = []  # graded runs: the lint adds the item analysis
    allow_findings: bool = False
    hub_out: Path | None = None  # the dataset folder (None: OUT-hf beside OUT)
    license: str | None = None  # the dataset card's license
    created_at: dt.datetime | None = None  # to reproduce a release byte for byte


def run_release(opts: ReleaseOptions) -> ReleaseResult:
    """`build_release`, then the release as a Hugging Face dataset folder when Parquet can be
    written (`report.card.run_hub`); `hub_written` says whether it was."""
    from medrubric.data.parquet import parquet_available
    from medrubric.report.card import HubOptions, run_hub

    result = build_release(
        opts.pools,
        opts.version,
        opts.date_from,
        opts.date_to,
        opts.out,
        grader_profile=opts.grader_profile,
        created_at=opts.created_at,
        runs=opts.runs,
        allow_findings=opts.allow_findings,
    )
    result.hub = opts.hub_out or opts.out.with_name(f"{opts.out.name}-hf")
    if parquet_available():
        run_hub(HubOptions(snapshot=opts.out, out=result.hub, license=opts.license))
        result.hub_written = True
    return result
