"""docs/sample.md shows the sample's real composition (the table is checked, not trusted)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from statistics import mean

from medrubric.data.models import Case, CaseGrade, Thread
from medrubric.data.vocab import AXES, LABELS, THEMES
from medrubric.retrieve import Snippet

DOC = Path(__file__).resolve().parents[3] / "docs" / "sample.md"
BEGIN, END = "<!-- composition:begin -->", "<!-- composition:end -->"


def _rows(title: str, counts: Counter[str], order: list[str], total: int) -> list[str]:
    lines = [f"| {title} | n | share |", "|---|---:|---:|"]
    lines += [f"| {LABELS.get(k, k)} | {counts[k]} | {counts[k] / total:.0%} |" for k in order]
    return lines + [""]


def composition_markdown(
    cases: list[Case],
    threads: list[Thread],
    snippets: list[Snippet],
    grades: dict[str, list[CaseGrade]],
) -> str:
    """The composition tables of docs/sample.md, computed from the files."""
    n = len(cases)
    criteria = [c for case in cases for c in case.rubric]
    sizes = [len(case.rubric) for case in cases]
    languages = Counter(case.language for case in cases)
    out = [
        f"- Cases: **{n}** ({languages['en']} English, {languages['zh']} Chinese), "
        f"{len(criteria)} criteria: {min(sizes)}–{max(sizes)} per case, mean {mean(sizes):.2f}; "
        f"{sum(c.weight < 0 for c in criteria)} negative criteria, in "
        f"{sum(any(c.weight < 0 for c in case.rubric) for case in cases)} cases.",
        f"- Snippets: **{len(snippets)}** "
        f"({sum(s.language == 'en' for s in snippets)} English, "
        f"{sum(s.language == 'zh' for s in snippets)} Chinese).",
        f"- Threads: **{len(threads)}** "
        f"({sum('expected:accept' in t.tags for t in threads)} to keep, "
        f"{sum('expected:accept' not in t.tags for t in threads)} to reject).",
    ]
    for model, model_grades in grades.items():
        verdicts = [v for g in model_grades for v in g.criteria]
        out.append(
            f"- `{model}`: {len(model_grades)} graded answers, {len(verdicts)} verdicts "
            f"({sum(v.met is None for v in verdicts)} in error state)."
        )
    out.append("")
    out += _rows("Theme", Counter(case.theme for case in cases), list(THEMES), n)
    out += _rows("Axis (criteria)", Counter(c.axis for c in criteria), list(AXES), len(criteria))
    specialties = Counter(case.specialty for case in cases)
    out += _rows("Specialty", specialties, sorted(specialties), n)
    years = Counter(str(case.published_at.year) for case in cases if case.published_at)
    out += _rows("Year published", years, sorted(years), n)
    levels = Counter(v for case in cases for v in case.tag_values("difficulty"))
    out += _rows("Difficulty", levels, ["low", "medium", "high"], n)
    return "\n".join(out).rstrip() + "\n"


def test_doc_table_matches_the_files(
    sample_cases: list[Case],
    sample_threads: list[Thread],
    snippets: list[Snippet],
    demo_grades: dict[str, list[CaseGrade]],
) -> None:
    text = DOC.read_text(encoding="utf-8")
    shown = text.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n") + "\n"
    expected = composition_markdown(sample_cases, sample_threads, snippets, demo_grades)
    assert shown == expected, "docs/sample.md composition is stale; paste:\n" + expected
