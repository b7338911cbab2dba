"""A game's declaration (base.Game): checked when the class is defined, and true of the game it declares.

The kind of a game (max_plies, simultaneous, chance, hidden_information) has no default, so a new game
must say it; the tests below hold every game in GAMES to what it says, by random play.
"""
from __future__ import annotations

import json
import random

import pytest

from app.games import GAMES, get_game
from app.games.base import Game
from tests.games.conformance import option_variants
from tests.nim_game import Nim

KIND = {"max_plies": 10, "simultaneous": False, "chance": False, "hidden_information": False}


def define(**changes):
    """A game class declared like Nim, with `changes` (a value of ... leaves the name out). Defining it is
    the test: it never needs to be instantiated."""
    attrs = {key: getattr(Nim, key) for key in Game.DECLARATION} | {"min_players": 2, "max_players": 2} | KIND
    attrs.update(changes)
    attrs = {key: value for key, value in attrs.items() if value is not ...}
    return type("Made", (Game,), attrs)


def test_a_complete_declaration_defines_a_game_class():
    made = define()
    assert made.max_plies == 10 and made.chance is False
    assert define(max_plies=None).max_plies is None  # a game whose rules set no bound


@pytest.mark.parametrize("name", ["max_plies", "simultaneous", "chance", "hidden_information"])
def test_a_game_that_does_not_declare_its_kind_is_refused(name):
    with pytest.raises(TypeError, match=f"does not declare {name}"):
        define(**{name: ...})


@pytest.mark.parametrize("name, value", [("simultaneous", 1), ("chance", None), ("hidden_information", "no")])
def test_the_flags_are_true_or_false(name, value):
    with pytest.raises(TypeError, match=f"declares {name} as something other than True or False"):
        define(**{name: value})


@pytest.mark.parametrize("value", [0, -3, True, 2.5, "400"])
def test_max_plies_is_a_positive_whole_number_or_none(value):
    with pytest.raises(TypeError, match="declares max_plies"):
        define(max_plies=value)


def test_an_abstract_game_class_need_not_declare():
    class Base(Game):
        abstract = True

    assert not hasattr(Base, "max_plies")


@pytest.fixture(params=sorted(GAMES))
def game(request):
    return get_game(request.param)


def test_every_game_declares_its_kind(game):
    assert game.max_plies is None or (type(game.max_plies) is int and game.max_plies > 0)
    assert all(type(getattr(game, flag)) is bool for flag in ("simultaneous", "chance", "hidden_information"))


# -- what a game declares is what it does ------------------------------------------------------------------
def walk(game, players, options, seed, choices, plies):
    """(doc, seat, move, step) of up to `plies` random moves from setup(seed), the moves picked by `choices`."""
    rng, doc, out = random.Random(choices), game.setup(players, options, seed), []
    for _ in range(plies):
        seats = game.to_act(doc)
        if not seats:
            break
        seat = seats[rng.randrange(len(seats))]
        legal = game.legal_moves(doc, seat)
        move = legal[rng.randrange(len(legal))]
        if "text" not in move and move.get("action") == "set_dare":
            move = dict(move, text="Whistle a tune")
        step = game.apply(doc, seat, move)
        out.append((doc, seat, move, step))
        doc = step.doc
    return out


def tables(game):
    """Every seat count with each option variant, two seeds each."""
    for players in range(game.min_players, game.max_players + 1):
        for options in option_variants(game, players):
            for seed in (1, 2):
                yield players, options, seed


def test_hidden_information_is_declared_when_seats_see_differently(game):
    """Without hidden information every seat's view is the spectator's (but for "seat"); with it, some
    table shows two seats different views."""
    differs = False
    for players, options, seed in tables(game):
        for doc, *_ in walk(game, players, options, seed, seed, 40):
            seen = {json.dumps(dict(game.view(doc, viewer), seat=None), sort_keys=True)
                    for viewer in [*range(players), None]}
            differs = differs or len(seen) > 1
            if not game.hidden_information:
                assert len(seen) == 1, f"{game.name} declares no hidden information, but views differ"
    assert differs == game.hidden_information


def test_simultaneous_moves_are_declared_when_a_move_is_hidden_until_the_reveal(game):
    hidden = False
    for players, options, seed in tables(game):
        for _doc, seat, move, step in walk(game, players, options, seed, seed, 40):
            shown = {json.dumps(game.move_view(step.doc, seat, move, viewer), sort_keys=True)
                     for viewer in [*range(players), None]}
            hidden = hidden or len(shown) > 1
    assert hidden == game.simultaneous


def test_chance_is_declared_when_the_seed_changes_the_game(game):
    """The same choices of moves from two seeds: the docs (but for the secret) differ somewhere exactly
    when the game draws from chance."""
    differs = False
    for players, options, _seed in tables(game):
        one, two = walk(game, players, options, 1, 7, 40), walk(game, players, options, 2, 7, 40)
        for (_, _, _, a), (_, _, _, b) in zip(one, two):
            differs = differs or dict(a.doc, secret="") != dict(b.doc, secret="")
        differs = differs or len(one) != len(two)
    assert differs == game.chance


def test_a_game_package_dropped_into_app_games_is_registered_with_no_list_to_edit(tmp_path):
    """The registry finds every package of app/games that hands on a Game subclass, in the declared order:
    a copy of the app with Nim's package added (the template game's, examples/new-game/app/games/nim) lists
    it, after the games that declare a lower order and before none of theirs."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "app" / "games", tmp_path / "app" / "games",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "app" / "__init__.py").write_text("")
    shutil.copytree(root / "examples" / "new-game" / "app" / "games" / "nim", tmp_path / "app" / "games" / "nim",
                    dirs_exist_ok=True)  # (a copy of the repository may hold it already: docs/NEW-GAME.md)
    listed = subprocess.run([sys.executable, "-c", "from app.games import GAMES; print(' '.join(GAMES))"],
                            cwd=tmp_path, capture_output=True, text=True, env={"PYTHONPATH": str(tmp_path)},
                            check=True).stdout.split()
    assert listed == [*(name for name in GAMES if name != "nim"), "nim"]  # the four by their order (10..40),
    # then Nim at the default 100
