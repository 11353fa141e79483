# The two commands of the quick start: `make demo` and `make test`; `make check` runs the long
# checks after it (CI runs both).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled build (setup.py, TCG_COMPILE=1): the rules modules as C extensions, installed
# apart from the editable sources so that an edit never runs stale compiled code.
COMPILED := build/compiled
COMPILED_STAMP := $(COMPILED)/.built
SOURCES := $(shell find tcg -name '*.py' -o -name '*.yaml' -o -name '*.txt') setup.py pyproject.toml
# PYTHONSAFEPATH: `python -m`/`-c` must not put the checkout (pure sources) before the build.
WITH_COMPILED := PYTHONPATH=$(COMPILED) PYTHONSAFEPATH=1
# mypyc needs a C compiler and Python's headers; without them the engine stays pure Python.
CAN_COMPILE := $(shell $(PYTHON) -c "import os, shutil, sysconfig; \
	cc = (sysconfig.get_config_var('CC') or 'cc').split()[0]; \
	h = os.path.join(sysconfig.get_paths()['include'], 'Python.h'); \
	print('yes' if shutil.which(cc) and os.path.exists(h) else '')")
NO_COMPILER := no C compiler or no Python headers here: the compiled build is skipped

.PHONY: demo serve test check lint typecheck unit long browser browser-start scenarios conformance soak compiled compiled-check no-compiler bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	@echo "installing tcg-engine and its development tools into $(VENV) (about a minute)"
	$(BIN)/pip install --progress-bar off -e '.[dev,rl,ray]'
	$(BIN)/tcg --version
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/tcg demo --game duel_masters --games 200 --seed 1

# Play in the browser: the lobby at http://localhost:8000/ (finished games in tcg-games.sqlite3).
serve: $(STAMP)
	$(BIN)/tcg serve --port 8000

# The browser tests (tests/test_browser.py) drive Debian's chromium: Playwright's own browser
# download does not work here. As root with apt-get, `make test` installs it once, in the
# background while the venv is set up and linted (browser-start), and waits for it before the
# suite (browser); elsewhere the browser tests are skipped unless TCG_REQUIRE_BROWSER=1
# (.ci/run sets it).
CHROMIUM := /usr/bin/chromium
CHROMIUM_LOG := build/chromium-install.log
APT_CHROMIUM := DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
browser-start:
	@if [ ! -x $(CHROMIUM) ] && [ ! -f $(CHROMIUM_LOG) ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		mkdir -p build; echo "installing Debian's chromium in the background for the browser tests ($(CHROMIUM_LOG))"; \
		( { $(APT_CHROMIUM) || { apt-get update -q && $(APT_CHROMIUM); }; } > $(CHROMIUM_LOG) 2>&1; \
		  echo $$? > $(CHROMIUM_LOG).rc ) & \
	fi

browser: browser-start
	@if [ -f $(CHROMIUM_LOG) ] && [ ! -f $(CHROMIUM_LOG).rc ]; then \
		echo "waiting for the chromium install to finish"; \
		while [ ! -f $(CHROMIUM_LOG).rc ]; do sleep 1; done; fi
	@if [ -x $(CHROMIUM) ]; then :; \
	elif [ -f $(CHROMIUM_LOG) ]; then echo "installing chromium failed (see $(CHROMIUM_LOG)): the browser tests are skipped"; \
	else echo "no $(CHROMIUM) and no root to install it: the browser tests are skipped"; fi

lint: $(STAMP)
	$(BIN)/ruff check tcg tests benchmarks examples setup.py
	$(BIN)/mypy tcg
	$(BIN)/pytest -q -p no:cacheprovider tests/test_code_shape.py  # no function over 60 lines (ruff has no such rule)

# The suite plays every scenario file (tests/test_scenarios.py) and 20 random games per game
# checking JSON round trips and hidden information at every 10th state (tests/test_conformance.py).
unit: $(STAMP)
	$(BIN)/pytest -q -n 2 --dist worksteal -m "not long"

# The browser's whole games (every game clicked to its end; every decision of a game checked to
# fit a laptop and a phone): make check runs them, so that make test stays within 8 minutes.
long: $(STAMP) browser
	$(BIN)/pytest -q -n 2 --dist worksteal -p no:cacheprovider -m long

# 200 random games per game (the suite's 20 among them), every state checked.
conformance: $(STAMP)
	TCG_CONFORMANCE_GAMES=200 TCG_CONFORMANCE_EVERY=1 $(BIN)/pytest -q -n 2 --dist worksteal -p no:cacheprovider tests/test_conformance.py

# A slice of the soak (docs/reliability.md): six games of each game, random, rule-based and
# search agents, every invariant checked after every action (about 3 minutes).
soak: $(STAMP)
	$(BIN)/python benchmarks/soak.py --game all --games 6 --agents random,rule,ismcts:iterations=8 --jobs 2 --chunk 1

scenarios: $(STAMP)
	$(BIN)/tcg scenario run scenarios

$(COMPILED_STAMP): $(STAMP) $(SOURCES)
	rm -rf build
	@echo "compiling the rules modules with mypyc into $(COMPILED) (about 2 minutes)"
	TCG_COMPILE=1 $(BIN)/pip install --quiet --no-deps --no-build-isolation --target $(COMPILED) .
	$(WITH_COMPILED) $(BIN)/tcg --version
	touch $(COMPILED_STAMP)

compiled: $(COMPILED_STAMP)

# The compiled build passes the suite (but the conformance games, which
# the sources pass and whose games the fingerprints below compare), plays every scenario,
# and plays the same random games as the sources. --import-mode=importlib: pytest must not
# put the checkout before the build.
compiled-check: $(COMPILED_STAMP)
	TCG_EXPECT_BUILD=compiled $(WITH_COMPILED) $(BIN)/pytest -q -n 2 --dist worksteal -p no:cacheprovider \
		--import-mode=importlib --deselect tests/test_conformance.py -m "not long"
	$(WITH_COMPILED) $(BIN)/tcg scenario run scenarios
	$(BIN)/python benchmarks/fingerprint.py --games 20 --require pure > build/fingerprint-pure.txt
	$(WITH_COMPILED) $(BIN)/python benchmarks/fingerprint.py --games 20 --require compiled > build/fingerprint-compiled.txt
	diff build/fingerprint-pure.txt build/fingerprint-compiled.txt
	@cat build/fingerprint-compiled.txt

# At most 8 minutes on a fresh 2-core machine, install included.
test: browser-start lint browser unit

# The long checks (about 25 minutes on 2 cores, 15 of them the conformance games): every state of
# the conformance games, a slice of the soak, then the compiled build.
check: conformance soak long $(if $(CAN_COMPILE),compiled-check,no-compiler)

no-compiler:
	@echo "$(NO_COMPILER) (the engine runs as pure Python)"

# The figures of docs/performance.md, on the compiled build where it can be made.
BENCH_ENV := $(if $(CAN_COMPILE),$(WITH_COMPILED),)
bench: $(STAMP) $(if $(CAN_COMPILE),$(COMPILED_STAMP),no-compiler)
	$(BENCH_ENV) $(BIN)/python benchmarks/selfplay.py --game duel_masters --games 500 --seed 1 --repeat 3
	$(BENCH_ENV) $(BIN)/python benchmarks/selfplay.py --game one_piece --games 500 --seed 1 --repeat 3
	$(BENCH_ENV) $(BIN)/python benchmarks/selfplay.py --game yugioh --games 200 --seed 1 --repeat 3
	$(BENCH_ENV) $(BIN)/python benchmarks/selfplay.py --game force_of_will --games 300 --seed 1 --repeat 3
	$(BENCH_ENV) $(BIN)/python benchmarks/selfplay.py --game battle_spirits --games 100 --seed 1 --repeat 3

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
