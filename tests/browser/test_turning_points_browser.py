"""Turning Points played through the browser: real Chromium, real server. Every move a person makes goes
through the page (cell, direction, preview, place) by mouse, keyboard or the direction bar; the middle of
the longer games is played through the API with the same seat's cookie, to keep the run short."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser
NARROW = {"width": 375, "height": 812}
VERDICTS = ("You're sitting on the wrong side of the table", "You're not even trying, are you?",
            "Not bad, but you can do better", "Excellent!", "Admit it! You cheated!")


# -- what a person does on the pages --------------------------------------------------------------------
def create_table(page, base: str, name: str, players: int, shape: str | None = None, size: int | None = None) -> str:
    """From the home page: pick Turning Points, seats, board, name, create; returns the share link."""
    page.goto(base + "/")
    page.check('input[name="game"][value="turning-points"]')
    page.select_option("#players", str(players))
    if shape:
        page.select_option("#opt-shape", shape)
    if size:
        page.select_option("#opt-size", str(size))
    page.fill("#name", name)
    page.click("#create-btn")
    if players == 1:  # a solitaire has nobody to invite: the page opens it, started
        page.wait_for_url(re.compile(r"/t/\w+$"))
        page.wait_for_selector("#table-ui:not([hidden])")
        return page.url
    page.wait_for_selector("#created:not([hidden])")
    url = page.input_value("#share-url")
    assert re.search(r"/t/\w+$", url), url
    page.click("#open-table")
    page.wait_for_selector("#table-ui:not([hidden])")
    return url


def code_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


def seq(page) -> int:
    return int(page.get_attribute("#table-root", "data-seq") or -1)


def status(page) -> str:
    return page.get_attribute("#table-root", "data-status") or ""


def wait_seq(page, at_least: int) -> None:
    page.wait_for_function("n => Number(document.getElementById('table-root').dataset.seq) >= n", arg=at_least)


def table_state(page, base: str, code: str) -> dict:
    """The table as this page's person sees it (their cookie): view, legal_moves, move_targets."""
    return page.request.get(f"{base}/api/tables/{code}").json()


def api_move(page, base: str, code: str, pick=None) -> int:
    """One move for this page's person through the API (pick(state) -> index of a legal move)."""
    st = table_state(page, base, code)
    index = pick(st) if pick else len(st["legal_moves"]) // 2
    r = page.request.post(f"{base}/api/tables/{code}/moves", data={"seq": st["seq"], "move": st["legal_moves"][index]})
    assert r.ok, r.text()
    return st["seq"] + 1


def play_ui(page, how: str = "click", cell: str | None = None) -> dict:
    """Pick a cell, then a direction, read the preview, place. how: "click" (the arrow on the board, twice),
    "keyboard" (arrow keys and Enter only), "pad" (the direction bar under the board and Place)."""
    page.wait_for_selector(".tp-board .hit[data-state='open']")
    before = seq(page)
    if how == "keyboard":
        page.focus(".tp-board .hit[tabindex='0']")
        page.keyboard.press("ArrowRight")
        cell = page.evaluate("() => document.activeElement.dataset.cell")
        page.keyboard.press("Enter")
        page.wait_for_selector(".tp-board .tp-arrow")
        page.keyboard.press("ArrowUp")
        page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('tp-arrow')"
                               " && document.activeElement.classList.contains('on')")
        way = page.evaluate("() => document.activeElement.dataset.dir")
        expect(page.get_by_test_id("preview")).to_contain_text("turn")
        page.keyboard.press("Enter")
    else:
        selector = f".tp-board .hit[data-cell='{cell}']" if cell else ".tp-board .hit[data-state='open']"
        hit = page.locator(selector).first
        cell = hit.get_attribute("data-cell")
        hit.click()
        if how == "pad":
            button = page.locator(".tp-pad .tp-dir").last
            way = button.get_attribute("data-dir")
            button.click()
            expect(page.get_by_test_id("preview")).to_contain_text("turn")
            page.get_by_test_id("place").click()
        else:
            arrow = page.locator(".tp-board .tp-arrow").first
            way = arrow.get_attribute("data-dir")
            if "on" not in (arrow.get_attribute("class") or ""):   # in solitaire the one direction is chosen
                arrow.click()
            expect(page.locator(".tp-board .tp-arrow.on")).to_have_count(1)
            expect(page.locator(".tp-board .preview .tp-ghost.placed")).to_have_count(1)
            expect(page.get_by_test_id("preview")).to_contain_text("turn")
            page.locator(f".tp-board .tp-arrow[data-dir='{way}']").click()
    wait_seq(page, before + 1)
    return {"cell": cell, "dir": way, "seq": before + 1}


def scores_shown(page, players: int) -> list[int]:
    return [int(page.inner_text(f"[data-testid='score-{seat}']")) for seat in range(players)]


def wait_scores(page, want: list[int]) -> None:
    page.wait_for_function("want => want.every((s, i) => (document.querySelector(`[data-testid='score-${i}']`) || {})"
                           ".textContent === String(s))", arg=want)


def no_sideways_scroll(page) -> None:
    assert page.evaluate("() => document.scrollingElement.scrollWidth <= window.innerWidth + 1")


# -- the tests ------------------------------------------------------------------------------------------
def test_two_players_play_a_square_game_through_the_page(live_server, new_page, shot):
    """Ann (desktop) and Bob (375 px phone) play a whole 3x3 game by clicks, keys and the direction bar;
    each sees the other's piece, the chain and the live scores; the result names the winner."""
    server = live_server()
    ann, bob = new_page(), new_page(NARROW)
    url = create_table(ann, server.url, "Ann", players=2, shape="square", size=3)
    code = code_of(url)
    bob.goto(url)
    bob.fill("#join-name", "Bob")
    bob.click("#join-form button[type=submit]")
    ann.wait_for_selector("#seats li[data-seat='1'] >> text=Bob")
    ann.click("#start-btn")
    cat = new_page()   # a third person only watches
    cat.goto(url)
    for p in (ann, bob, cat):
        p.wait_for_selector(".tp-board .tp-tag[data-seat='1']")
    expect(cat.locator(".tp-pad")).to_be_hidden()
    expect(ann.locator(".tp-board .tp-tag[data-seat='0']")).to_contain_text("You 0")
    expect(bob.locator(".tp-board .tp-tag[data-seat='1']")).to_contain_text("You 0")   # Bob's side at his bottom
    ways = ["click", "keyboard", "pad"]
    chained = False
    for p in (ann, bob):   # quick chains, except the one we watch turn by turn
        p.emulate_media(reduced_motion="reduce")
    watch = """() => { window.sawTurn = false; new MutationObserver(() => {
        if (document.querySelector('.tp-board .tp-turning') && /turn \\d+ of \\d+/.test(
            document.querySelector('.tp-caption').textContent)) window.sawTurn = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true }); }"""
    for n in range(9):
        st = table_state(ann, server.url, code)
        if st["status"] != "playing":
            break
        mover, other = (ann, bob) if st["to_act"] == [0] else (bob, ann)
        mover.wait_for_selector(".tp-board .hit[data-state='open']")   # once the last chain has played
        st = table_state(mover, server.url, code)
        chains = [(m, t) for m, t in zip(st["legal_moves"], st["move_targets"]) if t["chain"]]
        if chains and not chained:   # a placement that starts a chain: the other page plays it turn by turn
            move, target = chains[0]
            other.emulate_media(reduced_motion="no-preference")
            for p in (other, cat):
                p.evaluate(watch)
            mover.locator(f".tp-board .hit[data-cell='{move['cell']}']").click()
            mover.locator(f".tp-board .tp-arrow[data-dir='{move['dir']}']").click()
            turned = {step["cell"] for step in target["chain"]}
            expect(mover.locator(".tp-board .preview .tp-badge")).to_have_count(len(turned))
            mover.get_by_test_id("place").click()
            for p in (other, cat):   # the chain plays turn by turn for the other player and the watcher
                p.wait_for_function("() => window.sawTurn", timeout=8000)
            other.emulate_media(reduced_motion="reduce")
            expect(cat.locator(".tp-board .over .tp-badge.last").first).to_be_attached(timeout=8000)
            chained = True
        else:
            play_ui(mover, ways[n % 3])
        wait_seq(other, st["seq"] + 1)
        expect(other.locator("#log li.place")).to_have_count(n + 1)
        if n == 1:
            shot(ann, "tp-two-players-desktop")
            shot(bob, "tp-two-players-phone")
            no_sideways_scroll(bob)
    assert chained, "no placement of the game started a chain"
    for p in (ann, bob):
        p.wait_for_selector("#result:not([hidden])")
    final = table_state(ann, server.url, code)["result"]
    assert final["reason"] == "board_full" and sum(final["scores"]) <= 9
    for p in (ann, bob):
        p.click("#result-close")
        wait_scores(p, final["scores"])
    title = ann.inner_text("#result-title")
    if final["winners"] == [0]:
        assert title == "You win!"
    elif final["winners"] == [1]:
        assert title == "Bob wins"
    else:
        assert "share the win" in title
    expect(bob.locator("#log")).to_contain_text("The board is full")
    shot(ann, "tp-two-players-finished")


def test_three_players_on_a_hexagon_with_a_bot(live_server, new_page, shot):
    """Ann, Cy and a bot on the default 3-player board (hexagon of side 3): the bot answers, everyone sees
    the hexagon with the three seated corners; the middle goes through the API, the end through the page."""
    server = live_server()
    ann, cy = new_page(), new_page(PHONE)
    url = create_table(ann, server.url, "Ann", players=3)
    code = code_of(url)
    for p in (ann, cy):
        p.emulate_media(reduced_motion="reduce")
    cy.goto(url)
    cy.fill("#join-name", "Cy")
    cy.click("#join-form button[type=submit]")
    ann.wait_for_selector("#seats li[data-seat='1'] >> text=Cy")
    ann.click("[data-add-bot]")
    ann.wait_for_selector("#start-btn:not([disabled])")
    ann.click("#start-btn")
    for p in (ann, cy):
        p.wait_for_selector(".tp-board .tp-tag[data-seat='2']")
        expect(p.locator(".tp-board .tp-cell")).to_have_count(19)
        expect(p.locator(".tp-board .tp-side:not(.empty)")).to_have_count(3)
    # the first round through the page: each person moves once, the bot in turn
    people, moved = {0: ann, 1: cy}, set()
    while len(moved) < 2:
        st = table_state(ann, server.url, code)
        acting = st["to_act"][0]
        if acting == 2:   # the bot's turn: it plays by itself
            ann.wait_for_function("n => Number(document.getElementById('table-root').dataset.seq) > n", arg=st["seq"])
            continue
        play_ui(people[acting], "pad" if acting == 0 else "click")
        moved.add(acting)
    expect(ann.locator("#log")).to_contain_text("Bot 3 placed a piece")
    shot(ann, "tp-hex-three-desktop")
    shot(cy, "tp-hex-three-phone")
    # the middle of the game through the API, with each person's own cookie
    while True:
        st = table_state(ann, server.url, code)
        if len(st["view"]["cells"]) >= 16 or st["status"] != "playing":
            break
        acting = st["to_act"][0]
        if acting == 2:
            ann.wait_for_function("n => Number(document.getElementById('table-root').dataset.seq) > n", arg=st["seq"])
            continue
        api_move(people[acting], server.url, code)
    # the end through the page
    while status(ann) == "playing":
        st = table_state(ann, server.url, code)
        acting = st["to_act"][0] if st["to_act"] else None
        if acting == 2 or acting is None:
            ann.wait_for_timeout(100)
            continue
        play_ui(people[acting], "click")
    final = table_state(cy, server.url, code)["result"]
    for p in (ann, cy):
        p.wait_for_selector("#result:not([hidden])")
        p.click("#result-close")
        wait_scores(p, final["scores"])
    assert len(final["scores"]) == 3 and final["reason"] == "board_full"
    expect(cy.locator("#log li.place")).to_have_count(19)
    shot(cy, "tp-hex-three-finished")


def test_solitaire_shows_the_bag_and_ends_with_the_verdict(live_server, new_page, shot):
    server = live_server()
    page = new_page(NARROW)
    url = create_table(page, server.url, "Sol", players=1)   # opens started
    code = code_of(url)
    page.wait_for_selector("[data-testid='next-piece']")
    expect(page.get_by_test_id("bag-count")).to_have_text("15 more pieces in the bag")
    st = table_state(page, server.url, code)
    nxt = st["view"]["solitaire"]["bag"][0]
    assert len(st["view"]["solitaire"]["bag"]) == 1   # the page is never told the order of the rest
    expect(page.get_by_test_id("next-piece")).to_contain_text(f"Next: {nxt}")
    expect(page.locator(".tp-board .tp-tag[data-side='S']")).to_contain_text("You 0")
    # a cell picked: its one direction is set by the colour, the preview is on, a second tap places it
    page.locator(".tp-board .hit[data-state='open']").first.click()
    expect(page.locator(".tp-board .tp-arrow")).to_have_count(1)
    expect(page.locator(".tp-board .tp-arrow")).to_have_attribute("data-dir", st["view"]["solitaire"]["forced"])
    expect(page.get_by_test_id("preview")).to_contain_text("turn")
    shot(page, "tp-solo-picked")
    page.locator(".tp-board .hit[data-state='picked']").click()
    wait_seq(page, 1)
    expect(page.locator("#log")).to_contain_text(f"You placed the {nxt} piece")
    expect(page.get_by_test_id("bag-count")).to_have_text("14 more pieces in the bag")
    play_ui(page, "keyboard")
    no_sideways_scroll(page)
    page.emulate_media(reduced_motion="reduce")   # the middle goes through the API: quick chains
    while len(table_state(page, server.url, code)["view"]["cells"]) < 15:
        api_move(page, server.url, code, pick=lambda s: 0)
    wait_seq(page, 15)
    expect(page.get_by_test_id("bag-count")).to_have_text("This is the last piece")
    play_ui(page, "click")
    page.wait_for_selector("#result:not([hidden])")
    final = table_state(page, server.url, code)["result"]
    assert final["verdict"] in VERDICTS
    expect(page.locator("#result-title")).to_have_text(final["verdict"])
    expect(page.locator("#result-reason")).to_contain_text(f"{final['scores'][0]} piece")
    shot(page, "tp-solo-verdict")
    page.click("#result-close")
    wait_scores(page, final["scores"])
    expect(page.locator(".tp-bag")).to_contain_text("The bag is empty")


def test_rules_page_draws_the_chain_and_says_how_we_read_the_rules(live_server):
    """/rules/turning-points over HTTP: our own words, the chain diagrams, every ruling the sheet leaves open."""
    import httpx

    server = live_server()
    r = httpx.get(f"{server.url}/rules/turning-points")
    assert r.status_code == 200
    # SVG drawn by the template: no script draws them (the one script is the site header's language selector)
    assert r.text.count('class="tp-diagram"') >= 8
    assert re.findall(r"<script[^>]*>", r.text) == ['<script type="module" src="/static/js/core/lang_select.js">']
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.text)).lower()
    for words in ("how we read the rules", "one notch clockwise", "a piece may be turned more than once",
                  "five or six players always play on a hexagon", "toward its corners", "first player at random",
                  "does not turn when it is placed", "never loops forever", "12 counts as “excellent!”",
                  "only the next piece is shown", "score for nobody", "share the win", "north 2, south 2"):
        assert words in text, words


def test_a_phone_is_never_told_about_arrow_keys(live_server, new_page):
    """A phone has no keyboard: its turn banner says "tap", a laptop's names the arrow keys."""
    server = live_server()
    ann, bea = new_page(), new_page(PHONE)
    url = create_table(ann, server.url, "Ann", players=2)
    bea.goto(url)
    bea.fill("#join-name", "Bea")
    bea.click("#join-form button[type=submit]")
    ann.wait_for_selector("#start-btn:not([disabled])")
    ann.click("#start-btn")
    code = code_of(url)
    pages = {0: ann, 1: bea}
    for _ in range(2):   # each seat's turn once: the laptop's banner and the phone's
        st = table_state(ann, server.url, code)
        page = pages[st["to_act"][0]]
        page.wait_for_selector(".tp-board .hit[data-state='open']")
        banner = page.locator("#turn-banner")
        if page is bea:
            expect(banner).to_contain_text("Your turn: tap an empty cell.")   # then the Hint button
            page.locator(".tp-board .hit[data-state='open']").first.click()
            expect(banner).to_contain_text("tap an arrow")
            assert "arrow keys" not in banner.inner_text() and "Esc" not in banner.inner_text()
        else:
            expect(banner).to_contain_text("arrow keys and Enter")
        api_move(page, server.url, code)
        wait_seq(ann, st["seq"] + 1)
