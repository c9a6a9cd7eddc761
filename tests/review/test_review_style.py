"""The review app takes the one stylesheet every medrubric page shares: served from its one
source under the app's strict CSP, with no stylesheet of its own."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from medrubric.review import db

SRC = Path(__file__).resolve().parents[2] / "src"
SHARED_CSS = SRC / "medrubric" / "report" / "templates" / "style.css"
REVIEW = SRC / "medrubric" / "review"
# classes the review pages set for their script or tests to find, not for looks
HOOKS = {"answer", "context", "done", "item-head", "kappa-note", "progress-line", "unsure-count"}


def _page_urls(project: Path, name: str) -> list[str]:
    with db.connect(project) as conn:
        who = db.reviewer_by_name(conn, name)
        assert who is not None
        entries = db.queue(conn, who.id)
    one_of_each = {e.task: e.id for e in reversed(entries)}
    return ["/queue", *(f"/items/{i}" for i in one_of_each.values())]


def test_the_app_serves_the_shared_stylesheet_and_links_no_other(
    web: Any, project: Path, login: Callable[[str], TestClient], owner_name: str
) -> None:
    shared = SHARED_CSS.read_text(encoding="utf-8")
    anonymous = web.client(project)
    reply = anonymous.get("/static/style.css")  # before login: the login page needs it
    assert reply.status_code == 200
    assert reply.headers["content-type"] == "text/css; charset=utf-8"
    assert reply.text.rstrip("\n") == shared.rstrip("\n")
    csp = reply.headers["content-security-policy"]
    assert csp.startswith("default-src 'self';") and "unsafe" not in csp
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert anonymous.get("/static/review.css").status_code == 404
    # one stylesheet source in the whole package
    assert list(SRC.rglob("*.css")) == [SHARED_CSS]
    pages = [("/login", anonymous)]
    alice = login("alice")
    pages += [(url, alice) for url in _page_urls(project, "alice")]
    owner = login(owner_name)
    pages += [("/owner", owner), ("/owner/agreement", owner)]
    assert {url.split("/")[1] for url, _ in pages} == {"login", "queue", "items", "owner"}
    assert len([u for u, _ in pages if u.startswith("/items/")]) == 4  # every task
    for url, client in pages:
        html = client.get(url).text
        links = re.findall(r"<link [^>]*>", html)
        assert links == ['<link rel="stylesheet" href="/static/style.css">'], url
        assert "<style" not in html and " style=" not in html, url
        assert '<body class="review">' in html, url
        # every table sits in the shared scrolling box
        assert html.count("<table") == html.count('<div class="table-box"><table'), url


def _template_classes() -> set[str]:
    """Every class the review templates and script can set: the words of each class
    attribute (a Jinja expression contributes its quoted strings) and of classList calls."""
    found: set[str] = set()
    for template in (REVIEW / "templates").glob("*.html"):
        text = template.read_text(encoding="utf-8")
        found |= set(re.findall(r"\{% block main_class %\}([\w-]+)", text))
        for value in re.findall(r'class="([^"]*)"', text):
            literal = re.sub(r"\{[{%].*?[%}]\}", " ", value)
            quoted = re.findall(r"'([\w-]+)'", value) + re.findall(r"%\}\s*([\w-]+)", value)
            found |= {*literal.split(), *quoted}
    script = (REVIEW / "static" / "review.js").read_text(encoding="utf-8")
    found |= set(re.findall(r"classList\.\w+\(\"([\w-]+)\"", script))
    return found


def test_review_classes_are_styled_by_the_shared_sheet_with_no_dead_review_rules() -> None:
    shared = SHARED_CSS.read_text(encoding="utf-8")
    used = _template_classes()
    assert {"table-box", "num", "ci", "muted", "weight-neg", "current", "open"} <= used
    styled = set(re.findall(r"\.([a-zA-Z][\w-]*)", shared))
    assert used - HOOKS <= styled, sorted(used - HOOKS - styled)
    # the review app's own section: each class it styles is one a review page uses
    section = shared[shared.index("/* review app") :]
    assert "*/" in section
    rules = re.sub(r"/\*.*?\*/", "", section, flags=re.S)
    own = set(re.findall(r"\.([a-zA-Z][\w-]*)", rules)) - {"review"}
    assert own and own <= used, sorted(own - used)
    # and every selector there is scoped to the review pages
    selectors = [s for s in re.findall(r"([^{}]+)\{", rules) if not s.strip().startswith("@")]
    parts = [part.strip() for selector in selectors for part in selector.split(",")]
    assert parts and all(p.startswith((".review ", "body.review")) for p in parts), parts
