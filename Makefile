# hexlab: the two commands in the README are `make lab` and `make test`.
# Both set up a virtual environment in .venv first (once; again when pyproject.toml changes).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

CHROMIUM := /usr/bin/chromium

.PHONY: setup browser lab classroom test lint notebooks bench soak mutation reliability clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

## Debian's Chromium, which the browser tests drive (never a browser download), and poppler's pdftotext, which
## the handout tests read the PDF pages back with.
browser:
	@if [ ! -x $(CHROMIUM) ] || ! command -v pdftotext > /dev/null; then \
	  echo "Installing Debian's Chromium and poppler-utils for the browser and handout tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && $$SUDO apt-get install -y -q chromium poppler-utils; \
	fi

## Open the kit in JupyterLab at the start-here notebook.
lab: setup
	$(BIN)/jupyter lab $$( [ "$$(id -u)" = 0 ] && echo --allow-root ) notebooks/00_start_here.ipynb

## Serve the class app to this room's network (Voila): prints a class code for students and a teacher code.
## SAVES=folder keeps the class's games somewhere else (default ./classroom-saves).
SAVES ?= classroom-saves
classroom: setup
	$(BIN)/hexlab classroom --saves $(SAVES)

## Every test: engine and rules (pytest), notebooks (nbval, strict), the browser tests, lint, clause coverage.
test: setup browser
	$(BIN)/python -m pytest tests notebooks --nbval -p no:cacheprovider
	$(BIN)/ruff check hexlab tests benchmarks tools
	@if [ -f ../shared/tools/rule_coverage.py ]; then $(BIN)/python ../shared/tools/rule_coverage.py; fi

lint: setup
	$(BIN)/ruff check hexlab tests benchmarks tools

## Re-run every notebook and store its outputs (after changing a notebook or the engine).
notebooks: setup
	$(BIN)/python .ci/build_notebooks.py

bench: setup
	$(BIN)/python benchmarks/bench_engine.py
	$(BIN)/python benchmarks/bench_render.py

## Long checks kept out of `make test` (issue 29). The games' state machines for as long as asked (MINUTES=30):
soak: setup
	$(BIN)/python tools/soak.py --minutes $(or $(MINUTES),30)

## Mutation testing of what decides outcomes (each ruleset's combat, odds and victory check, and dice.py):
mutation: setup
	$(BIN)/python -m pip install --quiet -e '.[mutation]'
	$(BIN)/python tools/mutation.py

## One table of what was tried against the kit and what held: hostile files, state machines, mutation scores,
## random clicks in the browser, class-app sessions at once, memory over a hundred games.
reliability: setup browser
	$(BIN)/python tools/reliability.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
