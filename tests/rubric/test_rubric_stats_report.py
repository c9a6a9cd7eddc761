"""Rubric statistics against a direct count, and the report with its embedded chart."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from medrubric.data.formats import load_cases
from medrubric.report.pages import write_rubric_stats_page
from medrubric.rubric.stats import rubric_stats, stats_table, write_stats


def test_stats_match_a_direct_count(tmp_path: Path) -> None:
    cases = load_cases("sample")
    stats = rubric_stats(cases, n_rejected=2, n_errors=1)
    sizes = np.array([len(c.rubric) for c in cases])
    weights = np.array([cr.weight for c in cases for cr in c.rubric])
    axes = Counter(cr.axis for c in cases for cr in c.rubric)
    themes = Counter(c.theme for c in cases)
    assert stats.criteria_per_case == {
        "min": sizes.min(),
        "mean": pytest.approx(sizes.mean()),
        "max": sizes.max(),
    }
    assert stats.negative_share == pytest.approx((weights < 0).mean())
    assert stats.life_critical == int((np.abs(weights) >= 9).sum())
    assert stats.axis_mix["accuracy"] == pytest.approx(axes["accuracy"] / weights.size)
    assert stats.theme_mix["response_depth"] == pytest.approx(themes["response_depth"] / len(cases))
    assert sum(stats.theme_mix.values()) == pytest.approx(1 - themes["unknown"] / len(cases))

    write_stats(tmp_path, stats)
    write_rubric_stats_page(tmp_path, stats)
    assert json.loads((tmp_path / "rubric_stats.json").read_text())["n_rejected"] == 2
    html = (tmp_path / "report.html").read_text()
    assert "data:image/png;base64," in html and "6.06" in html
    assert stats_table(stats).row_count > 10
