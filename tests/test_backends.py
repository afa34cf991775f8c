"""The two backends agree, and several processes share one PostgreSQL database: each process is
a store (its own connection pool) and a GameService (its own locks and cache of live games)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.service import GameService
from bot.settings import Settings
from bot.store import MIGRATIONS, GameRow, StaleVersion, Store, StoreBase
from bot.store_pg import PG_MIGRATIONS, PgStore
from rules.wargame_chess.dice import RandomDice
from tests.conftest import Databases
from tests.helpers import command

CHANNEL = 77
NOT_CURRENT = "no longer current"


async def live_game(svc: GameService, channel: int = CHANNEL) -> int:
    """A Wargame Chess game in play in ``channel`` between users 1 and 2: its id."""
    ans = await svc.challenge(5, channel, 1, 2)
    assert ans.ok and ans.game_id is not None, ans.text
    await svc.answer_challenge(ans.game_id, 2, True)
    await svc.set_team(channel, 1, "K Q R 2N 3P")
    await svc.set_team(channel, 2, "K 2B 2N J 2P")
    for cmd in ("trees", "trees mirror", "deploy auto", "deploy auto"):
        row, state = await svc.current(channel) or (None, None)
        assert row is not None and state is not None and state.decider is not None
        r = await svc.execute(channel, svc.user_of(row, state.decider), command(cmd))
        assert r.ok, r.text
    return ans.game_id


async def process(dbs: Databases, seed: int = 1) -> GameService:
    """One bot process's store and service on the test's shared database."""
    store = await dbs.store("shared")
    await store.open()
    return GameService(store, dice=lambda: RandomDice(seed), render=False)


async def click(svc: GameService, game_id: int, version: int | None = None) -> Any:
    """The decider clicks the first of the live message's choices (at ``version``)."""
    row = await svc.store.game(game_id)
    assert row is not None
    state = await svc.state_of(row)
    assert state is not None and state.decider is not None
    user = svc.user_of(row, state.decider)
    return await svc.choose(game_id, row.version if version is None else version, user, 0)


# ---- the same migrations on both ----
def test_both_backends_have_the_same_numbered_migrations() -> None:
    assert len(PG_MIGRATIONS) == len(MIGRATIONS)


async def test_both_backends_make_the_same_tables_and_columns(pg: Databases, tmp_path: Any) -> None:
    lite = Store(tmp_path / "schema.sqlite3")
    await lite.open()
    post = await pg.store()
    await post.open()
    assert await post.schema() == await lite.schema()
    assert "event_log" in await lite.schema()
    await lite.close()
    await post.close()


async def test_processes_starting_together_migrate_once(pg: Databases) -> None:
    stores = [await pg.store("shared") for _ in range(3)]
    await asyncio.gather(*(s.open() for s in stores))
    for s in stores:
        assert await s.migrate() == len(PG_MIGRATIONS)
    from bot.store_pg import PgStore

    assert isinstance(stores[0], PgStore)
    versions = await stores[0].pool.fetch("SELECT version FROM schema_version ORDER BY 1")
    assert [r["version"] for r in versions] == list(range(1, len(PG_MIGRATIONS) + 1))
    for s in stores:
        await s.close()


# ---- exactly once across processes ----
async def test_a_button_clicked_in_two_processes_applies_once(pg: Databases) -> None:
    """The same button (one version) routed to two processes at the same moment, many times:
    each time one applies and the other answers that the choice is no longer current."""
    a, b = await process(pg, 1), await process(pg, 2)
    game_id = await live_game(a)
    for _ in range(20):
        row = await a.store.game(game_id)
        assert row is not None
        if row.status != "live":
            break
        before = len(await a.store.events(game_id))
        answers = await asyncio.gather(
            click(a, game_id, row.version), click(b, game_id, row.version)
        )
        assert sorted(x.ok for x in answers) == [False, True], [x.text for x in answers]
        refused = next(x for x in answers if not x.ok)
        assert NOT_CURRENT in refused.text
        after = await a.store.game(game_id)
        assert after is not None and after.version == row.version + 1
        assert len(await a.store.events(game_id)) > before
    await a.store.close()
    await b.store.close()


async def test_the_version_check_refuses_a_process_that_read_an_old_version(
    pg: Databases,
) -> None:
    """Both processes read the game at the same version before either writes (forced here):
    the database's version check lets the first save through and refuses the second, which
    writes nothing at all."""
    a, b = await process(pg, 1), await process(pg, 2)
    game_id = await live_game(a)
    old = await b.store.game(game_id)
    assert old is not None
    assert (await click(a, game_id)).ok  # process A moves the game on
    events = await a.store.events(game_id)

    real_game = b.store.game

    async def stale_read(  # B's read happened before A's write
        gid: int, *, live_in: int | None = None, prefs: str | None = None
    ) -> Any:
        return old if gid == game_id else await real_game(gid, live_in=live_in, prefs=prefs)

    b.store.game = stale_read  # type: ignore[method-assign, assignment]
    state = await b.state_of(old)
    assert state is not None and state.decider is not None
    ans = await b.choose(game_id, old.version, b.user_of(old, state.decider), 0)
    b.store.game = real_game  # type: ignore[method-assign]
    assert not ans.ok and NOT_CURRENT in ans.text
    assert await a.store.events(game_id) == events  # nothing of B's was written
    fresh = await a.store.game(game_id)
    assert fresh is not None and fresh.version == old.version + 1
    await a.store.close()
    await b.store.close()


async def test_a_process_with_a_stale_cache_reloads_the_game(pg: Databases) -> None:
    """Process B caches the game, A plays on, and B's next action starts from A's game (the
    version it reads differs from its cache's), never from its own out-of-date copy."""
    a, b = await process(pg, 1), await process(pg, 2)
    game_id = await live_game(a)
    assert (await click(b, game_id)).ok  # B now caches the game
    cached_version = b._cache[game_id][0]
    for _ in range(3):
        assert (await click(a, game_id)).ok  # A plays on: B's cache is out of date
    row = await b.store.game(game_id)
    assert row is not None and row.version == cached_version + 3
    a_state = await a.state_of(row)
    assert a_state is not None
    assert (await click(b, game_id)).ok
    after = await b.stored_state(game_id)
    assert after is not None
    assert after.history[: len(a_state.history)] == a_state.history
    assert len(after.history) > len(a_state.history)
    assert b._cache[game_id][0] == row.version + 1
    assert b._cache[game_id][1] == after  # B's cache is what the store holds
    await a.store.close()
    await b.store.close()


async def a_move(svc: GameService, channel: int = CHANNEL) -> tuple[int, Any]:
    """A legal `/move` in the channel's game, as its mover's slash command: (user, command)."""
    from rules.wargame_chess.engine import activatable, destinations

    row, state = await svc.current(channel) or (None, None)
    assert row is not None and state is not None
    pieces, _ = activatable(state)
    piece = next(p for p in pieces if destinations(state, p))
    square = sorted(destinations(state, piece))[0]
    return svc.user_of(row, state.to_act), command(f"move {piece.label} {square}")


async def test_a_slash_command_finds_the_channels_new_game_after_another_process_ended_it(
    dbs: Databases,
) -> None:
    """Process A remembers which game is live in a channel; B ends that game and starts another
    there: A's next slash command in the channel is about B's new game (A checks what it
    remembers in the same read), never the ended one."""
    a, b = await process(dbs, 1), await process(dbs, 2)
    first = await live_game(a)
    assert (await a.execute(CHANNEL, 1, command("board"))).game_id == first  # A remembers it
    assert (await b.end_by_moderator(CHANNEL, 9)).ok
    second = await live_game(b)
    looked = await a.execute(CHANNEL, 1, command("board"))
    assert looked.ok and looked.game_id == second, looked.text
    user, move = await a_move(a)
    moved = await a.execute(CHANNEL, user, move)
    assert moved.ok and moved.game_id == second, moved.text
    assert (await a.store.game(first)) is not None
    assert len(await a.store.events(second)) > 0
    await a.store.close()
    await b.store.close()


async def test_a_slash_command_acts_on_the_game_another_process_moved_on(dbs: Databases) -> None:
    """A has the game cached and remembers it as the channel's; B plays on: A's `/move` reads
    B's version (in the one read under the game's lock) and applies after B's actions."""
    a, b = await process(dbs, 1), await process(dbs, 2)
    game_id = await live_game(a)
    assert (await a.execute(CHANNEL, 1, command("board"))).game_id == game_id
    cached_version = a._cache[game_id][0]
    for n in range(20):  # B plays on (A's cache is out of date), to the start of an Activation
        ans = await click(b, game_id)
        assert ans.ok, ans.text
        if n >= 2 and ans.state.activation is None and ans.state.pending is None:
            break
    row = await b.store.game(game_id)
    assert row is not None and row.version >= cached_version + 3
    b_state = await b.state_of(row)
    assert b_state is not None and b_state.activation is None
    user, move = await a_move(b)
    ans = await a.execute(CHANNEL, user, move)
    assert ans.ok and ans.version == row.version + 1, ans.text
    after = await a.stored_state(game_id)
    assert after is not None and after.history[: len(b_state.history)] == b_state.history
    await a.store.close()
    await b.store.close()


async def test_export_gives_the_last_game_played_in_the_channel(dbs: Databases) -> None:
    """With no game in play, `/game export` gives the channel's last game that was played and
    has ended (on either backend): not an earlier one, not a challenge declined after it, not
    another channel's."""
    from rules.wargame_chess.system import SYSTEM

    svc = await process(dbs)
    await live_game(svc)
    assert (await svc.end_by_moderator(CHANNEL, 9)).ok
    second = await live_game(svc)
    assert (await svc.end_by_moderator(CHANNEL, 9)).ok
    offer = await svc.challenge(5, CHANNEL, 1, 2)
    assert (await svc.answer_challenge(offer.game_id, 2, False)).ok
    ans = await svc.export(CHANNEL)
    assert ans.ok and ans.attachment is not None, ans.text
    assert ans.attachment[0] == f"wargame-chess-{second}.json"
    assert SYSTEM.loads(ans.attachment[1].decode()) == await svc.stored_state(second)
    assert not (await svc.export(CHANNEL + 1)).ok
    await svc.store.close()


async def test_a_pings_setting_changed_in_another_process_counts_at_the_next_action(
    dbs: Databases,
) -> None:
    """The players' pings settings are read with the game in each action: one turned off (or
    on again) in process B is what A's next answer handing the decision over goes by."""
    a, b = await process(dbs, 1), await process(dbs, 2)
    game_id = await live_game(a)
    quiet: set[int] = set()
    handovers = 0
    for n in range(40):
        user = (1, 2)[n % 2]
        await b.set_pings(user, on=False) if n % 3 else await b.set_pings(user, on=True)
        quiet = quiet - {user} if n % 3 == 0 else quiet | {user}
        row = await a.store.game(game_id)
        assert row is not None
        if row.status != "live":
            break
        ans = await click(a, game_id)
        assert ans.ok, ans.text
        for who in (1, 2):
            if f"<@{who}>, it is your decision" in ans.log:
                handovers += 1
                assert ans.mentions == ([] if who in quiet else [who]), (n, ans.log)
    assert handovers >= 5
    await a.store.close()
    await b.store.close()


async def test_groups_of_saves_sharing_games_in_two_processes_never_deadlock(
    pg: Databases,
) -> None:
    """Two processes save the same games at once, each as one group (one statement), in
    opposite orders, while a third holds one game in the middle: both groups wait (each locks
    its games in the ids' order, so neither holds one the other has locked past), never
    deadlock; one group applies whole and the other finds every save stale."""
    import asyncpg

    # The update made to look each game up in the group's order (as in a database of many
    # games), rather than scan the few games here in the table's own order.
    url = await pg.url("shared")
    assert url is not None
    plans = "enable_seqscan=off&enable_hashjoin=off&enable_mergejoin=off"
    stores = [PgStore(f"{url}&{plans}") for _ in range(2)]
    for s in stores:
        await s.open()
    ids = [(await stores[0].create_game(5, 300 + i, 1, 2, "teams", {})).id for i in range(20)]
    rows = [[await stores[0].game(i) for i in ids], [await stores[1].game(i) for i in ids[::-1]]]
    holder = await asyncpg.connect(url)
    hold = holder.transaction()
    await hold.start()
    await holder.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", ids[10])

    async def group(store: PgStore, rows: list[GameRow | None]) -> list[Any]:
        saves = [store.save_game(row, meta={"by": id(store)}) for row in rows if row]
        return await asyncio.gather(*saves, return_exceptions=True)  # queued together

    groups = [asyncio.ensure_future(group(s, r)) for s, r in zip(stores, rows, strict=True)]
    await asyncio.sleep(0.3)  # both statements are waiting now
    assert not any(g.done() for g in groups)
    await hold.commit()
    results = await asyncio.wait_for(asyncio.gather(*groups), 10)
    await holder.close()
    outcomes = sorted(
        [sum(isinstance(r, int) for r in res), sum(isinstance(r, StaleVersion) for r in res)]
        for res in results
    )
    assert outcomes == [[0, 20], [20, 0]], results
    after = [await stores[1].game(i) for i in ids]
    assert [r.version if r else None for r in after] == [1] * len(ids)  # each saved once
    for s in stores:
        await s.close()


async def test_one_live_game_per_channel_across_processes(pg: Databases) -> None:
    a, b = await process(pg, 1), await process(pg, 2)
    answers = await asyncio.gather(a.challenge(5, 10, 100, 200), b.challenge(5, 10, 300, 400))
    assert sorted(x.ok for x in answers) == [False, True]
    await a.store.close()
    await b.store.close()


# ---- per-channel companion state ----
async def test_channel_state_changes_from_two_processes_are_never_lost(dbs: Databases) -> None:
    """Two stores on one database change one channel's state at the same time: every change
    is kept (the read and the write are one step; nobody writes in between)."""
    a, b = await dbs.store("shared"), await dbs.store("shared")
    await a.open()
    await b.open()

    def add(data: dict[str, Any] | None) -> tuple[dict[str, Any], int]:
        n = (data or {}).get("n", 0) + 1
        return {"n": n}, n

    async def bump(store: StoreBase) -> None:
        for _ in range(15):
            await store.update_channel_state(9, "decks", add)
            await asyncio.sleep(0)

    await asyncio.gather(*(bump(s) for s in (a, b, a, b)))
    assert await a.channel_state(9, "decks") == {"n": 60}
    await a.close()
    await b.close()


async def test_decks_dealt_in_two_processes_never_deal_a_card_twice(pg: Databases) -> None:
    """Two processes draw from one channel's deck at once: no card comes out twice."""
    from bot import companion as C

    a, b = await pg.store("shared"), await pg.store("shared")
    await a.open()
    await b.open()
    drawn: list[Any] = []

    def draw(data: dict[str, Any] | None) -> tuple[dict[str, Any], None]:
        decks = data or C.new_decks()
        deck = decks.setdefault("test", list(range(40)))
        drawn.append(deck.pop(0))
        return decks, None

    await asyncio.gather(*(s.update_channel_state(3, "decks", draw) for s in (a, b) * 20))
    # Every draw saw the deck as the one before it left it.
    assert sorted(drawn) == list(range(40))
    stored = await a.channel_state(3, "decks")
    assert stored is not None and stored["test"] == []
    await a.close()
    await b.close()


# ---- shards ----
def test_shard_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "0, 2-3")
    monkeypatch.setenv("DATABASE_URL", "postgresql://u:p@db/wargame")
    s = Settings.from_env(env_file=None)
    assert (s.shard_count, s.shard_ids) == (4, (0, 2, 3))
    assert s.database_url == "postgresql://u:p@db/wargame" and "u:p" not in repr(s)
    monkeypatch.setenv("SHARD_IDS", "4")
    with pytest.raises(ValueError, match="below SHARD_COUNT"):
        Settings.from_env(env_file=None)
    monkeypatch.setenv("DATABASE_URL", "mysql://x")
    with pytest.raises(ValueError, match="PostgreSQL"):
        Settings.from_env(env_file=None)


async def test_sharded_settings_make_a_sharded_bot(pg: Databases) -> None:
    import discord

    from bot.app import ShardedWargameBot, WargameBot, make_bot
    from bot.store_pg import PgStore

    settings = Settings(token=None, database_url=await pg.url(), shard_count=4, shard_ids=(2, 3))
    bot = make_bot(settings)
    assert isinstance(bot.shard_ids, list)
    assert isinstance(bot, ShardedWargameBot) and isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_count == 4 and bot.shard_ids == [2, 3]
    assert isinstance(bot.store, PgStore)
    single = make_bot(Settings(token=None, database_url=await pg.url()))
    assert type(single) is WargameBot and not isinstance(single, discord.AutoShardedClient)
    for b in (bot, single):
        b.service.painter.close()


def test_a_process_runs_the_servers_of_its_shards() -> None:
    s = Settings(token=None, shard_count=4, shard_ids=(1, 2))
    guilds = {shard: (1000 << 22) * 4 + (shard << 22) for shard in range(4)}
    assert [s.runs_guild(g) for g in guilds.values()] == [False, True, True, False]
    assert not s.runs_guild(None)  # direct messages are shard 0's
    assert Settings(token=None).runs_guild(guilds[3])  # one process runs them all
    assert Settings(token=None, shard_count=4).runs_guild(guilds[3])  # all shards here


async def test_each_process_sweeps_only_its_own_servers_games(dbs: Databases) -> None:
    """Two shard processes over one database: a game waiting for a player is reminded once, by
    the process that runs its server's shard (the other could not post in its channel)."""
    clock = [1_000_000.0]
    stores = [await dbs.store("shared", clock=lambda: clock[0]) for _ in range(2)]
    for s in stores:
        await s.open()
    procs = [GameService(s, dice=lambda: RandomDice(1), render=False) for s in stores]
    shards = [Settings(token=None, shard_count=2, shard_ids=(k,)) for k in range(2)]
    guild_of_shard_1 = (77 << 22) * 2 + (1 << 22)
    ans = await procs[0].challenge(guild_of_shard_1, 10, 100, 200)
    await procs[0].answer_challenge(ans.game_id or 0, 200, True)
    clock[0] += 30 * 24 * 3600  # a month later
    assert await procs[0].sweep(shards[0].runs_guild) == []  # not shard 0's server
    notices = await procs[1].sweep(shards[1].runs_guild)
    assert [n.game_id for n in notices] == [ans.game_id]
    assert await procs[1].sweep(shards[1].runs_guild) == []  # once
    for s in stores:
        await s.close()
