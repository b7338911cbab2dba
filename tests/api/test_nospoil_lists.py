""""Don't spoil" beyond the replay (docs/API.md "Spoiler-free replays"): the lists that name ended tables carry
nothing the page hides for a person with the switch on (the icehouse_nospoil cookie, or ?nospoil=1): GET
/api/me and /ws/me give an ended table no board (it holds the result and the final score) and no length; a
deal's results list the other tables as they finished (never ranked: the order alone would tell), without
their result or length, linking their spoiler-free replays; the person's own table keeps its result but no
rank. Without the switch, everything is as before. A notice about a table links its page, which sends a
spoiler-free person to the replay (tests/tables/test_nospoil.py), and says no result."""
from __future__ import annotations

import json

import httpx
import pytest

from app.tables.deals.results import UNSPOILED
from app.tables.identity import share_url
from app.tables.notify.channels import FORMATS, Notice, webhook_body
from app.tables.review.nospoil import NOSPOIL_COOKIE
from tests.api.helpers import bearer
from tests.api.test_deals import play_to_end, today_solo
from tests.api.wsclient import WS

RESULT_KEYS = ('"outcome"', '"winners"', '"scores"', '"score"', '"trees"', '"result"', '"rank"', '"reason"')


def leaks(value: object) -> list[str]:
    text = json.dumps(value)
    return [k for k in RESULT_KEYS if k in text]


async def finished_solo(client: httpx.AsyncClient, name: str = "Ann") -> str:
    made = await today_solo(client, name)
    await play_to_end(client, made["code"], made["token"])
    return made["code"]


async def test_my_tables_carry_no_board_or_length_of_an_ended_game_when_spoiler_free(new_client):
    ann = new_client()
    code = await finished_solo(ann)
    plain = (await ann.get("/api/me")).json()
    mine = next(t for t in plain["tables"] if t["code"] == code)
    assert mine["status"] == "finished" and mine["view"]["result"] and mine["seq"] > 0  # as before
    for how in ("cookie", "link"):
        if how == "cookie":
            ann.cookies.set(NOSPOIL_COOKIE, "1")
        body = (await ann.get("/api/me" if how == "cookie" else "/api/me?nospoil=1")).json()
        table = next(t for t in body["tables"] if t["code"] == code)
        assert table["status"] == "finished" and table["view"] is None and table["seq"] is None, how
        assert leaks(body) == [], how
        assert table["players"] == mine["players"] and table["moved_at"] == mine["moved_at"]
    made = (await ann.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Ann"})).json()
    assert (await ann.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))).status_code == 200
    body = (await ann.get("/api/me")).json()  # spoiler-free, a table in play keeps its board and its seq
    live = next(t for t in body["tables"] if t["code"] == made["code"])
    assert live["status"] == "playing" and live["view"] is not None and live["seq"] == 0


async def test_the_live_my_tables_is_spoiler_free_too(live_server):
    server = live_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as ann:
        code = await finished_solo(ann)
        cookie = "; ".join(f"{k}={v}" for k, v in ann.cookies.items())
        ws = await WS.open(f"{server.ws_url}/ws/me", cookie=f"{cookie}; {NOSPOIL_COOKIE}=1")
        try:
            first = await ws.until("me")
        finally:
            await ws.conn.close()
        table = next(t for t in first["tables"] if t["code"] == code)
        assert table["view"] is None and table["seq"] is None and leaks(first) == []
        ws = await WS.open(f"{server.ws_url}/ws/me", cookie=cookie)  # without the switch: as before
        try:
            plain = await ws.until("me")
        finally:
            await ws.conn.close()
        assert next(t for t in plain["tables"] if t["code"] == code)["view"]["result"]


async def test_a_deals_results_are_unranked_and_say_nothing_of_other_tables_when_spoiler_free(new_client):
    ann, bea, cal = new_client(), new_client(), new_client()
    first, second = await finished_solo(ann), await finished_solo(bea, "Bea")
    deal = (await ann.get("/api/deals/today")).json()["deals"][0]["id"]
    plain = (await cal.get(f"/api/deals/{deal}?spoilers=1")).json()["variants"][0]["results"]
    assert [r["rank"] for r in plain] == [1, 2] and all("outcome" in r and "moves" in r for r in plain)
    # the same results, one tied: as ranked, the earlier finish first; spoiler-free, the newest first
    assert [r["code"] for r in plain] == [first, second]
    cal.cookies.set(NOSPOIL_COOKIE, "1")
    body = (await cal.get(f"/api/deals/{deal}?spoilers=1")).json()
    rows = body["variants"][0]["results"]
    assert [r["code"] for r in rows] == [second, first]
    assert [r["finished_at"] for r in rows] == sorted((r["finished_at"] for r in rows), reverse=True)
    for r in rows:
        assert set(r) == set(UNSPOILED) and r["url"] == r["replay"] == f"/t/{r['code']}/review"
    assert leaks(body["variants"]) == []
    # Ann's own table keeps its result (she knows it), without a rank; Bea's says nothing
    ann.cookies.set(NOSPOIL_COOKIE, "1")
    own = (await ann.get(f"/api/deals/{deal}")).json()["variants"][0]["results"]
    assert [r["code"] for r in own] == [second, first]
    assert own[1]["yours"] and own[1]["outcome"] in ("won", "lost") and "rank" not in own[1]
    assert not own[0]["yours"] and leaks(own[0]) == []
    link = (await new_client().get(f"/api/deals/{deal}?spoilers=1&nospoil=1")).json()["variants"][0]["results"]
    assert leaks(link) == []  # a ?nospoil=1 link asks the same


@pytest.mark.parametrize("kind", ["turn", "reminder", "nudge", "takeback"])
async def test_a_notice_says_no_result_and_links_the_page_that_sends_a_spoiler_free_person_to_the_replay(
        new_client, kind):
    """Notices go to channels that cannot read the switch: each links the table's page, which sends a
    spoiler-free person to the replay once the game has ended, and says whose turn it is, never how it went."""
    client = new_client()
    made = await today_solo(client)
    await play_to_end(client, made["code"], made["token"])
    notice = Notice(kind=kind, code=made["code"], title="3-High", seat=0, name="Ann", seq=3, by="Bea",
                    url=share_url(None, made["code"]))
    for fmt in FORMATS:
        body = webhook_body(fmt, notice)
        assert leaks(body) == [] and "won" not in json.dumps(body).lower(), fmt
    assert notice.url == f"/t/{made['code']}" and notice.url in notice.text
    client.cookies.set(NOSPOIL_COOKIE, "1")
    r = await client.get(notice.url)
    assert r.status_code == 303 and r.headers["location"] == f"/t/{made['code']}/review"
