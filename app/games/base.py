"""What every game engine shares: the error type, the step value and the game base class; chance (`Chance`,
the secrets) lives in chance.py and is named here too.

Engines are pure (ENGINE.md): no I/O, no clock, no `random`. All chance comes from `Chance`, a
counter-based stream over sha256, so the same key always yields the same numbers on any machine.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, NamedTuple

from .chance import Chance, derive_secret, twin_secret

__all__ = ["N_", "Chance", "Game", "IllegalMove", "InvalidMove", "Phrase", "Reading", "Step", "derive_secret",
           "one_seat_to_act", "twin_secret", "written_to_act"]


def N_(message: str) -> str:
    """Marks an engine's sentence for translation (`make i18n` extracts it)."""
    return message


class Phrase(str):
    """A parameter of a sentence that is itself a phrase of ours (marked N_), with {holes} of its own: the
    English as a str, said in the reader's language by the web layer too. `Phrase(N_("red {size}"),
    size=3)` reads "red 3", "rouge 3", "rot 3"."""

    message: str
    params: dict

    def __new__(cls, message: str, /, **params: object) -> Phrase:
        self = super().__new__(cls, message.format(**params) if params else message)
        self.message, self.params = message, params
        return self


class IllegalMove(ValueError):
    """A move the rules refuse; the message is a sentence a player understands. A sentence marked N_ with
    its {holes} in `params` is said in the player's language by the web layer (the English otherwise); a
    param that is a Phrase is said in that language too."""

    def __init__(self, message: str = "", /, **params: object) -> None:
        super().__init__(message.format(**params) if params else message)
        self.message, self.params = message, params


class InvalidMove(IllegalMove):
    """Not a move of this game at all (no position of the game as set up would take it): not the game's
    shape of a move (a wrong type, a missing or extra field, an unknown action) or a name the game does not
    have (a card, a cell, a square off this board). A subclass of IllegalMove, so every caller that refuses
    illegal moves refuses these too, while a client or a log can tell "not a move" (a bug in the sender)
    from "not allowed now" (a player's mistake)."""


class Step(NamedTuple):
    """The result of `Game.apply`: the new document and what happened, as event dicts."""

    doc: dict
    events: list


def written_to_act(doc: dict, *also: str) -> list[int] | None:
    """The seats to act as the engine wrote them into `doc` (a copy; [] once over), or None for a doc built
    by hand, which lacks "result" (or one of the keys `also` names): `to_act` then reads the position. O(1):
    the server asks it after every move."""
    if "result" not in doc or any(key not in doc for key in also):
        return None
    return [] if doc["result"] is not None else list(doc["to_act"])


def one_seat_to_act(doc: dict, read) -> list[int]:
    """`to_act` of a game where one seat acts at a time and whose position (`read(doc)`) keeps that seat in
    `to_act`, -1 once the game is over."""
    written = written_to_act(doc)
    if written is not None:
        return written
    seat = read(doc).to_act
    return [] if seat < 0 else [seat]


class Game(ABC):
    """Base class of a game object (ENGINE.md). Each game declares itself up front, as class attributes:

    - name, title, pitch (one line for the home page), min_players, max_players;
    - cooperative: True when the seats win or lose together (3-High), False when they compete;
    - client: the browser module under static/js/ that draws the board (docs/CLIENT.md);
    - css: the game's stylesheet under static/css/;
    - rules_template: the rules page, a path under templates/ or from the folder holding the game's own
      package ("nim/rules/rules.html"; app/tables/language.py `game_folder`), its translations beside it
      (rules.fr.html);
    - bot: the default bot, as "module:Class" under app.bots (a string: engines import no bot);
    - max_plies: the most moves (calls of `apply`) a game can take under its rules, or None when the rules
      set no bound (a game that can go on forever, ending with probability 1 only); tests play random
      games to this bound instead of guessing one;
    - simultaneous: True when several seats choose at the same time, each unseen by the others until all
      have chosen (Martian Treasure Hunt's arrangements); several seats that may act where the first move
      settles it (Dash's dare) are not simultaneous;
    - chance: True when the rules draw from the secret (a shuffle, dice, a first seat drawn by lot);
    - hidden_information: True when, with some options, a seat may see what another may not (a hidden
      hand, an arrangement before the reveal); a shuffled pile that nobody sees is chance, not hidden;
    - option_specs(players): the table options, checked once, here, by `check_options`.

    A subclass that leaves a declaration empty or undeclared (max_plies and the three flags have no default:
    a wrong default would pass unseen), or lacks a method of the contract, fails when it is defined
    (declaration) or instantiated at import of the registry (abstract methods).
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    pitch: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    cooperative: ClassVar[bool] = False
    client: ClassVar[str] = ""
    css: ClassVar[str] = ""
    rules_template: ClassVar[str] = ""
    bot: ClassVar[str] = ""
    max_plies: ClassVar[int | None]
    simultaneous: ClassVar[bool]
    chance: ClassVar[bool]
    hidden_information: ClassVar[bool]

    # Where the game stands in every list of games (the home page's shelf, GAMES): lowest first, then by name.
    order: ClassVar[int] = 100
    # Shared deals (the deals of the day, named deals): optional, a game without them leaves these as they are.
    # deal_options: the options that shape a deal (None: the game's deals are not shared; its other options
    # are house rules or the table's own); daily_seats: the seat counts that have a deal of the day.
    deal_options: ClassVar[tuple[str, ...] | None] = None
    daily_seats: ClassVar[tuple[int, ...]] = ()
    # The options that are the table's own: neither a deal's nor a house rule (how long its bots think, say);
    # a table dealt a shared deal may set them, and results under them are not ranked apart.
    table_options: ClassVar[tuple[str, ...]] = ()
    # Moves that legal_moves lists without the free text the mover adds: {action: (field, a placeholder text
    # that a what-if of the review room fills in)}; none by default.
    free_text: ClassVar[dict[str, tuple[str, str]]] = {}

    DECLARATION: ClassVar[tuple[str, ...]] = ("name", "title", "pitch", "client", "css", "rules_template", "bot")
    KIND: ClassVar[tuple[str, ...]] = ("max_plies", "simultaneous", "chance", "hidden_information")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if getattr(cls, "abstract", False) or cls.__dict__.get("abstract"):
            return
        missing = [attr for attr in cls.DECLARATION if not getattr(cls, attr, "")]
        missing += [attr for attr in cls.KIND if not hasattr(cls, attr)]  # annotated on Game, never given
        if missing:
            raise TypeError(f"Game {cls.__name__} does not declare {', '.join(missing)}.")
        if not 1 <= cls.min_players <= cls.max_players:
            raise TypeError(f"Game {cls.__name__} declares {cls.min_players}..{cls.max_players} players.")
        flags = [attr for attr in cls.KIND[1:] if not isinstance(getattr(cls, attr), bool)]
        if flags:
            raise TypeError(f"Game {cls.__name__} declares {', '.join(flags)} as something other than "
                            f"True or False.")
        bound = cls.max_plies
        if bound is not None and (not isinstance(bound, int) or isinstance(bound, bool) or bound < 1):
            raise TypeError(f"Game {cls.__name__} declares max_plies {bound!r}: a whole number of moves "
                            f"from 1 up, or None when its rules set no bound.")

    # --- the contract (ENGINE.md) ----------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int = 1, options: dict | None = None, seed: Any = 0) -> dict:
        """The initial document; ValueError for a bad player count or options."""

    @abstractmethod
    def to_act(self, doc: dict) -> list[int]:
        """The seats that may act now ([] once the game is over)."""

    @abstractmethod
    def legal_moves(self, doc: dict, seat: int) -> list[dict]:
        """The moves `seat` may make now, in a stable order ([] if none)."""

    @abstractmethod
    def apply(self, doc: dict, seat: int, move: Any) -> Step:
        """The step after `seat` plays `move`; IllegalMove with a sentence otherwise. Never mutates `doc`."""

    @abstractmethod
    def view(self, doc: dict, seat: int | None) -> dict:
        """What `seat` may see (None: a spectator). Never the secret, a pile's order or a hidden hand."""

    @abstractmethod
    def result(self, doc: dict) -> dict | None:
        """None while playing; else {"outcome", "reason", "scores", "winners"}."""

    # --- options ---------------------------------------------------------------------------------
    def option_specs(self, players: int) -> list[dict]:
        """The table options for `players`, each {"name", "type": "bool"|"int"|"choice", "default", "label"}
        plus "choices" (a list), "min"/"max" (int), or, for an option whose choices depend on another
        option: "depends_on": other name, "choices_by": {other value: [choices]}, "default_by":
        {other value: default}. A depending option is listed after the one it depends on."""
        return []

    def default_options(self, players: int) -> dict:
        full: dict = {}
        for spec in self.option_specs(players):
            full[spec["name"]] = _default_of(spec, full)
        return full

    def check_options(self, players: int, options: dict | None) -> dict:
        """The full options dict (defaults filled in); ValueError with a sentence for an unknown name or a
        bad value. The one place options are checked: the server calls it before `setup`."""
        if not isinstance(players, int) or isinstance(players, bool) or not (
            self.min_players <= players <= self.max_players
        ):
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {players!r}."
            )
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError(f"Options must be a dict, not {str(options)[:60]!r}.")
        specs = self.option_specs(players)
        names = {spec["name"] for spec in specs}
        unknown = sorted((key for key in options if key not in names), key=str)
        if unknown:
            known = ", ".join(sorted(names)) or "none"
            raise ValueError(f"{self.title} has no option {str(unknown[0])[:40]!r}; its options are: {known}.")
        full: dict = {}
        for spec in specs:
            key = spec["name"]
            if key in options:
                _check_option_value(spec, options[key], full)
                full[key] = options[key]
            else:
                full[key] = _default_of(spec, full)
        return full

    # --- extras with defaults ----------------------------------------------------------------------
    def view_events(self, events: list, seat: int | None, doc: dict) -> list:
        """The events as `seat` may see them (seat None: a spectator). Default: all of them."""
        return [dict(event) for event in events]

    def move_view(self, doc: dict, seat: int, move: Any, viewer: int | None) -> Any:
        """`seat`'s `move` as `viewer` may see it (None: a spectator), given `doc`: the doc after the move or
        any later one (the server passes the newest it has, so the answer must hold for every doc from the
        step on; a part hidden at the step may be revealed by a later doc, never the other way round).
        Default: the move itself (the same object, not a copy: callers never mutate it). A game whose moves
        carry hidden information (an arrangement made at the same time as the other seats') returns a
        stand-in of the same shape with the hidden parts left out."""
        return move

    def taken_back_view(self, doc: dict, seat: int, move: Any, events: list, viewer: int | None) -> tuple[Any, list]:
        """A step taken back (app/tables/takeback_steps.py), as `viewer` (not its mover) may see it while the
        game goes on: (move, events). A later position must not reveal what a step no longer in force hid.
        Default: as `move_view` and `view_events` show it given `doc` (the newest doc)."""
        return self.move_view(doc, seat, move, viewer), self.view_events(events, viewer, doc)

    # Why a step may not be taken back, in words: {reason: a sentence marked N_}, a sentence for each reason
    # that `takeback_refusal` returns (a game's own: a card drawn, dice rolled, a hidden choice shown...). The
    # server says it to the player who asked (app/tables/live/takeback.py, through `takeback_sentence`); a game
    # that overrides takeback_refusal declares its reasons here, keeping "unknown".
    takeback_reasons: ClassVar[dict[str, str]] = {
        "unknown": N_("This game does not say which of its moves reveal nothing, so none can be taken back."),
    }

    def takeback_refusal(self, doc: dict, seat: int, move: Any, events: list) -> str | None:
        """Why `seat`'s `move`, played on `doc` and making `events` (as stored, unfiltered), may not be taken
        back: a reason that `takeback_reasons` says in words, or None when taking it back and choosing again
        gives nobody anything they did not know before it (nothing drawn, rolled or shown that was hidden).
        Default: a game with neither chance nor hidden information may take back every step; any other says
        nothing, so none of its steps may ("unknown")."""
        return None if not (self.chance or self.hidden_information) else "unknown"

    def takeback_sentence(self, reason: str) -> str:
        """The sentence (marked N_) that says why a step may not be taken back, `reason` being what
        `takeback_refusal` answered; a reason the game does not say in words reads as "unknown"."""
        return self.takeback_reasons.get(reason) or Game.takeback_reasons["unknown"]

    def hidden_twin(self, doc: dict, viewer: int | None, seed: Any) -> dict:
        """A doc that `viewer` (None: a spectator) cannot tell from `doc`, with what it may not see drawn
        anew from `seed`: the same view, seats to act, result and own legal moves, but another secret (so
        other dice and reshuffles to come) and, in a game that overrides this, its hidden piles, hands or
        choices dealt again. Never used in play: the conformance suite (tests/games) asserts that the
        viewer's view, and every move and event of a step as shown to it, are the same for `doc` and its
        twins, which is what "nothing hidden reaches a viewer" means structurally (ENGINE.md).

        Default: another secret only, which is right for a game whose only hidden part is its secret. A
        game with any other hidden part (a pile's order, a hand, a simultaneous choice) must override it:
        a twin that keeps a hidden part as it was cannot show that part leaking."""
        return dict(doc, secret=twin_secret(self.name, doc, seed))

    def describe_move(self, doc: dict, seat: int, move: dict) -> str:
        return str(move)

    def move_targets(self, doc: dict, moves: list) -> list:
        """For each of `moves` (legal now), where it acts on the board, as a client draws it:
        a dict like {"from": "d2", "to": "d7"}, or None. Clients never recompute the rules."""
        return [None] * len(moves)

    def legal_moves_and_targets(self, doc: dict, seat: int) -> tuple[list[dict], list]:
        """`legal_moves` and `move_targets` together; a game may compute both from one reading of the doc."""
        moves = self.legal_moves(doc, seat)
        return moves, (self.move_targets(doc, moves) if moves else [])

    def render_text(self, doc: dict) -> str:
        return repr(doc)

    def reading(self, doc: dict) -> Reading:
        """`doc` read once, for the many questions a server asks of one position (each seat's view, the
        mover's legal moves, the next move). The doc must not change while the reading is in use, and its
        answers are read-only (they may be shared). Default: each question asks the game; a game with an
        internal state parses the doc once (3-High)."""
        return Reading(self, doc)

    # --- bots (optional) ----------------------------------------------------------------------------
    def bot_seconds(self, options: dict | None, seconds: float) -> float:
        """How long the bots (and hints) think per decision at a table with `options`, `seconds` being the
        server's setting (Settings.bot_seconds). Default: that setting; a game may let a table option of its
        own (one of its `table_options`) make them think more or less."""
        return seconds

    # --- admin statistics (optional) ---------------------------------------------------------------
    # Event types whose events each table's record carries to `stats` (read from the stored moves; keep
    # the list short: every listed type costs a scan of this game's moves).
    stats_events: ClassVar[tuple[str, ...]] = ()

    # --- shared deals (optional; see deal_options) ---------------------------------------------------
    def deal_figures(self, doc: dict, result: dict | None) -> dict:
        """An ended game's figures on a deal's results, as its spectators may see them: by default the
        scores ({"scores", "score": the best}); a game without scores says what counts instead (3-High:
        {"trees"})."""
        scores = list((result or {}).get("scores") or [])
        return {"scores": scores, "score": max(scores) if scores else None}

    def deal_rank(self, row: dict) -> tuple:
        """How a deal's results are ranked, best first (the shell breaks ties by the earlier finish); `row`:
        the result's figures (deal_figures) with its "outcome", "moves" and "hints". By default the higher
        score, then fewer hints."""
        return (-(row.get("score") or 0), row["hints"])

    def yardstick_plays(self, players: int, plays: int) -> int:
        """How many bot plays measure a deal at `players` seats, `plays` being the server's setting (0: the
        bot measures none, e.g. a game whose bot never varies or that has no shared deals)."""
        return 0

    def yardstick_outcome(self, doc: dict) -> dict:
        """One bot play of a deal, ended (or cut off) at `doc`: {"outcome"} and what it scored."""
        result = self.result(doc) or {}
        scores = result.get("scores") or [0]
        return {"outcome": result.get("verdict") or result.get("outcome") or "unfinished", "score": scores[0]}

    def stats(self, tables: list[dict]) -> dict:
        """This game's own figures for the admin's statistics (GET /api/admin/stats), from its tables that
        started, each {"players", "options", "status" ("playing"|"finished"|"abandoned"), "result" (None
        unless finished), "moves" (how many), "minutes" (from the start to the end, None unless ended),
        "events": [the events of the types in `stats_events`, in play order, each with its step's "seat"]}.

        Returns a JSON-able dict of figures, in the game's own shape, plus optionally "charts": a list of
        {"title", "kind": "bars"|"stacked", "labels": [x labels], "series": [{"name", "values": [numbers
        or None, one per label]}], "format": "count"|"percent"|"number", "note"?} that the admin page
        draws without knowing the game. Default: no figures."""
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class Reading:
    """One document asked many questions (see `Game.reading`); the answers are those of the game's own
    methods on the doc."""

    __slots__ = ("game", "doc")

    def __init__(self, game: Game, doc: dict):
        self.game, self.doc = game, doc

    def view(self, seat: int | None) -> dict:
        return self.game.view(self.doc, seat)

    def legal_moves_and_targets(self, seat: int) -> tuple[list[dict], list]:
        return self.game.legal_moves_and_targets(self.doc, seat)

    def apply(self, seat: int, move: Any) -> Step:
        return self.game.apply(self.doc, seat, move)

    def legal_json(self, seat: int) -> tuple[bytes, bytes] | None:
        """legal_moves_and_targets(seat) as JSON text (UTF-8), for a game that can write it faster than the
        server can build the lists and encode them; None (the default): encode the lists."""
        return None


def _default_of(spec: dict, earlier: dict) -> Any:
    if "depends_on" in spec:
        return spec["default_by"][earlier[spec["depends_on"]]]
    return spec["default"]


def _check_option_value(spec: dict, value: Any, earlier: dict) -> None:
    """ValueError unless `value` fits `spec` (its type, its range, its choices given the earlier options)."""
    kind, name = spec["type"], spec["name"]
    shown = str(value)[:40] if isinstance(value, str) else repr(value)[:40]
    if kind == "bool" and not isinstance(value, bool):
        raise ValueError(f"The option {name!r} is true or false, not {shown}.")
    if kind == "int" and (not isinstance(value, int) or isinstance(value, bool)):
        raise ValueError(f"The option {name!r} is a whole number, not {shown}.")
    if kind == "int" and not spec.get("min", value) <= value <= spec.get("max", value):
        raise ValueError(f"The option {name!r} is from {spec['min']} to {spec['max']}, not {shown}.")
    choices = spec.get("choices")
    where = ""
    if "depends_on" in spec:
        other = spec["depends_on"]
        choices, where = spec["choices_by"][earlier[other]], f" when {other} is {earlier[other]!r}"
    if choices is not None and (not isinstance(value, (str, int)) or value not in choices):
        listed = ", ".join(map(str, choices))
        raise ValueError(f"The option {name!r} cannot be {shown}{where}; choose one of: {listed}.")
