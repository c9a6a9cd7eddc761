"""The learned identifier tagger (`redact_tagger`): the shipped model loads and tags, training
is deterministic, its spans must have their kind's form, it joins the rules' findings, and
`python -m medrubric.redact.train` refuses a bad labelled line."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from medrubric.data.labelled import awaiting_sets, sets_to_train
from medrubric.errors import InputError
from medrubric.redact import redact_tagger
from medrubric.redact.pii_eval import load_snippets
from medrubric.redact.redact import find_identifiers, redact_text
from medrubric.redact.redact_tagger import (
    MODEL_NAME,
    RECORD_NAME,
    default_model,
    inputs_digest,
    labels,
    plausible,
    tag_spans,
    train,
    training_items,
    units,
)
from medrubric.redact.train import main as train_main

PII = Path(__file__).parents[1] / "data" / "pii"

PHONE_IN_NUMERALS = "联系电话一三九 五七二一 零八六六"


def test_the_shipped_model_loads_and_tags_a_known_snippet():
    record = json.loads(default_model().with_name(RECORD_NAME).read_text("utf-8"))
    assert len(record["data_commit"]) == 40 and sum(record["sets"].values()) > 2000
    spans = list(tag_spans(PHONE_IN_NUMERALS, default_model()))
    assert [(k, PHONE_IN_NUMERALS[a:b]) for k, a, b in spans] == [
        ("PHONE", "一三九 五七二一 零八六六")
    ]


def test_the_tagger_adds_what_the_rules_miss_and_can_be_turned_off(monkeypatch):
    # No phone cue before the numerals: the rules miss them (联系电话 + numerals they find).
    text = "有事加我一三九 五七二一 零八六六"
    assert redact_text(text)[0] == "有事加我[PHONE]"
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")
    assert redact_text(text)[0] == text
    assert redact_text(PHONE_IN_NUMERALS)[0] == "联系电话[PHONE]"


def test_the_marginal_decoding_adds_near_misses_but_no_ordinary_latin_word(monkeypatch):
    """On as shipped (P(O) < 0.9): a unit the best path leaves O is added, but a Latin word
    only capitalised, not first in its sentence, as a name or place and when it is no
    everyday English word; a shop by its name alone is no place, with a branch's place after
    it it is. MEDRUBRIC_TAGGER_P_O=0 keeps the best path alone."""
    assert redact_tagger.P_O_BELOW == 0.9
    number = "My son typed 4471902335981 into the calculator, then his asthma flared."
    assert redact_text(number)[0] == number.replace("4471902335981", "[ID]")
    for text in (
        "See your doctor.",
        "She has been on Yasmin 3 years.",
        "Question",
        "Is anyone at Boots able to do the flu jab?",
        "Got my repeat from Tesco again.",
    ):
        assert redact_text(text)[0] == text
    assert "Kensington" not in redact_text("I had the jab at Boots Kensington on Friday.")[0]
    # The best path alone leaves this name out; the marginal decoding adds it.
    named = (
        "淑芬姐，我爸明天要去新店慈愛醫院做洗腎評估，醫生說肌酸酐已經到6.8了，要先做動靜脈廔管。"
        "妳先生當時是找哪位醫師做的？方便的話打給我 0912-486-337，感恩🙏"
    )
    name = ("NAME", 0, named.index("，"))
    assert name in set(tag_spans(named))
    monkeypatch.setenv("MEDRUBRIC_TAGGER_P_O", "0")
    assert name not in set(tag_spans(named))
    for bad in ("high", "1", "-0.1"):
        monkeypatch.setenv("MEDRUBRIC_TAGGER_P_O", bad)
        with pytest.raises(InputError, match="MEDRUBRIC_TAGGER_P_O"):
            redact_text(number)


@pytest.mark.parametrize(
    ("kind", "text", "span", "unlike"),
    [
        ("DATE", "I was on Ward 22 for a week.", "22", True),
        ("DATE", "Her BNP was over 3000 then.", "3000", True),
        ("DATE", "Seen on Jan 1 by the team.", "1", False),
        ("DATE", "Happy 90th to my grandad!", "90", False),
        ("DATE", "出生于2022.11.30", ".30", False),
        ("DATE", "他1941年出生", "1941", True),
        ("DATE", "23年查出来的", "23年", True),
        ("DATE", "今天中午吃了药", "今天中午", True),
        ("DATE", "住在23床 4.", "23床 4.", True),
        ("DATE", "上个月18號复查", "上个月18號", False),
        ("DATE", "冬至那天住的院", "冬至", False),
        ("PHONE", "血压172/104", "172/104", True),
        ("NAME", "孩子是矮小症", "矮小症", True),
        ("NAME", "我家糖糖发烧", "糖糖", False),
    ],
)
def test_what_the_marginal_decoding_adds_must_look_like_its_kind(kind, text, span, unlike):
    start = text.index(span)
    assert redact_tagger._unlike_added(kind, text, start, start + len(span)) is unlike


@pytest.mark.parametrize(
    ("text", "span", "kept"),
    [
        ("在杭州邵逸夫乳腺外科看的", "邵逸夫乳腺", "邵逸夫"),
        ("华西肝胆外科的医生", "华西肝胆", "华西"),
        ("儿童肿瘤科住院", "儿童", ""),
        ("在儿研所急诊科抽血", "儿研所", "儿研所"),
        ("肝移植科夏强医生", "科夏强", "科夏强"),
        ("周敏昨天开始发烧", "周敏昨天", "周敏"),
    ],
)
def test_a_grown_name_or_place_stops_before_a_time_or_department_after_it(text, span, kept):
    start = text.index(span)
    end = redact_tagger._before_department(text, start, start + len(span))
    assert text[start:end] == kept


def test_a_tagged_span_adds_only_what_the_findings_do_not_cover(tmp_path, monkeypatch):
    # A tiny model tags "ama@example.com Zorbu" as one ID; the e-mail rule finds the address:
    # that finding stays and only the part past it, "Zorbu", is added; a title is not.
    text = "Mail ama@example.com Zorbu or Dr Lee."
    start = text.index("ama")
    spans = [("ID", start, text.index(" or")), ("NAME", text.index("Dr"), len(text) - 1)]
    model = tmp_path / MODEL_NAME
    train([(text, spans)] * 3, model)
    monkeypatch.setenv("MEDRUBRIC_TAGGER", str(model))
    found = [(f.kind, text[f.start : f.end]) for f in find_identifiers(text)]
    assert found == [("EMAIL", "ama@example.com"), ("ID", "Zorbu"), ("NAME", "Lee")]


def test_training_is_deterministic_on_a_tiny_input(tmp_path):
    examples = [
        ("我女儿王小雨发烧了", [("NAME", 3, 6)]),
        ("Ring Dr Ama Owusu at Ninewells.", [("NAME", 8, 17), ("LOCATION", 21, 30)]),
    ]
    first, second = tmp_path / "a.crfsuite", tmp_path / "b.crfsuite"
    train(examples, first)
    train(examples, second)
    assert first.read_bytes() == second.read_bytes()
    spans = list(tag_spans("我女儿王小雨发烧了", first))
    assert spans == [("NAME", 3, 6)]


def test_units_and_labels():
    text = "Ama 王小雨, 0412"
    seq = units(text)
    assert [u[0] for u in seq] == ["Ama", "王", "小", "雨", ",", "0412"]
    assert labels(seq, [("NAME", 4, 7), ("PHONE", 9, 13)]) == [
        "O",
        "B-NAME",
        "I-NAME",
        "I-NAME",
        "O",
        "B-PHONE",
    ]


@pytest.mark.parametrize(
    ("kind", "text", "span", "ok"),
    [
        ("DATE", "BP was 150/95 today", "150/95", False),
        ("DATE", "pain 4/10 from 7/10", "4/10 from 7/10", False),
        ("DATE", "admitted 12/1/2025", "12/1/2025", True),
        ("DATE", "上个月在医院复查", "上个月", False),
        ("ID", "CA19-9 18.6 U/ml", "CA19-9 18.6", False),
        ("ID", "wxid_hn2088", "wxid_hn2088", True),
        ("ID", "Synthroid 112mcg daily", "112mcg", False),
        ("ID", "what is a PPSN for", "PPSN", False),
        ("ID", "医生讲得很详细", "很详细", False),
        ("PHONE", PHONE_IN_NUMERALS, "一三九 五七二一 零八六六", True),
        ("AGE", "glucose was 95 today", "95", False),
        ("AGE", "she is 95 years old", "95", True),
        ("LOCATION", "在三甲医院查了", "三甲医院", False),
        ("LOCATION", "送到县人民医院溶栓", "县人民医院", False),
        ("LOCATION", "see you at Christmas", "Christmas", False),
        ("LOCATION", "we moved in May", "May", False),
        ("LOCATION", "大概800多", "800多", False),
        ("LOCATION", "去了湘雅二医院", "湘雅二医院", True),
        ("NAME", "我是孙女", "孙女", False),
        ("NAME", "患者张口困难", "张口", False),
        ("NAME", "我闺女思思", "思思", True),
        ("IP", "left at 10:30:45, ratio 1:2:3", "10:30:45, ratio 1:2:3", False),
        ("IP", "login from 81.2.69.160:8080", "81.2.69.160:8080", True),
        ("IP", "有个240e:3a1:4c22:1f90::7b不是我", "240e:3a1:4c22:1f90::7b", True),
    ],
)
def test_a_tagged_span_must_have_the_form_of_its_kind(kind, text, span, ok):
    start = text.index(span)
    assert plausible(kind, text, start, start + len(span)) is ok


def test_the_shipped_record_names_every_labelled_set_with_its_count():
    """`python -m medrubric.redact.train` with no arguments trains on every set of
    tests/data/pii but those awaiting their first measurement (awaiting.txt); the shipped
    model must be that one, so a set added later without retraining, and not listed as
    awaiting (or a set left out), fails here."""
    record = json.loads(default_model().with_name(RECORD_NAME).read_text("utf-8"))
    awaiting = awaiting_sets(PII)
    on_disk = {
        path.stem: sum(1 for line in path.read_text("utf-8").splitlines() if line.strip())
        for path in sorted(PII.glob("*.jsonl"))
        if path.stem not in awaiting
    }
    assert record["sets"] == on_disk
    assert record["awaiting"] == list(awaiting)
    assert record["command"] == "python -m medrubric.redact.train"


def _labelled(data: Path, name: str, names: list[str]) -> None:
    (data / f"{name}.jsonl").write_text(
        "".join(
            json.dumps({"id": str(i), "text": f"Thanks {{NAME:{n}}}, see you", "keep": []}) + "\n"
            for i, n in enumerate(names)
        ),
        "utf-8",
    )


def test_train_skips_the_sets_awaiting_their_first_measurement(tmp_path):
    data = tmp_path / "pii"
    data.mkdir()
    _labelled(data, "en_a", ["Ann", "Bob", "Cara"])
    _labelled(data, "en_new", ["Dai", "Eve"])
    (data / "awaiting.txt").write_text("# measured next\n\nen_new  # blind 9\n", "utf-8")
    out = tmp_path / "out"
    train_main(["--data", str(data), "--out", str(out)])
    record = json.loads((out / RECORD_NAME).read_text("utf-8"))
    assert record["sets"] == {"en_a": 3} and record["awaiting"] == ["en_new"]
    (data / "awaiting.txt").write_text("", "utf-8")
    train_main(["--data", str(data), "--out", str(out)])
    record = json.loads((out / RECORD_NAME).read_text("utf-8"))
    assert record["sets"] == {"en_a": 3, "en_new": 2} and record["awaiting"] == []


def test_train_refuses_an_awaiting_set_with_no_file(tmp_path, capsys):
    data = tmp_path / "pii"
    data.mkdir()
    _labelled(data, "en_a", ["Ann"])
    (data / "awaiting.txt").write_text("en_a\nen_blind9\n", "utf-8")
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as exit_info:
        train_main(["--data", str(data), "--out", str(out)])
    assert exit_info.value.code == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "awaiting.txt:2" in line and "en_blind9" in line
    assert not out.exists()


def test_the_shipped_model_was_trained_on_what_this_checkout_gives():
    """The shipped model is the one `python -m medrubric.redact.train` writes from this
    checkout, checked without retraining: the digest of every training item (the labelled
    sets but those awaiting, through today's features, with today's parameters) is the one
    the record keeps, and so is the model file's. Training is deterministic (above and
    below), so the same items give this file; `--check` retrains to show it byte for byte."""
    record = json.loads(default_model().with_name(RECORD_NAME).read_text("utf-8"))
    sets, _ = sets_to_train(PII, load_snippets, [])
    examples = ((s.text, s.spans) for snippets in sets.values() for s in snippets)
    assert inputs_digest(training_items(examples)) == record["inputs_sha256"]
    assert hashlib.sha256(default_model().read_bytes()).hexdigest() == record["model_sha256"]


def test_check_retrains_and_names_what_differs_writing_nothing(tmp_path, capsys):
    data, out = tmp_path / "pii", tmp_path / "out"
    data.mkdir()
    lines = (PII / "en.jsonl").read_text("utf-8").splitlines(keepends=True)
    (data / "en.jsonl").write_text("".join(lines), "utf-8")
    train_main(["--data", str(data), "--out", str(out)])
    record = json.loads((out / RECORD_NAME).read_text("utf-8"))
    snippets = load_snippets(data / "en.jsonl")
    items = training_items((s.text, s.spans) for s in snippets)
    assert record["inputs_sha256"] == inputs_digest(items)
    model = (out / MODEL_NAME).read_bytes()
    assert record["model_sha256"] == hashlib.sha256(model).hexdigest()
    capsys.readouterr()
    train_main(["--data", str(data), "--out", str(out), "--check"])
    assert "byte for byte" in capsys.readouterr().out
    (data / "en.jsonl").write_text("".join(lines[:-1]), "utf-8")
    with pytest.raises(SystemExit) as stop:
        train_main(["--data", str(data), "--out", str(out), "--check"])
    assert stop.value.code == f"differs: sets, inputs_sha256, model_sha256, {MODEL_NAME} " + (
        "(retrain: python -m medrubric.redact.train)"
    )
    assert (out / MODEL_NAME).read_bytes() == model
    assert json.loads((out / RECORD_NAME).read_text("utf-8")) == record


def test_train_refuses_a_bad_labelled_line(tmp_path, capsys):
    data = tmp_path / "pii"
    data.mkdir()
    (data / "en_x.jsonl").write_text(
        '{"id": "1", "text": "Hi {NAME:Ann}", "keep": []}\n'
        '{"id": "2", "text": "Hi {PERSON:Ann}", "keep": []}\n',
        "utf-8",
    )
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as exit_info:
        train_main(["--data", str(data), "--out", str(out)])
    assert exit_info.value.code == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "en_x.jsonl:2" in line and "PERSON" in line
    assert not out.exists()


def test_a_tagger_path_naming_no_file_stops_with_one_line(tmp_path, monkeypatch, capsys):
    from medrubric.cli.main import main
    from medrubric.data.models import Message, Thread

    threads = tmp_path / "threads.jsonl"
    thread = Thread(
        source="t", thread_id="1", messages=[Message(author_role="patient", text="Hi Ama.")]
    )
    threads.write_text(thread.model_dump_json() + "\n", "utf-8")
    monkeypatch.setenv("MEDRUBRIC_TAGGER", str(tmp_path / "missing.crfsuite"))
    with pytest.raises(SystemExit) as stop:
        main(["redact", str(threads), "--out", str(tmp_path / "out.jsonl")])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert [line for line in err.splitlines() if line.startswith("error:")] == [
        f"error: {tmp_path / 'missing.crfsuite'}: MEDRUBRIC_TAGGER names no model file (0 turns "
        "the tagger off, 1 or unset uses the shipped one)"
    ]
    assert not (tmp_path / "out.jsonl").exists()
