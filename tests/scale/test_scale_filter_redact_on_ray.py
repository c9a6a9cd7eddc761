"""`--engine ray` on filter and redact: `filter` keeps exactly the threads the in-process filter
keeps, on a generated corpus whose near-duplicate groups straddle partitions, chain (A~B~C) and
have their smallest key late in the file; a killed run resumes without re-screening finished
partitions; `redact` writes the same files on both engines."""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from medrubric.cli.main import main
from medrubric.data.jsonl import load_models
from medrubric.data.models import Message, Thread
from medrubric.scale.partitions import WorkFolder
from medrubric.screen.filter import filter_threads

pytestmark = pytest.mark.slow

COMPLAINTS = ["chest pain", "a bad headache", "high blood pressure", "a dry cough", "back pain"]
WORDS = ["since", "last", "week", "my", "mother", "father", "doctor", "said", "told", "again",
         "worse", "better", "morning", "evening", "night", "work", "school", "tired", "worried",
         "walking", "stairs", "eating", "sleeping"]  # fmt: skip
REPLY = "Please see your doctor soon for an examination and an ECG; rest and drink fluids."


def _text(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(30, 45))]
    words.insert(rng.randrange(len(words)), f"I have {rng.choice(COMPLAINTS)}")
    return " ".join(words) + f" {rng.randint(1, 10**9)}?"


def _edit(rng: random.Random, text: str) -> str:
    words = text.split()
    words[rng.randrange(len(words))] = rng.choice(WORDS)
    return " ".join(words)


def _thread(key: str, text: str, published: dt.datetime) -> Thread:
    return Thread(
        source="gen",
        thread_id=key,
        published_at=published,
        messages=[
            Message(author_role="patient", text=text),
            Message(author_role="physician", verified=True, text=REPLY),
        ],
    )


def write_corpus(path, n_groups: int, seed: int = 3) -> None:
    """Originals, exact copies, light edits and edits of edits (chains), shuffled so that the
    smallest key of a group is anywhere; some copies are too old (rejected before dedup)."""
    rng = random.Random(seed)
    recent = dt.datetime(2024, 5, 1, tzinfo=dt.UTC)
    threads = []
    for _ in range(n_groups):
        text = _text(rng)
        members = [text]
        for _ in range(rng.choice([0, 0, 1, 2, 3])):
            members.append(rng.choice([text, _edit(rng, members[-1])]))
        for member in members:
            old = rng.random() < 0.1
            published = dt.datetime(2021, 1, 1, tzinfo=dt.UTC) if old else recent
            threads.append(_thread(f"t{rng.randrange(10**6):06d}", member, published))
    rng.shuffle(threads)
    path.write_text("".join(t.model_dump_json() + "\n" for t in threads), encoding="utf-8")


@pytest.fixture(scope="module")
def local_ray():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _outputs(folder):
    return {name: (folder / name).read_bytes() for name in ("kept.jsonl", "rejected.jsonl")}


def test_ray_and_in_process_filters_keep_the_same_threads(tmp_path, local_ray):
    source = tmp_path / "threads.jsonl"
    write_corpus(source, 150)
    main(["filter", str(source), "--out", str(tmp_path / "local"), "--partition-lines", "40"])
    main(["filter", str(source), "--out", str(tmp_path / "ray"), "--partition-lines", "40",
          "--engine", "ray"])  # fmt: skip
    assert _outputs(tmp_path / "ray") == _outputs(tmp_path / "local")
    summary = json.loads((tmp_path / "ray" / "summary.json").read_text())
    assert summary == json.loads((tmp_path / "local" / "summary.json").read_text())
    assert not (tmp_path / "ray" / ".filter-work").exists()

    threads = load_models(source, Thread)
    in_memory = filter_threads(threads)
    kept = [t.key for t in load_models(tmp_path / "ray" / "kept.jsonl", Thread)]
    assert kept == [t.key for t in in_memory.kept]

    line_of = {t.key: n for n, t in enumerate(threads)}
    rows = [json.loads(x) for x in (tmp_path / "ray" / "rejected.jsonl").read_text().splitlines()]
    dups = [r for r in rows if r["reason"] in ("duplicate", "near_duplicate")]
    assert {r["reason"] for r in dups} == {"duplicate", "near_duplicate"}
    crossing = 0
    for row in dups:  # independent check of the rule: the kept one has the smallest key
        of = row["detail"].removeprefix("of ")
        assert of in kept and of < row["thread_key"]
        crossing += line_of[of] // 40 != line_of[row["thread_key"]] // 40
    assert crossing >= 10, "groups must straddle partitions for the test to mean anything"
    assert any(line_of[r["detail"][3:]] > line_of[r["thread_key"]] for r in dups)


def test_killed_driver_resumes_without_repeating_a_finished_partition(tmp_path, local_ray):
    source = tmp_path / "threads.jsonl"
    write_corpus(source, 1200, seed=5)
    out = tmp_path / "out"
    work = out / ".filter-work"
    command = [sys.executable, "-m", "medrubric.cli.main", "filter", str(source),
               "--out", str(out), "--partition-lines", "60"]  # fmt: skip
    first = subprocess.Popen(command, env=os.environ.copy(), stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while len(list(work.glob("part-*.jsonl"))) < 3:
        assert first.poll() is None and time.monotonic() < deadline
        time.sleep(0.01)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=10)
    finished = {p.name: p.stat().st_mtime_ns for p in work.glob("part-*.jsonl")}
    total = -(-len(source.read_text().splitlines()) // 60)  # partitions, rounded up
    assert 3 <= len(finished) < total

    # The driver is started again with --engine ray; its work folder is kept to be looked at.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WorkFolder, "remove", lambda self: None)
        main(["filter", str(source), "--out", str(out), "--partition-lines", "60",
              "--engine", "ray"])  # fmt: skip
    after = {p.name: p.stat().st_mtime_ns for p in work.glob("part-*.jsonl")}
    assert len(after) == total and all(after[name] == t for name, t in finished.items())
    main(["filter", str(source), "--out", str(tmp_path / "fresh")])
    assert _outputs(out) == _outputs(tmp_path / "fresh")


def test_unreachable_ray_address_is_one_line_and_exit_2(tmp_path, capsys):
    source = tmp_path / "threads.jsonl"
    write_corpus(source, 3)
    args = ["filter", str(source), "--out", str(tmp_path / "o"), "--engine", "ray",
            "--ray-address", "127.0.0.1:9"]  # fmt: skip
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: --ray-address 127.0.0.1:9: no Ray cluster")


def test_ray_redact_writes_what_the_in_process_redact_writes(tmp_path, local_ray):
    rng = random.Random(11)
    identifiers = [
        "My name is Alice Smith and I live in Boston.",
        "Call me on 415-555-0134.",
        "Write to alice.smith@example.com please.",
        "我叫王小明，住在北京。",
    ]
    threads = []
    for n in range(120):
        text = _text(rng) + " " + rng.choice(identifiers)
        threads.append(_thread(f"r{n:03d}", text, dt.datetime(2024, 5, 1, tzinfo=dt.UTC)))
    source = tmp_path / "threads.jsonl"
    source.write_text("".join(t.model_dump_json() + "\n" for t in threads), encoding="utf-8")
    for engine in ("local", "ray"):
        main(["redact", str(source), "--out", str(tmp_path / engine / "red.jsonl"),
              "--partition-lines", "25", "--engine", engine])  # fmt: skip
    names = ("red.jsonl", "red.rejected.jsonl")
    local, ray = ({n: (tmp_path / e / n).read_bytes() for n in names} for e in ("local", "ray"))
    assert local == ray
    redacted = load_models(tmp_path / "ray" / "red.jsonl", Thread)
    assert len(redacted) + len(local["red.rejected.jsonl"].splitlines()) == len(threads)
    assert not any("alice.smith@example.com" in t.text() for t in redacted)
    assert not list(tmp_path.glob("*/.*.redact-work"))
