"""Model specs and medrubric.toml: parsing, discovery, registry inheritance, clear errors."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from medrubric.data.models import Usage
from medrubric.errors import InputError
from medrubric.llm import MedrubricConfig, load_config, parse_model_spec
from medrubric.llm.cache import DEFAULT_CACHE_DIR, resolve_cache_dir
from medrubric.llm.config import CONFIG_ENV

EMPTY = MedrubricConfig()

REGISTRY = """
cache_dir = "~/somewhere/cache"

[models."gpt-4.1"]
provider = "openai"
model = "gpt-4.1"
params = { temperature = 0, max_tokens = 1024 }
price_input_per_1m = 2.0
price_output_per_1m = 8.0
knowledge_cutoff = 2024-06-01

[models.qwen-local]
provider = "openai"
model = "Qwen3-8B"
base_url = "http://127.0.0.1:8000/v1"
api_key_env = "QWEN_KEY"
structured_output = "llama_cpp"
concurrency = 2
label = "Qwen3-8B (vLLM)"

[evaluate]
something_else = 1
"""


@pytest.fixture
def registry(tmp_path: Path) -> Path:
    path = tmp_path / "medrubric.toml"
    path.write_text(REGISTRY, "utf-8")
    return path


def test_provider_model_and_base_url_are_split() -> None:
    spec = parse_model_spec("openai:Qwen3-8B@http://127.0.0.1:8000/v1/", EMPTY)
    assert (spec.provider, spec.model, spec.base_url) == (
        "openai",
        "Qwen3-8B",
        "http://127.0.0.1:8000/v1",
    )
    assert spec.label == "openai:Qwen3-8B"  # no port in labels: run records stay comparable
    plain = parse_model_spec("openai:gpt-4.1", EMPTY)
    assert plain.base_url is None and plain.label == "openai:gpt-4.1"


def test_local_specs_and_smoke_flag() -> None:
    smol = parse_model_spec("local:smollm2", EMPTY)
    assert smol.provider == "local" and smol.smoke_test
    assert smol.label == "SmolLM2-135M (smoke-test model: proves plumbing, not medicine)"
    assert smol.public()["smoke_test"] is True and "base_url" not in smol.public()
    path = parse_model_spec("local:/models/SmolLM2-135M-Instruct.Q4_1.gguf", EMPTY)
    assert path.model == "/models/SmolLM2-135M-Instruct.Q4_1.gguf" and path.smoke_test
    other = parse_model_spec("local:/models/llama@3.gguf", EMPTY)
    assert other.model == "/models/llama@3.gguf" and not other.smoke_test
    served = parse_model_spec("openai:smollm2@http://127.0.0.1:9/v1", EMPTY)
    assert served.smoke_test and served.public()["smoke_test"] is True


@pytest.mark.parametrize(
    "text, problem",
    [
        ("gpt-4.1", "expected <provider>:<model>"),
        ("anthropic:claude", "expected <provider>:<model>"),
        ("openai:", "model is empty"),
        ("openai:m@ftp://host", "must start with http"),
    ],
)
def test_bad_specs_are_input_errors(text: str, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        parse_model_spec(text, EMPTY)


@pytest.mark.parametrize(
    "text, hint",
    [
        ("gpt-4.1", "; did you mean 'openai:gpt-4.1'?"),
        ("openai/gpt-4.1", "; did you mean 'openai:gpt-4.1'?"),  # Inspect's spelling
        ("opnai:gpt-4.1", "; did you mean 'openai:gpt-4.1'?"),
        ("qwen-locl", "; did you mean 'qwen-local'?"),  # a registry name, mistyped
        ("anthropic:claude", "; another provider's models are reached through its "
         "OpenAI-compatible endpoint: openai:<model>@<base_url>"),
    ],
)  # fmt: skip
def test_a_mistyped_spec_says_what_was_meant(registry: Path, text: str, hint: str) -> None:
    config = load_config(registry) if text.startswith("qwen") else EMPTY
    with pytest.raises(InputError) as error:
        parse_model_spec(text, config)
    assert str(error.value).endswith(hint)
    assert len(str(error.value).splitlines()) == 1


def test_registry_names_and_inheritance(registry: Path) -> None:
    config = load_config(registry)
    named = parse_model_spec("qwen-local", config)
    assert named.base_url == "http://127.0.0.1:8000/v1" and named.api_key_env == "QWEN_KEY"
    assert named.structured_output == "llama_cpp" and named.concurrency == 2
    assert named.label == "Qwen3-8B (vLLM)"
    # a plain provider:model spec picks up the registry's prices, params and cutoff
    inherited = parse_model_spec("openai:gpt-4.1", config)
    assert inherited.knowledge_cutoff == dt.date(2024, 6, 1)
    assert inherited.params == {"temperature": 0, "max_tokens": 1024}
    assert inherited.cost_usd(Usage(prompt_tokens=1_000_000, completion_tokens=500_000)) == 6.0
    assert config.cache_dir == Path("~/somewhere/cache").expanduser()
    assert config.model_extra == {"evaluate": {"something_else": 1}}


def test_discovery_order(registry: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # ./medrubric.toml
    monkeypatch.delenv(CONFIG_ENV, raising=False)
    assert "qwen-local" in load_config().models
    other = tmp_path / "elsewhere.toml"
    other.write_text('[models.x]\nprovider = "local"\nmodel = "smollm2"\n', "utf-8")
    monkeypatch.setenv(CONFIG_ENV, str(other))
    assert set(load_config().models) == {"x"}
    assert set(load_config(registry).models) == {"gpt-4.1", "qwen-local"}
    monkeypatch.delenv(CONFIG_ENV)
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    assert load_config().models == {} and load_config().path is None


@pytest.mark.parametrize(
    "text, problem",
    [
        ('[models.x]\nprovider = "openai"\nmodel = "m"\ntemprature = 0\n', "models.x.temprature"),
        ('[models.x]\nprovider = "cohere"\nmodel = "m"\n', "models.x.provider"),
        ("[models.x\n", "invalid TOML"),
    ],
)
def test_bad_config_names_file_and_field(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "medrubric.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(InputError, match=problem) as info:
        load_config(path)
    assert str(path) in str(info.value)


def test_missing_config_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="config file not found"):
        load_config(tmp_path / "nope.toml")


def test_cache_dir_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    config = MedrubricConfig(cache_dir=tmp_path / "from-config")
    monkeypatch.delenv("MEDRUBRIC_CACHE_DIR", raising=False)
    assert resolve_cache_dir(None, None) == DEFAULT_CACHE_DIR.expanduser()
    assert resolve_cache_dir(None, config) == tmp_path / "from-config"
    monkeypatch.setenv("MEDRUBRIC_CACHE_DIR", str(tmp_path / "from-env"))
    assert resolve_cache_dir(None, config) == tmp_path / "from-env"
    assert resolve_cache_dir(tmp_path / "explicit", config) == tmp_path / "explicit"


def test_the_shipped_example_config_parses() -> None:
    example = Path(__file__).parents[2] / "medrubric.toml.example"
    config = load_config(example)
    assert config.models["smollm2"].provider == "local"
    assert parse_model_spec("smollm2", config).smoke_test
    assert parse_model_spec("gpt-4.1", config).price_input_per_1m == 2.0  # the known-models table
    qwen = parse_model_spec("qwen3-8b", config)  # a server-only parameter, from params.extra
    assert qwen.params["chat_template_kwargs"] == {"enable_thinking": False}


def test_inheritance_needs_the_same_endpoint(registry: Path) -> None:
    config = load_config(registry)
    same = parse_model_spec("openai:Qwen3-8B@http://127.0.0.1:8000/v1", config)
    assert same.concurrency == 2 and same.api_key_env == "QWEN_KEY"
    elsewhere = parse_model_spec("openai:Qwen3-8B", config)  # api.openai.com: another model
    assert elsewhere.base_url is None and elsewhere.concurrency is None


@pytest.mark.parametrize(
    "params, problem",
    [
        (
            "{ temprature = 0.2 }",
            "models.x.params: unknown parameter 'temprature': did you mean 'temperature'?",
        ),
        (
            "{ top_k = 20 }",
            "'top_k': did you mean 'top_p'? (parameters only your server knows go in params.extra)",
        ),
        ("{ extra = { temperature = 0 } }", "extra.temperature is a standard parameter"),
        ("{ extra = 3 }", "extra must be a table"),
        ('{ extra = { response_format = "x" } }', "'response_format' is written by medrubric"),
        ("{ stream = true }", "'stream' is written by medrubric"),
    ],
)
def test_params_typos_name_file_key_and_suggestion(
    tmp_path: Path, params: str, problem: str
) -> None:
    path = tmp_path / "medrubric.toml"
    path.write_text(f'[models.x]\nprovider = "openai"\nmodel = "m"\nparams = {params}\n', "utf-8")
    with pytest.raises(InputError) as info:
        load_config(path)
    assert str(info.value).startswith(f"{path}: models.x.params")
    assert problem in str(info.value)


def test_server_specific_params_go_in_extra_and_are_sent_as_they_are(tmp_path: Path) -> None:
    path = tmp_path / "medrubric.toml"
    path.write_text(
        '[models.x]\nprovider = "openai"\nmodel = "m"\nbase_url = "http://127.0.0.1:9/v1"\n'
        "params = { temperature = 0.2, max_tokens = 64, "
        "extra = { top_k = 20, chat_template_kwargs = { enable_thinking = false } } }\n",
        "utf-8",
    )
    spec = parse_model_spec("x", load_config(path))
    assert spec.params == {
        "temperature": 0.2,
        "max_tokens": 64,
        "top_k": 20,
        "chat_template_kwargs": {"enable_thinking": False},
    }


def test_a_request_parameter_outside_params_says_where_it_goes(tmp_path: Path) -> None:
    path = tmp_path / "medrubric.toml"
    path.write_text('[models.x]\nprovider = "openai"\nmodel = "m"\ntemperature = 0\n', "utf-8")
    with pytest.raises(InputError, match=r"models\.x\.temperature: unknown field") as info:
        load_config(path)
    assert "params = { temperature = … }" in str(info.value)
