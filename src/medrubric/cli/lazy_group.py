"""A command group that knows its commands by name and imports a command's module only when
that command runs or its help is shown, so `medrubric grade` does not pay for every stage; and
the group of a stage with a default sub-command (`rubric CASES` = `rubric generate CASES`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any, ClassVar

import typer
from typer._click import Context  # typer vendors click; click.Context is another class
from typer.core import TyperGroup

from medrubric.collection import collection_paused


def module_commands(module_name: str) -> dict[str, Any]:
    """The click commands a `medrubric.cli` module's `register(app)` adds, built as typer would
    (imported with the garbage collector paused: `collection_paused`)."""
    with collection_paused():
        module = importlib.import_module(f"medrubric.cli.{module_name}")
        holder = typer.Typer()
        module.register(holder)
        commands = dict(typer.main.get_group(holder).commands)
    for command in commands.values():
        _reflow_help(command)
    return commands


def _reflow_help(command: Any) -> None:
    """Join the lines of each paragraph of a command's help (and its sub-commands'), as typer
    does for the first paragraph only, so the rest wraps to the terminal's width rather than
    at the docstring's line ends. A paragraph that starts with \\b keeps its lines."""
    if command.help:
        first, *rest = command.help.split("\n\n")
        command.help = "\n\n".join(
            [first, *(p if p.startswith("\b") else " ".join(p.split("\n")) for p in rest)]
        )
    for sub in getattr(command, "commands", {}).values():
        _reflow_help(sub)


class LazyCommands(MutableMapping[str, Any]):
    """Command name -> command; iterating yields names in table order without importing."""

    def __init__(self, modules: dict[str, str], load: Callable[[str], dict[str, Any]]) -> None:
        self._modules = modules
        self._load = load
        self._loaded: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._loaded and name in self._modules:
            self._loaded.update(self._load(self._modules[name]))
        return self._loaded[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        self._modules.pop(name, None)
        del self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        yield from self._modules
        yield from (name for name in self._loaded if name not in self._modules)

    def __len__(self) -> int:
        return len(self._modules) + sum(name not in self._modules for name in self._loaded)

    def __contains__(self, name: object) -> bool:
        return name in self._modules or name in self._loaded


class LazyGroup(TyperGroup):
    """`modules` maps each command name to its `medrubric.cli` module, in help order."""

    modules: ClassVar[dict[str, str]] = {}

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        eager = dict(self.commands)
        self.commands = LazyCommands(dict(self.modules), module_commands)
        self.commands.update(eager)

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)


class DefaultCommandGroup(TyperGroup):
    """A group whose first argument, when it names none of its commands (nor help), starts the
    arguments of `default`: `release POOL ...` means `release build POOL ...` while
    `release diff A B` stays a diff. Made per group by `default_command_group`."""

    default: ClassVar[str] = ""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = [self.default, *args]
        return super().parse_args(ctx, args)


def default_command_group(default: str) -> type[DefaultCommandGroup]:
    """The group class (typer's `cls=`) whose default sub-command is `default`."""
    return type(f"Default_{default}_Group", (DefaultCommandGroup,), {"default": default})
