"""The review web app: login, each reviewer's own queue, item forms, owner pages.

Server-rendered (FastAPI + Jinja); the routes are routers in `review/routes/` sharing the
dependencies in `routes/deps.py`. One database connection per request, used only off the
event loop (sync handlers and dependencies run in the thread pool; the async login handler
hands its database calls to it), so a held database lock stalls only the requests that need
it, which end after `store.LOCK_WAIT_S` with 503 and `Retry-After`. Reviewers only ever
reach items assigned to them (403 otherwise) and only see their own labels. Every response,
errors included, carries the security headers. The pages link the one stylesheet every
medrubric page shares (`report/templates/style.css`), rendered once when the app is made and
served as `/static/style.css`, since the CSP allows no inline style.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware

from medrubric.report.render import render
from medrubric.review import store
from medrubric.review.auth import SESSION_COOKIE, SESSION_MAX_AGE
from medrubric.review.hosts import LOOPBACK_NAMES, host_checker
from medrubric.review.routes import auth, export, items, owner
from medrubric.review.routes.deps import LoginRequired, Site, page, see_other
from medrubric.review.routes.items import MAX_COMMENT_CHARS
from medrubric.review.secret import signing_key
from medrubric.review.tasks import AXIS_LIST, TASK_TITLES, WEIGHT_SCALE
from medrubric.review.throttle import LoginThrottle

HERE = Path(__file__).parent
LOG = logging.getLogger(__name__)
ROUTERS = (auth.router, items.router, owner.router, export.router)
_SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
    ),
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
_HSTS = "max-age=31536000"
STYLESHEET = "style.css"  # of report/templates/, the one stylesheet of every medrubric page


def create_app(
    project: str | Path,
    *,
    database: str | None = None,
    allowed_hosts: Iterable[str] = LOOPBACK_NAMES,
    https_only: bool = False,
    throttle: LoginThrottle | None = None,
) -> FastAPI:
    """The app for one project: its folder (signing key, and SQLite database unless
    `database` names a PostgreSQL one).

    Requests naming any other `Host` than `allowed_hosts` are refused (DNS rebinding);
    `https_only` marks the cookie Secure and sends HSTS, for use behind TLS.
    """
    project = Path(project)
    with store.connect(project, database):
        pass  # fails early where there is no project
    key = signing_key(project)
    templates = Jinja2Templates(directory=HERE / "templates")
    templates.env.globals |= {
        "max_comment": MAX_COMMENT_CHARS,
        "task_titles": TASK_TITLES,
        "axis_list": AXIS_LIST,
        "weight_scale": WEIGHT_SCALE,
    }
    site = Site(
        project=project,
        database=database,
        templates=templates,
        throttle=(throttle or LoginThrottle()).keyed(key),
        security_headers=_SECURITY_HEADERS
        | ({"Strict-Transport-Security": _HSTS} if https_only else {}),
    )
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    app.state.site = site
    app.add_middleware(
        SessionMiddleware,
        secret_key=key,
        session_cookie=SESSION_COOKIE,
        max_age=SESSION_MAX_AGE,
        same_site="lax",
        https_only=https_only,
    )
    _serve_stylesheet(app)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    _answer_errors(app, site)
    _secure_responses(app, site, host_checker(allowed_hosts))
    for router in ROUTERS:
        app.include_router(router)
    return app


def _serve_stylesheet(app: FastAPI) -> None:
    """`/static/style.css`: the shared stylesheet, rendered from its one source once, here
    (registered before the `/static` mount, which would otherwise answer for it)."""
    css = render(STYLESHEET).encode()

    @app.get(f"/static/{STYLESHEET}", include_in_schema=False)
    async def _stylesheet() -> Response:
        return Response(css, media_type="text/css; charset=utf-8")


def _secure_responses(app: FastAPI, site: Site, host_allowed: Any) -> None:
    @app.middleware("http")
    async def _security_headers(request: Request, call_next: Any) -> Response:
        """No framing (clickjacking), no third-party scripts or styles, no URL leaks; a page
        reached through an unexpected host name (DNS rebinding) is refused."""
        if not host_allowed(request.headers.get("host", "")):
            response: Response = Response("unexpected Host header", status_code=400)
        else:
            response = await call_next(request)
        response.headers.update(site.security_headers)
        return response


def _answer_errors(app: FastAPI, site: Site) -> None:
    """Every error as a page: the login redirect, 503 for a busy database, the HTTP errors,
    and a plain 500 for anything unexpected."""

    @app.exception_handler(LoginRequired)
    async def _to_login(request: Request, exc: LoginRequired) -> Response:
        return see_other("/login")

    @app.exception_handler(OperationalError)
    @app.exception_handler(PoolTimeout)
    async def _database_busy(request: Request, exc: Exception) -> Response:
        """A lock held past `store.LOCK_WAIT_S`, or a database that does not answer: 503,
        never a 500. Only the error's class is logged (its text may quote the SQL's values)."""
        cause = getattr(exc, "orig", None) or exc
        LOG.warning("review database busy or unreachable (%s): answered 503", type(cause).__name__)
        wait = math.ceil(store.LOCK_WAIT_S)
        detail = f"The database is busy: please try again in {wait} seconds."
        headers = {"Retry-After": str(wait)}
        return page(request, "error.html", 503, headers, user=None, code=503, detail=detail)

    @app.exception_handler(Exception)
    async def _server_error(request: Request, exc: Exception) -> Response:
        """Anything unexpected: a plain 500 page with the security headers (this runs
        outside the middleware; the error itself is logged by the server)."""
        context = {"user": None, "code": 500, "detail": "Internal error.", "csrf": ""}
        response = site.templates.TemplateResponse(request, "error.html", context, 500)
        response.headers.update(site.security_headers)
        return response

    @app.exception_handler(StarletteHTTPException)
    async def _error_page(request: Request, exc: StarletteHTTPException) -> Response:
        return page(
            request, "error.html", exc.status_code, user=None, code=exc.status_code,
            detail=exc.detail,
        )  # fmt: skip
