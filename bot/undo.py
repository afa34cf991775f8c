"""Undo in Discord, the service's part: a player asks, the other agrees or refuses (buttons);
in a practice game the AI agrees at once and takes back its own replies with the person's
action. There is no undo in a game with secrets (the cards drawn would have been seen).

Mixed into ``bot.service.GameService``, whose store, locks and answers it uses.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.answers import RACED, WRONG_CHANNEL, Answer, GameState
from bot.opponent import take_back, taken_back
from bot.store import GameRow, StaleVersion
from rules.core.board import Player

UNDO_LAPSED = "This undo request is no longer current."


class UndoRequests:
    """Undo requests and answers (``svc`` is the GameService this part is mixed into)."""

    async def request_undo(self, channel_id: int, user_id: int) -> Answer:
        svc: Any = self  # the GameService this part is mixed into
        found = await svc.seated_in_play(channel_id, user_id, "ask to undo")
        if isinstance(found, Answer):
            return found
        row, seat, state = found
        if svc.plugin(row).hidden_information:
            return Answer.error(
                "There is no undo in a game with secrets: the cards an action drew would be seen"
                " and then taken back."
            )
        if state is None or not svc.plugin(row).rules.history(state):
            return Answer.error("There is nothing to undo.")
        if svc.opponent(row).plays(seat.other):  # the AI agrees at once
            return await self._take_back(row.id, channel_id, user_id)
        async with svc.lock(row.id):  # a request is not a change of the game: no new version
            fresh = await svc.store.game(row.id)
            if fresh is None or fresh.status != "live":
                return Answer.error("There is no game in play here.")
            asked = fresh.meta.get("undo")
            if asked and asked.get("version") == fresh.version:  # (one request at a time)
                if asked.get("by") == user_id:
                    return Answer.error(
                        "You have already asked to undo the last action: the other player's "
                        "answer is awaited."
                    )
                return Answer.error(
                    f"<@{asked.get('by')}> has asked to undo the last action: answer that "
                    "request (Agree or Refuse) first."
                )
            version = fresh.version
            request = {**fresh.meta, "undo": {"by": user_id, "version": version}}
            if not await svc.store.set_meta(row.id, request, version, was=fresh.meta):
                return Answer.error(RACED)  # (another process changed the game meanwhile)
        other = svc.user_of(row, seat.other)
        plugin = svc.plugin(row)
        before = await asyncio.to_thread(plugin.rules.undo, state)
        action = plugin.rules.history(state)[-1].action
        # whose action it was (it may be the other's): an adjustment's maker, else the decider
        by = getattr(action, "by", None)
        who = by if isinstance(by, Player) else plugin.rules.decider(before)
        last = plugin.describe_action(before, action)
        whose = f"{who.title}'s " if who is not None else ""
        return Answer(
            f"<@{user_id}> asks to undo the last action, {whose}{last}. <@{other}>, do you agree?",
            game_id=row.id,
            version=version,
            mentions=[other],
            undo_request=True,
        )

    async def answer_undo(
        self, game_id: int, version: int, user_id: int, agree: bool, channel_id: int | None = None
    ) -> Answer:
        svc: Any = self  # the GameService this part is mixed into
        async with svc.lock(game_id):
            row = await svc.store.game(game_id)
            if row is not None and channel_id is not None and row.channel_id != channel_id:
                return Answer.error(WRONG_CHANNEL)
            if row is None or row.status != "live" or row.version != version:
                return Answer.error(UNDO_LAPSED)
            req = row.meta.get("undo")
            if not req:
                return Answer.error("There is no undo request.")
            if user_id == req["by"] or svc.seat(row, user_id) is None:
                return Answer.error("Only the other player can answer this undo request.")
            meta = {k: v for k, v in row.meta.items() if k != "undo"}
            if not agree:
                # The request never changed the game: the live message's buttons still work.
                if not await svc.store.set_meta(row.id, meta, row.version, was=row.meta):
                    return Answer.error(RACED)
                return Answer(f"<@{user_id}> declined the undo.")
            current = await svc.state_of(row)
            assert current is not None
            before = await asyncio.to_thread(svc.plugin(row).rules.undo, current)
            done = taken_back(svc.plugin(row), current, before, 1)
            return await self._undone(row, meta, before, f"{done} (Both players agreed.)")

    async def _take_back(self, game_id: int, channel_id: int, user_id: int) -> Answer:
        """Undo in a practice game: the AI agrees at once, and the game goes back to the
        person's last decision, the AI's actions since taken back too (``take_back``)."""
        svc: Any = self  # the GameService this part is mixed into
        async with svc.lock(game_id):
            row = await svc.store.game(game_id)
            if row is None or row.status != "live" or row.channel_id != channel_id:
                return Answer.error("There is no game in play here.")
            current = await svc.state_of(row)
            assert current is not None
            rules = svc.plugin(row).rules
            marks = [int(m) for m in row.meta.get("marks", [])]  # (each command's start)
            before, n, mine = await asyncio.to_thread(
                take_back, rules, current, svc.opponent(row), marks
            )
            if n == 0:
                return Answer.error("You have made no action yet to take back.")
            done = taken_back(svc.plugin(row), current, before, n, mine)
            meta = {k: v for k, v in row.meta.items() if k != "undo"}
            return await self._undone(row, meta, before, done, actor=user_id)

    async def _undone(
        self,
        row: GameRow,
        meta: dict[str, Any],
        before: GameState,
        done: str,
        actor: int | None = None,
    ) -> Answer:
        """The game saved as it was before an undo (``done`` says what was undone)."""
        svc: Any = self  # the GameService this part is mixed into
        rules = svc.plugin(row).rules
        kept = len(rules.history(before))
        meta["logged"] = min(kept, int(meta.get("logged", 0)))
        if "marks" in meta:  # (the commands still played)
            meta["marks"] = [m for m in meta["marks"] if int(m) < kept]
        try:
            new_version = await svc.store.save_game(
                row, meta=meta, snapshot=rules.dumps(before), truncate_from=kept
            )
        except StaleVersion:  # another process saved the game first: nothing was undone
            return Answer.error(RACED)
        svc._remember(row.id, new_version, before)
        # (``actor``: who undid it, not pinged for it; None when both players agreed)
        plugin = svc.plugin(row)
        said = (
            done if rules.result(before) is not None else f"{done}\n{plugin.discord_prompt(before)}"
        )
        ans: Answer = await svc._answer(row, new_version, before, said, actor=actor, logged=kept)
        ans.log = "\n".join(line for line in (done, ans.log) if line)
        return ans
