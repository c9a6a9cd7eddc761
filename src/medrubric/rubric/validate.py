"""Rubric validation: a pure function from a draft to the list of rules it breaks.

Every threshold is a named constant documented in docs/rubrics.md. The checks are
heuristics for "atomic and checkable": one claim per criterion, a bounded length, no
criterion that rests on a vague word alone, and no two criteria that say the same thing.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import combinations

from medrubric.data.vocab import LIFE_CRITICAL_ABS_WEIGHT, WEIGHT_MAX, WEIGHT_MIN
from medrubric.retrieve.tokenize import tokenize
from medrubric.rubric.schemas import DraftCriterion, Problem, RubricDraft
from medrubric.stats import jaccard

MIN_CRITERIA, MAX_CRITERIA = 2, 19  # LiveMedBench §3.4: 2-19 criteria per case
MIN_WORDS, MAX_WORDS = 3, 50  # length in words; two Chinese characters count as one word
MAX_JOINERS = 1  # "rest and fluids" is one claim; a second joiner makes it a list
MIN_CONTENT_WORDS = 3  # a criterion with a vague word needs this much concrete content
TOKEN_JACCARD_DUPLICATE = 0.7  # word (EN) / character+bigram (ZH) token sets
CHAR_NGRAM_EN, CHAR_NGRAM_ZH = 3, 2  # character n-grams (Chinese words are mostly 2 characters)
CHAR_NGRAM_JACCARD_DUPLICATE = 0.7

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[^\W_\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_JOINERS = re.compile(r"\band\b|;|；|以及|并且|同时")

VAGUE_EN = frozenset(
    [
        "appropriate",
        "appropriately",
        "adequate",
        "adequately",
        "proper",
        "properly",
        "suitable",
        "suitably",
        "reasonable",
        "relevant",
        "good",
        "helpful",
        "sufficient",
        "sufficiently",
    ]
)
VAGUE_ZH = ("适当", "合适", "恰当", "合理", "相关", "充分", "良好", "妥善")
# Words every criterion uses; they say nothing about *what* must be in the answer.
GENERIC_EN = frozenset(
    [
        "response",
        "answer",
        "advice",
        "information",
        "recommend",
        "recommends",
        "recommendation",
        "provide",
        "provides",
        "give",
        "gives",
        "mention",
        "mentions",
        "include",
        "includes",
        "offer",
        "offers",
        "discuss",
        "discusses",
        "patient",
        "user",
        "model",
        "guidance",
        "care",
        "management",
        "step",
        "steps",
        "way",
    ]
)
GENERIC_ZH = ("建议", "回答", "信息", "提供", "给出", "提及", "患者", "用户", "指导", "的", "了")


def _normal(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower()


def word_length(text: str) -> float:
    """Latin words plus half the Chinese characters."""
    text = _normal(text)
    return len(_LATIN_WORD.findall(text)) + len(_CJK.findall(text)) / 2


def joiner_count(text: str) -> int:
    return len(_JOINERS.findall(_normal(text)))


def is_vague(text: str) -> bool:
    """A vague word ("appropriate", "适当") with too little concrete content around it."""
    text = _normal(text)
    words = _LATIN_WORD.findall(text)
    has_vague = any(w in VAGUE_EN for w in words) or any(v in text for v in VAGUE_ZH)
    if not has_vague:
        return False
    content = [w for w in tokenize(" ".join(words)) if w not in VAGUE_EN | GENERIC_EN]
    chinese = text
    for term in VAGUE_ZH + GENERIC_ZH:
        chinese = chinese.replace(term, "")
    return len(content) + len(_CJK.findall(chinese)) / 2 < MIN_CONTENT_WORDS


def char_ngrams(text: str) -> set[str]:
    """Character n-grams of the text without spaces and punctuation (bigrams for Chinese)."""
    squeezed = re.sub(r"[\W_]+", "", _normal(text))
    n = CHAR_NGRAM_ZH if _CJK.search(squeezed) else CHAR_NGRAM_EN
    return {squeezed[i : i + n] for i in range(max(1, len(squeezed) - n + 1))}


def similarity(a: str, b: str) -> tuple[float, float]:
    """(token Jaccard, character n-gram Jaccard) of two criterion texts."""
    return jaccard(tokenize(a), tokenize(b)), jaccard(char_ngrams(a), char_ngrams(b))


def near_duplicate(a: str, b: str) -> bool:
    tokens, ngrams = similarity(a, b)
    return tokens >= TOKEN_JACCARD_DUPLICATE or ngrams >= CHAR_NGRAM_JACCARD_DUPLICATE


def _weight_problems(number: int, c: DraftCriterion, fixed_n: int | None) -> list[Problem]:
    if fixed_n is not None:
        if c.weight != 1:
            msg = f"weight {c.weight}: every criterion of a fixed-{fixed_n} rubric weighs +1"
            return [Problem(code="binary_weight", message=msg, criterion=number)]
        return []
    if c.weight == 0 or not WEIGHT_MIN <= c.weight <= WEIGHT_MAX:
        msg = f"weight {c.weight} is not a non-zero integer in [{WEIGHT_MIN}, {WEIGHT_MAX}]"
        return [Problem(code="weight_range", message=msg, criterion=number)]
    if abs(c.weight) >= LIFE_CRITICAL_ABS_WEIGHT and not (
        c.life_critical and c.life_critical_reason.strip()
    ):
        msg = (
            f"weight {c.weight}: ±{LIFE_CRITICAL_ABS_WEIGHT} and beyond are reserved for "
            "life-critical content; set life_critical with a reason or lower the weight"
        )
        return [Problem(code="extreme_weight", message=msg, criterion=number)]
    return []


def text_problems(number: int, text: str) -> list[Problem]:
    """The rules one criterion's text breaks on its own: length, compound, vague. Shared by
    the generator's validation and `medrubric rubric lint`."""
    problems = []
    length = word_length(text)
    if not MIN_WORDS <= length <= MAX_WORDS:
        msg = f"{length:g} words; a checkable criterion has {MIN_WORDS}-{MAX_WORDS}"
        problems.append(Problem(code="length", message=msg, criterion=number))
    joiners = joiner_count(text)
    if joiners > MAX_JOINERS:
        msg = (
            f"joins {joiners + 1} requirements ('and', ';', '以及'); split it into atomic criteria"
        )
        problems.append(Problem(code="compound", message=msg, criterion=number))
    if is_vague(text):
        msg = "rests on a vague word (e.g. 'appropriate'); say concretely what must be stated"
        problems.append(Problem(code="vague", message=msg, criterion=number))
    return problems


def count_problems(n: int, fixed_n: int | None = None) -> list[Problem]:
    """A rubric of `n` criteria outside 2-19 (exactly `fixed_n` in the ClinConsensus layout)."""
    if fixed_n is not None and n != fixed_n:
        return [Problem(code="criteria_count", message=f"{n} criteria; exactly {fixed_n} needed")]
    if fixed_n is None and not MIN_CRITERIA <= n <= MAX_CRITERIA:
        msg = f"{n} criteria; a rubric has {MIN_CRITERIA}-{MAX_CRITERIA}"
        return [Problem(code="criteria_count", message=msg)]
    return []


def sign_problems(weights: list[int]) -> list[Problem]:
    """A rubric with no positive criterion has no defined score."""
    if any(w > 0 for w in weights):
        return []
    return [Problem(code="no_positive", message="no positive criterion")]


def validate_draft(
    draft: RubricDraft, *, n_advice: int | None = None, fixed_n: int | None = None
) -> list[Problem]:
    """Every rule `draft` breaks, in a stable order; [] means the rubric is valid.

    `n_advice` (the case's advice count) checks the selected advice numbers; `fixed_n`
    switches to the ClinConsensus layout: exactly N criteria, all weighing +1.
    """
    problems = count_problems(len(draft.criteria), fixed_n)
    problems += sign_problems([c.weight for c in draft.criteria])
    if n_advice is not None:
        bad = [i for i in draft.selected_advice if not 1 <= i <= n_advice]
        if bad:
            msg = f"selected_advice {bad} outside 1-{n_advice}"
            problems.append(Problem(code="advice_index", message=msg))
    for number, c in enumerate(draft.criteria, start=1):
        problems += _weight_problems(number, c, fixed_n)
        problems += text_problems(number, c.text)
    return problems + duplicate_problems([c.text for c in draft.criteria])


def duplicate_pairs(texts: list[str]) -> list[tuple[int, int]]:
    """(i, j), 1-based with i < j, for every pair of near-identical criterion texts; shared by
    the generator's validation and `medrubric rubric lint`."""
    pairs = combinations(enumerate(texts, start=1), 2)
    return [(i, j) for (i, a), (j, b) in pairs if near_duplicate(a, b)]


def duplicate_problems(texts: list[str]) -> list[Problem]:
    """One `near_duplicate` problem per near-identical pair, on the later criterion."""
    return [
        Problem(code="near_duplicate", message=f"near-duplicate of criterion {i}", criterion=j)
        for i, j in duplicate_pairs(texts)
    ]
