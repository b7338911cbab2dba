"""Review rooms over HTTP: what-ifs played with the real rules from any step of a finished game,
kept what-ifs (named, listed, shared by id, dropped), and what a finished game may show (the spoiler rule
of deals included). Every test runs on SQLite and on PostgreSQL."""
from __future__ import annotations

import json

from tests.api.helpers import bearer, create
from tests.api.review_deal import PLY, RECORDED, WINNING, as_moves, import_body
# database_url and settings: the deals' fixtures, which run every test on SQLite and on PostgreSQL
from tests.api.test_deals import TOKEN, database_url, play_to_end, settings, today_solo  # noqa: F401 - fixtures


async def lost_game(client) -> str:
    r = await client.post("/api/admin/import", json=import_body(), headers=bearer(TOKEN))
    assert r.status_code == 201, r.text
    return r.json()["code"]


async def test_a_what_if_plays_the_real_cards_to_come_and_turns_the_loss_into_a_win(client):
    code = await lost_game(client)
    real = (await client.post(f"/api/tables/{code}/review/line", json={})).json()
    assert real["ply"] == real["of"] == len(RECORDED) and real["result"]["outcome"] == "lost"
    start = (await client.post(f"/api/tables/{code}/review/line", json={"ply": PLY, "moves": []})).json()
    assert start["length"] == 0 and start["to_act"] == [0] and start["result"] is None
    # the moves of the seat to act, each with the events it makes (worded by the game's describeEvent)
    first = as_moves(WINNING)[0]
    listed = [c for c in start["choices"] if c["move"] == first["move"]]
    assert len(listed) == 1 and listed[0]["events"][0]["type"] == "play"
    assert "secret" not in start["doc"] and start["doc"]["draw_pile"] == start["doc"]["draw_pile"]
    won = (await client.post(f"/api/tables/{code}/review/line", json={"ply": PLY, "moves": as_moves(WINNING)})).json()
    assert won["result"]["outcome"] == "won" and won["real_result"]["outcome"] == "lost"
    assert won["length"] == len(WINNING) and won["choices"] == [] and won["to_act"] == []
    assert won["step"]["move"] == as_moves(WINNING)[-1]["move"]
    assert any(e["type"] == "end" for e in won["step"]["events"])
    # the real game from the same step still loses: the what-if changed nothing stored
    again = (await client.post(f"/api/tables/{code}/review/line",
                               json={"ply": PLY, "moves": as_moves(RECORDED[PLY:])})).json()
    assert again["result"]["outcome"] == "lost"


async def test_a_what_if_refuses_what_the_rules_refuse_and_waits_for_the_end(client):
    code = await lost_game(client)
    bad = as_moves(WINNING)
    bad[1] = {"seat": 0, "move": {"card": "AH", "side": "N", "piece": "red3"}}
    r = await client.post(f"/api/tables/{code}/review/line", json={"ply": PLY, "moves": bad})
    assert r.status_code == 422 and r.json()["code"] == "illegal_move"
    assert r.json()["detail"].startswith("Move 2 of the what-if")
    r = await client.post(f"/api/tables/{code}/review/line", json={"ply": PLY, "moves": [{"seat": 3, "move": {}}]})
    assert r.status_code == 422 and "seat 3" in r.json()["detail"]
    r = await client.post(f"/api/tables/{code}/review/line", json={"ply": PLY, "moves": [{"seat": 0}] * 61})
    assert r.status_code == 422 and "at most 60" in r.json()["detail"]
    r = await client.post(f"/api/tables/{code}/review/line", json={"ply": 99})
    assert r.status_code == 422
    r = await client.post(f"/api/tables/{code}/review/line", json={"ply": 0, "moves": "garbage"})
    assert r.status_code == 422
    r = await client.post("/api/tables/nosuchtb/review/line", json={})
    assert r.status_code == 404
    playing = (await create(client, players=1))
    await client.post(f"/api/tables/{playing['code']}/start", headers=bearer(playing["token"]))
    r = await client.post(f"/api/tables/{playing['code']}/review/line", json={})
    assert r.status_code == 409 and r.json()["code"] == "not_over"


async def finished_own(client) -> tuple[str, str, dict]:
    """Ann's solo 3-High table played to the end (first legal move each time): its code, her token and a
    what-if move from its first step."""
    made = await create(client, players=1)
    code, token = made["code"], made["token"]
    await client.post(f"/api/tables/{code}/start", headers=bearer(token))
    for _ in range(200):
        st = (await client.get(f"/api/tables/{code}", headers=bearer(token))).json()
        if st["status"] != "playing":
            break
        await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                          json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert st["status"] == "finished"
    start = (await client.post(f"/api/tables/{code}/review/line", json={"ply": 0})).json()
    return code, token, {"seat": 0, "move": start["choices"][0]["move"]}


async def test_kept_what_ifs_are_named_listed_shared_by_id_and_dropped(new_client):
    keeper, stranger = new_client(), new_client()
    code, token, move = await finished_own(keeper)
    body = {"name": "Keep the first card", "ply": 0, "moves": [move]}
    r = await keeper.post(f"/api/tables/{code}/review/branches", json=body)
    assert r.status_code == 201, r.text
    kept = r.json()
    assert kept["name"] == body["name"] and kept["author"] == "Ann"
    assert kept["url"] == f"/t/{code}/review?branch={kept['id']}"
    assert kept["moves"] == body["moves"] and kept["ply"] == 0 and len(kept["drop_key"]) == 32
    shared = (await stranger.get(f"/api/tables/{code}/review/branches/{kept['id']}")).json()
    assert shared == {k: v for k, v in kept.items() if k != "drop_key"}
    listed = (await stranger.get(f"/api/tables/{code}/review/branches")).json()
    assert [b["id"] for b in listed] == [kept["id"]] and "drop_key" not in listed[0]
    # over REST only the table's players keep one (the others, from the review room's socket)
    r = await stranger.post(f"/api/tables/{code}/review/branches", json=body)
    assert r.status_code == 403 and r.json()["code"] == "not_member" and "review room" in r.json()["detail"]
    # bounded and checked: a name, legal moves, at least one of them
    for wrong in ({**body, "name": " "}, {**body, "name": "x" * 61}, {**body, "moves": []}, {**body, "name": "\u3164"},
                  {**body, "name": "a\u202eb"}, {**body, "moves": [move, move]}):  # the same card twice
        r = await keeper.post(f"/api/tables/{code}/review/branches", json=wrong, headers=bearer(token))
        assert r.status_code == 422, (wrong, r.text)
    # dropped by a player of the table or the drop key, not by a stranger
    r = await stranger.delete(f"/api/tables/{code}/review/branches/{kept['id']}")
    assert r.status_code == 403 and r.json()["code"] == "not_yours"
    r = await stranger.delete(f"/api/tables/{code}/review/branches/{kept['id']}", headers={"X-Drop-Key": "0" * 32})
    assert r.status_code == 403
    r = await stranger.delete(f"/api/tables/{code}/review/branches/{kept['id']}",
                              headers={"X-Drop-Key": kept["drop_key"]})
    assert r.status_code == 204
    assert (await stranger.get(f"/api/tables/{code}/review/branches/{kept['id']}")).status_code == 404
    assert (await stranger.get(f"/api/tables/{code}/review/branches")).json() == []


async def test_the_players_of_the_table_drop_any_what_if_and_each_keeps_at_most_ten(new_client):
    host = new_client()
    code, token, move = await finished_own(host)
    kept = []
    for i in range(10):
        r = await host.post(f"/api/tables/{code}/review/branches", headers=bearer(token),
                            json={"name": f"n{i}", "ply": 0, "moves": [move]})
        assert r.status_code == 201, r.text
        kept.append(r.json()["id"])
    r = await host.post(f"/api/tables/{code}/review/branches", json={"name": "one more", "ply": 0, "moves": [move]})
    assert r.status_code == 409 and r.json()["code"] == "too_many_yours"
    r = await host.delete(f"/api/tables/{code}/review/branches/{kept[0]}")   # the cookie of seat 0, no drop key
    assert r.status_code == 204
    r = await host.post(f"/api/tables/{code}/review/branches", json={"name": "one more", "ply": 0, "moves": [move]})
    assert r.status_code == 201
    assert len((await host.get(f"/api/tables/{code}/review/branches")).json()) == 10


async def test_another_sites_page_cannot_keep_or_drop_what_ifs(client):
    code = await lost_game(client)
    r = await client.post(f"/api/tables/{code}/review/branches", headers={"Origin": "https://evil.example"},
                          json={"name": "x", "ply": PLY, "moves": as_moves(WINNING)})
    assert r.status_code == 403 and r.json()["code"] == "bad_origin"


async def test_the_review_page_opens_for_anyone_and_404s_for_no_table(client):
    code = await lost_game(client)
    r = await client.get(f"/t/{code}/review")
    assert r.status_code == 200 and 'id="review-root"' in r.text and "<script>" not in r.text
    assert (await client.get("/t/nosuchtb/review")).status_code == 404


async def test_a_browser_playing_the_same_deal_elsewhere_gets_no_review_of_it(app, new_client):
    ann, bea = new_client(), new_client()
    first = await today_solo(ann)
    second = await today_solo(bea, "Bea")
    await play_to_end(ann, first["code"], first["token"])
    code = first["code"]
    # Bea still plays the deal: Ann's review (its positions, what-ifs and kept what-ifs) stays closed to her
    for r in (await bea.post(f"/api/tables/{code}/review/line", json={"ply": 0}),
              await bea.get(f"/api/tables/{code}/review/branches"),
              await bea.post(f"/api/tables/{code}/review/branches", json={"name": "x", "ply": 0, "moves": []})):
        assert r.status_code == 403 and r.json()["code"] == "spoilers", r.text
    assert (await ann.post(f"/api/tables/{code}/review/line", json={"ply": 0})).status_code == 200
    await play_to_end(bea, second["code"], second["token"])
    assert (await bea.post(f"/api/tables/{code}/review/line", json={"ply": 0})).status_code == 200


async def test_what_ifs_never_send_the_secret_or_the_seed_in_any_game(client):
    """Every game, a finished table imported from a seeded random game: what-ifs from its start and middle
    (whose later dice and reshuffles the engine draws from the secret) send neither the secret nor the seed."""
    from app.games import GAMES
    from tests.api.admin_helpers import play

    for name in sorted(GAMES):
        p = play(name, max(2, GAMES[name].min_players), seed=5)
        r = await client.post("/api/admin/import", json=p.export_file(), headers=bearer(TOKEN))
        assert r.status_code == 201, r.text
        code = r.json()["code"]
        secret = (await client.get(f"/api/admin/tables/{code}", headers=bearer(TOKEN))).json()["doc"]["secret"]
        for ply in (0, len(p.steps) // 2):
            start = (await client.post(f"/api/tables/{code}/review/line", json={"ply": ply})).json()
            line = []
            for _ in range(6):   # a few what-if moves: the first listed move each time
                pos = (await client.post(f"/api/tables/{code}/review/line", json={"ply": ply, "moves": line})).text
                assert secret not in pos and p.seed not in pos, (name, ply, len(line))
                choices = json.loads(pos)["choices"]
                if not choices:
                    break
                line.append({"seat": choices[0]["seat"], "move": choices[0]["move"]})
            assert start["ply"] == ply
