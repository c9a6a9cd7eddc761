"""The shipped list of cities outside China in Chinese (`redact/data/places_world_zh.txt`)."""

import pytest

from medrubric.redact import redact_world_cities
from medrubric.redact.redact import redact_text
from medrubric.redact.redact_lexicon import lexicon, word_lines


def test_the_list_is_what_its_command_builds_from_babel():
    babel = pytest.importorskip("babel")
    shipped = list(word_lines("places_world_zh.txt"))
    assert shipped == redact_world_cities.build(), f"rebuild with Babel {babel.__version__}"


def test_the_list_holds_cities_abroad_and_leaves_out_china_countries_and_short_words():
    shipped = set(word_lines("places_world_zh.txt"))
    assert {"达累斯萨拉姆", "帕拉马里博", "比什凯克"} <= shipped
    assert not shipped & {"乌鲁木齐", "烏魯木齊", "上海", "香港", "台北"}  # China's own
    assert not shipped & {"留尼汪", "巴林", "马尔代夫"}  # countries and territories
    assert all(len(city) > 2 for city in shipped)  # no 万象, 金边, 昭和
    assert "达累斯萨拉姆" in lexicon().zh_foreign_cities


@pytest.mark.parametrize(
    ("text", "place"),
    [("目的地：达累斯萨拉姆", "达累斯萨拉姆"), ("在帕拉马里博的华人诊所看了", "帕拉马里博")],
)
def test_a_city_of_the_list_is_redacted_in_chinese_text(text, place):
    redacted, _ = redact_text(text)
    assert place not in redacted and "[LOCATION]" in redacted
