"""The store on each backend (SQLite; PostgreSQL when TEST_DATABASE_URL is set): migrations,
exactly-once saves, concurrency, group commit."""

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bot.store import MIGRATIONS, ChannelTaken, StaleVersion, Store
from tests.conftest import Databases


async def test_migrations_are_applied_once_and_recorded(tmp_path: Path) -> None:
    store = Store(tmp_path / "a.sqlite3")
    await store.open()
    assert await store.migrate() == len(MIGRATIONS)
    async with store.conn.execute("SELECT version FROM schema_version ORDER BY version") as cur:
        assert [r[0] for r in await cur.fetchall()] == list(range(1, len(MIGRATIONS) + 1))
    async with store.conn.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.close()
    again = Store(tmp_path / "a.sqlite3")
    await again.open()  # re-opening applies nothing twice
    async with again.conn.execute("SELECT COUNT(*) FROM schema_version") as cur:
        assert (await cur.fetchone())[0] == len(MIGRATIONS)
    await again.close()


async def test_stale_version_writes_nothing(dbs: Databases) -> None:
    store = await dbs.store()
    await store.open()
    row = await store.create_game(1, 10, 100, 200, "live", {})
    await store.save_game(row, snapshot="v1", new_events=[(100, "{}", "[]", "[]")])
    with pytest.raises(StaleVersion):
        await store.save_game(row, snapshot="v2", new_events=[(100, "{}", "[]", "[]")], first_seq=1)
    fresh = await store.game(row.id)
    assert fresh is not None and fresh.version == 1
    assert await store.snapshot(row.id) == "v1"
    assert len(await store.events(row.id)) == 1
    await store.close()


async def test_one_live_game_per_channel(dbs: Databases) -> None:
    store = await dbs.store()
    await store.open()
    await store.create_game(1, 10, 100, 200, "live", {})
    with pytest.raises(ChannelTaken):
        await store.create_game(1, 10, 300, 400, "challenge", {})
    await store.close()


async def test_a_save_into_a_taken_channel_fails_alone_alike_on_both_backends(
    dbs: Databases,
) -> None:
    """A save that would move a game to a channel with a live game raises ChannelTaken, on
    either backend, and the other saves committed in the same group are written and told so."""
    store = await dbs.store()
    await store.open()
    taken = await store.create_game(1, 10, 100, 200, "live", {})
    rows = [await store.create_game(1, 20 + i, 100, 200, "teams", {}) for i in range(3)]
    results = await asyncio.gather(
        store.save_game(rows[0], status="live"),
        store.save_game(rows[1], status="live", channel_id=taken.channel_id),
        store.save_game(rows[2], status="live"),
        return_exceptions=True,
    )
    assert results[0] == 1 and results[2] == 1, results
    assert isinstance(results[1], ChannelTaken), results
    versions = [(await store.game(r.id)).version for r in rows]  # type: ignore[union-attr]
    assert versions == [1, 0, 1], "the clash wrote nothing; the others were written"
    with pytest.raises(ChannelTaken):  # alone, too
        await store.save_game(rows[1], status="live", channel_id=taken.channel_id)
    await store.close()


async def test_a_change_of_meta_alone_needs_the_version_it_was_read_at(dbs: Databases) -> None:
    """An undo request changes only the meta, and only if no save came between: another
    process's newer save (say, the log position it wrote) is never overwritten."""
    store = await dbs.store()
    await store.open()
    row = await store.create_game(1, 10, 100, 200, "live", {"logged": 1})
    assert await store.set_meta(
        row.id, {"logged": 1, "undo": {"by": 100}}, row.version, was=row.meta
    )
    fresh = await store.game(row.id)
    assert fresh is not None and fresh.meta["undo"] == {"by": 100}
    assert fresh.version == row.version, "no new version: the buttons stay current"
    await store.save_game(fresh, meta={"logged": 5})  # another process's save
    assert not await store.set_meta(
        row.id, {"logged": 1, "undo": {"by": 200}}, row.version, was=row.meta
    )
    now = await store.game(row.id)
    assert now is not None and now.meta == {"logged": 5}, "nothing was written"
    await store.close()


async def test_two_changes_of_meta_read_alike_write_only_the_first(dbs: Databases) -> None:
    """Two processes read the game alike and each writes an undo request: the second finds the
    meta no longer as it read it and writes nothing (one request at a time, never replaced)."""
    store = await dbs.store()
    await store.open()
    row = await store.create_game(1, 10, 100, 200, "live", {"logged": 1})
    read = await store.game(row.id)  # what both processes read
    assert read is not None
    assert await store.set_meta(row.id, {**read.meta, "undo": {"by": 200}}, read.version, read.meta)
    assert not await store.set_meta(
        row.id, {**read.meta, "undo": {"by": 100}}, read.version, was=read.meta
    )
    now = await store.game(row.id)
    assert now is not None and now.meta == {"logged": 1, "undo": {"by": 200}}
    assert now.version == read.version
    await store.close()


async def test_concurrent_saves_of_different_games_do_not_interfere(dbs: Databases) -> None:
    store = await dbs.store()
    await store.open()
    rows = [await store.create_game(1, 1000 + i, 100, 200, "live", {}) for i in range(20)]

    async def bump(row):  # type: ignore[no-untyped-def]
        for k in range(5):
            fresh = await store.game(row.id)
            await store.save_game(
                fresh, snapshot=json.dumps(k), new_events=[(100, "{}", "[]", "[]")], first_seq=k
            )
            await store.log_roll(row.channel_id, 100, "1d6", [(6, 3)], 3)

    await asyncio.gather(*(bump(r) for r in rows))
    for r in rows:
        fresh = await store.game(r.id)
        assert fresh is not None and fresh.version == 5
        assert [e["seq"] for e in await store.events(r.id)] == [0, 1, 2, 3, 4]
    assert len(await store.rolls(1000)) == 5
    await store.close()


async def test_undo_marks_rows_and_never_deletes(dbs: Databases) -> None:
    store = await dbs.store()
    await store.open()
    row = await store.create_game(1, 10, 100, 200, "live", {})
    ev = (100, '{"type": "a"}', "[]", "[]")
    await store.save_game(row, new_events=[ev, ev, ev])
    row = await store.game(row.id)
    assert row is not None
    await store.save_game(row, truncate_from=2)  # undo the last step
    row = await store.game(row.id)
    assert row is not None
    await store.save_game(row, new_events=[(100, '{"type": "b"}', "[]", "[]")], first_seq=2)
    live = await store.events(row.id)
    assert [e["seq"] for e in live] == [0, 1, 2] and live[2]["action"] == {"type": "b"}
    everything = await store.all_events(row.id)
    assert [(e["seq"], e["undone"]) for e in everything] == [
        (0, False),
        (1, False),
        (2, True),
        (2, False),
    ]
    await store.close()


async def test_migration_3_keeps_rows_written_by_older_versions(tmp_path: Path) -> None:
    from bot import store as S

    path = tmp_path / "old.sqlite3"
    old = Store(path)
    saved = S.MIGRATIONS[:]
    S.MIGRATIONS[:] = saved[:2]  # a database made before migration 3
    try:
        await old.open()
        cur = await old.conn.execute(
            "INSERT INTO games (guild_id, channel_id, white_id, black_id, status, meta, "
            "created_at, updated_at) VALUES (1, 10, 100, 200, 'live', '{}', 0, 0)"
        )
        game_id = cur.lastrowid
        await old.conn.execute(
            "INSERT INTO events (game_id, seq, user_id, action, rolls, texts, created_at) "
            "VALUES (?, 0, 100, '{}', '[]', '[]', 0)",
            (game_id,),
        )
        await old.close()
    finally:
        S.MIGRATIONS[:] = saved
    new = Store(path)
    await new.open()
    assert [e["seq"] for e in await new.events(game_id)] == [0]
    async with new.conn.execute("SELECT MAX(version) FROM schema_version") as cur:
        assert (await cur.fetchone())[0] == len(MIGRATIONS)
    await new.close()


async def test_saves_arriving_together_are_committed_together(tmp_path: Path) -> None:
    """A group commit: 30 saves at once take a few transactions, not 30, and each game gets
    its own new version and its own log rows."""
    store = Store(tmp_path / "g.sqlite3")
    await store.open()
    rows = [await store.create_game(1, 2000 + i, 100, 200, "live", {}) for i in range(30)]
    begins = []
    orig = store.conn.execute

    def counting(sql: str, *a: Any) -> Any:
        if sql.startswith("BEGIN"):
            begins.append(sql)
        return orig(sql, *a)

    store.conn.execute = counting  # type: ignore[method-assign]
    versions = await asyncio.gather(
        *(store.save_game(r, new_events=[(100, json.dumps({"n": r.id}), "[]", "[]")]) for r in rows)
    )
    store.conn.execute = orig  # type: ignore[method-assign]
    assert versions == [1] * 30
    assert len(begins) <= 3
    for r in rows:
        assert [e["action"] for e in await store.events(r.id)] == [{"n": r.id}]
        fresh = await store.game(r.id)
        assert fresh is not None and fresh.version == 1
    await store.close()


@pytest.mark.parametrize("case", ["another game's stale save", "two saves of one game"])
async def test_a_stale_save_in_a_group_fails_alone(dbs: Databases, case: str) -> None:
    """Saves committed together are still checked one by one: the stale one writes nothing
    and raises StaleVersion; the others are written."""
    store = await dbs.store()
    await store.open()
    a = await store.create_game(1, 3000, 100, 200, "live", {})
    b = await store.create_game(1, 3001, 100, 200, "live", {})
    if case == "two saves of one game":
        b, before = a, []
    else:
        await store.save_game(b, new_events=[(100, "{}", "[]", "[]")])  # b is at version 1 now
        before = [{}]
    results = await asyncio.gather(
        store.save_game(a, new_events=[(100, '{"a": 1}', "[]", "[]")]),
        store.save_game(b, new_events=[(100, '{"b": 2}', "[]", "[]")], first_seq=len(before)),
        return_exceptions=True,
    )
    assert results[0] == 1 and isinstance(results[1], StaleVersion)
    assert [e["action"] for e in await store.events(a.id)] == [{"a": 1}]
    assert {"b": 2} not in [e["action"] for e in await store.events(b.id)]
    fresh = await store.game(b.id)
    assert fresh is not None and fresh.version == 1
    await store.close()


async def test_saves_arriving_together_share_a_few_writes_on_each_backend(dbs: Databases) -> None:
    """The group commit on either backend: 40 saves at once take a few writes (transactions,
    or single statements on PostgreSQL), not 40; each game gets its own version and rows."""
    store = await dbs.store()
    await store.open()
    rows = [await store.create_game(1, 4000 + i, 100, 200, "live", {}) for i in range(40)]
    writes: list[int] = []
    orig = store._write

    async def counting(batch: Any, truncate_from: int | None = None) -> Any:
        writes.append(len(batch))
        return await orig(batch, truncate_from)

    store._write = counting  # type: ignore[method-assign]
    versions = await asyncio.gather(
        *(store.save_game(r, new_events=[(100, json.dumps({"n": r.id}), "[]", "[]")]) for r in rows)
    )
    assert versions == [1] * 40
    assert sum(writes) == 40 and len(writes) <= 3, writes
    for r in rows:
        assert [e["action"] for e in await store.events(r.id)] == [{"n": r.id}]
    await store.close()


async def test_a_channel_state_change_that_fails_writes_nothing(dbs: Databases) -> None:
    store = await dbs.store()
    await store.open()
    await store.set_channel_state(5, "decks", {"n": 1})

    def boom(data: dict[str, Any] | None) -> tuple[dict[str, Any], None]:
        assert data is not None
        data["n"] = 99
        raise ValueError("refused")

    with pytest.raises(ValueError):
        await store.update_channel_state(5, "decks", boom)
    assert await store.channel_state(5, "decks") == {"n": 1}
    assert await store.update_channel_state(6, "decks", lambda d: ({"new": d is None}, 7)) == 7
    assert await store.channel_state(6, "decks") == {"new": True}
    await store.close()
