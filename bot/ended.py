"""Games that are over, the service's part: what a look finds in a channel with no game in
play (the last game that ended there: its board, status and log, headed by its result), the
words for a stale button of a finished game, and the export of a game's log.

Mixed into ``bot.service.GameService``, whose store, plugins and answers it uses.
"""

from __future__ import annotations

from typing import Any

from bot import commands as K
from bot.answers import Answer
from bot.store import GameRow
from bot.table import Table
from bot.wording import plural

# The looks a channel's last finished game still answers once no game is in play there.
AFTER_THE_END = (K.ShowBoard, K.ShowStatus, K.ShowLog)


class EndedGames:
    """Looks at finished games (``svc`` is the GameService this part is mixed into)."""

    async def over_text(self, row: GameRow | None, channel_id: int | None = None) -> str:
        """The words for a game that is over (a stale button), with how it ended when its rules
        say, but only in the game's own channel (``channel_id``; None: no channel to check)."""
        elsewhere = channel_id is not None and row is not None and row.channel_id != channel_id
        ended = None if elsewhere else await self._how_it_ended(row)
        return "This game is over." if ended is None else f"This game is over: {ended[1].text}."

    async def _how_it_ended(self, row: GameRow | None) -> tuple[Any, Any] | None:
        """A finished game's state and result (None: no game, a system unknown here, or no
        result, as for a game a moderator ended)."""
        svc: Any = self  # the GameService this part is mixed into
        if row is None or not row.started or svc.unknown_system(row) is not None:
            return None
        state = await svc.state_of(row)
        result = None if state is None else svc.plugin(row).rules.result(state)
        return None if state is None or result is None else (state, result)

    async def last_game_look(
        self, channel_id: int, user_id: int, command: K.Command
    ) -> Answer | None:
        """A look (``AFTER_THE_END``) at the last game that ended in this channel, as it ended,
        headed by its result (None when there is none to look at: no finished game here, one
        ended without a result, such as by a moderator, or games started here that moved to
        their threads). The game is over, so nothing in it is secret any more."""
        svc: Any = self  # the GameService this part is mixed into
        if await svc.store.games_from(channel_id):
            return None
        last = await svc.store.last_finished_game(channel_id)
        ended = await self._how_it_ended(last)
        if last is None or ended is None:
            return None
        state, result = ended
        plugin = svc.plugin(last)
        table = Table(svc.dice_factory(), state, plugin.id, discord=True)
        table.opponent = svc.opponent(last)
        reply = table.execute(command, svc.seat(last, user_id))
        if not reply.ok:
            return None
        how = "" if result.text in reply.text else f": {result.text}"  # (said once)
        return Answer(
            f"Game {last.id} is over{how}.\n{reply.text}",
            image=reply.image,
            image_name=reply.image_name,
            ephemeral=True,
            system=last.system,
        )

    async def no_game_here(self, channel_id: int, first: str = "") -> Answer:
        """No game in this channel; if games challenged here went to their threads, say where."""
        svc: Any = self  # the GameService this part is mixed into
        moved = await svc.store.games_from(channel_id)
        if moved:
            where = ", ".join(f"<#{g.channel_id}>" for g in moved[:5])
            return Answer.error(
                f"{first or 'There is no game in this channel'}: the games started here are "
                f"played in their threads ({where}); use the commands there."
            )
        ended = await self._how_it_ended(await svc.store.last_finished_game(channel_id))
        if ended is not None:  # (the game just ended here: say how it ended)
            return Answer.error(
                f"{first or 'There is no game in play in this channel'}. The last game here "
                f"is over: {ended[1].text}. `/game export` has its log; start another with "
                "`/game new`."
            )
        if first:
            return Answer.error(f"{first}.")
        return Answer.error("There is no game in this channel: start one with `/game new`.")

    async def export(self, channel_id: int) -> Answer:
        """The channel's game as a file: the game in play, or, when none is, the last game that
        ended here (a game with secrets only then: its log holds the hands and deck order)."""
        svc: Any = self  # the GameService this part is mixed into
        row = await svc.store.live_game(channel_id)
        if row is None or not row.started:  # none in play: the last one that ended here
            row = await svc.store.last_finished_game(channel_id) or row
        refusal: Answer | None = svc.unknown_system(row)
        if refusal is not None:
            return refusal
        state = None if row is None else await svc.state_of(row)
        if row is None or state is None:
            return await self.no_game_here(channel_id, "There is no started game in this channel")
        over = row.status == "over"
        plugin = svc.plugin(row)
        if plugin.shown_after_setup and not over and not plugin.choices_shown(state):
            return Answer.error(
                f"The {plural(plugin.choice_word)} are shown to each other once both are "
                "deployed: the log (which holds them) can be exported from then on."
            )
        if plugin.hidden_information and not over:
            return Answer.error(
                "This game has secrets (hands, the order of the decks): its log can be exported"
                " once it is over."
            )
        rules = svc.plugin(row).rules
        data = rules.dumps(state).encode()
        return Answer(
            f"The full event log of game {row.id}{' (over)' if over else ''}"
            f" ({len(rules.history(state))} actions); it replays to the same game.",
            attachment=(f"{row.system}-{row.id}.json", data),
        )
