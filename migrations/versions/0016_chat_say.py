"""The table's own lines as message ids with parameters: `chat.say` ({"id", "params", "plural"?}, NULL for a
person's own words) beside `chat.text` (the English, kept), and a forfeit's `result.reason_say` beside its
`reason`. The rows already stored are read once, here: each known English shape of a hint's, a nudge's, a
pace's, a pause's or a takeback's line (and of a forfeit's reason) becomes its say; the names in it are
matched against the table's seats, so a name like "Al and Bo" stays one name. A line of no known shape keeps
no say (the client shows its text). Down: the column and the reasons' says go.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-06
"""
from __future__ import annotations

import re

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

CHAT = sa.table("chat", sa.column("id", sa.Integer), sa.column("table_id", sa.Integer),
                sa.column("seat", sa.Integer), sa.column("name", sa.String), sa.column("text", sa.Text),
                sa.column("say", sa.JSON))
TABLES = sa.table("tables", sa.column("id", sa.Integer), sa.column("result", sa.JSON))
SEATS = sa.table("seats", sa.column("table_id", sa.Integer), sa.column("seat", sa.Integer),
                 sa.column("name", sa.String))
KINDS = (-1, -2, -3, -4)  # hint, nudge, quiet hint, pace (app/tables/live/chat.py)
FORFEITED = ("{name} forfeited: {n} turn ran out of time", "{name} forfeited: {n} turns ran out of time")
FORFEITS = ("{name}'s time ran out ({n} turn): {name} forfeits.", "{name}'s time ran out ({n} turns): {name} forfeits.")
N = r"(?P<name>.+)"
MOVES = r"(?:move (?P<n>\d+)|moves (?P<from>\d+) to (?P<to>\d+))"
# (shape, message or (one, other)); a shape's groups are the params; a name said twice is the same name
SHAPES = [
    (rf"{N}'s time ran out: the bot plays for (?P=name) until (?P=name) comes back to the table\.",
     "{name}'s time ran out: the bot plays for {name} until {name} comes back to the table."),
    (rf"{N}'s time ran out \((?P<n>\d+) of (?P<of>\d+)\): the bot plays this turn for (?P=name)\.",
     "{name}'s time ran out ({n} of {of}): the bot plays this turn for {name}."),
    (rf"{N}'s time ran out \((?P<n>\d+) turns?\): (?P=name) forfeits\.", FORFEITS),
    (rf"{N} is back: the bot no longer plays for (?P=name)\.", "{name} is back: the bot no longer plays for {name}."),
    (rf"Played by the bot for {N}: time ran out\.", "Played by the bot for {name}: time ran out."),
    (r"(?P<name>.+?) proposes a pause until (?P<day>\d{4}-\d\d-\d\d): (?P<reason>.*)",
     "{name} proposes a pause until {day}: {reason}"),
    (r"The table is paused until (?P<day>\d{4}-\d\d-\d\d): the clocks and reminders stop\.",
     "The table is paused until {day}: the clocks and reminders stop."),
    (rf"{N} refused the pause\.", "{name} refused the pause."),
    (rf"{N} ended the pause: the clocks run again\.", "{name} ended the pause: the clocks run again."),
    (rf"{N} withdrew the pause\.", "{name} withdrew the pause."),
    (rf"{N} asks to take back {MOVES}\.", "{name} asks to take back {moves}."),
    (r"(?P<name>.+) refused (?P<asker>.+)'s takeback\.", "{name} refused {asker}'s takeback."),
    (r"(?P<name>.+) accepted (?P<asker>.+)'s takeback\.", "{name} accepted {asker}'s takeback."),
    (rf"{N} withdrew the takeback request\.", "{name} withdrew the takeback request."),
    (rf"Taken back: {MOVES} \(asked by {N}\)\.", "Taken back: {moves} (asked by {name})."),
    (rf"{N} asked for a hint \(hint (?P<n>\d+) at this table\)", "{name} asked for a hint (hint {n} at this table)"),
]
SHAPES = [(re.compile(shape, re.S), message) for shape, message in SHAPES]
NUMBERS = {"n", "of", "from", "to"}


def _name(name: str) -> str | dict:
    """A name as a say's param: "Seat N" (the old fallback of a seat with no name) said in the reader's words."""
    m = re.fullmatch(r"Seat (\d+)", name)
    return {"id": "Seat {n}", "params": {"n": int(m[1])}} if m else name


def _say(message: str | tuple, params: dict) -> dict:
    if isinstance(message, tuple):
        return {"id": message[0], "plural": message[1], "params": params}
    return {"id": message, "params": params}


def _split(names: str, known: list[str]) -> list[str]:
    """"Al and Bo and Cy" as the seats' names it lists (a name may hold " and "); else split at each " and "."""
    def walk(rest: str) -> list[str] | None:
        for name in sorted(known, key=len, reverse=True):
            if rest == name:
                return [name]
            if rest.startswith(name + " and "):
                tail = walk(rest[len(name) + 5:])
                if tail is not None:
                    return [name, *tail]
        return None
    return walk(names) or names.split(" and ")


def line_say(seat: int, name: str, text: str, known: list[str]) -> dict | None:
    """The say of an old line of the table's own, or None for a line of no known shape."""
    if seat == -2:  # "{by} nudged {names}", by being the row's name
        if not text.startswith(f"{name} nudged "):
            return None
        listed = _split(text[len(name) + 8:], known)
        return _say("{by} nudged {names}", {"by": _name(name), "names": [_name(x) for x in listed]})
    for shape, message in SHAPES:
        m = shape.fullmatch(text)
        if m is None:
            continue
        groups = {k: v for k, v in m.groupdict().items() if v is not None}
        if {"name", "asker"} <= set(groups) and known:  # two names: split where the seats' names say
            for who in known:
                for verb in (" refused ", " accepted "):
                    if text.startswith(who + verb) and text[len(who + verb):-len("'s takeback.")] in known:
                        groups["name"], groups["asker"] = who, text[len(who + verb):-len("'s takeback.")]
        params: dict = {}
        for k, v in groups.items():
            params[k] = int(v) if k in NUMBERS else _name(v) if k in ("name", "asker") else v
        if isinstance(message, str) and "{moves}" in message:  # "move 7" or "moves 7 to 9", a say of its own
            params["moves"] = ({"id": "move {n}", "params": {"n": params.pop("n")}} if "n" in params else
                               {"id": "moves {from} to {to}", "params": {"from": params.pop("from"),
                                                                         "to": params.pop("to")}})
        return _say(message, params)
    return None


def reason_say(reason: object) -> dict | None:
    m = re.fullmatch(r"(.+) forfeited: (\d+) turns? ran out of time", reason, re.S) if isinstance(reason, str) else None
    return _say(FORFEITED, {"name": _name(m[1]), "n": int(m[2])}) if m else None


def upgrade() -> None:
    with op.batch_alter_table("chat") as t:
        t.add_column(sa.Column("say", sa.JSON, nullable=True))
    conn = op.get_bind()
    names: dict[int, list[str]] = {}
    for table_id, name in conn.execute(sa.select(SEATS.c.table_id, SEATS.c.name).where(SEATS.c.name.is_not(None))):
        names.setdefault(table_id, []).append(name)
    rows = conn.execute(sa.select(CHAT.c.id, CHAT.c.table_id, CHAT.c.seat, CHAT.c.name, CHAT.c.text)
                        .where(CHAT.c.seat.in_(KINDS)).order_by(CHAT.c.id)).all()
    for row_id, table_id, seat, name, text in rows:
        said = line_say(seat, name or "", text or "", names.get(table_id, []))
        if said is not None:
            conn.execute(sa.update(CHAT).where(CHAT.c.id == row_id).values(say=said))
    for table_id, result in conn.execute(sa.select(TABLES.c.id, TABLES.c.result)).all():
        if isinstance(result, dict) and result.get("outcome") == "forfeit" and "reason_say" not in result:
            said = reason_say(result.get("reason"))
            if said is not None:
                conn.execute(sa.update(TABLES).where(TABLES.c.id == table_id)
                             .values(result={**result, "reason_say": said}))


def downgrade() -> None:
    conn = op.get_bind()
    for table_id, result in conn.execute(sa.select(TABLES.c.id, TABLES.c.result)).all():
        if isinstance(result, dict) and "reason_say" in result:
            kept = {k: v for k, v in result.items() if k != "reason_say"}
            conn.execute(sa.update(TABLES).where(TABLES.c.id == table_id).values(result=kept))
    with op.batch_alter_table("chat") as t:
        t.drop_column("say")
