"""The run directory: append-only JSONL work logs that make every stage resumable.

    cases.jsonl       the cases of the run (after filters), so its report can be rebuilt
    source.json       the cases file's size, time and inode when last read, and its hash: a
                      re-run of an unchanged file and selection reads cases.jsonl instead
    responses.jsonl   one Response per (case, candidate model, epoch), appended as each finishes
    verdicts.jsonl    one GradingCall per grader call (its verdicts, tokens, cost), appended
    grades.jsonl      one CaseGrade per graded answer, appended once all its criteria are done
    summary.json      score, CI, breakdowns, call/token/cost totals and provenance
    leaderboard.md, report.html

A run killed mid-write can leave a half line at the end of a log; it is cut off on restart
(see `medrubric.runtime.folder`), so the unfinished call is simply made again.
"""

from __future__ import annotations

from array import array
from collections.abc import Container, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from medrubric.data.jsonl import (
    read_json_object,
    read_model_at,
    read_models,
    read_models_at,
    write_jsonl,
)
from medrubric.data.models import CaseGrade, Response, RunRecord, Usage, Verdict, add_costs
from medrubric.errors import InputError, input_error_from_validation
from medrubric.evaluate.panel_records import JuryReport, NoiseReport, SelfPreference
from medrubric.evaluate.profiles import GraderSetup
from medrubric.runtime.folder import RunFolder, readable_log
from medrubric.scoring.records import Summary


class GradingCall(BaseModel):
    """One grader call: the verdicts it produced for one answer and what it cost."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    case_id: str
    model: str
    epoch: int = 0  # the graded answer's epoch
    grader: str
    prompt_version: str
    verdicts: list[Verdict]
    usage: Usage = Field(default_factory=Usage)
    cost_usd: float | None = 0.0  # None: the grader's price is unknown
    cached: bool = False
    calls: int = 1  # 2 when a batched reply was re-asked
    repeat: int = 0  # grading repeat (--grader-repeats): 0 is the usual call


class CallHead(BaseModel):
    """What summary.json's totals need of a verdicts.jsonl line (its answer, prompt version,
    usage, cost and whether it was cached), read without building its verdicts."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    case_id: str
    model: str
    epoch: int = 0
    prompt_version: str
    usage: Usage = Field(default_factory=Usage)
    cost_usd: float | None = 0.0
    cached: bool = False
    calls: int = 1


class CallTotals:
    """summary.json's calls, tokens and cost, added up call by call: endpoint calls and cache
    hits counted apart, tokens and cost of endpoint calls only (a cached answer costs nothing
    again). The costs are kept (8 bytes a call) and added in the order the calls came, so a
    total made of two parts (`extend`) is the one a single pass gives, to the last bit."""

    def __init__(self) -> None:
        self.made = self.cached = self.prompt_tokens = self.completion_tokens = 0
        self.prompts: set[str] = set()  # the calls' prompt versions
        self._costs = array("d")
        self._unknown = False  # a call's price is unknown

    def add(self, usage: Usage, cost: float | None, cached: bool, calls: int = 1) -> None:
        if cached:
            self.cached += calls
            return
        self.made += calls
        self.prompt_tokens += usage.prompt_tokens
        self.completion_tokens += usage.completion_tokens
        if cost is None:
            self._unknown = True
        else:
            self._costs.append(cost)

    def add_call(self, call: GradingCall | CallHead) -> None:
        self.prompts.add(call.prompt_version)
        self.add(call.usage, call.cost_usd, call.cached, call.calls)

    def extend(self, later: CallTotals) -> None:
        """Add the calls `later` holds, as if each came after those added so far."""
        self.made += later.made
        self.cached += later.cached
        self.prompt_tokens += later.prompt_tokens
        self.completion_tokens += later.completion_tokens
        self.prompts |= later.prompts
        self._costs.extend(later._costs)
        self._unknown = self._unknown or later._unknown

    def figures(self) -> dict[str, Any]:
        cost: float | None = None
        if not self._unknown:
            cost = 0.0
            for one in self._costs:
                cost = add_costs(cost, one)
        return {
            "calls": {"made": self.made, "cached": self.cached},
            "tokens": {
                "prompt": self.prompt_tokens,
                "completion": self.completion_tokens,
                "total": self.prompt_tokens + self.completion_tokens,
            },
            "cost_usd": None if cost is None else round(cost, 6),  # None: a price is unknown
        }


class _VerdictHead(BaseModel):
    model_config = ConfigDict(extra="ignore", defer_build=True)

    error: str | None = None


class GradeHead(BaseModel):
    """What resuming needs of a grades.jsonl line (its answer and whether it holds an error),
    read without building its verdicts."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    case_id: str
    model: str
    epoch: int = 0
    response_error: str | None = None
    criteria: list[_VerdictHead] = []

    def key(self) -> AnswerKey:
        return self.case_id, self.model, self.epoch

    def has_error(self) -> bool:
        return self.response_error is not None or any(v.error is not None for v in self.criteria)


SUMMARY_SCHEMA = 1


class CallCounts(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    made: int
    cached: int


class TokenCounts(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    prompt: int
    completion: int
    total: int


class ResponseError(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    case_id: str
    error: str


class AnswerRef(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    case_id: str
    epoch: int


class RunSummary(Summary):
    """summary.json. The score fields are `Summary`'s; the run fields are None when the
    summary was scored from a grades file alone (`medrubric score`)."""

    schema_version: int = SUMMARY_SCHEMA
    calls: CallCounts | None = None
    tokens: TokenCounts | None = None
    cost_usd: float | None = None  # None: a price is unknown (or no call was recorded)
    response_errors: list[ResponseError] = []
    # answers that stopped at the token limit (`--max-tokens`), graded as written; None
    # when no answers were read (`medrubric score` of a grades file)
    truncated_answers: list[AnswerRef] | None = None
    grading: GraderSetup | None = None
    provenance: RunRecord | None = None
    inputs_sha256: str | None = None  # what the summary was computed from (runner)
    # the grader's agreement with physicians (analysis.registry.grader_validity), an input
    grader_validity: dict[str, Any] | None = None
    # who graded (evaluate/panel.py): a jury's graders, grading repeats, self-preference
    jury: JuryReport | None = None
    grading_noise: NoiseReport | None = None
    self_preference: SelfPreference | None = None


class RunDir(RunFolder):
    """Paths of one run and typed access to what is already finished in it."""

    def __init__(self, root: str | Path):
        super().__init__(root)
        self.cases = self.root / "cases.jsonl"
        self.source = self.root / "source.json"
        self.responses = self.root / "responses.jsonl"
        self.verdicts = self.root / "verdicts.jsonl"
        self.grades = self.root / "grades.jsonl"
        self.summary = self.root / "summary.json"
        self.leaderboard = self.root / "leaderboard.md"
        self.report = self.root / "report.html"
        self.cacs = self.root / "cacs.json"

    def load_responses(self) -> list[Response]:
        return self.read(self.responses, Response)

    def load_grading_calls(self) -> list[GradingCall]:
        return self.read(self.verdicts, GradingCall)

    def load_grades(self) -> list[CaseGrade]:
        return self.read(self.grades, CaseGrade)

    def iter_grading_calls(self) -> Iterator[GradingCall]:
        """verdicts.jsonl one record at a time (nothing when there is no log yet)."""
        if readable_log(self.verdicts):
            yield from (call for _, call in read_models(self.verdicts, GradingCall))

    def iter_call_heads(self, end: int | None = None) -> Iterator[CallHead]:
        """`iter_grading_calls` without the verdicts: what the run's totals need (of the
        lines before byte `end`)."""
        if readable_log(self.verdicts):
            yield from (call for _, call in read_models(self.verdicts, CallHead, end=end))

    def grade_heads(self) -> Iterator[tuple[int, GradeHead]]:
        """(byte offset, head) of every line of grades.jsonl, in order."""
        if readable_log(self.grades):
            yield from ((at, head) for _, at, head in read_models_at(self.grades, GradeHead))

    def latest_grades(self) -> dict[AnswerKey, int]:
        """The offset of the latest grade of each answer in grades.jsonl."""
        return {head.key(): at for at, head in self.grade_heads()}

    def grades_at(self, offsets: Iterable[int]) -> Iterator[CaseGrade]:
        """The grades on the lines at `offsets` of grades.jsonl, read one at a time."""
        with self.grades.open("rb") as fh:
            for at in offsets:
                yield read_model_at(fh, at, CaseGrade)

    def compact_grades(
        self, since: int, retry_errors: bool, reused: Container[AnswerKey] = ()
    ) -> None:
        """Rewrite grades.jsonl with one line per answer: its latest grade among those written
        from byte `since` on (this run's) and, before it, those without an error (all of them
        with `retry_errors` False; and those of `reused` answers, a jury's final word), in the
        order each answer first appears among them."""
        latest: dict[AnswerKey, int] = {}
        for at, head in self.grade_heads():
            if at >= since or not (retry_errors and head.has_error()) or head.key() in reused:
                latest[head.key()] = at
        with self.grades.open("rb") as fh:  # the rename leaves this handle on the old file
            write_jsonl(self.grades, (read_model_at(fh, at, CaseGrade) for at in latest.values()))

    def read_summary(self) -> RunSummary:
        if not self.summary.exists():
            raise InputError("no summary.json (run `medrubric eval` or `grade` first)", self.root)
        try:
            return RunSummary.model_validate(read_json_object(self.summary))
        except ValidationError as exc:
            raise input_error_from_validation(exc, self.summary, None) from None

    def write_summary(self, summary: RunSummary) -> None:
        """The one writer of summary.json: atomic, the whole typed record."""
        self.write_json(self.summary, summary.model_dump(mode="json"))

    def write_cacs(self, cacs: Mapping[str, Any]) -> None:
        """cacs.json (`score --cacs K`): CACS@K, rubric accuracy and pass@K."""
        self.write_json(self.cacs, dict(cacs))


# What must be equal for two runs' scores to be compared, in the order differences are named.
SETUP_FIELDS = ("case set", "grader", "mode", "prompt", "clip")


def run_setup(summary: dict[str, Any], grades: Iterable[CaseGrade] = ()) -> dict[str, str]:
    """The case set, grader, mode, prompt version and clip rule a run was scored under, as
    leaderboards and comparisons name them ("unknown" where its summary does not say)."""
    grading = summary.get("grading") or {}
    params = (summary.get("provenance") or {}).get("params") or {}
    digest = params.get("cases_sha256")
    graders = summary.get("graders") or sorted({g.grader for g in grades if g.grader})
    prompt = grading.get("prompt")
    clip = summary.get("clip", grading.get("clip"))
    return {
        "case set": f"sha256 {digest[:12]}" if digest else "unknown",
        "grader": ", ".join(graders) or str(grading.get("grader") or "unknown"),
        "mode": str(grading.get("mode") or "unknown"),
        "prompt": f"{prompt}@{grading.get('prompt_version')}" if prompt else "unknown",
        "clip": "unknown" if clip is None else ("per-case clip" if clip else "no per-case clip"),
    }


def setup_differences(setups: dict[str, dict[str, str]]) -> list[str]:
    """One phrase per setup field on which the runs (name -> run_setup) differ, naming which
    run has which value."""
    notes = []
    for field in SETUP_FIELDS:
        by_value: dict[str, list[str]] = {}
        for name, setup in setups.items():
            by_value.setdefault(setup[field], []).append(name)
        if len(by_value) > 1:
            shown = "; ".join(f"{v} ({', '.join(names)})" for v, names in by_value.items())
            notes.append(f"{field}: {shown}")
    return notes


AnswerKey = tuple[str, str, int]


def answer_key(record: Response | CaseGrade | GradingCall | CallHead) -> AnswerKey:
    """What names one answer in a run: (case_id, model, epoch)."""
    return (record.case_id, record.model, record.epoch)


def latest_by_key(rows: Iterable[Response]) -> dict[AnswerKey, Response]:
    """Finished responses keyed by (case_id, model, epoch); a later line wins over an earlier
    one."""
    return {answer_key(r): r for r in rows}
