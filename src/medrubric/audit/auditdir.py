"""The audit directory written by `medrubric audit inject` and read by every later step.

pairs.jsonl        accepted AuditPair records, appended as each finishes
discarded.jsonl    Discard records (not applicable, failed checks) with their reasons
failures.jsonl     model calls that failed after retries (retried by the next run)
funnel.json        how many (answer, type) candidates reached each stage
run.json           provenance: models, prompt versions, limits, taxonomy
original-grades/   the engine's run directory when the originals had to be graded
score/             `audit score` output (grading run, pair_scores.jsonl, score.json)
review/            `audit review-import` output (review_summary.json)
"""

from __future__ import annotations

from pathlib import Path

from medrubric.audit.pairs import AuditPair, CallFailure, Discard
from medrubric.errors import InputError
from medrubric.runtime.folder import RunFolder


class AuditDir(RunFolder):
    def __init__(self, root: str | Path):
        super().__init__(root)
        self.pairs = self.root / "pairs.jsonl"
        self.discarded = self.root / "discarded.jsonl"
        self.failures = self.root / "failures.jsonl"
        self.funnel = self.root / "funnel.json"
        self.run = self.root / "run.json"
        self.original_grades = self.root / "original-grades"
        self.score = self.root / "score"
        self.review_summary = self.root / "review" / "review_summary.json"

    def load_pairs(self) -> list[AuditPair]:
        return self.read(self.pairs, AuditPair)

    def require_pairs(self) -> list[AuditPair]:
        if not self.pairs.exists():
            raise InputError("no pairs.jsonl (run `medrubric audit inject` first)", self.root)
        return self.load_pairs()

    def load_discards(self) -> list[Discard]:
        return self.read(self.discarded, Discard)

    def load_failures(self) -> list[CallFailure]:
        return self.read(self.failures, CallFailure)

    def log(self, record: AuditPair | Discard | CallFailure) -> None:
        path = {AuditPair: self.pairs, Discard: self.discarded, CallFailure: self.failures}
        self.append(path[type(record)], record)
