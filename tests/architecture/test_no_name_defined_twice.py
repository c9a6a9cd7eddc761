"""No module of the package defines a function or class of one name twice at its top level:
the later definition silently replaces the earlier for every caller, including those written
above it (ruff's F811 does not see it when the first one is used before the second)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "medrubric"


def defined_twice(source: str) -> list[str]:
    """The names of top-level functions and classes that `source` defines more than once."""
    names = Counter(
        node.name
        for node in ast.parse(source).body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    )
    return sorted(name for name, n in names.items() if n > 1)


def test_the_check_finds_a_function_defined_twice() -> None:
    source = "def f(x):\n    return 1\n\n\nRULE = f\n\n\ndef f(x):\n    return 2\n"
    assert defined_twice(source) == ["f"]


def test_no_module_defines_a_function_or_class_twice() -> None:
    found = {
        str(path.relative_to(SRC)): twice
        for path in sorted(SRC.rglob("*.py"))
        if (twice := defined_twice(path.read_text(encoding="utf-8")))
    }
    assert found == {}
