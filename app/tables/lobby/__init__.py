"""Seats and people: the lobby's commands, identity, names and chat, hints, presence."""
