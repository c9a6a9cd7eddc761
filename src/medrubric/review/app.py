"""The review web app: login, each reviewer's own queue, item forms, owner pages.

Server-rendered (FastAPI + Jinja); one database connection per request, used only off the
event loop (sync handlers and dependencies run in the thread pool; the async login handler
hands its database calls to it), so a held database lock stalls only the requests that need
it, which end after `store.LOCK_WAIT_S` with 503 and `Retry-After`. Reviewers only ever
reach items assigned to them (403 otherwise) and only see their own labels. Every response,
errors included, carries the security headers. (No
`from __future__ import annotations`: FastAPI must resolve the dependency aliases defined
inside `create_app`.)
"""

import logging
import math
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy import Connection
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware

from medrubric.review import db, store
from medrubric.review.agreement import agreement_report
from medrubric.review.auth import (
    SESSION_COOKIE,
    SESSION_MAX_AGE,
    checked_form,
    csrf_token,
    session_token,
    start_session,
    token_digest,
    verify_password_off_loop,
)
from medrubric.review.diff import changed_segments
from medrubric.review.exports import labels_csv, meta_eval_csv
from medrubric.review.hosts import LOOPBACK_NAMES, host_checker
from medrubric.review.models import Answer, Item
from medrubric.review.secret import signing_key
from medrubric.review.tasks import AXIS_LIST, TASK_TITLES, WEIGHT_SCALE, questions_for
from medrubric.review.throttle import LoginThrottle

HERE = Path(__file__).parent
LOG = logging.getLogger(__name__)
_ANSWERS: tuple[Answer, ...] = ("yes", "no")
MAX_COMMENT_CHARS = 10_000
MAX_ITEM_ID = 2**31 - 1  # the largest id an INTEGER column holds on either database
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


def _see_other(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


class LoginRequired(Exception):
    """Raised by the `reviewer` dependency; answered with a redirect to /login."""


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


def _csv_download(body: str, filename: str) -> Response:
    return Response(
        body,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def create_app(
    project: str | Path,
    *,
    database: str | None = None,
    allowed_hosts: Iterable[str] = LOOPBACK_NAMES,
    https_only: bool = False,
    throttle: LoginThrottle | None = None,
) -> FastAPI:
    """The app for one project: its folder (signing key, and SQLite database unless `db`
    `database` names a PostgreSQL one).

    Requests naming any other `Host` than `allowed_hosts` are refused (DNS rebinding);
    `https_only` marks the cookie Secure and sends HSTS, for use behind TLS.
    """
    project = Path(project)
    with store.connect(project, database):
        pass  # fails early where there is no project
    key = signing_key(project)
    throttle = (throttle or LoginThrottle()).keyed(key)
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(
        SessionMiddleware,
        secret_key=key,
        session_cookie=SESSION_COOKIE,
        max_age=SESSION_MAX_AGE,
        same_site="lax",
        https_only=https_only,
    )
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")
    templates.env.globals |= {
        "max_comment": MAX_COMMENT_CHARS,
        "task_titles": TASK_TITLES,
        "axis_list": AXIS_LIST,
        "weight_scale": WEIGHT_SCALE,
    }
    security_headers = _SECURITY_HEADERS | (
        {"Strict-Transport-Security": _HSTS} if https_only else {}
    )
    host_allowed = host_checker(allowed_hosts)

    def secured(response: Response) -> Response:
        response.headers.update(security_headers)
        return response

    def connection() -> Iterator[Connection]:
        with store.connect(project, database) as conn:
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

    @app.middleware("http")
    async def _security_headers(request: Request, call_next: Any) -> Response:
        """No framing (clickjacking), no third-party scripts or styles, no URL leaks; a page
        reached through an unexpected host name (DNS rebinding) is refused."""
        if not host_allowed(request.headers.get("host", "")):
            response: Response = Response("unexpected Host header", status_code=400)
        else:
            response = await call_next(request)
        return secured(response)

    @app.exception_handler(LoginRequired)
    async def _to_login(request: Request, exc: LoginRequired) -> Response:
        return _see_other("/login")

    def page(
        request: Request,
        name: str,
        status: int = 200,
        headers: dict[str, str] | None = None,
        **context: Any,
    ) -> HTMLResponse:
        context |= {"csrf": csrf_token(request)}
        return templates.TemplateResponse(
            request, name, context, status_code=status, headers=headers
        )

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
        return secured(templates.TemplateResponse(request, "error.html", context, 500))

    @app.exception_handler(StarletteHTTPException)
    async def _error_page(request: Request, exc: StarletteHTTPException) -> Response:
        return page(
            request,
            "error.html",
            exc.status_code,
            user=None,
            code=exc.status_code,
            detail=exc.detail,
        )

    @app.get("/login")
    def login_form(request: Request) -> HTMLResponse:
        return page(request, "login.html", user=None)

    @app.post("/login")
    async def login(request: Request, form: Form, conn: Conn) -> Response:
        """The attempt is counted (or refused) before the password is checked, so parallel
        guesses cannot pass the throttle; the client is the TCP peer unless `review serve
        --forwarded-allow-ips` names the proxy."""
        name, password = str(form.get("name", "")), str(form.get("password", ""))
        client = request.client.host if request.client else ""
        attempt = await run_in_threadpool(throttle.reserve, conn, name, client)
        if attempt.retry_after:
            wait = attempt.retry_after
            error = f"Too many failed logins: try again in {-(-wait // 60)} minute(s)."
            headers = {"Retry-After": str(wait)}
            return page(request, "login.html", 429, headers, user=None, error=error)
        found = await run_in_threadpool(db.reviewer_by_name, conn, name)
        valid = await verify_password_off_loop(found.password_hash if found else None, password)
        if found is None or not valid:
            await run_in_threadpool(throttle.failed, conn, attempt)
            return page(request, "login.html", 401, user=None, error="Wrong name or password.")
        await run_in_threadpool(throttle.succeeded, conn, attempt)
        digest = token_digest(start_session(request))
        await run_in_threadpool(db.create_session, conn, digest, found.id, SESSION_MAX_AGE)
        return _see_other("/")

    @app.post("/logout")
    def logout(request: Request, form: Form, conn: Conn) -> Response:
        token = session_token(request)
        if token:
            db.end_session(conn, token_digest(token))
        request.session.clear()
        return _see_other("/login")

    @app.get("/")
    def home(user: User) -> Response:
        return _see_other("/owner" if user.is_owner else "/queue")

    @app.get("/queue")
    def queue(request: Request, user: User, conn: Conn) -> HTMLResponse:
        entries = db.queue(conn, user.id)
        first_open = next((e for e in entries if not e.labelled), None)
        return page(request, "queue.html", user=user, entries=entries, first_open=first_open)

    def assigned_item(conn: Connection, item_id: int, user: db.Reviewer) -> Item:
        found = db.item(conn, item_id)
        if found is None:
            raise HTTPException(status_code=404, detail="no such item")
        if not db.is_assigned(conn, item_id, user.id):
            raise HTTPException(status_code=403, detail="this item is not in your queue")
        return found

    def item_page(
        request: Request,
        conn: Connection,
        user: db.Reviewer,
        item_id: int,
        item: Item,
        answers: dict[str, str],
        comment: str,
        status: int = 200,
        error: str | None = None,
        open_fields: Iterable[str] = (),
    ) -> HTMLResponse:
        entries = db.queue(conn, user.id)
        ids = [e.id for e in entries]
        at = ids.index(item_id)
        diff = None
        if item.task == "injected":
            diff = changed_segments(item.payload["original"], item.payload["edited"])
        return page(
            request,
            "item.html",
            status,
            user=user,
            item=item,
            item_id=item_id,
            questions=questions_for(item),
            answers=answers,
            comment=comment,
            error=error,
            open_fields=set(open_fields),
            diff=diff,
            position=at + 1,
            total=len(ids),
            done=sum(e.labelled for e in entries),
            prev_id=ids[at - 1] if at > 0 else None,
            next_id=ids[at + 1] if at + 1 < len(ids) else None,
        )

    @app.get("/items/{item_id}")
    def show_item(request: Request, user: User, item_id: ItemId, conn: Conn) -> HTMLResponse:
        item = assigned_item(conn, item_id, user)
        stored = db.own_label(conn, item_id, user.id)
        answers, comment = stored if stored else ({}, "")
        return item_page(request, conn, user, item_id, item, dict(answers), comment)

    @app.post("/items/{item_id}")
    def label_item(
        request: Request, user: User, form: Form, item_id: ItemId, conn: Conn
    ) -> Response:
        item = assigned_item(conn, item_id, user)
        answers: dict[str, Answer] = {}
        for question in questions_for(item):
            value = form.get(f"q.{question.field}")
            if value in _ANSWERS:
                answers[question.field] = "yes" if value == "yes" else "no"
        comment = str(form.get("comment", "")).strip()
        still_open = [q.field for q in questions_for(item) if q.field not in answers]
        given = {k: str(v) for k, v in answers.items()}
        if len(comment) > MAX_COMMENT_CHARS:
            error = (
                f"Not saved: the comment has {len(comment):,} characters; "
                f"shorten it to at most {MAX_COMMENT_CHARS:,}."
            )
            return item_page(request, conn, user, item_id, item, given, comment, 400, error)
        if still_open:
            error = (
                f"Not saved: {len(still_open)} question(s) still open (marked below). "
                "Answer every question before saving."
            )
            return item_page(
                request, conn, user, item_id, item, given, comment, 400, error, still_open
            )
        db.save_label(conn, item_id, user.id, answers, comment)
        entries = db.queue(conn, user.id)
        open_ids = [e.id for e in entries if not e.labelled]
        following = [i for i in open_ids if i > item_id] + open_ids
        return _see_other(f"/items/{following[0]}" if following else "/queue")

    @app.get("/owner")
    def owner_progress(request: Request, user: Owner, conn: Conn) -> HTMLResponse:
        rows = db.progress(conn)
        return page(request, "owner.html", user=user, rows=rows, config=db.config(conn))

    @app.get("/owner/agreement")
    def owner_agreement(request: Request, user: Owner, conn: Conn) -> HTMLResponse:
        report = agreement_report(db.all_items(conn), db.all_labels(conn))
        return page(request, "agreement.html", user=user, report=report)

    @app.get("/owner/labels.csv")
    def export_labels(user: Owner, conn: Conn) -> Response:
        return _csv_download(labels_csv(db.all_labels(conn)), "labels.csv")

    @app.get("/owner/meta-eval.csv")
    def export_meta_eval(user: Owner, conn: Conn) -> Response:
        body = meta_eval_csv(db.all_items(conn), db.all_labels(conn))
        return _csv_download(body, "meta-eval.csv")

    return app
