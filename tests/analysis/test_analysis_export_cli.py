"""CSV / LaTeX leaderboard content, and the `analyze` and `meta-eval` commands end to end on
synthetic runs (no model): files written, sections present, images inline."""

from __future__ import annotations

import csv
import io
import json
import os
import re
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from medrubric.analysis.contamination import contamination
from medrubric.analysis.cutoffs import resolve_cutoffs
from medrubric.analysis.registry import grader_validity
from medrubric.analysis.runs import load_runs
from medrubric.cli.main import app, main
from medrubric.report.export import (
    latex_escape,
    leaderboard_csv,
    leaderboard_latex,
    leaderboard_rows,
)

FIXTURE = Path(__file__).parent / "fixtures" / "meta_eval_small.jsonl"


def _runs(make_run) -> list[Path]:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(7)
    paths = []
    for name, level, cutoff in (("model_a", 8, "2024-06-01"), ("model-b", 5, None)):
        specs = [
            {
                "case_id": f"c{i}",
                "hits": int(np.clip(level + rng.integers(-2, 3) - (3 if i >= 10 else 0), 0, 12)),
                "n": 12,
                "axis": "accuracy" if i % 2 else "safety",
                "published_at": f"{2023 if i < 10 else 2025}-0{1 + i % 9}-10",
                "specialty": ["cardiology", "neurology", "dermatology"][i % 3],
                "theme": ["response_depth", "context_seeking"][i % 2],
                "tags": [f"difficulty:{['low', 'high'][i % 2]}"],
                "answer": "a" * (50 + 5 * i),
            }
            for i in range(20)
        ]
        paths.append(make_run(name, specs, cutoff=cutoff))
    return paths


def test_csv_and_latex_content(make_run) -> None:  # type: ignore[no-untyped-def]
    runs = load_runs(_runs(make_run))
    report = contamination(runs, resolve_cutoffs(runs), n_resamples=300)
    rows = leaderboard_rows(runs, report, k=6, n_resamples=300)
    assert [r.model for r in rows] == ["model_a", "model-b"]  # best first
    table = list(csv.DictReader(io.StringIO(leaderboard_csv(rows, k=6))))
    a = table[0]
    scores = runs[0].scores()
    assert float(a["score"]) == pytest.approx(np.mean(list(scores.values())), abs=5e-5)
    post = [v for c, v in scores.items() if int(c[1:]) >= 10]
    assert float(a["post_cutoff"]) == pytest.approx(np.mean(post), abs=5e-5)
    assert a["cutoff"] == "2024-06-01" and a["n_post_cutoff"] == "10"
    assert table[1]["post_cutoff"] == "" and table[1]["cutoff"] == ""
    assert {"axis_accuracy", "axis_safety", "cacs_at_6"} <= set(a)
    assert float(a["ci95_low"]) <= float(a["score"]) <= float(a["ci95_high"])

    latex = leaderboard_latex(rows, k=6)
    assert latex.startswith("\\begin{table}") and "\\toprule" in latex and "\\bottomrule" in latex
    assert "model\\_a" in latex and "CACS@6" in latex
    first = next(line for line in latex.splitlines() if line.startswith("1 & "))
    assert f"{100 * rows[0].score:.1f}" in first and first.endswith("\\\\")  # type: ignore[operator]
    assert latex_escape("50% & $x_1#{}") == "50\\% \\& \\$x\\_1\\#\\{\\}"


def test_analyze_commands_write_results_and_html(make_run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    runs = [str(p) for p in _runs(make_run)]
    out = tmp_path / "out"
    common = ["--out", str(out), "--resamples", "200"]
    for args in (
        ["analyze", "contamination", *runs, *common, "--cutoff", "model-b=2024-01-01"],
        ["analyze", "errors", *runs, "--out", str(out), "--bottom-n", "5"],
        ["analyze", "consensus", *runs, "--k", "6", *common],
        ["analyze", "export", *runs, "--k", "6", *common],
    ):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
    report = json.loads((out / "contamination.json").read_text())
    assert {m["model"] for m in report["models"]} == {"model_a", "model-b"}
    assert json.loads((out / "errors.json").read_text())["bottom_overlap"]["n"] == 5
    assert json.loads((out / "consensus.json").read_text())["metric"] == "cacs"
    html = (out / "report.html").read_text()
    for heading in ("Leaderboard", "Contamination", "Error analysis", "ClinConsensus"):
        assert re.search(rf"<h2[^>]*>{heading}", html)
    assert "data:image/svg+xml;base64," in html
    assert "http://" not in html and "https://" not in html and "<script" not in html
    assert (out / "leaderboard.csv").exists() and (out / "leaderboard.tex").exists()


def test_meta_eval_command_and_report_hook(
    meta_grade_files: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["meta-eval", "--labels", str(FIXTURE), "--out", str(tmp_path / "me")]
    for f in meta_grade_files:
        args += ["--grades", str(f)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "me" / "meta_eval.json").read_text())
    assert saved["grader_vs_physician"]["macro_f1"] == pytest.approx(5 / 9)
    assert not (tmp_path / "meta_eval_registry.json").exists()  # never the working directory
    cache = Path(os.environ["MEDRUBRIC_CACHE_DIR"])
    registry = json.loads((cache / "meta_eval_registry.json").read_text())
    assert list(registry) == ["grader-x"]

    validity = grader_validity(["grader-x"])
    assert (
        validity["measured"]
        and not validity["validated"]
        and validity["macro_f1"] == pytest.approx(5 / 9)
    )
    assert validity["method"] == "per-physician" and validity["source"].endswith("registry.json")
    other = grader_validity(["someone-else"])
    assert not other["validated"] and other["note"].startswith("grader not validated")


def test_bad_input_is_one_line_and_exit_2(make_run, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    runs = [str(p) for p in _runs(make_run)]
    with pytest.raises(SystemExit) as exc:
        main(["analyze", "contamination", *runs, "--cutoff", "nobody=2024-01-01"])
    assert exc.value.code == 2
    assert "names no model" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["analyze", "consensus", *runs, "--k", "13"])
    assert exc.value.code == 2 and "k=13 exceeds" in capsys.readouterr().err


def test_each_analysis_is_a_stage_with_typed_options_and_result(make_run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    from medrubric.analysis.analyze import (
        ConsensusOptions,
        ContaminationOptions,
        ErrorsOptions,
        ExportOptions,
        run_consensus,
        run_contamination,
        run_errors,
    )
    from medrubric.analysis.consensus import consensus
    from medrubric.analysis.errors import error_analysis
    from medrubric.errors import InputError
    from medrubric.report.analyses import run_export

    paths = _runs(make_run)
    runs = load_runs(paths)
    before = sorted(tmp_path.rglob("*"))
    found = run_contamination(
        ContaminationOptions(runs=paths, cutoffs=["model-b=2024-01-01"], resamples=200)
    )
    assert [r.model for r in found.runs] == ["model_a", "model-b"]
    assert {m.model: str(m.cutoff) for m in found.report.models} == {
        "model_a": "2024-06-01", "model-b": "2024-01-01"
    }  # fmt: skip
    errors = asyncio.run(run_errors(ErrorsOptions(runs=paths, bottom_n=5)))
    assert errors.analysis == error_analysis(runs, 5) and errors.classifications is None
    agreed = run_consensus(ConsensusOptions(runs=paths, k=6, resamples=200))
    assert agreed.report == consensus(runs, 6, n_resamples=200)
    assert sorted(tmp_path.rglob("*")) == before  # they compute; the writers write
    with pytest.raises(InputError, match="--covariate: 'age' is not one of"):
        run_consensus(ConsensusOptions(runs=paths, covariate="age"))
    with pytest.raises(InputError, match="--bottom-share"):
        asyncio.run(run_errors(ErrorsOptions(runs=paths, classify_with="x", bottom_share=2)))

    out = tmp_path / "export"
    exported = run_export(ExportOptions(runs=paths, out=out, k=6, resamples=200))
    written = exported.written
    assert written == [out / "leaderboard.csv", out / "leaderboard.tex", out / "report.html"]
    assert all(p.is_file() for p in written)
    assert [r.model for r in exported.rows] == ["model_a", "model-b"]
    assert all(r.cacs is not None for r in exported.rows)  # with k
    with (out / "leaderboard.csv").open(newline="") as fh:
        assert [row["model"] for row in csv.DictReader(fh)] == [r.model for r in exported.rows]
