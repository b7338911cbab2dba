"""What a person is told when a click cannot do anything, and the smaller things QA found on the table page:
clicks out of turn, zero-square plays (one square reached from several sides), Esc and focus, /me, the
home form on a phone, log lines that speak to "You"."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_three_high_browser import create_table, seq, start_game, status, wait_seq, whose_turn

pytestmark = pytest.mark.browser


def toast_texts(page) -> str:
    return " | ".join(page.locator("#toasts .toast").all_inner_texts())


def test_log_lines_about_you_read_as_english(live_server, new_page):
    """The engine writes events in the third person ("draws no card ..."); after "You" it must not say
    "You draws"."""
    server = live_server()
    page = new_page()
    page.goto(server.url + "/rules/three-high")
    lines = page.evaluate("""async () => {
        const m = await import('/static/js/games/three_high/index.js');
        const ev = {type: 'no_draw', seat: 0, text: 'draws no card after completing a tree'};
        const lost = m.resultText({outcome: 'lost', reason: 'out_of_cards'}, {view: {trees: 2}});
        return [m.describeEvent(ev, () => 'You'), m.describeEvent(ev, () => 'Ann'), lost.text];
    }""")
    assert lines[0] == "You draw no card after completing a tree"
    assert lines[1] == "Ann draws no card after completing a tree"
    assert "2 of the 5 trees" in lines[2]


def test_out_of_turn_clicks_say_why_and_a_double_click_plays_once(live_server, new_page):
    server = live_server()
    ann = new_page()
    bob = new_page(PHONE)
    url = create_table(ann, server.url, "Ann", players=2)
    bob.goto(url)
    bob.fill("#join-name", "Bob")
    bob.click("#join-form button[type=submit]")
    bob.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    cat = new_page()
    cat.goto(url)
    # every seat taken: the lobby no longer asks to invite friends who could not sit down
    expect(ann.locator("#share-title")).to_have_text("Share the link")
    expect(cat.locator("#lobby-note")).to_contain_text("you are watching")
    if start_game(ann) != "playing":
        pytest.skip("this deal was stuck from the start")
    bob.wait_for_function("() => document.getElementById('table-root').dataset.status === 'playing'")
    cat.wait_for_selector(".th-board .piece")
    mover = whose_turn([ann, bob])
    if mover is None:
        pytest.skip("the game ended at once")
    waiter, mover_name = (bob, "Ann") if mover is ann else (ann, "Bob")

    # the one waiting clicks a card of their hand, then a pyramid: a sentence, not silence
    waiter.locator(".hand .card-face").first.click()
    expect(waiter.locator("#toasts")).to_contain_text(f"Not your turn yet: {mover_name} is playing")
    # a watcher is told they are watching, and is not offered turn notifications
    cat.locator(".hand .card-face").first.click()
    expect(cat.locator("#toasts")).to_contain_text("You are watching")
    assert cat.locator("#notify-btn").is_hidden()

    # the player to act clicks a pyramid no card can move (under another, or out of reach): told why
    stuck = mover.evaluate("() => [...document.querySelectorAll('.hit[data-square]')].filter(h => !h.dataset.state"
                           " && document.querySelector(`.pieces g[data-square='${h.dataset.square}'] .piece`))"
                           ".map(h => h.dataset.square)[0] || null")
    if stuck:
        mover.click(f'.hit[data-square="{stuck}"]')
        expect(mover.locator("#toasts")).to_contain_text("No card in your hand can move")

    # a double click on a marked square sends that one play, once (the second click must not send
    # another play with the selection already cleared)
    before = seq(mover)
    single = mover.locator('.hit[data-state="dest"]:not([data-multi])')
    tried: set[str] = set()
    while not single.count():   # a pyramid with a square only one play reaches (not one offering a choice)
        squares = mover.eval_on_selector_all('.hit[data-state="movable"]', "hs => hs.map(h => h.dataset.square)")
        left = [sq for sq in squares if sq not in tried]
        if not left:
            pytest.skip("no pyramid of this deal has a square only one play reaches")
        tried.add(left[0])
        mover.click(f'.hit[data-square="{left[0]}"]')
        mover.wait_for_selector('.hit[data-state="dest"]')
    single.first.dblclick()
    wait_seq(mover, before + 1)
    mover.wait_for_timeout(600)
    assert seq(mover) == before + 1 or status(mover) != "playing"
    assert mover.locator("#log li.play").count() == 1, mover.inner_text("#log")
    assert "error" not in mover.locator("#toasts").inner_html()

    # /me shows each table once, with one status word (it used to print "finished  finished")
    me = waiter.context.new_page()
    me.goto(server.url + "/me")
    row = me.locator(".me-list li").first
    expect(row).to_contain_text(url.rsplit("/", 1)[1])
    words = row.inner_text().split()
    assert len(words) == len(set(words)), words


def _solo_zero_table(page, base: str):
    """A solo table with zero-square plays allowed, playing, with a zero play in hand (or None)."""
    for _ in range(6):
        page.goto(base + "/")
        page.check('input[name="game"][value="three-high"]')
        page.select_option("#players", "1")
        page.check("#opt-allow_zero_moves")
        page.fill("#name", "Zoe")
        page.click("#create-btn")   # a solo table opens started
        page.wait_for_url(re.compile(r"/t/\w+$"))
        if start_game(page) != "playing":
            continue
        code = page.get_attribute("#table-root", "data-code")
        t = page.evaluate(f"fetch('/api/tables/{code}').then(r => r.json())")
        for move, where in zip(t["legal_moves"], t["move_targets"]):
            if where["from"] == where["to"]:
                return move, where
    return None


def test_zero_square_play_asks_which_side_and_esc_keeps_focus(live_server, new_page):
    server = live_server()
    page = new_page(PHONE)
    page.goto(server.url + "/")
    page.select_option("#players", "1")
    # on a phone every house-rule box keeps its size beside a label that wraps
    sizes = page.eval_on_selector_all(".check input", "els => els.map(e => e.getBoundingClientRect().width)")
    assert len(sizes) == 1 and min(sizes) >= 18, sizes   # alone, hidden hands mean nothing: not offered

    found = _solo_zero_table(page, server.url)
    if not found:
        pytest.skip("no zero-square play in six deals")
    move, where = found

    # keyboard: Enter picks the card, Esc twice comes back to that same card (not the first one)
    card = page.locator(f'button.card-face[data-card="{move["card"]}"]')
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.state === 'movable'")
    page.keyboard.press("Escape")
    page.wait_for_function("c => document.activeElement && document.activeElement.dataset.card === c",
                           arg=move["card"])

    card.click()
    page.click(f'.hit[data-square="{where["from"]}"]')
    page.click(f'.hit[data-square="{where["to"]}"]')     # the marked square: several sides lead here
    expect(page.locator(".th-choose")).to_contain_text("Which side?")
    expect(page.locator("#turn-banner")).to_contain_text("pick one")
    page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('th-choice')")
    before = seq(page)
    page.keyboard.press("Enter")
    wait_seq(page, before + 1)
    expect(page.locator("#log")).to_contain_text(f"stays on {where['from']}")


def test_two_players_with_the_same_name_are_told_apart(live_server, new_page):
    server = live_server()
    ann = new_page()
    url = create_table(ann, server.url, "Ann", players=2)
    other = new_page(PHONE)
    other.goto(url)
    # "Just watch" is not a one-way door: the watcher can still sit down without reloading
    other.click("#watch-btn")
    expect(other.locator("#join-form")).to_be_hidden()
    other.click("#sit-btn")
    expect(other.locator("#join-form")).to_be_visible()
    other.fill("#join-name", "ann")
    other.click("#join-form button[type=submit]")
    other.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    expect(ann.locator("#seats li[data-seat='0'] .name")).to_have_text("Ann (seat 1)")
    expect(ann.locator("#seats li[data-seat='1'] .name")).to_have_text("ann (seat 2)")
    other.fill("#chat-input", "which one am I?")
    other.press("#chat-input", "Enter")
    expect(ann.locator("#chat")).to_contain_text("ann (seat 2): which one am I?")
    # someone who closes the page is shown offline in words, not only by the colour of a dot
    expect(ann.locator("#seats li[data-seat='1'] .tag.off")).to_have_count(0)
    other.close()
    expect(ann.locator("#seats li[data-seat='1'] .tag.off")).to_have_text("offline")


def test_a_completed_tree_is_announced(live_server, new_page):
    """A tree is the news of the game: besides its log line, everyone gets a message saying who built it.
    (The socket is intercepted to add a tree event to the next update: no need to play to a real tree.)"""
    from tests.browser.test_three_high_browser import add_to_updates, play_one, solo_table_in_play

    server = live_server()
    page = new_page()
    add_to_updates(page, {"type": "tree", "color": "red", "square": "d7", "trees": 1,
                          "text": "completed the red tree on d7 (1 of 5)"})
    solo_table_in_play(page, server.url, "Tia")
    page.wait_for_function("() => document.getElementById('table-root').dataset.conn === 'open'")
    play_one(page)
    expect(page.locator("#toasts")).to_contain_text("You completed the red tree on d7 (1 of 5)")
    expect(page.locator("#log li.tree")).to_have_count(1)


def test_double_click_on_add_a_bot_adds_one_bot_without_an_error(live_server, new_page):
    server = live_server()
    page = new_page()
    create_table(page, server.url, "Hal", players=3)
    page.locator("[data-add-bot]").first.dblclick()
    expect(page.locator("#seats li .tag", has_text="bot")).to_have_count(1)
    page.wait_for_timeout(500)
    assert page.locator("#toasts .toast.error").count() == 0, toast_texts(page)
    assert page.locator("[data-add-bot]").count() == 1
