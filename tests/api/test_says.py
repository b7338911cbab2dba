"""The table's own lines travel as message ids with parameters (app/tables/says.py), as a person sees them
over the API: people named "Al and Bo", "{x}" and "<b>" get pace, forfeit, takeback, hint and nudge lines
whose `say` carries each name intact, in the chat's history and in what was sent, and which say the right
sentence in English, French and German; a forfeit's result has its `reason_say`; every message the server
can send this way is in every language's catalogs (the server's and the client's). The client's rendering
of the same says: tests/js/core/say.test.js."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.tables import says
from app.tables.live import pace
from tests.api.helpers import bearer, state
from tests.tables.test_pace import database_url, overdue, settings  # noqa: F401 - fixtures

AL, X, B = "Al and Bo", "{x}", "<b>"
ROOT = Path(__file__).resolve().parents[2]


async def seated(new_client, host: str, guest: str, game: str = "three-high", pace_body: dict | None = None,
                 **options) -> tuple[str, dict]:
    """A started two-person table: `host` at 0, `guest` at 1. (code, {seat: (client, token)})."""
    a, b = new_client(), new_client()
    r = await a.post("/api/tables", json={"game": game, "players": 2, "name": host, "options": options})
    assert r.status_code == 201, r.text
    code, people = r.json()["code"], {0: (a, r.json()["token"])}
    if pace_body:
        r = await a.put(f"/api/tables/{code}/pace", headers=bearer(people[0][1]), json=pace_body)
        assert r.status_code == 200, r.text
    r = await b.post(f"/api/tables/{code}/join", json={"name": guest})
    assert r.status_code == 200, r.text
    people[1] = (b, r.json()["token"])
    r = await a.post(f"/api/tables/{code}/start", headers=bearer(people[0][1]))
    assert r.status_code == 200, r.text
    return code, people


async def history(new_client, code: str, kind: str) -> list[dict]:
    return [m for m in (await new_client().get(f"/api/tables/{code}/chat")).json() if m["kind"] == kind]


def said(line: dict) -> dict:
    """The line's say, checked against its English text (kept for older readers)."""
    assert says.english(line["say"]) == line["text"], line
    return line["say"]


async def test_a_hint_and_a_nudge_carry_the_names_intact(new_client):
    code, people = await seated(new_client, AL, B)
    acting = (await state(people[0][0], code))["to_act"][0]
    names = (AL, B)
    client, token = people[acting]
    r = await client.post(f"/api/tables/{code}/hint", headers=bearer(token))
    assert r.status_code == 200, r.text
    [hint] = await history(new_client, code, "hint")
    assert said(hint) == {"id": says.HINT, "params": {"name": names[acting], "n": 1}}
    client, token = people[1 - acting]
    r = await client.post(f"/api/tables/{code}/nudge", headers=bearer(token))
    assert r.status_code == 200, r.text
    [nudge] = await history(new_client, code, "nudge")
    assert nudge == r.json()["message"]  # what was sent is what the history keeps
    assert said(nudge) == {"id": says.NUDGED, "params": {"by": names[1 - acting], "names": [names[acting]]}}
    fr = {AL: "Al and Bo a relancé <b>", B: "<b> a relancé Al and Bo"}
    de = {AL: "Al and Bo hat <b> angestupst", B: "<b> hat Al and Bo angestupst"}
    assert says.words(nudge["say"], "fr") == fr[names[1 - acting]]
    assert says.words(nudge["say"], "de") == de[names[1 - acting]]
    assert says.words(hint["say"], "fr") == f"{names[acting]} a demandé un conseil (conseil n° 1 à cette table)"


async def test_a_takeback_asked_and_refused_carries_both_names(new_client):
    code, people = await seated(new_client, X, AL, game="turning-points", shape="square", size=3)
    mover = (await state(people[0][0], code))["to_act"][0]
    client, token = people[mover]
    st = await state(client, code, token)
    r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                          json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert r.status_code == 200, r.text
    assert (await client.post(f"/api/tables/{code}/takeback", headers=bearer(token))).status_code == 200
    other, other_token = people[1 - mover]
    r = await other.post(f"/api/tables/{code}/takeback/vote", headers=bearer(other_token), json={"yes": False})
    assert r.status_code == 200, r.text
    names = (X, AL)
    asked, refused = [said(m) for m in await history(new_client, code, "pace")]
    assert asked == {"id": says.TAKEBACK_ASKED, "params": {"name": names[mover],
                                                           "moves": {"id": says.MOVE, "params": {"n": 1}}}}
    assert refused == {"id": says.TAKEBACK_REFUSED, "params": {"name": names[1 - mover], "asker": names[mover]}}
    if mover == 0:
        assert says.words(asked, "fr") == "{x} demande à reprendre le coup 1."
    assert says.words(refused, "fr") == f"{names[1 - mover]} a refusé la reprise demandée par {names[mover]}."


async def test_a_forfeit_by_the_pace_says_its_lines_and_reason(app, new_client):
    db, ctx = app.state.tables.db, app.state.tables
    code, people = await seated(new_client, B, AL, game="dash",
                                pace_body={"per_turn": "1h", "timeout": "forfeit", "forfeit_after": 1})
    absent = (await state(people[0][0], code))["to_act"][0]
    await overdue(db, code)
    assert await pace.sweep(ctx) == 1
    st = await state(people[0][0], code)
    assert st["status"] == "finished"
    name = (B, AL)[absent]
    reason = st["result"]["reason_say"]
    assert reason == {"id": says.FORFEITED[0], "plural": says.FORFEITED[1], "params": {"name": name, "n": 1}}
    assert says.english(reason) == st["result"]["reason"] == f"{name} forfeited: 1 turn ran out of time"
    assert says.words(reason, "fr") == f"{name} a déclaré forfait : temps écoulé sur 1 tour"
    [line] = await history(new_client, code, "pace")
    assert said(line) == {"id": says.FORFEITS[0], "plural": says.FORFEITS[1], "params": {"name": name, "n": 1}}
    assert says.words(line["say"], "de").count(name) == 2


def test_a_seat_with_no_name_and_a_list_of_names_are_said_in_the_readers_words():
    nudged = says.say(says.NUDGED, by=says.seat_name(None, 2), names=[AL, X, B])
    assert says.english(nudged) == "Seat 2 nudged Al and Bo, {x} and <b>"
    assert says.words(nudged, "fr") == "Place 2 a relancé Al and Bo, {x} et <b>"
    assert says.words(nudged, "de").startswith("Platz 2 hat Al and Bo, {x} und <b>")


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_message_the_server_says_is_in_every_catalog(lang):
    from app.tables.language import translations
    client = json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text())
    t = translations(lang)
    for message, plural in says.SAYS.items():
        if plural is None:
            assert isinstance(client.get(message), str) and client[message], message
            assert t.gettext(message) != message or message in ("{list} and {last}",), message
        else:
            assert set(client.get(message) or {}) >= {"one", "other"}, message
            assert t.ngettext(message, plural, 2) != plural, message


def test_a_socket_gets_the_say_of_each_line_and_its_history(settings):  # noqa: F811 - the fixture imported above
    from starlette.testclient import TestClient

    from app.main import create_app

    with TestClient(create_app(settings)) as tc:
        made = tc.post("/api/tables", json={"game": "turning-points", "players": 2, "name": AL,
                                            "options": {"shape": "square", "size": 3}}).json()
        code, tokens = made["code"], {0: made["token"]}
        tc.cookies.clear()  # the guest is another browser
        joined = tc.post(f"/api/tables/{code}/join", json={"name": X}).json()
        tokens[joined["seat"]] = joined["token"]
        assert tc.post(f"/api/tables/{code}/start", headers=bearer(tokens[0])).status_code == 200
        mover = tc.get(f"/api/tables/{code}", headers=bearer(tokens[0])).json()["to_act"][0]
        st = tc.get(f"/api/tables/{code}", headers=bearer(tokens[mover])).json()
        assert tc.post(f"/api/tables/{code}/moves", headers=bearer(tokens[mover]),
                       json={"seq": st["seq"], "move": st["legal_moves"][0]}).status_code == 200
        names = (AL, X)
        want = {"id": says.TAKEBACK_ASKED, "params": {"name": names[mover], "moves": says.moves(1, 1)}}
        with tc.websocket_connect(f"/ws/tables/{code}?token={tokens[1 - mover]}") as theirs:
            assert theirs.receive_json()["type"] == "state"
            assert tc.post(f"/api/tables/{code}/takeback", headers=bearer(tokens[mover])).status_code == 200
            while (msg := theirs.receive_json())["type"] != "chat":
                pass
            assert msg["kind"] == "pace" and msg["name"] == "Takeback" and msg["say"] == want
        with tc.websocket_connect(f"/ws/tables/{code}?token={tokens[1 - mover]}") as again:
            while (msg := again.receive_json())["type"] != "chat_history":
                pass
            assert [m.get("say") for m in msg["messages"]] == [want]
