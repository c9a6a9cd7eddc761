"""Do two per-criterion templates reach the same decisions? Checked on the bundled sample.

The sample's recorded answers (demo-careful, demo-hasty) come with recorded verdicts. This
grades the first N cases' answers of both models per criterion with each template version
through one grader (default the local SmolLM2 llama.cpp server, the only model this machine
can run) and reports how often the versions agree with each other and with the recorded
verdicts, plus the prompt tokens each version sent. SmolLM2-135M is a plumbing model: its
agreement with the recorded verdicts measures the model, the v1/v2 agreement the template.
Results go to bench/RESULTS.md under "## Per-criterion template decisions".

    python bench/bench_grading_prompts.py [--cases 6] [--versions 1,2] [--grader local:smollm2]
        [--grader-max-tokens 256]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

from _results import write_section

from medrubric.data.formats import load_cases
from medrubric.data.jsonl import load_models
from medrubric.data.models import CaseGrade, Response
from medrubric.data.sample import DEMO_MODELS, grades_path, responses_path
from medrubric.evaluate.estimate import message_tokens
from medrubric.evaluate.grade import criterion_messages, grade_responses
from medrubric.evaluate.profiles import GraderSetup, resolve_setup
from medrubric.evaluate.rundir import RunDir
from medrubric.llm.factory import open_model
from medrubric.runtime.progress import RunProgress

HEADING = "## Per-criterion template decisions"


async def grade_all(setup: GraderSetup, cases, answers, root: Path) -> dict:
    """{(model, case id, criterion id): met or None for an error} under one set-up."""
    grader_spec, version = setup.grader, setup.prompt_version
    decisions: dict = {}
    async with open_model(grader_spec, cache_dir=root / "cache", timeout=600) as grader:
        for model in DEMO_MODELS:
            with RunProgress(enabled=False) as progress:
                grades = await grade_responses(
                    cases, answers[model], [grader], setup, RunDir(root / f"v{version}-{model}"),
                    concurrency=1, progress=progress,
                )  # fmt: skip
            for g in grades:
                decisions |= {(model, g.case_id, v.criterion_id): v.met for v in g.criteria}
    return decisions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=6)
    parser.add_argument("--versions", default="1,2")
    parser.add_argument("--grader", default="local:smollm2")
    parser.add_argument("--grader-max-tokens", type=int, default=256)
    args = parser.parse_args()
    versions = [int(v) for v in args.versions.split(",")]
    cases = load_cases("sample")[: args.cases]
    wanted = {c.id for c in cases}
    answers = {
        m: [r for r in load_models(responses_path(m), Response) if r.case_id in wanted]
        for m in DEMO_MODELS
    }
    recorded = {
        (m, g.case_id, v.criterion_id): v.met
        for m in DEMO_MODELS
        for g in load_models(grades_path(m), CaseGrade)
        if g.case_id in wanted
        for v in g.criteria
    }
    by_id = {c.id: c for c in cases}
    runs, tokens, seconds = {}, {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for v in versions:
            setup = resolve_setup(
                None, args.grader, "per-criterion", args.grader_max_tokens, prompt_version=v
            )
            tokens[v] = sum(
                message_tokens(criterion_messages(setup, by_id[r.case_id], r.response or "", c)[0])
                for m in DEMO_MODELS
                for r in answers[m]
                for c in by_id[r.case_id].rubric
            )
            start = time.perf_counter()
            runs[v] = asyncio.run(grade_all(setup, cases, answers, Path(tmp)))
            seconds[v] = time.perf_counter() - start
    keys = sorted(recorded)
    lines = [
        HEADING,
        "",
        f"Command: `python bench/bench_grading_prompts.py --cases {args.cases} "
        f"--versions {args.versions} --grader {args.grader} "
        f"--grader-max-tokens {args.grader_max_tokens}`",
        "",
        f"The first {args.cases} sample cases, both recorded demo answers each: {len(keys)} "
        f"criteria with recorded verdicts, graded per criterion by `{args.grader}` at "
        f"temperature 0. Machine: {os.cpu_count()} CPUs, load average "
        f"{os.getloadavg()[0]:.1f} at the end.",
        "",
        "| template | prompt tokens (estimated) | errors | agrees with recorded verdicts "
        "| seconds |",
        "|---|---|---|---|---|",
    ]
    for v in versions:
        got = runs[v]
        errors = sum(got.get(k) is None for k in keys)
        agree = sum(got.get(k) == recorded[k] for k in keys)
        lines.append(
            f"| grade_criterion@{v} | {tokens[v]:,} | {errors} | {agree}/{len(keys)} "
            f"| {seconds[v]:.0f} |"
        )
    if len(versions) == 2:
        a, b = (runs[v] for v in versions)
        same = sum(a.get(k) == b.get(k) for k in keys)
        lines += [
            "",
            f"Same decision under @{versions[0]} and @{versions[1]}: {same}/{len(keys)}.",
        ]
    text = "\n".join(lines) + "\n"
    print(text)
    write_section(HEADING, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
