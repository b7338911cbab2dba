# Icehouse Table. `make run` serves the site on SQLite (HOST, PORT); `make test` runs every test.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
# Test processes (pytest-xdist): the suite mostly waits on browsers, servers and sockets, so two share a
# two-core machine well; WORKERS=0 runs it in one process.
WORKERS ?= 2

.PHONY: run test install install-dev migrate bench clean i18n

# Two stamps keep both kinds of install incremental: serving needs only the package (`make run`),
# the tests add the dev extra (Playwright, schemathesis, hypothesis...: `make test`). Either is redone
# when pyproject.toml changes; the package's too when the C of the bot's playout or of 3-High's legal moves
# does (compiled by pip install).
SERVE_STAMP := $(VENV)/.installed-serve
DEV_STAMP   := $(VENV)/.installed-dev
# The browser tests' JavaScript tools (axe-core, pinned in package-lock.json; never served to users).
NODE_STAMP  := node_modules/.package-lock.json

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(SERVE_STAMP): pyproject.toml app/bots/three_high/_playout.c app/games/three_high/_legal.c | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEV_STAMP): $(SERVE_STAMP)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

install: $(SERVE_STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

install-dev: $(DEV_STAMP) $(NODE_STAMP)

migrate: install
	$(BIN)/icehouse migrate

run: migrate
	$(BIN)/icehouse serve --host $(HOST) --port $(PORT)

# The linter and the layers' import contracts first (pyproject.toml's [tool.ruff] and [tool.importlinter]: a few
# seconds), then every test.
test: install-dev
	$(BIN)/ruff check app tests bench tools
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal $(PYTEST_ARGS)

# Extracts the messages to translate (templates, Python, JavaScript) into the catalogs and checks that every
# one has a French and a German translation; the .po files are compiled in memory when served.
i18n: install
	$(BIN)/python -m tools.i18n_catalogs

bench: install
	$(BIN)/python -m bench.engine

clean:
	rm -rf $(VENV) .pytest_cache icehouse.db icehouse.db-wal icehouse.db-shm
