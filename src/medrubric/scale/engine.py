"""Where partitions run: in this process (the default; Ray is never imported) or as Ray Data
tasks on a Ray cluster (`--engine ray`, `--ray-address`; no address starts a local Ray).

The work itself is the stage's own function on one partition, so both engines produce the
same files; Ray only decides where each call runs.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from medrubric.errors import InputError
from medrubric.scale.partitions import Partition, WorkFolder, as_rows, plan_partitions

EngineKind = Literal["local", "ray"]
ENGINES: tuple[EngineKind, ...] = ("local", "ray")
CONNECT_TIMEOUT_S = 3.0


@dataclass(frozen=True)
class Engine:
    kind: EngineKind = "local"
    address: str | None = None  # a running cluster's head (host:port or ray://host:port)

    @classmethod
    def parse(cls, kind: str, address: str | None) -> Engine:
        if kind not in ENGINES:
            raise InputError(f"--engine: expected one of {', '.join(ENGINES)}, got {kind!r}")
        if address is not None and kind != "ray":
            raise InputError("--ray-address needs --engine ray")
        if address is not None:  # before any work or progress display starts
            check_reachable(address)
        return cls(kind, address)  # type: ignore[arg-type]


def _host_port(address: str) -> tuple[str, int]:
    bare = address.removeprefix("ray://")
    host, sep, port = bare.rpartition(":")
    if not sep or not port.isdigit():
        raise InputError(f"--ray-address {address}: expected host:port or ray://host:port")
    return host, int(port)


def check_reachable(address: str) -> None:
    """One TCP connect to the head, so a wrong address fails in seconds with one clear line
    instead of Ray's own minute of retries."""
    host, port = _host_port(address)
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT_S):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InputError(f"--ray-address {address}: no Ray cluster reachable ({reason})") from None


def start_ray(engine: Engine) -> None:
    """Join the cluster at `engine.address`, or start a local Ray; reuse one already joined."""
    if engine.address is not None:
        check_reachable(engine.address)
    import ray

    # The stage draws its own progress bar; Ray Data's bars and logs would fight it.
    ray.data.DataContext.get_current().enable_progress_bars = False
    logging.getLogger("ray.data").setLevel(logging.WARNING)
    if ray.is_initialized():
        return
    if engine.address is not None:
        try:
            ray.init(address=engine.address, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise InputError(f"--ray-address {engine.address}: {message}") from None
    else:
        ray.init(include_dashboard=False, log_to_driver=False)


def user_error(exc: BaseException) -> InputError | None:
    """The InputError a Ray task raised, found through Ray's wrapping exceptions."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, InputError):
            return InputError(current.message, current.path, current.line)
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def map_partitions(
    engine: Engine, work: Callable[[Partition], Any], parts: list[Partition]
) -> Iterator[Partition]:
    """Run `work` on every partition; yield each partition as it finishes (any order)."""
    if engine.kind == "local":
        for part in parts:
            work(part)
            yield part
        return
    if not parts:
        return
    start_ray(engine)
    import ray

    def task(row: dict[str, Any]) -> dict[str, Any]:
        part = Partition(**row)
        work(part)
        return {"index": part.index}

    by_index = {p.index: p for p in parts}
    dataset = ray.data.from_items(as_rows(parts), override_num_blocks=len(parts)).map(task)
    try:
        for row in dataset.iter_rows():
            yield by_index[row["index"]]
    except Exception as exc:
        found = user_error(exc)
        if found is None:
            raise
        raise found from None


Progress = Callable[[int], None]


def screen_file(
    source: Path,
    folder: Path,
    settings: dict[str, Any],
    engine: Engine,
    work: Callable[[str, str], Callable[[Partition], Any]],
    partition_lines: int,
    on_step: Progress = lambda _n: None,
) -> tuple[WorkFolder, list[Partition]]:
    """Cut `source` into partitions and run `work(source, folder)` on every partition not yet
    finished in `folder` (kept for the same input and `settings`); `on_step` counts lines."""
    parts = plan_partitions(source, partition_lines)
    folder_ = WorkFolder(folder, source, settings).open()
    pending = folder_.pending(parts)
    on_step(sum(p.lines for p in parts) - sum(p.lines for p in pending))
    for done in map_partitions(engine, work(str(source), str(folder_.folder)), pending):
        on_step(done.lines)
    return folder_, parts
