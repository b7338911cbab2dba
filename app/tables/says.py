"""The sentences the table itself says to people, as message ids with parameters.

A line the table writes into its chat (a pace's or a pause's line, a takeback's, a hint asked, a nudge), a
forfeit's reason and how a notification's delivery went (a seat's "last" on a channel) are not sentences but
a *say*: `{"id": message, "params": {...}}`, plus `"plural"` (the English plural) when the message has a
count (`params["n"]`). The id is the English message, the key of the
catalogs (app/locale/*/LC_MESSAGES/messages.po for the server, static/i18n/*.json for the client), so each
reader gets the sentence in their own language: the page with core/i18n.js, a notification with `words`.
A say is stored beside its English rendering (`english`, for older readers and the admin's export) and sent
as it is: a name in it stays a name whatever it holds ("Al and Bo", "{x}", "<b>").

A parameter is a string or a number, or:
- a say itself (a seat nobody named is `seat_name`'s "Seat {n}"; a takeback's moves), said first;
- a list, said as a list of names ("{list} and {last}");
- under the key "day", an ISO date (2026-12-24), which the client shows in the reader's own format.

`SAYS` lists every message the server can send this way (id -> plural or None): `make i18n` adds them to the
client's catalogs and the catalog test checks each is in every language.
"""
from __future__ import annotations

from typing import Any

from app.tables.errors import N_
from app.tables.language import DEFAULT, translations


def Nn_(one: str, other: str) -> tuple[str, str]:
    """Marks a plural message for translation (`make i18n` extracts both forms)."""
    return one, other


SEAT = N_("Seat {n}")
AND = N_("{list} and {last}")
# the pace's lines (app/tables/live/pace_rules.py, pace.py)
BOT_STANDS_IN = N_("{name}'s time ran out: the bot plays for {name} until {name} comes back to the table.")
BOT_PLAYS_TURN = N_("{name}'s time ran out ({n} of {of}): the bot plays this turn for {name}.")
FORFEITS = Nn_("{name}'s time ran out ({n} turn): {name} forfeits.",
               "{name}'s time ran out ({n} turns): {name} forfeits.")
FORFEITED = Nn_("{name} forfeited: {n} turn ran out of time", "{name} forfeited: {n} turns ran out of time")
BACK = N_("{name} is back: the bot no longer plays for {name}.")
PLAYED_FOR = N_("Played by the bot for {name}: time ran out.")
PAUSE_PROPOSED = N_("{name} proposes a pause until {day}: {reason}")
PAUSED = N_("The table is paused until {day}: the clocks and reminders stop.")
PAUSE_REFUSED = N_("{name} refused the pause.")
PAUSE_ENDED = N_("{name} ended the pause: the clocks run again.")
PAUSE_WITHDRAWN = N_("{name} withdrew the pause.")
# a takeback's lines (app/tables/live/takeback_rules.py)
MOVE = N_("move {n}")
MOVES = N_("moves {from} to {to}")
TAKEBACK_ASKED = N_("{name} asks to take back {moves}.")
TAKEBACK_REFUSED = N_("{name} refused {asker}'s takeback.")
TAKEBACK_ACCEPTED = N_("{name} accepted {asker}'s takeback.")
TAKEBACK_WITHDRAWN = N_("{name} withdrew the takeback request.")
TAKEN_BACK = N_("Taken back: {moves} (asked by {name}).")
# a hint asked (app/tables/lobby/hints.py; the store adds the count) and a nudge (app/tables/notify/settings.py)
HINT = N_("{name} asked for a hint (hint {n} at this table)")
NUDGED = N_("{by} nudged {names}")
# how a notification's delivery went, a seat's "last" on a channel (app/tables/notify/webhooks.py, turns.py)
HTTP_STATUS = N_("HTTP {status}")
NO_CONNECTION = N_("could not connect ({error})")
REFUSED = N_("refused: {why}")
UNRESOLVED = N_("cannot resolve {host}: {error}")
NO_ADDRESS = N_("{host} resolves to no address")
PRIVATE_ADDRESS = N_("{host} resolves to a private or local address")
PUSH_GONE = N_("the browser unsubscribed; push removed")

SAYS: dict[str, str | None] = {
    **{x: None for x in (SEAT, AND, BOT_STANDS_IN, BOT_PLAYS_TURN, BACK, PLAYED_FOR, PAUSE_PROPOSED, PAUSED,
                         PAUSE_REFUSED, PAUSE_ENDED, PAUSE_WITHDRAWN, MOVE, MOVES, TAKEBACK_ASKED,
                         TAKEBACK_REFUSED, TAKEBACK_ACCEPTED, TAKEBACK_WITHDRAWN, TAKEN_BACK, HINT, NUDGED,
                         HTTP_STATUS, NO_CONNECTION, REFUSED, UNRESOLVED, NO_ADDRESS, PRIVATE_ADDRESS, PUSH_GONE)},
    **dict((FORFEITS, FORFEITED)),
}


def say(message: str | tuple[str, str], **params: Any) -> dict:
    """A say of `message` (a plural: the pair from Nn_, its count in params["n"])."""
    if isinstance(message, tuple):
        return {"id": message[0], "plural": message[1], "params": params}
    return {"id": message, "params": params}


def seat_name(name: str | None, seat: int) -> str | dict:
    """A seat's name as a say's parameter: the name, or "Seat {n}" in the reader's language."""
    return name if name else say(SEAT, n=seat)


def moves(first: int, last: int) -> dict:
    """"move 7" or "moves 7 to 9", as a say's parameter."""
    return say(MOVE, n=first) if first == last else say(MOVES, **{"from": first, "to": last})


def words(said: dict, lang: str | None = None) -> str:
    """The sentence of `said` in `lang` (English by default)."""
    t = translations(lang or DEFAULT)
    params = {k: _param(v, lang) for k, v in (said.get("params") or {}).items()}
    if said.get("plural"):
        text = t.ngettext(said["id"], said["plural"], int(params.get("n") or 0))
    else:
        text = t.gettext(said["id"])
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):  # a translation with a broken hole: the English rather than nothing
        return said["id"].format(**params)


def english(said: dict) -> str:
    """The English sentence of `said` (the chat row's text, a result's reason)."""
    return words(said, DEFAULT)


def _param(value: Any, lang: str | None) -> Any:
    if isinstance(value, dict) and "id" in value:
        return words(value, lang)
    if isinstance(value, list):
        names = [str(_param(x, lang)) for x in value]
        if len(names) < 2:
            return "".join(names)
        return words(say(AND, list=", ".join(names[:-1]), last=names[-1]), lang)
    return value


def valid(said: object, depth: int = 0) -> bool:
    """`said` is a say of ours (an id of SAYS, params of the kinds above): an imported file's chat line."""
    if not isinstance(said, dict) or said.get("id") not in SAYS or depth > 2:
        return False
    if said.get("plural") not in (None, SAYS[said["id"]]) or set(said) - {"id", "params", "plural"}:
        return False
    params = said.get("params", {})
    if not isinstance(params, dict) or len(params) > 8:
        return False
    for value in params.values():
        items = value if isinstance(value, list) else [value]
        for x in items[:20]:
            if isinstance(x, dict):
                if not valid(x, depth + 1):
                    return False
            elif not isinstance(x, (str, int)) or isinstance(x, bool) or (isinstance(x, str) and len(x) > 500):
                return False
        if isinstance(value, list) and len(value) > 20:
            return False
    return True
