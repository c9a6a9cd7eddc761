"""Planted runs for the site's tests: three models whose order flips between old and new
cases, two languages, two themes, and one hostile answer."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from medrubric.data.models import Case, CaseGrade, Criterion, Response, Verdict

HOSTILE = (
    '<script>window.__pwned = 1</script><a href="javascript:window.__pwned=2">click me</a>'
    '<img src="x" onerror="window.__pwned=3">'
)
# share of old / new cases each model answers well; A knows the old, C the new
PLANTED = {"model-a": (0.9, 0.2), "model-c": (0.2, 0.9), "model-b": (0.55, 0.5)}
CUTOFFS = {"model-a": "2024-06-30", "model-b": "2024-06-30", "model-c": "2025-01-31"}
N_CASES = 24


def case(i: int) -> Case:
    old = i < N_CASES // 2
    day = dt.date(2023, 1 + i % 12, 10) if old else dt.date(2025, 1 + i % 12, 10)
    return Case(
        id=f"case-{i:03d}",
        language="en" if i % 3 else "zh",
        published_at=day,
        theme="emergency_referrals" if i % 2 else "context_seeking",
        specialty="cardiology" if i % 4 < 2 else "neurology",
        narrative=f"Patient {i} <b>not bold</b> reports chest pain.",
        query="What should I do?",
        rubric=[
            Criterion(id="c1", text="Advises calling an ambulance", axis="accuracy", weight=5),
            Criterion(id="c2", text="Asks about duration", axis="completeness", weight=3),
            Criterion(id="c3", text="Reassures it is indigestion", axis="accuracy", weight=-4),
        ],
    )


def _met(model: str, i: int, criterion: str) -> bool:
    old_share, new_share = PLANTED[model]
    share = old_share if i < N_CASES // 2 else new_share
    good = (i * 7 + len(model) * 3) % 10 < share * 10
    if criterion == "c1":
        return good
    if criterion == "c2":
        return good or i % 5 == 0
    return not good and i % 2 == 0


def write_runs(root: Path) -> list[Path]:
    """One run folder per planted model, scored by `medrubric score`'s own code path."""
    from typer.testing import CliRunner

    from medrubric.cli.main import app

    cases = [case(i) for i in range(N_CASES)]
    paths = []
    for model in PLANTED:
        run = root / model
        run.mkdir(parents=True)
        (run / "cases.jsonl").write_text("".join(c.model_dump_json() + "\n" for c in cases))
        grades, responses = [], []
        for c in cases:
            i = int(c.id.split("-")[1])
            answer = HOSTILE if (model == "model-b" and i == 0) else f"Answer of {model} to {c.id}."
            responses.append(Response(case_id=c.id, model=model, response=answer))
            verdicts = [
                Verdict(
                    criterion_id=k.id,
                    weight=k.weight,
                    axis=k.axis,
                    met=_met(model, i, k.id),
                    explanation=HOSTILE if i == 0 else f"{model} on {k.id}",
                )
                for k in c.rubric
            ]
            grades.append(
                CaseGrade(
                    case_id=c.id,
                    model=model,
                    grader="openai:grader-x",
                    language=c.language,
                    theme=c.theme,
                    specialty=c.specialty,
                    published_at=c.published_at,
                    criteria=verdicts,
                )
            )
        (run / "grades.jsonl").write_text("".join(g.model_dump_json() + "\n" for g in grades))
        (run / "responses.jsonl").write_text("".join(r.model_dump_json() + "\n" for r in responses))
        result = CliRunner().invoke(app, ["score", str(run / "grades.jsonl"), "--out", str(run)])
        assert result.exit_code == 0, result.output
        paths.append(run)
    return paths


EPOCHS = 3  # the repeated-answers run answers each case this many times


def write_epoch_run(root: Path) -> Path:
    """A run of `model-e` that answered every case EPOCHS times, differently each time (one
    answer of case 1 failed), scored by `medrubric score`."""
    from typer.testing import CliRunner

    from medrubric.cli.main import app

    cases = [case(i) for i in range(N_CASES)]
    run = root / "model-e"
    run.mkdir(parents=True)
    (run / "cases.jsonl").write_text("".join(c.model_dump_json() + "\n" for c in cases))
    grades, responses = [], []
    for c in cases:
        i = int(c.id.split("-")[1])
        for epoch in range(EPOCHS):
            failed = i == 1 and epoch == 1
            responses.append(
                Response(
                    case_id=c.id, model="model-e", epoch=epoch,
                    response=None if failed else f"Answer {epoch} of model-e to {c.id}.",
                    error="timeout" if failed else None,
                )
            )  # fmt: skip
            verdicts = [
                Verdict(
                    criterion_id=k.id, weight=k.weight, axis=k.axis,
                    met=(i * 7 + epoch * 4 + len(k.id)) % 10 < (6 if k.weight > 0 else 2),
                    explanation=f"epoch {epoch} on {k.id}",
                )
                for k in c.rubric
            ]  # fmt: skip
            grades.append(
                CaseGrade(
                    case_id=c.id, model="model-e", epoch=epoch, grader="openai:grader-x",
                    language=c.language, theme=c.theme, specialty=c.specialty,
                    published_at=c.published_at, criteria=[] if failed else verdicts,
                    response_error="timeout" if failed else None,
                )
            )  # fmt: skip
    (run / "grades.jsonl").write_text("".join(g.model_dump_json() + "\n" for g in grades))
    (run / "responses.jsonl").write_text("".join(r.model_dump_json() + "\n" for r in responses))
    result = CliRunner().invoke(app, ["score", str(run / "grades.jsonl"), "--out", str(run)])
    assert result.exit_code == 0, result.output
    return run


# model-a's classified low answers: type -> count, plus FAILED_CLASSIFICATIONS failed calls
CLASSIFIED = {"CNIF": 5, "KGOC": 3, "MHME": 1}
FAILED_CLASSIFICATIONS = 1
# model-b's audit: error type -> (original score, injected score) of each pair
AUDIT = {
    "A1": [(0.8, 0.5), (0.6, 0.6), (0.9, 0.2), (0.4, 0.1)],
    "B2": [(0.5, 0.5), (0.7, 0.9), (0.3, 0.3)],
}


def write_analysis(root: Path) -> tuple[Path, Path]:
    """An `analyze errors --classify-with` folder (model-a) and an audit folder (model-b),
    written with the records and summaries those commands write."""
    from medrubric.analysis.error_types import Classification
    from medrubric.audit.paired_scoring import PairScore, summarize_pairs
    from medrubric.audit.pairs import AuditPair
    from medrubric.data.jsonl import write_json, write_jsonl
    from medrubric.evaluate.profiles import GraderSetup

    errors, audit = root / "analysis", root / "audit"
    errors.mkdir(parents=True)
    labels = [t for t, n in CLASSIFIED.items() for _ in range(n)]
    rows = [
        Classification(
            model="model-a", case_id=f"case-{i:03d}", score=0.1, classifier="openai:c",
            prompt_version="error_type@1", error_type=t,  # type: ignore[arg-type]
        )
        for i, t in enumerate(labels)
    ] + [
        Classification(
            model="model-a", case_id="case-020", score=0.2, classifier="openai:c",
            prompt_version="error_type@1", error="timeout",
        )
    ] * FAILED_CLASSIFICATIONS  # fmt: skip
    write_jsonl(errors / "error_types.jsonl", rows)
    pairs, scores = [], []
    for code, outcomes in AUDIT.items():
        for k, (original, edited) in enumerate(outcomes):
            pid, case_id = f"{code}-{k}", f"case-{k:03d}"
            pairs.append(
                AuditPair(
                    pair_id=pid, case_id=case_id, answer_model="model-b", error_type=code,
                    error_name=code, original="o", edited="e", edits=[], applicability=[],
                    checks=[], attempts=1, models={}, prompt_versions={}, taxonomy="error_types@1",
                )
            )  # fmt: skip
            scores.append(
                PairScore(
                    pair_id=pid, case_id=case_id, error_type=code, n_criteria=3,
                    original_score=original, edited_score=edited,
                    original_grade="g", edited_grade="g",
                )
            )  # fmt: skip
    (audit / "score").mkdir(parents=True)
    write_jsonl(audit / "pairs.jsonl", pairs)
    setup = GraderSetup(grader="openai:grader-x", mode="batched", prompt="grader", prompt_version=1)
    report = summarize_pairs(scores, setup, n_resamples=200)
    write_json(audit / "score" / "score.json", report.model_dump(mode="json"))
    return errors, audit


def cutoff_flags() -> list[str]:
    return [f"--cutoff={m}={d}" for m, d in CUTOFFS.items()]


def subset_grades(run: Path, keep: set[str], out: Path) -> Path:
    """The run's grades restricted to the cases in `keep`, as a grades file."""
    lines = [
        line
        for line in (run / "grades.jsonl").read_text().splitlines()
        if json.loads(line)["case_id"] in keep
    ]
    out.write_text("\n".join(lines) + "\n")
    return out


def write_releases(root: Path) -> list[Path]:
    """Two releases: the old cases, then all of them with one rubric changed."""
    from medrubric.snapshot import freeze

    cases = [case(i) for i in range(N_CASES)]
    first = freeze(
        cases[: N_CASES // 2], "v2024.01", root / "v2024.01",
        created_at=dt.datetime(2024, 1, 31, tzinfo=dt.UTC),
    )  # fmt: skip
    changed = cases[0].model_copy(update={"query": "What now?"})
    freeze(
        [changed, *cases[1:]], "v2025.12", root / "v2025.12",
        created_at=dt.datetime(2025, 12, 31, tzinfo=dt.UTC),
    )  # fmt: skip
    assert first.n_cases == N_CASES // 2
    return [root / "v2025.12", root / "v2024.01"]


def wait_ready(page: Any) -> None:
    """Until the page has drawn its current view (site.js sets body[data-ready])."""
    page.wait_for_selector("body[data-ready]:not([data-ready=''])", timeout=10_000)
