"""Over HTTP: the "can't judge" answer (stored, shown in progress, exported, migrated), the
whole rubric beside a criterion or verdict item, and the queue grouped by case."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from medrubric.data.jsonl import load_models, write_jsonl
from medrubric.data.models import Case
from medrubric.review import db
from medrubric.review import project as review_project
from medrubric.review.models import LabelRecord
from medrubric.review.tasks import preview_of


def queue_of(project: Path, name: str) -> list[db.QueueEntry]:
    with db.connect(project) as conn:
        who = db.reviewer_by_name(conn, name)
        assert who is not None
        return db.queue(conn, who.id)


def answer_all(client: TestClient, web: Any, item_id: int, value: str) -> None:
    form = {k: value if k != "csrf_token" else v for k, v in web.all_yes(client, item_id).items()}
    reply = client.post(f"/items/{item_id}", data=form, follow_redirects=False)
    assert reply.status_code == 303, reply.text


def test_cant_judge_is_stored_shown_in_progress_and_exported_as_its_own_answer(
    web: Any, project: Path, login: Callable[[str], TestClient], owner_name: str, tmp_path: Path
) -> None:
    alice = login("alice")
    entries = queue_of(project, "alice")
    verdict = next(e for e in entries if e.task == "verdict")
    page = alice.get(f"/items/{verdict.id}").text
    assert 'value="unsure"' in page and "<kbd>u</kbd> can't judge" in page
    answer_all(alice, web, verdict.id, "unsure")
    answer_all(alice, web, entries[0].id, "no")
    assert 'value="unsure" checked' in alice.get(f"/items/{verdict.id}").text

    queue = alice.get("/queue").text
    row = re.search(rf'href="/items/{verdict.id}".*?</tr>', queue, re.S)
    assert row and "can't judge" in row.group(0)

    owner = login(owner_name)
    progress = owner.get("/owner").text
    alice_verdicts = re.search(
        r"<td>alice</td><td>Verdict labelling</td>(.*?)</tr>", progress, re.S
    )
    assert alice_verdicts is not None
    assert re.findall(r'<td class="num">(\d+)</td>', alice_verdicts.group(1))[:3] == [
        "1",
        str(sum(e.task == "verdict" for e in entries)),
        "1",  # one label says "can't judge"
    ]
    rows = list(csv.DictReader(io.StringIO(owner.get("/owner/labels.csv").text)))
    assert [r["answer"] for r in rows if r["item_key"] == verdict.key] == ["unsure"]
    meta = owner.get("/owner/meta-eval.csv").text
    assert len(meta.strip().splitlines()) == 1  # only the header: no met value to give

    archive = tmp_path / "labels.jsonl"
    assert review_project.export_labels(project, archive) == 2
    assert {lab.item_key: lab.answers for lab in load_models(archive, LabelRecord)}[
        verdict.key
    ] == {"met": "unsure"}
    assert review_project.import_labels(project, archive) == 0  # same answers: nothing new

    agreement = owner.get("/owner/agreement").text
    facet = re.search(r'<tr data-facet="verdict">(.*?)</tr>', agreement, re.S)
    assert facet is not None
    assert re.search(r'class="num unsure-count">1<', facet.group(1))


def test_a_project_of_schema_version_3_keeps_its_labels_and_takes_cant_judge(
    project: Path, web: Any, login: Callable[[str], TestClient]
) -> None:
    alice = login("alice")
    first, second = (e.id for e in queue_of(project, "alice")[:2])
    answer_all(alice, web, first, "yes")
    raw = sqlite3.connect(project / db.DB_NAME)
    with raw:  # as the previous medrubric left it
        raw.execute("UPDATE schema_version SET version = 3")
    raw.close()
    with db.connect(project) as conn:
        assert conn.execute(text("SELECT version FROM schema_version")).scalar() == 4
        assert [set(lab.answers.values()) for lab in db.all_labels(conn)] == [{"yes"}]
    answer_all(alice, web, second, "unsure")
    with db.connect(project) as conn:
        assert [set(lab.answers.values()) for lab in db.all_labels(conn)] == [{"yes"}, {"unsure"}]


@pytest.mark.parametrize("task", ["criterion", "verdict"])
def test_a_criterion_or_verdict_item_shows_the_whole_rubric_with_the_criterion_highlighted(
    project: Path, login: Callable[[str], TestClient], task: str
) -> None:
    alice = login("alice")
    entry = next(e for e in queue_of(project, "alice") if e.task == task)
    page = alice.get(f"/items/{entry.id}").text
    with db.connect(project) as conn:
        item = db.item(conn, entry.id)
    assert item is not None
    rubric = item.payload["rubric"]
    aside = re.search(r'<aside class="rubric" id="rubric".*?</aside>', page, re.S)
    assert aside is not None
    row = (
        r'<tr( class="current" aria-current="true")?>'
        r'(?:<td class="num (weight-neg|weight-pos)">([+-]\d+)</td>)?'
        r'\s*<td class="nowrap">(.*?)</td>\s*<td>(.*?)</td></tr>'
    )
    rows = re.findall(row, aside.group(0), re.S)
    assert [html.unescape(t) for *_, t in rows] == [k["text"] for k in rubric]
    current = [html.unescape(t) for cur, _, _, _, t in rows if cur]
    assert current == [item.payload["criterion"]["text"]]
    if task == "criterion":  # signed weights, penalties marked
        assert [int(w) for _, _, w, _, _ in rows] == [k["weight"] for k in rubric]
        assert all((sign == "weight-neg") == w.startswith("-") for _, sign, w, _, _ in rows)
    else:  # verdicts are labelled blind to the weights
        assert not any(w for _, _, w, _, _ in rows) and '<th class="num">' not in aside.group(0)

    # items made before the rubric was stored with them show it from the case's items
    with db.connect(project) as conn, db.transaction(conn):
        for row in conn.execute(text("SELECT id, data FROM items")).mappings():
            data = json.loads(row["data"])
            data["payload"].pop("rubric", None)
            conn.execute(
                text("UPDATE items SET data = :d WHERE id = :i"),
                {"d": json.dumps(data), "i": row["id"]},
            )
    old = alice.get(f"/items/{entry.id}").text
    assert old.count('<td class="nowrap">') == len(rubric)
    assert old.count('class="current" aria-current="true"><td') == 1


def test_rubric_and_queue_text_is_escaped(
    tmp_path: Path, web: Any, password: str, run_dir: Path
) -> None:
    case = load_models(run_dir / "cases.jsonl", Case)[0]
    hostile = "<img src=x onerror=alert(1)> & <b>give aspirin</b>"
    rubric = [case.rubric[0].model_copy(update={"text": hostile}), *case.rubric[1:]]
    cases = tmp_path / "cases.jsonl"
    write_jsonl(cases, [case.model_copy(update={"rubric": rubric})])
    project = tmp_path / "study"
    review_project.create(project, str(cases), ["criterion"], reviewers_per_item=1)
    review_project.add_reviewer(project, "alice", password)
    client = web.client(project)
    assert web.try_login(client, "alice", password).status_code == 303
    entries = queue_of(project, "alice")
    queue = client.get("/queue").text
    page = client.get(f"/items/{entries[-1].id}").text
    for shown in (queue, page):
        assert "<img" not in shown and "<b>give" not in shown
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;give aspirin&lt;/b&gt;" in page


def test_the_queue_groups_items_by_case_with_a_criterion_preview(
    project: Path, login: Callable[[str], TestClient]
) -> None:
    entries = queue_of(project, "alice")
    page = login("alice").get("/queue").text
    groups = re.findall(r'<tbody class="case-group" data-case="([^"]+)">(.*?)</tbody>', page, re.S)
    expected = list(dict.fromkeys((e.task, e.case_id) for e in entries))
    assert len(groups) == len(expected) < len(entries)
    assert [case for case, _ in groups] == [case for _, case in expected]
    for (task, case), (_, body) in zip(expected, groups, strict=True):
        members = [e for e in entries if (e.task, e.case_id) == (task, case)]
        assert re.findall(r'href="/items/(\d+)"', body) == [str(e.id) for e in members]
        assert f"0 of {len(members)} labelled" in body
    with db.connect(project) as conn:
        criterion = next(e for e in entries if e.task == "criterion")
        item = db.item(conn, criterion.id)
    assert item is not None
    words = item.payload["criterion"]["text"].split()
    assert criterion.preview == preview_of(item)
    shown = criterion.preview.removesuffix("…").rstrip()
    assert " ".join(words).startswith(shown) and 0 < len(shown.split()) <= 8
    long_zh = item.model_copy(update={"payload": {"criterion": {"text": "说明" * 50}}})
    assert preview_of(long_zh) == "说明" * 30 + "…"
    assert html.escape(criterion.preview, quote=False) in page
