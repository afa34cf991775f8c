"""A database written by the code before game systems were plugins (schema 3, made by
tests/data/make_legacy_db.py at commit d519ef3) opens, migrates, and its games load and play on
as Wargame Chess."""

import shutil
from pathlib import Path

from bot.service import GameService
from bot.store import MIGRATIONS, Store
from rules.core.board import Player
from rules.wargame_chess.dice import RandomDice
from rules.wargame_chess.engine import legal_actions
from rules.wargame_chess.state import GameState

LEGACY = Path(__file__).parent / "data" / "legacy_schema3.sqlite3"
LIVE, OVER, CHALLENGE, TEAMS = 1, 2, 3, 4  # the fixture's games (see make_legacy_db.py)


async def _open(tmp_path: Path) -> tuple[Store, GameService]:
    path = tmp_path / "legacy.sqlite3"
    shutil.copy(LEGACY, path)
    store = Store(path)
    await store.open()
    return store, GameService(store, dice=lambda: RandomDice(9), render=False)


async def test_the_legacy_database_migrates_and_every_game_is_wargame_chess(
    tmp_path: Path,
) -> None:
    store, _ = await _open(tmp_path)
    async with store.conn.execute("SELECT MAX(version) FROM schema_version") as cur:
        assert (await cur.fetchone())[0] == len(MIGRATIONS) >= 4
    rows = [await store.game(i) for i in (LIVE, OVER, CHALLENGE, TEAMS)]
    assert [r.status for r in rows if r] == ["live", "over", "challenge", "teams"]
    assert {r.system for r in rows if r} == {"wargame-chess"}
    # Companion state written before the migration is still there.
    assert (await store.rolls(501))[0]["expression"] == "1d20"
    assert await store.channel_state(501, "tarot") == {"x": 1}
    await store.close()


async def test_a_live_legacy_game_loads_and_plays_on(tmp_path: Path) -> None:
    store, svc = await _open(tmp_path)
    row = await store.game(LIVE)
    assert row is not None
    state = await svc.stored_state(LIVE)
    assert isinstance(state, GameState) and len(state.history) == 41 and not state.is_over
    # The snapshot (32 steps) plus the 9 log rows after it replay to the same game.
    decider = state.decider
    assert decider is not None
    user = svc.user_of(row, decider)
    for _ in range(10):  # play on through the service, as a button would
        row = await store.game(LIVE)
        assert row is not None
        current = await svc.state_of(row)
        assert current is not None
        if current.is_over:
            break
        assert legal_actions(current)
        user = svc.user_of(row, current.decider)
        ans = await svc.choose(LIVE, row.version, user, 0)
        assert ans.ok, ans.text
    again = await svc.stored_state(LIVE)
    assert again is not None and len(again.history) > 41
    assert again.history[:41] == state.history
    await store.close()


async def test_a_finished_legacy_game_loads_and_exports(tmp_path: Path) -> None:
    store, svc = await _open(tmp_path)
    state = await svc.stored_state(OVER)
    assert state is not None and state.is_over and state.outcome is not None
    row = await store.game(OVER)
    assert row is not None
    assert svc.plugin(row).rules.loads(svc.plugin(row).rules.dumps(state)) == state
    await store.close()


async def test_legacy_challenges_and_team_choices_go_on(tmp_path: Path) -> None:
    store, svc = await _open(tmp_path)
    ans = await svc.answer_challenge(CHALLENGE, 6, True)
    assert ans.ok and "Each player now chooses a team" in ans.text
    # Game D already has White's team; Black's choice starts the game.
    ans = await svc.set_team(504, 8, "K Q B 2N 3P")
    assert ans.ok, ans.text
    row = await store.game(TEAMS)
    assert row is not None and row.status == "live"
    state = await svc.state_of(row)
    assert state is not None and state.decider in (Player.WHITE, Player.BLACK)
    await store.close()
