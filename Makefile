# Icehouse Table. `make run` serves the site on SQLite; `make test` runs every test.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test install migrate bench clean

$(BIN)/icehouse: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(BIN)/icehouse

install: $(BIN)/icehouse

migrate: install
	$(BIN)/icehouse migrate

run: migrate
	$(BIN)/icehouse serve --host $(HOST) --port $(PORT)

test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: install
	$(BIN)/python -m bench.engine

clean:
	rm -rf $(VENV) .pytest_cache icehouse.db icehouse.db-wal icehouse.db-shm
