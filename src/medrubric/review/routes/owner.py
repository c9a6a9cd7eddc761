"""The owner's pages: progress per reviewer and agreement figures, computed live."""

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from medrubric.review import db
from medrubric.review.agreement import N_RESAMPLES, agreement_report
from medrubric.review.routes.deps import Conn, Owner, page

router = APIRouter(prefix="/owner")


@router.get("")
def owner_progress(request: Request, user: Owner, conn: Conn) -> HTMLResponse:
    rows = db.progress(conn)
    return page(request, "owner.html", user=user, rows=rows, config=db.config(conn))


@router.get("/agreement")
def owner_agreement(request: Request, user: Owner, conn: Conn) -> HTMLResponse:
    report = agreement_report(db.all_items(conn), db.all_labels(conn))
    return page(request, "agreement.html", user=user, report=report, n_resamples=N_RESAMPLES)
