"""Language identification of ASCII text from lingua's per-trigram terms (`TrigramScores`):
every text it decides gets lingua's own answer, and lingua decides the rest."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lingua import LanguageDetectorBuilder

from medrubric.screen import langid
from medrubric.screen.langid import (
    LATIN,
    TrigramScores,
    detector,
    identify_batch,
    lingua_input,
)

WORDS = {
    "en": "the pain in my chest gets worse when I climb stairs and my doctor said rest",
    "es": "tengo dolor de cabeza desde hace tres dias y el medico dice que descanse",
    "de": "ich habe seit gestern kopfschmerzen und der arzt sagt ich soll schlafen",
    "fr": "j ai mal a la tete depuis trois jours et le medecin dit de se reposer",
    "it": "ho mal di testa da tre giorni e il medico dice di riposare bene",
    "id": "saya sakit kepala sejak tiga hari dan dokter bilang harus istirahat",
    "pt": "estou com dor de cabeca ha tres dias e o medico disse para descansar",
}


def lingua(text: str) -> str | None:
    found = detector().detect_language_of(text)
    return found.iso_code_639_1.name.lower() if found is not None else None


def texts(n: int, seed: int = 0) -> list[str]:
    """ASCII texts of one language's words or of a mix, of 1 to 60 words, some punctuated."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        pool = " ".join(WORDS.values()) if i % 4 == 0 else list(WORDS.values())[i % len(WORDS)]
        words = [rng.choice(pool.split()) for _ in range(rng.randint(1, 60))]
        out.append(" ".join(words).capitalize() + rng.choice(["", "?", ". Thanks!", " 42"]))
    return out


def test_every_decided_text_gets_linguas_answer_and_most_are_decided():
    samples = texts(400)
    scores = TrigramScores()
    decided = scores.languages(samples)
    assert scores._agrees is True
    for text, found in zip(samples, decided, strict=True):
        assert found is None or found == lingua(text), text
    assert sum(found is not None for found in decided) > 300
    assert {found for found in decided} >= {"en", "es", "de", "fr", "it", "id"}


@pytest.mark.parametrize(
    "text",
    [
        "ab cd ef",  # letters but no trigram: lingua answers None itself
        "",
        "123 456 ?!",
        "Tengo fiebre, ¿qué hago?",  # not ASCII: lingua's rules may apply
        "我头痛三天了 headache headache",
    ],
)
def test_text_without_trigrams_or_not_ascii_is_left_to_lingua(text):
    assert TrigramScores().languages([text]) == [None]


def test_a_close_call_is_left_to_lingua(monkeypatch):
    samples = texts(40, seed=1)
    monkeypatch.setattr(langid, "MARGIN", float("inf"))
    assert TrigramScores().languages(samples) == [None] * len(samples)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyzAEIOU", min_size=1, max_size=9),
        min_size=1,
        max_size=40,
    )
)
def test_random_letter_runs_get_linguas_answer(words):
    text = " ".join(words)
    assert identify_batch([text]) == [lingua(lingua_input(text))]


def test_a_lingua_that_scores_otherwise_decides_every_text(monkeypatch):
    """Lingua's full mode scores short texts with 1- to 5-letter n-grams, not trigram terms:
    the sums no longer give its confidence values, so nothing is decided without it."""
    full = LanguageDetectorBuilder.from_languages(*LATIN).build()
    monkeypatch.setattr(langid, "detector", lambda: full)
    scores = TrigramScores()
    assert scores.languages(texts(20)) == [None] * 20
    assert scores._agrees is False
    assert TrigramScores()._check() is False
