"""The four review tasks: their questions, and the items built from a snapshot or run.

Rating scales follow LiveMedBench App. C (case and criterion validation, Met / Not Met
verdicts) and the clinician review of "When Rubrics Fail" (could the injected error change
the diagnosis or management?). Every answer is binary (yes/no) plus a free comment.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from medrubric.data.formats import load_cases
from medrubric.data.jsonl import read_models
from medrubric.data.models import Case, CaseGrade, Criterion, Response
from medrubric.data.vocab import AXES, LABELS, WEIGHT_MAX, WEIGHT_MIN
from medrubric.errors import InputError
from medrubric.review.models import TASK_NAMES, AuditPair, Item, Question, TaskName

if TYPE_CHECKING:
    from medrubric.rubric.lint import Finding

TASK_TITLES: dict[TaskName, str] = {
    "case": "Case validation",
    "criterion": "Criterion validation",
    "verdict": "Verdict labelling",
    "injected": "Injected-error review",
}

# What a reviewer judges a criterion's axis and weight against, shown beside the criterion.
AXIS_LIST: list[tuple[str, str]] = [(a, LABELS[a]) for a in AXES]
WEIGHT_SCALE: dict[str, object] = {
    "values": [w for w in range(WEIGHT_MIN, WEIGHT_MAX + 1) if w != 0],
    "text": (
        f"integers {WEIGHT_MIN}…−1 penalise stating something, +1…+{WEIGHT_MAX} reward "
        f"including it; ±9 and ±10 are reserved for life-critical details"
    ),
}

_CASE_QUESTIONS = [
    Question(field="narrative_faithful", text="Is the narrative faithful to the patient's story?"),
    Question(
        field="narrative_sufficient",
        text="Does the narrative hold enough information to answer the query?",
    ),
    Question(field="query_meaningful", text="Is the query a meaningful chief complaint?"),
]
_CRITERION_QUESTIONS = [
    Question(field="valid", text="Is the criterion clinically valid for this case?"),
    Question(field="atomic", text="Is it atomic (checks exactly one thing)?"),
    Question(field="weight_ok", text="Is the weight correct in sign and size?"),
    Question(field="axis_ok", text="Is it on the right axis?"),
]
_VERDICT_QUESTIONS = [
    Question(field="met", text="Does the answer meet this criterion?", yes="Met", no="Not met")
]
_INJECTED_QUESTIONS = [
    Question(
        field="changes_management",
        text="Could it change the diagnosis or management of the patient?",
    )
]


def questions_for(item: Item) -> list[Question]:
    """The questions of an item; case validation asks once per advice element."""
    if item.task == "case":
        advice = [
            Question(field=f"advice_{j}", text=f"Is advice element {j} correct?")
            for j in range(1, len(item.payload["advice"]) + 1)
        ]
        return _CASE_QUESTIONS + advice
    fixed = {
        "criterion": _CRITERION_QUESTIONS,
        "verdict": _VERDICT_QUESTIONS,
        "injected": _INJECTED_QUESTIONS,
    }
    return fixed[item.task]


def facet_of(task: TaskName, field: str) -> str:
    """Agreement is reported per facet: case validation splits narrative/query from advice."""
    if task == "case":
        return "case: advice" if field.startswith("advice_") else "case: narrative & query"
    return task


def parse_tasks(text: str) -> list[TaskName]:
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise InputError("--tasks: name at least one task")
    for name in names:
        if name not in TASK_NAMES:
            raise InputError(f"--tasks: {name!r} is not one of {', '.join(TASK_NAMES)}")
    return [t for t in TASK_NAMES if t in names]


class Source:
    """Cases, and for a run directory its answers and grades, that items are built from."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.is_run = self.path.is_dir() and (self.path / "responses.jsonl").exists()
        cases_source: str | Path = self.path / "cases.jsonl" if self.is_run else str(path)
        self.cases = load_cases(cases_source)
        self.responses: list[Response] = []
        self.grades: dict[tuple[str, str], CaseGrade] = {}
        if self.is_run:
            self.responses = [r for _, r in read_models(self.path / "responses.jsonl", Response)]
            grades_path = self.path / "grades.jsonl"
            if grades_path.exists():
                for _, grade in read_models(grades_path, CaseGrade):
                    self.grades[(grade.case_id, grade.model)] = grade


def _case_view(case: Case) -> dict[str, object]:
    conversation = "\n\n".join(m.content for m in case.conversation() if m.role == "user")
    return {
        "narrative": case.narrative,
        "query": case.query or conversation,
        "specialty": case.specialty,
        "theme": case.theme,
    }


def _about_case(case: Case, task: TaskName, key: str, **payload: object) -> Item:
    """An item grouped by its case, showing the case view plus the task's own payload."""
    return Item(
        key=f"{task}/{key}",
        task=task,
        group=case.id,
        case_id=case.id,
        language=case.language,
        payload={**_case_view(case), **payload},
    )


def _case_items(cases: Sequence[Case]) -> list[Item]:
    return [_about_case(c, "case", c.id, advice=list(c.advice)) for c in cases]


def _criterion_item(case: Case, criterion: Criterion) -> Item:
    """A criterion to validate, with the case's whole rubric to judge it against."""
    return _about_case(
        case,
        "criterion",
        f"{case.id}/{criterion.id}",
        criterion=criterion.model_dump(mode="json"),
        rubric=[k.model_dump(mode="json") for k in case.rubric],
    )


def _criterion_items(cases: Sequence[Case]) -> list[Item]:
    return [_criterion_item(c, k) for c in cases for k in c.rubric]


PREVIEW_WORDS = 8
PREVIEW_CHARS = 60  # also bounds text without spaces (Chinese)


def _first_words(text: str) -> str:
    words = text.split()
    shown = " ".join(words[:PREVIEW_WORDS])
    if len(shown) > PREVIEW_CHARS:
        return shown[:PREVIEW_CHARS] + "…"
    return shown + (" …" if len(words) > PREVIEW_WORDS else "")


def preview_of(item: Item) -> str:
    """The first words of what an item asks about, for the queue: its criterion, the
    query of a case, or the kind of injected error."""
    if item.task in ("criterion", "verdict"):
        return _first_words(str(item.payload["criterion"]["text"]))
    if item.task == "injected":
        return f"injected error {item.payload['error_type']}"
    return _first_words(str(item.payload.get("query") or ""))


# Findings that say nothing about the criterion itself: the model could not judge it.
LINT_NOT_FLAGS = frozenset({"model_error"})


def read_lint(path: Path) -> list[tuple[int, Finding]]:
    """The findings of a `rubric lint` lint.jsonl, with their line numbers."""
    from medrubric.rubric.lint import Finding  # rubric text rules need the [retrieve] extra

    return list(read_models(path, Finding))


def _flagged_criterion_items(
    cases: Sequence[Case], lint: Sequence[tuple[int, Finding]], path: Path
) -> list[Item]:
    """Criterion items for the criteria the lint flagged, worst first: cases in the order of
    their worst finding (severity, then line), and within a case its flagged criteria in the
    same order. Findings about a whole rubric, and model errors, flag no criterion."""
    from medrubric.rubric.lint import SEVERITIES

    criteria = {(case.id, k.id): (case, k) for case in cases for k in case.rubric}
    rank: dict[tuple[str, str], tuple[int, int]] = {}
    for line, f in lint:
        if f.criterion_id is None or f.check in LINT_NOT_FLAGS:
            continue
        key = (f.case_id, f.criterion_id)
        name = f"{f.case_id}/{f.criterion_id}"
        if key not in criteria:
            message = f"--from-lint: criterion {name} is not in the --from cases"
            raise InputError(message, path, line)
        if f.text and f.text != criteria[key][1].text:
            raise InputError(
                f"--from-lint: criterion {name} reads differently in the --from cases: "
                "the lint is of another version of the rubric",
                path,
                line,
            )
        worst = (SEVERITIES.index(f.severity), line)
        rank[key] = min(rank.get(key, worst), worst)
    if not rank:
        raise InputError("--from-lint: no finding names a criterion to review", path)
    case_rank: dict[str, tuple[int, int]] = {}
    for (case_id, _), r in rank.items():
        case_rank[case_id] = min(case_rank.get(case_id, r), r)
    flagged = sorted(rank, key=lambda k: (case_rank[k[0]], rank[k]))
    return [_criterion_item(case, k) for case, k in (criteria[key] for key in flagged)]


def first_groups(items: Sequence[Item], n: int | None) -> list[Item]:
    """Items of the first `n` groups, in item order (all when n is None)."""
    keep = list(dict.fromkeys(i.group for i in items))[:n]
    return [i for i in items if i.group in set(keep)]


def _verdict_items(source: Source) -> list[Item]:
    """One item per criterion of each answered case, with the case's whole rubric to judge
    it against; the grader's verdict is kept aside."""
    if not source.is_run:
        raise InputError("--tasks verdict needs a run directory with responses.jsonl", source.path)
    by_id = {c.id: c for c in source.cases}
    items: list[Item] = []
    for response in source.responses:
        case = by_id.get(response.case_id)
        if case is None or response.response is None:
            continue
        grade = source.grades.get((case.id, response.model))
        graded = {v.criterion_id: v.met for v in grade.criteria} if grade else {}
        group = f"{case.id}/{response.model}"
        rubric = [k.model_dump(mode="json") for k in case.rubric]
        for k in case.rubric:
            met = graded.get(k.id)
            items.append(
                Item(
                    key=f"verdict/{group}/{k.id}",
                    task="verdict",
                    group=group,
                    case_id=case.id,
                    language=case.language,
                    payload={
                        **_case_view(case),
                        "answer": response.response,
                        "model": response.model,
                        "criterion": {"id": k.id, "text": k.text, "weight": k.weight},
                        "rubric": rubric,
                    },
                    reference=None if met is None else {"met": met},
                )
            )
    return items


def read_pairs(path: Path) -> list[AuditPair]:
    return [pair for _, pair in read_models(path, AuditPair)]


def _injected_items(cases: Sequence[Case], pairs: Sequence[AuditPair]) -> list[Item]:
    by_id = {c.id: c for c in cases}
    items: list[Item] = []
    for pair in pairs:
        case = by_id.get(pair.case_id)
        view = _case_view(case) if case else {"narrative": "", "query": ""}
        items.append(
            Item(
                key=f"injected/{pair.pair_id}",
                task="injected",
                group=pair.pair_id,
                case_id=pair.case_id,
                language=case.language if case else "en",
                payload={
                    **view,
                    "original": pair.original,
                    "edited": pair.edited,
                    "edits": [e.model_dump() for e in pair.edits],
                    "error_type": pair.error_type,
                },
            )
        )
    return items


def sample_groups(items: Sequence[Item], n: int | None, seed: int) -> list[Item]:
    """Items of `n` groups drawn at random (all groups when n is None), in a seeded order.

    Sampling whole groups keeps every criterion of an answer with the same reviewers, so
    each reviewer can score the answer and case-level correlations are defined.
    """
    groups = list(dict.fromkeys(i.group for i in items))
    rng = random.Random(f"{seed}")
    drawn = rng.sample(groups, len(groups) if n is None else min(n, len(groups)))
    rank = {g: r for r, g in enumerate(drawn)}
    return sorted((i for i in items if i.group in rank), key=lambda i: rank[i.group])


def build_items(
    source: Source,
    tasks: Sequence[TaskName],
    sample: int | None = None,
    seed: int = 0,
    pairs: Sequence[AuditPair] = (),
    lint: Path | None = None,
) -> list[Item]:
    """All items of the chosen tasks, each task sampled by `sample` groups with `seed`. With
    `lint` (a lint.jsonl), the criterion task holds the flagged criteria only, worst case
    first, and `sample` keeps the worst `sample` cases."""
    builders = {
        "case": lambda: _case_items(source.cases),
        "criterion": lambda: _criterion_items(source.cases),
        "verdict": lambda: _verdict_items(source),
        "injected": lambda: _injected_items(source.cases, pairs),
    }
    if lint is not None and "criterion" not in tasks:
        raise InputError("--from-lint chooses criterion items: add criterion to --tasks")
    items: list[Item] = []
    for task in tasks:
        if task == "injected" and not pairs:
            raise InputError("--tasks injected needs audit pairs (--pairs PAIRS.jsonl)")
        if task == "criterion" and lint is not None:
            flagged = _flagged_criterion_items(source.cases, read_lint(lint), lint)
            items.extend(first_groups(flagged, sample))
            continue
        built = builders[task]()
        if not built:
            raise InputError(f"--tasks {task}: the source gives no item for this task", source.path)
        items.extend(sample_groups(built, sample, seed))
    return items
