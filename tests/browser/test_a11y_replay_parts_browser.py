"""axe-core (tests/browser/a11y.py) finds no serious or critical violation in the parts of a finished game's
pages that a screen reader meets after the game: the replay with its notes (one written, the editor open),
the replay spoiler-free (the switch on, nothing of the result shown), the table page's "Note my last move"
during a game, and the same replay on a phone. The parts a keyboard reaches are reached by the keyboard."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import axe_violations
from tests.browser.conftest import PHONE
from tests.browser.test_notes_browser import finished_solo

pytestmark = pytest.mark.browser


def report(found: dict[str, list[dict]]) -> str:
    return "\n".join(f"{where}:\n" + "\n".join(f"  - {v['id']} ({v['impact']}): {v['help']}\n      "
                                              + "\n      ".join(v["nodes"]) for v in bad)
                     for where, bad in found.items() if bad)


def test_notes_and_the_spoiler_free_replay_have_no_serious_violation(live_server, new_page):
    server = live_server()
    base = server.url
    found: dict[str, list[dict]] = {}
    page = new_page()
    code = finished_solo(page, base)

    page.goto(f"{base}/t/{code}/review?move=2")
    write = page.locator("#note-write")
    write.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#note-text")).to_be_focused()
    page.keyboard.type("kept the red ace for later")
    found["replay: the note editor open"] = axe_violations(page)
    page.click("#note-save")
    expect(page.locator("#note-list")).to_contain_text("kept the red ace for later")
    found["replay: a note beside the move"] = axe_violations(page)

    # spoiler-free: by the link, then by the switch (a button with its pressed state)
    page.goto(f"{base}/t/{code}/review?nospoil=1")
    expect(page.locator("body")).to_have_attribute("data-nospoil", "1")
    found["replay, spoiler-free"] = axe_violations(page)

    phone = new_page(PHONE)
    finished = finished_solo(phone, base)
    phone.goto(f"{base}/t/{finished}/review?move=1")
    expect(phone.locator("#note-write")).to_be_visible()
    found["replay on a phone"] = axe_violations(phone)

    # during a game: the table page's note on one's own last move
    r = page.request.post(f"{base}/api/tables", data={"game": "three-high", "players": 1, "name": "Ann"})
    playing, auth = r.json()["code"], {"Authorization": f"Bearer {r.json()['token']}"}
    assert page.request.post(f"{base}/api/tables/{playing}/start", headers=auth).status == 200
    st = page.request.get(f"{base}/api/tables/{playing}", headers=auth).json()
    assert page.request.post(f"{base}/api/tables/{playing}/moves", headers=auth,
                             data={"seq": st["seq"], "move": st["legal_moves"][0]}).status == 200
    page.goto(f"{base}/t/{playing}")
    page.click("#note-last")
    expect(page.get_by_label("A note on your move 1")).to_be_focused()
    found["table: a note on my last move"] = axe_violations(page)
    assert not any(found.values()), report(found)
