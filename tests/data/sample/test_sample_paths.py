"""Path helpers for the bundled sample."""

from __future__ import annotations

import pytest

from medrubric.data.sample import (
    DEMO_MODELS,
    cases_path,
    grades_path,
    responses_path,
    sample_dir,
    threads_path,
)
from medrubric.errors import InputError


def test_every_sample_file_is_installed() -> None:
    files = [cases_path(), threads_path()]
    files += [f(m) for m in DEMO_MODELS for f in (responses_path, grades_path)]
    assert all(p.parent == sample_dir() and p.is_file() for p in files)


def test_unknown_demo_model_is_an_input_error() -> None:
    with pytest.raises(InputError, match="demo-careful"):
        grades_path("gpt-x")
