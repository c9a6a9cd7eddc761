"""The files of `medrubric analyze ...` and `medrubric meta-eval`: each analysis's JSON and its
self-contained HTML page, written atomically into --out. One writer per file; the CLI computes
the typed result, calls one of these and prints the paths it returns. `analyze export`, whose
result is these files, runs here: `run_export(ExportOptions) -> ExportResult`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from markupsafe import Markup
from pydantic import BaseModel

from medrubric.data.jsonl import write_json, write_jsonl
from medrubric.files import write_text_atomic
from medrubric.report.render import write_page

ERROR_TYPES_JSONL = "error_types.jsonl"

if TYPE_CHECKING:
    from medrubric.analysis.analyze import ExportOptions
    from medrubric.analysis.compare import Comparison
    from medrubric.analysis.consensus import ConsensusReport
    from medrubric.analysis.contamination import ContaminationReport
    from medrubric.analysis.error_types import Classification, ErrorTypeCounts
    from medrubric.analysis.errors import ErrorAnalysis
    from medrubric.analysis.holistic import HolisticScore
    from medrubric.analysis.metaeval import MetaEvalReport
    from medrubric.analysis.runs import Run
    from medrubric.report.export import ExportResult, ExportRow


def _json(path: Path, result: BaseModel) -> Path:
    write_json(path, result.model_dump(mode="json"))
    return path


def write_analysis_page(
    path: Path, title: str, sections: Sequence[Markup], subtitle: str = ""
) -> Path:
    """One self-contained page holding analysis sections, with a table of contents of their
    headings (each section's `<h2 id=...>`)."""
    toc = [
        (anchor, Markup(heading).striptags())
        for section in sections
        for anchor, heading in re.findall(r'<h2 id="([^"]+)">(.*?)</h2>', str(section))
    ]
    return write_page(
        path,
        "analysis/page.html.j2",
        title=title,
        subtitle=subtitle,
        sections=list(sections),
        toc=toc,
    )


def _runs_line(runs: Sequence[Run]) -> str:
    return "runs: " + ", ".join(f"{r.model} ({r.path})" for r in runs)


def _write_analysis(
    out: Path, name: str, title: str, result: BaseModel, section: Markup, runs: Sequence[Run]
) -> list[Path]:
    """OUT/<name>.json (the result) and OUT/<name>.html (its section and the runs'
    comparability): the two files every analysis writes."""
    from medrubric.report.analysis_sections import runs_comparability

    return [
        _json(out / f"{name}.json", result),
        write_analysis_page(
            out / f"{name}.html", title, [section, runs_comparability(runs)], _runs_line(runs)
        ),
    ]


def write_contamination(out: Path, report: ContaminationReport, runs: Sequence[Run]) -> list[Path]:
    """OUT/contamination.json and OUT/contamination.html."""
    from medrubric.report.analysis_sections import contamination_section

    section = contamination_section(report)
    return _write_analysis(out, "contamination", "Contamination", report, section, runs)


def write_errors(
    out: Path,
    analysis: ErrorAnalysis,
    runs: Sequence[Run],
    classifications: Sequence[Classification] | None = None,
) -> list[Path]:
    """OUT/errors.json, OUT/errors.html and, with classifications, OUT/error_types.jsonl
    (one per answer) and OUT/error_types.json (counts per model)."""
    from medrubric.analysis.error_types import count_types
    from medrubric.report.analysis_sections import errors_section

    written: list[Path] = []
    counts: list[ErrorTypeCounts] | None = None
    if classifications is not None:
        write_jsonl(out / ERROR_TYPES_JSONL, classifications)
        counts = count_types(classifications)
        write_json(
            out / "error_types.json", {"counts": [c.model_dump(mode="json") for c in counts]}
        )
        written += [out / ERROR_TYPES_JSONL, out / "error_types.json"]
    section = errors_section(analysis, counts)
    return _write_analysis(out, "errors", "Error analysis", analysis, section, runs) + written


def write_consensus(out: Path, report: ConsensusReport, runs: Sequence[Run]) -> list[Path]:
    """OUT/consensus.json and OUT/consensus.html."""
    from medrubric.report.analysis_sections import consensus_section

    section = consensus_section(report)
    return _write_analysis(out, "consensus", "ClinConsensus analyses", report, section, runs)


def write_export(
    out: Path,
    rows: Sequence[ExportRow],
    k: int | None,
    sections: Sequence[Markup],
    runs: Sequence[Run],
) -> list[Path]:
    """OUT/leaderboard.csv, OUT/leaderboard.tex and OUT/report.html (every section)."""
    from medrubric.report.analysis_sections import runs_comparability
    from medrubric.report.export import leaderboard_csv, leaderboard_latex

    write_text_atomic(out / "leaderboard.csv", leaderboard_csv(rows, k))
    write_text_atomic(out / "leaderboard.tex", leaderboard_latex(rows, k))
    page = write_analysis_page(
        out / "report.html",
        "medrubric analysis report",
        [runs_comparability(runs), *sections],
        _runs_line(runs),
    )
    return [out / "leaderboard.csv", out / "leaderboard.tex", page]


def write_meta_eval(
    out: Path,
    report: MetaEvalReport,
    runs: Sequence[Run],
    labels: Path,
    registry: Path | None = None,
    holistic: Sequence[HolisticScore] | None = None,
) -> list[Path]:
    """OUT/meta_eval.json and OUT/meta_eval.html (and OUT/holistic.jsonl with a holistic
    judge's scores); the result recorded in the meta-eval registry and copied into each
    graded run folder, where the run's reports find it."""
    from medrubric.analysis.registry import RUN_FILE, record
    from medrubric.report.analysis_sections import grader_agreement_section

    written = []
    if holistic is not None:
        write_jsonl(out / "holistic.jsonl", holistic)
        written.append(out / "holistic.jsonl")
    written.append(_json(out / RUN_FILE, report))
    written.append(
        write_analysis_page(
            out / "meta_eval.html",
            "Grader agreement",
            [grader_agreement_section(report)],
            str(labels),
        )
    )
    written.append(record(report, registry))
    folders = dict.fromkeys(run.path for run in runs if run.path.is_dir())
    written += [_json(folder / RUN_FILE, report) for folder in folders]
    return written


def write_compare(
    json_path: Path | None, html_path: Path | None, comparison: Comparison
) -> list[Path]:
    """`compare --out` JSON and `compare --html` page: per-run means with their CIs, the paired
    difference with its CI and sign test, what the two runs share, the largest differences."""
    from medrubric.analysis.compare import write_comparison
    from medrubric.report.analysis_sections import comparability_section

    written = [] if json_path is None else [write_comparison(json_path, comparison)]
    if html_path is not None:
        largest = sorted(comparison.pairs, key=lambda p: (-abs(p.diff), p.case_id))[:20]
        written.append(
            write_page(
                html_path,
                "analysis/compare.html.j2",
                c=comparison,
                largest=largest,
                comparability=comparability_section(
                    {
                        f"A: {comparison.model_a}": comparison.setups.get("A", {}),
                        f"B: {comparison.model_b}": comparison.setups.get("B", {}),
                    }
                ),
            )
        )
    return written


def run_export(opts: ExportOptions) -> ExportResult:
    """`analyze export`: the leaderboard as CSV and LaTeX and OUT/report.html with every
    analysis section (contamination, errors with OUT/error_types.jsonl's counts when present,
    consensus with `k`, each grader's agreement found)."""
    from medrubric.analysis.analyze import contamination_report
    from medrubric.analysis.consensus import consensus
    from medrubric.analysis.error_types import Classification, count_types
    from medrubric.analysis.errors import error_analysis
    from medrubric.analysis.registry import lookup
    from medrubric.analysis.runs import load_runs
    from medrubric.data.jsonl import load_models
    from medrubric.report.analysis_sections import (
        consensus_section,
        contamination_section,
        errors_section,
        grader_agreement_section,
        leaderboard_section,
    )
    from medrubric.report.export import ExportResult, leaderboard_rows

    runs = load_runs(opts.runs)
    report = contamination_report(runs, opts)
    k, seed, resamples = opts.k, opts.seed, opts.resamples
    consensus_report = (
        consensus(runs, k, seed=seed, n_resamples=resamples) if k is not None else None
    )
    rows = leaderboard_rows(runs, report, k, seed=seed, n_resamples=resamples)
    types_file = opts.out / ERROR_TYPES_JSONL
    counts = count_types(load_models(types_file, Classification)) if types_file.exists() else None
    sections = [
        leaderboard_section(rows, k),
        contamination_section(report),
        errors_section(error_analysis(runs), counts),
    ]
    if consensus_report is not None:
        sections.append(consensus_section(consensus_report))
    seen: set[str] = set()
    for run in runs:
        agreement = lookup(run.grader, run.path if run.path.is_dir() else None)
        if agreement and agreement.grader not in seen:
            seen.add(agreement.grader)
            sections.append(grader_agreement_section(agreement))
    return ExportResult(rows=rows, written=write_export(opts.out, rows, k, sections, runs))
