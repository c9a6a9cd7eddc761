"""Passwords (argon2), sessions and CSRF protection of the review app.

The browser holds a signed, HttpOnly, SameSite=Lax cookie (Starlette's SessionMiddleware,
key from `secret.signing_key`) with a per-session CSRF token and, once logged in, a random
session token. The token is only valid while its (hashed) row is in the sessions table, so
logging out or changing a password revokes it at once, and a copied database holds nothing
a cookie could be made from. Every POST must echo the CSRF token in a `csrf_token` form
field or is refused with 403.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import HTTPException, Request
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

_HASHER = PasswordHasher()
SESSION_COOKIE = "medrubric_review"
SESSION_MAX_AGE = 12 * 3600


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


async def checked_form(request: Request) -> FormData:
    """The POSTed form, or 403 when its CSRF token is missing or wrong."""
    form = await request.form()
    sent = form.get("csrf_token")
    expected = request.session.get("csrf")
    if not (isinstance(sent, str) and isinstance(expected, str)):
        raise HTTPException(status_code=403, detail="missing CSRF token")
    if not hmac.compare_digest(sent, expected):
        raise HTTPException(status_code=403, detail="wrong CSRF token")
    return form
