"""Physician labels for grader agreement: HealthBench meta-eval rows or a plain CSV.

Both become `Label`s: one rater's Met / Not Met for one criterion of one answer. An answer
is identified by `answer_id` (HealthBench's completion_id; in a CSV the optional
`answer_id` column, else the case id), so several answers to one case stay apart.
"""

from __future__ import annotations

import csv
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from medrubric.data.formats import load_meta_eval
from medrubric.errors import InputError

CSV_COLUMNS = ("case_id", "criterion_id", "rater", "met")
TRUE = {"true", "1", "yes", "met", "y"}
FALSE = {"false", "0", "no", "not met", "not_met", "n"}


class Label(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    case_id: str
    answer_id: str
    criterion_id: str
    rater: str
    met: bool
    category: str = ""  # HealthBench's theme cluster of the row; a CSV's optional column


class LabelledAnswer(BaseModel):
    """What a holistic judge needs to score an answer (known for meta-eval rows)."""

    model_config = ConfigDict(extra="forbid")

    case_id: str
    answer_id: str
    conversation: list[dict[str, str]]
    answer: str
    criteria: dict[str, str]  # criterion id -> text


class LabelSet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: Path
    labels: list[Label]
    answers: dict[str, LabelledAnswer]  # answer_id -> text, when the labels file carries it


def _parse_met(value: str, path: Path, line: int) -> bool:
    text = value.strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise InputError(
        f"met: {value!r} is not one of true/false, 1/0, yes/no, met/not met", path, line
    )


def answer_key(case_id: str, model: str) -> str:
    """The answer id of `model`'s answer to `case_id` when labels name the model."""
    return f"{case_id}@{model}"


def read_label_csv(path: Path) -> LabelSet:
    """Columns case_id, criterion_id, rater, met; optionally answer_id, or model (the review
    app's export, where one criterion is labelled on several models' answers), and category."""
    with path.open(encoding="utf-8-sig", newline="") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in CSV_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise InputError(f"missing column(s): {', '.join(missing)}", path, 1)
        labels: list[Label] = []
        seen: dict[tuple[str, str, str], int] = {}
        for line, row in enumerate(reader, start=2):
            for column in ("case_id", "criterion_id", "rater"):
                if not (row.get(column) or "").strip():
                    raise InputError(f"{column}: must not be blank", path, line)
            model = (row.get("model") or "").strip()
            answer = (row.get("answer_id") or "").strip() or (
                answer_key(row["case_id"].strip(), model) if model else row["case_id"].strip()
            )
            label = Label(
                case_id=row["case_id"].strip(),
                answer_id=answer,
                criterion_id=row["criterion_id"].strip(),
                rater=row["rater"].strip(),
                met=_parse_met(row.get("met") or "", path, line),
                category=(row.get("category") or "").strip(),
            )
            key = (label.answer_id, label.criterion_id, label.rater)
            if key in seen:
                raise InputError(f"rater: {label.rater!r} labels this criterion twice "
                                 f"(first on line {seen[key]})", path, line)  # fmt: skip
            seen[key] = line
            labels.append(label)
    if not labels:
        raise InputError("no labels", path)
    return LabelSet(path=path, labels=labels, answers={})


def read_meta_eval_labels(path: Path) -> LabelSet:
    rows = load_meta_eval(path)
    labels: list[Label] = []
    answers: dict[str, LabelledAnswer] = {}
    for row in rows:
        for rater, met in row.labels().items():
            labels.append(
                Label(
                    case_id=row.prompt_id,
                    answer_id=row.completion_id,
                    criterion_id=row.criterion_id,
                    rater=rater,
                    met=met,
                    category=row.category,
                )
            )
        answer = answers.setdefault(
            row.completion_id,
            LabelledAnswer(
                case_id=row.prompt_id,
                answer_id=row.completion_id,
                conversation=[m.model_dump() for m in row.prompt],
                answer=row.completion,
                criteria={},
            ),
        )
        answer.criteria[row.criterion_id] = row.rubric
    return LabelSet(path=path, labels=labels, answers=answers)


def load_labels(path: str | Path) -> LabelSet:
    """A .csv of labels, else HealthBench meta-eval rows (JSONL or JSON)."""
    path = Path(path)
    if not path.is_file():
        raise InputError("labels file not found", path)
    return read_label_csv(path) if path.suffix.lower() == ".csv" else read_meta_eval_labels(path)
