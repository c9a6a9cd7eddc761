"""What the fact check tells about audit pairs: is the injected error caught, how often are
correct originals flagged, and does a penalty for unsupported claims raise the paired AUROC?

- extracted: some claim of the edited answer overlaps the edited span (shares a token that
  the edit inserted); pairs whose edits only delete text have no inserted token and are
  counted apart (`deletion_only`).
- detected: such an overlapping claim is labelled not supported.
- false flag: an original answer with at least one not-supported claim.
- combined score = rubric score − penalty × (number of not-supported claims).
Rates carry Wilson 95% intervals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pydantic import BaseModel

from medrubric.audit.factcheck import AnswerCheck
from medrubric.audit.factcheck_defaults import DEFAULT_PENALTY
from medrubric.audit.paired_scoring import PairScore
from medrubric.audit.pairs import AuditPair
from medrubric.retrieve.tokenize import tokenize
from medrubric.stats import paired_auroc, paired_auroc_ci, wilson_interval


def original_key(pair: AuditPair) -> str:
    return f"original:{pair.case_id}/{pair.answer_model}"


def edited_key(pair: AuditPair) -> str:
    return f"edited:{pair.pair_id}"


class Rate(BaseModel):
    k: int
    n: int
    rate: float
    ci: tuple[float, float]

    @classmethod
    def of(cls, k: int, n: int) -> Rate:
        return cls(k=k, n=n, rate=k / n if n else math.nan, ci=wilson_interval(k, n))


def inserted_tokens(pair: AuditPair) -> set[str]:
    """Tokens the edits brought in: in a new span but not in the span it replaced."""
    out: set[str] = set()
    for edit in pair.edits:
        out |= set(tokenize(edit.new)) - set(tokenize(edit.original))
    return out


def covering_claims(pair: AuditPair, check: AnswerCheck) -> list[int]:
    """Indexes of the edited answer's claims that overlap the edited span."""
    inserted = inserted_tokens(pair)
    return [i for i, c in enumerate(check.claims) if inserted & set(tokenize(c.claim))]


class DetectionStats(BaseModel):
    pairs: int
    checked_pairs: int
    deletion_only: int
    extracted: Rate
    detected: Rate
    detected_given_extracted: Rate
    false_flag: Rate


def detection_stats(pairs: Sequence[AuditPair], checks: dict[str, AnswerCheck]) -> DetectionStats:
    """Detection on edited answers, false flags on their originals (complete checks only)."""
    usable = [
        p
        for p in pairs
        if edited_key(p) in checks
        and checks[edited_key(p)].complete
        and original_key(p) in checks
        and checks[original_key(p)].complete
    ]
    eligible = [p for p in usable if inserted_tokens(p)]
    extracted = detected = 0
    for pair in eligible:
        check = checks[edited_key(pair)]
        covering = covering_claims(pair, check)
        extracted += bool(covering)
        detected += any(check.claims[i].label == "not_supported" for i in covering)
    originals = {original_key(p): checks[original_key(p)] for p in usable}
    flagged = sum(bool(c.unsupported) for c in originals.values())
    return DetectionStats(
        pairs=len(pairs),
        checked_pairs=len(usable),
        deletion_only=len(usable) - len(eligible),
        extracted=Rate.of(extracted, len(eligible)),
        detected=Rate.of(detected, len(eligible)),
        detected_given_extracted=Rate.of(detected, extracted),
        false_flag=Rate.of(flagged, len(originals)),
    )


class CombinedStats(BaseModel):
    """Paired AUROC of the rubric alone and of rubric − penalty × unsupported claims."""

    penalty: float
    n_pairs: int
    rubric_auroc: float
    rubric_ci: tuple[float, float]
    combined_auroc: float
    combined_ci: tuple[float, float]


def combined_score(rubric: float, check: AnswerCheck, penalty: float) -> float:
    return rubric - penalty * len(check.unsupported)


def combined_stats(
    pairs: Sequence[AuditPair],
    scores: Sequence[PairScore],
    checks: dict[str, AnswerCheck],
    penalty: float = DEFAULT_PENALTY,
    n_resamples: int = 10_000,
    seed: int = 0,
) -> CombinedStats:
    by_id = {s.pair_id: s for s in scores if s.scored}
    rubric_o: list[float] = []
    rubric_e: list[float] = []
    combined_o: list[float] = []
    combined_e: list[float] = []
    clusters: list[str] = []
    for pair in pairs:
        score = by_id.get(pair.pair_id)
        orig, edit = checks.get(original_key(pair)), checks.get(edited_key(pair))
        if score is None or orig is None or edit is None or not (orig.complete and edit.complete):
            continue
        assert score.original_score is not None and score.edited_score is not None
        rubric_o.append(score.original_score)
        rubric_e.append(score.edited_score)
        combined_o.append(combined_score(score.original_score, orig, penalty))
        combined_e.append(combined_score(score.edited_score, edit, penalty))
        clusters.append(pair.case_id)
    rubric, combined = paired_auroc(rubric_o, rubric_e), paired_auroc(combined_o, combined_e)
    empty = (math.nan, math.nan)
    return CombinedStats(
        penalty=penalty,
        n_pairs=len(clusters),
        rubric_auroc=rubric.auroc,
        rubric_ci=paired_auroc_ci(rubric_o, rubric_e, clusters, n_resamples, seed)
        if clusters
        else empty,
        combined_auroc=combined.auroc,
        combined_ci=paired_auroc_ci(combined_o, combined_e, clusters, n_resamples, seed)
        if clusters
        else empty,
    )
