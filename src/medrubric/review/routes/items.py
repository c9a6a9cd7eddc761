"""A reviewer's queue and item forms: reviewers reach only items assigned to them (403
otherwise) and see only their own labels."""

from collections.abc import Iterable

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy import Connection

from medrubric.review import db
from medrubric.review.diff import changed_segments
from medrubric.review.models import ANSWERS, Answer, Item
from medrubric.review.routes.deps import Conn, Form, ItemId, User, page, see_other
from medrubric.review.tasks import questions_for

MAX_COMMENT_CHARS = 10_000

router = APIRouter()


@router.get("/")
def home(user: User) -> Response:
    return see_other("/owner" if user.is_owner else "/queue")


def by_case(entries: Iterable[db.QueueEntry]) -> list[list[tuple[int, db.QueueEntry]]]:
    """Queue entries (with their 1-based queue position) grouped by task and case, each
    group where its first item stands in the queue."""
    groups: dict[tuple[str, str], list[tuple[int, db.QueueEntry]]] = {}
    for n, e in enumerate(entries, 1):
        groups.setdefault((e.task, e.case_id), []).append((n, e))
    return list(groups.values())


@router.get("/queue")
def queue(request: Request, user: User, conn: Conn) -> HTMLResponse:
    entries = db.queue(conn, user.id)
    first_open = next((e for e in entries if not e.labelled), None)
    return page(
        request,
        "queue.html",
        user=user,
        entries=entries,
        groups=by_case(entries),
        first_open=first_open,
    )


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
    rubric = None
    if item.task in ("criterion", "verdict"):
        rubric = item.payload.get("rubric") or db.case_rubric(conn, item)
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
        rubric=rubric,
        position=at + 1,
        total=len(ids),
        done=sum(e.labelled for e in entries),
        prev_id=ids[at - 1] if at > 0 else None,
        next_id=ids[at + 1] if at + 1 < len(ids) else None,
    )


@router.get("/items/{item_id}")
def show_item(request: Request, user: User, item_id: ItemId, conn: Conn) -> HTMLResponse:
    item = assigned_item(conn, item_id, user)
    stored = db.own_label(conn, item_id, user.id)
    answers, comment = stored if stored else ({}, "")
    return item_page(request, conn, user, item_id, item, dict(answers), comment)


@router.post("/items/{item_id}")
def label_item(request: Request, user: User, form: Form, item_id: ItemId, conn: Conn) -> Response:
    item = assigned_item(conn, item_id, user)
    answers: dict[str, Answer] = {}
    for question in questions_for(item):
        value = form.get(f"q.{question.field}")
        for answer in ANSWERS:
            if value == answer:
                answers[question.field] = answer
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
        return item_page(request, conn, user, item_id, item, given, comment, 400, error, still_open)
    db.save_label(conn, item_id, user.id, answers, comment)
    entries = db.queue(conn, user.id)
    open_ids = [e.id for e in entries if not e.labelled]
    following = [i for i in open_ids if i > item_id] + open_ids
    return see_other(f"/items/{following[0]}" if following else "/queue")
