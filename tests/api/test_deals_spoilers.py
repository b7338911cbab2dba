"""Deals, the spoiler rule everywhere: a browser playing a deal sees no other table dealt it (its
page, state, log, chat, replay, socket) until it has finished the deal or chosen to see spoilers; "Play this
deal" tells a browser its own result on the deal; an abandoned game's deal is not offered; house rules rank
results apart. On SQLite and PostgreSQL."""
from __future__ import annotations

import asyncio

from app.tables import housekeeping
from app.tables.deals.spoilers import SPOILERS_COOKIE, chosen_deals, choose
from tests.api.helpers import age, bearer, row
# database_url and settings: the fixtures that run every test on SQLite and on PostgreSQL
from tests.api.test_deals import database_url, play_to_end, settings, today_solo  # noqa: F401 - fixtures
from tests.api.test_security_leaks import Socket


async def socket_answer(app, client, code: str) -> dict:
    """The first message a socket opened with the client's cookies gets: a state, or an error."""
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    sock = Socket(app, code, None, cookie)
    for _ in range(1000):
        if sock.messages:
            break
        await asyncio.sleep(0.005)
    first = sock.messages[0]
    await sock.close()
    return first


async def views(app, client, code: str) -> dict[str, int]:
    """The status of every way a spectator looks at a table."""
    out = {p: (await client.get(f"/api/tables/{code}{p}")).status_code for p in ("", "/log", "/chat", "/replay")}
    first = await socket_answer(app, client, code)
    out["socket"] = 403 if first.get("code") == "spoilers" else 200 if first["type"] == "state" else 0
    return out


SEEN = {"": 200, "/log": 200, "/chat": 200, "/replay": 200, "socket": 200}
HIDDEN = {k: 403 for k in SEEN}


async def test_a_browser_playing_a_deal_sees_no_other_table_dealt_it_until_it_finishes_or_chooses(app, new_client):
    ann, bea, cal = new_client(), new_client(), new_client()
    first = await today_solo(ann)
    second = await today_solo(bea, "Bea")
    deal = (await row(app, first["code"])).deal_id

    # both playing: neither sees the other's table, live or by replay
    assert await views(app, ann, second["code"]) == HIDDEN
    refused = await bea.get(f"/api/tables/{first['code']}")
    assert refused.json()["code"] == "spoilers" and second["code"] in refused.json()["detail"]
    assert "choose to see spoilers" in refused.json()["detail"]

    await play_to_end(ann, first["code"], first["token"])
    # Bea still plays: Ann's finished table, its replay and socket stay closed to her; a stranger, Ann herself
    # (her own table) and Ann looking at Bea's (she has finished the deal) see them
    assert await views(app, bea, first["code"]) == HIDDEN
    r = await bea.get(f"/api/tables/{first['code']}/replay?seq=0")
    assert r.status_code == 403 and r.json()["code"] == "spoilers" and "spoilers" in r.json()["detail"]
    assert await views(app, cal, first["code"]) == SEEN
    assert await views(app, ann, first["code"]) == SEEN
    assert await views(app, ann, second["code"]) == SEEN | {"/replay": 409}
    assert (await bea.get(f"/api/tables/{second['code']}", headers=bearer(second["token"]))).status_code == 200
    results = (await bea.get(f"/api/deals/{deal}")).json()
    assert not results["revealed"] and results["playing"] and "playing this deal" in results["why"]

    # Bea chooses spoilers (from Ann's table's page): everything opens, the results too
    r = await bea.post(f"/api/tables/{first['code']}/spoilers")
    assert r.status_code == 200 and r.json() == {"deal": deal, "spoilers": True}
    assert deal in chosen_deals(bea.cookies.get(SPOILERS_COOKIE))
    assert await views(app, bea, first["code"]) == SEEN
    assert (await bea.get(f"/api/deals/{deal}")).json()["revealed"]

    # a third player of the deal who chose it on the deal page instead
    dan = new_client()
    third = await today_solo(dan, "Dan")
    assert (await dan.get(f"/api/tables/{first['code']}/replay")).status_code == 403
    assert (await dan.post(f"/api/deals/{deal}/spoilers")).status_code == 200
    assert (await dan.get(f"/api/tables/{first['code']}/replay")).status_code == 200
    assert (await dan.get(f"/api/tables/{third['code']}", headers=bearer(third["token"]))).status_code == 200


async def test_choosing_spoilers_is_bounded_and_checked(app, new_client):
    ann = new_client()
    fresh = await ann.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Ann"})
    code = fresh.json()["code"]
    r = await ann.post(f"/api/tables/{code}/spoilers")
    assert r.status_code == 422 and "dealt afresh" in r.json()["detail"]
    assert (await ann.post("/api/tables/NOPE/spoilers")).status_code == 404
    assert (await ann.post("/api/deals/aaaaaaaaaa/spoilers")).status_code == 404
    assert (await ann.get(f"/api/tables/{code}")).status_code == 200  # a table dealt afresh spoils nothing
    # the cookie keeps the latest choices only, and ignores what is not a deal id
    value = ""
    for i in range(40):
        value = choose(value, f"{i:02d}".translate(str.maketrans("0123456789", "abcdefghij")) + "a" * 8)
    assert len(chosen_deals(value)) == 32 and value.startswith("dj")
    assert chosen_deals("x" * 5000) == frozenset() and chosen_deals("../etc.aaaaaaaaaa") == {"aaaaaaaaaa"}


async def test_play_this_deal_tells_a_browser_it_has_played_it_with_its_result(app, new_client):
    ann, bea = new_client(), new_client()
    first = await today_solo(ann)
    await play_to_end(ann, first["code"], first["token"])
    t = await row(app, first["code"])
    offered = (await ann.get(f"/api/tables/{first['code']}/deal")).json()
    assert offered["played"] and offered["finished"] and not offered["playing"]
    (mine,) = offered["mine"]
    assert mine["code"] == first["code"] and mine["status"] == "finished"
    assert mine["outcome"] == t.result["outcome"] and isinstance(mine["trees"], int) and mine["moves"] == t.seq
    assert (await bea.get(f"/api/tables/{first['code']}/deal")).json()["mine"] == []
    assert (await ann.get(f"/api/deals/{offered['id']}")).json()["mine"] == [mine]

    # the deal is not dealt to Ann again, by today's route nor by "Play this deal" (the
    # already-played rule, tests/api/test_deals_played.py); Bea may play it
    assert (await ann.post("/api/deals/today/tables", json={"players": 1, "name": "Ann"})).status_code == 409
    again = await ann.post(f"/api/deals/{offered['id']}/tables", json={"name": "Ann"})
    assert again.status_code == 409 and again.json()["code"] == "already_played", again.text
    later = (await ann.get(f"/api/deals/{offered['id']}")).json()
    assert [x["code"] for x in later["mine"]] == [first["code"]]
    assert later["finished"] and not later["playing"] and later["revealed"]
    assert (await bea.post(f"/api/deals/{offered['id']}/tables", json={"name": "Bea"})).status_code == 201


async def test_an_abandoned_game_offers_no_deal_and_counts_as_no_finish(app, new_client):
    ann = new_client()
    first = await today_solo(ann)
    st = (await ann.get(f"/api/tables/{first['code']}", headers=bearer(first["token"]))).json()
    await ann.post(f"/api/tables/{first['code']}/moves", headers=bearer(first["token"]),
                   json={"seq": st["seq"], "move": st["legal_moves"][0]})
    await age(app, first["code"], app.state.tables.settings.abandon_after_seconds + 60)
    assert first["code"] in (await housekeeping.run(app.state.tables))["abandoned"]
    r = await ann.get(f"/api/tables/{first['code']}/deal")
    assert r.status_code == 409 and r.json()["code"] == "abandoned" and "abandoned" in r.json()["detail"]
    today = (await ann.get("/api/deals/today")).json()["deals"][0]
    assert today["played"] and not today["finished"]
    results = (await ann.get(f"/api/deals/{today['id']}")).json()
    assert not results["revealed"] and not results["finished"] and results["mine"][0]["status"] == "abandoned"


async def test_house_rules_rank_results_apart_hidden_hands_among_them(app, new_client):
    """Two groups play today's 2-seat deal, one with hidden hands: the same cards, two rankings."""
    groups = []
    for host_name, guest_name, rules in (("Ann", "Bea", {"hidden_hands": True}), ("Cal", "Dan", None)):
        host, guest = new_client(), new_client()
        r = await host.post("/api/deals/today/tables", json={"players": 2, "name": host_name, "options": rules})
        assert r.status_code == 201, r.text
        made = r.json()
        joined = (await guest.post(f"/api/tables/{made['code']}/join", json={"name": guest_name})).json()
        await host.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
        groups.append((host, made["code"], {0: made["token"], 1: joined["token"]}))
    a, b = await row(app, groups[0][1]), await row(app, groups[1][1])
    assert a.initial_doc["hands"] == b.initial_doc["hands"]
    assert a.options["hidden_hands"] and not b.options["hidden_hands"]
    for host, code, tokens in groups:
        for _ in range(400):
            st = (await host.get(f"/api/tables/{code}", headers=bearer(tokens[0]))).json()
            if st["status"] != "playing":
                break
            seat = st["to_act"][0]
            mine = (await host.get(f"/api/tables/{code}", headers=bearer(tokens[seat]))).json()
            r = await host.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                                json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
            assert r.status_code == 200, r.text
        assert st["status"] == "finished"
    body = (await groups[0][0].get(f"/api/deals/{a.deal_id}")).json()
    assert body["revealed"] and body["plays"] == 2
    assert [x["name"] for x in body["house_rule_options"]] == ["allow_zero_moves", "hidden_hands"]
    ranked = {v["house_rules"]["hidden_hands"]: [x["code"] for x in v["results"]] for v in body["variants"]}
    assert ranked == {True: [groups[0][1]], False: [groups[1][1]]}  # the same cards, two rankings
    assert all(v["results"][0]["rank"] == 1 for v in body["variants"])
