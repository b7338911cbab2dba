"""Spoiler-free replays (docs/API.md "Spoiler-free replays"): for a finished table of each game (its golden
playthrough opened as a record), the review page and the positions served with the "Don't spoil" cookie or a
?nospoil=1 link carry neither the result nor the final score before the end, and do as before without them;
the switch's POST sets and clears the cookie, origin-checked; every page says it on <body data-nospoil>."""
from __future__ import annotations

import json
import re

import pytest

from app.games import GAMES
from app.tables.review.nospoil import NOSPOIL_COOKIE
from tests.tables.test_record import golden

START = re.compile(r'<script type="application/json" id="review-start">(.*?)</script>', re.S)


async def finished(client, name: str) -> tuple[str, int, dict]:
    record, _ = golden(name)
    r = await client.post("/api/records", json=record)
    assert r.status_code == 201, r.text
    return r.json()["code"], len(record["moves"]), record["result"]


def spoils(text: str, result: dict) -> list[str]:
    """What of the result a served text carries: its keys, its outcome and winners as JSON, its scores."""
    found = [k for k in ('"outcome"', '"winners"') if k in text]
    found += re.findall(r'"(?:real_)?result": (?!null)', text)
    if result.get("scores") and json.dumps(result["scores"]) in text.replace(", ", ","):
        found.append("scores")
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("how", ["cookie", "link"])
async def test_a_spoiler_free_replay_serves_no_result_before_the_end(new_client, name, how):
    client = new_client()
    code, of, result = await finished(client, name)
    assert result is not None
    if how == "cookie":
        client.cookies.set(NOSPOIL_COOKIE, "1")
    query = "?nospoil=1" if how == "link" else ""
    page = await client.get(f"/t/{code}/review{query}")
    assert page.status_code == 200
    html = page.text
    assert 'data-nospoil="1"' in html and 'aria-pressed="true"' in html
    start = json.loads(START.search(html).group(1))
    assert set(start) == {"code", "game", "status", "seq", "seats"} and start["seq"] == of
    assert spoils(html, result) == []
    title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
    assert "won" not in title.lower() and "lost" not in title.lower()
    for ply in (0, 1, of - 1):
        r = await client.post(f"/api/tables/{code}/review/line{query}", json={"ply": ply})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["result"] is None and body["real_result"] is None, ply
        assert spoils(json.dumps(body), result) == [], ply
    end = (await client.post(f"/api/tables/{code}/review/line{query}", json={"ply": of})).json()
    assert end["real_result"] == result and end["result"] == result  # stepping there reveals it


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_without_the_switch_everything_shows_as_before(client, name):
    code, of, result = await finished(client, name)
    html = (await client.get(f"/t/{code}/review")).text
    assert 'data-nospoil' not in html and 'aria-pressed="false"' in html and not START.search(html)
    body = (await client.post(f"/api/tables/{code}/review/line", json={"ply": 0})).json()
    assert body["real_result"] == result


async def test_the_switch_sets_and_clears_its_cookie(client):
    r = await client.post("/nospoil", content="on=1", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 204
    cookie = r.headers["set-cookie"]
    assert f"{NOSPOIL_COOKIE}=1" in cookie and "samesite=lax" in cookie.lower() and "httponly" in cookie.lower()
    assert 'data-nospoil="1"' in (await client.get("/me")).text  # every page says it to its scripts
    r = await client.post("/nospoil", data={"on": "0", "next": "/me"})
    assert r.status_code == 303 and r.headers["location"] == "/me"
    assert 'data-nospoil' not in (await client.get("/me")).text
    assert (await client.post("/nospoil", data={"on": "maybe"})).status_code == 422
    assert (await client.post("/nospoil", data={"on": "1", "next": "//evil.example"})).headers["location"] == "/"
    other = await client.post("/nospoil", data={"on": "1"}, headers={"Origin": "https://evil.example"})
    assert other.status_code == 403


async def test_an_ended_tables_page_sends_a_spoiler_free_person_to_its_replay(new_client):
    """With the switch on (or a ?nospoil=1 link), an ended table's own page (which shows the result at once)
    opens its spoiler-free replay instead; the replay's link back asks for the result on purpose (?spoil=1)."""
    client = new_client()
    code, _, _ = await finished(client, "dash")
    assert (await client.get(f"/t/{code}")).status_code == 200  # no switch: the table's page as before
    r = await client.get(f"/t/{code}?nospoil=1")
    assert r.status_code == 303 and r.headers["location"] == f"/t/{code}/review?nospoil=1"
    client.cookies.set(NOSPOIL_COOKIE, "1")
    r = await client.get(f"/t/{code}")
    assert r.status_code == 303 and r.headers["location"] == f"/t/{code}/review"
    page = (await client.get(f"/t/{code}/review")).text
    assert f'href="/t/{code}?spoil=1"' in page and "The table, with its result" in page
    assert (await client.get(f"/t/{code}?spoil=1")).status_code == 200  # asked for: the result is shown
    fresh = (await client.post("/api/tables", json={"game": "dash", "players": 2, "name": "Ann"})).json()
    assert (await client.get(f"/t/{fresh['code']}")).status_code == 200  # a table still in play: its page
    french = await client.get(f"/t/{code}/review", headers={"Accept-Language": "fr"})
    assert "<title>Revue de la table" in french.text
