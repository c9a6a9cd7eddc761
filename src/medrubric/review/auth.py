"""Passwords (argon2), the signed session and CSRF protection of the review app.

The session lives in a signed, HttpOnly, SameSite=Lax cookie (Starlette's SessionMiddleware,
itsdangerous under the hood) holding the reviewer id and a per-session CSRF token. Every
POST must echo that token in a `csrf_token` form field or is refused with 403.
"""

from __future__ import annotations

import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import HTTPException, Request
from starlette.datastructures import FormData

_HASHER = PasswordHasher()
SESSION_COOKIE = "medrubric_review"
SESSION_MAX_AGE = 12 * 3600


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    """False for a wrong password or an account without one (imported archive accounts)."""
    if not password_hash:
        return False
    try:
        return _HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def csrf_token(request: Request) -> str:
    """This session's CSRF token, created on first use."""
    token = request.session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        request.session["csrf"] = token
    return token


def start_session(request: Request, reviewer_id: int) -> None:
    """Log in with a fresh session (new CSRF token), so a planted cookie is worthless."""
    request.session.clear()
    request.session["rid"] = reviewer_id
    csrf_token(request)


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
