# `make test` builds .venv on first use, installs the project with its dev, env, openspiel and docs
# extras (so the PettingZoo and OpenSpiel tests run and the site builds), compiles the engine's hot
# modules (tarock.core.native) and, beside them, the solvers, lints, builds the documentation site
# with --strict (a broken link or anchor fails), then tests in parallel.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The compiled engine modules: rebuilt in place whenever a source they are made from changes
NATIVE := src/tarock/native_build.json
NATIVE_SOURCES := $(wildcard src/tarock/core/*.py src/tarock/hungarian/*.py \
                  src/tarock/ottocento/*.py) setup.py
# The games' numba solvers, compiled (or loaded from numba's cache) once per change of their
# sources, so that no search player's first move waits for the compiler
SOLVERS := $(VENV)/.solvers
SOLVER_SOURCES := $(wildcard src/tarock/*/strategy/fast.py) src/tarock/players/compiled.py
# With a C compiler the tests insist that the engine runs compiled; without one, plain Python
REQUIRE_NATIVE := $(shell command -v cc >/dev/null 2>&1 && echo 1)

.PHONY: test test-long lint docs native play screenshots bench clean
# Two jobs at a time: the solvers' numba compile, the lint and the docs run beside the engine's C
# build (which compiles its files side by side too, setup.py)
MAKEFLAGS += -j2
GAME ?= hungarian-tarokk

# uv installs the packages (the version pinned with the dev extra in pyproject.toml): 32 s instead
# of pip's 105 s for the whole environment here. Like pip, it compiles their bytecode at install
# time (--compile-bytecode); where Python may not write it later (PYTHONDONTWRITEBYTECODE), every
# process would compile its imports anew (the server took 8 s to start instead of 3)
UV_PIN := $(shell sed -n 's/^ *"\(uv==[^"]*\)".*/\1/p' pyproject.toml)

UV := $(VENV)/bin/uv

$(PY):
	python3 -m venv $(VENV)

# (touched: pip leaves a uv of the pinned version as it is, older than a changed pyproject.toml)
$(UV): $(PY) pyproject.toml
	$(PY) -m pip install --quiet '$(UV_PIN)'
	touch $(UV)

# The editable install itself compiles nothing (TAROCK_COMPILE=0): $(NATIVE) does, in place.
$(STAMP): $(UV) pyproject.toml
	TAROCK_COMPILE=0 $(UV) pip install --quiet --compile-bytecode --python $(PY) \
		-e '.[dev,env,openspiel,docs]'
	touch $(STAMP)

$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	$(PY) setup.py --quiet build_ext --inplace 2>&1 | grep -v '^gcc\|^copying' || true

native: $(NATIVE)

# It runs the engine from its sources (TAROCK_PURE=1), so it never loads a compiled module that
# $(NATIVE) may be writing beside it at the same time
$(SOLVERS): $(STAMP) $(SOLVER_SOURCES)
	TAROCK_PURE=1 $(PY) -m tarock.players.warm
	touch $(SOLVERS)

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks setup.py

docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

# worksteal: a worker that runs out of tests takes some of the other's, so that a few long tests
# left at the end (the browser, Ray, the recovery test) do not leave a core idle
test: lint docs native $(SOLVERS)
	TAROCK_REQUIRE_NATIVE=$(REQUIRE_NATIVE) $(VENV)/bin/pytest -n auto --dist worksteal

# The long property runs (marker `long`), which the default run leaves out.
test-long: $(STAMP) native
	$(VENV)/bin/pytest -n auto --dist worksteal -m long --timeout 3600  # long batches: more time each

# The table server with a table of you against computer players, in the browser
# (make play GAME=ottocento for another game; `tarock play` is the terminal game).
play: $(STAMP) $(NATIVE) $(SOLVERS)
	$(VENV)/bin/tarock serve --play $(GAME)

# docs/img/<game>.png: each game's table mid-deal, by driving Chromium as the browser tests do.
screenshots: $(STAMP) $(NATIVE)
	PYTHONPATH=tests/web:tests/server $(PY) tests/web/screenshots.py

bench: $(STAMP) $(NATIVE)
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/env_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis site build $(NATIVE)
	find src -name '*.so' -delete
