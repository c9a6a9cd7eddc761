"""Lazy package exports (PEP 562): a package lists which submodule defines each public name,
and the submodule is imported on first access, so `import medrubric.x` stays cheap."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_getattr(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` resolving `name` from `package.<exports[name]>` when first used."""

    def __getattr__(name: str) -> Any:
        if name not in exports:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{exports[name]}"), name)

    return __getattr__
