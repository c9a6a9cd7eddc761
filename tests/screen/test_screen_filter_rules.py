"""The collection filter: one fixture per rejection reason, a mixed EN/ZH corpus, and the
building blocks (keywords, character mix, duplicates) checked against plain computations."""

from __future__ import annotations

import datetime as dt
import pickle
from pathlib import Path

import pytest

from medrubric.data.jsonl import load_models
from medrubric.data.models import Message, Thread
from medrubric.errors import PartFailed
from medrubric.screen.dedup import find_duplicates, shingles
from medrubric.screen.filter import FilterConfig, filter_threads, iter_decisions
from medrubric.screen.keywords import (
    TermMatcher,
    curated_terms,
    icd_title_variants,
    keep_package_term,
    keyword_matcher,
    stoplist,
)
from medrubric.screen.langid import (
    LanguageHelper,
    detector,
    identify,
    identify_batch,
    lingua_input,
)
from medrubric.screen.reasons import REASONS
from medrubric.screen.text import non_alnum_ratio, normalise

CORPUS = Path(__file__).parents[1] / "harvest" / "fixtures" / "filter_corpus.jsonl"


@pytest.fixture(scope="module")
def corpus() -> list[Thread]:
    return load_models(CORPUS, Thread)


def outcomes(result) -> dict[str, str]:
    got = {t.key: "kept" for t in result.kept}
    got.update({r.thread_key: r.reason for r in result.rejected})
    return got


def test_mixed_corpus_has_the_known_outcome_for_every_thread(corpus):
    result = filter_threads(corpus)
    expected = {t.key: t.tags[0].removeprefix("expect:") for t in corpus}
    assert outcomes(result) == expected
    # One fixture per reason code; re-identification risk is judged after redaction.
    assert set(expected.values()) - {"kept"} == set(REASONS) - {"reidentification_risk"}
    languages = {t.thread_id: t.language for t in result.kept}
    assert languages == {
        "en-kept-1": "en",
        "en-kept-2": "en",
        "zh-kept-1": "zh",
        "zh-kept-2": "zh",
        "mixed-zh-kept": "zh",
        "reid": "en",
    }
    counts = result.counts()
    assert counts["kept"] == 6 and counts["no_physician_reply"] == 3
    assert sum(counts.values()) == len(corpus)


def test_config_relaxes_rules(corpus):
    by_id = {t.thread_id: t for t in corpus}
    relaxed = FilterConfig(
        since=dt.date(2021, 1, 1), require_verified=False, allow_media=True, keep_undated=True
    )
    chosen = [by_id[i] for i in ("old", "unverified", "media", "undated")]
    assert outcomes(filter_threads(chosen, relaxed)) == {t.key: "kept" for t in chosen}
    only_en = filter_threads([by_id["zh-kept-1"]], FilterConfig(languages=["en"]))
    assert only_en.rejected[0].reason == "language"
    clinician = Thread(
        source="s",
        thread_id="c",
        published_at=dt.datetime(2024, 1, 1, tzinfo=dt.UTC),
        messages=[
            Message(author_role="patient", text="I have asthma and wheezing at night."),
            Message(author_role="clinician", verified=True, text="Use your inhaler every day."),
        ],
    )
    assert filter_threads([clinician]).rejected[0].reason == "no_physician_reply"
    roles = FilterConfig(reply_roles=["physician", "clinician"])
    assert len(filter_threads([clinician], roles).kept) == 1


def test_duplicates_of_rejected_threads_are_not_counted_as_duplicates(corpus):
    by_id = {t.thread_id: t for t in corpus}
    old = by_id["old"]
    copy = old.model_copy(
        update={"thread_id": "copy", "published_at": dt.datetime(2024, 1, 1, tzinfo=dt.UTC)}
    )
    copy = copy.model_copy(
        update={"messages": [m.model_copy(update={"posted_at": None}) for m in copy.messages]}
    )
    result = filter_threads([old, copy])
    assert outcomes(result) == {old.key: "too_old", copy.key: "kept"}


def test_non_alnum_ratio_counts_cjk_as_letters():
    assert non_alnum_ratio("头痛发烧") == 0
    assert non_alnum_ratio("ab!!") == 0.5
    assert non_alnum_ratio("a b ,") == pytest.approx(1 / 3)  # spaces are ignored
    assert non_alnum_ratio("") == 1.0


def test_keywords_match_english_on_word_boundaries_and_chinese_anywhere():
    m = keyword_matcher()
    assert m.first("I have had headaches for a week") == ("headache", "ICD:R51")
    assert m.first("血压高，头痛") is not None
    assert m.first("我最近胃痛得厉害") is not None  # no spaces around Chinese terms
    assert m.first("asthmatic") is None  # 'asthma' inside a longer word
    assert m.first("I went to the office and met my friends") is None
    assert m.first("She needs physiotherapy after the fracture") is not None  # ICHI term


def test_package_terms_are_normalised_and_stoplisted():
    assert list(icd_title_variants("Essential (primary) hypertension")) == [
        "essential primary hypertension",
        "essential hypertension",
        "essential hypertension",
    ]
    assert list(icd_title_variants("Fever, unspecified"))[-1] == "fever"
    stop = stoplist()
    assert {"other", "blood", "care"} <= stop
    assert not any(
        keep_package_term(t, stop) for t in ("other", "blood", "ab", "1234", "a b c d e f g")
    )
    assert keep_package_term("asthma", stop) and keep_package_term("哮喘", stop)
    matcher = keyword_matcher()
    assert all(matcher.first(word) is None for word in ("other", "blood", "care", "person"))
    assert matcher.first("asthma") is not None and matcher.first("cholera") is not None
    curated = dict(curated_terms())
    assert curated["哮喘"] == "ICD:J45"
    assert curated["行走困难"] == "ICF:d450"
    assert curated["biopsy"] == "ICHI:diagnostic"
    assert curated["x ray"] == "ICHI:diagnostic"  # normalised like the text it is matched in


def test_term_matcher_agrees_with_a_brute_force_search():
    terms = {"chest pain": "a", "pain": "b", "头痛": "c", "ct": "d"}
    matcher = TermMatcher(terms)
    text = "Chest pain, CT normal; 头痛 and painful"
    norm = f" {normalise(text)} "
    brute = {t for t in terms if (f" {t} " in norm if t.isascii() else t in norm)}
    assert {term for term, _ in matcher.find(text)} == brute == {"chest pain", "pain", "头痛", "ct"}


def test_keyword_automaton_is_cached_on_disk(tmp_path, monkeypatch):
    builds: list[int] = []

    def small_terms() -> dict[str, str]:
        builds.append(1)
        return {"chest pain": "ICD:R07"}

    monkeypatch.setattr("medrubric.screen.keywords.build_terms", small_terms)
    keyword_matcher.cache_clear()
    try:
        built = keyword_matcher(str(tmp_path))
        files = list(tmp_path.glob("keywords-*.pkl"))
        assert len(files) == 1
        loaded = pickle.loads(files[0].read_bytes())
        assert loaded.first("chest pain") == built.first("chest pain") == ("chest pain", "ICD:R07")
        keyword_matcher.cache_clear()
        again = keyword_matcher(str(tmp_path))  # a new process: loaded, not rebuilt
        assert builds == [1] and again.first("chest pain") == ("chest pain", "ICD:R07")
    finally:
        keyword_matcher.cache_clear()


def test_a_cached_matcher_from_a_moved_module_is_rebuilt(tmp_path, monkeypatch):
    """A pickle written by a release whose matcher class lived elsewhere (the filter moved
    from `harvest` to `screen`) names a module that no longer exists: rebuilt, not a crash."""
    from medrubric.screen import keywords

    monkeypatch.setattr(keywords, "build_terms", lambda: {"chest pain": "ICD:R07"})
    stale = pickle.dumps(keywords.TermMatcher({"x": "ICD:X"})).replace(
        b"medrubric.screen.keywords",
        b"medrubric.screeX.keywords",  # same length: a valid pickle
    )
    (tmp_path / f"keywords-{keywords._cache_key()}.pkl").write_bytes(stale)
    keyword_matcher.cache_clear()
    try:
        assert keyword_matcher(str(tmp_path)).first("chest pain") == ("chest pain", "ICD:R07")
    finally:
        keyword_matcher.cache_clear()


def test_near_duplicates_follow_the_threshold_and_keep_the_smallest_key():
    en_a = "I have had a bad headache for three days and my blood pressure is high every morning"
    en_b = en_a.replace("three", "four")
    exact = len(shingles(normalise(en_a)) & shingles(normalise(en_b))) / len(
        shingles(normalise(en_a)) | shingles(normalise(en_b))
    )
    assert 0.6 < exact < 0.8
    norm_a, norm_b = normalise(en_a), normalise(en_b)
    assert find_duplicates([("a", norm_a), ("b", norm_b)], threshold=0.9) == {}
    found = find_duplicates(
        [("b", norm_b), ("c", normalise(en_a.upper() + "!")), ("a", norm_a)], threshold=0.5
    )
    assert found == {0: ("near_duplicate", "a"), 1: ("duplicate", "a")}  # smallest key kept
    zh = shingles(normalise("最近两周经常头痛"))
    assert b"\xe6\x9c\x80\xe8\xbf\x91\xe4\xb8\xa4" in zh  # character 3-grams ('最近两')


def test_language_helper_process_gives_the_same_decisions(corpus):
    """Small batches so that most languages come from the helper process."""
    copies = [
        t.model_copy(update={"thread_id": f"{t.thread_id}-{i}"}) for i in range(3) for t in corpus
    ]

    def run(helper: bool) -> list[tuple[str, str | None, str]]:
        decisions = iter_decisions(copies, batch_size=7, helper_process=helper)
        return [(t.key, r.reason if r else t.language, r.detail if r else "") for t, r in decisions]

    with_helper = run(True)
    assert with_helper == run(False)
    assert {outcome for _, outcome, _ in with_helper} >= {"en", "zh", "language", "duplicate"}


def test_language_helper_answers_in_order_and_reports_a_dead_process():
    helper = LanguageHelper()
    try:
        first = helper.submit(
            identify_batch, ["I have had a headache for three days and feel sick.", "头痛三天了"]
        )
        second = helper.submit(
            identify_batch, ["Tengo dolor de cabeza desde hace tres días y náuseas."]
        )
        assert first() == ["en", "zh"] and second() == ["es"]
        helper._process.kill()
        with pytest.raises(PartFailed, match="language identification helper process"):
            helper.submit(identify_batch, ["more text"])()
    finally:
        helper.close()


@pytest.mark.parametrize(
    "text",
    [
        "My knee hurts, my KNEE hurts again and again after running. Knee pain!",
        "Hola hola, tengo dolor de cabeza, dolor de cabeza desde ayer",
        "Ich habe Kopfschmerzen, Kopfschmerzen seit Tagen",
        "a a a",
        "I I I I",
        "123 456 ?!",
        "Tengo fiebre y tos, ¿qué hago? fiebre fiebre",
        "我头痛三天了 headache headache",
    ],
)
def test_lingua_sees_the_same_trigrams_and_answers_the_same(text):
    """Each distinct word once (ASCII only) leaves lingua's answer and confidences unchanged."""
    reduced = lingua_input(text)
    assert reduced == text or text.isascii()

    def confidences(t: str) -> list[tuple[str, float]]:
        values = detector().compute_language_confidence_values(t)
        return [(str(c.language), round(c.value, 9)) for c in values]

    assert detector().detect_language_of(reduced) == detector().detect_language_of(text)
    assert confidences(reduced) == confidences(text)


def test_batches_answer_repeated_texts_as_lingua_answers_each():
    texts = ["I have had a dry cough for three weeks, doctor"] * 3 + [
        "Tengo tos seca desde hace tres semanas",
        "我咳嗽三周了，晚上更严重，需要做什么检查吗？请医生看看",
        "I have had a dry cough for three weeks, doctor",
    ]
    assert identify_batch(texts) == [identify(t) for t in texts] == ["en"] * 3 + ["es", "zh", "en"]
