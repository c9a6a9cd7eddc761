"""Help that reads like ordinary command-line help: `--out PATH`, `--limit INTEGER`, and no
value name (metavar) after a flag, instead of typer's `<path>`, `<int>` and `<bool>`; usage
lines name arguments `THREADS`, `[NAME]` (optional) and `RUN...` (repeatable), instead of
typer's `{threads}` and `{RUN...}...`.

typer takes the metavar from each parameter's `display_type` and an argument's usage name
from `_usage_display_name`; this replaces those methods once for the whole CLI. An explicit
`metavar=` still wins.
"""

from __future__ import annotations

from typing import Any

from typer import core

NAMES = {"str": "TEXT", "int": "INTEGER", "float": "FLOAT", "path": "PATH", "file": "FILE",
         "directory": "DIR", "datetime": "DATETIME", "%Y-%m-%d": "YYYY-MM-DD"}  # fmt: skip

_typer_display_type = core._TyperParameter.display_type


def plain_display_type(self: Any, ctx: Any) -> str:
    label = _typer_display_type(self, ctx).strip("<>")
    if label.startswith("list[") and label.endswith("]"):
        label = label[5:-1]  # repeatable: the help text says so
    if "|" in label and label not in NAMES:
        return "[" + label + "]"  # a choice
    return NAMES.get(label, label.upper())


def plain_display_type_rich(self: Any, ctx: Any) -> str | None:
    if getattr(self, "is_bool_flag", False):
        return None  # a flag takes no value
    return _typer_option_rich(self, ctx)


_typer_option_rich = core.TyperOption.display_type_rich


def plain_usage_name(self: Any) -> str:
    """An argument in a usage line: its metavar or upper-case name, `...` when repeatable,
    in brackets when optional."""
    name = self.metavar or self.name.upper()
    if self.nargs != 1 and not name.endswith("..."):
        name += "..."
    return name if self.required else f"[{name}]"


def use_plain_help() -> None:
    """Make every typer command of this process show plain metavars."""
    core._TyperParameter.display_type = plain_display_type  # type: ignore[method-assign]
    core.TyperOption.display_type_rich = plain_display_type_rich  # type: ignore[method-assign]
    core.TyperArgument._usage_display_name = plain_usage_name  # type: ignore[method-assign]
