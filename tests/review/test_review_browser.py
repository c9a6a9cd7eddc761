"""The review app in headless Chromium against the real server (`medrubric review serve`).

Also takes the screenshots of docs/review.md: into a temporary folder, or into
docs/screenshots/ with MEDRUBRIC_UPDATE_SCREENSHOTS=1, so a test run leaves the checkout clean.
"""

from __future__ import annotations

import os
import random
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from medrubric.review import db
from medrubric.review.tasks import questions_for

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DOC_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SCREENSHOTS = (
    DOC_SCREENSHOTS
    if os.environ.get("MEDRUBRIC_UPDATE_SCREENSHOTS") == "1"
    else Path(tempfile.gettempdir()) / "medrubric-review-screenshots"
)

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="/usr/bin/chromium is missing (install it with `make browser`)"
)

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page, sync_playwright


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser: Browser) -> Iterator[Callable[[], Page]]:
    """Fresh browser contexts (separate cookie jars), closed at the end of the test."""
    contexts = []

    def make() -> Page:
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def log_in(page: Page, url: str, name: str, password: str) -> None:
    page.goto(f"{url}/login")
    page.fill("#name", name)
    page.fill("#password", password)
    with page.expect_navigation():
        page.press("#password", "Enter")
    assert re.search(r"/(queue|owner)$", page.url), page.url


def queue_of(project: Path, name: str) -> list[db.QueueEntry]:
    with db.connect(project) as conn:
        who = db.reviewer_by_name(conn, name)
        assert who is not None
        return db.queue(conn, who.id)


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def keys_for(task: str, n_questions: int, index: int) -> list[str]:
    """A varied but known answer pattern: verdicts go m, x, u (can't judge), others
    y,y,n,y,… with the second question of every fourth item answered u."""
    if task == "verdict":
        return ["mxu"[index % 3]]
    keys = ["n" if (index + j) % 3 == 2 else "y" for j in range(n_questions)]
    if index % 4 == 1 and n_questions > 1:
        keys[1] = "u"
    return keys


KEY_ANSWERS = {"y": "yes", "m": "yes", "n": "no", "x": "no", "u": "unsure"}


def no_horizontal_overflow(page: Page) -> None:
    """The page itself never scrolls sideways (wide tables scroll in their own box)."""
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"{page.url}: content {widths[0]} px in {widths[1]} px"


def label_queue_by_keyboard(page: Page) -> tuple[dict[str, list[str]], dict[str, str]]:
    """From the queue page, label every open item with the keyboard: (item URL -> keys,
    tasks photographed). Each task is photographed for the docs, in English where possible.
    """
    pressed: dict[str, list[str]] = {}
    photographed: dict[str, str] = {}
    with page.expect_navigation():
        page.keyboard.press("Enter")
    index = 0
    while "/items/" in page.url:
        form = page.locator("#label-form")
        task = form.get_attribute("data-task") or ""
        keys = keys_for(task, page.locator("fieldset.question").count(), index)
        for key in keys:
            page.keyboard.press(key)
        if photographed.get(task) != "en":
            shot(page, f"item-{task}")
            photographed[task] = form.get_attribute("data-language") or ""
        pressed[page.url] = keys
        with page.expect_navigation():
            page.keyboard.press("Enter")
        index += 1
    return pressed, photographed


def test_label_a_queue_with_the_keyboard_see_progress_and_log_out(
    served_study: tuple[Path, str], new_page: Callable[[], Page], password: str
) -> None:
    project, url = served_study
    page = new_page()
    page.goto(f"{url}/login")
    shot(page, "login")
    log_in(page, url, "alice", password)
    entries = queue_of(project, "alice")
    assert page.locator("#progress-text").inner_text() == f"0 / {len(entries)} labelled"

    pressed, photographed = label_queue_by_keyboard(page)
    assert set(photographed) == {"case", "criterion", "verdict", "injected"}, photographed

    assert page.url.endswith("/queue")
    assert (
        page.locator("#progress-text").inner_text() == f"{len(entries)} / {len(entries)} labelled"
    )
    assert "All your items are labelled" in page.content()
    with db.connect(project) as conn:
        stored = {(lab.item_key, lab.reviewer): lab.answers for lab in db.all_labels(conn)}
    key_of = {f"{url}/items/{e.id}": e.key for e in entries}
    assert len(pressed) == len(entries)
    for item_url, keys in pressed.items():
        answers = list(stored[(key_of[item_url], "alice")].values())
        assert answers == [KEY_ANSWERS[k] for k in keys], item_url
    assert "u" in {k for keys in pressed.values() for k in keys}
    groups = page.locator("#queue tbody.case-group")
    assert groups.count() == len({(e.task, e.case_id) for e in entries})
    assert page.locator("#queue").inner_text().count("can't judge") == sum(
        "u" in keys for keys in pressed.values()
    )
    shot(page, "queue")

    first, second = entries[0].id, entries[1].id
    page.goto(f"{url}/items/{first}")
    with page.expect_navigation():
        page.keyboard.press("j")
    assert page.url.endswith(f"/items/{second}")
    with page.expect_navigation():
        page.keyboard.press("k")
    assert page.url.endswith(f"/items/{first}")

    with page.expect_navigation():
        page.click("#logout")
    assert page.url.endswith("/login")
    page.goto(f"{url}/queue")
    assert page.url.endswith("/login")


def test_a_second_reviewer_cannot_open_the_first_ones_items(
    served_study: tuple[Path, str], new_page: Callable[[], Page], password: str
) -> None:
    project, url = served_study
    alice_only = {e.id for e in queue_of(project, "alice")} - {
        e.id for e in queue_of(project, "bob")
    }
    page = new_page()
    log_in(page, url, "bob", password)
    response = page.goto(f"{url}/items/{min(alice_only)}")
    assert response is not None and response.status == 403
    response = page.goto(f"{url}/owner")
    assert response is not None and response.status == 403


def test_a_form_post_without_the_csrf_token_is_refused(
    served_study: tuple[Path, str], new_page: Callable[[], Page], password: str
) -> None:
    project, url = served_study
    page = new_page()
    log_in(page, url, "carol", password)
    item = queue_of(project, "carol")[0]
    page.goto(f"{url}/items/{item.id}")
    for _ in range(page.locator("fieldset.question").count()):
        page.keyboard.press("y")
    page.evaluate("document.querySelector('#label-form input[name=csrf_token]').remove()")
    with page.expect_navigation() as navigation:
        page.keyboard.press("Enter")
    response = navigation.value
    assert response is not None and response.status == 403
    assert not queue_of(project, "carol")[0].labelled


def _label_the_rest(project: Path, seed: int = 3) -> None:
    """Every open item of every reviewer gets a label, mostly agreeing with the grader, a
    few answers "can't judge"."""
    rng = random.Random(seed)
    with db.connect(project) as conn:
        for who in db.reviewers(conn):
            for entry in db.queue(conn, who.id):
                item = db.item(conn, entry.id)
                if entry.labelled or item is None:
                    continue
                answers = {}
                for q in questions_for(item):
                    truth = item.reference["met"] if item.reference else True
                    flip, draw = rng.random() < 0.15, rng.random()
                    answers[q.field] = "unsure" if draw < 0.05 else "yes" if truth != flip else "no"
                db.save_label(conn, entry.id, who.id, answers, "")


def test_owner_sees_progress_and_agreement(
    served_study: tuple[Path, str], new_page: Callable[[], Page], password: str, owner_name: str
) -> None:
    project, url = served_study
    _label_the_rest(project)
    page = new_page()
    log_in(page, url, owner_name, password)
    rows = page.locator("#progress tbody tr")
    assert rows.count() >= 3
    assert "alice" in page.locator("#progress").inner_text()
    shot(page, "owner-progress")
    page.goto(f"{url}/owner/agreement")
    facets = page.locator("#facets").inner_text()
    for facet in ("case: narrative & query", "case: advice", "criterion", "verdict", "injected"):
        assert facet in facets
    assert "grader vs reviewers (mean)" in page.locator("#fidelity").inner_text()
    cis = page.locator("#facets span.ci")
    assert cis.count() == 2 * page.locator("#facets tbody tr").count()
    assert re.fullmatch(r"\[-?\d\.\d{3}, -?\d\.\d{3}\]", cis.first.inner_text())
    unsure = page.locator("#facets td.unsure-count").all_inner_texts()
    assert sum(map(int, unsure)) > 0  # "can't judge" answers, counted and left out
    for width in (800, 1400):
        page.set_viewport_size({"width": width, "height": 900})
        no_horizontal_overflow(page)
    shot(page, "agreement")  # at 1400 px, where the whole table shows
    box = page.locator("#facets").evaluate(
        "t => [t.parentElement.scrollWidth, t.parentElement.clientWidth]"
    )
    assert box[0] <= box[1]  # at 1400 px the whole table shows without scrolling its box


def test_a_label_survives_kill_9_right_after_submission(
    project: Path,
    review_server: Callable[[Path], object],
    new_page: Callable[[], Page],
    password: str,
) -> None:
    server = review_server(project)
    url = server.url  # type: ignore[attr-defined]
    page = new_page()
    log_in(page, url, "bob", password)
    item = queue_of(project, "bob")[0]
    page.goto(f"{url}/items/{item.id}")
    for _ in range(page.locator("fieldset.question").count()):
        page.keyboard.press("n")
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.keyboard.press("Enter")
    server.kill9()  # type: ignore[attr-defined]

    restarted = review_server(project)
    url = restarted.url  # type: ignore[attr-defined]
    page = new_page()
    log_in(page, url, "bob", password)
    page.goto(f"{url}/items/{item.id}")
    checked = page.locator("input[type=radio]:checked")
    assert checked.count() == page.locator("fieldset.question").count()
    assert {checked.nth(i).get_attribute("value") for i in range(checked.count())} == {"no"}
    assert queue_of(project, "bob")[0].labelled


def test_leaving_an_item_with_unsaved_answers_asks_first(
    project: Path,
    review_server: Callable[[Path], object],
    new_page: Callable[[], Page],
    password: str,
) -> None:
    url = review_server(project).url  # type: ignore[attr-defined]
    page = new_page()
    log_in(page, url, "alice", password)
    entries = queue_of(project, "alice")
    first, second = entries[0].id, entries[1].id
    page.goto(f"{url}/items/{first}")
    page.keyboard.press("y")
    asked: list[str] = []

    def dismiss(dialog: object) -> None:
        asked.append(dialog.message)  # type: ignore[attr-defined]
        dialog.dismiss()  # type: ignore[attr-defined]

    page.once("dialog", dismiss)
    page.keyboard.press("j")
    page.wait_for_timeout(300)
    assert asked and "not saved" in asked[0]
    assert page.url.endswith(f"/items/{first}")
    assert page.locator("input[type=radio]:checked").count() == 1  # the answer is still there

    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.keyboard.press("j")
    assert page.url.endswith(f"/items/{second}")
    with page.expect_navigation():  # nothing answered here: k leaves without asking
        page.keyboard.press("k")
    assert page.url.endswith(f"/items/{first}")
    assert not queue_of(project, "alice")[0].labelled


def test_saving_with_open_questions_marks_them_and_stays(
    project: Path,
    review_server: Callable[[Path], object],
    new_page: Callable[[], Page],
    password: str,
) -> None:
    url = review_server(project).url  # type: ignore[attr-defined]
    page = new_page()
    log_in(page, url, "alice", password)
    case = next(e for e in queue_of(project, "alice") if e.task == "case")
    page.goto(f"{url}/items/{case.id}")
    page.keyboard.press("y")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert page.url.endswith(f"/items/{case.id}")
    n = page.locator("fieldset.question").count()
    assert page.locator("fieldset.question.open").count() == n - 1
    assert "still open" in page.locator("#form-error").inner_text()
    first_open = page.locator("fieldset.question.open").first
    assert "current" in (first_open.get_attribute("class") or "")
    shot(page, "item-case-open-questions")
    for _ in range(n - 1):
        page.keyboard.press("n")
    assert page.locator("fieldset.question.open").count() == 0
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert next(e for e in queue_of(project, "alice") if e.id == case.id).labelled


@pytest.mark.parametrize("task", ["criterion", "verdict"])
def test_a_criterion_or_verdict_item_shows_the_rubric_beside_it_and_fits_800_px(
    served_study: tuple[Path, str], new_page: Callable[[], Page], password: str, task: str
) -> None:
    project, url = served_study
    page = new_page()
    log_in(page, url, "bob", password)
    item = next(e for e in queue_of(project, "bob") if e.task == task)
    page.goto(f"{url}/items/{item.id}")
    rubric, criterion = page.locator("#rubric"), page.locator(".criterion")
    current = rubric.locator("tr.current")
    assert current.count() == 1 and criterion.inner_text() in current.inner_text()
    left, right = criterion.bounding_box(), rubric.bounding_box()
    assert left and right and left["x"] + left["width"] <= right["x"]  # side by side
    page.set_viewport_size({"width": 800, "height": 900})
    no_horizontal_overflow(page)
    left, right = criterion.bounding_box(), rubric.bounding_box()
    assert left and right and left["y"] + left["height"] <= right["y"]  # stacked


# boxes of the review pages that must not overlap unless one holds the other
BOXES = (
    "header strong, header nav a, header button, h1, h2, p, .table-box, table, fieldset, label, "
    "input, textarea, button, .text, .criterion, aside, ul, ol, progress"
)


def test_review_pages_fit_800_and_1400_px_without_overlaps(
    served_study: tuple[Path, str],
    new_page: Callable[[], Page],
    password: str,
    owner_name: str,
    layout_faults: Callable[[Page, str], list[str]],
) -> None:
    """Login, queue, an item of each task and the owner's pages, in the shared stylesheet:
    the page never scrolls sideways and no two boxes overlap, at 800 and 1400 px."""
    project, url = served_study
    entries = queue_of(project, "alice")
    items = {e.task: f"/items/{e.id}" for e in reversed(entries)}
    assert set(items) == {"case", "criterion", "verdict", "injected"}
    anonymous, alice, owner = new_page(), new_page(), new_page()
    log_in(alice, url, "alice", password)
    log_in(owner, url, owner_name, password)
    pages = [(anonymous, "/login"), (alice, "/queue"), *((alice, i) for i in items.values())]
    pages += [(owner, "/owner"), (owner, "/owner/agreement")]
    for width in (800, 1400):
        for page, path in pages:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"{url}{path}")
            sheet = page.evaluate("[...document.styleSheets].map(s => s.href)")
            assert sheet == [f"{url}/static/style.css"], path
            assert layout_faults(page, BOXES) == [], f"{path} at {width}px"
            # the shared components: tables scroll in their own box, numbers never wrap
            loose = "t => t.filter(x => !x.parentElement.matches('.table-box')).length"
            assert page.eval_on_selector_all("table", loose) == 0, path
            scrolls = "b => b.every(x => getComputedStyle(x).overflowX === 'auto')"
            assert page.eval_on_selector_all(".table-box", scrolls), path
            nowrap = "c => c.every(x => getComputedStyle(x).whiteSpace === 'nowrap')"
            assert page.eval_on_selector_all("td.num, span.ci", nowrap), path
