"""`curate --engine ray`: the threads curated over partitions as Ray tasks, each opening its own
client to a real HTTP server, give the same records, cases and funnel as the in-process run;
a driver killed after some partitions finished re-runs only the others, repeating no call."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from medrubric.cli.main import main
from medrubric.curate import partitioned
from medrubric.curate.pipeline import RESULTS, read_results
from medrubric.llm.cache import CACHE_ENV
from medrubric.runtime.folder import work_folder
from medrubric.scale import engine as scale_engine
from medrubric.testing.curation import KINDS, Script, thread
from medrubric.testing.replay_server import ReplayServer

pytestmark = pytest.mark.slow

FIXTURE = Path(__file__).parents[1] / "retrieve" / "fixtures" / "snippets.jsonl"


def in_call_order(provenance: dict[str, Any]) -> dict[str, Any]:
    """The Validator's concurrent checks log their calls as they finish, in either order."""
    calls = sorted(provenance.get("calls", []), key=lambda c: (c["agent"], json.dumps(c)))
    return {**provenance, "calls": calls}


def comparable(out: Path) -> dict[str, Any]:
    """Everything a run writes, less the finish times. Each call's `cached` flag is kept: a
    partition curated again after the kill would read its calls from the cache."""
    records = {}
    for key, record in read_results(out).items():
        row = record.model_dump(mode="json", exclude={"finished_at"})
        row["provenance"] = in_call_order(row["provenance"])
        if row["case"] is not None:
            row["case"]["provenance"] = in_call_order(row["case"]["provenance"])
        records[key] = row
    cases = [json.loads(line) for line in (out / "cases.jsonl").read_text().splitlines()]
    return {
        "records": records,
        "cases": [{**c, "provenance": in_call_order(c["provenance"])} for c in cases],
        "funnel": json.loads((out / "funnel.json").read_text()),
    }


@pytest.fixture()
def local_ray(tmp_path, monkeypatch):
    import ray

    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_partitions_match_the_in_process_run_and_resume(tmp_path, local_ray, monkeypatch):
    threads = [thread(i, k) for i, k in enumerate(KINDS)]
    source = tmp_path / "threads.jsonl"
    source.write_text("".join(t.model_dump_json() + "\n" for t in [*threads, threads[0]]))
    index = tmp_path / "index"
    main(["index", "build", str(FIXTURE), "--kind", "bm25", "--out", str(index)])

    script = Script()
    script.healed = True
    with ReplayServer(script.http) as server:
        base = ["curate", str(source), "--model", f"openai:scripted@{server.base_url}",
                "--index", str(index), "--concurrency", "2"]  # fmt: skip
        main([*base, "--out", str(tmp_path / "here"), "--no-cache"])
        calls_here = dict(server.counts)

        # The driver is killed once the first two of the four partitions are in.
        original = scale_engine.map_partitions

        def killed_after_two(engine: Any, work: Any, parts: list[Any]) -> Any:
            yield from original(engine, work, parts[:2])
            raise KeyboardInterrupt

        ray_run = [*base, "--out", str(tmp_path / "ray"), "--engine", "ray",
                   "--partition-lines", "2"]  # fmt: skip
        monkeypatch.setattr(partitioned, "map_partitions", killed_after_two)
        with pytest.raises(SystemExit):  # the CLI exits 130 on an interrupt
            main(ray_run)
        work = work_folder(tmp_path / "ray", "curate")
        assert len(list(work.glob("part-*.jsonl"))) == 2
        assert not (tmp_path / "ray" / RESULTS).exists()

        monkeypatch.setattr(partitioned, "map_partitions", original)
        main(ray_run)
        calls_ray = {h: n - calls_here.get(h, 0) for h, n in server.counts.items()}
        assert set(calls_ray) == set(calls_here)
        assert set(calls_ray.values()) == {1}  # each distinct call once over both ray runs

    assert comparable(tmp_path / "ray") == comparable(tmp_path / "here")
    assert not work.exists() and not (tmp_path / "ray" / partitioned.PENDING).exists()
    assert (tmp_path / "ray" / "report.html").exists()
