"""Writes the golden data of every game in GAMES from the real engines: `<game>.perft` and
`<game>.playthrough.json` beside this file, or in the game's own tests folder when it has one
(tests/games/<package>/data/: a game kept in folders of its own, docs/NEW-GAME.md).
tests/games/test_golden.py holds the engines to them.

    .venv/bin/python tests/games/data/generate.py          # every game
    .venv/bin/python tests/games/data/generate.py dash     # one

Run it after a deliberate change of a game's rules, moves, docs or events, and read the diff: every other
change of these files is a regression. The output is a function of the engines alone (fixed seeds, no
clock, no hash order), so running it twice writes the same bytes.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent
if __name__ == "__main__":  # run as a script: the repository's root on the path, as under pytest
    sys.path.insert(0, str(DATA.parents[2]))

from app.games import get_game  # noqa: E402 - once the repository's root is on the path
from tests.games.conformance import GAME_NAMES, option_variants, own_tests, plies_allowed, tables  # noqa: E402 - as above

PERFT_SEED = "perft"
PERFT_PREFIXES = (0, 9)  # plies played before counting: the first position, and one some moves in
PERFT_BEFORE_END = (12, 3, 1)  # and positions these many plies before the fixed line's end (the end in reach)
PERFT_MAX_DEPTH = 100  # a bound for lines of single moves (Dash's draws): never reached by the four games
PERFT_APPLY_BUDGET = 3000  # a line goes as deep as it may while its count applies at most this many moves
PERFT_LIST_BUDGET = 100_000  # and lists at most this many (an arrangement phase lists hundreds a seat)
# The line PERFT_BEFORE_END[0] plies before the end goes deeper: a game with a hundred moves a ply (3-High)
# reaches depth 3 there, where a play's draw and the next plays' trees and stuck teams change the counts.
PERFT_DEEP_APPLY_BUDGET = 30_000
PERFT_DEEP_LIST_BUDGET = 2_000_000

PERFT_HEADER = """\
# Perft of {name}: how many sequences of (seat, move) the engine lists from fixed positions, depth by depth,
# like chess perft (tests/games/test_golden.py recounts them; tests/games/data/generate.py wrote them).
#
# A line: players options seed prefix count1 count2 ... (separated by spaces); for each table, prefixes
# {prefixes}, the first after them where the seats to act have more than one move in all, and the
# positions {before_end} plies before the end of the fixed line (the game's end within the counted depth).
#   players, options (JSON), seed (JSON): the arguments of setup(players, options, seed);
#   prefix: plies played from setup first, ply k by seat to_act[k % len(to_act)] with the listed move
#           number (7 * k + 3) % len(legal_moves);
#   countD: the number of sequences of D plies from there, a ply being any seat in to_act with any of its
#           legal_moves (a simultaneous phase counts each seat's moves), a finished game having none.
# Chance and hidden parts are the doc's own: dice and reshuffles come from its secret, so the counts are a
# function of the seed. The depth of each line is the deepest (at most {depth}) whose count applies at most
# {budget} moves and lists at most {listed} ({deep_budget} and {deep_listed} for the line {deep_before} plies
# before the end) (the last depth is counted from the listed moves, without applying them); a line whose
# every sequence has ended stops at its first 0.
"""

PLAYTHROUGH_ABOUT = (
    "One recorded game of {name} (tests/games/data/generate.py wrote it; tests/games/test_golden.py replays "
    "it): setup(players, options, seed), then each step's seat and move, with what the engine must give after "
    "it: the sha256 of the doc as canonical JSON (keys sorted, no spaces, ASCII), the seats to act, how many "
    "moves each of them has, and the step's events; and the final result. The moves were chosen at random "
    "(random.Random(seed)) among the listed ones.")


def doc_hash(doc: dict) -> str:
    """The sha256 of the doc as canonical JSON: equal docs, equal hashes, whatever their key order."""
    return hashlib.sha256(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


# -- perft ----------------------------------------------------------------------------------------------
def prefixed(game, players: int, options: dict, seed):
    """setup(players, options, seed), then the doc after each ply of the fixed choice the header describes,
    as (plies played, doc), until the game ends."""
    doc = game.setup(players, options, seed)
    for ply in range(plies_allowed(game) + 1):
        yield ply, doc
        seats = game.to_act(doc)
        if not seats:
            return
        seat = seats[ply % len(seats)]
        moves = game.legal_moves(doc, seat)
        doc = game.apply(doc, seat, moves[(7 * ply + 3) % len(moves)]).doc


def choices(game, doc: dict) -> int:
    return sum(len(game.legal_moves(doc, seat)) for seat in game.to_act(doc))


def perft(game, doc: dict, depth: int) -> list[int]:
    """[count of sequences of 1 ply, of 2, .. of `depth`] from `doc` (the header says what counts)."""
    counts = [0] * depth

    def walk(node: dict, level: int) -> None:
        for seat in game.to_act(node):
            moves = game.legal_moves(node, seat)
            counts[level] += len(moves)
            if level + 1 < depth:
                for move in moves:
                    walk(game.apply(node, seat, move).doc, level + 1)

    if depth:
        walk(doc, 0)
    return counts


def perft_levels(game, doc: dict, apply_budget: int = PERFT_APPLY_BUDGET,
                 list_budget: int = PERFT_LIST_BUDGET) -> list[int]:
    """The counts of `perft` from `doc`, depth by depth (breadth first, each level's docs kept), to the
    deepest depth the budgets allow (the header says which)."""
    counts: list[int] = []
    level, applied, listed = [doc], 0, 0
    while len(counts) < PERFT_MAX_DEPTH:
        count = sum(choices(game, node) for node in level)
        if counts and listed + count > list_budget:
            break
        counts.append(count)
        listed += count
        if not count or applied + count > apply_budget:
            break
        applied += count
        level = [game.apply(node, seat, move).doc for node in level for seat in game.to_act(node)
                 for move in game.legal_moves(node, seat)]
    return counts


def perft_lines(name: str) -> list[str]:
    """One line per table of the suite (tests/games/conformance.py) and prefix: PERFT_PREFIXES, the first
    position past them with a choice to make (Dash's dares: its draws leave none), and PERFT_BEFORE_END."""
    game, lines = get_game(name), []
    for players, options in tables(game):
        line = list(prefixed(game, players, options, PERFT_SEED))
        docs = {ply: doc for ply, doc in line if ply in PERFT_PREFIXES}
        docs.update(next(([(ply, doc)] for ply, doc in line
                          if ply > max(PERFT_PREFIXES) and choices(game, doc) > 1), []))
        end = line[-1][0]
        docs.update((end - plies, line[end - plies][1]) for plies in PERFT_BEFORE_END if end - plies >= 0)
        for prefix, doc in sorted(docs.items()):
            deep = prefix == end - PERFT_BEFORE_END[0]
            counts = (perft_levels(game, doc, PERFT_DEEP_APPLY_BUDGET, PERFT_DEEP_LIST_BUDGET) if deep
                      else perft_levels(game, doc))
            if perft(game, doc, len(counts)) != counts:  # the test counts depth first: the same numbers
                raise AssertionError(f"{name}: perft depth first and breadth first disagree after {prefix} plies")
            fields = [str(players), json.dumps(options, sort_keys=True, separators=(",", ":")),
                      json.dumps(PERFT_SEED), str(prefix), *map(str, counts)]
            lines.append(" ".join(fields))
    return lines


def perft_text(name: str) -> str:
    header = PERFT_HEADER.format(name=name, depth=PERFT_MAX_DEPTH, budget=PERFT_APPLY_BUDGET,
                                 listed=PERFT_LIST_BUDGET, deep_budget=PERFT_DEEP_APPLY_BUDGET,
                                 deep_listed=PERFT_DEEP_LIST_BUDGET, deep_before=PERFT_BEFORE_END[0],
                                 prefixes=" and ".join(map(str, PERFT_PREFIXES)),
                                 before_end=", ".join(map(str, PERFT_BEFORE_END[:-1])) + f" and {PERFT_BEFORE_END[-1]}")
    return header + "".join(line + "\n" for line in perft_lines(name))


def read_perft(text: str) -> list[tuple[int, dict, object, int, list[int]]]:
    """The lines of a .perft file as (players, options, seed, prefix, counts)."""
    out = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            players, options, seed, prefix, *counts = line.split(" ")
            out.append((int(players), json.loads(options), json.loads(seed), int(prefix), [int(c) for c in counts]))
    return out


# -- playthrough ------------------------------------------------------------------------------------------
def playthrough_table(game) -> tuple[int, dict]:
    """The table of the recorded game: one seat more than the fewest, the last option variant (a house
    rule or hidden hands on, where the game has one)."""
    players = min(game.max_players, game.min_players + 1)
    return players, option_variants(game, players)[-1]


def after(game, doc: dict) -> dict:
    """What a playthrough records of a doc."""
    seats = game.to_act(doc)
    return {"doc_sha256": doc_hash(doc), "to_act": seats,
            "legal_counts": [len(game.legal_moves(doc, seat)) for seat in seats]}


def playthrough(name: str) -> dict:
    game = get_game(name)
    players, options = playthrough_table(game)
    seed = f"playthrough-{name}"
    rng = random.Random(seed)
    doc = game.setup(players, options, seed)
    record = {"about": PLAYTHROUGH_ABOUT.format(name=game.title), "game": name, "players": players,
              "options": options, "seed": seed, "setup": after(game, doc), "steps": []}
    for _ in range(plies_allowed(game)):
        seats = game.to_act(doc)
        if not seats:
            break
        seat = rng.choice(seats)
        move = rng.choice(game.legal_moves(doc, seat))
        step = game.apply(doc, seat, move)
        doc = step.doc
        record["steps"].append({"seat": seat, "move": move, **after(game, doc), "events": step.events})
    record["result"] = game.result(doc)
    if record["result"] is None:
        raise RuntimeError(f"the playthrough of {name} did not end within {plies_allowed(game)} plies")
    return record


def playthrough_text(name: str) -> str:
    """The record as JSON, one step a line (a change shows as the steps it changes)."""
    record = playthrough(name)
    head = {key: value for key, value in record.items() if key not in ("steps", "result")}
    lines = ["{"]
    lines += [f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}," for key, value in head.items()]
    lines.append('  "steps": [')
    steps = [f"    {json.dumps(step, ensure_ascii=False)}" for step in record["steps"]]
    lines.append(",\n".join(steps))
    lines.append("  ],")
    lines.append(f'  "result": {json.dumps(record["result"], ensure_ascii=False)}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def data_dir(name: str) -> Path:
    """Where the golden data of game `name` lives: tests/games/<its package>/data/ when the game has a tests
    folder of its own, else this folder."""
    own = own_tests(name)
    return own / "data" if own is not None else DATA


def perft_path(name: str) -> Path:
    return data_dir(name) / f"{name}.perft"


def playthrough_path(name: str) -> Path:
    return data_dir(name) / f"{name}.playthrough.json"


def main(names: list[str]) -> None:
    for name in names or GAME_NAMES:
        get_game(name)  # KeyError naming the known games
        data_dir(name).mkdir(exist_ok=True)
        perft_path(name).write_text(perft_text(name), encoding="utf-8")
        playthrough_path(name).write_text(playthrough_text(name), encoding="utf-8")
        print(f"wrote {perft_path(name).name} and {playthrough_path(name).name}")


if __name__ == "__main__":
    main(sys.argv[1:])
