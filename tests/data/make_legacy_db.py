"""How tests/data/legacy_schema3.sqlite3 was made (kept for reference only; not a test).

This script was run once, against the code at git commit d519ef3 (database schema version 3:
tables games, event_log, channel_state, rolls, schema_version), to write the migration test
fixture ``legacy_schema3.sqlite3`` next to it: a database as today's bot leaves it, so that
later code can check that every existing database opens, and its games load and play on.

It is not meant to be run against newer code (it drives the old ``bot.store.Store`` and
``bot.service.GameService``), and pytest does not collect it (its name does not start with
``test_``; every import is inside ``main()``). To make the file again:

    git worktree add /tmp/oldcode d519ef3
    cd /tmp/oldcode && python3 -m venv .venv && .venv/bin/pip install -e '.[dev]'
    /tmp/oldcode/.venv/bin/python tests/data/make_legacy_db.py [OUT.sqlite3]

What it writes (game ids in creation order, all dice seeded so the games are reproducible;
only the created_at/updated_at times differ from run to run):

* game 1, channel 501, White user 1, Black user 2: live Wargame Chess, teams
  "K Q R 2N 3P" / "K Q B 2N 3P", then 40 seeded-random legal actions chosen through
  ``GameService.choose``: more than SNAPSHOT_EVERY (16) steps, so the games row holds a
  snapshot and event_log holds rows after it. Still live.
* game 2, channel 502, users 3 and 4: random legal actions until the game ends, or after 30
  actions the player to decide concedes (``/game concede``); status 'over'.
* game 3, channel 503, users 5 and 6: a challenge not yet accepted (status 'challenge').
* game 4, channel 504, users 7 and 8: accepted, White's team chosen, Black's not (status
  'teams', meta holds the chosen team).
* a /roll logged in channel 501, and a channel_state row (501, 'tarot', {"x": 1}).

Afterwards the WAL is checkpointed into the main file and the journal mode set back to DELETE,
so the fixture is one self-contained file.
"""

from __future__ import annotations

SEED = 3
ACTIONS_A = 40
ACTIONS_B = 30


def main() -> None:
    import asyncio
    import os
    import random
    import sqlite3
    import sys
    from pathlib import Path

    from rules.dice import RandomDice
    from rules.engine import legal_actions

    from bot.service import GameService
    from bot.store import Store

    out = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else Path(__file__).with_name("legacy_schema3.sqlite3")
    )

    async def play(svc: GameService, game_id: int, n: int, rng: random.Random) -> int:
        """Up to ``n`` seeded-random legal actions through the buttons' path; returns how many
        were played (fewer if the game ends)."""
        for i in range(n):
            row = await svc.store.game(game_id)
            assert row is not None
            state = await svc.state_of(row)
            assert state is not None
            if state.is_over:
                return i
            acts = legal_actions(state)
            assert acts and state.decider is not None
            ans = await svc.choose(
                game_id, row.version, svc.user_of(row, state.decider), rng.randrange(len(acts))
            )
            assert ans.ok, ans.text
        return n

    async def build() -> None:
        for suffix in ("", "-wal", "-shm"):
            p = Path(str(out) + suffix)
            if p.exists():
                p.unlink()
        store = Store(out)
        await store.open()
        counter = iter(range(10**6))
        svc = GameService(store, dice=lambda: RandomDice(SEED * 1000 + next(counter)), render=False)
        rng = random.Random(SEED)

        # A: live, well past the first snapshot
        ans = await svc.challenge(None, 501, 1, 2)
        a = ans.game_id
        assert a is not None
        assert (await svc.answer_challenge(a, 2, True)).ok
        assert (await svc.set_team(501, 1, "K Q R 2N 3P")).ok
        assert (await svc.set_team(501, 2, "K Q B 2N 3P")).ok
        assert await play(svc, a, ACTIONS_A, rng) == ACTIONS_A
        row = await store.game(a)
        assert row is not None and row.status == "live", row

        # B: over
        ans = await svc.challenge(None, 502, 3, 4)
        b = ans.game_id
        assert b is not None
        assert (await svc.answer_challenge(b, 4, True)).ok
        assert (await svc.set_team(502, 3, "Balanced: K Q R 2N 3P")).ok
        assert (await svc.set_team(502, 4, "Heavy: K Q 2R B 3P")).ok
        if await play(svc, b, ACTIONS_B, rng) == ACTIONS_B:
            row = await store.game(b)
            assert row is not None
            if row.status != "over":
                state = await svc.state_of(row)
                assert state is not None and state.decider is not None
                ans = await svc.command(502, svc.user_of(row, state.decider), "concede")
                assert ans.ok, ans.text
        row = await store.game(b)
        assert row is not None and row.status == "over", row

        # C: a challenge nobody answered
        ans = await svc.challenge(None, 503, 5, 6)
        assert ans.ok and ans.game_id is not None

        # D: teams being chosen, one chosen
        ans = await svc.challenge(None, 504, 7, 8)
        d = ans.game_id
        assert d is not None
        assert (await svc.answer_challenge(d, 8, True)).ok
        assert (await svc.set_team(504, 7, "K Q R 2N 3P")).ok

        # the table companion's tables
        await store.log_roll(501, 1, "1d20", [(20, 7)], 7)
        await store.set_channel_state(501, "tarot", {"x": 1})
        await store.close()

    asyncio.run(build())

    con = sqlite3.connect(out)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("PRAGMA journal_mode=DELETE")
    con.execute("VACUUM")
    con.close()
    for suffix in ("-wal", "-shm"):
        p = Path(str(out) + suffix)
        if p.exists():
            os.remove(p)
    print(f"wrote {out} ({out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
