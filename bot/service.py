"""The game service: one live game per channel, players seated by Discord user id, every change
persisted exactly once. The cogs and the benchmark call this with structured commands
(``bot.commands``); it runs them on the same ``Table`` the console uses, so the game flow exists
once. Each game's system (``bot.systems``) is recorded with it, and everything system-specific
goes through that system's plugin.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot import commands as K
from bot import systems

# Answer and Notice are imported from here by the cogs and the app (re-exported).
from bot.answers import RACED, WRONG_CHANNEL, GameState
from bot.answers import Answer as Answer
from bot.answers import Notice as Notice
from bot.ended import AFTER_THE_END, EndedGames
from bot.idle import IdleGames
from bot.locks import KeyedLocks
from bot.opponent import ai_decides_text, with_mark
from bot.painter import Painter
from bot.plugin import SystemPlugin, check_revised_star
from bot.practice import AIPractice
from bot.saved import SAVED
from bot.store import ChannelTaken, GameRow, StaleVersion, StoreBase
from bot.table import Reply, Table, refusal
from bot.undo import UndoRequests
from bot.wording import fit_log, game_over, names_of, plural
from rules.core.board import Player
from rules.core.dice import Dice, SystemDice
from rules.core.errors import RulesError
from rules.core.history import Step

log = logging.getLogger("wargame.service")
ONLY_SEATED = (
    "Only the two seated players can act in this game; anyone can look (`/game board`, "
    "`/game status`)."
)

SNAPSHOT_EVERY = 16
PREFS = "player-prefs"  # per-user settings in the store's channel_state (keyed by user id)


PUBLIC_VIEW = Player.WHITE  # the orientation of the pictures everyone sees
CACHE_GAMES = 4096  # live games kept in memory (a bench of 1000 live games fits)
CHANNEL_BUSY = (
    "This channel already has a game. Finish it (or `/game concede`) or start one in another"
    " channel."
)


# A look answered to the player who decides carries their choices; the question they answer
# is added when it fits in a message (Discord's limit is 2,000 characters)
LOOK_ROOM = 1900


class _NotLiveHere(Exception):
    """The game is not (any more) the live game of the channel it was looked for in."""


def not_a_switch(plugin: SystemPlugin, words: str) -> str:
    """Why a challenge's ``options`` that name the sides' choices are refused: in a challenge
    each player chooses their own, with `/team` once it is accepted."""
    known = {w.strip().lower() for w in plugin.switches.split(",") if w.strip()}
    unknown = [w for w in words.split() if w.lower() not in known and w != "|"]
    said = f"'{' '.join(unknown)[:40]}' is not one of {plugin.name}'s options"
    have = f" (they are: {plugin.switches})" if plugin.switches else " (it has none)"
    return (
        f"{said}{have}. Each player chooses their own {plugin.choice_word} with `/team` once "
        "the challenge is accepted. Nothing was changed."
    )


# the AI opponent's part: bot.practice (issue 17); undo requests: bot.undo
class GameService(AIPractice, UndoRequests, IdleGames, EndedGames):
    busy_text = CHANNEL_BUSY

    def __init__(
        self,
        store: StoreBase,
        dice: Callable[[], Dice] = SystemDice,
        render: bool = True,
        painter: Painter | None = None,
    ) -> None:
        self.store = store
        self.dice_factory = dice
        self.render = render
        self.painter = painter or Painter()
        self._locks = KeyedLocks()  # only for games with an action in flight
        # game id -> (version, state), the most recently saved last; ended games leave it, and
        # past CACHE_GAMES the least recently saved go (they load again from the store).
        self._cache: dict[int, tuple[int, GameState]] = {}
        # game id -> a digest of the picture its live message shows (an edit that would
        # upload the same picture again keeps the one it has)
        self._pictures: dict[int, int] = {}
        # channel id -> the id of the live game last found there: only a hint, which the read
        # under the game's lock checks in the same statement (the game may have ended or moved,
        # in this process or another); at most CACHE_GAMES, the oldest go first.
        self._live_ids: dict[int, int] = {}

    async def drain(self, timeout: float) -> bool:
        """Wait until no action is in flight and every save is written (shutting down);
        False if that took longer than ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while len(self._locks) or self.store.writing:
            if loop.time() > deadline:
                log.warning("stopping with %d actions still in flight", len(self._locks))
                return False
            await asyncio.sleep(0.02)
        return True

    def lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        return self._locks.hold(game_id)

    def _remember(self, game_id: int, version: int, state: GameState, over: bool = False) -> None:
        self._cache.pop(game_id, None)
        if over:
            return
        self._cache[game_id] = (version, state)
        while len(self._cache) > CACHE_GAMES:
            del self._cache[next(iter(self._cache))]

    # ---- loading ----
    async def state_of(self, row: GameRow) -> GameState | None:
        if not row.started:
            return None
        cached = self._cache.get(row.id)
        if cached is not None and cached[0] == row.version:
            return cached[1]
        state = await self.stored_state(row.id, row)
        assert state is not None
        self._remember(row.id, row.version, state, over=row.status == "over")
        return state

    async def stored_state(self, game_id: int, row: GameRow | None = None) -> GameState | None:
        """The game as the store has it (never the cache): the last snapshot plus the log
        rows written after it, replayed by the game's system (``row``: its row, if read)."""
        text = await self.store.snapshot(game_id)
        if row is None:
            row = await self.store.game(game_id)
        if text is None or row is None:
            return None
        data = json.loads(text)
        for action, rolls in await self.store.log_from(game_id, len(data["log"])):
            data["log"].append({"action": json.loads(action), "rolls": json.loads(rolls)})
        return await asyncio.to_thread(self.plugin(row).rules.from_dict, data)

    @staticmethod
    def plugin(row: GameRow) -> SystemPlugin:
        return systems.get(row.system)

    @staticmethod
    def unknown_system(row: GameRow | None) -> Answer | None:
        """A refusal for a game whose system this bot does not have (a database written by
        another build), or None."""
        if row is None or row.system in systems.SYSTEMS:
            return None
        return Answer.error(f"This game is of a system this bot does not run ({row.system}).")

    @staticmethod
    def seat(row: GameRow, user_id: int) -> Player | None:
        if user_id == row.white_id:
            return Player.WHITE
        if user_id == row.black_id:
            return Player.BLACK
        return None

    @staticmethod
    def user_of(row: GameRow, player: Player) -> int:
        return row.white_id if player is Player.WHITE else row.black_id

    # ---- challenge and teams ----
    async def challenge(
        self,
        guild_id: int | None,
        channel_id: int,
        challenger: int,
        opponent: int,
        revised_star: bool = False,
        system: str = systems.DEFAULT,
        words: str = "",
        options: dict[str, Any] | None = None,
        names: tuple[str, str] | None = None,
    ) -> Answer:
        """A challenge; ``words`` are the system's game options as the console types them
        (``options``: already read, e.g. a rematch's)."""
        try:
            plugin = systems.get(system)
            if revised_star:
                check_revised_star(plugin)
        except RulesError as e:
            return Answer.refusal(e)
        if challenger == opponent:
            return Answer.error("You cannot challenge yourself: pick another player.")
        if await self.store.live_game(channel_id) is not None:
            return Answer.error(CHANNEL_BUSY)
        options = dict(options or {})
        if words.strip():
            try:
                typed = plugin.options_from_words(K.parse_text(words, "game options").split())
            except RulesError as e:
                return Answer.refusal(e)
            if plugin.choice_option and typed.get(plugin.choice_option):
                return Answer.error(not_a_switch(plugin, words))
            options.update(typed)
        if revised_star:
            options["revised_star"] = True
        try:
            option = plugin.describe_options(options)  # (checks them before anything is kept)
        except RulesError as e:
            return Answer.refusal(e)
        try:
            row = await self.store.create_game(
                guild_id,
                channel_id,
                challenger,
                opponent,
                "challenge",
                {
                    "teams": {},
                    "options": options,
                    "home": channel_id,
                    "names": list(names or (f"player {challenger}", f"player {opponent}")),
                },
                system=plugin.id,
            )
        except ChannelTaken:  # another challenge got there first
            return Answer.error(CHANNEL_BUSY)
        return Answer(
            f"<@{challenger}> challenges <@{opponent}> to {plugin.name}! "
            f"<@{opponent}>, accept or decline." + (f"\n{option}" if option else ""),
            game_id=row.id,
            version=row.version,
            mentions=[opponent],
            challenge=True,
            system=plugin.id,
        )

    async def answer_challenge(
        self,
        game_id: int,
        user_id: int,
        accept: bool,
        open_channel: Callable[[GameRow], Awaitable[int | None]] | None = None,
    ) -> Answer:
        """Accept or decline. ``open_channel`` (e.g. opening the game's thread) runs only for a
        valid acceptance, under the game's lock, so a double click opens one thread."""
        async with self.lock(game_id):
            row = await self.store.game(game_id)
            if row is None or row.status != "challenge":
                return Answer.error("This challenge is no longer open.")
            if (refusal := self.unknown_system(row)) is not None:
                return refusal
            if accept and user_id != row.black_id:
                return Answer.error("Only the challenged player can accept.")
            if not accept and user_id not in (row.white_id, row.black_id):
                return Answer.error("Only the two players can decline this challenge.")
            if not accept:
                try:
                    await self.store.save_game(row, status="over")
                except StaleVersion:
                    return Answer.error(RACED)
                return Answer(f"<@{user_id}> declined the challenge.")
            plugin = self.plugin(row)
            new_channel_id = None if open_channel is None else await open_channel(row)
            text = f"Challenge accepted! <@{row.white_id}> plays White, <@{row.black_id}> Black."
            try:
                if not plugin.choice_word:  # nothing to choose: the game starts now
                    return await self._start(row, user_id, {}, text, channel_id=new_channel_id)
                version = await self.store.save_game(row, status="teams", channel_id=new_channel_id)
            except StaleVersion:
                return Answer.error(RACED)
            examples = ", ".join(f"`{v}`" for v in list(plugin.ready_made.values())[:1])
            return Answer(
                f"{text}\nEach player now chooses a {plugin.choice_word} with `/team` "
                f"(e.g. {examples}, or pick a ready-made one).",
                game_id=row.id,
                version=version,
                mentions=[row.white_id, row.black_id],
                system=plugin.id,
            )

    async def set_team(self, channel_id: int, user_id: int, text: str) -> Answer:
        """A seated player's choice before play (a team list, a deck): kept hidden in the
        game's meta until both have chosen, then the game starts."""
        row = await self.store.live_game(channel_id)
        if row is None:
            return await self.no_game_here(channel_id)
        async with self.lock(row.id):
            row = await self.store.game(row.id)
            assert row is not None
            if (refusal := self.unknown_system(row)) is not None:
                return refusal
            plugin = self.plugin(row)
            if not plugin.choice_word:  # (nothing is chosen before play in this system)
                return Answer.error(
                    f"{plugin.name} has no team to choose: each side starts with the same "
                    "pieces. Nothing was changed."
                )
            seat = self.seat(row, user_id)
            if seat is None:
                return Answer.error(
                    f"Only the two seated players can choose a {plugin.choice_word}."
                )
            if row.status != "teams":
                return Answer.error(
                    f"{plural(plugin.choice_word).capitalize()} are chosen after the challenge "
                    "is accepted and before the game starts."
                )
            try:
                chosen, _ = plugin.check_choice(plugin.typed_choice(text))
            except RulesError as e:
                return Answer.error(str(e))
            teams = dict(row.meta.get("teams", {}))
            again = seat.title in teams  # (a second /team replaces the first)
            teams[seat.title] = chosen
            meta = {**row.meta, "teams": teams}
            if len(teams) < 2:
                # Blind choice: the opponent learns only that a choice was made.
                try:
                    await self.store.save_game(row, meta=meta)
                except StaleVersion:
                    return Answer.error(RACED)
                until = "deployed" if plugin.shown_after_setup else "chosen"
                other = self.user_of(row, seat.other)
                if again:  # said as a change, and the opponent is not pinged a second time
                    return Answer(
                        f"{seat.title} has changed their {plugin.choice_word}: the new one "
                        f"replaces the first (kept secret until both have {until}). Waiting "
                        f"for <@{other}>."
                    )
                return Answer(
                    f"{seat.title} has chosen a {plugin.choice_word} (kept secret until both "
                    f"have {until}). Waiting for <@{other}>.",
                    mentions=[other],
                )
            choices = {pl: teams[pl.title] for pl in Player}
            words = plural(plugin.choice_word)
            if plugin.hidden_information:  # a deck list stays its owner's
                intro = f"Both {words} are set."
            elif plugin.shown_after_setup:  # (the rules' setup order)
                intro = f"Both {words} are set; each is shown to the other once both are deployed."
            else:
                shown = [f"{pl.title}: {plugin.check_choice(teams[pl.title])[1]}" for pl in Player]
                intro = "\n".join([f"Both {words} are set, and now revealed:", *shown])
            try:
                return await self._start(row, user_id, choices, intro, meta=meta)
            except StaleVersion:
                return Answer.error(RACED)

    async def _start(
        self,
        row: GameRow,
        user_id: int,
        choices: dict[Player, str],
        intro: str,
        meta: dict[str, Any] | None = None,
        channel_id: int | None = None,
    ) -> Answer:
        plugin = self.plugin(row)
        try:
            state = plugin.new_game(choices, row.meta.get("options", {}))
        except RulesError as e:
            return Answer.refusal(e, stop="")
        table = Table(self.dice_factory(), state, plugin.id, discord=True)
        table.opponent = self.opponent(row)  # (the prompt names the AI when it decides)
        try:
            reply = plugin.start(table)
        except RulesError as e:
            return Answer.refusal(e, stop="")
        new_state = table.state
        if reply is None:  # (nothing happened by itself: what to do first)
            text = f"{intro}\n{plugin.discord_prompt(new_state)}"
        else:
            text = f"{intro}\n{reply.text}"
        logged = len(plugin.rules.history(new_state))  # the opening message says it all
        meta = {**(row.meta if meta is None else meta), "logged": logged}
        version = await self._save(
            row, None, new_state, user_id, status="live", meta=meta, channel_id=channel_id
        )
        if row.message_id is not None:  # that was the challenge's: the game gets its own
            await self.store.set_message(row.id, None)
            row = dataclasses.replace(row, message_id=None)
        return await self._answer(row, version, new_state, text, actor=user_id, logged=logged)

    # ---- play ----
    async def execute(self, channel_id: int, user_id: int, command: K.Command) -> Answer:
        """Run a structured command (from a slash command) for ``user_id``."""
        if command.console_only:
            return Answer.error(f"`{command.name}` is a console command; in Discord use /game.")

        def run(t: Table, p: Player | None) -> Reply:
            return t.execute(command, p)

        acts = not command.looks
        hint = self._live_ids.get(channel_id)
        if hint is not None:
            try:  # one read: the hinted game, only if it is still the channel's live game
                return await self._run(hint, user_id, run, None, live_in=channel_id, acts=acts)
            except _NotLiveHere:
                self._live_ids.pop(channel_id, None)
        row = await self.store.live_game(channel_id)
        if row is None:
            if isinstance(command, AFTER_THE_END):  # the board, status or log of the game
                ended = await self.last_game_look(channel_id, user_id, command)  # just ended
                if ended is not None:
                    return ended
            return await self.no_game_here(channel_id)
        self._live_ids[channel_id] = row.id
        while len(self._live_ids) > CACHE_GAMES:
            del self._live_ids[next(iter(self._live_ids))]
        return await self._run(row.id, user_id, run, None, acts=acts)

    async def execute_at(
        self,
        game_id: int,
        version: int,
        user_id: int,
        command: K.Command,
        channel_id: int | None = None,
    ) -> Answer:
        """A command from a button: only if the game is still at ``version`` (and, given a
        channel, only from the game's own channel)."""
        if command.console_only:
            return Answer.error(f"`{command.name}` is a console command; in Discord use /game.")
        return await self._run(
            game_id,
            user_id,
            lambda t, p: t.execute(command, p),
            version,
            channel_id,
            acts=not command.looks,
        )

    async def press(
        self, game_id: int, version: int, user_id: int, key: str, channel_id: int | None = None
    ) -> Answer:
        """A whole-command button (its key, e.g. "autodeploy"), only if still current."""
        row = await self.store.game(game_id)
        if (refusal := self.unknown_system(row)) is not None:
            return refusal
        command = None if row is None else self.plugin(row).button_command(key)
        if command is None:
            return Answer.error("That button is not one of this game's.")
        return await self.execute_at(game_id, version, user_id, command, channel_id)

    async def choose(
        self, game_id: int, version: int, user_id: int, index: int, channel_id: int | None = None
    ) -> Answer:
        """A button or menu: the ``index``-th legal action, only if the game is still at
        ``version`` (and, given a channel, only from the game's own channel)."""

        def pick(t: Table, p: Player | None) -> Reply:
            acts = t.rules.legal_actions(t.game())
            decider = t.rules.decider(t.game())
            if p is not None and decider is not None and decider is not p:
                # (before the index is looked at: whether it is in range would tell the other
                # player how many choices the decider has, secret cards among them)
                return Reply(
                    f"It is {decider.title}'s decision now, not {p.title}'s.",
                    ok=False,
                    not_yours=True,
                )
            if not 0 <= index < len(acts):
                return Reply("That choice is not available.", ok=False)
            try:
                return t.act(acts[index], p)
            except RulesError as e:
                return refusal(e)

        return await self._run(game_id, user_id, pick, version, channel_id)

    async def _run(
        self,
        game_id: int,
        user_id: int,
        fn: Callable[[Table, Player | None], Reply],
        expect_version: int | None,
        channel_id: int | None = None,
        live_in: int | None = None,
        acts: bool = True,
    ) -> Answer:
        """``fn`` on the game, under its lock, saved if it changed the game. ``live_in``: only if
        the game is that channel's live game (else _NotLiveHere, nothing done). ``acts``: ``fn``
        is meant to change the game (not a look)."""
        async with self.lock(game_id):
            # The players' pings settings come with the row, for the answer's log line.
            row = await self.store.game(game_id, live_in=live_in, prefs=PREFS)
            if row is None and live_in is not None:
                raise _NotLiveHere
            if row is None or row.status == "over":
                return Answer.error(await self.over_text(row, channel_id))
            if channel_id is not None and row.channel_id != channel_id:
                return Answer.error(WRONG_CHANNEL)
            if (refusal := self.unknown_system(row)) is not None:
                return refusal
            if expect_version is not None and row.version != expect_version:
                return Answer.error("This choice is no longer current: the game has moved on.")
            if row.status != "live":
                word = self.plugin(row).choice_word or "team"
                return Answer.error(
                    f"The game has not started yet: both players choose a {word} with `/team`"
                    " first."
                )
            state = await self.state_of(row)
            assert state is not None
            plugin = self.plugin(row)
            seat = self.seat(row, user_id)
            if seat is None and acts:
                # Refused before it runs: a spectator cannot act, and how the rules would
                # refuse it (no such card in the hand, not such a square) is not theirs to
                # hear (in a game with secrets it could tell them the secrets).
                return Answer.error(ONLY_SEATED)
            table = Table(self.dice_factory(), state, plugin.id, discord=True)
            table.opponent = self.opponent(row)  # (the prompt names the AI when it decides)
            # A spectator's command runs as the decider's (and is refused if it changes the
            # game), except where the game has secrets: then a spectator is nobody's side.
            stand_in = None if plugin.hidden_information else plugin.rules.decider(state)
            reply = fn(table, seat if seat is not None else stand_in)
            new_state = table.state
            assert new_state is not None
            if new_state is not state and seat is None:
                return Answer.error(ONLY_SEATED)
            decider = plugin.rules.decider(state)
            ai_decides = decider is not None and self.opponent(row).plays(decider)
            if not reply.ok and reply.not_yours and seat is not None and ai_decides:
                assert decider is not None  # (a practice game: the AI's turn; another refusal,
                # of an adjustment any player may make at any time, keeps its own words)
                return Answer.error(
                    f"The AI ({decider.title}) is deciding: its move comes in a moment. "
                    "Nothing was changed."
                )
            if not reply.ok:  # a refusal, as a sentence of its own
                stop = "" if reply.text.rstrip().endswith((".", "!", "?", "`")) else "."
                return Answer.error(reply.text + stop)
            history = plugin.rules.history
            if new_state is state or history(new_state) == history(state):
                decides = self.decides(row, state, user_id)
                text = reply.text
                if decides and not acts and plugin.rules.result(state) is None:
                    # (the decider's look carries their choices: say what they answer)
                    ask = plugin.discord_prompt(state)
                    if ask not in text and len(text) + len(ask) < LOOK_ROOM:
                        text = f"{text}\n{ask}"
                return Answer(
                    text,
                    image=reply.image,
                    image_name=reply.image_name,
                    game_id=row.id,
                    version=row.version,
                    state=state,
                    system=row.system,
                    decides=decides,
                    ai_turn=self.opponent(row).plays(plugin.rules.decider(state)),
                )
            status = "over" if plugin.rules.result(new_state) is not None else None
            logged = row.meta.get("logged", 0)
            meta = None
            if self.hands_over(row, new_state, user_id):  # the log line covers up to here
                meta = {**row.meta, "logged": len(history(new_state))}
            if self.opponent(row).seats:  # a practice game: where this command began (undo)
                meta = with_mark(meta if meta is not None else row.meta, len(history(state)))
            try:
                version = await self._save(row, state, new_state, user_id, status=status, meta=meta)
            except StaleVersion:
                return Answer.error("This choice is no longer current: the game has moved on.")
            return await self._answer(
                row, version, new_state, reply.text, actor=user_id, logged=logged
            )

    async def _save(
        self,
        row: GameRow,
        old: GameState | None,
        new: GameState,
        user_id: int,
        status: str | None = None,
        meta: dict[str, object] | None = None,
        channel_id: int | None = None,
    ) -> int:
        """Write the steps ``new`` adds to ``old`` (the stored game; None before the first
        save). A state that is not the stored game plus new steps is never written."""
        rules = self.plugin(row).rules
        before: tuple[Step, ...] = () if old is None else rules.history(old)
        after: tuple[Step, ...] = rules.history(new)
        if after[: len(before)] != before:
            raise RuntimeError(f"game {row.id}: the new state does not extend the stored game")
        rows: list[tuple[int | None, str, str, str]] = []
        for st in after[len(before) :]:
            texts = json.dumps([e.text for e in st.events])
            rows.append((user_id, json.dumps(st.action.to_dict()), json.dumps(st.rolls), texts))
        # The log gets every action; the snapshot (the whole game again) only every
        # SNAPSHOT_EVERY actions and when the status changes, as loading adds the log rows
        # written after it.
        boundary = len(after) // SNAPSHOT_EVERY != len(before) // SNAPSHOT_EVERY
        snapshot = rules.dumps(new) if status is not None or boundary else None
        version = await self.store.save_game(
            row,
            status=status,
            snapshot=snapshot,
            meta=meta,
            channel_id=channel_id,
            new_events=rows,
            first_seq=len(before),
        )
        SAVED.set(True)
        self._remember(row.id, version, new, over=status == "over")
        return version

    async def server_text(self, guild_id: int | None, kind: str, key: str) -> str | None:
        """A text this server stored for a game system (e.g. its own text for a tarot card
        whose text the rules lack): only ever shown, never an effect."""
        data = await self.store.channel_state(guild_id or 0, kind)
        return None if data is None else data.get(key)

    async def set_server_text(self, guild_id: int | None, kind: str, key: str, text: str) -> None:
        def put(data: dict[str, Any] | None) -> tuple[dict[str, Any], None]:
            return {**(data or {}), key: text}, None

        await self.store.update_channel_state(guild_id or 0, kind, put)

    def hands_over(self, row: GameRow, state: GameState, actor: int | None) -> bool:
        """Whether, after ``actor``'s action, the decision is someone else's (or the game is
        over): the moments a log line is posted and the next player pinged."""
        plugin = self.plugin(row)
        if plugin.rules.result(state) is not None:
            return True
        decider = plugin.rules.decider(state)
        if decider is None or actor is None:
            return True
        seat = self.seat(row, actor)
        ai = self.opponent(row)
        if ai.plays(decider) and seat is not None and not ai.plays(seat):
            return False  # the AI answers at once: its reply's log line tells both
        return seat is None or seat != decider or row.white_id == row.black_id

    async def pings_on(self, user_id: int, row: GameRow | None = None) -> bool:
        """Whether the user wants pings (``row``: a game row read with its players' settings,
        which are then not read again)."""
        if row is not None and row.prefs is not None and user_id in (row.white_id, row.black_id):
            prefs = row.prefs.get(user_id)
        else:
            prefs = await self.store.channel_state(user_id, PREFS)
        return not (prefs or {}).get("quiet", False)

    async def set_pings(self, user_id: int, on: bool) -> Answer:
        def put(prefs: dict[str, Any] | None) -> tuple[dict[str, Any], None]:
            return {**(prefs or {}), "quiet": not on}, None

        await self.store.update_channel_state(user_id, PREFS, put)
        if on:
            return Answer("You will be pinged when a decision passes to you.", ephemeral=True)
        return Answer(
            "No more pings for you: the game message still says whose decision it is.",
            ephemeral=True,
        )

    async def _answer(
        self,
        row: GameRow,
        version: int,
        state: GameState,
        text: str,
        actor: int | None = None,
        logged: int | None = None,
    ) -> Answer:
        """The answer to an action by ``actor``, as an update of the live game message. When the
        decision passes to the other player (never for one's own follow-up decision) or the
        game ends, the log line says what happened since the last one and pings whoever
        decides next. ``logged``: how many steps the last log line covered."""
        plugin = self.plugin(row)
        history = plugin.rules.history(state)
        for kind, key in plugin.server_texts(history[-1].events if history else ()):
            own = await self.server_text(row.guild_id, kind, key)
            if own:
                text += f"\nThis server's text for it: {own}"
        decider = plugin.rules.decider(state)
        result = plugin.rules.result(state)
        next_user = None if decider is None else self.user_of(row, decider)
        mentions: list[int] = []
        line = ""
        if self.hands_over(row, state, actor):
            start = min(len(history), row.meta.get("logged", 0) if logged is None else logged)
            lines = [e.text for st in history[start:] for e in st.events]
            if result is not None:
                lines = game_over(lines, result.text)
                # (the players told the game is over: each but the one whose action ended it)
                told = [u for u in dict.fromkeys((row.white_id, row.black_id)) if u != actor]
                told = [u for u in told if not self.opponent(row).plays(self.seat(row, u))]
                if told:
                    lines.append(" ".join(f"<@{u}>" for u in told) + ": the game is over.")
                    mentions = [u for u in told if await self.pings_on(u, row)]
            elif next_user is not None:
                lines.append(f"<@{next_user}>, it is your decision.")
                if next_user != actor and await self.pings_on(next_user, row):
                    mentions = [next_user]
            line = fit_log(lines)
        ai_decides = result is None and self.opponent(row).plays(decider)
        if ai_decides and decider is not None:  # nothing for a person to do meanwhile
            said = ai_decides_text(decider)
            text = text if said in text else f"{text}\n{said}"
        elif next_user is not None and "it is your decision" not in text:
            text = f"{text}\n<@{next_user}>, it is your decision."
        headline = "\n".join(h for h in (self.practice_headline(row), plugin.headline(state)) if h)
        if headline:
            text = f"{headline}\n{text}"
        image = None
        if self.render:
            try:
                # The public picture keeps one orientation all game: White at the bottom, in a
                # practice game the person's side; each player's own side is `/game board`,
                # private. A game with secrets shows no side's (``public_scene``).
                person = self.opponent(row).person
                view = PUBLIC_VIEW if person is None else person
                image = await self.painter.board_png(state, view, system=plugin.id, public=True)
            except Exception:  # the move is saved: answer it, without the picture
                log.exception("could not draw the board of game %s", row.id)
                text += (
                    "\n(The board picture could not be drawn this time: `/game board` tries again.)"
                )
        seat = None if actor is None else self.seat(row, actor)
        same = False
        if image is not None:
            digest = hash(image)
            same = self._pictures.get(row.id) == digest
            self._pictures[row.id] = digest
        if result is not None or len(self._pictures) > CACHE_GAMES:
            self._pictures.pop(row.id, None)
            while len(self._pictures) > CACHE_GAMES:
                del self._pictures[next(iter(self._pictures))]
        return Answer(
            text,
            same_picture=same,
            image=image,
            game_id=row.id,
            version=version,
            state=state,
            mentions=mentions,
            system=plugin.id,
            live=True,
            log=line,
            over=result is not None,
            message_id=row.message_id,
            channel_id=row.channel_id,
            hidden=plugin.hidden_information,
            private="" if seat is None else plugin.private_text(state, seat),
            ai_turn=ai_decides,
            headline=headline,
            decides=self.decides(row, state, actor),
        )

    async def _update(
        self,
        game_id: int,
        meta: Callable[[GameRow], dict[str, object]] | None = None,
        status: str | None = None,
        expect: tuple[str, ...] = ("challenge", "teams", "live"),
    ) -> int | None:
        """Change a game's status or meta (not the game itself) under its lock; the cached
        state carries over to the new version instead of being replayed again. Only while
        the game's status, read under the lock, is one of ``expect`` (None: it changed
        meanwhile, say a challenge accepted as it was called off, and nothing is done).
        ``StaleVersion`` when other processes saved it first three times running."""
        async with self.lock(game_id):
            for _ in range(3):  # (another process may change it between the read and the save)
                fresh = await self.store.game(game_id)
                if fresh is None or fresh.status not in expect:
                    return None
                new_meta = None if meta is None else {**fresh.meta, **meta(fresh)}
                try:
                    version = await self.store.save_game(fresh, status=status, meta=new_meta)
                except StaleVersion:  # read it again, and its status again
                    continue
                SAVED.set(True)
                self._carry_cache(fresh, version, over=status == "over")
                return version
            raise StaleVersion  # (three races lost in a row: the caller says so, RACED)

    def _carry_cache(self, row: GameRow, version: int, over: bool = False) -> GameState | None:
        """After a change of status or meta only: the cached game is the same at ``version``
        (an ended game leaves the cache)."""
        cached = self._cache.get(row.id)
        if over or cached is None or cached[0] != row.version:
            self._cache.pop(row.id, None)
            return None
        self._cache[row.id] = (version, cached[1])
        return cached[1]

    async def seated_in_play(
        self, channel_id: int, user_id: int, doing: str
    ) -> tuple[GameRow, Player, GameState | None] | Answer:
        """The game in play in this channel, the seat of ``user_id`` in it and its state (None
        if none is saved); or the answer that no game is in play here, or that only its
        players can ``doing``."""
        row = await self.store.live_game(channel_id)
        if row is None or row.status != "live":
            return await self.no_game_here(channel_id, "There is no game in play here")
        seat = self.seat(row, user_id)
        if seat is None:
            return Answer.error(f"Only the two seated players can {doing}.")
        return row, seat, await self.state_of(row)

    def whose_decision(self, row: GameRow, state: GameState) -> str:
        """Who decides now, in words for a look at the game ("" once it is over)."""
        rules = self.plugin(row).rules
        decider = rules.decider(state)
        if decider is None or rules.result(state) is not None:
            return ""
        if self.opponent(row).plays(decider):
            return ai_decides_text(decider)
        return f"{decider.title} decides: <@{self.user_of(row, decider)}>."

    def decides(self, row: GameRow, state: GameState, user_id: int | None) -> bool:
        """Whether ``user_id`` is the one who decides now in this game."""
        decider = self.plugin(row).rules.decider(state)
        return decider is not None and user_id is not None and self.user_of(row, decider) == user_id

    async def private_choices(
        self, game_id: int, version: int, user_id: int, channel_id: int | None = None
    ) -> Answer:
        """In a game with secrets: the deciding player's hand and choices, for them alone."""
        row = await self.store.game(game_id)
        if row is None or row.status != "live":
            return Answer.error(await self.over_text(row, channel_id))
        if channel_id is not None and row.channel_id != channel_id:
            return Answer.error(WRONG_CHANNEL)
        if (refusal := self.unknown_system(row)) is not None:
            return refusal
        if row.version != version:
            return Answer.error("This choice is no longer current: the game has moved on.")
        seat = self.seat(row, user_id)
        if seat is None:
            return Answer.error("Only the two seated players can act; anyone can look.")
        state = await self.state_of(row)
        assert state is not None
        plugin = self.plugin(row)
        decider = plugin.rules.decider(state)
        if decider != seat and row.white_id != row.black_id:
            who = "nobody" if decider is None else f"<@{self.user_of(row, decider)}>"
            return Answer.error(f"It is not your decision now: {who} decides.")
        return Answer(
            plugin.discord_prompt(state),
            ephemeral=True,
            game_id=row.id,
            version=row.version,
            state=state,
            system=row.system,
            hidden=True,
            private=plugin.private_text(state, decider if decider is not None else seat),
            decides=True,
        )

    async def rematch(
        self, game_id: int, user_id: int, channel_id: int, guild_id: int | None
    ) -> Answer:
        """A finished game's players again, the one who asks as the challenger (White)."""
        row = await self.store.game(game_id)
        if row is None or row.status != "over":
            return Answer.error("A rematch is offered once the game is over.")
        seat = self.seat(row, user_id)
        if seat is None:
            return Answer.error("Only the two players of that game can ask for a rematch.")
        if self.opponent(row).seats:  # a practice game: another at once (bot.practice)
            return await self.practice_rematch(row, user_id, guild_id)
        waiting = await self.store.live_game(channel_id)
        players = {row.white_id, row.black_id}
        if (
            waiting is not None
            and waiting.status == "challenge"
            and {waiting.white_id, waiting.black_id} == players
        ):  # (the other player asked first: the challenge is there to accept)
            if waiting.white_id == user_id:
                return Answer.error("You have already offered a rematch: it waits for an answer.")
            return Answer.error(
                f"<@{waiting.white_id}> has already offered a rematch: press **Accept** on it."
            )
        return await self.challenge(
            guild_id,
            channel_id,
            user_id,
            self.user_of(row, seat.other),
            system=row.system,
            options=dict(row.meta.get("options", {})),
            names=names_of(row, seat),
        )

    # ---- looking, undo, conceding, ending ----
    async def current(self, channel_id: int) -> tuple[GameRow, GameState | None] | None:
        row = await self.store.live_game(channel_id)
        if row is None:
            return None
        return row, await self.state_of(row)

    async def confirm_concede(self, channel_id: int, user_id: int) -> Answer:
        """`/game concede` asks first, privately: conceding cannot be undone."""
        row = await self.store.live_game(channel_id)
        if row is None:
            return await self.no_game_here(channel_id, "There is no game here")
        if self.seat(row, user_id) is None:
            return Answer.error("Only the two seated players can concede this game.")
        what = "concede the game" if row.status == "live" else "call the game off"
        return Answer(
            f"Do you really want to {what}? This cannot be undone.",
            ephemeral=True,
            game_id=row.id,
            confirm_concede=True,
        )

    async def concede(self, channel_id: int, user_id: int, game_id: int | None = None) -> Answer:
        """Concede (the confirmation's button names its game: a stale one changes nothing)."""
        row = await self.store.live_game(channel_id)
        if row is None or (game_id is not None and row.id != game_id):
            return Answer.error("That game is already over.")
        if row.status != "live":
            if self.seat(row, user_id) is None:
                return Answer.error("Only the two players can call this game off.")
            try:
                called_off = await self._update(
                    row.id, status="over", expect=("challenge", "teams")
                )
            except StaleVersion:
                return Answer.error(RACED)
            if called_off is None:
                return Answer.error(
                    "That game has started or ended meanwhile: nothing was called off "
                    "(`/game concede` concedes a game under way)."
                )
            return Answer(f"<@{user_id}> called the game off before it started.")
        return await self.execute(channel_id, user_id, K.Concede())

    async def end_by_moderator(self, channel_id: int, user_id: int) -> Answer:
        row = await self.store.live_game(channel_id)
        if row is None:
            return await self.no_game_here(channel_id, "There is no game here")
        try:
            ended = await self._update(row.id, lambda fresh: {"ended_by": user_id}, status="over")
        except StaleVersion:
            return Answer.error(RACED)
        if ended is None:
            return Answer.error("That game is already over.")
        text = f"<@{user_id}> ended this game (moderator). The channel is free again."
        # The live message keeps its picture but loses its buttons.
        return Answer(
            text,
            live=True,
            over=True,
            log=text,
            game_id=row.id,
            message_id=row.message_id,
            channel_id=row.channel_id,
        )
