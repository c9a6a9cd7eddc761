"""A generated site fixture: made-up cases, answers and verdicts of any size, for the size
budget (tests/site/test_site_build.py) and the first-paint bench (bench/bench_site.py)."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

from medrubric.analysis.runs import Run
from medrubric.data.models import Case, CaseGrade, Criterion, Response, Verdict

N_CRITERIA = 8
ANSWER_CHARS, EXPLANATION_CHARS = 800, 80


class Words:
    """Made-up words drawn with Zipf frequencies (1/rank), as words of a natural language are:
    text that compresses about as English does, without shipping a corpus."""

    def __init__(self, rng: random.Random, n: int = 5000):
        letters = "abcdefghijklmnopqrstuvwxyz"
        self.rng = rng
        self.words = ["".join(rng.choices(letters, k=rng.randint(2, 10))) for _ in range(n)]
        total, self.cum = 0.0, []
        for rank in range(1, n + 1):
            total += 1 / rank
            self.cum.append(total)

    def text(self, chars: int) -> str:
        return " ".join(self.rng.choices(self.words, cum_weights=self.cum, k=chars // 6))


def generated_runs(n_cases: int, n_models: int, n_resamples: int = 50) -> list[Run]:
    """n_models runs over the same n_cases: 800-character answers, 8 criteria a case with
    80-character explanations, words drawn with natural-language frequencies."""
    rng = random.Random(0)
    words = Words(rng)
    cases = [
        Case(
            id=f"case-{i:04d}",
            language="en",
            published_at=dt.date(2024, 1, 1) + dt.timedelta(days=i % 700),
            narrative=words.text(400),
            query=words.text(80),
            rubric=[
                Criterion(id=f"c{k}", text=words.text(60), weight=rng.choice([-5, 3, 5, 8]))
                for k in range(N_CRITERIA - 1)
            ]
            + [Criterion(id="p", text="positive", weight=2)],
        )
        for i in range(n_cases)
    ]
    by_id = {c.id: c for c in cases}
    runs = []
    for m in range(n_models):
        model = f"model-{m}"
        grades = [
            CaseGrade.model_construct(
                case_id=c.id, model=model, grader="g", language="en", theme="unknown",
                specialty="unknown", published_at=c.published_at, tags=[], response_error=None,
                criteria=[
                    Verdict.model_construct(
                        criterion_id=k.id, weight=k.weight, axis="unknown", error=None,
                        met=rng.random() < 0.5, explanation=words.text(EXPLANATION_CHARS),
                    )
                    for k in c.rubric
                ],
            )
            for c in cases
        ]  # fmt: skip
        responses = {
            c.id: Response.model_construct(
                case_id=c.id, model=model, epoch=0, response=words.text(ANSWER_CHARS)
            )
            for c in cases
        }
        runs.append(
            Run.model_construct(
                path=Path(model), model=model, grader="g", clip=True, grades=grades,
                responses=responses, cases=by_id,
                answers={(c, 0): r for c, r in responses.items()},
                summary={"seed": 0, "n_resamples": n_resamples},
            )
        )  # fmt: skip
    return runs
