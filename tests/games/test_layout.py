"""Every game's package has the one layout of docs/ENGINE.md "Adding a game": engine.py (the Game class),
position.py (the position and its move generator), codec.py (doc <-> position), view.py, and only the
optional modules listed there, each under the house's ~400 lines."""
from __future__ import annotations

import importlib
import pathlib

import pytest

import app.games
from app.games import GAMES

GAMES_DIR = pathlib.Path(app.games.__file__).parent
TEMPLATE = {"__init__.py", "engine.py", "position.py", "codec.py", "view.py"}
OPTIONAL = {"stats.py", "board.py"}  # admin statistics; the board's geometry
HELPERS = {  # a game's own rules helpers, beyond the template
    "three_high": {"cards.py", "reading.py", "encoded.py"},  # notation; the fast reading and its JSON text
    "dash": {"dares.py"},  # the dares' suggestions and text checks
}
MAX_LINES = 400


def packages():
    return sorted(path.parent.name for path in GAMES_DIR.glob("*/__init__.py"))


def test_every_package_is_a_game_of_the_registry():
    assert {type(game).__module__.split(".")[2] for game in GAMES.values()} == set(packages())


@pytest.mark.parametrize("package", packages())
def test_a_game_package_has_the_template_files_and_no_others(package):
    files = {path.name for path in (GAMES_DIR / package).glob("*.py")}
    assert TEMPLATE <= files, f"{package} lacks {sorted(TEMPLATE - files)}"
    extra = files - TEMPLATE - OPTIONAL - HELPERS.get(package, set())
    assert not extra, f"{package} has {sorted(extra)}, outside the layout of ENGINE.md"
    game = importlib.import_module(f"app.games.{package}.engine")
    assert any(isinstance(value, type) and issubclass(value, app.games.Game) for value in vars(game).values())
    for path in (GAMES_DIR / package).glob("*.py"):
        lines = len(path.read_text().splitlines())
        assert lines <= MAX_LINES, f"{package}/{path.name} has {lines} lines; keep a rules helper instead"


@pytest.mark.parametrize("package", packages())
def test_new_state_takes_players_options_and_seed(package):
    """Every game builds its first position the same way: setup checks the options, new_state(players,
    options, seed) deals, the codec writes the doc."""
    game = next(g for g in GAMES.values() if type(g).__module__ == f"app.games.{package}.engine")
    state = game.new_state(game.min_players, game.default_options(game.min_players), 3)
    assert type(state).__module__ == f"app.games.{package}.position"
