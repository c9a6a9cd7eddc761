"""Grader agreement on a small HealthBench-style fixture, against F1 counted by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scipy import stats as sps
from sklearn.metrics import cohen_kappa_score

from medrubric.analysis.labels import load_labels
from medrubric.analysis.metaeval import answers_to_judge, meta_eval
from medrubric.analysis.registry import lookup, record
from medrubric.analysis.runs import load_runs
from medrubric.data.formats import load_meta_eval
from medrubric.errors import InputError

FIXTURE = Path(__file__).parent / "fixtures" / "meta_eval_small.jsonl"


def test_pairwise_macro_f1_reproduces_the_hand_count(meta_grade_files: list[Path]) -> None:
    labels = load_labels(FIXTURE)
    runs = load_runs(meta_grade_files)
    report = meta_eval(labels, runs)
    # physician pairs A-B, A-C, B-C each: F1(True) = 2/3, F1(False) = 0 or the reverse
    assert report.physician_vs_physician.n_pairs == 3
    assert report.physician_vs_physician.macro_f1 == pytest.approx(1 / 3)
    # grader vs A: 11/15, vs B: 11/15, vs C: 1/5 -> mean 5/9
    per = {p.rater_a: p.macro_f1 for p in report.grader_vs_physician.pairs}
    assert per == pytest.approx({"A": 11 / 15, "B": 11 / 15, "C": 1 / 5})
    assert report.grader_vs_physician.macro_f1 == pytest.approx(5 / 9)
    # Cohen's kappa of grader vs A against scikit-learn
    kappa_a = next(p.cohen_kappa for p in report.grader_vs_physician.pairs if p.rater_a == "A")
    assert kappa_a == pytest.approx(
        cohen_kappa_score([True, False, True, False], [True, False, True, True])
    )
    assert (report.n_answers, report.n_items, report.n_physicians) == (3, 6, 3)
    assert report.unmatched_answers == [] and report.grader == "grader-x"
    # case level: physicians' mean case score vs the grader's, by scipy
    physician = {"c1a": (0.5 + 1.0) / 2, "c1b": (0.5 + 0.0) / 2, "c2": (0.5 + 1.0) / 2}
    grader = {"c1a": 0.5, "c1b": 1.0, "c2": 0.5}
    order = sorted(physician)
    expected = sps.pearsonr([grader[a] for a in order], [physician[a] for a in order])
    assert report.case_level[0].pearson.statistic == pytest.approx(expected.statistic)
    # the grader's offset from the physicians, which `compare --offsets` reads
    offset = sum(grader[a] - physician[a] for a in order) / len(order)
    assert report.case_level[0].offset == pytest.approx(offset)


def test_holistic_scores_join_the_case_level_comparison(meta_grade_files: list[Path]) -> None:
    labels = load_labels(FIXTURE)
    runs = load_runs(meta_grade_files)
    assert [a.answer_id for a in answers_to_judge(labels, runs)] == ["c1a", "c1b", "c2"]
    report = meta_eval(labels, runs, {"c1a": 9, "c1b": 2, "c2": None}, "judge-y")
    holistic = report.case_level[1]
    assert holistic.judge == "judge-y" and holistic.n_errors == 1 and holistic.pearson.n == 2


def test_csv_labels_and_registry(
    meta_grade_files: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = ["case_id,answer_id,criterion_id,rater,met"]
    for row in load_meta_eval(FIXTURE):
        for rater, met in row.labels().items():
            rows.append(f"{row.prompt_id},{row.completion_id},{row.criterion_id},{rater},{met}")
    csv_path = tmp_path / "labels.csv"
    csv_path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    runs = load_runs(meta_grade_files)
    from_csv = meta_eval(load_labels(csv_path), runs)
    from_rows = meta_eval(load_labels(FIXTURE), runs)
    assert from_csv.grader_vs_physician == from_rows.grader_vs_physician

    monkeypatch.chdir(tmp_path)
    path = record(from_rows)
    assert json.loads(path.read_text())["grader-x"]["n_items"] == 6
    assert lookup("grader-x") == from_rows and lookup("other") is None

    bad = tmp_path / "bad.csv"
    bad.write_text("case_id,criterion_id,rater,met\np1,m1,A,maybe\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.csv:2: met"):
        load_labels(bad)


def test_review_app_labels_with_a_model_column_match_each_models_grades(
    meta_grade_files: list[Path], tmp_path: Path
) -> None:
    """The review app exports case_id, criterion_id, rater, met, model: one criterion can be
    labelled on several models' answers, and each label must meet that model's grade."""
    rows = ["case_id,criterion_id,rater,met,model"]
    for row in load_meta_eval(FIXTURE):
        for rater, met in row.labels().items():
            rows.append(f"{row.prompt_id},{row.criterion_id},{rater},{met},{row.completion_id}")
    csv_path = tmp_path / "review-labels.csv"
    csv_path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    runs = load_runs(meta_grade_files)
    from_review = meta_eval(load_labels(csv_path), runs)
    from_rows = meta_eval(load_labels(FIXTURE), runs)
    assert from_review.grader_vs_physician == from_rows.grader_vs_physician
    assert from_review.physician_vs_physician == from_rows.physician_vs_physician


def test_run_meta_eval_is_the_stage_behind_the_command(
    meta_grade_files: list[Path], tmp_path: Path
) -> None:
    import asyncio
    from contextlib import nullcontext

    from medrubric.analysis.metaeval_run import MetaEvalOptions, MetaEvalResult, run_meta_eval
    from medrubric.runtime.options import ModelOptions

    shown: list[str] = []

    def status(text: str) -> nullcontext[None]:
        shown.append(text)
        return nullcontext()

    opts = MetaEvalOptions(labels=FIXTURE, grades=meta_grade_files, resamples=200, seed=3,
                           models=ModelOptions(cache_dir=tmp_path / "cache"))  # fmt: skip
    before = sorted(tmp_path.rglob("*"))
    result = asyncio.run(run_meta_eval(opts, status=status))
    assert isinstance(result, MetaEvalResult) and result.holistic is None
    expected = meta_eval(load_labels(FIXTURE), load_runs(meta_grade_files), None,
                         "holistic: holistic judge", n_resamples=200, seed=3)  # fmt: skip
    assert result.report.model_dump(exclude={"date"}) == expected.model_dump(exclude={"date"})
    assert [run.path for run in result.runs] == meta_grade_files
    assert shown == ["agreement figures and 200 bootstrap resamples of cases"]
    assert sorted(tmp_path.rglob("*")) == before  # computes only: the writer writes
    with pytest.raises(InputError, match="--method: 'pooled' is not one of"):
        asyncio.run(run_meta_eval(opts.model_copy(update={"method": "pooled"})))
