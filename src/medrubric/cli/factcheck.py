"""`medrubric factcheck`: split answers into claims, retrieve clinical evidence for each and
judge it; on audit pairs, the injected error's detection rate against false flags."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from medrubric.audit.factcheck_defaults import DEFAULT_PENALTY
from medrubric.cli.audit import CONCURRENCY_HELP, ci_text
from medrubric.cli.groups import model_flags
from medrubric.errors import InputError
from medrubric.retrieve.kinds import INDEX_KINDS

if TYPE_CHECKING:
    from medrubric.runtime.options import ModelOptions


@model_flags(concurrency=CONCURRENCY_HELP)
def factcheck_cmd(
    models: ModelOptions,
    model: Annotated[str, typer.Option("--model", help="Claim splitter and judge model.")],
    answers: Annotated[
        Path | None, typer.Option("--answers", help="Answers to check (Response JSONL).")
    ] = None,
    pairs: Annotated[
        Path | None, typer.Option("--pairs", help="Audit pairs (DIR/pairs.jsonl).")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Output folder (default DIR/factcheck with --pairs)."),
    ] = None,
    benchmark: Annotated[
        str | None,
        typer.Option("--benchmark", help="Cases, to give the claim splitter context."),
    ] = None,
    retriever: Annotated[
        str, typer.Option("--retriever", help=f"Index kind: {', '.join(INDEX_KINDS)}.")
    ] = "bm25",
    index: Annotated[
        Path | None,
        typer.Option("--index", help="Index folder (default: the bundled corpus, cached)."),
    ] = None,
    k: Annotated[int, typer.Option("--k", help="Evidence snippets per claim.")] = 5,
    max_claims: Annotated[int, typer.Option("--max-claims", help="Claims per answer.")] = 20,
    penalty: Annotated[
        float,
        typer.Option("--penalty", help="Combined score: points off per unsupported claim."),
    ] = DEFAULT_PENALTY,
    scores: Annotated[
        Path | None,
        typer.Option("--scores", help="pair_scores.jsonl (default DIR/score/pair_scores.jsonl)."),
    ] = None,
) -> None:
    """Fact-check answers (or audit pairs) against the clinical evidence index."""
    from medrubric.audit.factcheck_run import FactcheckOptions, run_factcheck

    target = out or (pairs.parent / "factcheck" if pairs is not None else None)
    if target is None:
        raise InputError("give --out (required with --answers)")
    opts = FactcheckOptions(
        model=model,
        out=target,
        answers=answers,
        pairs=pairs,
        benchmark=benchmark,
        retriever=retriever,
        index=index,
        k=k,
        max_claims=max_claims,
        penalty=penalty,
        scores=scores,
        models=models,
    )
    result = asyncio.run(run_factcheck(opts))
    summary = result.summary
    typer.echo(
        f"answers {summary.answers} ({summary.answers_with_errors} with call errors) · "
        f"claims {summary.claims}: {summary.supported} supported, "
        f"{summary.not_supported} not supported, {summary.not_checkable} not checkable"
    )
    detection = summary.detection
    if detection:
        for name in ("extracted", "detected", "false_flag"):
            r = getattr(detection, name)
            typer.echo(f"{name}: {r.k}/{r.n} = {r.rate:.3f} {ci_text(*r.ci)}")
    combined = summary.combined
    if combined:
        typer.echo(
            f"paired AUROC rubric {combined.rubric_auroc:.3f} vs rubric − "
            f"{combined.penalty} × unsupported {combined.combined_auroc:.3f}"
        )
    typer.echo(str(result.summary_path.resolve()))


def register(app: typer.Typer) -> None:
    app.command("factcheck")(factcheck_cmd)
