"""`--dry-run`: how many calls a run will make and what they may cost, before any is made.

The estimate walks the same plan the run follows (`pending_answers`, `plan_grading`): the
answers given, the grading mode, what the run folder has finished and, unless `--no-cache`,
what the LLM cache already holds (those calls are free and counted apart), so its call count
is the run's. Only a batched reply re-asked for mismatched ids can add a call it cannot see.

Tokens are estimated without a tokenizer: one token per CJK character plus one per four
other characters (the usual English rule of thumb). Prices come from the model's entry in
medrubric.toml, else from the known-models table (llm/known_models.toml); a model neither
prices has an unknown cost (None), never a cost of zero.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from medrubric.data.models import Case, Response, Usage
from medrubric.evaluate.generate import epoch_params, pending_answers
from medrubric.evaluate.grade import job_messages, job_schema, plan_grading, plan_raters
from medrubric.evaluate.openbook import KnowledgeSource
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.rundir import RunDir, latest_by_key
from medrubric.llm.cache import CallCache
from medrubric.llm.spec import ModelSpec
from medrubric.llm.types import CallResult

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
    calls: int = 0  # calls to the endpoint
    cached: int = 0  # calls the LLM cache answers (free)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = 0.0  # None: no price is known for the model
    batch_cost_usd: float | None = 0.0  # the same calls through the provider's Batch API
    batch_priced: bool = True  # False: the Batch API figure uses the standard prices
    price_source: str | None = None

    @property
    def priced(self) -> bool:
        return self.cost_usd is not None

    def add(self, prompt: int, completion: int) -> None:
        self.calls += 1
        self.prompt_tokens += prompt
        self.completion_tokens += completion

    def price(self, spec: ModelSpec) -> StageEstimate:
        usage = Usage(prompt_tokens=self.prompt_tokens, completion_tokens=self.completion_tokens)
        self.cost_usd = spec.cost_usd(usage)
        self.batch_cost_usd = spec.cost_usd(usage, batch=True)
        self.batch_priced = spec.batch_priced
        self.price_source = spec.price_source
        return self


class CacheProbe:
    """Asks the LLM cache whether a call is already answered, with the key the client uses."""

    def __init__(self, cache: CallCache | None):
        self.cache = cache
        self._clients: dict[str, Any] = {}

    def lookup(
        self,
        spec: ModelSpec,
        messages: list[dict[str, str]],
        prompt_version: str,
        schema: type[BaseModel] | None,
        params: dict[str, Any],
    ) -> CallResult | None:
        if self.cache is None:
            return None
        from medrubric.llm.client import OpenAIChatModel  # keys only: nothing is opened

        client = self._clients.get(spec.name)
        if client is None:
            client = OpenAIChatModel(spec, base_url=spec.base_url, api_key="")
            self._clients[spec.name] = client
        key, _, _ = client.request_key(
            messages, prompt_version=prompt_version, schema=schema, params=params
        )
        return self.cache.get(key)


def estimate_generation(
    cases: Sequence[Case],
    run: RunDir,
    spec: ModelSpec,
    params: dict[str, Any],
    knowledge: KnowledgeSource,
    probe: CacheProbe,
    retry_errors: bool,
    epochs: int = 1,
) -> tuple[StageEstimate, list[Response], set[tuple[str, int]]]:
    """The generation calls still to make (every epoch counted), the answers grading will
    see (finished, cached or still unknown) and the (case id, epoch) of the answers not
    known yet."""
    est = StageEstimate(stage="generate", model=spec.label)
    finished = latest_by_key(run.load_responses())
    unknown: set[tuple[str, int]] = set()
    for case, epoch in pending_answers(cases, finished, spec.label, retry_errors, epochs):
        messages, prompt_id, _ = knowledge.conversation(case)
        hit = probe.lookup(spec, messages, prompt_id, None, epoch_params(params, epoch))
        if hit is not None and hit.ok:
            est.cached += 1
            text = hit.text
        else:
            est.add(message_tokens(messages), params.get("max_tokens") or ASSUMED_ANSWER_TOKENS)
            text = ""
            unknown.add((case.id, epoch))
        finished[(case.id, spec.label, epoch)] = Response(
            case_id=case.id, model=spec.label, epoch=epoch, response=text
        )
    answers = [finished[(c.id, spec.label, e)] for e in range(epochs) for c in cases]
    return est.price(spec), answers, unknown


def estimate_grading(
    cases: Sequence[Case],
    responses: Sequence[Response],
    run: RunDir,
    setup: GraderSetup,
    specs: Sequence[ModelSpec],
    probe: CacheProbe,
    *,
    retry_errors: bool,
    unknown: set[tuple[str, int]] = frozenset(),  # type: ignore[assignment]
    answer_tokens: int = ASSUMED_ANSWER_TOKENS,
) -> list[StageEstimate]:
    """The grader calls `plan_grading` leaves to make, one estimate per grader (`specs` in
    `setup.graders` order, every repeat counted); an answer not generated yet is assumed
    `answer_tokens` long and cannot be in the cache."""
    raters = plan_raters(setup, [spec.label for spec in specs])
    plan = plan_grading(cases, responses, run, setup, raters, retry_errors=retry_errors)
    by_label = {spec.label: spec for spec in specs}
    estimates = {spec.label: StageEstimate(stage="grade", model=spec.label) for spec in specs}
    for job in plan.jobs():
        label = raters[job.rater].label
        est, spec = estimates[label], by_label[label]
        messages, prompt_id = job_messages(setup, job)
        completion = VERDICT_TOKENS * len(job.criteria)
        if (job.case.id, job.response.epoch) in unknown:
            est.add(message_tokens(messages) + answer_tokens, completion)
            continue
        schema = job_schema(setup, job)
        if probe.lookup(spec, messages, prompt_id, schema, setup.params(job.repeat)) is not None:
            est.cached += 1
        else:
            est.add(message_tokens(messages), completion)
    return [est.price(by_label[label]) for label, est in estimates.items()]
