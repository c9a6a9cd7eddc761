"""Criterion analysis: which rubric criteria can tell an original from its injected copy?

Each criterion is classified FACTCHECK (a reference lookup settles it) or OTHER (editorial
judgement), BORDERLINE when the classifier cannot tell. A criterion discriminates a pair
when its verdict on the original differs from its verdict on the injected answer. The rate
per kind is discriminating (pair, criterion) items over all items of that kind; the ratio
FACTCHECK / OTHER has a cluster-bootstrap CI over questions ("When Rubrics Fail": 2.14×).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from medrubric.audit.auditdir import AuditDir
from medrubric.audit.paired_scoring import edited_label, original_label, pair_cases
from medrubric.data.jsonl import append_jsonl, write_json
from medrubric.data.models import Case, CaseGrade
from medrubric.evaluate.rundir import RunDir
from medrubric.llm.types import ChatModel
from medrubric.prompts import render
from medrubric.runtime.concurrency import bounded
from medrubric.runtime.folder import read_log
from medrubric.runtime.options import ModelOptions
from medrubric.stats import cluster_bootstrap_distribution, percentile_interval

CriterionKind = Literal["FACTCHECK", "OTHER", "BORDERLINE"]
PROMPT = ("audit_criteria", 1)
LABELS = "criterion_labels.jsonl"
RESULT = "criteria.json"


class CriterionLabelItem(BaseModel):
    criterion_id: str
    rationale: str = ""
    label: CriterionKind


class CriteriaReply(BaseModel):
    labels: list[CriterionLabelItem]


class CriterionLabel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_id: str
    criterion_id: str
    label: CriterionKind | None = None
    rationale: str = ""
    classifier: str
    prompt_version: str
    error: str | None = None


async def classify_case(
    model: ChatModel, case: Case, params: dict[str, float | int]
) -> list[CriterionLabel]:
    """One call per case; a criterion the reply leaves out (or repeats) is an error."""
    name, version = PROMPT
    text, prompt_id = render(name, version, criteria=case.rubric)
    result = await model.chat(
        [{"role": "user", "content": text}],
        prompt_version=prompt_id,
        schema=CriteriaReply,
        params=params,
    )
    found: dict[str, CriterionLabelItem] = {}
    failure = result.error or "no reply"
    if result.ok and result.parsed is not None:
        reply = CriteriaReply.model_validate(result.parsed).labels
        counts = Counter(item.criterion_id for item in reply)
        found = {item.criterion_id: item for item in reply if counts[item.criterion_id] == 1}
        failure = "the classifier gave no single label for this criterion"
    labels = []
    for criterion in case.rubric:
        item = found.get(criterion.id)
        labels.append(
            CriterionLabel(
                case_id=case.id,
                criterion_id=criterion.id,
                label=item.label if item else None,
                rationale=item.rationale if item else "",
                classifier=model.label,
                prompt_version=prompt_id,
                error=None if item else failure,
            )
        )
    return labels


class KindRate(BaseModel):
    criteria: int
    items: int
    discriminating: int
    reversed: int
    rate: float


class CriteriaResult(BaseModel):
    by_kind: dict[str, KindRate]
    ratio: float
    ratio_ci: tuple[float, float]
    n_pairs: int
    unlabelled_criteria: int


def _ratio(codes: np.ndarray, axis: int = -1) -> np.ndarray:
    """FACTCHECK rate / OTHER rate from item codes: 0/1 OTHER, 2/3 FACTCHECK, odd = differs."""
    fact_n = np.sum(codes >= 2, axis=axis)
    fact_d = np.sum(codes == 3, axis=axis)
    other_n = np.sum(codes < 2, axis=axis)
    other_d = np.sum(codes == 1, axis=axis)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.asarray((fact_d / fact_n) / (other_d / other_n), dtype=float)


def discrimination(
    labels: Sequence[CriterionLabel],
    items: Sequence[tuple[str, str, bool, bool]],
    n_pairs: int,
    n_resamples: int = 10_000,
    seed: int = 0,
) -> CriteriaResult:
    """`items` are (case_id, criterion_id, original met, injected met) for graded pairs."""
    kind = {(lab.case_id, lab.criterion_id): lab.label for lab in labels if lab.label is not None}
    by_kind: dict[str, KindRate] = {}
    for name in ("FACTCHECK", "OTHER", "BORDERLINE"):
        mine = [i for i in items if kind.get((i[0], i[1])) == name]
        differ = sum(o != e for _, _, o, e in mine)
        by_kind[name] = KindRate(
            criteria=sum(1 for v in kind.values() if v == name),
            items=len(mine),
            discriminating=differ,
            reversed=sum((not o) and e for _, _, o, e in mine),
            rate=differ / len(mine) if mine else math.nan,
        )
    coded = [
        (case_id, (2 if kind[(case_id, cid)] == "FACTCHECK" else 0) + int(o != e))
        for case_id, cid, o, e in items
        if kind.get((case_id, cid)) in ("FACTCHECK", "OTHER")
    ]
    fact, other = by_kind["FACTCHECK"], by_kind["OTHER"]
    ratio = fact.rate / other.rate if other.rate else math.nan
    ci = (math.nan, math.nan)
    if coded:
        dist = cluster_bootstrap_distribution(
            [c for _, c in coded], [q for q, _ in coded], _ratio, n_resamples, seed
        )
        finite = dist[np.isfinite(dist)]
        if finite.size:
            ci = percentile_interval(finite)
    return CriteriaResult(
        by_kind=by_kind,
        ratio=ratio,
        ratio_ci=ci,
        n_pairs=n_pairs,
        unlabelled_criteria=sum(lab.label is None for lab in labels),
    )


def verdict_items(
    grades: Sequence[CaseGrade], pairs: Sequence[tuple[str, str, str]]
) -> list[tuple[str, str, bool, bool]]:
    """(case, criterion, original met, injected met) for every criterion graded on both sides.

    `pairs` are (case_id, original grade label, edited grade label); error verdicts are left out.
    """
    by_key = {(g.case_id, g.model): g for g in grades}
    out: list[tuple[str, str, bool, bool]] = []
    for case_id, orig_label, edit_label in pairs:
        orig, edit = by_key.get((case_id, orig_label)), by_key.get((case_id, edit_label))
        if orig is None or edit is None:
            continue
        edited = {v.criterion_id: v for v in edit.criteria if v.error is None}
        for v in orig.criteria:
            w = edited.get(v.criterion_id)
            if v.error is None and w is not None:
                out.append((case_id, v.criterion_id, bool(v.met), bool(w.met)))
    return out


class CriteriaOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    audit_dir: Path
    benchmark: str
    model: str
    score_dir: Path | None = None
    n_resamples: int = 10_000
    seed: int = 0
    models: ModelOptions = Field(default_factory=ModelOptions)


async def run_criteria(opts: CriteriaOptions) -> CriteriaResult:
    audit = AuditDir(opts.audit_dir)
    pairs = audit.require_pairs()
    cases = pair_cases(pairs, opts.benchmark)
    score_dir = opts.score_dir or audit.score
    path = score_dir / LABELS
    stored = read_log(path, CriterionLabel)
    labelled = {(lab.case_id, lab.criterion_id) for lab in stored if not lab.error}
    used = [cases[i] for i in sorted({p.case_id for p in pairs})]
    pending = [c for c in used if any((c.id, k.id) not in labelled for k in c.rubric)]
    with opts.models.progress() as progress:
        progress.stage("criteria", total=len(used), done=len(used) - len(pending))
        async with opts.models.open(opts.model) as model:

            async def one(case: Case) -> list[CriterionLabel]:
                return await classify_case(model, case, opts.models.params())

            async for rows in bounded(pending, one, opts.models.workers()):
                for row in rows:
                    append_jsonl(path, row)
                progress.advance("criteria")
    latest = {(lab.case_id, lab.criterion_id): lab for lab in read_log(path, CriterionLabel)}
    wanted = {(c.id, k.id) for c in used for k in c.rubric}
    labels = [v for k, v in latest.items() if k in wanted]
    grades = RunDir(score_dir / "grading").load_grades()
    refs = [(p.case_id, original_label(p), edited_label(p)) for p in pairs]
    result = discrimination(
        labels, verdict_items(grades, refs), len(pairs), opts.n_resamples, opts.seed
    )
    write_json(score_dir / RESULT, result.model_dump(mode="json"))
    return result
