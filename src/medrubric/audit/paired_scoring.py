"""Paired scoring: grade each original and its injected copy with the benchmark's own rubric
and grader (the engine's grading code), then win / tie / loss and paired AUROC with
cluster-bootstrap CIs over questions, per dataset and per error type."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from pathlib import Path

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from medrubric.audit.auditdir import AuditDir
from medrubric.audit.pairs import AuditPair
from medrubric.data.formats import load_cases
from medrubric.data.jsonl import write_json, write_jsonl
from medrubric.data.models import Case, CaseGrade, Response
from medrubric.errors import InputError
from medrubric.evaluate.grade import grade_responses
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.rundir import RunDir
from medrubric.runtime.folder import read_json
from medrubric.runtime.options import ModelOptions
from medrubric.scoring import score_verdicts
from medrubric.stats import (
    cluster_bootstrap_ci,
    kendall_tau_b,
    pair_outcomes,
    paired_auroc,
    paired_auroc_ci,
    spearman,
)

N_RESAMPLES = 10_000
SCORE_FILE = "score.json"
PAIR_SCORES = "pair_scores.jsonl"
COMPARE_FILE = "compare.json"

Interval = tuple[float, float]


def original_label(pair: AuditPair) -> str:
    return f"original:{pair.answer_model}"


def edited_label(pair: AuditPair) -> str:
    return f"edited:{pair.pair_id}"


class PairScore(BaseModel):
    """Rubric scores of one pair; None where grading failed (the pair is left out and counted)."""

    model_config = ConfigDict(extra="forbid")

    pair_id: str
    case_id: str
    error_type: str
    n_criteria: int
    original_score: float | None
    edited_score: float | None
    original_grade: str
    edited_grade: str

    @property
    def scored(self) -> bool:
        return self.original_score is not None and self.edited_score is not None


class OutcomeStats(BaseModel):
    """win / tie / loss shares and paired AUROC = win + 0.5 tie, each with its 95% CI."""

    n_pairs: int
    n_questions: int
    win: float
    tie: float
    loss: float
    auroc: float
    win_ci: Interval
    tie_ci: Interval
    loss_ci: Interval
    auroc_ci: Interval


class DensityRow(BaseModel):
    n_criteria: int
    n_pairs: int
    tie_rate: float


class DensityStats(BaseModel):
    """Tie rate against rubric density (criteria per question)."""

    criteria_per_question: float
    rows: list[DensityRow]
    spearman_rho: float
    spearman_p: float


class ScoreReport(BaseModel):
    grader: str
    profile: str | None
    clip: bool
    n_pairs: int
    n_scored: int
    n_grading_errors: int
    overall: OutcomeStats
    by_type: dict[str, OutcomeStats]
    density: DensityStats


def outcome_stats(
    original: Sequence[float],
    edited: Sequence[float],
    clusters: Sequence[Hashable],
    n_resamples: int = N_RESAMPLES,
    seed: int = 0,
) -> OutcomeStats:
    """Shares and AUROC over pairs, each with the cluster-bootstrap CI of that same share:
    questions are resampled and every pair of a drawn question is kept."""
    result = paired_auroc(original, edited)
    outcomes = pair_outcomes(original, edited) if len(original) else np.array([])

    def ci(indicator: np.ndarray) -> Interval:
        lo, hi = cluster_bootstrap_ci(indicator, clusters, n_resamples=n_resamples, seed=seed)
        return (lo, hi)

    return OutcomeStats(
        n_pairs=result.n,
        n_questions=len(set(clusters)),
        win=result.win,
        tie=result.tie,
        loss=result.loss,
        auroc=result.auroc,
        win_ci=ci((outcomes == 1.0).astype(float)),
        tie_ci=ci((outcomes == 0.5).astype(float)),
        loss_ci=ci((outcomes == 0.0).astype(float)),
        auroc_ci=paired_auroc_ci(original, edited, clusters, n_resamples=n_resamples, seed=seed)
        if result.n
        else (math.nan, math.nan),
    )


def density_stats(scores: Sequence[PairScore]) -> DensityStats:
    scored = [s for s in scores if s.scored]
    ties = [float(abs(s.original_score - s.edited_score) <= 1e-9) for s in scored]  # type: ignore[operator]
    sizes = [s.n_criteria for s in scored]
    rows = [
        DensityRow(
            n_criteria=n,
            n_pairs=sum(1 for m in sizes if m == n),
            tie_rate=float(np.mean([t for t, m in zip(ties, sizes, strict=True) if m == n])),
        )
        for n in sorted(set(sizes))
    ]
    per_question = {s.case_id: s.n_criteria for s in scored}
    rho = spearman(sizes, ties) if len(scored) > 2 else None
    return DensityStats(
        criteria_per_question=float(np.mean(list(per_question.values())))
        if per_question
        else math.nan,
        rows=rows,
        spearman_rho=float(rho.statistic) if rho else math.nan,
        spearman_p=float(rho.pvalue) if rho else math.nan,
    )


def summarize_pairs(
    scores: Sequence[PairScore],
    setup: GraderSetup,
    n_resamples: int = N_RESAMPLES,
    seed: int = 0,
    grader_label: str | None = None,
) -> ScoreReport:
    """Overall and per-type outcomes; `grader_label` names the grader (never its endpoint)."""
    scored = [s for s in scores if s.scored]

    def stats(rows: Sequence[PairScore]) -> OutcomeStats:
        return outcome_stats(
            [r.original_score for r in rows],  # type: ignore[misc]
            [r.edited_score for r in rows],  # type: ignore[misc]
            [r.case_id for r in rows],
            n_resamples,
            seed,
        )

    types = sorted({s.error_type for s in scored})
    return ScoreReport(
        grader=grader_label or setup.grader,
        profile=setup.profile,
        clip=setup.clip,
        n_pairs=len(scores),
        n_scored=len(scored),
        n_grading_errors=len(scores) - len(scored),
        overall=stats(scored),
        by_type={t: stats([s for s in scored if s.error_type == t]) for t in types},
        density=density_stats(scores),
    )


def pair_responses(pairs: Sequence[AuditPair]) -> list[Response]:
    """One Response per distinct original answer and one per injected answer."""
    originals = {
        (p.case_id, original_label(p)): Response(
            case_id=p.case_id, model=original_label(p), response=p.original
        )
        for p in pairs
    }
    edited = [Response(case_id=p.case_id, model=edited_label(p), response=p.edited) for p in pairs]
    return [*originals.values(), *edited]


def pair_scores(
    pairs: Sequence[AuditPair], cases: dict[str, Case], grades: Sequence[CaseGrade], clip: bool
) -> list[PairScore]:
    by_key = {(g.case_id, g.model): g for g in grades}

    def score(case_id: str, label: str) -> float | None:
        grade = by_key.get((case_id, label))
        if grade is None or any(v.error is not None for v in grade.criteria):
            return None  # a grading error is never turned into a score
        return score_verdicts(grade.criteria, clip)

    return [
        PairScore(
            pair_id=p.pair_id,
            case_id=p.case_id,
            error_type=p.error_type,
            n_criteria=len(cases[p.case_id].rubric),
            original_score=score(p.case_id, original_label(p)),
            edited_score=score(p.case_id, edited_label(p)),
            original_grade=original_label(p),
            edited_grade=edited_label(p),
        )
        for p in pairs
    ]


class RankAgreement(BaseModel):
    """Agreement of the error types' AUROC ranking between two audits (benchmarks or graders)."""

    types: list[str]
    auroc_a: list[float]
    auroc_b: list[float]
    kendall_tau_b: float
    kendall_p: float
    spearman_rho: float
    spearman_p: float


class AuditScoreOptions(BaseModel):
    """What `medrubric audit score` takes."""

    model_config = ConfigDict(extra="forbid")

    audit_dir: Path
    benchmark: str
    setup: GraderSetup
    out: Path | None = None
    n_resamples: int = N_RESAMPLES
    seed: int = 0
    models: ModelOptions = Field(default_factory=ModelOptions)
    compare: Path | None = None  # another audit (or its score folder) to rank-compare with

    def score_dir(self) -> Path:
        return self.out or AuditDir(self.audit_dir).score


def pair_cases(pairs: Sequence[AuditPair], benchmark: str) -> dict[str, Case]:
    cases = {c.id: c for c in load_cases(benchmark)}
    missing = sorted({p.case_id for p in pairs} - set(cases))
    if missing:
        raise InputError(f"pairs refer to case ids not in --benchmark: {', '.join(missing[:5])}")
    return cases


class AuditScoreResult(BaseModel):
    """What `run_audit_score` computed and wrote."""

    report: ScoreReport  # SCORE/score.json
    score_file: Path
    agreement: RankAgreement | None = None  # SCORE/compare.json, with `compare`


async def run_audit_score(opts: AuditScoreOptions) -> AuditScoreResult:
    """Grade (resuming) every original and injected answer, then write the paired statistics
    (and, with `compare`, the error types' rank agreement with another audit)."""
    pairs = AuditDir(opts.audit_dir).require_pairs()
    if not pairs:
        raise InputError("pairs.jsonl holds no pair to score", opts.audit_dir)
    cases = pair_cases(pairs, opts.benchmark)
    out = opts.score_dir()
    run = RunDir(out / "grading").create()
    used = [cases[i] for i in sorted({p.case_id for p in pairs})]
    with opts.models.progress() as progress:
        async with opts.models.open(opts.setup.grader) as grader:
            label = grader.label
            grades = await grade_responses(
                used,
                pair_responses(pairs),
                [grader],
                opts.setup,
                run,
                concurrency=opts.models.workers(),
                progress=progress,
            )
    scores = pair_scores(pairs, cases, grades, opts.setup.clip)
    write_jsonl(out / PAIR_SCORES, scores)
    report = summarize_pairs(scores, opts.setup, opts.n_resamples, opts.seed, label)
    write_json(out / SCORE_FILE, report.model_dump(mode="json"))
    agreement = None if opts.compare is None else write_rank_agreement(out, report, opts.compare)
    return AuditScoreResult(report=report, score_file=out / SCORE_FILE, agreement=agreement)


def compare_reports(a: ScoreReport, b: ScoreReport) -> RankAgreement:
    types = sorted(
        t for t in set(a.by_type) & set(b.by_type) if a.by_type[t].n_pairs and b.by_type[t].n_pairs
    )
    if len(types) < 2:
        raise InputError(f"need at least two error types scored in both audits, got {len(types)}")
    xa = [a.by_type[t].auroc for t in types]
    xb = [b.by_type[t].auroc for t in types]
    tau, rho = kendall_tau_b(xa, xb), spearman(xa, xb)
    return RankAgreement(
        types=types,
        auroc_a=xa,
        auroc_b=xb,
        kendall_tau_b=tau.statistic,
        kendall_p=tau.pvalue,
        spearman_rho=rho.statistic,
        spearman_p=rho.pvalue,
    )


def write_rank_agreement(score_dir: Path, report: ScoreReport, other: Path) -> RankAgreement:
    """`report`'s error-type ranking against another audit's; written to SCORE/compare.json."""
    agreement = compare_reports(report, load_score_report(other))
    write_json(score_dir / COMPARE_FILE, agreement.model_dump(mode="json"))
    return agreement


def load_score_report(path: Path) -> ScoreReport:
    """A score.json from an audit directory, its score folder or the file itself."""
    for candidate in (path, path / SCORE_FILE, path / "score" / SCORE_FILE):
        if candidate.is_file():
            return ScoreReport.model_validate(read_json(candidate, "run `audit score`"))
    raise InputError("no score.json (run `medrubric audit score` first)", path)
