# hexlab: the two commands in the README are `make lab` and `make test`.
# Both set up a virtual environment in .venv first (once; again when pyproject.toml changes).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup lab test lint notebooks bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

## Open the kit in JupyterLab at the start-here notebook.
lab: setup
	$(BIN)/jupyter lab notebooks/00_start_here.ipynb

## Every test: engine and rules (pytest), notebooks (nbval, strict), lint, rule-clause coverage.
test: setup
	$(BIN)/python -m pytest tests notebooks --nbval -p no:cacheprovider
	$(BIN)/ruff check hexlab tests benchmarks
	@if [ -f ../shared/tools/rule_coverage.py ]; then $(BIN)/python ../shared/tools/rule_coverage.py; fi

lint: setup
	$(BIN)/ruff check hexlab tests benchmarks

## Re-run every notebook and store its outputs (after changing a notebook or the engine).
notebooks: setup
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace notebooks/*.ipynb

bench: setup
	$(BIN)/python benchmarks/bench_engine.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
