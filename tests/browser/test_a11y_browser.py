"""axe-core (tests/browser/a11y.py) finds no serious or critical violation on any page: home, /me,
the rules pages, a table of each game in its lobby and in play (and on a phone), a finished table, the review
room, a deal's page, the admin pages, and the API reference's own page (Swagger UI, a developer's tool with
its own styles, is left out). And the focus can be seen on each board's targets."""
from __future__ import annotations

import pytest

from tests.api.review_deal import ADMIN, import_lost_game
from tests.browser.a11y import axe_violations
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser
GAMES = ("three-high", "turning-points", "martian-treasure-hunt", "dash")


def report(found: dict[str, list[dict]]) -> str:
    def one(v: dict) -> str:
        return f"  - {v['id']} ({v['impact']}): {v['help']}\n      " + "\n      ".join(v["nodes"])
    return "\n".join(f"{where}:\n" + "\n".join(one(v) for v in bad) for where, bad in found.items() if bad)


def test_no_serious_violation_on_any_page(live_server, new_page):
    server = live_server(admin_token=ADMIN, bot_delay_seconds="0.3")
    base = server.url
    found: dict[str, list[dict]] = {}
    page = new_page()

    def check(where: str) -> None:
        found[where] = axe_violations(page)

    for path in ("/", "/rules", "/rules/three-high", "/rules/turning-points", "/rules/martian-treasure-hunt",
                 "/rules/dash"):
        page.goto(base + path)
        check(path)
        if path == "/":   # each game's picture of a position says it in words (its <desc>)
            page.wait_for_selector(".thumb-svg")
            assert page.evaluate("() => [...document.querySelectorAll('.thumb-svg')]"
                                 ".every(s => s.querySelector(':scope > desc')"
                                 " && s.querySelector(':scope > desc').textContent.length > 10)")
    # The API's reference for developers: our page around Swagger UI (its own styles and controls, not ours).
    page.goto(base + "/docs")
    page.wait_for_selector(".swagger-ui .opblock")
    found["/docs (without Swagger UI)"] = axe_violations(page, exclude=(".swagger-ui",))
    for game in GAMES:
        code = page.request.post(f"{base}/api/tables", data={"game": game, "players": 2, "name": "Ann"}).json()["code"]
        page.goto(f"{base}/t/{code}")
        page.wait_for_selector("#table-ui:not([hidden])")
        check(f"{game} lobby")
        assert page.request.post(f"{base}/api/tables/{code}/bots", data={"seat": 1}).ok
        assert page.request.post(f"{base}/api/tables/{code}/start", data={}).ok
        page.wait_for_function("() => document.getElementById('table-root').dataset.status === 'playing'")
        page.wait_for_timeout(600)
        check(f"{game} in play")
        # the board in words beside it, and the board's svg titled and described by its summary
        page.wait_for_function("() => (document.getElementById('board-summary') || {}).textContent")
        words = page.evaluate("() => document.getElementById('board-text').textContent")
        desc = page.evaluate("() => { const s = document.querySelector('#board-area svg[role]');"
                             " return s && [s.querySelector(':scope > title').textContent,"
                             " s.querySelector(':scope > desc').textContent]; }")
        assert desc and all(desc), game
        assert "The board in words" in words and len(words) > 80, words
    page.goto(base + "/me")
    page.wait_for_load_state("networkidle")
    check("/me")
    finished = import_lost_game(base)
    page.goto(f"{base}/t/{finished}")
    page.wait_for_function("() => document.getElementById('table-root').dataset.status === 'finished'")
    page.wait_for_timeout(400)
    check("finished table with its result")
    page.goto(f"{base}/t/{finished}/review")
    page.wait_for_selector("#review-board svg")
    check("review room")
    # the position in words
    page.wait_for_function("() => (document.getElementById('review-board-summary') || {}).textContent")
    assert page.evaluate("() => document.querySelector('#review-board svg > desc').textContent"
                         ".includes('pyramids on the board')")
    page.goto(base + "/admin")
    check("admin login")
    page.fill("#admin-token", ADMIN)
    page.click("#admin-login-form button[type=submit]")
    page.wait_for_timeout(800)
    check("admin list")
    page.click(f"a.code-link:has-text('{finished}')")   # a finished table: its replay, the position in words
    page.wait_for_function("() => document.querySelector('#admin-detail [id^=replay-summary-]')")
    desc = page.evaluate("() => document.querySelector('#admin-detail svg > desc').textContent")
    assert "pyramids on the board" in desc
    check("admin: a finished table's replay")
    page.goto(base + "/admin/stats")
    page.wait_for_timeout(800)
    check("admin statistics")
    today = page.request.get(base + "/api/deals/today").json()
    deal = next((d for d in today.get("deals", []) if d.get("id")), None)
    assert deal, today
    page.goto(f"{base}/deals/{deal['id']}")
    page.wait_for_timeout(600)
    check("a deal's page")
    page = new_page(PHONE)
    for game in GAMES:   # each game in play on a phone
        code = page.request.post(f"{base}/api/tables", data={"game": game, "players": 2, "name": "Cy"}).json()["code"]
        assert page.request.post(f"{base}/api/tables/{code}/bots", data={"seat": 1}).ok
        assert page.request.post(f"{base}/api/tables/{code}/start", data={}).ok
        page.goto(f"{base}/t/{code}")
        page.wait_for_function("() => document.getElementById('board-summary')")
        page.wait_for_timeout(400)
        check(f"{game} in play on a phone")
    made = page.request.post(f"{base}/api/tables", data={"game": "three-high", "players": 1, "name": "Cy"})
    code = made.json()["code"]
    page.goto(f"{base}/t/{code}")
    page.wait_for_selector("#table-ui:not([hidden])")
    check("3-High solo on a phone")
    assert not any(found.values()), report(found)
    # axe-core is the test's own: the site serves no copy of it
    for path in ("/node_modules/axe-core/axe.min.js", "/static/node_modules/axe-core/axe.min.js", "/static/axe.min.js"):
        assert page.request.get(base + path).status == 404, path


BOARD_TARGETS = {"three-high": ".th-board .hit[data-state='movable']", "turning-points": ".tp-board .hit[tabindex='0']",
                 "martian-treasure-hunt": ".mth-board .hit[data-state='home']", "dash": "[data-testid='draw-btn']"}


def test_the_focus_is_seen_on_every_board(live_server, new_page, shot):
    """Reached with Tab, a board's target looks different from when it is not focused (a ring, a frame)."""
    from tests.browser.test_keyboard_play_browser import open_table, tab_to, to_dash_draw
    server = live_server()
    for game, target in BOARD_TARGETS.items():
        page = new_page()
        open_table(page, server.url, game)
        if game == "dash":
            to_dash_draw(page)
        page.wait_for_selector(target)
        page.wait_for_timeout(300)
        tab_to(page, target)
        box = page.evaluate("() => { const r = document.activeElement.getBoundingClientRect();"
                            " return {x: r.x - 6, y: r.y - 6, width: r.width + 12, height: r.height + 12}; }")
        page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running'"
                               " || a.effect.getComputedTiming().iterations === Infinity)", timeout=5000)
        focused = page.screenshot(clip=box)
        page.evaluate("() => document.activeElement.blur()")
        page.wait_for_timeout(100)
        assert page.screenshot(clip=box) != focused, f"{game}: the focus on {target} cannot be seen"
