"""Idle games, the service's part: reminders to a player a game waits for, challenges that
expire unanswered, and claims of a game the other player left idle, by each server's times.

Mixed into ``bot.service.GameService``, whose store, locks and answers it uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.answers import Answer, GameState, Notice
from bot.store import GameRow, StaleVersion
from bot.table import Reply, Table, refusal
from bot.wording import hours_text
from rules.core.board import Player
from rules.core.errors import RulesError

SERVER_TIMES = "server-times"  # per-server idle times, in the store's channel_state
DEFAULT_TIMES: dict[str, float] = {
    "remind_hours": 12.0,  # a waiting decision is reminded after this long idle
    "claim_hours": 72.0,  # then the other player may claim the game
    "challenge_hours": 24.0,  # an unanswered challenge expires
}


class IdleGames:
    """Reminders, expiry and claims (``svc`` is the GameService this part is mixed into)."""

    async def times(self, guild_id: int | None) -> dict[str, float]:
        svc: Any = self  # the GameService this part is mixed into
        data = await svc.store.channel_state(guild_id or 0, SERVER_TIMES) or {}
        return {k: float(data.get(k, v)) for k, v in DEFAULT_TIMES.items()}

    async def set_times(self, guild_id: int | None, **hours: float | None) -> Answer:
        """A server's idle times (hours); None leaves one as it is."""
        svc: Any = self  # the GameService this part is mixed into

        def put(data: dict[str, Any] | None) -> tuple[dict[str, Any], dict[str, float]]:
            now = {k: float((data or {}).get(k, v)) for k, v in DEFAULT_TIMES.items()}
            now.update({k: float(v) for k, v in hours.items() if v is not None})
            return now, now

        now = await svc.store.update_channel_state(guild_id or 0, SERVER_TIMES, put)
        return Answer(
            f"This server's idle times: a waiting player is reminded after "
            f"{hours_text(now['remind_hours'])}, the other player may claim the game after "
            f"{hours_text(now['claim_hours'])}, and challenges expire after "
            f"{hours_text(now['challenge_hours'])}.",
            ephemeral=True,
        )

    def waiting_for(self, row: GameRow, state: GameState | None) -> list[int]:
        """Whose move the game waits for: the decider, or whoever has not chosen yet."""
        svc: Any = self  # the GameService this part is mixed into
        if row.status == "teams":
            chosen = row.meta.get("teams", {})
            return [svc.user_of(row, p) for p in Player if p.title not in chosen]
        if state is None:
            return []
        decider = svc.plugin(row).rules.decider(state)
        if decider is None or svc.opponent(row).plays(decider):  # (the AI needs no reminder)
            return []
        return [svc.user_of(row, decider)]

    async def sweep(self, serves: Callable[[int | None], bool] | None = None) -> list[Notice]:
        """Expire old challenges and remind players of games waiting for them (run every few
        minutes; the store's clock is the one tests turn forward). ``serves``: whether this
        process runs a server's shard (the others' games are theirs to sweep and post in)."""
        svc: Any = self  # the GameService this part is mixed into
        now = svc.store.clock()
        notices: list[Notice] = []
        for row in await svc.store.live_games():
            if svc.unknown_system(row) is not None:
                continue
            if serves is not None and not serves(row.guild_id):
                continue
            times = await svc.times(row.guild_id)
            idle = now - row.updated_at
            if row.status == "challenge" and idle > times["challenge_hours"] * 3600:
                async with svc.lock(row.id):
                    fresh = await svc.store.game(row.id)
                    if fresh is None or fresh.status != "challenge":
                        continue
                    try:
                        await svc.store.save_game(fresh, status="over")
                    except StaleVersion:
                        continue
                notices.append(
                    Notice(
                        row.channel_id,
                        f"The challenge from <@{row.white_id}> to <@{row.black_id}> expired "
                        f"after {hours_text(times['challenge_hours'])} unanswered.",
                        game_id=row.id,
                        strip=row.message_id,
                    )
                )
            elif row.status in ("teams", "live") and idle > times["remind_hours"] * 3600:
                if row.reminded_at is not None and row.reminded_at >= row.updated_at:
                    continue  # one reminder per idle stretch
                state = await svc.state_of(row) if row.status == "live" else None
                waiting = svc.waiting_for(row, state)
                if not waiting:
                    continue
                who = " and ".join(f"<@{u}>" for u in waiting)
                text = (
                    f"{who}: game #{row.id} has waited {hours_text(idle / 3600)} for you."
                    f" After {hours_text(times['claim_hours'])} without a decision the other"
                    " player may end it with `/game claim`."
                )
                pinged = [u for u in waiting if await svc.pings_on(u)]
                await svc.store.set_reminded(row.id, now)
                notices.append(Notice(row.channel_id, text, pinged, row.id))
        return notices

    async def claim(self, channel_id: int, user_id: int) -> Answer:
        """The waiting player ends a game the other left idle past the server's claim time,
        scored as the rules score an unfinished game."""
        svc: Any = self  # the GameService this part is mixed into
        found = await svc.seated_in_play(channel_id, user_id, "claim a game")
        if isinstance(found, Answer):
            return found
        row, seat, state = found
        assert state is not None
        plugin = svc.plugin(row)
        if plugin.rules.decider(state) == seat:
            return Answer.error("The game is waiting for you: it is your decision.")
        times = await svc.times(row.guild_id)
        idle = svc.store.clock() - row.updated_at
        if idle < times["claim_hours"] * 3600:
            left = times["claim_hours"] - idle / 3600
            return Answer.error(
                f"A game can be claimed after {hours_text(times['claim_hours'])} without a "
                f"decision; this one has waited {hours_text(idle / 3600)} "
                f"({hours_text(left)} to go)."
            )
        action = plugin.claim(state, seat)

        def end(t: Table, p: Player | None) -> Reply:
            try:
                reply = t.act(action, None)  # the service has checked who may claim
            except RulesError as e:
                return refusal(e)
            reply.text = f"<@{user_id}> claims the game (idle for {hours_text(idle / 3600)}).\n" + (
                reply.text
            )
            return reply

        claimed: Answer = await svc._run(row.id, user_id, end, row.version)
        return claimed
