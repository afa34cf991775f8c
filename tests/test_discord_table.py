"""Discord play that feels native (issue 12), through discord.py's real dispatch: one live game
message edited in place, quiet pings, reminders and expiry on an injected clock, claims, the
parent channel pointing to the game's thread, secrets kept in a system with hidden hands."""

from __future__ import annotations

import asyncio
import copy
import random
from typing import Any

import discord
import pytest

from bot import systems
from bot.plugin import Menu, MenuEntry
from rules.core.actions import Action
from tests.conftest import ALICE, BOB, CAROL
from tests.core.test_core import RaceTable
from tests.discord_harness import CHANNEL_ID, Harness
from tests.test_discord_game import _play_until_activation, play_one, service, start_game

HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def activations(state: Any) -> int:
    return sum(1 for st in state.history if st.action.name in ("activate", "reactivate"))


async def test_a_whole_game_posts_one_quiet_line_per_activation(table: Harness) -> None:
    """Messages and bytes per Activation, measured: the live message is edited in place; a
    public message is posted only when the decision passes to the other player."""
    channel = await start_game(table)
    live = table.live_message(channel)
    row, _ = await service(table).current(channel)
    posts_before, bytes_before = len(table.sent), table.uploaded
    rng = random.Random(3)
    actions = 0
    for _ in range(3000):
        cur = await service(table).current(channel)
        if cur is None:
            break
        await play_one(table, channel, live, rng)
        actions += 1
    svc = service(table)
    row = await svc.store.game(row.id)
    assert row is not None and row.status == "over"
    state = await svc.stored_state(row.id)
    n = max(1, activations(state))
    public = [m for m in table.sent[posts_before:] if not m.ephemeral and m.channel_id == channel]
    with_pictures = [m for m in public if m.files]
    per_activation = len(public) / n
    print(
        f"\n{n} Activations, {actions} actions: {len(public)} public messages "
        f"({per_activation:.2f} per Activation), {live.edits} edits of the live message, "
        f"{(table.uploaded - bytes_before) / n / 1024:.1f} KiB uploaded per Activation; "
        f"before (one message with a picture per action): {actions / n:.2f} messages per "
        "Activation"
    )
    assert with_pictures == []  # the only picture is the live message's, edited in place
    assert per_activation <= 1.2, per_activation
    assert live.edits >= actions - 1 and not live.custom_ids()  # buttons gone at the end
    assert public[-1].buttons() and "Rematch" in public[-1].buttons()[0][0]


async def test_pings_can_be_turned_off(table: Harness) -> None:
    channel = await start_game(table)
    r = await table.slash(ALICE, "game pings", on=False)
    assert r.ephemeral and "No more pings" in r.content
    r = await table.slash(BOB, "game pings", on=False)
    rng = random.Random(2)
    live = table.live_message(channel)
    start = len(table.sent)
    for _ in range(40):
        await play_one(table, channel, live, rng)
    logs = [m for m in table.sent[start:] if not m.ephemeral]
    assert logs and all(m.pinged == [] for m in logs)
    assert any("it is your decision" in m.content for m in logs)  # still said, not pinged
    await table.slash(BOB, "game pings", on=True)
    for _ in range(60):
        await play_one(table, channel, live, rng)
    assert any(m.pinged == [BOB] for m in table.sent[start:] if not m.ephemeral)


async def test_reminders_expiry_and_claims_follow_the_clock(table: Harness) -> None:
    svc = service(table)
    clock = Clock()
    svc.store.clock = clock
    bot = table.bot
    # An unanswered challenge expires (24 hours by default) and loses its buttons.
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    stale = copy.deepcopy(sent)  # as a client that has not refreshed still shows it
    clock.now += 23 * HOUR
    assert await svc.sweep() == []
    clock.now += 2 * HOUR
    notices = await svc.sweep()
    assert len(notices) == 1 and "expired" in notices[0].text
    await bot.post_notices(notices)  # type: ignore[attr-defined]
    assert not sent.custom_ids()
    r = await table.click(BOB, stale, stale.button("Accept"))
    assert r.ephemeral and "no longer open" in r.content

    # A live game: one reminder per idle stretch, then the waiting player may claim it.
    channel = await start_game(table)
    await _play_until_activation(table, channel)
    row, state = await svc.current(channel)
    waiting = svc.user_of(row, state.decider)
    other = ALICE if waiting == BOB else BOB
    r = await table.slash(other, "game claim", channel=channel)
    assert r.ephemeral and "claimed after 3 days" in r.content
    r = await table.slash(waiting, "game claim", channel=channel)
    assert r.ephemeral and "waiting for you" in r.content
    clock.now += 13 * HOUR
    notices = await svc.sweep()
    assert len(notices) == 1 and notices[0].mentions == [waiting]
    assert f"<@{waiting}>" in notices[0].text and "/game claim" in notices[0].text
    await bot.post_notices(notices)  # type: ignore[attr-defined]
    assert table.sent[-1].channel_id == channel and table.sent[-1].pinged == [waiting]
    assert await svc.sweep() == []  # reminded once, not every sweep
    clock.now += 60 * HOUR
    r = await table.slash(CAROL, "game claim", channel=channel)
    assert r.ephemeral and "seated players" in r.content
    r = await table.slash(other, "game claim", channel=channel)
    assert "claims the game" in r.content or "Game over" in r.content
    row = await svc.store.game(row.id)
    assert row is not None and row.status == "over"
    final = await svc.stored_state(row.id)
    assert final.outcome is not None and final.outcome.reason.name == "ABANDONED"


async def test_server_times_need_manage_server(table: Harness) -> None:
    r = await table.slash(ALICE, "game times", remind_hours=2)
    assert r.ephemeral and "Manage Server" in r.content
    r = await table.slash(ALICE, "game times", manage=True, remind_hours=2, claim_hours=10)
    assert r.ephemeral and "after 2 hours" in r.content and "after 10 hours" in r.content
    times = await service(table).times(table.bot.guilds[0].id)  # type: ignore[attr-defined]
    assert times["remind_hours"] == 2 and times["challenge_hours"] == 24


async def test_the_parent_channel_points_to_the_games_thread(table: Harness) -> None:
    channel = await start_game(table)
    for command in ("game board", "game status", "game undo", "game export"):
        r = await table.slash(ALICE, command, channel=CHANNEL_ID)
        assert r.ephemeral and f"<#{channel}>" in r.content, (command, r.content)
    r = await table.slash(ALICE, "activate", channel=CHANNEL_ID, piece="P1")
    assert r.ephemeral and f"<#{channel}>" in r.content


async def test_the_thread_is_named_for_the_players(table: Harness) -> None:
    await start_game(table)
    thread = table.bot.get_channel(table.threads[-1])  # type: ignore[attr-defined]
    assert thread is not None and thread.name.startswith("alice vs bob")


async def test_only_the_intents_needed_and_companion_commands_everywhere(table: Harness) -> None:
    bot: Any = table.bot
    assert bot.intents.value == discord.Intents(guilds=True).value
    assert not bot.intents.message_content and not bot.intents.members
    tree = bot.tree
    by_name = {c.name: c for c in tree.get_commands()}
    for name in ("roll", "tarot", "resolve", "odds", "help", "rules"):
        data = by_name[name].to_dict(tree)
        assert sorted(data["contexts"]) == [0, 1, 2] and sorted(data["integration_types"]) == [
            0,
            1,
        ], name
    for name in ("game", "team", "activate", "move", "adjust"):
        data = by_name[name].to_dict(tree)
        assert data["contexts"] == [0] and data["integration_types"] == [0], name


async def test_shutdown_waits_for_the_action_in_flight(table: Harness) -> None:
    svc = service(table)
    released = asyncio.Event()

    async def busy() -> None:
        async with svc.lock(42):
            await released.wait()

    task = asyncio.create_task(busy())
    await asyncio.sleep(0)
    assert not await svc.drain(0.05)  # still in flight
    asyncio.get_running_loop().call_later(0.05, released.set)
    assert await svc.drain(2.0)
    await task


async def test_serve_stops_cleanly_on_a_signal(monkeypatch: Any, dbs: Any) -> None:
    from bot.app import WargameBot, serve

    closed: list[str] = []
    bot = WargameBot(await dbs.settings("s"))

    async def start(token: str) -> None:
        await bot.store.open()
        await asyncio.Event().wait()  # connected until closed

    async def close() -> None:
        closed.append("bot")
        await bot.store.close()

    monkeypatch.setattr(bot, "start", start)
    monkeypatch.setattr(bot, "close", close)
    stop = asyncio.Event()
    asyncio.get_running_loop().call_later(0.05, stop.set)
    await asyncio.wait_for(serve(bot, "token", stop), 5)
    assert closed and not bot.store.is_open


# ---- a system with secrets: the choices reach only the player who decides ----
class HiddenRace(RaceTable):
    """Dice Race with a secret: each player's 'hand' is a number only they may see."""

    hidden_information = True

    def private_text(self, state: Any, player: Any) -> str:
        return f"Your secret card: {player.title}-SECRET"

    def menu(self, state: Any) -> Menu | None:
        title = self.rules.decider(state).title
        return Menu((MenuEntry(0, f"Roll ({title}-SECRET)"), MenuEntry(1, "Give up")))

    def describe_action(self, state: Any, action: Action) -> str:
        return super().describe_action(state, action)


async def test_a_game_with_secrets_shows_choices_only_privately(
    table: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cogs.views import challenge_view

    plugin = HiddenRace()
    monkeypatch.setitem(systems.SYSTEMS, "race", plugin)
    svc = service(table)
    ans = await svc.challenge(None, CHANNEL_ID, ALICE, BOB, system="race")
    view = challenge_view(ans)
    msg = table._record(
        "channel", {"content": ans.text, "components": view.to_components()}, [], CHANNEL_ID
    )
    await table.click(BOB, msg, msg.button("Accept"))
    channel = table.threads[-1]
    live = table.live_message(channel)
    assert "SECRET" not in live.content and [b[0] for b in live.buttons()] == [
        "Your choices (only you see them)"
    ]
    row, state = await svc.current(channel)
    seat = plugin.rules.decider(state)
    decider = svc.user_of(row, seat)
    other = ALICE if decider == BOB else BOB
    refused = await table.click(other, live, live.button("Your choices"))
    assert refused.ephemeral and "not your decision" in refused.content
    spectator = await table.click(CAROL, live, live.button("Your choices"))
    assert spectator.ephemeral and "seated players" in spectator.content
    mine = await table.click(decider, live, live.button("Your choices"))
    assert mine.ephemeral and f"{seat.title}-SECRET" in mine.content
    assert any("SECRET" in label for label, _ in mine.buttons())
    board = await table.slash(CAROL, "game board", channel=channel)
    assert board.ephemeral and "SECRET" not in board.content
    own = await table.slash(other, "game board", channel=channel)
    assert own.ephemeral and "SECRET" in own.content
    r = await table.slash(decider, "game export", channel=channel)
    assert r.ephemeral and "once it is over" in r.content and not r.files
    r = await table.slash(other, "game undo", channel=channel)  # would show, then take back
    assert r.ephemeral and "no undo in a game with secrets" in r.content
    await table.click(decider, mine, mine.button("Roll"))
    assert all("SECRET" not in text for text in table.shown), table.shown
