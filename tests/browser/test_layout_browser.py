"""One table layout for every game: at each screen size a player meets (1280x800, 1366x768,
1440x900, 1920x1080, a phone upright 390x844 and on its side 844x390) the whole board and the action bar
are inside the window without scrolling, nothing (the notice line with a notice on it, the game's panel,
the side column, the header) overlaps them, the page never scrolls sideways, and every button or square
to press is at least 24 px. One page per game, resized from size to size. Screenshots go to artifacts/."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (1440, 900), (1920, 1080), (390, 844), (844, 390)]
# name -> (game, seats, options, the board's selector)
GAMES = {
    "three-high": ("three-high", 2, {}, ".th-board"),
    "turning-points-square": ("turning-points", 2, {"shape": "square", "size": 4}, ".tp-board"),
    "turning-points-hex": ("turning-points", 3, {"shape": "hex", "size": 3}, ".tp-board"),
    "martian-arrange": ("martian-treasure-hunt", 2, {}, ".mth-board"),
    "martian-play": ("martian-treasure-hunt", 2, {}, ".mth-board"),
    "dash": ("dash", 3, {}, ".dash-board"),
}
LONG_NAME = "Maximiliana Featherstonehaugh-Wintersmith"[:40]   # the longest name a seat takes

# Everything measured at once, at the top of the page: the board's and the action bar's boxes, what
# overlaps them, the page's width, and the targets smaller than 24 px.
MEASURE = """board => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height };
  };
  const b = box(document.querySelector('#board-area ' + board));
  const a = box(document.getElementById('action-bar'));
  const cut = (p, q) => Math.min(p.r, q.r) - Math.max(p.x, q.x) > 1 && Math.min(p.b, q.b) - Math.max(p.y, q.y) > 1;
  const others = ['#notices', '#toasts .toast', '.table-head', '#table-ui > .side', '#game-side > *'];
  const over = [];
  for (const sel of others) for (const el of document.querySelectorAll(sel)) {
    const o = box(el);
    if (!o.w || !o.h) continue;
    if (cut(o, b)) over.push(`${sel} over the board`);
    if (cut(o, a)) over.push(`${sel} over the action bar`);
  }
  const small = [...document.querySelectorAll('#table-ui button, #table-ui .hit[tabindex], #table-ui [role="button"], '
                                             + '#table-ui input, #table-ui select')]
    .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && (r.width < 23.5 || r.height < 23.5))
    .map(([el, r]) => `${el.tagName}.${el.getAttribute('class')} ${Math.round(r.width)}x${Math.round(r.height)}`);
  return { board: b, bar: a, over, small, scrollX: document.documentElement.scrollWidth - innerWidth,
           w: innerWidth, h: innerHeight };
}"""

SETTLE = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 60))))"


def open_table(page, base: str, game: str, seats: int, options: dict) -> str:
    """A table of `game` with me (a long name) in seat 0 and bots in the others, started; the page on it."""
    page.goto(base + "/rules")
    headers = {"Origin": base}
    made = page.request.post(f"{base}/api/tables", headers=headers,
                             data={"game": game, "players": seats, "options": options, "name": LONG_NAME})
    assert made.ok, made.text()
    code = made.json()["code"]
    for seat in range(1, seats):
        assert page.request.post(f"{base}/api/tables/{code}/bots", headers=headers, data={"seat": seat}).ok
    assert page.request.post(f"{base}/api/tables/{code}/start", headers=headers, data={}).ok
    page.goto(f"{base}/t/{code}")
    page.wait_for_selector("#table-ui:not([hidden])")
    page.wait_for_function("() => document.getElementById('table-root').dataset.conn === 'open'")
    return code


def check(page, name: str, board: str, width: int, height: int, shot) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.evaluate(SETTLE)
    # a notice on the notice line, as a refused click brings one
    page.evaluate("async () => (await import('/static/js/core/api.js')).toast('Not your turn yet: Bot 2 (a bot) is"
                  " playing. You will hear a chime when it is your turn.', 'info', 8000)")
    page.evaluate(SETTLE)
    m = page.evaluate(MEASURE, board)
    size = f"{width}x{height}"
    where = f"{name} at {size}: {m}"
    assert m["scrollX"] <= 0, f"sideways scroll, {where}"
    for part in ("board", "bar"):
        r = m[part]
        assert r["w"] > 0 and r["h"] > 0, f"no {part}, {where}"
        assert r["x"] >= -1 and r["y"] >= -1 and r["r"] <= width + 1 and r["b"] <= height + 1, \
            f"the {part} is not wholly in view, {where}"
    assert not m["over"], where
    assert not m["small"], f"targets under 24 px: {where}"
    if (width, height) in ((1280, 800), (390, 844)):
        shot(page, f"layout-{name}-{size}", full_page=False)


@pytest.mark.parametrize("name", list(GAMES))
def test_board_and_action_bar_fit_every_screen(live_server, new_page, shot, name):
    game, seats, options, board = GAMES[name]
    server = live_server()
    page = new_page({"width": 1280, "height": 800})
    open_table(page, server.url, game, seats, options)
    page.wait_for_selector(f"#board-area {board}")
    if name == "martian-play":   # my coins placed as they stand; the bot has placed its own
        page.click("#action-bar >> text=Place my coins")
        page.wait_for_function("() => document.querySelector('.mth').dataset.phase === 'play'")
    if name == "martian-arrange":
        page.wait_for_selector("#action-bar >> text=Place my coins")
    for width, height in SIZES:
        check(page, name, board, width, height, shot)


def test_the_hand_comes_back_into_view_when_the_turn_comes(live_server, new_page):
    """Scrolled down the side column to the Nudge button or the chat, the player gets their hand back in
    view when their turn comes (3-High's hand was scrolled out of sight)."""
    from tests.browser.test_three_high_browser import can_play, play_one

    server = live_server()
    page = new_page({"width": 1280, "height": 640})
    open_table(page, server.url, "three-high", 2, {})
    page.wait_for_selector("button.card-face:not([disabled])")
    side = "document.querySelector('#table-ui > .side')"
    page.evaluate(f"() => {{ const s = {side}; s.scrollTop = s.scrollHeight; }}")
    assert page.evaluate(f"() => {side}.scrollTop") > 0, "the side column has nothing to scroll at this size"
    play_one(page)   # then the bot plays, and it is my turn again
    page.wait_for_function("() => document.querySelectorAll('button.card-face:not([disabled])').length > 0")
    assert can_play(page)
    page.wait_for_function(f"() => {side}.scrollTop === 0")
    box = page.locator(".hand .cards").first.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 640, box
