"""Per-site extraction from the fixture pages that mirror each community's thread layout."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from medrubric.errors import InputError
from medrubric.harvest.dates import parse_date
from medrubric.harvest.sites import (
    ExtractionError,
    detect_site,
    load_sites,
    looks_like_login,
    parse_html,
    parse_listing,
    parse_thread,
)

SITES = Path(__file__).parent / "fixtures" / "sites"
NOW = dt.datetime(2024, 6, 1, tzinfo=dt.UTC)
UTC = dt.UTC


def page(relative: str) -> str:
    return (SITES / relative).read_text(encoding="utf-8")


def thread(site: str, relative: str, url: str):
    return parse_thread(page(relative), url, load_sites()[site], now=NOW)


def test_icliniq_thread_roles_verified_details_and_dates():
    t = thread(
        "icliniq",
        "icliniq/qa/heart-health/chest-pain-after-exercise.html",
        "https://www.icliniq.com/qa/heart-health/chest-pain-after-exercise",
    )
    assert t.key == "icliniq:chest-pain-after-exercise"
    assert t.title == "Why do I get chest pain after exercise?"
    assert t.published_at == dt.datetime(2024, 3, 5, tzinfo=UTC)
    assert [(m.author_role, m.verified) for m in t.messages] == [
        ("patient", False),
        ("physician", True),
        ("patient", False),
    ]
    assert t.messages[0].text.startswith("Age: 34, Gender: Male")  # patient details first
    assert "tight chest pain" in t.messages[0].text
    assert t.messages[1].posted_at == dt.datetime(2024, 3, 6, tzinfo=UTC)
    assert not t.has_media  # logo and avatar images are outside the post bodies
    assert t.tags == ["Chest Pain", "Exercise"]
    assert t.language == "en"


def test_icliniq_media_in_question_body_is_detected():
    t = thread(
        "icliniq",
        "icliniq/qa/dermatology/itchy-red-rash-on-arms.html",
        "https://www.icliniq.com/qa/dermatology/itchy-red-rash-on-arms",
    )
    assert t.has_media


def test_sdn_forum_roles_quotes_and_smilies():
    t = thread(
        "sdn",
        "sdn/threads/persistent-cough-after-covid.1501234/index.html",
        "https://forums.studentdoctor.net/threads/persistent-cough-after-covid.1501234/",
    )
    assert t.thread_id == "1501234"
    roles = [(m.author_role, m.verified) for m in t.messages]
    assert roles == [("patient", False), ("physician", True), ("other", False), ("patient", False)]
    assert "coughingcarl said" not in t.messages[1].text  # quoted text excluded
    assert not t.has_media  # smilie images are not media
    assert t.published_at == dt.datetime(
        2024, 2, 10, 8, 15, tzinfo=dt.timezone(dt.timedelta(hours=-5))
    )
    knee = thread(
        "sdn",
        "sdn/threads/knee-pain-when-running.1501300/index.html",
        "https://forums.studentdoctor.net/threads/knee-pain-when-running.1501300/",
    )
    assert [m.author_role for m in knee.messages] == ["patient", "clinician"]


def test_dxy_chinese_dates_relative_dates_verification_and_media():
    t = thread("dxy", "dxy/question/38291.html", "https://dxy.com/question/38291")
    assert t.thread_id == "38291" and t.language == "zh"
    assert t.published_at == dt.datetime(2024, 3, 5, 14, 20, tzinfo=UTC)
    assert t.messages[0].text.startswith("女 | 45岁")
    assert (t.messages[1].author_role, t.messages[1].verified) == ("physician", True)
    unverified = thread("dxy", "dxy/question/38300.html", "https://dxy.com/question/38300")
    assert (unverified.messages[1].author_role, unverified.messages[1].verified) == (
        "physician",
        False,
    )
    assert unverified.messages[1].posted_at == NOW - dt.timedelta(days=3)  # "3天前"
    assert thread("dxy", "dxy/question/38310.html", "https://dxy.com/question/38310").has_media


def test_medlive_forum_thread():
    t = thread(
        "medlive", "medlive/thread-99812-1-1.html", "https://bbs.medlive.cn/thread-99812-1-1.html"
    )
    assert t.thread_id == "99812"
    assert [(m.author_role, m.verified) for m in t.messages] == [
        ("patient", False),
        ("physician", True),
        ("patient", False),
        ("other", False),
    ]
    assert t.published_at == dt.datetime(2024, 1, 8, 10, 21, tzinfo=UTC)
    assert not t.has_media  # emoticons are not media
    assert "每天二甲双胍500mg两次" not in t.messages[1].text  # quote removed


@pytest.mark.parametrize(
    ("site", "listing", "expected", "next_page"),
    [
        (
            "icliniq",
            "icliniq/qa/recent-questions.html",
            3,
            "https://www.icliniq.com/qa/recent-questions?page=2",
        ),
        (
            "sdn",
            "sdn/forums/ask-a-doctor.1/index.html",
            2,
            "https://www.icliniq.com/forums/ask-a-doctor.1/page-2",
        ),
        ("dxy", "dxy/questions/latest.html", 3, None),
        ("medlive", "medlive/forum-127-1.html", 2, "https://www.icliniq.com/forum-127-2.html"),
    ],
)
def test_listing_pages(site, listing, expected, next_page):
    result = parse_listing(page(listing), "https://www.icliniq.com/x/", load_sites()[site])
    assert len(result.thread_urls) == expected
    assert all(u.startswith("https://www.icliniq.com/") for u in result.thread_urls)
    assert result.next_page == next_page


def test_site_detection_by_url_and_by_markup():
    sites = load_sites()
    tree = parse_html(page("medlive/thread-99812-1-1.html"))
    assert detect_site(tree, sites).key == "medlive"  # generator meta tag
    dxy = parse_html(page("dxy/question/38291.html"))
    assert detect_site(dxy, sites).key == "dxy"  # canonical link host
    assert detect_site(parse_html("<html><body>hi</body></html>"), sites) is None


def test_login_detection():
    sites = load_sites()
    wall = parse_html(page("medlive/thread-99813-1-1.html"))
    assert looks_like_login(wall, "https://bbs.medlive.cn/thread-99813-1-1.html", sites["medlive"])
    normal = parse_html(page("medlive/thread-99812-1-1.html"))
    assert not looks_like_login(
        normal, "https://bbs.medlive.cn/thread-99812-1-1.html", sites["medlive"]
    )
    assert looks_like_login(normal, "https://www.icliniq.com/login?next=/qa", sites["icliniq"])


def test_page_without_posts_is_an_extraction_error():
    with pytest.raises(ExtractionError):
        parse_thread(
            "<html><body><h1 class='question-title'>x</h1></body></html>",
            "https://dxy.com/question/1",
            load_sites()["dxy"],
        )


def test_user_sites_file_adds_a_site_and_reports_bad_keys(tmp_path):
    good = tmp_path / "mine.toml"
    good.write_text(
        '[myforum]\nname = "My forum"\nlanguage = "en"\n'
        '[myforum.listing]\nthread_links = "a.t"\n'
        '[myforum.thread]\ntitle = "h1"\n'
        '[myforum.post]\ncontainer = ".p"\ntext = ".b"\n',
        encoding="utf-8",
    )
    sites = load_sites(good)
    assert {"icliniq", "sdn", "dxy", "medlive", "myforum"} <= set(sites)
    bad = tmp_path / "bad.toml"
    bad.write_text(
        good.read_text(encoding="utf-8").replace('language = "en"', 'language = "fr"'),
        encoding="utf-8",
    )
    with pytest.raises(InputError, match=r"myforum\.language"):
        load_sites(bad)


@pytest.mark.parametrize(
    ("text", "formats", "expected"),
    [
        ("Posted on: 05/Mar/2024", ["%d/%b/%Y"], dt.datetime(2024, 3, 5, tzinfo=UTC)),
        ("2024年3月5日", ["%Y年%m月%d日"], dt.datetime(2024, 3, 5, tzinfo=UTC)),
        (
            "发表于 2024年 3月 5日 10:21",
            ["%Y年%m月%d日 %H:%M"],
            dt.datetime(2024, 3, 5, 10, 21, tzinfo=UTC),
        ),
        ("2 days ago", [], NOW - dt.timedelta(days=2)),
        ("昨天 08:00", [], NOW - dt.timedelta(days=1)),
        ("no date here", ["%Y"], None),
    ],
)
def test_dates(text, formats, expected):
    assert parse_date(text, formats, now=NOW) == expected
