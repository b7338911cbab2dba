"""Revision 0016 on a database with chat rows in it (SQLite and PostgreSQL): chat.say is added, and the
table's own lines stored before it (a hint's, a nudge's, the pace's, a pause's, a takeback's) and a
forfeit's reason are read once into message ids with their params, names intact ("Al and Bo", "{x}",
"<b>"); a person's own words and a line of no known shape keep no say. Down to 0015 and up again."""
from __future__ import annotations

import json

import pytest
from sqlalchemy import create_engine, inspect, text

from app.store.migrate import downgrade, upgrade
from app.tables import says
from tests.api.helpers import sync_url

AL, X, B = "Al and Bo", "{x}", "<b>"
# (seat, name, text) -> the say it becomes (None: none)
ROWS = [
    (0, AL, "hello, Al and Bo here", None),
    (-1, AL, "Al and Bo asked for a hint (hint 3 at this table)",
     says.say(says.HINT, name=AL, n=3)),
    (-2, X, "{x} nudged Al and Bo and <b>", says.say(says.NUDGED, by=X, names=[AL, B])),
    (-2, "Seat 2", "Seat 2 nudged {x}", says.say(says.NUDGED, by=says.seat_name(None, 2), names=[X])),
    (-4, "Pace", "Al and Bo's time ran out: the bot plays for Al and Bo until Al and Bo comes back to the table.",
     says.say(says.BOT_STANDS_IN, name=AL)),
    (-4, "Pace", "<b>'s time ran out (2 of 3): the bot plays this turn for <b>.",
     says.say(says.BOT_PLAYS_TURN, name=B, n=2, of=3)),
    (-4, "Pace", "{x}'s time ran out (1 turn): {x} forfeits.", says.say(says.FORFEITS, name=X, n=1)),
    (-4, "Pace", "Al and Bo is back: the bot no longer plays for Al and Bo.", says.say(says.BACK, name=AL)),
    (-4, "Pace", "Played by the bot for <b>: time ran out.", says.say(says.PLAYED_FOR, name=B)),
    (-4, "Pace", "Al and Bo proposes a pause until 2026-12-24: a trip: {x}",
     says.say(says.PAUSE_PROPOSED, name=AL, day="2026-12-24", reason="a trip: {x}")),
    (-4, "Pace", "The table is paused until 2026-12-24: the clocks and reminders stop.",
     says.say(says.PAUSED, day="2026-12-24")),
    (-4, "Pace", "<b> refused the pause.", says.say(says.PAUSE_REFUSED, name=B)),
    (-4, "Pace", "{x} ended the pause: the clocks run again.", says.say(says.PAUSE_ENDED, name=X)),
    (-4, "Pace", "Al and Bo withdrew the pause.", says.say(says.PAUSE_WITHDRAWN, name=AL)),
    (-4, "Takeback", "Al and Bo asks to take back move 7.", says.say(says.TAKEBACK_ASKED, name=AL,
                                                                     moves=says.moves(7, 7))),
    (-4, "Takeback", "<b> refused Al and Bo's takeback.", says.say(says.TAKEBACK_REFUSED, name=B, asker=AL)),
    (-4, "Takeback", "Al and Bo accepted <b>'s takeback.", says.say(says.TAKEBACK_ACCEPTED, name=AL, asker=B)),
    (-4, "Takeback", "{x} withdrew the takeback request.", says.say(says.TAKEBACK_WITHDRAWN, name=X)),
    (-4, "Takeback", "Taken back: moves 7 to 9 (asked by Al and Bo).",
     says.say(says.TAKEN_BACK, moves=says.moves(7, 9), name=AL)),
    (-4, "Pace", "A line of some other shape.", None),
]
REASON = "Al and Bo forfeited: 2 turns ran out of time"


def seed(conn) -> None:
    result = json.dumps({"outcome": "forfeit", "scores": None, "reason": REASON, "winners": [1, 2], "forfeited": 0})
    conn.execute(text(
        "INSERT INTO tables (code, game, players, options, seed, status, initial_doc, doc, seq, to_act, result, "
        "created_at, updated_at, moved_at) VALUES ('aaaa1111', 'three-high', 3, '{}', 'x', 'finished', '{}', "
        "'{}', 3, '[]', :r, '2026-11-01 10:00:00', '2026-11-01 10:00:00', '2026-11-01 10:00:00')"), {"r": result})
    table_id = conn.execute(text("SELECT id FROM tables WHERE code = 'aaaa1111'")).scalar_one()
    for seat, name in enumerate((AL, X, B)):
        conn.execute(text("INSERT INTO seats (table_id, seat, name, notify) VALUES (:t, :s, :n, false)"),
                     {"t": table_id, "s": seat, "n": name})
    for seat, name, line, _ in ROWS:
        conn.execute(text("INSERT INTO chat (table_id, seat, name, text, at) "
                          "VALUES (:t, :s, :n, :x, '2026-11-01 10:00:00')"),
                     {"t": table_id, "s": seat, "n": name, "x": line})


def stored(conn) -> tuple[list, dict]:
    rows = conn.execute(text("SELECT CAST(say AS text) FROM chat ORDER BY id")).scalars().all()
    result = conn.execute(text("SELECT CAST(result AS text) FROM tables")).scalar_one()
    return [json.loads(x) if x else None for x in rows], json.loads(result)


def check(url: str) -> None:
    downgrade(url, "0015")
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as conn:
            assert "say" not in {c["name"] for c in inspect(conn).get_columns("chat")}
            seed(conn)
        upgrade(url)
        with engine.connect() as conn:
            said, result = stored(conn)
        assert said == [x[3] for x in ROWS]
        assert result["reason"] == REASON
        assert result["reason_say"] == says.say(says.FORFEITED, name=AL, n=2)
        for (_, _, line, want), got in zip(ROWS, said):
            if want is not None:  # the say says what the row said
                assert says.english(got) == line
        downgrade(url, "0015")
        with engine.connect() as conn:
            assert "say" not in {c["name"] for c in inspect(conn).get_columns("chat")}
            assert conn.execute(text("SELECT count(*) FROM chat")).scalar_one() == len(ROWS)
            assert "reason_say" not in json.loads(conn.execute(text("SELECT CAST(result AS text) FROM tables"))
                                                  .scalar_one())
        upgrade(url)
        with engine.connect() as conn:
            assert stored(conn)[0] == [x[3] for x in ROWS]
    finally:
        engine.dispose()


def test_0016_on_sqlite_with_chat(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"
    upgrade(url)
    check(url)


@pytest.mark.postgres
def test_0016_on_postgres_with_chat(postgres_url):
    check(postgres_url)
