# ruff: noqa: E501  (template and pool tables read best one entry a line)
"""Generate the template-built development sets en_dev.jsonl and zh_dev.jsonl (seeded).

Each template is a forum-style sentence with `$field` slots. An identifier slot is written
as an inline label `{KIND:value}` (the format `medrubric.redact.pii_eval` reads); a clinical
slot is written as plain text and, when the template lists it under `keep`, must survive
redaction verbatim. The snippet id carries the template's category (`en-dev-0042-signoff`)
so misses can be grouped by the kind of text that produced them.

    python tests/data/pii/generate_dev.py          # rewrites both files
    python tests/data/pii/generate_dev.py --check  # exit 1 when a file differs from its output

These sets are for development: the detectors were tuned on them. The held-out sets
(`*_blind.jsonl`, see README.md) were written by hand after the detector was frozen.
"""

from __future__ import annotations

import json
import random
import string
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).parent
PER_TEMPLATE = 7
SEED = 20

# ---------------------------------------------------------------- identifier pools (English)
GIVEN_EN = [
    # common
    "Sarah", "Michael", "Emma", "David", "Olivia", "James", "Laura", "Daniel", "Karen", "Steve",
    # Welsh
    "Siân", "Rhys", "Dafydd", "Gwenllian", "Eluned", "Iolo", "Carys", "Bethan", "Emrys", "Angharad",
    # Irish
    "Siobhán", "Niamh", "Aoife", "Oisín", "Caoimhe", "Pádraig", "Saoirse", "Tadhg", "Ciarán", "Róisín",
    # Indian
    "Priya", "Arjun", "Lakshmi", "Venkatesh", "Ananya", "Rohan", "Deepika", "Sanjay", "Meenakshi",
    "Harpreet",
    # Tibetan
    "Tenzin", "Pema", "Dolma", "Lhamo", "Norbu", "Dawa", "Tsering", "Karma",
    # Uyghur
    "Aygul", "Dilnur", "Abdulla", "Gulnar", "Aynur", "Ablimit", "Mehriban", "Erkin",
]  # fmt: skip
FAMILY_EN = [
    "Hollis", "Whitaker", "Jenkins", "Pritchard", "Llewellyn", "O'Sullivan", "Murphy", "Gallagher",
    "McCarthy", "Nair", "Iyer", "Reddy", "Sharma", "Chaudhary", "Kovacs", "Okafor", "Lindqvist",
    "Thapa", "Gyatso", "Tursun", "Haddad", "Brennan", "Fitzgerald", "Vaughan", "Morgan",
]  # fmt: skip
NICKNAMES = ["Bex", "Jonno", "Mags", "Paddy", "Smudge", "Tiggy", "Bubba", "Gigi", "Nonno", "Sunny"]
RELATIVES_EN = [
    "mother", "father", "mum", "dad", "wife", "husband", "son", "daughter", "brother", "sister",
    "grandmother", "grandad", "aunt", "uncle", "partner", "stepson", "mother-in-law", "nan",
]  # fmt: skip
TOWNS_EN = [
    "Tywyn", "Ballybunion", "Kununurra", "Chillicothe", "Llandovery", "Kilkee", "Mudgee",
    "Tenterfield", "Ludlow", "Bantry", "Wagga Wagga", "Moose Jaw", "Truro", "Castlebar",
    "Gundagai", "Portree", "Dungarvan", "Bega", "Smithers", "Athy",
]  # fmt: skip
STREETS = ["Maple Drive", "Station Road", "Church Lane", "Gordon Street", "Acacia Avenue"]
MONTHS = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
]  # fmt: skip
ORDINAL_WORDS = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth", "twentieth", "twenty-first", "twenty-second",
    "twenty-third", "twenty-fourth", "twenty-fifth", "twenty-sixth", "twenty-seventh",
    "twenty-eighth",
]  # fmt: skip
HOSPITALS_EN = ["Bronglais", "Mayo University", "St Vincent's", "Royal Gwent", "Wagga Base"]


def _suffix(day: int) -> str:
    if day in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def date_en_year(r: random.Random) -> str:
    d, m, y = r.randint(1, 28), r.choice(MONTHS), r.randint(1998, 2025)
    return r.choice([f"{d} {m} {y}", f"{m} {d}, {y}", f"{d}{_suffix(d)} {m[:3]} {y}"])


def date_en_noyear(r: random.Random) -> str:
    d, m = r.randint(1, 28), r.choice(MONTHS)
    return r.choice([f"{d} {m}", f"{m} {d}{_suffix(d)}", f"the {d}{_suffix(d)} of {m}"])


def date_en_num(r: random.Random) -> str:
    d, m, y = r.randint(1, 28), r.randint(1, 12), r.randint(1998, 2025)
    return r.choice([f"{d:02d}/{m:02d}/{y}", f"{d}/{m}/{y % 100:02d}", f"{y}-{m:02d}-{d:02d}",
                     f"{d}.{m}.{y % 100:02d}", f"{m}/{d}/{y % 100:02d}"])  # fmt: skip


def date_en_spelled(r: random.Random) -> str:
    d, m = r.randint(1, 28), r.choice(MONTHS)
    return r.choice([f"the {ORDINAL_WORDS[d - 1]} of {m}", f"{m} the {ORDINAL_WORDS[d - 1]}"])


def dob_en(r: random.Random) -> str:
    d, m, y = r.randint(1, 28), r.randint(1, 12), r.randint(1935, 2015)
    return r.choice([f"{d:02d}/{m:02d}/{y}", f"{d} {MONTHS[m - 1]} {y}", f"{d}/{m}/{y % 100:02d}"])


def phone_uk(r: random.Random) -> str:
    area = r.choice(["01970", "01865", "0161", "029", "01654"])
    if len(area) == 5:
        return f"{area} {r.randint(100000, 999999)}"
    if len(area) == 4:
        return f"{area} {r.randint(100, 999)} {r.randint(1000, 9999)}"
    return f"({area}) {r.randint(2000, 2999)} {r.randint(1000, 9999)}"


def phone_au(r: random.Random) -> str:
    n = f"04{r.randint(10, 99)}{r.randint(100000, 999999)}"
    return r.choice([f"{n[:4]} {n[4:7]} {n[7:]}", f"+61 {n[1:4]} {n[4:7]} {n[7:]}", n])


def phone_us(r: random.Random) -> str:
    a, b, c = r.randint(201, 989), r.randint(200, 999), r.randint(1000, 9999)
    return r.choice([f"({a}) {b}-{c}", f"{a}.{b}.{c}", f"{a}-{b}-{c}"])


def phone_ie(r: random.Random) -> str:
    return f"08{r.randint(3, 9)} {r.randint(100, 999)} {r.randint(1000, 9999)}"


def passport(r: random.Random) -> str:
    return r.choice([f"{r.randint(100000000, 999999999)}", f"E{r.randint(10000000, 99999999)}"])


def health_card(r: random.Random) -> str:
    return f"{r.randint(1000, 9999)}-{r.randint(100, 999)}-{r.randint(100, 999)}-{r.choice(['AB', 'KT', 'ZR'])}"


def ni_number(r: random.Random) -> str:
    a, b = r.choice(["QQ", "AB", "JG", "NP"]), r.randint(10, 99)
    return f"{a} {b} {r.randint(10, 99)} {r.randint(10, 99)} {r.choice('ABCD')}"


def medicare_au(r: random.Random) -> str:
    return f"{r.randint(2000, 6999)} {r.randint(10000, 99999)} {r.randint(1, 9)}"


def implant_serial(r: random.Random) -> str:
    letters = "".join(r.choice(string.ascii_uppercase) for _ in range(3))
    return r.choice(
        [
            f"{letters}{r.randint(100000, 999999)}",
            f"{letters}-{r.randint(1000, 9999)}-{r.randint(10, 99)}",
        ]
    )


def generic_number(r: random.Random) -> str:
    return r.choice([f"{r.randint(10000000, 99999999)}", f"A{r.randint(1000000, 9999999)}",
                     f"{r.randint(1000, 9999)}-{r.randint(1000, 9999)}"])  # fmt: skip


def vin(r: random.Random) -> str:
    chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    return "".join(r.choice(chars) for _ in range(17))


def plate_en(r: random.Random) -> str:
    up = string.ascii_uppercase
    return r.choice([
        f"{r.choice(up)}{r.choice(up)}{r.randint(10, 99)} {r.choice(up)}{r.choice(up)}{r.choice(up)}",
        f"{r.randint(1, 9)}-{r.choice(up)}{r.choice(up)}{r.choice(up)}-{r.randint(100, 999)}",
        f"{r.choice(up)}{r.choice(up)}{r.choice(up)}·{r.randint(100, 999)}",
    ])  # fmt: skip


def ip_address(r: random.Random) -> str:
    return ".".join(str(r.randint(1, 254)) for _ in range(4))


def username(r: random.Random) -> str:
    return r.choice(["lilybird77", "sunny_doc88", "RhysTheRunner", "tired_mum_of3", "dilnur.k",
                     "pema_lhamo", "gazza1972", "niamhie_b", "wobbly_knees", "arjun.r.1990"])  # fmt: skip


def url_name(r: random.Random) -> str:
    who = r.choice(
        ["siobhan-murphy", "rhys.pritchard", "priya_nair", "tenzin-dolma", "aygul-tursun"]
    )
    return r.choice([f"https://www.gofundme.com/f/help-{who}", f"caringbridge.org/visit/{who}",
                     f"https://blog.example.net/{who}/my-story", f"www.{who.replace('.', '')}.com"])  # fmt: skip


def town(r: random.Random) -> str:
    return r.choice(TOWNS_EN)


def postcode_ca(r: random.Random) -> str:
    up = "ABCEGHJKLMNPRSTVXY"
    return f"{r.choice(up)}{r.randint(0, 9)}{r.choice(up)} {r.randint(0, 9)}{r.choice(up)}{r.randint(0, 9)}"


def postcode_au(r: random.Random) -> str:
    return f"{r.choice(['NSW', 'VIC', 'QLD', 'WA', 'SA'])} {r.randint(2000, 6999)}"


def zip_us(r: random.Random) -> str:
    return f"{r.randint(10000, 99999)}"


def street(r: random.Random) -> str:
    return f"{r.randint(2, 140)} {r.choice(STREETS)}"


def email(r: random.Random) -> str:
    return f"{r.choice(['siany', 'p.nair', 'tenzin.d', 'oisin88'])}@{r.choice(['gmail.com', 'outlook.ie', 'yahoo.co.uk'])}"


def mrn(r: random.Random) -> str:
    return r.choice([f"{r.randint(1000000, 9999999)}", f"RX{r.randint(100000, 999999)}"])


def hospital_en(r: random.Random) -> str:
    return f"{r.choice(HOSPITALS_EN)} Hospital"


# ---------------------------------------------------------------- identifier pools (Chinese)
SURNAMES_ZH = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文"
GIVEN_ZH = [
    "秀英", "桂兰", "建国", "志强", "婷婷", "丽娟", "德明", "海燕", "玉珍", "俊杰", "春梅", "国华",
    "淑芬", "文博", "思琪", "子涵", "明", "伟", "芳", "静", "磊", "敏", "涛", "霞",
]  # fmt: skip
MINORITY_ZH = [
    "扎西顿珠",
    "次仁卓玛",
    "德吉",
    "阿依古丽",
    "买买提·艾力",
    "古丽娜尔",
    "热依拉",
    "格桑梅朵",
]
KIN_ZH = [
    "婆婆", "公公", "舅舅", "姑姑", "姨妈", "表哥", "大伯", "小姨", "外婆", "爷爷", "奶奶", "妈妈",
    "爸爸", "老公", "老婆", "女儿", "儿子", "岳母", "嫂子", "侄子",
]  # fmt: skip
TOWNS_ZH = [
    "三河镇", "柳林乡", "双流区", "平遥县", "青石村", "黄龙镇", "白沙乡", "大坪村", "安吉县", "马桥镇",
    "龙泉驿区", "东坑镇", "石门县", "桃源村",
]  # fmt: skip
CITIES_ZH = ["绵阳", "温州", "赣州", "遵义", "淄博", "湛江", "曲靖", "喀什", "日喀则", "铁岭"]
ZH_DIGITS = "〇一二三四五六七八九"


def zh_name(r: random.Random) -> str:
    return r.choice(SURNAMES_ZH) + r.choice(GIVEN_ZH)


def zh_name3(r: random.Random) -> str:
    return r.choice(SURNAMES_ZH) + r.choice([g for g in GIVEN_ZH if len(g) == 2])


def zh_minority(r: random.Random) -> str:
    return r.choice(MINORITY_ZH)


def date_zh_year(r: random.Random) -> str:
    y, m, d = r.randint(1998, 2025), r.randint(1, 12), r.randint(1, 28)
    return r.choice(
        [f"{y}年{m}月{d}日", f"{y % 100:02d}年{m}月{d}号", f"{y}.{m}.{d}", f"{y}/{m}/{d}"]
    )


def date_zh_noyear(r: random.Random) -> str:
    m, d = r.randint(1, 12), r.randint(1, 28)
    return r.choice([f"{m}月{d}日", f"{m}月{d}号", f"{m}.{d}"])


def _zh_number(n: int) -> str:
    tens, ones = divmod(n, 10)
    if tens == 0:
        return ZH_DIGITS[ones]
    return ("" if tens == 1 else ZH_DIGITS[tens]) + "十" + (ZH_DIGITS[ones] if ones else "")


def date_zh_spelled(r: random.Random) -> str:
    y, m, d = r.randint(1998, 2025), r.randint(1, 12), r.randint(1, 28)
    year = "".join(ZH_DIGITS[int(c)] for c in str(y))
    return r.choice(
        [f"{year}年{_zh_number(m)}月{_zh_number(d)}日", f"{_zh_number(m)}月{_zh_number(d)}号"]
    )


def dob_zh(r: random.Random) -> str:
    y, m, d = r.randint(1935, 2015), r.randint(1, 12), r.randint(1, 28)
    return r.choice([f"{y}年{m}月{d}日", f"{y}.{m}.{d}", f"{y}-{m:02d}-{d:02d}"])


def phone_cn_land(r: random.Random) -> str:
    area = r.choice(["010", "021", "0571", "0816", "0797", "028"])
    n = r.randint(10000000, 89999999) if len(area) == 3 else r.randint(2000000, 8999999)
    return r.choice([f"({area}){n}", f"（{area}）{n}", f"{area} {n}"])


def phone_cn_mobile(r: random.Random) -> str:
    n = f"1{r.choice('3578')}{r.randint(100000000, 999999999)}"
    return r.choice([n, f"{n[:3]} {n[3:7]} {n[7:]}", f"{n[:3]}-{n[3:7]}-{n[7:]}"])


def phone_cn_numerals(r: random.Random) -> str:
    n = f"1{r.choice('3578')}{r.randint(100000000, 999999999)}"
    return "".join(ZH_DIGITS[int(c)] for c in n).replace("〇", r.choice(["〇", "零"]))


def wechat_slang(r: random.Random) -> str:
    return r.choice(
        ["hxy_1990", "zhangmama88", "xiaoyu-2012", "lt_bear99", "Dolma_sky", "wx_lin521"]
    )


def zh_passport(r: random.Random) -> str:
    return f"E{r.randint(10000000, 99999999)}"


def zh_card(r: random.Random) -> str:
    return r.choice(
        [f"{r.randint(10000000, 99999999)}{r.randint(10, 99)}", f"YB{r.randint(1000000, 9999999)}"]
    )


def plate_zh(r: random.Random) -> str:
    prov = r.choice("京沪粤川浙苏鲁豫湘鄂")
    letter = r.choice("ABCDEFG")
    tail = (
        f"{r.randint(10000, 99999)}"
        if r.random() < 0.5
        else f"{r.choice('ABCDE')}{r.randint(1000, 9999)}"
    )
    return r.choice([f"{prov}{letter}·{tail}", f"{prov}{letter} {tail}", f"{prov}{letter}-{tail}"])


def zh_town(r: random.Random) -> str:
    return r.choice(TOWNS_ZH)


def zh_city(r: random.Random) -> str:
    return r.choice(CITIES_ZH)


def zh_address(r: random.Random) -> str:
    return f"{r.choice(CITIES_ZH)}市{r.choice(['建设路', '人民路', '解放街', '新华路'])}{r.randint(1, 200)}号"


def zh_username(r: random.Random) -> str:
    return r.choice(["小鱼儿2012", "lt_bear99", "糖妈妈_cc", "sunny_hu", "夜猫子007"])


def zh_url(r: random.Random) -> str:
    return r.choice(["https://weibo.com/u/zhangxiuying", "www.qingsongchou.com/help/liu-jianguo",
                     "https://www.douban.com/people/wanglihua/", "http://blog.sina.com.cn/chenhaiyan"])  # fmt: skip


def postcode_zh(r: random.Random) -> str:
    return f"{r.randint(100000, 850000)}"


# ---------------------------------------------------------------- clinical pools
AGES_EN = ["34F", "78", "62-year-old", "aged 45", "19M", "a 6-month-old", "in her 70s", "53 y/o"]
DOSES_EN = [
    "metformin 500 mg twice daily", "amlodipine 5 mg", "levothyroxine 75 mcg", "sertraline 50 mg",
    "apixaban 5 mg bd", "prednisolone 40 mg", "insulin glargine 18 units", "ramipril 2.5 mg",
]  # fmt: skip
BRANDS_EN = ["Ozempic", "Keppra", "Lipitor", "Eliquis", "Januvia", "Xarelto", "Humira", "Synthroid",
             "Mounjaro", "Entresto", "Lyrica", "Tegretol", "Seroquel", "Jardiance"]  # fmt: skip
VITALS_EN = ["BP 150/95", "HR 112", "sats 91%", "temp 38.9", "BP 96/60", "RR 24", "pulse 48"]
LABS_EN = ["HbA1c 8.2%", "eGFR 41", "TSH 7.8", "ferritin 9", "CRP 120", "troponin 54", "INR 3.4",
           "potassium 5.9", "Hb 84 g/L", "ALT 210"]  # fmt: skip
EPONYMS_EN = ["Crohn's disease", "Hashimoto's", "Bell's palsy", "Addison's disease", "Graves' disease",
              "Raynaud's", "Sjögren's syndrome", "Barrett's oesophagus", "Guillain-Barré syndrome",
              "Cushing's syndrome", "Down syndrome", "Ménière's disease"]  # fmt: skip
GEO_MED_EN = ["Lyme disease", "West Nile virus", "German measles", "Japanese encephalitis",
              "Ross River virus", "Rocky Mountain spotted fever", "Mediterranean diet",
              "Murray Valley encephalitis", "Hong Kong flu", "Norwalk virus"]  # fmt: skip
DEPTS_EN = ["cardiology", "A&E", "the stroke unit", "oncology", "ICU", "the fracture clinic",
            "rheumatology", "the maternity ward", "ENT", "haematology"]  # fmt: skip

AGES_ZH = ["78岁", "3岁半", "45岁", "62岁", "8个月", "29岁", "81岁", "17岁"]
DOSES_ZH = ["二甲双胍500mg每日两次", "氨氯地平5mg", "左甲状腺素50μg", "阿托伐他汀20mg", "布洛芬0.3g",
            "胰岛素12单位", "奥美拉唑20mg", "阿莫西林0.5g"]  # fmt: skip
DRUGS_ZH = ["黄连素", "华法林", "万古霉素", "何首乌", "罗红霉素", "雷贝拉唑", "金刚烷胺", "白芍总苷",
            "安宫牛黄丸", "连花清瘟", "马来酸依那普利", "苏合香丸", "甲钴胺", "孟鲁司特钠"]  # fmt: skip
VITALS_ZH = ["血压160/100", "心率120", "血氧88%", "体温39.2度", "血压90/55", "心率45"]
LABS_ZH = ["糖化血红蛋白8.5%", "肌酐180", "血红蛋白76", "白细胞15.6", "TSH 9.2", "尿酸560",
           "谷丙转氨酶200", "血钾3.0", "D-二聚体4.2"]  # fmt: skip
GEO_MED_ZH = [
    "克山病",
    "大骨节病",
    "日本脑炎",
    "西尼罗病毒",
    "登革热",
    "川崎病",
    "莱姆病",
    "新疆出血热",
]
EPONYMS_ZH = [
    "帕金森病",
    "桥本甲状腺炎",
    "克罗恩病",
    "阿尔茨海默病",
    "唐氏综合征",
    "格林巴利综合征",
]
DEPTS_ZH = ["心内科", "消化内科", "急诊科", "神经外科", "儿科", "内分泌科", "呼吸科", "妇产科"]

FIELDS: dict[str, tuple[str | None, Callable[[random.Random], str]]] = {}


def _pool(items: list[str]) -> Callable[[random.Random], str]:
    return lambda r: r.choice(items)


def _register() -> None:
    ident: dict[str, tuple[str, Callable[[random.Random], str]]] = {
        "given": ("NAME", _pool(GIVEN_EN)),
        "given2": ("NAME", _pool(GIVEN_EN)),
        "full": ("NAME", lambda r: f"{r.choice(GIVEN_EN)} {r.choice(FAMILY_EN)}"),
        "full2": ("NAME", lambda r: f"{r.choice(GIVEN_EN)} {r.choice(FAMILY_EN)}"),
        "family": ("NAME", _pool(FAMILY_EN)),
        "nick": ("NAME", _pool(NICKNAMES)),
        "date_y": ("DATE", date_en_year),
        "date_ny": ("DATE", date_en_noyear),
        "date_num": ("DATE", date_en_num),
        "date_sp": ("DATE", date_en_spelled),
        "dob": ("DOB", dob_en),
        "phone_uk": ("PHONE", phone_uk),
        "phone_au": ("PHONE", phone_au),
        "phone_us": ("PHONE", phone_us),
        "phone_ie": ("PHONE", phone_ie),
        "passport": ("ID", passport),
        "health_card": ("ID", health_card),
        "ni": ("ID", ni_number),
        "medicare": ("ID", medicare_au),
        "serial": ("ID", implant_serial),
        "number": ("ID", generic_number),
        "vin": ("ID", vin),
        "plate": ("ID", plate_en),
        "user": ("ID", username),
        "mrn": ("ID", mrn),
        "ip": ("IP", ip_address),
        "url": ("URL", url_name),
        "email": ("EMAIL", email),
        "town": ("LOCATION", town),
        "pc_ca": ("LOCATION", postcode_ca),
        "pc_au": ("LOCATION", postcode_au),
        "zip": ("LOCATION", zip_us),
        "street": ("LOCATION", street),
        "hospital": ("LOCATION", hospital_en),
        "zname": ("NAME", zh_name),
        "zname3": ("NAME", zh_name3),
        "zname_b": ("NAME", zh_name),
        "zminority": ("NAME", zh_minority),
        "zdate_y": ("DATE", date_zh_year),
        "zdate_ny": ("DATE", date_zh_noyear),
        "zdate_sp": ("DATE", date_zh_spelled),
        "zdob": ("DOB", dob_zh),
        "zland": ("PHONE", phone_cn_land),
        "zmobile": ("PHONE", phone_cn_mobile),
        "znumerals": ("PHONE", phone_cn_numerals),
        "zwechat": ("ID", wechat_slang),
        "zpassport": ("ID", zh_passport),
        "zcard": ("ID", zh_card),
        "zplate": ("ID", plate_zh),
        "zuser": ("ID", zh_username),
        "zurl": ("URL", zh_url),
        "ztown": ("LOCATION", zh_town),
        "zcity": ("LOCATION", zh_city),
        "zaddress": ("LOCATION", zh_address),
        "zpostcode": ("LOCATION", postcode_zh),
    }
    plain: dict[str, Callable[[random.Random], str]] = {
        "rel": _pool(RELATIVES_EN),
        "age": _pool(AGES_EN),
        "dose": _pool(DOSES_EN),
        "brand": _pool(BRANDS_EN),
        "vital": _pool(VITALS_EN),
        "lab": _pool(LABS_EN),
        "eponym": _pool(EPONYMS_EN),
        "geomed": _pool(GEO_MED_EN),
        "dept": _pool(DEPTS_EN),
        "kin": _pool(KIN_ZH),
        "zage": _pool(AGES_ZH),
        "zdose": _pool(DOSES_ZH),
        "zdrug": _pool(DRUGS_ZH),
        "zvital": _pool(VITALS_ZH),
        "zlab": _pool(LABS_ZH),
        "zgeomed": _pool(GEO_MED_ZH),
        "zeponym": _pool(EPONYMS_ZH),
        "zdept": _pool(DEPTS_ZH),
    }
    FIELDS.update({k: (kind, fn) for k, (kind, fn) in ident.items()})
    FIELDS.update({k: (None, fn) for k, fn in plain.items()})


# (category, template, keep): `keep` entries are templates over the clinical slots.
EN_TEMPLATES: list[tuple[str, str, list[str]]] = [
    ("signoff", "Thanks so much for reading. The $dose isn't helping my $eponym.\n\nCheers,\n$given", ["$dose", "$eponym"]),
    ("signoff", "Any advice on $brand side effects welcome. $lab last week.\n— $given", ["$brand", "$lab"]),
    ("signoff", "Sorry for the long post, my $vital keeps worrying me.\nLove, $given x", ["$vital"]),
    ("signoff", "Will update after $dept tomorrow.\n\nWarm regards\n$full", ["$dept"]),
    ("greeting", "Hi $given, thanks for replying about the $brand. My $lab came back today.", ["$brand", "$lab"]),
    ("greeting", "Dear $given, I had the same with $eponym and $dose sorted it.", ["$eponym", "$dose"]),
    ("greeting", "@$user you're right, $dept said the same about my $vital.", ["$dept", "$vital"]),
    ("greeting", "Morning $given! Did $dept ever ring you back about the $lab?", ["$dept", "$lab"]),
    ("apposition", "My $rel, $given, was diagnosed with $eponym last year and is on $dose.", ["$eponym", "$dose"]),
    ("apposition", "Our youngest ($given, $age) has had $vital since Sunday.", ["$age", "$vital"]),
    ("apposition", "My $rel ($full) was moved to $dept overnight, $lab.", ["$dept", "$lab"]),
    ("apposition", "I'm caring for my $rel $given who has $geomed from a tick bite, $age.", ["$geomed", "$age"]),
    ("relatives", "Family history: my mum $given and my aunt $given2 both had $eponym.", ["$eponym"]),
    ("relatives", "Both kids, $given and $given2, tested positive; $dept wants to see them.", ["$dept"]),
    ("relatives", "My sisters ($given, $given2) are on $brand too, $vital at the last check.", ["$brand", "$vital"]),
    ("nickname", "We all call my grandad $nick; he's $age and on $dose.", ["$age", "$dose"]),
    ("nickname", "My little one (we call her $nick) has $vital and won't eat.", ["$vital"]),
    ("title", "$full's $eponym: is $brand worth trying?", ["$eponym", "$brand"]),
    ("date", "He was admitted on $date_y with $vital and discharged five days later.", ["$vital"]),
    ("date", "Mum had her hip done on $date_ny and the $lab afterwards was fine.", ["$lab"]),
    ("date", "Discharged $date_num from $dept on $dose.", ["$dept", "$dose"]),
    ("date", "Dad passed away on $date_sp after years of $eponym.", ["$eponym"]),
    ("date", "My surgery is booked for $date_ny, they want my $lab first.", ["$lab"]),
    ("date", "Op date: $date_num. $age, $vital on the ward.", ["$age", "$vital"]),
    ("dob", "Her DOB is $dob and she's on $dose.", ["$dose"]),
    ("dob", "Born $dob, $age now, recently started $brand.", ["$brand"]),
    ("phone", "You can ring the surgery on $phone_uk if your $lab is off.", ["$lab"]),
    ("phone", "Text me on $phone_au, I had $geomed too.", ["$geomed"]),
    ("phone", "Call me ($phone_us) about $brand coupons, my $vital dropped.", ["$brand", "$vital"]),
    ("phone", "My mobile: $phone_ie. $dept never called back.", ["$dept"]),
    ("phone", "Fax the referral to $phone_uk, the $dept team asked for it.", ["$dept"]),
    ("id", "Passport no.: $passport, needed for the $dept appointment abroad.", ["$dept"]),
    ("id", "My health card # $health_card expired and $dept won't see me.", ["$dept"]),
    ("id", "NI number - $ni - was on the sick note for my $eponym.", ["$eponym"]),
    ("id", "Medicare no: $medicare, they still charged me for the $lab.", ["$lab"]),
    ("id", "The implant serial (SN: $serial) is on the card after my $eponym surgery.", ["$eponym"]),
    ("id", "Pacemaker serial number $serial, I'm $age and $vital.", ["$age", "$vital"]),
    ("id", "Insurance member ID: $number, claim for $brand denied.", ["$brand"]),
    ("id", "Account no. $number at the pharmacy for my $dose.", ["$dose"]),
    ("id", "Driving licence number: $number, DVLA want details of my $eponym.", ["$eponym"]),
    ("id", "Hospital number $mrn, seen in $dept for $vital.", ["$dept", "$vital"]),
    ("vehicle", "My car (reg $plate) was parked at $dept while I had my $lab.", ["$dept", "$lab"]),
    ("vehicle", "Plate number $plate, blue badge for my $eponym.", ["$eponym"]),
    ("vehicle", "The VIN is $vin if anyone saw the crash; I'm in $dept with $vital.", ["$dept", "$vital"]),
    ("ip", "The portal logged my IP as $ip when I checked my $lab.", ["$lab"]),
    ("ip", "Posting from $ip, $age, on $brand.", ["$age", "$brand"]),
    ("user", "My username on the diabetes forum is $user, ask me about $brand.", ["$brand"]),
    ("user", "Search for $user on the forum, I posted my $lab there.", ["$lab"]),
    ("user", "(posted by $user) $age with $eponym, any tips?", ["$age", "$eponym"]),
    ("url", "I wrote it all up at $url after the $eponym diagnosis.", ["$eponym"]),
    ("url", "Our fundraiser is $url, the $brand isn't covered.", ["$brand"]),
    ("email", "Email me at $email if you've tried $brand for $eponym.", ["$brand", "$eponym"]),
    ("town", "Here in $town the nearest $dept is two hours away; $vital.", ["$dept", "$vital"]),
    ("town", "We're just outside $town, and the GP there switched me to $brand.", ["$brand"]),
    ("town", "Anyone else near $town caught $geomed this summer?", ["$geomed"]),
    ("town", "Moved from $town last year, still on $dose.", ["$dose"]),
    ("postcode", "Postcode $pc_ca, the clinic says the $dept wait is 9 months.", ["$dept"]),
    ("postcode", "We're in $town, $pc_au, and there's no $dept nearby.", ["$dept"]),
    ("postcode", "Pharmacy in ZIP $zip won't stock $brand.", ["$brand"]),
    ("postcode", "$town $pc_ca here, $age, $lab.", ["$age", "$lab"]),
    ("address", "Send the samples to $street, $town. My $lab was borderline.", ["$lab"]),
    ("hospital", "She was at $hospital for a week with $geomed.", ["$geomed"]),
    ("clinical", "$age, $vital, $lab, started on $dose and $brand for $eponym.", ["$age", "$vital", "$lab", "$dose", "$brand", "$eponym"]),
    ("clinical", "Back from Spain with suspected $geomed; $dept did a $lab.", ["$geomed", "$dept", "$lab"]),
    ("clinical", "Is $brand safe with $eponym? I'm $age, $vital.", ["$brand", "$eponym", "$age", "$vital"]),
]  # fmt: skip

ZH_TEMPLATES: list[tuple[str, str, list[str]]] = [
    ("kinship", "我$kin$zname3今年$zage，$zlab，医生开了$zdose。", ["$zage", "$zlab", "$zdose"]),
    ("kinship", "$kin$zname3上周住进$zdept，$zvital。", ["$zdept", "$zvital"]),
    ("kinship", "家里$kin叫$zname，一直吃$zdrug，最近$zlab。", ["$zdrug", "$zlab"]),
    ("kinship", "我跟$kin$zname3一起来看$zdept，她有$zeponym。", ["$zdept", "$zeponym"]),
    ("title", "求助：$kin$zname3术后$zvital怎么办", ["$zvital"]),
    ("title", "【$zname3】$zage，$zeponym，吃$zdrug有用吗", ["$zage", "$zeponym", "$zdrug"]),
    ("title", "$zname3的$zlab偏高，求解读", ["$zlab"]),
    ("relatives", "我爸$zname和我妈$zname_b都是$zeponym，现在吃$zdose。", ["$zeponym", "$zdose"]),
    ("bracket", "患者（$zname3，$zage）因$zvital入$zdept。", ["$zage", "$zvital", "$zdept"]),
    ("signoff", "谢谢各位医生！$zlab，还在吃$zdrug。——$zname", ["$zlab", "$zdrug"]),
    ("signoff", "先写到这里，明天去$zdept复查。$zname敬上", ["$zdept"]),
    ("greeting", "$zname医生您好，我$zage，$zvital，能不能停$zdrug？", ["$zage", "$zvital", "$zdrug"]),
    ("greeting", "@$zuser 我也是$zeponym，$zdose吃了三个月。", ["$zeponym", "$zdose"]),
    ("minority", "我是$zminority，$zage，在$zdept查出$zlab。", ["$zage", "$zdept", "$zlab"]),
    ("minority", "我$kin$zminority得了$zgeomed，$zvital。", ["$zgeomed", "$zvital"]),
    ("date", "$zdate_y入院，$zvital，三天后转$zdept。", ["$zvital", "$zdept"]),
    ("date", "$kin$zdate_ny做的手术，术后$zlab。", ["$zlab"]),
    ("date", "$zdate_sp出院，出院带药$zdose。", ["$zdose"]),
    ("date", "老人家$zdate_y去世，生前有$zeponym。", ["$zeponym"]),
    ("date", "预约了$zdate_ny去$zdept做胃镜，$zlab。", ["$zdept", "$zlab"]),
    ("dob", "出生日期：$zdob，$zage，$zvital。", ["$zage", "$zvital"]),
    ("dob", "宝宝$zdob出生，现在$zage，$zlab。", ["$zage", "$zlab"]),
    ("phone", "有事打我电话$zland，我在$zdept上班。", ["$zdept"]),
    ("phone", "医院座机$zland，挂$zdept的号。", ["$zdept"]),
    ("phone", "我的手机号是$znumerals，$zage，$zeponym。", ["$zage", "$zeponym"]),
    ("phone", "联系我$zmobile，我$kin也吃$zdrug。", ["$zdrug"]),
    ("phone", "号码$znumerals，白天都在，$zvital。", ["$zvital"]),
    ("wechat", "加v：$zwechat，我拉你进$zeponym病友群。", ["$zeponym"]),
    ("wechat", "有需要的加我薇❤$zwechat，$zdrug我有多的。", ["$zdrug"]),
    ("wechat", "卫星号$zwechat，$zlab的报告我发你看。", ["$zlab"]),
    ("wechat", "vx $zwechat，$zdept的号我能帮挂。", ["$zdept"]),
    ("id", "护照号：$zpassport，出国看$zeponym要用。", ["$zeponym"]),
    ("id", "医保卡号-$zcard，$zdrug不报销？", ["$zdrug"]),
    ("id", "社保卡号是$zcard，$zdept说要先备案。", ["$zdept"]),
    ("id", "起搏器序列号：$serial_z，$zvital。", ["$zvital"]),
    ("vehicle", "我的车牌$zplate停在$zdept门口被贴条了，$zlab。", ["$zdept", "$zlab"]),
    ("vehicle", "车牌号$zplate，送$kin去$zdept。", ["$zdept"]),
    ("url", "详细病历我发在$zurl，$zeponym确诊。", ["$zeponym"]),
    ("user", "我在论坛的id是$zuser，$zlab可以私信我。", ["$zlab"]),
    ("user", "楼主$zuser，$zage，$zdrug吃了一周。", ["$zage", "$zdrug"]),
    ("ip", "登录IP：$ip，挂号系统说异常，$zdept。", ["$zdept"]),
    ("town", "我们$ztown卫生院看不了$zeponym，要去县里。", ["$zeponym"]),
    ("town", "我住$ztown，$zage，$zvital。", ["$zage", "$zvital"]),
    ("town", "在$ztown打工，$zlab，$zdrug吃了没用。", ["$zlab", "$zdrug"]),
    ("town", "老家$ztown的医生说是$zgeomed。", ["$zgeomed"]),
    ("city", "$zcity的$zdept说要手术，$zlab。", ["$zdept", "$zlab"]),
    ("address", "地址：$zaddress，邮编$zpostcode，药寄过来就行，$zdrug。", ["$zdrug"]),
    ("address", "快递到$zaddress，$zdose。", ["$zdose"]),
    ("clinical", "$zage，$zvital，$zlab，医生开了$zdose和$zdrug。", ["$zage", "$zvital", "$zlab", "$zdose", "$zdrug"]),
    ("clinical", "$zgeomed和$zeponym有什么区别？$zdept让我吃$zdrug。", ["$zgeomed", "$zeponym", "$zdept", "$zdrug"]),
    ("clinical", "$zdrug和$zdose能一起吃吗？$zlab。", ["$zdrug", "$zdose", "$zlab"]),
    ("clinical", "$kin吃了$zdrug以后$zvital，去了$zdept。", ["$zdrug", "$zvital", "$zdept"]),
    ("email", "邮箱$email，$zeponym的资料发我一份。", ["$zeponym"]),
    ("hospital", "在$zcity市中心医院$zdept住了半个月，$zlab。", ["$zdept", "$zlab"]),
    ("signoff", "$zlab，太焦虑了。\n—— $zname3", ["$zlab"]),
    ("bracket", "我婆婆（$zminority）$zage，$zeponym。", ["$zage", "$zeponym"]),
    ("date", "$zdate_sp那天$kin突然$zvital，送到$zdept。", ["$zvital", "$zdept"]),
    ("dob", "生日$zdob，$zlab。", ["$zlab"]),
]  # fmt: skip


def _fill(template: str, keep: list[str], r: random.Random) -> dict[str, object]:
    values: dict[str, str] = {}
    for name in string.Template(template).get_identifiers():
        kind, fn = FIELDS[name]
        values[name] = fn(r)
    marked = {
        name: (f"{{{FIELDS[name][0]}:{v}}}" if FIELDS[name][0] else v) for name, v in values.items()
    }
    return {
        "text": string.Template(template).substitute(marked),
        "keep": [string.Template(k).substitute(values) for k in keep],
    }


def generate(language: str) -> list[dict[str, object]]:
    r = random.Random(f"{SEED}-{language}")
    templates = EN_TEMPLATES if language == "en" else ZH_TEMPLATES
    rows = []
    for i in range(PER_TEMPLATE * len(templates)):
        category, template, keep = templates[i % len(templates)]
        filled = _fill(template, keep, r)
        rows.append({"id": f"{language}-dev-{i + 1:04d}-{category}", **filled})
    return rows


def render(rows: list[dict[str, object]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main() -> int:
    check = "--check" in sys.argv[1:]
    status = 0
    for language in ("en", "zh"):
        path = HERE / f"{language}_dev.jsonl"
        text = render(generate(language))
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{path.name} differs from the generator's output")
                status = 1
        else:
            path.write_text(text, encoding="utf-8")
    return status


_register()
FIELDS["serial_z"] = ("ID", implant_serial)

if __name__ == "__main__":
    sys.exit(main())
