"""Grader set-ups, and the profiles that pin those of published benchmarks.

A profile fixes everything that changes a published number: grader model id, temperature,
grading mode, prompt template and version, and the clipping rule of the score.
- `livemedbench`: GPT-4.1 (pinned `gpt-4.1-2025-04-14`, LiveMedBench App. F), temperature 0,
  one call per criterion, binary Met/Not Met, each case score clipped to [0, 1] (§3.3.2).
- `healthbench`: GPT-4.1, temperature 0, one call per rubric item; the grader sees the
  conversation and one `[points] criterion` item and returns JSON with `explanation` and
  `criteria_met`; case ratios are not clipped, only the mean is (HealthBench parity).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from medrubric.errors import InputError
from medrubric.prompts import get_prompt

GradingMode = Literal["per-criterion", "batched"]
MODES: tuple[str, ...] = ("per-criterion", "batched")
JuryRule = Literal["majority", "mean", "unanimous", "any"]
JURY_RULES: tuple[str, ...] = ("majority", "mean", "unanimous", "any")
# Repeats after the first sample the grader at this temperature (with seed = repeat number)
# unless the set-up's own temperature is above 0.
REPEAT_TEMPERATURE = 1.0
GPT41 = "openai:gpt-4.1-2025-04-14"


class GraderSetup(BaseModel):
    """How answers are graded; recorded in summary.json so a result can be reproduced."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    profile: str | None = None
    # A profile's pins with its grader model replaced: the run does not follow the profile.
    off_profile: str | None = None
    grader: str
    mode: GradingMode
    prompt: str
    prompt_version: int
    temperature: float = 0.0
    max_tokens: int | None = None
    clip: bool = True
    # A jury: further graders after `grader`, each grading every criterion, and the rule
    # that turns their verdicts into one (evaluate/jury.py).
    jury_graders: tuple[str, ...] = ()
    jury: JuryRule = "majority"
    # Grading noise: each grader grades every answer this many times; repeat 0 is the usual
    # call (the jury's vote), repeats 1.. only measure how verdicts vary.
    repeats: int = Field(default=1, ge=1)
    # batched mode: the criteria of each answer in an order shuffled with this seed
    shuffle_seed: int | None = None

    @model_serializer(mode="wrap")
    def _without_unused_panel(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A set-up without a jury, repeats or shuffle is written as before they existed,
        so the records (and input hashes) of single-grader runs stay as they were."""
        data = handler(self)
        if isinstance(data, dict):
            unused = {
                "repeats": self.repeats == 1,
                "shuffle_seed": self.shuffle_seed is None,
                "jury_graders": not self.jury_graders,
                "jury": not self.jury_graders,
            }
            for name in [n for n, drop in unused.items() if drop]:
                data.pop(name, None)
        return data

    @property
    def graders(self) -> tuple[str, ...]:
        """Every grader of the set-up: `grader`, then the jury's others."""
        return (self.grader, *self.jury_graders)

    def prompt_name(self, language: str) -> str:
        """The template for a case language: `<prompt>.<language>` if it exists, else `<prompt>`."""
        localised = f"{self.prompt}.{language}"
        return localised if _has_prompt(localised, self.prompt_version) else self.prompt

    def profile_note(self) -> str | None:
        """One line saying the run does not follow the profile it started from, if so."""
        if self.off_profile is None:
            return None
        pinned = PROFILES[self.off_profile].grader
        return (
            f"grader {self.grader} replaces the {self.off_profile} profile's pinned {pinned}: "
            f"this run does not follow the {self.off_profile} profile and is not labelled with it"
        )

    def params(self, repeat: int = 0) -> dict[str, float | int]:
        """The call parameters of grading repeat `repeat`; repeat 0's are those of a run
        without repeats (so its cache keys are unchanged), later repeats add `seed` and a
        temperature above 0."""
        params: dict[str, float | int] = {"temperature": self.temperature}
        if self.max_tokens is not None:
            params["max_tokens"] = self.max_tokens
        if repeat:
            params |= {"temperature": self.repeat_temperature, "seed": repeat}
        return params

    @property
    def repeat_temperature(self) -> float:
        return self.temperature if self.temperature > 0 else REPEAT_TEMPERATURE

    def with_panel(
        self,
        more: tuple[str, ...] = (),
        jury: str | None = None,
        repeats: int = 1,
        shuffle_seed: int | None = None,
    ) -> GraderSetup:
        """The set-up with further jury graders, a jury rule, grading repeats and a criteria
        shuffle (checked: a shuffle needs batched mode, graders must differ)."""
        if jury is not None and jury not in JURY_RULES:
            raise InputError(f"--jury must be one of {', '.join(JURY_RULES)}, got {jury!r}")
        graders = (self.grader, *more)
        repeated = sorted({g for g in graders if graders.count(g) > 1})
        if repeated:
            raise InputError(
                f"--grader {repeated[0]} is given twice: a jury needs different graders "
                "(use --grader-repeats to grade several times with one)"
            )
        if shuffle_seed is not None and self.mode != "batched":
            raise InputError("--shuffle-criteria orders the criteria of a batched call: "
                             "it needs --mode batched")  # fmt: skip
        if repeats < 1:
            raise InputError(f"--grader-repeats must be at least 1, got {repeats}")
        return self.model_copy(
            update={"jury_graders": tuple(more), "jury": jury or self.jury,
                    "repeats": repeats, "shuffle_seed": shuffle_seed}
        )  # fmt: skip


@cache  # asked once per grader call: the answer never changes within a process
def _has_prompt(name: str, version: int) -> bool:
    try:
        get_prompt(name, version)
    except KeyError:
        return False
    return True


PROMPT_FOR_MODE: dict[str, str] = {"per-criterion": "grade_criterion", "batched": "grade_batched"}

PROFILES: dict[str, GraderSetup] = {
    "livemedbench": GraderSetup(
        profile="livemedbench",
        grader=GPT41,
        mode="per-criterion",
        prompt="grade_criterion",
        prompt_version=1,
        clip=True,
    ),
    "healthbench": GraderSetup(
        profile="healthbench",
        grader=GPT41,
        mode="per-criterion",
        prompt="grade_healthbench",
        prompt_version=1,
        clip=False,
    ),
}


def spec_model_id(text: str) -> str:
    """`provider:model` of a spec string, its endpoint (`@URL`) left out."""
    return text.strip().partition("@")[0]


def resolve_setup(
    profile: str | None,
    grader: str | None,
    mode: str | None,
    max_tokens: int | None = None,
    prompt_version: int | None = None,
    model_id: Callable[[str], str] = spec_model_id,
) -> GraderSetup:
    """The effective set-up: the profile's pins, with `grader` if given. A grader serving the
    pinned model at another endpoint still follows the profile; another model keeps the
    profile's template and clip but not its label (`off_profile` says so). Without a profile,
    the mode's template at `prompt_version` (default 1). `model_id` maps a spec (or a
    medrubric.toml name) to `provider:model`."""
    if mode is not None and mode not in MODES:
        raise InputError(f"--mode must be one of {', '.join(MODES)}, got {mode!r}")
    if profile is not None:
        if profile not in PROFILES:
            raise InputError(f"unknown --grader-profile {profile!r} (known: {', '.join(PROFILES)})")
        pinned = PROFILES[profile]
        if mode is not None and mode != pinned.mode:
            raise InputError(
                f"--grader-profile {profile} grades {pinned.mode}; drop --mode {mode} "
                "or drop the profile"
            )
        if prompt_version is not None and prompt_version != pinned.prompt_version:
            raise InputError(
                f"--grader-profile {profile} pins {pinned.prompt}@{pinned.prompt_version}; "
                f"drop --grader-prompt-version {prompt_version} or drop the profile"
            )
        updates: dict[str, object] = {"max_tokens": max_tokens}
        if grader is not None:
            updates["grader"] = grader
            if model_id(grader) != spec_model_id(pinned.grader):
                updates |= {"profile": None, "off_profile": profile}
        return pinned.model_copy(update=updates)
    if grader is None:
        raise InputError("give --grader MODEL or --grader-profile NAME")
    chosen = mode or "per-criterion"
    prompt, version = PROMPT_FOR_MODE[chosen], prompt_version or 1
    if not any(_has_prompt(f"{prompt}{suffix}", version) for suffix in ("", ".en")):
        raise InputError(f"--grader-prompt-version {version}: {prompt} has no such version")
    return GraderSetup(
        grader=grader,
        mode=chosen,  # type: ignore[arg-type]
        prompt=prompt,
        prompt_version=version,
        max_tokens=max_tokens,
    )


def setup_from_pins(pins: dict[str, Any], where: str) -> GraderSetup:
    """The grader set-up a release pins in its manifest (`grader_profile`): a whole set-up
    (what `release --grader-profile livemedbench` writes) or an object naming at least
    `grader` (and optionally `mode`, `prompt_version`, `max_tokens`)."""
    if "prompt" in pins:
        try:
            return GraderSetup.model_validate(pins)
        except ValueError as exc:
            raise InputError(f"grader_profile is not a grader set-up: {exc}", where) from None
    grader = pins.get("grader")
    if not isinstance(grader, str) or not grader.strip():
        raise InputError("grader_profile pins no grader model (field `grader`)", where)
    return resolve_setup(None, grader, pins.get("mode"), pins.get("max_tokens"),
                         pins.get("prompt_version"))  # fmt: skip


def holds_calls(setup: GraderSetup, labels: Sequence[str]) -> bool:
    """Whether `build_summary` pairs grades with every rater's verdicts (a jury's or grading
    repeats' figures), so needs the grading calls whole; else their heads (`CallHead`)
    suffice, for the totals."""
    return len(labels) > 1 or setup.repeats > 1
