"""Domain errors. Each carries a sentence for the user and a machine-readable `code` (its cause);
app/web/errors.py maps the class to a status code, and every error body is {"detail", "code"}."""
from __future__ import annotations

from sqlalchemy.exc import SQLAlchemyError

from app.games.base import Phrase
from app.store import is_outage


def N_(message: str) -> str:
    """Marks a sentence for translation (`make i18n` extracts it); the sentence itself is the message id."""
    return message


class Words(Phrase):
    """A parameter of an error's sentence that is itself one of our phrases (marked N_ where it is written),
    said in the reader's language too: `BadText(N_("{what} must be text."), what=W_("A name"))`; a Phrase
    (app/games/base.py: an engine's, with holes of its own) is said the same way."""


def W_(phrase: str, /, **params: object) -> Words:
    """A phrase of ours as a parameter, with {holes} of its own: `W_(N_("Chat line {line}"), line=3)`; a
    Phrase given as it is keeps its own holes."""
    if isinstance(phrase, Phrase) and not params:
        return phrase if isinstance(phrase, Words) else Words(phrase.message, **phrase.params)
    return Words(phrase, **params)


class TableError(ValueError):
    """Base of every error the domain reports to a client. A translatable sentence is a message id with
    {holes} and their `params`: `Conflict(N_("Table {code} is full."), "table_full", code=code)`; `detail`
    is the English sentence, and app/web/errors.py says `message` with `params` in the reader's language."""

    status = 400
    default_code = "bad_request"

    def __init__(self, detail: str, code: str | None = None, /, **params: object):
        self.message, self.params = detail, params
        self.detail = detail.format(**params) if params else detail
        super().__init__(self.detail)
        self.code = code or self.default_code

    def body(self) -> dict:
        return {"detail": self.detail, "code": self.code}


class Invalid(TableError):
    """The request is well-formed but cannot be done as asked (bad option, bad name)."""

    status = 422
    default_code = "invalid"


class IllegalMoveError(Invalid):
    """The engine refused the move; the detail is the engine's sentence."""

    default_code = "illegal_move"


class InvalidMoveError(IllegalMoveError):
    """Not a move of the game at all (not a JSON object, far too large, or the engine's InvalidMove: a
    malformed move, an unknown card or cell), as against a move the rules refuse now (illegal_move)."""

    default_code = "invalid_move"


class Unauthorized(TableError):
    """No seat token, or a token that does not belong to this table."""

    status = 401
    default_code = "unauthorized"


class Forbidden(TableError):
    """Known caller, not allowed (not the host, a spectator)."""

    status = 403
    default_code = "forbidden"


class NotYourTurn(Forbidden):
    default_code = "not_your_turn"


class NotFound(TableError):
    status = 404
    default_code = "not_found"


class Conflict(TableError):
    """The table is not in a state that allows this (full, started, finished)."""

    status = 409
    default_code = "conflict"


class StaleSeq(Conflict):
    """The client answered an older seq: someone moved first. The only error after which a client resyncs."""

    default_code = "stale_seq"


class NotPlaying(Conflict):
    default_code = "not_playing"


class RateLimited(TableError):
    """Too soon: the same thing was done a moment ago (a nudge an hour). Retry after `retry_after` s."""

    status = 429
    default_code = "rate_limited"

    def __init__(self, detail: str, code: str | None = None, /, *, retry_after: int = 60, **params: object):
        super().__init__(detail, code, **params)
        self.retry_after = retry_after


class Unavailable(TableError):
    """A service the domain needs (the database) is not answering; nothing was done. Retry later."""

    status = 503
    default_code = "unavailable"


class Busy(TableError):
    """A table's queue of commands is full (app/tables/live/actors.py): nothing was done. Retry in a moment."""

    status = 503
    default_code = "busy"


# What the store raises; `unavailable_for` tells which of its failures mean "the database is down".
StoreError = SQLAlchemyError

DATABASE_DOWN = N_("The server cannot reach its database just now, so this was not done. Try again in a "
                   "moment.")


def unavailable_for(error: BaseException) -> Unavailable | None:
    """Unavailable (503) when `error` means the database cannot be reached or used right now (down,
    restarting, failing over, a connection killed, every connection busy); None for anything else (a bug)."""
    return Unavailable(DATABASE_DOWN) if is_outage(error) else None


class Gone(TableError):
    """What was asked for existed and is over: an invitation expired, declined or answered already."""

    status = 410
    default_code = "gone"
