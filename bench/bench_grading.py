"""Grading throughput, prompt tokens and run overheads, side by side against a lean client.

One run grades the same HealthBench-format examples (default 200 x 11 criteria) with
- `lean`: the reference, a minimal asyncio + aiohttp client written below (no cache, no run
  folder, verdicts kept in memory) — what the hardware allows a Python client to reach,
- medrubric per-criterion with each per-criterion template version, and batched,
against one stub endpoint with a fixed latency in its own process (bench/_grading_stub.py).
For each it reports verdicts/s (the library call, cache and run folder on, progress bar drawn
to a terminal), the ratio to the lean client, prompt tokens per graded example (estimated:
1 per CJK character, 1 per 4 others), the most requests in flight, whether every verdict
equals the stub's decision, and for the `medrubric grade` command (a fresh process): its CPU
milliseconds per verdict against the lean client's (the machine's load moves both alike), seconds
from start to the first request, from the last request to exit, and a finished re-run's wall
time and calls. Results go to bench/RESULTS.md under "## Grading engine".

    python bench/bench_grading.py [--examples 200] [--criteria 11] [--latency 0.05]
        [--concurrency 50] [--rounds 3] [--versions 1,2] [--profile grading.prof] [--no-cli]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
from _bytecode import child_env, compile_sources
from _grading_stub import REF, Stub, decision, write_healthbench
from _results import machine, write_section
from rich.console import Console

from medrubric.data.formats import load_cases
from medrubric.data.jsonl import load_models
from medrubric.data.models import Response
from medrubric.evaluate.grade import grade_responses
from medrubric.evaluate.profiles import GraderSetup, resolve_setup
from medrubric.evaluate.rundir import RunDir
from medrubric.llm.factory import open_model
from medrubric.runtime.progress import RunProgress

HEADING = "## Grading engine"
SRC = Path(__file__).resolve().parents[1] / "src"
TURN_CHARS, ANSWER_CHARS = 450, 830  # sized so grade_criterion@1 costs ~9,200 tokens / example

# ---- the lean reference client -------------------------------------------------------------
LEAN_PROMPT = """Conversation:
{conversation}

Last assistant turn to grade:
{answer}

Rubric item ({points} points): {criterion}
Negative points mean the item is undesirable: criteria_met is true if the answer does it.
Reply with JSON only: {{"explanation": "...", "criteria_met": true or false}}"""


async def lean_grade(url: str, rows: list[dict], answers: dict[str, str], limit: int) -> dict:
    """{(prompt_id, criterion position): met} for every criterion of every example."""
    gate = asyncio.Semaphore(limit)
    connector = aiohttp.TCPConnector(limit=limit)
    async with aiohttp.ClientSession(base_url=url.rstrip("/") + "/", connector=connector) as http:

        async def one(row: dict, position: int, item: dict) -> tuple[tuple[str, int], bool]:
            conversation = "\n\n".join(f"{m['role']}: {m['content']}" for m in row["prompt"])
            content = LEAN_PROMPT.format(
                conversation=conversation,
                answer=answers[row["prompt_id"]],
                points=item["points"],
                criterion=item["criterion"],
            )
            body = {
                "model": "replay",
                "messages": [{"role": "user", "content": content}],
                "temperature": 0,
                "response_format": {"type": "json_object"},
            }
            for attempt in range(4):
                async with gate:
                    try:
                        async with http.post("chat/completions", json=body) as reply:
                            if reply.status == 200:
                                data = await reply.json()
                                text = data["choices"][0]["message"]["content"]
                                met = bool(json.loads(text)["criteria_met"])
                                return (row["prompt_id"], position), met
                    except aiohttp.ClientError:
                        pass
                await asyncio.sleep(0.5 * 2**attempt)
            raise RuntimeError(f"{row['prompt_id']} item {position}: no verdict")

        jobs = [
            one(row, position, item)
            for row in rows
            for position, item in enumerate(row["rubrics"], start=1)
        ]
        return dict(await asyncio.gather(*jobs))


# ---- measurements --------------------------------------------------------------------------
def lean_row(stub: Stub, cases_file: Path, answers_file: Path, args: argparse.Namespace) -> dict:
    rows = [json.loads(line) for line in cases_file.read_text().splitlines()]
    answers = {
        a["case_id"]: a["response"] for a in map(json.loads, answers_file.read_text().splitlines())
    }
    stub.reset()
    start, cpu = time.perf_counter(), time.process_time()
    verdicts = asyncio.run(lean_grade(stub.url, rows, answers, args.concurrency))
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    refs = {
        (row["prompt_id"], p): REF.search(item["criterion"])[1]  # type: ignore[index]
        for row in rows
        for p, item in enumerate(row["rubrics"], start=1)
    }
    wrong = sum(met != decision(refs[key]) for key, met in verdicts.items())
    return {
        "verdicts": len(verdicts), "seconds": seconds, "cpu": cpu, "wrong": wrong, **stub.stats()
    }  # fmt: skip


async def library_grade(
    url: str, setup: GraderSetup, cases: list, answers: list, root: Path, concurrency: int
) -> list:
    """`grade_responses` as the CLI runs it: cache on, run folder, progress drawn."""
    spec = f"openai:replay@{url}"
    terminal = Console(file=open(os.devnull, "w"), force_terminal=True, width=150)  # noqa: SIM115
    async with open_model(spec, cache_dir=root / "cache", concurrency=concurrency) as grader:
        with RunProgress(terminal) as progress:
            return await grade_responses(
                cases, answers, [grader], setup, RunDir(root / "run").create(),
                concurrency=concurrency, progress=progress,
            )  # fmt: skip


def medrubric_row(
    stub: Stub,
    setup: GraderSetup,
    cases: list,
    answers: list,
    root: Path,
    args: argparse.Namespace,
    profile: str | None,
) -> dict:
    refs = {(c.id, k.id): REF.search(k.text)[1] for c in cases for k in c.rubric}  # type: ignore[index]
    stub.reset()
    profiler = cProfile.Profile() if profile and setup.mode == "per-criterion" else None
    start = time.perf_counter()
    if profiler:
        profiler.enable()
    grades = asyncio.run(library_grade(stub.url, setup, cases, answers, root, args.concurrency))
    seconds = time.perf_counter() - start
    if profiler:
        profiler.disable()
        profiler.dump_stats(profile)
    stats = stub.stats()
    verdicts = [(g.case_id, v) for g in grades for v in g.criteria]
    wrong = sum(v.met != decision(refs[(cid, v.criterion_id)]) for cid, v in verdicts)
    start = time.perf_counter()
    asyncio.run(library_grade(stub.url, setup, cases, answers, root, args.concurrency))
    rerun_seconds = time.perf_counter() - start
    rerun_calls = stub.stats()["calls"] - stats["calls"]
    return {
        "verdicts": len(verdicts),
        "seconds": seconds,
        "wrong": wrong,
        "library_rerun_s": rerun_seconds,
        "library_rerun_calls": rerun_calls,
        **stats,
    }


def cli_row(stub: Stub, setup: GraderSetup, files: tuple[Path, Path], root: Path, args) -> dict:
    """`medrubric grade` in a fresh process (fresh run folder and cache): its verdicts/s end
    to end, time to first request, tail, finished re-run."""
    cases_file, answers_file = files
    command = [
        sys.executable, "-m", "medrubric.cli.main", "grade", "--responses", str(answers_file),
        "--cases", str(cases_file), "--grader", f"openai:replay@{stub.url}", "--mode", setup.mode,
        "--out", str(root / "cli-run"), "--cache-dir", str(root / "cli-cache"),
        "--concurrency", str(args.concurrency), "--quiet",
        "--grader-prompt-version", str(setup.prompt_version),
    ]  # fmt: skip
    env = child_env(SRC)
    stub.reset()
    started = time.time()
    with tempfile.TemporaryFile() as err:  # the child's own CPU seconds, from its rusage
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        ended = time.time()
        if os.waitstatus_to_exitcode(status):
            err.seek(0)
            raise SystemExit(f"medrubric grade failed:\n{err.read().decode()[-2000:]}")
    stats = stub.stats()
    rerun_start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    rerun = time.perf_counter() - rerun_start
    return {
        "cli_rate": args.examples * args.criteria / (ended - started),
        "cli_cpu": usage.ru_utime + usage.ru_stime,
        "cli_total_s": ended - started,
        "cli_first_call_s": stats["first"] - started,
        "cli_tail_s": ended - stats["last"],
        "cli_rerun_s": rerun,
        "cli_rerun_calls": stub.stats()["calls"] - stats["calls"],
    }


def heading(examples: int) -> str:
    """One section per workload size: the default 200 examples, and any other size apart."""
    return HEADING if examples == 200 else f"{HEADING}, {examples:,} examples"


def section(args: argparse.Namespace, rows: dict[str, dict], load: tuple[float, float]) -> str:
    lean = rows["lean"]
    lean_rate = lean["verdicts"] / lean["seconds"]
    n = args.examples
    lines = [
        heading(n),
        "",
        f"Command: `python bench/bench_grading.py --examples {n} --criteria {args.criteria} "
        f"--latency {args.latency:g} --concurrency {args.concurrency} --rounds {args.rounds}"
        f"{' --versions ' + args.versions if args.versions != '1,2' else ''}`",
        "",
        f"{n} HealthBench-format examples x {args.criteria} criteria; stub endpoint in its own "
        f"process, latency {1000 * args.latency:g} ms, concurrency {args.concurrency}. Machine: "
        f"{machine()}, shared by client and stub; 1-minute load average {load[0]:.1f} "
        f"before, {load[1]:.1f} after. Prompt tokens estimated (1 per CJK character, 1 per 4 "
        "others). `lean` is the ~60-line aiohttp client in the script (no cache, no run folder).",
        "",
        f"Each client ran {args.rounds} interleaved rounds; the table shows its median round "
        "(verdicts/s of every round in the last column).",
        "",
        "| client | verdicts | seconds | verdicts/s | x lean | prompt tokens / example "
        "| max in flight | verdicts not the stub's | rounds, verdicts/s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, r in rows.items():
        rate = r["verdicts"] / r["seconds"]
        each = ", ".join(f"{x:.0f}" for x in r["rates"])
        lines.append(
            f"| {name} | {r['verdicts']} | {r['seconds']:.2f} | {rate:.0f} "
            f"| {rate / lean_rate:.2f} | {r['tokens'] / n:,.0f} | {r['max_in_flight']} "
            f"| {r['wrong']} | {each} |"
        )
    if any("cli_ratios" in r for r in rows.values()):
        lines += [
            "",
            "`medrubric grade --quiet` end to end (a fresh process, run folder and cache; "
            "verdicts / wall seconds from start to exit) in the same rounds, each against the "
            "lean client of its round:",
            "",
            "| mode | command verdicts/s, rounds | x lean, rounds | x lean, median "
            "| command CPU ms / verdict, rounds | lean CPU ms / verdict, rounds |",
            "|---|---|---|---|---|---|",
        ]
        verdicts = args.examples * args.criteria
        lean_cpu = ", ".join(f"{1000 * c / verdicts:.2f}" for c in lean["cpus"])
        for name, r in rows.items():
            if "cli_ratios" not in r:
                continue
            rates = ", ".join(f"{x:.0f}" for x in r["cli_rates"])
            ratios = ", ".join(f"{x:.2f}" for x in r["cli_ratios"])
            median = sorted(r["cli_ratios"])[len(r["cli_ratios"]) // 2]
            cpu = ", ".join(f"{1000 * c / verdicts:.2f}" for c in r["cli_cpus"])
            lines.append(f"| {name} | {rates} | {ratios} | {median:.2f} | {cpu} | {lean_cpu} |")
    lines += [
        "",
        "Overheads of the same work in medrubric (library: `grade_responses` in this process; "
        "command: `medrubric grade --quiet` in a fresh process, fresh cache; the median "
        "round's):",
        "",
        "| mode | re-run (library) s | calls | command: start to first request s "
        "| last request to exit s | finished re-run s | calls |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, r in rows.items():
        if "cli_rerun_s" not in r:
            continue
        lines.append(
            f"| {name} | {r['library_rerun_s']:.2f} | {r['library_rerun_calls']} "
            f"| {r['cli_first_call_s']:.2f} | {r['cli_tail_s']:.2f} | {r['cli_rerun_s']:.2f} "
            f"| {r['cli_rerun_calls']} |"
        )
    lines += [
        "",
        "The command's own start-up (imports before the first request) and a finished re-run, "
        'side by side with an earlier revision, are under "Command start-up" '
        "(bench/bench_cli_start.py).",
    ]
    return "\n".join(lines) + "\n"


def setups(url: str, versions: list[int]) -> dict[str, GraderSetup]:
    spec = f"openai:replay@{url}"
    chosen = {
        f"medrubric per-criterion (grade_criterion@{v})": resolve_setup(
            None, spec, "per-criterion", prompt_version=v
        )
        for v in versions
    }
    chosen["medrubric batched"] = resolve_setup(None, spec, "batched")
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=200)
    parser.add_argument("--criteria", type=int, default=11)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--versions", default="1,2", help="per-criterion template versions")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per client")
    parser.add_argument("--profile", help="write a cProfile of an extra per-criterion run here")
    parser.add_argument("--no-cli", action="store_true", help="skip the command-line runs")
    parser.add_argument("--no-write", action="store_true", help="print only, leave RESULTS.md")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rows: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp, Stub(args.latency) as stub:
        root = Path(tmp)
        files = write_healthbench(root, args.examples, args.criteria, TURN_CHARS, ANSWER_CHARS)
        if not args.no_cli:
            compile_sources(SRC)
        cases = load_cases(files[0])
        answers = list(load_models(files[1], Response))
        versions = [int(v) for v in args.versions.split(",")]
        chosen = setups(stub.url, versions)
        # Rounds interleave the clients, so load from elsewhere on the machine falls on all
        # of them alike; each client's median round is reported.
        rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in ["lean", *chosen]}
        # The command runs in the same rounds, right after the library call of its mode.
        for r in range(args.rounds):
            rounds["lean"].append(lean_row(stub, *files, args))
            for i, (name, setup) in enumerate(chosen.items()):
                folder = root / f"round{r}-mode{i}"
                row = medrubric_row(stub, setup, cases, answers, folder, args, None)
                if not args.no_cli:
                    row |= cli_row(stub, setup, files, folder / "cli", args)
                rounds[name].append(row)
        if args.profile:  # one more per-criterion run under cProfile, not counted
            first = next(s for s in chosen.values() if s.mode == "per-criterion")
            medrubric_row(stub, first, cases, answers, root / "profiled", args, args.profile)
        lean_rates = [run["verdicts"] / run["seconds"] for run in rounds["lean"]]
        for name, runs in rounds.items():
            rates = [run["verdicts"] / run["seconds"] for run in runs]
            rows[name] = runs[sorted(range(len(runs)), key=rates.__getitem__)[len(runs) // 2]]
            rows[name]["rates"] = rates
            if name == "lean":
                rows[name]["cpus"] = [run["cpu"] for run in runs]
            if "cli_rate" in runs[0]:  # the command against the lean client of its own round
                ratios = [
                    run["cli_rate"] / lean for run, lean in zip(runs, lean_rates, strict=True)
                ]
                rows[name]["cli_ratios"] = ratios
                rows[name]["cli_rates"] = [run["cli_rate"] for run in runs]
                rows[name]["cli_cpus"] = [run["cli_cpu"] for run in runs]
        for name, row in rows.items():
            shown = {k: v for k, v in row.items() if k not in ("first", "last")}
            print(name, shown, file=sys.stderr)
    text = section(args, rows, (load_before, os.getloadavg()[0]))
    print(text)
    if not args.no_write:
        write_section(heading(args.examples), text)
    bad = [n for n, r in rows.items() if r["wrong"] or r.get("library_rerun_calls")]
    if bad:
        print(f"FAIL: wrong verdicts or re-run calls in {', '.join(bad)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
