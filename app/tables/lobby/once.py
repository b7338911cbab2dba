"""The already-played rule, in one place for every path that seats a person at a table dealt a
deal: a browser (its identity cookie, that is its player) that sits at a table of a deal, whatever that
table's status (lobby, playing, finished, abandoned), is seated at no other table of that deal. A second
table would show it the cards of the first (another seat's hidden hand, the draw pile) or let it play cards
it knows; 409 `already_played` with a sentence. A browser with no identity yet cannot be told apart.

The paths: commands.create dealt a deal (today's deal, a deal's own route: app/tables/deals/play.py) and
commands.join (REST and its fast lane). Each calls `check_may_sit` in its check step, and `refuse`
with what the writer found inside its transaction (app/store/lobby_records.py CreateTable and TakeSeat
answer ("played", rows)), so two tabs at once get one seat. A rematch is dealt afresh (no deal) and an
admin's import seats nobody: neither seats a person at a table of a deal.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games import GAMES
from app.store import ENDED, deal_queries
from app.store.lobby_records import PlayerSpec
from app.tables.errors import Conflict, N_


def refuse(deal_id: str, mine: Sequence[tuple[str, str]], deal: Any = None) -> None:
    """Refuse (409 already_played) a browser whose tables on deal `deal_id` are `mine` ((code, status) of
    each, the oldest first), unless it has none. `deal`: the deals.core.Deal being dealt, when known (today's
    deal is said so)."""
    if not mine:
        return
    link = f"/deals/{deal_id}"
    if deal is not None and deal.of_today():
        raise Conflict(N_("You have played today's {game} deal for {n} already: see how everyone did at {link}. A "
                          "new one comes at midnight UTC."), "already_played", game=GAMES[deal.game].title,
                       n=deal.players, link=link)
    playing = [code for code, status in mine if status not in ENDED]
    if playing:
        raise Conflict(N_("You are playing this deal at table {code}: nobody sits at two tables of the same deal. "
                          "Its results open at {link} once your game there ends."), "already_played",
                       code=playing[0], link=link)
    raise Conflict(N_("You have played this deal already, at table {code}: each browser plays a deal once, since "
                      "it knows the deal from then on. See how everyone did at {link}."), "already_played",
                   code=mine[-1][0], link=link)


async def check_may_sit(ctx: Any, deal_id: str | None, spec: PlayerSpec, *, besides: int | None = None,
                        deal: Any = None) -> None:
    """The check step of a command that seats `spec` at a table dealt `deal_id` (None: dealt afresh, nothing
    to check): refused when the browser sits at a table of that deal, the table `besides` left out."""
    if deal_id is None or (spec.known_id is None and spec.cookie_hash is None):
        return
    async with ctx.db.reading() as s:
        mine = await deal_queries.seats_on_deal(s, deal_id, player_id=spec.known_id, cookie_hash=spec.cookie_hash,
                                                besides=besides)
    refuse(deal_id, mine, deal)
