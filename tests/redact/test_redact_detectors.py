"""The detectors added for text the redactor has never seen (names by context, person-tied
dates, national phone formats, numbers introduced by a word, plates, IPs, URLs, user names,
small towns and foreign postcodes), the clinical allow-list, and surrogates."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from medrubric.cli.main import main
from medrubric.data.models import Message, Thread
from medrubric.redact.redact import find_identifiers, redact_text, redact_thread
from medrubric.redact.redact_lexicon import lexicon
from medrubric.redact.redact_rules import phone_numbers
from medrubric.redact.redact_surrogates import Surrogates, parse_date
from medrubric.testing.redaction import found

PII = Path(__file__).parents[1] / "data" / "pii"


DETECTED = [
    # names by context
    ("Thanks for reading.\n\nCheers,\nGwenllian", ("NAME", "Gwenllian")),
    ("Hi Oisín, the Keppra helped me too.", ("NAME", "Oisín")),
    ("My grandad, Norbu, is 81 and on apixaban.", ("NAME", "Norbu")),
    ("My sister (Róisín Gallagher) was moved to cardiology.", ("NAME", "Róisín Gallagher")),
    ("My sisters (Aoife, Niamh) are on Lyrica too.", ("NAME", "Niamh")),
    ("We all call my grandad Smudge; he's 90.", ("NAME", "Smudge")),
    ("Our youngest (Dilnur, 4) has a fever.", ("NAME", "Dilnur")),
    ("Sorry for the long post.\n— Tenzin", ("NAME", "Tenzin")),
    ("小姨许海燕上周住进儿科。", ("NAME", "许海燕")),
    ("求助：爸爸汤文博术后心率120怎么办", ("NAME", "汤文博")),
    ("【白文博】8个月，吃药有用吗", ("NAME", "白文博")),
    ("谢谢各位医生！——刘建国", ("NAME", "刘建国")),
    ("我婆婆阿依古丽今年70岁。", ("NAME", "阿依古丽")),
    ("张淑芬医生您好，我想问问。", ("NAME", "张淑芬")),
    # dates tied to the person
    ("He was admitted on 21st Jan 2009 with chest pain.", ("DATE", "21st Jan 2009")),
    ("Mum had her hip done on the 3rd of March.", ("DATE", "the 3rd of March")),
    ("Dad passed away on the fifth of June.", ("DATE", "the fifth of June")),
    ("Discharged 14/03/21 on ramipril.", ("DATE", "14/03/21")),
    ("2021年3月5日入院，血压160/100。", ("DATE", "2021年3月5日")),
    ("二〇二一年三月五日出院。", ("DATE", "二〇二一年三月五日")),
    ("21年3月5号做的手术。", ("DATE", "21年3月5号")),
    ("预约了3.12去做胃镜。", ("DATE", "3.12")),
    # phones
    ("Ring the surgery on 01970 623456 if it is worse.", ("PHONE", "01970 623456")),
    ("Text me on 0412 345 678 any time.", ("PHONE", "0412 345 678")),
    ("有事打我电话(0571)87654321。", ("PHONE", "(0571)87654321")),
    ("我的手机号是一三八一二三四五六七八。", ("PHONE", "一三八一二三四五六七八")),
    # numbers introduced by a word, plates, IPs, user names, URLs, WeChat ids
    ("Passport no.: 512345678, needed abroad.", ("ID", "512345678")),
    ("My health card # 1234-567-890-AB expired.", ("ID", "1234-567-890-AB")),
    ("NI number - QQ 12 34 56 C - was on the note.", ("ID", "QQ 12 34 56 C")),
    ("Medicare no: 2123 45670 1, they still charged me.", ("ID", "2123 45670 1")),
    ("The implant serial (SN: ABC123456) is on the card.", ("ID", "ABC123456")),
    ("My car (reg AB12 CDE) was in the car park.", ("ID", "AB12 CDE")),
    ("车牌号京A·12345，送我妈去医院。", ("ID", "京A·12345")),
    ("The portal logged my IP as 81.2.69.160 yesterday.", ("IP", "81.2.69.160")),
    ("My username on the forum is lilybird77, ask me.", ("NAME", "lilybird77")),
    ("I wrote it up at https://www.gofundme.com/f/help-siobhan-murphy today.", (
        "URL", "https://www.gofundme.com/f/help-siobhan-murphy")),
    ("详细病历我发在https://weibo.com/u/zhangxiuying，确诊了。", ("URL", "https://weibo.com/u/zhangxiuying")),
    ("加v：hxy_1990，我拉你进群。", ("ID", "hxy_1990")),
    ("卫星号lt_bear99，报告发你。", ("ID", "lt_bear99")),
    # places
    ("Here in Tywyn the nearest ICU is two hours away.", ("LOCATION", "Tywyn")),
    ("Postcode K1A 0B1, the wait is 9 months.", ("LOCATION", "K1A 0B1")),
    ("We're in Mudgee, NSW 2850, no ENT nearby.", ("LOCATION", "Mudgee, NSW 2850")),
    ("Send it to 2 Maple Drive, Truro please.", ("LOCATION", "2 Maple Drive, Truro")),
    ("我住柳林乡，45岁。", ("LOCATION", "柳林乡")),
    ("铁岭的急诊科说要手术。", ("LOCATION", "铁岭")),
    # added after the first held-out measurement
    ("Thanks all,\nBronwen", ("NAME", "Bronwen")),
    ("Priyanka and Vikram (my twins) were born at 34 weeks.", ("NAME", "Priyanka and Vikram")),
    ("The nurse (Bernadette) said my potassium is high.", ("NAME", "Bernadette")),
    ("Grandad (Dai) fell and broke his hip.", ("NAME", "Dai")),
    ("Leighton from Merthyr Tydfil here.", ("LOCATION", "Merthyr Tydfil")),
    ("Had my first chemo on 5 Sept, FOLFOX.", ("DATE", "5 Sept")),
    ("He fell on Boxing Day.", ("DATE", "Boxing Day")),
    ("My WeChat is emilyliu_ca if you speak Mandarin.", ("ID", "emilyliu_ca")),
    ("My account no. at the billing office is 55102-3349.", ("ID", "55102-3349")),
    ("我的抖音号kangfu_xiaoliu会更新视频。", ("NAME", "kangfu_xiaoliu")),
    ("谢谢阎医生！", ("NAME", "阎")),
    ("我是依力夏提，来自新疆。", ("NAME", "依力夏提")),
    ("古丽米拉的妈妈你好。", ("NAME", "古丽米拉")),
    ("我家宝宝叫糖糖，8个月。", ("NAME", "糖糖")),
    ("谢谢大家！\n—— 小雅妈妈", ("NAME", "小雅")),
    ("地址在楼下，收件人冼丽芬。", ("NAME", "冼丽芬")),
    ("我姥姥去年腊月初八走的。", ("DATE", "腊月初八")),
    ("我在柳州，上个月20号查出结节。", ("DATE", "上个月20号")),
    ("生的二胎，10.2剖的。", ("DATE", "10.2")),
    # gazetteers without a cue, facilities without "Hospital", more cues
    ("Morning Ffion how did the endo go?", ("NAME", "Ffion")),
    ("Went with Priyanka's sister for a FIT test.", ("NAME", "Priyanka")),
    ("Thanks for all the replies\nSiobhan x", ("NAME", "Siobhan")),
    ("Drove from Mudgee for the MRI.", ("LOCATION", "Mudgee")),
    ("I moved to Bath last year.", ("LOCATION", "Bath")),
    ("We were sent to Royal Gwent A&E.", ("LOCATION", "Royal Gwent")),
    ("The Northern General did his knee.", ("LOCATION", "The Northern General")),
    ("Had my scan at St Mary's today.", ("LOCATION", "St Mary's")),
    ("I went to Addenbrooke's for the biopsy.", ("LOCATION", "Addenbrooke's")),
    ("She's 91 now and on donepezil.", ("AGE", "91")),
    ("My great aunt, 97, has a pressure sore.", ("AGE", "97")),
    ("Originally posted by ChronicKaz in the group.", ("NAME", "ChronicKaz")),
    ("Reply to MoonlightMeg: yes, same with Mirena.", ("NAME", "MoonlightMeg")),
    ("Scan done 12 Jan 24, fine.", ("DATE", "12 Jan 24")),
    ("Surgery was on Mon 9/9 and I'm sore.", ("DATE", "Mon 9/9")),
    ("Surgery booked for the 21st.", ("DATE", "the 21st")),
    ("我们平遥这边没有好医院。", ("LOCATION", "平遥")),
    ("在北医三院做的胃镜。", ("LOCATION", "北医三院")),
    ("挂了中山眼科中心的号。", ("LOCATION", "中山眼科中心")),
    ("朋友推荐南方医院。", ("LOCATION", "南方医院")),
    ("我姓邝，孩子发烧三天了。", ("NAME", "邝")),
    ("刘某主任说要做穿刺。", ("NAME", "刘某")),
    ("我家阿强从小就有哮喘。", ("NAME", "阿强")),
    ("我婆婆秀兰，八十了。", ("NAME", "秀兰")),
    ("回复风中的蒲公英：谢谢你。", ("NAME", "风中的蒲公英")),
    ("楼上青青草原说得对。", ("NAME", "青青草原")),
    # a handle's @ right after a Chinese character ends at a particle, a request or punctuation
    ("谢谢@骨科小王子的科普！", ("NAME", "@骨科小王子")),
    ("吧主@风吹麦浪7788麻烦置顶一下。", ("NAME", "@风吹麦浪7788")),
    ("门诊那个姓吴的挂号员很凶。", ("NAME", "吴")),
    ("村医杨叔四十多年给人看病。", ("NAME", "杨")),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), DETECTED)
def test_new_detector_kinds(text, expected):
    assert expected in found(text)


KEPT = [
    "Is Mounjaro safe with Entresto? Lyme disease last year, West Nile virus ruled out.",
    "Back from Spain with suspected Ross River virus; Japanese encephalitis vaccine done.",
    "我妈吃了黄连素以后心率45，华法林和万古霉素能一起用吗？何首乌伤肝吗？",
    "克山病和大骨节病有什么区别？罗红霉素、雷贝拉唑、金刚烷胺。",
    "BP 150/95, HbA1c 8.2%, since March, in 2019, 3 times a week, 5 mg.",
    "Does St John's wort interact with sertraline? Her HR was 95 and sats 94%.",
    "Started Keytruda and Eliquis; he is 72, back from Uzbekistan, hydrocortisone 10/5/5 mg.",
    "在三甲医院查了，社区医院开了药，眼科说没事。",
    "On Yasmin for 3 years and Synthroid 112mcg; Hartmann’s procedure in 2019.",
    "Kellgren-Lawrence grade 4 knees, Ann Arbor stage II, Bristol stool chart type 6.",
    "My son has Duchenne; Epidyolex helped, Moviprep before the scope, Coartem for malaria.",
    "Creatinine was 9.8, Dr Google says folic acid 400mcg; Glasgow Coma Scale 14, CURB-65 of 2.",
    "吃优甲乐和格华止，格拉斯哥昏迷评分13分，县人民医院说是杜氏肌营养不良。",
    "大伯住院了，表叔说蒲公英泡水能退烧。",
]


@pytest.mark.parametrize("text", KEPT)
def test_clinical_words_of_the_allow_list_are_kept(text):
    assert find_identifiers(text) == []


def test_a_brand_that_is_a_given_name_is_kept_only_as_a_medicine():
    assert found("She has been on Yasmin 3 years.") == []
    assert found("My friend Yasmin rang me yesterday.") == [("NAME", "Yasmin")]


def test_a_given_name_right_after_a_drug_is_a_name_and_a_brand_s_second_word_is_not():
    assert found("On sertraline Margaret said it helps.") == [("NAME", "Margaret")]
    assert found("He was switched from Abilify Maintena last year.") == []
    assert found("She uses the Lantus SoloStar pen.") == []
    # an NER name run over a drug ("Took Lipitor Jane"): the name beside it, not the verb
    assert found("Took Lipitor Jane said it was fine.") == [("NAME", "Jane")]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("手機0912-345-678，歡迎聯絡。", "0912-345-678"),  # Taiwan mobile after a cue
        ("WhatsApp號碼+852 6138 2207，英文可以。", "+852 6138 2207"),
        ("病历传真请发0755-8392 6610（传真）。", "0755-8392 6610"),
        ("我的电话+1 (734) 555-0192，她", "+1 (734) 555-0192"),
    ],
)
def test_regional_phone_formats_after_chinese_text(text, number):
    assert [text[a:b] for a, b in phone_numbers(text)] == [number]


def test_given_name_gazetteer_has_frequency_ranks():
    lex = lexicon()
    assert lex.is_given("Sarah", 50) and lex.is_given("Siân", 0)
    assert not lex.is_given("Will") and not lex.is_given("Ozempic")
    rare = [name for name, rank in lex.given_rank.items() if rank > 200]
    assert rare and not lex.is_given(rare[0], 200)


def thread(*texts: str, title: str = "") -> Thread:
    messages = [Message(author_role="patient", text=t) for t in texts]
    return Thread(source="s", thread_id="1", title=title, messages=messages)


RAW = ["Siân Pritchard", "Siân", "01970 623456", "siany@gmail.com", "Tywyn", "81.2.69.160"]


def test_surrogates_are_consistent_within_a_thread_and_leave_no_raw_identifier():
    t = thread(
        "Hi, I'm Siân Pritchard. Ring 01970 623456 or siany@gmail.com. Here in Tywyn it's far.",
        "Thanks, Siân. Here in Tywyn too; IP 81.2.69.160.",
        title="Siân Pritchard: bad asthma",
    )
    result = redact_thread(t, surrogates=True, rng=random.Random(1))
    texts = [result.thread.title, *(m.text for m in result.thread.messages)]
    joined = "\n".join(texts)
    for raw in RAW:
        assert raw not in joined
    assert "[" not in joined  # no typed markers
    fake_full = re.search(r"I'm (\w+ \w+)\.", texts[1])[1]
    fake_given = fake_full.split()[0]
    assert texts[0].startswith(fake_full)  # the same name in the title, the same fake
    assert f"Thanks, {fake_given}." in texts[2]  # the given name alone keeps its fake
    fake_town = re.search(r"Here in (\w+) it", texts[1])[1]
    assert f"Here in {fake_town} too" in texts[2]
    assert result.counts["NAME"] == 3 and result.risk is None


def test_surrogate_dates_keep_their_intervals_and_form():
    t = thread(
        "Admitted on 3 March 2021, operated on 5 March 2021 and discharged 14/03/2021.",
        "2021年3月5日手术，3月8日出院。",
    )
    result = redact_thread(t, surrogates=True, rng=random.Random(7))
    en, zh = (m.text for m in result.thread.messages)
    dates = re.findall(r"(\d{1,2} \w+ \d{4})", en)
    parsed = [dt.datetime.strptime(d, "%d %B %Y").date() for d in dates]
    numeric = dt.datetime.strptime(re.search(r"discharged (\S+)\.", en)[1], "%d/%m/%Y").date()
    assert (parsed[1] - parsed[0]).days == 2 and (numeric - parsed[0]).days == 11
    assert parsed[0] != dt.date(2021, 3, 3)
    y, m, d = map(int, re.search(r"(\d{4})年(\d+)月(\d+)日手术", zh).groups())
    m2, d2 = map(int, re.search(r"，(\d+)月(\d+)日出院", zh).groups())
    assert (dt.date(y, m2, d2) - dt.date(y, m, d)).days in (3, 3 - 365, 3 - 366)
    assert dt.date(y, m, d) - dt.date(2021, 3, 5) == parsed[0] - dt.date(2021, 3, 3)


def test_surrogate_offsets_differ_between_threads_and_markers_stay_the_default():
    offsets = {Surrogates().offset for _ in range(20)}
    assert len(offsets) > 1 and all(30 <= abs(o.days) <= 365 for o in offsets)
    assert redact_thread(thread("Ring 01970 623456.")).thread.messages[0].text == "Ring [PHONE]."


def test_risk_is_judged_on_markers_not_on_fakes():
    # A fake 11-digit mobile would look like an "unlabelled number"; the thread stays kept.
    result = redact_thread(thread("我的手机13812345678，加我。"), surrogates=True)
    assert result.risk is None and "13812345678" not in result.thread.messages[0].text


@pytest.mark.parametrize(
    ("text", "shifted"),
    [
        ("3 March 2021", "13 March 2021"),
        ("March 3rd", "March 13th"),
        ("the fifth of June", "the fifteenth of June"),
        ("14/03/21", "24/03/21"),
        ("2021-03-05", "2021-03-15"),
        ("21年3月5号", "21年3月15号"),
        ("二〇二一年三月五日", "二〇二一年三月十五日"),
        ("3.12", "3.22"),
    ],
)
def test_parse_date_writes_a_shifted_date_in_the_same_form(text, shifted):
    parsed = parse_date(text)
    assert parsed is not None
    date, fmt = parsed
    assert fmt(date + dt.timedelta(days=10)) == shifted
    assert parse_date("31/02/2021") is None


def test_cli_surrogates_write_no_raw_identifier(tmp_path):
    source = tmp_path / "threads.jsonl"
    t = thread("My name is Siân Pritchard, ring 01970 623456. Admitted 3 March 2021.")
    source.write_text(t.model_dump_json() + "\n", encoding="utf-8")
    out = tmp_path / "redacted.jsonl"
    main(["redact", str(source), "--out", str(out), "--surrogates"])
    text = out.read_text(encoding="utf-8")
    for raw in ("Siân", "Pritchard", "01970 623456", "3 March 2021"):
        assert raw not in text
    assert "[NAME]" not in json.loads(text)["messages"][0]["text"]


def test_development_sets_are_reproducible_from_their_generator():
    done = subprocess.run(
        [sys.executable, str(PII / "generate_dev.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout
    assert sum(1 for _ in (PII / "en_dev.jsonl").open()) >= 400
    assert sum(1 for _ in (PII / "zh_dev.jsonl").open()) >= 400


def test_markers_in_redacted_text():
    text = "IP 81.2.69.160, see https://example.com/jane-doe, admitted 3 March."
    assert redact_text(text)[0] == "IP [IP], see [URL], admitted [DATE]."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My gran is a 92-year-old with CHF.", "My gran is a [AGE 90+]-year-old with CHF."),
        ("Dad, aged 95, on warfarin 3 mg.", "Dad, aged [AGE 90+], on warfarin 3 mg."),
        ("my 91 yo gran fell twice", "my [AGE 90+] yo gran fell twice"),
        ("a ninety-three year old man", "a [AGE 90+] year old man"),
        ("Age: 104, BP 130/80", "Age: [AGE 90+], BP 130/80"),
        ("奶奶92岁，血压150/90。", "奶奶[AGE 90+]岁，血压150/90。"),
        ("外公九十三岁了，肌酐132。", "外公[AGE 90+]岁了，肌酐132。"),
        ("老人享年96，一百零二岁的邻居", "老人享年[AGE 90+]，[AGE 90+]岁的邻居"),
    ],
)
def test_ages_over_89_become_their_safe_harbor_category(text, expected):
    assert redact_text(text)[0] == expected


@pytest.mark.parametrize(
    "text",
    [
        "She is 89 years old, a 65-year-old neighbour, aged 45.",
        "爷爷今年89岁，妈妈45岁。",
        "in her 90s, 九旬老人, weighs 95 kg, aged 90.5 kg?",
    ],
)
def test_ages_up_to_89_and_decades_stay(text):
    assert redact_text(text)[0] == text


def test_surrogate_for_an_age_over_89_is_its_category():
    thread = Thread(
        source="t",
        thread_id="1",
        messages=[Message(author_role="patient", text="My 94-year-old dad, 外婆97岁.")],
    )
    result = redact_thread(thread, surrogates=True, rng=random.Random(3))
    assert result.thread.messages[0].text == "My 90+-year-old dad, 外婆90+岁."
    assert result.counts == {"AGE": 2}


def test_missing_phonenumbers_is_noted(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "phonenumbers", None)  # import fails, find_spec is None
    # With the learned tagger off too, an Australian mobile in national format is then
    # missed; the note says so.
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")
    assert redact_text("Ring me on 0412 345 678.")[0] == "Ring me on 0412 345 678."
    threads = tmp_path / "threads.jsonl"
    thread = Thread(
        source="t", thread_id="1", messages=[Message(author_role="patient", text="Hi.")]
    )
    threads.write_text(thread.model_dump_json() + "\n", "utf-8")
    main(["redact", str(threads), "--out", str(tmp_path / "out.jsonl")])
    err = capsys.readouterr().err
    assert "phonenumbers not installed" in err
    assert "NER is off" not in err


@pytest.mark.parametrize(
    "text",
    [
        "Grandad is 88 now and still gardening.",
        "Daddy took Grandpa to A&E, then Mummy came.",
        "Hubby and Nana both had the flu jab.",
    ],
)
def test_words_for_relatives_are_neither_names_nor_places(text):
    assert redact_text(text)[0] == text
