"""Synthetic run directories with planted effects, written the way the engine writes them."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from medrubric.data.formats import load_meta_eval
from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import CaseGrade, Response, Verdict

MakeRun = Callable[..., Path]


def synthetic_grade(model: str, spec: dict[str, Any], grader: str) -> CaseGrade:
    """spec: case_id, hits, n (criteria, default 10), weight (default 1) or weights (one per
    criterion), errors (verdicts in error after the hits), published_at, theme, specialty,
    axis, tags, answer, response_error."""
    n, hits, errors = spec.get("n", 10), int(spec["hits"]), spec.get("errors", 0)
    weights = spec.get("weights") or [spec.get("weight", 1)] * n
    axis = spec.get("axis", "accuracy")
    verdicts = [
        Verdict(criterion_id=f"c{i}", weight=weights[i], axis=axis, met=bool(i < hits))
        if i < n - errors
        else Verdict(criterion_id=f"c{i}", weight=weights[i], axis=axis, error="timeout")
        for i in range(n)
    ]
    published = spec.get("published_at")
    return CaseGrade(
        case_id=spec["case_id"],
        model=model,
        grader=grader,
        language="en",
        theme=spec.get("theme", "response_depth"),
        specialty=spec.get("specialty", "cardiology"),
        published_at=dt.date.fromisoformat(published) if published else None,
        tags=spec.get("tags", []),
        response_error=spec.get("response_error"),
        criteria=[] if spec.get("response_error") else verdicts,
    )


def write_run(
    root: Path,
    model: str,
    specs: Sequence[dict[str, Any]],
    *,
    grader: str = "grader-a",
    cutoff: str | None = None,
) -> Path:
    """A run folder at `root` (grades, responses, summary) of `model`'s synthetic grades."""
    root.mkdir(parents=True)
    grades = [synthetic_grade(model, s, grader) for s in specs]
    write_jsonl(root / "grades.jsonl", grades)
    responses = [
        Response(case_id=s["case_id"], model=model, response=s.get("answer", "x" * 10))
        for s in specs
        if not s.get("response_error")
    ]
    write_jsonl(root / "responses.jsonl", responses)
    candidate = {"name": model, "model": model, "label": model, "knowledge_cutoff": cutoff}
    summary = {
        "model": model,
        "clip": True,
        "grading": {"grader": grader},
        "provenance": {"models": {"candidate": candidate}},
    }
    (root / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def run_writer() -> Callable[..., Path]:
    """`write_run` for fixtures of any scope (they choose the folder)."""
    return write_run


@pytest.fixture
def make_run(tmp_path: Path) -> MakeRun:
    def make(
        model: str,
        specs: Sequence[dict[str, Any]],
        *,
        grader: str = "grader-a",
        cutoff: str | None = None,
        folder: str | None = None,
    ) -> Path:
        return write_run(tmp_path / (folder or model), model, specs, grader=grader, cutoff=cutoff)

    return make


META_EVAL_FIXTURE = Path(__file__).parent / "fixtures" / "meta_eval_small.jsonl"
# completion_id -> the grader's verdict per rubric text of the meta-eval fixture
META_GRADER = {
    "c1a": {"Advises urgent review.": True, "Mentions dosage.": False},
    "c1b": {"Advises urgent review.": True, "Mentions dosage.": True},
    "c2": {"Asks about allergies.": True, "Recommends follow-up.": False},
}


@pytest.fixture
def meta_grade_files(tmp_path: Path) -> list[Path]:
    """One grades file per completion of the meta-eval fixture, model = completion_id."""
    rows = load_meta_eval(META_EVAL_FIXTURE)
    ids = {row.rubric: row.criterion_id for row in rows}
    case_of = {row.completion_id: row.prompt_id for row in rows}
    folder = tmp_path / "meta-grades"
    folder.mkdir()
    paths = []
    for completion, verdicts in META_GRADER.items():
        grade = CaseGrade(
            case_id=case_of[completion],
            model=completion,
            grader="grader-x",
            criteria=[
                Verdict(criterion_id=ids[text], weight=1, met=met) for text, met in verdicts.items()
            ],
        )
        path = folder / f"{completion}.jsonl"
        write_jsonl(path, [grade])
        paths.append(path)
    return paths
