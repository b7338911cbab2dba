"""Takebacks by agreement (app/tables/live/takeback.py) on SQLite and PostgreSQL: asked, accepted
(the position rebuilt exactly, the steps kept in the log and the replay and marked), refused (and not asked
again at the same point), lapsed by a move; in 3-High refused after a play that drew a card and accepted
after one that completed a tree; nothing random or hidden ever taken back (Martian Treasure Hunt's dice, a
hidden arrangement, Dash's draw); the export and import and the move scores walk past a takeback."""
from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select, update

from app.games import GAMES
from app.store import Table
from app.tables import replay
from tests.api.helpers import bearer, state
from tests.tables.test_pace import database_url, pace_lines, settings  # noqa: F401 - fixtures


async def seated(new_client, game: str, players: int = 2, **options) -> tuple[str, dict]:
    """A started table of `game` with Ann at 0 and Bea at 1 (and bots after): (code, {seat: (client, token)})."""
    host, guest = new_client(), new_client()
    r = await host.post("/api/tables", json={"game": game, "players": players, "name": "Ann", "options": options})
    assert r.status_code == 201, r.text
    code, people = r.json()["code"], {0: (host, r.json()["token"])}
    r = await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})
    assert r.status_code == 200, r.text
    people[1] = (guest, r.json()["token"])
    for _ in range(players - 2):
        assert (await host.post(f"/api/tables/{code}/bots", json={}, headers=bearer(people[0][1]))).status_code == 200
    r = await host.post(f"/api/tables/{code}/start", headers=bearer(people[0][1]))
    assert r.status_code == 200, r.text
    return code, people


async def play(people: dict, code: str, seat: int, move: dict | None = None) -> dict:
    client, token = people[seat]
    st = await state(client, code, token)
    r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                          json={"seq": st["seq"], "move": move or st["legal_moves"][0]})
    assert r.status_code == 200, r.text
    return r.json()


async def ask(people: dict, code: str, seat: int):
    client, token = people[seat]
    return await client.post(f"/api/tables/{code}/takeback", headers=bearer(token))


async def vote(people: dict, code: str, seat: int, yes: bool):
    client, token = people[seat]
    return await client.post(f"/api/tables/{code}/takeback/vote", headers=bearer(token), json={"yes": yes})


async def moved_and_asked(new_client) -> tuple[str, dict, int, int]:
    """A 3x3 Turning Points table where the first to play has played and asked to take it back: (code, people,
    the mover's seat, the other's)."""
    code, people = await seated(new_client, "turning-points", shape="square", size=3)
    mover = (await state(people[0][0], code, people[0][1]))["to_act"][0]
    await play(people, code, mover)
    assert (await ask(people, code, mover)).status_code == 200
    return code, people, mover, 1 - mover


async def doc_of(app, code: str) -> dict:
    async with app.state.tables.db.session() as s:
        return (await s.execute(select(Table.doc).where(Table.code == code))).scalar_one()


async def test_a_takeback_accepted_rebuilds_the_position_and_keeps_the_step_marked(app, new_client):
    code, people = await seated(new_client, "turning-points", shape="square", size=2)
    st = await state(people[0][0], code, people[0][1])
    mover, other = st["to_act"][0], 1 - st["to_act"][0]
    before = await doc_of(app, code)
    r = await ask(people, code, mover)
    assert r.status_code == 409 and r.json()["code"] == "nothing_to_take_back"
    await play(people, code, mover)
    r = await ask(people, code, other)
    assert r.status_code == 409 and r.json()["detail"] == "You have no move to take back."
    r = await ask(people, code, mover)
    assert r.status_code == 200, r.text
    assert r.json()["takeback"] == {"by": mover, "from": 1, "votes": [], "voters": [other], "open": True,
                                    "asked": [mover], "refused_by": None} and not r.json()["applied"]
    assert (await ask(people, code, mover)).json()["code"] == "takeback_busy"
    assert (await vote(people, code, mover, True)).status_code == 403  # the asker has no vote
    seen = await state(people[other][0], code, people[other][1])
    assert seen["takeback"]["open"] and seen["seq"] == 1
    r = await vote(people, code, other, True)
    assert r.status_code == 200 and r.json()["applied"] and r.json()["seq"] == 2, r.text
    st = await state(people[mover][0], code, people[mover][1])
    assert st["to_act"] == [mover] and st["takeback"] is None and st["last"]["move"] == {"takeback": 1}
    assert st["last"]["events"][0]["type"] == "takeback" and st["last"]["events"][0]["to"] == 1
    assert await doc_of(app, code) == before  # exactly the position before the move
    log = (await people[other][0].get(f"/api/tables/{code}/log", headers=bearer(people[other][1]))).json()
    assert [s["seq"] for s in log["steps"]] == [1, 2] and log["steps"][0]["events"][0]["type"] == "place"
    lines = await pace_lines(app.state.tables.db, code)
    assert lines == ["Ann asks to take back move 1." if mover == 0 else "Bea asks to take back move 1.",
                     f"{'Bea' if mover == 0 else 'Ann'} accepted {'Ann' if mover == 0 else 'Bea'}'s takeback.",
                     f"Taken back: move 1 (asked by {'Ann' if mover == 0 else 'Bea'})."]
    # the game goes on and ends; the replay shows every step, the taken-back one marked, and agrees
    while (st := await state(people[0][0], code, people[0][1]))["status"] == "playing":
        await play(people, code, st["to_act"][0])
    r = await people[0][0].get(f"/api/tables/{code}/replay?seq=2")
    assert r.status_code == 200, r.text
    assert r.json()["taken_back"] == [1] and r.json()["step"]["move"] == {"takeback": 1}
    async with app.state.tables.db.session() as s:
        table = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
        replayed = await replay.replayed(s, table, table.seq)
    assert not replayed.problems and replayed.docs[2] == replayed.docs[0] and replayed.docs[-1] == table.doc


async def test_one_refusal_refuses_and_the_same_seat_does_not_ask_again_before_a_move(app, new_client):
    code, people, mover, other = await moved_and_asked(new_client)
    r = await vote(people, code, other, False)
    assert r.status_code == 200 and not r.json()["applied"] and not r.json()["takeback"]["open"]
    assert r.json()["takeback"]["refused_by"] == other
    st = await state(people[mover][0], code, people[mover][1])
    assert st["seq"] == 1 and st["to_act"] == [other]
    r = await ask(people, code, mover)
    assert r.status_code == 409 and r.json()["code"] == "takeback_asked", r.text
    assert (await vote(people, code, other, True)).json()["code"] == "no_takeback"
    # the other seat moves: the mover may ask again (both moves back), and withdraw it
    await play(people, code, other)
    r = await ask(people, code, mover)
    assert r.status_code == 200 and r.json()["takeback"]["from"] == 1, r.text
    client, token = people[mover]
    r = await client.delete(f"/api/tables/{code}/takeback", headers=bearer(token))
    assert r.status_code == 200 and not r.json()["takeback"]["open"]
    assert (await pace_lines(app.state.tables.db, code))[-1].endswith("withdrew the takeback request.")


async def test_a_request_lapses_when_a_move_is_made(app, new_client):
    code, people, mover, other = await moved_and_asked(new_client)
    await play(people, code, other)  # answered by a move instead
    st = await state(people[mover][0], code, people[mover][1])
    assert st["takeback"] is None and st["seq"] == 2
    r = await vote(people, code, other, True)
    assert r.status_code == 409 and r.json()["code"] == "no_takeback"


def _tree_in_one(doc: dict) -> dict:
    """`doc` (a 2-seat 3-High deal) with red 3 and red 2 stacked on a1, red 1 on a3 and 3♣ in the hand of
    the seat to act: 3♣ south completes the red tree (and so draws no card)."""
    pieces = [f"{c}{n}" for c in ("orange", "yellow", "green", "blue") for n in (3, 2, 1)]
    board = {"a1": ["red3", "red2"], "a3": ["red1"]}
    board.update({sq: [p] for p, sq in zip(pieces, [f"{f}{r}" for r in (8, 6) for f in "abcdefgh"])})
    seat = doc["to_act"][0]
    hands, pile = [list(h) for h in doc["hands"]], list(doc["draw_pile"])
    if "3C" not in hands[seat]:
        holder = next((h for h in hands if "3C" in h), pile)
        holder.remove("3C")
        holder.append(hands[seat].pop(0))
        hands[seat].append("3C")
    return {"game": "three-high", "players": 2, "options": doc["options"], "to_act": [seat], "secret": doc["secret"],
            "board": board, "hands": hands, "draw_pile": pile, "discard": []}


async def test_three_high_takes_back_a_play_that_drew_no_card_but_never_one_that_drew(app, new_client):
    ctx = app.state.tables
    code, people = await seated(new_client, "three-high")
    crafted = _tree_in_one(await doc_of(app, code))
    async with ctx.db.writing() as s:
        await s.execute(update(Table).where(Table.code == code).values(initial_doc=crafted, doc=crafted))
        await s.commit()
    ctx.live.drop(code)
    seat = crafted["to_act"][0]
    step = await play(people, code, seat, {"card": "3C", "side": "S", "piece": "red1"})
    assert "draw" not in [e["type"] for e in step["last"]["events"]]
    r = await ask(people, code, 1 - seat)  # the team's last play: any seated person asks
    assert r.status_code == 200 and r.json()["takeback"]["voters"] == [seat], r.text
    r = await vote(people, code, seat, True)
    assert r.status_code == 200 and r.json()["applied"], r.text
    assert await doc_of(app, code) == crafted
    # a play that draws a card: refused with a sentence
    st = await state(people[seat][0], code, people[seat][1])
    drawing = next(m for m in st["legal_moves"] if m["piece"] != "red1")
    step = await play(people, code, seat, drawing)
    assert "draw" in [e["type"] for e in step["last"]["events"]]
    r = await ask(people, code, seat)
    assert r.status_code == 409 and r.json()["code"] == "takeback_refused"
    assert r.json()["detail"] == ("That play drew a card, and a card once seen cannot be un-seen: it cannot be "
                                  "taken back.")
    r = await people[1][0].post(f"/api/tables/{code}/takeback", headers={**bearer(people[1][1]),
                                                                           "Accept-Language": "fr"})
    assert r.status_code == 409 and r.json()["detail"].startswith("Ce coup a fait piocher une carte")


async def test_nothing_random_or_hidden_is_taken_back(app, new_client):
    code, people = await seated(new_client, "martian-treasure-hunt")
    await play(people, code, 0, {"order": [5, 4, 3, 2, 1, 0]})
    bea_view = await state(people[1][0], code, people[1][1])
    assert bea_view["last"]["move"] != {"order": [5, 4, 3, 2, 1, 0]}  # hidden until the reveal
    assert (await ask(people, code, 0)).status_code == 200  # Bea has not arranged: nothing was shown
    r = await vote(people, code, 1, True)
    assert r.status_code == 200 and r.json()["applied"]
    log = (await people[1][0].get(f"/api/tables/{code}/log", headers=bearer(people[1][1]))).json()["steps"]
    assert "5, 4, 3" not in str(log[0]) and log[1]["move"] == {"takeback": 1}  # still hidden from Bea
    await play(people, code, 0, {"order": [0, 1, 2, 3, 4, 5]})
    await play(people, code, 1)  # the reveal and the first roll
    r = await ask(people, code, 1)
    assert r.status_code == 409 and "showed everyone's coins" in r.json()["detail"]
    st = await state(people[0][0], code, people[0][1])
    roller = st["to_act"][0]
    st = await play(people, code, roller)
    r = await ask(people, code, roller)
    assert r.status_code == 409 and "rolled the dice" in r.json()["detail"]
    # Dash: a draw shows a card
    code, people = await seated(new_client, "dash")
    mover = (await state(people[0][0], code, people[0][1]))["to_act"][0]
    await play(people, code, mover, {"action": "draw"})
    r = await ask(people, code, mover)
    assert r.status_code == 409 and "drew a card" in r.json()["detail"]


async def test_against_a_bot_the_takeback_is_granted_at_once_and_the_export_replays(app, new_client):
    host = new_client()
    r = await host.post("/api/tables", json={"game": "turning-points", "players": 2, "name": "Ann",
                                             "options": {"shape": "square", "size": 3}})
    code, token = r.json()["code"], r.json()["token"]
    assert (await host.post(f"/api/tables/{code}/bots", json={}, headers=bearer(token))).status_code == 200
    assert (await host.post(f"/api/tables/{code}/start", headers=bearer(token))).status_code == 200
    people = {0: (host, token)}
    for _ in range(50):  # the bot plays at once; wait for Ann's turn
        st = await state(host, code, token)
        if st["to_act"] == [0]:
            break
    await play(people, code, 0)
    for _ in range(50):
        st = await state(host, code, token)
        if st["to_act"] == [0]:
            break
    r = await ask(people, code, 0)
    assert r.status_code == 200 and r.json()["applied"], r.text  # no person to ask: granted
    st = await state(host, code, token)
    assert st["to_act"] == [0] and st["last"]["move"]["takeback"] in (1, 2)
    from app.tables.admin import transfer
    async with app.state.tables.db.session() as s:
        exported = await transfer.export_table(s, code)
    g = GAMES["turning-points"]
    doc, events = transfer.replay_file(g, 2, exported["initial_doc"], exported["moves"])
    assert doc == await doc_of(app, code) and events[-1][0]["type"] == "takeback"


async def test_two_instances_racing_the_last_votes_take_back_once(app, new_client, settings):  # noqa: F811 - the fixture imported above
    """Three people; the asker's request answered by the two others at once, each on another instance of the
    same database: exactly one takeback step is stored, and the position is the one before the move."""
    import asyncio

    from asgi_lifespan import LifespanManager
    from httpx import ASGITransport, AsyncClient

    from app.main import create_app
    from app.store import Move

    host, guest, third = new_client(), new_client(), new_client()
    r = await host.post("/api/tables", json={"game": "turning-points", "players": 3, "name": "Ann",
                                             "options": {"shape": "hex", "size": 3}})
    code, people = r.json()["code"], {0: (host, r.json()["token"])}
    for client, name in ((guest, "Bea"), (third, "Cy")):
        r = await client.post(f"/api/tables/{code}/join", json={"name": name})
        people[r.json()["seat"]] = (client, r.json()["token"])
    assert (await host.post(f"/api/tables/{code}/start", headers=bearer(people[0][1]))).status_code == 200
    mover = (await state(host, code, people[0][1]))["to_act"][0]
    before = await doc_of(app, code)
    await play(people, code, mover)
    assert (await ask(people, code, mover)).status_code == 200
    voters = [x for x in range(3) if x != mover]
    other = create_app(settings)  # a second instance on the same database (no broker between them)
    async with LifespanManager(other):
        async with AsyncClient(transport=ASGITransport(app=other), base_url="http://testserver") as there:
            first, second = await asyncio.gather(
                vote(people, code, voters[0], True),
                there.post(f"/api/tables/{code}/takeback/vote", headers=bearer(people[voters[1]][1]),
                           json={"yes": True}))
    assert first.status_code == 200 and second.status_code == 200, (first.text, second.text)
    assert [first.json()["applied"], second.json()["applied"]].count(True) == 1
    async with app.state.tables.db.session() as s:
        rows = (await s.execute(select(Move.seq, Move.move).join(Table, Table.id == Move.table_id)
                                .where(Table.code == code).order_by(Move.seq))).all()
        seq = (await s.execute(select(Table.seq).where(Table.code == code))).scalar_one()
    assert [r.seq for r in rows] == [1, 2] and rows[1].move == {"takeback": 1} and seq == 2
    assert await doc_of(app, code) == before


async def test_the_pace_clock_starts_again_from_the_takeback(app, new_client):
    from tests.tables.test_pace import paced

    code, people = await paced(new_client, game="turning-points", per_turn="1h")
    mover = (await state(people[0][0], code, people[0][1]))["to_act"][0]
    await play(people, code, mover)
    moved = await state(people[mover][0], code, people[mover][1])
    assert (await ask(people, code, mover)).status_code == 200
    r = await vote(people, code, 1 - mover, True)
    assert r.json()["applied"]
    st = await state(people[mover][0], code, people[mover][1])
    assert st["to_act"] == [mover] and st["pace"]["deadline"] > moved["pace"]["deadline"]
    assert st["updated_at"] > moved["updated_at"]


def test_the_socket_asks_answers_and_refuses_with_sentences(settings):  # noqa: F811 - the fixture imported above
    from starlette.testclient import TestClient

    from app.main import create_app

    with TestClient(create_app(settings)) as tc:
        made = tc.post("/api/tables", json={"game": "turning-points", "players": 2, "name": "Ann",
                                            "options": {"shape": "square", "size": 3}}).json()
        code, tokens = made["code"], {0: made["token"]}
        tc.cookies.clear()  # Bea is another browser
        joined = tc.post(f"/api/tables/{code}/join", json={"name": "Bea"}).json()
        tokens[joined["seat"]] = joined["token"]
        assert tc.post(f"/api/tables/{code}/start", headers=bearer(tokens[0])).status_code == 200
        st = tc.get(f"/api/tables/{code}", headers=bearer(tokens[0])).json()
        mover = st["to_act"][0]
        token = tokens[mover]
        st = tc.get(f"/api/tables/{code}", headers=bearer(token)).json()
        assert tc.post(f"/api/tables/{code}/moves", headers=bearer(token),
                       json={"seq": st["seq"], "move": st["legal_moves"][0]}).status_code == 200
        with tc.websocket_connect(f"/ws/tables/{code}?token={token}") as mine, \
                tc.websocket_connect(f"/ws/tables/{code}?token={tokens[1 - mover]}") as theirs:
            assert mine.receive_json()["type"] == "state" and theirs.receive_json()["type"] == "state"
            mine.send_json({"type": "takeback", "action": "dance"})
            while (msg := mine.receive_json())["type"] != "error":
                pass
            assert msg["code"] == "bad_message" and "ask, accept, refuse or withdraw" in msg["detail"]
            mine.send_json({"type": "takeback", "action": "ask"})
            while not ((msg := theirs.receive_json())["type"] == "state" and msg["takeback"]):
                pass
            assert msg["takeback"]["open"] and msg["takeback"]["voters"] == [1 - mover]
            mine.send_json({"type": "takeback", "action": "accept"})  # not the asker's to answer
            while (msg := mine.receive_json())["type"] != "error":
                pass
            assert msg["status"] == 403 and msg["code"] == "not_voter"
            theirs.send_json({"type": "takeback", "action": "accept"})
            while (msg := mine.receive_json())["type"] != "update":
                pass
            assert msg["move"] == {"takeback": 1} and msg["state"]["to_act"] == [mover] and msg["seq"] == 2


async def test_a_cookie_request_from_another_site_is_refused(app, new_client):
    code, people = await seated(new_client, "turning-points", shape="square", size=3)
    mover = (await state(people[0][0], code, people[0][1]))["to_act"][0]
    await play(people, code, mover)
    client = people[mover][0]  # its identity cookie names the seat: no token sent
    r = await client.post(f"/api/tables/{code}/takeback", headers={"Origin": "https://elsewhere.example"})
    assert r.status_code == 403 and r.json()["code"] == "bad_origin"
    r = await client.post(f"/api/tables/{code}/takeback", headers={"Origin": "http://testserver"})
    assert r.status_code == 200 and r.json()["takeback"]["by"] == mover, r.text


async def test_takeback_requests_are_rate_limited_per_seat(settings):  # noqa: F811 - the fixture imported above
    from asgi_lifespan import LifespanManager
    from httpx import ASGITransport, AsyncClient

    from app.main import create_app

    limited = create_app(settings.model_copy(update={"rate_limit_takeback": "2/60"}))
    async with LifespanManager(limited):
        made = [AsyncClient(transport=ASGITransport(app=limited), base_url="http://testserver") for _ in range(2)]
        pool = list(made)
        try:
            code, people = await seated(lambda: pool.pop(0), "turning-points", shape="square", size=3)
            seat = (await state(people[0][0], code, people[0][1]))["to_act"][0]
            answers = [await ask(people, code, seat) for _ in range(3)]
            assert [r.status_code for r in answers] == [409, 409, 429]  # nothing to take back, then too many
            assert answers[2].json()["code"] == "rate_limited" and answers[2].headers["Retry-After"]
            other = await ask(people, code, 1 - seat)  # the other seat has its own bucket
            assert other.status_code == 409 and other.json()["code"] == "nothing_to_take_back"
        finally:
            for client in made:
                await client.aclose()


async def three_people_asked(new_client) -> tuple[str, dict, int, list[int]]:
    """A 3-person Turning Points table where the first to play has played and asked to take it back:
    (code, people, the mover's seat, the two voters)."""
    clients = [new_client() for _ in range(3)]
    r = await clients[0].post("/api/tables", json={"game": "turning-points", "players": 3, "name": "Ann",
                                                   "options": {"shape": "square", "size": 3}})
    assert r.status_code == 201, r.text
    code, people = r.json()["code"], {0: (clients[0], r.json()["token"])}
    for i, name in ((1, "Bea"), (2, "Cy")):
        r = await clients[i].post(f"/api/tables/{code}/join", json={"name": name})
        people[r.json()["seat"]] = (clients[i], r.json()["token"])
    assert (await clients[0].post(f"/api/tables/{code}/start", headers=bearer(people[0][1]))).status_code == 200
    mover = (await state(clients[0], code, people[0][1]))["to_act"][0]
    await play(people, code, mover)
    assert (await ask(people, code, mover)).status_code == 200
    return code, people, mover, [x for x in people if x != mover]


@pytest.mark.parametrize("together", [False, True], ids=["one_after_the_other", "at_once"])
async def test_a_takeback_accepted_twice_is_one_vote_and_one_line(app, new_client, together):
    """A second accept of the same seat is one vote and one chat line (it was once stored again, with a second line)."""
    code, people, mover, (first, second) = await three_people_asked(new_client)
    if together:
        answers = await asyncio.gather(vote(people, code, first, True), vote(people, code, first, True))
    else:
        answers = [await vote(people, code, first, True), await vote(people, code, first, True)]
    assert sorted(r.status_code for r in answers) == [200, 409], [r.text for r in answers]
    refused = next(r for r in answers if r.status_code == 409)
    assert refused.json()["code"] == "takeback_voted" and "already" in refused.json()["detail"]
    lines = [x for x in await pace_lines(app.state.tables.db, code) if "accepted" in x]
    assert len(lines) == 1, lines
    r = await vote(people, code, second, True)  # the last yes still takes it back
    assert r.status_code == 200 and r.json()["applied"], r.text
    assert len([x for x in await pace_lines(app.state.tables.db, code) if "accepted" in x]) == 2


async def test_an_arrangement_taken_back_stays_hidden_when_the_others_arrange_after_it(app, new_client):
    """Ann's arrangement taken back stays hidden from Bea in the log once Bea has arranged (it was once shown
    when move_view asked whether the other seats had arranged, not whether the arrangement was still in force)."""
    code, people = await seated(new_client, "martian-treasure-hunt")
    await play(people, code, 0, {"order": [5, 4, 3, 2, 1, 0]})
    assert (await ask(people, code, 0)).status_code == 200
    assert (await vote(people, code, 1, True)).json()["applied"]
    await play(people, code, 1, {"order": [0, 1, 2, 3, 4, 5]})   # Bea arranges; Ann must arrange again
    for viewer in (1, None):
        headers = bearer(people[1][1]) if viewer == 1 else {}
        log = (await people[1][0].get(f"/api/tables/{code}/log", headers=headers)).json()["steps"]
        assert log[0]["move"] == {"order": None}, log[0]
        assert "5, 4, 3" not in str(log[0]) and "[5, 4, 3" not in str(log)
    own = (await people[0][0].get(f"/api/tables/{code}/log", headers=bearer(people[0][1]))).json()["steps"]
    assert own[0]["move"] == {"order": [5, 4, 3, 2, 1, 0]}   # its mover still sees what it did
