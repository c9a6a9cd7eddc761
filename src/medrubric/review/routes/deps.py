"""What every route shares: the app's settings (`Site`, kept in `app.state.site`), the
request's database connection, the logged-in reviewer, the owner check, checked path and form
input, and the page helpers. (No `from __future__ import annotations`: FastAPI resolves the
dependency aliases below from their annotations.)"""

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates
from sqlalchemy import Connection
from starlette.datastructures import FormData

from medrubric.review import db, store
from medrubric.review.auth import checked_form, csrf_token, session_token, token_digest
from medrubric.review.throttle import LoginThrottle

MAX_ITEM_ID = 2**31 - 1  # the largest id an INTEGER column holds on either database


@dataclass(frozen=True)
class Site:
    """One app's settings: its project (folder, database), page templates, login throttle
    and the security headers every response carries."""

    project: Path
    database: str | None
    templates: Jinja2Templates
    throttle: LoginThrottle
    security_headers: dict[str, str]


class LoginRequired(Exception):
    """Raised by the `reviewer` dependency; answered with a redirect to /login."""


def site(request: Request) -> Site:
    found: Site = request.app.state.site
    return found


SiteOf = Annotated[Site, Depends(site)]


def connection(settings: SiteOf) -> Iterator[Connection]:
    """One database connection per request, used off the event loop."""
    with store.connect(settings.project, settings.database) as conn:
        yield conn


Conn = Annotated[Connection, Depends(connection)]


def reviewer(request: Request, conn: Conn) -> db.Reviewer:
    token = session_token(request)
    found = db.session_reviewer(conn, token_digest(token)) if token else None
    if found is None:
        raise LoginRequired
    return found


User = Annotated[db.Reviewer, Depends(reviewer)]


def owner(user: User) -> db.Reviewer:
    if not user.is_owner:
        raise HTTPException(status_code=403, detail="owners only")
    return user


Owner = Annotated[db.Reviewer, Depends(owner)]


def item_number(item_id: str) -> int:
    """The item id of a URL: 404 for anything but a positive integer a database can hold
    (a 20-digit id would otherwise overflow the driver)."""
    if not (len(item_id) <= 10 and item_id.isascii() and item_id.isdigit()):
        raise HTTPException(status_code=404, detail="no such item")
    number = int(item_id)
    if not 0 < number <= MAX_ITEM_ID:
        raise HTTPException(status_code=404, detail="no such item")
    return number


ItemId = Annotated[int, Depends(item_number)]
Form = Annotated[FormData, Depends(checked_form)]


def see_other(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def page(
    request: Request,
    name: str,
    status: int = 200,
    headers: dict[str, str] | None = None,
    **context: Any,
) -> HTMLResponse:
    """Template `name` with `context` and this session's CSRF token."""
    context |= {"csrf": csrf_token(request)}
    templates = site(request).templates
    return templates.TemplateResponse(request, name, context, status_code=status, headers=headers)
