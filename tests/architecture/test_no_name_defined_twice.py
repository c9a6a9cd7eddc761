"""No module of the package binds one name twice at its top level, by `def`, `class` or an
assignment: the later binding silently replaces the earlier for every user, including those
written above it (ruff's F811 does not see it when the first one is used before the second,
and sees no constant at all: two rules' patterns of one name once became one)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "medrubric"


def _bound(node: ast.stmt) -> list[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.Assign):
        return [target.id for target in node.targets if isinstance(target, ast.Name)]
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return [node.target.id] if isinstance(node.target, ast.Name) else []
    return []


def defined_twice(source: str) -> list[str]:
    """The names that `source` binds more than once at its top level."""
    names = Counter(name for node in ast.parse(source).body for name in _bound(node))
    return sorted(name for name, n in names.items() if n > 1)


def test_the_check_finds_a_function_or_a_constant_defined_twice() -> None:
    source = "def f(x):\n    return 1\n\n\nRULE = f\n\n\ndef f(x):\n    return 2\n"
    assert defined_twice(source) == ["f"]
    assert defined_twice("_DAY = 'a'\nRULE = _DAY\n_DAY = 'b'\n") == ["_DAY"]


def test_no_module_binds_a_name_twice() -> None:
    found = {
        str(path.relative_to(SRC)): twice
        for path in sorted(SRC.rglob("*.py"))
        if (twice := defined_twice(path.read_text(encoding="utf-8")))
    }
    assert found == {}
