"""The review app over HTTP (in-process client): login, CSRF, access control, labelling."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from medrubric.review import db
from medrubric.review.auth import SESSION_COOKIE


def queue_ids(project: Path, name: str) -> list[int]:
    with db.connect(project) as conn:
        who = db.reviewer_by_name(conn, name)
        assert who is not None
        return [e.id for e in db.queue(conn, who.id)]


def test_session_cookie_is_httponly_samesite_and_signed(web: Any, project: Path) -> None:
    client = web.client(project)
    reply = client.get("/login")
    cookie = reply.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert "httponly" in cookie.lower() and "samesite=lax" in cookie.lower()
    assert reply.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in reply.headers["content-security-policy"]
    forged = web.client(project)
    forged.cookies.set(SESSION_COOKIE, "eyJyaWQiOiAxfQ==.x.y")
    assert forged.get("/queue", follow_redirects=False).headers["location"] == "/login"


def test_wrong_password_is_refused(web: Any, project: Path) -> None:
    client = web.client(project)
    token = web.csrf(client.get("/login").text)
    reply = client.post("/login", data={"name": "alice", "password": "nope", "csrf_token": token})
    assert reply.status_code == 401
    assert client.get("/queue", follow_redirects=False).status_code == 303


def test_every_post_without_or_with_wrong_csrf_is_403(
    project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    item_id = queue_ids(project, "alice")[0]
    for url in ("/login", "/logout", f"/items/{item_id}"):
        assert client.post(url, data={"q.met": "yes"}).status_code == 403, url
        assert client.post(url, data={"csrf_token": "forged"}).status_code == 403, url
    assert client.get("/queue").status_code == 200  # still logged in: nothing was accepted


def test_reviewer_cannot_open_or_label_another_reviewers_item(
    web: Any, project: Path, login: Callable[[str], TestClient]
) -> None:
    mine, theirs = set(queue_ids(project, "alice")), set(queue_ids(project, "bob"))
    foreign = sorted(theirs - mine)[0]
    client = login("alice")
    refused = client.get(f"/items/{foreign}")
    assert refused.status_code == 403 and "this item is not in your queue" in refused.text
    assert client.get("/items/999999").status_code == 404
    token = web.csrf(client.get("/queue").text)
    assert client.post(f"/items/{foreign}", data={"csrf_token": token}).status_code == 403
    assert client.get("/owner").status_code == 403
    assert client.get("/owner/agreement").status_code == 403
    assert client.get("/owner/labels.csv").status_code == 403


def test_label_is_stored_and_the_next_open_item_follows(
    web: Any, project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    ids = queue_ids(project, "alice")
    reply = client.post(
        f"/items/{ids[0]}", data=web.all_yes(client, ids[0]), follow_redirects=False
    )
    assert reply.status_code == 303 and reply.headers["location"] == f"/items/{ids[1]}"
    with db.connect(project) as conn:
        labels = db.all_labels(conn)
    assert [(lab.reviewer, set(lab.answers.values())) for lab in labels] == [("alice", {"yes"})]
    assert "1 / " in client.get("/queue").text


def test_incomplete_answers_are_refused_and_kept_on_the_page(
    web: Any, project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    item_id = queue_ids(project, "alice")[0]
    form = web.all_yes(client, item_id)
    dropped = sorted(k for k in form if k.startswith("q."))[0]
    del form[dropped]
    reply = client.post(f"/items/{item_id}", data={**form, "comment": "checked"})
    assert reply.status_code == 400 and "Answer every question" in reply.text
    assert ">checked</textarea>" in reply.text
    with db.connect(project) as conn:
        assert db.all_labels(conn) == []


@pytest.mark.parametrize("url", ["/owner", "/owner/agreement", "/owner/labels.csv"])
def test_owner_pages(
    project: Path, login: Callable[[str], TestClient], owner_name: str, url: str
) -> None:
    client = login(owner_name)
    assert client.get(url).status_code == 200


def test_logout_ends_the_session(
    web: Any, project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    token = web.csrf(client.get("/queue").text)
    assert (
        client.post("/logout", data={"csrf_token": token}, follow_redirects=False).status_code
        == 303
    )
    assert client.get("/queue", follow_redirects=False).headers["location"] == "/login"


def test_pages_carry_language_attributes_for_chinese_content(
    project: Path, login: Callable[[str], TestClient]
) -> None:
    with db.connect(project) as conn:
        items = {i.key: i for i in db.all_items(conn)}
        ids = db.item_ids(conn)
    zh = [k for k, i in items.items() if i.language == "zh"]
    assert zh, "the sample should give a Chinese item"
    for name in ("alice", "bob", "carol"):
        if ids[zh[0]] in queue_ids(project, name):
            page = login(name).get(f"/items/{ids[zh[0]]}").text
            assert '<html lang="en">' in page and 'lang="zh"' in page
            assert items[zh[0]].payload["query"][:10] in page
            return
    pytest.fail("no reviewer has the Chinese item")


def item_of_task(project: Path, name: str, task: str) -> int:
    with db.connect(project) as conn:
        who = db.reviewer_by_name(conn, name)
        assert who is not None
        return next(e.id for e in db.queue(conn, who.id) if e.task == task)


def fieldsets(html: str) -> dict[str, str]:
    """data-field -> the opening tag of its fieldset."""
    return dict(
        (m.group(2), m.group(1))
        for m in re.finditer(r'(<fieldset [^>]*data-field="([^"]+)"[^>]*>)', html)
    )


def test_a_partial_save_marks_the_questions_still_open(
    web: Any, project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    item_id = item_of_task(project, "alice", "case")
    form = web.all_yes(client, item_id)
    for field in ("q.narrative_sufficient", "q.advice_1"):
        del form[field]
    reply = client.post(f"/items/{item_id}", data=form)
    assert reply.status_code == 400 and "2 question(s) still open" in reply.text
    tags = fieldsets(reply.text)
    open_ones = {f for f, tag in tags.items() if 'aria-invalid="true"' in tag and " open" in tag}
    assert open_ones == {"narrative_sufficient", "advice_1"}
    assert 'value="yes" checked' in reply.text  # the answers given are kept


def test_each_advice_question_sits_with_its_advice_element(
    project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    item_id = item_of_task(project, "alice", "case")
    with db.connect(project) as conn:
        advice = db.item(conn, item_id).payload["advice"]  # type: ignore[union-attr]
    html = client.get(f"/items/{item_id}").text
    elements = re.findall(
        r"<li><div class=\"advice-text\">(.*?)</div>\s*(<fieldset[^>]*>)", html, re.S
    )
    assert len(elements) == len(advice) >= 2
    for j, (text, tag) in enumerate(elements, start=1):
        assert f'data-field="advice_{j}"' in tag
        assert text.strip()[:12] in html
    order = list(fieldsets(html))
    assert order[:3] == ["narrative_faithful", "narrative_sufficient", "query_meaningful"]


def test_criterion_items_show_the_axis_list_and_weight_scale(
    project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    item_id = item_of_task(project, "alice", "criterion")
    with db.connect(project) as conn:
        criterion = db.item(conn, item_id).payload["criterion"]  # type: ignore[union-attr]
    html = client.get(f"/items/{item_id}").text
    axes = re.search(r'<ul class="axes" id="axis-list">(.*?)</ul>', html, re.S)
    assert axes is not None
    for label in (
        "Accuracy",
        "Completeness",
        "Communication Quality",
        "Context Awareness",
        "Safety",
    ):
        assert f">{label}</li>" in axes.group(1)
    scale = re.search(r'<p class="scale" id="weight-scale">(.*?)</p>', html, re.S)
    assert scale is not None
    values = re.findall(r">([+-]\d+)</span>", scale.group(1))
    assert values == [f"{w:+d}" for w in range(-10, 11) if w != 0]
    current = re.search(
        r'<span class="current" aria-current="true">([+-]\d+)</span>', scale.group(1)
    )
    assert current is not None and current.group(1) == f"{criterion['weight']:+d}"
    assert "life-critical" in html
