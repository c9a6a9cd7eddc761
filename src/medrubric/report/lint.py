"""`medrubric rubric lint` output: lint.jsonl (one finding a line), items.jsonl (the item
analysis, with --runs) and lint.html (the same as a self-contained page)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import Case
from medrubric.files import write_text_atomic
from medrubric.report.html import lint_html
from medrubric.rubric.items import ItemStats
from medrubric.rubric.lint import Finding

LINT_JSONL, ITEMS_JSONL, LINT_HTML = "lint.jsonl", "items.jsonl", "lint.html"


def write_lint(
    out: Path,
    findings: Sequence[Finding],
    cases: Sequence[Case],
    source: str,
    families: Sequence[str],
    items: Sequence[ItemStats] = (),
    duplicates: str = "",
) -> None:
    """OUT/lint.jsonl, OUT/lint.html and, when runs were analysed, OUT/items.jsonl;
    `duplicates` names how duplicates were looked for (`rubric.similarity.duplicate_method`)."""
    write_jsonl(out / LINT_JSONL, findings)
    if items:
        write_jsonl(out / ITEMS_JSONL, items)
    write_text_atomic(
        out / LINT_HTML, lint_html(findings, cases, source, families, items, duplicates)
    )
