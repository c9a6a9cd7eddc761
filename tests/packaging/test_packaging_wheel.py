"""`pip install medrubric` as a user gets it: the wheel and sdist built with `python -m build`
pass `twine check`, and the wheel installed (not editable) into a clean virtual environment
outside the checkout gives the lean core, which validates the sample and runs an `eval`
against a stand-in endpoint, while a command that needs an extra names its pip line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import medrubric
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

ROOT = Path(__file__).parents[2]
pytestmark = pytest.mark.slow


def _run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None):
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=900,
        env={**os.environ, "PYTHONPATH": "", **(env or {})},
    )  # fmt: skip
    return done


def test_the_wheel_installs_a_lean_core_outside_the_checkout(tmp_path):
    dist = tmp_path / "dist"
    built = _run(sys.executable, "-m", "build", "--outdir", dist, ROOT, cwd=tmp_path)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    [wheel] = dist.glob("*.whl")
    [sdist] = dist.glob("*.tar.gz")
    assert wheel.name.startswith(f"medrubric-{medrubric.__version__}-")
    with zipfile.ZipFile(wheel) as packed:  # each stage's word lists ship in its package
        names = set(packed.namelist())
    for word_list in ("screen/data/icd_terms.tsv", "screen/data/safety_lexicon.tsv",
                      "redact/data/surrogates.tsv", "redact/data/tagger.crfsuite",
                      "redact/data/tagger.json", "redact/data/surnames_zh_rare.txt",
                      "redact/data/places_hk_mo_tw_zh.txt"):  # fmt: skip
        assert f"medrubric/{word_list}" in names
    checked = _run(sys.executable, "-m", "twine", "check", "--strict", wheel, sdist, cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    home = tmp_path / "user"
    home.mkdir()
    venv.create(home / "env", with_pip=True)
    python = home / "env" / "bin" / "python"
    installed = _run(python, "-m", "pip", "install", "-q", wheel, cwd=home)
    assert installed.returncode == 0, installed.stderr[-3000:]
    where = _run(python, "-c", "import medrubric; print(medrubric.__file__)", cwd=home)
    assert str(home / "env") in where.stdout, "the wheel, not the checkout, must be imported"
    freeze = _run(python, "-m", "pip", "freeze", cwd=home).stdout.lower()
    for extra_only in ("fastapi", "lingua", "datasketch", "sqlalchemy", "bm25s", "argon2"):
        assert extra_only not in freeze, f"{extra_only} is not part of the core"

    medrubric_cmd = home / "env" / "bin" / "medrubric"
    env = {"MEDRUBRIC_CACHE_DIR": str(home / "cache"), "COLUMNS": "200", "CI": "1"}
    assert _run(medrubric_cmd, "--version", cwd=home).stdout.strip() == (
        f"medrubric {medrubric.__version__}"
    )
    valid = _run(medrubric_cmd, "validate", "sample", cwd=home, env=env)
    assert valid.returncode == 0, valid.stderr
    with ReplayServer(rubric_replay_handler) as server:
        spec = f"openai:m@{server.base_url}"
        run = _run(medrubric_cmd, "eval", "--cases", "sample", "--limit", "2", "--model", spec,
                   "--grader", spec, "--out", home / "run", "--quiet",
                   cwd=home, env=env)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    summary = json.loads((home / "run" / "summary.json").read_text())
    assert summary["n_cases"] == 2 and (home / "run" / "report.html").exists()

    review = _run(medrubric_cmd, "review", "create", home / "project", "--from", "sample",
                  cwd=home, env=env)  # fmt: skip
    assert review.returncode == 2, review.stdout + review.stderr
    [line] = review.stderr.strip().splitlines()
    assert line.startswith("error: this command needs the review extra (")
    assert line.endswith("is not installed): pip install 'medrubric[review]'")
    assert not (home / "project").exists()
