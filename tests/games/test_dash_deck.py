"""The Dash deck (RULES.md): drawn cards go to the discard pile; an empty deck is refilled by shuffling the
discards, from the secret, so a game replays exactly; no view ever shows the deck's order."""
from __future__ import annotations

import json
import random

from app.games.base import Chance
from app.games.dash.board import DECK
from tests.games.dash_helpers import DRAW, G, draw, events_of, position


class TestDiscard:
    def test_drawn_cards_go_to_the_discard_pile_in_order(self):
        doc = position([0, 0], ["red", "F2", "blue"], discard=[])
        doc = draw(doc).doc
        doc = draw(doc).doc
        assert doc["deck"] == ["blue"] and doc["discard"] == ["red", "F2"]
        view = G.view(doc, 0)
        assert view["discard_top"] == "F2" and view["discard_count"] == 2 and view["deck_count"] == 1
        assert view["last_draw"] == {"seat": 1, "card": "F2"}

    def test_a_dare_card_is_discarded_too(self):
        doc = draw(position([0, 0], ["DARE", "red"], discard=[])).doc
        assert doc["discard"] == ["DARE"] and G.view(doc, None)["last_draw"]["card"] == "DARE"


class TestReshuffle:
    def test_empty_deck_reshuffles_the_discards_from_the_secret(self):
        discard = ["red", "orange", "yellow", "green", "blue", "F2", "B3"]
        doc = position([10, 10], [], discard=discard, secret="s3cret")
        step = draw(doc)
        expected = Chance("s3cret", "reshuffle-1").shuffle(list(discard))
        assert events_of(step, "reshuffle") == [{"type": "reshuffle", "count": 7, "reshuffles": 1,
                                                "text": "The deck ran out: the 7 discards were shuffled "
                                                        "into a new deck."}]
        assert step.doc["deck"] == expected[1:] and step.doc["discard"] == expected[:1]
        assert step.doc["reshuffles"] == 1
        assert "order" not in json.dumps(events_of(step, "reshuffle"))
        assert all(set(e) <= {"type", "seat", "card", "count", "reshuffles", "text", "from", "to", "picture",
                              "at"} for e in step.events)

    def test_each_reshuffle_has_its_own_purpose(self):
        discard = list(DECK)
        first = draw(position([10, 10], [], discard=discard, secret="k")).doc
        again = dict(first, deck=[], discard=list(DECK))
        second = draw(again).doc
        assert second["reshuffles"] == 2
        assert second["discard"][:1] + second["deck"] == Chance("k", "reshuffle-2").shuffle(list(DECK))
        assert first["discard"][:1] + first["deck"] != second["discard"][:1] + second["deck"]

    def test_reshuffle_replays_identically(self):
        doc = position([10, 10], [], discard=list(DECK), secret="k")
        assert G.apply(doc, 0, DRAW) == G.apply(json.loads(json.dumps(doc)), 0, DRAW)

    def test_long_games_reshuffle_and_keep_all_56_cards(self):
        most = 0
        for seed in range(10):
            doc, rng = G.setup(2, {"there_and_back": True}, f"long-{seed}"), random.Random(seed)
            while G.to_act(doc):
                seat = rng.choice(G.to_act(doc))
                doc = G.apply(doc, seat, rng.choice(G.legal_moves(doc, seat))).doc
                assert sorted(doc["deck"] + doc["discard"]) == sorted(DECK)
            most = max(most, doc["reshuffles"])
        assert most >= 1


class TestDeckHidden:
    def test_views_show_no_deck_and_no_secret(self):
        doc = G.setup(3, {}, "hidden")
        for seat in (0, 1, 2, None):
            view = G.view(doc, seat)
            text = json.dumps(view)
            assert "deck" not in view and "secret" not in view and doc["secret"] not in text
            assert view["deck_count"] == 56

    def test_views_do_not_depend_on_the_deck_order(self):
        doc = G.setup(3, {}, "order")
        for _ in range(20):
            seat = G.to_act(doc)[0]
            doc = G.apply(doc, seat, G.legal_moves(doc, seat)[0] | ({"text": "Sing"} if
                                                                    G.legal_moves(doc, seat)[0]["action"]
                                                                    == "set_dare" else {})).doc
        shuffled = dict(doc, deck=list(reversed(doc["deck"])))
        for seat in (0, 1, 2, None):
            assert G.view(shuffled, seat) == G.view(doc, seat)

    def test_events_name_only_the_card_drawn(self):
        step = draw(position([0, 0], ["red", "blue", "DARE"], discard=[]))
        for viewer in (0, 1, None):
            seen = json.dumps(G.view_events(step.events, viewer, step.doc))
            assert "blue" not in seen and "DARE" not in seen
