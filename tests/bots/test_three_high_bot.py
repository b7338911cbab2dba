"""The 3-High bot plays from views only, always legally, reproducibly, and takes the obvious plays; its
hints change nothing. Budgets are small here (FAST): the tests check behaviour, never timings."""
from __future__ import annotations

import ast
import copy
import json
import pathlib
import random
import sys

import pytest

import app.bots
from app.bots import DEFAULT_BOT, bot_for_game, get_bot
from app.bots.three_high.explain import explain
from app.games import get_game
from tests.games.three_high_helpers import position

G = get_game("three-high")
BOT = get_bot("three-high")
FAST = 0.05  # seconds per decision: a small search, enough for every behaviour checked here


def positions(players: int, hidden: bool, count: int, seed: int) -> list[dict]:
    """Unfinished documents met after 0..24 random plays from fresh deals."""
    rng = random.Random(seed)
    found, deal = [], 0
    while len(found) < count:
        doc = G.setup(players=players, options={"hidden_hands": hidden}, seed=f"bots-{seed}-{deal}")
        deal += 1
        for _ in range(rng.randrange(25)):
            if G.result(doc) is not None:
                break
            seat = G.to_act(doc)[0]
            doc = G.apply(doc, seat, rng.choice(G.legal_moves(doc, seat))).doc
        if G.result(doc) is None:
            found.append(doc)
    return found


def choice(doc: dict, seconds=FAST) -> dict:
    """The bot's move for the seat to act, asked the way the server asks: a view and the legal list."""
    seat = G.to_act(doc)[0]
    legal = G.legal_moves(doc, seat)
    move = BOT.choose(G.view(doc, seat), seat, legal, seconds=seconds)
    assert any(move is m for m in legal), f"{move} is not a member of the legal list\n{G.render_text(doc)}"
    return move


def completes(doc: dict, move: dict) -> bool:
    seat = G.to_act(doc)[0]
    return any(e["type"] == "tree" for e in G.apply(doc, seat, move).events)


class TestRegistry:
    def test_the_three_high_bot_is_registered_under_the_game_name(self):
        assert get_bot("three-high") is BOT and BOT.name == "three-high"
        assert get_bot("random").name == "random" and DEFAULT_BOT == "random"

    def test_bot_for_game_names_the_game_bot_else_random(self):
        assert bot_for_game("three-high") == "three-high"
        assert bot_for_game("no-such-game") == "random"

    def test_unknown_bot_is_a_key_error_naming_the_known_ones(self):
        with pytest.raises(KeyError, match="three-high"):
            get_bot("nobody")

    def test_bots_import_only_the_standard_library_and_games(self):
        root = pathlib.Path(app.bots.__file__).parent
        bad = []
        for path in sorted(root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                         [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
                for name in names:
                    top = name.split(".")[0]
                    if top == "app" and not name.startswith(("app.games", "app.bots")):
                        bad.append(f"{path.name}: {name}")
                    elif top not in ("app", "__future__") and top not in sys.stdlib_module_names:
                        bad.append(f"{path.name}: {name}")
        assert not bad, bad


class TestLegality:
    @pytest.mark.parametrize("hidden", [False, True])
    @pytest.mark.parametrize("players", [1, 2, 3, 4])
    def test_choice_is_a_member_of_the_legal_list(self, players, hidden):
        for doc in positions(players, hidden, 5, seed=players * 10 + hidden):
            choice(doc)

    def test_a_json_round_tripped_view_gives_the_same_choice(self):
        for doc in positions(2, True, 3, seed=7):
            seat = G.to_act(doc)[0]
            legal = G.legal_moves(doc, seat)
            view = G.view(doc, seat)
            assert (BOT.choose(json.loads(json.dumps(view)), seat, legal, seconds=FAST)
                    == BOT.choose(view, seat, legal, seconds=FAST))

    def test_a_larger_budget_still_returns_a_legal_move(self):
        for doc in positions(1, False, 2, seed=3):
            choice(doc, seconds=0.5)


class TestHiddenInformation:
    def test_the_pile_order_and_the_secret_do_not_change_the_choice(self):
        for doc in positions(1, False, 4, seed=11) + positions(3, False, 3, seed=12):
            other = copy.deepcopy(doc)
            other["draw_pile"] = doc["draw_pile"][1:] + doc["draw_pile"][:1]  # the next card goes last
            other["secret"] = "another secret"
            seat = G.to_act(doc)[0]
            assert other["draw_pile"] != doc["draw_pile"] or len(doc["draw_pile"]) < 2
            assert G.view(other, seat) == G.view(doc, seat)
            assert choice(other) == choice(doc), G.render_text(doc)

    def test_hidden_hands_of_others_do_not_change_the_choice(self):
        for doc in positions(3, True, 4, seed=13):
            seat = G.to_act(doc)[0]
            other = copy.deepcopy(doc)
            unseen = [c for s, hand in enumerate(doc["hands"]) if s != seat for c in hand] + doc["draw_pile"]
            random.Random(2).shuffle(unseen)
            for s, hand in enumerate(other["hands"]):
                if s != seat:
                    other["hands"][s], unseen = unseen[:len(hand)], unseen[len(hand):]
            other["draw_pile"] = unseen
            assert other["hands"] != doc["hands"]
            assert G.view(other, seat) == G.view(doc, seat)
            assert choice(other) == choice(doc), G.render_text(doc)


class TestPlays:
    def test_it_completes_the_fifth_tree(self):
        # four trees stand; the blue 1 on e7 is 3 squares north of the blue 2 on its 3: the 4♠ south wins
        trees = {sq: [f"{c}3", f"{c}2", f"{c}1"] for sq, c in zip(("a1", "c3", "g2", "h8"),
                                                                   ("red", "orange", "yellow", "green"))}
        doc = position({**trees, "e4": ["blue3", "blue2"], "e7": ["blue1"]}, [["5C", "4S", "7S", "2D", "6H"]],
                       pile=["AC", "AS", "2C"])
        move = choice(doc)
        assert completes(doc, move) and G.result(G.apply(doc, 0, move).doc)["outcome"] == "won", move

    def test_a_completing_play_ranks_with_the_best(self):
        """Completing is never a blunder in play positions: when the bot passes one up, the play it makes
        is worth at least as much in its own first look (it keeps the card for later)."""
        from app.bots.three_high.evaluate import child_values
        from app.bots.three_high.plan import live_mask, trip_table
        from app.bots.three_high.worlds import base_state
        checked = 0
        for doc in positions(1, False, 40, seed=21):
            seat = G.to_act(doc)[0]
            legal = G.legal_moves(doc, seat)
            if not any(completes(doc, m) for m in legal):
                continue
            checked += 1
            base, _, _ = base_state(G.view(doc, seat))
            base.to_act, base.pile = seat, [-1] * len(doc["draw_pile"])
            values = child_values(base, [G.code_of(base, m) for m in legal], trip_table(live_mask(base.discard)))
            best_completing = max(v for v, m in zip(values, legal) if completes(doc, m))
            assert best_completing >= max(values) - 1.0, G.render_text(doc)
        assert checked

    def test_it_takes_the_completing_play_when_anything_else_runs_out_of_cards(self):
        # the pile is empty: any play but the completing one must draw and loses
        doc = position({"a1": ["red3", "red2"], "a3": ["red1"], "e5": ["blue3"], "g2": ["blue2"]},
                       [["3H", "5C"], ["4S", "6C"]], pile=[])
        move = choice(doc)
        assert completes(doc, move) and G.result(G.apply(doc, 0, move).doc) is None

    def test_it_does_not_leave_the_next_seat_stuck(self):
        # seat 1 holds only the 2♥: it moves a 1 one square and no 2 at all, so its only plays take the
        # red 1 from a1 to a2 (b1 holds the green 2). Seat 0's 6♣ south would put the blue 2 on a2.
        doc = position({"a1": ["red1"], "b1": ["green2"], "a6": ["blue2"]}, [["6C"], ["2H"]],
                       pile=["AC", "AS", "2C"])
        legal = G.legal_moves(doc, 0)
        losing = [m for m in legal if G.result(G.apply(doc, 0, m).doc) is not None]
        assert losing == [{"card": "6C", "side": "S", "piece": "blue2"}] and len(legal) > 1
        move = choice(doc)
        assert G.result(G.apply(doc, 0, move).doc) is None

    def test_it_avoids_a_losing_play_in_play_positions(self):
        for doc in positions(4, False, 8, seed=31) + positions(2, True, 4, seed=32):
            seat = G.to_act(doc)[0]
            outcomes = {json.dumps(m): G.result(G.apply(doc, seat, m).doc) for m in G.legal_moves(doc, seat)}
            if any(r is None or r["outcome"] == "won" for r in outcomes.values()):
                r = outcomes[json.dumps(choice(doc))]
                assert r is None or r["outcome"] == "won", G.render_text(doc)


class TestRollouts:
    def test_every_world_agrees_with_the_view_and_is_the_same_for_every_candidate(self):
        from app.bots.three_high.rollout import Worlds
        from app.bots.three_high.worlds import base_state
        for doc in positions(3, True, 2, seed=51):
            seat = G.to_act(doc)[0]
            view = G.view(doc, seat)
            base, unseen, hidden = base_state(view)
            base.to_act = seat
            worlds = Worlds(base, unseen, hidden, view["hand_counts"], view["draw_pile_count"], random.Random(1))
            for i in range(3):
                world = worlds[i]
                assert len(world.pile) == view["draw_pile_count"] and world.hands[seat] == base.hands[seat]
                assert [len(hand) for hand in world.hands] == view["hand_counts"]
                dealt = sorted(world.pile + [c for s in hidden for c in world.hands[s]])
                assert dealt == sorted(unseen)  # exactly the cards the seat has not seen
                assert worlds[i].pile == world.pile  # the same deal when asked again (common random numbers)

    def test_a_rollout_one_play_from_the_fifth_tree_wins(self):
        from app.bots.three_high.rollout import playout
        from app.bots.three_high.worlds import base_state
        trees = {sq: [f"{c}3", f"{c}2", f"{c}1"] for sq, c in zip(("a1", "c3", "g2", "h8"),
                                                                   ("red", "orange", "yellow", "green"))}
        doc = position({**trees, "e4": ["blue3", "blue2"], "e7": ["blue1"]}, [["5C", "4S", "7S", "2D", "6H"]],
                       pile=["AC", "AS", "2C"])
        st, unseen, _ = base_state(G.view(doc, 0))
        st.to_act, st.pile = 0, unseen[:3]
        spent = []
        assert playout(st, spent.append, {}) == 1.0 and st.over == ("won", "trees")


class TestDeterminism:
    def test_the_same_question_gets_the_same_answer(self):
        for doc in positions(2, False, 2, seed=41) + positions(4, True, 2, seed=42):
            seat = G.to_act(doc)[0]
            view, legal = G.view(doc, seat), G.legal_moves(doc, seat)
            first = BOT.choose(view, seat, legal, seconds=FAST)
            assert get_bot("three-high").choose(copy.deepcopy(view), seat, copy.deepcopy(legal), seconds=FAST) == first


    def test_without_the_c_playout_it_still_answers_and_the_same_answer_twice(self, monkeypatch):
        from app.bots.three_high import rollout
        monkeypatch.setattr(rollout, "_fast", None)  # an install without a C compiler
        for doc in positions(1, False, 2, seed=43) + positions(3, True, 1, seed=44):
            seat = G.to_act(doc)[0]
            view, legal = G.view(doc, seat), G.legal_moves(doc, seat)
            first = BOT.choose(view, seat, legal, seconds=FAST)
            assert any(first is m for m in legal)
            assert BOT.choose(copy.deepcopy(view), seat, copy.deepcopy(legal), seconds=FAST) == first


class TestPlan:
    """The plays-needed estimate and the progress cards behind the bot, on hand-built boards (plan.py)."""

    @staticmethod
    def plan(board: dict, colour: int = 0) -> tuple[float, int]:
        from app.bots.three_high.plan import colour_plan, live_mask, trip_table
        from app.games.three_high.codec import from_doc
        st = from_doc(position(board, [["AC"]], pile=["2C"]))
        return colour_plan(st.top, st.below, st.pos, colour, trip_table(live_mask(st.discard)))

    @staticmethod
    def cards(mask: int) -> set[str]:
        from app.games.three_high.cards import CARDS
        return {CARDS[card] for card in range(32) if mask >> card & 1}

    def test_a_complete_tree_needs_nothing(self):
        assert self.plan({"d4": ["red3", "red2", "red1"]}) == (0, 0)

    def test_a_one_lined_up_with_its_stacked_two_needs_one_play_and_names_its_cards(self):
        cost, needs = self.plan({"d4": ["red3", "red2"], "d7": ["red1"]})
        # the red 1 travels 3 squares: a 4 of hearts, clubs or spades (4 - 1), or the 3 of diamonds
        assert cost == 1 and self.cards(needs) == {"4H", "4C", "4S", "3D"}

    def test_pieces_off_the_line_need_two_plays_each(self):
        assert self.plan({"d4": ["red3"], "e6": ["red2"], "f7": ["red1"]})[0] == 4

    def test_a_covered_three_costs_a_play_per_piece_on_it(self):
        assert self.plan({"d4": ["red3", "blue2", "green1"], "d6": ["red2"], "a4": ["red1"]})[0] == 4

    def test_clearing_a_covered_three_is_progress(self):
        cost, needs = self.plan({"d4": ["red3", "blue2", "green1"], "d6": ["red2"], "a4": ["red1"]})
        assert self.cards(needs) >= {"2H", "AD"}  # the green 1 moves off one square


class TestViews:
    def test_a_view_without_the_pile_size_still_gets_a_legal_move(self):
        for doc in positions(1, False, 3, seed=51) + positions(3, True, 3, seed=52):
            seat = G.to_act(doc)[0]
            view, legal = G.view(doc, seat), G.legal_moves(doc, seat)
            del view["draw_pile_count"]
            assert "draw_pile" not in view
            move = BOT.choose(view, seat, legal, seconds=FAST)
            assert any(move is m for m in legal)

    def test_the_view_the_bot_gets_never_holds_the_pile_or_hidden_hands(self, monkeypatch):
        import app.bots.three_high.worlds as worlds
        seen = []
        real = worlds.base_state
        monkeypatch.setattr(worlds, "base_state", lambda view: seen.append(copy.deepcopy(view)) or real(view))
        for doc in positions(2, True, 3, seed=53):
            choice(doc)
        assert seen
        for view in seen:
            assert "draw_pile" not in view and "secret" not in view
            assert sum(hand is None for hand in view["hands"]) == 1
            text = json.dumps(view)
            assert "draw_pile\"" not in text


class TestHints:
    def test_a_hint_is_a_legal_move_with_a_reason_and_changes_nothing(self):
        from app.bots import hint
        for doc in positions(1, False, 4, seed=61) + positions(4, False, 2, seed=62):
            seat = G.to_act(doc)[0]
            before = copy.deepcopy(doc)
            view, legal = G.view(doc, seat), G.legal_moves(doc, seat)
            kept_view, kept_legal = copy.deepcopy(view), copy.deepcopy(legal)
            answer = hint("three-high", view, seat, legal, FAST)
            assert answer["move"] in legal and isinstance(answer["reason"], str) and answer["reason"]
            assert doc == before and view == kept_view and legal == kept_legal

    def test_the_reason_names_a_completed_tree(self):
        doc = position({"a1": ["red3", "red2"], "a3": ["red1"], "e5": ["blue3"], "g2": ["blue2"],
                        "c7": ["blue1"]}, [["5C", "3H", "7S", "2D", "6H", "4C"]], pile=["AC", "AS", "2C"])
        move = {"card": "3H", "side": "S", "piece": "red1"}
        assert explain(G.view(doc, 0), 0, move) == "completes the red tree"

    def test_the_reason_for_the_only_legal_play(self):
        doc = position({"a1": ["red1"], "b1": ["green2"], "a6": ["blue2"]}, [["2H"], ["6C"]], pile=["AC"])
        [move] = G.legal_moves(doc, 0)
        assert explain(G.view(doc, 0), 0, move) == "the only legal play"

    def test_the_reason_for_putting_a_two_on_its_three(self):
        doc = position({"d4": ["red3"], "d6": ["red2"], "h8": ["red1"], "a1": ["blue3"]},
                       [["4C", "8S"]], pile=["AC", "AS"])
        move = {"card": "4C", "side": "S", "piece": "red2"}  # 4 - 2 = 2 squares south: d6 to d4
        assert explain(G.view(doc, 0), 0, move) == "puts the red 2 on its 3"


def test_the_bot_refuses_another_game_with_a_sentence():
    with pytest.raises(ValueError, match="bot_for_game"):
        BOT.choose({"game": "dash"}, 0, [{"action": "draw"}])
