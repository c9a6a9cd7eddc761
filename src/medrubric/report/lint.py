"""`medrubric rubric lint` as one call, `run_lint(LintOptions) -> LintResult`, and its output:
lint.jsonl (one finding a line), items.jsonl (the item analysis, with runs) and lint.html
(the same as a self-contained page).

The entry point sits here, above `rubric/` and `analysis/`, because it needs both: the checks
are rubric's (`rubric.lint`, `rubric.lint_model`, `rubric.items`), the graded runs are read by
`analysis.runs`, and the page is drawn here."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import Case
from medrubric.files import write_text_atomic
from medrubric.report.html import lint_html
from medrubric.retrieve.base import Retriever
from medrubric.rubric.items import ItemStats
from medrubric.rubric.lint import Finding
from medrubric.runtime.options import ModelOptions

LINT_JSONL, ITEMS_JSONL, LINT_HTML = "lint.jsonl", "items.jsonl", "lint.html"


def write_lint(
    out: Path,
    findings: Sequence[Finding],
    cases: Sequence[Case],
    source: str,
    families: Sequence[str],
    items: Sequence[ItemStats] = (),
    duplicates: str = "",
    signs: str = "",
) -> None:
    """OUT/lint.jsonl, OUT/lint.html and, when runs were analysed, OUT/items.jsonl;
    `duplicates` and `signs` name how duplicates and flipped signs were looked for
    (`rubric.lint.duplicate_method`, `rubric.lint.sign_method`)."""
    write_jsonl(out / LINT_JSONL, findings)
    if items:
        write_jsonl(out / ITEMS_JSONL, items)
    write_text_atomic(
        out / LINT_HTML, lint_html(findings, cases, source, families, items, duplicates, signs)
    )


class LintOptions(BaseModel):
    """The `rubric lint` command's inputs: the cases (any format medrubric reads), graded
    `runs` for the item analysis, a `grader` for the model checks (with `evidence_k` snippets
    from `index`, else the bundled corpus, per criterion; 0: no evidence check), and `out` for
    the files (none: findings only)."""

    model_config = ConfigDict(extra="forbid")

    cases: str
    runs: list[Path] = Field(default_factory=list)
    grader: str | None = None
    evidence_k: int = Field(3, ge=0)
    index: Path | None = None
    out: Path | None = None
    models: ModelOptions = Field(default_factory=ModelOptions)


class ModelCheck(BaseModel):
    """What the grader's checks cost and found: criteria judged, model errors, calls."""

    label: str
    smoke_test: bool
    verdicts: int
    errors: int
    calls_made: int
    calls_cached: int


class LintResult(BaseModel):
    """The findings of every family run (`text`, then `model`, `runs`), the item analysis,
    the cases' size, the grader's tally, and the files written (with `out`)."""

    findings: list[Finding]
    families: list[str]
    items: list[ItemStats] = Field(default_factory=list)
    n_cases: int
    n_criteria: int
    duplicates: str
    signs: str
    model: ModelCheck | None = None
    files: list[Path] = Field(default_factory=list)


def run_lint(options: LintOptions) -> LintResult:
    """Lint the rubrics of `options.cases`; write lint.jsonl, lint.html (and items.jsonl)."""
    from medrubric.analysis.runs import load_answer_grades
    from medrubric.data.formats import load_cases
    from medrubric.rubric.items import item_analysis, item_findings
    from medrubric.rubric.lint import duplicate_method, lint_text, sign_method
    from medrubric.rubric.similarity import sentence_encoder

    cases = load_cases(options.cases)
    encoder = sentence_encoder()
    findings = lint_text(cases, encoder)
    duplicates, signs = duplicate_method(encoder), sign_method(encoder)
    families = ["text"]
    check = None
    if options.grader is not None:
        found, check = asyncio.run(_lint_with_model(cases, options.grader, options))
        findings += found
        families.append("model")
    items: list[ItemStats] = []
    if options.runs:
        graded = load_answer_grades(options.runs)
        items = item_analysis([g for run in graded for g in run.grades])
        findings += item_findings(items, cases)
        families.append("runs")
    files: list[Path] = []
    if options.out is not None:
        write_lint(options.out, findings, cases, options.cases, families, items, duplicates, signs)
        files = [options.out / LINT_JSONL, options.out / LINT_HTML]
        files += [options.out / ITEMS_JSONL] if items else []
    return LintResult(
        findings=findings, families=families, items=items, n_cases=len(cases),
        n_criteria=sum(len(c.rubric) for c in cases), duplicates=duplicates, signs=signs,
        model=check, files=files,
    )  # fmt: skip


def _evidence_retriever(options: LintOptions) -> Retriever | None:
    """The retriever of the evidence check: a saved index, or the bundled corpus (BM25, cached);
    none with evidence_k 0."""
    if options.evidence_k == 0:
        return None
    from medrubric.retrieve.index import cached_index, load_index

    if options.index is not None:
        return load_index(options.index)
    return cached_index(cache_dir=options.models.cache_dir)


async def _lint_with_model(
    cases: list[Case], grader: str, options: LintOptions
) -> tuple[list[Finding], ModelCheck]:
    from medrubric.rubric.lint_model import lint_with_model

    models = options.models
    spec = models.spec(grader)
    retriever = _evidence_retriever(options)
    with models.progress() as progress:
        async with models.open(spec) as model:
            findings = await lint_with_model(
                cases,
                model,
                params=models.params(),
                concurrency=models.workers(spec),
                progress=progress,
                retriever=retriever,
                evidence_k=options.evidence_k,
            )
    tally = progress.tally
    check = ModelCheck(
        label=model.label, smoke_test=spec.smoke_test, verdicts=tally.verdicts,
        errors=tally.errors, calls_made=tally.calls_made, calls_cached=tally.calls_cached,
    )  # fmt: skip
    return findings, check
