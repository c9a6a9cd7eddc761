"""Config-driven extraction of threads and listing pages from community Q&A sites.

Each site is a table of CSS selectors in `sites.toml` (packaged; users can add their own
file): where the title, date, patient details and posts are, how a post's author role is
recognised (a selector on the post, or a pattern on the author's title) and whether the
physician is verified, which elements count as media, and how listing pages link to
threads and to the next page.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin, urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from selectolax.lexbor import LexborHTMLParser, LexborNode

from medrubric.data.models import Message, Thread
from medrubric.data.vocab import AuthorRole, Language
from medrubric.errors import InputError, describe_validation_error
from medrubric.harvest.dates import parse_date

_BLOCK_END = re.compile(r"(?i)<br\s*/?>|</(?:p|div|li|h[1-6]|tr|blockquote|section)>")
_BLANK_LINES = re.compile(r"\n\s*\n+")


class ExtractionError(ValueError):
    """A page does not have the structure its site config describes."""


class SiteRules(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RoleRule(SiteRules):
    """A post is by `role` if `selector` matches the post (or something in it), or the text
    of `author_title` matches `pattern`; it is verified if `verified_selector` is present."""

    role: AuthorRole
    selector: str | None = None
    author_title: str | None = None
    pattern: str | None = None
    verified_selector: str | None = None


class PostRules(SiteRules):
    container: str
    text: str
    date: str | None = None
    date_attr: str | None = None
    author: str | None = None
    exclude: str | None = None
    media: str = "img, video, audio"
    roles: list[RoleRule] = Field(default_factory=list)


class ListingRules(SiteRules):
    thread_links: str
    next_page: str | None = None


class ThreadRules(SiteRules):
    title: str
    published: str | None = None
    published_attr: str | None = None
    patient_details: str | None = None
    tags: str | None = None


class SiteConfig(SiteRules):
    key: str
    name: str
    language: Language
    hosts: list[str] = Field(default_factory=list)
    start_urls: list[str] = Field(default_factory=list)
    detect: str | None = None
    thread_url_pattern: str | None = None
    date_formats: list[str] = Field(default_factory=list)
    login_url_pattern: str | None = None
    login_selector: str | None = None
    listing: ListingRules
    thread: ThreadRules
    post: PostRules


class Listing(BaseModel):
    thread_urls: list[str]
    next_page: str | None = None


def parse_sites_toml(text: str, origin: str) -> dict[str, SiteConfig]:
    try:
        tables = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"invalid TOML: {exc}", origin) from None
    sites: dict[str, SiteConfig] = {}
    for key, table in tables.items():
        try:
            sites[key] = SiteConfig.model_validate({**table, "key": key})
        except ValidationError as exc:
            raise InputError(describe_validation_error(exc, (key,)), origin) from None
    return sites


@lru_cache(maxsize=1)
def packaged_sites() -> dict[str, SiteConfig]:
    text = (resources.files("medrubric.harvest") / "sites.toml").read_text(encoding="utf-8")
    return parse_sites_toml(text, "sites.toml")


def load_sites(path: str | Path | None = None) -> dict[str, SiteConfig]:
    """The packaged sites, with the sites of a user file added (same key replaces)."""
    sites = dict(packaged_sites())
    if path is not None:
        path = Path(path)
        if not path.is_file():
            raise InputError("sites file not found", path)
        sites.update(parse_sites_toml(path.read_text(encoding="utf-8"), str(path)))
    return sites


def parse_html(html: str | bytes) -> LexborHTMLParser:
    return LexborHTMLParser(html)


def node_text(node: LexborNode) -> str:
    """Visible text with line breaks at block boundaries and <br>, blank lines collapsed."""
    body = parse_html(_BLOCK_END.sub("\n", node.html or "")).body
    text = body.text(deep=True) if body is not None else ""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()


def _has(node: LexborNode, selector: str) -> bool:
    return node.css_matches(selector) or node.css_first(selector) is not None


def _first_text(node: LexborNode | LexborHTMLParser, selector: str | None) -> str:
    if not selector:
        return ""
    found = node.css_first(selector)
    return node_text(found) if found is not None else ""


def page_url(tree: LexborHTMLParser) -> str | None:
    """The page's own URL as it declares it (canonical link or og:url)."""
    for selector, attr in (
        ("link[rel='canonical']", "href"),
        ("meta[property='og:url']", "content"),
    ):
        node = tree.css_first(selector)
        if node is not None and node.attributes.get(attr):
            return node.attributes[attr]
    return None


def detect_site(
    tree: LexborHTMLParser, sites: dict[str, SiteConfig], url: str | None = None
) -> SiteConfig | None:
    """The site a page belongs to: by the host of its URL, else by each site's `detect` selector."""
    host = urlsplit(url or page_url(tree) or "").hostname
    for site in sites.values():
        if host and host in site.hosts:
            return site
    for site in sites.values():
        if site.detect and tree.css_first(site.detect) is not None:
            return site
    return None


def looks_like_login(tree: LexborHTMLParser, final_url: str, site: SiteConfig) -> bool:
    """True for login walls and paywalls: a login URL after redirects or a login/paywall element."""
    if site.login_url_pattern and re.search(site.login_url_pattern, urlsplit(final_url).path):
        return True
    return bool(site.login_selector and tree.css_first(site.login_selector) is not None)


def thread_id_from_url(url: str, site: SiteConfig) -> str:
    """The id captured by `thread_url_pattern`, else the file name of a saved page, else a
    stable hash of the URL."""
    parts = urlsplit(url)
    if site.thread_url_pattern:
        match = re.search(site.thread_url_pattern, parts.path)
        if match:
            return match.group(1)
    if parts.scheme == "file":
        return PurePosixPath(parts.path).stem
    return hashlib.sha1(url.encode()).hexdigest()[:16]


def parse_listing(html: str | bytes, url: str, site: SiteConfig) -> Listing:
    """Absolute thread URLs (deduplicated, page order) and the next listing page, if any."""
    tree = parse_html(html)
    urls: list[str] = []
    for link in tree.css(site.listing.thread_links):
        href = link.attributes.get("href")
        if href:
            absolute = urljoin(url, href).split("#")[0]
            if absolute not in urls:
                urls.append(absolute)
    next_page = None
    if site.listing.next_page:
        node = tree.css_first(site.listing.next_page)
        if node is not None and node.attributes.get("href"):
            next_page = urljoin(url, node.attributes["href"] or "")
    return Listing(thread_urls=urls, next_page=next_page)


def _date_of(
    node: LexborNode | LexborHTMLParser,
    selector: str | None,
    attr: str | None,
    site: SiteConfig,
    now: dt.datetime,
) -> dt.datetime | None:
    if not selector:
        return None
    found = node.css_first(selector)
    if found is None:
        return None
    raw = (found.attributes.get(attr) or "") if attr else node_text(found)
    return parse_date(raw, site.date_formats, now=now)


def _role(post: LexborNode, rules: list[RoleRule]) -> tuple[AuthorRole | None, bool]:
    for rule in rules:
        by_selector = rule.selector is not None and _has(post, rule.selector)
        title = _first_text(post, rule.author_title)
        by_pattern = (
            rule.pattern is not None and bool(title) and re.search(rule.pattern, title) is not None
        )
        if by_selector or by_pattern:
            verified = rule.verified_selector is not None and _has(post, rule.verified_selector)
            return rule.role, verified
    return None, False


def parse_thread(
    html: str | bytes, url: str, site: SiteConfig, *, now: dt.datetime | None = None
) -> Thread:
    """One thread page as a `Thread`; the first post's author is the patient, as are later
    posts by the same author; other unrecognised authors are 'other'."""
    now = now or dt.datetime.now(dt.UTC)
    tree = parse_html(html)
    rules = site.post
    if rules.exclude:
        for node in tree.css(rules.exclude):
            node.decompose()
    messages: list[Message] = []
    has_media = False
    first_author: str | None = None
    for index, post in enumerate(tree.css(rules.container)):
        bodies = post.css(rules.text) or [post]
        text = "\n\n".join(t for t in (node_text(b) for b in bodies) if t)
        has_media = has_media or any(b.css_first(rules.media) is not None for b in bodies)
        author = _first_text(post, rules.author)
        role, verified = _role(post, rules.roles)
        if index == 0:
            first_author = author
        if role is None:
            role = "patient" if index == 0 or (author and author == first_author) else "other"
        if not text:
            continue
        messages.append(
            Message(
                author_role=role,
                verified=verified,
                posted_at=_date_of(post, rules.date, rules.date_attr, site, now),
                text=text,
            )
        )
    if not messages:
        raise ExtractionError(f"no posts matched {rules.container!r} on {url}")
    details = _first_text(tree, site.thread.patient_details)
    if details and messages[0].author_role == "patient":
        messages[0] = messages[0].model_copy(update={"text": f"{details}\n\n{messages[0].text}"})
    published = _date_of(tree, site.thread.published, site.thread.published_attr, site, now)
    tags = [node_text(n) for n in tree.css(site.thread.tags)] if site.thread.tags else []
    return Thread(
        source=site.key,
        url=url,
        thread_id=thread_id_from_url(url, site),
        title=_first_text(tree, site.thread.title),
        published_at=published or messages[0].posted_at,
        language=site.language,
        messages=messages,
        tags=[t for t in tags if t],
        has_media=has_media,
    )
