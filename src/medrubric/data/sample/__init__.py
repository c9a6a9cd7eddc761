"""The bundled synthetic sample: cases, raw threads, and recorded answers and grades.

Every file is written for documentation and tests (no real patient text). Two pretend
models, `demo-careful` and `demo-hasty`, have recorded answers and per-criterion verdicts so
scoring and analysis can be tried without calling any model. See docs/sample.md.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from medrubric.errors import InputError

DEMO_MODELS: tuple[str, ...] = ("demo-careful", "demo-hasty")
SAMPLE_SOURCE = "medrubric-synthetic"
RECORDED_GRADER = "recorded-example"


def sample_dir() -> Path:
    """Folder holding the sample files inside the installed package."""
    return Path(str(resources.files("medrubric.data.sample")))


def cases_path() -> Path:
    return sample_dir() / "cases.jsonl"


def threads_path() -> Path:
    return sample_dir() / "threads.jsonl"


def _demo_file(kind: str, model: str) -> Path:
    if model not in DEMO_MODELS:
        raise InputError(f"no recorded {kind} for model {model!r}; choose {', '.join(DEMO_MODELS)}")
    return sample_dir() / f"{kind}-{model}.jsonl"


def responses_path(model: str) -> Path:
    """Recorded answers of one demo model (`Response` records)."""
    return _demo_file("responses", model)


def grades_path(model: str) -> Path:
    """Recorded verdicts for one demo model's answers (`CaseGrade` records)."""
    return _demo_file("grades", model)
