"""The key that signs the review app's cookies: a 0600 file beside the project, never in the
database, so a copied or leaked database cannot be used to forge a session.

`MEDRUBRIC_REVIEW_SECRET` (at least 32 characters) overrides the file, e.g. when several
servers share one Postgres database.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from medrubric.errors import InputError

KEY_NAME = "review.key"
SECRET_ENV = "MEDRUBRIC_REVIEW_SECRET"


def key_path(project: str | Path) -> Path:
    return Path(project) / KEY_NAME


def create_private(path: Path) -> int:
    """A new file only its owner can read or write (mode 0600 from the start, whatever the
    umask); returns its descriptor open for writing."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)


def check_private(path: Path) -> None:
    """Refuse a file that its group or others can read or write."""
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise InputError(f"permissions {mode:04o} are too open; run `chmod 600 {path}`", path)


def write_key(project: str | Path) -> Path:
    """A new random key, created with mode 0600 (never world- or group-readable)."""
    path = key_path(project)
    with os.fdopen(create_private(path), "w") as out:
        out.write(secrets.token_hex(32) + "\n")
    return path


def signing_key(project: str | Path) -> str:
    """The environment's key, else the project's key file (created when missing); a key file
    that others can read is refused."""
    from_env = os.environ.get(SECRET_ENV)
    if from_env is not None:
        if len(from_env) < 32:
            raise InputError(f"{SECRET_ENV}: use at least 32 random characters")
        return from_env
    path = key_path(project)
    if not path.exists():
        write_key(project)
    check_private(path)
    key = path.read_text(encoding="utf-8").strip()
    if len(key) < 32:
        raise InputError("the key is shorter than 32 characters", path)
    return key
