"""The lint's medical knowledge: flipped signs found through the shipped list of known harms
(`rubric/known_harms.toml`), with and without the retrieve extra, and reworded duplicates
found as each other's nearest criterion in the rubric (with the extra)."""

from __future__ import annotations

import re

import pytest

from medrubric.data.models import Case
from medrubric.rubric.harms import SOURCE_TYPES, known_harms, parse_harms
from medrubric.rubric.lint import known_harm_sign, lint_case


def _case(query: str, *criteria: tuple[int, str], language: str = "en") -> Case:
    rubric = [
        {"id": f"c{i}", "text": text, "axis": "safety", "weight": w}
        for i, (w, text) in enumerate(criteria, start=1)
    ]
    return Case.model_validate({"id": "k1", "language": language, "query": query, "rubric": rubric})


def _flips(case: Case, encoder: object = None) -> dict[str | None, str]:
    found = lint_case(case, encoder)  # type: ignore[arg-type]
    return {f.criterion_id: f.evidence for f in found if f.check == "flipped_sign"}


def test_the_shipped_list_is_complete_and_every_entry_is_bilingual() -> None:
    harms = known_harms()
    assert 150 <= len(harms) <= 250
    assert len({h.id for h in harms}) == len(harms)
    for harm in harms:
        assert harm.source in SOURCE_TYPES and harm.reason and harm.action
        # each entry names its action in Chinese as well as English
        assert re.search(r"[\u4e00-\u9fff]", harm.pattern.pattern), harm.id
        assert re.search(r"[a-z]", harm.pattern.pattern), harm.id


def test_a_malformed_entry_is_named() -> None:
    text = (
        '[[harm]]\nid = "x1"\naction = "a"\nreason = "r"\nsource = "blog"\nen = ["a"]\nzh = ["甲"]'
    )
    with pytest.raises(ValueError, match="x1: unknown source 'blog'"):
        parse_harms(text)
    with pytest.raises(ValueError, match="x1: missing zh"):
        parse_harms(text.replace('zh = ["甲"]', ""))


@pytest.mark.parametrize(
    ("query", "text", "weight", "entry"),
    [
        # recommending a listed harm at a positive weight
        (
            "My fingers went white and numb on the mountain",
            "Suggests warming the fingers by rubbing them with snow",
            5,
            "frostbite-rub",
        ),
        ("孩子误喝了洁厕灵怎么办", "建议灌点肥皂水让孩子吐出来", 6, "poison-induce-vomit"),
        ("腰扭了两天，很疼", "建议卧床休息一周再说", 4, "bed-rest-back-pain"),
        # the circumstance is in the question, not the criterion
        (
            "I'm on dialysis three times a week and my knee hurts",
            "Recommends naproxen twice daily for the knee",
            5,
            "nsaid-kidney",
        ),
        # warning against a listed harm at a negative weight
        (
            "High fever and a rash after a trip to Bali; the clinic suspects dengue",
            "Advises avoiding ibuprofen until dengue is ruled out",
            -4,
            "nsaid-dengue",
        ),
    ],
)
def test_a_known_harm_with_the_wrong_sign_is_a_flipped_sign(
    query: str, text: str, weight: int, entry: str
) -> None:
    case = _case(query, (8, "Advises a same-day medical review"), (weight, text))
    flips = _flips(case)
    assert set(flips) == {"c2"} and flips["c2"].startswith(f"known harm {entry!r}")


FROSTBITE = "My fingers went white and hard on the mountain; is it frostbite?"


@pytest.mark.parametrize(
    ("query", "text", "weight", "sign"),
    [
        # the right sign
        (FROSTBITE, "Recommends rubbing them with snow", -6, -1),
        (FROSTBITE, "Advises against rubbing the skin", 5, 1),
        # the harm rejected before or after it ("no need for", "is not safe", "而不是")
        ("I have a cold and a runny nose", "States there is no need for antibiotics", 4, 1),
        ("I have stage 4 kidney disease", "Explains that ibuprofen is not safe for him", 6, 1),
        ("腰痛三天", "建议适当活动而不是卧床", 4, 1),
        # the circumstance is absent, or ruled out in the question
        ("I sprained my ankle playing football", "Recommends ibuprofen for the pain", 4, None),
        (
            "I'm 29 and not pregnant; I have a sore back",
            "Suggests ibuprofen for a few days",
            3,
            None,
        ),
        # asked about, not advised
        ("I'm on warfarin", "Asks whether he has taken any ibuprofen or aspirin", 4, None),
    ],
)
def test_a_known_harm_used_rightly_raises_nothing(
    query: str, text: str, weight: int, sign: int | None
) -> None:
    found = known_harm_sign(text, query)
    assert (found and found[0]) == sign
    assert _flips(_case(query, (8, "Advises a same-day medical review"), (weight, text))) == {}


def test_the_list_needs_no_extra_and_names_the_entry() -> None:
    sign = known_harm_sign("Recommends putting butter on the scald", "hot tea spilt on her arm")
    assert sign is not None and sign[0] == -1 and sign[1].id == "burn-grease"
    assert known_harm_sign("Recommends putting butter on toast", "what to eat") is None


BACK_PAIN = (
    (8, "Asks about numbness in the legs or trouble passing urine"),
    (5, "Recommends resting in bed until the back pain has completely gone"),
    (3, "Suggests paracetamol for the pain"),
    (4, "Recommends keeping moving rather than resting in bed until the back pain has gone"),
)


@pytest.mark.parametrize("with_extra", [False, True])
def test_a_flipped_known_harm_is_not_paired_as_a_duplicate(
    request: pytest.FixtureRequest, with_extra: bool
) -> None:
    """The harmful pole (c2, rewarded: a flip) and the good pole (c4) share most words; they
    are one behaviour's two poles, so only the flip is reported, by words or by meaning."""
    encoder = request.getfixturevalue("sentence_encoder") if with_extra else None
    case = _case("I hurt my lower back lifting a box two days ago", *BACK_PAIN)
    found = lint_case(case, encoder)
    about_criteria = {(f.criterion_id, f.check) for f in found if f.criterion_id}
    assert about_criteria == {("c2", "flipped_sign")}


@pytest.mark.parametrize(
    ("query", "text", "sign", "entry"),
    [
        # first aid, recommended and warned against
        (
            "My heart is racing at 180 and won't slow down",
            "Recommends pressing firmly on both sides of the neck at the same time",
            -1,
            "carotid-press-both",
        ),
        ("糖尿病十年，脚有点麻", "建议用刀片自己削老茧", -1, "diabetic-foot-heat-corns"),
        (
            "My son is choking on a grape",
            "Warns against hooking a finger into his mouth",
            1,
            "choking-finger-hook",
        ),
        ("朋友喝醉了", "建议灌醋或浓茶帮助解酒", -1, "drunk-sober-up"),
        # children and pregnancy
        (
            "My 4-year-old has chickenpox",
            "Suggests ibuprofen for the fever",
            -1,
            "chickenpox-ibuprofen",
        ),
        ("宝宝出生5天，皮肤发黄", "建议多晒太阳退黄", -1, "jaundice-sunlight"),
        (
            "I'm 20 weeks pregnant",
            "Advises avoiding soft cheese such as brie",
            1,
            "pregnancy-listeria-foods",
        ),
        ("我在哺乳期，牙疼", "建议哺乳期避免含可待因的止痛药", 1, "codeine-child-breastfeeding"),
        # medicines in their circumstance
        (
            "My dad's lips and tongue swelled up this morning; he takes lisinopril",
            "Recommends he keeps taking lisinopril as usual",
            -1,
            "ace-inhibitor-angioedema-continue",
        ),
        (
            "我有艾迪生病，这两天发烧呕吐",
            "建议生病期间减少氢化可的松的用量",
            -1,
            "steroid-reduce-when-ill",
        ),
        (
            "奶奶82岁，这几天夜里糊涂、吵闹",
            "建议给老人吃安眠药让她晚上安静",
            -1,
            "sedative-elderly-confusion",
        ),
        # an impaled object pulled out, in any words for the object
        (
            "A broken branch is stuck in his thigh",
            "Recommends pulling the branch out in one smooth motion",
            -1,
            "embedded-object",
        ),
        ("一根钢筋扎入了他的小腿", "建议马上把钢筋拔出来再包扎", -1, "embedded-object"),
        # a hot bath for someone found very cold, as the first-aider sees it
        (
            "I found my neighbour on the floor, very cold to touch and drowsy",
            "Recommends putting him in a hot bath to warm him up quickly",
            -1,
            "hypothermia-rub-hot",
        ),
        ("老人在雪地里冻僵了", "建议马上让他泡热水澡", -1, "hypothermia-rub-hot"),
        # twice the dose to act faster; a painkiller every two hours or with no limit
        (
            "My iron is low",
            "Advises taking twice the prescribed iron to get levels up faster",
            -1,
            "double-dose",
        ),
        (
            "I have bad tummy pain",
            "Suggests paracetamol 1 g every two hours until the pain goes",
            -1,
            "nsaid-high-dose",
        ),
        ("宝宝发烧39度", "建议每两小时喂一次退烧药", -1, "nsaid-high-dose"),
        (
            "I have bad tummy pain",
            "Warns against taking paracetamol every two hours",
            1,
            "nsaid-high-dose",
        ),
        # the casualty walking to the car
        (
            "A spider bit my husband on the hand and he is sweating",
            "Advises him to walk out to the car so she can drive him to the GP",
            -1,
            "casualty-walk",
        ),
        ("他被狗咬伤，伤口一直出血", "建议他自己走到车上，开车去医院", -1, "casualty-walk"),
        # water loading after MDMA or an endurance event
        (
            "My mate took two pills at a festival and is overheating",
            "Recommends getting him to drink as much water as possible, a litre or more at a time",
            -1,
            "water-loading-hyponatraemia",
        ),
        # neutralising a chemical burn or a swallowed alkali; goat's milk for a milk allergy
        (
            "Rust remover with hydrofluoric acid got inside my glove",
            "Suggests packing the fingertips in a baking-soda paste to neutralise the acid",
            -1,
            "chemical-burn-neutralise",
        ),
        ("手上溅到了强碱清洁剂，皮肤发红", "建议在手上抹醋来中和", -1, "chemical-burn-neutralise"),
        (
            "孩子把生石灰干燥剂咬破了，吃了一点",
            "建议喝点醋或柠檬汁来中和碱性",
            -1,
            "poison-neutralise",
        ),
        (
            "My 5-month-old has a cow's milk protein allergy",
            "Recommends switching her to a goat's milk formula",
            -1,
            "goat-milk-cows-milk-allergy",
        ),
        ("宝宝5个月，医生说是牛奶蛋白过敏", "推荐改喝羊奶粉", -1, "goat-milk-cows-milk-allergy"),
        ("宝宝5个月，医生说是牛奶蛋白过敏", "不建议用羊奶粉替代", 1, "goat-milk-cows-milk-allergy"),
        (
            "I just stuck myself with a used needle from a patient",
            "Recommends squeezing the wound hard and scrubbing it with bleach",
            -1,
            "sharps-injury-scrub",
        ),
        ("刚才被病人用过的针扎到手指", "建议用力挤伤口，再用酒精浸泡", -1, "sharps-injury-scrub"),
        # sitting up after a fall from height is still the spinal entry
        (
            "He fell from a ladder and his neck hurts",
            "Suggests helping him sit up",
            -1,
            "spinal-move",
        ),
        (
            "I just stuck myself with a used needle from a patient",
            "Advises not to scrub the puncture, only to let it bleed and wash it with soap",
            1,
            "sharps-injury-scrub",
        ),
    ],
)
def test_new_list_entries_in_english_and_chinese_at_both_signs(
    query: str, text: str, sign: int, entry: str
) -> None:
    found = known_harm_sign(text, query)
    assert found is not None and (found[0], found[1].id) == (sign, entry)
    flips = _flips(_case(query, (8, "Advises a same-day medical review"), (-6 * sign, text)))
    assert set(flips) == {"c2"} and flips["c2"].startswith(f"known harm {entry!r}")


def test_a_warning_against_water_loading_is_the_entry_at_a_positive_sign() -> None:
    """In a case, 提醒 at a negative weight is a flip by its wording first; the list's own reading
    of the warning is its entry with a positive sign."""
    found = known_harm_sign("提醒不要再大量喝水，以免血钠更低", "她刚跑完马拉松，头痛呕吐")
    assert found is not None and (found[0], found[1].id) == (1, "water-loading-hyponatraemia")


def test_a_recommended_harm_outweighs_good_wording_in_the_same_criterion() -> None:
    """Ibuprofen in chickenpox, bundled with a safety net that alone reads as good advice."""
    text = "Suggests giving ibuprofen and letting him rest, and calling the GP if the spots spread."
    assert _flips(_case("My 6-year-old has chickenpox and a fever", (8, text))) == {
        "c1": _flips(_case("chickenpox", (8, text)))["c1"]
    }
    assert _flips(_case("My 6-year-old sprained his ankle", (8, text))) == {}


@pytest.mark.parametrize(
    ("query", "text", "weight"),
    [
        # correct practice described for another circumstance than the listed one
        (
            "My 6-year-old has had a cold; now his eyelid is red, swollen and he has a fever",
            "Explains that treatment usually involves antibiotics through a drip and a scan",
            4,
        ),
        # a rule that names the listed act as correct practice
        (
            "I have Addison's disease and missed my hydrocortisone",
            "Mentions the sick-day rule of doubling the usual hydrocortisone dose during illness",
            3,
        ),
        # a rejection verb governs the whole sentence, past "and"
        (
            "My 4-month-old has a cold and a blocked nose",
            "Advises against over-the-counter cough and cold medicines for infants",
            6,
        ),
        ("宝宝8个月，感冒咳嗽", "不建议家长自行给宝宝用药，比如复方感冒药", 5),
        # care held off until a clinician has seen him, and an act declined as not needed
        (
            "I started lamotrigine and now have a rash",
            "Recommends not taking any further lamotrigine until assessed by a doctor",
            8,
        ),
        (
            "My 5-month-old has a cold and is feeding well",
            "States that antibiotics are not needed for a simple cold in a baby who is well",
            4,
        ),
        # what was taken told to those who treat the patient; a harm switched away from, named
        # as the cause, or named as a double dose
        (
            "I'm 30 weeks pregnant and have taken ibuprofen all week",
            "Advises telling her obstetric provider that she has been taking ibuprofen",
            6,
        ),
        ("爸爸吞了一颗生鱼胆，现在肚子疼", "建议立即送医院急诊，并告诉医生吞服鱼胆的时间", 9),
        (
            "I'm 6 weeks pregnant and take ramipril",
            "Advises contacting her GP so that ramipril can be switched to labetalol",
            8,
        ),
        (
            "I put steroid cream on a ringworm patch and it spread",
            "Suggests the rash may be tinea that the steroid cream has made worse",
            7,
        ),
        (
            "感冒了，泰诺和维C银翘片一起吃",
            "指出泰诺和维C银翘片都含对乙酰氨基酚，同时服用属于重复用药",
            8,
        ),
        # sitting up is the first aid for autonomic dysreflexia in a long-standing cord injury
        (
            "My brother has a T4 spinal cord injury; he has a pounding headache and BP 198/112",
            "Tells the caregiver to sit him bolt upright at once",
            8,
        ),
        ("哥哥颈椎损伤后截瘫多年，突然剧烈头痛，血压很高", "建议马上扶他坐起来", 8),
        # breathlessness on lying flat is the symptom, not advice to lie down
        (
            "I had my baby 4 weeks ago and get breathless at night",
            "Explains that breathlessness on lying flat can be a sign of heart failure after birth",
            6,
        ),
        ("产后一个月，晚上气喘", "说明平躺时气喘加重可能是心衰的表现", 6),
        # a tourniquet where direct pressure does not stop a spurting bleed
        (
            "He cut his thigh with a chainsaw and blood is spurting out",
            "Recommends a tourniquet high on the thigh if pressure does not stop the spurting",
            8,
        ),
        ("大腿被电锯割伤，血往外喷射", "建议压迫无法止血时在大腿根部上止血带", 8),
        # a harm named as absent, given up or ruled out
        (
            "My 2-year-old has had a viral tummy bug for a day",
            "Explains that most bouts like this settle within a few days without antibiotics",
            5,
        ),
        ("有高血压，感冒鼻塞", "建议改用不含减充血剂的办法缓解鼻塞，如生理盐水洗鼻", 4),
        ("我在吃佐匹克隆，睡前还喝酒", "说明睡前喝酒必须戒掉", 8),
        (
            "I used my GTN nitrate spray an hour ago and want to take Viagra",
            "Makes clear that Viagra is off the table tonight",
            8,
        ),
        # a harm on a list of conditions for seeking help is supposed, not advised
        (
            "My 3-month-old is vomiting",
            "Advises getting urgent medical help if she becomes floppy, or stops feeding",
            7,
        ),
        ("3个月宝宝呕吐", "建议如果宝宝精神差、呼吸急促，或者停止喂奶，立即就医", 7),
    ],
)
def test_false_alarm_classes_are_quiet(query: str, text: str, weight: int) -> None:
    assert _flips(_case(query, (8, "Advises a same-day medical review"), (weight, text))) == {}


def test_a_contradicting_circumstance_silences_an_entry() -> None:
    entry = (
        '[[harm]]\nid = "x1"\naction = "a"\nreason = "r"\nsource = "drug label"\n'
        'en = ["\\\\bantibiotic"]\nzh = ["抗生素"]\nwhen_en = ["cold"]\nunless_en = ["cellulitis"]'
    )
    (harm,) = parse_harms(entry)
    assert harm.when is not None and harm.unless is not None
    assert harm.unless.search("orbital cellulitis after a cold")
    assert parse_harms(entry.replace('\nunless_en = ["cellulitis"]', ""))[0].unless is None


@pytest.mark.parametrize(
    ("query", "text"),
    [
        # pulling something out is harmless when nothing is stuck in the body
        ("My son has a splinter in his finger", "Suggests pulling the splinter out with tweezers"),
        # a hot bath when no one is cold; water after a plain stomach bug
        ("My back aches after gardening", "Suggests a hot bath to ease the ache"),
        ("I have had diarrhoea since yesterday", "Advises drinking plenty of water"),
        ("孩子拉肚子一天了", "建议多喝水，注意休息"),
        # paracetamol dosed as the label says; walking with no injury
        ("I have a headache", "Advises paracetamol 1 g every four to six hours, up to 4 g a day"),
        ("I feel low and stiff", "Suggests a walk to the park each morning"),
        # neutralising stomach acid is not a chemical burn; goat's milk protein explained
        ("I have heartburn after meals", "Explains that antacids neutralise stomach acid"),
        ("宝宝牛奶蛋白过敏", "说明羊奶蛋白与牛奶蛋白结构相似"),
        # scrubbing a graze, squeezing a stress ball: no needle, no sharps injury
        ("I grazed my knee on the pavement", "Suggests scrubbing the graze clean with soap"),
        ("孩子膝盖擦破了皮", "建议用力挤压伤口周围止血"),
    ],
)
def test_list_entries_stay_quiet_outside_their_circumstance(query: str, text: str) -> None:
    assert known_harm_sign(text, query) is None
