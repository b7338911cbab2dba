"""A takeback in Chromium, two people at a Turning Points table: the one who moved presses "Take
back" under the players, the other is told and refuses; after the other's move the first asks again (both
moves), the other accepts, and both pages show the position as it was, the taken-back steps struck through
in the log beside the takeback's own line; played to its end, the review room lists them, struck through."""
from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

FETCH = """async ([path, method, body]) => {
  const r = await fetch(path, {method, headers: {"Content-Type": "application/json"},
                               body: body == null ? undefined : JSON.stringify(body)});
  return [r.status, await r.json()];
}"""


def api(page, path: str, method: str = "GET", body: dict | None = None) -> dict:
    status, data = page.evaluate(FETCH, [path, method, body])
    assert status < 300, (path, status, data)
    return data


def seq(page) -> int:
    return int(page.get_attribute("#table-root", "data-seq"))


def play_first_legal(page, code: str) -> None:
    st = api(page, f"/api/tables/{code}")
    api(page, f"/api/tables/{code}/moves", "POST", {"seq": st["seq"], "move": st["legal_moves"][0]})


def test_two_people_refuse_then_agree_on_a_takeback(live_server, new_page, shot):
    server = live_server(bot_delay_seconds="0.3")
    ann, bea = new_page(), new_page(PHONE)
    ann.goto(server.url + "/")
    code = api(ann, "/api/tables", "POST", {"game": "turning-points", "players": 2, "name": "Ann",
                                            "options": {"shape": "square", "size": 3}})["code"]
    ann.goto(f"{server.url}/t/{code}")
    bea.goto(f"{server.url}/t/{code}")
    bea.fill("#join-name", "Bea")
    bea.click("#join-form button[type=submit]")
    bea.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    ann.wait_for_selector("#start-btn:not([disabled])")
    ann.click("#start-btn")
    for page in (ann, bea):
        page.wait_for_function("() => document.getElementById('table-root').dataset.status === 'playing'")
    pages = {0: ann, 1: bea}
    first = int(ann.get_attribute("#seats li.acting", "data-seat"))
    mover, other = pages[first], pages[1 - first]
    assert other.locator("#takeback-btn").count() == 0  # nothing of theirs to take back yet
    play_first_legal(mover, code)
    other.wait_for_function("() => document.getElementById('table-root').dataset.seq === '1'")
    mover.wait_for_selector("#takeback-btn")
    assert other.locator("#takeback-btn").count() == 0  # still no move of theirs

    mover.click("#takeback-btn")
    mover.wait_for_selector("#takeback-withdraw")
    other.wait_for_selector("#takeback-asked >> text=asks to take back move 1")
    other.wait_for_selector("#notices >> text=asks to take back a move")
    shot(other, "takeback-asked-phone")
    other.click("#takeback-no")
    mover.wait_for_selector("#notices >> text=Your takeback request was refused.")
    mover.wait_for_selector("#takeback-btn", state="detached")  # not again before the next move
    other.wait_for_selector("#log >> text=refused")

    play_first_legal(other, code)  # the other moves: the first may ask again, for both moves
    mover.wait_for_function("() => document.getElementById('table-root').dataset.seq === '2'")
    mover.click("#takeback-btn")
    other.wait_for_selector("#takeback-asked >> text=asks to take back moves 1 to 2")
    other.click("#takeback-yes")
    for page in (ann, bea):
        page.wait_for_function("() => document.getElementById('table-root').dataset.seq === '3'")
        page.wait_for_selector("#log li.takeback >> text=took back moves 1 to 2 (agreed)")
        assert page.locator("#log li.taken-back").count() >= 2
        assert "(taken back)" in page.inner_text("#log li.taken-back >> nth=0")
        page.wait_for_selector("#takeback-asked", state="detached")
    assert int(mover.get_attribute("#seats li.acting", "data-seat")) == first  # the mover's turn again
    state = api(other, f"/api/tables/{code}")
    assert state["takeback"] is None and state["seq"] == 3
    assert not state["view"].get("cells")  # the board as dealt: empty
    for page in (ann, bea):  # once any chain still playing has played out, the board is the deal's: empty
        page.wait_for_selector(".tp-busy", state="detached", timeout=15000)
        page.wait_for_function("() => !document.querySelector('.tp-piece')")
    shot(mover, "takeback-done-desktop")

    # played to the end, the review room lists every step, the two taken back struck through
    for _ in range(20):
        st = api(ann, f"/api/tables/{code}")
        if st["status"] != "playing":
            break
        play_first_legal(pages[st["to_act"][0]], code)
    assert st["status"] == "finished"
    ann.goto(f"{server.url}/t/{code}/review")
    ann.wait_for_selector("#review-movelist li >> text=took back moves 1 to 2 (agreed)")
    assert ann.locator("#review-movelist li.taken-back").count() == 2
    assert "(taken back)" in ann.inner_text("#review-movelist li.taken-back >> nth=0")
    shot(ann, "takeback-review-desktop")


def test_a_three_high_teammate_asks_and_hears_why_a_play_that_drew_cannot_be_taken_back(live_server, new_page):
    server = live_server(bot_delay_seconds="0.3")
    ann, bea = new_page(), new_page(PHONE)
    ann.goto(server.url + "/")
    code = api(ann, "/api/tables", "POST", {"game": "three-high", "players": 2, "name": "Ann"})["code"]
    bea.goto(f"{server.url}/t/{code}")
    bea.fill("#join-name", "Bea")
    bea.click("#join-form button[type=submit]")
    bea.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    api(ann, f"/api/tables/{code}/start", "POST", {})
    ann.goto(f"{server.url}/t/{code}")
    first = int(ann.get_attribute("#seats li.acting", "data-seat"))
    pages = {0: ann, 1: bea}
    play_first_legal(pages[first], code)  # a play that completes no tree draws a card
    teammate = pages[1 - first]
    teammate.wait_for_function("() => document.getElementById('table-root').dataset.seq === '1'")
    teammate.click("#takeback-btn")  # the team's last play, whoever made it
    teammate.wait_for_selector("#takeback-status >> text=a card once seen cannot be un-seen")
    assert teammate.locator("#takeback-asked").count() == 0
