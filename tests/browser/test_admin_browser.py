"""The /admin page in a real Chromium: log in with the admin token, filter the tables, open a finished one,
step its replay (buttons, keys, move list). Screenshots at desktop and phone widths go to artifacts/."""
from __future__ import annotations

import json

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

TOKEN = "browser-admin-token"


@pytest.fixture
def admin_server(live_server):
    return live_server(admin_token=TOKEN)


def make_tables(base: str) -> dict:
    """A finished solo game by Zed (with chat), a 2-seat table with a bot in play, a lobby; via the API."""
    with httpx.Client(base_url=base, timeout=10) as c:
        def solo(name: str, moves: int | None) -> tuple[str, str]:
            made = c.post("/api/tables", json={"game": "three-high", "players": 1, "name": name}).json()
            code, auth = made["code"], {"Authorization": f"Bearer {made['token']}"}
            assert c.post(f"/api/tables/{code}/start", headers=auth).status_code == 200
            c.post(f"/api/tables/{code}/chat", headers=auth, json={"text": f"{name} here, good luck"})
            played = 0
            while moves is None or played < moves:
                st = c.get(f"/api/tables/{code}", headers=auth).json()
                if st["status"] != "playing":
                    break
                r = c.post(f"/api/tables/{code}/moves", headers=auth,
                           json={"seq": st["seq"], "move": st["legal_moves"][0]})
                assert r.status_code == 200, r.text
                played += 1
            return code, made["token"]

        finished, _ = solo("Zed", None)
        playing, _ = solo("Amy", 2)
        with httpx.Client(base_url=base, timeout=10) as other:
            other.post("/api/tables", json={"game": "three-high", "players": 3, "name": "Lou"})
    return {"finished": finished, "playing": playing}


def wait_rows(page, codes: list[str]) -> None:
    """Wait until the list shows exactly these tables (a filter's answer, not the list before it)."""
    page.wait_for_function("want => JSON.stringify([...document.querySelectorAll('#tables-body tr')]"
                           ".map(tr => tr.dataset.code)) === JSON.stringify(want)", arg=codes)


def wait_seq(page, n: int) -> None:
    page.wait_for_function("n => document.getElementById('admin-root').dataset.seq === String(n)", arg=n)


def test_admin_logs_in_filters_opens_a_finished_table_and_steps_the_replay(admin_server, new_page, shot):
    base = admin_server.url
    codes = make_tables(base)
    page = new_page()
    page.goto(base + "/admin")
    page.fill("#admin-token", "not-the-token")
    page.click("#admin-login-form button[type=submit]")
    expect(page.locator("#login-error")).to_contain_text("not the right one")
    shot(page, "admin-login-refused")

    page.fill("#admin-token", TOKEN)
    page.click("#admin-login-form button[type=submit]")
    expect(page.locator("#tables-body tr")).to_have_count(3)
    expect(page.locator("#page-info")).to_have_text("1–3 of 3")
    shot(page, "admin-list-desktop")

    page.select_option("#f-status", "finished")
    wait_rows(page, [codes["finished"]])
    page.select_option("#f-status", "")
    page.fill("#f-player", "AM")
    page.press("#f-player", "Enter")
    wait_rows(page, [codes["playing"]])
    page.fill("#f-player", "zed")
    page.press("#f-player", "Enter")
    wait_rows(page, [codes["finished"]])

    page.click(f"a.code-link:has-text('{codes['finished']}')")
    expect(page.locator("#admin-detail")).to_be_visible()
    page.wait_for_function("() => document.getElementById('admin-root').dataset.seq")
    last = int(page.get_attribute("#r-slider", "max"))
    assert last >= 2
    wait_seq(page, last)
    expect(page.locator("#r-check")).to_have_text("replay matches the stored game")
    expect(page.locator("#d-chat")).to_contain_text("Zed here, good luck")
    expect(page.locator("#d-moves li")).to_have_count(last + 1)
    # draw pile and discard, face up (drawn by the game module)
    expect(page.locator("#r-board .pile")).to_have_count(2)
    shot(page, "admin-detail-end-desktop")

    page.click("#r-first")
    wait_seq(page, 0)
    expect(page.locator("#r-step")).to_have_text("The position as dealt.")
    assert page.locator("#r-board .last-to").count() == 0
    page.locator("#r-slider").blur()
    page.keyboard.press("ArrowRight")
    wait_seq(page, 1)
    page.click("#r-next")
    wait_seq(page, 2)
    expect(page.locator("#r-step")).to_contain_text("Zed played")
    assert page.locator("#r-board .last-to").count() == 1 and page.locator("#r-board .last-from").count() == 1
    expect(page.locator("#d-moves li.current")).to_contain_text("2. Zed played")
    page.keyboard.press("ArrowLeft")
    wait_seq(page, 1)
    page.click("#d-moves button[data-seq='2']")
    wait_seq(page, 2)
    shot(page, "admin-detail-step-desktop")

    phone = new_page(PHONE)
    phone.goto(base + "/admin")
    phone.fill("#admin-token", TOKEN)
    phone.click("#admin-login-form button[type=submit]")
    expect(phone.locator("#tables-body tr")).to_have_count(3)
    assert_cells_apart(phone)
    shot(phone, "admin-list-phone")
    phone.goto(f"{base}/admin#{codes['finished']}/2")
    wait_seq(phone, 2)
    shot(phone, "admin-detail-phone")


CELLS_APART = """() => {
  const bad = [];
  for (const tr of document.querySelectorAll('#tables-body tr')) {
    const cells = [...tr.children].filter((td) => td.getClientRects().length);
    for (const td of cells) {
      const box = td.getBoundingClientRect();
      for (const child of td.querySelectorAll("*")) {  // the value (a time, a link, a badge) stays inside its cell
        const r = child.getBoundingClientRect();
        if (r.right > box.right + 1 || r.left < box.left - 1) bad.push(`${td.dataset.label}: value outside its cell`);
      }
      const label = parseFloat(getComputedStyle(td, '::before').height);  // the label on one line
      if (label > 1.6 * parseFloat(getComputedStyle(td, '::before').lineHeight || 16)) {
        bad.push(`${td.dataset.label}: label wraps`);
      }
      for (const other of cells) {
        if (other === td) continue;
        const o = other.getBoundingClientRect();
        if (box.left < o.right - 1 && o.left < box.right - 1 && box.top < o.bottom - 1 && o.top < box.bottom - 1)
          bad.push(`${td.dataset.label} overlaps ${other.dataset.label}`);
      }
    }
  }
  return bad;
}"""


def assert_cells_apart(page) -> None:
    """On a phone the list is one card per table: no value overflows its cell into the next one (the
    dates did, over "Last move"), and no cell overlaps another."""
    assert page.evaluate(CELLS_APART) == []


def log_in(page, base: str) -> None:
    page.goto(base + "/admin")
    page.fill("#admin-token", TOKEN)
    page.click("#admin-login-form button[type=submit]")
    expect(page.locator("#admin-browser")).to_be_visible()


def test_admin_sorts_exports_imports_deletes_and_reads_the_statistics(admin_server, new_page, shot, tmp_path):
    base = admin_server.url
    codes = make_tables(base)
    page = new_page()
    log_in(page, base)
    expect(page.locator("#tables-body tr")).to_have_count(3)
    page.select_option("#f-sort", "created:asc")
    expect(page.locator("#tables-body tr").first).to_have_attribute("data-code", codes["finished"])  # made first
    page.select_option("#f-sort", "created")
    expect(page.locator("#tables-body tr").last).to_have_attribute("data-code", codes["finished"])
    page.select_option("#f-sort", "created:asc")
    expect(page.locator("#tables-body tr").first).to_have_attribute("data-code", codes["finished"])
    expect(page.locator("#next-page")).to_have_text("Newer →")
    page.fill("#f-from", "2000-01-01")
    page.fill("#f-to", "2000-01-31")
    page.locator("#f-to").dispatch_event("change")
    wait_rows(page, [])
    expect(page.locator("#list-status")).to_have_text("No table matches these filters.")
    page.fill("#f-from", "")
    page.fill("#f-to", "")
    page.locator("#f-to").dispatch_event("change")
    expect(page.locator("#tables-body tr")).to_have_count(3)
    last_move = page.locator(f"#tables-body tr[data-code='{codes['finished']}'] td[data-label='Last move'] time")
    expect(last_move).to_have_count(1)

    # export the finished game to a file
    page.goto(f"{base}/admin#{codes['finished']}")
    wait_seq(page, int(page.get_attribute("#r-slider", "max") or 0) or 1)
    with page.expect_download() as download:
        page.click("#export-btn")
    path = tmp_path / "export.json"
    download.value.save_as(path)
    assert download.value.suggested_filename == f"icehouse-{codes['finished']}.json"
    exported = json.loads(path.read_text())  # the open game record (docs/GAME-RECORD.md), seed and chat included
    assert (exported["format"], exported["version"], exported["origin"]["code"]) == (
        "icehouse-game-record", 1, codes["finished"])

    # delete it: the page asks first; "Keep it" keeps it
    page.click("#delete-btn")
    expect(page.locator("#delete-confirm")).to_be_visible()
    expect(page.locator("#delete-question")).to_contain_text(f"Delete table {codes['finished']}")
    shot(page, "admin-delete-confirm")
    page.click("#delete-no")
    expect(page.locator("#delete-confirm")).to_be_hidden()
    assert httpx.get(f"{base}/api/tables/{codes['finished']}").status_code == 200
    page.click("#delete-btn")
    page.click("#delete-yes")
    expect(page.locator("#admin-browser")).to_be_visible()
    expect(page.locator("#list-status")).to_have_text(f"Table {codes['finished']} was deleted.")
    expect(page.locator("#tables-body tr")).to_have_count(2)
    assert httpx.get(f"{base}/api/tables/{codes['finished']}").status_code == 404

    # import the file: a new finished table whose replay matches
    page.set_input_files("#import-file", str(path))
    page.click("#import-form button[type=submit]")
    expect(page.locator("#admin-detail")).to_be_visible()
    expect(page.locator("#r-check")).to_have_text("replay matches the stored game")
    new_code = page.evaluate("location.hash.slice(1).split('/')[0]")
    assert new_code and new_code != codes["finished"]
    expect(page.locator("#d-facts")).to_contain_text("finished")
    expect(page.locator("#d-facts")).to_contain_text("Imported from an exported file")
    expect(page.locator("#d-chat")).to_contain_text("Zed here, good luck")  # the chat came with the file
    imported_facts = page.evaluate("fetch(`/api/admin/tables/${location.hash.slice(1).split('/')[0]}`)"
                                   ".then((r) => r.json())")
    assert imported_facts["created_at"] < imported_facts["finished_at"] and imported_facts["imported"] is True

    # a file that does not replay is refused with the server's sentence
    broken = tmp_path / "broken.json"
    broken.write_text(path.read_text().replace('"format": "icehouse-game-record"', '"format": "other/9"'))
    page.goto(base + "/admin")
    expect(page.locator(f"#tables-body tr[data-code='{new_code}'] .badge.imported")).to_have_text("imported")
    page.set_input_files("#import-file", str(broken))
    page.click("#import-form button[type=submit]")
    expect(page.locator("#import-status")).to_contain_text("Unknown format 'other/9': this server reads game records")

    # the statistics page draws its charts (SVG of our own) for every game: a game finished here first (the
    # one finished before was deleted, and its import does not count)
    with httpx.Client(base_url=base, timeout=10) as c:
        made = c.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Kim"}).json()
        auth = {"Authorization": f"Bearer {made['token']}"}
        assert c.post(f"/api/tables/{made['code']}/start", headers=auth).status_code == 200
        while (st := c.get(f"/api/tables/{made['code']}", headers=auth).json())["status"] == "playing":
            c.post(f"/api/tables/{made['code']}/moves", headers=auth,
                   json={"seq": st["seq"], "move": st["legal_moves"][0]})
    page.click("#stats-link")
    page.wait_for_function("() => document.getElementById('stats-root').dataset.state === 'ready'")
    # the imported game was played elsewhere: counted apart, not among the tables played here
    expect(page.locator("#stats-totals [data-stat='tables'] .stat-value")).to_have_text("3")
    expect(page.locator("#stats-totals [data-stat='imported'] .stat-value")).to_have_text("1")
    assert page.locator("#stats-overview figure.chart svg").count() == 3
    expect(page.locator("section.stats-game[data-game='three-high'] "
                        "figure.chart[data-title='Win rate by seat count'] svg")).to_have_count(1)
    shot(page, "admin-stats-desktop")
    page.click(".range-quick button[data-days='7']")
    page.wait_for_function("() => location.search.includes('from=')")
    page.wait_for_function("() => document.getElementById('stats-root').dataset.state === 'ready'")
    expect(page.locator("#stats-totals [data-stat='tables'] .stat-value")).to_have_text("3")

    phone = new_page(PHONE)
    log_in(phone, base)
    expect(phone.locator(f"#tables-body tr[data-code='{new_code}'] .badge.imported")).to_be_visible()
    assert_cells_apart(phone)
    shot(phone, "admin-list-phone-imported")
    phone.goto(base + "/admin/stats")
    phone.wait_for_function("() => document.getElementById('stats-root').dataset.state === 'ready'")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(phone, "admin-stats-phone")
    logged_out = new_page()
    logged_out.goto(base + "/admin/stats")
    expect(logged_out.locator("#stats-login")).to_be_visible()
