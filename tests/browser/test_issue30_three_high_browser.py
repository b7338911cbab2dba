"""3-High in real Chromium against a real server: the replay names the viewer's hand "Your hand";
a square's card label on file a never runs into the rank's digit; toasts never cover the board."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def solo_table(page, base: str, players: int = 1, bot: bool = False, options: dict | None = None) -> str:
    """A 3-High table made with the page's own cookie (the person is seat 0), started."""
    page.goto(base + "/")
    code = page.request.post(f"{base}/api/tables", data={"game": "three-high", "players": players, "name": "Ann",
                                                          "options": options or {}}).json()["code"]
    if bot:
        assert page.request.post(f"{base}/api/tables/{code}/bots", data={}).ok
    assert page.request.post(f"{base}/api/tables/{code}/start", data={}).ok
    return code


def overlaps(page, a: str, b: str) -> list[list[str]]:
    """Pairs (text of a, text of b) of visible elements matching a and b whose boxes intersect."""
    return page.evaluate("""([a, b]) => {
        const shown = (s) => [...document.querySelectorAll(s)].filter((e) => { const r = e.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && getComputedStyle(e).display !== 'none'; });
        const out = [];
        for (const x of shown(a)) for (const y of shown(b)) {
            const p = x.getBoundingClientRect(), q = y.getBoundingClientRect();
            if (p.left < q.right && p.right > q.left && p.top < q.bottom && p.bottom > q.top) {
                out.push([x.textContent, y.textContent]);
            }
        }
        return out; }""", [a, b])


def test_the_replay_calls_the_viewers_hand_your_hand(live_server, new_page):
    server = live_server()
    page = new_page(LAPTOP)
    code = solo_table(page, server.url, players=2, bot=True, options={"hidden_hands": True})
    for _ in range(3000):   # Ann plays her first legal move each turn, the bot its own, to the end
        st = page.request.get(f"{server.url}/api/tables/{code}").json()
        if st["status"] == "finished":
            break
        if 0 in st["to_act"] and st["legal_moves"]:
            page.request.post(f"{server.url}/api/tables/{code}/moves",
                              data={"seq": st["seq"], "move": st["legal_moves"][0]})
        else:
            page.wait_for_timeout(20)
    else:
        raise AssertionError("the game did not finish")
    page.goto(f"{server.url}/t/{code}?move=1")   # the review room, browsing alone
    page.wait_for_selector("#review-board .hand[data-seat='0'] h3")
    expect(page.locator("#review-board .hand[data-seat='0'] h3")).to_contain_text("Your hand")
    expect(page.locator("#review-board .hand[data-seat='0']")).to_have_attribute("aria-label", "Your hand")
    expect(page.locator("#review-board .hand[data-seat='1'] h3")).to_contain_text("'s hand")
    assert "You's" not in page.inner_text("#review-board")


def test_card_labels_on_file_a_keep_clear_of_the_rank_digits(live_server, new_page, shot):
    server = live_server()
    page = new_page(LAPTOP)
    code = solo_table(page, server.url)
    page.goto(f"{server.url}/t/{code}")
    page.wait_for_selector('.th-board .hit[data-square="a1"]')
    # every movable pyramid in turn: none of the card labels it shows touches a coordinate
    movable = page.evaluate("() => [...document.querySelectorAll('.th-board .hit[data-state=\"movable\"]')]"
                            ".map((h) => h.dataset.square)")
    assert movable
    for sq in movable:
        page.click(f'.th-board .hit[data-square="{sq}"]')
        page.wait_for_timeout(60)
        assert overlaps(page, ".th-board .dest-label", ".th-board .coord") == [], f"picking {sq}"
        page.keyboard.press("Escape")
    # the widest label there is, on each square of file a, drawn as the board draws it
    clash = page.evaluate("""async () => {
        const { fitLabel, sqXY, S, SVGNS } = await import('/static/js/games/three_high/parts.js');
        const layer = document.querySelector('.th-board .coords');
        const coords = [...layer.querySelectorAll('.coord')];
        const bad = [];
        for (let r = 1; r <= 8; r++) {
            const sq = `a${r}`, [x, y] = sqXY(sq);
            const label = document.createElementNS(SVGNS, 'text');
            label.setAttribute('class', 'dest-label');
            label.setAttribute('x', x + S / 2); label.setAttribute('y', y + 12);
            label.textContent = '★ 13 cards';
            layer.append(label);
            fitLabel(label, sq);
            const p = label.getBoundingClientRect();
            const cell = document.querySelector(`.th-board .hit[data-square="${sq}"]`).getBoundingClientRect();
            for (const c of coords) { const q = c.getBoundingClientRect();
                if (p.left < q.right && p.right > q.left && p.top < q.bottom && p.bottom > q.top) {
                    bad.push(`${sq} over ${c.textContent}`);
                }
            }
            if (p.left < cell.left - 0.5 || p.right > cell.right + 0.5) bad.push(`${sq} wider than its square`);
            label.remove();
        }
        return bad; }""")
    assert clash == [], clash


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_toasts_never_cover_the_board(live_server, new_page, shot, size):
    server = live_server()
    page = new_page(LAPTOP if size == "laptop" else PHONE)
    code = solo_table(page, server.url)
    page.goto(f"{server.url}/t/{code}")
    page.wait_for_selector('.th-board .hit[data-square="a1"]')
    page.locator(".th-board").scroll_into_view_if_needed()   # as a player does, to see the whole board
    page.evaluate("""async () => { const { toast } = await import('/static/js/core/api.js');
        toast('Your move will be sent again in a moment.', 'info', 0);   // a notice that stays: kept
        for (const w of ['Bo built a tree at c3!', 'Three cards left in the draw pile', 'Not your turn yet.'])
            toast(w, 'info', 4000); }""")
    page.wait_for_timeout(200)
    assert page.locator("#toasts .toast").all_inner_texts() == ["Your move will be sent again in a moment.",
                                                                "Not your turn yet."]
    assert overlaps(page, "#toasts .toast", ".th-board") == []
    shot(page, f"issue30-three-high-toasts-{size}", full_page=False)
