"""Each of the four games played to its end by keyboard alone, as a screen-reader user would.
After the page is open the test sends only key presses (Tab, Enter, the arrow keys, D, typed text) to Ann's
page; the other seat is a bot. Each move is reached with Tab from wherever the focus is (so the tab order
leads to it and nothing traps the focus), and what the live region (#announce) said is checked against
the game's steps: every move, a Turning Points chain step, a roll, a dare and the result."""
from __future__ import annotations

import time

import pytest

from tests.browser.a11y import axe_violations

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1280, "height": 800}
GAME_SECONDS = 240

# What the page said in its live region, kept by the test (the region keeps its last lines only).
LISTEN = """() => { window.__said = []; const box = document.getElementById('announce');
  new MutationObserver((rs) => { for (const r of rs) for (const n of r.addedNodes) window.__said.push(n.textContent); })
    .observe(box, { childList: true }); }"""


def active(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def tab_to(page, selector: str, limit: int = 160) -> int:
    """Press Tab until the focused element matches `selector`; the presses it took."""
    for n in range(limit):
        if active(page, selector):
            return n
        page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement && document.activeElement.outerHTML.slice(0, 200)")
    raise AssertionError(f"{limit} Tab presses never reached {selector} (last focus: {focused})")


CHECKED: set[str] = set()


def axe_once(page, moment: str) -> None:
    """axe-core on the page at this moment of a turn (a pyramid picked, a direction chosen, a dare open…), once."""
    if moment in CHECKED:
        return
    CHECKED.add(moment)
    bad = axe_violations(page)
    assert not bad, f"{moment}: " + "\n".join(f"{v['id']}: {v['nodes']}" for v in bad)


def info(page) -> dict:
    return page.evaluate("() => { const r = document.getElementById('table-root');"
                         " const b = document.getElementById('turn-banner');"
                         " return {status: r.dataset.status, seq: Number(r.dataset.seq),"
                         " mine: b.classList.contains('mine')}; }")


def open_table(page, base: str, game: str, options: dict | None = None, players: int = 2) -> str:
    """Ann's table with a bot in seat 1 (none in a solitaire), started (set up through the API before the page
    opens)."""
    body = {"game": game, "players": players, "name": "Ann", **({"options": options} if options else {})}
    code = page.request.post(f"{base}/api/tables", data=body).json()["code"]
    if players > 1:
        assert page.request.post(f"{base}/api/tables/{code}/bots", data={"seat": 1}).ok
    assert page.request.post(f"{base}/api/tables/{code}/start", data={}).ok
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{base}/t/{code}")
    page.wait_for_selector("#table-ui:not([hidden])")
    page.wait_for_function("() => document.getElementById('board-summary')")
    page.evaluate(LISTEN)
    return code


def no_trap(page, board: str) -> None:
    """The focus gets onto the board with Tab and off it again, on to the chat box and back to the board."""
    tab_to(page, board)
    tab_to(page, "#chat-input")
    tab_to(page, board)


def play_to_the_end(page, move) -> int:
    """Play Ann's turns with `move(page)` (keys only) until the game ends; the number of turns played."""
    deadline = time.monotonic() + GAME_SECONDS
    turns = 0
    while time.monotonic() < deadline:
        now = info(page)
        if now["status"] == "finished":
            return turns
        if not now["mine"]:
            page.wait_for_function("() => document.getElementById('table-root').dataset.status === 'finished'"
                                   " || document.getElementById('turn-banner').classList.contains('mine')",
                                   timeout=30000)
            continue
        move(page)
        turns += 1
        page.wait_for_function("s => { const r = document.getElementById('table-root');"
                               " return Number(r.dataset.seq) > s || r.dataset.status === 'finished'; }",
                               arg=now["seq"], timeout=20000)
    raise AssertionError(f"the game did not end in {GAME_SECONDS} s ({turns} turns played)")


def steps(page, base: str, code: str) -> list[dict]:
    data = page.request.get(f"{base}/api/tables/{code}/log").json()
    return data if isinstance(data, list) else (data.get("moves") or data.get("steps") or data.get("log") or [])


def said(page) -> list[str]:
    return page.evaluate("() => window.__said")


def finish(page, base: str, code: str, shot, name: str) -> list[str]:
    """The end: the result announced, the dialog reached and closed by keys; what was said."""
    page.wait_for_function("() => window.__said.some(s => s.startsWith('Game over'))")
    page.wait_for_selector("#result:not([hidden])")
    page.wait_for_function("() => document.getElementById('result').contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_selector("#result", state="hidden")
    shot(page, f"keyboard-{name}-end", full_page=False)
    lines = said(page)
    bad = axe_violations(page)
    assert not bad, "\n".join(f"{v['id']}: {v['nodes']}" for v in bad)
    return lines


# -- one turn of each game, by keys ----------------------------------------------------------------------
def three_high_turn(page) -> None:
    page.wait_for_selector(".th-board .hit[data-state='movable']")
    tab_to(page, ".th-board .hit[data-state='movable']")
    page.keyboard.press("Enter")                     # the pyramid is picked: the focus goes to a square it may go to
    page.wait_for_function("() => document.activeElement.matches(\".th-board .hit[data-state='dest']\")")
    axe_once(page, "3-High: a pyramid picked")
    page.keyboard.press("Enter")
    page.wait_for_timeout(50)
    if active(page, ".th-choose button.th-choice"):  # several cards lead there: which one?
        axe_once(page, "3-High: which card?")
        page.keyboard.press("Enter")


def turning_points_turn(page) -> None:
    page.wait_for_selector(".tp-board .hit[data-state='open']")
    tab_to(page, ".tp-board .hit[tabindex='0']")     # the board's one tab stop (a roving focus over the cells)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.activeElement.matches('.tp-board .hit[data-state=\"open\"]')")
    page.keyboard.press("Enter")                     # the cell is picked: the arrows choose the direction
    page.wait_for_selector(".tp-board .tp-arrow")
    page.keyboard.press("ArrowUp")
    page.wait_for_function("() => document.activeElement.matches('.tp-arrow.on')")
    axe_once(page, "Turning Points: a direction chosen, its chain previewed")
    page.keyboard.press("Enter")


def solitaire_turn(page) -> None:
    """Turning Points alone: the piece's colour sets its direction, so Enter picks the cell and Enter places."""
    page.wait_for_selector(".tp-board .hit[data-state='open']")
    tab_to(page, ".tp-board .hit[tabindex='0']")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.matches('.tp-arrow.on')")
    page.keyboard.press("Enter")


def mth_turn(page) -> None:
    page.wait_for_selector(".mth-board .hit[data-state='home'], .mth-board .hit[data-state='dest']")
    if page.locator(".mth-board .hit[data-state='home']").count():   # the arrangement: swap two coins, place
        tab_to(page, ".mth-board .hit[data-state='home']")
        first = page.evaluate("() => document.activeElement.dataset.square")
        page.keyboard.press("Enter")                 # picked
        page.keyboard.press("ArrowRight")            # moved one place along the home row
        page.wait_for_function("sq => document.activeElement.dataset.square !== sq", arg=first)
        axe_once(page, "Martian Treasure Hunt: arranging, a coin picked")
        tab_to(page, "#action-bar button.btn.primary")   # “Place my coins”
        page.keyboard.press("Enter")
        return
    tab_to(page, ".mth-board .hit[data-state='dest']")
    axe_once(page, "Martian Treasure Hunt: the dice rolled, a square to go to")
    page.keyboard.press("Enter")


def to_dash_draw(page) -> None:
    """Play Ann's Dash turns until "Draw a card" is hers: the first seat is random, so the bot may start, with a
    dare for her to answer first."""
    deadline = time.monotonic() + 30
    while not page.locator("[data-testid='draw-btn']").is_visible():
        assert time.monotonic() < deadline, "Ann never came to draw"
        now = info(page)
        if now["mine"]:
            dash_turn(page)
            page.wait_for_function("s => Number(document.getElementById('table-root').dataset.seq) > s", arg=now["seq"],
                                   timeout=20000)
        page.wait_for_timeout(100)


def dash_turn(page) -> None:
    page.wait_for_selector("[data-testid='draw-btn']:not([hidden]), [data-testid='dare-input'], "
                           "[data-testid='dare-done']:not([disabled])")
    if page.locator("[data-testid='dare-input']").count():          # the bot drew a dare: Ann writes it
        tab_to(page, "[data-testid='dare-input']")
        page.keyboard.type("Sing the first line of a song")
        axe_once(page, "Dash: writing a dare")
        tab_to(page, "[data-testid='dare-send']")
        page.keyboard.press("Enter")
    elif page.locator("[data-testid='dare-done']").count():         # Ann was dared: she does it
        tab_to(page, "[data-testid='dare-done']")
        axe_once(page, "Dash: dared")
        page.keyboard.press("Enter")
    elif page.evaluate("() => document.activeElement === document.body"):
        page.keyboard.press("d")                                     # the shortcut
    else:
        tab_to(page, "[data-testid='draw-btn']")
        page.keyboard.press("Enter")


# -- the games -------------------------------------------------------------------------------------------
def test_three_high_by_keyboard(live_server, new_page, shot):
    server = live_server()
    page = new_page(LAPTOP)
    code = open_table(page, server.url, "three-high")
    no_trap(page, ".th-board .hit[data-state='movable']")
    assert "Squares" in page.inner_text("#board-text") or page.evaluate(
        "() => document.getElementById('board-text').textContent.includes('Squares')")
    turns = play_to_the_end(page, three_high_turn)
    lines = finish(page, server.url, code, shot, "three-high")
    plays = [e for s in steps(page, server.url, code) for e in s.get("events", []) if e["type"] == "play"]
    assert turns >= 3 and len(plays) >= 2 * turns - 1
    assert sum("You played" in s for s in lines) >= turns - 1, lines[:20]
    assert any("Game over" in s for s in lines)


@pytest.mark.parametrize("shape,size,cells", [("square", 4, 16), ("hex", 3, 19)])
def test_turning_points_by_keyboard(live_server, new_page, shot, shape, size, cells):
    server = live_server()
    page = new_page(LAPTOP)
    code = open_table(page, server.url, "turning-points", {"shape": shape, "size": size})
    no_trap(page, ".tp-board .hit[tabindex='0']")
    turns = play_to_the_end(page, turning_points_turn)
    lines = finish(page, server.url, code, shot, f"turning-points-{shape}")
    events = [e for s in steps(page, server.url, code) for e in s.get("events", [])]
    chain = sum(e["type"] == "turn" for e in events)
    assert turns in (cells // 2, cells - cells // 2), turns
    assert sum("placed" in s for s in lines) >= cells - 1, lines
    # a step before the page opened is not news
    assert sum(s.startswith("Chain:") for s in lines) >= chain - 2, (chain, lines)


def test_turning_points_solitaire_by_keyboard_in_french(live_server, new_page, shot):
    """The solitaire on a hexless 4x4, the page in French: the board in words and the live region speak it."""
    server = live_server()
    page = new_page(LAPTOP)
    page.context.add_cookies([{"name": "lang", "value": "fr", "url": server.url}])
    code = open_table(page, server.url, "turning-points", players=1)
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    text = page.evaluate("() => document.getElementById('board-text').textContent")
    assert "Le plateau en mots" in text and "Ce que vous pouvez jouer" in text, text
    turns = play_to_the_end(page, solitaire_turn)
    page.wait_for_function("() => window.__said.some(s => s.startsWith('Partie terminée'))")
    lines = said(page)
    assert turns >= 14, turns
    chain = sum(e["type"] == "turn" for s in steps(page, server.url, code) for e in s.get("events", []))
    assert sum(s.startswith("Chaîne :") for s in lines) >= chain - 2, (chain, lines)
    shot(page, "keyboard-turning-points-solitaire-fr", full_page=False)


def test_martian_treasure_hunt_by_keyboard(live_server, new_page, shot):
    server = live_server()
    page = new_page(LAPTOP)
    code = open_table(page, server.url, "martian-treasure-hunt")
    no_trap(page, ".mth-board .hit[data-state='home']")
    turns = play_to_the_end(page, mth_turn)
    lines = finish(page, server.url, code, shot, "martian-treasure-hunt")
    events = [e for s in steps(page, server.url, code) for e in s.get("events", [])]
    assert any(e["type"] == "arranged" and e["seat"] == 0 for e in events)
    assert turns >= 2
    assert any("rolled" in s for s in lines) and any("You rolled" in s for s in lines), lines[:20]


def test_dash_by_keyboard(live_server, new_page, shot):
    """Dash, with a rematch by keys while no dare has come up yet (6 dare cards in 56: a game has one 9 times in 10)."""
    server = live_server()
    page = new_page(LAPTOP)
    code = open_table(page, server.url, "dash")
    to_dash_draw(page)
    no_trap(page, "[data-testid='draw-btn']")
    heard: list[str] = []
    for game in range(5):
        turns = play_to_the_end(page, dash_turn)
        assert turns >= 3
        events = [e for s in steps(page, server.url, code) for e in s.get("events", [])]
        dared = any(e["type"].startswith("dare") for e in events)
        if dared or game == 4:
            heard += finish(page, server.url, code, shot, "dash")
            break
        page.wait_for_function("() => window.__said.some(s => s.startsWith('Game over'))")
        heard += said(page)
        page.wait_for_function("() => document.activeElement && document.activeElement.id === 'rematch-btn'")
        page.keyboard.press("Enter")                 # the result dialog's Rematch: a new table, same players
        page.wait_for_url(lambda url, code=code: not url.endswith(code))
        code = page.url.rstrip("/").rsplit("/", 1)[1]
        page.wait_for_selector("#table-ui:not([hidden])")
        page.wait_for_function("() => document.getElementById('board-summary')")
        page.evaluate(LISTEN)
    assert dared, "five games of Dash without a dare"
    assert sum("You drew" in s for s in heard) >= 2, heard[:20]
    assert any("drew a dare" in s for s in heard), heard
    assert any("You dared" in s or "dared you" in s for s in heard), heard   # Ann wrote one by keys, or did one
