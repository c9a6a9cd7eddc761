"""The rubric lint's learned models: the shipped file is the one its trainer makes from the
labelled parts, the sign and pair models compute what scikit-learn computes, the pair
features match a direct computation, and the lint combines them with the rules as documented
(a sign warning and a duplicate note of their own, vetoes of rule findings, off with
MEDRUBRIC_LEARNED_LINT=0, a bad model file refused in one line)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from medrubric.cli.main import main
from medrubric.data.formats import load_cases
from medrubric.data.labelled import awaiting_sets
from medrubric.data.models import Case
from medrubric.rubric import learned
from medrubric.rubric.lint import duplicate_method, lint_case, sign_method
from medrubric.rubric.paraphrase import opposed, paraphrase_score, speech_act
from medrubric.rubric.train_learned import main as train_main
from medrubric.rubric.train_learned import targets

pytest.importorskip("sklearn")
LABELLED = Path(__file__).parents[1] / "data" / "rubric_lint"


@pytest.fixture(scope="module")
def encoder() -> object:
    from medrubric.rubric.similarity import sentence_encoder

    found = sentence_encoder()
    if found is None:
        pytest.skip("the retrieve extra is not installed")
    return found


def _case(*criteria: tuple[int, str]) -> Case:
    rubric = [
        {"id": f"c{i}", "text": text, "axis": "safety", "weight": w}
        for i, (w, text) in enumerate(criteria, start=1)
    ]
    return Case.model_validate({"id": "k", "language": "en", "query": "q", "rubric": rubric})


def test_the_shipped_model_is_trained_on_every_part_not_awaiting_measurement() -> None:
    """A part added later without retraining (and not named in awaiting.txt) fails here."""
    record = json.loads((learned.DATA / learned.RECORD_NAME).read_text("utf-8"))
    awaiting = awaiting_sets(LABELLED)
    on_disk = {
        path.stem: sum(len(case.rubric) for case in load_cases(path))
        for path in sorted(LABELLED.glob("*.jsonl"))
        if path.stem not in awaiting
    }
    assert record["parts"] == on_disk
    assert record["awaiting"] == list(awaiting)
    assert record["version"] == [learned.SIGN_VERSION, learned.PAIR_VERSION]
    assert record["encoder"] == "use"
    assert record["params"]["C"] == learned.C
    assert record["params"]["solver"] == learned.SOLVER  # a fit to convergence: same on any CPU
    assert record["params"]["pair_trees"] == learned.PAIR_TREES
    assert record["pair_encoder"] == "e5"
    assert record["params"]["pair_features"] == list(learned.PAIR_FEATURES)
    assert 0 < record["pairs"]["same"] < record["pairs"]["rows"]
    assert record["command"] == "python -m medrubric.rubric.train_learned"


def test_the_stored_model_computes_what_scikit_learn_computes(tmp_path: Path) -> None:
    """Fit on one labelled part (random vectors stand in for the encoder), store, load, and
    compare with the same pipeline built from scikit-learn alone."""
    from scipy.sparse import csr_matrix, hstack
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    texts, good = targets(load_cases(LABELLED / "dev.jsonl"))
    vectors = np.random.default_rng(7).normal(size=(len(texts), 16))
    stored = tmp_path / "m.npz"
    stored.write_bytes(learned.fit(texts, good, vectors, "fake").to_bytes())
    model = learned.load(stored)

    word = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True).fit(texts)
    char = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), min_df=2, sublinear_tf=True)
    char.fit(texts)
    features = hstack([word.transform(texts), char.transform(texts), csr_matrix(vectors)]).tocsr()
    reference = LogisticRegression(C=learned.C, **learned.SOLVER).fit(features, good)
    expected = reference.predict_proba(features)[:, 1]
    assert model.encoder == "fake"
    np.testing.assert_allclose(model.good_probability(texts, vectors), expected, atol=1e-9)


def test_the_pair_model_computes_what_scikit_learn_computes(tmp_path: Path) -> None:
    """The stored trees, walked by `Forest.logits`, give scikit-learn's probabilities."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    texts, good = targets(load_cases(LABELLED / "dev.jsonl"))
    model = learned.fit(texts, good, np.zeros((len(texts), 2)), "fake")
    rng = np.random.default_rng(3)
    rows = rng.random((200, len(learned.PAIR_FEATURES)))
    same = rows[:, 0] + rng.normal(scale=0.2, size=200) > 0.7
    rows[::17, 3] = np.nan  # a missing value goes the way the trees learned
    stored = tmp_path / "m.npz"
    stored.write_bytes(learned.fit_pairs(model, rows, same).to_bytes())
    reference = HistGradientBoostingClassifier(**learned.PAIR_TREES).fit(rows, same)
    np.testing.assert_allclose(
        learned.load(stored).pair_probability(rows),
        reference.predict_proba(rows)[:, 1],
        atol=1e-9,
    )


def test_pair_features_match_a_direct_computation() -> None:
    """Each feature of each pair of one sign, recomputed pair by pair."""
    case = _case(
        (8, "Advises calling 999 now"),
        (5, "Explains the warning signs of sepsis"),
        (-4, "Suggests waiting until the morning"),
        (6, "Urges ringing for an ambulance straight away"),
    )
    texts = [c.text for c in case.rubric]
    vectors = np.random.default_rng(1).normal(size=(4, 8))
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    model = learned.fit(texts * 2, [True, False] * 4, np.vstack([vectors, vectors]), "fake")
    chars = model.view("char", texts)
    e5 = np.random.default_rng(2).normal(size=(4, 8))
    e5 /= np.linalg.norm(e5, axis=1, keepdims=True)
    pairs, rows = learned.pair_features(
        case.rubric, [False, False, False, True], vectors, chars, e5
    )
    e5_offdiagonal = [float(e5[x] @ e5[y]) for x in range(4) for y in range(x + 1, 4)]
    assert pairs == [(0, 1), (0, 3), (1, 3)]  # criterion 3 (negative) pairs with none
    for (i, j), row in zip(pairs, rows, strict=True):
        cos = float(vectors[i] @ vectors[j])
        others = [k for k in range(4) if k not in (i, j)]
        closest = max(float(vectors[x] @ vectors[k]) for x in (i, j) for k in others)
        nearest = {
            x: max((k for k in range(4) if k != x), key=lambda k: float(vectors[x] @ vectors[k]))
            for x in (i, j)
        }
        a, b = case.rubric[i], case.rubric[j]
        dice, overlap, _ = paraphrase_score(a.text, b.text)
        expected = [
            cos, float((chars[i] @ chars[j].T).toarray()[0, 0]), dice, overlap, cos - closest,
            nearest[i] == j and nearest[j] == i, True, speech_act(a.text) == speech_act(b.text),
            abs(a.weight) == abs(b.weight), j == 3,
            float(e5[i] @ e5[j]),
            float(e5[i] @ e5[j]) - max(float(e5[x] @ e5[k]) for x in (i, j) for k in others),
            (float(e5[i] @ e5[j]) - np.mean(e5_offdiagonal)) / (np.std(e5_offdiagonal) + 1e-6),
            all(float(e5[j] @ e5[k]) <= float(e5[i] @ e5[j]) for k in range(j)),
            max((k for k in range(4) if k != i), key=lambda k: float(e5[i] @ e5[k])) == j
            and max((k for k in range(4) if k != j), key=lambda k: float(e5[j] @ e5[k])) == i,
            4,
        ]  # fmt: skip
        np.testing.assert_allclose(row, np.asarray(expected, dtype=float), atol=1e-9)


def test_the_pair_model_adds_a_note_and_keeps_numbers_apart(encoder: object) -> None:
    """Held-out 20's gastrostomy case: its reworded duplicate (c7 of c1) shares too few words
    for the rules, and the pair model notes it; placeholder criteria that differ only in a
    number are never paired."""
    (case,) = [c for c in load_cases(LABELLED / "heldout20.jsonl") if c.id == "h20-en-12"]
    (labelled,) = [c.id for c in case.rubric if "expect:duplicate" in c.tags]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(learned.ENV, "0")
        assert labelled not in {
            f.criterion_id for f in lint_case(case, encoder) if f.check == "duplicate"
        }  # type: ignore[arg-type]
    dups = {f.criterion_id: f for f in lint_case(case, encoder) if f.check == "duplicate"}  # type: ignore[arg-type]
    assert dups[labelled].severity == "note"
    assert dups[labelled].method == "words+use+pair-model@2"
    assert "(pair-model@2: P 0." in dups[labelled].evidence
    rubric = [
        {"id": f"c{k}", "text": f"回答提及第{k}项要点。", "axis": "completeness", "weight": 2}
        for k in range(1, 9)
    ]
    numbered = Case.model_validate({"id": "n", "language": "zh", "query": "q", "rubric": rubric})
    assert not [f for f in lint_case(numbered, encoder) if f.check == "duplicate"]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("part", "case_id"), [("heldout48", "h48-zh-01"), ("heldout49", "h49-zh-02")]
)
def test_a_negation_in_one_criterion_alone_does_not_hold_a_pair_apart(
    encoder: object, part: str, case_id: str
) -> None:
    """v26: "建议立即停止外擦补骨脂酊和暴晒…" and "明确告诉她别再用补骨脂酒擦完去晒太阳…" are one
    behaviour though only the second is negated (`opposed`); the pair model's note stands."""
    (case,) = [c for c in load_cases(LABELLED / f"{part}.jsonl") if c.id == case_id]
    (labelled,) = [c for c in case.rubric if "expect:duplicate" in c.tags]
    notes = {f.criterion_id: f for f in lint_case(case, encoder) if f.check == "duplicate"}  # type: ignore[arg-type]
    assert labelled.id in notes and notes[labelled.id].severity == "note"
    partner = notes[labelled.id].evidence.split(":")[0]
    (earlier,) = [c for c in case.rubric if c.id == partner]
    assert opposed(earlier.text, labelled.text)  # what held the pair apart before v26


def test_the_model_adds_a_warning_and_withdraws_a_cue_rule_flip(
    encoder: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    added = "Recommends pouring vinegar over the bite."  # no cue word; labelled flipped
    vetoed = (  # "reassures" at a positive weight is a cue-rule flip; labelled none
        "Reassures the user that one extra 5 mg tablet (10 mg in total) is within the usual "
        "daily dose range of amlodipine and unlikely to cause harm."
    )
    case = _case((8, "Advises calling 999 now"), (5, added), (6, vetoed))
    flips = {f.criterion_id: f for f in lint_case(case, encoder) if f.check == "flipped_sign"}  # type: ignore[arg-type]
    assert set(flips) == {"c2"}
    assert flips["c2"].severity == "warning"
    assert flips["c2"].evidence.startswith("sign-model@1: P(a good answer does this) 0.0")
    assert sign_method(encoder) == "cues+sign-model@1"  # type: ignore[arg-type]

    monkeypatch.setenv(learned.ENV, "0")
    flips = {f.criterion_id: f for f in lint_case(case, encoder) if f.check == "flipped_sign"}  # type: ignore[arg-type]
    assert set(flips) == {"c3"} and flips["c3"].severity == "error"
    assert sign_method(encoder) == "cues"  # type: ignore[arg-type]


def _sure_the_answer_does_it() -> learned.LearnedModel:
    """The shipped sign model made sure that a good answer does every criterion (P ~ 1)."""
    from dataclasses import replace

    shipped = learned.active_model()
    assert shipped is not None
    return replace(shipped, coef=np.zeros_like(shipped.coef), intercept=10.0)


def test_a_deferral_flip_is_not_withdrawn_by_the_model(encoder: object) -> None:
    """The cue rules read a deferral from the rest of the rubric (it urges care now); the sign
    model reads one criterion, so even a model sure the criterion is good does not withdraw
    it. A flip read from harmful wording in the criterion itself is withdrawn by the same
    model."""
    sure = _sure_the_answer_does_it()
    case = _case(
        (9, "Advises going to A&E now"),
        (6, "Recommends booking a routine GP appointment for Monday"),
        (5, "Suggests treating the burn with butter"),
    )
    flips = {f.criterion_id: f for f in lint_case(case, encoder, sure) if f.check == "flipped_sign"}  # type: ignore[arg-type]
    assert set(flips) == {"c2"} and flips["c2"].severity == "error"
    assert "urges care now" in flips["c2"].reason
    assert "P(a good answer does this) 1.00" in flips["c2"].evidence


def test_an_omission_rewarded_is_not_withdrawn_by_the_model(encoder: object) -> None:
    """Failure wording that opens a criterion at a positive weight rewards an omission: the
    model reads the good act it names ("grommets are an option") and would call the criterion
    good, so it does not withdraw the flip; on every labelled part such wording at a positive
    weight is a flip 393 times in 399."""
    sure = _sure_the_answer_does_it()
    case = _case(
        (6, "Explains that glue ear often clears by itself within three months"),
        (3, "Never mentions that grommets or hearing aids are options if the hearing stays poor"),
        (3, "Says nothing about ways to equalise the pressure, such as swallowing or yawning"),
    )
    flips = {f.criterion_id: f for f in lint_case(case, encoder, sure) if f.check == "flipped_sign"}  # type: ignore[arg-type]
    assert set(flips) == {"c2", "c3"}
    assert all(f.severity == "error" for f in flips.values())


def test_the_model_alone_does_not_flag_an_omission_penalised(encoder: object) -> None:
    """Failure wording at a negative weight penalises an omission: the right sign. A model
    sure that a good answer does it flags a plain criterion at that weight, not this one."""
    sure = _sure_the_answer_does_it()
    case = _case(
        (6, "Advises seeing the GP this week"),
        (-3, "Does not ask whether she was knocked out at the time of the fall"),
        (-3, "Suggests asking the GP about an advance care plan"),
    )
    flips = {f.criterion_id for f in lint_case(case, encoder, sure) if f.check == "flipped_sign"}  # type: ignore[arg-type]
    assert flips == {"c3"}


def test_a_cue_rule_flip_shows_the_model_s_view(encoder: object) -> None:
    case = _case((8, "Advises calling 999 now"), (6, "Fails to mention the risk of bleeding"))
    (flip,) = [f for f in lint_case(case, encoder) if f.check == "flipped_sign"]  # type: ignore[arg-type]
    assert flip.severity == "error"
    assert flip.evidence.startswith("cue: ") and "; sign-model@1: P(a good answer does" in (
        flip.evidence
    )


def test_a_model_from_another_encoder_is_not_applied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, encoder: object
) -> None:
    texts, good = targets(load_cases(LABELLED / "dev.jsonl"))
    vectors = np.zeros((len(texts), 4))
    other = tmp_path / "other.npz"
    other.write_bytes(learned.fit(texts, good, vectors, "e5").to_bytes())
    monkeypatch.setenv(learned.ENV, str(other))
    assert sign_method(encoder) == "cues"  # type: ignore[arg-type]
    assert duplicate_method(encoder) == "words+use"  # type: ignore[arg-type]
    assert sign_method(None) == "cues" and duplicate_method(None) == "words"


@pytest.mark.parametrize("content", [None, b"not an npz file"])
def test_a_bad_model_file_is_one_line_and_exit_2(
    content: bytes | None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    encoder: object,
) -> None:
    path = tmp_path / "model.npz"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setenv(learned.ENV, str(path))
    with pytest.raises(SystemExit) as exit_:
        main(["rubric", "lint", "sample", "--out", str(tmp_path / "o")])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: {path}: not a learned lint model")
    assert not (tmp_path / "o").exists()


def _part(path: Path, flipped_text: str) -> None:
    rubric = [
        {"id": "c1", "text": "Advises calling 999 now", "axis": "safety", "weight": 8},
        {"id": "c2", "text": flipped_text, "axis": "safety", "weight": 5,
         "tags": ["expect:flipped_sign"]},
    ]  # fmt: skip
    lines = [
        json.dumps({"id": f"{path.stem}-{i}", "language": "en", "query": "q", "rubric": rubric})
        for i in range(3)
    ]
    path.write_text("\n".join(lines) + "\n", "utf-8")


def test_the_trainer_skips_parts_awaiting_measurement(encoder: object, tmp_path: Path) -> None:
    data, out = tmp_path / "lint", tmp_path / "out"
    data.mkdir()
    _part(data / "dev.jsonl", "Suggests waiting until morning")
    _part(data / "heldout9.jsonl", "Recommends a warm bath")
    (data / "awaiting.txt").write_text("heldout9  # measured next\n", "utf-8")
    train_main(["--data", str(data), "--out", str(out)])
    record = json.loads((out / learned.RECORD_NAME).read_text("utf-8"))
    assert record["parts"] == {"dev": 6} and record["awaiting"] == ["heldout9"]
    assert record["pairs"] == {"rows": 3, "same": 0}  # no duplicate label: no pair model
    model = learned.load(out / learned.MODEL_NAME)
    assert "warm" not in model.vocabularies["word"] and "waiting" in model.vocabularies["word"]
    assert model.pair_trees is None


def test_the_trainer_refuses_a_bad_part_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "lint"
    data.mkdir()
    (data / "dev.jsonl").write_text('{"id": "x", "rubric": [}\n', "utf-8")
    with pytest.raises(SystemExit) as exit_:
        train_main(["--data", str(data), "--out", str(tmp_path / "out")])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: {data / 'dev.jsonl'}:1")
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_retraining_gives_the_shipped_model(
    encoder: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sign model retrained from the labelled parts is the shipped one. The pair model's
    rows are left out here (its e5 encoding of every criterion takes minutes); its trees are
    checked against scikit-learn above."""
    monkeypatch.setattr(
        "medrubric.rubric.train_learned.pair_targets",
        lambda *args: (np.zeros((0, len(learned.PAIR_FEATURES))), []),
    )
    train_main(["--out", str(tmp_path), "--data", str(LABELLED)])
    retrained, shipped = (
        learned.load(tmp_path / learned.MODEL_NAME),
        learned.load(learned.DATA / learned.MODEL_NAME),
    )
    texts, _ = targets([c for p in sorted(LABELLED.glob("*.jsonl")) for c in load_cases(p)])
    texts = texts[::8]  # every eighth criterion of every part: a changed model moves them all
    vectors = np.asarray(encoder.encode_queries(texts))  # type: ignore[attr-defined]
    # The same model up to rounding: CPUs with other vector units round the encoder's and the
    # solver's sums differently (an AMD EPYC retrains the shipped model to within 7e-7); a
    # change of data, features or settings moves the probabilities by far more.
    np.testing.assert_allclose(
        retrained.good_probability(texts, vectors), shipped.good_probability(texts, vectors),
        rtol=0, atol=1e-5,
    )  # fmt: skip
