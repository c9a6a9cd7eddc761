"""Login and logout."""

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from medrubric.review import db
from medrubric.review.auth import (
    SESSION_MAX_AGE,
    session_token,
    start_session,
    token_digest,
    verify_password_off_loop,
)
from medrubric.review.routes.deps import Conn, Form, SiteOf, page, see_other

router = APIRouter()


@router.get("/login")
def login_form(request: Request) -> HTMLResponse:
    return page(request, "login.html", user=None)


@router.post("/login")
async def login(request: Request, form: Form, conn: Conn, settings: SiteOf) -> Response:
    """The attempt is counted (or refused) before the password is checked, so parallel
    guesses cannot pass the throttle; the client is the TCP peer unless `review serve
    --forwarded-allow-ips` names the proxy."""
    throttle = settings.throttle
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
    return see_other("/")


@router.post("/logout")
def logout(request: Request, form: Form, conn: Conn) -> Response:
    token = session_token(request)
    if token:
        db.end_session(conn, token_digest(token))
    request.session.clear()
    return see_other("/login")
