"""Each game's move scores in the review room, in a real Chromium: a finished game of each game
(imported through the admin API) opened in a fresh review room; the bots score it while the room shows
their progress, then the room opens on the turning point the bots found (nobody has moved the room yet),
shows that move's score in words (a win chance only in 3-High), and marks the costly moves in the move list."""
from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ADMIN = "scores-admin"


def import_finished(base: str, name: str) -> tuple[str, int]:
    from app.games import GAMES
    from tests.api.admin_helpers import play

    g = GAMES[name]
    p = play(name, max(2, g.min_players), seed=33)
    r = httpx.post(f"{base}/api/admin/import", json=p.export_file(), headers={"Authorization": f"Bearer {ADMIN}"},
                   timeout=30)
    assert r.status_code == 201, r.text
    return r.json()["code"], len(p.steps)


def test_each_game_opens_on_its_turning_point_with_the_bots_scores(live_server, new_page, shot):
    from app.games import GAMES

    server = live_server(admin_token=ADMIN, analysis_seconds="0.02", analysis_delay_seconds="0",
                         analysis_poll_seconds="0.1", analysis_plays="2", bot_seconds="0.05")
    for name in sorted(GAMES):
        if name not in ("three-high", "turning-points", "martian-treasure-hunt", "dash"):
            continue   # a game registered by another test (nim) has no scorer
        code, n = import_finished(server.url, name)
        page = new_page()
        page.goto(f"{server.url}/t/{code}/review")
        progress = page.locator("#review-scores .scores-progress")
        expect(progress).to_contain_text("Scored by the bots", timeout=90_000)
        body = page.request.get(f"{server.url}/api/tables/{code}/scores").json()
        assert body["status"] == "done" and body["total"] == n, (name, body["status"], body["total"], n)
        tp = body["turning_point"]
        marked = {m["seq"]: m["mark"] for m in body["moves"] if m["mark"]}
        if tp is not None:
            # the room came to the turning point by itself, and says which move it was
            expect(progress).to_contain_text(f"the turning point was move {tp}.")
            page.wait_for_function("p => document.getElementById('review-board').dataset.ply === String(p)", arg=tp)
            step = tp
        else:
            step = n // 2 or 1
            page.click(f"#review-movelist li[data-seq='{step}'] button")
            page.wait_for_function("p => document.getElementById('review-board').dataset.ply === String(p)",
                                   arg=step)
        # the step's move in the bots' words
        line = page.locator(f"#review-scores .scores-move[data-seq='{step}']")
        expect(line).to_contain_text(f"Move {step} (")
        summary = next(m["summary"] for m in body["moves"] if m["seq"] == step)
        assert summary and summary in line.inner_text(), (name, summary)
        # a win chance only where the scores are one (3-High); the other games' figures are points or turns
        panel = page.locator("#review-scores")
        if body["unit"] == "chance":
            expect(panel).to_contain_text("Win chance")
        else:
            expect(panel).not_to_contain_text("Win chance")
        # every costly move carries its mark in the move list
        for seq, mark in marked.items():
            expect(page.locator(f"#review-movelist li[data-seq='{seq}']")).to_contain_text(mark)
        shot(page, f"review-scores-{name}")
        page.close()
