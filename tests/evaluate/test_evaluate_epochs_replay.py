"""`eval --epochs K` over real HTTP (the replay server): K answers per case with a seed per
epoch after epoch 0, resumable per (case, epoch), epoch 0 answered from the cache of a
one-epoch run, the dry run counting every epoch, and summary.json/report.html carrying the
repeated-answer figures; then `score --calibrate` on the run's grades."""

from __future__ import annotations

import csv
import hashlib
import json
import re
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.data.jsonl import load_models
from medrubric.data.models import CaseGrade, Response
from medrubric.scoring import score_verdicts
from medrubric.scoring.epochs import reliability_at_k, worst_at_k
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

_SEED = re.compile(r"sampled with seed (\d+)")


def _met(criterion_id: str, seed: str) -> bool:
    return hashlib.sha256(f"{criterion_id}/{seed}".encode()).digest()[0] % 3 != 0


def seeded_handler(body: dict[str, Any]) -> str | dict[str, Any]:
    """Answers that depend on the request's seed (and its length with it), verdicts that
    depend on the answer they grade."""
    first = str(body["messages"][0]["content"])
    if '"verdicts"' in first:
        seed = (_SEED.findall(first) or ["0"])[0]
        reply = rubric_replay_handler(body)
        assert isinstance(reply, dict)
        for v in reply["verdicts"]:
            v["criteria_met"] = _met(v["criterion_id"], seed)
        return reply
    seed = body.get("seed", 0)
    return f"Seek care promptly; sampled with seed {seed}." + " More detail." * (3 * seed)


def _eval(server, out, cache, *extra):
    spec = f"openai:replay@{server.base_url}"
    args = ["eval", "--cases", "sample", "--model", spec, "--grader", spec, "--mode", "batched",
            "--limit", "4", "--out", str(out), "--cache-dir", str(cache), "--quiet",
            *extra]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return result


def test_eval_with_epochs_end_to_end(tmp_path):
    cache = tmp_path / "cache"
    with ReplayServer(seeded_handler) as server:
        spec = f"openai:replay@{server.base_url}"
        one = CliRunner().invoke(
            app,
            [
                "generate",
                "--cases",
                "sample",
                "--model",
                spec,
                "--limit",
                "4",
                "--quiet",
                "--out",
                str(tmp_path / "one"),
                "--cache-dir",
                str(cache),
            ],
        )  # fmt: skip  (today's run: one answer per case)
        assert one.exit_code == 0, one.output
        assert len(server.requests) == 4 and all("seed" not in b for b in server.requests)

        dry = CliRunner().invoke(app, [
            "eval", "--cases", "sample", "--model", f"openai:replay@{server.base_url}",
            "--grader", f"openai:replay@{server.base_url}", "--limit", "4", "--epochs", "3",
            "--out", str(tmp_path / "three"), "--cache-dir", str(cache), "--dry-run",
        ])  # fmt: skip
        assert dry.exit_code == 0, dry.output
        rows = {
            ln.split("│")[1].strip(): ln.split("│") for ln in dry.output.splitlines() if "│" in ln
        }
        assert rows["generate"][3].strip() == "8" and rows["generate"][4].strip() == "4"

        before = server.total
        widened = _eval(server, tmp_path / "three", cache, "--epochs", "3")
        assert "--epochs 3 at temperature 0" in widened.output
        asked = server.requests[before:]
        generated = [b for b in asked if '"verdicts"' not in str(b["messages"])]
        # epoch 0 came from the cache of the one-epoch run (same key): only epochs 1, 2 asked
        assert sorted(b["seed"] for b in generated) == [1] * 4 + [2] * 4
        assert max(server.counts.values()) == 1, "a finished call was repeated"
        again = server.total
        _eval(server, tmp_path / "three", cache, "--epochs", "3")  # finished: no call
        assert server.total == again

    run = tmp_path / "three"
    responses = load_models(run / "responses.jsonl", Response)
    assert sorted((r.case_id, r.epoch) for r in responses) == sorted(
        {(r.case_id, e) for r in responses for e in range(3)}
    )
    assert all(r.params.get("seed") == (r.epoch or None) for r in responses)
    grades = load_models(run / "grades.jsonl", CaseGrade)
    assert len(grades) == 12 and {g.epoch for g in grades} == {0, 1, 2}
    by_case: dict[str, dict[int, float]] = {}
    for g in grades:
        by_case.setdefault(g.case_id, {})[g.epoch] = score_verdicts(g.criteria)
    matrix = np.array([[row[e] for e in range(3)] for row in by_case.values()])

    summary = json.loads((run / "summary.json").read_text())
    assert summary["epochs"] == 3 and summary["temperature"] == 0.0
    assert summary["score"] == pytest.approx(matrix.mean())
    assert summary["worst_at_k"] == {
        str(k): pytest.approx(v) for k, v in worst_at_k(matrix).items()
    }
    assert summary["reliability_at_k"] == {
        str(k): pytest.approx(v) for k, v in reliability_at_k(matrix, 0.5).items()
    }
    assert summary["ci95"][0] <= summary["score"] <= summary["ci95"][1]
    assert summary["length"]["n"] == 4 and summary["variance"]["n_epochs"] == 3
    assert summary["provenance"]["params"]["epochs"] == 3
    assert json.loads((run / "run.json").read_text())["temperature"] == 0.0
    report = (run / "report.html").read_text()
    assert "Worst-at-3" in report and "Worst-at-k and reliability@k against k" in report

    # physician case scores for two cases: the calibrated score sits next to the grader's
    labels = tmp_path / "physicians.csv"
    with labels.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["case_id", "score"])
        for case_id, row in list(by_case.items())[:3]:
            writer.writerow([case_id, min(1.0, np.mean(list(row.values())) + 0.1)])
    scored = CliRunner().invoke(app, [
        "score", str(run / "grades.jsonl"), "--out", str(tmp_path / "scored"),
        "--calibrate", str(labels), "--resamples", "500",
    ])  # fmt: skip
    assert scored.exit_code == 0, scored.output
    calibrated = json.loads((tmp_path / "scored" / "summary.json").read_text())["calibrated"]
    assert calibrated["n_labelled"] == 3 and calibrated["method"].startswith("PPI++")
    assert "physician-calibrated score" in scored.output


def test_temperature_conflict_and_bad_calibration_labels_are_one_line_errors(
    tmp_path, medrubric_cli
):
    with ReplayServer(seeded_handler) as server:
        _eval(server, tmp_path / "run", tmp_path / "cache", "--limit", "2")
        spec = f"openai:replay@{server.base_url}"
        clash = medrubric_cli([
            "generate", "--cases", "sample", "--model", spec, "--limit", "2", "--quiet",
            "--out", str(tmp_path / "run"), "--temperature", "0.7", "--epochs", "2",
        ])  # fmt: skip
    assert clash.exit_code == 2 and "temperature 0.0 (this command: 0.7)" in clash.output
    labels = tmp_path / "bad.csv"
    labels.write_text("case_id,score\nx,high\n", encoding="utf-8")
    bad = medrubric_cli([
        "score", str(tmp_path / "run" / "grades.jsonl"), "--out", str(tmp_path / "s"),
        "--calibrate", str(labels),
    ])  # fmt: skip
    assert bad.exit_code == 2 and "bad.csv:2" in bad.output and "score: 'high'" in bad.output
    assert "Traceback" not in bad.output and not (tmp_path / "s" / "summary.json").exists()
