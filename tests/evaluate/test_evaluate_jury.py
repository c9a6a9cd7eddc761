"""Grader juries, grading repeats and the criteria shuffle, end to end over real HTTP (the
replay server answers differently per grader model and per seed)."""

from __future__ import annotations

import asyncio
import hashlib
import json

import numpy as np
import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.data.models import Verdict
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.rundir import RunDir
from medrubric.evaluate.runner import RunOptions
from medrubric.evaluate.runner import run_eval as run_stages
from medrubric.report.run import write_run_reports
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer


async def run_eval(opts):
    """The engine as `medrubric eval` runs it: the stages, then the reports."""
    result = await run_stages(opts)
    write_run_reports(result)
    return result


# The claude judge disagrees with the others on a planted quarter of the criteria; any
# judge asked with a seed (a grading repeat) flips a planted fifth.


def _flipped(key: str, salt: str, modulus: int) -> bool:
    return hashlib.sha256(f"{salt}:{key}".encode()).digest()[0] % modulus == 0


def flips(model: str, seed: int, key: str) -> bool:
    by_model = model == "claude-judge" and _flipped(key, "model", 4)
    by_seed = seed > 0 and _flipped(key, f"seed{seed}", 5)
    return by_model != by_seed


def jury_handler(body):
    reply = rubric_replay_handler(body)
    if not isinstance(reply, dict):
        return reply
    model, seed = body["model"], int(body.get("seed", 0))
    if "verdicts" in reply:  # keyed by the prompt's lines in any order: the order is no cue
        lines = "\n".join(sorted(body["messages"][0]["content"].splitlines()))
        for item in reply["verdicts"]:
            item["criteria_met"] ^= flips(model, seed, f"{item['criterion_id']}:{lines}")
    elif "criteria_met" in reply:
        reply["criteria_met"] ^= flips(model, seed, body["messages"][-1]["content"])
    return reply


def _options(server, tmp_path, graders, *, out="run", mode="batched", jury=None, repeats=1,
             shuffle=None, limit=3):  # fmt: skip
    specs = [f"openai:{g}@{server.base_url}" for g in graders]
    setup = resolve_setup(None, specs[0], mode).with_panel(tuple(specs[1:]), jury, repeats,
                                                           shuffle)  # fmt: skip
    return RunOptions(
        cases="sample", out=tmp_path / out, limit=limit, model=f"openai:gpt-cand@{server.base_url}",
        cache_dir=tmp_path / "cache", show_progress=False, setup=setup,
    )  # fmt: skip


def _calls(run):
    return RunDir(run).load_grading_calls()


def test_majority_of_three_follows_the_two_that_agree_and_keeps_every_graders_verdicts(tmp_path):
    with ReplayServer(jury_handler) as server:
        graders = ["gpt-judge", "claude-judge", "gemini-judge"]
        opts = _options(server, tmp_path, graders)
        result = asyncio.run(run_eval(opts))
        made = server.total
        again = asyncio.run(run_eval(opts))  # a re-run makes no call
        assert server.total == made and not again.summary_changed
    calls = _calls(opts.out)
    assert {c.grader for c in calls} == {f"openai:{g}" for g in graders}
    by_grader = {(c.grader, c.case_id, v.criterion_id): v.met for c in calls for v in c.verdicts}
    claude_differs = 0
    for grade in result.grades():
        assert grade.grader.startswith("jury:majority(openai:gpt-judge")
        for v in grade.criteria:
            gpt = by_grader[("openai:gpt-judge", grade.case_id, v.criterion_id)]
            assert v.error is None and v.met is gpt  # two of three always agree here
            claude_differs += (
                by_grader[("openai:claude-judge", grade.case_id, v.criterion_id)] != gpt
            )
    assert claude_differs > 0
    jury = result.summary.jury
    assert jury is not None and jury.rule == "majority"
    assert set(jury.graders) == {f"openai:{g}" for g in graders}
    assert jury.graders["openai:gpt-judge"].score == jury.graders["openai:gemini-judge"].score
    assert jury.spread is not None and jury.spread.range > 0
    assert jury.agreement.n_items == result.summary.n_criteria
    assert 0 < jury.agreement.gwet_ac1 < 1
    lo, hi = jury.agreement.fleiss_kappa_ci95
    assert lo <= jury.agreement.fleiss_kappa <= hi
    assert all(g.calls == 3 for g in jury.graders.values())  # one batched call per answer each
    # self-preference: the candidate is a gpt model, one grader is of its family
    pref = result.summary.self_preference
    assert pref.candidate_family == "openai" and pref.same_family == ["openai:gpt-judge"]
    assert pref.flagged and pref.own_minus_other is not None
    written = json.loads(RunDir(opts.out).summary.read_text())
    assert written["jury"]["graders"]["openai:claude-judge"]["score"] is not None
    report = RunDir(opts.out).report.read_text()
    assert "Jury (majority, 3 graders)" in report and "Self-preference risk" in report
    assert "Fleiss" in report and "openai:claude-judge" in report


def test_two_grader_majority_makes_a_tie_an_error_never_not_met(tmp_path):
    with ReplayServer(jury_handler) as server:
        opts = _options(server, tmp_path, ["gpt-judge", "claude-judge"])
        result = asyncio.run(run_eval(opts))
        made, grades = server.total, RunDir(opts.out).grades.read_bytes()
        again = asyncio.run(run_eval(opts))  # a tie is the jury's final word: nothing redone
        assert server.total == made and not again.summary_changed
        assert RunDir(opts.out).grades.read_bytes() == grades
    calls = _calls(tmp_path / "run")
    by_grader = {(c.grader, c.case_id, v.criterion_id): v.met for c in calls for v in c.verdicts}
    errors = 0
    for grade in result.grades():
        for v in grade.criteria:
            a = by_grader[("openai:gpt-judge", grade.case_id, v.criterion_id)]
            b = by_grader[("openai:claude-judge", grade.case_id, v.criterion_id)]
            if a == b:
                assert v.met is a and v.error is None
            else:
                assert v.met is None and "no decision" in v.error
                errors += 1
    assert errors > 0 and result.summary.n_errors == errors


@pytest.mark.parametrize(("rule", "expected"), [("any", any), ("unanimous", all)])
def test_any_and_unanimous_rules(tmp_path, rule, expected):
    with ReplayServer(jury_handler) as server:
        opts = _options(server, tmp_path, ["gpt-judge", "claude-judge"], jury=rule,
                        mode="per-criterion", limit=1)  # fmt: skip
        result = asyncio.run(run_eval(opts))
    calls = _calls(opts.out)
    votes: dict[str, list[bool]] = {}
    for c in calls:
        for v in c.verdicts:
            votes.setdefault(v.criterion_id, []).append(v.met)
    (grade,) = result.grades()
    assert {v.criterion_id: v.met for v in grade.criteria} == {
        k: expected(m) for k, m in votes.items()
    }


def test_single_grader_cache_keys_are_unchanged_by_a_jury(tmp_path):
    with ReplayServer(jury_handler) as server:
        asyncio.run(run_eval(_options(server, tmp_path, ["gpt-judge"], out="one")))
        before = [r for r in server.requests if r["model"] == "gpt-judge"]
        asyncio.run(run_eval(_options(server, tmp_path, ["gpt-judge", "gemini-judge"], out="two")))
        after = [r for r in server.requests if r["model"] == "gpt-judge"]
    assert before and len(after) == len(before), "the jury's first grader re-called its calls"


def test_grader_repeats_report_flips_and_score_sd(tmp_path):
    with ReplayServer(jury_handler) as server:
        opts = _options(server, tmp_path, ["gpt-judge"], repeats=3, limit=4)
        result = asyncio.run(run_eval(opts))
        seeds = sorted({(r.get("seed", 0), r["temperature"]) for r in server.requests
                        if r["model"] == "gpt-judge"})  # fmt: skip
    assert seeds == [(0, 0), (1, 1.0), (2, 1.0)]
    calls = _calls(opts.out)
    verdicts: dict[tuple[str, str], list[bool]] = {}
    for c in calls:
        for v in c.verdicts:
            verdicts.setdefault((c.case_id, v.criterion_id), []).append(v.met)
    flipped = [len(set(m)) > 1 for m in verdicts.values()]
    noise = result.summary.grading_noise.by_grader["openai:gpt-judge"]
    assert noise.n_items == len(flipped) and noise.flip_rate == pytest.approx(
        sum(flipped) / len(flipped)
    )
    assert 0 < noise.flip_rate < 1 and noise.score_sd > 0
    assert noise.score_sd == pytest.approx(noise.case_sd / noise.n_cases**0.5)
    # the headline score is repeat 0's alone
    assert noise.repeat_scores[0] == pytest.approx(result.summary.score)
    assert "Grading noise (3 repeats" in RunDir(opts.out).report.read_text()
    # the variance of the mean split into cases and grading, from the repeats' case scores
    from medrubric.scoring.scored import score_verdicts
    from medrubric.stats.variance import variance_components

    met: dict[str, dict[int, list[Verdict]]] = {}
    for c in calls:
        met.setdefault(c.case_id, {}).setdefault(c.repeat, []).extend(c.verdicts)
    table = [[[score_verdicts(by[r]) for r in range(3)]] for _, by in sorted(met.items())]
    expected = variance_components(np.array(table, dtype=float))
    split = result.summary.variance
    assert split is not None and (split.n_cases, split.n_epochs, split.n_repeats) == (4, 1, 3)
    assert split.components["grading"] == pytest.approx(expected.grading)
    assert split.components["cases"] == pytest.approx(expected.case)
    assert split.of_mean == pytest.approx(expected.of_mean())


def test_cli_jury_regrade_and_compare(tmp_path):
    """--grader twice with --jury on the CLI; regrade with another grader and a shuffled
    criteria order; compare the paired difference and the verdict flips."""
    with ReplayServer(jury_handler) as server:
        url = server.base_url
        run, shuffled, jury = tmp_path / "run", tmp_path / "shuffled", tmp_path / "jury"
        common = ["--cases", "sample", "--limit", "2", "--cache-dir", str(tmp_path / "c"),
                  "--quiet", "--mode", "batched"]  # fmt: skip
        first = CliRunner().invoke(app, ["eval", "--model", f"openai:gpt-cand@{url}",
                                         "--grader", f"openai:gpt-judge@{url}",
                                         "--out", str(run), *common])  # fmt: skip
        assert first.exit_code == 0, first.output
        regraded = CliRunner().invoke(app, ["regrade", str(run), "--grader",
                                            f"openai:gpt-judge@{url}", "--shuffle-criteria",
                                            "7", "--out", str(shuffled), "--quiet"])  # fmt: skip
        assert regraded.exit_code == 0, regraded.output
        orders = {tuple(v.criterion_id for v in c.verdicts) for c in _calls(shuffled)}
        assert orders != {tuple(v.criterion_id for v in c.verdicts) for c in _calls(run)}
        juried = CliRunner().invoke(app, ["regrade", str(run), "--grader",
                                          f"openai:gpt-judge@{url}", "--grader",
                                          f"openai:claude-judge@{url}", "--jury", "any",
                                          "--out", str(jury), "--quiet"])  # fmt: skip
        assert juried.exit_code == 0, juried.output
        assert "jury (any): openai:gpt-judge" in juried.output and "Fleiss κ" in juried.output
        assert "self-preference risk: openai:gpt-judge" in juried.output
    assert json.loads((jury / "summary.json").read_text())["jury"]["rule"] == "any"
    out = tmp_path / "cmp.json"
    same = CliRunner().invoke(app, ["compare", str(run), str(shuffled), "--out", str(out)])
    assert same.exit_code == 0, same.output
    compared = json.loads(out.read_text())
    assert compared["verdict_flips"]["n_flipped"] == 0  # this grader ignores the order
    assert compared["mean_diff"] == 0
    changed = CliRunner().invoke(app, ["compare", str(run), str(jury), "--out", str(out)])
    assert changed.exit_code == 0, changed.output
    compared = json.loads(out.read_text())
    assert compared["verdict_flips"]["n_flipped"] > 0 and compared["mean_diff"] != 0
    assert compared["same_answers"] and "theme" in compared["by"] and "axis" in compared["by"]
    # the jury holds a grader of the candidate's family and one of another: compare says so
    assert compared["self_preference"]["B"]["own_minus_other"] is not None
    assert "run B: graders of the candidate's family (openai): openai:gpt-judge" in changed.output


def test_a_jury_through_batch_apis_keeps_one_batch_folder_per_grader(tmp_path):
    from medrubric.testing.batch_server import FakeBatchServer

    with FakeBatchServer(jury_handler) as server:
        opts = _options(server, tmp_path, ["gpt-judge", "claude-judge", "gemini-judge"], limit=2)
        opts = opts.model_copy(update={"batch_api": "openai", "batch_poll_s": 0.02})
        result = asyncio.run(run_stages(opts))
        assert server.total == 0, "no request may go to /v1/chat/completions"
    batches = tmp_path / "run" / "batches"
    for folder in (batches, batches / "grader-2", batches / "grader-3"):
        assert (folder / "batches.jsonl").is_file(), folder
    calls = _calls(opts.out)
    assert len({c.grader for c in calls}) == 3 and len(calls) == 6
    by_grader = {(c.grader, c.case_id, v.criterion_id): v.met for c in calls for v in c.verdicts}
    for grade in result.grades():
        for v in grade.criteria:
            assert v.met is by_grader[("openai:gpt-judge", grade.case_id, v.criterion_id)]
    assert result.summary.jury.graders["openai:claude-judge"].calls == 2


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--grader", "openai:a", "--jury", "mean"], "--jury needs two graders"),
        (["--grader", "openai:a", "--grader", "openai:a"], "given twice"),
        (["--grader", "openai:a", "--shuffle-criteria", "1"], "needs --mode batched"),
        (["--grader", "openai:a", "--grader", "openai:b", "--jury", "vote"], "--jury must be"),
    ],
)
def test_jury_flag_mistakes_exit_2_with_one_line(tmp_path, medrubric_cli, flags, message):
    args = ["grade", "--responses", str(tmp_path / "a.jsonl"), "--cases", "sample",
            "--out", str(tmp_path / "run"), *flags]  # fmt: skip
    result = medrubric_cli(args)
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output and not (tmp_path / "run").exists()


def test_dry_run_counts_each_graders_calls_and_repeats(tmp_path, medrubric_cli):
    from medrubric.data.formats import load_cases

    with ReplayServer(jury_handler) as server:
        url = server.base_url
        args = ["eval", "--cases", "sample", "--limit", "2", "--model", f"openai:gpt-cand@{url}",
                "--grader", f"openai:gpt-judge@{url}", "--grader", f"openai:claude-judge@{url}",
                "--grader-repeats", "2", "--out", str(tmp_path / "run"), "--dry-run"]  # fmt: skip
        result = medrubric_cli(args)
        assert server.total == 0
    assert result.exit_code == 0, result.output
    criteria = sum(len(c.rubric) for c in load_cases("sample")[:2])
    rows = [line for line in result.output.splitlines() if line.startswith("│ grade")]
    assert len(rows) == 2 and all(f" {2 * criteria} " in row for row in rows)
    assert any("openai:claude-judge" in row for row in rows)


def test_mean_jury_weighs_each_criterion_by_the_share_of_graders(tmp_path):
    with ReplayServer(jury_handler) as server:
        graders = ["gpt-judge", "claude-judge", "gemini-judge"]
        opts = _options(server, tmp_path, graders, jury="mean")
        result = asyncio.run(run_eval(opts))
    votes: dict[tuple[str, str], list[bool]] = {}
    for c in _calls(opts.out):
        for v in c.verdicts:
            votes.setdefault((c.case_id, v.criterion_id), []).append(v.met)
    lines = RunDir(opts.out).grades.read_text().splitlines()
    written = {row["case_id"]: row for row in map(json.loads, lines)}
    for grade in result.grades():
        for v, w in zip(grade.criteria, written[grade.case_id]["criteria"], strict=True):
            given = votes[(grade.case_id, v.criterion_id)]
            assert v.share == pytest.approx(sum(given) / 3) == w["share"]
    assert any(0 < v.share < 1 for g in result.grades() for v in g.criteria)
