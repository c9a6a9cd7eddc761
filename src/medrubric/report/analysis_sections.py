"""HTML sections of the analyses (leaderboard, contamination, errors, ClinConsensus, grader
agreement, comparability), rendered by report.render; `report.analyses` puts them in pages.
Charts are inline SVG images, one per panel (`report.analysis_plots`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from medrubric.analysis.consensus import ConsensusReport
from medrubric.analysis.contamination import ContaminationReport
from medrubric.analysis.error_types import ERROR_TYPES, ErrorTypeCounts
from medrubric.analysis.errors import ErrorAnalysis
from medrubric.analysis.metaeval import MetaEvalReport
from medrubric.analysis.runs import Run
from medrubric.data.vocab import AXES
from medrubric.report import analysis_plots
from medrubric.report.export import ExportRow
from medrubric.report.leaderboard import ci_ranks, comparability_section
from medrubric.report.render import render_section


def _render(template: str, **context: Any) -> Markup:
    return render_section(f"analysis/{template}", **context)


def leaderboard_section(rows: Sequence[ExportRow], k: int | None = None) -> Markup:
    seen = {a for r in rows for a in r.by_axis}
    axes = [a for a in (*AXES, "unknown") if a in seen]
    ranks = ci_ranks([r.ci95 for r in rows])
    return _render("leaderboard.html.j2", rows=rows, axes=axes, k=k, ranks=ranks)


def contamination_section(report: ContaminationReport) -> Markup:
    from medrubric.analysis.contamination import MIN_MONTH_N, source_name

    return _render(
        "contamination.html.j2",
        r=report,
        chart=analysis_plots.score_by_month(report),
        source_name=source_name,
        min_month_n=MIN_MONTH_N,
    )


def errors_section(
    analysis: ErrorAnalysis, types: Sequence[ErrorTypeCounts] | None = None
) -> Markup:
    overlap = analysis.bottom_overlap
    axes = list(dict.fromkeys(a for r in analysis.error_rates for a in r.by_axis))
    ranges = {c.by: analysis_plots.correlation_range(c.r) for c in analysis.correlations}
    correlation_charts = [
        (
            c,
            analysis_plots.heatmap(
                c.r,
                c.groups,
                f"Pearson r by {c.by} (n = {c.n_models} models)",
                *ranges[c.by],
                cmap="RdBu_r" if ranges[c.by][0] < 0 else "viridis",
            )
            if len(c.groups) > 1
            else None,
        )
        for c in analysis.correlations
    ]
    return _render(
        "errors.html.j2",
        e=analysis,
        axes=axes,
        rate_chart=analysis_plots.error_rate_chart(analysis.error_rates),
        jaccard_chart=analysis_plots.heatmap(
            overlap.matrix, overlap.models, f"Bottom-{overlap.n} Jaccard"
        )
        if len(overlap.models) > 1
        else None,
        correlation_charts=correlation_charts,
        c_range=ranges,
        types=list(types or []),
        type_chart=analysis_plots.error_type_chart(types) if types else None,
        type_names=ERROR_TYPES,
    )


def consensus_section(report: ConsensusReport) -> Markup:
    models = sorted({m for groups in report.strata.values() for pm in groups.values() for m in pm})
    chart = analysis_plots.sensitivity_chart(report.sensitivity) if report.sensitivity else None
    return _render("consensus.html.j2", c=report, models=models, sens_chart=chart)


def grader_agreement_section(report: MetaEvalReport) -> Markup:
    return _render("grader_agreement.html.j2", m=report)


def runs_comparability(runs: Sequence[Run]) -> Markup:
    """The comparability section of the runs an analysis page sets side by side."""
    from medrubric.evaluate.rundir import run_setup

    models = [r.model for r in runs]
    return comparability_section(
        {
            r.model if models.count(r.model) == 1 else f"{r.model} ({r.path})": run_setup(
                r.summary, r.grades
            )
            for r in runs
        }
    )
