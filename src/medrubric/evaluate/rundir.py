"""The run directory: append-only JSONL work logs that make every stage resumable.

    cases.jsonl       the cases of the run (after filters), so its report can be rebuilt
    responses.jsonl   one Response per (case, candidate model), appended as each finishes
    verdicts.jsonl    one GradingCall per grader call (its verdicts, tokens, cost), appended
    grades.jsonl      one CaseGrade per graded answer, appended once all its criteria are done
    summary.json      score, CI, breakdowns, call/token/cost totals and provenance
    leaderboard.md, report.html

A run killed mid-write can leave a half line at the end of a log; it is cut off on restart,
so the unfinished call is simply made again (or served from the LLM cache).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.jsonl import append_jsonl, read_models, write_jsonl
from medrubric.data.models import CaseGrade, Response, Usage, Verdict
from medrubric.errors import InputError


class GradingCall(BaseModel):
    """One grader call: the verdicts it produced for one answer and what it cost."""

    model_config = ConfigDict(extra="forbid")

    case_id: str
    model: str
    grader: str
    prompt_version: str
    verdicts: list[Verdict]
    usage: Usage = Field(default_factory=Usage)
    cost_usd: float = 0.0
    cached: bool = False
    calls: int = 1  # 2 when a batched reply was re-asked


def drop_torn_tail(path: Path) -> None:
    """Cut a trailing partial line (left by a kill mid-append) so the log parses again."""
    if not path.exists() or path.stat().st_size == 0:
        return
    data = path.read_bytes()
    if data.endswith(b"\n"):
        return
    cut = data.rfind(b"\n") + 1
    with path.open("r+b") as fh:
        fh.truncate(cut)


class RunDir:
    """Paths of one run and typed access to what is already finished in it."""

    def __init__(self, root: str | Path):
        self.root = Path(root)
        self.cases = self.root / "cases.jsonl"
        self.responses = self.root / "responses.jsonl"
        self.verdicts = self.root / "verdicts.jsonl"
        self.grades = self.root / "grades.jsonl"
        self.summary = self.root / "summary.json"
        self.leaderboard = self.root / "leaderboard.md"
        self.report = self.root / "report.html"

    def create(self) -> RunDir:
        self.root.mkdir(parents=True, exist_ok=True)
        return self

    def _read(self, path: Path, model: type[Any]) -> list[Any]:
        drop_torn_tail(path)
        if not path.exists() or path.stat().st_size == 0:
            return []
        return [row for _, row in read_models(path, model)]

    def load_responses(self) -> list[Response]:
        return self._read(self.responses, Response)

    def load_grading_calls(self) -> list[GradingCall]:
        return self._read(self.verdicts, GradingCall)

    def load_grades(self) -> list[CaseGrade]:
        return self._read(self.grades, CaseGrade)

    def append(self, path: Path, row: BaseModel) -> None:
        append_jsonl(path, row)

    def rewrite(self, path: Path, rows: Sequence[BaseModel]) -> None:
        """Replace a log by its latest rows, atomically (after errors were redone)."""
        write_jsonl(path, rows)

    def write_json(self, path: Path, data: dict[str, Any]) -> None:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)

    def read_summary(self) -> dict[str, Any]:
        if not self.summary.exists():
            raise InputError("no summary.json (run `medrubric eval` or `grade` first)", self.root)
        data: dict[str, Any] = json.loads(self.summary.read_text(encoding="utf-8"))
        return data


def latest_by_key(rows: Iterable[Response]) -> dict[tuple[str, str], Response]:
    """Finished responses keyed by (case_id, model); a later line wins over an earlier one."""
    return {(r.case_id, r.model): r for r in rows}
