"""No hidden information in any move score: a move is scored from its mover's view at the time,
as a bot's live turn is decided. Structural, like the conformance suite's views: for each game, at moves
spread over random playouts of every table, the score of a move made on a doc and on the doc's hidden twins
for the mover (Game.hidden_twin: the other seats' hands, the piles' order, the secret dealt anew) is the
same, and the scorer is handed the mover's view and legal moves, never the doc."""
from __future__ import annotations

import pytest

from app.bots import scores as bot_scores
from app.games import get_game
from app.tables.analysis import jobs
from tests.games.conformance import GAME_NAMES, playouts, probes

TWIN_SEEDS = (1,)
SECONDS = 0.02


class Runner:
    """The runner's step, run here: fn(*args, budget), recording what each step was handed."""

    def __init__(self):
        self.asked: list[tuple] = []

    async def step(self, fn, *args):
        self.asked.append(args)
        return fn(*args, SECONDS)


@pytest.mark.parametrize("name", GAME_NAMES)
async def test_a_move_is_scored_alike_on_every_doc_its_mover_cannot_tell_apart(name):
    game = get_game(name)
    compared = 0
    for playout in playouts(name):
        if playout.seed or not playout.plays:
            continue
        for index in probes(playout, 3)[:-1]:  # the first move and one midway
            doc, play = playout.docs[index], playout.plays[index]
            runner = Runner()
            scored = await jobs.score_move(runner, game, doc, index + 1, play.seat, play.move)
            assert runner.asked == [(name, game.view(doc, play.seat), play.seat, game.legal_moves(doc, play.seat),
                                     play.move)], f"{playout.label}, ply {index}: not the mover's view"
            for seed in TWIN_SEEDS:
                twin = game.hidden_twin(doc, play.seat, seed)
                again = await jobs.score_move(Runner(), game, twin, index + 1, play.seat, play.move)
                assert again == scored, f"{playout.label}, ply {index}: the score reads what seat {play.seat} " \
                                        f"could not see\n{game.render_text(doc)}"
                compared += 1
    assert compared, f"{name}: no move compared"
    assert bot_scores.scorer(name) is not None
