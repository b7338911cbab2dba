"""Deals in Chromium: two groups (two browsers each) play today's 2-seat 3-High deal from the home page
to the end, and each sees the other's result on /deals/<id> once it has finished, not before."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_solo_browser import FINISH
from tests.browser.test_three_high_browser import start_game

pytestmark = pytest.mark.browser

# One move from this page (its own cookie) when it is its turn: the first legal one. Returns the status.
PLAY_ONE = """async (code) => {
  const t = await (await fetch(`/api/tables/${code}`)).json();
  if (t.status === "playing" && t.you != null && t.to_act.includes(t.you) && t.legal_moves.length) {
    const r = await fetch(`/api/tables/${code}/moves`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seq: t.seq, move: t.legal_moves[0] }) });
    if (!r.ok && r.status !== 409) return `HTTP ${r.status}: ${await r.text()}`;
  }
  return t.status;
}"""


def group_plays_today(new_page, base: str, host_name: str, guest_name: str):
    host, guest = new_page(), new_page()
    host.goto(base + "/")
    expect(host.locator("#daily")).to_be_visible()
    host.select_option("#daily-pick", label="3-High for 2")
    host.click("#daily-btn")
    host.fill("#solo-name-input", host_name)   # asked once
    host.click("#solo-name-go")
    host.wait_for_url(re.compile(r"/t/\w+$"))
    code = host.url.rsplit("/", 1)[1]
    guest.goto(host.url)
    guest.fill("#join-name", guest_name)
    guest.click("#join-form button[type=submit]")
    guest.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    start_game(host)
    return host, guest, code


def finish(host, guest, code: str) -> None:
    """The two seats take their turns, each from its own page, until the game ends."""
    for _ in range(300):
        said = [page.evaluate(PLAY_ONE, code) for page in (host, guest)]
        assert not any(x.startswith("HTTP") for x in said), said
        if "playing" not in said:
            break
    assert host.evaluate(PLAY_ONE, code) == "finished"


def test_two_groups_play_todays_deal_and_see_each_others_results(live_server, new_page, shot):
    server = live_server()
    ann, bob, code_a = group_plays_today(new_page, server.url, "Ann", "Bob")
    cat, dan, code_b = group_plays_today(new_page, server.url, "Cat", "Dan")
    finish(ann, bob, code_a)

    # Ann's finished table offers the deal; Cat, still playing it, is shown nothing of it: not its results,
    # not Ann's table (its page says why and offers to show it anyway)
    ann.reload()
    expect(ann.locator("#deal-card")).to_be_visible()
    deal_url = ann.get_attribute("#deal-results", "href")
    cat.goto(server.url + deal_url)
    expect(cat.locator("#deal-why")).to_contain_text("You are playing this deal")
    expect(cat.locator("#spoilers-btn")).to_be_visible()
    assert code_a not in cat.content()
    cat.goto(f"{server.url}/t/{code_a}")
    expect(cat.locator("#spoiler-card")).to_contain_text(f"at table {code_b}")
    expect(cat.locator("#spoilers-show")).to_be_visible()
    expect(cat.locator("#table-ui")).to_be_hidden()
    assert cat.evaluate("(code) => fetch(`/api/tables/${code}/replay`).then((r) => r.status)", code_a) == 403
    shot(cat, "deal-spoiler-wall-desktop")

    cat.goto(f"{server.url}/t/{code_b}")
    cat.wait_for_selector("#table-ui:not([hidden])")
    finish(cat, dan, code_b)
    for page, other in ((ann, code_b), (cat, code_a), (dan, code_a)):
        page.goto(server.url + deal_url)
        expect(page.locator(f".deal-table a[href='/t/{other}']")).to_be_visible()
        expect(page.locator(".deal-table tbody tr")).to_have_count(2)
    shot(cat, "deal-results-desktop")

    # the home page now says the deal was played, and links its results
    ann.goto(server.url + "/")
    ann.select_option("#daily-pick", label="3-High for 2")
    expect(ann.locator("#daily-results")).to_have_attribute("href", deal_url)
    expect(ann.locator("#daily-btn")).to_be_disabled()


def test_a_stranger_sees_results_only_by_choosing_spoilers(live_server, new_page):
    server = live_server()
    ann = new_page()
    ann.goto(server.url + "/")
    ann.click("#daily-btn")   # solo, the first choice
    ann.fill("#solo-name-input", "Ann")
    ann.click("#solo-name-go")
    ann.wait_for_url(re.compile(r"/t/\w+$"))
    code = ann.url.rsplit("/", 1)[1]
    ann.wait_for_selector("#table-ui:not([hidden])")
    assert ann.evaluate(FINISH, code) == "finished"
    ann.reload()
    expect(ann.locator("#deal-card")).to_be_visible()
    deal_url = ann.get_attribute("#deal-results", "href")
    eve = new_page()
    eve.goto(server.url + deal_url)
    expect(eve.locator("#deal-why")).to_contain_text("Finish this deal")
    expect(eve.locator(".deal-table")).to_have_count(0)
    eve.click("#spoilers-btn")
    expect(eve.locator(f".deal-table a[href='/t/{code}']")).to_be_visible()


def solo_table(page, base: str, name: str, options: dict) -> str:
    """A finished solo 3-High table of this page's browser, with these house rules: its code."""
    page.goto(base + "/")
    made = page.evaluate("""async ([name, options]) => {
      const post = (path, body) => fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body) }).then((r) => r.json());
      const t = await post("/api/tables", { game: "three-high", players: 1, name, options });
      await post(`/api/tables/${t.code}/start`, {});
      return t.code;
    }""", [name, options])
    assert page.evaluate(FINISH, made) == "finished"
    return made


def test_play_this_deal_says_it_was_played_keeps_house_rules_asks_a_name_and_spoils_nothing(live_server, new_page,
                                                                                           shot):
    server = live_server()
    ann = new_page()
    code = solo_table(ann, server.url, "Ann", {"allow_zero_moves": True})
    ann.goto(f"{server.url}/t/{code}")
    expect(ann.locator("#deal-mine")).to_contain_text("You have played this deal: you ")
    expect(ann.locator("#deal-mine")).to_contain_text(f"table {code}, allow zero moves")
    link = ann.input_value("#deal-link")
    assert link.endswith("?allow_zero_moves=true"), link
    assert link.endswith(ann.get_attribute("#deal-results", "href"))   # the results page plays them too

    # Eve, sent the link (no name saved; a messenger added its own parameter): the house rules come with it
    # (ticked; the game's only), her name is asked
    eve = new_page()
    eve.goto(link + "&fbclid=abc")
    expect(eve.locator("#rule-allow_zero_moves")).to_be_checked()
    expect(eve.locator("#deal-rules input")).to_have_count(1)   # solo: no "hidden hands"
    assert eve.input_value("#deal-link") == link
    shot(eve, "deal-page-house-rules-desktop")
    eve.click("#deal-play-btn")
    eve.fill("#deal-name-input", "Eve")
    eve.click("#deal-name button[type=submit]")
    eve.wait_for_url(re.compile(r"/t/\w+$"))
    mine = eve.url.rsplit("/", 1)[1]
    eve.wait_for_selector("#table-ui:not([hidden])")
    table = eve.evaluate("(code) => fetch(`/api/tables/${code}`).then((r) => r.json())", mine)
    assert table["options"]["allow_zero_moves"] is True and table["seats"][0]["name"] == "Eve"

    # while she plays it, Ann's table is hidden from her, until she chooses to see it
    eve.goto(f"{server.url}/t/{code}")
    expect(eve.locator("#spoiler-card")).to_contain_text(f"at table {mine}")
    eve.click("#spoilers-show")
    eve.wait_for_selector("#table-ui:not([hidden])")
    expect(eve.locator("#deal-mine")).to_contain_text(f"You are playing it at table {mine}")
    expect(eve.locator("#spoiler-card")).to_have_count(0)

    # Fay, no name saved, plays the deal from Ann's finished table: asked her name, never "Player"
    fay = new_page({"width": 390, "height": 844})
    fay.goto(f"{server.url}/t/{code}")
    fay.click("#result-close")   # the game's result first, then the board and its side
    expect(fay.locator("#result")).to_be_hidden()
    expect(fay.locator("#deal-card")).to_be_visible()
    expect(fay.locator("#deal-mine")).to_have_count(0)
    fay.click("#deal-play")
    expect(fay.locator("#deal-name")).to_be_visible()
    shot(fay, "deal-card-name-phone")
    fay.fill("#deal-name-input", "Fay")
    fay.click("#deal-name button[type=submit]")
    fay.wait_for_url(lambda url: re.search(r"/t/\w+$", url) is not None and not url.endswith(code))
    fay.wait_for_selector("#table-ui:not([hidden])")
    other = fay.url.rsplit("/", 1)[1]
    table = fay.evaluate("(code) => fetch(`/api/tables/${code}`).then((r) => r.json())", other)
    assert table["seats"][0]["name"] == "Fay" and table["options"]["allow_zero_moves"] is True
    assert other != code


def test_todays_deal_from_the_home_page_asks_the_name_of_a_browser_without_one(live_server, new_page):
    server = live_server()
    gil = new_page()
    gil.goto(server.url + "/")
    gil.click("#daily-btn")   # solo, the first choice
    expect(gil.locator("#solo-name")).to_be_visible()
    gil.fill("#solo-name-input", "Gil")
    gil.click("#solo-name-go")
    gil.wait_for_url(re.compile(r"/t/\w+$"))
    gil.wait_for_selector("#table-ui:not([hidden])")
    code = gil.url.rsplit("/", 1)[1]
    table = gil.evaluate("(code) => fetch(`/api/tables/${code}`).then((r) => r.json())", code)
    assert table["seats"][0]["name"] == "Gil"
