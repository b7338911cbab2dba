"""Domain errors. Each carries a sentence for the user; app/web/errors.py maps the class to a status code."""
from __future__ import annotations


class TableError(ValueError):
    """Base of every error the domain reports to a client."""

    status = 400

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class Invalid(TableError):
    """The request is well-formed but cannot be done as asked (bad option, illegal move, bad name)."""

    status = 422


class Unauthorized(TableError):
    """No seat token, or a token that does not belong to this table."""

    status = 401


class Forbidden(TableError):
    """Known caller, not allowed (not the host, not your turn, a spectator)."""

    status = 403


class NotFound(TableError):
    status = 404


class Conflict(TableError):
    """The table is not in a state that allows this (full, started, finished, stale seq)."""

    status = 409
