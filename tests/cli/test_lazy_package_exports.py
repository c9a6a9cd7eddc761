"""Packages that load their submodules lazily still export every public name they list."""

from __future__ import annotations

import importlib

import pytest

from medrubric.lazy import lazy_getattr

LAZY = ["harvest", "llm", "prompts", "release", "retrieve", "runtime", "scoring", "stats"]


@pytest.mark.parametrize("package", [f"medrubric.{name}" for name in [*LAZY, "data.formats"]])
def test_every_listed_name_resolves_to_its_submodule_object(package: str) -> None:
    module = importlib.import_module(package)
    exports = module._EXPORTS
    assert set(module.__all__) == set(exports)
    for name, submodule in exports.items():
        defined = getattr(importlib.import_module(f"{package}.{submodule}"), name)
        assert getattr(module, name) is defined


def test_unknown_name_is_an_attribute_error() -> None:
    getattr_ = lazy_getattr("medrubric.llm", {"ModelSpec": "spec"})
    assert getattr_("ModelSpec").__name__ == "ModelSpec"
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        getattr_("nothing")
