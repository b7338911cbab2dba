"""Notes on a move in a real Chromium: Ann plays a solo 3-High game to its end (over the API, with her
browser's cookie), opens its replay at move 3, writes a note with the keyboard-reachable "Note" button, sees
it beside the move and in the move list, and still sees it after a reload; she edits it and deletes it."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def finished_solo(page, base: str) -> str:
    r = page.request.post(f"{base}/api/tables", data={"game": "three-high", "players": 1, "name": "Ann"})
    assert r.status == 201
    code, auth = r.json()["code"], {"Authorization": f"Bearer {r.json()['token']}"}
    assert page.request.post(f"{base}/api/tables/{code}/start", headers=auth).status == 200
    for _ in range(400):
        st = page.request.get(f"{base}/api/tables/{code}", headers=auth).json()
        if st["status"] != "playing":
            return code
        r = page.request.post(f"{base}/api/tables/{code}/moves", headers=auth,
                              data={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status == 200, r.text()
    raise AssertionError("the game never ended")


def test_a_note_written_in_the_replay_is_there_after_a_reload(live_server, new_page, shot):
    server = live_server()
    page = new_page()
    code = finished_solo(page, server.url)
    page.goto(f"{server.url}/t/{code}/review?move=3")
    expect(page.locator("#notes-title")).to_have_text("Notes on move 3")
    expect(page.locator("#note-none")).to_be_visible()
    write = page.locator("#note-write")
    expect(write).to_have_attribute("aria-label", "Write a note on move 3")
    write.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#note-text")).to_be_focused()
    expect(page.get_by_label("A note on move 3")).to_be_visible()
    page.keyboard.type("Should have kept the ace")
    page.click("#note-save")
    expect(page.locator("#note-list")).to_contain_text("Should have kept the ace")
    expect(page.locator("#note-status")).to_have_text("Note written.")
    expect(page.locator("#review-movelist li[data-seq='3'] .note-count")).to_contain_text("1 note")
    shot(page, "notes-replay")
    page.reload()
    expect(page.locator("#note-list")).to_contain_text("Should have kept the ace")
    expect(page.locator("#note-list li.mine strong")).to_have_text("You")
    # the author edits and deletes it; the arrow keys in the text box type, they do not step
    page.click("#note-list button[data-edit]")
    expect(page.locator("#note-text")).to_have_value("Should have kept the ace")
    page.keyboard.press("End")
    page.keyboard.type(" of hearts")
    page.keyboard.press("ArrowLeft")
    page.click("#note-save")
    expect(page.locator("#note-list")).to_contain_text("Should have kept the ace of hearts")
    expect(page.locator("#notes-title")).to_have_text("Notes on move 3")
    page.click("#note-list button[data-delete]")
    expect(page.locator("#note-none")).to_be_visible()
    expect(page.locator("#review-movelist li[data-seq='3'] .note-count")).to_have_count(0)


def test_a_player_notes_their_last_move_during_the_game(live_server, new_page):
    server = live_server()
    page = new_page()
    r = page.request.post(f"{server.url}/api/tables", data={"game": "three-high", "players": 1, "name": "Ann"})
    code, auth = r.json()["code"], {"Authorization": f"Bearer {r.json()['token']}"}
    assert page.request.post(f"{server.url}/api/tables/{code}/start", headers=auth).status == 200
    for _ in range(2):
        st = page.request.get(f"{server.url}/api/tables/{code}", headers=auth).json()
        assert page.request.post(f"{server.url}/api/tables/{code}/moves", headers=auth,
                                 data={"seq": st["seq"], "move": st["legal_moves"][0]}).status == 200
    page.goto(f"{server.url}/t/{code}")
    page.click("#note-last")
    expect(page.get_by_label("A note on your move 2")).to_be_focused()
    page.keyboard.type("the plan: clear the north")
    page.click("#note-save")
    expect(page.locator("#note-status")).to_contain_text("Note written on move 2")
    notes = page.request.get(f"{server.url}/api/tables/{code}/notes").json()
    assert [(n["seq"], n["text"], n["during"]) for n in notes] == [(2, "the plan: clear the north", True)]


ADMIN_TOKEN = "notes-browser-admin"


def test_a_note_appears_edits_and_goes_in_another_browser_without_a_reload(live_server, new_page, shot):
    """Ann (the player) and Cal (a guest) have the replay open at move 3: Ann's note shows on Cal's page at
    once, said for screen readers, then her edit; the admin deletes it from the admin page (confirmed) and it
    goes from both pages, no reload anywhere, while the second note Ann is typing stays as she typed it."""
    server = live_server(admin_token=ADMIN_TOKEN)
    ann, cal, admin = new_page(), new_page(), new_page()
    code = finished_solo(ann, server.url)
    ann.goto(f"{server.url}/t/{code}/review?move=3")
    cal.goto(f"{server.url}/t/{code}/review?move=3")
    for page in (ann, cal):
        expect(page.locator("#notes-title")).to_have_text("Notes on move 3")
        expect(page.locator("#note-none")).to_be_visible()
        expect(page.locator("#review-members")).to_contain_text("Ann")  # in the room: its socket is open
        expect(page.locator("#review-members")).to_contain_text("Guest")
    expect(cal.locator("#note-write")).to_have_count(0)  # a guest reads notes, writes none
    ann.click("#note-write")
    ann.keyboard.type("The ace should have waited")
    ann.click("#note-save")
    expect(ann.locator("#note-status")).to_have_text("Note written.")
    expect(cal.locator("#note-list")).to_contain_text("The ace should have waited")
    expect(cal.locator("#note-list li strong")).to_have_text("Ann")
    expect(cal.locator("#note-status")).to_have_text("Ann wrote a note on this move.")
    expect(cal.locator("#review-movelist li[data-seq='3'] .note-count")).to_contain_text("1 note")
    shot(cal, "notes-live-guest")
    ann.click("#note-list button[data-edit]")
    ann.keyboard.press("End")
    ann.keyboard.type(", really")
    ann.click("#note-save")
    expect(cal.locator("#note-list")).to_contain_text("The ace should have waited, really")
    expect(cal.locator("#note-list")).to_contain_text("(edited)")
    expect(cal.locator("#note-status")).to_have_text("Ann edited a note on this move.")
    # Ann starts a second note; the admin deletes the first from the table's page of the admin area
    ann.click("#note-write")
    ann.keyboard.type("A second thought")
    admin.goto(f"{server.url}/admin")
    admin.fill("#admin-token", ADMIN_TOKEN)
    admin.click("#admin-login-form button[type=submit]")
    expect(admin.locator(f"a.code-link:has-text('{code}')")).to_be_visible()  # logged in: the list is there
    admin.goto(f"{server.url}/admin#{code}")
    button = admin.locator("#d-notes button[data-delete-note]")
    expect(button).to_have_attribute("aria-label", "Delete the note by Ann on move 3")
    admin.once("dialog", lambda dialog: dialog.accept())
    button.click()
    expect(admin.locator("#d-notes-status")).to_have_text("Note deleted.")
    expect(admin.locator("#d-notes")).to_contain_text("No notes.")
    for page in (ann, cal):
        expect(page.locator("#note-none")).to_be_visible()
        expect(page.locator("#review-movelist li[data-seq='3'] .note-count")).to_have_count(0)
    expect(cal.locator("#note-status")).to_have_text("A note on this move was deleted.")
    expect(ann.locator("#note-text")).to_have_value("A second thought")  # what she types is kept
    expect(ann.locator("#note-text")).to_be_focused()
    assert ann.request.get(f"{server.url}/api/tables/{code}/notes").json() == []
