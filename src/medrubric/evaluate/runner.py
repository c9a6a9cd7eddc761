"""The evaluation stages end to end: cases → answers → verdicts → summary.json.

Each stage reads what the run directory already holds and does only the missing work, so
`medrubric eval` can be killed at any point and run again; with the LLM cache a re-run makes
no endpoint call for work that finished. The human-readable reports (leaderboard.md,
report.html) are drawn from the returned `RunResult` by `medrubric.report`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from medrubric import __version__
from medrubric.data.formats import iter_cases, load_cases
from medrubric.data.formats.detect import resolve_source
from medrubric.data.formats.responses import load_responses
from medrubric.data.jsonl import read_json_object, read_models, write_jsonl
from medrubric.data.models import Case, CaseGrade, Response, RunRecord
from medrubric.errors import InputError
from medrubric.evaluate.filters import iter_selected, select_cases
from medrubric.evaluate.generate import generate_responses
from medrubric.evaluate.grade import answer_grades, check_case_ids, grade_run, match_cases
from medrubric.evaluate.openbook import (
    Knowledge,
    check_run_knowledge,
    knowledge_provenance,
    open_knowledge,
)
from medrubric.evaluate.panel_records import SelfPreference
from medrubric.evaluate.profiles import GraderSetup, holds_calls
from medrubric.evaluate.runcases import CaseHash, RunCases, repeated_id
from medrubric.evaluate.rundir import (
    AnswerKey,
    CallTotals,
    RunDir,
    RunSummary,
    answer_key,
    latest_by_key,
)
from medrubric.llm.endpoint import FanoutSettings
from medrubric.llm.spec import ModelSpec
from medrubric.runtime.folder import IDENTITY, field_wording, readable_log
from medrubric.runtime.options import ModelOptions
from medrubric.runtime.progress import RunProgress
from medrubric.scoring.listed import AnswerPicker
from medrubric.scoring.records import LengthBias, Stratum, Summary
from medrubric.scoring.scored import ScoredGrade, scored_grade

if TYPE_CHECKING:
    from medrubric.evaluate.estimate import StageEstimate
    from medrubric.llm.batch.model import BatchSettings

# report.html's card of an answer: (grade, case, answer, clip, several epochs) -> what the
# report places (`report.html.drawn_answer`, given by the command, above this layer)
AnswerDraw = Callable[[CaseGrade, Case | None, Response | None, bool, bool], Any]

# Grading makes many short calls: more in flight than the other stages by default.
DEFAULT_CONCURRENCY = 8
BATCH_CONCURRENCY = 1_000_000


class RunOptions(ModelOptions):
    """Everything `generate`, `grade` and `eval` need: the model options plus what to run."""

    cases: str
    out: Path
    filters: list[str] = Field(default_factory=list)
    limit: int | None = None
    model: str | None = None
    setup: GraderSetup | None = None
    knowledge: Knowledge = Field(default_factory=Knowledge)
    retry_errors: bool = True  # redo answers and verdicts recorded as errors (--keep-errors: not)
    batch_api: Literal["openai", "vllm"] | None = None  # provider batches (llm/batch/model.py)
    batch_poll_s: float = 5.0  # first wait between batch status polls; it grows to a minute
    fanout: FanoutSettings | None = None  # --engine ray: several endpoints for one model
    # the grader's agreement with physicians, looked up by the caller (an input, recorded);
    # a jury's: the first grader's, and every grader's by label
    grader_validity: dict[str, Any] | None = None
    grader_validity_by_grader: dict[str, dict[str, Any]] | None = None
    epochs: int = Field(default=1, ge=1)  # answers per case (--epochs)
    temperature: float | None = None  # the candidate's (--temperature); else its entry's, else 0
    pass_threshold: float = 0.5  # a case score that passes, for reliability@k

    def candidate_temperature(self) -> float:
        """--temperature, else the candidate's medrubric.toml entry's, else 0."""
        if self.temperature is not None:
            return self.temperature
        return float(self.candidate().params.get("temperature", 0.0))

    def candidate_params(self) -> dict[str, Any]:
        """The candidate's request parameters: its temperature and the answer length limit."""
        return self.params() | {"temperature": self.candidate_temperature()}

    def candidate(self) -> ModelSpec:
        assert self.model is not None, "generating needs a candidate model"
        return self.spec(self.model)

    def grader(self) -> ModelSpec:
        assert self.setup is not None, "grading needs a grader set-up"
        return self.spec(self.setup.grader)

    def graders(self) -> list[ModelSpec]:
        """Every grader of the set-up (a jury has several), in `setup.graders` order; a
        jury's graders must carry different labels, since their verdicts are kept by label."""
        assert self.setup is not None, "grading needs a grader set-up"
        specs = [self.spec(g) for g in self.setup.graders]
        labels = [s.label for s in specs]
        twice = sorted({label for label in labels if labels.count(label) > 1})
        if twice:
            raise InputError(
                f"two jury graders carry the label {twice[0]}: give each its own `label` "
                "in medrubric.toml"
            )
        return specs

    def check_keys(self) -> None:
        """Every API key the run's models need (candidate and each grader, `api_key_for`),
        before the first call: a grader's missing key found only when grading starts would
        stop the run after the candidate's answers were made and paid for."""
        from medrubric.llm.factory import api_key_for

        specs = [self.candidate()] if self.model is not None else []
        specs += self.graders() if self.setup is not None else []
        for spec in specs:
            if spec.provider == "local" or self.batch_api == "vllm":
                continue
            if self.fanout is not None:  # the calls go to --endpoint, as `open_model` sends them
                spec = spec.model_copy(update={"base_url": self.fanout.endpoints[0].url})
            api_key_for(spec)

    def workers(self, spec: ModelSpec | None = None, default: int = DEFAULT_CONCURRENCY) -> int:
        if self.batch_api is not None:  # every pending call joins the batch at once
            return BATCH_CONCURRENCY
        if self.fanout is not None:  # every endpoint busy up to its own bound
            return sum(e.concurrency for e in self.fanout.endpoints)
        return super().workers(spec, default)

    def batch(self, run: RunDir, grader: int = 0) -> BatchSettings | None:
        """Where `--batch-api` sends calls and where the run keeps its batch records (the
        jury's further graders each in a folder of their own, `batches/grader-N`)."""
        if self.batch_api is None:
            return None
        from medrubric.llm.batch.model import BatchSettings
        from medrubric.llm.batch.queue import PollPolicy

        policy = PollPolicy(first_s=self.batch_poll_s, gather_s=min(0.5, self.batch_poll_s))
        folder = run.root / "batches"
        if grader:
            folder = folder / f"grader-{grader + 1}"
        return BatchSettings(
            mode=self.batch_api, folder=folder, policy=policy, say=self.console().print
        )


class RunResult(BaseModel):
    """What a finished generate/grade/eval produced, for the console line and the reports:
    typed like every stage's result, holding the open run folder and its progress."""

    model_config = ConfigDict(arbitrary_types_allowed=True, defer_build=True)

    run: RunDir
    progress: RunProgress
    cases: RunCases
    responses: list[Response]
    summary: RunSummary
    summary_changed: bool = True  # False: nothing it is computed from changed since last time
    # the answers report.html draws, picked as summary.json read the grades (None: not read)
    picked: AnswerPicker | None = None

    def grades(self) -> Iterator[CaseGrade]:
        """The grade of each answer, in order, read from the run one at a time."""
        return answer_grades(self.run, self.responses)


class GenerateResult(BaseModel):
    """What a finished `generate` produced: the answers (their log is `run.responses`)."""

    model_config = ConfigDict(arbitrary_types_allowed=True, defer_build=True)

    run: RunDir
    progress: RunProgress
    responses: list[Response]

    @property
    def n_errors(self) -> int:
        """Answers recorded as errors (not finished work: a re-run redoes them)."""
        return sum(r.error is not None for r in self.responses)


@dataclass
class Source:
    """One pass over the case source that keeps no case: its hash (`run_identity`; None when
    left to the run's start, `StartWrites`), its case ids and the selected cases, staged for
    the run's cases.jsonl."""

    sha256: str | None
    ids: set[str]
    selected: RunCases


def read_source(opts: RunOptions, hashed: bool = True) -> Source:
    """Read, validate and stage the source's selected cases, hashing every case on the way;
    unless `hashed` is False (only for a selection that is the whole source, whose hash
    `RunCases.hash_all` makes from the staged lines later): then only the ids are checked
    for one named twice, as the hash would."""
    hasher = CaseHash()
    ids: set[str] = set()
    repeated: list[str] = []

    def seen(cases: Iterable[Case]) -> Iterator[Case]:
        for case in cases:
            if hashed:
                hasher.add(case)
            elif case.id in ids:
                repeated.append(case.id)
            ids.add(case.id)
            yield case

    every = seen(iter_cases(opts.cases))
    empty = InputError("holds no case", opts.cases)  # filters matching none raise first
    selected = RunCases.stage(iter_selected(every, opts.filters, opts.limit), empty)
    for _ in every:  # past --limit, the rest of the source is hashed too
        pass
    if not hashed:
        assert len(selected) == len(ids) or repeated, "a later hash covers the whole source"
        if repeated:
            selected.close()
            raise repeated_id(min(repeated))
        return Source(None, ids, selected)
    sha = hasher.hexdigest()
    if len(selected) == len(ids):  # the whole source: its hash is the selection's
        selected.sha256_all = sha
    return Source(sha, ids, selected)


def source_state(opts: RunOptions) -> dict[str, Any] | None:
    """What says that a cases file and the selection from it are unchanged since a run last
    read it (path, size, modification time, inode, filters, limit); None for a folder or
    "sample", which are read every time."""
    path = resolve_source(opts.cases)
    if not path.is_file():
        return None
    return file_state(path) | {"filters": list(opts.filters), "limit": opts.limit}


def file_state(path: Path) -> dict[str, Any]:
    st = path.stat()
    return {
        "path": str(path.resolve()), "size": st.st_size, "mtime_ns": st.st_mtime_ns,
        "inode": st.st_ino,
    }  # fmt: skip


def unchanged_source(opts: RunOptions, run: RunDir) -> tuple[str, RunCases] | None:
    """The source hash recorded by the run's last command and its cases.jsonl, when the
    cases file, the selection and cases.jsonl are all unchanged since; else None."""
    state = source_state(opts)
    if state is None or not (run.source.is_file() and run.cases.is_file()):
        return None
    try:
        kept = read_json_object(run.source)
    except InputError:
        return None
    sha, index = kept.get("cases_sha256"), kept.get("index")
    if kept.get("state") != state or kept.get("cases_file") != file_state(run.cases):
        return None
    if not isinstance(sha, str) or not isinstance(index, list):
        return None
    try:
        whole = kept.get("whole_source") is True  # absent from older records: hashed if needed
        return sha, RunCases.from_index(run.cases, index, sha if whole else None)
    except (TypeError, ValueError):  # a hand-edited record: the source is read again
        return None


class StartWrites:
    """What a fresh run folder's start writes that no request needs: the case source's hash
    (made from the staged cases, `RunCases.hash_all`) into run.json, cases.jsonl, source.json
    and `then` (the answers' copy). `grade_run` begins it once the first requests are out and
    waits for it before logging any result, so a killed run's folder never holds a verdict
    without the identity that a later command is checked against; killed before that, the
    folder holds no result and the next command reads and hashes the source before its
    calls, as for any folder that holds a run."""

    def __init__(
        self, opts: RunOptions, run: RunDir, cases: RunCases, identity: dict[str, Any]
    ) -> None:
        self.opts, self.run, self.cases = opts, run, cases
        self.identity = identity  # the run's, as claimed: its source hash still None
        self.then: list[Callable[[], object]] = []

    async def __call__(self) -> None:
        await asyncio.sleep(0)  # the first calls, begun in this turn of the loop, go first
        sha = await self.cases.hash_all()
        self.run.record_identity(self.identity | {"cases_sha256": sha})
        keep_source(self.opts, self.run, self.cases, sha)
        for step in self.then:
            await asyncio.to_thread(step)


def keep_source(opts: RunOptions, run: RunDir, staged: RunCases, sha: str) -> RunCases:
    """The staged cases saved as the run's cases.jsonl (read from there on) and, for a cases
    file, source.json: what lets a re-run of the unchanged file and selection skip reading
    it (`unchanged_source`)."""
    cases = staged.save(run.cases)
    state = source_state(opts)
    if state is not None:
        record: dict[str, Any] = {
            "state": state, "cases_sha256": sha, "cases_file": file_state(run.cases),
            "whole_source": cases.sha256_all is not None, "index": cases.index_rows(),
        }  # fmt: skip
        run.write_json(run.source, record)
    return cases


@contextmanager
def claimed_run(
    opts: RunOptions,
    model: str | None,
    grading: bool,
    answers: Sequence[Response] = (),
    defer: bool = False,
) -> Iterator[tuple[RunDir, RunCases, StartWrites | None]]:
    """The run folder, held for this command (`RunFolder.claim`), and its selected cases,
    read back one at a time from its cases.jsonl; `answers` must be of cases in the source.
    The source is read (hashed and filtered) once, and not at all when a run of the same
    unchanged file and selection is run again. With `defer`, a folder that holds no run yet
    (nothing to compare) and a selection that is the whole source: the cases are read and
    checked before any call, but hashed and written by the `StartWrites` given, after the
    first requests; else None is given."""
    run = RunDir(opts.out)
    unchanged = unchanged_source(opts, run)
    later = (
        defer and unchanged is None and not (run.root / IDENTITY).exists()
        and not opts.filters and opts.limit is None
    )  # fmt: skip
    source = None
    if unchanged is None:
        source = read_source(opts, hashed=not later)
        check_case_ids(source.ids, answers)
        sha = source.sha256
    else:
        sha, kept = unchanged
    identity = run_identity(opts, sha, model, grading)
    with run.claim(identity, identity_wording):
        start = None
        if source is None:
            cases = kept
            if any(r.case_id not in cases for r in answers):  # outside the selection
                check_case_ids(read_source(opts).ids, answers)
        elif sha is None:
            cases = source.selected
            start = StartWrites(opts, run, cases, identity)
        else:
            cases = keep_source(opts, run, source.selected, sha)
        try:
            yield run, cases, start
        finally:
            cases.close()


def run_identity(
    opts: RunOptions, source_sha256: str | None, model: str | None, grading: bool
) -> dict[str, Any]:
    """What a run folder holds (`RunFolder.claim`): the candidate, the grader set-up and the
    case source. Filters and --limit may widen a run within one source, so the source's
    hash, not the selection's, names the case set."""
    identity: dict[str, Any] = {"model": model, "cases_sha256": source_sha256}
    if opts.model is not None:  # answers made in this run: their temperature is part of it
        identity["temperature"] = opts.candidate_temperature()
    if grading:
        assert opts.setup is not None
        setup = opts.setup
        identity |= {
            "grader": opts.grader().label,
            "grading_mode": setup.mode,
            "grader_prompt": f"{setup.prompt}@{setup.prompt_version}",
            "grader_profile": setup.profile or "none",
            "clip": setup.clip,
        }
        # only when used, so that the folders of runs without them keep their identity
        if setup.jury_graders:
            identity |= {"jury": setup.jury,
                         "graders": ", ".join(s.label for s in opts.graders())}  # fmt: skip
        if setup.repeats > 1:
            identity["grader_repeats"] = setup.repeats
        if setup.shuffle_seed is not None:
            identity["shuffle_criteria"] = setup.shuffle_seed
    return identity


# The flag that sets each field of `run_identity`, for the words of a conflict.
IDENTITY_FLAGS = {
    "model": "--model", "temperature": "--temperature", "grader": "--grader",
    "grading_mode": "--mode", "grader_profile": "--grader-profile", "jury": "--jury",
    "graders": "--grader (jury)", "grader_repeats": "--grader-repeats",
    "shuffle_criteria": "--shuffle-criteria",
}  # fmt: skip


def identity_wording(name: str, kept: Any, value: Any) -> str:
    """A difference between the run a folder holds and this command, in the flags the user
    types (`--mode per-criterion (this command: batched)`), not run.json's field names."""
    if name in IDENTITY_FLAGS:
        return f"{IDENTITY_FLAGS[name]} {kept} (this command: {value})"
    if name == "cases_sha256":
        return (f"--cases: another case source (sha256 {str(kept)[:12]}, this command: "
                f"{str(value)[:12]})")  # fmt: skip
    if name == "grader_prompt":
        (template, _, version), (now, _, now_version) = (
            str(kept).rpartition("@"), str(value).rpartition("@"),
        )  # fmt: skip
        if template == now:
            return f"--grader-prompt-version {version} (this command: {now_version})"
        return (f"grader template {template} version {version} (this command: {now} "
                f"version {now_version}; set by --mode, --grader-profile and "
                "--grader-prompt-version)")  # fmt: skip
    if name == "clip":
        return (f"the clip rule {'per case' if kept else 'mean only'} (this command: "
                f"{'per case' if value else 'mean only'}; set by --grader-profile)")  # fmt: skip
    return field_wording(name, kept, value)


async def generate_stage(
    opts: RunOptions, cases: Sequence[Case], run: RunDir, progress: RunProgress
) -> list[Response]:
    spec = opts.candidate()
    check_run_knowledge(run.load_responses(), opts.knowledge)
    knowledge = open_knowledge(opts.knowledge)
    async with opts.open(spec, opts.batch(run), opts.fanout) as model:
        return await generate_responses(
            cases,
            model,
            run,
            params=opts.candidate_params(),
            concurrency=opts.workers(spec),
            progress=progress,
            knowledge=knowledge,
            retry_errors=opts.retry_errors,
            epochs=opts.epochs,
        )


class GradeLedger:
    """Each grade a run writes, scored as it is written (`scored_grade`) and offered to the
    report's `AnswerPicker`, and each call's tokens and cost added up, while the calls are in
    flight: summary.json then neither reads nor scores grades.jsonl again, nor reads back the
    calls this run made. Grades and calls written before this run (a resumed or re-run run)
    are read from the logs at the end, so the figures are those of the logs on disk. Holds
    one small record per answer and 8 bytes per call, not their verdicts."""

    def __init__(
        self, clip: bool, draw: AnswerDraw | None = None, multi_epoch: bool = False
    ) -> None:
        self.clip = clip
        self.draw = draw
        self.multi_epoch = multi_epoch  # the answers' epochs, for `draw`
        self.picker = AnswerPicker(clip)
        self.calls = CallTotals()  # this run's calls
        self.calls_from = 0  # verdicts.jsonl's bytes before this run's calls
        self._scored: dict[AnswerKey, ScoredGrade] = {}

    def begin(self, run: RunDir) -> None:
        """Mark where this run's calls begin in verdicts.jsonl (a torn last line cut off)."""
        self.calls_from = run.verdicts.stat().st_size if readable_log(run.verdicts) else 0

    def add(self, grade: CaseGrade, case: Case | None, response: Response | None) -> None:
        """A grade as it is written, of `case` and `response` (what its card shows)."""
        self._scored[answer_key(grade)] = scored_grade(grade, self.clip)
        if self.draw is None:
            self.picker.offer(grade)
        else:
            draw, clip, multi = self.draw, self.clip, self.multi_epoch
            self.picker.offer(grade, lambda _key: draw(grade, case, response, clip, multi))

    def grades(
        self, run: RunDir, cases: Mapping[str, Case], responses: Sequence[Response]
    ) -> Iterator[ScoredGrade]:
        """The scored latest grade of each answer, in `answer_grades`' order; those not
        written by this run are read from grades.jsonl (and offered to the picker)."""
        answers = latest_by_key(responses)
        missing = [key for key in answers if key not in self._scored]
        if missing:
            latest = run.latest_grades()
            for key, grade in zip(missing, run.grades_at(latest[k] for k in missing), strict=True):
                self.add(grade, cases.get(grade.case_id), answers[key])
        for key in answers:
            yield self._scored.pop(key)


def grade_ledger(
    opts: RunOptions, responses: Sequence[Response], draw: AnswerDraw | None
) -> GradeLedger | None:
    """A ledger for the run's grades (`draw`: the report's cards of the answers it keeps);
    None for a jury or grading repeats, whose figures pair every grade with each rater's
    verdicts, read from the logs (`holds_calls`)."""
    assert opts.setup is not None
    if holds_calls(opts.setup, opts.setup.graders):
        return None
    return GradeLedger(opts.setup.clip, draw, any(r.epoch for r in responses))


async def grade_stage(
    opts: RunOptions,
    cases: RunCases,
    responses: Sequence[Response],
    run: RunDir,
    progress: RunProgress,
    ledger: GradeLedger | None = None,
    start: StartWrites | None = None,
) -> None:
    assert opts.setup is not None
    specs = opts.graders()
    if opts.fanout is not None and len(specs) > 1:
        raise InputError("--engine ray spreads one model over its servers; grade a jury with "
                         "--engine local")  # fmt: skip
    if ledger is not None:
        ledger.begin(run)
    preloads: list[threading.Thread] = []
    async with AsyncExitStack() as stack:
        graders = [
            await stack.enter_async_context(opts.open(spec, opts.batch(run, n), opts.fanout))
            for n, spec in enumerate(specs)
        ]
        try:
            await grade_run(
                cases,
                responses,
                graders,
                opts.setup,
                run,
                concurrency=sum(opts.workers(spec) for spec in specs),
                progress=progress,
                retry_errors=opts.retry_errors,
                on_work=lambda: preloads.append(preload_summary(run, responses)),
                on_grade=None if ledger is None else ledger.add,
                on_call=None if ledger is None else ledger.calls.add_call,
                before_results=start,
            )
        finally:
            # The preload ends with the stage (a short run may end first): no thread of this
            # run outlives it, importing or drawing beside whatever comes next.
            for thread in preloads:
                await asyncio.to_thread(thread.join)


# The most memory the bootstrap's count tables counted ahead may take (a byte a count: six
# strata sizes of a 1,000-case run), and, apart, the length bias's blocks (29 MB for 1,000
# cases). A run whose own table does not fit (6,711 cases or more) counts every table at the
# end, as it is used; one whose length blocks do not fit (2,049 cases) computes them then.
AHEAD_BYTES = 64 << 20


def preload_summary(run: RunDir, responses: Sequence[Response]) -> threading.Thread:
    """What summary.json needs that does not depend on the grades, done in the background
    while grader calls run, mostly waiting on the network, rather than after the last one:
    resolve the git revision, draw the bootstrap's index tables for the strata sizes the
    answered cases predict (`expected_strata_sizes`), and the length bias's side of the
    lengths, known from the answers (`expected_lengths`, `length.prepare_ahead`); numpy
    computes them without the GIL. It first imports the statistics stack (numpy and the
    summary's modules): nothing before the summary needs it, since a grade is scored as it
    is written without it (`scoring.scored`), so the import takes the interpreter in the
    turns the event loop spends waiting on replies, not before the first request."""
    answered = {r.case_id for r in responses}

    def load() -> None:
        import medrubric.evaluate.summary  # noqa: F401  (the statistics stack)
        from medrubric.evaluate.provenance import git_revision
        from medrubric.scoring.length import ahead_bytes, prepare_ahead
        from medrubric.scoring.resample import draw_ahead, table_bytes
        from medrubric.scoring.summary import (
            N_RESAMPLES,
            SEED,
            expected_lengths,
            expected_strata_sizes,
        )
        from medrubric.stats.blas import blas_controller

        git_revision()
        blas_controller()
        # The records summary.json is written as, built on first use (`defer_build`): built
        # here, beside the calls, rather than after the last reply.
        for record in (RunRecord, Stratum, LengthBias, Summary, SelfPreference, RunSummary,
                       RunResult):  # fmt: skip
            record.model_rebuild()
        if table_bytes(len(answered), N_RESAMPLES) > AHEAD_BYTES:
            return  # the run's own table does not fit: its cases are not read again for it
        cases = [case for _, case in read_models(run.cases, Case) if case.id in answered]
        draw_ahead(SEED, expected_strata_sizes(cases), N_RESAMPLES, AHEAD_BYTES)
        scorable = {case.id for case in cases if any(c.weight > 0 for c in case.rubric)}
        lengths = expected_lengths(latest_by_key(responses).values(), scorable)
        if ahead_bytes(len(lengths), N_RESAMPLES) <= AHEAD_BYTES:
            prepare_ahead(lengths, n_resamples=N_RESAMPLES, seed=SEED)

    thread = threading.Thread(target=load, name="medrubric-preload", daemon=True)
    thread.start()
    return thread


# The options that select and describe the work; the others (timeouts, cache, concurrency,
# progress) cannot change a summary.
SUMMARY_OPTIONS = {
    "cases", "filters", "limit", "model", "max_tokens", "setup", "knowledge", "grader_validity",
    "grader_validity_by_grader", "epochs", "temperature", "pass_threshold",
}  # fmt: skip


def summary_digest(run: RunDir, opts: RunOptions, models: dict[str, ModelSpec]) -> str:
    """One hash of everything summary.json is computed from: the run's logs, the options that
    select and describe the work, the model specs (prices included) and the package version."""
    digest = hashlib.sha256()
    for log in (run.cases, run.responses, run.verdicts, run.grades):
        if log.exists():
            with log.open("rb") as fh:
                while chunk := fh.read(1 << 20):
                    digest.update(chunk)
        digest.update(b"\0")
    described = {
        "options": opts.model_dump(mode="json", include=SUMMARY_OPTIONS),
        "models": {role: spec.model_dump(mode="json") for role, spec in models.items()},
        "version": __version__,
    }
    digest.update(json.dumps(described, sort_keys=True, default=str).encode("utf-8"))
    return digest.hexdigest()


def write_summary(
    run: RunDir,
    opts: RunOptions,
    cases: RunCases,
    responses: Sequence[Response],
    picker: AnswerPicker | None = None,
    ledger: GradeLedger | None = None,
) -> tuple[RunSummary, bool]:
    """summary.json from the finished records, with the provenance to reproduce it, and
    whether it was rebuilt: a finished run run again keeps its summary (and reports) as they
    are, since nothing they are computed from changed. Grades and calls are read from the
    run's logs one at a time; only per-case scores are held, and `picker` is offered every
    grade read (the answers report.html draws, so that it need not read them again). With
    a `ledger` (`grade_ledger`), the grades this run wrote come already scored and offered to
    its picker (then `picker`), and only the others are read."""
    assert opts.setup is not None
    specs = opts.graders()
    models = {"grader" if n == 0 else f"grader_{n + 1}": spec for n, spec in enumerate(specs)}
    if opts.model is not None:
        models = {"candidate": opts.candidate(), **models}
    digest = summary_digest(run, opts, models)
    if run.summary.exists():
        try:
            kept = run.read_summary()
        except InputError:  # an older or hand-edited summary: computed again
            kept = None
        if kept is not None and kept.inputs_sha256 == digest:
            return kept, False
    from medrubric.evaluate.provenance import run_record
    from medrubric.evaluate.summary import build_summary  # statistics, when needed

    wanted = {answer_key(r) for r in responses}
    answered = {r.case_id for r in responses}
    labels = [spec.label for spec in specs]
    end = None if ledger is None else ledger.calls_from  # the later calls: the ledger's
    logged = (
        run.iter_grading_calls() if holds_calls(opts.setup, labels) else run.iter_call_heads(end)
    )
    calls = (c for c in logged if answer_key(c) in wanted)
    prompts = {r.prompt_version for r in responses}
    record = run_record(
        source=opts.cases,
        cases_sha256=cases.sha256(i for i in cases if i in answered),
        models=models,
        prompts=prompts,
        params={"filters": opts.filters, "limit": opts.limit, "max_tokens": opts.max_tokens}
        | ({"knowledge": knowledge_provenance(opts.knowledge, responses)} if opts.model else {})
        | (
            {"epochs": opts.epochs, "temperature": opts.candidate_temperature()}
            if opts.model
            else {}
        ),
    )
    grades: Iterable[CaseGrade | ScoredGrade]
    if ledger is not None:
        grades = ledger.grades(run, cases, responses)
    else:
        grades = answer_grades(run, responses)
        if picker is not None:
            grades = _offered(grades, picker)
    summary = build_summary(
        grades, opts.setup, responses, calls, record,
        opts.grader_validity, labels,
        temperature=opts.candidate_temperature() if opts.model else None,
        pass_threshold=opts.pass_threshold,
        validity_by_grader=opts.grader_validity_by_grader,
        later_calls=None if ledger is None else ledger.calls,
    )  # fmt: skip
    summary.inputs_sha256 = digest
    run.write_summary(summary)
    return summary, True


def _offered(grades: Iterable[CaseGrade], picker: AnswerPicker) -> Iterator[CaseGrade]:
    for grade in grades:
        picker.offer(grade)
        yield grade


def estimate(opts: RunOptions, responses_file: Path | None = None) -> list[StageEstimate]:
    """`--dry-run`: the calls the run would make in `opts.out` (and what they may cost), by
    the plan the run itself follows: the answers given, the mode, the finished work in the
    run folder and the calls the LLM cache already holds."""
    from medrubric.evaluate.estimate import (
        ASSUMED_ANSWER_TOKENS,
        CacheProbe,
        estimate_generation,
        estimate_grading,
    )
    from medrubric.llm.cache import CACHE_FILE, CallCache, resolve_cache_dir

    loaded = load_cases(opts.cases)
    run = RunDir(opts.out)
    folder = resolve_cache_dir(opts.cache_dir, opts.registry())
    cache = None  # a cache that does not exist yet answers nothing: it is not created
    if not opts.no_cache and (folder / CACHE_FILE).is_file():
        cache = CallCache(folder)
    try:
        probe = CacheProbe(cache)
        stages = []
        if responses_file is not None:  # grade: the answers given, for the selected cases
            answers = list(latest_by_key(load_responses(responses_file)[0]).values())
            match_cases(loaded, answers)
            selected = {c.id for c in select_cases(loaded, opts.filters, opts.limit)}
            responses = [r for r in answers if r.case_id in selected]
            cases = [c for c in loaded if c.id in {r.case_id for r in responses}]
            unknown: set[tuple[str, int]] = set()
        else:
            cases = select_cases(loaded, opts.filters, opts.limit)
            generation, responses, unknown = estimate_generation(
                cases, run, opts.candidate(), opts.candidate_params(),
                open_knowledge(opts.knowledge), probe, opts.retry_errors, opts.epochs,
            )  # fmt: skip
            stages.append(generation)
        if opts.setup is None:  # generate
            return stages
        grading = estimate_grading(
            cases, responses, run, opts.setup, opts.graders(), probe,
            retry_errors=opts.retry_errors, unknown=unknown,
            answer_tokens=opts.max_tokens or ASSUMED_ANSWER_TOKENS,
        )  # fmt: skip
        return [*stages, *grading]
    finally:
        if cache is not None:
            cache.close()


def smoke_warning(opts: RunOptions) -> str | None:
    roles = [("candidate", opts.model)]
    roles += [("grader", g) for g in (opts.setup.graders if opts.setup else ())]
    flagged = [f"{role} {text}" for role, text in roles if text and opts.spec(text).smoke_test]
    if not flagged:
        return None
    return (
        f"SMOKE TEST MODEL ({'; '.join(flagged)}): SmolLM2-135M proves the plumbing works; "
        "its answers and verdicts say nothing about medicine."
    )


def summarised(
    opts: RunOptions,
    run: RunDir,
    cases: RunCases,
    responses: list[Response],
    progress: RunProgress,
    ledger: GradeLedger | None = None,
) -> RunResult:
    """summary.json of a graded run (its pass over grades.jsonl, or the `ledger` of the grades
    written, also picks the answers report.html draws) and the run's result."""
    picker = (
        ledger.picker
        if ledger is not None
        else AnswerPicker(opts.setup.clip if opts.setup else True)
    )
    try:
        summary, changed = write_summary(run, opts, cases, responses, picker, ledger)
    finally:
        # the index tables and length blocks drawn ahead for it, if any were: a finished
        # run run again keeps its summary and never loads the statistics stack (numpy)
        for name in ("medrubric.scoring.resample", "medrubric.scoring.length"):
            if name in sys.modules:
                sys.modules[name].forget_ahead()
    return RunResult(
        run=run, progress=progress, cases=cases, responses=responses, summary=summary,
        summary_changed=changed, picked=picker if changed else None,
    )  # fmt: skip


async def run_eval(opts: RunOptions, draw: AnswerDraw | None = None) -> RunResult:
    """generate + grade + score into `opts.out`, resuming whatever is already there; `draw`
    draws report.html's card of an answer as its grade is written (`GradeLedger`)."""
    opts.check_keys()
    model = opts.candidate().label
    with claimed_run(opts, model, grading=True) as (run, cases, _), opts.progress() as progress:
        responses = await generate_stage(opts, [cases[i] for i in cases], run, progress)
        ledger = grade_ledger(opts, responses, draw)
        await grade_stage(opts, cases, responses, run, progress, ledger)
        return summarised(opts, run, cases, responses, progress, ledger)


async def run_generate(opts: RunOptions) -> GenerateResult:
    """Answer the selected cases into `opts.out`/responses.jsonl, resuming a killed run."""
    opts.check_keys()
    model = opts.candidate().label
    with claimed_run(opts, model, grading=False) as (run, cases, _), opts.progress() as progress:
        responses = await generate_stage(opts, [cases[i] for i in cases], run, progress)
    return GenerateResult(run=run, progress=progress, responses=responses)


async def run_grade(
    opts: RunOptions, responses_file: Path, draw: AnswerDraw | None = None
) -> RunResult:
    """Grade answers made elsewhere: Response records (case_id + response suffice) or any
    shape `load_responses` reads (simple-evals/HealthBench, LiveMedBench, Inspect logs).
    Cases are streamed (hashed, then filtered into the run's cases.jsonl) and read back one
    at a time, so memory holds the answers but not the cases or the verdicts. `draw`: as
    `run_eval`'s."""
    opts.check_keys()
    loaded_answers, _, notes = load_responses(responses_file)
    for note in notes:
        opts.console().print(f"note: {note}")
    answers = list(latest_by_key(loaded_answers).values())
    del loaded_answers
    models = sorted({r.model for r in answers})
    if len(models) > 1:
        raise InputError(
            f"responses of {len(models)} models ({', '.join(models)}); a run directory scores "
            "one model: split the file by model",
            responses_file,
        )
    model = models[0] if models else None
    claim = claimed_run(opts, model, grading=True, answers=answers, defer=True)
    with claim as (run, cases, start):
        responses = [r for r in answers if r.case_id in cases]
        if not responses:
            raise InputError("no response is for a selected case", responses_file)

        def copy_answers() -> None:
            if not run.responses.exists() or not run.responses.samefile(responses_file):
                write_jsonl(run.responses, responses)

        if start is None:
            copy_answers()
        else:
            start.then.append(copy_answers)
        ledger = grade_ledger(opts, responses, draw)
        with opts.progress() as progress:
            await grade_stage(opts, cases, responses, run, progress, ledger, start)
        return summarised(opts, run, cases, responses, progress, ledger)
