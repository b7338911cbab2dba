"""Dash played through the browser: real Chromium, real server, clicks only. Three seats: Ann on a desktop,
Bob on a 375 px phone, and a bot; the game goes on until a dare has been set and answered."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import DESKTOP

pytestmark = pytest.mark.browser

PHONE_375 = {"width": 375, "height": 812}
DARE = "Sing <b>loud</b> <img src=x onerror=alert(1)> & wave"


def create_dash_table(page, base: str, name: str, players: int) -> str:
    """From the home page: pick Dash, seats, name, create; returns the share link."""
    page.goto(base + "/")
    page.check('input[name="game"][value="dash"]')
    page.select_option("#players", str(players))
    page.fill("#name", name)
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    url = page.input_value("#share-url")
    assert re.search(r"/t/\w+$", url), url
    page.click("#open-table")
    page.wait_for_selector("#table-ui:not([hidden])")
    return url


def seq(page) -> int:
    return int(page.get_attribute("#table-root", "data-seq") or -1)


def status(page) -> str:
    return page.get_attribute("#table-root", "data-status") or ""


def seated_table(ann, bob, base: str) -> None:
    """Ann creates a 3-seat table, Bob joins from the link, Ann adds a bot and starts."""
    url = create_dash_table(ann, base, "Ann", 3)
    bob.goto(url)
    bob.fill("#join-name", "Bob")
    bob.click("#join-form button[type=submit]")
    bob.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    ann.wait_for_selector("#seats li[data-seat='1'] >> text=Bob")
    ann.click("[data-add-bot]")
    ann.wait_for_selector("#seats li[data-seat='2'] .tag >> text=bot")
    ann.click("#start-btn")
    for page in (ann, bob):
        page.wait_for_selector(".dash-board .pyramid[data-seat='2']")
        assert page.locator(".dash-board .space").count() == 64


SEND = '[data-testid="dare-send"]'
INPUT = '[data-testid="dare-input"]'
DONE = '[data-testid="dare-done"]'


def shown(page, selector: str) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible() and loc.first.is_enabled()


def wait_past(page, before: int) -> None:
    page.wait_for_function("n => Number(document.getElementById('table-root').dataset.seq) > n", arg=before)


def log_classes(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#log li')].map(li => li.className)")


def act(pages: list, names: dict, log: dict) -> bool:
    """Whatever a person can do now, on whichever page offers it: write a dare, answer one, or draw.
    Returns False when nobody could act (the bot is playing, or a step is still on its way)."""
    writers = [page for page in pages if shown(page, INPUT)]
    if len(writers) == 2:
        # The bot was dared: both people write at once and press Send together. The server keeps the
        # first dare to arrive; the other is refused as stale, quietly, and its writer is told whose stands.
        before = seq(writers[0])
        writers[0].fill(INPUT, DARE)
        ideas = writers[1].locator(".dare-ideas")
        if ideas.get_attribute("open") is None:   # folded on a phone: "Need an idea?"
            ideas.locator("summary").click()
        writers[1].locator(".dare-suggestions .suggestion").first.click()
        for page in writers:
            page.evaluate("s => { const b = document.querySelector(s); if (b) b.click(); }", SEND)
        for page in writers:
            wait_past(page, before)
        writers[0].wait_for_timeout(400)   # a refusal of the second send would be shown by now
        log["race"] = [text for page in writers for text in page.locator("#toasts .toast.error").all_inner_texts()]
        log["race_info"] = [text for page in writers for text in page.locator("#toasts .toast").all_inner_texts()]
        log["wrote"] = [names[id(page)] for page in writers]
        return True
    if writers:
        # A person dared: the other person writes, racing the bot (which may well be first).
        page = writers[0]
        before = seq(page)
        try:
            page.fill(INPUT, DARE, timeout=1500)
            page.press(INPUT, "Enter", timeout=1500)   # Enter sends the dare
        except PlaywrightTimeout:
            return True   # the bot's dare arrived first and closed the panel
        wait_past(page, before)
        log["wrote"] = [names[id(page)]]
        return True
    for page in pages:
        if shown(page, DONE):
            log["dare_text_seen"] = page.inner_text('[data-testid="dare-text"]')
            before = seq(page)
            page.click(DONE)
            wait_past(page, before)
            assert page.locator(DONE).count() == 0, "the dare panel stays open after Done"
            log["answered"] = names[id(page)]
            return True
    for page in pages:
        if shown(page, '[data-testid="draw-btn"]'):
            before = seq(page)
            log["draws"] = log.get("draws", 0) + 1
            if log["draws"] % 2:
                page.click('[data-testid="draw-btn"]')
            else:
                page.keyboard.press("d")   # the keyboard shortcut
            wait_past(page, before)
            return True
    return False


def play_until_a_dare(ann, bob, deadline: float) -> dict:
    """Both people play (the bot plays on its own) until a dare in which a person took part was set and
    answered, or the game ends, or time is up."""
    log: dict = {}
    names = {id(ann): "Ann", id(bob): "Bob"}
    while time.monotonic() < deadline and status(ann) == "playing":
        if not act([ann, bob], names, log):
            ann.wait_for_timeout(40)
        classes = log_classes(ann)
        person_in_it = "wrote" in log or "answered" in log
        if person_in_it and "dare_set" in classes and ("dare_done" in classes or "dare_refused" in classes):
            break
    return log


def test_three_players_one_bot_a_dare_is_set_and_answered(live_server, new_page, shot):
    server = live_server(bot_delay_seconds="0.15")
    ann, bob = new_page(DESKTOP), new_page(PHONE_375)
    deadline = time.monotonic() + 45
    for attempt in range(3):   # a game with no dare card drawn before its end is rare; deal again then
        seated_table(ann, bob, server.url)
        if attempt == 0:
            assert "Classic" in ann.inner_text(".dash-status")
            assert bob.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), \
                "the table page scrolls sideways at 375 px"
            shot(ann, "dash-start-desktop")
            shot(bob, "dash-start-phone")
        log = play_until_a_dare(ann, bob, deadline)
        print("dash browser game:", {k: v for k, v in log.items() if k != "dare_text_seen"})
        classes = log_classes(ann)
        if "dare_set" in classes and "dare_done" in classes:
            break
    else:
        pytest.fail("three games in a row ended without a dare")

    # the dare was set once, shown as text (no HTML made from it) and answered; everyone's log says so
    for page in (ann, bob):
        page.wait_for_selector("#log li.dare_done")
        text = page.inner_text("#log")
        assert re.search(r"dared .+?: “", text) and "did the dare" in text, text
        assert page.locator("#log img, #log b, .dash-dare img, .dash-dare b, #toasts img").count() == 0
    assert log_classes(ann).count("dare_set") <= log_classes(ann).count("dare")   # one text per dare card
    if "dare_text_seen" in log:   # a person was dared: the dare was shown to them in words
        assert log["dare_text_seen"].strip()
    if "race" in log:   # both people sent at once: one dare stands, and nobody was shown an error
        assert log["race"] == [], log
    if DARE in ann.inner_text("#log"):
        assert bob.locator(f"#log >> text={DARE}").count() == 1
    # the card drawn is shown large; the deck shows a count only
    assert ann.locator('[data-testid="drawn-card"] .dash-card.big').count() == 1
    assert re.search(r"\d+ cards? in the deck", ann.inner_text(".dash-deck"))
    # the bot plays its own turns (play on a little if it has not had one yet)
    names, more = {id(ann): "Ann", id(bob): "Bob"}, {}
    until = time.monotonic() + 15
    while "Bot" not in ann.inner_text("#log") and status(ann) == "playing" and time.monotonic() < until:
        if not act([ann, bob], names, more):
            ann.wait_for_timeout(40)
    assert "Bot" in ann.inner_text("#log")
    # chat beside the board, with names: text only
    ann.fill("#chat-input", "<i>nice</i> dare!")
    ann.press("#chat-input", "Enter")
    bob.wait_for_selector("#chat >> text=<i>nice</i> dare!")
    assert bob.locator("#chat i").count() == 0 and "Ann" in bob.inner_text("#chat")
    assert bob.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    shot(ann, "dash-after-dare-desktop")
    shot(bob, "dash-after-dare-phone")


def test_rules_page_draws_the_classic_board_and_says_how_we_read_the_rules(live_server, new_page):
    server = live_server()
    page = new_page(PHONE_375)
    page.goto(server.url + "/rules/dash")
    assert page.locator(".dash-figure svg .space-bg").count() == 64
    assert page.locator(".dash-figure svg .pic-line").count() == 6
    text = page.inner_text("main")
    assert "Classic" in text and "How we read the rules" in text and "first dare sent stands" in text
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
