"""Notifications in their recipient's language: the language a person chose (the header's
selector, POST /lang) or the one their browser asked for when they sat down is kept on their player record
(players.lang) and a turn message, a reminder or a nudge to them is worded in it."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from app.config import Settings
from app.store.models import Player, Seat, Table
from app.tables.notify import turns as notify
from tests.api.helpers import bearer, full_table
from tests.loopback import notify_settings

PUBLIC = "https://play.example.org"
ORIGIN = {"Origin": "http://testserver"}


@pytest.fixture
def settings(database_url: str) -> Settings:
    return notify_settings(database_url, public_url=PUBLIC)


async def hooked(client, code: str, token: str, rx, path: str) -> None:
    r = await client.put(f"/api/tables/{code}/webhook", headers=bearer(token),
                         json={"url": f"{rx.base}/{path}", "format": "slack"})
    assert r.status_code == 200, r.text


async def turn_to(app, code: str, seats: set[int]) -> None:
    """The turn's notification to `seats`, as the table's turn would send it (claimed once), and wait."""
    ctx = app.state.tables
    async with ctx.db.session() as s:
        table = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
    await notify._claim_and_deliver(ctx, table.id, code, table.game, table.seq, seats)
    await ctx.webhooks.drained()


async def test_each_person_gets_the_turn_message_in_their_language(app, new_client, loopback):
    host, guest = new_client(), new_client()
    host.headers["Accept-Language"] = "de-DE,de;q=0.9"   # Ann's browser asks for German when she sits down
    t = await full_table(host, guest)
    code, tokens = t["code"], t["tokens"]
    r = await guest.post("/lang", data={"lang": "fr", "next": "/"}, headers=ORIGIN)   # Bea chooses French
    assert r.status_code == 303
    rx = loopback(204)
    await hooked(host, code, tokens[0], rx, "ann")
    await hooked(guest, code, tokens[1], rx, "bea")
    await turn_to(app, code, {0, 1})
    said = {q.path: q.json()["text"] for q in rx.requests}
    assert said == {"/ann": f"Ann, du bist am Zug bei 3-High (Tisch {code}): {PUBLIC}/t/{code}",
                    "/bea": f"Bea, c’est votre tour à 3-High (table {code}) : {PUBLIC}/t/{code}"}
    async with app.state.tables.db.session() as s:
        assert sorted((await s.execute(select(Player.name, Player.lang))).all()) == [("Ann", "de"), ("Bea", "fr")]


async def test_a_choice_made_later_is_kept_and_a_nudge_and_reminder_follow_it(app, new_client, loopback):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code, tokens = t["code"], t["tokens"]
    rx = loopback(204)
    await hooked(host, code, tokens[0], rx, "ann")
    r = await host.post("/lang", data={"lang": "de", "next": f"/t/{code}"}, headers=ORIGIN)   # after sitting down
    assert r.status_code == 303
    ctx = app.state.tables
    async with ctx.db.session() as s:
        table = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
        row = (await s.execute(select(Seat).where(Seat.table_id == table.id, Seat.seat == 0))).scalar_one()
        langs = {row.player_id: (await s.get(Player, row.player_id)).lang}
    for kind in ("reminder", "nudge"):
        notice = notify.notice_for(ctx, kind, code=code, game=table.game, seat=row, seq=table.seq, by="Bea",
                                   langs=langs)
        assert notify.deliver(ctx, table.id, row, notice)
    await ctx.webhooks.drained()
    assert sorted(q.json()["text"] for q in rx.requests) == sorted([  # two deliveries: either may land first
        f"Erinnerung: Ann, du bist immer noch am Zug bei 3-High (Tisch {code}): {PUBLIC}/t/{code}",
        f"Bea hat Ann angestupst: Du bist am Zug bei 3-High (Tisch {code}): {PUBLIC}/t/{code}"])


async def test_english_without_a_choice_and_a_bad_choice_changes_nothing(app, new_client, loopback):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code, tokens = t["code"], t["tokens"]
    r = await host.post("/lang", data={"lang": "xx"}, headers=ORIGIN)
    assert r.status_code == 422
    rx = loopback(204)
    await hooked(host, code, tokens[0], rx, "ann")
    await turn_to(app, code, {0})
    assert [q.json()["text"] for q in rx.requests] == [
        f"Ann, it's your turn at 3-High (table {code}): {PUBLIC}/t/{code}"]


@pytest.mark.postgres
class TestOnPostgres:
    """The same on PostgreSQL (revision 0013's players.lang, the update by cookie, the look-up by player)."""

    @pytest.fixture
    def database_url(self, postgres_url: str) -> str:
        return postgres_url

    @pytest.fixture
    def settings(self, postgres_url: str) -> Settings:
        return notify_settings(postgres_url, public_url=PUBLIC)

    async def test_each_person_gets_the_turn_message_in_their_language(self, app, new_client, loopback):
        await test_each_person_gets_the_turn_message_in_their_language(app, new_client, loopback)
