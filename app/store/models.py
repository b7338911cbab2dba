"""SQLAlchemy models. The schema itself is created only by Alembic revisions in migrations/."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, validates


ENDED = ("finished", "abandoned")  # Table.status of a game that is over: it takes no more moves


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class Player(Base):
    """A browser identity: the HttpOnly cookie names one row (stored as a sha256 hash)."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    cookie_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The language this person chose (en, fr, de; revision 0013): notifications to them are worded in it.
    lang: Mapped[str | None] = mapped_column(String(8), nullable=True)


class Table(Base):
    __tablename__ = "tables"
    # The admin list filters by game or status and sorts by creation or last move (revision 0004); the
    # housekeeping sweep looks for playing tables and lobbies idle since a time.
    __table_args__ = (
        Index("ix_tables_created_at", "created_at"),
        Index("ix_tables_moved_at", "moved_at"),
        Index("ix_tables_game_created", "game", "created_at"),
        Index("ix_tables_game_moved", "game", "moved_at"),
        Index("ix_tables_status_created", "status", "created_at"),
        Index("ix_tables_status_moved", "status", "moved_at"),
        Index("ix_tables_status_updated", "status", "updated_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)  # seat count
    options: Mapped[dict] = mapped_column(JSON)
    # The deal's seed as text: at least 128 random bits (ENGINE.md); tables made before revision 0002 keep
    # their old integer seed, written in decimal.
    seed: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16))  # lobby|playing|finished|abandoned
    initial_doc: Mapped[dict] = mapped_column(JSON)
    doc: Mapped[dict] = mapped_column(JSON)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    to_act: Mapped[list] = mapped_column(JSON, default=list)  # [] outside "playing"
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    rematch_of_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id"), nullable=True)
    rematch_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id"), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The last move's time; the creation's until the first move (the move writer keeps it).
    moved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # Reminders (revision 0005): seconds a seat may be to act before it is reminded (0: never; None: the
    # server's default), and the seq whose reminder has been claimed (app/store/reminders.py).
    remind_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reminded_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    nudged_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # the last nudge
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # Made by an admin's import of an exported file (revision 0006), not played here: the statistics
    # leave it out (and count it apart).
    imported: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The deal it was dealt (revision 0007): results by deal put its result beside the other tables'.
    deal_id: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    # The pace (revision 0009, app/tables/live/pace.py): seconds per turn (None: no pace), what a turn that
    # runs out brings ("bot" or "forfeit") and after how many missed turns a seat forfeits.
    pace: Mapped[int | None] = mapped_column(Integer, nullable=True)
    pace_timeout: Mapped[str | None] = mapped_column(String(8), nullable=True)
    pace_forfeit_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # A pause by vote (revision 0010): {"reason", "until", "by", "votes", "since"} while proposed or on, and
    # when the agreed pause ends (or ended early): no clock runs, no reminder goes, before it.
    pause: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    paused_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # A takeback asked (revision 0012, app/tables/live/takeback.py): {"by", "seq", "from", "votes", "voters",
    # "open", "asked", "counts"}; asked now only while "seq" is the table's seq (a move lets it lapse).
    takeback: Mapped[dict | None] = mapped_column(JSON, nullable=True)

    @validates("seed")
    def _seed_as_text(self, _key: str, seed: object) -> str:
        return seed if isinstance(seed, str) else str(seed)


class Seat(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat", name="uq_seats_table_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)  # None: open seat
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)  # bot name, None for people
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), nullable=True, index=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    webhook_url: Mapped[str | None] = mapped_column(Text, nullable=True)
    notify: Mapped[bool] = mapped_column(Boolean, default=True)
    # Channels beyond the webhook (revision 0005): the webhook's format (None: guessed from its host), an
    # ntfy topic URL, a Web Push subscription {"endpoint", "keys": {"p256dh", "auth"}}, and the last
    # delivery per channel {"webhook" | "ntfy" | "push": {"ok", "at", "detail"}}.
    webhook_format: Mapped[str | None] = mapped_column(String(16), nullable=True)
    ntfy_url: Mapped[str | None] = mapped_column(Text, nullable=True)
    push: Mapped[str | None] = mapped_column(Text, nullable=True)  # the subscription as JSON text
    deliveries: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # The pace (revision 0009): the seq at which the seat's time ran out, the bot standing in since (None:
    # its player plays), and the seat's turns timed out in this game.
    stand_in: Mapped[int | None] = mapped_column(Integer, nullable=True)
    missed: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # The daily digest (revision 0011): the seat's channels ("webhook", "ntfy", "push", comma-separated)
    # that get one message a day listing the tables waiting for its person instead of one per turn.
    digest: Mapped[str | None] = mapped_column(String(40), nullable=True)
    digest_hour: Mapped[int | None] = mapped_column(Integer, nullable=True)  # UTC, 0-23 (revision 0014)


class Move(Base):
    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_moves_table_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[dict] = mapped_column(JSON)
    events: Mapped[list] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # A move the game's bot played for a seat whose time ran out (revision 0011): {"for": its name, "why":
    # "timeout"}; None for every other move.
    stand_in: Mapped[dict | None] = mapped_column(JSON, nullable=True)


class ChatMessage(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)  # the English of a line the table says (`say`); a person's own words
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # a line the table says, as a message id and its params ({"id", "params", "plural"?}: app/tables/says.py)
    say: Mapped[dict | None] = mapped_column(JSON, nullable=True)


class TurnClaim(Base):
    """Who does a turn's one-off work: a bot's move ("bot"), a turn webhook ("turn"), a reminder ("remind").
    Claimed in the database (the primary key admits one row per table, seq, seat and kind), so that with
    several app instances exactly one does each; rows of a table's older seqs are deleted as it moves on."""

    __tablename__ = "turn_claims"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    owner: Mapped[str] = mapped_column(String(32))  # the app instance that holds it
    claimed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Digest(Base):
    """A daily digest (revision 0011): one row per recipient (a hash of the person and their channel's
    address) and UTC day, claimed by the instance that sends it; a claim not marked sent within a lease is
    taken over by another instance (app/store/digests.py)."""

    __tablename__ = "digests"
    __table_args__ = (Index("ix_digests_day", "day"),)

    recipient: Mapped[str] = mapped_column(String(64), primary_key=True)
    day: Mapped[str] = mapped_column(String(10), primary_key=True)  # YYYY-MM-DD, UTC
    owner: Mapped[str] = mapped_column(String(32))
    claimed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Deal(Base):
    """A deal everyone can play (revision 0007): a game, a seat count, the options that shape the deal and a
    seed, named by a short id that is an HMAC of them with the server's secret (app/tables/deals/). The
    seed never leaves the server; `hidden`: an admin hid its results."""

    __tablename__ = "deals"
    __table_args__ = (Index("ix_deals_created_at", "created_at"), Index("ix_deals_day", "day"))

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(8))  # daily|named
    day: Mapped[str | None] = mapped_column(String(10), nullable=True)  # a daily deal's UTC date, YYYY-MM-DD
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ServerKey(Base):
    """A secret the server makes itself on first start and keeps (the Web Push VAPID private key)."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Analysis(Base):
    """What the bots work out after the fact (revision 0008), once per (kind, subject): "moves", a finished
    table's move scores (subject: its code); "deal", a deal's difficulty over many bot plays (subject: the
    deal's id). One instance claims a row (owner, claimed_at); `done` of `total` is its progress while
    status is "running"; `result` once "done"; `version` is the analyser's, so a better bot can redo it."""

    __tablename__ = "analyses"
    __table_args__ = (Index("ix_analyses_status_updated", "status", "updated_at"),)

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    subject: Mapped[str] = mapped_column(String(40), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    status: Mapped[str] = mapped_column(String(8))  # queued|running|done|failed
    done: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    total: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    owner: Mapped[str | None] = mapped_column(String(32), nullable=True)
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ReviewBranch(Base):
    """A what-if of a finished table's review room (revision 0008): `moves` ({"seat", "move"} each) played
    from the real game's step `ply` (that many real moves in), named, kept and shared by its own random id."""

    __tablename__ = "review_branches"
    __table_args__ = (Index("ix_review_branches_table", "table_id", "created_at"),)

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(60))
    ply: Mapped[int] = mapped_column(Integer)
    moves: Mapped[list] = mapped_column(JSON)
    author: Mapped[str] = mapped_column(String(40))
    # who kept it: their key in the room (revision 0015; NULL before), and whether they had a seat at the table
    keeper: Mapped[str | None] = mapped_column(String(24), nullable=True)
    seated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MoveNote(Base):
    """A player's note on a move of a table (revision 0017): written by the person at `seat` (their player
    id when the seat has one), on the step `seq`; `during` when the game was still on as it was written (it
    is then its author's alone until the game ends: app/tables/live/notes.py)."""

    __tablename__ = "move_notes"
    __table_args__ = (Index("ix_move_notes_table", "table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    author_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"), nullable=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    during: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    edited_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Invitation(Base):
    """A seat of a lobby table reserved for a named friend (revision 0018): its secret link stored hashed
    (`link_hash`), the inviter's seat, the invitee's player once known (a rematch's former player, or who
    accepted), `state` pending|accepted|declined|replaced (a bot took the seat) and when it expires
    (app/tables/lobby/invitations.py)."""

    __tablename__ = "invitations"
    __table_args__ = (Index("ix_invitations_table", "table_id", "seat"), Index("ix_invitations_invitee", "invitee_id"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    link_hash: Mapped[str] = mapped_column(String(64), unique=True)
    inviter_seat: Mapped[int] = mapped_column(Integer)
    invitee_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"), nullable=True)
    rematch: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    state: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
