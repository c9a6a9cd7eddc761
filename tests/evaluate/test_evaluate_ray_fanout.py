"""`generate`/`grade --engine ray --endpoint URL#N ...`: calls spread over several real HTTP
servers of one model through Ray actors, each server kept within its own concurrency; and
once end to end through the real llama.cpp server."""

from __future__ import annotations

import json

import pytest

from medrubric.cli.main import main
from medrubric.data.jsonl import load_models
from medrubric.data.models import CaseGrade, Response
from medrubric.testing.replay import ANSWER, rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def local_ray():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_generate_and_grade_spread_over_two_endpoints_within_their_bounds(tmp_path, local_ray):
    with (
        ReplayServer(rubric_replay_handler, latency=0.05) as first,
        ReplayServer(rubric_replay_handler, latency=0.05) as second,
    ):
        fan = ["--engine", "ray", "--endpoint", f"{first.base_url}#2",
               "--endpoint", f"{second.base_url}#3"]  # fmt: skip
        common = ["--cases", "sample", "--limit", "8", "--out", str(tmp_path / "run"),
                  "--cache-dir", str(tmp_path / "cache"), "--quiet"]  # fmt: skip
        main(["generate", "--model", "openai:replay", *common, *fan])
        responses = load_models(tmp_path / "run" / "responses.jsonl", Response)
        assert len(responses) == 8 and all(r.response == ANSWER for r in responses)
        main(["grade", "--responses", str(tmp_path / "run" / "responses.jsonl"), *common,
              "--grader", "openai:replay", "--mode", "per-criterion", *fan])  # fmt: skip
        assert first.total > 0 and second.total > 0
        assert first.max_in_flight <= 2 and second.max_in_flight <= 3
        assert second.max_in_flight > 1, "the endpoints were not driven concurrently"
        verdicts = [v for g in load_models(tmp_path / "run" / "grades.jsonl", CaseGrade)
                    for v in g.criteria]  # fmt: skip
        assert verdicts and all(v.met is not None for v in verdicts)
        assert first.total + second.total == 8 + len(verdicts)  # each call made once
        assert all(isinstance(v.met, bool) for v in verdicts)


def test_engine_ray_needs_endpoints_and_refuses_a_batch_too(tmp_path, capsys):
    base = ["generate", "--cases", "sample", "--model", "openai:m", "--out", str(tmp_path)]
    for extra, message in (
        (["--engine", "ray"], "--engine ray needs at least one --endpoint"),
        (["--endpoint", "http://127.0.0.1:9/v1"], "--endpoint needs --engine ray"),
        (["--engine", "ray", "--endpoint", "127.0.0.1:9"], "expected http(s)://"),
        (["--engine", "ray", "--endpoint", "http://127.0.0.1:9/v1", "--batch-api", "openai"],
         "pick one"),
    ):  # fmt: skip
        with pytest.raises(SystemExit) as exit_info:
            main([*base, *extra])
        assert exit_info.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and message in err[0], err


def test_fanout_through_the_local_llama_server(local_llm_spec, tmp_path, local_ray):
    url = local_llm_spec.partition("@")[2]
    with ReplayServer(lambda body: "replayed answer") as replay:
        main(["generate", "--cases", "sample", "--limit", "4", "--model", "openai:smollm2",
              "--max-tokens", "16", "--timeout", "300", "--out", str(tmp_path / "run"),
              "--cache-dir", str(tmp_path / "cache"), "--engine", "ray", "--quiet",
              "--endpoint", f"{url}#1", "--endpoint", f"{replay.base_url}#1"])  # fmt: skip
        from_replay = replay.total
    rows = [json.loads(x) for x in (tmp_path / "run" / "responses.jsonl").read_text().splitlines()]
    assert len(rows) == 4 and all(r["error"] is None and r["response"] for r in rows)
    from_llama = [r for r in rows if r["response"] != "replayed answer"]
    assert from_llama and len(from_llama) + from_replay == 4
    assert all(r["usage"]["completion_tokens"] > 0 for r in from_llama)
