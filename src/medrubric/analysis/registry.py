"""Where grader-agreement results live so that every report graded by that grader shows them.

`medrubric meta-eval` writes OUT/meta_eval.json, copies it into the run directory when
`--grades` is one, and records it under the grader's label in the meta-eval registry: a
JSON file {grader label: result}, `meta_eval_registry.json` in medrubric's cache folder
($MEDRUBRIC_CACHE_DIR, else ~/.cache/medrubric) unless $MEDRUBRIC_META_EVAL or `--registry`
names another. Never the working directory: a result must not depend on where the command
ran. Reports look in the run directory first, then the registry.
`grader_validity` is the record a run's summary.json and report.html carry: the headline
figures of the grader's meta-eval, or that the grader is not validated.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from medrubric.data.jsonl import write_json
from medrubric.errors import InputError, input_error_from_validation
from medrubric.runtime.numbers import interval

if TYPE_CHECKING:
    from medrubric.analysis.metaeval import MetaEvalReport

REGISTRY_ENV = "MEDRUBRIC_META_EVAL"
REGISTRY_FILE = "meta_eval_registry.json"
RUN_FILE = "meta_eval.json"


def registry_path(path: str | Path | None = None) -> Path:
    """`path`, else $MEDRUBRIC_META_EVAL, else the registry in medrubric's cache folder."""
    if path is not None:
        return Path(path)
    chosen = os.environ.get(REGISTRY_ENV)
    if chosen:
        return Path(chosen).expanduser()
    from medrubric.llm.cache import resolve_cache_dir

    return resolve_cache_dir() / REGISTRY_FILE


def _read(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"not a meta-eval registry: {exc}", path) from None
    if not isinstance(data, dict):
        raise InputError("not a meta-eval registry: expected a JSON object", path)
    return data


def record(report: MetaEvalReport, path: str | Path | None = None) -> Path:
    """Add or replace the grader's entry in the registry."""
    target = registry_path(path)
    data = _read(target)
    data[report.grader] = report.model_dump(mode="json")
    write_json(target, data)
    return target


def _parse(data: Any, path: Path) -> MetaEvalReport:
    # Loaded here: the report model pulls numpy and scipy, which a run whose grader has no
    # meta-eval (most re-runs) never needs.
    from medrubric.analysis.metaeval import MetaEvalReport

    try:
        return MetaEvalReport.model_validate(data)
    except ValidationError as exc:
        raise input_error_from_validation(exc, path, None) from None


def find(
    grader: str, run_dir: str | Path | None = None, registry: str | Path | None = None
) -> tuple[MetaEvalReport, Path] | None:
    """The agreement numbers for `grader` and the file they came from: the run's own
    meta_eval.json, else the registry."""
    if run_dir is not None:
        own = Path(run_dir) / RUN_FILE
        if own.is_file():
            report = _parse(_read(own), own)
            if report.grader == grader:
                return report, own
    path = registry_path(registry)
    entry = _read(path).get(grader)
    return (_parse(entry, path), path) if entry is not None else None


def lookup(
    grader: str, run_dir: str | Path | None = None, registry: str | Path | None = None
) -> MetaEvalReport | None:
    """The agreement numbers for `grader`: the run's own meta_eval.json, else the registry."""
    found = find(grader, run_dir, registry)
    return found[0] if found else None


NOT_VALIDATED = "grader not validated"
# The bar a measured grader must clear to be called validated.
MIN_ITEMS = 100
BAR = f"Macro F1 at least the physicians' own, on at least {MIN_ITEMS} labelled criteria"


def bar_verdict(figures: dict[str, Any]) -> tuple[bool, str]:
    """Whether a grader's measured agreement clears `BAR`, and why not."""
    short = []
    n_items, f1, physicians = (
        figures.get("n_items") or 0,
        figures.get("macro_f1"),
        figures.get("physician_macro_f1"),
    )
    if n_items < MIN_ITEMS:
        short.append(f"only {n_items} labelled criteria")
    if f1 is None:
        short.append("no Macro F1")
    elif physicians is None:
        short.append("no physician baseline to compare with")
    elif f1 < physicians:
        short.append(f"Macro F1 {f1:.2f} below the physicians' {physicians:.2f}")
    if short:
        return False, f"does not clear the bar ({BAR}): {'; '.join(short)}"
    return True, f"clears the bar ({BAR})"


def grader_validity(
    names: Sequence[str], run_dir: str | Path | None = None, registry: str | Path | None = None
) -> dict[str, Any]:
    """What a run records about its grader's agreement with physicians: `measured` (a
    meta-eval was found) with its headline figures (Macro F1, κ, AC1 with 95% CIs, physicians'
    Macro F1, method, labels, date, source file), `validated` (they clear `BAR`) and `verdict`
    saying why or why not; or `measured: false` and the note "grader not validated".

    `names` are the grader's names, first the one to report: its spec as given to the run,
    then the label its grades carry (a meta-eval of bare grades files records that one).
    """
    for name in dict.fromkeys(n for n in names if n):
        found = find(name, run_dir, registry)
        if found is not None:
            report, source = found
            figures = report.validity().model_dump(mode="json")
            validated, verdict = bar_verdict(figures)
            return {
                "measured": True,
                "validated": validated,
                "bar": BAR,
                "verdict": verdict,
                **figures,
                "source": str(source),
            }
    return {
        "measured": False,
        "validated": False,
        "grader": names[0] if names else "unknown",
        "note": f"{NOT_VALIDATED}: no meta-eval result for this grader",
        "registry": str(registry_path(registry)),
    }


def validity_line(validity: dict[str, Any]) -> str:
    """One line for a console: the grader's headline agreement with physicians, or that it is
    not validated (the record `grader_validity` returns)."""
    if not validity.get("measured", validity.get("validated")):
        return f"{validity.get('grader', 'unknown')}: {validity.get('note', NOT_VALIDATED)}"

    def figure(name: str) -> str:
        value, ci = validity.get(name), validity.get(f"{name}_ci95")
        if value is None:
            return "—"
        return f"{value:.2f}" + (f" {interval(ci[0], ci[1])}" if ci else "")

    physicians = validity.get("physician_macro_f1")
    baseline = "—" if physicians is None else f"{physicians:.2f}"
    return (
        f"{validity['grader']} vs physicians: Macro F1 {figure('macro_f1')} (physicians "
        f"{baseline}), kappa {figure('cohen_kappa')}, AC1 {figure('gwet_ac1')} · "
        f"{validity['method']}, {validity['n_items']} items, {validity['n_physicians']} "
        f"physicians, {validity['labels']}"
        + (f", {validity['date']}" if validity.get("date") else "")
        + f" · {'validated' if validity.get('validated') else 'NOT validated'}: "
        + str(validity.get("verdict") or bar_verdict(validity)[1])
    )
