"""In real Chromium against a real server: a rules page's "Start a <game> table" opens the home
page with that game chosen; and every game's table, screenshotted at 1280x800 and 390x844 (artifacts/),
shows no arrange words in its lobby, no keyboard hint on the phone and no toast over its board."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
GAMES = {"three-high": "3-High", "turning-points": "Turning Points", "martian-treasure-hunt": "Martian Treasure Hunt",
         "dash": "Dash"}


@pytest.mark.parametrize("game", list(GAMES))
def test_start_a_table_from_the_rules_chooses_that_game(live_server, new_page, game):
    server = live_server()
    page = new_page(PHONE if game == "dash" else LAPTOP)
    page.goto(f"{server.url}/rules/{game}")
    page.get_by_role("link", name=f"Start a {GAMES[game]} table").click()
    page.wait_for_url(f"**/?game={game}*")
    expect(page.locator(f'input[name="game"][value="{game}"]')).to_be_checked()
    assert page.locator('input[name="game"]:checked').count() == 1
    # the seats offered are that game's
    info = next(g for g in page.request.get(f"{server.url}/api/games").json() if g["name"] == game)
    options = page.locator("#players option").all_inner_texts()
    assert len(options) == info["max_players"] - info["min_players"] + 1
    page.fill("#name", "Ann")
    page.select_option("#players", "2")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#open-table")
    page.wait_for_selector("#table-ui:not([hidden])")
    expect(page.locator("#game-title")).to_have_text(GAMES[game])


def test_every_game_at_1280x800_and_390x844(live_server, new_page, shot):
    server = live_server(bot_delay_seconds="0.2")
    for game in GAMES:
        ann, bea = new_page(LAPTOP), new_page(PHONE)
        for p in (ann, bea):
            p.goto(server.url + "/")
        made = ann.request.post(f"{server.url}/api/tables", data={"game": game, "players": 2, "name": "Ann"})
        code = made.json()["code"]
        assert bea.request.post(f"{server.url}/api/tables/{code}/join", data={"name": "Bea"}).ok
        for p in (ann, bea):
            p.goto(f"{server.url}/t/{code}")
            p.wait_for_selector("#table-ui:not([hidden])")
            expect(p.locator("#turn-banner")).to_contain_text("Everyone is here")
            assert "coins are placed" not in p.inner_text("body")
        shot(ann, f"issue30-{game}-lobby-1280", full_page=False)
        shot(bea, f"issue30-{game}-lobby-390", full_page=False)
        ann.click("#start-btn")
        for p in (ann, bea):
            p.wait_for_function("() => document.getElementById('table-root').dataset.status === 'playing'")
            p.wait_for_timeout(700)
            assert "or D)" not in bea.inner_text("#turn-banner")
        # a toast (as a refused click brings one) never sits on the board
        for p in (ann, bea):
            p.evaluate("async () => (await import('/static/js/core/api.js')).toast('Not your turn yet.', 'info', 4000)")
            p.wait_for_timeout(150)
            clash = p.evaluate("""() => { const b = document.getElementById('board-area').getBoundingClientRect();
                return [...document.querySelectorAll('#toasts .toast')].some((t) => {
                    const q = t.getBoundingClientRect();
                    return q.left < b.right && q.right > b.left && q.top < b.bottom && q.bottom > b.top; }); }""")
            assert not clash, f"{game}: a toast over the board"
        shot(ann, f"issue30-{game}-play-1280", full_page=False)
        shot(bea, f"issue30-{game}-play-390", full_page=False)
        ann.context.close()
        bea.context.close()
