"""Every audit command over real HTTP (the replay server answers like a scripted model):
inject → score → criteria → factcheck → review export/import → report, and resume."""

from __future__ import annotations

import asyncio
import csv
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from medrubric.audit.paired_scoring import AuditScoreOptions, run_audit_score
from medrubric.audit.pairs import AuditPair, Discard
from medrubric.audit.review_io import ReviewItem
from medrubric.cli.main import app
from medrubric.data.jsonl import load_models
from medrubric.evaluate.profiles import GraderSetup
from medrubric.review.models import AuditPair as ReviewAppPair
from medrubric.runtime.options import ModelOptions
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

SAMPLE = Path(__file__).parents[2] / "src/medrubric/data/sample"
FENCED = r"-{tag}>\n(?P<body>.*?)\n</[A-Z0-9-]+-{tag}>"
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["'](?!data:|#)|<script|<link|https?://""", re.I)
NEW_SENTENCE = "It is safe to wait and see how it goes."


def fenced(prompt: str, tag: str) -> str:
    match = re.search(FENCED.format(tag=tag), prompt, re.S)
    assert match, f"no {tag} block in the prompt"
    return match["body"]


def first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]


def audit_handler(body: dict[str, Any]) -> str | dict[str, Any]:
    """Deterministic replies for each audit prompt; grading prompts go to the engine's."""
    prompt = body["messages"][0]["content"]
    if '"applies"' in prompt:
        return {"reasoning": "the answer gives triage advice", "applies": True}
    if '"edited_answer"' in prompt:
        answer = fenced(prompt, "ANSWER")
        old = first_sentence(answer)
        return {
            "rationale": "lowered urgency",
            "edits": [{"original": old, "new": NEW_SENTENCE}],
            "edited_answer": answer.replace(old, NEW_SENTENCE, 1),
        }
    if '"could_change_management"' in prompt:
        wrong_type = "K1 (overconfidence)" in prompt
        return {"reasoning": "checked", "error_present": True, "correct_type": not wrong_type,
                "could_change_management": True, "fluent": True}  # fmt: skip
    if '"labels"' in prompt:
        ids = re.findall(r"- criterion_id: (\S+);", prompt)
        kinds = ["FACTCHECK", "OTHER"]
        return {"labels": [{"criterion_id": i, "rationale": "r", "label": kinds[n % 2]}
                           for n, i in enumerate(ids)]}  # fmt: skip
    if '"claims"' in prompt:
        sentences = re.split(r"(?<=[.!?])\s+", fenced(prompt, "ANSWER"))[:3]
        return {"claims": [{"claim": s, "query": s} for s in sentences if s.strip()]}
    if "-CLAIM>" in prompt:
        claim = fenced(prompt, "CLAIM")
        ids = re.findall(r"^\[([^\]]+)\]", prompt, re.M)
        label = "not_supported" if "wait and see" in claim else "supported"
        return {"reasoning": "r", "label": label, "evidence_ids": ids[:1] + ["not-retrieved"]}
    return rubric_replay_handler(body)


@pytest.fixture
def answers(tmp_path: Path) -> Path:
    careful = (SAMPLE / "responses-demo-careful.jsonl").read_text().splitlines()
    path = tmp_path / "answers.jsonl"
    path.write_text("\n".join(careful[:3]) + "\n")
    return path


def invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_full_audit_workflow_over_http(tmp_path: Path, answers: Path) -> None:
    out, cache = tmp_path / "audit", str(tmp_path / "cache")
    grades = SAMPLE / "grades-demo-careful.jsonl"
    with ReplayServer(audit_handler) as server:
        spec = f"openai:replay@{server.base_url}"
        common = ["--timeout", "30", "--cache-dir", cache, "--quiet"]
        inject = ["audit", "inject", "--answers", str(answers), "--benchmark", "sample",
                  "--applicability-models", f"{spec},{spec}", "--injector", spec,
                  "--judge", spec, "--out", str(out), "--types", "R1,F3,K1",
                  "--grades", str(grades), *common]  # fmt: skip
        assert "accepted 6" in invoke(*inject)
        calls = server.total
        invoke(*inject)  # resumed: nothing left to do, no request made
        assert server.total == calls

        pairs = load_models(out / "pairs.jsonl", AuditPair)
        discards = load_models(out / "discarded.jsonl", Discard)
        assert sorted(p.error_type for p in pairs) == ["F3"] * 3 + ["R1"] * 3
        assert sorted(d.error_type for d in discards) == ["K1"] * 3
        assert all(d.stage == "judge" and "intended type" in d.reason for d in discards)
        assert all(len(d.checks) == 4 for d in discards)  # two attempts, two checks each
        funnel = json.loads((out / "funnel.json").read_text())
        assert (funnel["accepted"], funnel["discarded_judge"], funnel["candidates"]) == (6, 3, 9)
        run_record = json.loads((out / "run.json").read_text())
        assert run_record["prompt_versions"]["audit_inject"] == "audit_inject@1"

        score = invoke("audit", "score", str(out), "--benchmark", "sample", "--grader", spec,
                       "--resamples", "500", *common)  # fmt: skip
        assert "Paired scoring" in score
        report = json.loads((out / "score" / "score.json").read_text())
        assert report["n_pairs"] == 6 and set(report["by_type"]) == {"F3", "R1"}
        s = report["overall"]
        assert s["win"] + s["tie"] + s["loss"] == pytest.approx(1)
        assert s["auroc"] == pytest.approx(s["win"] + 0.5 * s["tie"])
        compare = invoke("audit", "score", str(out), "--benchmark", "sample", "--grader", spec,
                         "--resamples", "200", "--out", str(tmp_path / "other"),
                         "--compare", str(out), *common)  # fmt: skip
        assert "rank agreement over 2 error types" in compare
        agreement = json.loads((tmp_path / "other" / "compare.json").read_text())
        assert agreement["auroc_a"] == agreement["auroc_b"]  # same grader and verdicts
        direct = asyncio.run(
            run_audit_score(
                AuditScoreOptions(
                    audit_dir=out, benchmark="sample", out=tmp_path / "direct",
                    setup=GraderSetup(grader=spec, mode="per-criterion",
                                      prompt="grade_criterion", prompt_version=1),
                    n_resamples=200, compare=out,
                    models=ModelOptions(timeout=30, cache_dir=cache, show_progress=False),
                )
            )
        )  # fmt: skip
        assert direct.score_file == tmp_path / "direct" / "score.json"
        written = json.loads(direct.score_file.read_text())
        assert written["n_pairs"] == direct.report.n_pairs == 6
        assert written["overall"] == direct.report.overall.model_dump(mode="json")
        assert direct.agreement is not None and direct.agreement.types == ["F3", "R1"]

        invoke("audit", "criteria", str(out), "--benchmark", "sample", "--model", spec, *common)
        criteria = json.loads((out / "score" / "criteria.json").read_text())
        assert criteria["unlabelled_criteria"] == 0
        assert criteria["by_kind"]["FACTCHECK"]["items"] > 0

        fc = invoke("factcheck", "--pairs", str(out / "pairs.jsonl"), "--model", spec,
                    "--benchmark", "sample", *common)  # fmt: skip
        assert "detected:" in fc
        summary = json.loads((out / "factcheck" / "factcheck_summary.json").read_text())
        assert summary["detection"]["detected"]["k"] == 6  # the planted sentence is flagged
        assert summary["detection"]["false_flag"]["k"] == 0
        assert summary["combined"]["n_pairs"] == 6
        assert summary["combined"]["combined_auroc"] == pytest.approx(1.0)
        for line in (out / "factcheck" / "factcheck.jsonl").read_text().splitlines():
            for claim in json.loads(line)["claims"]:
                assert "not-retrieved" not in claim["evidence_ids"]

    invoke("audit", "review-export", str(out), "--benchmark", "sample")
    items = load_models(out / "review" / "review_pairs.jsonl", ReviewItem)
    assert all(f"[[{NEW_SENTENCE}]]" in i.edited_highlighted for i in items)
    in_app = load_models(out / "review" / "review_pairs.jsonl", ReviewAppPair)  # the review app
    assert [(p.pair_id, p.edits[0].new) for p in in_app] == [
        (i.pair_id, NEW_SENTENCE) for i in items
    ]
    with (out / "review" / "review.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        row.update(rater="A", answer="yes", reason="urgency lowered")
    filled = rows + [{**r, "rater": "B", "answer": "no"} for r in rows]
    ratings = tmp_path / "ratings.csv"
    with ratings.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(filled)
    invoke("audit", "review-import", str(out), "--ratings", str(ratings), "--resamples", "200")
    review = json.loads((out / "review" / "review_summary.json").read_text())
    assert review["overall"]["yes_rate"] == pytest.approx(0.5)
    assert review["overall"]["raw_agreement"] == pytest.approx(0.0)

    html_path = tmp_path / "report.html"
    invoke("audit", "report", str(out), "--out", str(html_path))
    html = html_path.read_text()
    assert not EXTERNAL.search(html)
    assert html.count("data:image/png;base64,") == 2  # outcome bars and fact-check rates
    assert f"<mark>{NEW_SENTENCE}</mark>" in html
    assert "Fleiss" in html and "FACTCHECK" in html


def test_bad_review_answer_names_file_and_line(tmp_path: Path) -> None:
    ratings = tmp_path / "ratings.jsonl"
    ratings.write_text('{"pair_id": "p", "rater": "A", "answer": "yes"}\n'
                       '{"pair_id": "p", "rater": "B", "answer": "maybe"}\n')  # fmt: skip
    (tmp_path / "pairs.jsonl").write_text("")
    result = CliRunner().invoke(app, ["audit", "review-import", str(tmp_path), "--ratings",
                                      str(ratings)])  # fmt: skip
    assert result.exit_code != 0
    assert f"{ratings}:2" in str(result.exception) and "yes or no" in str(result.exception)


def test_run_factcheck_returns_the_typed_summary_it_wrote(tmp_path: Path, answers: Path) -> None:
    import asyncio

    from medrubric.audit.factcheck_run import FactcheckOptions, FactcheckResult, run_factcheck
    from medrubric.runtime.options import ModelOptions

    models = ModelOptions(cache_dir=tmp_path / "cache", show_progress=False)
    with ReplayServer(audit_handler) as server:
        opts = FactcheckOptions(
            model=f"openai:replay@{server.base_url}", out=tmp_path / "fc", answers=answers,
            benchmark="sample", models=models,
        )  # fmt: skip
        result = asyncio.run(run_factcheck(opts))
    assert isinstance(result, FactcheckResult)
    assert result.checks == tmp_path / "fc" / "factcheck.jsonl" and result.checks.is_file()
    summary = result.summary
    assert summary.answers == 3 and summary.answers_with_errors == 0
    assert summary.claims == summary.supported + summary.not_supported + summary.not_checkable
    assert summary.detection is None and summary.combined is None  # answers, not audit pairs
    written = json.loads(result.summary_path.read_text())
    assert list(written)[:5] == ["model", "retriever", "k", "prompt_versions", "answers"]
    assert "detection" not in written and "combined" not in written
    assert written == summary.as_json()
    assert written["retriever"].startswith("bm25:") and written["k"] == 5
