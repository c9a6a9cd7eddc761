"""The one renderer: a Jinja environment over `report/templates/` with one set of number
filters. Every page (run report, leaderboards, analyses, meta-eval, audit, curation funnel,
rubric statistics, rubric lint) is a template there that extends `base.html.j2`, so pages
share one stylesheet (`style.css`) and one component set (`components.html.j2`). Text
documents (the Hugging Face dataset card, `snapshot/dataset_card.md.j2`) are templates there
too, named `*.md.j2` or `*.txt.j2`: the same environment leaves them unescaped (`render_text`).

The filters never print `nan`: a missing or undefined number (None, NaN, ±inf) renders as
`—`. Each is a filter (`x|pct`) and a global (`pct(x)`); templates use either."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from medrubric.data.vocab import display_name
from medrubric.files import atomic_open
from medrubric.report.charts import SMALL_N
from medrubric.runtime.numbers import interval as _interval

MISSING = "—"


def _undefined(x: float | None) -> bool:
    return x is None or not math.isfinite(x)


def pct(x: float | None, digits: int = 1) -> str:
    """A share as a percentage: 0.523 -> `52.3%`."""
    return MISSING if x is None or _undefined(x) else f"{100 * x:.{digits}f}%"


def ci(bounds: Sequence[float | None] | None) -> str:
    """A 95% CI of a share, in percent: `[45.1, 60.2]%`."""
    if bounds is None or any(b is None or _undefined(b) for b in bounds):
        return MISSING
    return f"{_interval(bounds[0], bounds[1], 1, 100)}%"


def interval(bounds: Sequence[float | None] | None, digits: int = 3) -> str:
    """A CI of a coefficient: `[0.650, 0.770]`."""
    if bounds is None or any(b is None or _undefined(b) for b in bounds):
        return MISSING
    return _interval(bounds[0], bounds[1], digits)


def num(x: float | None, digits: int = 3) -> str:
    return MISSING if x is None or _undefined(x) else f"{x:.{digits}f}"


def num_ci(x: float | None, bounds: Sequence[float | None] | None, digits: int = 3) -> str:
    """A coefficient with its 95% CI, e.g. 0.712 [0.650, 0.770]."""
    shown = interval(bounds, digits)
    return num(x, digits) if shown == MISSING else f"{num(x, digits)} {shown}"


def pts(x: float | None) -> str:
    """A difference of two scores, in percentage points."""
    return MISSING if x is None or _undefined(x) else f"{100 * x:+.1f} pts"


def pval(p: float | None) -> str:
    if p is None or _undefined(p):
        return MISSING
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def signed(x: float | None) -> str:
    """A rubric weight or points with its sign: `+5`, `−10`, `+2.5`."""
    if x is None or _undefined(x):
        return MISSING
    text = f"{x:+g}"
    return text.replace("-", "−")


def date(value: dt.date | dt.datetime | str | None) -> str:
    """A date as YYYY-MM-DD (a datetime loses its time)."""
    if value is None or value == "":
        return MISSING
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)[:10]


def label(key: str) -> str:
    """The display name of an axis, theme, specialty or language id (never the raw id)."""
    return display_name(key)


def short_label(text: str) -> str:
    """A model or grader label without its URL or folder: `openai:https://h/v1/m-7b` and
    `/models/m-7b.gguf` read `m-7b` (the full label goes in a title attribute)."""
    shown = []
    for part in str(text).split(", "):
        part = re.sub(r"^[\w.-]+:(?=[\w+.-]*://)", "", part)
        if "/" in part:
            part = part.rstrip("/").rsplit("/", 1)[-1].removesuffix(".gguf")
        shown.append(part)
    return ", ".join(shown)


FILTERS = {
    "pct": pct,
    "ci": ci,
    "interval": interval,
    "num": num,
    "num_ci": num_ci,
    "pts": pts,
    "pval": pval,
    "signed": signed,
    "date": date,
    "label": label,
    "short_label": short_label,
}

TEXT_SUFFIXES = (".md.j2", ".txt.j2")  # Markdown and plain-text templates: not HTML-escaped


def _escapes(name: str | None) -> bool:
    """HTML-escape every template but the text ones (`TEXT_SUFFIXES`)."""
    return name is None or not name.endswith(TEXT_SUFFIXES)


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept between processes, in jinja's own per-user folder under the
    temporary directory and checked against each template's source: compiling the run
    report's templates took ~0.1 s of CPU of every `grade`, after its last call. None where
    that folder cannot be used (every page is then compiled as it is drawn)."""
    try:
        return jinja2.FileSystemBytecodeCache()
    except (RuntimeError, OSError):
        return None


env = jinja2.Environment(
    loader=jinja2.PackageLoader("medrubric.report", "templates"),
    autoescape=_escapes,
    undefined=jinja2.StrictUndefined,
    bytecode_cache=_bytecode_cache(),
)
env.filters.update(FILTERS)
env.globals.update(FILTERS)
env.globals["SMALL_N"] = SMALL_N


def render(template: str, **context: Any) -> str:
    """A page or section of `report/templates/`."""
    return env.get_template(template).render(**context)


def render_text(template: str, **context: Any) -> str:
    """A Markdown or plain-text document of `report/templates/` (a `TEXT_SUFFIXES` name: not
    escaped), ending in the newline its template ends with (Jinja drops it)."""
    if not template.endswith(TEXT_SUFFIXES):
        raise ValueError(f"{template} is not a text template ({', '.join(TEXT_SUFFIXES)})")
    return render(template, **context) + "\n"


def render_section(template: str, **context: Any) -> Markup:
    """A section to place in a page (already escaped)."""
    return Markup(render(template, **context))


def write_page(path: Path, template: str, **context: Any) -> Path:
    """Render a page and write it atomically as it is drawn (a long page is never held
    whole); the path written."""
    with atomic_open(path) as fh:
        fh.writelines(env.get_template(template).generate(**context))
    return path
