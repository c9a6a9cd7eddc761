"""`medrubric validate` and `medrubric convert`: check and translate cases files.

Both read every supported format (detected from the first record, or forced with
--format); a bad row is one line naming file, line and field, with exit code 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from medrubric.data.formats import FORMAT_NAMES

if TYPE_CHECKING:
    from medrubric.data.formats import ImportResult, MetaEvalRow

FORMAT_HELP = f"Input format ({', '.join(FORMAT_NAMES)}); detected when omitted."


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def cases_summary(result: ImportResult, source: str | None = None) -> str:
    """'cases.jsonl: 42 cases (healthbench), 310 criteria, 2 languages (en, zh)'; the bundled
    sample (`source` "sample") is named so, not by the path it is installed at."""
    from medrubric.data.formats.detect import SAMPLE

    languages = sorted({c.language for c in result.cases})
    n_criteria = sum(len(c.rubric) for c in result.cases)
    shown = f"{SAMPLE} (bundled)" if source == SAMPLE else str(result.path)
    return (
        f"{shown}: {_plural(len(result.cases), 'case')} ({result.format}), "
        f"{_plural(n_criteria, 'criterion', 'criteria')}, "
        f"{_plural(len(languages), 'language')} ({', '.join(languages)})"
    )


def meta_eval_summary(path: Path, rows: list[MetaEvalRow]) -> str:
    from medrubric.data.formats.registry import META_EVAL

    physicians = {p for r in rows for p in r.anonymized_physician_ids}
    return (
        f"{path}: {_plural(len(rows), 'row')} ({META_EVAL}), "
        f"{_plural(len({r.prompt_id for r in rows}), 'prompt')}, "
        f"{_plural(len({r.completion_id for r in rows}), 'completion')}, "
        f"{_plural(sum(len(r.binary_labels) for r in rows), 'label')} "
        f"from {_plural(len(physicians), 'physician')}"
    )


def _echo_notes(notes: list[str]) -> None:
    for note in notes:
        typer.echo(f"note: {note}")


def validate(
    path: Annotated[str, typer.Argument(help="Cases file, snapshot folder, or 'sample'.")],
    format: Annotated[str | None, typer.Option("--format", "-f", help=FORMAT_HELP)] = None,
) -> None:
    """Check every row of a cases file; print its counts, or the first problem (exit 2)."""
    from medrubric.data.formats import detect_format, import_cases, load_meta_eval
    from medrubric.data.formats.registry import META_EVAL, canonical_name

    name = canonical_name(format) if format else detect_format(path)
    if name == META_EVAL:
        rows = load_meta_eval(path)
        typer.echo(meta_eval_summary(Path(path), rows))
        return
    result = import_cases(path, name)
    typer.echo(cases_summary(result, path))
    _echo_notes(result.notes)


def convert(
    src: Annotated[str, typer.Argument(help="Cases file, snapshot folder, or 'sample'.")],
    dst: Annotated[Path, typer.Argument(help="File to write.")],
    to: Annotated[str, typer.Option("--to", "-t", help="Output format.")],
    format: Annotated[str | None, typer.Option("--format", "-f", help=FORMAT_HELP)] = None,
) -> None:
    """Translate a cases file into another format (LiveMedBench *.json is a JSON array)."""
    from medrubric.data.formats import export_cases, import_cases, unwritten_fields
    from medrubric.data.formats.registry import case_format

    target = case_format(to)
    result = import_cases(src, format)
    n = export_cases(result.cases, dst, target.name)
    typer.echo(f"{dst}: wrote {_plural(n, 'case')} ({target.name}) from {result.format}")
    _echo_notes(result.notes)
    unwritten = unwritten_fields(result.cases, target.name)
    if unwritten:
        _echo_notes([f"{target.name} has no place for: {', '.join(unwritten)}"])


def register(app: typer.Typer) -> None:
    app.command("validate")(validate)
    app.command("convert")(convert)
