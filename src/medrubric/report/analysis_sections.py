"""HTML sections of the analyses (leaderboard, contamination, errors, ClinConsensus, grader
agreement), rendered by report.render; `report.analyses` puts them in pages. Charts are inline
base64 PNGs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from medrubric.analysis.consensus import ConsensusReport
from medrubric.analysis.contamination import ContaminationReport
from medrubric.analysis.error_types import ERROR_TYPES, ErrorTypeCounts
from medrubric.analysis.errors import ErrorAnalysis
from medrubric.analysis.metaeval import MetaEvalReport
from medrubric.data.vocab import AXES
from medrubric.report import analysis_plots
from medrubric.report.export import ExportRow
from medrubric.report.render import render_section


def _render(template: str, **context: Any) -> Markup:
    return render_section(f"analysis/{template}", **context)


def leaderboard_section(rows: Sequence[ExportRow], k: int | None = None) -> Markup:
    seen = {a for r in rows for a in r.by_axis}
    axes = [a for a in (*AXES, "unknown") if a in seen]
    return _render("leaderboard.html.j2", rows=rows, axes=axes, k=k)


def contamination_section(report: ContaminationReport) -> Markup:
    return _render("contamination.html.j2", r=report, chart=analysis_plots.score_by_month(report))


def errors_section(
    analysis: ErrorAnalysis, types: Sequence[ErrorTypeCounts] | None = None
) -> Markup:
    overlap = analysis.bottom_overlap
    axes = list(dict.fromkeys(a for r in analysis.error_rates for a in r.by_axis))
    correlation_charts = [
        (c, analysis_plots.heatmap(c.r, c.groups, f"Pearson r by {c.by}", vmin=-1.0))
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
