"""The classes of identifier each freeze of the redaction rules added (each case is found as a
whole by a rule, not by the learned tagger), and the readings and clinical words the rules must
leave alone. One table a freeze, named by it:

- ninth: Chinese facilities by a private or short name, villages, communities and numbered
  streets, foreign cities in Chinese text, a surname alone before a title, weekdays and solar
  terms dating care, bracketed landlines, 400 numbers with an extension, ids with inner spaces
  after a cue, forum handles reported as NAME; Welsh patronymics and street words, a holiday's
  day, ids of letters and digits after a policy or card cue; strength words, device eponyms,
  insurers and Chinese departments kept.
- tenth: English hospitals by a short or informal name, a house number and its name after a word
  of residence, partial postcodes after an address cue, an initial and a family name, lower-case
  user names before what they said, ages over 89 in brackets or commas, a day and month with no
  year before a word of care; Chinese community health centres and hospital campuses, lunar
  dates after 农历, landlines with an extension, ages over 89 after an elder; eponyms with
  diacritics, dose schedules, drug and device makers and kinds of hospital kept.
- fourteenth: Ages over 89 with no "years old", Irish Eircodes and Dublin districts, UK outward
  codes alone, bracketed Australian postcodes, ZIP codes after a state code that is also a word,
  phones read digit by digit, flats in named buildings; Chinese month.day dates and weekdays
  before an event of care, a date's bracketed weekday, 老 + surname and surname + 姐 in more
  places, a surname after Dr, numbered hospitals, flats in residential compounds, 歲 and 今年 ages;
  Chinese drug brands kept.
- fifteenth: Ranges of Chinese dates as one date, lunar dates with their year or in a lunar
  month, e-mails whose "@" is written (at) or #, masked names, Chinese pet names after a kinship
  word, at home before a time word or before a bracketed 小名, hospitals by a province's
  abbreviation and number, by 附N with no 院, by a Latin name before 医院 or by an acronym ending in
  H, a 街道 after its district, given names that are words after a relative or a thanks, and a
  name in capitals after a greeting.
- seventeenth: A weekday with the word that places it, a range of days before one month, a
  numbered compound after a street number, a care home after its city and district, a masked
  Chinese name right after a word, a letters-first health-card number after its cue, a user
  name signed at the end of a post, a known given name opening a sentence before an age; a
  name field that names no one (姓名不详) kept.
- nineteenth: A given name after an honorific from outside English, a letter's SURNAME, GIVEN,
  the last digits of a phone or a number, a day of a Hijri month in words, a weekday placed by
  a holiday, holidays of more countries and faiths, dotted Chinese month.day dates after an
  order or a move, 民國 dates, flats by building, entrance and number, metro stations, the
  hospital known as 301, a handle whose post is cited, an e-mail spelled with 在 and 点, 老/小 and
  a surname after a thanks or before punctuation, Traditional-script hospitals, titles and
  holidays, names with a particle (Ó, da) or an apostrophe inside, an address with a direction
  after its street, a care home called a court; a ward and bed after 住在, a lone number past 31,
  the second word of a drug's brand and a maker after "made by" kept.
- twentieth: An age over 89 given with "is" after a relative, a hospital whose name holds
  "and" or is written with "hosp", the last four digits after "last four", a Singapore block
  address and postcode, an e-mail with [at] and [dot], letters-first ids after "medical aid",
  a name with Latin Extended-A letters, a given name after Nana or Granny, 我家 + 老/小 and a
  surname, a handle with digits opening a reply, an English name after 我是, a range of dotted
  dates before a stay.
- twenty-first: A surname after 姓, a Hong Kong estate, a 街道 after a city, a handle after ID
  or 网名, a school by its name, a hospital by its saint after at, a lower-case surname after
  dr or mr, a lower-case name in brackets after a relative, a range of days with its year, a
  street written with Dr, a number that "ends in" its digits, more Chinese titles.
- twenty-third: A lower-case given name after a relative, a Malay name with binte, a name in
  pinyin or English letters after a Chinese kinship word, a month/day after a Chinese word of
  an appointment, a lower-case UK postcode, a phone
  read out with "double", a weekday in lower case or short after on or since, a surname before
  姑娘, 经理 or 醫師 after a role or 请问, an age in brackets after ah ma, a month/day after
  expired or due; a fraction of a tablet after "on" left.
- twenty-fourth: A given name that is an everyday word (Hope, Faith, Will) after a title, a
  greeting anywhere, before a bracket saying who it is, "and I", a possessive, "from the
  surgery" or a verb of speech, addressed after a comma, between commas after a role, after
  "update on", signed at a post's end, next to a Chinese word for a nurse or a girl, and
  again when the same text names it so; the word where nothing says a person is meant left.
- twenty-fifth: A lower-case given name after a lower-case self-introduction, a second
  everyday-word name joined by "and" after a thanks, a possessive before an acronym, a name in
  brackets after a relative after a dash, a lower-case name after a South Asian kinship word;
  a month that ends like a drug stem (April) is no drug, a greeting of another language no
  name, and a kinship word inside a longer word (ammachi) no relative; festivals dating care
  (Holy Week, Sallah, Ugadi, Eid al-Adha after "the first day of", Chinese New Year eve), a
  weekday after "is", a day and month after "follow-up is", a ZIP after a town and a state
  code with no comma, an age over 89 in brackets after a grandparent in another language.
- twenty-eighth: A Chinese transcription of a name whose parts an interpunct joins, a name
  in capitals surname first or after a title in capitals, a date's bracketed weekday that
  another rule found first, a PTT quote header, an author line and a user named by a handle
  ending in digits, cities of Chinese communities abroad in either script; acronyms in
  capitals, plates and the pear of a remedy (雪梨) left.
- twenty-ninth: a number after its cue runs on over groups on its own line only; a less
  common surname alone before a title (符医生, 亓大夫, 簡醫師, 纳奶奶) and more titles (助产士),
  a lower-case user name ending in digits, the user of a PTT push line, a surname and a
  kinship word heading a chat message, a month.day or month/day date opening a clause or
  before an event of care, an age over 89 after an elder named in more languages (kokum,
  tatay) or after a name and a comma, a GP surgery named after its street; test results
  after "is" (Hb is 98), counts (week12, covid19), readings (INR 2.3挺好, 7.2偏高), roles
  before a title (班主任, 应医生要求) and an English name after 我是 running into a letter
  (IgA肾病) left.
- thirtieth: An ID number masked after its first digits, a Chinese month.day date right after
  the event it dates, a date's weekday before it; counts written with × and readings after
  their test left.
- thirty-second: A surname alone before a title after any character, checked against jieba's
  dictionary, and before more ranks and terms of address (干事, 站长, 姐, 太); Hong Kong's,
  Macau's and Taiwan's districts and townships; a pharmacy's or a company's branch and a
  city's government office; churches, chapels and funeral homes, places joined by
  lower-case particles and hospitals named with "and" or "for"; default, underscored and
  floor-poster user names; subject names (语文老师), words ending in a surname's character
  (健身房经理), a name's last character (琳达阿姨), a drug holding a district's name
  (多西环素), a faith's church and a journal byline left.
- thirty-fourth: A hospital's district after a comma, a display name of a child's name and
  妈妈 or 爸, a Hong Kong estate and its block, elders named in Navajo and Malay before an
  age over 89, an age over 89 right after a pronoun or before "tahun"; a ward, a level or a
  department after a hospital's comma, a weight or a reading after a pronoun left.
- thirty-sixth (with what blind 36, 37 and 38 showed): an age over 89 after "my … is", before
  "this year" or "already", after "lived to" or "going to be"; Cantonese 陳生 and 陳太, a surname
  after Dr or Miss; short hospital names, a university's hospital, a branch in brackets, an
  arrondissement; a care chain and its site, a facility's tail and a church's denomination;
  word-and-digits user names, a ZIP after "moving to", English given names before Chinese or
  romanised surnames; group-chat speakers with a building or a place; a day and month after an
  event of care, an ROC date; a clinic's district after a comma. A measurement after "my … is",
  a score or a course's cycle, 花生 and 余生, a speaker line outside a chat and a department's
  "Fracture Clinic, …" left; 复旦儿科 is a place though it holds a department.
- thirty-ninth (from what blind 38 showed): the town after a street ending in Cres, View or
  Dr, and a street with a direction before it (2214 W Pinecrest Dr); a five- or six-digit
  postcode after a place or in brackets, a ZIP after "near" or "around", an Australian
  postcode before "who"; a barangay; a settlement's phase or block; a Kenyan hospital by its
  level; a health centre named with Sta.; a church hall; a Discord tag; a maiden name in
  brackets; a Chinese city's numbered hospital; a registration number of capitals and
  digits; a due date after 预产期; a chat speaker by one character and a kinship word. A
  quantity after "around", a trial's phase, a department before a chain's site, a verb before
  a numbered hospital, an Rx number and a speaker outside a chat left. With blind 39's: an
  Irish county after "Co.", a ZIP closing a question, initials before a name, an age over 89
  and "today" after a birthday, "he'll be" before an age, a month and day's range, a home's
  district, a Chinese date with a two-digit year, a Taiwanese care home, a Hong
  Kong general outpatient clinic, 下個星期三, a masked ID with three digits before the stars, a
  user name of three letters and four digits; a reading "today" with no birthday and a visit
  to the outpatient clinic left.
- fortieth (from what blind 40 showed): a name in capitals (a known given name first, or a line
  of its own), a surname in capitals before a comma and the given names, Ma. before a Filipino
  name, two initials before one name, a given name and an initial, initials signing a post, a
  child's name after "named her", a surname that is an eponym after a title (Mr Baker), a
  weekday and the date after its comma, a phone number in capital Chinese numerals, a
  Taiwanese ID, "user" and digits, a lying-in clinic, a maternity home. Capitals that are
  words, a virus's DNA and an eponym used as one left.
- forty-second (from what blind 42 showed): an English display name opening a line of a chat
  (a kinship word before it taken in), the weekdays of a diary of readings, an age over 89 in
  brackets however it goes on, a weekday's night or week, a range of dates joined by "to", a
  handle after "answered by", a Singapore estate's street and number, a North American street
  by its number, a date after a word of booking (排到), a festival's before or after, a
  妇幼门诊, a romanised surname of two letters after a title in Chinese, a town of the wider
  GeoNames extract (the Caribbean, Africa, South and South-East Asia, the Pacific), a place
  of any case before a UK postcode in brackets. Letter
  headers, roles, a kinship word alone, a state named after its capital and greetings left;
  an e-mail or URL in Chinese text ends with its Latin letters.
"""

from __future__ import annotations

import pytest

from medrubric.redact.redact import find_identifiers, redact_text
from medrubric.testing.redaction import covered

# (text, kind, the identifier): found whole by the rules alone.
FOUND = {
    "ninth": [
        # Chinese facilities by a private name, a short name in context, a branch
        ("准备去宏仁医院手术。", "LOCATION", "宏仁医院"),
        ("孩子在启明康复中心做感统训练。", "LOCATION", "启明康复中心"),
        ("他在苏州血研所随访了三年。", "LOCATION", "苏州血研所"),
        ("挂了仙林分院的号。", "LOCATION", "仙林分院"),
        ("我妈一直在同济看的，医生说没事。", "LOCATION", "同济"),
        ("要不去长庚的门诊问问？", "LOCATION", "长庚"),
        # communities after a street, streets with numbers
        ("办事处在解放路二段梧桐社区。", "LOCATION", "梧桐社区"),
        ("中医馆在南大街15号，周末开门。", "LOCATION", "南大街15号"),
        # foreign cities in Chinese text and Latin place names in it
        ("表妹在布里斯班做的手术。", "LOCATION", "布里斯班"),
        ("我们住Bristol，GP让去急诊。", "LOCATION", "Bristol"),
        ("可以问问Royal Alexandra Hospital的急诊。", "LOCATION", "Royal Alexandra Hospital"),
        # a surname alone before a title or term of address
        ("诊所的蒋医师说要拍片。", "NAME", "蒋"),
        ("感谢钱奶奶照顾。", "NAME", "钱"),
        ("我爸老秦血糖一直偏高。", "NAME", "老秦"),
        ("囡囡3月2号出生，现在黄疸还没退。", "NAME", "囡囡"),
        ("我舅舅巴根今年七十了。", "NAME", "巴根"),
        # handles by shape and position, reported as NAME
        ("Mike_王说的那个药我也吃过。", "NAME", "Mike_王"),
        ("海边的风456说得对，要早点复查。", "NAME", "海边的风456"),
        # weekdays and solar terms dating care
        ("外婆星期二查出肺炎。", "DATE", "星期二"),
        ("今年立冬那天在医院陪床。", "DATE", "立冬"),
        # phones and ids
        ("挂号请打（0571）8720 6655。", "PHONE", "（0571）8720 6655"),
        ("客服热线800-810-8888转205，工作日接听。", "PHONE", "800-810-8888转205"),
        ("健保卡號 0000 2231 8870 要怎麼查", "ID", "0000 2231 8870"),
        # English
        ("Lifts to dialysis from Gareth ab Owain every week.", "NAME", "Gareth ab Owain"),
        ("She lives on Ffordd y Castell and cannot manage stairs.", "LOCATION", "Ffordd y Castell"),
        ("Dad died on the 12th of Ramadan after a long illness.", "DATE", "the 12th of Ramadan"),
        ("The policy no. - mine is AXL-5521-88731-Q for the claim.", "ID", "AXL-5521-88731-Q"),
    ],
    "tenth": [
        # English hospitals by a short or informal name
        ("They transferred him to the Marsden for the trial.", "LOCATION", "the Marsden"),
        ("Seen at great ormond street when she was two.", "LOCATION", "great ormond street"),
        ("Her cardiologist at Sunnybrook was brilliant.", "LOCATION", "Sunnybrook"),
        ("Our son had his shunt done at GOSH.", "LOCATION", "GOSH"),
        ("We drove down to Addenbrooke’s for the scan.", "LOCATION", "Addenbrooke’s"),
        # a house number and its name with no street word
        ("We live at 31 Maes y Coed so parking is easy.", "LOCATION", "31 Maes y Coed"),
        ("Mum's address is 5 Honeysuckle Rise now.", "LOCATION", "5 Honeysuckle Rise"),
        # partial postcodes after a word of residence or a postcode word
        ("We live in M4C and the clinic is across town.", "LOCATION", "M4C"),
        ("Our eircode routing key is H91 if that helps.", "LOCATION", "H91"),
        # an initial and a family name
        ("The letter was signed by J. Hargreaves, consultant.", "NAME", "J. Hargreaves"),
        # a lower-case user name before what it said
        ("Like user sandyshores said, ask for the bloods.", "NAME", "sandyshores"),
        ("As member petalbloom wrote, the waiting list is long.", "NAME", "petalbloom"),
        # ages over 89 in brackets or commas after a relative
        ("My grandad (96) has been refusing food.", "AGE", "96"),
        ("Nanna, 93, fell in the garden on Sunday.", "AGE", "93"),
        # a day and month with no year before a word of care
        ("27/9 admitted with chest pain, discharged two days later.", "DATE", "27/9"),
        ("(18/11) scan booked at last.", "DATE", "18/11"),
        # Chinese community health centres and hospital campuses
        ("我们在桃源社区卫生服务中心打的疫苗。", "LOCATION", "桃源社区卫生服务中心"),
        ("去了浦东院区做的胃镜。", "LOCATION", "浦东院区"),
        # lunar dates after 农历
        ("外公是农历三月初七走的。", "DATE", "农历三月初七"),
        # a landline with an extension after 转
        ("科室电话0731-8465 2210转318，下午有人。", "PHONE", "0731-8465 2210转318"),
        # ages over 89 after an elder with no 岁
        ("我外婆今年九十六了，还能自己走。", "AGE", "九十六"),
        ("老爷子97了，医生不建议手术。", "AGE", "97"),
    ],
    "fourteenth": [
        # ages over 89 with no "years old"
        ("Grandpa's 95th is on Saturday, the whole family is coming.", "AGE", "95"),
        ("Happy 100th to my nan, still doing the crossword.", "AGE", "100"),
        ("She would have been 93 this week, miss her.", "AGE", "93"),
        ("My uncle had his hip done at 94, walking fine now.", "AGE", "94"),
        ("Ninety-odd? No: 96 years of stubbornness, that man.", "AGE", "96"),
        ("My nainai is 98 and still makes dumplings.", "AGE", "98"),
        ("My mother-in-law (Agnes, 91) is on warfarin.", "AGE", "91"),
        ("我阿嬤95歲，最近吃不下飯。", "AGE", "95"),
        ("我爸今年92，前列腺的问题又犯了。", "AGE", "92"),
        ("我公公叫赵福来，94了，走路不稳。", "AGE", "94"),
        # Irish Eircodes and Dublin districts
        ("Send it to 4 Elm Park, Dublin 4, D04 K7W2 please.", "LOCATION", "Dublin 4"),
        ("Send it to 4 Elm Park, Dublin 4, D04 K7W2 please.", "LOCATION", "D04 K7W2"),
        # UK outward codes alone, bracketed postcodes, ZIP codes after MI, OR, PA …
        ("Anyone in LS6 seen the new physio?", "LOCATION", "LS6"),
        ("We moved to Dundee DD2 last spring.", "LOCATION", "Dundee DD2"),
        ("We are in Geelong (3220) now, any good GPs?", "LOCATION", "Geelong (3220)"),
        ("Her care home is in Portland, OR 97205 - visiting is fine.", "LOCATION", "97205"),
        # phones read digit by digit, flats in named buildings
        (
            "Ring the ward on oh two eight nine, four four six, one two three if worried.",
            "PHONE",
            "oh two eight nine, four four six, one two three",
        ),
        ("Deliveries to Flat 7, Harbour Court please.", "LOCATION", "Flat 7, Harbour Court"),
        # Chinese month.day dates and weekdays before an event of care, a bracketed weekday
        ("我妈是6.12做的胆囊手术，6.15就出院了。", "DATE", "6.12"),
        ("我妈是6.12做的胆囊手术，6.15就出院了。", "DATE", "6.15"),
        ("拖到周五晚上才去的急诊。", "DATE", "周五"),
        ("您预约的3月8日（星期五）9:30复诊已确认。", "DATE", "3月8日（星期五）"),
        # 老 + surname, surname + 姐, a surname after Dr
        ("隔壁老刘上个月也做了支架。", "NAME", "老刘"),
        ("村口诊所的老孙给开的药。", "NAME", "老孙"),
        ("护工邓姐，人很细心。", "NAME", "邓姐"),
        ("Dr. 吴说不用担心。", "NAME", "吴"),
        # numbered hospitals by their short name, flats in residential compounds
        ("后来转到湘雅附二院做的。", "LOCATION", "湘雅附二院"),
        ("在五院住了一周。", "LOCATION", "五院"),
        ("寄到阳光花园小区3栋1单元402。", "LOCATION", "阳光花园小区3栋1单元402"),
    ],
    "fifteenth": [
        # ranges of dates, lunar dates
        ("6月3日至6月9日住的院。", "DATE", "6月3日至6月9日"),
        ("2023年2月1日—2月20日化疗两个疗程。", "DATE", "2023年2月1日—2月20日"),
        ("外婆2021年农历冬月初八走的。", "DATE", "2021年农历冬月初八"),
        ("爷爷正月初六住的院。", "DATE", "正月初六"),
        # e-mails written with (at), [at] or #
        ("资料发 liwei_doc(at)163.com 就行。", "EMAIL", "liwei_doc(at)163.com"),
        ("Email me: sam.k[at]gmail.com", "EMAIL", "sam.k[at]gmail.com"),
        ("邮箱 chenxi88#qq.com，#换成@。", "EMAIL", "chenxi88#qq.com"),
        # masked names
        ("短信：王*明，您的检查报告已出。", "NAME", "王*明"),
        ("Thanks to M*** for the lift.", "NAME", "M***"),
        # Chinese pet names
        ("我弟三娃在工地摔了。", "NAME", "三娃"),
        ("我侄女朵朵也是手足口。", "NAME", "朵朵"),
        ("我家花生今天打完疫苗，有点低烧。", "NAME", "花生"),
        ("我妹豆包（小名）上周查出来贫血。", "NAME", "豆包"),
        # hospitals by a short name, a Latin name or an acronym
        ("在苏一做的手术，挺顺利。", "LOCATION", "苏一"),
        ("中山附三的医生说再观察。", "LOCATION", "中山附三"),
        ("孩子在Starship儿童医院住了一周。", "LOCATION", "Starship儿童医院"),
        ("She was rushed to RPAH by ambulance.", "LOCATION", "RPAH"),
        # a 街道 after its district
        ("我们住武汉市江汉区花楼街道，离医院近。", "LOCATION", "武汉市江汉区花楼街道"),
        # given names that are words after a relative or a thanks, a name in capitals
        ("My daughter Joy (she's 9) has coeliac.", "NAME", "Joy"),
        ("Thanks Faith, that helps a lot.", "NAME", "Faith"),
        ("Hi MARTIN, your scan is booked.", "NAME", "MARTIN"),
        # a Reddit user is still one after the unit-after-a-number check (38 U/mL is no user)
        ("Posted by u/tiredknees22 last week.", "NAME", "tiredknees22"),
        ("Same here, ask u/sadmum_84 about it.", "NAME", "sadmum_84"),
    ],
    "seventeenth": [
        ("He has been on Rifafour since last Monday.", "DATE", "last Monday"),
        ("Booked in for this Friday at 9.", "DATE", "this Friday"),
        ("The letter says she was admitted 2-9 Feb.", "DATE", "2-9 Feb"),
        ("He was in from the 12th to the 19th of March.", "DATE", "the 12th to the 19th of March"),
        (
            "北京市朝阳区团结湖北路9号院里那个药店还开吗？",
            "LOCATION",
            "北京市朝阳区团结湖北路9号院",
        ),
        (
            "外婆住进杭州市西湖区颐乐园养老院，有轻度认知障碍。",
            "LOCATION",
            "杭州市西湖区颐乐园养老院",
        ),
        ("病例讨论：患者李**，既往高血压。", "NAME", "李**"),
        ("The form asks for her RAMQ no. THIM 4512 2219 again.", "ID", "THIM 4512 2219"),
        ("Do I really have to write both on every sheet? lottiespoons", "NAME", "lottiespoons"),
        ("Any advice welcome.\nbluebonnetmama", "NAME", "bluebonnetmama"),
        ("Tamsin is 34, on warfarin after a DVT.", "NAME", "Tamsin"),
        ("My mum Margaret 'Peggy' Holloway is 86.", "NAME", "Margaret 'Peggy' Holloway"),
        ("欧阳明轩复查血钾 3.15，医生说偏低。", "NAME", "欧阳明轩"),
    ],
    "nineteenth": [
        ("Kuya Ramon drove us to the clinic twice.", "NAME", "Ramon"),
        ("Letter reads: RE: OKONKWO, GRACE, seen in clinic.", "NAME", "OKONKWO, GRACE"),
        ("Their mobile ending 4417 is the one to use.", "PHONE", "4417"),
        ("Her hospital number ending 20931 is on the wristband.", "ID", "20931"),
        ("He was admitted on the third of Shawwal.", "DATE", "the third of Shawwal"),
        ("She had the stent the Friday after Easter Monday.", "DATE", "Friday after Easter Monday"),
        ("Dad's bypass is booked on Waitangi Day, of all days.", "DATE", "Waitangi Day"),
        ("妈妈的放疗：第一次5.12，第二次推迟到6.3。", "DATE", "5.12"),
        ("妈妈的放疗：第一次5.12，第二次推迟到6.3。", "DATE", "6.3"),
        ("外婆民國110年3月2日開的刀。", "DATE", "民國110年3月2日"),
        ("我们家在12栋3单元602，电梯老坏。", "LOCATION", "12栋3单元602"),
        ("在深圳地铁车公庙站晕倒了，被送去医院。", "LOCATION", "深圳地铁车公庙站"),
        ("去年在301做的手术，恢复得还行。", "LOCATION", "301"),
        ("看到爱跑步的小周的帖子，我也想问。", "NAME", "爱跑步的小周"),
        ("资料发到 tangtang_88 在 qq 点 com 吧。", "EMAIL", "tangtang_88 在 qq 点 com"),
        ("我们单位老曹，上个月查出肺结节。", "NAME", "老曹"),
        ("感谢小彭护士的照顾。", "NAME", "小彭"),
        ("在成大醫院看過陳醫師的門診。", "NAME", "陳"),
        ("My grandad Seán Ó Briain had his hip done.", "NAME", "Seán Ó Briain"),
        ("Our neighbour Leilani Ka'ahumanu drove him in.", "NAME", "Leilani Ka'ahumanu"),
        ("Meeting is at 88 King St E, Hamilton.", "LOCATION", "88 King St E"),
        ("She moved into Ashgrove Court Care Home in May.", "LOCATION", "Ashgrove Court Care Home"),
    ],
    "twentieth": [
        ("My dad is 94 and still drives to the shops.", "AGE", "94"),
        (
            "Seen at Queen Elizabeth and Royal Victoria Hospital last year.",
            "LOCATION",
            "Queen Elizabeth and Royal Victoria Hospital",
        ),
        ("He was in Taranaki hosp for a week.", "LOCATION", "Taranaki hosp"),
        ("They read out my Medicare last four 8812 at the desk.", "ID", "8812"),
        (
            "Nurse visits Blk 27 Jurong West St 65 #11-203 on Fridays.",
            "LOCATION",
            "Blk 27 Jurong West St 65 #11-203",
        ),
        ("Send it to S640027 please.", "LOCATION", "S640027"),
        ("Write to jo.b[at]gmail[dot]com any time.", "EMAIL", "jo.b[at]gmail[dot]com"),
        ("Her medical aid number is KX 4471 2290 11 on the card.", "ID", "KX 4471 2290 11"),
        ("My mother Bożena Wróblewska is on warfarin.", "NAME", "Bożena Wróblewska"),
        ("Miss you every day, Granny Ruth.", "NAME", "Ruth"),
        ("我家小汪最近总咳嗽。", "NAME", "小汪"),
        ("追梦人2021：我也做过这个手术。", "NAME", "追梦人2021"),
        ("大家好，我是Kevin Zhou，在读研。", "NAME", "Kevin Zhou"),
        ("我妈4.2到4.9在市一院住院。", "DATE", "4.2到4.9"),
    ],
    "twenty-first": [
        ("接诊的医生姓邓，说要住院观察。", "NAME", "邓"),
        ("阿爺住喺觀塘秀茂坪邨，行動唔方便。", "LOCATION", "觀塘秀茂坪邨"),
        ("温州鹿城街道那家诊所周末也开。", "LOCATION", "温州鹿城街道"),
        ("网名 夜猫子妈妈 的那位，私信我一下。", "NAME", "夜猫子妈妈"),
        (
            "Her school, Holy Cross Primary School, has no nurse.",
            "LOCATION",
            "Holy Cross Primary School",
        ),
        ("He was moved to St. Vincent's after the scan.", "LOCATION", "St. Vincent's"),
        ("dr okonjo wants bloods again next week", "NAME", "okonjo"),
        ("my nan (edith) is on apixaban now", "NAME", "edith"),
        ("He was in 14-20 March 2024 with pneumonia.", "DATE", "14-20 March 2024"),
        ("Clinic letter says 418 Birch Hollow Dr, Tulsa.", "LOCATION", "418 Birch Hollow Dr"),
        ("Her NHS number ends in 3391 on the letter.", "ID", "3391"),
        ("報名請洽許護理師。", "NAME", "許"),
    ],
    "twenty-third": [
        ("Update from me and my daughter maisie: the amoxicillin worked.", "NAME", "maisie"),
        ("Our neighbour Aminah binte Yusof drove us in.", "NAME", "Aminah binte Yusof"),
        ("我女儿xiaoyu今年6岁，发烧三天了。", "NAME", "xiaoyu"),
        ("我老公gao最近血压150/100。", "NAME", "gao"),
        ("下次约在3/15，CA153 18.6正常。", "DATE", "3/15"),
        ("預約12/27下午回診，上次抽血肌酸酐2.1", "DATE", "12/27"),
        ("my postcode is ls12 4ab if anyone local knows a physio", "LOCATION", "ls12 4ab"),
        (
            "ring me on oh seven seven double oh, nine double oh, one two six",
            "PHONE",
            "oh seven seven double oh, nine double oh, one two six",
        ),
        ("Discharged on monday with 20mg omeprazole.", "DATE", "monday"),
        ("We go back on tues for the results.", "DATE", "tues"),
        ("社康護士陳姑娘話有咩問題就打電話搵佢", "NAME", "陳"),
        ("請問宋醫師還在嗎？", "NAME", "宋"),
        ("找钱经理问问护工的事。", "NAME", "钱"),
        ("My ah ma (93) fell at home.", "AGE", "93"),
        ("The prior auth expired 9/30, so the pharmacy stopped it.", "DATE", "9/30"),
    ],
    "twenty-fourth": [
        ("Shout out to Nurse Patience on the maternity ward.", "NAME", "Patience"),
        ("Thank you Faith for the card and the lasagne.", "NAME", "Faith"),
        ("Joy (my wife, yes really) rang the bell today.", "NAME", "Joy"),
        ("Will (hubby) says that explains the ferritin of 9.", "NAME", "Will"),
        ("Sky (6yo) has slapped cheek.", "NAME", "Sky"),
        ("My twin Faith and I both have coeliac.", "NAME", "Faith"),
        ("Bill's finally home after 6 weeks on the stroke unit.", "NAME", "Bill"),
        ("Grace from the surgery rang about the bloods.", "NAME", "Grace"),
        ("Mine took 4 months, Faith! Hang in there.", "NAME", "Faith"),
        ("Dad's carer from the agency, Precious, noticed his ankles.", "NAME", "Precious"),
        ("Update on Hope: she's out of PICU.", "NAME", "Hope"),
        ("Still a long road, CA19-9 is 41. Dawn x", "NAME", "Dawn"),
        ("Feels weird.\n- Ray", "NAME", "Ray"),
        ("Ivy护士说周三可以探视。", "NAME", "Ivy"),
        ("院舍姑娘May好好人。", "NAME", "May"),
        ("Twins: Faith is 2.1kg now. Thanks Faith's nurses!", "NAME", "Faith"),
    ],
    "twenty-fifth": [
        ("hi im kayleigh 23 from wigan, on sertraline 50mg", "NAME", "kayleigh"),
        ("Thank you April and Summer for the messages.", "NAME", "April"),
        ("Thank you April and Summer for the messages.", "NAME", "Summer"),
        ("Will's MRI is booked.", "NAME", "Will"),
        ("Long story short - mum (Pat) had a fall.", "NAME", "Pat"),
        ("my amma priya had a thyroidectomy", "NAME", "priya"),
        ("A TIA on the first day of Eid al-Adha, then A&E.", "DATE", "Eid al-Adha"),
        ("She was confined last Holy Week for CHF.", "DATE", "Holy Week"),
        ("Discharged on Sallah day, weak but alive.", "DATE", "Sallah day"),
        ("Surgery is planned on Ugadi, weight 5.1kg.", "DATE", "Ugadi"),
        ("Admitted on Chinese New Year eve, NG tube in.", "DATE", "Chinese New Year eve"),
        ("dad's tumor board is wednesday. CA 19-9 of 1200.", "DATE", "wednesday"),
        ("Doxycycline for 21 days. Follow-up is 10/17.", "DATE", "10/17"),
        ("Letters go to Ann Arbor MI 48104 still.", "LOCATION", "48104"),
        ("my grandpère (96!) got his pacemaker", "AGE", "96"),
        ("Bà ngoại (94) lives with us.", "AGE", "94"),
    ],
    "twenty-eighth": [
        ("我嫂子古丽娜尔·艾山大夫说没事。", "NAME", "古丽娜尔·艾山"),
        ("【买买提江·托合提（社区医生）】明天上午义诊。", "NAME", "买买提江·托合提"),
        ("The bottle says BOUDREAUX, ODILE Metoprolol 25MG.", "NAME", "BOUDREAUX, ODILE"),
        ("Patient: MWANGI, KERUBO. Ward 4.", "NAME", "MWANGI, KERUBO"),
        ("MR D. TREVENNA   Sertraline 50mg", "NAME", "D. TREVENNA"),
        # a date takes in its bracketed weekday whatever was found inside the brackets
        ("复诊约在11月6日（周三）上午。", "DATE", "11月6日（周三）"),
        ("我2025年1月19日（星期日）去的急诊。", "DATE", "2025年1月19日（星期日）"),
        # forum conventions that name a user
        ("※ 引述《sunnyday1987》之銘言：", "NAME", "sunnyday1987"),
        ("作者：kuanyu1985 (小宇) 看板：Health", "NAME", "kuanyu1985"),
        ("用户养生小能手88多次在本版发广告。", "NAME", "养生小能手88"),
        # cities of Chinese communities abroad, in either script
        ("我爸在怡保做的碎石。", "LOCATION", "怡保"),
        ("在溫哥華看的急診。", "LOCATION", "溫哥華"),
    ],
    "twenty-ninth": [
        # a number's later groups stay on its line: the label's name on the next one is found
        ("RX# 7730159\nKOWALCZYK, DOROTA\nSERTRALINE 50MG TAB", "NAME", "KOWALCZYK, DOROTA"),
        # a less common surname alone before a title or term of address
        ("谢谢手外科的符医生，也谢谢护士。", "NAME", "符"),
        ("风湿科的亓大夫还坐诊吗？", "NAME", "亓"),
        ("天津胸科医院的丛主任上周说可以手术。", "NAME", "丛"),
        ("辖区里的纳奶奶今年九十了。", "NAME", "纳"),
        ("腎臟科很專業，推薦簡醫師。", "NAME", "簡"),
        ("产房的黄助产士一直鼓励我。", "NAME", "黄"),
        # a user name of lower-case letters and digits, the user of a PTT push line
        ("想問版友意見。--kiwi0812", "NAME", "kiwi0812"),
        ("thanks all, saltfish0921 here again", "NAME", "saltfish0921"),
        ("推 kuroneko77: 我媽在那裡做過TAVI", "NAME", "kuroneko77"),
        ("→ Dr_Lin: 健保部分給付", "NAME", "Dr_Lin"),
        # a surname and a kinship word heading a chat message
        ("【糖友交流群】\n梁姨：今早空腹10.2\n群主：别自己乱加", "NAME", "梁姨"),
        # a month and day with a dot or a slash opening a clause, or before an event of care
        ("时间线整理：3.5发烧，3.7在县医院拍片说肺炎，3.10转省医院", "DATE", "3.5"),
        ("时间线整理：3.5发烧，3.7在县医院拍片说肺炎，3.10转省医院", "DATE", "3.10"),
        ("第二次换了方案，4.18移植一枚囊胚，4.28抽血HCG 386", "DATE", "4.18"),
        ("我3.5在武汉同济医院做的胃镜。", "DATE", "3.5"),
        ("爸爸3/28在奇美醫院安寧病房走了。", "DATE", "3/28"),
        ("去年11/8第一次看診，醫師很有耐心。", "DATE", "11/8"),
        # an age over 89 after an elder named in the family's language, or a name and a comma
        ("My kokum is 90 and lives up north.", "AGE", "90"),
        ("Hi mga ka-forum! My tatay is 92 and had pneumonia.", "AGE", "92"),
        ("Mrs Halina Kowalczyk, is 97. Her pressure area is fine.", "AGE", "97"),
        # a GP surgery named after its street
        ("Review: Corve Street Surgery, three stars.", "LOCATION", "Corve Street Surgery"),
        ("The GP at the Tilehurst Road surgery said no.", "LOCATION", "Tilehurst Road surgery"),
    ],
    "thirtieth": [
        # an ID number masked after the digits that show a region and a birth date
        ("患者身份证：520526201604****** 联系电话见下", "ID", "520526201604******"),
        ("要填身份证号3205**********2418和医保卡号", "ID", "3205**********2418"),
        # a month.day date after the event it dates
        ("取卵3.21，取了6个成熟5个。鲜胚移植3.26，移植后第12天验孕。", "DATE", "3.21"),
        ("取卵3.21，取了6个成熟5个。鲜胚移植3.26，移植后第12天验孕。", "DATE", "3.26"),
        # a date takes in its weekday before it
        ("Reminder: flu jab clinic Saturday 19 October 9-12.", "DATE", "Saturday 19 October"),
        ("Seen Tues. 4 March by the GP.", "DATE", "Tues. 4 March"),
    ],
    "thirty-second": [
        # a surname alone before a title after any character, and before more ranks
        ("主任鲁老师：各位家长好", "NAME", "鲁"),
        ("人事钟主管说不给调。", "NAME", "钟"),
        ("邻居王婶每天会过去看看。", "NAME", "王"),
        ("教官韦排长守了我一下午。", "NAME", "韦"),
        ("约了柏老师，聊了四次。", "NAME", "柏"),
        ("他的主刀是迟医生，推荐！", "NAME", "迟"),
        ("院，谭干事说伤残军人可以报销。", "NAME", "谭"),
        ("陳太：咁聖誕仲去唔去飲茶？", "NAME", "陳"),
        # Hong Kong's, Macau's and Taiwan's districts and townships
        ("沙田嘅醫院排期好耐。", "LOCATION", "沙田"),
        ("我住花蓮縣吉安鄉，離市區遠。", "LOCATION", "花蓮縣吉安鄉"),
        ("住新竹縣竹北市，上週跌倒。", "LOCATION", "新竹縣竹北市"),
        # branches and government offices
        ("在老百姓大药房长沙芙蓉中路店买的。", "LOCATION", "老百姓大药房长沙芙蓉中路店"),
        ("平安保险深圳分公司说不赔。", "LOCATION", "平安保险深圳分公司"),
        ("合肥市医保局说不能报。", "LOCATION", "合肥市医保局"),
        # churches, funeral homes, joined places, hospitals with "and" or "for"
        (
            "The service is at Defeated Creek Baptist Church on Friday.",
            "LOCATION",
            "Defeated Creek Baptist Church",
        ),
        ("Arrangements by Engle Funeral Home.", "LOCATION", "Engle Funeral Home"),
        ("We moved to Weston-super-Mare last year.", "LOCATION", "Weston-super-Mare"),
        (
            "She was at the Royal Brisbane and Women's Hospital.",
            "LOCATION",
            "Royal Brisbane and Women's Hospital",
        ),
        (
            "Transferred to Bustamante Hospital for Children.",
            "LOCATION",
            "Bustamante Hospital for Children",
        ),
        # user names
        ("用户8823901145：看哭了", "NAME", "用户8823901145"),
        ("群里tina_chen0312说她也是这样。", "NAME", "tina_chen0312"),
        ("我是Lily_好孕，移植后第5天。", "NAME", "Lily_好孕"),
        ("姐妹可以一起交流。\n作者：好孕糖糖2024", "NAME", "好孕糖糖2024"),
        ("【2楼】冰城二虎_88：俺家老人也是", "NAME", "冰城二虎_88"),
        # after blind 33: a branch in brackets, a Hong Kong identity card number
        ("在大参林药房（天河北路店）买的。", "LOCATION", "大参林药房（天河北路店）"),
        ("身份證號A123456(7)，請核對。", "ID", "A123456(7)"),
    ],
    "thirty-fourth": [
        (
            "Admitted to Square Hospital, Panthapath on the 3rd.",
            "LOCATION",
            "Square Hospital, Panthapath",
        ),
        ("Emma妈妈：我家也是这样退烧的。", "NAME", "Emma妈妈"),
        ("乐乐妈妈说她家孩子也过敏。", "NAME", "乐乐妈妈"),
        ("住尚德邨尚美樓，去將軍澳醫院好近。", "LOCATION", "尚德邨尚美樓"),
        ("My shimásání is 93 and just came home.", "AGE", "93"),
        ("Assalamualaikum, my atuk 91 tahun, diabetic foot ulcer.", "AGE", "91"),
        ("Shes ninety nine next month and told us to stop fussing.", "AGE", "ninety nine"),
        ("Pray fi her, she 98 and still sharp.", "AGE", "98"),
    ],
    "thirty-sixth": [
        ("My old man is 92 and in care now.", "AGE", "92"),
        ("My ah ma 93 this year, just discharged.", "AGE", "93"),
        ("My great-aunt lived to 104 on bacon.", "AGE", "104"),
        ("My grandaddy going be 100 next week!", "AGE", "100"),
        ("my 外婆 90 already, stay with us", "AGE", "90"),
        ("我哋樓下陳生，七十幾歲，暈低咗。", "NAME", "陳"),
        ("陳太即刻打999。", "NAME", "陳"),
        ("幼儿园Miss 陈话要医生证明。", "NAME", "陈"),
        ("Dr 區話下星期要做激光。", "NAME", "區"),
        ("隔壁罗嬢嬢说要去大医院看。", "NAME", "罗"),
        ("各位吧友晓得川医呼吸科好挂号不？", "LOCATION", "川医"),
        ("连夜去了复旦儿科急诊。", "LOCATION", "复旦儿科"),
        ("在中國醫藥大學附設醫院做胃部分切除。", "LOCATION", "中國醫藥大學附設醫院"),
        ("在美年大健康(徐汇店)体检。", "LOCATION", "美年大健康(徐汇店)"),
        ("在巴黎13区住，上周长了带状疱疹。", "LOCATION", "巴黎13区"),
        (
            "She nursed for 40 years at Kaiser Permanente Vallejo.",
            "LOCATION",
            "Kaiser Permanente Vallejo",
        ),
        ("The staff at Bupa Wantirna threw her a party.", "LOCATION", "Bupa Wantirna"),
        (
            "She passed at St. Francis Nursing Home on Sunday.",
            "LOCATION",
            "St. Francis Nursing Home",
        ),
        ("Meeting at St. Aidan's Anglican Church, 7pm.", "LOCATION", "St. Aidan's Anglican Church"),
        (
            "Admitted sa Sta. Rosa Doctors Hospital for pneumonia.",
            "LOCATION",
            "Sta. Rosa Doctors Hospital",
        ),
        ("CPAP at 11 cmH2O and he's a new man. Lovelyjubbly77", "NAME", "Lovelyjubbly77"),
        ("Moving to 78664 soon so I'm stuck with them.", "LOCATION", "78664"),
        ("【Helen刘】：我也是这样。", "NAME", "Helen刘"),
        ("谢谢Grace Zhou的建议。", "NAME", "Grace Zhou"),
        ("7栋-王姐：有布洛芬吗？\n12栋彤彤爸：我有。", "NAME", "7栋-王姐"),
        ("7栋-王姐：有布洛芬吗？\n12栋彤彤爸：我有。", "NAME", "12栋彤彤爸"),
        ("Timeline: biopsy 1/9, port placed 1/17, first chemo 1/22.", "DATE", "1/22"),
        ("寶寶112/10/21在醫院出生。", "DATE", "112/10/21"),
        (
            "Delivered at Lifeline Hospital, Sector 21 last week.",
            "LOCATION",
            "Lifeline Hospital, Sector 21",
        ),
    ],
    "thirty-ninth": [
        (
            "Send cards to 48 Birchmount Cres, Lorne Falls.",
            "LOCATION",
            "48 Birchmount Cres, Lorne Falls",
        ),
        (
            "Mail: 2214 W Pinecrest Dr, Marana Springs, AZ 85653",
            "LOCATION",
            "2214 W Pinecrest Dr, Marana Springs",
        ),
        ("Deliver to Portland 97214 please.", "LOCATION", "Portland 97214"),
        ("Courier to Kozhikode 673014, urgent.", "LOCATION", "Kozhikode 673014"),
        ("Dr Rao at Mercy Hospital (73019) listened.", "LOCATION", "Mercy Hospital (73019)"),
        ("Looking for a Medicaid dentist near 59801, any tips?", "LOCATION", "59801"),
        ("Any GPs around 3177 who bulk bill?", "LOCATION", "3177"),
        ("Dengue case sa Brgy. San Roque, Marikina Heights.", "LOCATION", "Brgy. San Roque"),
        (
            "IVF worked at Bridge Fertility Centre, Lekki Phase 1.",
            "LOCATION",
            "Bridge Fertility Centre, Lekki Phase 1",
        ),
        ("We stay in Soshanguve Block H near the clinic.", "LOCATION", "Soshanguve Block H"),
        ("Referred to Mumias Road Level 4 Hospital.", "LOCATION", "Mumias Road Level 4 Hospital"),
        ("Transferred to Nairobi Level 5 overnight.", "LOCATION", "Nairobi Level 5"),
        (
            "Seen at Sta. Lucia Heights Health Center today.",
            "LOCATION",
            "Sta. Lucia Heights Health Center",
        ),
        (
            "The wake is in the Avondale Methodist Church hall.",
            "LOCATION",
            "Avondale Methodist Church hall",
        ),
        ("SleepyOtter#4471 said protein shakes help.", "NAME", "SleepyOtter#4471"),
        (
            "Evelyn Ruth (Sparks) Halvorsen, born in Fargo.",
            "NAME",
            "Evelyn Ruth (Sparks) Halvorsen",
        ),
        ("昨天送到江城第五人民医院急诊。", "LOCATION", "江城第五人民医院"),
        ("挂号单号JZ2312240391，有图有真相", "ID", "JZ2312240391"),
        ("預產期6/21，希望平安。", "DATE", "6/21"),
        ("病友群\n梅姐：医保报完三十多\n阿强：好的", "NAME", "梅"),
        ("Any pulmonologist near Andheri East, Mumbai 400069?", "LOCATION", "Mumbai 400069"),
        ("Anyone worked the CVICU at Sandhills Regional in 28374?", "LOCATION", "28374"),
        ("How long does the medical card take in Co. Donegal?", "LOCATION", "Co. Donegal"),
        (
            "Reports of my late father W. M. Gunawardena Bandara, please.",
            "NAME",
            "W. M. Gunawardena Bandara",
        ),
        ("I, K. Venkata Ramana Rao, father of the baby.", "NAME", "K. Venkata Ramana Rao"),
        ("Happy birthday Violet — 104 today! Still does the crossword.", "AGE", "104"),
        ("Grandad says he'll be 90 by the time they decide.", "AGE", "90"),
        (
            "My son was confined at the General Hospital July 3-7, platelets 38,000.",
            "DATE",
            "July 3-7",
        ),
        (
            "Confined at Sto. Niño de Tondo General Hospital for dengue.",
            "LOCATION",
            "Sto. Niño de Tondo General Hospital",
        ),
        (
            "Doctor at Sunrise Nursing Home, Kakkanad now suggests insulin.",
            "LOCATION",
            "Sunrise Nursing Home, Kakkanad",
        ),
        (
            "Born at Shifa Maternity Home, F-8 and had jaundice.",
            "LOCATION",
            "Shifa Maternity Home, F-8",
        ),
        ("爸爸23.11.5做的支架，现在胸闷。", "DATE", "23.11.5"),
        ("阿嬤住在福樂護理之家，最近一直咳。", "LOCATION", "福樂護理之家"),
        ("今日喺大埔富亨普通科門診睇醫生。", "LOCATION", "富亨普通科門診"),
        ("下個星期三要回診抽血。", "DATE", "下個星期三"),
        ("身份证430***********0517，麻烦核对。", "ID", "430***********0517"),
        ("1楼\nhsu0806推文说的那位爷爷", "NAME", "hsu0806"),
    ],
    "fortieth": [
        ("ACC claim declined.\nTANE WAIARIKI", "NAME", "TANE WAIARIKI"),
        ("KOWALCHUK, Stanley Peter passed away peacefully.", "NAME", "KOWALCHUK, Stanley Peter"),
        ("PM me po, Ma. Cristina Dela Paz-Ocampo", "NAME", "Ma. Cristina Dela Paz-Ocampo"),
        ("Claim for Smt. K. R. Suresh, policy attached.", "NAME", "K. R. Suresh"),
        ("Kelechi O. left five stars for the clinic.", "NAME", "Kelechi O."),
        ("Thanks everyone for the kind words.\nA.B.", "NAME", "A.B."),
        ("We named her Hope because there wasn't much of it.", "NAME", "Hope"),
        ("Shout out to Mr Baker who aspirated my Baker's cyst.", "NAME", "Baker"),
        ("He died on Tuesday, March 5, 2024 at home.", "DATE", "Tuesday, March 5, 2024"),
        ("电话壹叁玖零零零零捌捌陆伍，找我", "PHONE", "壹叁玖零零零零捌捌陆伍"),
        ("身分證A223456789，健保卡也帶了", "ID", "A223456789"),
        ("user8827361093说这个药不能停", "NAME", "user8827361093"),
        (
            "Born at Sta. Clara Lying-in Clinic in Marikina.",
            "LOCATION",
            "Sta. Clara Lying-in Clinic",
        ),
        ("Baby arrived at Adabraka Maternity Home, 3.4kg.", "LOCATION", "Adabraka Maternity Home"),
    ],
    "forty-second": [
        ("Jaz 💕: omg is ur gran ok??\nRoxy: yeh she's fine now", "NAME", "Roxy"),
        ("Keisha: pain 9/10\nMarlon J: they give you morphine yet?", "NAME", "Marlon J"),
        ("Mama Tolu: pls who knows a paediatrician?\nAdaeze: try the clinic", "NAME", "Mama Tolu"),
        ("Joy: Have you taken her for the HPV jab?\nWairimu: yes, Gardasil", "NAME", "Joy"),
        ("Mon 142/88 HR 72\nTue 155/92 HR 80\nIs Tuesday bad?", "DATE", "Tue"),
        ("My grandmother (104!!) just got her flu shot.", "AGE", "104"),
        ("My dad (90+ we don't know exactly) is coughing blood.", "AGE", "90"),
        ("Gran passed Sunday night at the hospice.", "DATE", "Sunday night"),
        ("See you at the group on Thursday week x", "DATE", "Thursday week"),
        ("Radiotherapy from 10 June to 5 July, daily.", "DATE", "10 June to 5 July"),
        ("A (answered by NurseJoRN, 12 upvotes): yes", "NAME", "NurseJoRN"),
        ("Dr Chua's Family Clinic, Tampines St 21: 5 stars", "LOCATION", "Tampines St 21"),
        ("My address is 3318 W 12th Ave, Vancouver.", "LOCATION", "3318 W 12th Ave"),
        ("要做睡眠监测，排到12/15。", "DATE", "12/15"),
        ("春节后查出来心房颤动。", "DATE", "春节后"),
        ("说要去海淀区西山妇幼门诊改。", "LOCATION", "海淀区西山妇幼门诊"),
        ("医务社工Ms Ho叫我把表格交上去。", "NAME", "Ho"),
        ("The dialysis unit is in Chaguanas now.", "LOCATION", "Chaguanas"),
        ("mums care home (the willows, NE29 7HQ) has covid", "LOCATION", "the willows"),
    ],
    "forty-fourth": [
        ("Niamh 22:14: obs at 10\nFergal 22:40: grand, I'll do the 2am turn", "NAME", "Fergal"),
        ("GaryTheGaffer: bad news lads\nShaz_K: gutted for him", "NAME", "GaryTheGaffer"),
        ("Finished FOLFOX at the cancer centre in St. John's today.", "LOCATION", "St. John's"),
        (
            "Banned for spam links to fake sellers (ozempic-cheap-canada.biz).",
            "URL",
            "ozempic-cheap-canada.biz",
        ),
        ("Register here: bit.ly/IloiloPinkOct", "URL", "bit.ly/IloiloPinkOct"),
        ("My employer says my QID 28960811432 renewal needs a medical.", "ID", "28960811432"),
        ("Registered Abbu for surgery, token BWP-EC-4471.", "ID", "BWP-EC-4471"),
        (
            "Please send to Marlowe Drugs, 1187 Quarry Rd, Kingston ON. Thanks",
            "LOCATION",
            "Kingston ON",
        ),
        (
            "Riverside Medical Centre, Unit 4, Galway. They did",
            "LOCATION",
            "Riverside Medical Centre, Unit 4, Galway",
        ),
        ("胡丽萍：妈今天空腹血糖8.9\n胡二：胰岛素还打不？", "NAME", "胡二"),
        ("阿梅：透析完了\nzhangsan6688a：楼主别信偏方", "NAME", "zhangsan6688a"),
        ("化疗群接龙：本周打针\n1、梅子 第4次EC方案\n2、向日葵 白蛋白紫杉醇", "NAME", "向日葵"),
        ("#接龙 复查\n3. 德阳-文哥 他克莫司5.2", "NAME", "德阳-文哥"),
        ("上禮拜三在高雄左營的晴川耳鼻喉科診所看。", "LOCATION", "晴川耳鼻喉科診所"),
        ("根管治療在好日子牙醫診所做的", "LOCATION", "好日子牙醫診所"),
        ("May姐：有冇撞到個頭？\n阿明：冇", "NAME", "May姐"),
        ("后两天：护工黄阿姨（177 2031 6654）", "NAME", "黄阿姨"),
        ("各位家长，本周三（5.8）进行视力筛查。", "DATE", "本周三（5.8）"),
    ],
    "forty-fifth": [
        ("宝宝树孕育｜小鹿乱撞2019：孕28周，糖耐 5.3/10.9/8.7", "NAME", "小鹿乱撞2019"),
        ("小红书笔记｜是可乐不是咖啡\n记录一下我的甲亢碘131之旅", "NAME", "是可乐不是咖啡"),
        ("回答者：健康小百科2021｜采纳率87%", "NAME", "健康小百科2021"),
        (
            "Baba passed away at Anandadhara Palliative Home, Behala.",
            "LOCATION",
            "Anandadhara Palliative Home",
        ),
        ("姓名：罗桂芝　性别：女\n医师：樊", "NAME", "樊"),
        ("Your daughter (Adm. No. 4471, Form 3) was seen.", "ID", "4471"),
        ("Post #558213 by naijamum_ada was hidden.", "ID", "558213"),
        ("今天在杭州半山瑞和肿瘤医院做完第4次AC化疗", "LOCATION", "杭州半山瑞和肿瘤医院"),
        ("上周在南昌洪都中西医结合医院看的中医科", "LOCATION", "南昌洪都中西医结合医院"),
        ("请到龙华区白石龙社区工作站登记", "LOCATION", "龙华区白石龙社区工作站"),
        ("老刘头：今天透析室说下个月\n春花：是的", "NAME", "老刘头"),
        ("COLLINS, Dorothy May 'Dot'. Passed away peacefully", "NAME", "Dorothy May 'Dot'"),
    ],
    "forty-sixth": [
        ("想约5/16（四）下午复查", "DATE", "5/16（四）"),
        ("12.6（周三）抽血，3月8號（五）覆診", "DATE", "3月8號（五）"),
        ("三(2)班-浩浩妈妈：陈老师您好，浩浩昨晚烧到39.2℃", "NAME", "三(2)班-浩浩妈妈"),
        (
            "Rahima_Sylhet: apa dengue positive\n  ↳ tanvir.bd88: amar meye o chhilo same",
            "NAME",
            "tanvir.bd88",
        ),
        ("Happy to chat to anyone facing it – kernowkev", "NAME", "kernowkev"),
        (
            "Mum had her iron at Granville Infusion Centre today.",
            "LOCATION",
            "Granville Infusion Centre",
        ),
        ("Tolvaddon Medical Group rang about the results.", "LOCATION", "Tolvaddon Medical Group"),
        # a number over a number that no blood pressure can be stays an ID
        ("My file ref 345/789 for the claim.", "ID", "345/789"),
    ],
    "forty-seventh": [
        ("奶茶不加糖 回复 小鹿妈：我当时也是这样", "NAME", "奶茶不加糖"),
        ("Mrs Evans (key safe 3318) needs a meds prompt", "ID", "3318"),
        ("身份证后四位2207，请核对", "ID", "2207"),
        ("约的是7.15号上午复查", "DATE", "7.15号"),
        ("Seen by the nurse today, 14/3, with a rash.", "DATE", "14/3"),
        ("复诊改到12 June下午", "DATE", "12 June"),
        ("接龙：老刘血压150、小敏血糖7.2", "NAME", "老刘"),
        ("Callout to SD 1452 0731 near the summit", "LOCATION", "SD 1452 0731"),
        (
            "Her pharmacy is on Kingsley Rd, Maidstone, they were lovely",
            "LOCATION",
            "Kingsley Rd, Maidstone",
        ),
        (
            "We were at Riverside Community Hospital, Tarlac.",
            "LOCATION",
            "Riverside Community Hospital, Tarlac",
        ),
        ("我的群友老马哥", "NAME", "老马哥"),
        ("養生達人王姐：上火喝涼茶", "NAME", "養生達人王姐"),
        ("今天跟司马文静副主任查房", "NAME", "司马文静"),
        ("身份證號碼7736021(5)，請核對", "PHONE", "7736021(5)"),
        ("Dinner for Jacques Thibodeaux on Friday. Jacques is in chemo now.", "NAME", "Jacques"),
        ("你们长青园养老院的护工", "LOCATION", "长青园养老院"),
        ("谢谢卢护士和阿强护工", "NAME", "阿强"),
        ("陪黄伯去复诊", "NAME", "黄"),
        ("王护工，帮忙翻个身", "NAME", "王"),
    ],
    "forty-eighth": [
        ("3/14 夜班交班（护工小李）", "DATE", "3/14"),
        ("国庆节白班交接\n王奶奶：血压正常", "DATE", "国庆节"),
        ("自4/12起全班停课7天", "DATE", "4/12"),
        ("李奶奶（95）：午饭吃了半碗", "AGE", "95"),
        ("Site: Castleford\nReason: back pain", "LOCATION", "Castleford"),
        ("Served RAF Jan 1990–Jun 2004, now deaf in one ear.", "DATE", "Jan 1990–Jun 2004"),
        ("His Kasai operation failed in March 2023.", "DATE", "March 2023"),
        ("Mum lives in Port aux Basques now.", "LOCATION", "Port aux Basques"),
        (
            "Deliver to 42/3, Duplication Road, Colpetty today.",
            "LOCATION",
            "42/3, Duplication Road, Colpetty",
        ),
        ("→马姐：今天量了血压", "NAME", "马姐"),
        ("'韩神医'的药别吃", "NAME", "韩"),
        ("主讲医生注册号MCNZ 34871", "ID", "MCNZ 34871"),
    ],
    "forty-ninth": [
        ("Please ring Ms T Nguyen about the results.", "NAME", "T Nguyen"),
        ("LETTER FOR MR A HOSSAIN, WARD 4", "NAME", "A HOSSAIN"),
        ("Rendez-vous le 3 avril à 14h.", "DATE", "3 avril"),
        ("陪诊日志 6.18\n客户：钱阿姨", "DATE", "6.18"),
        ("9/2 邹建国 要：拜新同\n9/3 黄女士 要：可威", "DATE", "9/3"),
        ("HN號碼HN08712345(3)，醫生話", "ID", "HN08712345(3)"),
        ("Need blood at Dwarkapur 110077 urgently", "LOCATION", "Dwarkapur 110077"),
        ("[12/03, 21:14] Rania: did the lab send results?", "DATE", "12/03"),
        ("本周六（10月12日）重阳节活动", "DATE", "本周六（10月12日）重阳节"),
        # a phone cued by 电话 stops at the end of its line (the next line's date is its own)
        ("电话137 6702 1185\n9/3 黄女士 要：可威\n9/4 李 要：药", "DATE", "9/3"),
    ],
    "fiftieth": [
        ("She was found wandering on Bóthar na Mara at 2am.", "LOCATION", "Bóthar na Mara"),
        ("We rented a flat on Calle Mayor for the summer.", "LOCATION", "Calle Mayor"),
        ("Grace：请问伦敦哪里可以打HPV疫苗？", "NAME", "Grace"),
        ("Jason仔：我阿爸血压好高", "NAME", "Jason仔"),
        ("Happy birthday to our Tavita Faleolo, 96 this week!", "AGE", "96"),
        ("EMPLOYEE FORM\nEmployee: Magnus Flett\nRole: deckhand", "NAME", "Magnus Flett"),
        ("Employee: M. Flett\nFirst day absent: 14/03\nReason: back", "DATE", "14/03"),
        ("Dad was admitted 04.11 with pneumonia.", "DATE", "04.11"),
        ("She will come down from Ilam on Jestha 5.", "DATE", "Jestha 5"),
        ("Send to M-Pesa, account NJERI-KIDNEY please", "ID", "NJERI-KIDNEY"),
        ("我的GP在B15 2TT附近，约不上", "LOCATION", "B15 2TT"),
        ("【晨检日报 9/12】二班孩子体温正常", "DATE", "9/12"),
        ("版主你好，爱吃橘子的猫这个号是我的，被盗了", "NAME", "爱吃橘子的猫"),
        ("阿芬姨，你帮我劝劝我妈", "NAME", "阿芬"),
        ("The lovely lady Morwenna in bed 4 sends her thanks.", "NAME", "Morwenna"),
        ("• Ambrose Quigley – oxygen 2L, needs the ramp", "NAME", "Ambrose Quigley"),
        ("📅 3/2 胃镜\n📅 3/9 取病理", "DATE", "3/9"),
        ("检查号MR20250302-0117，请尽快出报告", "ID", "MR20250302-0117"),
        ("Medicare: 3310 48265 1 / 2", "ID", "3310 48265 1 / 2"),
        ("Short link: v23.tv/Ab12Cd to the fundraiser", "URL", "v23.tv/Ab12Cd"),
    ],
    "fifty-first": [
        ("答（护理部小林0921）：先冰敷再抬高", "NAME", "护理部小林0921"),
        ("答（好大夫·骨科 程立新）：建议复查", "NAME", "程立新"),
        ("业主群\n5-2101 王姐：谁有体温计\n3-803 阿明：我有", "LOCATION", "5-2101"),
        ("孩子在みどりこどもクリニック看过", "LOCATION", "みどりこどもクリニック"),
        ("黃生：我老婆今日入咗院", "NAME", "黃"),
        ("请凭取货码518804到店领取", "ID", "518804"),
        ("sig: Ragnhild (leader)\nnext line", "NAME", "Ragnhild"),
        ("Driver: Torfinn\nStops: 4", "NAME", "Torfinn"),
        ("For the rota contact Sr. Nakato on the ward.", "NAME", "Nakato"),
        ("Diolch! Mae'r feddygfa yn Aberteifi yn cau am 6.", "LOCATION", "Aberteifi"),
        ("Eye camp at Shri Hanuman Mandir after aarti.", "LOCATION", "Shri Hanuman Mandir"),
        ("Can't come? Cash App $MaeBellHipFund", "ID", "$MaeBellHipFund"),
        ("His card says 2019 but he was born 07-14.", "DOB", "07-14"),
        ("Minha filha Beatriz tem asma.", "NAME", "Beatriz"),
        ("Oi! Moro em New Bedford há dois anos.", "LOCATION", "New Bedford"),
        ("Venmo @Quitugua-Fam-671 please", "NAME", "Quitugua-Fam-671"),
        ("在留卡号KQ44018273ZA结果说不对", "ID", "KQ44018273ZA"),
        ("住花蓮壽豐鄉，最近吞嚥困難", "LOCATION", "壽豐鄉"),
    ],
    "fifty-second": [
        ("#general\nfern.and.fox — Today at 9:02 AM\nanyone tried LDN?", "NAME", "fern.and.fox"),
        ("sleepy.otter: update, the rheum called back today", "NAME", "sleepy.otter"),
        ("Dear Bw. Mwakyusa,\nWe are out of ORS.", "NAME", "Mwakyusa"),
        (
            "Please call Laramie Valley Family Health on Monday.",
            "LOCATION",
            "Laramie Valley Family Health",
        ),
        ("PRITCHARD, Gwilym – died peacefully at home, aged 88.", "NAME", "PRITCHARD, Gwilym"),
        (
            "ok so the gp in mount gambier was useless and i waited ages for a referral, "
            "anyone know a better one",
            "LOCATION",
            "mount gambier",
        ),
        ("Booking via WA 0813-5521-7740 only.", "PHONE", "0813-5521-7740"),
        ("Your appointment is on 22-Mar at 09:30.", "DATE", "22-Mar"),
        ("周末在铁拳拳击馆练到抽筋", "LOCATION", "铁拳拳击馆"),
        ("告别式订于國曆7月2日上午十点举行", "DATE", "國曆7月2日"),
        ("接车地点：北京市朝阳区12号楼", "LOCATION", "北京市朝阳区12号楼"),
        ("收款单位：吉安市吉州区和平医院", "LOCATION", "吉安市吉州区和平医院"),
        ("Service at Cnoc an t-Sìthein Free Church on Monday", "LOCATION", "Free Church"),
    ],
    "fifty-third": [
        ("Crossing log, 21/07 06:40 sailing", "DATE", "21/07"),
        ("The flu jab was on 14.03 and she was fine.", "DATE", "14.03"),
        ("Pax M, 94, chest pain on the car deck.", "AGE", "94"),
        (
            "Outbreak in Block B, Harbour View Residences this week",
            "LOCATION",
            "Block B, Harbour View Residences",
        ),
        ("Transferred by road to Port-au-Prince overnight.", "LOCATION", "Port-au-Prince"),
        ("Call (+226) 70 44 12 08 for the clinic.", "PHONE", "(+226) 70 44 12 08"),
        ("温馨提示：王梓萱小朋友家长您好", "NAME", "王梓萱"),
        ("同IP小号快乐宝妈666一并封禁", "NAME", "快乐宝妈666"),
        ("耳蜗序列号AB-301 4401122、AB-301 4401123", "ID", "AB-301 4401123"),
        ("Signed Dr Ferris, MCRN 30488", "ID", "30488"),
        ("Max：孩子发烧三天了，要不要去医院", "NAME", "Max"),
        ("已经下撤到理塘县城，在吸氧", "LOCATION", "理塘县城"),
    ],
    "fifty-fourth": [
        ("Adresse : Villa 18, Cité Mixta, Thiès", "LOCATION", "Villa 18, Cité Mixta, Thiès"),
        ("Rm 6 – Mr Halcrow, 94: slept well, ate half his lunch.", "AGE", "94"),
        ("My granny Miss Pearline (96!!) had her cataract done.", "AGE", "96"),
        ("Concussion log\n14/09 Eoghan Walsh (U14) – clash of heads", "DATE", "14/09"),
        ("He had a seizure 9/12 and nobody came.", "DATE", "9/12"),
        ("Online booking request #55102 received", "ID", "55102"),
        (
            "Visited Mma Dineo at Plot 2207, Tsholofelo Ward today.",
            "LOCATION",
            "Plot 2207, Tsholofelo Ward",
        ),
        ("Kelvin仔你阿爸打咗針未？", "NAME", "Kelvin仔"),
        ("包工头张老板电话一直关机", "NAME", "张"),
        ("值班高医生推了胺碘酮", "NAME", "高"),
        ("捐血中心簡訊：您5/9捐的全血已送達醫院", "DATE", "5/9"),
        ("Any clinic in the Bergen/Passaic area?", "LOCATION", "Passaic"),
        ("同事K哥在工位上晕倒了", "NAME", "K"),
    ],
    "fifty-fifth": [
        ("INCIDENT LOG – Tower 4, Ala Moana, 8/23\nadult female", "DATE", "8/23"),
        ("Send cards to PO Box 12, Lame Deer MT 59043.", "LOCATION", "Lame Deer MT 59043"),
        ("打卡第5天 12.21 促排第3天，果纳芬225IU", "DATE", "12.21"),
        ("【仁心堂国药号代煎群】", "LOCATION", "仁心堂国药号"),
        ("接龙：\n1. 小芸 感冒灵×2\n2. 7-0903 蒙脱石散×3", "LOCATION", "7-0903"),
        ("手术挺成功，主任姓窦，人很好", "NAME", "窦"),
        ("护士陈晓晓工作非常细致", "NAME", "陈晓晓"),
        ("我在Hurstville的药房买的", "LOCATION", "Hurstville"),
        ("Employee: Ann Roe   Emp #: 55012", "ID", "55012"),
        ("Amy L：那间GP会讲粤语", "NAME", "Amy L"),
        ("Date: 3/10\nFell from the slide", "DATE", "3/10"),
        ("牛婶子，你上回说的偏方不管用", "NAME", "牛"),
    ],
    "fifty-sixth": [
        ("Client: Ahmad Saleh al-Amiri, 41M.", "NAME", "al-Amiri"),
        ("  ↳ Dafydd Wm. Price: well done!", "NAME", "Dafydd Wm. Price"),
        (
            "An inquest heard that Mary Doyle, 91, of Ballyvaughan, Co Clare, died at home.",
            "LOCATION",
            "Ballyvaughan, Co Clare",
        ),
        ("Does anyone know if St. Luke's has a walk-in?", "LOCATION", "St. Luke's"),
        ("Mamaw's 94 and still gardening", "AGE", "94"),
        ("梅子：钱老的膏方吃完了", "NAME", "钱"),
        ("患者：于某某，男，67岁", "NAME", "于"),
        ("报修人：韩工，分机8201", "NAME", "韩"),
        ("Joyce你好，我是新来的", "NAME", "Joyce"),
        ("病人姓名：Tan Mei Ling　年龄：66", "NAME", "Tan Mei Ling"),
        ("我家孩子林子墨在学校被孤立", "NAME", "林子墨"),
        ("喂，是长清区文昌街道卫生院吗？", "LOCATION", "长清区文昌街道卫生院"),
        ("我住在Ang Mo Kio Avenue 3附近", "LOCATION", "Ang Mo Kio Avenue 3"),
    ],
    "fifty-seventh": [
        ("Paid: Visa ending 5512", "ID", "5512"),
        ("Engineer visit booked. Logged by rwilliams.", "NAME", "rwilliams"),
        ("Donor 5823 | Fijian | tall", "ID", "5823"),
        ("Hand caught in the press 14.03 at approx 07:15.", "DATE", "14.03"),
        ("Team log 21.06: climber fell on the ridge", "DATE", "21.06"),
        ("听说院长的행복소아과会讲中文", "LOCATION", "행복소아과"),
        ("我住青松巷那边，离医院近", "LOCATION", "青松巷"),
        ("14/03: L heel ulcer 2.1 x 1.5cm", "DATE", "14/03"),
        ("Client: Sidi Ahmed ould Brahim, 52M", "NAME", "Sidi Ahmed ould Brahim"),
        ("my midder (94) is on warfarin", "AGE", "94"),
        ("方子是陈老中医开的", "NAME", "陈"),
        ("机构的Z院长电话一直不接", "NAME", "Z"),
        ("你三个小号IP都是36.112.95.201，别装了", "IP", "36.112.95.201"),
        ("病友报名：邝家长，孩子3岁", "NAME", "邝"),
        ("#chat\ncrps_kat 🦋: you will be fine", "NAME", "crps_kat 🦋"),
    ],
    "fifty-eighth": [
        ("08:31 Bib 5068, hx asthma, Ventolin 4 puffs", "ID", "5068"),
        ("经治医生：钱　日期：2024.3.28", "NAME", "钱"),
        ("Dispensing note 4/17 – pt seen at 09:40", "DATE", "4/17"),
        ("Aid station 4 – 6/15 – runner seen", "DATE", "6/15"),
        ("11/04 | Mrs Jones | battery door broken", "DATE", "11/04"),
        ("服务地点：长宁区荷塘北路77弄5号602室", "LOCATION", "长宁区荷塘北路77弄5号602室"),
    ],
    "fifty-ninth": [
        ("Dx: Dupuytren's, post fasciectomy 02/05.", "DATE", "02/05"),
        ("as per GP letter of 03/06. Alendronic acid weekly", "DATE", "03/06"),
        ("last whole blood donation 03/04, next eligible", "DATE", "03/04"),
        ("家属关女士表示满意", "NAME", "关"),
        ("石二婶那天摔了一跤，髋部骨折", "NAME", "石"),
        ("出院小结：卓氏之子，生后12小时内已注射", "NAME", "卓"),
        ("8床 罗奶奶 枫林苑3-502 更换导尿管", "LOCATION", "枫林苑3-502"),
        ("健康中心 (02)2678-3391 分機105", "PHONE", "(02)2678-3391 分機105"),
        (
            "Red Hook Family Practice, St. Thomas, VI 00802",
            "LOCATION",
            "Red Hook Family Practice, St. Thomas, VI 00802",
        ),
        (
            "address on it is Cairns Hill, Sligo F91 X2T7. It has",
            "LOCATION",
            "Cairns Hill, Sligo F91 X2T7",
        ),
        ("Clinica in Hato Rey, PR 00918", "LOCATION", "Hato Rey, PR 00918"),
        ("flights to Porto-Novo next week", "LOCATION", "Porto-Novo"),
        ("马德里华人：住Usera区的华人注意", "LOCATION", "Usera区"),
        ("谢谢120的小刘师傅们", "NAME", "小刘"),
        ("我女儿小悦悦今年6岁", "NAME", "小悦悦"),
    ],
    "sixtieth": [
        (
            "Address: 14 Tullyrossmearan Lane, Enniskillen BT74 9QX\nProcedure: L hallux PNA",
            "LOCATION",
            "14 Tullyrossmearan Lane, Enniskillen BT74 9QX",
        ),
        ("Pt on warfarin – INR 2.4 checked 02/10.", "DATE", "02/10"),
        (
            "Mrs Eirlys Rowlands, Bryn Awel, Llan-non SY23 5HB. Faulty",
            "LOCATION",
            "Bryn Awel, Llan-non SY23 5HB",
        ),
        ("velvetstatic: my Quell app keeps failing\nmoss: factory reset", "NAME", "moss"),
        ("Dear Wade and the whole Bauer family,", "NAME", "Wade"),
        ("致骆家各位：", "NAME", "骆"),
        ("请于6月14日前凭取单码8831到皮肤性病科取报告", "ID", "8831"),
        ("【白云区皮防所】L先生，您3月2日的复查结果已出", "NAME", "L"),
        ("Sr. Ho，你嘅consulta改咗", "NAME", "Ho"),
        ("居家换药记录｜林阿婆 91岁\n6/4：渗液少，藻酸盐敷料", "NAME", "林"),
        ("居家换药记录｜林阿婆 91岁\n6/4：渗液少，藻酸盐敷料", "DATE", "6/4"),
        ("急救交接：2/17 03:10，男，22岁", "DATE", "2/17"),
    ],
    "sixty-first": [
        ("出院小结：住院日期2023.11.04-2023.11.19，诊断：肺炎", "DATE", "2023.11.04"),
        ("出院小结：住院日期2023.11.04-2023.11.19，诊断：肺炎", "DATE", "2023.11.19"),
        ("下乡义诊安排\n8/14—8/16　墨脱县　内科", "DATE", "8/16"),
        ("复诊安排 9/28 - 10/3 都可以", "DATE", "9/28"),
        ("VISIT REQUEST\nDate: 4/22\nComplaint: rash on both arms", "DATE", "4/22"),
        ("Your review with Dr Amin is booked for 11/9 at 2.30pm.", "DATE", "11/9"),
        ("Physio group, week beginning 3/2: five came", "DATE", "3/2"),
        ("Falls clinic Thurs 12/6: Mr Abbott fine", "DATE", "Thurs 12/6"),
        ("Rappel : vaccin le jeudi 5 mars à 9h", "DATE", "jeudi 5 mars"),
        ("8.23　今天咳得少了，雾化照常做", "DATE", "8.23"),
        ("护理日记　4/30　阴\n今天血压138/86", "DATE", "4/30"),
        ("用药记录\n3.11　美沙拉秦4g\n3.12　腹泻两次", "DATE", "3.12"),
        ("接诊登记\n来访者：孙一凡　电话见档案", "NAME", "孙一凡"),
        ("值班护士签字：韩", "NAME", "韩"),
        ("紧急联系人：Owen　手机见背面", "NAME", "Owen"),
        ("多亏了社区翻译志愿者Megan陪我去验血", "NAME", "Megan"),
        ("吃饱了再睡　IP属地：四川\n宝宝湿疹反反复复", "NAME", "吃饱了再睡"),
        ("Amaru, 23, came in after a fall from the truck.", "NAME", "Amaru"),
        ("3. Chas Mowat (88) — INR today", "NAME", "Chas"),
        (
            "l0stinthefog: my inhaler ran out\nxXmidnightOwlXx: go to urgent care",
            "NAME",
            "xXmidnightOwlXx",
        ),
        ("Home visit list\n2. Mrs Tait, 7 Kirk Brae, Lerwick ZE1 0AB", "LOCATION", "7 Kirk Brae"),
    ],
    "sixty-second": [
        ("DIALYSIS TRANSPORT – week of 4/10\nMr Lyle, pick-up 06:30", "DATE", "4/10"),
        ("6.17周三　晨检记录\n两人发热", "DATE", "6.17周三"),
        ("Stitches out, back Thurs to check the wound.", "DATE", "Thurs"),
        (
            "a new sign-in to your account quietharbourfox from a new device",
            "NAME",
            "quietharbourfox",
        ),
        ("上午去看杨婆婆，脚肿得厉害", "NAME", "杨"),
        ("【社区卫生服务站】吴阿公您好：流感疫苗到了", "NAME", "吴"),
        ("患者：CHAN, MEI LING\nRx# 3301", "NAME", "CHAN, MEI LING"),
        (
            "[#long-covid] driftwood_k: still breathless\n[#long-covid] saltmarsh: same",
            "NAME",
            "saltmarsh",
        ),
        ("3/12: 6yo F, sore throat x3d", "DATE", "3/12"),
        ("养老院交接班 5/21 夜班→早班", "DATE", "5/21"),
        ("服药记录\n9/2 阿布 美沙酮 45ml", "DATE", "9/2"),
    ],
    "sixty-third": [
        ("Dosing log\n7/09 80 ml supervised\n8/09 80 ml supervised", "DATE", "7/09"),
        ("Rehab notes\n4/3: knee flexion 90°\n11/3: flexion 110°", "DATE", "4/3"),
        ("服药登记\n5/6 50ml 已服\n5/7 50ml 已服", "DATE", "5/6"),
        ("Meu avô tem 96 anos e caiu ontem", "AGE", "96"),
        ("Consultation le vendredi 12 à Libreville", "DATE", "vendredi 12"),
        ("Operado el martes pasado en Tegucigalpa", "DATE", "martes"),
        ("Vacuna antitetánica: 3-ago, lote 4471", "DATE", "3-ago"),
        ("钱校长您好：孩子明天请假", "NAME", "钱"),
        ("入户随访胡某英，服药依从性好", "NAME", "胡某英"),
    ],
    "sixty-fourth": [
        ("Dia dhuit, the nurse is coming Déardaoin to do the dressings", "DATE", "Déardaoin"),
        ("The Parkinson's nurse will phone on Diciadain.", "DATE", "Diciadain"),
        ("Minning: died on 14. febrúar, aged 88", "DATE", "14. febrúar"),
        ("Jornada médica, 15 de marzo: uterine prolapse", "DATE", "15 de marzo"),
        ("Laporan, 26 Des: 4 children with measles", "DATE", "26 Des"),
        ("Carnet de vaccination, né le 17 août 2019", "DATE", "17 août 2019"),
        ("Your prenatal visit is on jueves 8. Bring your carnet", "DATE", "jueves 8"),
        ("Consultation le jeudi 4 avril à Cayenne", "DATE", "jeudi 4 avril"),
        ("Opérée mardi dernier à Kourou", "DATE", "mardi"),
        ("the nurse says bring her in friday for a pressure check", "DATE", "friday"),
        ("DOT card\n03/05 ✓ 04/05 ✗ gone to town", "DATE", "04/05"),
        ("慟於民國一一三年三月五日壽終正寢", "DATE", "民國一一三年三月五日"),
        ("夜11点 玉波 女 34岁 割胶时被咬", "NAME", "玉波"),
        ("祁桑吉卓玛，女，土族，96岁，体检", "NAME", "祁桑吉卓玛"),
        ("B超阳性7例：患者王芳、拉毛措需手术", "NAME", "拉毛措"),
        (
            "随访名单\n王芳 — 已完成MDT 12个月\n张伟 — 足底溃疡复查，换药\n排早扎 — 失访",
            "NAME",
            "排早扎",
        ),
        ("7床胡爹爹今天尿袋里面有血丝", "NAME", "胡"),
        ("今天王奶奶来换药", "NAME", "王"),
        ("4 children seen at Puskesmas Lampuuk today", "LOCATION", "Lampuuk"),
        ("Carnet: Dispensaire de Camopi, ROR dose 2", "LOCATION", "Camopi"),
    ],
    "sixty-fifth": [
        ("Patient: Wanakam, 67 ans, diabète type 2", "NAME", "Wanakam"),
        ("Amadou Tembély, né le 01/01/1978, à Mopti", "NAME", "Amadou Tembély"),
        ("LMP 04/01   EDD 11/10", "DATE", "11/10"),
        ("Wound dressed. Next visit 10/3.", "DATE", "10/3"),
        ("Amlodipine 5 mg, revoir le 15 avec les résultats.", "DATE", "le 15"),
        ("Prochain RDV le 3 avril à la maison", "DATE", "le 3 avril"),
        ("下次随访：6/20", "DATE", "6/20"),
        ("账号 nurse_lixm 于 09-12 02:13 登录", "DATE", "09-12"),
        ("用户 糖宝妈妈，12/03 凌晨报警低血糖", "DATE", "12/03"),
        ("FAP — visit log\n17.10 goitre grade 2, TSH 6.8", "DATE", "17.10"),
        ("部落健康站紀錄\n10/23 痛風又發作", "DATE", "10/23"),
        ("去村里看病，老太太 96 了，咳喘", "AGE", "96"),
        ("為潘牧師的母親祝壽", "NAME", "潘"),
        ("水曜日に来てください", "DATE", "水曜日"),
    ],
    "sixty-sixth": [
        ("Ikarian here – my pappous Stamatis is 101", "NAME", "Stamatis"),
        ("Nha pai Djodje sta na hospital na São Filipe", "NAME", "Djodje"),
        ("Ommi Ċettina għandha appointment l-isptar", "NAME", "Ċettina"),
        ("mi abuela Doña Carmen (95) is back in", "NAME", "Carmen"),
        ("Sokha: bong, my mom got dengue, platelet 45,000", "NAME", "Sokha"),
        ("Nächster Termin: Mo, 03.06., 10:15 Uhr", "DATE", "Mo, 03.06."),
        ("第二针约在 21.10. 9:00", "DATE", "21.10."),
        ("今年6월 15일复查胃镜", "DATE", "6월 15일"),
        ("后面还有3号、7号、14号、28号。", "DATE", "3号、7号、14号、28号"),
        ("Dr. Huber, Lindwurmhof 9, 80337 München", "LOCATION", "Lindwurmhof 9, 80337 München"),
        (
            "地址 Kalliolanrinne 5 B, 00510 Helsinki。",
            "LOCATION",
            "Kalliolanrinne 5 B, 00510 Helsinki",
        ),
        ("目的地：达累斯萨拉姆", "LOCATION", "达累斯萨拉姆"),
    ],
    "sixty-seventh": [
        ("ZN-0931 | F | 24 | ANC\nZN-0932 | M | 3 | diarrhoea", "ID", "ZN-0932"),
        ("LM/112 Ram Bahadur, MB\nLM/117 Sita K., PB", "ID", "LM/117"),
        ("LM/112 Ram Bahadur, MB\nLM/117 Sita K., PB", "NAME", "Sita K."),
        ("Client: Maisie Ross   HRN A-220913", "ID", "A-220913"),
        ("03/02: bag change x2, Coloplast SenSura Mio 40mm", "DATE", "03/02"),
        ("Amoxicillin 500mg tds issued 9/11", "DATE", "9/11"),
        ("Lancha sale 06:00 del 12/09.", "DATE", "12/09"),
        ("Scr# S-0142  L.O. 71F — eGFR 38", "NAME", "L.O."),
        ("Scr# S-0143  P.McK 66M — consented", "NAME", "P.McK"),
        ("受试者 S-014-0087   缩写 L.J.H   签署 ICF", "NAME", "L.J.H"),
        ("User: wenehoua.h\nCan't log in to see my son's results", "NAME", "wenehoua.h"),
        ("benznidazole 60 days starting lunes.", "DATE", "lunes"),
        ("訪視日：11/14", "DATE", "11/14"),
        ("建议休息两周（10.8—10.21）。", "DATE", "10.8—10.21"),
        ("10.3 上门，血压 152/88\n10.5 未遇，邻居说去女儿家了", "DATE", "10.5"),
        ("咨询师：施", "NAME", "施"),
        ("司机 才仁 138 9766 0421；放射技师李工", "NAME", "才仁"),
        ("莫桂芝  91岁  高血压\n关金山  88岁  慢阻肺", "NAME", "关金山"),
        ("案主 Mr. 伍，81岁独居", "NAME", "伍"),
        ("入境人员：BATBAYAR Ganzorig（蒙古国籍）", "NAME", "BATBAYAR Ganzorig"),
        ("姓名：ZHANG/WEIMIN  护照号 E1234567", "NAME", "ZHANG/WEIMIN"),
    ],
    "sixty-eighth and sixty-ninth": [
        ("Update — Kabarole district hospital has no more RUTF.", "LOCATION", "Kabarole"),
        ("Outreach: Tessalit CSPS saw 40 children", "LOCATION", "Tessalit"),
        ("my nan's 94 and still driving to bingo", "AGE", "94"),
        ("My grandad (Eamon) is 97 next week", "AGE", "97"),
        ("Falls log – Mrs P. Quayle, 93\nfound on floor", "AGE", "93"),
        ("EDD 04/11, booked MLU", "DATE", "04/11"),
        ("Day 0 02/05  Day 3 05/05", "DATE", "05/05"),
        ("Hep B ✔ 03.04   MMR due", "DATE", "03.04"),
        ("签名：覃美玲 5.18", "DATE", "5.18"),
        ("HDU, Tuesday: 6 admits, 1 death", "DATE", "Tuesday"),
        ("【群】\n芒果布丁 20:11\n今天血糖8.1\n海边的风 20:14\n还行", "NAME", "海边的风"),
        ("联系人：钟慧 分機 2207", "PHONE", "2207"),
        ("收据 No. 55821", "ID", "55821"),
        ("박지훈：我在首尔这边的医院", "NAME", "박지훈"),
        ("刘さん，明天的预约改到下午", "NAME", "刘"),
        ("Casualty 6 nm SE of Lochboisdale, hypothermic", "LOCATION", "Lochboisdale"),
        ("12/05 Tapiwa Moyo referred with PPH", "NAME", "Tapiwa Moyo"),
        ("冲管记录：3/21 肝素盐水 5ml", "DATE", "3/21"),
        ("ken.li:\n我外婆96了\nxiaoyu:\n哇", "NAME", "xiaoyu"),
        ("问：血糖仪准吗？\n9栋0803：还行\nk***2：试纸贵", "NAME", "k***2"),
        ("问：娃烧到39度咋办\n胖娃他爸：先物理降温", "NAME", "胖娃他爸"),
    ],
    "seventieth": [
        ("Patient: LIU, Xiaofang\nDOB 1951", "NAME", "LIU, Xiaofang"),
        ("申请人：ZHAO, Wenjie　预约号 8812", "NAME", "ZHAO, Wenjie"),
        ("Passenger: OKORO/CHINEDU MR", "NAME", "OKORO/CHINEDU"),
        ("Witness: P. Ndlovu   Date: 07/09", "DATE", "07/09"),
        ("Próximo turno 9/6 a las 10", "DATE", "9/6"),
        ("02.09 fell on scree, graze L knee\n03.09 headache at altitude", "DATE", "03.09"),
        ("Dose taken 07:15 Thu, no nausea", "DATE", "Thu"),
        ("นัดตรวจ 3 ม.ค. 2568 เวลา 09:00", "DATE", "3 ม.ค. 2568"),
        ('"GET /app/user/30417/labs HTTP/2"', "ID", "30417"),
        ("Nous habitons quartier Kimbanseke depuis mai", "LOCATION", "Kimbanseke"),
        ("Home address: Hlavná 12\nPhone", "LOCATION", "Hlavná 12"),
        ("ambulatorio in Via Garibaldi 8, secondo piano", "LOCATION", "Via Garibaldi 8"),
        ("tid til Lægehuset Viby kl. 9", "LOCATION", "Viby"),
        ("cabin 5127, seasick since Tuesday", "ID", "5127"),
    ],
    "seventy-first": [
        ("Pt: Edna Marsh, 96F, confused, NEWS2 5", "AGE", "96"),
        ("headache diary\ntue 5/10 nausea\nthu no headache", "DATE", "thu"),
        ("Last dose: 14/03\nNext due: 11/04", "DATE", "14/03"),
        ("Next clinic 03/12 with bloods", "DATE", "03/12"),
        ("pharmacy on 104th St near the park", "LOCATION", "104th St"),
        ("onset Tuesday: right arm weakness", "DATE", "Tuesday"),
        ("Claim: MRI knee, DOS 04/22", "DATE", "04/22"),
    ],
    "seventy-second": [
        ("lost my inhaler, text Ivy 07812 334 901 if found", "NAME", "Ivy"),
        ("[08:15] Wren: bus is late\n[08:16] Will: ok see u at the clinic", "NAME", "Will"),
        ("Fighter: Callum Reid ('Tank'), cleared after CT", "NAME", "Tank"),
        ("2 x ibuprofen 400mg at 14:00. Signed Moss.", "NAME", "Moss"),
        ("Dad 97; still drives to the surgery", "AGE", "97"),
        ("Staff ID: Lorna Kerr  Badge #30917", "ID", "30917"),
        ("Admitted 4/3 — Discharged 9/3 on apixaban", "DATE", "9/3"),
        ("lorry shed its load on the A835 near Garve", "LOCATION", "A835"),
        ("05-21 0415 队员诉头痛", "DATE", "05-21"),
        ("同伴小季扭伤了脚踝", "NAME", "小季"),
        ("当地导游Tenzin送我们下山", "NAME", "Tenzin"),
        ("Hello Faith，你妈妈的报告出来了", "NAME", "Faith"),
        ("今早见到周伯在菜市场晕倒", "NAME", "周"),
        ("带队老师：Miss 吳", "NAME", "吳"),
        ("他从胡家坪走了两个钟头到卫生院", "LOCATION", "胡家坪"),
    ],
    "seventy-third": [
        ("用户lanzhou_doc在61.178.20.9登录失败", "IP", "61.178.20.9"),
        ("kev m: bp was 150 this morn\nsharon: tell the nurse", "NAME", "kev m"),
        ("周一 小李：量血压\n周四 王姐：送药", "DATE", "周四"),
        ("本次随访：10/12  随访人：张医生", "DATE", "10/12"),
        ("潜水日志\n3/22 下水后耳痛", "DATE", "3/22"),
        ("【县妇幼】阿依您好，您的报告已出", "NAME", "阿依"),
        ("今天来换药的是晴晴护士", "NAME", "晴晴"),
        ("受试者R102今天访视", "ID", "R102"),
    ],
    "seventy-fourth": [
        ("Cot card: BABY BOY ADEYEMI  DOB 03/09", "NAME", "ADEYEMI"),
        ("Cot card: BABY BOY ADEYEMI  DOB 03/09", "DOB", "03/09"),
        ("outreach in kebele 14, then home", "LOCATION", "kebele 14"),
        ("nhà ở phường An Cựu, Huế", "LOCATION", "phường An Cựu"),
        ("CURP: GOTA850312MDFNRL04", "ID", "GOTA850312MDFNRL04"),
    ],
    "seventy-fifth": [
        ("HMP Ravensmoor healthcare wing", "LOCATION", "HMP Ravensmoor"),
        (
            "Brothers in Sharjah Industrial Area 12, anyone",
            "LOCATION",
            "Sharjah Industrial Area 12",
        ),
        ("knocked off at Bridge Rd and Church St, Richmond", "LOCATION", "Bridge Rd and Church St"),
        ("a GP near Unit 4/27 Canterbury Rd, Lakemba?", "LOCATION", "Unit 4/27 Canterbury Rd"),
        ("send it to P.O. Box 48213-00100 please", "LOCATION", "P.O. Box 48213-00100"),
        ("文件請寄至中央郵政信箱8823號，信封註明", "LOCATION", "中央郵政信箱8823號"),
        ("凭祥口岸入境检疫，体温37.9℃", "LOCATION", "凭祥"),
        ("K.C.，你上次講嘅嗰間聽力中心", "NAME", "K.C."),
        ("Add me on LINE nurse.rina88, I'm at the clinic", "ID", "nurse.rina88"),
        ("wounded on 22 лютого, amputation below the knee", "DATE", "22 лютого"),
        ("tendon repair on Wigilia, now need follow up", "DATE", "Wigilia"),
        (
            "her number is eight-seven-six, five-five-two, three-one-nine-four.",
            "PHONE",
            "eight-seven-six, five-five-two, three-one-nine-four",
        ),
        ("Nimal aiya says there is a free clinic", "NAME", "Nimal"),
        ("Call Shaji 050 772 3104.", "NAME", "Shaji"),
        ("钢筋工莫某被钢筋刺入左大腿", "NAME", "莫"),
        ("佢住石硤尾邨美翠樓12樓1207室，上星期跌親", "LOCATION", "美翠樓12樓1207室"),
        (
            "地址：https://www.douban.com/people/wang_88/notes/22，有问题留言",
            "URL",
            "https://www.douban.com/people/wang_88/notes/22",
        ),
        # the rules read accented letters again as their base letters
        ("Is this legal?\nIonuț", "NAME", "Ionuț"),
    ],
    "seventy-sixth": [
        ("Warden log: Flat 9 pull cord 06:20.", "LOCATION", "Flat 9"),
        ("Please send the walker to Blk 12 Lot 4, Bagong Silang", "LOCATION", "Blk 12 Lot 4"),
        ("阿嬷住组屋，Blk 561 #04-22，postal 560561。她", "LOCATION", "Blk 561 #04-22"),
        ("阿嬷住组屋，Blk 561 #04-22，postal 560561。她", "LOCATION", "560561"),
        ("評估資料請寄 807 高雄市三民區建工路412巷18號，收", "LOCATION", "807"),
        ("Grandpa turn 103 last week an still walk to church", "AGE", "103"),
        ("Mrs Morley, born 2 February 1932 (92), came with", "AGE", "92"),
        ("Ziggy (known name) has moved his tent", "NAME", "Ziggy"),
        ("Camila here. My dad is 72 with vascular dementia", "NAME", "Camila"),
        ("Mod note: lonelyinleeds posted what reads as a goodbye", "NAME", "lonelyinleeds"),
        ("anyone know if it is private only? dm me, thabo.codes", "NAME", "thabo.codes"),
        ("名单：梁婆婆糖尿病餐、苏姨软饭。", "NAME", "苏姨"),
        ("Cutting forearms since October half-term, PHQ-A 21", "DATE", "October half-term"),
        ("admitted to rehab on Eid ul Fitr. He was using", "DATE", "Eid ul Fitr"),
    ],
    "seventy-seventh": [
        ("阿公跌倒，ngày 12 tháng 3做了股骨头置换", "DATE", "ngày 12 tháng 3"),
        ("clinic got moved to Triti 9 Apriliou, because of Easter", "DATE", "Triti 9 Apriliou"),
        ("earliest slot is Mittwoch, 4. September.", "DATE", "Mittwoch, 4. September"),
        ("诊所在136-20 Larchmont Ave, Flushing", "LOCATION", "136-20 Larchmont Ave"),
        ("寄去 8100 Ackroyd Gardens #1207, Richmond BC", "LOCATION", "8100 Ackroyd Gardens #1207"),
        ("had his gastrectomy in March 2022 and", "DATE", "March 2022"),
        (
            "在 Hospital Pakar Seri Melati, Klang 做 cataract surgery",
            "LOCATION",
            "Hospital Pakar Seri Melati",
        ),
    ],
    "seventy-eighth": [
        ("Vào viện: ngày 2 tháng 3 năm 2024", "DATE", "ngày 2 tháng 3 năm 2024"),
        ("Visit: 9 เมษายน 2567 / Dx: gout", "DATE", "9 เมษายน 2567"),
        ("Ημερομηνία: 12 Ιουνίου 2024.", "DATE", "12 Ιουνίου 2024"),
        ("추석 연휴 那几天我妈摔了", "DATE", "추석"),
        ("Mami: joi, 18 aprilie, la cardiolog", "DATE", "joi, 18 aprilie"),
        ("Dr Phương will come on thứ Bảy 8/6. He is 84", "DATE", "thứ Bảy 8/6"),
        ("consulta terça, 12/04 às 10h", "DATE", "terça, 12/04"),
        ("日期：2024年11月18日（月）", "DATE", "2024年11月18日（月）"),
        ("appt came thru, tues 4th june at 2", "DATE", "tues 4th june"),
        ("Since the UTI in October 2023 he's worse", "DATE", "October 2023"),
        ("Next review Dec 2024.", "DATE", "Dec 2024"),
        ("Paciente: Sebastião Lima    Idade: 91 / Endereço", "AGE", "91"),
        ("長者：龐婆婆\u3000年齡：95\u3000教育程度", "AGE", "95"),
        ("林 玉英様（94歳）は入所", "AGE", "94"),
        ("佐藤 花子様（94歳）は入所", "NAME", "佐藤 花子"),
        ("ケアマネの山田さんがデイサービスを", "NAME", "山田"),
        ("医生让ゆうとくん每天记峰流速", "NAME", "ゆうと"),
        ("Anyone using Clínica San Telmo Playa? My", "LOCATION", "Clínica San Telmo Playa"),
        (
            "Nơi điều trị: Bệnh viện Đa khoa Tâm Phúc, Hải Phòng",
            "LOCATION",
            "Bệnh viện Đa khoa Tâm Phúc",
        ),
        (
            "送Phòng khám Đa khoa Vạn Phúc Chợ Lớn检查",
            "LOCATION",
            "Phòng khám Đa khoa Vạn Phúc Chợ Lớn",
        ),
        (
            "Szpital: Szpital Miejski im. Anny Wrzos, Nowy Sącz",
            "LOCATION",
            "Szpital Miejski im. Anny Wrzos",
        ),
        ("Ιδιωτική Κλινική Αγία Ειρήνη, Rethymno", "LOCATION", "Ιδιωτική Κλινική Αγία Ειρήνη"),
        (
            "stationäre Aufnahme in der Klinik am Isarbogen / Diagnose",
            "LOCATION",
            "Klinik am Isarbogen",
        ),
        ("去了영등포 새봄정형외과，说是骨折", "LOCATION", "영등포 새봄정형외과"),
        ("医院：โรงพยาบาลล้านนาสุขใจ / 患者", "LOCATION", "โรงพยาบาลล้านนาสุขใจ"),
        ("在六本木的ヒルズ健診センター做的", "LOCATION", "ヒルズ健診センター"),
        ("令和5年より特別養護老人ホームさくら苑に入所", "LOCATION", "特別養護老人ホームさくら苑"),
        (
            "Domicilio: Calle Las Adelfas 7, 2ºB, 03189 Orihuela Costa / Fecha",
            "LOCATION",
            "Calle Las Adelfas 7, 2ºB, 03189 Orihuela Costa",
        ),
        ("We meet at Rua da Liberdade 12, Tavira.", "LOCATION", "Rua da Liberdade 12"),
        ("CPF dela: 318.447.290-15 for the plano", "ID", "318.447.290-15"),
        ("Doente: Ho Kuok Wai  BIR n.º 5/218463/2 / Clínica", "ID", "5/218463/2"),
        ("Dr Phương will come to ngõ 12 Đặng Thai Mai, Tây Hồ", "LOCATION", "ngõ 12 Đặng Thai Mai"),
        ("我妈在대림동菜市场门口摔了", "LOCATION", "대림동"),
        ("booked Clarendon Eye Unit 21/06/2024.", "LOCATION", "Clarendon Eye Unit"),
    ],
    "seventy-ninth": [
        ("今早在白云机场T2安检口，排我前面的阿伯", "LOCATION", "白云"),
        ("我爸前天在樟宜机场晕倒，送去医院", "LOCATION", "樟宜"),
        ("在朱家尖码头等轮渡的时候", "LOCATION", "朱家尖"),
        ("高鐵左營站月台上，一位阿伯突然胸痛", "LOCATION", "左營站"),
        ("坐缆车上峨眉山金顶，一到就说胸口闷", "LOCATION", "峨眉山"),
        ("帶阿嬤坐郵輪去石垣島，結果她在船上跌倒", "LOCATION", "石垣島"),
        ("患儿，男，4岁（外婆喊他乖乖），回程轮渡上", "NAME", "乖乖"),
        ("我们住West Yellowstone（59758），我妈", "LOCATION", "59758"),
        ("账单寄到我们Fremont家里（94538），一看", "LOCATION", "94538"),
    ],
    "eightieth": [
        ("受理号(2024)沪长信证字第3817号。请于", "ID", "(2024)沪长信证字第3817号"),
        ("仲裁案号桂南劳人仲案字〔2024〕第1126号），死者", "ID", "桂南劳人仲案字〔2024〕第1126号"),
        ("致恒锐精密（苏州）有限公司人事部：", "LOCATION", "恒锐精密（苏州）有限公司"),
        ("【上海市长宁信和公证处】卢先生您好", "LOCATION", "上海市长宁信和公证处"),
        ("Coroners Court case no. COR 2023/004871 / Deceased", "ID", "COR 2023/004871"),
        ("qty 28, rx 44817. bag had the 5mg ones", "ID", "44817"),
        ("Rx#4471 refilled, Ticket#2210 open.", "ID", "4471"),
        ("12/10/23 - Pt 04-118, 90 y/o", "ID", "04-118"),
        ("我是R-031号受试者，上次访视", "ID", "R-031"),
        ("14:03 You: IS-20931877 / 14:05", "ID", "IS-20931877"),
        ("聲明人為已故區炳（澳門居民身份證）之長子", "NAME", "區炳"),
        ("【台州椒江康瑞医院】应先生，您预约的", "NAME", "应"),
        ("阿lok仲話陪我去食牛扒", "NAME", "阿lok"),
        ("Subject CTRI-KL-221 (S.V.) withdrew consent", "NAME", "S.V."),
        ("callback tomorrow pls. -KB", "NAME", "KB"),
        ("Namatay si Papa noong ika-12 ng Marso, myocardial", "DATE", "ika-12 ng Marso"),
        ("Mój mąż ma spotkanie w poniedziałek. He has epilepsy", "DATE", "poniedziałek"),
        ("约了 Isnin depan 在 Seremban", "DATE", "Isnin"),
        ("lap chole，Jumaat 入院", "DATE", "Jumaat"),
        ("Transplant Mohali mein 21 tarikh ko hai.", "DATE", "21 tarikh"),
        ("我是112.10.05在工廠被鋼捲壓傷", "DATE", "112.10.05"),
        ("被保险人于2023年12月经病理确诊甲状腺乳头状癌", "DATE", "2023年12月"),
        ("雇主不給假，可以打1955問嗎？", "PHONE", "1955"),
        ("已经打12315投诉了", "PHONE", "12315"),
        ("He passed peacefully at 93 after a stroke.", "AGE", "93"),
        ("参加：患者长子、主管医生尹、社工", "NAME", "尹"),
        ("宁律师：\n关于工亡一案", "NAME", "宁"),
        ("护士长阮说可能是铅衣没穿好", "NAME", "阮"),
        ("Onset date they accepted was March 2021, so I get backpay", "DATE", "March 2021"),
        # the rules read a Latin word or a number next to Chinese as if spaced
        (
            "我们家住Blk 512 Jurong West St 52 #08-117，有什么事",
            "LOCATION",
            "Blk 512 Jurong West St 52 #08-117",
        ),
        ("我爸在Via dei Gelsi 14的餐馆后厨", "LOCATION", "Via dei Gelsi 14"),
        ("地址是4350 Sheppard Ave E，针灸一次", "LOCATION", "4350 Sheppard Ave E"),
    ],
    "eighty-first": [
        ("家系图说明：蔡氏家族共四代，先证者", "NAME", "蔡"),
        ("咨询者麦小姐情绪低落", "NAME", "麦"),
        ("受试者签名：莫（按手印）", "NAME", "莫"),
        ("花蓮吉安太昌濱海國小六年級的學生", "LOCATION", "太昌濱海國小"),
        ("我架車 PK 8316，每個禮拜兩次", "ID", "PK 8316"),
        ("the car, KDG 418M, was found", "ID", "KDG 418M"),
        ("send to ishaanfight@okhdfc please", "ID", "ishaanfight@okhdfc"),
        ("LeoPapa 21:05：我们那边也缺货", "NAME", "LeoPapa"),
        ("引用 阿Ken爸爸 嘅帖", "NAME", "阿Ken爸爸"),
        ("Appointment hai 14 मार्च ko", "DATE", "14 मार्च"),
        ("we meet Wukuada at the clinic", "DATE", "Wukuada"),
        ("after service at PCEA Rironi West Church tonight", "LOCATION", "PCEA Rironi West Church"),
        ("Bake sale outside Bethel Gospel Hall, all proceeds", "LOCATION", "Bethel Gospel Hall"),
        ("quiz night at the Red Lion, all welcome", "LOCATION", "Red Lion"),
        ("my niece who we lost in March 2022. Every dollar", "DATE", "March 2022"),
        ("get di spleen tek out las Tuesday, hereditary spherocytosis", "DATE", "Tuesday"),
        (
            "寄到 Blk 208 Toa Payoh Lor 8, #02-115, Singapore",
            "LOCATION",
            "Blk 208 Toa Payoh Lor 8, #02-115",
        ),
    ],
    "eighty-second": [
        ("Sick call list: inmate 4402/2566, fever 3 days", "ID", "4402/2566"),
        ("Re: HKSAR v LEUNG Wing-sze, DCCC 1147/2023 / 被告", "NAME", "LEUNG Wing-sze"),
        ("Re: HKSAR v LEUNG Wing-sze, DCCC 1147/2023 / 被告", "ID", "DCCC 1147/2023"),
        ("我实在没别的办法了。\n陈母 十月廿三", "NAME", "陈"),
        ("今天A0217号没来喝，已经连续第三天了", "ID", "A0217"),
        ("住在白云区松洲救助站，每天", "LOCATION", "白云区松洲救助站"),
        ("Her aunt says 'ana homa tangu jumamosi'.", "DATE", "jumamosi"),
        ("Next screening il-Ħamis.", "DATE", "il-Ħamis"),
        ("but it finished Lwakusatu. Can I bring her?", "DATE", "Lwakusatu"),
        ("Next visit বৃহস্পতিবার.", "DATE", "বৃহস্পতিবার"),
        ("can i come clinic วันศุกร์? need my shot", "DATE", "วันศุกร์"),
        ("Started 2HRZE/4HR on ১০ ফেব্রুয়ারি, weight 38kg", "DATE", "১০ ফেব্রুয়ারি"),
        ("Next ANC ١٢ آذار. Husband's mobile", "DATE", "١٢ آذار"),
        ("One of our visitors (92, Albanian) has glaucoma", "AGE", "92"),
        ("the elder (91) refused her Eliquis again", "AGE", "91"),
        ("押解车辆：粤A·J3726警　押解民警2名", "ID", "粤A·J3726警"),
        ("判决书（2024）粤0305刑初1187号，判处", "ID", "（2024）粤0305刑初1187号"),
        ("编号浙强戒解字2024第0392号", "ID", "浙强戒解字2024第0392号"),
        ("保護令113年度家護字第0427號裁定", "ID", "113年度家護字第0427號"),
    ],
    "eighty-third": [
        ("Trainer Mint in Krabi does online coaching.", "NAME", "Mint"),
        ("Piercer was Ro, really gentle.", "NAME", "Ro"),
        ("Went with Taff, our medic, to the drop-in.", "NAME", "Taff"),
        ("Sawyer, thanks for telling me about the clinic.", "NAME", "Sawyer"),
        (
            "Service No: 30219874\nName: OKONJO-HART, D.\nUnit: 3 Med Regt",
            "NAME",
            "OKONJO-HART, D.",
        ),
        ("Client: MacIsaac, Robert J.    File: 0049", "NAME", "MacIsaac, Robert J."),
        ("> NurseKaz: hyaluronidase is not a dirty word", "NAME", "NurseKaz"),
        ("only LINE rattana.aftercare answers me", "ID", "rattana.aftercare"),
        ("Address Sinsa-dong, Mirae-ro 7-gil 38, 4F", "LOCATION", "Sinsa-dong"),
        ("Address Sinsa-dong, Mirae-ro 7-gil 38, 4F", "LOCATION", "Mirae-ro 7-gil 38"),
        ("first stage was 2023. október 9. Second stage", "DATE", "2023. október 9."),
        ("Going to Gangnam for rhino in May 2025. Coordinator", "DATE", "May 2025"),
        ("记录人：队医覃", "NAME", "覃"),
        ("诊断：髂胫束综合征。军医：韦", "NAME", "韦"),
        ("记得跟崔室长说我有蚕豆病", "NAME", "崔"),
        ("麻烦服务站的余同志帮忙看看", "NAME", "余"),
        ("交班：胡老 96岁，阿尔茨海默病", "NAME", "胡"),
        ("老板娘Joy说可以祛黄褐斑", "NAME", "Joy"),
        ("【联勤保障部队第九九六医院】您已预约", "LOCATION", "联勤保障部队第九九六医院"),
        ("我是@眼睛好干的小周，做的半飞秒", "NAME", "眼睛好干的小周"),
        ("拿去朝阳区的聆声听力中心修", "LOCATION", "聆声听力中心"),
        ("由2021年3月轉介到而家都未有期", "DATE", "2021年3月"),
    ],
    "eighty-fourth": [
        (
            "Business: Mama Rosa's Trattoria\nAddress: 44 Fore Street",
            "LOCATION",
            "Mama Rosa's Trattoria",
        ),
        ("we ate at Golden Lotus Takeaway on Friday", "LOCATION", "Golden Lotus Takeaway"),
        ("He was in The Hanged Man's at the weekend.", "LOCATION", "The Hanged Man's"),
        ("Dad was moved to St Brendan's Ward yesterday", "LOCATION", "St Brendan's Ward"),
        ("Re: CO alarm, 2 Maes yr Ysgol, Tregaron", "LOCATION", "2 Maes yr Ysgol, Tregaron"),
        ("I'm in 85339 if that matters.", "LOCATION", "85339"),
        ("Port: Immingham\nMaster: Dmitri Voloshyn\nCrew: 14", "NAME", "Dmitri Voloshyn"),
        ("Juno (my black lab) and I got refused", "NAME", "Juno"),
        ("Mereoni and Sakiusa are both in hospital", "NAME", "Mereoni"),
        ("Mereoni and Sakiusa are both in hospital", "NAME", "Sakiusa"),
        ("Vili from the Deaf association came round", "NAME", "Vili"),
        ("> Summer: Can a restaurant legally refuse a guide dog?", "NAME", "Summer"),
        ("Pt Zhao, Min, 52F, bitten on a hike", "NAME", "Zhao, Min"),
        ("AQI ở Cầu Giấy hôm nay 287", "LOCATION", "Cầu Giấy"),
        ("bị chó cắn hôm rằm tháng Giêng, đã tiêm", "DATE", "rằm tháng Giêng"),
        ("Bố mình (90 tuổi) ate tiết canh", "AGE", "90"),
        ("Hi all, my 阿嬷 is 96 and needs an interpreter", "AGE", "96"),
        ("上星期六喺旺角間明記燒味茶餐廳食完叉燒飯", "LOCATION", "明記燒味茶餐廳"),
        ("在城关镇好再来酒楼吃喜酒", "LOCATION", "好再来酒楼"),
        ("通知：沙井农贸市场活禽区检出H5N1阳性", "LOCATION", "沙井农贸市场"),
        ("调查员：陆（西乡塘区疾控）", "NAME", "陆"),
        ("患者：沈　接入IP", "NAME", "沈"),
        ("致九龍聽力及言語中心：", "LOCATION", "九龍聽力及言語中心"),
        ("喺大欖涌檢疫中心住咗三日", "LOCATION", "大欖涌檢疫中心"),
    ],
    "eighty-fifth": [
        (
            "my dating scan at Harrowfield Maternity Unit was moved",
            "LOCATION",
            "Harrowfield Maternity Unit",
        ),
        (
            "Please read it before the meeting.\nKirklees Adoption Service",
            "LOCATION",
            "Kirklees Adoption Service",
        ),
        ("koi bataye DHA Phase 5 mein acha doctor?", "LOCATION", "DHA Phase 5"),
        ("Biscuit is NOT adjusting to baby June. He whines", "NAME", "June"),
        ("Massive shout out to Hope and Summer on the night shift", "NAME", "Hope"),
        ("Massive shout out to Hope and Summer on the night shift", "NAME", "Summer"),
        ("Bodhi had his done at the clinic this week", "NAME", "Bodhi"),
        ("who did you use for a doula? / started by gumnutgirl", "NAME", "gumnutgirl"),
        (
            "the hip scan on Wednesday the 8th of October at 10:30",
            "DATE",
            "Wednesday the 8th of October",
        ),
        ("Apwyntiad ar ddydd Llun 6 Hydref yn y feddygfa", "DATE", "ddydd Llun 6 Hydref"),
        ("Took the birth notification (B1-4429071) to the registrar", "ID", "B1-4429071"),
        ("建档号HZ20240311-0457是不是每次都要带？", "ID", "HZ20240311-0457"),
        ("名字取許芯語，戶政說可以", "NAME", "許芯語"),
        ("给宝宝取名平安，因为孕期查出", "NAME", "平安"),
        ("感谢助产士文文和卢护士长", "NAME", "文文"),
        ("有事找群主月亮姐姐。", "NAME", "月亮姐姐"),
        ("22:47 大米: 宝宝呛奶了", "NAME", "大米"),
        ("我的账号豆芽菜mama被封了", "NAME", "豆芽菜mama"),
        ("以后不常上论坛了\n——夏天（也就是Summer）", "NAME", "夏天"),
        ("hi 我在box hill，想问有没有推荐的", "LOCATION", "box hill"),
        ("Y医生建议我直接剖", "NAME", "Y"),
        ("苏州那家小橡果托育园有人送过吗", "LOCATION", "小橡果托育园"),
    ],
    "eighty-sixth": [
        ("WEEKLY STEPS\n1. jojo.reyes 98,412\n2. KuyaBong 87,550", "NAME", "jojo.reyes"),
        ("今日排行\n1. 跑不动的阿June 23518步\n2. 老刘 20103步", "NAME", "跑不动的阿June"),
        ("moth_wings — Today at 21:17\nty all", "NAME", "moth_wings"),
        ("糖小二 07:51：我来得时加到18单位了", "NAME", "糖小二"),
        ("pacing score 2/5\nRobinB: ugh same.", "NAME", "RobinB"),
        ("LIVE chat\nskinwithsimone: 7 months at 40mg", "NAME", "skinwithsimone"),
        ("Garmin Connect\nLukas Brenner completed a run", "NAME", "Lukas Brenner"),
        ("the nurse at the CLSC de Rosemont said", "LOCATION", "CLSC de Rosemont"),
        ("可以加LINE：carewithlulu，或撥電話", "ID", "carewithlulu"),
        ("听说可以打#7119咨询要不要叫救护车", "PHONE", "#7119"),
        ("[問題] 甲亢\n作者 kiwi0731 (奇異果)\n看板 Health", "NAME", "奇異果"),
        ("术后第一次下床｜UP主：阿宽爱吃饭", "NAME", "阿宽爱吃饭"),
        ("谢谢组里的鲸落和不吃香菜前天半夜陪我聊天", "NAME", "鲸落"),
        ("我爸阿发HbA1c 8.2 liao", "NAME", "阿发"),
        ("15床 Y.L. 阑尾切除术后第1天", "NAME", "Y.L."),
        ("请协助办理病假。\n田野\ntianye@huachuang-tj.com", "NAME", "田野"),
        ("患者：ZHANG Wei\n现居：Düsseldorf", "LOCATION", "Düsseldorf"),
        ("我们住Flushing，我妈有Medicaid", "LOCATION", "Flushing"),
        ("2019年除夕夜里，我家团团出生了", "DATE", "2019年除夕"),
        ("用cycle.ling推薦的App記了半年", "NAME", "cycle.ling"),
        ("提醒你Khamis（星期四）早上8点来抽血", "DATE", "Khamis"),
        ("我是有執照的護理師露露😊", "NAME", "露露"),
        ("Hope from the stoma clinic came out", "NAME", "Hope"),
    ],
    "eighty-seventh": [
        ("后来妙音法师来病房为她诵经", "NAME", "妙音"),
        ("觉明道长说他糖尿病十年了", "NAME", "觉明"),
        ("我妈每月初一去观澜寺拜佛，膝盖痛", "LOCATION", "观澜寺"),
        ("在泉州通淮关岳庙旁边的诊所拿药", "LOCATION", "通淮关岳庙"),
        ("有需要的可以找义工若瑟电话联系", "NAME", "若瑟"),
        ("我女儿Sunny昨晚烧到39度", "NAME", "Sunny"),
        ("the biopsy on 4.9 at the Rambam clinic", "DATE", "4.9"),
        ("Appointment Thursday 22.10 09:30, fasting", "DATE", "22.10"),
        ("Pesakit: Nurul Aina binti Zakaria, 54 tahun", "NAME", "Nurul Aina binti Zakaria"),
        ("Alamat: Jl. Melati Putih No. 8, Denpasar", "LOCATION", "Jl. Melati Putih No. 8"),
        ("my uncle in Kampung Pandan has gout", "LOCATION", "Kampung Pandan"),
        ("someone signed in as grace.o from an unknown device", "NAME", "grace.o"),
        ("志工林師姐陪我去复诊", "NAME", "林"),
        ("昨天我send咗俾何醫生睇", "NAME", "何"),
        ("社区里的严老太92岁，独居", "NAME", "严"),
        ("牧師說週四下午去病房看他", "DATE", "週四"),
        ("my dadi ji... sorry my abbu (93) fell at home", "AGE", "93"),
        ("she passed on Shab-e-Barat after dialysis", "DATE", "Shab-e-Barat"),
        ("we took him to the Durga Puja pandal on Mahalaya evening", "DATE", "Mahalaya"),
        (
            "the clinic at St Nicholas Greek Orthodox Church in Marrickville",
            "LOCATION",
            "St Nicholas Greek Orthodox Church",
        ),
        (
            "Health fair at Shri Adinath Jain Derasar this Sunday",
            "LOCATION",
            "Shri Adinath Jain Derasar",
        ),
        ("中元节那天我爸在庙里晕倒", "DATE", "中元节"),
        ("跟北港进香团走了两天脚就肿了", "LOCATION", "北港"),
    ],
    "eighty-eighth": [
        ("Night round. Rm 12 Mabel asleep, Rm 14 awake", "NAME", "Mabel"),
        ("Bed 2 Threlfall – catheter bag emptied 400ml", "NAME", "Threlfall"),
        ("Lunch club\nMercy – came, ate well\nDot – not today", "NAME", "Mercy"),
        ("the alarm went off in flat 23 at 3am", "LOCATION", "flat 23"),
        ("Gran Edna (97) still does the crossword", "AGE", "97"),
        ("101 today! Cake at 3pm in the lounge", "AGE", "101"),
        ("Tanaka-san refused his lunch again", "NAME", "Tanaka"),
        ("[SilverFox] does anyone's mum get sundowning", "NAME", "SilverFox"),
        ("my sis kaz went to see him yesterday", "NAME", "kaz"),
        (
            "Deliver to Blk 305 Ang Mo Kio Ave 1 #07-22 before noon",
            "LOCATION",
            "Blk 305 Ang Mo Kio Ave 1 #07-22",
        ),
        (
            "referred by Klinik Kesihatan Bandar Baru Bangi",
            "LOCATION",
            "Klinik Kesihatan Bandar Baru Bangi",
        ),
        ("Every Friday at St Aidan's Church Hall, Leeds", "LOCATION", "St Aidan's Church Hall"),
        ("moved to Shanti Old Age Home last year", "LOCATION", "Shanti Old Age Home"),
        ("Dadi fell during Holi at my uncle's", "DATE", "Holi"),
        ("我外婆96，耳朵背得厉害", "AGE", "96"),
        ("下个月是她的百岁生日", "AGE", "百"),
        ("陈家阿婆昨晚又跌倒了", "NAME", "陈"),
        ("梁伯，2月3日入住", "NAME", "梁"),
        ("伍志明先生：\n您的高龄津贴申请已批", "NAME", "伍志明"),
        ("我妈住过Green Valley养老院，还行", "LOCATION", "Green Valley养老院"),
        ("我问了susan 她说周末可以探视", "NAME", "susan"),
        ("tan哥你上次说的那间怎样", "NAME", "tan"),
        ("护理记录：6/12 复查血常规", "DATE", "6/12"),
        ("夜班：M.伯伯 体温37.8，已物理降温", "NAME", "M."),
        ("夕阳红小站提问：老人吞咽困难吃什么", "NAME", "夕阳红小站"),
        ("我住兀兰3道 Blk 701，楼下有诊所", "LOCATION", "兀兰3道 Blk 701"),
    ],
    "eighty-ninth": [
        ("09:40 Keziah (Yr 10) – nosebleed, settled", "NAME", "Keziah"),
        ("Inhaler plan for Brody (2nd grade) attached", "NAME", "Brody"),
        ("Our little Mateo has croup again", "NAME", "Mateo"),
        ("Ons dogter Marelize het griep", "NAME", "Marelize"),
        ("Meri beti Anaya ko bukhar hai", "NAME", "Anaya"),
        ("Sick bay: Room 12, Tagore House, since Monday", "LOCATION", "Room 12, Tagore House"),
        ("Extension request – Ben Ofori (s3318842)", "ID", "s3318842"),
        ("my insurance card is AB 4471 2290 if needed", "ID", "AB 4471 2290"),
        ("someone tried a login to jlee22's student portal", "NAME", "jlee22"),
        ("physio said to rest and come back on thurs", "DATE", "thurs"),
        ("已经跟陈Sir讲咗", "NAME", "陈"),
        ("一名黄姓学生在操场晕倒", "NAME", "黄"),
        ("本人刘，孩子在学校摔伤", "NAME", "刘"),
        ("请周运动员携带身份证件", "NAME", "周"),
        ("- W.T.：擦伤，碘伏消毒", "NAME", "W.T."),
        ("我架车KX 3391送他去急诊", "ID", "KX 3391"),
        ("去了なかむら整形クリニック拍片", "LOCATION", "なかむら整形クリニック"),
        ("在Jalan Mawar 8号, Kajang上课", "LOCATION", "Jalan Mawar 8号, Kajang"),
    ],
    "ninetieth": [
        ("Tue/Thu/Sat am: Okonjo (chair 2)", "NAME", "Okonjo"),
        ("moved up to the Dr Haddad Ward overnight", "LOCATION", "Dr Haddad Ward"),
        ("Doação marcada no Hemocentro Vale Verde amanhã", "LOCATION", "Hemocentro Vale Verde"),
        ("dialysing at Riverside Dialysis of Akron now", "LOCATION", "Riverside Dialysis of Akron"),
        (
            "bloods for the Kestrel Institute for Renal Research",
            "LOCATION",
            "Kestrel Institute for Renal Research",
        ),
        (
            "reviewed at the Ashgrove Heart and Lung Centre",
            "LOCATION",
            "Ashgrove Heart and Lung Centre",
        ),
        ("My father died on י״ב בניסן last year", "DATE", "י״ב בניסן"),
        ("her transplant call came on Doshanbe", "DATE", "Doshanbe"),
        ("transplant in januari 2021 at Leuven", "DATE", "januari 2021"),
        ("rijksregisternummer 45.07.23-118.09 please", "ID", "45.07.23-118.09"),
        ("My grandmother, 99 next month, wants to donate", "AGE", "99"),
        ("Nan passed in her sleep at 97 last year", "AGE", "97"),
        ("GOT THE CALL ON CHRISTMAS EVE", "DATE", "CHRISTMAS EVE"),
        ("clinic moved because of Easter Monday", "DATE", "Easter Monday"),
        ("受试者：郝**，筛选号S-102", "NAME", "郝"),
        ("我老公吕，尿毒症三年了", "NAME", "吕"),
        ("[09:12] KW：配型结果出来了吗", "NAME", "KW"),
        ("Lucas 7岁那年做了肾移植", "NAME", "Lucas"),
        ("透析时间改了，有事联系我 / Emily", "NAME", "Emily"),
        ("我是'21年3月做的肾移植", "DATE", "'21年3月"),
        ("搬到美景苑B座1203室了", "LOCATION", "B座1203室"),
    ],
    "ninety-first": [
        ("안녕하세요, 하준 엄마입니다", "NAME", "하준"),
        ("지난주 부산에서 먹고 탈이 났어요", "LOCATION", "부산"),
        ("예약: 5월 2일 (목) 오전 10시", "DATE", "5월 2일 (목)"),
        ("我们在인천 机场过敏了", "LOCATION", "인천"),
        ("食堂수요일 那顿饭", "DATE", "수요일"),
        ("Ο ασθενής Νικόλαος Γεωργίου εισήχθη", "NAME", "Νικόλαος Γεωργίου"),
        ("ชื่อ นายสมชาย ใจดี", "NAME", "สมชาย ใจดี"),
        ("HN 58-204117 นัดตรวจ", "ID", "58-204117"),
        ("nhập viện ngày 12/3/2025 vì", "DATE", "ngày 12/3/2025"),
        ("Mã đơn AB-1122-3344 bị sai", "ID", "AB-1122-3344"),
        ("C.F. RSSMRA80A01H501U allegato", "ID", "RSSMRA80A01H501U"),
        ("admitted Mar 10-14, 2024 for", "DATE", "Mar 10-14, 2024"),
        ("visita al Policlinico San Matteo domani", "LOCATION", "Policlinico San Matteo"),
        ("ring the ward on PHS 5520 please", "PHONE", "5520"),
        ("Büyükbabam 94, hâlâ yürüyor", "AGE", "94"),
        ("Hi RB,\nCan you review", "NAME", "RB"),
        ("add me on LINE (ID: momo.k22) thanks", "NAME", "momo.k22"),
        ("glutenfreegirl22 here - quick question", "NAME", "glutenfreegirl22"),
        ("seit Pfingsten im Krankenhaus", "DATE", "Pfingsten"),
        ("订座记录 QX4T7B，备注了过敏", "ID", "QX4T7B"),
        ("午餐外包给金禾團膳", "LOCATION", "金禾團膳"),
        ("审核者：欧", "NAME", "欧"),
        ("——韩（营养科）", "NAME", "韩"),
        ("患者LMY，女，72岁", "NAME", "LMY"),
        ("3. K某　男　30岁", "NAME", "K"),
        ("紧急联系人：志强 13800001111", "NAME", "志强"),
        ("在芽庄吃了海鲜", "LOCATION", "芽庄"),
    ],
    "ninety-second": [
        ("Hämtning sker onsdag 16 oktober kl 9", "DATE", "onsdag 16 oktober"),
        ("Tid: mandag den 3. februar kl. 14", "DATE", "mandag den 3. februar"),
        ("Äiti kaatui juhannuksena", "DATE", "juhannuksena"),
        ("operato nel gennaio 2023 a", "DATE", "gennaio 2023"),
        ("Date of onset: 11/2021", "DATE", "11/2021"),
        ("Adress: Drottninggatan 22, 3 tr", "LOCATION", "Drottninggatan 22"),
        ("bor på Solbergs väg 7 nu", "LOCATION", "Solbergs väg 7"),
        ("Domiciliu: Str. Lalelelor nr. 9, Iași", "LOCATION", "Str. Lalelelor nr. 9"),
        ("locuiesc în cartier Tineretului", "LOCATION", "Tineretului"),
        ("Моя сестра Олена has a new wheelchair", "NAME", "Олена"),
        ("shelling near Херсон last spring", "LOCATION", "Херсон"),
        ("Тарас, volunteer driver: call me", "NAME", "Тарас"),
        ("appointment on ৩ এপ্রিল ২০২৫ at", "DATE", "৩ এপ্রিল ২০২৫"),
        ("his passport, KB 551203, expired", "ID", "KB 551203"),
        ("henkilötunnus 010190-123A", "ID", "010190-123A"),
        ("RUT 12.345.678-K", "ID", "12.345.678-K"),
        ("At 96 my grandad still gardens", "AGE", "96"),
        ("cerco aiuto per mia figlia Chiara", "NAME", "Chiara"),
        ("Vores lille Emil fik høreapparat", "NAME", "Emil"),
        ("Hilsen fra Tromsø,\nKari", "NAME", "Kari"),
        ("Present: Ingrid, Tove, Lars", "NAME", "Ingrid"),
        ("on fb I'm Ana.Maria.B", "NAME", "Ana.Maria.B"),
        ("村里王会计说", "NAME", "王"),
        ("預約確認：溫太，星期三", "NAME", "溫"),
        ("我家Biscuit是导盲犬", "NAME", "Biscuit"),
        ("我是小雨（群名“晴天”）", "NAME", "小雨"),
        ("他11/12还要回医院", "DATE", "11/12"),
        ("在葵涌的晨光烘焙坊上班", "LOCATION", "晨光烘焙坊"),
        ("去觀塘社會保障辦事處申請", "LOCATION", "觀塘社會保障辦事處"),
    ],
    "ninety-third": [
        ("Hola, me llamo Lucía y tengo endometriosis", "NAME", "Lucía"),
        ("Ich heiße Jonas, 34, seit zwei Jahren PrEP", "NAME", "Jonas"),
        ("referred to MUDr. Svobodová for the implant", "NAME", "Svobodová"),
        ("booked at Bramley Women's Health for the coil", "LOCATION", "Bramley Women's Health"),
        ("Reception: Suite 4, Level 2, 17 Ashby Row", "LOCATION", "Level 2, 17 Ashby Row"),
        ("Аптека Калина, вул. Шкільна 8 has it", "LOCATION", "Аптека Калина, вул. Шкільна 8"),
        ("transfer at Клініка Надія-Львів next week", "LOCATION", "Клініка Надія-Львів"),
        ("ξεκινάμε θεραπεία στην Πάτρα τον Μάιο", "LOCATION", "Πάτρα"),
        ("Μαρία εδώ, 41, on HRT", "NAME", "Μαρία"),
        ("any PEP clinic in ภูเก็ต open today?", "LOCATION", "ภูเก็ต"),
        ("gynekolog v Brně mi řekl", "LOCATION", "Brně"),
        ("transfer booked for 14 აპრილი at 9", "DATE", "14 აპრილი"),
        ("pills from Farmasi Cahaya Ampang cost RM31", "LOCATION", "Farmasi Cahaya Ampang"),
        ("Pt K.L. - coil check, threads seen", "NAME", "K.L."),
        ("Implant fitted by RJ, no complications.", "NAME", "RJ"),
        ("egg collection scheduled for Black Friday", "DATE", "Black Friday"),
        ("您於 112.11.3 接受檢查", "DATE", "112.11.3"),
        ("請於 113.4.12（五） 前回診", "DATE", "113.4.12（五）"),
        ("去中山路康健婦產科看診", "LOCATION", "中山路康健婦產科"),
        ("在高雄晨星皮膚科診所拿藥", "LOCATION", "晨星皮膚科診所"),
        ("到东湖社区卫生服务站登记", "LOCATION", "东湖社区卫生服务站"),
        ("在仁心生殖中心取卵", "LOCATION", "仁心生殖中心"),
        ("Kellerton附近有没有中文诊所", "LOCATION", "Kellerton"),
        ("我住94110，没有保险", "LOCATION", "94110"),
        ("作者 sunnybee (小蜜蜂)", "NAME", "sunnybee"),
        ("引用 糖糖妈 的留言：", "NAME", "糖糖妈"),
        ("阿豆（21:15）：到了吗", "NAME", "阿豆"),
        ("客服赵工说明天回电", "NAME", "赵"),
        ("我跟K醫師約了下週", "NAME", "K"),
        ("多謝豆豆推介，我去咗", "NAME", "豆豆"),
        ("您9/23之檢查報告", "DATE", "9/23"),
        ("正好是感恩节那天取卵", "DATE", "感恩节"),
    ],
    "ninety-fourth": [
        ("refill from Maharagama Family Pharmacy again", "LOCATION", "Maharagama Family Pharmacy"),
        ("wala na sa Botica ni Mang Lando", "LOCATION", "Botica ni Mang Lando"),
        ("we live in Block 7, Gulistan-e-Jauhar near", "LOCATION", "Block 7, Gulistan-e-Jauhar"),
        ("LINE me rina.pratiwi21 for the pills", "NAME", "rina.pratiwi21"),
        ("mi abuelo (94) toma warfarina", "AGE", "94"),
        ("si lolo 96 na, maintenance niya", "AGE", "96"),
        ("Quote from Faith: 'no more refills'", "NAME", "Faith"),
        ("thanks all\n- SleepyKat", "NAME", "SleepyKat"),
        ("me atendieron en la UMF 12 ayer", "LOCATION", "UMF 12"),
        ("BIC 90441872A on the letter", "ID", "90441872A"),
        ("a pharmacy near HSR Layout sells it", "LOCATION", "HSR Layout"),
        ("tracking RB4410293857SG still stuck", "ID", "RB4410293857SG"),
        ("快递单号EE123456785CN查不到", "ID", "EE123456785CN"),
        ("要在4/26前回診拿藥", "DATE", "4/26"),
        ("去解放路安康社区卫生服务站拿药", "LOCATION", "解放路安康社区卫生服务站"),
        ("在住の林です。よろしく", "NAME", "林"),
        ("村里的豆子叔（大名李豆）", "NAME", "豆子"),
        ("在永安参茸行买的", "LOCATION", "永安参茸行"),
        ("斋月里他照样吃药", "DATE", "斋月"),
    ],
    "ninety-fifth": [
        ("operated on ۲۲ آبان ۱۴۰۲ in Shiraz", "DATE", "۲۲ آبان ۱۴۰۲"),
        ("the implant was placed on 9 Esfand", "DATE", "9 Esfand"),
        ("my son had his check on יום שלישי and", "DATE", "יום שלישי"),
        ("we had a cleaning on Presidents' Day", "DATE", "Presidents' Day"),
        ("went to Nha khoa Ánh Dương, they", "LOCATION", "Nha khoa Ánh Dương"),
        ("we live in Quận 7 now", "LOCATION", "Quận 7"),
        ("Lap – Duna-parti Szemészeti Rendelő", "LOCATION", "Duna-parti Szemészeti Rendelő"),
        ("Születési dátum: 1948. 11. 02.", "DATE", "1948. 11. 02."),
        ("Onze zoon Daan heeft een beugel", "NAME", "Daan"),
        ("Tandarts Vermeulen zegt", "NAME", "Vermeulen"),
        ("S: dhr. van Dijk, eczeem", "NAME", "van Dijk"),
        ("controle (wo 14/8) bij de huisarts", "DATE", "wo 14/8"),
        ("Termin Fr 12.7. beim Augenarzt", "DATE", "Fr 12.7."),
        ("no Centro de Saúde de Alvalade, deu", "LOCATION", "Centro de Saúde de Alvalade"),
        ("12:01 user=jmorales2 ip=10.0.0.4", "NAME", "jmorales2"),
        ("Ji-woo unnie said try it", "NAME", "Ji-woo"),
        ("Patience from church swears by it", "NAME", "Patience"),
        ("Mrs Lam Siu-ying, 94, post-op day 1", "AGE", "94"),
        ("Bondi Dental Surgery called back", "LOCATION", "Bondi Dental Surgery"),
        ("车牌51G-338.21的车来接", "ID", "51G-338.21"),
        ("去了镇上的美齿牙科", "LOCATION", "美齿牙科"),
        ("北门鄉親 陳阿水 敬上", "LOCATION", "北门"),
        ("同事说Bắc Ninh有个牙诊所", "LOCATION", "Bắc Ninh"),
        ("12/23　Glow Seoul皮膚科", "DATE", "12/23"),
        ("复查是2/21。", "DATE", "2/21"),
        ("致梁太家人：", "NAME", "梁"),
        ("我帮江大爷拿药", "NAME", "江"),
        ("AW話佢聽日去剝牙", "NAME", "AW"),
        ("阿強仔上個禮拜剝牙", "NAME", "阿強仔"),
        ("我家猫年糕咬了我", "NAME", "年糕"),
        ("豆豆你上次说的药", "NAME", "豆豆"),
        ("回覆 #7 bunnyhop", "NAME", "bunnyhop"),
        ("#31 西多士爸爸\n小朋友出疹", "NAME", "西多士爸爸"),
        ("在首爾Lumina整形外科打了肉毒", "LOCATION", "Lumina整形外科"),
    ],
    "ninety-sixth": [
        ("the port goes in on 3.VI.2024, then", "DATE", "3.VI.2024"),
        ("scan booked 17. XI. 2023.", "DATE", "17. XI. 2023"),
        ("the next PET is on 4.10. and", "DATE", "4.10."),
        ("Dad's letter says 12 октомври 2023 for", "DATE", "12 октомври 2023"),
        ("We waited all week. Thursday: clear margins.", "DATE", "Thursday"),
        ("Dragan (7, AML) starts induction", "NAME", "Dragan"),
        ("my cousins and little Sanna came", "NAME", "Sanna"),
        ("Goran's wife rang the ward", "NAME", "Goran"),
        ("Thanks all. Ingrid, Matti and I drove up", "NAME", "Ingrid"),
        ("Wayra from Cusco here, my aunt", "NAME", "Wayra"),
        ("Malo 'Ofa, the family thanks you", "NAME", "'Ofa"),
        ("nino.k the blood centre is open", "NAME", "nino.k"),
        ("revontuli I'm on the same drug", "NAME", "revontuli"),
        ("she is at Haukeland sjukehus now", "LOCATION", "Haukeland sjukehus"),
        ("we went to Kauno klinika last", "LOCATION", "Kauno klinika"),
        ("the wig shop on Nørre Voldgade 14 fits", "LOCATION", "Nørre Voldgade 14"),
        ("clinic at Navoiy ko'chasi 5, Samarkand", "LOCATION", "Navoiy ko'chasi 5"),
        ("treated in Santa Cruz de Tenerife last", "LOCATION", "Santa Cruz de Tenerife"),
        ("my grandma (93 this spring) still", "AGE", "93"),
        ("home before Juhannus, fingers crossed", "DATE", "Juhannus"),
        ("公司HR李姐说可以请病假", "NAME", "李"),
        ("我叫小荷，本名罗秀英", "NAME", "小荷"),
        ("我的号是向阳花1975，别加错了", "NAME", "向阳花1975"),
        ("凯里民政局说要补材料", "LOCATION", "凯里"),
        ("他在城西的顺丰物流上班", "LOCATION", "顺丰物流"),
        ("王门李秀兰老孺人仙逝", "NAME", "王"),
        ("Chan Sir話佢要覆診", "NAME", "Chan"),
        ("CNY后再开始化疗", "DATE", "CNY"),
        ("民國一一二年農曆三月初五日出殯", "DATE", "民國一一二年農曆三月初五日"),
        ("回家问了周工程师", "NAME", "周"),
        ("苗年那天停了一次透析", "DATE", "苗年"),
    ],
    "ninety-seventh": [
        ("the crash was on Tikimt 3, 2016 E.C. and", "DATE", "Tikimt 3, 2016 E.C."),
        ("hurt on 12 June 2566 BE near", "DATE", "12 June 2566 BE"),
        ("off since Μάρτιο 2024 after", "DATE", "Μάρτιο 2024"),
        ("the car plate, KDA 512B, was", "ID", "KDA 512B"),
        ("numero sinistro 2023/RM/0041182 still open", "ID", "2023/RM/0041182"),
        (
            "visit at 7 Bóthar na Trá, Galway, H91 E2K3.",
            "LOCATION",
            "7 Bóthar na Trá, Galway, H91 E2K3",
        ),
        (
            "send it to 3, Triq il-Kbira, Mosta MST 1010.",
            "LOCATION",
            "3, Triq il-Kbira, Mosta MST 1010",
        ),
        ("rehab at Bayou Spine and Joint in", "LOCATION", "Bayou Spine and Joint"),
        ("Hello from Bitola. Blagoj here, 52, fell", "NAME", "Blagoj"),
        ("Mereana, text me if you can", "NAME", "Mereana"),
        ("broke his leg during Timkat in Gondar", "DATE", "Timkat"),
        ("在大阪的さくら整形外科拍了片", "LOCATION", "さくら整形外科"),
        ("受理号津南人社伤受[2024]0871，还在等", "ID", "津南人社伤受[2024]0871"),
        ("开斋节第二天摔的", "DATE", "开斋节"),
        ("上司の佐藤課長に言われた", "NAME", "佐藤"),
        ("车间主任说找老板，老板郑说等等", "NAME", "郑"),
        ("但王工頭不接電話", "NAME", "王"),
        ("自称李律，要收代理费", "NAME", "李律"),
        ("出院了。\n老何在楼下等我", "NAME", "老何"),
        ("伤了三个：刘二（肋骨骨折）、小贵州（擦伤）、我", "NAME", "小贵州"),
        ("就是群里的强哥）说", "NAME", "强哥"),
        ("我和队友扎西都摔了", "NAME", "扎西"),
        ("包工头陈德福说没钱", "NAME", "陈德福"),
        ("在안산打工的时候", "LOCATION", "안산"),
        ("第三天转景洪，医生说", "LOCATION", "景洪"),
        ("在东莞的厂里做，厂宏达电子上班", "LOCATION", "宏达电子"),
    ],
}

# (text, a word): left by the rules alone.
EDGES = {
    "tenth": [
        # The new rules' edges: HbA1c, a spine level, a pain score, an age under 90, a ward, a kind
        # of centre.
        ("My A1C came back at 7.2 this time.", "A1C"),
        ("Fracture at T12 on the MRI, living in pain.", "T12"),
        ("Pain 6/10 since the op.", "6/10"),
        ("Her mum, 52, is the main carer.", "52"),
        ("He moved to 4 North after the op.", "4 North"),
        ("I had hep C. Doctors said it was cured.", "C. Doctors"),
        ("家里老人80了，还要不要做胃镜？", "80"),
        ("她去了社区卫生服务中心打针。", "社区卫生服务中心"),
    ],
    "fourteenth": [
        # The new rules' edges: readings, weights and percentiles, markers and vitamins, a span of
        # time after Dublin, lab values before an event, a weekly weekday, 院 in other words.
        ("His sats stable at 92, so no oxygen.", "92"),
        ("Fasting at 95, post-meal 140.", "95"),
        ("I'm at 95 now, need to lose weight.", "95"),
        ("Her weight is on the 91st percentile.", "91"),
        ("Low in B12 and folate, started injections.", "B12"),
        ("CA125 was 95 last month.", "95"),
        ("She has been in Dublin 2 weeks now.", "2 weeks"),
        ("肌钙蛋白I 5.6，直接进了导管室。", "5.6"),
        ("血糖6.8，做了糖耐量。", "6.8"),
        ("每周三下午去透析。", "周三"),
        ("他是院士，第一院系的。", "一院"),
    ],
    "fifteenth": [
        # The new rules' edges: hormones and bleeds ending in H, a unit after a slash (no
        # Reddit user), a word after 我家 that names no one, a year alone before a lunar month,
        # a bracket of a clinical note, 附一 as "attach one", a greeting to everyone, a
        # word-name with no cue.
        ("Her TSH came back at 4.2.", "TSH"),
        ("His CA 19-9 is down to 38 U/mL. Creon with every meal now.", "mL"),
        ("Medtronic 780G, basal 0.85 u/hr. Helpline kept me on hold.", "hr"),
        ("She bled again, admitted to ICU from PPH.", "PPH"),
        ("我家附近今天开了个药店。", "附近"),
        ("附一张化验单，大家帮看看。", "附一"),
        ("Hi ALL, quick question about statins.", "ALL"),
        ("There is still hope for the trial.", "hope"),
        ("Sunny days help her mood.", "Sunny"),
        ("3月5日复查，血常规正常。", "复查"),
    ],
    "seventeenth": [
        # The edges: a dose range and a count range keep their numbers, a hospital's campus and its
        # head keep 院区/院长, a weekday that recurs stays, a care home with no name stays, and a
        # high value with asterisks is no masked name.
        ("Take 1-2 tablets up to 4 times a day.", "1-2 tablets"),
        ("他在东风路12号院长办公室等我们。", "院长办公室"),
        ("Clinic runs every Monday morning.", "every Monday"),
        ("奶奶去年住进养老院了，吃得还行。", "养老院"),
        ("血压高**，医生让复查。", "血压高"),
        # a last word that is a word, a drug or laughter; a drug or a lab value before "is"
        ("Feeling much better now. omeprazole", "omeprazole"),
        ("Still on it. hahaha", "hahaha"),
        ("Does it hurt? whatever", "whatever"),
        ("Warfarin is 5 mg daily.", "Warfarin"),
        ("Potassium was 5.9 this morning.", "Potassium"),
    ],
    "nineteenth": [
        # The edges: "ending" with no number word before it, a decimal list of lab values, a
        # dotted value with a unit, a station that is no metro's, a handle cue with a role,
        # 301 as a room, 老 before a word, "Ate" as a verb before a food.
        ("The story has a happy ending 2024 edition.", "2024"),
        ("血钾 5.3、10.6、9.1，都偏高。", "9.1"),
        ("第一次3.5mg，第二次加量。", "3.5mg"),
        ("去火车站接他，坐了一夜车。", "火车站"),
        ("看到医生的回复，放心多了。", "医生"),
        ("住在301病房，靠窗。", "301病房"),
        ("我们老家，种地的。", "老家"),
        ("Ate toast and felt sick after.", "toast"),
    ],
    "twentieth": [
        # The edges: a reading after "is", a lab range of dotted values, a ratio after a lab
        # at a post's start, a word after Gran that is a place, 我家老毛病.
        ("My dad is 94% on air, sats fine.", "94%"),
        ("正常范围3.5到5.5之间。", "3.5到5.5"),
        ("抗核抗体1:320，要复查。", "抗核抗体1:320"),
        ("我家老毛病又犯了。", "老毛病"),
        # a label heading a line is no handle; a distance after "is" is no age
        ("COVID19: how long did your cough last?", "COVID19"),
        ("术后第12：伤口拆线。", "术后第12"),
        ("My dad is 90 minutes from the hospital.", "90 minutes"),
    ],
    "twenty-first": [
        # The edges: 百姓 and 姓名, a street word, a kind of school, a doctor's remark, a bracket
        # that names no one, Dr before a name, a generic care home.
        ("老百姓看病难。", "老百姓"),
        ("走在街道上突然头晕。", "街道上"),
        ("Medical School was hard on him.", "Medical School"),
        ("the dr said to rest", "said"),
        ("my son (age 6) has a rash", "age 6"),
        ("I saw 12 Dr Patel's patients.", "12"),
        ("有冇好啲嘅老人院？", "老人院"),
        ("QTc 512 ms and they stopped it.", "and"),
    ],
    "twenty-third": [
        # Everyday words after a relative, a medical abbreviation after a kinship word, a last
        # line that is no name, a dose that is no postcode, counting aloud, a schedule.
        ("my son will be 5 next week and my mum rose early.", "will"),
        ("my daughter has a fever, my son keeps coughing.", "keeps"),
        ("我妈bmi 28，宝宝hpv疫苗打了吗", "bmi"),
        ("Any ideas?\nThanks", "Thanks"),
        ("My BP is 140/90.\nMetformin", "Metformin"),
        ("he takes 2 3mg tablets and n2 4mg", "3mg"),
        ("I counted one two three four five sheep.", "one two three"),
        ("Every monday she has dialysis.", "monday"),
        ("Started on 1/2 tablet of 5mg.", "1/2"),
    ],
    "twenty-fourth": [
        # The word where nothing says a person is meant: a greeting that opens a sentence, a
        # modal verb, a month, a dose limit, a bill, the sky.
        ("Hope you are all well, the ward is busy.", "Hope"),
        ("Thanks Will for the tip. Will this help?", "Will this"),
        ("Seen in June, and June's clinic was fine.", "June's"),
        ("Max dose is 4g a day, she said.", "Max"),
        ("Bill says $18,400 before subsidy.", "Bill"),
        ("The sky's the limit, said the physio.", "sky"),
    ],
    "twenty-fifth": [
        # A lower-case self-introduction before a word, a greeting, a kinship word inside a
        # word, a drug ending in a stem.
        ("im tired and im sure its fine", "tired"),
        ("Salaam, my abbu has hepatitis C.", "Salaam"),
        ("My ammachi was admitted with pneumonia.", "ammachi"),
        ("Started on ramipril, then Caine said no.", "ramipril"),
    ],
    "twenty-eighth": [
        # Acronyms in capitals after a comma, a title in capitals before an everyday word, a
        # plate's dot, a site's name and its section.
        ("Stage IIIA, R-CHOP x6 from Monday.", "IIIA, R-CHOP"),
        ("Moved to ICU, IVIG x5 days.", "ICU, IVIG"),
        ("ECHO: MODERATE MR AND TRACE AR", "MR AND"),
        ("车牌湘C·8K235的车主", "车牌"),
        ("好大夫在线·问诊：男，67岁。", "好大夫在线·问诊"),
        ("川贝炖雪梨止咳有用吗？", "雪梨"),
        ("作者：张三，发表于内科杂志。", "张三"),
    ],
    "twenty-ninth": [
        # Counts and markers that end in digits, roles before a title, the role of a chat's
        # owner, an English name after 我是 that runs into a letter.
        ("SVR12 confirmed at week12, covid19 negative.", "week12"),
        ("SVR12 confirmed at week12, covid19 negative.", "covid19"),
        ("孩子的班主任说他上课坐不住。", "班主任"),
        ("应医生要求，我们做了复查。", "应医生"),
        ("经医生诊断是肺炎。", "经医生"),
        ("连医生都说没见过。", "连医生"),
        ("我的干爷爷住院了。", "干爷爷"),
        ("群主：别自己乱加\n群主：下周去问医生", "群主"),
        ("肾内科医生说我是IgA肾病。", "IgA肾病"),
        # readings, not dates: after a test's Latin name, before a unit or a word of range
        ("INR 2.3挺好的，华法林3mg。", "2.3"),
        ("TSH:3.2还行。", "3.2"),
        ("血糖7.2偏高，尿酸5.2左右。", "7.2"),
        ("血糖7.2偏高，尿酸5.2左右。", "5.2"),
        ("餐后2小时基本在6.0-6.7之间。", "6.7"),
        ("体重5.6斤，出生3.2公斤。", "5.6"),
        # a test's result after "is" is no age
        ("Hb is 98 pa lang, so iron first.", "98"),
        ("Glucose is 95 fasting.", "95"),
        ("Ferritin is 92 now.", "92"),
    ],
    "thirtieth": [
        # a count with a multiplication sign, a reading after its test
        ("血常规：WBC 12.3×10^9/L，中性粒细胞偏高。", "12.3×10^9/L"),
        ("复查血糖7.2，比上次好。", "7.2"),
    ],
    "thirty-second": [
        # a subject, a word ending in a surname's character, a name's last character
        ("语文老师说他上课走神。", "语文老师"),
        ("音乐老师也这么说。", "音乐老师"),
        ("健身房经理说跟他们无关。", "健身房经理"),
        ("房钱奶奶那边还没给。", "房钱"),
        ("琳达阿姨，您在那边吃的多少钱？", "琳达"),
        ("我和姐姐一起去的。", "和姐姐"),
        ("这药都太贵了。", "都太贵"),
        ("我师姐是护士。", "师姐"),
        ("肺炎克雷伯菌感染。", "克雷伯菌"),
        # a drug holding a district's name; a faith's church; a journal byline
        ("多西环素100mg bid。", "多西环素"),
        ("The Catholic Church says otherwise.", "Catholic Church"),
        ("作者：张三，发表于内科杂志。", "张三"),
        ("微信号Dr_Wang_1979是我们科室的公众号。", "科室"),
    ],
    "thirty-fourth": [
        ("Seen at Derby Hospital, Endoscopy Unit, Level 2.", "Endoscopy Unit"),
        ("Letter from Lister Hospital, Rheumatology Department.", "Rheumatology Department"),
        ("Royal Derby Hospital, Ward 14, bed 3.", "Ward 14"),
        ("She is 92 kg now and he 95% on air.", "92 kg"),
        ("宝宝妈妈都很辛苦。", "宝宝妈妈"),
    ],
    "thirty-sixth": [
        ("My room is 92 on the ward. Her sats was 94.", "92"),
        ("Her sats was 94 overnight.", "94"),
        ("Chemo cycle 1/6 done, pain 3/10 today.", "1/6"),
        ("Chemo cycle 1/6 done, pain 3/10 today.", "3/10"),
        ("吃了花生，过敏了。", "花生"),
        ("注意：这个药饭后吃。", "注意"),
        ("Seen in the Fracture Clinic, Outpatients B, on a Tuesday.", "Fracture Clinic"),
    ],
    "thirty-ninth": [
        ("Walked around 10000 steps near 59801 miles? no: 12000 steps.", "10000 steps"),
        ("Phase 3 trial, Stage 2 disease, heart Block 2 on the ECG.", "Phase 3"),
        ("Referred to the Breast Clinic, Nuffield Health Tunbridge Wells.", "Breast Clinic"),
        ("病人昨天送到第二人民医院。", "送到"),
        ("梅花：好看", "梅花"),
        ("Vitamin D 28374? no, 28 nmol/L in 2023.", "2023"),
        ("Took 90 today and 95 yesterday: sats are fine.", "90 today"),
        ("CA125 was 35, cea1234 is no handle; dose 3.5.1 ignored.", "CA125"),
        ("琴日去普通科門診拎藥。", "普通科門診"),
        ("喺荃灣普通科門診攞藥。", "普通科門診"),
    ],
    "fortieth": [
        ("MOD NOTE: be kind to each other.", "MOD NOTE"),
        ("DO NOT STOP TAKING IT. CALL GP.", "STOP TAKING"),
        ("HBV DNA 2.1×10^8 IU/mL before treatment.", "HBV DNA"),
        ("Mr Baker drained my Baker's cyst.", "Baker's cyst"),
        ("Dr said it's Parkinson's disease.", "Parkinson's disease"),
        ("Faith is off CPAP, Grace still on high flow.", "CPAP"),
    ],
    "forty-second": [
        # letter headers, roles and a kinship word alone are no speakers; a state is no town;
        # a greeting and a village's word are no place
        ("To: Patient Relations\nFrom: the ward\nSubject: complaint", "Patient Relations"),
        ("To: Patient Relations\nFrom: the ward\nSubject: complaint", "To"),
        ("Mummy: where are you\nMe: at the GP", "Mummy"),
        ("Nurse: BP is fine\nMe: ok", "Nurse"),
        ("Enugu State people please advise.", "State"),
        ("Bula! my son has had a fever since Friday.", "Bula"),
        ("Mon and Tue were fine, BP 130/80.", "Mon"),
    ],
    "forty-fourth": [
        # a remedy named after a saint; a file and an abbreviation are no web address; an
        # address's domain stays with it; a form's fields are no chat; an age beside an emoji;
        # a dose four times a day
        ("Has anyone in St. John's wort trials had side effects?", "wort"),
        ("Uploaded report.pdf, e.g. the ECG.", "report.pdf"),
        ("邮箱 yibao_fk@ zj.gov dot cn", "zj.gov"),
        ("费别：职工医保　门诊号：MZ0089123\n姓名：孔令芳\n医师：牛文博", "费别"),
        ("Take 500mg QID for 14 days.", "QID for 14"),
        ("在那种莆田系医院看的", "在那"),
    ],
    "forty-fifth": [
        # a title after a platform's bar, a header's field; a part of the body after an
        # ordinal; a pronoun before a hospital
        ("小红书笔记｜陪我爸在青海做肾移植的180天\n1月3号凌晨", "陪我爸"),
        ("投诉邮件｜收件：yzb@hospital.cn", "收件"),
        ("Undisplaced fracture of the 4th metacarpal.", "4th metacarpal"),
        ("后来还是拉到县医院拍了片", "还是"),
    ],
    "forty-sixth": [
        # a word closing a line after a hyphen; a blood pressure; a kind of unit
        ("Switched to 4-weekly.", "weekly"),
        ("BP at the drug shop was 152/101.", "152/101"),
        ("Seen in the Outpatient Infusion Centre.", "Outpatient"),
        ("注意事项：饮食-清淡为主", "清淡"),
    ],
    "forty-seventh": [
        # a role, a title or a word of speech in a display name; a brand after a number; a
        # reading after a nickname at a line's start
        ("楼主更新：宝宝今天退烧了", "楼主"),
        ("护理员小谭：阿姨今天血压130/80", "护理员"),
        ("致急诊科戚医生：谢谢您", "急诊科"),
        ("吃了3 Marvelon的第二周", "Marvelon"),
        ("小湯圓11/3在醫院出生", "圓"),
    ],
    "forty-eighth": [
        # a month and year that dates no event of the person's; a symbol before a display name
        ("Selling 2 boxes of Trajenta, expiry Dec 2025.", "Dec 2025"),
        ("The NICE guidance from June 2023 says so.", "June 2023"),
        ("→马姐：今天量了血压", "→"),
    ],
    "forty-ninth": [
        # weeks of a pregnancy are no date; a phone stops at its line's end
        ("我家二宝28周出生，查了五次", "28周"),
        ("电话137 6702 1185\n9/3 黄女士 要：可威", "要：可威"),
    ],
    "fiftieth": [
        # a lab value before "today" is no age; 大家在 opens no address; a question's subject
        # before 这个号 is no user name; an update's heading is no speaker
        ("CRP 240 on arrival, 90 today.", "90 today"),
        ("请大家在家也做好手卫生", "家也做好手卫生"),
        ("报销的时候要不要这个号？", "报销的时候要不要"),
        ("Update：孩子今天退烧了", "Update"),
    ],
    "fifty-first": [
        # 卫生 and 花生 are words, not a surname and 生; a role alone answers no name
        ("大家注意卫生，勤洗手", "卫生"),
        ("答（医生）：多喝水", "医生"),
    ],
    "fifty-second": [
        # a postcode rule stops before a phone's hyphen; two abbreviations are no register's
        # name; a town is no town in a post with capitals, and not before another word of it
        ("Booking via WA 0813-5521-7740 only.", "WA"),
        ("Admitted with PPH, Hb was 6.2 on arrival.", "PPH, Hb"),
        (
            "ok so i finally got seen at the clinic in bath and the surgery staff were lovely, "
            "tsh is fine now",
            "bath",
        ),
    ],
    "fifty-third": [
        # an ordinal before a course is no date; 我 opens no user name; a count says a kind
        # of clinic is meant
        ("She's on the 2nd course of antibiotics now.", "2nd course"),
        ("回复我邮箱就行：ab@example.com", "我邮箱就行"),
        ("分享一个免费诊所给大家", "一个免费诊所"),
        ("停咗药又入多次醫院", "多次醫院"),
    ],
    "fifty-fourth": [
        # 时, 管 and 文 before 医生 or 护士 are no surnames; 包工头 is a word; an address field
        # says nothing
        ("急诊时医生说要住院", "时医生"),
        ("主管护士来查房了", "主管护士"),
        ("包工头不给钱", "包工头"),
        ("Address: see above", "see above"),
    ],
    "fifty-fifth": [
        # a visual acuity, a score and a rating are no dates; a unit is no initial; a kind of
        # pharmacy names none
        ("VA R 6/9, 6/12.", "6/12"),
        ("rheumy did the Beighton score, 7/9, and said", "7/9"),
        ("Review: lovely staff, 4/5.", "4/5"),
        ("ketones are 1.8 mmol/L. Feel awful", "mmol/L. Feel"),
        ("在网上药房买的", "网上药房"),
        ("去一家连锁药店问了", "连锁药店"),
    ],
    "fifty-sixth": [
        # a remedy named for a saint is no place; 木工 and 童工 are trades; 钱老是 is money; a
        # word of being opens no 街道; a street's number is not minutes
        ("Ask if St. John's wort is safe", "St. John's wort"),
        ("他以前是木工，手很巧", "木工"),
        ("厂里不招童工，", "童工"),
        ("钱老是不够花", "钱老是"),
        ("喂，是长清区文昌街道卫生院吗？", "是"),
    ],
    "fifty-seventh": [
        # a reading before a time is no date; a volume given is no donor's number; an everyday
        # word is no user name; a road of no name is no street; a degree sign's letter is no
        # initial
        ("glucose 12.04 at 07:30 before breakfast", "12.04"),
        ("donor 450 mL today", "450 mL"),
        ("Logged by staff.", "staff"),
        ("在大马路上摔了一跤", "大马路"),
        ("Temp was 3.2°C. Podiatrist says rest", "3.2°C. Podiatrist"),
    ],
    "fifty-eighth": [
        # a sex after "yo" is no initial; a dose's range is no date; a pain score between
        # dashes is no date
        ("Roustabout, 41 yo M. Crush injury R index finger", "41 yo M. Crush"),
        ("not far off a human dose (7.5-15 mg). Watch", "7.5-15 mg"),
        ("Pain 6/10 – better today", "6/10"),
    ],
    "fifty-ninth": [
        # a dose pair is no date; 回 opening a word opens no reply's handle; 从小 is no nickname
        ("lisinopril-HCTZ 20/12.5 daily", "20/12.5"),
        ("回访记录：派车单号2024031800457", "回访记录"),
        ("我从小就怕打针", "从小"),
    ],
    "sixtieth": [
        # a note's fields are no chat's speakers; plural words greeted are no names; 至 ends no
        # hospital's name; a whole team signs no handle
        ("plan: rest and fluids\nnote: review in 2/52", "plan"),
        ("Dear Parents and Carers,", "Parents"),
        ("您的青光眼随访请仍至医院眼科进行。", "青光眼"),
        ("保重身体。\n——安宁病房全体医护", "安宁病房"),
    ],
    "sixty-first": [
        # a range of scores out of ten or of fractions before a unit is no date; 楼下 after a
        # verb of going is downstairs, no reply's floor; a vital sign is no part of a name
        ("pain went from 3/10-7/10 after the walk", "3/10-7/10"),
        ("take 1/2-3/4 tab at night", "1/2-3/4"),
        ("1.1  背景\n1.2  方法", "背景"),
        ("我走到楼下便利店买了口罩", "便利店"),
        ("Mr Dunbar BP 150/90 so no exercise today", "BP 150/90"),
        ("eGFR: 48, stable", "eGFR"),
    ],
    "sixty-sixth": [
        # a heading before a colon is no writer's name; a reading after a kinship word is no
        # name; a bed list is no list of days; a decimal after a test is no dotted day
        ("Recruiting: people with Parkinson's aged 50-80 for a trial", "Recruiting"),
        ("Fakatokanga: if your baby has a fever over 38°C", "Fakatokanga"),
        ("Need O-negative blood for my nanay, Hb 62 na po.", "Hb 62"),
        ("3号、5号、8号床今天出院", "8号床"),
        ("Hb was 10.12. Then transfused", "10.12."),
        ("Ward 5, 2024 Report", "2024 Report"),
    ],
    "sixty-seventh": [
        # a course's length is no day; a lone register number is no register; no diagnosis
        # after a field is a name; a reference range is no range of days; an address stops
        # at a greeting's ～
        ("given 2/7 course of antibiotics", "2/7"),
        ("ZN-0931 | F | 24 | ANC", "ZN-0931"),
        ("诊断：COPD Exacerbation", "COPD Exacerbation"),
        ("钾正常值：3.5-5.5", "3.5-5.5"),
        ("住在Cork的华人妈妈们好～我女儿8个月", "8个月"),
    ],
    "sixty-eighth and sixty-ninth": [
        # an adjective or an everyday word before a clinic is no town; a weight is no age; a
        # span of days in shorthand is no date; a family member before a time is no display
        # name; a Korean word that opens like a surname is no name
        ("Diabetic clinic moved to Thursdays", "Diabetic"),
        ("My hospital number is on the letter", "My"),
        ("my dad's 95 kg now, the dietitian says", "95"),
        ("Visit 3/7 later for wound check", "3/7"),
        ("奶奶 08:12\n吃了\n爸爸 08:15\n好", "奶奶"),
        ("이번주 检查", "이번주"),
        ("D2：抽血B超\nD5：加果纳芬", "D2"),
        ("Plan:\nstart ramipril\nfollow-up:\nin 2 weeks", "follow-up"),
    ],
    "seventieth": [
        # a diagnosis list or a thanks is no surname and given name; weeks in shorthand in a
        # Date field are no day; an Apgar score is no date
        ("History: COPD, Asthma, Diabetes", "COPD, Asthma"),
        ("Thanks, Mary for the lift", "Thanks"),
        ("Signed: K. Obi   Date: 2/52 post-op", "2/52"),
        ("Apgar 9-10-10 at birth", "9-10-10"),
    ],
    "seventy-first": [
        # a pain score after a weekday or after "last" and what it is is no date; a
        # temperature is no age
        ("mon 7/10 pain, tue 3/10", "7/10"),
        ("Temp 96F orally", "96F"),
        ("Last week 4/10 pain, now 2/10", "4/10"),
    ],
    "seventy-second": [
        # a count after MAM, a chat's note label, a form's word after "Signed", a place's run
        # that stops at a verb of going
        ("MAM 118 children screened", "MAM 118"),
        ("[09:00] Jo: hi\n[09:05] Meds: given", "Meds"),
        ("Consent form: Signed Copy.", "Copy"),
        ("他从林家湾骑三轮去镇上", "骑三轮去镇上"),
    ],
    "seventy-third": [
        # a date and its time are no phone number; a reading's decimal and the next line's
        # date are two things; a function word after "dr"; a specialty's clinic
        ("Collected: 14.03.2024 09:10 — 1 x EDTA", "09:10"),
        ("Hb 10.2\nMar 4 – booked", "10.2"),
        ("u need to tell her dr about that", "about"),
        ("Follow-up Spine clinic 6 weeks", "Spine clinic"),
        ("谢谢医生！刚刚医生说可以出院", "谢谢"),
    ],
    "seventy-fourth": [
        # a form's next field after a name and two spaces; a twin's word after "baby girl"
        ("Name: Tariq Aziz   Age: 6y 1m", "Age"),
        ("Baby Girl Twin A in cot 3", "Twin"),
    ],
    "seventy-fifth": [
        # a date in ISO form before a time is no phone number; a clinician's days or weeks
        # and half a tablet are no dates
        ("培训 2024-05-07 14:20 签到", "14:20"),
        ("Pt discharged 3/7 ago, now SOB", "3/7"),
        ("cough for 2/52, seen in clinic", "2/52"),
        ("1/2 片 每日两次", "1/2"),
        ("经公路口岸入境", "公路"),
    ],
    "seventy-sixth": [
        # a count of days, a maker's brand in quotes, a ward named after a tree
        ("申請精神科住院賠償，住院日數共 21 日。", "21 日"),
        ("“张仲景”牌六味地黄丸能不能和舍曲林一起吃", "张仲景"),
        ("Visitors log – Larch Ward, 14/02/24.", "Larch Ward"),
    ],
    "seventy-eighth": [
        # a scale named after a hospital, a street's kind read in English, a grandmother, a
        # Korean word ending in 동 with no word of where before it, a month and year with no
        # event before it
        ("the Hospital Anxiety and Depression Scale score 14", "Hospital Anxiety"),
        ("join via Zoom 12 people", "via Zoom 12"),
        ("おばあちゃんが転んだ", "おばあ"),
        ("每天做운동 30分钟", "운동"),
        ("expiry Dec 2025 on the box", "Dec 2025"),
    ],
    "seventy-ninth": [
        # a mountain "this" one, half a mountain, the capital's airport, a child not woken
        ("我们在这座山上休息了一会", "这座山"),
        ("爬到半山腰休息", "半山"),
        ("在首都机场T3接机", "首都"),
        ("他叫不醒，快叫救护车，", "不醒"),
    ],
    "eightieth": [
        # the local notary's office, a trial's registration with a dash, a dose after rx, a
        # US state's initials, an age under 90 at death, a child by birth order and a role
        # listed beside a name
        ("去当地公证处办继承公证", "当地公证处"),
        ("registered as NCT-0451 on the site", "NCT-0451"),
        ("rx 2500 mg daily", "2500"),
        ("made in the (U.S.) plant", "U.S."),
        ("she passed away at 87 in her sleep", "87"),
        ("参加：患者长子龚志远、次女、主管医生尹、社工", "次女"),
        ("参加：患者长子龚志远、次女、主管医生尹、社工", "社工"),
    ],
    "eighty-first": [
        # a school read of what a child attends, a church of a faith and no place
        ("我的孩子在读国小，功课很多", "在读国小"),
        ("The United Reformed Church says otherwise.", "United Reformed Church"),
    ],
    "eighty-second": [
        # a shelter gone to, the local lock-up, a murmur's grade, a bed's number, a number in
        # brackets after a person that is no age over 89
        ("他被送去救助站了", "救助站"),
        ("当地看守所说不收", "当地看守所"),
        ("has a VSD murmur grade 3/6 and has never", "3/6"),
        ("他睡A12号床，今天出院", "A12"),
        ("the patient (88) is fine", "88"),
    ],
    "eighty-third": [
        # an everyday word after a trade or before thanks, a month and year dating a thing, a
        # line of a form, a hearing centre with no name
        ("Coach Trip to the seaside", "Trip"),
        ("my PT Session was hard", "Session"),
        ("Again, thanks for all the replies.", "Again"),
        ("Selling two boxes, expiry Dec 2025, meet in town", "Dec 2025"),
        ("per the NICE guideline of June 2023 we stop at 12 weeks", "June 2023"),
        ("see line 4 of the form", "4"),
        ("去了医院的听力中心", "听力中心"),
    ],
    "eighty-fourth": [
        # a kind of eating place, a word before "and I", a time before a market, a reading's
        # bound, a country of one word after ở
        ("The Indian Restaurant was shut", "Indian Restaurant"),
        ("Diabetes and I are old friends.", "Diabetes"),
        ("老豆3號晚喺沙河街市晕低", "3號"),
        ("去一家火锅店吃饭", "火锅店"),
        ("血糖低于3.9一定要开斋", "3.9"),
        ("Con tôi học ở Pháp", "Pháp"),
    ],
    "eighty-fifth": [
        # a kind of unit with no name, a count of weeks, a span of weeks after a weekday, a
        # department on call, a thread started by a kind of person
        ("went to the Maternity Unit at 8am", "Maternity Unit"),
        ("The Maternity Unit was busy all night", "Maternity Unit"),
        ("护士站说孕28周后每两周一次产检。", "周一"),
        ("Nakunan ako last Sabado, 8 weeks na sana.", "8 weeks"),
        ("要喺有24小時麻醉科當值嘅醫院生", "麻醉科"),
    ],
    "eighty-sixth": [
        # a field's word before its colon, a flush that is a symptom
        ("Update: all good now\nnote: bring the letter", "Update"),
        ("Update: all good now\nnote: bring the letter", "note"),
        ("面部潮红 Flushing 明显", "Flushing"),
    ],
    "eighty-seventh": [
        # a day after a name's title, a kind of temple, the womb, a dose after "on", a bin,
        # a disease after a child
        ("明天法师来做法事", "明天"),
        ("村里的关帝庙旁边有诊所", "关帝"),
        ("剖宫产后第10天，吊盐水", "剖宫产"),
        ("he was started on 2.5 mg at night", "2.5"),
        ("put it in the Recycling bin Monday", "Recycling"),
        ("我儿子Covid阳了三天", "Covid"),
    ],
    "eighty-eighth": [
        # an exercise opening a line, a reading after a dash, a field, a lower-case word
        # that is English, the wish of a hundred years, a dose after a block's cue
        ("2. Squatting – hold 10 sec x 5", "Squatting"),
        ("Sats – 94% on air", "Sats"),
        ("Update – family informed", "Update"),
        ("我问了doctor 他说没事", "doctor"),
        ("祝您长命百岁，福如东海", "百"),
        ("my bro keeps asking about it", "keeps"),
    ],
    "eighty-ninth": [
        # sun after "on", the people and not a surname, a name's field
        ("put it on sun cream before the match", "sun"),
        ("老百姓看病难", "百"),
        ("请填写姓名和学号", "姓名"),
    ],
    "ninetieth": [
        # a ward for what it treats, a number at a death that is no age, a lab's GFR, a role
        ("transferred to the Renal Ward on day 3", "Renal Ward"),
        ("he died at 95% sats on oxygen", "95"),
        ("his GFR is 98 so they accepted him", "98"),
        ("Yours sincerely,\nConsultant Transplant Nephrologist", "Nephrologist"),
    ],
    "ninety-first": [
        # a cod soup, our mother, a kind of factory, a relative as the contact
        ("대구탕 한 그릇 먹었어요", "대구"),
        ("우리 엄마 생신", "우리"),
        ("这家电子厂的食堂", "这家电子厂"),
        ("紧急联系人：父亲 13800001111", "父亲"),
    ],
    "ninety-second": [
        # a dose's ratio, a country after 我家, a kind of bakery, a generic office
        ("prednisolone 1/2 tablet twice", "1/2"),
        ("我家Canada那边的亲戚", "Canada"),
        ("这家烘焙坊的面包", "烘焙坊"),
        ("去社會保障辦事處申請", "社會保障辦事處"),
    ],
    "ninety-third": [
        # a clinic's service under its centre, a role after "seen by", a Greek adjective,
        # a department alone, people thanked, a fraction after 您 is no date
        ("– Riverside Centre Sexual Health", "Sexual Health"),
        ("Seen by SHO, bloods sent.", "SHO"),
        ("νοσηλεύτηκε στη Καρδιολογική Κλινική", "Καρδιολογική"),
        ("我去泌尿科复查", "泌尿科"),
        ("感谢姐妹们推荐，我去试试", "姐妹们"),
        ("The Sexual Health Clinic texted me", "Sexual Health Clinic"),
    ],
    "ninety-fourth": [
        # a layout of a page, a half tablet before 前, a dose after a grandparent, a shop's kind
        ("changed the Page Layout of the form", "Page Layout"),
        ("饭前1/2片", "1/2"),
        ("my abuela takes 10 mg daily", "10 mg"),
        ("这家药行的价格", "药行"),
    ],
    "ninety-fifth": [
        # a kind of eye clinic after 的, a doubled word opening a post, a fraction after 是, a
        # Dutch role before a word
        ("医院的儿童眼科排队很久", "儿童眼科"),
        ("妈妈你看这个", "妈妈"),
        ("剂量是1/2片", "1/2"),
        ("Tandarts zegt dat het goed is", "zegt"),
    ],
    "ninety-sixth": [
        # a year after a word of when, a bracketed saturation, a common word opening a reply,
        # an everyday word before a relative, a section number after "on"
        ("确诊于2019，后来复发", "2019"),
        ("Mum (92 on room air) was", "room air"),
        ("thanks you lot", "thanks"),
        ("Stage (3, T2N1) was", "Stage"),
        ("see section on 4.2. for", "section"),
        ("在医院的药剂科上班", "药剂科"),
    ],
    "ninety-seventh": [
        # a plate's word before a number that is no plate, a kind of prosthesis after 的, 向 as a
        # preposition, a boss's word before a surname that is no name, a kind of clinic in kana
        ("the plate, 3 screws and", "3 screws"),
        ("装的进口假肢", "进口假肢"),
        ("我想向医生咨询一下", "向医生"),
        ("老板说不用报", "老板说"),
        ("老公在外地", "老公"),
    ],
}

# (text, a word): left by the whole redactor, rules, NER and tagger.
KEPT = {
    "ninth": [
        ("Started on Augmentin Duo Forte for the chest infection.", "Augmentin Duo Forte"),
        ("The nurse changed his Foley this morning.", "Foley"),
        ("Is the scan covered by PhilHealth or not?", "PhilHealth"),
        ("Mum was taken straight into Resus last night.", "Resus"),
        ("楼主可以去看看风湿免疫科，强直要早治。", "风湿免疫科"),
        ("老伴中风后住在康复医院。", "康复医院"),
        ("说英语的医生哪家医院有？", "哪家医院"),
        ("尿酸590，要不要吃非布司他？", "尿酸590"),
        ("门诊在周二下午，要早点去排队。", "周二"),
    ],
    "tenth": [
        ("The rheumatologist thinks it is Sjögren’s syndrome.", "Sjögren’s syndrome"),
        ("Take prednisolone 15 mg 10/5/5 for the flare.", "10/5/5"),
        ("The stoma bags from Dansac suit her skin better.", "Dansac"),
        ("My insulin pump rep from Medtronic called today.", "Medtronic"),
        ("The recall notice came from Halden Pharma last week.", "Halden Pharma"),
        ("The GP referred us under Right to Choose.", "Right to Choose"),
        ("她在上海一家三甲医院做的手术。", "三甲医院"),
        ("最近老是水样便，吃了思密达。", "水样便"),
        ("查出乳腺增生，医生说观察。", "乳腺增生"),
        ("她去了社区卫生服务中心打针。", "社区卫生服务中心"),
    ],
    "fourteenth": [
        # Chinese drug brands
        ("吃了息斯敏还是打喷嚏。", "息斯敏"),
        ("化疗后打了升白针（瑞白）。", "瑞白"),
    ],
    "seventeenth": [
        # a name field that names no one
        ("患者姓名不详，男，约60岁。", "不详"),
        # a drug the tagger might read as a day after "on"; a clinic's weekly day
        ("Stelara worked for me but I was on Entyvio for a year first.", "Entyvio"),
        ("吴主任的门诊是周三下午。", "周三下午"),
        ("联系人：未知", "未知"),
    ],
    "nineteenth": [
        # a ward and bed where a patient lies; a centile; a brand's second word; a maker
        ("住在3病区12床，隔壁很吵。", "3病区12床"),
        ("Weight went from the 75th to the 25th centile.", "75th"),
        ("The nurse switched her to Invega Sustenna last month.", "Invega Sustenna"),
        ("It is a different pen, made by Lilly.", "Lilly"),
        ("Wore a Holter for two days.", "Holter"),
        ("Solu-Cortef 100 mg IM and straight to A&E. Got seen fast.", "A&E. Got"),
        ("高原红细胞增多症要不要放血？", "高原红细胞增多症"),
    ],
    "twenty-third": [
        # a word for a person that the tagger read as a pet name
        ("小姑娘发烧了，38.5度，要不要去医院？", "小姑娘"),
        # a place the tagger cut out of a kind of hospital
        ("矫正6个月还不会翻身，需要去妇幼保健院做康复吗？", "妇幼保健院"),
    ],
    "forty-second": [
        # an e-mail or URL in Chinese ends where the Latin letters do; eponyms and a drug
        ("如有法布雷病患者可联系fabry.case@qq.com，谢谢", "法布雷病"),
        ("用过www.haodf-guahao.net这个挂号网站？挂的神经内科", "神经内科"),
        ("They tried the modified Valsalva first.", "Valsalva"),
        ("FNA came back Bethesda III, so indeterminate.", "Bethesda III"),
        ("Her heart was doing 160 in AF.", "AF"),
        ("吃了Escapelle会不会影响月经？", "Escapelle"),
    ],
    "forty-fourth": [
        ("The Septanest numbing worked first time.", "Septanest"),
        ("Hydrate lang talaga, Pocari + ORS.", "Pocari"),
        ("Hypo treatment: 3 Dextro tabs, recheck in 15 min", "Dextro"),
        ("Vaccination record please (MMR, DTaP-IPV-Hib, Men-C).", "DTaP-IPV-Hib"),
        (
            "Bounced from Rheumatology to Dermatology to Gastro before anyone said Behçet's.",
            "Gastro",
        ),
        ("Bell's palsy at 29 🙃 Left side of my face dropped overnight.", "29"),
        ("台中的診所開了思樂康跟樂復得，請問新卡要先登記嗎？", "思樂康"),
        ("有没有乙肝大三阳的姐妹一起交流的", "大三阳"),
        ("头颅MRI海马萎缩，确诊以后吃多奈哌齐", "海马萎缩"),
        ("经检测含违禁成分西布曲明，已封禁。", "西布曲明"),
    ],
    "forty-fifth": [
        ("糖耐0-1-2小时 5.3/10.9/8.7，第一个数超了", "5.3/10.9/8.7"),
        ("A Marie Curie nurse comes three nights a week.", "Marie Curie nurse"),
        ("He was diagnosed with Lou Gehrig's disease last year.", "Lou Gehrig's disease"),
        ("She did Jenny Craig for a year.", "Jenny Craig"),
        ("Cody needs Tommy John surgery on his elbow.", "Tommy John surgery"),
        ("Try Mrs. Dash instead of salt and Dr. Scholl's diabetic socks.", "Mrs. Dash"),
        ("Kegel exercises every day after the birth.", "Kegel exercises"),
        ("Ordered Thyronorm 50, received Thyronorm 25 instead.", "Thyronorm 25"),
        ("种植体用的是士卓曼，一颗一万二。", "士卓曼"),
        ("今天透析室的小黎说血钾高了", "透析室"),
    ],
    "forty-sixth": [
        ("Avoid NSAIDs (Ibuprofen, Diclofenac) for now.", "Diclofenac"),
        ("Had my Hep A jab before the trip.", "Hep A"),
        ("She is doing Panchakarma at a retreat.", "Panchakarma"),
        ("吃了生螺肉得了广州管圆线虫病", "广州管圆线虫病"),
        ("醫生說是貝爾氏麻痺，要吃類固醇", "貝爾氏麻痺"),
        ("转到卒中单元观察", "卒中单元"),
    ],
    "forty-seventh": [
        ("Is it safe to take Mara Moja with Panadol Extra?", "Mara Moja"),
        ("If under 4 give Lucozade and call me.", "Lucozade"),
        ("Bombay blood group donor needed urgently!", "Bombay blood group"),
        ("Asthma: inhaler in school bag\nAllergy: penicillin", "Asthma"),
        ("Uncle Lim说他有G6PD缺乏，不能吃川莲", "G6PD缺乏"),
        ("差点酮症酸中毒进医院", "酮症酸中毒"),
        ("胸片上写的右肺上叶小结节要紧吗", "小结节"),
    ],
    "forty-eighth": [
        ("川崎病的手脚脱皮，杨梅舌，高烧五天", "杨梅舌"),
        ("叫佢貼下黃道益啦，我聽日攞去", "黃道益"),
        ("德國麻疹即係風疹", "德國麻疹"),
        ("Referred to Speech and Language Therapy for her swallow.", "Speech and Language Therapy"),
        ("A bucket handle meniscus tear needs surgery.", "bucket handle meniscus tear"),
        ("Nitrofurantoin 100mg MR BD x3 days", "BD"),
        ("The Herbert protocol form is on the fridge.", "Herbert protocol"),
        ("老人每天早睡早起，喜欢吃青菜豆腐", "青菜豆腐"),
    ],
    "forty-ninth": [
        ("Gibbs cycle, placement week 6 (elderly care)", "Gibbs cycle"),
        ("She is on Deferasirox for iron overload.", "Deferasirox"),
        ("Dad was exposed to Agent Orange in 1969.", "Agent Orange"),
        ("still in the Coronary Care Unit, troponin up again", "Coronary Care Unit"),
        ("孩子一直吃專思達，最近胃口差", "專思達"),
        ("每週三天去日照中心", "日照中心"),
    ],
    "fiftieth": [
        # a brand read as a name; a clinical term inside a user name; an allergy; a workstation
        ("Switched from Yasmin to Katya 30/75 last month.", "Katya 30/75"),
        ("转发：@豆豆的妈妈家孩子确诊脊髓性肌萎缩症，求助", "脊髓性肌萎缩症"),
        ("过敏史：青霉素过敏、芒果过敏", "芒果过敏"),
        ("楼主详细写了她妈妈做PD-1免疫治疗的经过", "PD-1免疫治疗"),
        ("放射科PACS工作站调不出影像", "PACS工作站"),
        ("宝宝腰上那块青色是蒙古斑，不用担心", "蒙古斑"),
    ],
    "fifty-first": [
        # a sentence the tagger once read as a web address; Rh-negative blood; brands
        ("Moro em Lowell e preciso de um médico que fale português.", "preciso de um médico"),
        ("急需RhD阴性O型血（熊猫血），请转发", "熊猫血"),
        ("We are running short of ORS and Ringer's lactate.", "Ringer's lactate"),
        ("戒烟第3天，在吃安非他酮150mg", "安非他酮"),
        ("She takes Puran T4 88mcg every morning.", "Puran T4"),
    ],
    "fifty-second": [
        # brands and terms read as names; a clinical term the tagger ran on into after a venue
        ("We hired a Pride Go-Go Elite Traveller for the trip.", "Pride Go-Go Elite Traveller"),
        ("He is on the Lidcombe Program for his stammer.", "Lidcombe Program"),
        ("Donations to Alzheimer Scotland, please.", "Alzheimer Scotland"),
        ("朋友在锦绣KTV醉酒后反复呕吐", "醉酒"),
        ("当年叫武漢肺炎，现在叫新冠", "武漢肺炎"),
    ],
    "fifty-third": [
        # terms and a payment service read as names or places; a snack read as a nickname
        ("The cut was closed with Steri-strips and glue.", "Steri-strips"),
        ("Matilda's sputum grew Pseudomonas again.", "Pseudomonas"),
        ("确诊为急性淋巴细胞白血病（费城染色体阳性）", "费城染色体阳性"),
        ("附近有没有靠谱的针灸诊所？", "针灸诊所"),
        ("食堂给糖尿病患者送了无糖汤圆", "无糖汤圆"),
        ("I paid the pharmacy by M-Pesa this morning.", "M-Pesa"),
    ],
    "fifty-fourth": [
        # departments named alone, brands and terms read as names or places
        ("Kindly assess in Urology.", "Urology"),
        ("Her follow-up in Rheumatology is next month.", "Rheumatology"),
        ("We use dimeticone lotion such as Hedrin.", "Hedrin"),
        ("Stool culture grew Vibrio after the oysters.", "Vibrio"),
        ("Ponseti casting started at two weeks.", "Ponseti casting"),
        ("Abbey Pain Scale score was 9.", "Abbey Pain Scale"),
        ("Lost my baby's Road-to-Health card.", "Road-to-Health card"),
        ("护臀膏用的是郁美净", "郁美净"),
    ],
    "fifty-fifth": [
        ("Mum gave him Disudrin for the fever.", "Disudrin"),
        ("He was seen at the Bariatric clinic today.", "Bariatric"),
    ],
    "fifty-sixth": [
        ("He gets HbSS crises twice a year.", "HbSS"),
        ("Ward 3 (Care of the Elderly) was full.", "Care of the Elderly"),
        ("Called to Maternity at 19:40 for the family.", "Maternity"),
        ("Seen at the Minor Injuries Unit in 40 mins.", "Minor Injuries Unit"),
        ("给我爸开的药里有马钱子，吃完抽搐", "马钱子"),
        ("@骨科小刘医生这期讲半月板损伤讲得真清楚", "半月板损伤"),
    ],
    "fifty-seventh": [
        ("Also given: typhoid Vi, hep A booster.", "typhoid Vi"),
        ("Pain 7/10, given Penthrox with good effect.", "Penthrox"),
        ("She was referred to the Melanoma Clinic in Launceston.", "Melanoma Clinic"),
        ("Photo log – Diabetic Foot Clinic, ward 3", "Diabetic Foot Clinic"),
        ("government hospital有戒烟诊所吗？", "戒烟诊所"),
        ("在某机构做的双眼皮埋线，线结外露", "双眼皮埋线"),
        ("安定心理医院精神科病区家属探视改为线上预约", "精神科病区"),
    ],
    "fifty-eighth": [
        ("they want to start nebulised Tobi for 28 days", "Tobi"),
        ("Dad took the dog's Metacam by mistake", "Metacam"),
        ("Hep C RNA positive – refer to Hepatology.", "Hepatology"),
        ("Thanks,\nStudent Health", "Student Health"),
        ("Kind regards, Student Health Centre", "Student Health Centre"),
    ],
    "fifty-ninth": [
        ("宝宝可乐黄疸复查：经皮胆红素12.3，不用照蓝光了", "黄疸复查"),
        ("狂犬疫苗第3针（共5针，Essen法）", "Essen法"),
        ("Rabies vaccine on the Zagreb regimen in Split", "Zagreb regimen"),
    ],
    "sixtieth": [
        ("Keep the kids covered at dusk and slap on the Bushman's.", "Bushman's"),
        ("isolation ward na Kenema wit Lassa. Dem don start ribavirin", "Lassa"),
        ("Dear Allergy Clinic,\nMy son had hives after cashew", "Allergy Clinic"),
        ("CARER QUESTIONNAIRE – Memory Clinic\nPatient: Vernon Caudill", "Memory Clinic"),
    ],
    "sixty-first": [
        ("Booking: G3P2, 34 weeks, low-lying placenta", "G3P2"),
        ("十二指肠溃疡复查，胃镜见愈合", "十二指肠溃疡"),
        ("She gets Webster packs from the chemist now.", "Webster packs"),
        ("Referred to Audiology after the newborn screen", "Audiology"),
        ("The Gender Identity Clinic wrote back at last", "Gender Identity Clinic"),
        ("Haberman奶瓶喂了20ml", "Haberman"),
        ("瑞思迈的面罩漏气怎么办", "瑞思迈"),
        ("Kala-azar treated with AmBisome in Gedaref", "Kala-azar"),
    ],
    "sixty-second": [
        ("Baby was born 3.4kg at 39 weeks", "3.4kg"),
        ("初三(2)班学生晨检发热", "初三"),
        ("She had a Jadelle implant put in last year", "Jadelle"),
        ("接触者5人医学观察14天", "医学观察"),
        ("高丽参炖鸡能不能吃", "高丽参"),
    ],
    "sixty-third": [
        ("pain scores\n4/10 morning\n6/10 evening", "4/10"),
        ("granny pressure 190 ova 110 an she need fi tek losartan", "110"),
        ("They gave me Calcium Sandoz after the thyroidectomy", "Calcium Sandoz"),
        ("送到卒中中心做了溶栓", "卒中中心"),
    ],
    "sixty-fourth": [
        ("PCI with 2 DES stents last year", "DES"),
        ("demam dah 3 hari, batuk", "dah 3"),
        ("Borg 12 at the end of the walk test", "Borg 12"),
        ("free blood pressure checks after Jumat prayers", "Jumat"),
        ("老年男性，76岁，eGFR 38", "老年"),
        ("宝宝男，2岁3个月，反复喘息", "宝宝"),
        ("收件人：校医院\n老师好", "校医院"),
        ("I called NHS 111 last night", "111"),
        ("Hausarzt 给我开了 Überweisung 去看 Dermatologe", "Hausarzt"),
        ("Stock-out of Depo for 3 weeks", "Depo"),
        ("Scan + bloods: Fertility Unit, second floor", "Fertility Unit"),
    ],
    "sixty-fifth": [
        ("Her DOB is on the form", "Her"),
        ("Twins born at 34 weeks", "Twins"),
        ("prends le 2,5 mg deux fois par jour avec le repas", "2,5 mg"),
        ("BP 120/80 at 10:30 after the walk", "120/80"),
        ("Penta 1-2-3 given, HPV dose 2 due", "Penta 1-2-3"),
        ("admitted to ITFC for SAM", "ITFC"),
        ("Pf positive on the RDT, IV NS 2 L stat", "IV NS 2 L"),
        ("医生建议转院到省城", "转院"),
    ],
    "sixty-sixth": [
        ("For antenatal checks, contact LHV Saima at the Booni BHU", "LHV"),
        ("Nifedipine 30 mg SR, Gamow bag, heli requested", "Gamow bag"),
        ("Bay 1: J. Moffat – waiting TTOs (Edoxaban 60 mg)", "TTOs"),
        ("test rápido positivo pa malária", "malária"),
        ("回复：pregabaline 75mg 可以问一下", "pregabaline 75mg"),
        ("我在特拉维夫的 Kupat Holim 打了第四针", "Kupat Holim"),
    ],
    "sixty-seventh": [
        ("Salt: no Lo-Salt (it's potassium chloride!)", "Lo-Salt"),
        ("NEWS2 = 6, escalated to FY1.", "FY1"),
        ("guide twisted his ankle, Ottawa rules negative, strapped it", "Ottawa rules"),
        ("finally has an ultrasound machine (Mindray DC-30)", "Mindray DC-30"),
        ("blisters both heels, Compeed, light duties 48 hrs", "Compeed"),
        ("编号 HIV-5331-0097  ART 方案 TDF+3TC+EFV", "ART"),
        ("独龙江乡孔当村义诊小结：甲状腺肿 11 人", "义诊"),
    ],
    "sixty-eighth and sixty-ninth": [
        ("Referred to Eye Casualty for a foreign body", "Eye Casualty"),
        ("Group O Rh+, Kell neg, crossmatched 2 units", "Kell neg"),
        ("Bristol type 6 x3 overnight", "Bristol type 6"),
        ("tied on, suspected Russell's viper, 20WBCT >20 min", "Russell's viper"),
        ("鼻咽癌 T2N1M0，同步放化疗", "T2N1M0"),
        ("囊胚移植 D5 4AA ×1", "D5 4AA"),
        ("早餐前一直在3.9-10之间", "3.9-10"),
        ("IV NS 1 L. Recovered by evening", "L. Recovered"),
        ("抗蛇毒血清 10000 U 静滴", "静滴"),
    ],
    "seventieth": [
        ("Papa test came back NILM", "Papa test"),
        ("hip scan shows Graf IIa, review at 12 weeks", "Graf IIa"),
        ("started TARV last month", "TARV"),
        ("Havrix 1440 booster due", "Havrix 1440"),
        ("我在校医院开了布洛芬", "校医院"),
    ],
    "seventy-second": [
        ("EDS hypermobility type, Fibromyalgia, on amitriptyline", "Fibromyalgia"),
        ("referred to the Community Mental Health Team for review", "Community Mental Health Team"),
        ("started Glycomet 500 twice daily", "Glycomet"),
        ("皮肤出现大理石纹，考虑减压病", "大理石纹"),
        ("血压掉到70/40，休克表现", "休克"),
    ],
    "seventy-third": [
        ("百草枯中毒没有特效解毒药", "百草枯"),
        ("回来后查出右心室肥厚", "右心室肥厚"),
        ("hypermobile EDS, Beighton score 7/9", "Beighton score 7/9"),
    ],
    "seventy-fourth": [
        ("OPV and Hib/MenC given today", "Hib/MenC"),
        ("PT评估说肌张力偏高", "肌张力偏高"),
        ("referred to the Sports Injury Clinic", "Sports Injury Clinic"),
    ],
    "seventy-fifth": [
        ("failed on the 3M 1863, passed on the Alpha Solway", "Alpha Solway"),
        ("Ishihara 17/17 both eyes", "Ishihara 17/17"),
        ("厂里新配的AED是Philips HeartStart", "Philips HeartStart"),
        ("Patient: Ugyen Wangmo   CID: 11410003217   67F", "67F"),
    ],
    "seventy-sixth": [
        ("孩子16岁，暑假每天打《王者荣耀》十几个小时", "王者荣耀"),
        ("by video from Ashford Lodge, Juniper Ward. Section 3", "Juniper Ward"),
        ("2 years after he stopped his Depakene. We live in", "Depakene"),
        ("a Roger pen would help in meetings", "Roger pen"),
    ],
    "seventy-eighth": [
        ("I've tried Duspatalin and Colofac, nothing works", "Duspatalin"),
        ("BMI 41, STOP-BANG 6, Mallampati III. Listed for", "Mallampati III"),
        ("the chemist gave my father Ecosprin 75 and Rosuvas 10", "Ecosprin 75"),
        ("placed 2 Straumann implants for $2,400", "Straumann"),
        ("OP：Hüft-TEP links（左全髋关节置换）", "Hüft-TEP"),
        ("Diet: soft & bite-sized, Fresubin twice daily", "Fresubin"),
        ("The Stollen went down well at the ward party", "Stollen"),
        # a clinic's name does not take in the 介 of 转介 (refer to) before it
        ("医生建议转介仁济医院做检查", "转介"),
    ],
    "seventy-ninth": [
        ("glued my chin with Dermabond like a pro", "Dermabond"),
        ("pôs Compeed e Betadine. No dia seguinte", "Betadine"),
        ("在藥局買了彈性繃帶跟撒隆巴斯。這樣要不要", "撒隆巴斯"),
        ("都中了 Bali belly，拉到脱水", "Bali belly"),
        ("一男子自泡草乌酒喝了半斤", "草乌"),
        ("reduced w entonox + Cunningham technique, no sedation", "Cunningham technique"),
    ],
    "eightieth": [
        ("急诊给了 Flammazine 每天换药", "Flammazine"),
        ("医院开的奥施康定（盐酸羟考酮缓释片）10mg 能拿到外面药店配吗", "奥施康定"),
        ("必要时咪达唑仑镇静", "咪达唑仑"),
        ("溃疡性结肠炎，Mayo 2分，现在美沙拉嗪", "Mayo 2分"),
        ("宝宝是重型，Hb Bart's水肿胎，只能引产", "Hb Bart's"),
        ("肿胀，Ottawa踝关节规则阴性", "Ottawa踝关节规则"),
    ],
    "eighty-first": [
        ("Quick q for the Fabry lot: is Fabrazyme still", "Fabry"),
        ("Batten treatment (Brineura infusions). Envelopes", "Brineura"),
        ("and the Dravet diagnosis was clinical", "Dravet"),
        ("Late-onset Pompe, diagnosed in 2019", "Pompe"),
        ("being treated for Diamond-Blackfan anaemia and needs", "Diamond-Blackfan anaemia"),
        ("Cystinosis since small, on Cystagon and the eye drops", "Cystagon"),
        ("安安是软骨发育不全，FGFR3 G380R", "软骨发育不全"),
        ("主要係 Prader-Willi 同 Williams 症候群嘅家長", "Williams 症候群"),
        ("后来确诊 Alagille 综合征，JAG1 突变", "Alagille 综合征"),
        ("有冇人識邊度做 Cuevas Medek？", "Cuevas Medek"),
    ],
    "eighty-second": [
        ("聽日我陪你去美沙酮飲", "美沙酮"),
        ("由美沙冬轉丁基原啡因（Subutex）8mg舌下", "丁基原啡因"),
        ("Referred for an Istanbul Protocol examination at the clinic", "Istanbul Protocol"),
        ("no heel-prick (Guthrie) done. Weight 3.4kg", "Guthrie"),
        ("using Oradexon - moon face, BP 146/92", "Oradexon"),
        ("最近一次 Li level 1.4 mmol/L，伴手震", "Li level"),
    ],
    "eighty-third": [
        ("Dietitian says protein 60-80g a day and Forceval daily.", "Forceval"),
        ("then wash and Hustle Butter thin 2-3x daily", "Hustle Butter"),
        ("GP says capsular contracture, probably Baker III. The", "Baker III"),
        ("my son was a Norwood 5 before the grafts", "Norwood 5"),
        ("Her Dexcom G7 had stopped reading", "Dexcom G7"),
        ("did the Neer test and Hawkins-Kennedy, both positive", "Hawkins-Kennedy"),
        ("after I'd failed Drysol for a year", "Drysol"),
        ("Tobradex for a week then Hyal-Drop as needed.", "Hyal-Drop"),
        ("您这个是Norwood 4级，后枕部毛囊够的", "Norwood 4"),
        ("一个月后鼻小柱发红破口", "鼻小柱"),
        ("说是韩国的Nabota，一单位$8", "Nabota"),
    ],
    "eighty-fourth": [
        ("travel clinic gave YF-Vax and Viatim on the same day", "YF-Vax"),
        ("two doses of Fendrix before dialysis", "Fendrix"),
        ("he had Efluelda at the surgery", "Efluelda"),
        ("heat exhaustion, 2L Hartmann's through, repeat U&Es at 6pm", "Hartmann's"),
        ("heat exhaustion, 2L Hartmann's through, repeat U&Es at 6pm", "U&Es"),
        ("医生说是柯萨奇A16，这周先请假", "柯萨奇"),
        ("fruit bats carry Hendra virus here", "Hendra virus"),
    ],
    "eighty-fifth": [
        ("Hips: Barlow and Ortolani negative.", "Ortolani"),
        ("ok lang ba ang Ceelin sa 8 months na baby?", "Ceelin"),
        (
            "Baby thriving on Aptamil First Infant Milk, approx 150 ml/kg/day.",
            "Aptamil First Infant Milk",
        ),
        ("two units of blood and a Bakri balloon", "Bakri balloon"),
        ("Given Hexa 2, PCV13, Rota 2.", "Hexa 2"),
        ("she's on Poly-Vi-Sol with iron now.", "Poly-Vi-Sol"),
        ("Taking Obimin and Calvin Plus daily naman.", "Calvin Plus"),
        ("Dr Wood who did my Neville-Barnes forceps", "Neville-Barnes"),
        ("mababa daw ang dugo ko, Hgb 98, kaya FeSO4", "Hgb 98"),
        ("It's the 16 week ones, 6-in-1 and MenB, so", "MenB"),
        ("they use the Plastibell, $350.", "Plastibell"),
        ("2 year review (ASQ-3): communication 40", "ASQ-3"),
        ("taking Prenate Mini. Trying not to", "Prenate Mini"),
        ("an appointment in the Fetal Medicine Unit at the hospital", "Fetal Medicine Unit"),
        ("用了猪肺磷脂（固尔苏），现在上无创CPAP", "固尔苏"),
        ("有冇人試過用 Medela 谷奶", "Medela"),
        ("28周打了 WinRho。", "WinRho"),
        ("回奶可以吃维生素B6或者炒麦芽", "炒麦芽"),
        ("实际上孩子只是低张力，在康复科做训练", "低张力"),
    ],
    "eighty-sixth": [
        ("#NOF, DHS on Tues. Hb 84 this am", "DHS"),
        ("Seen today. Florid Raynaud's with positive anti-centromere", "Raynaud's"),
        ("via emergency CS at 36 weeks. Preeclampsia, my BP was 180/110", "Preeclampsia"),
        ("Bitte Traubenzucker geben und in 15 Minuten erneut messen", "Traubenzucker"),
        ("吃避孕藥（黛麗安）三個月了一直頭痛", "黛麗安"),
        ("諾西那生鈉（Spinraza）健保只給付部分", "諾西那生鈉"),
    ],
    "eighty-seventh": [
        ("Switched to Hypurin porcine insulin for Ramadan", "Hypurin"),
        ("M-M-RvaxPro given at the mosque clinic", "M-M-RvaxPro"),
        ("师父让我妈吃灵芝孢子粉，能和化疗一起吗", "灵芝孢子粉"),
        ("出院以后要用助行器走路", "助行器"),
        ("杨梅舌，手脚脱皮，考虑川崎病", "杨梅舌"),
    ],
    "eighty-eighth": [
        ("换了瑞声达的助听器，比奥迪康清楚", "瑞声达"),
        ("换了瑞声达的助听器，比奥迪康清楚", "奥迪康"),
        ("確診中度失智，開始吃愛憶欣", "失智"),
        ("阿茲海默症的早期表现", "阿茲海默"),
        ("Fitted with Signia Pure 7X last month", "Signia Pure"),
        ("2. Bridging – hold 5 sec x 10", "Bridging"),
    ],
    "eighty-ninth": [
        ("Lumbar stress fracture L4 pars on MRI", "Lumbar"),
        ("Termin beim Orthopäden am Montag", "Orthopäden"),
        ("胸腔闭式引流，肺复张良好", "肺复张"),
        ("Apple鼻梁骨折，缝了三针", "鼻梁骨折"),
    ],
    "ninetieth": [
        ("switched from Advagraf to Envarsus last month", "Envarsus"),
        ("my HeartMate 3 alarmed at night", "HeartMate 3"),
        ("Result is mild acute rejection, Banff RAI 4.", "Banff RAI"),
        ("Her MELD is 31 from PSC.", "PSC"),
        ("running 3 hrs at Qb 400", "Qb 400"),
        ("他一直吃新山地明，浓度偏低", "新山地明"),
        ("符合米兰标准，可以排队", "米兰标准"),
        ("查了新斯的明试验阳性", "新斯的明"),
    ],
    "ninety-first": [
        ("jejunal feed at 40 ml/hr of Peptamen", "Peptamen"),
        ("blended diet via Mic-Key button", "Mic-Key"),
        ("MNA-SF 7/14, weight loss 6%", "MNA-SF"),
        ("Kind regards,\nRenal Dietitian", "Dietitian"),
        ("PEG insertion for oesophageal Ca, unable to swallow", "oesophageal Ca"),
        ("培养出金黄色葡萄球菌", "金黄色葡萄球菌"),
        ("孕妇要小心李斯特菌", "李斯特菌"),
    ],
    "ninety-second": [
        ("uses a Tobii Dynavox I-13 to talk", "Tobii Dynavox"),
        ("new ReSound Omnia aids fitted", "ReSound"),
        ("Advanced Bionics Naída CI M90 processor", "Advanced Bionics"),
        ("power-assist wheels (SmartDrive) funded", "SmartDrive"),
        ("walks with a Kaye walker at school", "Kaye walker"),
        ("a Jaipur foot from the camp", "Jaipur foot"),
        ("seizures from Lennox-Gastaut since infancy", "Lennox-Gastaut"),
        ("部機係Phonak Sky，右耳", "Phonak Sky"),
    ],
    "ninety-third": [
        ("switched from Nur-Isterate to the implant", "Nur-Isterate"),
        ("Con Diane 35 me iba bien", "Diane 35"),
        ("RPR: Non-reactive", "Non-reactive"),
        ("refer back if Hct exceeds 0.54", "Hct"),
        ("黄体支持用的雪诺同90mg", "雪诺同"),
        ("诊断用鹿特丹标准，三条满足两条", "鹿特丹标准"),
        ("医生说是中度OHSS，胚胎全冻", "中度OHSS"),
    ],
    "ninety-fourth": [
        ("collect it at the Outpatient Pharmacy tomorrow", "Outpatient Pharmacy"),
        ("moved me from Eutirox 100 to 112 mcg", "Eutirox"),
        ("isotretinoína (Roacutan) 20mg", "Roacutan"),
        ("Insulina NPH 100 UI/ml por la noche", "Insulina"),
        ("My NovoPen Echo stopped clicking", "NovoPen Echo"),
        ("找到普拿疼兒童液了", "普拿疼"),
    ],
    "ninety-fifth": [
        ("Silvadene cream on the burn", "Silvadene"),
        ("Zaditen drops twice a day", "Zaditen"),
        ("tape the eye with Lacri-Lube at night", "Lacri-Lube"),
        ("the optometrist suggested MiSight lenses", "MiSight"),
        ("Kmax 54 D in the left eye", "Kmax"),
        ("Diagnose: seborrhoisches Ekzem", "seborrhoisches Ekzem"),
        ("隐适美青少年版", "隐适美"),
        ("鼓室图B型，要放通气管", "鼓室图"),
    ],
    "ninety-sixth": [
        ("the day unit has Dignicap now", "Dignicap"),
        ("Tumour board said no surgery", "Tumour board"),
        ("用的是康乐保的造口袋", "康乐保"),
        ("Miles术后永久造口", "Miles术"),
        ("芬戈莫德吃了两年", "芬戈莫德"),
        ("赣州透析中心排班调整", "透析中心"),
        ("肺康复第八周", "肺康复"),
        ("Amoena的义乳", "Amoena"),
    ],
    "ninety-seventh": [
        ("ibuprofen and Nolotil for the pain", "Nolotil"),
        ("dressed with Acticoat every 3 days", "Acticoat"),
        ("打的是Zagreb 2-1-1程序", "Zagreb 2-1-1"),
        ("髌骨骨折张力带术后", "张力带"),
        ("腰椎L1-L3多节段骨折", "多节段"),
        ("康复医院的神经康复科说", "神经康复科"),
    ],
}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("令和6年3月15日に作業中に腰を痛めて", "令和6年3月15日"),
        ("表哥2022年8月在工地中暑", "2022年8月"),
    ],
)
def test_a_date_takes_in_the_era_or_the_year_its_finding_left_out(text, value):
    # the tagger found 6年3月15日 and 年8月; the era's name and the year's digits still date it
    assert covered(text, value, "DATE"), find_identifiers(text)


def test_a_province_before_a_display_name_is_part_of_the_name():
    # the tagger read 海南老候鸟 as one name, the rules 海南 as a province dropped alone
    text = "海南老候鸟：老周，你们在三亚的异地备案是在哪办的？"
    assert redact_text(text)[0].startswith("[NAME]："), redact_text(text)


def test_a_kind_of_hospital_after_a_place_joins_it_inside_the_taggers_place():
    # the rules found 玄武湖, the tagger 玄武湖康复医院; 康复医院 alone names no hospital
    text = "思思说要去玄武湖康复医院的神经内科调药"
    assert covered(text, "玄武湖康复医院", "LOCATION"), find_identifiers(text)


def test_a_kind_of_hospital_after_a_city_alone_stays_inside_the_taggers_place():
    # the rules found 福州, the tagger 福州康复医院; a city's rehabilitation hospital names none
    assert "康复医院" in redact_text("老伴去年中风，现在在福州康复医院。")[0]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("然后去Melanoma Institute Australia扩大切除", "Melanoma Institute Australia"),
        (
            "GP转诊去了National Hospital for Neurology and Neurosurgery，基因检测",
            "National Hospital for Neurology and Neurosurgery",
        ),
        ("病人Wong Ka Ho（CMR 8123）於週五獲批", "Wong Ka Ho"),
    ],
)
def test_the_taggers_whole_place_or_name_takes_in_a_rules_part_of_it(text, value):
    # a rule found the start (Melanoma Institute, National Hospital, Wong Ka); the tagger's
    # span of the same kind holds it and runs on
    assert covered(text, value), find_identifiers(text)


def cases(table: dict[str, list[tuple[str, ...]]]) -> list[object]:
    return [
        pytest.param(*row, id=f"{freeze}-{n}")
        for freeze, rows in table.items()
        for n, row in enumerate(rows)
    ]


@pytest.mark.parametrize(("text", "kind", "value"), cases(FOUND))
def test_a_class_is_found_whole_by_the_rules(text, kind, value, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert covered(text, value, kind), find_identifiers(text)


@pytest.mark.parametrize(("text", "word"), cases(EDGES))
def test_the_rules_leave_their_edges(text, word, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert word in redact_text(text)[0]


@pytest.mark.parametrize(("text", "word"), cases(KEPT))
def test_clinical_and_everyday_words_are_kept(text, word):
    assert word in redact_text(text)[0]


def test_a_term_the_allow_list_keeps_inside_an_address_protects_nothing():
    # 江中健胃消食片 is kept as a whole brand, not 江中 alone, which 湘江中路 holds.
    text = "长沙市开福区湘江中路二段那个社区卫生服务中心能打九价吗"
    assert redact_text(text)[0].startswith("[LOCATION]")
    assert "江中健胃消食片" in redact_text("还是江中健胃消食片管用")[0]


def test_no_name_or_place_runs_over_a_line_break():
    # the NER read "Inga\nSat" of a log as one name, and the next line's weekday was lost
    text = "sig: Inga\nSat 20/07 14:10 | Thorfinn Drever (Scout, age 13) | sig: Inga\nSun 21/07"
    findings = find_identifiers(text)
    assert all("\n" not in text[f.start : f.end] for f in findings), findings
    assert covered(text, "Sun 21/07", "DATE"), findings


def test_a_courier_prefix_joins_the_number_found_after_it():
    assert "SF" not in redact_text("谁拿错我快递了？顺丰SF1428807365521，是冷链的生长激素")[0]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("—— 言语治疗师 Amy 林", "Amy 林"),  # an English given name and a Chinese surname
        ("Ingrid 陈：我家也是，周五约了复查", "Ingrid 陈"),
        ("Girl, Kerry-Ann tell me she pressure was 190", "Kerry-Ann"),  # read as a place
        ("在Rotterdam-Zuid的 huisarts 看了", "Rotterdam-Zuid"),
        ("倷晓得伐，菱塘弄浪向顾医生个中医诊所", "菱塘弄"),  # the lane's word closes the place
        ("1. 马成福  兴隆镇单家集  6:20", "兴隆镇单家集"),  # a village after its town
        ("陳太：唔該幫我約西貢嘅普通科門診", "陳太"),  # Mrs Chan
        ("Skier M. Vuković, 23, twisting fall", "M. Vuković"),  # the given name's initial
        ("@ritaoftheglen@mastodon.ie fourth infusion done", "@ritaoftheglen@mastodon.ie"),
        ("MOBILE CXR VAN – w/c 6 May", "w/c 6 May"),  # the week it opens
        ("上个月去了平潭岛，晒伤", "平潭岛"),  # an island's word
        ("在东山县铜陵镇老家过寒假", "东山县铜陵镇"),  # a town's word right after its county
        ("Cindy 杨在大理古城摔了", "Cindy 杨"),  # the surname before a word of what happened
        ("Field note: 贡山县丙中洛 – 妇女", "贡山县丙中洛"),  # a village closing a clause
    ],
)
def test_a_finding_runs_on_over_what_closes_its_name(text, value):
    findings = find_identifiers(text)
    assert any(text[f.start : f.end] == value for f in findings), findings


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("住台北市大同區延平北路二段61巷7號4樓，九十六歲", "台北市大同區延平北路二段61巷7號4樓"),
        (
            "报到地点：锦江区牛市口街道社区戒毒社区康复工作站。",
            "锦江区牛市口街道社区戒毒社区康复工作站",
        ),
        ("请在6月30日前归还和平里街道助残服务站，逾期", "和平里街道助残服务站"),
        ("妈妈去白石岗强制隔离戒毒所看你", "白石岗强制隔离戒毒所"),
        ("寄给 Mr Zheng：133-47 Cedar Brook Ave, Apt 3F, Flushing", "133-47 Cedar Brook Ave"),
        ("Tuesday night meeting, St Kevin's parish hall, sign-in:", "St Kevin's parish hall"),
        # seventy-eighth: a shop on a Hong Kong street's ground floor, a flat after a block
        ("阿嫲喺深水埗福華里18號地下嗰間中醫診所針灸", "深水埗福華里18號地下"),
        ("家訪紀錄：黃大仙鳳德南邨翠鳳樓1214室，阿May姐", "鳳德南邨翠鳳樓1214室"),
    ],
)
def test_a_place_runs_on_over_its_lane_floor_station_or_hall(text, value):
    # seventy-sixth: the whole address or facility, not the part a rule or the tagger found
    assert covered(text, value, "LOCATION"), find_identifiers(text)
