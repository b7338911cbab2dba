"""The conformance suite, hidden information: for every game in GAMES, no view, no step's events and no move
as shown reveal to a viewer what it may not see. Structural, not a search for a word: each game builds
hidden twins of a doc (`Game.hidden_twin`, docs/ENGINE.md): docs equal in everything the viewer may see,
with the rest (the secret, so dice and reshuffles to come; a pile's order; hidden hands; another seat's
arrangement before the reveal) drawn anew. The viewer's view must be the same for a doc and its twins, and
so must every step from them as it is shown to it (`move_view` and `view_events`) while its views before
and after cannot tell the steps apart.
"""
from __future__ import annotations

import json
import random

import pytest

from app.games import IllegalMove, get_game
from tests.games.conformance import GAME_NAMES, canon, playouts, probes, viewers

TWIN_SEEDS = (1, 2)
VIEW_ERRORS = (ValueError, KeyError, IndexError, TypeError)  # a probe variant that is no valid doc: skipped


@pytest.fixture(params=GAME_NAMES)
def game(request):
    return get_game(request.param)


def seen(game, doc, viewer) -> str | None:
    try:
        return canon(game.view(doc, viewer))
    except VIEW_ERRORS:
        return None


def probed(playout) -> list[int]:
    """The first docs (every seat's first move: a simultaneous phase, a first draw) and docs spread over
    the rest of the game."""
    return sorted(set(range(min(len(playout.docs), playout.players + 2))) | set(probes(playout, 6)))


def steps_from(game, doc, seat, moves):
    """(move, step) of each of `moves` that `doc` allows `seat` (a twin may take one away: another hand)."""
    out = []
    for move in moves:
        try:
            out.append((move, game.apply(doc, seat, move)))
        except IllegalMove:
            continue
    return out


def check_twin(game, doc, twin, viewer, label):
    """A twin is a doc of the game the viewer cannot tell from `doc`: the same view, seats to act, result
    and own legal moves; another secret when the game has chance."""
    assert json.loads(json.dumps(twin)) == twin and twin["game"] == doc["game"], label
    assert seen(game, twin, viewer) == seen(game, doc, viewer), f"{label}: seat {viewer} sees the twin otherwise"
    assert game.to_act(twin) == game.to_act(doc) and game.result(twin) == game.result(doc), label
    if viewer is not None:
        assert game.legal_moves(twin, viewer) == game.legal_moves(doc, viewer), label
    if game.chance:
        assert twin["secret"] != doc["secret"], f"{label}: the twin has the same secret: the same chance to come"


def test_no_viewer_can_tell_a_doc_from_its_hidden_twins_by_anything_it_is_shown(game):
    """At docs spread over a playout of every table: for each viewer (each seat, and a spectator), its view
    of the doc and of each twin is the same, and so is every step it is shown that it cannot tell apart by
    its views (check_shown). The mover sees its move as made. With hidden information declared, some twin
    for a seat deals anew some of what another seat sees."""
    groups: dict = {}
    compared, hidden_varied = 0, False
    for playout in playouts(game.name):
        if playout.seed:
            continue
        rng, players = random.Random(playout.label), playout.players
        for index in probed(playout):
            doc = playout.docs[index]
            label = f"{playout.label}, ply {index}"
            moves = {}
            for seat in game.to_act(doc):
                legal = game.legal_moves(doc, seat)
                moves[seat] = [legal[0], legal[-1], *rng.sample(legal, min(2, len(legal)))]
            own = {seat: steps_from(game, doc, seat, listed) for seat, listed in moves.items()}
            for seat, steps in own.items():
                for move, step in steps:
                    assert game.move_view(step.doc, seat, move, seat) == move, f"{label}: the mover's own move"
            for viewer in viewers(players):
                twins = [game.hidden_twin(doc, viewer, twin_seed) for twin_seed in TWIN_SEEDS]
                for twin in twins:
                    check_twin(game, doc, twin, viewer, f"{label}, a twin for seat {viewer}")
                    # hidden information: what another seat sees and this one does not, dealt anew
                    hidden_varied = hidden_varied or viewer is not None and any(
                        seen(game, twin, other) != seen(game, doc, other) for other in range(players))
                # the twins with the doc's own secret: the same chance to come, only the hidden parts dealt anew
                same_chance = [dict(twin, secret=doc["secret"]) for twin in twins]
                before = seen(game, doc, viewer)
                for seat, listed in moves.items():
                    if seat == viewer:
                        continue
                    sources = [("doc", own[seat])]
                    sources += [("twin", steps_from(game, twin, seat, listed)) for twin in same_chance]
                    sources += [("chance", steps_from(game, twin, seat, listed)) for twin in twins]
                    for source, steps in sources:
                        for move, step in steps:
                            compared += check_shown(game, groups, label, (before, seat, viewer), source, move, step)
    assert compared
    assert hidden_varied or not game.hidden_information, \
        f"{game.name} declares hidden information, but no seat's hidden_twin deals anew what another seat sees"


def check_shown(game, groups, label, where, source, move, step) -> int:
    """Files the step as the viewer is shown it (`move_view`, `view_events`) under what the viewer can tell
    of it, and fails if a step it cannot tell from this one was shown otherwise. With the same views before
    and after, it cannot tell apart: the same move on the doc or on a twin with the same chance to come
    ("twin"); on a twin with other chance to come ("chance"), the same move when the same things happened
    (the same stored events: dice rolled during a step are public, but nothing shown may depend on the
    secret beyond them); and two moves of the seat on the doc that it is shown alike, either the move or
    the events (a public move shows as made, and a zero move differs from another only there; a hidden one
    must be hidden in both)."""
    before, seat, viewer = where
    after = seen(game, step.doc, viewer)
    events = game.view_events(step.events, viewer, step.doc)
    shown = canon([game.move_view(step.doc, seat, move, viewer), events])
    keys = []
    if source in ("doc", "twin"):
        keys.append((before, seat, after, viewer, "move", canon(move)))
    if source in ("doc", "chance"):
        keys.append((before, seat, after, viewer, "chance", canon(move), canon(step.events)))
    if source == "doc":  # another move of the seat: what is shown of it must hide it in both or in neither
        keys.append((before, seat, after, viewer, "events", canon(events)))
        keys.append((before, seat, after, viewer, "shown move", canon(game.move_view(step.doc, seat, move, viewer))))
    for key in keys:
        if groups.setdefault(key, shown) != shown:
            raise AssertionError(f"{label}: seat {viewer} cannot tell these steps of seat {seat} apart by its "
                                 f"views, but is shown {groups[key]} and {shown}")
    return 1


def test_a_move_is_shown_as_made_once_the_game_is_over(game):
    """Whatever a move hid until its reveal, the finished game shows every move as made, to everyone."""
    for playout in playouts(game.name):
        final = playout.docs[-1]
        if game.result(final) is None:
            continue
        for play in playout.plays:
            for viewer in viewers(playout.players):
                assert game.move_view(final, play.seat, play.move, viewer) == play.move, \
                    f"{playout.label}: {play.move} of seat {play.seat} still hidden from {viewer} after the end"


def hidden_lists(game, doc, players):
    """Where `doc` holds a list (at its top or in a top-level dict) whose order no viewer's view shows but
    the game uses: reversed whole, after its first item or before its last, every view stays the same,
    while some view after the first listed move changes (the next card drawn, the next piece shown)."""
    seats = game.to_act(doc)
    if not seats:
        return []
    seat = seats[0]
    move = game.legal_moves(doc, seat)[0]
    after = game.apply(doc, seat, move).doc
    out = []
    for key, value in doc.items():
        places = [(None, value)] if isinstance(value, list) else (
            [(inner, v) for inner, v in value.items() if isinstance(v, list)] if isinstance(value, dict) else [])
        for inner, items in places:
            for variant in (items[::-1], items[:1] + items[:0:-1], items[-2::-1] + items[-1:]):
                other = dict(doc, **{key: variant if inner is None else dict(value, **{inner: variant})})
                if variant != items and all(seen(game, other, viewer) == seen(game, doc, viewer) is not None
                                            for viewer in viewers(players)) \
                        and uses(game, other, seat, move, after, players):
                    out.append((key, inner))
                    break
    return out


def uses(game, other, seat, move, after, players) -> bool:
    """Whether the move on `other` leads some viewer to another view than on the doc (which gave `after`)."""
    try:
        step = game.apply(other, seat, move)
    except VIEW_ERRORS:  # IllegalMove is a ValueError: the variant took the move away
        return True
    return any(seen(game, step.doc, viewer) != seen(game, after, viewer) for viewer in viewers(players))


def at(doc, place):
    key, inner = place
    value = doc.get(key)
    return value if inner is None else (value or {}).get(inner)


def test_hidden_twins_deal_anew_every_list_no_view_shows(game):
    """A pile whose order no view shows but the game uses (a deck, a draw pile, a bag behind its next piece)
    is dealt anew in the spectator's twins: a game that kept one as it is would leave its leaks untested."""
    found: dict = {}
    for playout in playouts(game.name):
        if playout.seed:
            continue
        for index in probes(playout, 5)[:-1]:
            doc = playout.docs[index]
            twins = [game.hidden_twin(doc, None, twin_seed) for twin_seed in TWIN_SEEDS]
            for place in hidden_lists(game, doc, playout.players):
                found[place] = found.get(place, False) or any(at(twin, place) != at(doc, place) for twin in twins)
    kept = [place for place, varied in found.items() if not varied]
    assert not kept, f"{game.name}: hidden_twin keeps {kept} as they are, though no view shows their order"
