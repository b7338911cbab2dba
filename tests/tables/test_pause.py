"""A pause by vote (app/tables/live/pause.py) on SQLite and PostgreSQL: proposed with a reason and an
end date, agreed by the seated people (all of them at a cooperative game), refused by one no; while it is
on the turn has no deadline, is never timed out and nobody is reminded; ended early, the clock runs again
from the pause's end."""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update

from app.store import Table, notices, utcnow
from app.tables.live import pace
from app.tables.live.state import iso
from tests.api.helpers import bearer, state
from tests.tables.test_pace import database_url, overdue, pace_lines, paced, settings  # noqa: F401 - fixtures


async def due(db, code: str) -> tuple[bool, bool]:
    """(a timeout is due, a reminder is due) for table `code` now."""
    async with db.reading() as s:
        timeouts = [r.code for r in await notices.due_timeouts(s, utcnow(), 50)]
        reminders = [r.code for r in await notices.due_reminders(s, utcnow(), 86400, 50)]
    return code in timeouts, code in reminders


async def test_an_agreed_pause_stops_the_clock_and_the_reminders_until_it_ends(app, new_client):
    db, ctx = app.state.tables.db, app.state.tables
    code, people = await paced(new_client, per_turn="1h")
    (ann, ann_token), (bea, bea_token) = people[0], people[1]
    until = iso(utcnow() + timedelta(days=2))
    r = await ann.post(f"/api/tables/{code}/pause", headers=bearer(ann_token),
                       json={"reason": "Bea is on holiday", "until": until})
    assert r.status_code == 200, r.text
    proposed = r.json()["pause"]
    assert proposed["votes"] == [0] and proposed["since"] is None and proposed["reason"] == "Bea is on holiday"
    assert (await state(bea, code, bea_token))["pace"]["deadline"] is not None  # only proposed: the clock runs
    r = await ann.post(f"/api/tables/{code}/pause", headers=bearer(ann_token), json={"reason": "again", "until": until})
    assert r.status_code == 409  # one at a time
    r = await bea.post(f"/api/tables/{code}/pause/vote", headers=bearer(bea_token), json={"yes": True})
    assert r.status_code == 200, r.text
    st = await state(bea, code, bea_token)
    assert st["pause"]["since"] and st["pause"]["until"] == until and st["pace"]["deadline"] is None
    await overdue(db, code)  # the turn began an hour ago (an hour of pace is a second here)
    assert await due(db, code) == (False, False)
    assert await pace.sweep(ctx) == 0
    r = await bea.delete(f"/api/tables/{code}/pause", headers=bearer(bea_token))
    assert r.status_code == 200 and r.json()["pause"] is None
    st = await state(ann, code)
    assert st["pause"] is None and st["pace"]["deadline"] > st["updated_at"]  # counted from the pause's end
    assert await due(db, code) == (False, False)
    async with db.writing() as s:  # a second later (an hour here), the turn runs out again
        await s.execute(update(Table).where(Table.code == code)
                        .values(paused_until=utcnow() - timedelta(seconds=5)))
        await s.commit()
    assert (await due(db, code))[0]
    lines = await pace_lines(db, code)
    assert lines[0].startswith("Ann proposes a pause until") and lines[0].endswith("Bea is on holiday")
    assert lines[1].startswith("The table is paused until") and lines[2].startswith("Bea ended the pause")


async def test_one_no_refuses_the_pause_and_bad_requests_get_a_sentence(app, new_client):
    db = app.state.tables.db
    code, people = await paced(new_client, game="dash", per_turn="1h")
    (ann, ann_token), (bea, bea_token) = people[0], people[1]
    until = iso(utcnow() + timedelta(days=1))
    for body in ({"reason": "", "until": until}, {"reason": "x", "until": "soon"},
                 {"reason": "x", "until": iso(utcnow() - timedelta(hours=1))},
                 {"reason": "x", "until": iso(utcnow() + timedelta(days=40))}):
        r = await ann.post(f"/api/tables/{code}/pause", headers=bearer(ann_token), json=body)
        assert r.status_code == 422 and r.json()["detail"], (body, r.text)
    r = await bea.post(f"/api/tables/{code}/pause/vote", headers=bearer(bea_token), json={"yes": True})
    assert r.status_code == 409  # nothing to vote on
    stranger = new_client()  # no seat: no vote
    assert (await stranger.post(f"/api/tables/{code}/pause", json={"reason": "x", "until": until})).status_code == 401
    r = await ann.post(f"/api/tables/{code}/pause", headers=bearer(ann_token), json={"reason": "work", "until": until})
    assert r.status_code == 200
    # two people at a competitive game: a majority is both of them, and one no withdraws the proposal
    r = await bea.post(f"/api/tables/{code}/pause/vote", headers=bearer(bea_token), json={"yes": False})
    assert r.status_code == 200 and r.json()["pause"] is None
    assert (await state(ann, code))["pause"] is None
    assert (await pace_lines(db, code))[-1] == "Bea refused the pause."
