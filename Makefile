# `make test` builds .venv on first use, installs the project with its dev, env, openspiel and docs
# extras (so the PettingZoo and OpenSpiel tests run and the site builds), then lints, builds the
# documentation site with --strict (a broken link or anchor fails) and tests in parallel.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test test-long lint docs play screenshots bench clean
GAME ?= hungarian-tarokk

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet -e '.[dev,env,openspiel,docs]'
	touch $(STAMP)

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks

docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

test: lint docs
	$(VENV)/bin/pytest -n auto

# The long property runs (marker `long`), which the default run leaves out.
test-long: $(STAMP)
	$(VENV)/bin/pytest -n auto -m long

# The table server with a table of you against computer players, in the browser
# (make play GAME=ottocento for another game; `tarock play` is the terminal game).
play: $(STAMP)
	$(VENV)/bin/tarock serve --play $(GAME)

# docs/img/<game>.png: each game's table mid-deal, by driving Chromium as the browser tests do.
screenshots: $(STAMP)
	PYTHONPATH=tests/web:tests/server $(PY) tests/web/screenshots.py

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/env_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis site
