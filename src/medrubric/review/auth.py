"""Passwords (argon2), sessions and CSRF protection of the review app.

The browser holds a signed, HttpOnly, SameSite=Lax cookie (Starlette's SessionMiddleware,
key from `secret.signing_key`) with a per-session CSRF token and, once logged in, a random
session token. The token is only valid while its (hashed) row is in the sessions table, so
logging out or changing a password revokes it at once, and a copied database holds nothing
a cookie could be made from. Every POST must echo the CSRF token in a `csrf_token` form
field or is refused with 403.

Forms are read only as `application/x-www-form-urlencoded` (415 otherwise), at most
`MAX_FORM_BYTES` (413, checked while the body streams in, before anything is parsed) and
`MAX_FORM_FIELDS` fields (400), so an anonymous client cannot make the server buffer or
parse more than that.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
from urllib.parse import parse_qsl

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import HTTPException, Request
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile

_HASHER = PasswordHasher()
SESSION_COOKIE = "medrubric_review"
SESSION_MAX_AGE = 12 * 3600
MAX_FORM_BYTES = 256 * 1024  # a 10,000-character comment percent-encoded is at most 120 KB
MAX_FORM_FIELDS = 100
_FORM_TYPE = "application/x-www-form-urlencoded"


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


@functools.cache
def _dummy_hash() -> str:
    """A hash no password matches, verified for unknown names so they cost as much time."""
    return _HASHER.hash(secrets.token_urlsafe(32))


def verify_password(password_hash: str | None, password: str) -> bool:
    """One argon2 verification whatever the account: unknown names and accounts without a
    password (imported archive accounts) are checked against a dummy hash and fail."""
    try:
        return _HASHER.verify(password_hash or _dummy_hash(), password) and bool(password_hash)
    except (VerificationError, InvalidHashError):
        return False


async def verify_password_off_loop(password_hash: str | None, password: str) -> bool:
    """argon2 takes a quarter second of CPU: run it in the thread pool so parallel logins do
    not stall every other request."""
    return await run_in_threadpool(verify_password, password_hash, password)


def token_digest(token: str) -> str:
    """What the sessions table stores of a session token."""
    return hashlib.sha256(token.encode()).hexdigest()


def csrf_token(request: Request) -> str:
    """This session's CSRF token, created on first use."""
    token = request.session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        request.session["csrf"] = token
    return token


def start_session(request: Request) -> str:
    """A fresh cookie session (new CSRF token, so a planted cookie is worthless) holding a new
    session token; returns the token for the caller to store (hashed) server-side."""
    request.session.clear()
    token = secrets.token_urlsafe(32)
    request.session["sid"] = token
    csrf_token(request)
    return token


def session_token(request: Request) -> str | None:
    sid = request.session.get("sid")
    return sid if isinstance(sid, str) else None


async def _form_body(request: Request) -> bytes:
    """The request body, refused (413) as soon as it is declared or found to be larger than
    `MAX_FORM_BYTES`."""
    too_large = HTTPException(
        status_code=413, detail=f"The form is larger than {MAX_FORM_BYTES // 1024} KiB."
    )
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > MAX_FORM_BYTES:
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            raise too_large
    return bytes(body)


async def checked_form(request: Request) -> FormData:
    """The POSTed form within the limits (415, 413 or 400 otherwise), or 403 when its CSRF
    token is missing or wrong."""
    media_type = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media_type != _FORM_TYPE:
        raise HTTPException(status_code=415, detail=f"Send the form as {_FORM_TYPE}.")
    body = await _form_body(request)
    fields: list[tuple[str, str | UploadFile]] = []
    try:
        fields += parse_qsl(
            body.decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_FORM_FIELDS
        )
    except UnicodeDecodeError:
        raise HTTPException(status_code=400, detail="The form is not UTF-8.") from None
    except ValueError:
        raise HTTPException(
            status_code=400, detail=f"The form has more than {MAX_FORM_FIELDS} fields."
        ) from None
    form = FormData(fields)
    sent = form.get("csrf_token")
    expected = request.session.get("csrf")
    if not (isinstance(sent, str) and isinstance(expected, str)):
        raise HTTPException(status_code=403, detail="missing CSRF token")
    if not hmac.compare_digest(sent, expected):
        raise HTTPException(status_code=403, detail="wrong CSRF token")
    return form
