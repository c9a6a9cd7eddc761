"""Grader juries and grading repeats: who grades (raters), and how a jury's verdicts on one
criterion become one.

A rater is one grader at one repeat. Repeat 0 of every grader is a jury member; repeats 1..
of a grader are the same grader asked again (temperature above 0, seed = repeat), used only
to measure grading noise. The jury rules, over the n members' verdicts on a criterion
(met m, not met k, errors n - m - k):

- majority: met when m > n/2, not met when k > n/2, else an error (a tie or too many errors);
- unanimous: met when m = n, not met when k >= 1, else an error;
- any: met when m >= 1, not met when k = n, else an error;
- mean: the share m / (m + k) of the members with a verdict, which the score weighs the
  criterion's points by; an error unless more than n/2 members gave a verdict.

A criterion the jury cannot decide is an error, never Not Met: it is left out of its case's
score and counted, as a single grader's error is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from medrubric.data.models import CaseGrade, Verdict
from medrubric.evaluate.rundir import AnswerKey, GradingCall, answer_key


@dataclass(frozen=True)
class Rater:
    """One grader (its spec as given and its label) at one grading repeat."""

    spec: str
    label: str
    repeat: int = 0

    @property
    def name(self) -> str:
        return self.label if self.repeat == 0 else f"{self.label}#{self.repeat}"


JURY_PREFIX = "jury:"


def jury_label(rule: str, labels: Sequence[str]) -> str:
    """The grader name a jury's grades carry: `jury:majority(a, b, c)`."""
    return f"{JURY_PREFIX}{rule}({', '.join(labels)})"


def jury_members(label: str) -> list[str]:
    """The graders a grade's grader label names: a jury label's members (`jury_label`),
    else the label itself."""
    rule, paren, rest = label.removeprefix(JURY_PREFIX).partition("(")
    if not label.startswith(JURY_PREFIX) or not paren or not rest.endswith(")") or not rule:
        return [label]
    return [member for member in rest[:-1].split(", ") if member]


def jury_verdict(votes: Sequence[Verdict], rule: str) -> Verdict:
    """One verdict from the jury members' verdicts on one criterion (see the module doc)."""
    first = votes[0]
    n = len(votes)
    met = sum(v.error is None and v.met is True for v in votes)
    not_met = sum(v.error is None and v.met is False for v in votes)
    tally = f"jury ({rule}): {met} met, {not_met} not met, {n - met - not_met} errors of {n}"
    decided: bool | None = None
    share: float | None = None
    if rule == "majority":
        decided = True if met > n / 2 else False if not_met > n / 2 else None
    elif rule == "unanimous":
        decided = True if met == n else False if not_met >= 1 else None
    elif rule == "any":
        decided = True if met >= 1 else False if not_met == n else None
    elif rule == "mean":
        if met + not_met > n / 2:
            share = met / (met + not_met)
            decided = share >= 0.5
    else:
        raise ValueError(f"unknown jury rule {rule!r}")
    base = {"criterion_id": first.criterion_id, "weight": first.weight, "axis": first.axis}
    if decided is None:
        return Verdict(**base, error=f"no decision: {tally}")
    return Verdict(**base, met=decided, share=share, explanation=tally)


def rater_verdicts(
    calls: Iterable[GradingCall], rater: Rater, *, only_grader: bool
) -> dict[AnswerKey, dict[str, Verdict]]:
    """The verdicts one rater gave, per answer (case id, model, epoch) and criterion id; a
    later call wins. With `only_grader` (a single-grader run), calls are not told apart by
    grader label, so a run recorded before a label was renamed keeps its verdicts."""
    out: dict[AnswerKey, dict[str, Verdict]] = {}
    for call in calls:
        if call.repeat != rater.repeat or (not only_grader and call.grader != rater.label):
            continue
        found = out.setdefault(answer_key(call), {})
        found.update({v.criterion_id: v for v in call.verdicts})
    return out


def missing_verdict(template: Verdict) -> Verdict:
    return Verdict(
        criterion_id=template.criterion_id,
        weight=template.weight,
        axis=template.axis,
        error="no verdict recorded for this grader",
    )


def rater_grades(
    grades: Sequence[CaseGrade], verdicts: dict[AnswerKey, dict[str, Verdict]], label: str
) -> list[CaseGrade]:
    """Each answer's grade as one rater gave it: the (jury) grades with their verdicts
    replaced by the rater's, criterion for criterion."""
    out = []
    for grade in grades:
        given = verdicts.get(answer_key(grade), {})
        criteria = [given.get(v.criterion_id) or missing_verdict(v) for v in grade.criteria]
        out.append(grade.model_copy(update={"grader": label, "criteria": criteria}))
    return out
