"""Shared test data for the evaluation engine: small cases built in code; the `inspect_ai`
entry point declared in pyproject.toml, made visible to this interpreter and its children even
when the installed metadata predates it (an editable install is not re-read)."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from medrubric.data.models import Case, Criterion


def build_case(
    case_id: str = "c1", language: str = "en", weights: tuple[int, ...] = (5, 3, -4)
) -> Case:
    return Case(
        id=case_id,
        language=language,  # type: ignore[arg-type]
        theme="emergency_referrals",
        specialty="cardiology",
        narrative="S: 58-year-old man with crushing chest pain for 30 minutes.",
        query="Should I wait until tomorrow?",
        rubric=[
            Criterion(id=f"{case_id}-k{i}", text=f"criterion {i}", axis="accuracy", weight=w)
            for i, w in enumerate(weights, start=1)
        ],
    )


@pytest.fixture
def make_case():
    """Factory: make_case(case_id, language, weights) -> Case."""
    return build_case


@pytest.fixture
def case() -> Case:
    return build_case()


PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


@pytest.fixture
def inspect_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[dict[str, str]]:
    """The declared entry points; sys.path and PYTHONPATH see them for the test's duration."""
    pytest.importorskip("inspect_ai")
    from inspect_ai._util.entrypoints import clear_entry_points_state

    declared = tomllib.loads(PYPROJECT.read_text("utf-8"))["project"]["entry-points"]["inspect_ai"]
    dist = tmp_path / "entry-point" / "medrubric_declared-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: medrubric-declared\nVersion: 0\n")
    lines = "".join(f"{name} = {target}\n" for name, target in declared.items())
    (dist / "entry_points.txt").write_text(f"[inspect_ai]\n{lines}")
    monkeypatch.syspath_prepend(str(dist.parent))
    src = str(Path(__file__).parents[2] / "src")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(dist.parent), src]))
    clear_entry_points_state()
    yield declared
    clear_entry_points_state()
