"""What each seat may see of Nim (everything but the secret: the heaps are on the table), its events'
words and the position in text."""
from __future__ import annotations

from app.games.base import N_

# The events' words, in English; the client says them in the reader's language (words.js).
TAKE = N_("{name} takes {n} from heap {heap}.")
END = N_("{name} takes the last stone.")


def view(doc: dict, seat: int | None) -> dict:
    return {key: value for key, value in doc.items() if key != "secret"}


def with_text(events: list[dict]) -> list[dict]:
    """The events with their English words, "text" (the log of a replay, the admin)."""
    said = []
    for event in events:
        name = f"Seat {event['seat'] + 1}"
        if event["type"] == "take":
            text = TAKE.format(name=name, n=event["take"], heap=event["heap"] + 1)
        else:
            text = END.format(name=name)
        said.append({**event, "text": text})
    return said


def render_text(doc: dict) -> str:
    heaps = "  ".join(f"{i + 1}:{'o' * size or '-'}" for i, size in enumerate(doc["heaps"]))
    turn = f"seat {doc['to_act'][0] + 1} to take" if doc["to_act"] else f"over: {doc['result']['winners']} won"
    return f"Nim  {heaps}  ({turn})"
