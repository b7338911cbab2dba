"""One policy for every piece of text a person types: names, chat, dares, webhook URLs, admin searches.

Text is refused (422, code "bad_text") when it is not valid Unicode (a lone surrogate cannot be stored or
sent), holds a control character (NUL among them: PostgreSQL cannot store it in text), or holds a
character that reorders or hides text (bidi embeddings, overrides and isolates, invisible format
characters): those let a message or a name show something other than what it says. Zero-width joiners
and non-joiners stay allowed (emoji sequences and several scripts need them), as do private-use
characters. Accepted text is NFC-normalised; single-line text has its runs of white space (newlines
included) collapsed to one space and its ends trimmed.

Every name goes through `name` and every chat line through `chat_line` (both also need a visible
character: a name of Hangul fillers, U+3164, looks like nobody); nothing else cleans either.
"""
from __future__ import annotations

import unicodedata

from app.tables.errors import N_, Invalid, W_

BIDI = frozenset([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
JOINERS = frozenset([0x200C, 0x200D])  # ZWNJ, ZWJ: part of emoji sequences and of several scripts
# Characters that draw nothing: spaces, controls, format characters and marks (alone they mark nothing), and
# letters and symbols that are blank by design (Hangul fillers, the blank braille pattern, Khmer inherent
# vowels, the combining grapheme joiner, the Mongolian vowel separator).
BLANK_CATEGORIES = frozenset(["Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Mn", "Me"])
BLANK = frozenset([0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x17B4, 0x17B5, 0x034F, 0x180E])
NAME_MAX = 40  # characters of a name (seats, players; the column's size)
CHAT_MAX = 500  # characters of a chat line
NAME_WHAT = N_("A name")
NAME_EMPTY = N_("A name must not be empty: type the name your friends know you by.")


class BadText(Invalid):
    """Text that breaks the policy above; the sentence names the character and where it is."""

    default_code = "bad_text"


def _is_noncharacter(cp: int) -> bool:
    return 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE


def _problem(text: str) -> tuple[str, int, int] | None:
    """(why, code point, position from 1) of the first character that breaks the policy, or None."""
    if text.isascii() and text.isprintable():  # the common case: only ASCII controls could break it
        return None
    for i, ch in enumerate(text):
        cp = ord(ch)
        category = unicodedata.category(ch)
        if category == "Cs":
            why = N_("is not valid Unicode: it holds a lone surrogate")
        elif category == "Cc":
            why = N_("must not contain control characters")
        elif cp in BIDI:
            why = N_("must not contain characters that reorder text")
        elif category == "Cf" and cp not in JOINERS:
            why = N_("must not contain invisible formatting characters")
        elif _is_noncharacter(cp):
            why = N_("must not contain Unicode noncharacters")
        else:
            continue
        return why, cp, i + 1
    return None


def problem(text: str) -> str | None:
    """Why `text` breaks the policy (a phrase), or None when it does not."""
    found = _problem(text)
    return None if found is None else f"{found[0]} (U+{found[1]:04X} at position {found[2]})"


def visible(text: str) -> bool:
    """Whether `text` has a character that shows: a name of Hangul fillers (U+3164), combining marks or
    spaces alone looks blank, and a blank name lets one seat pass for another or for nobody."""
    return any(ord(ch) not in BLANK and unicodedata.category(ch) not in BLANK_CATEGORIES for ch in text)


def check(text: str, what: str) -> str:
    """`text` unchanged when it meets the policy; BadText naming `what` ("A chat message") otherwise."""
    found = _problem(text)
    if found is not None:
        why, cp, at = found
        raise BadText(N_("{what} {why} (U+{cp} at position {at})."), what=W_(what), why=W_(why), cp=f"{cp:04X}", at=at)
    return text


def clean(raw: object, *, what: str, max_len: int, required: bool = True, empty: str | None = None,
          shown: bool = False) -> str | None:
    """Single-line text as stored: checked, NFC, white space collapsed, 1..max_len characters.

    `what` starts the sentences ("A name"); `empty` replaces the one for empty text. With required=False,
    empty text gives None. With shown=True (names, chat lines) the text must have a visible character."""
    if not isinstance(raw, str):
        raise BadText(N_("{what} must be text."), what=W_(what))
    if _has_surrogate(raw):
        check(raw, what)  # raises, naming the surrogate
    text = " ".join(unicodedata.normalize("NFC", raw).split())
    if not text:
        if required:
            raise BadText(empty) if empty else BadText(N_("{what} must not be empty."), what=W_(what))
        return None
    if len(text) > max_len:
        raise BadText(N_("{what} must be at most {max} characters; this one has {n}."), what=W_(what), max=max_len,
                      n=len(text))
    check(text, what)
    if shown and not visible(text):
        raise BadText(N_("{what} must have at least one visible character: this one would look blank (it is only "
                         "spaces, fillers or marks such as U+{cp})."), what=W_(what), cp=f"{ord(text[0]):04X}")
    return text


def name(raw: object, *, what: str = NAME_WHAT, max_len: int = NAME_MAX, required: bool = True,
         empty: str | None = None) -> str | None:
    """The one function for a name someone is shown by: a seat's (create, join, a deal's table, an import's
    seats and the bots it names), a chat line's speaker and a stand-in's in an import, a review room's
    what-if. The policy above, NFC, white space collapsed, 1..max_len characters, at least one visible.

    `what` starts the sentences; `empty` replaces the one for an empty name (a player's own name, the
    default `what`, gets NAME_EMPTY). With required=False an empty name gives None."""
    if empty is None and what == NAME_WHAT:
        empty = NAME_EMPTY
    return clean(raw, what=what, max_len=max_len, required=required, empty=empty, shown=True)


def chat_line(raw: object, *, what: str = N_("A chat message"), max_len: int = CHAT_MAX) -> str:
    """The one function for a chat line, said at a table (REST or socket) or read from an import: the policy
    above, NFC, white space collapsed, 1..max_len characters, at least one visible."""
    return clean(raw, what=what, max_len=max_len, shown=True)


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def safe(text: str) -> str:
    """`text` with anything that cannot be encoded as UTF-8 replaced, for echoing input in a sentence."""
    return text.encode("utf-8", "replace").decode("utf-8") if _has_surrogate(text) else text


def check_strings(value: object, what: str, depth: int = 0) -> None:
    """Every string inside `value` (dict keys included), as `check`: a move's free text (a message to the table) is
    user text like any other, and nothing else in a legal move needs a character the policy refuses."""
    if depth > 20:
        raise BadText(N_("{what} is nested too deeply."), what=W_(what))
    if isinstance(value, str):
        check(value, what)
    elif isinstance(value, dict):
        for key, item in value.items():
            check_strings(key, what, depth + 1)
            check_strings(item, what, depth + 1)
    elif isinstance(value, list):
        for item in value:
            check_strings(item, what, depth + 1)
