"""HealthBench meta-eval rows with several completions per prompt, graded in one file: the
pooled figures against simple-evals' `healthbench_meta_eval` formulas, written out here pair
list by pair list as that code does, and the per-physician figures against scikit-learn."""

from __future__ import annotations

import json
import warnings
from collections import defaultdict
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from irrCAC.raw import CAC
from sklearn.metrics import cohen_kappa_score, f1_score
from typer.testing import CliRunner

from medrubric.analysis.labels import load_labels
from medrubric.analysis.metaeval import meta_eval
from medrubric.analysis.runs import load_answer_grades, load_runs
from medrubric.cli.main import app, main
from medrubric.data.formats import load_meta_eval
from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import CaseGrade, Verdict
from medrubric.errors import InputError
from medrubric.stats import gwet_ac1

PHYSICIANS = [f"phys-{i}" for i in range(7)]


def write_rows(path: Path, seed: int = 0, n_prompts: int = 9) -> None:
    """Prompts with 2-3 completions, 2-5 criteria, 1-4 physicians a row, some physicians
    who only ever say yes."""
    rng = np.random.default_rng(seed)
    rows = []
    for p in range(n_prompts):
        criteria = [f"Criterion {p}.{c}" for c in range(int(rng.integers(2, 6)))]
        for c in range(int(rng.integers(2, 4))):
            truth = rng.random(len(criteria)) < 0.55
            for text, met in zip(criteria, truth, strict=True):
                raters = sorted(rng.choice(PHYSICIANS, size=int(rng.integers(1, 5)), replace=False))
                labels = [bool(met) if rng.random() < 0.8 or r == "phys-6" else not met
                          for r in raters]  # fmt: skip
                labels = [True if r == "phys-6" else v for r, v in zip(raters, labels, strict=True)]
                rows.append({
                    "prompt_id": f"p{p}",
                    "prompt": [{"role": "user", "content": f"Question {p}?"}],
                    "completion": f"Answer {p}-{c}.",
                    "completion_id": f"p{p}-c{c}",
                    "rubric": text,
                    "binary_labels": labels,
                    "anonymized_physician_ids": list(raters),
                    "category": f"cluster:theme_{p % 3}",
                })  # fmt: skip
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def grader_labels(rows_path: Path, seed: int = 1) -> dict[tuple[str, str], bool | None]:
    """(completion_id, rubric) -> the grader's verdict; None for a few grading errors."""
    rng = np.random.default_rng(seed)
    out: dict[tuple[str, str], bool | None] = {}
    for row in load_meta_eval(rows_path):
        majority = sum(row.binary_labels) * 2 >= len(row.binary_labels)
        draw = rng.random()
        out[(row.completion_id, row.rubric)] = (
            None if draw < 0.04 else (majority if draw < 0.8 else not majority)
        )
    return out


def write_grades(rows_path: Path, verdicts: dict[tuple[str, str], bool | None], out: Path) -> None:
    """One grades file for every completion: model = completion_id (several per prompt)."""
    by_completion: dict[str, CaseGrade] = {}
    for row in load_meta_eval(rows_path):
        grade = by_completion.setdefault(
            row.completion_id,
            CaseGrade(case_id=row.prompt_id, model=row.completion_id, grader="grader-hb"),
        )
        met = verdicts[(row.completion_id, row.rubric)]
        grade.criteria.append(
            Verdict(criterion_id=row.criterion_id, weight=1, met=met)
            if met is not None
            else Verdict(criterion_id=row.criterion_id, weight=1, error="timeout")
        )
    write_jsonl(out, list(by_completion.values()))


# --- simple-evals' formulas, as its code states them: lists of agreements per metric ---------


def _mean_or_none(values: list[bool]) -> tuple[float | None, int]:
    return (sum(values) / len(values) if values else None), len(values)


def healthbench_reference(
    self_preds: list[bool], others: list[list[bool]]
) -> tuple[float | None, float]:
    """pairwise_*_f1_balanced and its n, from simple-evals' precision/recall lists."""
    lists: dict[str, list[bool]] = defaultdict(list)
    for own, other_labels in zip(self_preds, others, strict=True):
        for other in other_labels:
            lists[f"precision_{'pos' if own else 'neg'}"].append(own == other)
            lists[f"recall_{'pos' if other else 'neg'}"].append(own == other)
    f1: dict[str, tuple[float | None, float]] = {}
    for cls in ("pos", "neg"):
        p, pn = _mean_or_none(lists[f"precision_{cls}"])
        r, rn = _mean_or_none(lists[f"recall_{cls}"])
        if p is None or r is None:
            f1[cls] = (None, pn + rn)
        elif p == 0 and r == 0:
            f1[cls] = (0.0, pn + rn - p * pn)
        else:
            f1[cls] = (2 * p * r / (p + r), pn + rn - p * pn)
    (pos, n_pos), (neg, n_neg) = f1["pos"], f1["neg"]
    return (None if pos is None or neg is None else (pos + neg) / 2), n_pos + n_neg


def reference_figures(
    rows_path: Path, verdicts: dict[tuple[str, str], bool | None], category: str | None = None
):
    rows = [r for r in load_meta_eval(rows_path) if category in (None, r.category)]
    graded = [r for r in rows if verdicts[(r.completion_id, r.rubric)] is not None]
    grader = healthbench_reference(
        [bool(verdicts[(r.completion_id, r.rubric)]) for r in graded],
        [r.binary_labels for r in graded],
    )
    per_physician: dict[str, tuple[list[bool], list[list[bool]]]] = defaultdict(lambda: ([], []))
    for r in rows:
        for i, physician in enumerate(r.anonymized_physician_ids):
            per_physician[physician][0].append(r.binary_labels[i])
            per_physician[physician][1].append(r.binary_labels[:i] + r.binary_labels[i + 1 :])
    physicians = {p: healthbench_reference(*lists) for p, lists in per_physician.items()}
    return grader, physicians


@pytest.fixture
def healthbench_files(tmp_path: Path) -> tuple[Path, Path, dict[tuple[str, str], bool | None]]:
    rows, grades = tmp_path / "meta_eval.jsonl", tmp_path / "grades.jsonl"
    write_rows(rows)
    verdicts = grader_labels(rows)
    write_grades(rows, verdicts, grades)
    return rows, grades, verdicts


def test_pooled_figures_reproduce_simple_evals(healthbench_files) -> None:
    rows, grades, verdicts = healthbench_files
    report = meta_eval(load_labels(rows), load_answer_grades([grades]), n_resamples=200)
    (grader_f1, _), physicians = reference_figures(rows, verdicts)
    hb = report.healthbench
    assert hb is not None and grader_f1 is not None
    assert hb.macro_f1 == pytest.approx(grader_f1, abs=1e-9)
    ours = {p.rater: (p.macro_f1, p.weight) for p in hb.physicians}
    assert set(ours) == set(physicians)
    for physician, (value, n) in physicians.items():
        assert ours[physician][1] == pytest.approx(n, abs=1e-9)
        assert ours[physician][0] == (pytest.approx(value, abs=1e-9) if value is not None else None)
    # phys-6 only ever says yes: its balanced F1 is undefined and it carries no weight
    assert ours["phys-6"][0] is None
    defined = {p: v for p, v in physicians.items() if v[0] is not None}
    weighted = sum(v * n for v, n in defined.values()) / sum(n for _, n in defined.values())
    assert hb.physician_macro_f1 == pytest.approx(weighted, abs=1e-9)
    assert hb.physician_macro_f1_unweighted == pytest.approx(
        np.mean([v for v, _ in defined.values()]), abs=1e-9
    )
    # HealthBench's per-theme table: the same figures within each category
    assert [c.category for c in hb.by_category] == [f"cluster:theme_{i}" for i in range(3)]
    for c in hb.by_category:
        (cat_f1, _), cat_physicians = reference_figures(rows, verdicts, c.category)
        cat_defined = [(v, n) for v, n in cat_physicians.values() if v is not None]
        assert c.macro_f1 == pytest.approx(cat_f1, abs=1e-9)
        assert c.physician_macro_f1 == pytest.approx(
            sum(v * n for v, n in cat_defined) / sum(n for _, n in cat_defined), abs=1e-9
        )
        assert (
            c.macro_f1_ci95 is not None and c.macro_f1_ci95[0] <= c.macro_f1 <= c.macro_f1_ci95[1]
        )
    n_errors = sum(v is None for v in verdicts.values())
    assert report.n_grader_errors == n_errors > 0
    assert hb.n_label_pairs == sum(
        len(r.binary_labels) for r in load_meta_eval(rows)
        if verdicts[(r.completion_id, r.rubric)] is not None
    )  # fmt: skip


def test_per_physician_figures_against_scikit_learn(healthbench_files) -> None:
    rows, grades, verdicts = healthbench_files
    report = meta_eval(load_labels(rows), load_answer_grades([grades]), n_resamples=200)
    pairs: dict[str, tuple[list[bool], list[bool]]] = defaultdict(lambda: ([], []))
    for r in load_meta_eval(rows):
        verdict = verdicts[(r.completion_id, r.rubric)]
        for physician, label in r.labels().items():
            if verdict is not None:
                pairs[physician][0].append(label)
                pairs[physician][1].append(verdict)
    f1 = [f1_score(t, p, average="macro") for t, p in pairs.values()]
    kappas = [cohen_kappa_score(t, p) for t, p in pairs.values() if len(set(t) | set(p)) > 1]
    summary = report.grader_vs_physician
    assert summary.n_pairs == len(pairs)
    assert summary.macro_f1 == pytest.approx(np.mean(f1), abs=1e-12)
    assert summary.cohen_kappa == pytest.approx(np.nanmean(kappas), abs=1e-12)
    validity = report.validity()
    assert validity.method == "per-physician" and validity.macro_f1 == summary.macro_f1
    assert validity.physician_macro_f1 == report.physician_vs_physician.macro_f1


def test_intervals_are_the_case_bootstrap_of_each_figure(healthbench_files) -> None:
    """The CI of the pooled grader F1 equals a loop over resampled prompts that pools every
    label pair of every drawn prompt (with repeats) and applies simple-evals' formulas."""
    rows, grades, verdicts = healthbench_files
    report = meta_eval(
        load_labels(rows), load_answer_grades([grades]), method="healthbench",
        n_resamples=300, seed=4,
    )  # fmt: skip
    by_prompt: dict[str, list] = defaultdict(list)
    for r in load_meta_eval(rows):
        verdict = verdicts[(r.completion_id, r.rubric)]
        if verdict is not None:
            by_prompt[r.prompt_id].append((verdict, r.binary_labels))
    prompts = sorted({r.prompt_id for r in load_meta_eval(rows)})
    draws = np.random.default_rng(4).integers(0, len(prompts), size=(300, len(prompts)))
    values = []
    for draw in draws:
        pooled = [pair for j in draw for pair in by_prompt[prompts[j]]]
        value, _ = healthbench_reference([v for v, _ in pooled], [o for _, o in pooled])
        values.append(value)
    assert None not in values
    hb = report.healthbench
    assert hb is not None and hb.macro_f1_ci95 is not None
    assert hb.macro_f1_ci95 == pytest.approx(tuple(np.quantile(values, [0.025, 0.975])), abs=1e-12)
    for lo_hi, point in ((hb.macro_f1_ci95, hb.macro_f1), (hb.cohen_kappa_ci95, hb.cohen_kappa),
                         (hb.gwet_ac1_ci95, hb.gwet_ac1),
                         (hb.physician_macro_f1_ci95, hb.physician_macro_f1),
                         (report.grader_vs_physician.macro_f1_ci95,
                          report.grader_vs_physician.macro_f1)):  # fmt: skip
        assert lo_hi is not None and lo_hi[0] <= point <= lo_hi[1]
    validity = report.validity()
    assert (validity.method, validity.macro_f1, validity.gwet_ac1_ci95) == (
        "healthbench",
        hb.macro_f1,
        hb.gwet_ac1_ci95,
    )
    assert validity.physician_macro_f1 == hb.physician_macro_f1


def test_physicians_ac1_and_its_interval_against_irrcac_and_a_resampling_loop(
    healthbench_files,
) -> None:
    """All physicians' AC1 equals irrCAC's on the items x physicians table, and its CI the
    loop over the same prompt resamples that stacks each drawn prompt's rows (with repeats)."""
    rows, grades, _ = healthbench_files
    labels = load_labels(rows)
    report = meta_eval(labels, load_answer_grades([grades]), n_resamples=300, seed=4)
    raters = sorted({label.rater for label in labels.labels})
    by_item: dict[tuple[str, str], dict[str, bool]] = defaultdict(dict)
    case_of: dict[tuple[str, str], str] = {}
    for label in labels.labels:
        item = (label.answer_id, label.criterion_id)
        by_item[item][label.rater] = label.met
        case_of[item] = label.case_id
    table_of: dict[str, list[list[bool | None]]] = defaultdict(list)
    for item in sorted(by_item):
        table_of[case_of[item]].append([by_item[item].get(r) for r in raters])
    frame = pd.DataFrame([[np.nan if v is None else v for v in row]
                          for rows_ in table_of.values() for row in rows_])  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reference = CAC(frame, digits=15).gwet()["est"]["coefficient_value"]
    assert report.physicians_ac1 == pytest.approx(reference, abs=1e-12)
    prompts = sorted(table_of)
    draws = np.random.default_rng(4).integers(0, len(prompts), size=(300, len(prompts)))
    values = [
        gwet_ac1([row for j in draw for row in table_of[prompts[j]]], (True, False)).statistic
        for draw in draws
    ]
    assert report.physicians_ac1_ci95 == pytest.approx(
        tuple(np.quantile(values, [0.025, 0.975])), abs=1e-12
    )


def test_one_grades_file_with_several_completions_per_prompt(healthbench_files) -> None:
    rows, grades, _ = healthbench_files
    runs = load_answer_grades([grades])
    assert len(runs) == len({r.completion_id for r in load_meta_eval(rows)}) > 12
    report = meta_eval(load_labels(rows), runs, n_resamples=50)
    assert report.unmatched_answers == [] and report.grader == "grader-hb"
    with pytest.raises(InputError, match="expected the grades of one model"):
        load_runs([grades])  # analyses of candidate models still want one model a run
    twice = grades.with_name("twice.jsonl")
    twice.write_text(grades.read_text() + grades.read_text().splitlines()[0] + "\n")
    with pytest.raises(InputError, match=r"twice.jsonl: case_id: 'p0' is graded twice \(p0-c0\)"):
        load_answer_grades([twice])


def test_meta_eval_command_with_the_healthbench_method(
    healthbench_files, tmp_path: Path, capsys
) -> None:  # type: ignore[no-untyped-def]
    rows, grades, verdicts = healthbench_files
    out, registry = tmp_path / "me", tmp_path / "registry.json"
    args = ["meta-eval", "--labels", str(rows), "--grades", str(grades), "--out", str(out),
            "--registry", str(registry), "--resamples", "200",
            "--method", "healthbench"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    (grader_f1, _), _ = reference_figures(rows, verdicts)
    saved = json.loads((out / "meta_eval.json").read_text())
    assert saved["method"] == "healthbench" and saved["n_resamples"] == 200
    assert saved["healthbench"]["macro_f1"] == pytest.approx(grader_f1, abs=1e-9)
    assert f"Macro F1 {grader_f1:.3f}" in result.output
    html = (out / "meta_eval.html").read_text()
    assert "HealthBench (pooled label pairs): headline" in html
    theme = saved["healthbench"]["by_category"][0]
    lo, hi = theme["macro_f1_ci95"]
    assert f'<td>cluster:theme_0</td><td class="num">{theme["n_label_pairs"]}</td>' in html
    assert f"{theme['macro_f1']:.3f} [{lo:.3f}, {hi:.3f}]" in html
    assert json.loads(registry.read_text())["grader-hb"]["method"] == "healthbench"
    with pytest.raises(SystemExit) as exc:
        main([*args[:-2], "--method", "pooled"])
    assert exc.value.code == 2
    assert "--method: 'pooled' is not one of per-physician, healthbench" in capsys.readouterr().err
