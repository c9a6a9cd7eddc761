"""Every package that exports names declares them once, in its `__init__.pyi`: each name
listed there resolves, on first access, to the object its submodule defines, and the
package's `__all__` and `dir()` are exactly that list."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import medrubric

SRC = Path(medrubric.__file__).parent
STUBS = sorted(SRC.rglob("__init__.pyi"))


def declared(stub: Path) -> dict[str, str]:
    """Public name -> submodule, as the stub's `from .submodule import name as name` lines say."""
    names: dict[str, str] = {}
    for node in ast.parse(stub.read_text(encoding="utf-8")).body:
        assert isinstance(node, ast.ImportFrom) and node.level == 1 and node.module, stub
        for alias in node.names:
            assert alias.asname == alias.name, f"{stub}: re-export {alias.name} as itself"
            names[alias.name] = node.module
    return names


def package_of(stub: Path) -> str:
    return ".".join(("medrubric", *stub.parent.relative_to(SRC).parts))


def test_the_exporting_packages_are_found() -> None:
    assert {package_of(s) for s in STUBS} >= {"medrubric.llm", "medrubric.stats"}


@pytest.mark.parametrize("stub", STUBS, ids=package_of)
def test_every_declared_name_resolves_to_its_submodule_object(stub: Path) -> None:
    package = package_of(stub)
    names = declared(stub)
    module = importlib.import_module(package)
    assert sorted(module.__all__) == sorted(names) == sorted(dir(module))
    for name, submodule in names.items():
        defined = getattr(importlib.import_module(f"{package}.{submodule}"), name)
        assert getattr(module, name) is defined, f"{package}.{name}"


def test_unknown_name_is_an_attribute_error() -> None:
    import medrubric.llm

    with pytest.raises(AttributeError, match="nothing"):
        medrubric.llm.nothing  # type: ignore[attr-defined]  # noqa: B018
