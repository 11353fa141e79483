# The two commands of the quick start: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck unit scenarios bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/tcg demo --game duel_masters --games 200 --seed 1

lint: $(STAMP)
	$(BIN)/ruff check tcg tests benchmarks
	$(BIN)/mypy tcg

unit: $(STAMP)
	$(BIN)/pytest -q -n 2 --dist worksteal

scenarios: $(STAMP)
	$(BIN)/tcg scenario run scenarios

test: lint unit scenarios

bench: $(STAMP)
	$(BIN)/python benchmarks/selfplay.py --game duel_masters --games 300

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
