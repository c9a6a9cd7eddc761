"""`--dry-run`: how many calls a run will make and what they may cost, before any is made.

Tokens are estimated without a tokenizer: one token per CJK character plus one per four
other characters (the usual English rule of thumb). Prices come from the model's entry in
medrubric.toml, else from the known-models table (llm/known_models.toml); a model neither
prices is shown as such, never as free. Work already finished in the run directory is not
counted; calls the LLM cache can answer are counted, so the estimate is an upper bound.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from pydantic import BaseModel

from medrubric.data.models import Case, Response, Usage
from medrubric.evaluate.generate import generation_messages
from medrubric.evaluate.grade import batched_messages, criterion_messages
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.rundir import RunDir, latest_by_key
from medrubric.llm.spec import ModelSpec

_CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
ASSUMED_ANSWER_TOKENS = 500  # when generation has no max_tokens
VERDICT_TOKENS = 60  # one {"explanation", "criteria_met"} object


def estimate_tokens(text: str) -> int:
    cjk = len(_CJK.findall(text))
    return cjk + math.ceil((len(text) - cjk) / 4)


def message_tokens(messages: Sequence[dict[str, str]]) -> int:
    return sum(estimate_tokens(m["content"]) + 4 for m in messages)  # +4: role and framing


class StageEstimate(BaseModel):
    stage: str
    model: str
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    batch_cost_usd: float = 0.0  # the same calls through the provider's Batch API
    priced: bool = True  # False: no price is known for the model, the costs are unknown
    price_source: str | None = None

    def add(self, prompt: int, completion: int) -> None:
        self.calls += 1
        self.prompt_tokens += prompt
        self.completion_tokens += completion

    def price(self, spec: ModelSpec) -> StageEstimate:
        usage = Usage(prompt_tokens=self.prompt_tokens, completion_tokens=self.completion_tokens)
        self.cost_usd = spec.cost_usd(usage)
        self.batch_cost_usd = spec.cost_usd(usage, batch=True)
        self.priced = spec.priced
        self.price_source = spec.price_source
        return self


def estimate_generation(
    cases: Sequence[Case], spec: ModelSpec, max_tokens: int | None, done: set[str]
) -> StageEstimate:
    est = StageEstimate(stage="generate", model=spec.label)
    for case in cases:
        if case.id not in done:
            messages, _ = generation_messages(case)
            est.add(message_tokens(messages), max_tokens or ASSUMED_ANSWER_TOKENS)
    return est.price(spec)


def estimate_grading(
    cases: Sequence[Case],
    answers: dict[str, Response],
    setup: GraderSetup,
    spec: ModelSpec,
    answer_tokens: int,
    graded: set[str],
) -> StageEstimate:
    """Grader calls for every answer (existing or still to generate) not yet graded."""
    est = StageEstimate(stage="grade", model=spec.label)
    for case in cases:
        if case.id in graded:
            continue
        known = answers.get(case.id)
        text = known.response if known and known.response else ""
        extra = 0 if text else answer_tokens  # the answer does not exist yet: assume its length
        if setup.mode == "batched":
            messages, _ = batched_messages(setup, case, text, case.rubric)
            est.add(message_tokens(messages) + extra, VERDICT_TOKENS * len(case.rubric))
        else:
            for criterion in case.rubric:
                messages, _ = criterion_messages(setup, case, text, criterion)
                est.add(message_tokens(messages) + extra, VERDICT_TOKENS)
    return est.price(spec)


def estimate_run(
    cases: Sequence[Case],
    run: RunDir,
    *,
    candidate: ModelSpec | None,
    max_tokens: int | None,
    setup: GraderSetup,
    grader: ModelSpec,
    answers: Sequence[Response] = (),
) -> list[StageEstimate]:
    """Estimates for the stages still to run in `run` (answers made elsewhere cost nothing)."""
    existing = {
        r.case_id: r
        for (_, model), r in latest_by_key([*run.load_responses(), *answers]).items()
        if candidate is None or model == candidate.label
    }
    graded = {g.case_id for g in run.load_grades()}
    stages = []
    if candidate is not None:
        stages.append(estimate_generation(cases, candidate, max_tokens, set(existing)))
    stages.append(
        estimate_grading(
            cases, existing, setup, grader, max_tokens or ASSUMED_ANSWER_TOKENS, graded
        )
    )
    return stages
