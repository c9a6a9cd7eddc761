"""`medrubric serve local [MODEL]`: the embedded llama.cpp server in the foreground, so other
tools (or another medrubric process) can use it as `openai:MODEL@URL`."""

from __future__ import annotations

import typer

from medrubric.llm.local_server import DEFAULT_N_CTX, SMOLLM2


def serve_local(
    model: str = typer.Argument(SMOLLM2, help="'smollm2' or the path of a .gguf file."),
    port: int = typer.Option(0, "--port", help="Port on 127.0.0.1 (0 picks a free one)."),
    n_ctx: int = typer.Option(DEFAULT_N_CTX, "--n-ctx", help="Context window in tokens."),
    timeout: float = typer.Option(120.0, "--timeout", help="Seconds to wait for start-up."),
) -> None:
    """Run a local GGUF model until Ctrl-C and print its base URL and model spec."""
    from medrubric.llm.local_server import LocalServer, resolve_local_model

    alias = SMOLLM2 if model == SMOLLM2 else resolve_local_model(model).stem
    server = LocalServer(
        resolve_local_model(model),
        alias=alias,
        port=port or None,
        n_ctx=n_ctx,
        startup_timeout=timeout,
    )
    with server:
        typer.echo(f"base URL: {server.base_url}")
        typer.echo(f"model spec: openai:{alias}@{server.base_url}")
        typer.echo("Ctrl-C stops the server.", err=True)
        assert server.process is not None
        try:
            code = server.process.wait()
        except KeyboardInterrupt:
            return
    typer.echo(f"local model server exited with code {code}:\n{server.log_tail()}", err=True)
    raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    serve_app = typer.Typer(help="Serve models over an OpenAI-compatible HTTP API.")
    serve_app.command("local")(serve_local)
    app.add_typer(serve_app, name="serve")
