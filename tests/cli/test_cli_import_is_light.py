"""The CLI modules must import without the heavy stage libraries, so `medrubric --help` starts
fast; each stage loads its own libraries inside its command. Checked in a fresh interpreter."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import medrubric.cli

HEAVY = ("openai", "aiohttp", "matplotlib", "scipy", "fastapi", "bm25s", "lingua", "sklearn")


def _loaded_after_import(modules: list[str], watched: tuple[str, ...] = HEAVY) -> list[str]:
    script = (
        "import json, sys\n"
        f"for name in {modules!r}:\n"
        "    __import__(name)\n"
        f"print(json.dumps(sorted(m for m in {watched!r} if m in sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    return list(json.loads(done.stdout))


def test_stage_cli_modules_import_no_heavy_library() -> None:
    names = [f"medrubric.cli.{m.name}" for m in pkgutil.iter_modules(medrubric.cli.__path__)]
    assert {"medrubric.cli.evaluate", "medrubric.cli.factcheck", "medrubric.cli.main"} <= set(names)
    assert len(names) >= 10
    assert _loaded_after_import(names) == []


def test_main_imports_no_heavy_library() -> None:
    assert _loaded_after_import(["medrubric.cli.main"]) == []


def test_the_check_sees_a_heavy_import() -> None:
    assert _loaded_after_import(["medrubric.retrieve.bm25", "bm25s"]) == ["bm25s", "scipy"]


def test_option_defaults_come_from_light_modules() -> None:
    """--retriever lists the index kinds and --penalty shows the fact-check default."""
    assert (
        _loaded_after_import(["medrubric.retrieve.kinds", "medrubric.audit.factcheck_defaults"])
        == []
    )
    from medrubric.retrieve import INDEX_KINDS
    from medrubric.retrieve.index import INDEX_KINDS as INDEX_MODULE_KINDS

    assert INDEX_KINDS == INDEX_MODULE_KINDS == ("bm25", "dense", "fused")


# What `grade` runs before its first grader request: the command's module, the runner and the
# model factory. The dry-run estimate, the provenance record (and the snapshot code behind it)
# and the reports are loaded later: the summary's preload thread and the first drawn answer
# import them while the calls are in flight.
BEFORE_FIRST_REQUEST = [
    "medrubric.cli.main",
    "medrubric.cli.evaluate",
    "medrubric.evaluate.runner",
    "medrubric.llm.factory",
]
NOT_BEFORE_FIRST_REQUEST = (
    "medrubric.evaluate.estimate",
    "medrubric.evaluate.provenance",
    "medrubric.snapshot",
    "medrubric.report.leaderboard",
    "medrubric.report.render",
)


def test_grade_loads_no_report_estimate_or_provenance_before_its_first_request() -> None:
    assert _loaded_after_import(BEFORE_FIRST_REQUEST, NOT_BEFORE_FIRST_REQUEST) == []


def test_a_command_module_loads_without_garbage_collections() -> None:
    """Loading `grade`'s module makes tens of thousands of long-lived objects: in the command's
    process (`keep_after_pause`, as `main` calls it) the cyclic collector is paused meanwhile
    and on again afterwards, with nothing left for its next scan."""
    script = (
        "import gc\n"
        "from medrubric.cli.lazy_group import module_commands\n"
        "from medrubric.collection import keep_after_pause\n"
        "keep_after_pause()\n"
        "runs = []\n"
        "gc.callbacks.append(lambda phase, info: phase == 'start' and runs.append(1))\n"
        "commands = module_commands('evaluate')\n"
        "print(len(runs), gc.isenabled(), 'grade' in commands, gc.get_freeze_count() > 10_000)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.split() == ["0", "True", "True", "True"]
