"""`medrubric site build` without a browser: the size budget on a generated fixture, and bad
input."""

from __future__ import annotations

import datetime as dt
import random
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from medrubric.analysis.runs import Run
from medrubric.cli.main import app
from medrubric.data.models import Case, CaseGrade, Criterion, Response, Verdict
from medrubric.errors import InputError
from medrubric.site.build import site_files

N_CASES, N_MODELS, N_CRITERIA = 50, 20, 8  # measured here, projected to 1,000 cases
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


def test_a_thousand_cases_by_twenty_models_stay_under_20_mb() -> None:
    """Every byte but the fixed assets grows with the number of cases (one file per case, one
    row per case and model in the index), so 50 cases measure the size of 1,000."""
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
        for i in range(N_CASES)
    ]
    by_id = {c.id: c for c in cases}
    runs = []
    for m in range(N_MODELS):
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
                case_id=c.id, model=model, response=words.text(ANSWER_CHARS)
            )
            for c in cases
        }
        runs.append(
            Run.model_construct(
                path=Path(model), model=model, grader="g", clip=True, grades=grades,
                responses=responses, cases=by_id, summary={"seed": 0, "n_resamples": 50},
            )
        )  # fmt: skip
    files = site_files(runs, {})
    assert len([n for n in files if n.startswith("data/case/")]) == N_CASES
    fixed = sum(len(d) for n, d in files.items() if not n.startswith("data/"))
    per_case = (sum(map(len, files.values())) - fixed) / N_CASES
    projected = fixed + 1000 * per_case
    assert projected < 20_000_000, f"{projected / 1e6:.1f} MB"
    index = len(files["data/index.js"]) * 1000 / N_CASES
    assert index < 2_000_000, f"first paint loads {index / 1e6:.1f} MB"


def test_bad_input_is_one_line_and_leaves_no_site(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "grades.jsonl").write_text('{"case_id": "a", "model": "m", "criteria": [}\n')
    out = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "-m", "medrubric.cli.main", "site", "build", str(run), "--out", str(out)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {run / 'grades.jsonl'}:1: ")
    assert "Traceback" not in result.stderr and not out.exists()


def test_a_folder_that_is_no_release_is_refused(runs: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "site"
    args = ["site", "build", str(runs[0]), "--releases", str(tmp_path), "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert isinstance(result.exception, InputError)
    assert "manifest.json" in str(result.exception) and not out.exists()


def test_an_analysis_folder_without_error_types_is_refused(
    runs: list[Path], tmp_path: Path
) -> None:
    out = tmp_path / "site"
    args = ["site", "build", str(runs[0]), "--analysis", str(tmp_path), "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert isinstance(result.exception, InputError)
    assert "error_types.jsonl" in str(result.exception) and not out.exists()
