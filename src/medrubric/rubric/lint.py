"""Rubric lint: findings about any rubric, from its text alone (no language model).

`lint_text(cases)` applies the generator's draft rules (`rubric.validate`: length, compound,
vague, near-duplicates, criteria count, a positive criterion) to rubrics from any source,
and adds weight anomalies, polarity wording (flipped signs, English and Chinese cues),
criteria that cannot be judged from the answer, and rubric-level balance. Every check and
its severity is in docs/rubrics.md; the cue lists below are the whole of the polarity rule.
With the sentence encoder, the learned sign and pair models (`rubric.learned`, trained on the
labelled criteria) join the polarity rule and the duplicate rules (`_polarity`, `_paired`).
The checks with a model (`--grader`) are in `rubric.lint_model`, those from graded runs in
`rubric.items`; all three report `Finding`s.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import numpy as np
from pydantic import BaseModel, ConfigDict

from medrubric.data.models import Case, Criterion
from medrubric.rubric import learned
from medrubric.rubric.harms import KnownHarm, known_harms
from medrubric.rubric.paraphrase import (
    conflicting,
    content,
    opposed,
    other_numbers,
    rubric_paraphrases,
    speech_act,
)
from medrubric.rubric.schemas import Problem
from medrubric.rubric.similarity import WORDS, cosines, paraphrase_encoder, sentence_encoder
from medrubric.rubric.validate import (
    count_problems,
    duplicate_pairs,
    text_problems,
)

if TYPE_CHECKING:
    from medrubric.retrieve.dense import Encoder

Severity = Literal["error", "warning", "note"]
Family = Literal["text", "model", "runs"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "note")

LOW_WEIGHT_MAX = 3  # life-critical wording at |weight| <= 3 is under-weighted
EXTREME_WEIGHT_MIN = 9  # ±9/±10 are for life-critical content (data.vocab)
ONE_AXIS_MIN = 3  # "all criteria on one axis" is reported from this many criteria on
# Reworded duplicates by sentence similarity (cosine of the two criteria's embeddings):
# Care urged now at a negative weight this small is a penalty for over-escalation ("Recommends
# calling an ambulance about the lump", -3), not a flipped call for help: on every labelled
# part, flipped calls for emergency care keep a life-critical weight (-5 and below).
OVER_ESCALATION_MAX = 4
# What is urged in spite of what reassures, or only to be safe: at a small negative weight, a
# penalty for over-escalation ("Insists she is taken to hospital tonight for a drip even though
# she is drinking", 建议为保险起见马上去医院做B超). Not "even if" or "despite", which also open a
# warning ("even if she took her tablets", "if symptoms stay bad despite the spray").
IN_SPITE = re.compile(
    r"\b(?:even though|although|just in case|to be (?:on the )?safe(?: side)?)\b"
    r"|为了?保险起见|保险起见|以防万一"
)
EMERGENCY_CARE = re.compile(
    r"\b(?:ambulance|a&e|emergency (?:department|room|services)|911|999|112|000|triple zero)\b"
    r"|急诊|120|救护车|急救电话"
)
# Tests and treatments a rubric can penalise as over-treatment at a small negative weight (an
# emergency CT for a headache with no red flags, a transfusion for a mild anaemia, 输液 for a
# cold): like emergency care (`_over_escalation`), a call the lint cannot judge from the text.
OVER_TREATMENT = re.compile(
    r"\b(?:emergency|urgent(?:ly)?|immediate(?:ly)?|same[- ]day|straight away)\b(?:\W+\w+){0,3}?"
    r"\W+(?:ct|mri|scans?|x-?rays?|surgery|operation|transfusions?|admission|endoscopy"
    r"|colonoscopy|biopsy|cystoscopy)\b"
    r"|\b(?:surgery|an operation|transfusions?|iv antibiotics|a drip)\b(?:\W+\w+){0,3}?\W+"
    r"(?:now|today|tonight|straight away|right away|immediately|whatever)\b"
    r"|输液|打点滴|吊瓶|挂水|输血|(?:马上|立即|立刻|尽快|赶紧)\S{0,6}(?:手术|住院|CT|核磁|磁共振|胃镜|肠镜)"
)
SIMILAR_SAME_ACT = 0.75  # the same speech act (advise, state, ask), or one without a clear one
SIMILAR_ANY_ACT = 0.85  # any two criteria
SIMILAR_URGENT_CARE = 0.30  # two criteria that both urge care now, with no condition
SIMILAR_SAFETY_NET = 0.6  # two criteria that both say when to seek care ("if ..., go to ...")
SIMILAR_PROHIBITION = 0.6  # two criteria that both hold the user back from an act
SIMILAR_PROHIBITION_SAME = 0.40  # ... and name a rarer term in common (the drug, the object)
SIMILAR_CARE_SOON = 0.35  # two criteria that both urge being seen soon, in any words
# Two criteria of one clear speech act that are each other's closest in the rubric, by this
# margin over either one's closest third criterion, say one thing in other words from a lower
# cosine: a rubric's other criteria show how close its unrelated criteria come.
SIMILAR_CLOSEST = 0.62
CLOSEST_MARGIN = 0.12
CLOSEST_OTHERS = 3  # third criteria the margin needs (the labelled rubrics hold 5-8 criteria)
AUTO: Literal["auto"] = "auto"  # lint_text's encoder: the bundled one when installed

# Severity of the shared draft rules when they meet a rubric from elsewhere.
DRAFT_SEVERITY: dict[str, Severity] = {
    "length": "note",
    "compound": "note",
    "vague": "warning",
    "criteria_count": "note",
}


class Finding(BaseModel):
    """One problem with one criterion (or with the whole rubric: `criterion_id` None)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    case_id: str
    criterion_id: str | None
    check: str
    severity: Severity
    family: Family
    reason: str  # one line
    evidence: str  # what in the rubric (or the data) shows it
    text: str = ""  # the criterion's text
    weight: int | None = None
    model: str | None = None  # the model that judged it (family "model")
    prompt_version: str | None = None  # its prompt, `name@version` (family "model")
    method: str | None = None  # how a duplicate was looked for: "words" or "words+use"

    @classmethod
    def for_criterion(
        cls,
        case_id: str,
        criterion: Criterion | None,
        check: str,
        severity: Severity,
        family: Family,
        reason: str,
        evidence: str,
        **extra: Any,
    ) -> Finding:
        """The finding about `criterion` of case `case_id` (None: about the whole rubric), with
        the criterion's id, text and weight; `extra` sets the other fields (`model`,
        `prompt_version`; `criterion_id` and `weight` for a criterion whose case is not loaded)."""
        about: dict[str, Any] = {"criterion_id": None}
        if criterion is not None:
            about = {
                "criterion_id": criterion.id,
                "text": criterion.text,
                "weight": criterion.weight,
            }
        return cls(
            case_id=case_id,
            check=check,
            severity=severity,
            family=family,
            reason=reason,
            evidence=evidence,
            **(about | extra),
        )


def _normal(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower()


def _any(patterns: Iterable[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns))


# --- polarity cues -------------------------------------------------------------------------
# A criterion's wording says whether the behaviour it describes is good (it should carry a
# positive weight) or bad (a negative one). Only wording that settles this is used: most
# criteria ("Recommends paracetamol") say nothing about polarity and get no finding.

# The answer leaves out something it should do: always a bad answer.
FAILURE_CUES = _any(
    [
        r"\bfail(?:s|ed|ing)? to\b",
        r"\bneglect(?:s|ed|ing)?(?: to)?\b",
        r"\bomit(?:s|ted|ting)?\b",
        r"\boverlook(?:s|ed|ing)?\b",
        r"\bignor(?:es|ed|ing)\b",
        r"\bforg[eo]t(?:s|ting)? to\b",
        r"\bno mention of\b",
        r"(?<!from )(?<!of )(?<!\ba )(?<!the )(?<!to )\blacks?\b",  # not "from lack of thiamine"
        r"\bmiss(?:es|ed|ing)? (?:the|that|any|to)\b",
        r"\bleav(?:es|ing)? out\b|\b(?:gives|offers|provides) no (?:\w+ )?(?:advice|warning"
        r"|mention|guidance|safety|suggestions?|explanation|information|plan)",
        r"\bsays? nothing (?:about|on|of)\b|\bskip(?:s|ped|ping)? (?:over|explaining|mentioning"
        r"|asking|warning|past)\b|\bgloss(?:es|ed|ing)? over\b|\bpass(?:es|ed|ing)? over\b"
        r"|\bleav(?:es|ing) (?:unchallenged|unaddressed|uncorrected|unmentioned|unanswered)\b",
        r"\bis silent (?:on|about)\b|\bmakes no (?:mention|reference)\b|\bnot (?:mentioning|asking"
        r"|warning|advising|explaining|recommending|checking|correcting|challenging)\b",
        r"\b(?:does not|doesn't|did not|never) (?:mention|ask|address|warn|explain|acknowledge"
        r"|say|spell out|describe|specify"
        r"|identify|refer|inquire|enquire|state|discuss|list|consider|note|flag|advise"
        r"|recommend|suggest|tell|inform|include|offer|give|provide|bring up|raise|point out"
        r"|cover|talk about|remind|stress|emphasi[sz]e|highlight|encourage|urge|correct|challenge"
        r"|dispel|clarify|question|counter|caution|alert|reassure)",
        r"\bwithout (?:mentioning|asking|warning|explaining|advising|recommending|referring"
        r"|addressing|acknowledging|noting)",
        r"未(?:能|提及|提到|询问|说明|告知|提醒|指出|给出|建议|强调|警示|解释|考虑|纠正|澄清|指正|告诉|叮嘱)",
        r"没有?(?:提及|提到|询问|说明|告知|提醒|指出|给出|建议|强调|警示|解释|考虑|纠正|澄清|指正|告诉"
        r"|叮嘱)",
        r"忽略|忽视|(?:遗漏|漏掉)(?!的)|缺少|缺乏|不(?:询问|提及|说明|告知|提醒|考虑)",
        r"没(?:说|讲|交代|涉及)|未(?:交代|涉及)|只字未提|不提|没有?回应|未(?:回应|理会)",
    ]
)

# Seeking care: advising it is good; advising against it, or delaying it, is bad.
_CARE_EN = (
    r"(?:seek\w*|see\w*|go(?:es|ing)? (?:straight |directly )?to|visit\w*|call\w*|phon\w*"
    r"|dial\w*|contact\w*|attend\w*|get\w*|direct\w*|send\w*|refer\w*|talk\w*|speak\w*|head\w* to"
    r"|discuss\w*|check\w* with)"
    r" (?:[\w-]+ ){0,4}(?:emergency|urgent|immediate|prompt|medical|doctor|physician|gp|hospital"
    r"|ambulance|911|999|112|000|triple zero|a&e|er|care|help|attention|clinic|specialist"
    r"|paediatrician|midwife"
    r"|pharmacist|prescriber|nurse|health visitor|dentist"
    r"|pediatrician|crisis line|poisons? (?:control|centre|center|information|line|service)"
    r"|\w+ologist)"
    r"|\b(?:checked|seen|examined|assessed|reviewed) by (?:a |the |an )?(?:doctor|gp|nurse"
    r"|clinician|physician|specialist|midwife|pharmacist|paediatrician|pediatrician|\w+ologist)"
)
_CARE_ZH = (
    r"(?:立即|立刻|马上|尽快|及时|尽早)?(?:就医|就诊|去医院|到医院|送医|急诊|拨打\s*120|拨打急救"
    r"|叫救护车|看医生|咨询医生|医院检查|医生评估|(?:联系|咨询|拨打)\S{0,2}中毒(?:咨询|控制|急救)中心)"
)
# First aid given while emergency help is on its way ("while waiting for the ambulance",
# "until paramedics take over", 等待救护车时): the help has been called.
WAITING_FOR_HELP = _any(
    [
        r"\b(?:wait\w*|they wait|you wait) for (?:the |an )?(?:ambulance|paramedics|help"
        r"|emergency services)\b|\b(?:ambulance|help|paramedics) (?:is|are) (?:on (?:its|the|their)"
        r" way|being arranged|coming)\b|\buntil (?:the )?(?:ambulance|paramedics|help) (?:arrives?"
        r"|takes? over|comes?)\b|\b(?:to|for) (?:show |give |hand )?(?:the )?(?:ambulance crew"
        r"|paramedics)\b",
        r"(?:等待|等)\S{0,2}(?:救护车|急救人员|120)|(?:救护车|急救人员)(?:到达|赶到|来)(?:之)?前",
    ]
)
# Bringing what was taken, or its container, for those who treat the patient to see ("keep the
# empty strips to show the ambulance crew", "把剩下的药带到医院检测成分", "带上农药瓶"): a good
# answer; a medicine or remedy named there is the evidence, not advice to use it.
SHOWN_TO_CARE = _any(
    [
        r"\b(?:bring|keep|save|show|carry)\w* (?:\w+ ){0,8}?(?:packets?|packaging|box(?:es)?"
        r"|bottles?|strips?|containers?|labels?|leaflets?|wrappers?|remains|leftovers?|samples?"
        r"|photos?)\b|\b(?:bring|take|carry)\w* (?:\w+ ){0,6}(?:along|with (?:you|him|her|them))\b"
        # telling them what was taken ("telling her obstetric provider that she has been taking
        # ibuprofen", 告诉医生吞服鱼胆的时间)
        r"|\b(?:tell|inform|let)\w* (?:\w+ ){0,3}(?:doctors?|gp|nurses?|midwife|provider|prescriber"
        r"|pharmacist|paramedics|crew|staff|team|clinicians?|specialist|\w+ologist) (?:\w+ ){0,2}"
        r"(?:that|what|about|know)\b",
        r"把\S{0,12}(?:带到|带去|带给|拿到|拿给)|(?:带上|带着|保留|留着)\S{0,10}(?:包装|药盒|药瓶|瓶子|瓶|标签"
        r"|说明书|剩下|样本|照片)|(?:告诉|告知)\S{0,2}(?:医生|医护)|向(?:医生|医护人员)(?:说明|告知|讲明)",
    ]
)
# Stopping, skipping or holding off until a clinician has seen the patient or reviewed the
# medicine ("hold off on the tramadol until he has been seen", "until her medicine has been
# reviewed", 就医前不要…): a precaution, not self-management.
PENDING_REVIEW = _any(
    [
        r"\buntil (?:\w+ ){0,4}(?:seen|reviewed|assessed|examined|checked|spoken to|talked to)\b"
        r"|\buntil (?:\w+ ){0,3}(?:doctor|gp|clinician|prescriber|pharmacist|specialist|midwife)\b",
        r"(?:就医|就诊|复诊|看医生|医生评估|医生确认|咨询医生)(?:之)?前|直到\S{0,8}(?:医生|就诊|复诊|评估)",
    ]
)
GOOD_CUES = _any(
    [
        _CARE_EN,
        r"\b(?:urg(?:es|ing)|insists?)\b",
        r"\bwarns?\b(?! against)",
        r"\b(?:lists?|describes?|explains?|names?) (?:\w+ ){0,2}(?:red[- ]flag|warning sign"
        r"|danger sign|alarm symptom)",
        r"\bred[- ]flags?\b",
        r"\b(?:asks?|(?:en|in)quir(?:es|ing|e)?) (?:\w+ )?"
        r"(?:about|whether|if|how|when|what|after)\b",
        r"\bsafety[- ]net",
        r"\b(?:correctly|accurately|rightly)\b|正确地|准确地",
        # information gathering: checking, clarifying, establishing what the case needs
        r"\b(?:checks?|clarif(?:ies|y)|establish(?:es)?|confirms?|finds? out|explores?"
        r"|assess(?:es)?|screens?|elicits?) (?:\w+ )?(?:which|whether|if|how|when|what|for"
        r"|about)\b",
        # recognising urgency: naming it an emergency, or what needs acting on
        r"(?<!not )(?<!never )\ban? (?:medical |surgical |true |real |genuine )?emergency\b",
        r"\b(?:can|could|may|might|will) (?:\w+ ){0,2}(?:be (?:fatal|life-threatening|deadly)"
        r"|kill|burn through|perforat\w*|cause (?:death|permanent|lasting|serious|severe))",
        r"\bneeds? (?:\w+ )?(?:urgent|immediate|emergency|same[- ]day) (?:care|assessment"
        r"|review|attention|treatment|evaluation)",
        r"\b(?:signs?|symptoms?|features?) (?:\w+ )?(?:to act on|to watch for|to look out for"
        r"|that need|needing|requiring|that require|to seek help for)",
        r"\bwhen to (?:seek|call|go|get|return|come back|see)\b",
        r"\breasons? to (?:go|seek|call|get|see|return)\b",
        # naming what a finding means: a sign of a condition, a risk, a time limit
        r"\b(?:an? |as )?(?:early |warning |typical )?(?:signs?|symptoms?|features?) of\b",
        r"\b(?:can|could|may|might) (?:\w+ ){0,2}(?:be|become) (?:\w+ )?(?:dangerous|serious"
        r"|toxic|harmful|an emergency)\b|\b(?:can|could|may|might) (?:\w+ ){0,3}(?:to toxic"
        r"|bleed|damage)",
        r"\b(?:may|might|could|can) (?:\w+ )?(?:mean|signal|indicate|point to|be caused by)\b",
        r"\b(?:complet|finish|keep up with|stay up to date with)\w* (?:\w+ ){0,3}(?:vaccin\w*"
        r"|immunis\w*|immuniz\w*|jabs?|doses)\b",
        r"^(?:acknowledg|validat|empathi[sz])\w*|\bimportance of\b",
        r"\btime[- ]critical\b|\bwithin (?:hours|minutes|the (?:first )?(?:hour|\d+ hours))\b",
        # first aid that protects, and first aid given while help is on its way (help called)
        r"\brecovery position\b|\bchest compressions\b|\bcpr\b",
        WAITING_FOR_HELP.pattern,
        # holding something off until a clinician has seen the patient: a precaution
        PENDING_REVIEW.pattern,
        r"\bmonitor\w* (?:\w+ )?for (?:signs|symptoms|worsening|changes|red flags)",
        r"\b(?:stress|emphasi[sz]|highlight|underlin)\w* (?:\w+ ){0,3}(?:urgen|emergenc|danger"
        r"|serious|immediate|promptly|importan)",
        _CARE_ZH,
        r"提醒|警示|警告|危险信号|预警症状|红旗征|询问|核实|确认是否|了解(?:是否|有无)|问清",
        r"(?:属于|是|视为)(?:\S{0,2})(?:急症|急诊情况|紧急情况)|需要紧急|需紧急|强调\S{0,8}(?:紧急|危险|严重)",
        r"(?:需要|需|应|要|必须)(?:尽快|立即|及时|马上)(?:检查|就医|就诊|处理|评估|治疗|去医院)",
        r"可能(?:危及生命|致命|导致死亡|造成永久)|会致命",
        r"可能(?:导致|引起|造成|提示|诱发)|(?:不要|不能|不应|别)等(?:到|待)?",
        r"(?:是|为)\S{0,8}的?(?:表现|征象|信号|迹象)|可能是|意味着|(?:完成|按时|按期)\S{0,6}(?:疫苗|接种)",
        r"^(?:表示理解|共情|安抚)|(?:咨询|请教|问问)\S{0,2}(?:医生|药师|医师)|遵医嘱|在医生指导下",
        # telling those who treat the patient what they need to know; company for someone at risk
        r"\bbe (?:open and |completely |fully )?honest with\b"
        r"|\b(?:tell|inform)\w* (?:the |her |his |their |any |all )?(?:\w+ )?(?:clinicians?"
        r"|doctors?|paramedics?|staff|team|providers?|gps?|nurses?|midwi\w+|pharmacists?|dentists?"
        r"|surgeons?) (?:honestly )?(?:about|that|what|everything)\b",
        r"如实(?:告诉|告知|说明|交代)|(?:告诉|告知)(?:接诊)?(?:医生|医护人员|急救人员)"
        r"|(?:不要|不让|别让|不能让|避免)\S{0,6}独处",
        SHOWN_TO_CARE.pattern,
        # nothing by mouth before a possible operation ("in case he needs an anaesthetic")
        r"\bin case (?:\w+ ){1,2}(?:needs?|has to have|requires?) (?:an? )?(?:\w+ )?(?:anaesthetic"
        r"|anesthetic|operation|procedure|surgery|sedation)|以防\S{0,4}(?:需要)?(?:手术|麻醉)",
        # being assessed soon, by no one named ("prompt assessment", "eye casualty", 到眼科检查)
        r"\b(?:prompt|urgent|same[- ]day|immediate|emergency) (?:medical )?(?:assessment|review"
        r"|evaluation)\b|\beye casualty\b",
        r"\b(?:be|being|get|getting|have|having)(?: \w+){0,2} (?:checked|seen|examined|assessed"
        r"|reviewed) (?:urgently|today|now|immediately|straight away|right away|the same day"
        r"|promptly|as soon as possible)\b",
        r"到\S{0,4}科(?:检查|就诊)|(?:及时|尽快|按时)复诊",
    ]
)
# Bad behaviour named by its own words.
# "usually harmless" is calibrated, not reassurance
HEDGE = r"(?<!usually )(?<!often )(?<!mostly )(?<!generally )(?<!normally )(?<!typically )"
HARMFUL_CUES = _any(
    [
        r"\b(?:incorrect|wrong|false|erroneous|mistaken|inaccurate|misleading)(?:ly)?\b",
        r"\b(?:dangerous|unsafe|harmful|unproven|outdated)(?:ly)?\b",
        rf"{HEDGE}\bunnecessar(?:y|ily)\b",  # "usually unnecessary when …" is calibrated
        r"\bdiscourag\w*",
        r"\bdismiss\w*",
        r"\b(?:downplay|minimi[sz]|trivialis|trivializ)\w*",
        r"\bdelay\w* (?:\w+ ){0,2}(?:care|treatment|seeking|evaluation|assessment|help)",
        r"\bwait(?:s|ing)? (?:and see|to see|until|a few|a couple|several|it out|overnight"
        r"|for (?:a |the )?(?:routine|next|few|couple|appointment|morning|weekend))",
        r"\b(?:home|folk) remed|\bherbal\b",
        r"\b(?:sleep|walk|shake|tough|ride)\w* it (?:off|out)\b",
        r"\bskip\w* (?:\S+ ){0,2}(?:dose|doses|medication|medicine|tablets?|pills?|treatment)\b",
        r"\bwatch\w* (?:and wait|overnight|at home)",
        r"(?:\bno|\bnot|n't) need(?:ed)? (?:to|for) (?:\w+ ){0,2}(?:see|seek|go|call|doctor|care"
        r"|assessment|treatment|medical|checked|seen|examined|assessed|tested|looked at)",
        r"\b(?:is|are) (?:not necessary|unnecessary|never needed|not needed) to (?:see|seek|go"
        r"|call)",
        r"\bnever (?:needed|necessary)\b",
        r"\b(?:instead of|rather than) (?:\w+ ){0,2}(?:seeking|seeing|calling|going|contacting"
        r"|getting) ",
        r"\bwith certainty\b|\bdefinitely\b|\bdefinitively\b|\bguarantee\w*|\bpromis\w*",
        r"\binappropriate(?:ly)?\b|\bexcessive(?:ly)?\b",
        # managing alone; not a problem that settles on its own (the hedged cue above)
        r"(?<!up )(?<!settle )(?<!resolve )(?<!pass )(?<!heal )(?<!improve )(?<!better )"
        r"(?<!away )(?<!settles )(?<!resolves )(?<!passes )(?<!heals )(?<!improves )(?<!apart )"
        r"\bon (?:his|her|their|your) own\b",
        r"(?<!harming )(?<!hurting )(?<!harm to )(?<!killing )(?<!injuring )(?<!apart by )"
        r"(?<!settle by )(?<!resolve by )(?<!heal by )(?<!clear by )(?<!illness )"
        r"\b(?:themselves|himself|herself)\b",
        r"\bwithout (?:talking|consulting|discussing|asking|checking|speaking|medical (?:advice"
        r"|review|care|supervision|assessment|help|input|attention|support|monitoring))",
        r"\b(?:doubl\w*|tripl\w*) (?:\w+ ){0,2}dose",
        r"\bclaims?\b|\basserts?\b",
        r"\bto see (?:whether|if|how) (?:\w+ ){0,3}(?:settles?|improves?|pass(?:es)?|goes away"
        r"|gets? better|resolves?|clears?|subsides?|eases?|wears off|fades?|goes down|comes down)",
        r"\b(?:needs?|requires?) no (?:\w+ ){0,3}(?:review|assessment|doctor|check\w*|follow-up"
        r"|tests?|examination|treatment|care|vaccin\w*)|\bnothing to worry about\b"
        r"|\bno cause for concern\b",
        r"\balways (?:\w+ )?(?:pass|settle|go(?:es)? away|resolve|clear|get(?:s)? better|improve)",
        r"\b(?:simply|just) (?:stop|quit|halt)\w*\b",
        # deferring care: checking again later, deciding later, waiting a stated time
        # ("seen now rather than tomorrow" sets the later day aside)
        r"\b(?:check|look|see|go|review|reassess|return|decid)\w* (?:(?!than\b|of\b)\w+ ){0,3}"
        r"(?:again )?"
        r"(?:tomorrow|in the morning|next (?:morning|day|week)|after the weekend)\b",
        r"\bbefore (?:deciding|seeking|calling|getting) (?:\w+ ){0,4}(?:help|care|doctor"
        r"|ambulance|hospital|emergency)|\bsleep (?:\w+ )?(?:through the night|on it)\b",
        r"\bwait(?:s|ing)? (?:for )?(?:a|an|one|two|three|a few|several|\d+) (?:more )?"
        r"(?:hours?|days?|weeks?|nights?|months?)\b",
        r"\bkeep(?:s|ing)? an eye on\b",
        r"\bsee(?:s|ing)? (?:whether|if|how) (?:\w+ ){0,4}(?:settles?|improves?|pass(?:es)?"
        r"|goes away|gets? better|resolves?|clears?|subsides?|eases?|wears off|fades?|goes down"
        r"|comes down|breaks)",
        # care put off behind a trial of something else ("for a few more weeks before looking for
        # any further assessment", "seeing the GP only if that does not help")
        r"\bbefore (?:looking for|seeing|seeking|getting|booking) (?:any |a |the )?"
        r"(?:further |more )?(?:assessment|anyone|help|doctor|gp|review|advice|care)\b",
        r"\b(?:see\w*|go\w* in|call\w*|contact\w*) (?:\w+ ){0,3}only if\b",
        rf"{HEDGE}\b(?:stop|dissolve|settle|clear|heal|resolve|pass|go away|get better|improve"
        r"|recover|disappear|wear off)\w* (?:\w+ )?"
        r"(?:by (?:it|them)sel(?:f|ves)|on (?:its|their) own)",
        r"\b(?:is|are|was|'s) (?:just|only|merely|simply|nothing but) (?:a |an )?(?!if\b|when\b)"
        r"\w+",
        r"\b(?:left ?over|someone else's|a friend's|expired|old) (?:\w+ ){0,3}(?:antibiotics?"
        r"|medicines?|tablets?|pills?|prescriptions?)",
        r"\bice (?:\w+ ){0,2}directly\b|\bdirectly on (?:the )?skin\b",
        r"\brub\w* (?:\w+ ){0,2}eyes?\b|\bkeep\w* (?:\w+ ){0,2}(?:a )?secret\b",
        r"\bhead (?:\w+ )?(?:tipped|tilted) back\b|\b(?:tip|tilt)\w* (?:\w+ ){0,3}head back",
        r"\b(?:leav|wait|rest|sleep)\w* (?:\w+ ){0,4}overnight\b|\b(?:at home|rest) until\b",
        r"\bwait\w* for (?:\w+ ){0,3}to (?:pass|settle|go away|clear|improve|heal)",
        # deferring to a planned visit, a review days away, or a named later day
        r"\bwait\w* (?:\w+ ){0,2}for (?:the |a |his |her |their )?(?:[\w']+ ){0,2}(?:appointment"
        r"|visit|review|clinic)\b|\bsoon enough\b",
        r"\bwill (?:probably |likely |still )?be (?:fine|ok|okay|all right)\b|\b(?:be|being) left"
        r" alone\b",
        r"\b(?:review|reassess|re-?check|recheck)\w* (?:\w+ ){0,2}in"
        r" (?:a|one|two|a few|several|\d+) (?:more )?(?:days?|weeks?)\b",
        r"\b(?:should|would|will) be (?:\w+ )?enough\b|\b(?:is|are) (?:\w+ )?enough as long as\b"
        r"|\bis all (?:he|she|they|you|it) needs?\b",
        r"\bno (?:\w+ ){0,2}(?:check|review|assessment|tests?|treatment|appointment|care"
        r"|follow-up)\w* (?:is|are) (?:needed|necessary|required)\b",
        r"(?:缓解|好转|不疼|不痛)后?再(?:决定|看|说|就医|去)",
        r"\b(?:oil|garlic|onion|vinegar|urine|breast milk)\b.{0,20}\b(?:in|into) (?:the |his |her "
        r"|their )?(?:ears?|eyes?|nose|nostrils?|wounds?)\b",
        r"\b(?:brandy|whisky|whiskey|vodka)\b",
        r"\b(?:check-?up|medical (?:check|review|care|attention|advice)|doctor|hospital|assessment"
        r"|follow-up|appointment|examination|treatment|vaccin\w*) (?:is|are) (?:not (?:necessary"
        r"|needed|required)|unnecessary)\b",
        # false reassurance: harmless, nothing to do, settles by itself
        rf"{HEDGE}\bharmless\b"
        r"|\bnothing (?:more |else |further )?(?:needs|is needed|to do)"
        r"|\bunlikely to (?:matter|be serious|cause (?:any )?harm)|\bfine to\b",
        r"\b(?:has|have|is|are|'s) probably (?:\w+ )?(?:passed|worn off|gone|settled|cleared"
        r"|resolved|fine|nothing|harmless)\b",
        # deferring it to a routine visit
        r"\b(?:at|until|to) (?:her|his|their|your|the) next (?:routine )?(?:check-?up|appointment"
        r"|visit|review)\b",
        # more medicine than is safe
        r"\b(?:stronger|higher|extra|bigger|larger|further|another) (?:\S+ ){0,2}(?:doses?"
        r"|painkillers?|insulin|tablets?|pills?)\b(?! check)",
        r"\b(?:more often|more frequently) until\b",
        r"\bstop\w* (?:\w+ ){0,3}(?:suddenly|abruptly|cold turkey)\b",
        # stopping a regular medicine on one's own: all of it, altogether, or for a few days
        # ("stop all her blood-pressure tablets", "dropping the Lantus altogether", "pausing the
        # phenelzine for a few days", 支持先停药)
        r"\b(?:stop|drop|paus|quit|com(?:e|es|ing) off)\w* (?:\S+ ){0,4}altogether\b"
        r"|\b(?:stop|paus|drop)\w* (?:taking )?(?:all|every one) (?:of )?(?:\S+ ){0,3}(?:tablets"
        r"|medicines|medications|pills|drugs)\b"
        r"|\b(?:stop|paus|drop|skip)\w* (?:\S+ ){0,3}for (?:a few|a couple of|several|two|three"
        r"|\d+) days\b(?! while| until)",
        r"(?:支持|赞同|同意)\S{0,2}(?:先)?停(?:药|用)|(?:先)?停(?:药|用)(?:几天|一段时间)",
        # a course stopped when the symptoms go ("stopping the doxycycline once symptoms clear")
        r"\bstop\w* (?:\S+ ){0,3}(?:(?<!\bat )once|as soon as) (?!possible\b|(?:you|he|she|they)"
        r" can\b)\w+"
        r"|(?:好转|退烧|不烧|症状消失|不疼)(?:了|后)?(?:就|即)?停(?:药|用|掉)",
        r"\bbreath\w* (?:\w+ ){0,2}(?:paper|plastic) bag|\bpaper bag\b",
        r"\binduc\w* vomit\w*|\bmak\w* (?:\w+ ){0,2}(?:vomit|sick|throw up)\b|\bsalt water\b",
        r"\bmassag\w*|\b(?:burst|pop|prick|lanc)\w* (?:\w+ ){0,2}blisters?",
        r"\bcough (?:syrup|medicine|mixture)\b.{0,30}\b(?:infant|baby|newborn|toddler)",
        r"\bbutter\b|\btoothpaste\b|\bsuck\w* (?:\w+ ){0,2}(?:venom|poison)",
        r"\b(?:put|place|insert)\w* (?:\w+ ){0,3}(?:in|into|between) (?:\w+ ){0,2}(?:mouth|teeth)",
        r"\bhold\w* (?:\w+ ){0,2}down\b|\brestrain\w*",
        r"\btilt\w* (?:\w+ ){0,3}head back",
        r"\b(?:rubbing )?alcohol (?:rub|bath|sponge)|\bice[- ]?(?:cold )?bath",
        r"\blong[- ]term (?:\w+ ){0,1}(?:opioid|benzodiazepine|sleeping pill|sedative)",
        r"\bantibiotics?\b(?:\w| ){0,30}\b(?:viral|virus|common cold|cold|flu|influenza)\b",
        r"\bhoney\b.{0,30}\b(?:infant|baby|newborn|under (?:one|1|12 months))"
        r"|\b(?:infant|baby|newborn)\b.{0,30}\bhoney\b",
        r"\baspirin\b.{0,30}\b(?:child|children|toddler|infant|kid)"
        r"|\b(?:child|children|toddler|infant|kid)\b.{0,30}\baspirin\b",
        r"错误地?|误称|谎称|误导|不正确",
        r"淡化|轻描淡写",
        r"延误|拖延|耽误",
        r"(?:无需|不必|不需要|不用|没必要|用不着)(?:\S{0,6})(?:就医|就诊|去医院|看医生|检查|复查"
        r"|疫苗|治疗|处理|评估)",
        r"观察\S{0,8}再(?:说|决定|看)|先\S{0,8}(?:观察|看看)"
        r"|看看(?:会不会|能不能|是否|有没有)\S{0,4}(?:好|缓解)"
        r"|(?:明天|明早|过几天|几天后|下周)再(?:看|说|决定|去)",
        r"自行\S{0,2}(?:停|加|减|调整|增加|加倍)|加倍\S{0,8}(?:剂量|药量)|自行\S{0,10}(?:加倍|翻倍)",
        # waiting a stated time before anything is done ("观察一两天", "再观察一个月")
        r"观察(?:一|两|几|数|\d)\S{0,3}(?:天|晚|夜|周|星期|个?月)",
        r"(?:病毒|感冒|流感)\S{0,6}(?:用|吃|服|开)\S{0,4}抗生素|抗生素\S{0,4}治\S{0,4}(?:病毒|感冒|流感)",
        r"纸袋|催吐|抠喉|涂\S?(?:牙膏|酱油|黄油|香油)|用嘴吸|(?:嘴里|口中|牙齿间)(?:塞|放)|按住\S{0,4}(?:四肢|身体)"
        r"|仰头|头(?:往|向)后仰|酒精擦|冰水浴|长期(?:服用)?(?:阿片|安眠药|镇静)|蜂蜜\S{0,10}(?:婴儿|一岁以下)"
        r"|(?:婴儿|一岁以下)\S{0,10}蜂蜜|(?:儿童|孩子|小孩)\S{0,10}阿司匹林|直接停(?:药|用|掉)|突然停(?:药|用)",
        r"断定|肯定(?:不是|没事)|一定会好|自己会好|总会好",
        r"等到(?:明天|明早|下周|天亮|周一)|等几天|等\S{0,12}(?:小时|天|周)后?再",
        r"(?:在家|居家)(?:观察|休息|处理)(?:即可|就行|就好)|等等看|观察几天再说",
        r"(?:就|便)可以(?:先)?在家(?:观察|处理|护理|休息)|再等\S{0,4}(?:就好|就行|就会好)",
        r"偏方|土方",
        r"发汗|捂汗|盖(?:厚)?被子|挑破|刺破|挤破|再打一针|加打|在家\S{0,3}(?:看看|等等)",
        r"睡一觉|就会好|(?:没有|没)(?:什么)?大(?:问题|碍)|不要紧|只是普通",
        r"等\S{0,2}自己|(?:睡|休息|躺)\S{0,4}看看|看看再说|再看看",
        r"(?:一定|肯定|绝对)\S{0,2}(?:没事|没问题|不会有事)|热鸡蛋|滚鸡蛋|酒精\S{0,6}擦",
        r"自己买\S{0,4}(?:药|抗生素)|(?:吃|服)\S{0,2}消炎药|加量|超量|加大(?:剂量|药量)",
        r"(?:无需|不必|不需要|不用|没必要|用不着)再?(?:打|注射|接种|吃药|用药|住院|复诊)",
        r"热水泡|喝醋|(?:吞|咽)\S{0,2}(?:饭团|馒头|米饭|饭)|(?:暂停|停止|不要)(?:母乳)?(?:喂奶|喂养|哺乳)|风油精|清凉油|草木灰"
        r"|香灰|保密|不要告诉(?:父母|家长|老师|任何人)",
        r"(?:明天|明早|第二天|过几天|几天后|下周)\S{0,6}再(?:看|说|决定|去|就医|处理)",
        r"自行(?:停药|加量|减量|用药|购买)|加倍(?:剂量|服用)",
        r"肯定是|一定是|保证(?:不会|没事|没问题|安全)",
        r"包治|根治|彻底治愈|一定能治好|(?:不用|不必|无需)担心",
    ]
)
# The answer siding with what the user, or someone around them, already plans or believes
# ("Agrees that Tylenol and rest at home are reasonable", "支持奶奶的做法", "同意中药没有副作用"):
# rubrics name such agreement when that plan is the risk the question carries, so it is a bad
# answer unless what is agreed to is going to care ("Agrees that she should go to A&E now").
AGREES = _any(
    [
        r"^(?:incorrectly |wrongly )?agrees?\b(?! (?:on|upon)\b)",
        r"^(?:错误地)?(?:同意|赞同|认同|附和)|^(?:错误地)?支持(?:她|他|你|用户|患者|家长|家人|\S{1,6}的"
        r"(?:做法|说法|看法|想法|决定|计划|打算))",
        # a verdict the answer holds ("认为只是上火", "表示…没有问题"): how these rubrics word a
        # wrong judgement; a right one is worded by what it tells or advises (说明, 建议)
        r"^(?:认为|表示|称|判断)",
    ]
)
# A criterion that only tells the user something ("Mentions that smoking is a major risk
# factor", "说明挑马牙可能导致感染") describes a good answer unless its words name a harm (the
# harmful cues and the known-harms list are read first) or what it tells dismisses a need
# ("说明减少吸烟量就足够，不必完全戒烟": a false reassurance told).
TELLS = _any(
    [
        r"^(?:explains?|mentions?|points? out|notes?|highlights?|stresses|emphasi[sz]es) that\b",
        r"^(?:说明|指出|解释|强调|提到|告知)",
    ]
)
NEED_DISMISSED = _any(
    [
        r"\bno need\b|\bnot (?:need|necessary|needed|required)\b|\bunnecessary\b|\benough\b"
        r"|\bsufficient\b|\b(?:do|does|did)(?: not|n't) need\b",
        # reassurance, right or wrong by the case ("a simple faint is usually harmless")
        r"\bharmless\b|\bon (?:its|their) own\b|\bby (?:it|them)sel(?:f|ves)\b"
        r"|\bnothing (?:serious|to worry)|\bnot (?:serious|dangerous|a concern|a worry)\b",
        r"不必|不需要|无需|没必要|不用|足够|就可以|即可|就行",
        r"没事|没问题|不要紧|无害|自愈|自行(?:好转|消退|缓解|消失)",
    ]
)
# "safe" dismisses a need when told, but reassurance that a medicine is safe is often right
# ("Reassures her that paracetamol is safe in pregnancy"): it does not make reassurance false.
DISMISSES = _any([NEED_DISMISSED.pattern, r"\bsafe\b|安全"])
# Reassurance that dismisses a need, with no condition after it ("Reassures him that the chest
# pain … does not need to be checked", "…the bleeding is not a concern", "…sipping water at
# home is enough"): a false reassurance, a bad answer; "… not a worry on its own if the baby is
# otherwise well" is calibrated.
REASSURES = _any([r"^(?:falsely |wrongly |incorrectly )?reassur\w*", r"^(?:错误地)?(?:安慰|安抚)"])
# Words that turn what follows into its opposite ("advises against waiting", "不要等待").
NEGATORS = _any(
    [
        r"\b(?:advis|recommend|warn|caution|counsel)\w* against\b",
        r"\b(?:does not|doesn't|do not|don't|never|avoids?|avoiding|refrains? from|won't"
        r"|will not)\b",
        r"\bnot to\b|\b(?:advis|recommend|tell|urg|remind|instruct)\w* (?:\w+ )?not\b",
        r"\bnot (?=\w+ing\b)",
        # the alternative an answer is told to avoid ("call now rather than waiting")
        r"\b(?:rather than|instead of)\b|而不是|而非",
        r"\b(?:should|must|ought to|may|can|could) not\b|\bshouldn't\b|\bmustn't\b|\bcannot\b"
        r"|\bcan't\b|\bnot be (?:given|used"
        r"|taken)\b",
        r"不要|不应|避免|切勿|勿|不建议|不可|别|不能|不宜|禁止|禁用",
    ]
)
# Advice made conditional on the absence of danger is calibrated, not harmful ("no imaging is
# needed when there are no red flags", "如无危险信号，不需要检查"): no polarity from that clause.
CONDITIONAL = _any(
    [
        r"\bunless\b|\bif (?:there (?:are|is) )?no\b|\bin the absence of\b|\bprovided\b",
        r"\bwithout (?:any )?(?:red[- ]flags?|warning signs?|danger signs?|alarm)",
        # "as long as there is no fever" is calibrated; "as long as he keeps drinking" is not
        r"\bas long as (?:there (?:is|are) )?(?:no|not|none)\b"
        r"|\bas long as (?:\w+ ){1,2}(?:has|have|shows?|gets?|develops?) no\b"
        r"|\bas long as (?:\w+ ){1,2}(?:is|are|stays?|remains?) (?:well|not)\b",
        r"没有\S{0,10}时|如无|若无|如果没有|除非|只要",
    ]
)
# Care urged for a mild or single problem may be over-treatment: no good-cue claim there.
LOW_SEVERITY = _any(
    [
        r"\b(?:mild|minor|single|isolated|one-off|uncomplicated|self-limiting|trivial)\b",
        r"轻微|轻度|单次|偶尔一次",
    ]
)
# A warning about a harm is good ("warns that delaying care is dangerous", "提醒不可延误").
WARNERS = _any(
    [
        r"\b(?:warn|caution|alert)\w*\b|\bdangers? of\b|\brisks? of\b",
        r"提醒|警告|警示|告诫",
    ]
)
# "… can be dangerous": a danger word after a modal is the risk told of; other harmful wording
# after one is what the answer allows ("he can simply be watched at home").
MAY_BE = re.compile(r"\b(?:can|could|may|might) (?:\w+ )?(?:be|become) (?:very |so |extremely )?$")
# A harm followed by what it leads to, or by the judgement that it is dangerous, is a warning
# ("stopping suddenly can cause a rebound", "stopping suddenly raises the risk of seizures",
# "delaying care is dangerous", "延误就医会加重病情", "突然停药会增加发作的风险").
CONSEQUENCES = _any(
    [
        r"\b(?:can|could|may|might|will) (?:\w+ )?(?:cause|lead to|result in|trigger|be dangerous)",
        r"\b(?:raises?|increases?|carr(?:y|ies)|doubles?) (?:\w+ ){0,2}(?:risks?|chances?"
        r"|dangers?)\b",
        r"增加\S{0,8}(?:风险|危险)",
        r"\b(?:is|are|was|were|be|being) (?:(?!not\b|never\b)\w+ )?(?:dangerous|unsafe|harmful"
        r"|risky|life-threatening)\b",
        # "… waiting until Monday is not safe", "… would be too late"
        r"\b(?:is|are|would be|will be) (?:not (?:safe|advisable|an option)|too late)\b",
        r"可能\S{0,10}(?:导致|引起|造成|诱发|加重)|会(?:导致|引起|造成|加重|危及)|可能(?:会|把|使|让)",
        r"(?<![不没])(?<!不是)(?<!并不)(?:很|非常|十分|极其|是|更)(?:危险|有害|不安全)(?!信号|征)",
    ]
)
# Care now: a place or person of care and a word of immediacy, with no condition ("if the rash
# spreads"): two such criteria of one sign reward the same behaviour however they word it.
_CARE_NAMED = [
    _CARE_EN,
    _CARE_ZH,
    r"\b(?:ambulance|a&e|emergency (?:department|services|care|help|number|room|unit)"
    r"|crisis (?:line|service|team)|maternity (?:unit|assessment|team)|medical (?:assessment"
    r"|review|care|attention|help|examination)|(?:eye |dental )?casualty|hospital (?:assessment"
    r"|review|care|treatment|admission))\b",
    r"医院|急诊|就医|就诊|120",
]
# going, calling or being taken to care ("get emergency help", "call 999", 送医院, 拨打120), not
# only naming it ("needs an emergency assessment", 需要急诊评估: the reason care is urgent)
CARE_GO = _any(
    [
        _CARE_EN,
        r"(?:去|到|送|上|回)\S{0,3}?(?:医院|急诊|门诊)|拨打\s*120|打\s*120|叫救护车|送医|就医|就诊",
    ]
)
URGENT_CARE = _any(
    [
        *_CARE_NAMED,
        # being seen, with no one named ("be assessed today", "having the wrist checked")
        r"\b(?:be|being|get|getting|having(?: \w+){0,2}) (?:checked|seen|examined|assessed"
        r"|reviewed)\b",
        r"评估",
    ]
)
IMMEDIATE = _any(
    [
        r"\b(?:emergency|urgent\w*|immediate\w*|right (?:now|away)|straight away|at once|now"
        r"|same[- ]day|today|tonight|this evening|promptly|without (?:any )?delay|as soon as"
        r" possible|within (?:the next )?(?:few |a few |\d+ )?hours?|rather than wait\w*"
        r"|ambulance|a&e|911|999|112|crisis)\b",
        r"立即|立刻|马上|尽快|急诊|120|当天|今天|今晚|现在就|不能拖|不要等|不能等|第一时间|及时|赶紧|急症",
    ]
)
# Care sought soon, in the words a duplicate uses when it restates a call for care: being seen,
# an appointment or an assessment, within days or sooner ("needs checking within days", "an
# early GP appointment", 早点…看病, 尽快去医院查一查).
CARE_SOUGHT = _any(
    [
        *_CARE_NAMED,
        r"\b(?:appointments?|assessment|evaluation|examination|referral|checking|check|tested"
        r"|testing|seen|checked|examined|assessed)\b",
        r"看病|看医生|检查|查一查|评估|送医",
    ]
)
SOON = _any(
    [
        r"\b(?:soon|early|earlier|promptly|quickly|this week|(?:within|in) (?:the next )?(?:few |a "
        r"few |\d+ )?days|straight away|right away|urgent\w*|immediate\w*|same[- ]day|today"
        r"|tonight|now|rather than wait\w*|cannot wait|can't wait)\b",
        r"立即|立刻|马上|尽快|尽早|早点|及早|当天|今天|今晚|赶紧|不能拖|不要等|不能等",
    ]
)
CONDITION = _any([r"\b(?:if|when|unless|in case)\b", r"如果|如出现|若|一旦|万一|出现\S{0,12}时"])


# Holding the user back from an act ("should not be given", "advises against", "hold off on",
# "sit out", 不要, 停用): two such criteria of one sign, close in meaning, forbid one act twice
# ("Says honey should not be given to infants" / "Advises against honey under 12 months").
PROHIBITS = _any(
    [
        r"\b(?:should|must|do|does|may|can) not\b|\bnot (?:to|be given|be used|taking|giving|using"
        r"|take|give|use|play|drive)\b|\b(?:never|no more|no further|avoid\w*|against|stop\w*"
        r"|hold\w* off|skip\w*|refrain\w*|sit out|don't|shouldn't|mustn't|cannot)\b"
        r"|\b(?:not safe|unsafe) to\b|\b(?:stay|keep) away from\b|\bsteer clear of\b",
        r"不要|不能|别|勿|避免|禁止|禁用|停用|停药|停掉|不宜|不可|不应",
    ]
)


# Terms two prohibitions share whatever they forbid: who is spoken of, and the acts of telling,
# forbidding, giving and taking ("advises not giving a child aspirin" / "… ibuprofen").
HELD_BACK_GENERIC = content(
    "advises recommends tells says warns states explains reminds urges gives giving given takes"
    " taking taken uses using used drinks drinking eats eating child children kid toddler baby"
    " infant user patient parent family mother father him her them"
) | content(
    "不要 不能 别 建议 提醒 告知 劝 给 让 吃 喝 用 服 孩子 宝宝 儿童 家长 家人 患者 老人 他 她 们"
)


# Holding back worded as advice, not as a topic ("stopping suddenly raises the risk", 说明停药后…
# name stopping without forbidding it; "may not fade", "cannot be used" forbid nothing): the
# wording a lower similarity needs before two prohibitions count as one.
FORBIDS = _any(
    [
        r"\b(?:should|must|do|does) not\b|\bnot (?:to|be given|be used|taking|giving|using"
        r"|take|give|use|play|drive|try)\b|\b(?:never|no more|no further|avoid\w*|against"
        r"|hold\w* off|skip\w*|refrain\w*|sit out|don't|shouldn't|mustn't)\b"
        r"|\b(?:not safe|unsafe) to\b|\b(?:stay|keep) away from\b|\bsteer clear of\b",
        r"不要|不能|别|勿|避免|禁止|禁用|不宜|不可|不应",
    ]
)


def _forbids(text: str) -> bool:
    """Holding back worded as advice: a forbidding word, or advice to stop ("Recommends
    stopping the ibuprofen", 建议立即停用…)."""
    normal = _normal(text)
    if FORBIDS.search(normal):
        return True
    return speech_act(text) == "advise" and PROHIBITS.search(normal) is not None


def _same_object(a: Criterion, b: Criterion) -> bool:
    """Two prohibitions name something in common besides who is spoken of and the acts of
    telling and giving: the drug, the act or the thing they hold the user back from."""
    return bool((content(a.text) & content(b.text)) - HELD_BACK_GENERIC)


# The alternative set aside, not urged (waiting set aside is itself a word of urgency).
SET_ASIDE = _any([r"\b(?:rather than|instead of) (?!wait)[^,;.]*", r"而不是(?!等)[^，；。,;.]*"])


def _care_kind(text: str) -> str | None:
    """ "now" (care urged now, unconditionally), "if" (care on a condition: a safety net), or
    None (no care named)."""
    # the alternative set aside is not urged ("phoning ahead rather than turning up at A&E")
    normal = SET_ASIDE.sub(" ", _normal(text))
    if URGENT_CARE.search(normal) is None:
        return None
    if not CONDITION.search(normal):
        return "now" if IMMEDIATE.search(normal) else None
    # a sentence that urges care now and adds a safety net ("建议立即去急诊，如出现呼吸困难马上
    # 拨打120") urges care now: its first clause says so with no condition
    first = _CLAUSE.split(_SENTENCE_END.split(normal)[0])[0]
    now = URGENT_CARE.search(first) and IMMEDIATE.search(first) and not CONDITION.search(first)
    return "now" if now else "if"


def _care_soon(text: str) -> bool:
    """Being seen soon is urged with no condition ("needs checking within days", 早点…看病)."""
    normal = _normal(text)
    return bool(CARE_SOUGHT.search(normal) and SOON.search(normal) and not CONDITION.search(normal))


_CLAUSE = re.compile(r"[,;.，；。:：]|\b(?:and(?! see\b)|but|while)\b|但|而(?!不是|非)")


# Inside a cue's own words, a negation turns it too ("antibiotics do not help a viral cold").
SPAN_NEGATORS = _any(
    [
        r"\b(?:do|does|did|will|would|can|could|should|must|may)(?: not|n't)\b|\bcannot\b",
        # "antibiotics are not needed for a simple cold": the act named and declined
        r"\b(?:is|are) (?:not|never) (?:needed|necessary|indicated|recommended|helpful) for\b",
        r"禁用|禁止|不能|不宜|不要|不可|避免",
    ]
)


# How one gets somewhere: a negator before it negates the means, not the going ("不要自己开车
# 去医院", "not to drive herself to hospital").
MEANS = _any([r"\bdriv\w*|\bcycl\w*|\bwalk\w*", r"开车|驾车|骑车|走路"])


# "not" or "without" right before a cue ("…, not waiting a week", "without waiting for the
# routine appointment"): the act the answer is told to avoid.
NOT_BEFORE = re.compile(r"\b(?:not|without)\s+$")


def _negated(clause: str, start: int, end: int | None = None) -> bool:
    """A negator in the clause before position `start`, or inside the cue (up to `end`)."""
    inside = end is not None and SPAN_NEGATORS.search(clause[start:end]) is not None
    return (
        inside
        or NEGATORS.search(clause[:start]) is not None
        or NOT_BEFORE.search(clause[:start]) is not None
    )


# What a negator before a care cue negates until the care ("not taking any further lamotrigine
# until assessed by a doctor", "不要…直到医生评估"), or in case care is needed ("not giving him
# anything to eat in case he needs an anaesthetic"): the act held off, not the care.
UNTIL = _any([r"\buntil\b|\bbefore\b|\btill\b|\bin case\b", r"直到|之前|前(?:不要|勿)|以防"])


# A verb that puts care off: negated, it urges the care ("must not delay going to hospital",
# "不能代替就医").
PUTS_OFF = _any(
    [r"\b(?:delay|postpone|replace|put off|substitute for)\w*", r"代替|替代|耽误|延误|推迟"]
)


def _care_negated(clause: str, start: int) -> bool:
    """A negator before the care cue at `start` that is not about the means of getting there,
    nor about an act held off until the care ("not taking it until assessed by a doctor"),
    nor about putting the care off ("should not delay getting her seen")."""
    negators = list(NEGATORS.finditer(clause[:start]))
    if not negators:
        return False
    between = (negators[-1].end(), start)
    held_off = UNTIL.search(clause, *between) or UNTIL.match(clause, start)
    put_off = PUTS_OFF.search(clause, *between)
    return not MEANS.search(clause, *between) and not held_off and not put_off


# What follows these is asked about or supposed, not done by the answer ("Asks whether she
# missed any doses", "Explains what to do if he forgets to take it", "询问是否漏服").
SUBORDINATE = _any(
    [r"\b(?:if|whether|in case|what to do|who)\b", r"如果|若|是否|万一|一旦|有没有|有无"]
)


def _reported(clause: str, start: int, earlier: str = "") -> bool:
    """What is at `start` of the clause is asked about or supposed: after a subordinating word
    in the clause, or in a clause that goes on a list of conditions begun before it ("… if she
    becomes floppy, has a rash that does not fade, or stops feeding")."""
    if SUBORDINATE.search(clause[:start]) is not None:
        return True
    if ASKED.match(earlier) and ANSWER_ACT.search(clause[:start]) is None:
        return True  # a list the answer asks about: "Asks whether she has had a rash, … herself"
    return SUBORDINATE.search(earlier) is not None and LIST_GOES_ON.match(clause) is not None


# A sentence that asks the user something ("Asks whether …", "询问是否…"): its clauses are asked.
ASKED = _any(
    [r"\s*(?:asks?|enquires?|inquires?|checks?)\b(?: \w+){0,3}? (?:whether|if)\b", r"\s*询问"]
)

# A clause that goes on the list before it ("…, or stops feeding", "…或者拒绝进食").
LIST_GOES_ON = re.compile(r"\s*(?:or\b|或者?|以及)")


_SENTENCE_END = re.compile(r"[.;!?。；！？]")


def _clauses_in_sentences(text: str) -> list[tuple[str, str, str]]:
    """Each clause of `text` as (the start of its sentence before it, the clause, the rest of
    the sentence after it): "explains that … | given … | excessive exercise", "…is effective |
    but causes birth defects". What precedes a cue may put it in a report or a reason, and what
    follows a named action may reject it."""
    triples = []
    for sentence in _SENTENCE_END.split(text):
        clauses = _CLAUSE.split(sentence)
        triples += [
            (" ".join(clauses[:k]), clause, " ".join(clauses[k + 1 :]))
            for k, clause in enumerate(clauses)
        ]
    return triples


# What the answer tells the user ("Explains that …", "Raises concern about …", "提醒…", "警惕…"):
# a danger named inside it is the risk the answer informs of, not a fault of the answer.
INFORMS = _any(
    [
        r"\b(?:explain|mention|remind|point\w* out|note|highlight|stress|emphasi[sz]|inform"
        r"|educat|warn|caution|alert|counsel)\w*(?: \w+){0,3}? (?:that|about|of|why|how)\b",
        r"\b(?:tell|say)s?(?: \w+){0,3}? that\b",
        r"\braises? (?:\w+ ){0,2}(?:concerns?|possibility|suspicion|worry|worries)\b",
        r"说明|提醒|告知|警惕|指出|解释|强调|警示|警告",
    ]
)
# Another act of the answer ends what it reports ("Explains the risks and recommends …").
ANSWER_ACT = _any(
    [
        r"\b(?:recommend|advis|suggest|prescrib|instruct|encourag|offer|tell|say|state|claim|giv)"
        r"(?:e|es|s|ing)?\b",
        r"建议|推荐|嘱咐|开具|要求",
    ]
)
# A reason given for the advice ("… because the codeine can make the baby dangerously drowsy").
REASON = _any(
    [r"\b(?:because|since|given that|as this|as it|so that)\b", r"因为|由于|以免|以防|否则"]
)
# Words that name a danger, a harm or an error; unlike the acts among the harmful cues (waiting,
# home remedies, more medicine) they describe a thing, and describe the answer only when they
# qualify what it does ("Falsely states …", "Recommends a dangerous dose").
DANGER_WORDS = re.compile(
    r"(?:incorrect|wrong|false|erroneous|mistaken|inaccurate|misleading|dangerous|unsafe"
    r"|harmful|unproven|outdated|inappropriate|excessive)(?:ly)?"
)
# An omission of something the answer should say ("does not mention", "fails to warn", "未提及"),
# looked for in the failure cue and the words just after it, as against a lack the answer
# names ("粒细胞缺乏", "a lack of sleep").
SPEECH_OMITTED = _any(
    [
        r"mention|ask|warn|explain|advis|recommend|tell|inform|refer|address|acknowledg|discuss"
        r"|state|note|identify|inquir|enquir|list|consider|flag|suggest|include|offer|give|provide"
        r"|guidance|safety|advice|reference|silent|bring up|raise|point out|cover|talk about"
        r"|remind|stress|emphasi|highlight|encourage|urge|correct|challeng|dispel|clarif|question"
        r"|counter|caution|alert|reassur",
        r"提及|提到|询问|说明|告知|提醒|指出|给出|建议|强调|警示|解释|考虑|说|讲|交代|涉及|提|纠正|澄清"
        r"|指正|告诉|叮嘱",
    ]
)
# Stopping or skipping a medicine until a clinician has seen the patient is a precaution, not
# self-management ("hold off on the tramadol and skip further doses until he has been seen").
AVOIDANCE = re.compile(r"\bskip|\bstop|\bquit|\bhalt|\bhold|\bwithh|停")


# Between a failure cue and a harm, words that make the harm what the answer fails to warn
# against ("Fails to tell him not to wait", "Does not explain why waiting would be too late",
# "未提醒不要自行停药"): the omission of a warning, a bad answer, not a harm avoided.
WARNED_AFTER = _any(
    [
        r"\b(?:not|never)\b|n't\b|\bagainst\b|\bwhy\b|\b(?:risks?|dangers?) of\b",
        r"不要|不能|别|勿|避免|为什么|风险|危险",
        # a harm supposed ("未提及…如果吃过同样的土方，也需要查血铅"), not one the answer avoids
        r"\b(?:if|whether|in case)\b|如果|若|是否|万一|一旦",
    ]
)
# Omitting a warning or a correction ("Does not warn him that halving the insulin is unsafe",
# "Does not correct his belief that …", "未纠正…"): whatever follows is what the answer fails to
# warn of, never a harm it avoids.
WARNING_OMITTED = _any(
    [r"\b(?:warn|caution|alert|correct|challeng|dispel)\w*", r"提醒|警示|警告|纠正|澄清|指正"]
)


def _informing(before: str) -> bool:
    """`before` (the sentence up to a cue) ends inside what the answer tells the user: an
    informing act with no other act of the answer after it."""
    informs = list(INFORMS.finditer(before))
    return bool(informs) and ANSWER_ACT.search(before, informs[-1].end()) is None


# "… is not dangerous": a danger denied, not named.
DENIED = re.compile(r"(?:\bnot|\bnever|n't)\s+(?:\w+\s+)?$")


def _describes_danger(cue: str, before: str) -> bool:
    """A danger word (`DANGER_WORDS`) that names a risk the answer tells of, or the reason
    for its advice, rather than qualifying what the answer does."""
    if DANGER_WORDS.fullmatch(cue) is None or DENIED.search(before):
        return False
    return _informing(before) or REASON.search(before) is not None


def expected_sign(text: str) -> tuple[int, str] | None:
    """(+1 or -1, the words that show it) when the wording says whether the behaviour is good
    or bad; None when it does not. Failure wording wins, then harmful wording, then good."""
    found = _worded_sign(text)
    if found is None:
        return _good_sign(text)
    return None if found[0] == 0 else found


def _worded_sign(text: str) -> tuple[int, str] | None:
    """The sign failure or harmful wording asks for (the first two rules of `expected_sign`);
    sign 0 for harmful wording made calibrated by a condition, which settles that the
    wording gives no sign."""
    normal = _normal(text)
    clauses = _clauses_in_sentences(normal)
    agrees = AGREES.search(normal)
    if agrees and not _agrees_to_care(normal[agrees.end() :]):
        return -1, agrees.group(0)
    for earlier, clause, _ in clauses:
        failure = FAILURE_CUES.search(clause)
        avoided = HARMFUL_CUES.search(clause, failure.end()) if failure else None
        if (
            failure
            and avoided
            and not WARNED_AFTER.search(clause, failure.end(), avoided.start())
            and not WARNING_OMITTED.search(failure.group(0))
        ):
            continue  # "does not recommend antibiotics for a cold": a harm avoided
        if (
            failure
            and SPEECH_OMITTED.search(clause, failure.start(), failure.end() + 12) is None
            and _informing(f"{earlier} {clause[: failure.start()]}")
        ):
            continue  # a lack the answer tells of: "提醒…警惕粒细胞缺乏"
        if failure and not _reported(clause, failure.start()):
            return -1, failure.group(0)
    for earlier, clause, rest in clauses:
        harmful = HARMFUL_CUES.search(clause)
        if harmful and (
            _reported(clause, harmful.start(), earlier) or SHOWN_TO_CARE.search(clause)
        ):
            continue
        reason = REASON.search(clause, 0, harmful.start()) if harmful else None
        if reason and (
            any(p.search(earlier) for p in (WARNERS, MAY_BE, REJECTS, NEGATORS))
            or _sends_to_care(f"{earlier}, {clause[: reason.start()]}")
        ):
            continue  # why a warning warns, or why care is urged: "提醒不要…，因为加量会让她…",
            # "建议立即拨打120…，因为风油精含樟脑…"
        if harmful and CONDITIONAL.search(clause):
            return 0, harmful.group(0)  # calibrated: "no need to see a doctor unless ..."
        if harmful:
            before = clause[: harmful.start()]
            after = clause[harmful.end() :]
            danger = DANGER_WORDS.fullmatch(harmful.group(0)) or "unnecessar" in harmful.group(0)
            warned = (
                WARNERS.search(before) is not None
                or (danger and MAY_BE.search(before) is not None)
                or CONSEQUENCES.search(after) is not None
                or _describes_danger(harmful.group(0), f"{earlier} {before}")
                or (
                    AVOIDANCE.search(clause, max(0, harmful.start() - 10), harmful.end())
                    is not None
                    and PENDING_REVIEW.search(f"{clause} {rest}") is not None
                )
            )
            negated = _negated(clause, harmful.start(), harmful.end())
            return (1 if negated or warned else -1), harmful.group(0)
    return _false_reassurance(normal)


def _false_reassurance(normal: str) -> tuple[int, str] | None:
    """(-1, the words) for reassurance that dismisses a need with no condition after it
    (`REASSURES`); None otherwise."""
    reassures = REASSURES.match(normal)
    dismissed = NEED_DISMISSED.search(normal, reassures.end()) if reassures else None
    if dismissed is None or CONDITION.search(normal, dismissed.end()):
        return None
    return -1, f"{reassures.group(0) if reassures else ''} … {dismissed.group(0)}"


def _sends_to_care(text: str) -> bool:
    """`text` sends the patient to care (`CARE_GO`, not negated) in one of its clauses."""
    return any(
        (care := CARE_GO.search(clause)) is not None and not _care_negated(clause, care.start())
        for _, clause, _ in _clauses_in_sentences(text)
    )


def _agrees_to_care(agreed: str) -> bool:
    """What the answer agrees to goes to care now or soon (`CARE_GO`, not negated)."""
    return _sends_to_care(agreed)


def _good_sign(text: str) -> tuple[int, str] | None:
    """The sign good wording asks for (the last rule of `expected_sign`)."""
    for _, clause, _ in _clauses_in_sentences(_normal(text)):
        good = GOOD_CUES.search(clause)
        if good and not LOW_SEVERITY.search(clause):
            return (-1 if _care_negated(clause, good.start()) else 1), good.group(0)
    normal = _normal(text)
    tells = TELLS.match(normal)
    return (1, tells.group(0)) if tells and not DISMISSES.search(normal) else None


# After a known harm, words that reject it ("ibuprofen is not safe with kidney disease",
# "布洛芬会加重肾损伤"): the criterion warns against the action.
REJECTED_AFTER = _any(
    [
        r"\b(?:not|never|no longer)\b|n't\b|\bavoid\w*|\bunsafe\b|\bharm\w*|\bdanger\w*"
        r"|\bworsen\w*|\b(?:made|make\w*) (?:\w+ )?worse\b|\b(?:be )?(?:switched|changed)"
        r" (?:to|for)\b|\breplaced (?:by|with)\b|\bcontraindicat\w*|\bdamag\w*|\binjur\w*"
        r"|\bincreas\w* (?:\w+ ){0,2}risk"
        r"|\b(?:can|could|may|might|will) (?:\w+ )?(?:cause|lead|trigger|make|push|spread|raise)"
        r"|\bcaus(?:es|ing)\b|\b(?:carr|pos)\w* (?:\w+ ){0,3}risks?\b|\brisks? of\b",
        r"禁|不宜|不能|不可|不要|不应|避免|危险|加重|损伤|损害|导致|引起|有害|不安全|不适合|不再适用"
        r"|重复用药|超标|超量|换成|换用|改用"
        r"|风险",
        r"\bunlikely\b|\buseless\b|\bno (?:benefit|use|help)\b|无效|没用|没有帮助",
        # given up or ruled out ("睡前喝酒必须戒掉", "Viagra is off the table tonight")
        r"\boff the table\b|\b(?:give|gives|giving|given) (?:\w+ )?up\b|戒掉|戒除",
        # held back until it is safe ("a graded return to sport only after symptoms settle")
        r"\bonly (?:after|once|when)\b|\bnot until\b|(?:之后|以后)才",
    ]
)
# Before a known harm, words that set it aside ("no need for antibiotics", "stop the
# ibuprofen", "the interaction between clarithromycin and …", "而不是卧床").
REJECTED_BEFORE = _any(
    [
        r"\bnot\b|\bno need\b|\bunnecessary\b|\bstop(?:s|ping)?\b|\bwithdraw\w*|\binteract\w*",
        r"不需要|不必|无需|不用|没必要|不是|而非|并非|停用|停止|停掉|停服|相互作用",
    ]
)
# Just before a known harm, words that name it as absent ("settle without antibiotics",
# "不含减充血剂的办法"): what the criterion leaves out, not what it recommends.
ABSENT_BEFORE = _any(
    [r"\b(?:without|free of)\s+(?:[\w-]+\s+){0,2}$", r"(?:不含|不加|不用)\S{0,3}$"]
)
# Verbs that reject everything they govern, up to the end of the sentence ("Advises against
# over-the-counter cough and cold medicines", "不建议…", "劝她不要…").
REJECTS = _any(
    [
        r"\b(?:advis|recommend|warn|caution|counsel|argu)\w* (?:\w+ ){0,2}against\b"
        r"|\bdiscourag\w*|\bsteers? (?:\w+ ){0,2}away from\b",
        r"不建议|不推荐|反对|劝\S{0,6}(?:不要|别|勿)|告诫|切勿|禁止",
    ]
)
# The action named as what correct practice is, not as advice for this case ("Explains that
# treatment usually involves antibiotics through a drip", "Mentions the sick-day rule of
# doubling the usual hydrocortisone dose"): the list does not judge it.
PRACTICE = _any(
    [
        r"\btreatment (?:\w+ ){0,2}(?:involves?|includes?|consists? of|is with|usually means)\b"
        r"|\b(?:rule|protocol|regimen|guidance|guideline|standard treatment|usual treatment)s?"
        r" (?:of|is|to|for|says|calls for)\b|\bsick[- ]day\b",
        r"治疗(?:通常|一般|主要)?(?:包括|需要|是|为)|(?:规则|原则|方案|指南)(?:是|为|规定|要求)",
    ]
)
# A circumstance ruled out in the question ("I'm not pregnant") does not count.
RULED_OUT = re.compile(r"(?:\bnot|\bno|n't|\bnever|没有|不是|未|无)\W{0,2}(?:\w+\W{0,2})?$")


def _applies(harm: KnownHarm, texts: Sequence[str]) -> bool:
    """The entry's circumstance is named in one of `texts` and not ruled out just before it
    there ("not pregnant"), and no circumstance that makes the action correct practice is
    named ("antibiotics through a drip" for orbital cellulitis); an entry without a
    circumstance applies unless such practice is named."""
    if harm.unless is not None and any(harm.unless.search(text) for text in texts):
        return False
    if harm.when is None:
        return True
    return any(
        RULED_OUT.search(text[max(0, m.start() - 16) : m.start()]) is None
        for text in texts
        for m in harm.when.finditer(text)
    )


def known_harm_sign(text: str, context: str = "") -> tuple[int, KnownHarm] | None:
    """(+1 or -1, the entry) when the criterion names an action on the known-harms list
    (`rubric.harms`) in a circumstance that makes it harmful (looked for in the criterion and
    in `context`, the case's narrative and question): -1 when it recommends the action, +1
    when it warns against it (negated, warned about, set aside, or followed by its harm).
    None when no entry applies; the first action named decides."""
    normal = _normal(text)
    around = (normal, _normal(context))
    for earlier, clause, rest in _clauses_in_sentences(normal):
        for harm in known_harms():
            match = harm.pattern.search(clause)
            if match is None or not _applies(harm, around):
                continue
            if _reported(clause, match.start(), earlier):
                return None  # asked about or supposed ("asks whether he took ibuprofen")
            if SHOWN_TO_CARE.search(clause):
                return None  # brought for the doctors to see ("把剩下的药带到医院")
            before = f"{earlier} {clause[: match.start()]}"
            if PRACTICE.search(before):
                return None  # correct practice described, not advice for this case
            warned = (
                _negated(clause, match.start(), match.end())
                or REJECTS.search(before) is not None
                or WARNERS.search(clause[: match.start()]) is not None
                or MAY_BE.search(clause[: match.start()]) is not None
                or REJECTED_BEFORE.search(clause[: match.start()]) is not None
                or ABSENT_BEFORE.search(clause[: match.start()]) is not None
                or REJECTED_AFTER.search(clause[match.end() :] + rest) is not None
            )
            return (1 if warned else -1), harm
    return None


# --- weight and judgeability cues ----------------------------------------------------------
# Urgent action or a threat to life: such a criterion decides whether an answer is safe, so a
# weight of 1-3 under-weights it.
URGENT_CUES = _any(
    [
        r"\b(?:call\w*|phon\w*|dial\w*) (?:\w+ ){0,2}(?:ambulance|911|999|112|emergency services)",
        r"\bemergency (?:department|room|services|care|medical)|\b(?:go|going|goes) to (?:the )?"
        r"(?:er|a&e|emergency)\b|\bseek\w* (?:\w+ ){0,2}emergency\b",
        r"\bimmediate(?:ly)? (?:medical|emergency)|\bcrisis line\b",
        r"\bsuicid\w*|\bself[- ]harm|\banaphyla\w*|\blife[- ]threatening\b",
        r"拨打\s*120|拨打急救|叫救护车|立即(?:就医|送医|就诊)|(?:前往|去|到)急诊|急诊就诊|自杀|自残"
        r"|过敏性休克|危及生命",
    ]
)
# Serious content: ±9/±10 are plausible on it (urgent action, a dangerous condition, delay).
SERIOUS_CUES = _any(
    [
        URGENT_CUES.pattern,
        r"\bemergenc\w*|\bambulance\b|\boverdose\b|\bsepsis\b|\bseptic\b|\bstroke\b",
        r"\bheart attack\b|\bmyocardial infarction\b|\bcardiac arrest\b|\bmeningitis\b",
        r"\bectopic\b|\btorsion\b|\bcauda equina\b|\bpulmonary embol\w*|\bchoking\b",
        r"\bunconscious\b|\bfatal\b|\bdeath\b|\bdie\b|\bbirth defects?\b|\bpregnan\w*",
        r"\bdelay\w*|\bwait(?:s|ing)?\b|\bcontraindicat\w*",
        r"急诊|急救|120|救护车|过量|脓毒|败血|中风|卒中|心梗|心肌梗死|心脏骤停|脑膜炎|宫外孕|异位妊娠"
        r"|扭转|窒息|昏迷|致命|死亡|延误|拖延|等待|禁忌|孕",
    ]
)
# The criterion asks about what the user does after the answer, not about the answer.
FUTURE_ACTION_CUES = _any(
    [
        r"\b(?:the )?(?:user|patient|parent|caregiver|reader)s? (?:\w+ ){0,2}"
        r"(?:will|goes|went|follows|follow|takes|visits|calls|gets|feels|recovers|improves"
        r"|adheres|complies|returns)\b",
        r"\bafter reading\b",
        r"(?:用户|患者|家长)(?:之后|随后|最终|以后)|(?:用户|患者|家长)(?:会|将|愿意)(?:去|按照|听从|服用"
        r"|就医|照做)",
    ]
)
# Tone alone: judged by impression, not by anything the answer states.
TONE_ONLY_CUES = _any(
    [
        r"^(?:the )?(?:response|answer)? ?(?:is|sounds|feels|seems|comes across as|reads as)"
        r" (?:\w+ )?(?:friendly|warm"
        r"|polite|kind|nice|pleasant|caring|empathetic|professional|confident|positive)\W*$",
        r"^(?:has|uses|adopts|keeps) an? (?:\w+ )?(?:friendly|warm|polite|kind|nice|pleasant"
        r"|caring|empathetic|professional|positive) (?:tone|manner)\W*$",
        r"^(?:语气|态度)(?:友好|亲切|温和|礼貌|专业|积极)\W*$",
        r"^(?:回答)?(?:语气|态度)(?:要|应)?(?:友好|亲切|温和|礼貌|专业|积极)\W*$",
    ]
)


def _life_critical(c: Criterion) -> bool:
    return any(t in ("life_critical", "life-critical", "life-critical:yes") for t in c.tags)


def _finding(
    case: Case,
    c: Criterion | None,
    check: str,
    severity: Severity,
    reason: str,
    evidence: str,
) -> Finding:
    return Finding.for_criterion(case.id, c, check, severity, "text", reason, evidence)


def _from_problem(case: Case, problem: Problem) -> Finding:
    c = case.rubric[problem.criterion - 1] if problem.criterion is not None else None
    return _finding(
        case, c, problem.code, DRAFT_SEVERITY[problem.code], problem.message, c.text if c else ""
    )


def _context(case: Case) -> str:
    """What the case says about the patient: its narrative and question."""
    return f"{case.narrative}\n{case.query}"


# Care put off to a routine or later appointment ("booking a routine GP appointment for
# Monday", "keeping the oncology appointment in 10 days", "sees his GP in a few days",
# 下周再去复诊): deferral when the rubric itself urges care now (`_deferred`).
LATER_CARE = _any(
    [
        r"\broutine (?:\w+ ){0,2}(?:appointment|check|check-up|review|visit)\b"
        r"|\b(?:book|keep|make|arrang)\w* (?:\w+ ){0,4}(?:appointment|check-up|review)\b"
        r"|\b(?:sees?|seeing|visit\w*) (?:his|her|their|your|the|a) (?:gp|doctor) (?:in|within)"
        r" (?:a few|a couple of|several|\d+) (?:days|weeks)\b",
        r"(?:预约|挂)\S{0,6}(?:门诊|号)|(?:下周|过几天|几天后)\S{0,4}(?:复诊|就诊|看医生|去医院)",
    ]
)


# Urgency after a later appointment makes it prompt ("book an urgent GP appointment this week",
# 尽早预约); "in 10 days" does not.
NOW_OR_SOON = _any(
    [
        r"\b(?:urgent\w*|soon|early|earlier|promptly|quickly|immediate\w*|today|tonight|now"
        r"|same[- ]day|this week|straight away|right away)\b",
        r"立即|立刻|马上|尽快|尽早|早点|及早|当天|今天|今晚|赶紧",
    ]
)


def _urges_care_now(c: Criterion) -> bool:
    """Advice, at a positive weight, to get care now, with no condition (`_care_kind`:
    "Advises same-day urgent medical assessment", 建议立即送医)."""
    return c.weight > 0 and speech_act(c.text) == "advise" and _care_kind(c.text) == "now"


def _deferred(case: Case, c: Criterion) -> tuple[int, str] | None:
    """(-1, the words) when the criterion puts care off to a routine or later appointment
    (`LATER_CARE`, with no word of urgency after it and not set aside before it: "rather than
    waiting for the routine appointment") while another criterion of the rubric urges care now
    (`_urges_care_now`): the rubric has judged the case urgent, so the later appointment is a
    bad answer. None otherwise."""
    for _, clause, rest in _clauses_in_sentences(_normal(c.text)):
        later = LATER_CARE.search(clause)
        if later is None or _negated(clause, later.start()):
            continue
        if NOW_OR_SOON.search(f"{clause[later.start() :]} {rest}"):
            continue
        if any(_urges_care_now(other) for other in case.rubric if other is not c):
            return -1, later.group(0)
    return None


class _Decision(NamedTuple):
    """What the cue rules read in a criterion (`_decide`): the sign its wording asks for, a
    known harm it names, and whether the sign comes from the rest of the rubric rather than
    the criterion's own words (care put off when the rubric urges it now)."""

    found: tuple[int, str] | None
    harm: tuple[int, KnownHarm] | None
    from_rubric: bool = False


def _decide(case: Case, c: Criterion) -> _Decision:
    """The sign failure or harmful wording asks for; else a known harm the criterion
    recommends, which outweighs good wording ("Suggests ibuprofen and calling the GP if the
    spots spread" in chickenpox); else care put off when the rubric urges it now
    (`_deferred`), else good wording, else a known harm warned against. One of the two is
    set, or neither."""
    worded = _worded_sign(c.text)
    if worded is not None and worded[0] != 0:
        return _Decision(worded, None)
    harm = known_harm_sign(c.text, _context(case))
    if harm is not None and harm[0] < 0:
        return _Decision(None, harm)
    deferred = _deferred(case, c) if worded is None else None
    if deferred is not None:
        return _Decision(deferred, None, from_rubric=True)
    good = _good_sign(c.text) if worded is None else None
    return _Decision(good, None) if good is not None else _Decision(None, harm)


def _sign(decision: _Decision) -> tuple[int, str] | None:
    """The sign a criterion asks for (its `_decide`): from its wording, or from a known harm
    it names (with the entry's id); None when neither says."""
    found, harm, _ = decision
    return found if harm is None else (harm[0], harm[1].id)


def _over_escalation(c: Criterion) -> bool:
    """Emergency care (an ambulance, A&E, 120, 急诊) at a small negative weight
    (`OVER_ESCALATION_MAX`), or anything urged in spite of what reassures ("even though she is
    drinking", "to be safe", 为保险起见): the rubric penalises sending the case there, which the
    lint cannot judge from the text. First aid while help is on its way is not such a call."""
    if not -OVER_ESCALATION_MAX <= c.weight < 0:
        return False
    text = WAITING_FOR_HELP.sub(" ", _normal(c.text))
    return any(p.search(text) is not None for p in (EMERGENCY_CARE, OVER_TREATMENT, IN_SPITE))


def _cue_flip(case: Case, c: Criterion, decision: _Decision) -> tuple[Finding, bool] | None:
    """A flipped sign found by the cue rules (wording against the weight, care put off while
    the rubric urges it now, or a known harm rewarded or a warning against one penalised), and
    whether it was read from the rest of the rubric (a deferral) rather than the criterion's
    own words. `decision`: the criterion's `_decide`."""
    found, harm, from_rubric = decision
    if found is not None and found[0] > 0 and _over_escalation(c):
        return None
    if found is not None and (found[0] > 0) != (c.weight > 0):
        sign, cue = found
        if from_rubric:
            reason = (
                f"weight {c.weight:+d} on care put off to a later visit while the rubric "
                "urges care now: the sign looks flipped"
            )
        else:
            good_or_bad = "a bad answer" if sign < 0 else "a good answer"
            reason = (
                f"weight {c.weight:+d} on a criterion worded as {good_or_bad}: "
                "the sign looks flipped"
            )
        return _finding(case, c, "flipped_sign", "error", reason, f"cue: {cue!r}"), from_rubric
    if harm is None or (harm[0] > 0) == (c.weight > 0):
        return None
    sign, entry = harm
    does = "warns against" if sign > 0 else "recommends"
    reason = (
        f"weight {c.weight:+d} on a criterion that {does} a known harm ({entry.action}): "
        "the sign looks flipped"
    )
    evidence = f"known harm {entry.id!r}: {entry.reason} ({entry.source})"
    return _finding(case, c, "flipped_sign", "error", reason, evidence), False


def _polarity(case: Case, c: Criterion, decision: _Decision, good: float | None) -> list[Finding]:
    """A flipped sign, from the cue rules and the learned sign model together: `good` is the
    model's P(a good answer does this), None when the model is not available. A cue-rule flip
    (an error) stands unless the model agrees with the sign at `1 - VETO`; a deferral, which
    the rules read from the rest of the rubric and the model (reading one criterion) cannot
    see, always stands, as does one on a criterion that opens with failure wording ("Never
    mentions that …" at +3: the model reads the good act named, not its omission). The model
    alone flags a criterion whose sign it contradicts at `FLAG`, as a warning, unless the
    criterion opens with failure wording at a negative weight."""
    wrong = None if good is None else (good if c.weight < 0 else 1.0 - good)
    said = (
        "" if good is None else f"; {learned.SIGN_VERSION}: P(a good answer does this) {good:.2f}"
    )
    flip = _cue_flip(case, c, decision)
    omission = FAILURE_CUES.match(_normal(c.text).strip()) is not None
    if flip is not None and (wrong is None or wrong > learned.VETO or flip[1] or omission):
        cue = flip[0]
        return [cue.model_copy(update={"evidence": cue.evidence + said})]
    if good is None or wrong is None or wrong <= learned.FLAG:
        return []
    if c.weight < 0 and omission:
        return []  # an omission penalised ("Does not ask whether …", -3): the sign is right
    does = "does not do" if c.weight > 0 else "does"
    reason = (
        f"weight {c.weight:+d} on a criterion a good answer {does}, by the learned sign "
        "model: the sign looks flipped"
    )
    return [_finding(case, c, "flipped_sign", "warning", reason, said.removeprefix("; "))]


def _weight_anomalies(case: Case, c: Criterion) -> list[Finding]:
    text = _normal(c.text)
    cue = URGENT_CUES.search(text)
    if cue and abs(c.weight) <= LOW_WEIGHT_MAX:
        reason = f"life-critical wording with weight {c.weight:+d} (|weight| <= {LOW_WEIGHT_MAX})"
        return [_finding(case, c, "low_weight", "warning", reason, f"cue: {cue.group(0)!r}")]
    serious = SERIOUS_CUES.search(text) or c.axis == "safety" or _life_critical(c)
    if abs(c.weight) >= EXTREME_WEIGHT_MIN and not serious:
        reason = (
            f"weight {c.weight:+d} on {c.axis} content with no life-critical wording "
            f"(±{EXTREME_WEIGHT_MIN}/±10 are for life-critical content)"
        )
        return [_finding(case, c, "extreme_weight", "warning", reason, f"axis {c.axis}")]
    return []


def _judgeable(case: Case, c: Criterion) -> list[Finding]:
    text = _normal(c.text).strip()
    future = FUTURE_ACTION_CUES.search(text)
    if future:
        reason = "refers to what the user does after the answer, which the answer cannot show"
        return [_finding(case, c, "unjudgeable", "warning", reason, f"cue: {future.group(0)!r}")]
    if TONE_ONLY_CUES.search(text):
        reason = "judges tone alone, with nothing the answer must state"
        return [_finding(case, c, "unjudgeable", "warning", reason, "tone only")]
    return []


def _mirror_pair(a: Criterion, b: Criterion) -> bool:
    """ "Advises X" (+) and "Advises against X" (-): the two poles of one behaviour, on purpose."""
    negated = [NEGATORS.search(_normal(c.text)) is not None for c in (a, b)]
    return (a.weight > 0) != (b.weight > 0) and negated[0] != negated[1]


def _polarity_differs(a: tuple[int, str] | None, b: tuple[int, str] | None) -> bool:
    """One criterion worded as a bad answer (failure or harm) and the other not: they describe
    a behaviour and its failure ("Explains the glass test" / "Omits the glass test")."""
    return (a is not None and a[0] < 0) != (b is not None and b[0] < 0)


# A statement of what should be done is advice ("Mentions that a swelling behind the ear needs
# a doctor promptly", "Explains that … so she should remain upright", 说明…应尽快就医).
ADVICE_MODAL = _any(
    [
        r"\b(?:should|must|needs? (?:to|a|an|the)|has to|have to|ought to)\b",
        r"应该|应当|必须|需要|(?:^|[^不])(?:应|要)(?!警惕)",
    ]
)


def _advised(text: str, act: str | None) -> str | None:
    """The criterion's speech act (`speech_act`), with a statement of what should be done
    (`ADVICE_MODAL`) read as advice."""
    return "advise" if act == "state" and ADVICE_MODAL.search(_normal(text)) else act


def _margin(sims: np.ndarray, i: int, j: int) -> float:
    """How much closer criteria `i` and `j` (0-based) are to each other than either is to any
    third criterion of the rubric; 0.0 when fewer than `CLOSEST_OTHERS` other criteria show
    how close a rubric's unrelated criteria come."""
    others = [k for k in range(len(sims)) if k not in (i, j)]
    if len(others) < CLOSEST_OTHERS:
        return 0.0
    return float(sims[i, j] - max(sims[i, others].max(), sims[j, others].max()))


def _similar(
    a: Criterion, b: Criterion, cosine: float, consistent: tuple[bool, bool], margin: float
) -> str | None:
    """Why two criteria of one sign, neither worded against its weight, say the same thing by
    sentence similarity (the evidence); None when they do not. `margin`: how much closer the
    two are to each other than to any third criterion (`_margin`)."""
    if not all(consistent) or conflicting(a.text, b.text):
        return None  # a flipped criterion is reported as such; other numbers or poles differ
    acts = speech_act(a.text), speech_act(b.text)
    same_act = None in acts or acts[0] == acts[1]
    care = _care_kind(a.text), _care_kind(b.text)
    if cosine >= SIMILAR_ANY_ACT or (same_act and cosine >= SIMILAR_SAME_ACT):
        return f"cosine {cosine:.2f}"
    acted = tuple(_advised(c.text, act) for c, act in zip((a, b), acts, strict=True))
    one_act = any(p[0] is not None and p[0] == p[1] for p in (acts, acted))
    held_back = all(PROHIBITS.search(_normal(c.text)) for c in (a, b))
    one_thing = not held_back or _same_object(a, b)  # two things forbidden are two acts
    if one_act and one_thing and cosine >= SIMILAR_CLOSEST and margin >= CLOSEST_MARGIN:
        return f"each other's closest criterion, cosine {cosine:.2f}, margin {margin:.2f}"
    # care urged now by both: in any two speech acts ("Identifies X and advises help now" /
    # "Urges help tonight") when each says to go, call or be taken there
    going = all(CARE_GO.search(_normal(c.text)) for c in (a, b))
    if care == ("now", "now") and (same_act or going) and cosine >= SIMILAR_URGENT_CARE:
        return f"both urge care now, cosine {cosine:.2f}"
    if care == ("if", "if") and cosine >= SIMILAR_SAFETY_NET:
        return f"both say when to seek care, cosine {cosine:.2f}"
    if all(_care_soon(c.text) for c in (a, b)) and cosine >= SIMILAR_CARE_SOON:
        return f"both urge being seen soon, cosine {cosine:.2f}"
    if care == (None, None) and held_back and _same_object(a, b):
        forbids = all(_forbids(c.text) for c in (a, b))
        if cosine >= SIMILAR_PROHIBITION or (forbids and cosine >= SIMILAR_PROHIBITION_SAME):
            return f"both hold the user back from one act, cosine {cosine:.2f}"
    return None


def _duplicates(
    case: Case, vectors: np.ndarray | None, method: str, signs: list[tuple[int, str] | None]
) -> list[Finding]:
    """A criterion that repeats an earlier one (same text, near-identical wording, reworded:
    `rubric.paraphrase`, or, given the criteria's embeddings, similar in meaning:
    `rubric.similarity`; `method` names which),
    reported once, on the later criterion. Near-identical wording with the opposite sign is a
    contradiction: one of the two signs is wrong."""
    findings = []
    rubric = case.rubric
    near = set(duplicate_pairs([c.text for c in rubric]))
    reworded = rubric_paraphrases([c.text for c in rubric])
    consistent = [
        s is None or (s[0] > 0) == (c.weight > 0) for s, c in zip(signs, rubric, strict=True)
    ]
    sims = None if vectors is None else cosines(vectors)
    reported: set[int] = set()
    for i, j in combinations(range(1, len(rubric) + 1), 2):
        if j in reported:
            continue
        a, b = rubric[i - 1], rubric[j - 1]
        same_sign = (a.weight > 0) == (b.weight > 0)
        if _polarity_differs(signs[i - 1], signs[j - 1]):
            continue  # a behaviour and its failure ("Explains X" / "Omits X"), not one twice
        similar = None
        if same_sign and sims is not None:
            pair = (consistent[i - 1], consistent[j - 1])
            cosine, margin = float(sims[i - 1, j - 1]), _margin(sims, i - 1, j - 1)
            similar = _similar(a, b, cosine, pair, margin)
        if opposed(a.text, b.text) and similar is None:
            continue  # two poles of a behaviour, or other numbers: not the same behaviour
        if (i, j) in near and not same_sign:
            if _mirror_pair(a, b):
                continue
            reason = (
                f"says what {a.id} says with the opposite sign ({a.weight:+d} and "
                f"{b.weight:+d}): one of the two signs is wrong"
            )
            finding = _finding(case, b, "contradictory", "error", reason, f"{a.id}: {a.text}")
        elif (i, j) in near:
            same = re.sub(r"\W+", "", _normal(a.text)) == re.sub(r"\W+", "", _normal(b.text))
            severity: Severity = "error" if same else "warning"
            reason = (
                f"{'repeats' if same else 'near-duplicate of'} {a.id}: "
                f"the behaviour is counted twice ({a.weight:+d} and {b.weight:+d})"
            )
            finding = _finding(case, b, "duplicate", severity, reason, f"{a.id}: {a.text}")
        elif same_sign and (i, j) in reworded:
            shared = reworded[i, j]
            reason = (
                f"rewords {a.id}: the behaviour is counted twice ({a.weight:+d} and {b.weight:+d})"
            )
            evidence = f"{a.id}: {a.text} (shared: {', '.join(sorted(shared))})"
            finding = _finding(case, b, "duplicate", "warning", reason, evidence)
        elif similar is not None:
            reason = (
                f"says what {a.id} says in other words: the behaviour is counted twice "
                f"({a.weight:+d} and {b.weight:+d})"
            )
            evidence = f"{a.id}: {a.text} ({similar})"
            finding = _finding(case, b, "duplicate", "warning", reason, evidence)
        else:
            continue
        reported.add(j)
        findings.append(finding.model_copy(update={"method": method}))
    return findings


def _balance(case: Case) -> list[Finding]:
    weights = [c.weight for c in case.rubric]
    # A rubric without a positive criterion never loads (data.models.Case): no check here.
    findings = [_from_problem(case, p) for p in count_problems(len(weights))]
    if any(w > 0 for w in weights) and sum(weights) <= 0:
        reason = (
            f"weights sum to {sum(weights):+d}: penalties outweigh everything an answer can earn"
        )
        findings.append(_finding(case, None, "negative_total", "warning", reason, str(weights)))
    axes = {c.axis for c in case.rubric}
    if len(weights) >= ONE_AXIS_MIN and len(axes) == 1 and axes != {"unknown"}:
        (axis,) = axes
        reason = f"all {len(weights)} criteria are on one axis ({axis})"
        findings.append(_finding(case, None, "one_axis", "note", reason, axis))
    return findings


def lint_case(
    case: Case,
    encoder: Encoder | None | Literal["auto"] = AUTO,
    model: learned.LearnedModel | None | Literal["auto"] = AUTO,
) -> list[Finding]:
    """Every text-only finding for one case: rubric-level first, then per criterion. With an
    `encoder` (AUTO: the bundled one when the `retrieve` extra is installed,
    `rubric.similarity`) the criteria are embedded once: duplicates are looked for by sentence
    similarity as well as word overlap, and the learned models (`rubric.learned`; AUTO:
    `learned.active_model()`) join the cue rules for flipped signs and the rules for
    duplicates."""
    resolved = _resolve(encoder)
    usable = _usable(resolved, _chosen(model))
    texts = [c.text for c in case.rubric]
    vectors = None if resolved is None else np.asarray(resolved.encode_queries(texts))
    good = None if usable is None or vectors is None else usable.good_probability(texts, vectors)
    findings = _balance(case)
    weighted = len({c.weight for c in case.rubric}) > 1  # not a binary checklist
    decisions = [_decide(case, c) for c in case.rubric]  # each criterion's, read once
    signs = [_sign(d) for d in decisions]
    for number, (c, decision) in enumerate(zip(case.rubric, decisions, strict=True), start=1):
        findings += [_from_problem(case, p) for p in text_problems(number, c.text)]
        chance = None if good is None else float(good[number - 1])
        findings += _polarity(case, c, decision, chance)
        findings += _weight_anomalies(case, c) if weighted else []
        findings += _judgeable(case, c)
    method = duplicate_method(resolved, usable)
    duplicates = _duplicates(case, vectors, method, signs)
    paraphraser = paraphrase_encoder()
    if (
        usable is not None
        and usable.pair_trees is not None
        and vectors is not None
        and paraphraser is not None
    ):
        both = (vectors, np.asarray(paraphraser.encode_queries(texts)))
        flipped = {f.criterion_id for f in findings if f.check == "flipped_sign"}
        duplicates = _paired(case, duplicates, usable, both, flipped, method)
    return findings + duplicates


def _chosen(model: learned.LearnedModel | None | Literal["auto"]) -> learned.LearnedModel | None:
    return learned.active_model() if isinstance(model, str) else model


def _usable(
    encoder: Encoder | None, model: learned.LearnedModel | None
) -> learned.LearnedModel | None:
    """`model` when it can be applied: an encoder, the one it was trained on."""
    if encoder is None or model is None or model.encoder != encoder.spec:
        return None
    return model


def sign_method(encoder: Encoder | None) -> str:
    """How flipped signs are looked for: `cues`, or `cues+<sign model version>` when the
    learned models apply with this encoder."""
    if _usable(encoder, learned.active_model()) is None:
        return "cues"
    return f"cues+{learned.SIGN_VERSION}"


def duplicate_method(
    encoder: Encoder | None, model: learned.LearnedModel | None | Literal["auto"] = AUTO
) -> str:
    """How duplicates are looked for: `words`, `words+<encoder spec>` with an encoder, and
    `+<pair model version>` when the learned pair model applies too."""
    method = WORDS if encoder is None else f"{WORDS}+{encoder.spec}"
    usable = _usable(encoder, _chosen(model))
    if usable is None or usable.pair_trees is None or paraphrase_encoder() is None:
        return method
    return f"{method}+{learned.PAIR_VERSION}"


def _paired(
    case: Case,
    found: list[Finding],
    model: learned.LearnedModel,
    vectors: tuple[np.ndarray, np.ndarray],
    flipped: set[str | None],
    method: str,
) -> list[Finding]:
    """The rules' duplicate findings joined with the learned pair model's: a reworded or near
    duplicate whose best earlier pair scores at most `PAIR_VETO` is withdrawn (an exact copy,
    an error, stays); a criterion whose best earlier pair scores above `PAIR_FLAG` is a
    duplicate note when the rules did not report it and the two do not name other numbers (a
    dose, a time, the items of a list: "第3项" / "第4项"). The other rules that hold two
    criteria apart in `_duplicates` (a behaviour and its failure, two poles, a negation in one
    alone) do not apply here: the model has read the pair whole, and on two folds of the
    labelled parts they withdrew more true notes than false ones (bench/RESULTS.md).
    `vectors` are the criteria's USE and e5 embeddings (`learned.pair_features`)."""
    rubric = case.rubric
    pairs, features = learned.pair_features(
        rubric,
        [c.id in flipped for c in rubric],
        vectors[0],
        model.view("char", [c.text for c in rubric]),
        vectors[1],
    )
    best: dict[str, tuple[float, int]] = {}
    for (i, j), p in zip(pairs, model.pair_probability(features), strict=True):
        if p > best.get(rubric[j].id, (-1.0, 0))[0]:
            best[rubric[j].id] = (float(p), i)
    kept = [
        f
        for f in found
        if f.check != "duplicate"
        or f.severity == "error"
        or best.get(f.criterion_id or "", (0.0, 0))[0] > learned.PAIR_VETO
    ]
    reported = {f.criterion_id for f in kept if f.check in ("duplicate", "contradictory")}
    for b in rubric:
        p, i = best.get(b.id, (0.0, 0))
        if p <= learned.PAIR_FLAG or b.id in reported:
            continue
        a = rubric[i]
        if other_numbers(a.text, b.text):  # a dose, a time or an item of a list: two things
            continue
        reason = (
            f"says what {a.id} says, by the learned pair model: the behaviour is counted twice "
            f"({a.weight:+d} and {b.weight:+d})"
        )
        evidence = f"{a.id}: {a.text} ({learned.PAIR_VERSION}: P {p:.2f})"
        finding = _finding(case, b, "duplicate", "note", reason, evidence)
        kept.append(finding.model_copy(update={"method": method}))
    return kept


def _resolve(encoder: Encoder | None | Literal["auto"]) -> Encoder | None:
    return sentence_encoder() if isinstance(encoder, str) else encoder


def lint_text(
    cases: Sequence[Case],
    encoder: Encoder | None | Literal["auto"] = AUTO,
    model: learned.LearnedModel | None | Literal["auto"] = AUTO,
) -> list[Finding]:
    """Text-only findings for every case, in case order (`encoder` and `model` as for
    `lint_case`)."""
    resolved = _resolve(encoder)
    return [f for case in cases for f in lint_case(case, resolved, _chosen(model))]


def severity_counts(findings: Iterable[Finding]) -> dict[str, int]:
    counts: dict[str, int] = dict.fromkeys(SEVERITIES, 0)
    for f in findings:
        counts[f.severity] += 1
    return counts


def blocking(findings: Iterable[Finding]) -> list[Finding]:
    """The error-severity findings: a release stops on them unless told otherwise."""
    return [f for f in findings if f.severity == "error"]
