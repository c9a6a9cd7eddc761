"""Clinical review round trip: export pairs for reviewers, import their answers to "Could it
change the diagnosis or management?", and summarise yes-rate and agreement per error type.

The export JSONL holds `ReviewItem` rows: every `AuditPair` field (so the review app reads it
as a pair) plus the question, the edited answer with its changed spans marked, and the span
offsets. The CSV carries the same with empty `rater`, `answer` and `reason` columns to fill.
"""

from __future__ import annotations

import csv
import math
import random
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from medrubric.audit.auditdir import AuditDir
from medrubric.audit.edits import apply_edits
from medrubric.audit.pairs import AuditPair
from medrubric.data.jsonl import iter_json_lines, write_json, write_jsonl
from medrubric.data.models import Case
from medrubric.errors import InputError, input_error_from_validation
from medrubric.runtime.prompting import conversation_text
from medrubric.stats import cluster_bootstrap_ci, fleiss_kappa, raw_agreement

MARK_OPEN, MARK_CLOSE = "[[", "]]"
REVIEW_QUESTION = "Could it change the diagnosis or management of the patient?"
CSV_COLUMNS = [
    "pair_id",
    "case_id",
    "error_type",
    "error_name",
    "question",
    "original",
    "edited_highlighted",
    "rater",
    "answer",
    "reason",
]
YES = {"yes", "y", "true", "1"}
NO = {"no", "n", "false", "0"}


class ReviewItem(AuditPair):
    """An AuditPair as shown to reviewers."""

    question: str
    edited_highlighted: str
    spans: list[tuple[int, int]]
    review_question: str = REVIEW_QUESTION


def highlight(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """`text` with each span wrapped in [[ ]] (spans sorted, non-overlapping)."""
    out, cursor = [], 0
    for start, end in sorted(spans):
        out += [text[cursor:start], MARK_OPEN, text[start:end], MARK_CLOSE]
        cursor = end
    out.append(text[cursor:])
    return "".join(out)


def edited_spans(pair: AuditPair) -> list[tuple[int, int]]:
    """Where the new spans sit in the edited answer (the pair passed the edit check)."""
    return apply_edits(pair.original, pair.edits)[1]


def review_item(pair: AuditPair, case: Case | None) -> ReviewItem:
    spans = edited_spans(pair)
    return ReviewItem(
        **pair.model_dump(),
        question=conversation_text(case.conversation()) if case else "",
        edited_highlighted=highlight(pair.edited, spans),
        spans=spans,
    )


def stratified_sample(
    pairs: Sequence[AuditPair], per_type: int | None, seed: int
) -> list[AuditPair]:
    """Up to `per_type` pairs of each error type, drawn with a seeded generator."""
    if per_type is None:
        return list(pairs)
    rng = random.Random(seed)
    by_type: dict[str, list[AuditPair]] = defaultdict(list)
    for pair in pairs:
        by_type[pair.error_type].append(pair)
    chosen = []
    for code in sorted(by_type):
        group = by_type[code]
        chosen += rng.sample(group, min(per_type, len(group)))
    return chosen


def export_review(
    pairs: Sequence[AuditPair], cases: dict[str, Case], out: Path
) -> tuple[Path, Path]:
    """Write review_pairs.jsonl and review.csv into `out`."""
    items = [review_item(p, cases.get(p.case_id)) for p in pairs]
    out.mkdir(parents=True, exist_ok=True)
    jsonl, table = out / "review_pairs.jsonl", out / "review.csv"
    write_jsonl(jsonl, items)
    with table.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(CSV_COLUMNS)
        for item in items:
            row = item.model_dump()
            writer.writerow([row.get(c, "") for c in CSV_COLUMNS[:7]] + ["", "", ""])
    return jsonl, table


class Rating(BaseModel):
    model_config = ConfigDict(extra="ignore")

    pair_id: str
    rater: str
    answer: Literal["yes", "no"]
    reason: str = ""


def _rating(row: dict[str, object], path: Path, line: int) -> Rating | None:
    """A rating from a row, or None for an unfilled row (no rater and no answer)."""
    raw = row.get("answer", row.get("could_change"))
    text = "" if raw is None else str(raw).strip().lower()
    rater = str(row.get("rater") or "").strip()
    if not text and not rater:
        return None
    if text in YES | NO:
        row = {**row, "answer": "yes" if text in YES else "no", "rater": rater}
    else:
        raise InputError(f"answer: expected yes or no, got {raw!r}", path, line)
    if not rater:
        raise InputError("rater: required field is missing", path, line)
    try:
        return Rating.model_validate({**row, "reason": row.get("reason") or ""})
    except ValidationError as exc:
        raise input_error_from_validation(exc, path, line) from None


def read_ratings(path: Path) -> list[Rating]:
    """Reviewer answers from a CSV or JSONL file (pair_id, rater, answer yes/no, reason)."""
    rows: list[tuple[int, dict[str, object]]]
    if path.suffix.lower() == ".csv":
        if not path.exists():
            raise InputError("file not found", path)
        with path.open(encoding="utf-8-sig", newline="") as fh:
            rows = [(i, dict(r)) for i, r in enumerate(csv.DictReader(fh), start=2)]
    else:
        rows = list(iter_json_lines(path))
    ratings = [r for line, row in rows if (r := _rating(row, path, line)) is not None]
    if not ratings:
        raise InputError("no filled-in rating (rater and answer) found", path)
    return ratings


class ReviewStats(BaseModel):
    pairs: int
    ratings: int
    yes_rate: float
    yes_ci: tuple[float, float]
    raw_agreement: float
    fleiss_kappa: float


class ReviewSummary(BaseModel):
    overall: ReviewStats
    by_type: dict[str, ReviewStats]
    unknown_pairs: list[str]


def review_stats(
    ratings: Sequence[Rating], n_resamples: int = 10_000, seed: int = 0
) -> ReviewStats:
    yes = [1.0 if r.answer == "yes" else 0.0 for r in ratings]
    ids = sorted({r.pair_id for r in ratings})
    raters = sorted({r.rater for r in ratings})
    table: list[list[str | None]] = [[None] * len(raters) for _ in ids]
    row_of, col_of = {p: i for i, p in enumerate(ids)}, {r: j for j, r in enumerate(raters)}
    for r in ratings:
        table[row_of[r.pair_id]][col_of[r.rater]] = r.answer
    kappa = fleiss_kappa(table, categories=["yes", "no"]).statistic if ratings else math.nan
    return ReviewStats(
        pairs=len(ids),
        ratings=len(ratings),
        yes_rate=sum(yes) / len(yes) if yes else math.nan,
        yes_ci=cluster_bootstrap_ci(
            yes, [r.pair_id for r in ratings], n_resamples=n_resamples, seed=seed
        ),
        raw_agreement=raw_agreement(table) if ratings else math.nan,
        fleiss_kappa=kappa,
    )


def summarize_review(
    ratings: Sequence[Rating], pairs: Sequence[AuditPair], n_resamples: int = 10_000, seed: int = 0
) -> ReviewSummary:
    """Yes-rate (cluster bootstrap over pairs), raw agreement and Fleiss' κ, per error type."""
    type_of = {p.pair_id: p.error_type for p in pairs}
    known = [r for r in ratings if r.pair_id in type_of]
    unknown = sorted({r.pair_id for r in ratings} - set(type_of))
    codes = sorted({type_of[r.pair_id] for r in known})
    return ReviewSummary(
        overall=review_stats(known, n_resamples, seed),
        by_type={
            c: review_stats([r for r in known if type_of[r.pair_id] == c], n_resamples, seed)
            for c in codes
        },
        unknown_pairs=unknown,
    )


def import_review(
    audit: AuditDir, ratings: Sequence[Path], n_resamples: int = 10_000, seed: int = 0
) -> ReviewSummary:
    """Read the rating files, summarise them and write AUDIT/review/review_summary.json."""
    rows = [r for path in ratings for r in read_ratings(path)]
    summary = summarize_review(rows, audit.require_pairs(), n_resamples, seed)
    write_json(audit.review_summary, summary.model_dump(mode="json"))
    return summary
