"""The review app over HTTP (in-process client): login, CSRF, access control, labelling."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from medrubric.review import db
from medrubric.review.app import create_app
from medrubric.review.auth import SESSION_COOKIE


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found, "page has no CSRF field"
    return found.group(1)


@pytest.fixture
def login(project: Path, password: str) -> Callable[[str], TestClient]:
    """Log `name` in and return their client."""
    return lambda name: logged_in(project, name, password)


def logged_in(project: Path, name: str, password: str) -> TestClient:
    client = TestClient(create_app(project))
    token = csrf_of(client.get("/login").text)
    reply = client.post(
        "/login",
        data={"name": name, "password": password, "csrf_token": token},
        follow_redirects=False,
    )
    assert reply.status_code == 303, reply.text
    return client


def queue_ids(project: Path, name: str) -> list[int]:
    with db.connect(project) as conn:
        who = db.reviewer_by_name(conn, name)
        assert who is not None
        return [e.id for e in db.queue(conn, who.id)]


def all_yes(client: TestClient, item_id: int) -> dict[str, str]:
    page = client.get(f"/items/{item_id}").text
    fields = set(re.findall(r'name="(q\.[^"]+)"', page))
    return {**{f: "yes" for f in fields}, "csrf_token": csrf_of(page)}


def test_session_cookie_is_httponly_samesite_and_signed(project: Path) -> None:
    client = TestClient(create_app(project))
    reply = client.get("/login")
    cookie = reply.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert "httponly" in cookie.lower() and "samesite=lax" in cookie.lower()
    assert reply.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in reply.headers["content-security-policy"]
    forged = TestClient(create_app(project), cookies={SESSION_COOKIE: "eyJyaWQiOiAxfQ==.x.y"})
    assert forged.get("/queue", follow_redirects=False).headers["location"] == "/login"


def test_wrong_password_is_refused(project: Path) -> None:
    client = TestClient(create_app(project))
    token = csrf_of(client.get("/login").text)
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
    project: Path, login: Callable[[str], TestClient]
) -> None:
    mine, theirs = set(queue_ids(project, "alice")), set(queue_ids(project, "bob"))
    foreign = sorted(theirs - mine)[0]
    client = login("alice")
    refused = client.get(f"/items/{foreign}")
    assert refused.status_code == 403 and "this item is not in your queue" in refused.text
    assert client.get("/items/999999").status_code == 404
    token = csrf_of(client.get("/queue").text)
    assert client.post(f"/items/{foreign}", data={"csrf_token": token}).status_code == 403
    assert client.get("/owner").status_code == 403
    assert client.get("/owner/agreement").status_code == 403
    assert client.get("/owner/labels.csv").status_code == 403


def test_label_is_stored_and_the_next_open_item_follows(
    project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    ids = queue_ids(project, "alice")
    reply = client.post(f"/items/{ids[0]}", data=all_yes(client, ids[0]), follow_redirects=False)
    assert reply.status_code == 303 and reply.headers["location"] == f"/items/{ids[1]}"
    with db.connect(project) as conn:
        labels = db.all_labels(conn)
    assert [(lab.reviewer, set(lab.answers.values())) for lab in labels] == [("alice", {"yes"})]
    assert "1 / " in client.get("/queue").text


def test_incomplete_answers_are_refused_and_kept_on_the_page(
    project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    item_id = queue_ids(project, "alice")[0]
    form = all_yes(client, item_id)
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


def test_logout_ends_the_session(project: Path, login: Callable[[str], TestClient]) -> None:
    client = login("alice")
    token = csrf_of(client.get("/queue").text)
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
        ids = {row["key"]: row["id"] for row in conn.execute("SELECT id, key FROM items")}
    zh = [k for k, i in items.items() if i.language == "zh"]
    assert zh, "the sample should give a Chinese item"
    for name in ("alice", "bob", "carol"):
        if ids[zh[0]] in queue_ids(project, name):
            page = login(name).get(f"/items/{ids[zh[0]]}").text
            assert '<html lang="en">' in page and 'lang="zh"' in page
            assert items[zh[0]].payload["query"][:10] in page
            return
    pytest.fail("no reviewer has the Chinese item")
