"""`medrubric regrade RUN --grader NEW --out RUN2`: the same answers graded again, the way
RUN graded them (its template, prompt version, mode and clip rule) but by other graders."""

from __future__ import annotations

from medrubric.errors import InputError
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.rundir import RunDir


def recorded_setup(run: RunDir) -> GraderSetup:
    """The grading set-up RUN recorded, once RUN is known to hold answers and cases."""
    for needed in (run.responses, run.cases):
        if not needed.is_file():
            raise InputError(f"no {needed.name}: not a run folder with answers", run.root)
    old = run.read_summary().grading
    if old is None:
        raise InputError("summary.json records no grading set-up to repeat", run.summary)
    return old


def regrade_setup(old: GraderSetup, chosen: GraderSetup) -> GraderSetup:
    """RUN's grading set-up `old` with `chosen`'s graders, jury, repeats and shuffle. A
    profile chosen anew (`--grader-profile`) is taken as it is; otherwise RUN's template,
    version, mode and clip are kept (another --mode takes the chosen set-up whole)."""
    if chosen.profile is not None or chosen.mode != old.mode:
        return chosen
    replaced = chosen.grader != old.grader
    return old.model_copy(
        update={
            "grader": chosen.grader,
            "profile": None if replaced else old.profile,
            "off_profile": (old.profile or old.off_profile) if replaced else old.off_profile,
            "max_tokens": chosen.max_tokens or old.max_tokens,
            "jury_graders": chosen.jury_graders,
            "jury": chosen.jury,
            "repeats": chosen.repeats,
            "shuffle_seed": chosen.shuffle_seed,
        }
    )
