"""`medrubric demo`: the smoke-test model local:smollm2 as candidate and grader on a few
sample cases, alternating English and Chinese so the demo shows both prompts."""

from __future__ import annotations

from pathlib import Path

from medrubric.data.formats import load_cases
from medrubric.errors import InputError
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.runner import RunOptions
from medrubric.runtime.options import ModelOptions

DEMO_MODEL = "local:smollm2"
DEMO_CASES = 4  # two English, two Chinese: a few minutes on a laptop CPU
DEMO_MAX_TOKENS = 256
DEMO_GRADER_MAX_TOKENS = 512


def demo_case_ids(n: int) -> list[str]:
    """`n` sample cases alternating English and Chinese."""
    by_language: dict[str, list[str]] = {}
    for case in load_cases("sample"):
        by_language.setdefault(case.language, []).append(case.id)
    queues = [ids for _, ids in sorted(by_language.items())]
    chosen: list[str] = []
    while len(chosen) < n and any(queues):
        for ids in queues:
            if ids and len(chosen) < n:
                chosen.append(ids.pop(0))
    if not chosen:
        raise InputError("the bundled sample has no cases")
    return chosen


def demo_options(models: ModelOptions, out: Path) -> RunOptions:
    """The demo run: --cache-dir, --timeout and --quiet from `models`, the rest fixed."""
    return RunOptions(
        **models.model_dump(exclude={"max_tokens"}),
        cases="sample",
        model=DEMO_MODEL,
        out=out,
        filters=[f"id={','.join(demo_case_ids(DEMO_CASES))}"],
        max_tokens=DEMO_MAX_TOKENS,
        setup=resolve_setup(None, DEMO_MODEL, "batched", DEMO_GRADER_MAX_TOKENS),
    )
