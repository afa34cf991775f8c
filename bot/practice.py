"""Practice games against the AI (issue 17), the service's part: a game with the bot as the
opponent starts at once; the AI's actions are searched off the event loop (``asyncio.to_thread``)
and applied like a player's, one at a time, so the front end shows each; games where the AI must
decide after a restart are found on start-up; hints for the player who decides.

Mixed into ``bot.service.GameService``, whose store, locks and answers it uses.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, ClassVar

from bot import commands as K
from bot import systems
from bot.answers import Answer
from bot.opponent import Opponent, ai_choice_hidden, hint_text
from bot.plugin import check_revised_star
from bot.store import ChannelTaken, GameRow
from bot.wording import names_of
from rules.ai.players import AIPlayer, greedy_player
from rules.ai.players import level as level_of
from rules.core.board import Player
from rules.core.errors import ParseError, RulesError

log = logging.getLogger("wargame.practice")
MAX_AI_PLAYERS = 1000  # games whose AI is kept in memory between its actions
# In a game with secrets every AI action waits at least its search's time bound plus this (a
# search may overrun its bound a little), so that its thinking time tells nothing of its hand.
THINK_MARGIN = 0.25


SIDES = ("white", "black")  # the person's side in a practice game


def ready_made_line(plugin: Any, name: str, text: str) -> str:
    """The opening line of a practice game that names the person's ready-made choice (their
    own: the AI's stays unnamed, as an opponent's would until the game shows it) and how to
    choose another."""
    described = plugin.check_choice(text)[1]
    return (
        f"You play the {ready_made_name(plugin, name)} — {described}. "
        f"To choose your own, start with `options: <White's {plugin.choice_word}> | "
        f"<Black's>`."
    )


def ready_made_name(plugin: Any, name: str) -> str:
    """A ready-made choice's short name as the headline gives it ("ready-made team Balanced")."""
    return f"ready-made {plugin.choice_word} {name.partition(':')[0]}"


def person_side(side: str) -> Player:
    """The person's side in a practice game from its word ("" is White)."""
    key = side.strip().lower() or "white"
    if key not in SIDES:
        raise ParseError(f"'{key[:20]}' is not a side: choose white or black")
    return Player.WHITE if key == "white" else Player.BLACK


class AIPractice:
    # set by GameService (this module cannot import the service: no import circles)
    busy_text: ClassVar[str]
    ai_pace = 0.0  # seconds between the AI's actions, so that players can follow
    think_floor = True  # in a game with secrets, every AI action waits its search's bound

    @staticmethod
    def opponent(row: GameRow) -> Opponent:
        """The AI's seats in a practice game (none in a game between two people)."""
        return Opponent.from_meta(row.meta.get("ai"))

    def ai_player(self, game_id: int, opponent: Opponent) -> AIPlayer:
        """The AI of one game, kept between its actions: it remembers the positions of its
        current run of decisions (so as never to walk in a circle across them)."""
        players: dict[tuple[int, str], AIPlayer] = self.__dict__.setdefault("_ai_players", {})
        key = (game_id, opponent.level)
        if key not in players:
            if len(players) >= MAX_AI_PLAYERS:
                players.clear()
            players[key] = opponent.player()
        return players[key]

    async def practice(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        bot_id: int,
        system: str = systems.DEFAULT,
        words: str = "",
        level: str = "",
        hints: bool = False,
        names: tuple[str, str] | None = None,
        options: dict[str, Any] | None = None,
        side: str = "",
        revised_star: bool = False,
    ) -> Answer:
        """A practice game against the AI (seated as ``bot_id``), started at once with
        ready-made choices; the AI's level and whether hints are allowed are kept with it.
        ``side``: the person's ("white", the default, or "black"; the AI takes the other).
        ``names``: the person's, then the AI's. ``options``: already read (a rematch's), else
        read from ``words``."""
        svc: Any = self  # the GameService this part is mixed into
        try:
            plugin = systems.get(system)
            ai_level = level_of(level or None)
            mine = person_side(side)
            if options is None:
                options = (
                    plugin.options_from_words(K.parse_text(words, "game options").split())
                    if words.strip()
                    else {}
                )
            if revised_star:
                check_revised_star(plugin)
                options = {**options, "revised_star": True}
            # (checks them: a word it cannot read is refused; the opening then says them)
            described = plugin.describe_options(options)
            ready = list(plugin.ready_made.items())
            choices: dict[Player, str] = {}
            yours = yours_name = ""  # the person's ready-made choice, named when it starts
            # (the sides' choices typed in the options are played; else the ready-made)
            if plugin.choice_word and ready and not options.get(plugin.choice_option):
                picked = {Player.WHITE: ready[0], Player.BLACK: ready[min(1, len(ready) - 1)]}
                for seat, (_, text) in picked.items():
                    choices[seat] = plugin.check_choice(text)[0]
                yours = ready_made_line(plugin, *picked[mine])
                yours_name = ready_made_name(plugin, picked[mine][0])
        except RulesError as e:
            return Answer.refusal(e)
        if await svc.store.live_game(channel_id) is not None:
            return Answer.error(self.busy_text)
        opponent = Opponent((mine.other,), ai_level, hints)
        person, ai = names or (f"player {user_id}", "the AI")
        white, black = (user_id, bot_id) if mine is Player.WHITE else (bot_id, user_id)
        try:
            row = await svc.store.create_game(
                guild_id,
                channel_id,
                white,
                black,
                "challenge",
                {
                    "teams": {},
                    "options": options,
                    "home": channel_id,
                    "names": [person, ai] if mine is Player.WHITE else [ai, person],
                    "ai": opponent.to_meta(),
                    **({"ready_made": yours_name} if yours else {}),
                },
                system=plugin.id,
            )
        except ChannelTaken:
            return Answer.error(self.busy_text)
        text = f"{plugin.name} begins." + (" Hints are allowed: `/game hint`." if hints else "")
        if described:  # (the options typed: the variants, a turn limit, the person's team)
            text = f"{text}\n{ai_choice_hidden(plugin, described, opponent.seats)}"
        if yours:
            text = f"{text}\n{yours}"
        try:
            started: Answer = await svc._start(row, user_id, choices, text)
        except Exception:  # (the start is a second write: a half-made game must not stay)
            await self._abandon(row.id)
            raise
        if not started.ok:
            await self._abandon(row.id)
        return started

    async def _abandon(self, game_id: int) -> None:
        """A practice game whose start failed is ended, so that it does not hold the channel
        (a challenge to the bot that nobody can accept)."""
        svc: Any = self  # the GameService this part is mixed into
        # (Not ``_update``: that marks the interaction as having saved a change, and this one
        # takes a failed start back, so the player is rightly told nothing was changed.)
        try:
            async with svc.lock(game_id):
                row = await svc.store.game(game_id)
                if row is not None and row.status == "challenge":
                    await svc.store.save_game(row, status="over")
        except Exception:
            log.exception("could not end the unstarted practice game %s", game_id)

    def practice_headline(self, row: GameRow) -> str:
        """The first line of a practice game's live message, all game long: who plays which
        side (when the AI moves first, its actions soon replace the opening words)."""
        svc: Any = self  # the GameService this part is mixed into
        person = self.opponent(row).person
        if person is None:
            return ""
        ready = row.meta.get("ready_made")
        opponent = self.opponent(row)
        return (
            f"Practice game: <@{svc.user_of(row, person)}> plays {person.title}"
            + (f" ({ready})" if ready else "")
            + f"; the AI ({opponent.level}) plays {person.other.title}"
            + ("; hints: `/game hint`." if opponent.hints else ".")
        )

    async def practice_rematch(self, row: GameRow, user_id: int, guild_id: int | None) -> Answer:
        """A finished practice game's Rematch: another against the AI at once, in the same
        channel (or thread), at the same level, on the same sides and with the same options and
        hints (a challenge to the bot could never be accepted)."""
        svc: Any = self  # the GameService this part is mixed into
        opponent = svc.opponent(row)
        ai_seat = opponent.seats[0]
        names = names_of(row, ai_seat.other) or (f"player {user_id}", "the AI")
        again: Answer = await self.practice(
            guild_id,
            row.channel_id,
            user_id,
            svc.user_of(row, ai_seat),
            system=row.system,
            level=opponent.level,
            hints=opponent.hints,
            names=names,
            options=dict(row.meta.get("options", {})),
            side=ai_seat.other.title,
        )
        return again

    async def ai_turn(self, game_id: int, not_before: float = 0.0) -> Answer | None:
        """One action of the AI if it decides now in this game (None otherwise): the search
        runs off the event loop, then the action is applied like a player's, not before the
        loop time ``not_before`` (the pace: the wait comes between the choosing and the saving,
        so that what players do meanwhile, an undo or a concession, makes the action stale and
        it is dropped, never applied to a game it was not chosen for)."""
        svc: Any = self  # the GameService this part is mixed into
        row = await svc.store.game(game_id)
        if row is None or row.status != "live":
            return None
        state = await svc.state_of(row)
        plugin = svc.plugin(row)
        opponent = svc.opponent(row)
        decider = None if state is None else plugin.rules.decider(state)
        if state is None or decider is None or not opponent.plays(decider):
            return None
        loop = asyncio.get_running_loop()
        started = loop.time()
        action = await asyncio.to_thread(self._ai_action, game_id, opponent, plugin.rules, state)
        if plugin.hidden_information and self.think_floor:
            # A decision with one legal choice comes back at once, one with several after a
            # search: in a game with secrets, how long the AI took would tell whether it held
            # a card to answer with. Every action waits at least its level's time bound.
            think = self.ai_player(game_id, opponent).settings.time_limit
            not_before = max(not_before, started + think + THINK_MARGIN)
        wait = not_before - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        ans: Answer = await svc._run(
            game_id, svc.user_of(row, decider), lambda t, p: t.act(action, p), row.version
        )
        if not ans.ok:
            return None
        # The answer goes back through the human's interaction: what only the AI's seat may
        # see (its hand) must never ride along in the private acknowledgement.
        ans.private = ""
        return ans

    def _ai_action(self, game_id: int, opponent: Opponent, rules: Any, state: Any) -> Any:
        """The AI's action (run off the event loop). A fault in its search must not leave the
        person waiting for ever: it is logged, and the AI plays what the material greedy would
        (a search that scores material alone, so a fault in the full evaluation is passed by),
        or, should that fail too, its first legal choice."""
        try:
            return self.ai_player(game_id, opponent).act(rules, state)
        except Exception:
            log.exception("the AI of game %s failed to search: it plays greedily", game_id)
        try:
            return greedy_player(game_id).act(rules, state)
        except Exception:
            log.exception("the greedy AI of game %s failed too: it plays its first choice", game_id)
            return rules.legal_actions(state)[0]

    async def resume_ai(
        self, serves: Callable[[int | None], bool] | None = None, within: float = 600.0
    ) -> tuple[list[int], list[Answer]]:
        """After a restart, the practice games to take up, in one pass over the live games:
        those where the AI must decide (their ids: its turn plays on), and those where the
        person decides that changed in the last ``within`` seconds (their live message as it
        should stand: the AI's last action may have been saved but not shown, the process
        stopping between the two). ``serves``: whether this process runs a server's shard
        (another process's games are its own to play on, and only it can show them)."""
        svc: Any = self  # the GameService this part is mixed into
        now = svc.store.clock()
        waiting: list[int] = []
        stale: list[Answer] = []
        for row in await svc.store.live_games():
            if row.status != "live" or not svc.opponent(row).seats:
                continue
            if serves is not None and not serves(row.guild_id):
                continue
            state = await svc.state_of(row)
            if state is None:
                continue
            rules = svc.plugin(row).rules
            decider = rules.decider(state)
            recent = now - row.updated_at <= within
            if svc.opponent(row).plays(decider):
                waiting.append(row.id)
            elif decider is not None and row.message_id is not None and recent:
                history = rules.history(state)
                text = "\n".join(e.text for e in history[-1].events) if history else ""
                stale.append(await svc._answer(row, row.version, state, text))
        return waiting, stale

    async def hint(self, channel_id: int, user_id: int) -> Answer:
        """The AI's suggestion for the player who decides now, in a game made with hints."""
        svc: Any = self  # the GameService this part is mixed into
        row = await svc.store.live_game(channel_id)
        if row is None:
            nothing: Answer = await svc.no_game_here(channel_id)
            return nothing
        state = await svc.state_of(row)
        plugin = svc.plugin(row)
        opponent = svc.opponent(row)
        if svc.seat(row, user_id) is None:  # (first: whether hints were allowed is not theirs)
            return Answer.error("A hint is only for the player who must decide now.")
        if not opponent.hints:
            return Answer.error("This game was made without hints.")
        if state is None or plugin.rules.result(state) is not None:
            return Answer.error("There is no decision to give a hint for.")
        if svc.seat(row, user_id) is None or svc.seat(row, user_id) is not plugin.rules.decider(
            state
        ):
            return Answer.error("A hint is only for the player who must decide now.")
        text = await asyncio.to_thread(hint_text, plugin, state, opponent)
        return Answer(text, ephemeral=True)
