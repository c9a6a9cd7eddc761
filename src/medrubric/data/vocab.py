"""Controlled vocabularies of SPEC §2: the five themes and the five axes.

Values are snake_case identifiers; `LABELS` gives the paper's display names. "unknown" exists
only for source formats that carry no theme or axis (e.g. RubricHub rows).
"""

from typing import Literal, get_args

Theme = Literal[
    "emergency_referrals",
    "context_seeking",
    "expertise_tailored_communication",
    "responding_under_uncertainty",
    "response_depth",
    "unknown",
]
Axis = Literal[
    "accuracy",
    "completeness",
    "communication_quality",
    "context_awareness",
    "safety",
    "unknown",
]
Language = Literal["en", "zh"]
AuthorRole = Literal["patient", "physician", "clinician", "other"]
ChatRole = Literal["system", "developer", "user", "assistant"]

THEMES: tuple[str, ...] = tuple(t for t in get_args(Theme) if t != "unknown")
AXES: tuple[str, ...] = tuple(a for a in get_args(Axis) if a != "unknown")

LABELS: dict[str, str] = {
    "emergency_referrals": "Emergency Referrals",
    "context_seeking": "Context-Seeking",
    "expertise_tailored_communication": "Expertise-Tailored Communication",
    "responding_under_uncertainty": "Responding under Uncertainty",
    "response_depth": "Response Depth",
    "accuracy": "Accuracy",
    "completeness": "Completeness",
    "communication_quality": "Communication Quality",
    "context_awareness": "Context Awareness",
    "safety": "Safety",
    "unknown": "Unknown",
}

# Specialties are free text from curation (snake_case); the ones whose name is not their id
# with spaces, and the languages, get a display name here; `display_name` covers the rest.
OTHER_LABELS: dict[str, str] = {
    "obstetrics_gynecology": "Obstetrics & Gynecology",
    "ent": "ENT (Otorhinolaryngology)",
    "en": "English",
    "zh": "Chinese",
}


def display_name(key: str) -> str:
    """What a page shows for a theme, axis, specialty or language id: `LABELS`, then
    `OTHER_LABELS`, else the id with spaces and a capital ('infectious_disease' ->
    'Infectious disease')."""
    if key in LABELS:
        return LABELS[key]
    if key in OTHER_LABELS:
        return OTHER_LABELS[key]
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:] if text else key


# The paper's published mix (LiveMedBench §3.3.1), used to compare generated rubrics.
PAPER_THEME_MIX: dict[str, float] = {
    "emergency_referrals": 0.033,
    "context_seeking": 0.045,
    "expertise_tailored_communication": 0.474,
    "responding_under_uncertainty": 0.272,
    "response_depth": 0.176,
}
PAPER_AXIS_MIX: dict[str, float] = {
    "accuracy": 0.512,
    "completeness": 0.247,
    "communication_quality": 0.094,
    "context_awareness": 0.078,
    "safety": 0.069,
}
PAPER_CRITERIA_PER_CASE = {"min": 2, "max": 19, "mean": 6.06}

WEIGHT_MIN, WEIGHT_MAX = -10, 10
LIFE_CRITICAL_ABS_WEIGHT = 9  # |w| >= 9 is reserved for life-critical details


def normalise_label(value: str) -> str:
    """Map a display name or loose spelling ('Context-Seeking', 'context seeking') to its id."""
    key = value.strip().lower().replace("-", "_").replace(" ", "_")
    for ident, label in LABELS.items():
        if key in (ident, label.lower().replace("-", "_").replace(" ", "_")):
            return ident
    return key
