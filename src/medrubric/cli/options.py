"""Command-line options shared by the stage commands, declared once so every command spells,
documents and validates a flag the same way: parameter types such as ``out: Out``. Flags that
travel together (model, grader, batch and cluster) are option groups in `cli/groups.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from medrubric.errors import InputError

if TYPE_CHECKING:
    from medrubric.llm.endpoint import FanoutSettings

Timeout = Annotated[float, typer.Option("--timeout", help="Seconds per model request.")]
CacheDir = Annotated[Path | None, typer.Option("--cache-dir", help="LLM call cache folder.")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the LLM cache.")]
Config = Annotated[Path | None, typer.Option("--config", help="medrubric.toml to use.")]
MaxTokens = Annotated[
    int | None, typer.Option("--max-tokens", min=1, help="Reply length limit per call.")
]
Seed = Annotated[
    int, typer.Option("--seed", help="Seed of the bootstrap (and permutation) resampling.")
]
Resamples = Annotated[int, typer.Option("--resamples", min=1, help="Bootstrap resamples.")]
Out = Annotated[Path, typer.Option("--out", help="Output folder (resumable).")]
# The --out a command writes when none is given: `main` removes it after bad input, as it
# removes a --out given on the command line.
DEFAULT_OUTS = {"demo": Path("demo-out")}
Epochs = Annotated[
    int,
    typer.Option(
        "--epochs", min=1, metavar="K", help="Answers per case (epoch e > 0 is asked with seed e)."
    ),
]
Temperature = Annotated[
    float | None,
    typer.Option(
        "--temperature",
        min=0.0,
        help="Candidate sampling temperature (default: its medrubric.toml entry's, else 0).",
    ),
]
PassThreshold = Annotated[
    float,
    typer.Option(
        "--pass-threshold", min=0.0, max=1.0, help="Case score an answer passes at (reliability@k)."
    ),
]
# Help text is rich markup: a literal "[" is written "\\[".
ENGINE_HELP = "local (this process) or ray (Ray Data tasks; pip install 'medrubric\\[ray]')."
RAY_ADDRESS_HELP = "Head of a running Ray cluster (host:port); default: start a local Ray."
ENDPOINT_HELP = (
    "With --engine ray: a server of the model, URL\\[#N] with N requests in flight "
    "(default 4); repeat for each server."
)
EngineOpt = Annotated[str, typer.Option("--engine", help=ENGINE_HELP)]
RayAddress = Annotated[str | None, typer.Option("--ray-address", help=RAY_ADDRESS_HELP)]
PartitionLines = Annotated[
    int, typer.Option("--partition-lines", min=1, help="Threads per resumable partition.")
]
Endpoints = Annotated[list[str] | None, typer.Option("--endpoint", help=ENDPOINT_HELP)]


def fanout_settings(
    engine: str,
    address: str | None,
    endpoints: list[str] | None,
    batch_api: str | None = None,
) -> FanoutSettings | None:
    """--engine ray with its endpoints, or None for the in-process client."""
    from medrubric.llm.endpoint import Endpoint, FanoutSettings
    from medrubric.scale.engine import Engine

    chosen = Engine.parse(engine, address)
    if chosen.kind == "local":
        if endpoints:
            raise InputError("--endpoint needs --engine ray")
        return None
    if not endpoints:
        raise InputError("--engine ray needs at least one --endpoint URL[#N] serving the model")
    if batch_api is not None:
        raise InputError("--batch-api and --engine ray are two ways to send calls: pick one")
    return FanoutSettings(chosen, tuple(Endpoint.parse(e) for e in endpoints))


MaxErrorRate = Annotated[
    float,
    typer.Option(
        "--max-error-rate",
        min=0.0,
        max=1.0,
        help="Exit 1 when a larger share of verdicts (or of answers) are errors.",
    ),
]
