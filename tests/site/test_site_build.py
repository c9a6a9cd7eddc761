"""`medrubric site build` without a browser: the size budget on a generated fixture, the
shared stylesheet, and bad input."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from generated import generated_runs
from typer.testing import CliRunner

import medrubric
from medrubric.analysis.runs import load_runs
from medrubric.cli.main import app
from medrubric.errors import InputError
from medrubric.site.build import STYLESHEET, site_files

PACKAGE = Path(medrubric.__file__).parent
SHARED_CSS = PACKAGE / "report" / "templates" / "style.css"
# classes site.js sets only for the tests and readers' tools to find things by, never styled
HOOKS = {"rank", "ci-mark", "case-score", "answer", "diff"}

N_CASES, N_MODELS = 50, 20  # measured here, projected to 1,000 cases


def test_a_thousand_cases_by_twenty_models_stay_under_20_mb() -> None:
    """Every byte but the fixed assets grows with the number of cases (one file per case, one
    row per case and model in the index), so 50 cases measure the size of 1,000."""
    runs = generated_runs(N_CASES, N_MODELS)
    files = site_files(runs, {})
    assert len([n for n in files if n.startswith("data/case/")]) == N_CASES
    fixed = sum(len(d) for n, d in files.items() if not n.startswith("data/"))
    per_case = (sum(map(len, files.values())) - fixed) / N_CASES
    projected = fixed + 1000 * per_case
    assert projected < 20_000_000, f"{projected / 1e6:.1f} MB"
    index = len(files["data/index.js"]) * 1000 / N_CASES
    assert index < 2_000_000, f"first paint loads {index / 1e6:.1f} MB"


def test_bad_input_is_one_line_and_leaves_no_site(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "grades.jsonl").write_text('{"case_id": "a", "model": "m", "criteria": [}\n')
    out = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "-m", "medrubric.cli.main", "site", "build", str(run), "--out", str(out)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {run / 'grades.jsonl'}:1: ")
    assert "Traceback" not in result.stderr and not out.exists()


def test_a_folder_that_is_no_release_is_refused(runs: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "site"
    args = ["site", "build", str(runs[0]), "--releases", str(tmp_path), "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert isinstance(result.exception, InputError)
    assert "manifest.json" in str(result.exception) and not out.exists()


def test_an_analysis_folder_without_error_types_is_refused(
    runs: list[Path], tmp_path: Path
) -> None:
    out = tmp_path / "site"
    args = ["site", "build", str(runs[0]), "--analysis", str(tmp_path), "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert isinstance(result.exception, InputError)
    assert "error_types.jsonl" in str(result.exception) and not out.exists()


def test_the_site_links_the_one_stylesheet_every_page_shares(runs: list[Path]) -> None:
    files = site_files(load_runs(runs[:1]), {})
    shared = SHARED_CSS.read_text(encoding="utf-8")
    assert files[STYLESHEET].decode().rstrip("\n") == shared.rstrip("\n")
    assert [n for n in files if n.endswith(".css")] == [STYLESHEET]
    # no second stylesheet to drift from it among the pages' templates and the site's assets
    assert [*(PACKAGE / "report").rglob("*.css"), *(PACKAGE / "site").rglob("*.css")] == [
        SHARED_CSS
    ]
    shell = files["index.html"].decode()
    assert '<link rel="stylesheet" href="assets/style.css">' in shell
    assert "<style" not in shell and " style=" not in shell
    csp = re.search(r'Content-Security-Policy" content="([^"]+)"', shell)
    assert csp and "style-src 'self';" in csp[1] and "unsafe" not in csp[1]
    # every class the page's script sets is one the shared stylesheet styles
    script = files["assets/site.js"].decode()
    values = [
        v for attr in re.findall(r"class: [^,}]*", script) for v in re.findall(r'"([^"]*)"', attr)
    ]
    used = {c for value in values for c in value.split()} - HOOKS
    styled = set(re.findall(r"\.([a-z][\w-]*)", shared))
    assert used and used <= styled, sorted(used - styled)


def test_run_site_writes_the_files_its_result_counts(runs: list[Path], tmp_path: Path) -> None:
    from planted import CUTOFFS

    from medrubric.site.build import SiteOptions, SiteResult, run_site

    out = tmp_path / "site"
    result = run_site(SiteOptions(runs=runs, out=out, cutoffs=CUTOFFS, title="Planted"))
    assert isinstance(result, SiteResult) and result.out == out
    written = [p for p in out.rglob("*") if p.is_file()]
    assert result.n_files == len(written) and result.n_models == len(runs)
    assert result.n_bytes == sum(p.stat().st_size for p in written)
    assert result.n_cases == len(list((out / "data" / "case").iterdir())) > 0
    assert result.n_releases == 0 and "Planted" in (out / "index.html").read_text()
