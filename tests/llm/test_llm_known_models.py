"""The known-models table: one dated, sourced place for list prices and cutoffs, used by specs
(so `--dry-run` prices `openai:gpt-4.1`) and overridden by medrubric.toml key by key."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from medrubric.data.models import Usage
from medrubric.llm import MedrubricConfig, parse_model_spec
from medrubric.llm.config import load_config
from medrubric.llm.known import known_cutoff, known_models

EXAMPLE = Path(__file__).parents[2] / "medrubric.toml.example"
EMPTY = MedrubricConfig()
MILLION = Usage(prompt_tokens=1_000_000, completion_tokens=1_000_000)


def test_every_row_is_dated_sourced_and_plausible() -> None:
    rows = list(known_models().values())
    assert len({(r.provider, r.model, r.base_url) for r in rows}) == len(rows)
    for row in rows:
        assert row.source.startswith("https://") and dt.date(2025, 1, 1) <= row.as_of
        assert row.knowledge_cutoff and dt.date(2021, 1, 1) <= row.knowledge_cutoff < row.as_of
        priced = [row.price_input_per_1m, row.price_output_per_1m]
        batch = [row.price_batch_input_per_1m, row.price_batch_output_per_1m]
        if priced[0] is None:  # open weights: no list price at all
            assert priced + batch == [None] * 4, row.model
        else:
            assert None not in priced + batch, row.model
            assert batch[0] < priced[0] and batch[1] < priced[1], row.model
    by_model = {r.model: r for r in rows}
    assert by_model["gpt-4.1"].knowledge_cutoff == dt.date(2024, 6, 1)
    assert by_model["gpt-5"].knowledge_cutoff == dt.date(2024, 9, 30)


def test_the_example_config_repeats_nothing_the_table_knows() -> None:
    example = load_config(EXAMPLE)
    for name, entry in example.models.items():
        assert entry.knowledge_cutoff is None, name
        assert entry.price_input_per_1m is None and entry.price_output_per_1m is None, name
        spec = parse_model_spec(name, example)
        self_hosted = entry.provider == "local" or (entry.base_url or "").startswith("http://")
        assert spec.priced == (not self_hosted or entry.provider == "local"), name
        if not self_hosted:
            assert spec.knowledge_cutoff is not None, f"{name}: the table does not date it"


def test_a_spec_string_is_priced_and_dated_from_the_table() -> None:
    spec = parse_model_spec("openai:gpt-4.1", EMPTY)
    assert (spec.price_input_per_1m, spec.price_output_per_1m) == (2.0, 8.0)
    assert spec.cost_usd(MILLION) == 10.0 and spec.cost_usd(MILLION, batch=True) == 5.0
    assert spec.knowledge_cutoff == dt.date(2024, 6, 1)
    assert spec.price_source and "openai.com" in spec.price_source and "as of" in spec.price_source
    gemini = parse_model_spec(
        "openai:gemini-2.5-flash@https://generativelanguage.googleapis.com/v1beta/openai", EMPTY
    )
    assert gemini.api_key_env == "GEMINI_API_KEY" and gemini.price_output_per_1m == 2.5


def test_a_price_belongs_to_its_host_and_a_cutoff_to_the_weights() -> None:
    gateway = parse_model_spec("openai:gpt-4.1@https://gateway.example/v1", EMPTY)
    assert not gateway.priced and gateway.price_source is None
    assert gateway.cost_usd(MILLION) is None  # unknown, never free
    assert gateway.knowledge_cutoff == dt.date(2024, 6, 1)
    vllm_spec = "openai:meta-llama/Llama-3.1-8B-Instruct@http://127.0.0.1:8000/v1"
    vllm = parse_model_spec(vllm_spec, EMPTY)
    assert not vllm.priced and vllm.knowledge_cutoff == dt.date(2023, 12, 1)
    assert parse_model_spec("local:smollm2", EMPTY).cost_usd(MILLION) == 0.0
    assert parse_model_spec("local:smollm2", EMPTY).priced
    assert not parse_model_spec("openai:brand-new-model", EMPTY).priced
    assert known_cutoff("brand-new-model") is None


@pytest.mark.parametrize("spec_text", ["mine", "openai:gpt-4.1"])
def test_medrubric_toml_overrides_key_by_key(tmp_path: Path, spec_text: str) -> None:
    path = tmp_path / "medrubric.toml"
    path.write_text(
        '[models.mine]\nprovider = "openai"\nmodel = "gpt-4.1"\n'
        "price_input_per_1m = 1.5\nknowledge_cutoff = 2024-05-01\n",
        "utf-8",
    )
    spec = parse_model_spec(spec_text, load_config(path))
    assert (spec.price_input_per_1m, spec.price_output_per_1m) == (1.5, 8.0)
    assert spec.price_batch_output_per_1m == 4.0
    assert spec.knowledge_cutoff == dt.date(2024, 5, 1)
    assert spec.price_source and spec.price_source.startswith("medrubric.toml, rest from the")
    path.write_text(
        '[models.mine]\nprovider = "openai"\nmodel = "gpt-4.1"\n'
        "price_input_per_1m = 0\nprice_output_per_1m = 0\n"
        "price_batch_input_per_1m = 0\nprice_batch_output_per_1m = 0\n",
        "utf-8",
    )
    free = parse_model_spec(spec_text, load_config(path))
    assert free.priced and free.cost_usd(MILLION) == 0.0 and free.price_source == "medrubric.toml"


def test_dry_run_prices_a_known_model_without_any_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from medrubric.cli.main import app
    from medrubric.llm.config import CONFIG_ENV

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(CONFIG_ENV, raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setenv("COLUMNS", "200")
    args = ["eval", "--cases", "sample", "--limit", "2", "--out", str(tmp_path / "run"),
            "--grader", "openai:gpt-4.1", "--dry-run", "--model"]  # fmt: skip
    known = CliRunner().invoke(app, [*args, "openai:gpt-4.1"])
    assert known.exit_code == 0, known.output
    total = next(line for line in known.output.splitlines() if line.startswith("│ total"))
    standard, batch = (float(cell.strip(" ~")) for cell in total.split("│")[-3:-1])
    assert standard > 0.01 and batch == pytest.approx(standard / 2, rel=0.01)
    assert "prices of openai:gpt-4.1: known-models table (https://openai.com" in known.output
    unknown = CliRunner().invoke(app, [*args, "openai:brand-new@https://gateway.example/v1"])
    assert unknown.exit_code == 0, unknown.output
    total = next(line for line in unknown.output.splitlines() if line.startswith("│ total"))
    assert [cell.strip() for cell in total.split("│")[-3:-1]] == ["unknown", "unknown"]
    assert "prices of openai:brand-new: unknown (set price_input_per_1m" in unknown.output
