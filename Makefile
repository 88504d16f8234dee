# Every target sets up its own virtual environment: a fresh clone needs only Python 3.11+.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# setuptools announces every editable install with a warning that needs no action
# (the data folders are mapped into the package); keep `make run` quiet.
PIP := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install --quiet

.PHONY: run test bench lint format assets levels soak replays demos report bundle fuzz mutants clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.run: pyproject.toml | $(BIN)/python
	$(PIP) -e .
	touch $@

$(VENV)/.dev: pyproject.toml | $(BIN)/python
	$(PIP) -e '.[dev]'
	touch $@

$(VENV)/.bench: pyproject.toml | $(BIN)/python
	$(PIP) -e '.[dev,bench]'
	touch $@

run: $(VENV)/.run
	$(BIN)/python -m gunner $(ARGS)

# The whole suite on every core (pytest-xdist). Each test file runs on one worker
# (loadfile), so a file's module fixtures, such as the one build of the wheel and sdist
# that writes gunner.egg-info into the checkout, run once. (xdist_group marks do not
# group anything under pytest 9 and xdist 3.8.) `pytest tests/x/test_y.py` alone still
# runs in one process.
test: $(VENV)/.dev
	$(HEADLESS) $(BIN)/python -m pytest -n auto --dist loadfile

# Frame pacing in a real window needs a display (Xvfb will do); without one it says so.
bench: $(VENV)/.bench
	$(HEADLESS) $(BIN)/python -m bench $(ARGS)
	$(HEADLESS) $(BIN)/python -m bench.reload $(if $(findstring --quick,$(ARGS)),--quick,)
	$(BIN)/python -m bench.pacing --window $(if $(findstring --quick,$(ARGS)),--frames 8,)

# 100,000 random steps per shipped level, invariants checked every step, memory traced.
soak: $(VENV)/.dev
	$(HEADLESS) $(BIN)/python -m bench.soak --frames 100000 --seed 1 $(ARGS)

# Re-record the regression replay of every shipped level (after a deliberate change
# to the simulation: the replay tests then expect the new state hashes), and store the
# new hashes of the finishing runs (tests/replays/complete) that still finish; one that
# no longer finishes is named, and needs `make demos`.
replays: $(VENV)/.dev
	mkdir -p tests/replays
	for level in levels/*.tmx; do \
		$(HEADLESS) $(BIN)/python -m gunner --headless --level $$level --random-input \
			--seed 7 --frames 3000 --record tests/replays/$$(basename $$level .tmx).replay \
			>/dev/null || exit 1; \
	done
	if [ -d tests/replays/complete ]; then \
		$(HEADLESS) $(BIN)/python -m gunner.replay --update tests/replays/complete \
		|| { echo "a finishing run no longer finishes its level: run 'make demos'"; exit 1; }; \
	fi

# Find a run that finishes each campaign level with the search bot (tools/bot.py) and
# store it in tests/replays/complete (the attract mode's demos). Minutes of CPU per level.
demos: $(VENV)/.dev
	mkdir -p tests/replays/complete
	for name in $$($(BIN)/python -c 'from gunner.config import CAMPAIGN; print(*(n[:-4] for n in CAMPAIGN))'); do \
		$(HEADLESS) nice -n 10 $(BIN)/python tools/bot.py levels/$$name.tmx \
			-o tests/replays/complete/$$name.replay $(ARGS) || exit 1; \
	done

# A level report for designers (tools/level_report.py): replay each finishing run and
# print its pace (kills per minute, time with no enemy in view, metres walked, damage,
# lives lost), with one picture per level in build/report/. ARGS="2 3 --no-png" picks
# levels; "--json" for the figures as JSON, "--out DIR" for the pictures' folder.
report: $(VENV)/.dev
	$(HEADLESS) $(BIN)/python tools/level_report.py $(ARGS)

lint: $(VENV)/.dev
	$(BIN)/ruff check gunner bench tests tools
	$(BIN)/ruff format --check gunner bench tests tools
	$(BIN)/mypy gunner

format: $(VENV)/.dev
	$(BIN)/ruff check --fix gunner bench tests tools
	$(BIN)/ruff format gunner bench tests tools

# Regenerate the committed art and sound, then the levels built from their sources.
assets: $(VENV)/.dev
	$(HEADLESS) $(BIN)/python tools/make_assets.py

# Seeded mutations of the shipped maps through --check, load and play, each in a
# forked child: any traceback, crash or hang is a failure (MUTANTS=3000 for a long run).
MUTANTS ?= 500
fuzz: $(VENV)/.dev
	$(HEADLESS) $(BIN)/python tools/fuzz_maps.py --mutants $(MUTANTS) $(ARGS)

# Mutation testing of the simulation core (tools/mutants.py), never part of `make test`:
# ARGS="turret tilemap" picks modules, ARGS="--jobs 1" spares a busy machine.
mutants: $(VENV)/.dev
	$(HEADLESS) $(BIN)/python tools/mutants.py $(ARGS)

# A one-folder frozen build in dist/gunner/ (PyInstaller, from gunner.spec).
bundle: $(VENV)/.dev
	$(BIN)/pyinstaller --noconfirm gunner.spec

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .mypy_cache .mutants build dist
