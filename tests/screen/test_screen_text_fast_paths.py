"""The ASCII byte-table paths of `screen.text` give exactly what the regex definitions give:
checked against those definitions (written out here) on random strings over every ASCII
character and a mix of CJK, full-width and Unicode-space characters."""

from __future__ import annotations

import random
import re
import unicodedata

import pytest

from medrubric.screen.text import has_cjk, non_alnum_ratio, normalise

ASCII = [chr(i) for i in range(128)]
MIXED = ASCII + list("中文医生头痛　，。！？ＡＢｃ①²ßéİ\u00a0\u2003\u200b\u3400\uf900")


def reference_normalise(text: str) -> str:
    return re.sub(r"[\W_]+", " ", unicodedata.normalize("NFKC", text).lower()).strip()


def reference_ratio(text: str) -> float:
    visible = len(text) - len(re.findall(r"\s", text))
    return len(re.findall(r"[^\w\s]|_", text)) / visible if visible else 1.0


@pytest.mark.parametrize("alphabet", [ASCII, MIXED], ids=["ascii", "mixed"])
def test_fast_paths_match_the_regex_definitions(alphabet: list[str]) -> None:
    rng = random.Random(13)
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        assert normalise(text) == reference_normalise(text), repr(text)
        assert non_alnum_ratio(text) == reference_ratio(text), repr(text)
        assert has_cjk(text) == bool(re.search(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]", text))


def test_examples() -> None:
    assert normalise("  Chest-PAIN__when I climb!!\tstairs ") == "chest pain when i climb stairs"
    assert normalise("头痛，３天") == "头痛 3天"
    assert non_alnum_ratio("a!! b") == 2 / 4
    assert non_alnum_ratio(" \t") == 1.0
