"""The audit directory written by `medrubric audit inject` and read by every later step.

pairs.jsonl        accepted AuditPair records, appended as each finishes
discarded.jsonl    Discard records (not applicable, failed checks) with their reasons
failures.jsonl     model calls that failed after retries (retried by the next run)
funnel.json        how many (answer, type) candidates reached each stage
run.json           provenance: models, prompt versions, limits, taxonomy
original-grades/   the engine's run directory when the originals had to be graded
score/             `audit score` output (grading run, pair_scores.jsonl, score.json)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from medrubric.audit.pairs import AuditPair, CallFailure, Discard
from medrubric.audit.runtime import readable_log
from medrubric.data.jsonl import append_jsonl, load_models
from medrubric.errors import InputError

M = TypeVar("M", bound=BaseModel)


def load_log(path: Path, model: type[M]) -> list[M]:
    """Records of an append-only log; [] when it does not exist yet."""
    return load_models(path, model) if readable_log(path) else []


def write_json(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def read_json(path: Path, hint: str) -> dict[str, Any]:
    if not path.exists():
        raise InputError(f"{path.name} not found ({hint})", path.parent)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


class AuditDir:
    def __init__(self, root: str | Path):
        self.root = Path(root)
        self.pairs = self.root / "pairs.jsonl"
        self.discarded = self.root / "discarded.jsonl"
        self.failures = self.root / "failures.jsonl"
        self.funnel = self.root / "funnel.json"
        self.run = self.root / "run.json"
        self.original_grades = self.root / "original-grades"
        self.score = self.root / "score"

    def create(self) -> AuditDir:
        self.root.mkdir(parents=True, exist_ok=True)
        return self

    def load_pairs(self) -> list[AuditPair]:
        return load_log(self.pairs, AuditPair)

    def require_pairs(self) -> list[AuditPair]:
        if not self.pairs.exists():
            raise InputError("no pairs.jsonl (run `medrubric audit inject` first)", self.root)
        return self.load_pairs()

    def load_discards(self) -> list[Discard]:
        return load_log(self.discarded, Discard)

    def load_failures(self) -> list[CallFailure]:
        return load_log(self.failures, CallFailure)

    def append(self, record: AuditPair | Discard | CallFailure) -> None:
        path = {AuditPair: self.pairs, Discard: self.discarded, CallFailure: self.failures}
        append_jsonl(path[type(record)], record)
