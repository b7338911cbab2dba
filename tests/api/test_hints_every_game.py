"""A hint that says why, in every game (issue 49): POST /api/tables/{code}/hint at a playing table of each
game answers one of the seat's legal moves and one sentence of its reason, in English, French and German;
and the answer reads only the asking seat's view: the same with everything that seat cannot see dealt anew
(the game's hidden twin of the table's live doc: other dice and piles to come, other hands, another
arrangement not yet revealed)."""
from __future__ import annotations

import dataclasses

import pytest

from app.bots import hint as bot_hint
from app.games import GAMES
from tests.api.helpers import bearer, state

LANGS = ("en", "fr", "de")


async def table_of(host, guest, game: str, players: int = 2) -> dict:
    r = await host.post("/api/tables", json={"game": game, "players": players, "name": "Ann"})
    assert r.status_code == 201, r.text
    code, tokens = r.json()["code"], {0: r.json()["token"]}
    if players > 1:
        r = await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        assert r.status_code == 200, r.text
        tokens[r.json()["seat"]] = r.json()["token"]
    r = await host.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    return {"code": code, "tokens": tokens}


async def hints_in_every_language(client, code: str, token: str) -> dict:
    st = await state(client, code, token)
    said = {}
    for lang in LANGS:
        r = await client.post(f"/api/tables/{code}/hint", headers={**bearer(token), "Accept-Language": lang})
        assert r.status_code == 200, r.text
        answer = r.json()
        assert answer["seq"] == st["seq"] and "reason_say" not in answer
        assert answer["move"] in st["legal_moves"] or (
            answer["move"].get("action") == "set_dare" and {"action": "set_dare"} in st["legal_moves"]), answer
        assert isinstance(answer["reason"], str) and len(answer["reason"]) > 10, answer
        said[lang] = answer["reason"]
    assert len(set(said.values())) == 3, said   # three languages, three sentences
    return said


async def play_until(client, code: str, tokens: dict, done) -> dict:
    """Play each seat's first legal move (a dare with a text) until `done(state)` or the game ends."""
    for _ in range(40):
        st = await state(client, code, tokens[0])
        if st["status"] != "playing" or done(st):
            return st
        seat = st["to_act"][0]
        mine = await state(client, code, tokens[seat])
        move = dict(mine["legal_moves"][0])
        if move.get("action") == "set_dare":
            move["text"] = "Hum a tune."
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                              json={"seq": mine["seq"], "move": move})
        assert r.status_code == 200, r.text
    return await state(client, code, tokens[0])


@pytest.mark.parametrize("game", ["three-high", "turning-points", "martian-treasure-hunt", "dash"])
async def test_a_hint_is_a_legal_move_with_its_reason_in_three_languages(new_client, game):
    host, guest = new_client(), new_client()
    t = await table_of(host, guest, game)
    code, tokens = t["code"], t["tokens"]
    seat = (await state(host, code, tokens[0]))["to_act"][0]
    await hints_in_every_language(host if seat == 0 else guest, code, tokens[seat])
    if game == "martian-treasure-hunt":   # the first hints were for the arrangement; now one for a roll
        st = await play_until(host, code, tokens, lambda s: s["view"].get("phase") == "play")
        assert st["status"] == "playing" and st["view"]["phase"] == "play", st
        seat = st["to_act"][0]
        said = await hints_in_every_language(host, code, tokens[seat])
        assert "{" not in "".join(said.values()), said


async def test_turning_points_solitaire_hints_say_what_the_placement_scores(new_client):
    host = new_client()
    t = await table_of(host, None, "turning-points", players=1)
    said = await hints_in_every_language(host, t["code"], t["tokens"][0])
    assert said["en"].startswith("your score goes from 0 to"), said


async def test_a_dare_hint_says_what_doing_it_keeps(new_client):
    host, guest = new_client(), new_client()
    t = await table_of(host, guest, "dash")
    code, tokens = t["code"], t["tokens"]
    st = await play_until(host, code, tokens, lambda s: (s["view"].get("dare") or {}).get("text") is not None)
    if st["status"] != "playing":
        pytest.skip("nobody drew a dare in 40 moves")
    seat = st["to_act"][0]
    said = await hints_in_every_language(host, code, tokens[seat])
    assert said["en"] == "doing the dare keeps your next turn: refusing it would lose it", said


@pytest.mark.parametrize("game", ["three-high", "turning-points", "martian-treasure-hunt", "dash"])
async def test_a_hint_reads_nothing_its_seat_cannot_see(app, new_client, game):
    """The table's live doc is swapped for its hidden twin as seen from the asking seat (everything that seat
    cannot see drawn anew: for 3-High with hidden hands the other hands too); the hint over HTTP is the same,
    word for word, in every language."""
    host, guest = new_client(), new_client()
    r = await host.post("/api/tables", json={"game": game, "players": 2, "name": "Ann",
                                             **({"options": {"hidden_hands": True}} if game == "three-high" else {})})
    assert r.status_code == 201, r.text
    code, tokens = r.json()["code"], {0: r.json()["token"]}
    r = await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})
    tokens[r.json()["seat"]] = r.json()["token"]
    await host.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))
    if game == "martian-treasure-hunt":   # seat 1 arranges first: seat 0's hint comes while it is still hidden
        st = await state(guest, code, tokens[1])
        r = await guest.post(f"/api/tables/{code}/moves", headers=bearer(tokens[1]),
                             json={"seq": st["seq"], "move": st["legal_moves"][-1]})
        assert r.status_code == 200, r.text
    ctx = app.state.tables
    seat = 0 if game == "martian-treasure-hunt" else (await state(host, code, tokens[0]))["to_act"][0]
    client = host if seat == 0 else guest
    g = GAMES[game]
    live = await ctx.live.get(code)
    real = live.snap.doc
    answers = []
    for seed in (None, 1, 2):
        doc = real if seed is None else g.hidden_twin(real, seat, f"twin-{seed}")
        assert g.view(doc, seat) == g.view(real, seat)
        if seed is not None:
            assert doc != real
        live.snap = dataclasses.replace(live.snap, doc=doc)
        said = {}
        for lang in LANGS:
            r = await client.post(f"/api/tables/{code}/hint", headers={**bearer(tokens[seat]), "Accept-Language": lang})
            assert r.status_code == 200, r.text
            said[lang] = (r.json()["move"], r.json()["reason"])
        answers.append(said)
    live.snap = dataclasses.replace(live.snap, doc=real)
    assert answers[0] == answers[1] == answers[2], answers


@pytest.mark.parametrize("game", ["turning-points", "martian-treasure-hunt", "dash"])
def test_the_reason_is_the_same_for_every_doc_the_seat_cannot_tell_apart(game):
    """Along a played game: the bot's hint (move and reason, with its message id and params) for the seat to
    act, from its view of the doc and of the doc's hidden twins."""
    g = GAMES[game]
    players = {"turning-points": 1, "martian-treasure-hunt": 3, "dash": 3}[game]
    doc = g.setup(players, {}, seed=f"leak-{game}")
    for ply in range(24):
        if g.result(doc) is not None:
            break
        seat = g.to_act(doc)[0]
        legal = g.legal_moves(doc, seat)
        answer = bot_hint(game, g.view(doc, seat), seat, legal, 0.05)
        assert answer["reason"] and answer["reason_say"][0], answer
        for twin in (g.hidden_twin(doc, seat, f"t{ply}-{i}") for i in range(2)):
            assert bot_hint(game, g.view(twin, seat), seat, g.legal_moves(twin, seat), 0.05) == answer
        move = dict(answer["move"])
        doc = g.apply(doc, seat, move).doc
