"""Run directories as per-case tables: what every analysis reads.

A run is a folder written by `medrubric eval`/`grade` (grades.jsonl, responses.jsonl,
summary.json, cases.jsonl) or, for analyses that need only verdicts, a bare grades file.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.jsonl import load_models, read_json_object
from medrubric.data.models import Case, CaseGrade, Response, tag_values
from medrubric.errors import InputError
from medrubric.evaluate.rundir import RunDir
from medrubric.scoring import score_verdicts


class CaseRow(BaseModel):
    """One graded answer: the case strata, its score and, when the run kept it, the answer."""

    model_config = ConfigDict(extra="forbid")

    case_id: str
    theme: str
    specialty: str
    language: str
    published_at: dt.date | None
    tags: list[str]
    score: float | None  # None: generation failed or no positive criterion left to score
    answer: str | None = None
    n_criteria: int

    def tag_values(self, key: str) -> list[str]:
        return tag_values(self.tags, key)


class Run(BaseModel):
    """One candidate model's graded answers, with the records the analyses need."""

    model_config = ConfigDict(extra="forbid")

    path: Path
    model: str
    grader: str
    clip: bool = True
    grades: list[CaseGrade]
    responses: dict[str, Response] = Field(default_factory=dict)
    # (case id, epoch) -> the answer: every epoch's (`responses` keeps one per case)
    answers: dict[tuple[str, int], Response] = Field(default_factory=dict)
    cases: dict[str, Case] = Field(default_factory=dict)
    summary: dict[str, Any] = Field(default_factory=dict)
    # case id -> the length in characters of each of its answers (every epoch)
    answer_chars: dict[str, list[int]] = Field(default_factory=dict)

    def rows(self) -> list[CaseRow]:
        return [self.row(g) for g in self.grades]

    def row(self, grade: CaseGrade) -> CaseRow:
        answer = self.responses.get(grade.case_id)
        score = None if grade.response_error else score_verdicts(grade.criteria, self.clip)
        return CaseRow(
            case_id=grade.case_id,
            theme=grade.theme,
            specialty=grade.specialty,
            language=grade.language or "unknown",
            published_at=grade.published_at,
            tags=grade.tags,
            score=score,
            answer=answer.response if answer else None,
            n_criteria=len(grade.criteria),
        )

    def scores(self) -> dict[str, float]:
        """Case id -> case score (the mean over the case's scored answers, one per epoch),
        for the cases with an answer that could be scored."""
        per_case: dict[str, list[float]] = {}
        for r in self.rows():
            if r.score is not None:
                per_case.setdefault(r.case_id, []).append(r.score)
        return {case: sum(s) / len(s) for case, s in per_case.items()}

    def candidate_spec(self) -> dict[str, Any]:
        """The public model spec the run recorded for its candidate ({} when absent)."""
        models = (self.summary.get("provenance") or {}).get("models") or {}
        spec: dict[str, Any] = models.get("candidate") or {}
        return spec


def _grader_label(grades: Sequence[CaseGrade], summary: dict[str, Any]) -> str:
    recorded = (summary.get("grading") or {}).get("grader")
    if recorded:
        return str(recorded)
    graders = sorted({g.grader for g in grades if g.grader})
    return ", ".join(graders) or "unknown"


def _one_model(grades: list[CaseGrade], where: Path) -> str:
    models = sorted({g.model for g in grades})
    if len(models) != 1:
        raise InputError(
            f"model: expected the grades of one model, found {len(models)} "
            f"({', '.join(models) or 'none'}): split them into one run each",
            where,
        )
    return models[0]


def _check_graded_once(grades: list[CaseGrade], where: Path) -> None:
    seen: set[tuple[str, str, int]] = set()
    for g in grades:
        if (g.case_id, g.model, g.epoch) in seen:
            epoch = f", epoch {g.epoch}" if g.epoch else ""
            raise InputError(f"case_id: {g.case_id!r} is graded twice ({g.model}{epoch})", where)
        seen.add((g.case_id, g.model, g.epoch))


def _answer_chars(responses: Sequence[Response], model: str) -> dict[str, list[int]]:
    chars: dict[str, list[int]] = {}
    for r in responses:
        if r.model == model and r.response is not None:
            chars.setdefault(r.case_id, []).append(len(r.response))
    return chars


def _read_runs(path: str | Path) -> list[Run]:
    """One Run per model found in a run directory or a grades JSONL file standing alone."""
    path = Path(path)
    summary: dict[str, Any] = {}
    cases: dict[str, Case] = {}
    responses: list[Response] = []
    if path.is_file():
        where, grades = path, load_models(path, CaseGrade)
    elif path.is_dir():
        run = RunDir(path)
        if not run.grades.exists():
            raise InputError("no grades.jsonl in this run directory", path)
        where, grades = run.grades, run.load_grades()
        if run.summary.exists():
            summary = read_json_object(run.summary)
        cases = {c.id: c for c in load_models(run.cases, Case)} if run.cases.exists() else {}
        responses = run.load_responses()
    else:
        raise InputError("no such run directory or grades file", path)
    _check_graded_once(grades, where)
    by_model: dict[str, list[CaseGrade]] = {}
    for g in grades:
        by_model.setdefault(g.model, []).append(g)
    return [
        Run(
            path=path,
            model=model,
            grader=_grader_label(own, summary),
            clip=bool(summary.get("clip", True)),
            grades=own,
            responses={r.case_id: r for r in responses if r.model == model},
            answers={(r.case_id, r.epoch): r for r in responses if r.model == model},
            cases=cases,
            summary=summary,
            answer_chars=_answer_chars(responses, model),
        )
        for model, own in sorted(by_model.items())
    ]


def load_run(path: str | Path) -> Run:
    """A run directory, or a grades JSONL file standing alone, of one model."""
    runs = _read_runs(path)
    where = Path(path) if Path(path).is_file() else RunDir(Path(path)).grades
    _one_model([g for r in runs for g in r.grades], where)
    return runs[0]


def load_answer_grades(paths: Sequence[str | Path]) -> list[Run]:
    """Runs or grades files whose grades may belong to several answers of one case, each
    answer named by its grade's model (HealthBench meta-eval: the completion_id): one Run
    per model found, for analyses keyed by answer rather than by candidate model."""
    if not paths:
        raise InputError("no run given")
    return [run for p in paths for run in _read_runs(p)]


def load_runs(paths: Sequence[str | Path]) -> list[Run]:
    """Several runs, one model each; the same model twice is an error (which one to use?)."""
    if not paths:
        raise InputError("no run given")
    runs = [load_run(p) for p in paths]
    seen: dict[str, Path] = {}
    for run in runs:
        if run.model in seen:
            raise InputError(
                f"model {run.model!r} appears in two runs ({seen[run.model]})", run.path
            )
        seen[run.model] = run.path
    return runs
