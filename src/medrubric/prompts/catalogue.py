"""The catalogue of prompt templates shipped in `templates/`, compiled once each."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import jinja2

_FILE = re.compile(r"^(?P<name>[\w.\-]+)@(?P<version>\d+)\.j2$")
_env = jinja2.Environment(
    undefined=jinja2.StrictUndefined, keep_trailing_newline=False, autoescape=False
)


@dataclass(frozen=True)
class Prompt:
    name: str
    version: int
    source: str

    @property
    def id(self) -> str:
        return f"{self.name}@{self.version}"

    def render(self, **variables: Any) -> str:
        """`Template.render`, minus its per-call merge of the environment's globals through a
        ChainMap (a grader renders hundreds of prompts a second): the context gets one plain
        dict of the globals and the variables, which is what the template sees either way."""
        template = _compiled(self.source)
        context = template.new_context({**_env.globals, **variables}, shared=True)
        return "".join(template.root_render_func(context)).strip()


@cache
def _compiled(source: str) -> jinja2.Template:
    """Compile each template once: compiling costs far more than rendering."""
    return _env.from_string(source)


@cache
def _catalogue() -> dict[str, dict[int, str]]:
    found: dict[str, dict[int, str]] = {}
    for entry in resources.files(__package__).joinpath("templates").iterdir():
        match = _FILE.match(entry.name)
        if match:
            found.setdefault(match["name"], {})[int(match["version"])] = entry.read_text("utf-8")
    return found


def get_prompt(name: str, version: int | None = None) -> Prompt:
    """The named template at `version`, or its latest version."""
    versions = _catalogue().get(name)
    if not versions:
        raise KeyError(f"no prompt template named {name!r}")
    v = max(versions) if version is None else version
    if v not in versions:
        raise KeyError(f"prompt {name!r} has no version {v} (has {sorted(versions)})")
    return Prompt(name, v, versions[v])


def render(name: str, version: int | None = None, **variables: Any) -> tuple[str, str]:
    """Render a template; returns (text, 'name@version')."""
    prompt = get_prompt(name, version)
    return prompt.render(**variables), prompt.id
