"""Dares: the built-in suggestions (offered to people and used by bots) and the check on a dare's text.

A dare's text is what one opponent writes for the dared seat. The engine stores it trimmed, 1..200
characters, on one line of plain text: control characters, line breaks and the bidirectional overrides
that could make a dare display differently from what was typed are refused with a sentence.
"""
from __future__ import annotations

import unicodedata

from ..base import N_, IllegalMove, InvalidMove

MAX_DARE = 200  # characters (code points), after trimming

# Written for friends at a table or in a browser with the chat beside the board: each can be done in a
# minute, by anyone, without leaving the game.
SUGGESTIONS = (
    "Tell the table your most embarrassing school memory, in the chat.",
    "Write a four-line poem about pyramids in the chat.",
    "Describe your breakfast in exactly five words.",
    "Send a chat message using only emoji that tells the story of your day.",
    "Type the alphabet backwards in the chat, from memory, in under a minute.",
    "Compliment every other player, each in a different way.",
    "Sing the first line of the last song you listened to (or type it, if you are far away).",
    "Confess the worst move you have made in this game so far.",
    "Name five blue things you can see right now.",
    "Speak (or type) like a pirate until your next turn.",
    "Invent a new picture for the board and say where it should go.",
    "Share the oldest photo on your phone, or describe it in one sentence.",
    "Do ten jumping jacks, or tell us honestly why you won't.",
    "Tell a joke. The table decides whether it counts.",
    "Say something nice about the player who is leading.",
    "Describe your dream holiday in three words.",
    "Reveal the last thing you searched for online (keep it friendly).",
    "Give the pyramid you are playing a name and a short backstory.",
    "Write a haiku about the card you just drew.",
    "Balance a spoon, a pen or a pyramid on your nose for five seconds.",
    "Name a song for each colour of the board.",
    "Tell us one thing you have never told anyone at this table.",
    "Make up a one-sentence rule for the next game and type it in the chat.",
    "Speak only in questions until your next turn.",
)
assert all(1 <= len(text) <= MAX_DARE for text in SUGGESTIONS)

# Bidirectional embeddings, overrides and isolates, and the invisible direction marks: a dare shows the
# characters as typed, in the order typed.
BIDI_CONTROLS = frozenset([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
LINE_BREAKING = frozenset(["Cc", "Cs", "Zl", "Zp"])  # controls (newlines, tabs...), lone surrogates, separators


def check_dare_text(text) -> str:
    """The dare as stored (trimmed); InvalidMove if it is not text, IllegalMove with a sentence if the text
    cannot be a dare."""
    if not isinstance(text, str):
        raise InvalidMove(N_("A dare is written as text, not {text}."), text=repr(str(text)[:40]))
    trimmed = text.strip()
    if not trimmed:
        raise IllegalMove(N_("A dare cannot be blank: write what the dared player must do (1 to 200 characters)."))
    if len(trimmed) > MAX_DARE:
        raise IllegalMove(N_("A dare is at most {max} characters; this one has {n}. Shorten it and send it again."),
                          max=MAX_DARE, n=len(trimmed))
    for index, char in enumerate(trimmed):
        code = ord(char)
        if code in BIDI_CONTROLS:
            raise IllegalMove(N_("A dare cannot contain the text-direction control U+{cp} (character {at}); type the "
                                 "dare as plain text."), cp=f"{code:04X}", at=index + 1)
        category = unicodedata.category(char)
        if category in LINE_BREAKING:
            where = {"cp": f"{code:04X}", "at": index + 1}
            if category in ("Zl", "Zp") or char in "\n\r\v\f\x85":
                raise IllegalMove(N_("A dare cannot contain a line break (U+{cp}, character {at}); "
                                     "write it on one line of plain text."), **where)
            if char == "\t":
                raise IllegalMove(N_("A dare cannot contain a tab (U+{cp}, character {at}); write it on one line of "
                                     "plain text."), **where)
            raise IllegalMove(N_("A dare cannot contain the control character (U+{cp}, character {at}); write it on "
                                 "one line of plain text."), **where)
    return trimmed
