"""Redaction measured on the labelled PII sets in tests/data/pii/ (see its README.md):
identifier span recall and clinical-detail survival per language, and the share of snippets
rejected whole, with NER on.

Development sets (the detectors were tuned on them): en/zh.jsonl, written first;
en/zh_heldout.jsonl, written afterwards; en/zh_dev.jsonl, built from templates by
generate_dev.py; en/zh_dev2.jsonl by hand for the third freeze. en/zh_blind.jsonl to
en/zh_blind65.jsonl were each written by hand after a freeze, measured once on it, and then
tuned on (the learned tagger is trained on every set): development data now.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from medrubric.data.models import Message, Thread
from medrubric.errors import InputError
from medrubric.redact import redact_ner
from medrubric.redact.pii_eval import PiiScore, load_snippets, parse_marked, score
from medrubric.redact.redact import redact_text, redact_threads
from medrubric.screen.safety import reidentification_risk

PII = Path(__file__).parents[1] / "data" / "pii"
MIN_RECALL = 0.99
MAX_REJECTED = 0.05
DEVELOPMENT = ("", "_heldout", "_dev", "_dev2")


def redact_spans(text: str) -> tuple[str, list[tuple[int, int]]]:
    redacted, findings = redact_text(text)
    return redacted, [(f.start, f.end) for f in findings]


def test_ner_components_are_installed_for_the_tests():
    assert redact_ner.missing_components() == []
    assert redact_ner.ner_note() is None


@pytest.mark.parametrize("language", ["en", "zh"])
def test_labelled_set_recall_and_clinical_detail_survival(language, record_property, capsys):
    snippets = [s for part in DEVELOPMENT for s in load_snippets(PII / f"{language}{part}.jsonl")]
    assert len(snippets) >= 60 + 30 + 400
    result = score(snippets, redact_spans)
    record_property(f"{language}_recall", round(result.recall, 4))
    record_property(f"{language}_survival", round(result.survival, 4))
    figures = (
        f"{language}: recall {result.recall:.3f} ({result.caught}/{result.spans}), "
        f"survival {result.survival:.3f} ({result.kept}/{result.details}), "
        f"spurious findings {len(result.spurious)}/{result.findings}"
    )
    with capsys.disabled():  # the figures show in every test run, not only on failure
        print(f"\n[pii] {figures}")
    assert result.recall >= MIN_RECALL, f"{figures}; missed: {result.missed}"
    assert result.survival == 1.0, f"{figures}; lost: {result.lost}"


def test_held_out_recall_and_clinical_detail_survival():
    """en/zh_blind were written after the detector was frozen; their first-run figures are in
    bench/RESULTS.md. The detector was changed once after that run, so this is a regression
    floor at the issue's targets, no longer a blind measurement."""
    scores = {
        lang: score(load_snippets(PII / f"{lang}_blind.jsonl"), redact_spans)
        for lang in ("en", "zh")
    }
    caught = sum(r.caught for r in scores.values())
    spans = sum(r.spans for r in scores.values())
    assert caught / spans >= 0.95
    for lang, r in scores.items():
        assert r.recall >= 0.93, (lang, r.missed)
        assert r.survival >= 0.97, (lang, r.lost)


# The second, third and fourth blind sets were measured once each on their freeze
# (bench/RESULTS.md, "## Redaction: second blind set", frozen at c2eb8d0, "## Redaction: third
# blind set", frozen at f5a9a45, "## Redaction: fourth blind set", frozen at 302f37b, "##
# Redaction: fifth blind set", frozen at 965e64a, "## Redaction: sixth blind set", frozen at
# 0d584b7, "## Redaction: seventh blind set", frozen at 9235569, "## Redaction: eighth blind
# set", frozen at dd3228b, "## Redaction: ninth blind set", frozen at bfb7b25, "## Redaction:
# tenth blind set", frozen at dceb8d0, "## Redaction: eleventh blind set", frozen at c233544)
# and then used as development
# data: the learned tagger is trained on all of them
# ("## Redaction: learned tagger", "## Redaction: sixth freeze", "## Redaction: seventh
# freeze"). Blind 2-4 hold freeze-5's figures, blind 5 freeze-6's, blind 6 freeze-7's
# (fitted: its misses were read for freeze-7), blind 7 freeze-8's (fitted: its misses were
# read for freeze-8, and the tagger is trained on it; its first run at freeze-7 was 505/553);
# blind 8 freeze-9's (fitted: its misses were read for freeze-9, and the tagger is trained on
# it; its first run at freeze-8 was 562/619: EN 272/291, ZH 290/328, details 604/609); blind 9
# freeze-9's with the tagger trained on it (its first run at freeze-9, the tagger not trained
# on it, was 509/556: EN 251/277, ZH 258/279, details 794/805); blind 3
# ZH lost four labels (provinces
# alone, 省妇幼) in freeze-8's relabelling. Freeze-10's rules (read from blind 9's misses)
# raised the floors of blind 3-6 and 9 to its figures with the same tagger. Blind 10 holds
# freeze-10's figures with the tagger trained on it (its first run at freeze-10, the tagger not
# trained on it, was 506/571: EN 241/276, ZH 265/295, details 794/802). Blind 11 holds
# freeze-12's rules with the tagger trained on it (its first run at freeze-12, the tagger not
# trained on it, was 486/560: EN 236/293, ZH 250/267, details 788/802); retrained on it, the
# tagger reads the second of two implant serials (CI-622 0917346) as a phone from "622" on and
# leaves "CI-", so blind 8 ZH holds 323, one under freeze-9's 324. A handle's "@" redacted with
# it (10 handles of blind 11 were left as "@[NAME]") raised blind 10 EN and blind 11.
# Freeze-13's rules (read from blind 7-11's misses) raised 15 of these floors with the same
# tagger (blind 8 ZH back to 324); none fell. Blind 12 holds freeze-13's rules with the tagger
# trained on it (its first run at freeze-13, the tagger not trained on it, was 518/561: EN
# 254/277, ZH 264/284, details 847/854); retrained on it, the tagger's best path read "typed"
# before a number as a name, so a tagged name that is one short lower-case word and no given
# name is dropped (every such label in the sets is a given name or a long handle).
# Freeze-14's rules (read from blind 8-12's misses) raised 12 of these floors with the same
# tagger; none fell. Freeze-15's rules (read from blind 13 and 14's misses) raised 7 (blind 13
# EN's details to the 399 the retrained tagger already kept); none fell. Blind 16 holds its
# figures with the tagger trained on it and the handle, 个姓 and 叔/伯 rules read from its misses
# (its first run, the tagger not trained on it, was 549/583: EN 279/295, ZH 270/288, details
# 783/792); those rules raised blind 10 and 14 ZH by one each. Blind 17 holds its figures with
# the tagger trained on it and the rules read from its misses (a weekday with last/this/next, a
# range of days before a month, a compound after a street number, care homes, a masked name
# after a Chinese word, letters-first ids after RAMQ-like cues); its first run, the tagger not
# trained on it, was 566/616: EN 278/309, ZH 288/307, details 855/864. Those rules raised blind
# 4, 7, 11, 15 and 16 by one each. Blind 18 holds its figures with the tagger trained on it
# (its first run, the tagger not trained on it, was 571/619: EN 284/310, ZH 287/309, details
# 829/839); retrained on it, the tagger read a clinic's weekday (门诊是周三下午) as a date and Ida
# in FLAG-Ida as a name, so a weekday after 门诊/出诊 is no date and FLAG-Ida is a kept term;
# a nickname in quotes inside a full name and a compound surname with no cue raised it by three.
# Blind 19 holds its figures with the tagger trained on it and the rules read from its misses
# (its first run, the tagger not trained on it, was 579/621: EN 286/312, ZH 293/309, details
# 886/892); those rules (honorifics, SURNAME, GIVEN, last digits, Hijri days, dotted and 民國
# dates, flats, metro stations, Traditional script, names with particles and apostrophes)
# raised blind 5, 10, 16, 17 and 18 too. Blind 20 holds its figures with the tagger trained on
# it and the rules read from its misses (its first run, the tagger not trained on it, was
# 577/614: EN 288/309, ZH 289/305, details 813/821, one English snippet rejected whole, none
# now); those rules (ages after "my mam is", hospitals with "and" or "hosp", "last four",
# Singapore addresses, [at]/[dot] e-mails, 我家老陈, handles with digits opening a reply, 我是 +
# an English name, dotted date ranges) raised blind 4, 6 and 17 too. Blind 21 holds its
# figures with the tagger trained on it and the rules read from its misses (its first run, the
# tagger not trained on it, was 583/622: EN 289/312, ZH 294/310, details 831/839); those rules
# (姓 + a surname, estates, 街道 after a city, handles after ID, schools, St. hospitals,
# lower-case surnames after dr or mr, a lower-case name in brackets after a relative) raised
# blind 2, 12 and 18 too. Blind 22 holds the figures of the tagger trained on it, with no rule
# read from it (its first run, the tagger not trained on it, was 578/619: EN 285/308, ZH
# 293/311, details 796/801). Blind 23, 24 and 25 likewise hold the figures of the tagger trained
# on them and the rules read from their misses; blind 25's first run, the tagger not trained on
# it, was 644/700 (EN 312/349, ZH 332/351, details 1,003/1,022).
# Caught
# identifiers, labelled identifiers, clinical details kept, details, snippets rejected whole; floors
# against regression, not measures of unseen text.
MEASURED = {
    ("blind2", "en"): (232, 233, 317, 320, 0),
    ("blind2", "zh"): (246, 246, 334, 334, 0),
    ("blind3", "en"): (237, 238, 235, 235, 0),
    ("blind3", "zh"): (223, 225, 201, 202, 0),
    ("blind4", "en"): (283, 294, 418, 418, 0),
    ("blind4", "zh"): (272, 278, 346, 346, 0),
    ("blind5", "en"): (269, 271, 492, 493, 0),
    ("blind5", "zh"): (262, 269, 436, 436, 0),
    ("blind6", "en"): (272, 273, 391, 391, 0),
    ("blind6", "zh"): (307, 309, 412, 413, 0),
    ("blind7", "en"): (291, 291, 334, 334, 0),
    ("blind7", "zh"): (262, 262, 462, 462, 0),
    ("blind8", "en"): (291, 291, 346, 346, 0),
    ("blind8", "zh"): (327, 328, 263, 263, 0),
    ("blind9", "en"): (274, 277, 364, 364, 0),
    ("blind9", "zh"): (276, 279, 440, 441, 0),
    ("blind10", "en"): (274, 276, 378, 380, 0),
    ("blind10", "zh"): (292, 295, 421, 422, 0),
    ("blind11", "en"): (283, 293, 394, 396, 0),
    ("blind11", "zh"): (266, 267, 403, 406, 0),
    ("blind12", "en"): (277, 277, 399, 402, 0),
    ("blind12", "zh"): (284, 284, 451, 452, 0),
    ("blind13", "en"): (256, 256, 403, 405, 0),
    ("blind13", "zh"): (287, 288, 385, 386, 0),
    ("blind14", "en"): (251, 256, 360, 360, 0),
    ("blind14", "zh"): (251, 254, 384, 384, 0),
    ("blind15", "en"): (258, 262, 468, 470, 0),
    ("blind15", "zh"): (255, 259, 435, 435, 0),
    ("blind16", "en"): (292, 295, 398, 399, 0),
    ("blind16", "zh"): (286, 288, 392, 393, 0),
    ("blind17", "en"): (304, 307, 443, 444, 0),
    ("blind17", "zh"): (304, 306, 419, 420, 0),
    ("blind18", "en"): (306, 310, 426, 426, 0),
    ("blind18", "zh"): (306, 309, 413, 413, 0),
    ("blind19", "en"): (311, 312, 477, 477, 0),
    ("blind19", "zh"): (307, 309, 415, 415, 0),
    ("blind20", "en"): (309, 309, 408, 408, 0),
    ("blind20", "zh"): (305, 305, 413, 413, 0),
    ("blind21", "en"): (309, 312, 416, 416, 0),
    ("blind21", "zh"): (309, 310, 423, 423, 0),
    ("blind22", "en"): (301, 308, 402, 404, 0),
    ("blind22", "zh"): (306, 311, 397, 397, 0),
    ("blind23", "en"): (315, 320, 429, 431, 0),
    ("blind23", "zh"): (364, 369, 431, 431, 0),
    ("blind24", "en"): (337, 340, 454, 457, 0),
    ("blind24", "zh"): (348, 349, 362, 363, 0),
    ("blind25", "en"): (347, 349, 548, 550, 0),
    ("blind25", "zh"): (349, 351, 467, 472, 0),
    ("blind26", "en"): (349, 359, 510, 514, 0),
    ("blind26", "zh"): (356, 356, 461, 461, 0),
    ("blind27", "en"): (353, 360, 504, 506, 0),
    ("blind27", "zh"): (355, 359, 454, 454, 0),
    ("blind28", "en"): (361, 366, 507, 511, 0),
    ("blind28", "zh"): (367, 372, 467, 469, 0),
    ("blind29", "en"): (364, 370, 523, 524, 0),
    ("blind29", "zh"): (355, 359, 466, 467, 0),
    ("blind30", "en"): (476, 490, 512, 513, 0),
    ("blind30", "zh"): (907, 924, 1022, 1024, 0),
    ("blind31", "en"): (319, 320, 396, 396, 0),
    ("blind31", "zh"): (326, 327, 494, 498, 0),
    ("blind32", "en"): (455, 459, 522, 524, 0),
    ("blind32", "zh"): (412, 418, 361, 361, 0),
    ("blind33", "en"): (437, 438, 421, 425, 0),
    ("blind33", "zh"): (458, 458, 475, 475, 0),
    ("blind34", "en"): (509, 514, 412, 414, 0),
    ("blind34", "zh"): (520, 525, 495, 498, 0),
    ("blind35", "en"): (410, 414, 480, 483, 0),
    ("blind35", "zh"): (418, 420, 454, 454, 0),
    ("blind36", "en"): (390, 393, 448, 450, 0),
    ("blind36", "zh"): (408, 411, 562, 563, 0),
    ("blind37", "en"): (396, 399, 517, 518, 0),
    ("blind37", "zh"): (404, 406, 493, 494, 0),
    ("blind38", "en"): (405, 405, 501, 503, 0),
    ("blind38", "zh"): (390, 394, 551, 552, 0),
    ("blind39", "en"): (411, 418, 595, 599, 0),
    ("blind39", "zh"): (404, 410, 822, 822, 0),
    ("blind40", "en"): (431, 442, 627, 631, 0),
    ("blind40", "zh"): (515, 524, 652, 653, 0),
    ("blind41", "en"): (432, 433, 542, 543, 0),
    ("blind41", "zh"): (405, 410, 535, 535, 0),
    ("blind42", "en"): (407, 411, 726, 727, 0),
    ("blind42", "zh"): (411, 412, 524, 524, 0),
    ("blind43", "en"): (403, 407, 564, 567, 0),
    ("blind43", "zh"): (399, 401, 642, 644, 0),
    ("blind44", "en"): (407, 410, 570, 572, 0),
    ("blind44", "zh"): (392, 398, 659, 659, 0),
    ("blind45", "en"): (405, 406, 553, 554, 0),
    ("blind45", "zh"): (413, 414, 466, 466, 0),
    ("blind46", "en"): (410, 414, 520, 520, 0),
    ("blind46", "zh"): (382, 391, 435, 435, 0),
    ("blind47", "en"): (386, 389, 492, 492, 0),
    ("blind47", "zh"): (410, 412, 621, 621, 0),
    ("blind48", "en"): (402, 404, 586, 586, 0),
    ("blind48", "zh"): (433, 437, 709, 710, 0),
    ("blind49", "en"): (405, 408, 528, 530, 0),
    ("blind49", "zh"): (392, 396, 543, 543, 0),
    ("blind50", "en"): (398, 399, 565, 565, 0),
    ("blind50", "zh"): (391, 392, 582, 582, 0),
    ("blind51", "en"): (413, 414, 522, 522, 0),
    ("blind51", "zh"): (397, 399, 564, 564, 0),
    ("blind52", "en"): (388, 392, 544, 544, 0),
    ("blind52", "zh"): (383, 393, 535, 536, 0),
    ("blind53", "en"): (391, 393, 486, 486, 0),
    ("blind53", "zh"): (406, 408, 485, 485, 0),
    ("blind54", "en"): (493, 493, 630, 631, 0),
    ("blind54", "zh"): (414, 417, 499, 499, 0),
    ("blind55", "en"): (397, 397, 418, 418, 0),
    ("blind55", "zh"): (397, 402, 431, 431, 0),
    ("blind56", "en"): (403, 403, 489, 489, 0),
    ("blind56", "zh"): (400, 401, 524, 524, 0),
    ("blind57", "en"): (423, 423, 469, 469, 0),
    ("blind57", "zh"): (400, 400, 486, 486, 0),
    ("blind58", "en"): (394, 397, 529, 529, 0),
    ("blind58", "zh"): (393, 396, 479, 480, 0),
    ("blind59", "en"): (407, 408, 408, 409, 0),
    ("blind59", "zh"): (394, 396, 443, 443, 0),
    ("blind60", "en"): (391, 393, 398, 398, 0),
    ("blind60", "zh"): (406, 409, 390, 390, 0),
    ("blind61", "en"): (389, 390, 429, 430, 0),
    ("blind61", "zh"): (382, 382, 475, 475, 0),
    ("blind62", "en"): (434, 435, 507, 508, 0),
    ("blind62", "zh"): (422, 427, 499, 499, 0),
    ("blind63", "en"): (414, 418, 432, 433, 0),
    ("blind63", "zh"): (415, 422, 470, 474, 0),
    ("blind64", "en"): (400, 404, 540, 541, 0),
    ("blind64", "zh"): (416, 421, 602, 602, 0),
    ("blind65", "en"): (434, 440, 505, 506, 0),
    ("blind65", "zh"): (410, 416, 445, 445, 0),
    ("blind66", "en"): (413, 418, 486, 488, 0),
    ("blind66", "zh"): (426, 430, 602, 606, 0),
    ("blind67", "en"): (420, 426, 539, 541, 0),
    ("blind67", "zh"): (426, 431, 554, 556, 0),
    ("blind68", "en"): (400, 408, 589, 589, 0),
    ("blind68", "zh"): (406, 411, 507, 507, 0),
    ("blind69", "en"): (434, 438, 492, 493, 0),
    ("blind69", "zh"): (423, 427, 462, 462, 0),
    ("blind70", "en"): (419, 422, 529, 531, 0),
    ("blind70", "zh"): (417, 419, 486, 488, 0),
    ("blind71", "en"): (405, 411, 567, 571, 0),
    ("blind71", "zh"): (417, 419, 365, 367, 0),
    ("blind72", "en"): (408, 410, 392, 393, 0),
    ("blind72", "zh"): (405, 406, 470, 470, 0),
    ("blind73", "en"): (412, 418, 480, 481, 0),
    ("blind73", "zh"): (407, 410, 403, 403, 0),
    ("blind74", "en"): (401, 408, 556, 559, 0),
    ("blind74", "zh"): (406, 412, 543, 543, 0),
    ("blind75", "en"): (405, 408, 448, 451, 0),
    ("blind75", "zh"): (394, 398, 394, 395, 0),
    ("blind76", "en"): (409, 415, 393, 394, 0),
    ("blind76", "zh"): (410, 411, 271, 271, 0),
    ("blind77", "en"): (399, 402, 550, 553, 0),
    ("blind77", "zh"): (405, 408, 381, 384, 0),
    ("blind78", "en"): (778, 787, 541, 545, 0),
    ("blind78", "zh"): (507, 516, 515, 516, 0),
    ("blind79", "en"): (395, 397, 610, 611, 0),
    ("blind79", "zh"): (507, 515, 457, 457, 0),
    ("blind80", "en"): (398, 399, 376, 376, 0),
    ("blind80", "zh"): (393, 397, 258, 258, 0),
    ("blind81", "en"): (381, 390, 475, 478, 0),
    ("blind81", "zh"): (386, 392, 561, 561, 0),
    ("blind82", "en"): (392, 398, 481, 481, 0),
    ("blind82", "zh"): (394, 402, 413, 414, 0),
    ("blind83", "en"): (401, 404, 426, 426, 0),
    ("blind83", "zh"): (415, 418, 563, 563, 0),
    ("blind84", "en"): (409, 411, 250, 252, 0),
    ("blind84", "zh"): (409, 415, 475, 475, 0),
    ("blind85", "en"): (400, 403, 436, 437, 0),
    ("blind85", "zh"): (408, 412, 467, 468, 0),
    ("blind86", "en"): (397, 401, 410, 411, 0),
    ("blind86", "zh"): (414, 417, 460, 460, 0),
    ("blind87", "en"): (419, 421, 466, 466, 0),
    ("blind87", "zh"): (398, 405, 458, 458, 0),
    ("blind88", "en"): (399, 404, 375, 375, 0),
    ("blind88", "zh"): (410, 417, 367, 367, 0),
    ("blind89", "en"): (405, 412, 422, 422, 0),
    ("blind89", "zh"): (397, 405, 441, 441, 0),
    ("blind90", "en"): (422, 424, 480, 480, 0),
    ("blind90", "zh"): (423, 424, 351, 351, 0),
    ("blind91", "en"): (416, 420, 599, 599, 0),
    ("blind91", "zh"): (420, 426, 368, 368, 0),
    ("blind92", "en"): (416, 421, 366, 368, 0),
    ("blind92", "zh"): (616, 622, 421, 422, 0),
    ("blind93", "en"): (393, 397, 424, 424, 0),
    ("blind93", "zh"): (485, 490, 637, 637, 0),
    ("blind94", "en"): (395, 398, 351, 352, 0),
    ("blind94", "zh"): (405, 406, 368, 368, 0),
    ("blind95", "en"): (419, 420, 429, 429, 0),
    ("blind95", "zh"): (489, 491, 311, 312, 0),
    ("blind96", "en"): (450, 453, 461, 461, 0),
    ("blind96", "zh"): (445, 448, 437, 437, 0),
    ("blind97", "en"): (417, 417, 508, 508, 0),
    ("blind97", "zh"): (442, 446, 434, 445, 0),
}


@pytest.mark.parametrize(("part", "language"), list(MEASURED))
def test_later_held_out_set_measurements_hold(part, language):
    """One redaction of each snippet gives both the scores and the rejections: a thread of
    that one message is rejected when what `redact_threads` would leave of it (these marked
    texts) still risks re-identifying someone."""
    snippets = load_snippets(PII / f"{language}_{part}.jsonl")
    caught, spans, kept, details, rejected = MEASURED[part, language]
    marked: list[str] = []

    def redact_and_keep(text: str) -> tuple[str, list[tuple[int, int]]]:
        redacted, found = redact_spans(text)
        marked.append(redacted)
        return redacted, found

    result = score(snippets, redact_and_keep)
    assert (result.spans, result.details) == (spans, details)
    assert result.caught >= caught, result.missed
    assert result.kept >= kept, result.lost
    left = [
        Thread(source="t", thread_id=s.id, messages=[Message(author_role="patient", text=text)])
        for s, text in zip(snippets, marked, strict=True)
    ]
    assert sum(reidentification_risk(thread) is not None for thread in left) <= rejected


@pytest.mark.parametrize("language", ["en", "zh"])
def test_few_labelled_snippets_are_rejected_whole(language):
    snippets = [s for part in DEVELOPMENT for s in load_snippets(PII / f"{language}{part}.jsonl")]
    threads = [
        Thread(source="t", thread_id=s.id, messages=[Message(author_role="patient", text=s.text)])
        for s in snippets
    ]
    rejected = sum(result.risk is not None for result in redact_threads(threads))
    assert rejected / len(threads) <= MAX_REJECTED, rejected


def test_marked_text_parses_to_offsets():
    text, spans = parse_marked("Hi {NAME:Ann Lee}, call {PHONE:555-0100}.")
    assert text == "Hi Ann Lee, call 555-0100."
    assert [(kind, text[s:e]) for kind, s, e in spans] == [
        ("NAME", "Ann Lee"),
        ("PHONE", "555-0100"),
    ]


def test_score_worked_example(tmp_path):
    path = tmp_path / "set.jsonl"
    path.write_text(
        '{"id": "a", "text": "I am {NAME:Ann Lee} from {LOCATION:Leeds}.", "keep": ["I am"]}\n'
        '{"id": "b", "text": "Dose 5 mg, {PHONE:555 0100}.", "keep": ["Dose 5 mg"]}\n',
        encoding="utf-8",
    )
    snippets = load_snippets(path)

    def redact(text: str) -> tuple[str, list[tuple[int, int]]]:
        # Catches "Ann" and "Lee" separately (the space between needs no cover), misses
        # Leeds, and over-redacts "Dose".
        spans = [(i, i + len(w)) for w in ("Ann", "Lee ", "Dose") if (i := text.find(w)) >= 0]
        return "x", spans

    result = score(snippets, redact)
    assert isinstance(result, PiiScore)
    assert (result.spans, result.caught, result.details, result.kept) == (3, 1, 2, 0)
    assert result.recall == pytest.approx(1 / 3) and result.survival == 0.0
    assert result.missed == ["a LOCATION 'Leeds'", "b PHONE '555 0100'"]
    assert result.spurious == ["b 'Dose'"] and result.findings == 3
    assert result.kind_recall("NAME") == 1.0 and result.kind_recall("LOCATION") == 0.0
    assert result.kind_recall("EMAIL") == 1.0  # no labelled e-mail


def test_bad_labelled_line_names_file_line_and_field(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"text": "ok {NAME:Ann}", "keep": []}\n{"text": "x {SSN:1}", "keep": []}\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError, match=r"bad.jsonl:2.*unknown identifier kind 'SSN'"):
        load_snippets(path)
    path.write_text('{"text": "x", "keep": ["5 mg"]}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl:1.*keep: '5 mg' is not in the text"):
        load_snippets(path)
