"""The owner's CSV downloads: every label, and the meta-eval CSV."""

from fastapi import APIRouter
from fastapi.responses import Response

from medrubric.review import db
from medrubric.review.exports import labels_csv, meta_eval_csv
from medrubric.review.routes.deps import Conn, Owner

router = APIRouter(prefix="/owner")


def _csv_download(body: str, filename: str) -> Response:
    return Response(
        body,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get("/labels.csv")
def export_labels(user: Owner, conn: Conn) -> Response:
    return _csv_download(labels_csv(db.all_labels(conn)), "labels.csv")


@router.get("/meta-eval.csv")
def export_meta_eval(user: Owner, conn: Conn) -> Response:
    body = meta_eval_csv(db.all_items(conn), db.all_labels(conn))
    return _csv_download(body, "meta-eval.csv")
