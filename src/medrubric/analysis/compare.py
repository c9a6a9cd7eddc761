"""Paired comparison of two runs on the same cases (e.g. closed-book vs open-book, §5.4).

The difference is B minus A per case, over the case ids both runs scored. The mean
difference gets a percentile bootstrap CI that resamples cases (so the pairing is kept) and
a two-sided exact sign test: under "no difference" a non-tied case is equally likely to
favour either run, so the number of cases where B is higher is Binomial(n_non-tied, 1/2).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field
from scipy.stats import binomtest

from medrubric.analysis.runs import Run
from medrubric.data.jsonl import read_json_object
from medrubric.data.models import Verdict
from medrubric.errors import InputError
from medrubric.evaluate.rundir import run_setup, setup_differences
from medrubric.files import write_text_atomic
from medrubric.scoring.length import length_bias
from medrubric.scoring.records import LengthBias
from medrubric.scoring.resample import bootstrap_means
from medrubric.scoring.scored import score_verdicts
from medrubric.stats import cluster_bootstrap_ci, paired_bootstrap_diff_ci, percentile_interval

TIE_TOLERANCE = 1e-12  # case scores closer than this count as a tie


class CasePair(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_id: str
    score_a: float
    score_b: float
    diff: float  # score_b - score_a


class SignTest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    b_higher: int
    a_higher: int
    ties: int
    pvalue: float  # two-sided exact binomial; 1.0 when every case is a tie


class StratumDiff(BaseModel):
    """B - A over the shared cases of one theme (or the cases' scores on one axis)."""

    model_config = ConfigDict(extra="forbid")

    n: int
    mean_diff: float
    ci: tuple[float, float] | None


class VerdictFlips(BaseModel):
    """Criteria of the same answers on which the two runs' verdicts differ (both a verdict,
    no error), with a bootstrap CI over cases."""

    model_config = ConfigDict(extra="forbid")

    n_compared: int
    n_flipped: int
    rate: float | None
    ci: tuple[float, float] | None


class OffsetNote(BaseModel):
    """How far grader B sits from grader A by a meta-eval offsets registry (`--offsets`):
    each offset is that grader's mean case score minus the physicians' on its meta-eval."""

    model_config = ConfigDict(extra="forbid")

    grader_a: str
    grader_b: str
    offset_a: float | None
    offset_b: float | None
    expected_diff: float | None  # offset_b - offset_a: the shift the judge change predicts


class Comparison(BaseModel):
    model_config = ConfigDict(extra="forbid")

    run_a: str
    run_b: str
    model_a: str
    model_b: str
    n_pairs: int
    only_in_a: list[str]  # scored in A only (missing or unscored in B)
    only_in_b: list[str]
    mean_a: float | None
    mean_b: float | None
    ci_a: tuple[float, float] | None = None  # case-bootstrap CI (as summary.json's) of mean_a
    ci_b: tuple[float, float] | None = None
    mean_diff: float | None
    ci: tuple[float, float] | None
    confidence: float
    n_resamples: int
    seed: int
    sign_test: SignTest
    pairs: list[CasePair]
    # How the runs differ in case set, grader, mode, prompt or clip: not like with like
    differences: list[str] = Field(default_factory=list)
    # run_setup of each run ("A", "B"): case set, grader, mode, prompt, clip
    setups: dict[str, dict[str, str]] = Field(default_factory=dict)
    # each run's length bias, its adjusted score read at the median answer length of both
    # runs (None when a run has no answer texts)
    length_a: LengthBias | None = None
    length_b: LengthBias | None = None
    # Both runs graded the very same answers (a `regrade`): grading differences are then
    # what is compared, listed in `grading_changes`, not a mismatch.
    same_answers: bool = False
    grading_changes: list[str] = Field(default_factory=list)
    by: dict[str, dict[str, StratumDiff]] = Field(default_factory=dict)  # theme, axis
    verdict_flips: VerdictFlips | None = None
    offsets: OffsetNote | None = None
    # each run's self-preference record (summary.json), by run ("A", "B"), where flagged
    self_preference: dict[str, dict[str, Any]] = Field(default_factory=dict)


def common_length_bias(runs: list[Run], n_resamples: int, seed: int) -> list[LengthBias | None]:
    """Each run's length bias with the length-adjusted score read at one reference: the
    median length of every answer of every run compared (docs/scoring.md, "Length bias")."""
    pooled = [n for run in runs for lengths in run.answer_chars.values() for n in lengths]
    if not pooled:
        return [None] * len(runs)
    reference = float(np.median(pooled))
    out: list[LengthBias | None] = []
    for run in runs:
        scores = run.scores()
        measured = [c for c in scores if run.answer_chars.get(c)]
        out.append(
            length_bias(
                [float(np.mean(run.answer_chars[c])) for c in measured],
                [scores[c] for c in measured],
                reference_chars=reference,
                n_resamples=n_resamples,
                seed=seed,
            )
        )
    return out


def sign_test(diffs: list[float]) -> SignTest:
    b_higher = sum(d > TIE_TOLERANCE for d in diffs)
    a_higher = sum(d < -TIE_TOLERANCE for d in diffs)
    n = b_higher + a_higher
    pvalue = float(binomtest(b_higher, n, 0.5).pvalue) if n else 1.0
    return SignTest(b_higher=b_higher, a_higher=a_higher, ties=len(diffs) - n, pvalue=pvalue)


def _ci(bounds: tuple[float, float]) -> tuple[float, float] | None:
    return None if math.isnan(bounds[0]) else bounds


def compare_runs(
    a: Run,
    b: Run,
    *,
    n_resamples: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
) -> Comparison:
    """Per-case B - A over the shared scored cases, its mean, bootstrap CI and sign test."""
    scores_a, scores_b = a.scores(), b.scores()
    setups = {"A": run_setup(a.summary, a.grades), "B": run_setup(b.summary, b.grades)}
    differences = setup_differences(setups)
    same = same_answers(a, b)
    changes = [d for d in differences if same and d.split(":")[0] in GRADING_FIELDS]
    differences = [d for d in differences if d not in changes]
    graded_a, graded_b = {g.case_id for g in a.grades}, {g.case_id for g in b.grades}
    if graded_a != graded_b:
        differences.append(
            f"cases graded: {len(graded_a - graded_b)} in A only, {len(graded_b - graded_a)} "
            "in B only (unpaired)"
        )
    shared = sorted(scores_a.keys() & scores_b.keys())
    pairs = [
        CasePair(
            case_id=i, score_a=scores_a[i], score_b=scores_b[i], diff=scores_b[i] - scores_a[i]
        )
        for i in shared
    ]
    length_a, length_b = common_length_bias([a, b], n_resamples, seed)
    xa = np.array([p.score_a for p in pairs])
    xb = np.array([p.score_b for p in pairs])
    ci = ci_a = ci_b = None
    if pairs:
        ci_a = _ci(percentile_interval(bootstrap_means(xa.tolist(), seed, n_resamples), confidence))
        ci_b = _ci(percentile_interval(bootstrap_means(xb.tolist(), seed, n_resamples), confidence))
        lo, hi = paired_bootstrap_diff_ci(
            xb, xa, n_resamples=n_resamples, seed=seed, confidence=confidence
        )
        ci = None if math.isnan(lo) else (lo, hi)
    return Comparison(
        run_a=str(a.path),
        run_b=str(b.path),
        model_a=a.model,
        model_b=b.model,
        n_pairs=len(pairs),
        only_in_a=sorted(scores_a.keys() - scores_b.keys()),
        only_in_b=sorted(scores_b.keys() - scores_a.keys()),
        mean_a=float(xa.mean()) if pairs else None,
        mean_b=float(xb.mean()) if pairs else None,
        ci_a=ci_a,
        ci_b=ci_b,
        mean_diff=float((xb - xa).mean()) if pairs else None,
        ci=ci,
        confidence=confidence,
        n_resamples=n_resamples,
        seed=seed,
        sign_test=sign_test([p.diff for p in pairs]),
        pairs=pairs,
        differences=differences,
        length_a=length_a,
        length_b=length_b,
        setups=setups,
        same_answers=same,
        grading_changes=changes,
        by=stratum_diffs(a, b, n_resamples, seed, confidence),
        verdict_flips=verdict_flips(a, b, n_resamples, seed, confidence) if same else None,
        self_preference={
            name: pref
            for name, run in (("A", a), ("B", b))
            if (pref := run.summary.get("self_preference") or {}).get("flagged")
        },
    )


def write_comparison(path: Path, comparison: Comparison) -> Path:
    """The comparison as one JSON object at `path` (`compare --out`; undefined numbers null)."""
    write_text_atomic(path, comparison.model_dump_json(indent=2) + "\n")
    return path


GRADING_FIELDS = ("grader", "mode", "prompt", "clip")


def same_answers(a: Run, b: Run) -> bool:
    """Both runs hold answers, and the very same answer text for every case they share."""
    shared = a.responses.keys() & b.responses.keys()
    return bool(shared) and all(a.responses[i].response == b.responses[i].response for i in shared)


def _diff(
    xa: list[float], xb: list[float], n_resamples: int, seed: int, confidence: float
) -> StratumDiff:
    lo, hi = paired_bootstrap_diff_ci(
        np.array(xb), np.array(xa), n_resamples=n_resamples, seed=seed, confidence=confidence
    )
    return StratumDiff(
        n=len(xa),
        mean_diff=float(np.mean(np.array(xb) - np.array(xa))),
        ci=None if math.isnan(lo) else (lo, hi),
    )


def stratum_diffs(
    a: Run, b: Run, n_resamples: int, seed: int, confidence: float
) -> dict[str, dict[str, StratumDiff]]:
    """B - A per theme (case scores) and per axis (each case's score on that axis' criteria
    alone, as summary.json's by_axis), over the cases both runs scored there."""
    grades_a = {g.case_id: g for g in a.grades if g.response_error is None}
    grades_b = {g.case_id: g for g in b.grades if g.response_error is None}
    values: dict[str, dict[str, tuple[list[float], list[float]]]] = {"theme": {}, "axis": {}}
    for case_id in sorted(grades_a.keys() & grades_b.keys()):
        ga, gb = grades_a[case_id], grades_b[case_id]
        strata: list[tuple[str, str, list[Verdict], list[Verdict]]] = [
            ("theme", ga.theme, ga.criteria, gb.criteria)
        ]
        for axis in sorted({v.axis for v in ga.criteria}):
            strata.append(("axis", axis, [v for v in ga.criteria if v.axis == axis],
                           [v for v in gb.criteria if v.axis == axis]))  # fmt: skip
        for kind, key, va, vb in strata:
            sa, sb = score_verdicts(va, a.clip), score_verdicts(vb, b.clip)
            if sa is not None and sb is not None:
                pair = values[kind].setdefault(key, ([], []))
                pair[0].append(sa)
                pair[1].append(sb)
    return {
        kind: {key: _diff(xa, xb, n_resamples, seed, confidence)
               for key, (xa, xb) in groups.items()}
        for kind, groups in values.items()
    }  # fmt: skip


def verdict_flips(a: Run, b: Run, n_resamples: int, seed: int, confidence: float) -> VerdictFlips:
    """Share of (case, criterion) verdicts that differ between the runs, over criteria both
    judged without error; CI by a bootstrap over cases."""
    grades_b = {g.case_id: g for g in b.grades}
    flips: list[float] = []
    cases: list[str] = []
    for ga in a.grades:
        gb = grades_b.get(ga.case_id)
        if gb is None:
            continue
        met_b = {v.criterion_id: v.met for v in gb.criteria if v.error is None}
        for v in ga.criteria:
            if v.error is None and v.criterion_id in met_b:
                flips.append(float(v.met != met_b[v.criterion_id]))
                cases.append(ga.case_id)
    ci = None
    if flips:
        lo, hi = cluster_bootstrap_ci(
            flips, cases, n_resamples=n_resamples, seed=seed, confidence=confidence
        )
        ci = None if math.isnan(lo) else (lo, hi)
    return VerdictFlips(
        n_compared=len(flips),
        n_flipped=int(sum(flips)),
        rate=float(np.mean(flips)) if flips else None,
        ci=ci,
    )


def offset_note(offsets: dict[str, float], a: Run, b: Run) -> OffsetNote:
    """The offsets registry's entries for A's and B's graders and the shift they predict."""
    oa, ob = offsets.get(a.grader), offsets.get(b.grader)
    return OffsetNote(
        grader_a=a.grader, grader_b=b.grader, offset_a=oa, offset_b=ob,
        expected_diff=None if oa is None or ob is None else ob - oa,
    )  # fmt: skip


def read_offsets(path: Path) -> dict[str, float]:
    """A grader offsets registry, each offset that grader's mean case score minus the
    physicians' on its meta-eval. Either the meta-eval registry itself ({grader label:
    meta-eval result}, as `medrubric meta-eval` records it: the rubric grader's case-level
    `offset`) or a JSON object {grader label: offset} (or {label: {"offset": offset}}). Only
    an explicit file is read, never one found in the working directory."""
    data = read_json_object(path)
    out: dict[str, float] = {}
    for label, entry in data.items():
        value = entry.get("offset") if isinstance(entry, dict) else entry
        if isinstance(entry, dict) and "case_level" in entry:  # a meta-eval result
            rows = [r for r in entry["case_level"] if r.get("judge") == "rubric grader"]
            value = rows[0].get("offset") if rows else None
            if value is None:
                continue  # a meta-eval recorded before offsets were measured
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InputError(f"{label}: offset must be a number, got {value!r}", path)
        out[label] = float(value)
    return out


class CompareOptions(BaseModel):
    """Everything `medrubric compare` takes (the JSON and HTML outputs are the writer's,
    `report.analyses.write_compare`)."""

    model_config = ConfigDict(extra="forbid")

    run_a: Path  # run directory or grades file A
    run_b: Path  # ... and B: the difference is B minus A
    seed: int = 0
    n_resamples: int = Field(default=10_000, ge=1)
    confidence: float = 0.95
    offsets: Path | None = None  # grader offsets registry {grader label: offset}
    allow_mismatch: bool = False  # compare runs that differ in setup (refused otherwise)


def run_compare(opts: CompareOptions) -> Comparison:
    """The paired per-case difference of two runs, with the offsets registry's note; an input
    error when they differ in setup (unless allowed) or share no scored case."""
    from medrubric.analysis.runs import load_run

    if not 0 < opts.confidence < 1:
        raise InputError(f"--confidence must be between 0 and 1, got {opts.confidence}")
    registry = read_offsets(opts.offsets) if opts.offsets is not None else None
    a, b = load_run(opts.run_a), load_run(opts.run_b)
    result = compare_runs(
        a, b, n_resamples=opts.n_resamples, seed=opts.seed, confidence=opts.confidence
    )
    if registry is not None:
        result.offsets = offset_note(registry, a, b)
    if result.differences and not opts.allow_mismatch:
        raise InputError(
            f"not comparable: the runs differ in {'; '.join(result.differences)}. Compare "
            "runs on one case set graded one way, or pass --allow-mismatch"
        )
    if result.n_pairs == 0:
        raise InputError("the two runs share no scored case id", opts.run_b)
    return result
