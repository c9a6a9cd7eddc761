"""The one atomic write: a file appears whole or not at all.

`atomic_open` writes a temp file beside the target (unique per process and call, created with
the usual permissions under the umask), flushes and fsyncs it, then renames it over the
target; on any error the temp file is removed and the target is left as it was. Everything
medrubric writes as a finished output (JSON, JSONL, HTML, Markdown, caches) goes through it;
append-only logs are the other kind (runtime/folder.py)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Literal


@contextmanager
def atomic_open(path: str | Path, mode: Literal["w", "wb"] = "w") -> Iterator[IO[Any]]:
    """A handle on a temp file that replaces `path` once the block ends without error."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        if mode == "wb":
            handle: IO[Any] = os.fdopen(fd, "wb")
        else:
            handle = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        with handle as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_text_atomic(path: str | Path, text: str) -> None:
    """`text` (UTF-8, "\\n" line ends) as the whole content of `path`, atomically."""
    with atomic_open(path) as fh:
        fh.write(text)


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    with atomic_open(path, "wb") as fh:
        fh.write(data)
