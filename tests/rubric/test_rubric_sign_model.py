"""The rubric lint's learned sign model: the shipped model is the one its trainer makes from the
labelled parts, it computes what scikit-learn's own pipeline computes, and the lint combines
it with the cue rules as documented (a warning of its own, a veto of a cue-rule flip, off
with MEDRUBRIC_SIGN_MODEL=0, a bad model file refused in one line)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from medrubric.cli.main import main
from medrubric.data.formats import load_cases
from medrubric.data.labelled import awaiting_sets
from medrubric.data.models import Case
from medrubric.rubric import sign_model
from medrubric.rubric.lint import lint_case, sign_method
from medrubric.rubric.train_sign import main as train_main
from medrubric.rubric.train_sign import targets

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
    record = json.loads((sign_model.DATA / sign_model.RECORD_NAME).read_text("utf-8"))
    awaiting = awaiting_sets(LABELLED)
    on_disk = {
        path.stem: sum(len(case.rubric) for case in load_cases(path))
        for path in sorted(LABELLED.glob("*.jsonl"))
        if path.stem not in awaiting
    }
    assert record["parts"] == on_disk
    assert record["awaiting"] == list(awaiting)
    assert record["version"] == sign_model.VERSION and record["encoder"] == "use"
    assert record["params"]["C"] == sign_model.C
    assert record["command"] == "python -m medrubric.rubric.train_sign"


def test_the_stored_model_computes_what_scikit_learn_computes(tmp_path: Path) -> None:
    """Fit on one labelled part (random vectors stand in for the encoder), store, load, and
    compare with the same pipeline built from scikit-learn alone."""
    from scipy.sparse import csr_matrix, hstack
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    texts, good = targets(load_cases(LABELLED / "dev.jsonl"))
    vectors = np.random.default_rng(7).normal(size=(len(texts), 16))
    stored = tmp_path / "m.npz"
    stored.write_bytes(sign_model.fit(texts, good, vectors, "fake").to_bytes())
    model = sign_model.load(stored)

    word = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True).fit(texts)
    char = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), min_df=2, sublinear_tf=True)
    char.fit(texts)
    features = hstack([word.transform(texts), char.transform(texts), csr_matrix(vectors)]).tocsr()
    reference = LogisticRegression(C=sign_model.C, max_iter=5000).fit(features, good)
    expected = reference.predict_proba(features)[:, 1]
    assert model.encoder == "fake"
    np.testing.assert_allclose(model.good_probability(texts, vectors), expected, atol=1e-9)


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

    monkeypatch.setenv(sign_model.ENV, "0")
    flips = {f.criterion_id: f for f in lint_case(case, encoder) if f.check == "flipped_sign"}  # type: ignore[arg-type]
    assert set(flips) == {"c3"} and flips["c3"].severity == "error"
    assert sign_method(encoder) == "cues"  # type: ignore[arg-type]


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
    other.write_bytes(sign_model.fit(texts, good, vectors, "e5").to_bytes())
    monkeypatch.setenv(sign_model.ENV, str(other))
    assert sign_method(encoder) == "cues"  # type: ignore[arg-type]
    assert sign_method(None) == "cues"


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
    monkeypatch.setenv(sign_model.ENV, str(path))
    with pytest.raises(SystemExit) as exit_:
        main(["rubric", "lint", "sample", "--out", str(tmp_path / "o")])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: {path}: not a sign model")
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
    record = json.loads((out / sign_model.RECORD_NAME).read_text("utf-8"))
    assert record["parts"] == {"dev": 6} and record["awaiting"] == ["heldout9"]
    model = sign_model.load(out / sign_model.MODEL_NAME)
    assert "warm" not in model.vocabularies["word"] and "waiting" in model.vocabularies["word"]


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
def test_retraining_gives_the_shipped_model(encoder: object, tmp_path: Path) -> None:
    train_main(["--out", str(tmp_path), "--data", str(LABELLED)])
    retrained, shipped = (
        sign_model.load(tmp_path / sign_model.MODEL_NAME),
        sign_model.load(sign_model.DATA / sign_model.MODEL_NAME),
    )
    texts, _ = targets([c for p in sorted(LABELLED.glob("*.jsonl")) for c in load_cases(p)])
    vectors = np.asarray(encoder.encode_queries(texts))  # type: ignore[attr-defined]
    np.testing.assert_allclose(
        retrained.good_probability(texts, vectors), shipped.good_probability(texts, vectors),
        atol=1e-9,
    )  # fmt: skip
