"""One Jinja environment renders every page and text document: HTML pages escaped, the
Markdown dataset card (a `*.md.j2` template) not, through the same filters."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from medrubric.report import render

SRC = Path(render.__file__).parents[1]


def test_only_the_renderer_and_the_prompt_catalogue_make_a_jinja_environment() -> None:
    makers = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "Environment":
                makers.add(path.relative_to(SRC).parent.as_posix())
    assert makers == {"report", "prompts"}


def test_text_templates_are_not_escaped_and_keep_their_last_newline() -> None:
    template = render.env.from_string("{{ x }} {{ 0.5|pct }}\n")
    assert template.render(x="<b>") == "&lt;b&gt; 50.0%"  # a string template is HTML
    assert render._escapes("page.html.j2") and not render._escapes("card.md.j2")
    source = Path(render.__file__).parent / "templates" / "snapshot" / "dataset_card.md.j2"
    assert source.read_text("utf-8").endswith("{% endif %}\n")


def test_render_text_refuses_an_html_template() -> None:
    with pytest.raises(ValueError, match="not a text template"):
        render.render_text("base.html.j2")
