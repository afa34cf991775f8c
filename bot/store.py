"""Storage: games keyed by channel, an append-only event log per game, a snapshot of each game
(written every few actions: a game is its last snapshot plus the log rows after it), per-channel
table-companion state, and numbered migrations applied at start-up.

``StoreBase`` is what the service sees; ``Store`` keeps it in one SQLite file through aiosqlite
(WAL mode), the zero-setup default, and ``bot.store_pg.PgStore`` in PostgreSQL through asyncpg,
for several bot processes over one database. ``bot.stores.open_store`` picks one from the
settings.

Exactly-once writes: ``save_game`` commits the new snapshot and the new log rows only if the
stored version is still the one the action was computed from (checked inside the transaction,
for each game of a group commit); the service also holds a per-game lock, so two clicks at once
never apply twice.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

MIGRATIONS: list[str] = [
    # 1: games, their event logs, and per-channel table state
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        white_id INTEGER NOT NULL,
        black_id INTEGER NOT NULL,
        status TEXT NOT NULL,            -- challenge, teams, live, over
        version INTEGER NOT NULL DEFAULT 0,
        snapshot TEXT,                   -- the game as JSON (configuration and log)
        meta TEXT NOT NULL DEFAULT '{}', -- teams being chosen, pending undo request, ...
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_live_game_per_channel ON games(channel_id) WHERE status != 'over';
    CREATE TABLE events (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        user_id INTEGER,
        action TEXT NOT NULL,
        rolls TEXT NOT NULL,
        texts TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE channel_state (
        channel_id INTEGER NOT NULL,
        kind TEXT NOT NULL,              -- e.g. tarot, cards, rolls
        data TEXT NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (channel_id, kind)
    );
    """,
    # 2: a roll log per channel for /rolls history and /rolls stats
    """
    CREATE TABLE rolls (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id INTEGER NOT NULL,
        user_id INTEGER,
        expression TEXT NOT NULL,
        dice TEXT NOT NULL,              -- JSON list of [sides, face]
        total INTEGER,
        created_at REAL NOT NULL
    );
    CREATE INDEX rolls_by_channel ON rolls(channel_id, id);
    """,
    # 3: a truly append-only event log: rows are never deleted; an approved undo marks them.
    # `seq` is the step's place in the game's history; `id` orders every row ever written.
    """
    CREATE TABLE event_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        user_id INTEGER,
        action TEXT NOT NULL,
        rolls TEXT NOT NULL,
        texts TEXT NOT NULL,
        undone INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL
    );
    INSERT INTO event_log (game_id, seq, user_id, action, rolls, texts, created_at)
        SELECT game_id, seq, user_id, action, rolls, texts, created_at FROM events ORDER BY
        game_id, seq;
    DROP TABLE events;
    CREATE INDEX event_log_by_game ON event_log(game_id, undone, seq);
    """,
    # 4: every game records its game system (bot/systems.py); the games written before there
    # was more than one system are Wargame Chess.
    """
    ALTER TABLE games ADD COLUMN system TEXT NOT NULL DEFAULT 'wargame-chess';
    """,
    # 5: the game's live message in its channel (edited after each action) and when its
    # waiting player was last reminded; neither is part of the game, so neither bumps the
    # version that buttons carry.
    """
    ALTER TABLE games ADD COLUMN message_id INTEGER;
    ALTER TABLE games ADD COLUMN reminded_at REAL;
    """,
]


# What a GameRow reads: not the snapshot itself, which only a load from disk needs.
ROW = (
    "id, guild_id, channel_id, white_id, black_id, status, version, meta, system, "
    "message_id, updated_at, reminded_at, snapshot IS NOT NULL AS started"
)


def game_query(game: str, channel: str, kind: str) -> str:
    """``StoreBase.game``'s one statement, given the backend's placeholders for its three
    arguments: the game's id; a channel (NULL: any) the game must be live in; a kind of
    per-user state (NULL: none) to read for both players with the row."""
    prefs = "".join(
        f", (SELECT s.data FROM channel_state s WHERE s.channel_id = games.{seat}_id "
        f"AND s.kind = {kind}) AS {seat}_prefs"
        for seat in ("white", "black")
    )
    return (
        f"SELECT {ROW}{prefs} FROM games WHERE id = {game} "
        f"AND ({channel} IS NULL OR (channel_id = {channel} AND status != 'over'))"
    )


_GAME = game_query(":game", ":channel", ":kind")


def with_prefs(row: GameRow, r: Any, kind: str | None) -> GameRow:
    """The row with the players' state read beside it (``r``: the statement's record)."""
    if kind is not None:
        row.prefs = {}
        for seat, user in (("white", row.white_id), ("black", row.black_id)):
            data = r[f"{seat}_prefs"]
            if data is not None:
                row.prefs[user] = dict(json.loads(data))
    return row


_UPDATE_GAME = (
    "UPDATE games SET version = version + 1, status = COALESCE(?, status), "
    "snapshot = COALESCE(?, snapshot), meta = COALESCE(?, meta), "
    "channel_id = COALESCE(?, channel_id), updated_at = ? "
    "WHERE id = ? AND version = ?"
)
_INSERT_EVENT = (
    "INSERT INTO event_log (game_id, seq, user_id, action, rolls, texts, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)


class StaleVersion(Exception):
    """The game changed since the action was computed; nothing was written."""


class ChannelTaken(Exception):
    """The channel already has a game that is not over; nothing was written."""


# What one save in a group commit comes to: its new version, or why it wrote nothing.
Written = int | StaleVersion | ChannelTaken


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    white_id: int
    black_id: int
    status: str
    version: int
    started: bool  # has a snapshot: the game itself exists (teams chosen)
    meta: dict[str, Any]
    system: str = "wargame-chess"  # the game system's id (bot/systems.py)
    message_id: int | None = None  # the live game message (edited after each action)
    updated_at: float = 0.0  # when the game last changed (an action, a choice, a status)
    reminded_at: float | None = None  # when the waiting player was last reminded
    # The two players' per-user state of one kind (channel_state keyed by user id: e.g. their
    # pings setting), read in the same statement as the row when asked for (None: not read).
    prefs: dict[int, dict[str, Any]] | None = None


@dataclass
class Save:
    """One save_game call's arguments."""

    row: GameRow
    status: str | None
    snapshot: str | None
    meta: dict[str, Any] | None
    channel_id: int | None
    new_events: list[tuple[int | None, str, str, str]]
    first_seq: int

    def update_params(self, now: float) -> tuple[Any, ...]:
        meta = None if self.meta is None else json.dumps(self.meta)
        r = self.row
        return (self.status, self.snapshot, meta, self.channel_id, now, r.id, r.version)

    def event_rows(self, now: float) -> list[tuple[Any, ...]]:
        return [
            (self.row.id, self.first_seq + i, user_id, action, rolls, texts, now)
            for i, (user_id, action, rolls, texts) in enumerate(self.new_events)
        ]


T = TypeVar("T")
# A change of a channel's state: given what is stored (None: nothing yet), the new state and
# what to tell the caller.
Change = Callable[[dict[str, Any] | None], tuple[dict[str, Any], T]]


class StoreBase(ABC):
    """What the service needs of a store, and the group commit both backends share."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock  # injected in tests of reminders and expiry
        # Held while a transaction is written (a group commit, an undo, on SQLite every write).
        self.write_lock = asyncio.Lock()
        self._queued: list[tuple[Save, asyncio.Future[Written]]] = []
        self._writer: asyncio.Task[None] | None = None

    @property
    def writing(self) -> bool:
        """Whether saves are queued or being written."""
        return bool(self._queued) or (self._writer is not None and not self._writer.done())

    async def save_game(
        self,
        row: GameRow,
        *,
        status: str | None = None,
        snapshot: str | None = None,
        meta: dict[str, Any] | None = None,
        channel_id: int | None = None,
        new_events: list[tuple[int | None, str, str, str]] | None = None,
        first_seq: int = 0,
        truncate_from: int | None = None,
    ) -> int:
        """Write a new version of the game if nobody else has since ``row.version``, in this
        process or any other over the same database. Returns the new version; raises
        StaleVersion (writing nothing) otherwise.

        Saves that arrive while others are being written are committed together, in one
        transaction (a group commit): one save at a time, each a few round trips to the
        database, could not keep up with hundreds of Activations a second
        (bench/interactions.py)."""
        args = Save(row, status, snapshot, meta, channel_id, new_events or [], first_seq)
        if truncate_from is not None:  # an undo: rare, written on its own
            async with self.write_lock:
                (result,) = await self._write([args], truncate_from)
        else:
            fut: asyncio.Future[Written] = asyncio.get_running_loop().create_future()
            self._queued.append((args, fut))
            if self._writer is None or self._writer.done():
                self._writer = asyncio.create_task(self._write_queued(), name="store-writer")
            result = await fut
        if isinstance(result, Exception):  # StaleVersion, or ChannelTaken
            raise result
        return result

    async def _write_queued(self) -> None:
        while self._queued:
            async with self.write_lock:
                # One save per game in a transaction (a second one waits for the next round).
                batch: list[tuple[Save, asyncio.Future[Written]]] = []
                later: list[tuple[Save, asyncio.Future[Written]]] = []
                seen: set[int] = set()
                for item in self._queued:
                    (later if item[0].row.id in seen else batch).append(item)
                    seen.add(item[0].row.id)
                self._queued = later
                try:
                    results = await self._write([args for args, _ in batch])
                except BaseException as e:
                    for _, fut in batch:
                        if not fut.done():
                            fut.set_exception(e)
                    if not isinstance(e, Exception):
                        raise
                    continue
                for (_, fut), result in zip(batch, results, strict=True):
                    if not fut.done():
                        fut.set_result(result)

    @abstractmethod
    async def _write(self, batch: list[Save], truncate_from: int | None = None) -> list[Written]:
        """One transaction for saves of different games: each one's new version, or
        StaleVersion for a save whose game moved on, or ChannelTaken for one moving a game to a
        channel that has a live game (it writes nothing; the others do; never raised).
        ``truncate_from`` (an undo, one save only) marks the log rows from there undone."""

    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    @property
    @abstractmethod
    def is_open(self) -> bool: ...

    @abstractmethod
    async def migrate(self) -> int:
        """Apply every numbered migration not applied yet; returns the schema version."""

    @abstractmethod
    async def schema(self) -> dict[str, list[str]]:
        """Each table's columns, by name (to compare the backends' migrations)."""

    @abstractmethod
    async def live_game(self, channel_id: int) -> GameRow | None: ...

    @abstractmethod
    async def last_finished_game(self, channel_id: int) -> GameRow | None:
        """The channel's most recently made game among those that were played and are over
        (a challenge declined or expired, a game called off before its teams, never counts);
        None if none."""

    @abstractmethod
    async def game(
        self, game_id: int, *, live_in: int | None = None, prefs: str | None = None
    ) -> GameRow | None:
        """The game (None if there is none). ``live_in``: only if, as this one statement reads
        it, it is that channel's live game (not over, in that channel). ``prefs``: with the two
        players' per-user state of that kind (``GameRow.prefs``), read in the same statement."""

    @abstractmethod
    async def snapshot(self, game_id: int) -> str | None:
        """The game's last snapshot (None before it has one)."""

    @abstractmethod
    async def log_from(self, game_id: int, seq: int) -> list[tuple[str, str]]:
        """The live log rows (action, rolls) from place ``seq`` in the history on, in order."""

    @abstractmethod
    async def create_game(
        self,
        guild_id: int | None,
        channel_id: int,
        white_id: int,
        black_id: int,
        status: str,
        meta: dict[str, Any],
        system: str = "wargame-chess",
    ) -> GameRow:
        """A new game; ChannelTaken if the channel has one that is not over."""

    @abstractmethod
    async def events(self, game_id: int) -> list[dict[str, Any]]: ...

    @abstractmethod
    async def all_events(self, game_id: int) -> list[dict[str, Any]]:
        """Every row ever logged for the game, undone ones included, in writing order."""

    @abstractmethod
    async def set_message(self, game_id: int, message_id: int | None) -> None:
        """Record the game's live message (not a change of the game: no new version)."""

    @abstractmethod
    async def games_from(self, home_channel: int) -> list[GameRow]:
        """The games not over that were challenged in ``home_channel`` and moved to a thread."""

    @abstractmethod
    async def set_meta(
        self, game_id: int, meta: dict[str, Any], version: int, was: dict[str, Any]
    ) -> bool:
        """Change only the game's meta (e.g. an undo request), not the game: no new version, so
        the live message's buttons stay current. Only while the game is at ``version`` and its
        meta is still ``was``, as the caller read it (False: another process saved the game or
        changed its meta first, say with an undo request of its own, and nothing was written).
        Callers hold the game's lock."""

    @abstractmethod
    async def set_reminded(self, game_id: int, when: float) -> None: ...

    @abstractmethod
    async def live_games(self) -> list[GameRow]: ...

    @abstractmethod
    async def channel_state(self, channel_id: int, kind: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def set_channel_state(self, channel_id: int, kind: str, data: dict[str, Any]) -> None: ...

    @abstractmethod
    async def update_channel_state(self, channel_id: int, kind: str, change: Change[T]) -> T:
        """Read, change and write a channel's state as one step that no other writer of the
        same state (in this process or another) can come between; if ``change`` raises,
        nothing is written."""

    @abstractmethod
    async def log_roll(
        self,
        channel_id: int,
        user_id: int | None,
        expression: str,
        dice: list[tuple[int, int]],
        total: int | None,
    ) -> None: ...

    @abstractmethod
    async def rolls(self, channel_id: int, limit: int | None = None) -> list[dict[str, Any]]: ...


class Store(StoreBase):
    """The SQLite store: one file, one connection."""

    def __init__(self, path: Path | str, clock: Callable[[], float] = time.time) -> None:
        super().__init__(clock)
        self.path = str(path)
        # One connection is shared by every coroutine: a transaction spans several awaits, so
        # all writes take the write lock, or another coroutine's statement would land inside
        # (and could be rolled back with) someone else's transaction.
        self.db: aiosqlite.Connection | None = None

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # Autocommit mode: transactions are begun explicitly where several writes go together.
        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        self.db.row_factory = aiosqlite.Row
        await self.db.execute("PRAGMA journal_mode=WAL")
        # FULL: a commit is on disk before the player is told the action happened (NORMAL could
        # lose the last commits on a power failure in WAL mode).
        await self.db.execute("PRAGMA synchronous=FULL")
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.migrate()

    async def close(self) -> None:
        if self.db is not None:
            await self.db.close()
            self.db = None

    @property
    def is_open(self) -> bool:
        return self.db is not None

    @property
    def conn(self) -> aiosqlite.Connection:
        if self.db is None:
            raise RuntimeError("the store is not open")
        return self.db

    async def _all(
        self, sql: str, args: tuple[Any, ...] | dict[str, Any] = ()
    ) -> list[aiosqlite.Row]:
        """A query's rows in one round trip to the database's thread (a cursor's execute, fetch
        and close would be three, each a wake-up of the event loop)."""
        return list(await self.conn.execute_fetchall(sql, args))

    async def _one(
        self, sql: str, args: tuple[Any, ...] | dict[str, Any] = ()
    ) -> aiosqlite.Row | None:
        rows = await self._all(sql, args)
        return rows[0] if rows else None

    async def migrate(self) -> int:
        db = self.conn
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = await self._one("SELECT MAX(version) FROM schema_version")
        current = row[0] if row and row[0] is not None else 0
        for n, sql in enumerate(MIGRATIONS, start=1):
            if n <= current:
                continue
            await db.executescript(
                f"BEGIN;\n{sql}\nINSERT INTO schema_version VALUES ({n});\nCOMMIT;"
            )
        return len(MIGRATIONS)

    async def schema(self) -> dict[str, list[str]]:
        tables = [
            r[0]
            for r in await self._all(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence'"
            )
        ]
        out: dict[str, list[str]] = {}
        for t in sorted(tables):
            out[t] = sorted(r[1] for r in await self._all(f"PRAGMA table_info({t})"))
        return out

    # ---- games ----
    @staticmethod
    def _row(r: aiosqlite.Row) -> GameRow:
        return GameRow(
            id=r["id"],
            guild_id=r["guild_id"],
            channel_id=r["channel_id"],
            white_id=r["white_id"],
            black_id=r["black_id"],
            status=r["status"],
            version=r["version"],
            started=bool(r["started"]),
            meta=json.loads(r["meta"]),
            system=r["system"],
            message_id=r["message_id"],
            updated_at=r["updated_at"],
            reminded_at=r["reminded_at"],
        )

    async def live_game(self, channel_id: int) -> GameRow | None:
        r = await self._one(
            f"SELECT {ROW} FROM games WHERE channel_id = ? AND status != 'over'",
            (channel_id,),
        )
        return self._row(r) if r else None

    async def last_finished_game(self, channel_id: int) -> GameRow | None:
        r = await self._one(
            f"SELECT {ROW} FROM games WHERE channel_id = ? AND status = 'over' "
            "AND snapshot IS NOT NULL ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return self._row(r) if r else None

    async def game(
        self, game_id: int, *, live_in: int | None = None, prefs: str | None = None
    ) -> GameRow | None:
        r = await self._one(_GAME, {"game": game_id, "channel": live_in, "kind": prefs})
        return with_prefs(self._row(r), r, prefs) if r else None

    async def snapshot(self, game_id: int) -> str | None:
        """The game's last snapshot (None before it has one)."""
        r = await self._one("SELECT snapshot FROM games WHERE id = ?", (game_id,))
        return None if r is None else r["snapshot"]

    async def log_from(self, game_id: int, seq: int) -> list[tuple[str, str]]:
        """The live log rows (action, rolls) from place ``seq`` in the history on, in order."""
        rows = await self._all(
            "SELECT action, rolls FROM event_log WHERE game_id = ? AND undone = 0 AND seq >= ? "
            "ORDER BY seq",
            (game_id, seq),
        )
        return [(x["action"], x["rolls"]) for x in rows]

    async def create_game(
        self,
        guild_id: int | None,
        channel_id: int,
        white_id: int,
        black_id: int,
        status: str,
        meta: dict[str, Any],
        system: str = "wargame-chess",
    ) -> GameRow:
        now = self.clock()
        values = (guild_id, channel_id, white_id, black_id, status, json.dumps(meta), system)
        async with self.write_lock:
            try:
                cur = await self.conn.execute(
                    "INSERT INTO games (guild_id, channel_id, white_id, black_id, status, meta, "
                    "system, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*values, now, now),
                )
            except sqlite3.IntegrityError:  # the one-live-game-per-channel index
                raise ChannelTaken(f"channel {channel_id} already has a game") from None
        row = await self.game(cur.lastrowid or 0)
        assert row is not None
        return row

    async def _write(self, batch: list[Save], truncate_from: int | None = None) -> list[Written]:
        db = self.conn
        now = self.clock()
        await db.execute("BEGIN IMMEDIATE")
        try:
            try:
                cur = await db.executemany(_UPDATE_GAME, [a.update_params(now) for a in batch])
            except sqlite3.IntegrityError:  # a game moved to a channel with a live game
                await db.execute("ROLLBACK")
                if len(batch) == 1:
                    taken = batch[0].channel_id
                    return [ChannelTaken(f"channel {taken} already has a game")]
                return [(await self._write([a], truncate_from))[0] for a in batch]
            if cur.rowcount != len(batch):
                await db.execute("ROLLBACK")
                if len(batch) == 1:
                    row = batch[0].row
                    return [StaleVersion(f"game {row.id} is no longer at version {row.version}")]
                # Some save is stale: find it, one at a time.
                return [(await self._write([a], truncate_from))[0] for a in batch]
            if truncate_from is not None:  # an undo: mark, never delete
                await db.execute(
                    "UPDATE event_log SET undone = 1 WHERE game_id = ? AND seq >= ? AND undone = 0",
                    (batch[0].row.id, truncate_from),
                )
            rows = [r for a in batch for r in a.event_rows(now)]
            if rows:
                await db.executemany(_INSERT_EVENT, rows)
            await db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
        return [a.row.version + 1 for a in batch]

    async def events(self, game_id: int) -> list[dict[str, Any]]:
        rows = await self._all(
            "SELECT seq, user_id, action, rolls, texts FROM event_log "
            "WHERE game_id = ? AND undone = 0 ORDER BY seq",
            (game_id,),
        )
        return [
            {
                "seq": r["seq"],
                "user_id": r["user_id"],
                "action": json.loads(r["action"]),
                "rolls": json.loads(r["rolls"]),
                "texts": json.loads(r["texts"]),
            }
            for r in rows
        ]

    async def all_events(self, game_id: int) -> list[dict[str, Any]]:
        """Every row ever logged for the game, undone ones included, in writing order."""
        rows = await self._all(
            "SELECT seq, action, undone FROM event_log WHERE game_id = ? ORDER BY id", (game_id,)
        )
        return [
            {"seq": r["seq"], "action": json.loads(r["action"]), "undone": bool(r["undone"])}
            for r in rows
        ]

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        """Record the game's live message (not a change of the game: no new version)."""
        async with self.write_lock:
            await self.conn.execute(
                "UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id)
            )

    async def games_from(self, home_channel: int) -> list[GameRow]:
        """The games not over that were challenged in ``home_channel`` and moved to a thread."""
        rows = await self._all(
            f"SELECT {ROW} FROM games WHERE status != 'over' "
            "AND json_extract(meta, '$.home') = ? AND channel_id != ? ORDER BY id",
            (home_channel, home_channel),
        )
        return [self._row(r) for r in rows]

    async def set_meta(
        self, game_id: int, meta: dict[str, Any], version: int, was: dict[str, Any]
    ) -> bool:
        async with self.write_lock:
            cur = await self.conn.execute(
                "UPDATE games SET meta = ? WHERE id = ? AND version = ? AND meta = ?",
                (json.dumps(meta), game_id, version, json.dumps(was)),
            )
            return cur.rowcount == 1

    async def set_reminded(self, game_id: int, when: float) -> None:
        async with self.write_lock:
            await self.conn.execute(
                "UPDATE games SET reminded_at = ? WHERE id = ?", (when, game_id)
            )

    async def live_games(self) -> list[GameRow]:
        rows = await self._all(f"SELECT {ROW} FROM games WHERE status != 'over'")
        return [self._row(r) for r in rows]

    # ---- per-channel table state and rolls ----
    async def channel_state(self, channel_id: int, kind: str) -> dict[str, Any] | None:
        r = await self._one(
            "SELECT data FROM channel_state WHERE channel_id = ? AND kind = ?", (channel_id, kind)
        )
        return json.loads(r["data"]) if r else None

    async def set_channel_state(self, channel_id: int, kind: str, data: dict[str, Any]) -> None:
        async with self.write_lock:
            await self.conn.execute(
                "INSERT INTO channel_state (channel_id, kind, data, updated_at) "
                "VALUES (?, ?, ?, ?) "
                "ON CONFLICT(channel_id, kind) DO UPDATE SET data = excluded.data, "
                "updated_at = excluded.updated_at",
                (channel_id, kind, json.dumps(data), self.clock()),
            )

    async def update_channel_state(self, channel_id: int, kind: str, change: Change[T]) -> T:
        # BEGIN IMMEDIATE takes the file's write lock: another process waits for the commit.
        async with self.write_lock:
            db = self.conn
            await db.execute("BEGIN IMMEDIATE")
            try:
                data, result = change(await self.channel_state(channel_id, kind))
                await db.execute(
                    "INSERT INTO channel_state (channel_id, kind, data, updated_at) "
                    "VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(channel_id, kind) DO UPDATE SET data = excluded.data, "
                    "updated_at = excluded.updated_at",
                    (channel_id, kind, json.dumps(data), self.clock()),
                )
                await db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    await db.execute("ROLLBACK")
                raise
        return result

    async def log_roll(
        self,
        channel_id: int,
        user_id: int | None,
        expression: str,
        dice: list[tuple[int, int]],
        total: int | None,
    ) -> None:
        async with self.write_lock:
            await self.conn.execute(
                "INSERT INTO rolls (channel_id, user_id, expression, dice, total, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (channel_id, user_id, expression, json.dumps(dice), total, self.clock()),
            )

    async def rolls(self, channel_id: int, limit: int | None = None) -> list[dict[str, Any]]:
        sql = "SELECT * FROM rolls WHERE channel_id = ? ORDER BY id DESC"
        args: tuple[Any, ...] = (channel_id,)
        if limit is not None:
            sql += " LIMIT ?"
            args = (channel_id, limit)
        rows = await self._all(sql, args)
        return [
            {
                "user_id": r["user_id"],
                "expression": r["expression"],
                "dice": json.loads(r["dice"]),
                "total": r["total"],
                "created_at": r["created_at"],
            }
            for r in rows
        ]
