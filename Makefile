# `make test` builds .venv on first use, installs the project with its dev, env and openspiel extras
# (so the PettingZoo and OpenSpiel tests run), then lints and tests.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test lint play screenshots bench clean
GAME ?= hungarian-tarokk

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet -e '.[dev,env,openspiel]'
	touch $(STAMP)

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks

test: lint
	$(VENV)/bin/pytest

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
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
