"""The Hint button in every game (issue 49): real Chromium, real server. In Turning Points, Martian Treasure
Hunt and Dash (3-High: test_three_high_hint_browser.py), pressing Hint on your turn shows the bot's move on
the board with its reason in the turn banner, says it in the page's live region (the toasts, role=status),
gives the move the keyboard, and Enter then plays it; in French the reason is French."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, PHONE

pytestmark = pytest.mark.browser
DESKTOP = {"width": 1280, "height": 800}


def create(page, base: str, game: str, players: int) -> str:
    page.goto(base + "/")
    page.check(f'input[name="game"][value="{game}"]')
    page.select_option("#players", str(players))
    page.fill("#name", "Ann")
    page.click("#create-btn")
    if players == 1:  # a solitaire has nobody to invite: the page opens it, started
        page.wait_for_url(re.compile(r"/t/\w+$"))
        page.wait_for_selector("#table-ui:not([hidden])")
        return page.url
    page.wait_for_selector("#created:not([hidden])")
    url = page.input_value("#share-url")
    page.click("#open-table")
    page.wait_for_selector("#table-ui:not([hidden])")
    return url


def with_a_bot(page) -> None:
    page.click("[data-add-bot]")
    page.wait_for_selector("#seats li[data-seat='1'] .tag >> text=bot")
    page.click("#start-btn")


def seq(page) -> int:
    return int(page.get_attribute("#table-root", "data-seq") or -1)


def wait_seq(page, at_least: int) -> None:
    page.wait_for_function("n => Number(document.getElementById('table-root').dataset.seq) >= n", arg=at_least)


def ask_hint(page, reason_words: str, said: str = "Hint:") -> str:
    """Press Hint with the keyboard; returns the banner once it says the hint and its reason."""
    page.wait_for_selector("#hint-btn:not([disabled])", timeout=20_000)
    page.focus("#hint-btn")
    page.keyboard.press("Enter")
    banner = page.locator("#turn-banner")
    expect(banner).to_contain_text(said, timeout=15_000)
    expect(banner).to_contain_text(reason_words)
    expect(page.locator("#toasts")).to_contain_text(reason_words)   # the live region says it too
    return banner.inner_text()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_turning_points_hint_picks_the_placement_and_enter_plays_it(live_server, new_page, size):
    server = live_server()
    page = new_page(DESKTOP if size == "desktop" else PHONE)
    create(page, server.url, "turning-points", 1)   # the solitaire opens started
    page.wait_for_selector("[data-testid='next-piece']")
    text = ask_hint(page, "your score goes from 0 to")
    assert "one turn from pointing at you" in text, text
    arrow = page.locator(".tp-board .tp-arrow")
    expect(arrow).to_have_count(1)
    expect(page.locator(".tp-board .hit[data-state='picked']")).to_have_count(1)
    assert page.evaluate("() => document.activeElement.classList.contains('tp-arrow')")   # the keyboard is on it
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.screenshot(path=str(ARTIFACTS / f"hint_turning_points_{size}.png"))
    page.keyboard.press("Enter")
    wait_seq(page, 1)
    expect(page.locator("#turn-banner")).not_to_contain_text("Hint:")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_martian_treasure_hunt_hint_arranges_then_marks_the_square(live_server, new_page, size):
    server = live_server(bot_delay_seconds="0")
    page = new_page(DESKTOP if size == "desktop" else PHONE)
    create(page, server.url, "martian-treasure-hunt", 2)
    with_a_bot(page)
    # the bot arranges at once; a hint asked before would answer a table that has moved on (and say so)
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    for _ in range(200):
        view = page.request.get(f"{server.url}/api/tables/{code}").json()["view"]
        if (view.get("arranged") or [False, False])[1]:
            break
        page.wait_for_timeout(50)
    page.wait_for_function("() => !document.getElementById('turn-banner').textContent.includes('arranging too')")
    ask_hint(page, "no order of the coins is stronger than another")
    expect(page.locator("#turn-banner")).to_contain_text("Place my coins")
    page.get_by_role("button", name="Place my coins").click()
    page.wait_for_function("() => (document.querySelector('.mth') || {}).dataset?.phase === 'play'")
    page.wait_for_function("() => document.querySelector('.mth').dataset.mine === '1'", timeout=20_000)
    before = seq(page)
    ask_hint(page, "(")
    star = page.locator('.mth-board .hit[data-hint="1"]')
    expect(star).to_have_count(1)
    expect(page.locator(".mth-board .mth-hint-star")).to_have_count(1)
    assert page.evaluate("() => document.activeElement.dataset.hint === '1'")   # the keyboard is on the square
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.screenshot(path=str(ARTIFACTS / f"hint_martian_treasure_hunt_{size}.png"))
    page.keyboard.press("Enter")
    wait_seq(page, before + 1)


def my_dash_turn(page) -> str:
    """Wait for my turn (the Hint button) at a Dash table: "draw", or a dare to write or answer."""
    page.wait_for_selector("#hint-btn", timeout=20_000)
    if page.is_visible("[data-testid='draw-btn']"):
        return "draw"
    return "dare"


def test_dash_hint_gives_the_move_the_keyboard(live_server, new_page):
    server = live_server(bot_delay_seconds="0")
    page = new_page(DESKTOP)
    create(page, server.url, "dash", 2)
    with_a_bot(page)
    before = seq(page)
    if my_dash_turn(page) == "draw":
        text = ask_hint(page, "of the game's 56 cards")
        assert "draw a card" in text, text
        assert page.evaluate("() => document.activeElement.dataset.testid === 'draw-btn'")
    else:   # the bot drew a dare first: the hint's dare is put in the dare box, which has the keyboard
        ask_hint(page, "the first dare sent stands")
        assert page.evaluate("() => document.activeElement.dataset.testid === 'dare-input'")
        assert page.input_value("[data-testid='dare-input']")
    page.screenshot(path=str(ARTIFACTS / "hint_dash_desktop.png"))
    page.keyboard.press("Enter")
    wait_seq(page, before + 1)


def test_a_hint_in_french_on_a_phone(live_server, new_page):
    server = live_server(bot_delay_seconds="0")
    page = new_page(PHONE)
    page.context.add_cookies([{"name": "lang", "value": "fr", "url": server.url}])
    create(page, server.url, "dash", 2)
    with_a_bot(page)
    words = "des 56 cartes du jeu" if my_dash_turn(page) == "draw" else "le premier gage envoyé compte"
    ask_hint(page, words, said="Conseil\u00a0:")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.screenshot(path=str(ARTIFACTS / "hint_dash_phone_fr.png"), full_page=True)
