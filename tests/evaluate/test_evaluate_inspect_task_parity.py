"""The Inspect task `medrubric/livemed` against `medrubric eval`, both over one real HTTP fake
endpoint answering with recorded verdicts (one criterion's grader reply is always malformed):
the same per-criterion verdicts, the same errors (never Not Met) and the same scores."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from medrubric.cli.main import main
from medrubric.data.jsonl import load_models
from medrubric.data.models import CaseGrade
from medrubric.scoring.cacs import summarize_cacs
from medrubric.scoring.summary import summarize
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

inspect_ai = pytest.importorskip("inspect_ai")

CASES = "syn-en-001,syn-en-002,syn-en-003,syn-zh-001,syn-zh-002,syn-zh-003"
BROKEN = "Recommends chewing aspirin"  # the grader never gives a valid verdict for it
CLINCONSENSUS = Path(__file__).parents[1] / "data" / "fixtures" / "clinconsensus.jsonl"


def handler(body: dict[str, Any]) -> str | dict[str, Any]:
    if BROKEN in str(body["messages"][-1]["content"]) and '"criteria_met"' in str(body):
        return "I would rather not say."
    return rubric_replay_handler(body)


def _inspect(server: ReplayServer, tmp_path: Path, monkeypatch, **task_args: Any):
    monkeypatch.setenv("REPLAY_BASE_URL", server.base_url)
    monkeypatch.setenv("REPLAY_API_KEY", "not-a-key")
    args = {"grader": f"openai:replay@{server.base_url}", "cache_dir": str(tmp_path / "ic")}
    # Inspect keeps a model's client for the process: one model name per server (port)
    model = "openai-api/replay/replay-" + server.base_url.rsplit(":", 1)[1].split("/")[0]
    [log] = inspect_ai.eval(
        "medrubric/livemed", model=model, task_args={**args, **task_args},
        log_dir=str(tmp_path / "logs"), display="none",
    )  # fmt: skip
    assert log.status == "success", log.error
    metrics = {
        m.name.split("/")[-1]: m.value for s in log.results.scores for m in s.metrics.values()
    }
    grades = {
        s.id: CaseGrade.model_validate(s.scores["rubric_grader"].metadata["grade"])
        for s in log.samples
    }
    return metrics, grades


def _medrubric(server: ReplayServer, tmp_path: Path, cases: str, *extra: str) -> Path:
    spec = f"openai:replay@{server.base_url}"
    out = tmp_path / "run"
    main(["eval", "--cases", cases, "--model", spec, "--grader", spec, "--out", str(out),
          "--cache-dir", str(tmp_path / "mc"), "--quiet", *extra])  # fmt: skip
    return out


def _verdicts(grade: CaseGrade) -> list[tuple[str, bool | None, bool]]:
    return [(v.criterion_id, v.met, v.error is not None) for v in grade.criteria]


@pytest.mark.usefixtures("inspect_entry_point")
def test_inspect_and_medrubric_eval_give_the_same_numbers(tmp_path, monkeypatch) -> None:
    with ReplayServer(handler) as server:
        metrics, inspect_grades = _inspect(server, tmp_path, monkeypatch, filters=f"id={CASES}")
        calls_by_inspect = server.total
        run = _medrubric(server, tmp_path, "sample", "--cases-filter", f"id={CASES}")
        assert server.total == 2 * calls_by_inspect  # both graded through the endpoint
    summary = json.loads((run / "summary.json").read_text("utf-8"))
    grades = {g.case_id: g for g in load_models(run / "grades.jsonl", CaseGrade)}
    assert set(inspect_grades) == set(grades) == set(CASES.split(","))
    for case_id, grade in grades.items():
        assert _verdicts(inspect_grades[case_id]) == _verdicts(grade), case_id
    assert summary["n_errors"] == metrics["grader_errors"] == 1  # re-asked, then recorded
    assert metrics["livemedbench"] == pytest.approx(summary["score"], abs=1e-12)
    parity = summarize(list(grades.values()), clip=False).score
    assert metrics["healthbench"] == pytest.approx(parity, abs=1e-12)
    # the malformed reply is an error verdict in the Inspect log too, never a Not Met
    failed = [v for g in inspect_grades.values() for v in g.criteria if v.error is not None]
    assert len(failed) == 1 and failed[0].met is None


@pytest.mark.usefixtures("inspect_entry_point")
def test_cacs_at_k_matches_on_binary_rubrics(tmp_path, monkeypatch) -> None:
    with ReplayServer(rubric_replay_handler) as server:
        binary = {"cases": str(CLINCONSENSUS), "filters": "id=cc-0001"}  # cc-0002 weighs 1 and 2
        metrics, _ = _inspect(server, tmp_path, monkeypatch, cacs_k=3, **binary)
        run = _medrubric(server, tmp_path, str(CLINCONSENSUS), "--cases-filter", "id=cc-0001")
    grades = load_models(run / "grades.jsonl", CaseGrade)
    expected = summarize_cacs(grades, 3)["cacs_at_k"]
    assert expected is not None and metrics["cacs"] == pytest.approx(expected, abs=1e-12)
    with ReplayServer(rubric_replay_handler) as server:  # weights 1 and 2: CACS is undefined
        mixed, _ = _inspect(
            server, tmp_path / "mixed", monkeypatch, cacs_k=3, cases=str(CLINCONSENSUS)
        )
    assert math.isnan(mixed["cacs"]) and not math.isnan(mixed["livemedbench"])


def test_the_entry_point_names_the_task_module(inspect_entry_point) -> None:
    assert inspect_entry_point == {"medrubric": "medrubric.evaluate.inspect_task"}
    from inspect_ai._util.registry import registry_lookup

    assert registry_lookup("task", "medrubric/livemed") is not None


def test_inspect_cli_lists_and_runs_the_task(inspect_entry_point, tmp_path) -> None:
    import medrubric

    package = Path(medrubric.__file__).parent
    listed = subprocess.run(
        [sys.executable, "-m", "inspect_ai", "list", "tasks", "evaluate"],
        cwd=package, capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    assert "evaluate/inspect_task.py@livemed" in listed.stdout.split()
    with ReplayServer(rubric_replay_handler) as server:
        env_args = {"REPLAY_BASE_URL": server.base_url, "REPLAY_API_KEY": "not-a-key"}
        done = subprocess.run(
            [sys.executable, "-m", "inspect_ai", "eval", "medrubric/livemed",
             "--model", "openai-api/replay/replay", "--limit", "1", "--display", "plain",
             "--log-dir", str(tmp_path / "logs"),
             "-T", f"grader=openai:replay@{server.base_url}",
             "-T", f"cache_dir={tmp_path / 'cache'}"],
            capture_output=True, text=True, timeout=300,
            env={**__import__("os").environ, **env_args},
        )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "livemedbench" in done.stdout


def test_without_a_grader_the_task_uses_the_livemedbench_profile(inspect_entry_point) -> None:
    from medrubric.evaluate.inspect_task import livemed

    task = livemed(cases="sample", filters="language=zh")
    assert task.metadata["grader_setup"]["profile"] == "livemedbench"
    assert task.metadata["grader_spec"]["model"] == "gpt-4.1-2025-04-14"
    assert len(task.dataset) == 16 and all(s.metadata["language"] == "zh" for s in task.dataset)
