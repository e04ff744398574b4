# `make test` builds .venv on first use, installs the project with its dev, env and openspiel extras
# (so the PettingZoo and OpenSpiel tests run), then lints and tests.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test lint play bench clean

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

play: $(STAMP)
	$(VENV)/bin/tarock play

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/env_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
