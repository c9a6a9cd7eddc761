"""The cases a rubric run starts from: curated cases (no rubric yet) or any cases file.

Curation writes `CuratedCase` rows; a cases file in any format `load_cases` reads works too
(its rubric is replaced), provided each case carries the physician advice rubrics are built
from.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from medrubric.data.formats import load_cases
from medrubric.data.jsonl import iter_json_lines, load_models
from medrubric.data.models import Case, CuratedCase
from medrubric.errors import InputError, input_error_from_validation


def _is_curated_file(path: Path) -> bool:
    """A JSONL file whose first row has advice but no rubric: curation output."""
    if not path.is_file() or path.suffix.lower() != ".jsonl":
        return False
    _, first = next(iter_json_lines(path))
    return "rubric" not in first and "advice" in first


def _as_curated(case: Case, source: str | Path) -> CuratedCase:
    """A rubric-less copy of `case`: a conversation-only case gives its turns as narrative."""
    turns = case.conversation()
    query = case.query.strip() or turns[-1].content
    narrative = case.narrative.strip() or "\n".join(m.content for m in turns[:-1]) or query
    try:
        return CuratedCase(
            id=case.id,
            source=case.source,
            url=case.url,
            language=case.language,
            published_at=case.published_at,
            specialty=case.specialty,
            theme=case.theme,
            narrative=narrative,
            query=query,
            advice=case.advice,
            evidence=case.evidence,
            provenance=case.provenance,
            tags=case.tags,
        )
    except ValidationError as exc:
        detail = input_error_from_validation(exc, source, None).message
        raise InputError(
            f"case {case.id!r}: {detail} (rubrics are built from the physician advice)", source
        ) from None


def load_rubric_inputs(source: str | Path) -> list[CuratedCase]:
    """Curated cases from a curation `cases.jsonl`, or from any cases file, folder or 'sample'."""
    path = Path(source)
    if _is_curated_file(path):
        return load_models(path, CuratedCase)
    return [_as_curated(case, source) for case in load_cases(source)]
