"""A seeded fuzz test through discord.py's real dispatch (the hardening issue's "Done when").

Thousands of random and hostile interactions go into two games in progress (a new one is
started, in a fresh channel, whenever one ends) and into the companion commands:

- legal decisions (the current decision message's buttons or menu, or the slash command for a
  legal action), so the games really progress and end;
- well-formed but illegal commands (wrong pieces and squares, the other player's turn, the
  wrong phase, a spectator);
- hostile option values (outside the declared choices, wrong JSON types, huge integers, Unicode
  digits, 5,000-character strings, control characters);
- autocomplete requests with hostile partial text;
- clicks on stale messages, forged custom_ids, clicks by the spectator CAROL and clicks from
  another channel;
- the companion commands with ordinary and hostile values.

The test fails on (1) any ERROR log record or response Discord would reject (the ``table``
fixture, and checked after every interaction here to name the interaction), (2) an interaction
left unanswered, (3) a refused (private) answer that changed a game (row version, status,
channel, meta, history, stored event log), the roll log, the channel's decks or the server's
card texts, or that posted anything publicly.

Failures are collected (one per distinct cause) and reported together at the end, each with the
interaction that caused it. The run is seeded and bounded: ``COUNT`` interactions or
``BUDGET_SECONDS``, whichever comes first.
"""

from __future__ import annotations

import copy
import itertools
import random
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from discord import app_commands

from bot import systems
from bot.companion import SERVER_TEXT
from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import BOT_ID, CHANNEL_ID, GUILD_ID, Harness, Sent
from tests.test_discord_forged import message_with

REPO = str(Path(__file__).resolve().parents[1])
SEED = 20261122
COUNT = 3000
BUDGET_SECONDS = 33.0
SLOTS = 2  # games in progress at once
STALL_LIMIT = 12  # legal attempts without progress before the game is conceded
OTHER_CHANNEL = 900_000_000_000_000_777
_fresh_channels = itertools.count(900_000_000_000_100_000)

HUGE = "9" * 25  # beyond the 64-bit ids Discord and the store use
SQUARES = [f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)]
KINDS = ["pawn", "knight", "bishop", "rook", "queen", "king", "joker"]
TEAMS = [
    "K Q R 2N 3P",
    "K 2B 2N J 2P",
    "K Q 2R B 3P",
    "K 8P 2J",
    "K Q 2N 2B 1P",
]

HOSTILE_TEXT: list[str] = [
    "",
    " ",
    "²",
    "₃",
    "٣",
    "０",
    "-0",
    "+",
    "9" * 30,
    "1" + "0" * 400,
    "x" * 5000,
    "é" * 5000,
    "\x00",
    "P1\x00",
    "\x1b[31mred",
    "a\nb",
    "\t\r\n",
    "\u202eP1",
    "\u200b",
    "🐉" * 40,
    "@everyone",
    "<@&1> <@111000000000000002>",
    "'; DROP TABLE games; --",
    "e4; undo",
    "P1\nundo",
    "%s%n{0}",
    "(" * 300 + "1",
    "1d" + "9" * 30,
    "99999999d99999999",
    "1d20" * 60,
    "min " + "9" * 40,
    "+" + "9" * 30,
    "null",
    "None",
    "NaN",
    "-1",
    "2**64",
    "a0",
    "i9",
    "z9",
    "e44",
    "King",
    "White P1",
    "Black K1",
]
HOSTILE_OTHER: list[Any] = [
    10**30,
    -(10**30),
    2**63,
    2**64,
    -1,
    0,
    21,
    -21,
    1.5,
    -0.0,
    float("nan"),
    float("inf"),
    None,
    True,
    False,
    [],
    ["e4"],
    [1, 2],
    {"a": 1},
]

PLAUSIBLE: dict[str, list[Any]] = {
    "expression": ["2d6+1", "4d6kh3", "1d20 adv", "3d6e6", "1d20", "d%", "2d6*3", "1d6/2"],
    "modifier": ["+2", "-1", "min 5", "max 7", "+1 -1"],
    "attacker_modifier": ["+2", "-1", "min 5", "max 7", ""],
    "defender_modifier": ["+2", "-1", "min 5", "max 7", ""],
    "pool": ["K Q R 2N 3P", "d4 d6 d10", "2d6", "K 8P 2J"],
    "name": ["Star", "17", "XVII", "The Fool", "death", "hermit", "sun"],
    "card": ["Star", "tower", "QH", "Knight of Cups", "10S", "joker"],
    "preferred": ["", "sun", "tower, world", "star"],
    "switch": ["sun", "star", "0"],
    "value": ["+1", "-2", "min 3", "max 5"],
    "topic": ["combat movement", "blessed", "reactivation", "bless", "tree"],
    "text": ["Our own text for this card."],
    "team": TEAMS,
    "option": ["yes", "no", "white", "black", "1"],
}

COMPANION = [
    "roll",
    "odds",
    "resolve",
    "tarot card",
    "tarot divinate",
    "tarot active",
    "tarot deck",
    "tarot settext",
    "cards draw",
    "cards discard",
    "cards shuffle",
    "bones roll",
    "rolls history",
    "rolls stats",
    "help",
    "rules",
]


def service(table: Harness) -> Any:
    return table.bot.service  # type: ignore[attr-defined]


def leaf_commands(table: Harness) -> dict[str, app_commands.Command[Any, ..., Any]]:
    out: dict[str, app_commands.Command[Any, ..., Any]] = {}

    def walk(cmd: Any, prefix: str) -> None:
        if isinstance(cmd, app_commands.Group):
            for sub in cmd.commands:
                walk(sub, f"{prefix}{cmd.name} ")
        else:
            out[prefix + cmd.name] = cmd

    for cmd in table.bot.tree.get_commands():  # type: ignore[attr-defined]
        walk(cmd, "")
    return out


def short(value: Any, n: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= n else f"{text[:n]}...({len(text)} chars)"


def forged_message(channel: int, custom_id: str, select: bool) -> Sent:
    """A message carrying one component with ``custom_id`` (as in the forged-input tests)."""
    return message_with(channel, custom_id, select)


@dataclass
class GameSnap:
    version: int
    status: str
    channel_id: int
    meta: dict[str, Any]
    history: int
    events: list[dict[str, Any]]


def describe_change(was: Any, now: Any) -> str:
    if isinstance(was, GameSnap) and isinstance(now, GameSnap):
        fields = ("version", "status", "channel_id", "meta", "history")
        parts = [
            f"{f} {short(getattr(was, f), 120)} -> {short(getattr(now, f), 120)}"
            for f in fields
            if getattr(was, f) != getattr(now, f)
        ]
        if was.events != now.events:
            added = (
                now.events[len(was.events) :] if now.events[: len(was.events)] == was.events else []
            )
            parts.append(
                f"event log {len(was.events)} -> {len(now.events)} rows"
                + (f" (added {short([e['action'] for e in added], 200)})" if added else "")
            )
        return "; ".join(parts)
    return f"{short(was, 200)} -> {short(now, 200)}"


@dataclass
class Interaction:
    payload: dict[str, Any]
    what: str  # a short description, for failure messages
    kind: str  # the category of the fuzz mix
    name: str  # the command ("/tarot card") or the custom_id's kind ("wg:c"), for grouping
    autocomplete: bool = False
    games: set[int] = field(default_factory=set)  # game ids it names (forged ids included)


class Fuzzer:
    def __init__(self, table: Harness, seed: int) -> None:
        self.table = table
        self.svc = service(table)
        self.rng = random.Random(seed)
        self.commands = leaf_commands(table)
        self.plugin = systems.get("wargame-chess")
        self.slots: list[int | None] = [None] * SLOTS  # each game's channel (its thread)
        self.slot_games: list[int | None] = [None] * SLOTS  # and its id
        self.decision: dict[int, tuple[int, Sent]] = {}  # game id -> (version, its message)
        self.undo_asks: dict[int, Sent] = {}
        self.saved: list[Sent] = []  # every public message with components, for stale clicks
        self.known_games: set[int] = set()
        self.stall: dict[int, tuple[int, int]] = {}  # game id -> (history length, attempts)
        self.queue: dict[str, list[str]] = {}  # hostile commands, each in turn
        self.count = 0
        self.failures: dict[str, str] = {}
        self.stats: dict[str, int] = {}
        self.games_started = 0
        self.games_ended = 0
        self.longest_game = 0

    # ---- bookkeeping ----
    def bump(self, key: str, n: int = 1) -> None:
        self.stats[key] = self.stats.get(key, 0) + n

    def fail(self, signature: str, text: str) -> None:
        self.bump("failures")
        if signature not in self.failures and len(self.failures) < 100:
            self.failures[signature] = text

    def channels(self) -> list[int]:
        return [c for c in self.slots if c is not None]

    async def live(self, channel: int) -> tuple[Any, Any] | None:
        return await self.svc.current(channel)

    def learn(self, got: list[Sent]) -> None:
        """Remember decision messages, undo requests and every message with components (private
        ones too: /game board shows the open decision's buttons to the asker)."""
        for s in got:
            if not s.custom_ids():
                continue
            s = copy.deepcopy(s)  # as it was then (the live message is edited later)
            self.saved.append(s)
            for cid in s.custom_ids():
                parts = cid.split(":")
                if len(parts) < 4 or not parts[2].isdigit():
                    continue
                gid = int(parts[2])
                self.known_games.add(gid)
                if parts[1] in ("c", "s", "x"):
                    self.decision[gid] = (int(parts[3]), s)
                elif parts[1] == "u":
                    self.undo_asks[gid] = s
        if len(self.saved) > 400:
            del self.saved[:100]

    # ---- what "nothing changed" means ----
    async def snap_game(self, gid: int) -> GameSnap | None:
        row = await self.svc.store.game(gid)
        if row is None:
            return None
        # The live game's history (cached by the service); an ended game's is its event log.
        state = await self.svc.state_of(row) if row.status == "live" else None
        return GameSnap(
            version=row.version,
            status=row.status,
            channel_id=row.channel_id,
            meta=dict(row.meta),
            history=0 if state is None else len(state.history),
            events=await self.svc.store.events(gid),
        )

    async def snap(self, it: Interaction, channel: int) -> dict[str, Any]:
        store = self.svc.store
        ids = set(it.games) | {g for g in self.slot_games if g is not None}
        if channel not in self.slots:
            row = await store.live_game(channel)
            if row is not None:
                ids.add(row.id)
        out: dict[str, Any] = {f"game {g}": await self.snap_game(g) for g in sorted(ids)}
        out["rolls"] = len(await store.rolls(channel))
        out["decks"] = await store.channel_state(channel, "decks")
        out["server texts"] = await store.channel_state(GUILD_ID, SERVER_TEXT)
        return out

    # ---- running one interaction with every check ----
    async def run(self, it: Interaction) -> list[Sent]:
        table = self.table
        self.count += 1
        self.bump(f"kind {it.kind}")
        clock = time.monotonic()
        channel = int(it.payload["channel_id"])
        snap_clock = time.monotonic()
        before = await self.snap(it, channel)
        self.bump("ms snapshots", round(1000 * (time.monotonic() - snap_clock)))
        start, errors, violations = len(table.sent), len(table.errors), len(table.violations)
        touched = len(table.touched)
        table.feed(it.payload)
        await table.settle()
        # What was posted, then each message edited (as it was edited: the live game message,
        # an answered challenge or undo request).
        edited = [copy.deepcopy(m) for k, m in table.touched[touched:] if k == "edit"]
        for m in edited:
            m.kind = "edit"
        got = table.sent[start:] + edited
        where = f"interaction #{self.count} ({it.kind}): {it.what}"

        # 1. errors and Discord-limit violations (the fixture fails on them too)
        for record in table.errors[errors:]:
            cause: BaseException | None = None
            if record.exc_info and record.exc_info[1] is not None:
                cause = record.exc_info[1].__cause__ or record.exc_info[1]
            frames = [] if cause is None else traceback.extract_tb(cause.__traceback__)
            ours = [f for f in frames if f.filename.startswith(REPO) and ".venv" not in f.filename]
            ours = ours or frames
            at = f"{ours[-1].filename}:{ours[-1].lineno} in {ours[-1].name}" if ours else "?"
            error = "" if cause is None else f"{type(cause).__name__}: {str(cause)[:200]}"
            self.fail(
                f"error {it.name} {type(cause).__name__} {at}",
                f"ERROR log record after {where}: {record.getMessage()}; {error} (at {at})",
            )
        for v in table.violations[violations:]:
            self.fail(f"violation {it.name}", f"Discord would reject a response to {where}: {v}")

        # 2. every interaction is answered
        replies = [s for s in got if s.kind in ("response", "followup", "edit")]
        if it.autocomplete:
            if not any(s.kind == "autocomplete" for s in got):
                self.fail(f"unanswered {it.name}", f"no autocomplete answer to {where}")
        elif not replies:
            self.fail(f"unanswered {it.name}", f"no response to {where}")

        # 3. a private answer changed nothing and posted nothing
        if replies and all(s.ephemeral for s in replies):
            self.bump("private answers")
            after = await self.snap(it, channel)
            for key, was in before.items():
                now = after.get(key)
                if now != was:
                    self.fail(
                        f"changed {it.name} {key.split(' ')[0]}",
                        f"{key} changed by {where}, answered privately "
                        f"{replies[-1].content[:160]!r}: {describe_change(was, now)}",
                    )
            public = [s for s in got if s.kind != "defer" and not s.ephemeral]
            if public:
                self.fail(
                    f"posted {it.name}",
                    f"{where} was answered privately but posted {public[0].content[:160]!r}",
                )
        elif replies:
            self.bump("public answers")
        self.learn(got)
        self.bump(f"ms {it.kind}", round(1000 * (time.monotonic() - clock)))
        return replies

    # ---- building payloads ----
    def slash(
        self,
        user: int,
        name: str,
        options: list[tuple[str, int, Any]],
        channel: int,
        users: dict[str, int] | None = None,
        manage: bool = False,
        focused: str | None = None,
    ) -> dict[str, Any]:
        data = self.table.command_data(name, {}, users=users)
        leaf = data["options"][0]["options"] if " " in name else data["options"]
        for oname, otype, value in options:
            opt: dict[str, Any] = {"type": otype, "name": oname, "value": value}
            if oname == focused:
                opt["focused"] = True
            leaf.append(opt)
        itype = 4 if focused else 2
        return self.table._base(itype, data, user, channel, manage)

    def click(
        self,
        user: int,
        msg: Sent,
        custom_id: str,
        values: list[Any] | None = None,
        from_channel: int | None = None,
    ) -> dict[str, Any]:
        payload = self.table.click_payload(user, msg, custom_id, values)
        if from_channel is not None:
            payload = self.table._base(
                3, payload["data"], user, from_channel, message=msg.message_payload()
            )
        return payload

    async def cmd(
        self,
        kind: str,
        user: int,
        name: str,
        channel: int,
        users: dict[str, int] | None = None,
        manage: bool = False,
        **options: Any,
    ) -> list[Sent]:
        """A slash command with well-typed options (str 3, bool 5, int 4)."""
        opts = [
            (k, 5 if isinstance(v, bool) else 4 if isinstance(v, int) else 3, v)
            for k, v in options.items()
        ]
        what = f"/{name} " + " ".join(f"{k}={short(v)}" for k, v in options.items())
        what += f" by {self.who(user)} in {self.where(channel)}"
        payload = self.slash(user, name, opts, channel, users, manage)
        replies = await self.run(Interaction(payload, what, kind, f"/{name}"))
        if name in ("game concede", "game end") and replies and not replies[-1].ephemeral:
            self.bump("games conceded or ended by a moderator")
        return replies

    async def press(
        self,
        kind: str,
        user: int,
        msg: Sent,
        custom_id: str,
        values: list[Any] | None = None,
        from_channel: int | None = None,
        games: set[int] | None = None,
    ) -> list[Sent]:
        what = f"click {custom_id}" + (f" values={short(values)}" if values is not None else "")
        what += f" by {self.who(user)} on a message in {self.where(msg.channel_id)}"
        if from_channel is not None:
            what += f", from {self.where(from_channel)}"
        payload = self.click(user, msg, custom_id, values, from_channel)
        gid = custom_id.split(":")[2] if custom_id.count(":") >= 2 else ""
        ids = set(games or ())
        if gid.isdigit() and int(gid) < 2**63:
            ids.add(int(gid))
        template = ":".join(custom_id.split(":")[:2])
        return await self.run(Interaction(payload, what, kind, f"click {template}", games=ids))

    @staticmethod
    def who(user: int) -> str:
        return {ALICE: "ALICE", BOB: "BOB", CAROL: "CAROL", BOT_ID: "the bot"}.get(user, str(user))

    def where(self, channel: int) -> str:
        if channel in self.table.threads:
            return f"thread {channel}"
        return "the main channel" if channel == CHANNEL_ID else f"channel {channel}"

    # ---- games ----
    async def new_game(self, slot: int) -> None:
        """/game new in a fresh channel, Accept, both teams: the game is in progress."""
        self.slots[slot], self.slot_games[slot] = None, None
        channel = next(_fresh_channels)
        white, black = self.rng.choice([(ALICE, BOB), (BOB, ALICE)])
        replies = await self.cmd("legal", white, "game new", channel, users={"opponent": black})
        msg = next((r for r in replies if not r.ephemeral and r.custom_ids()), None)
        if msg is None:
            self.bump("game new refused")
            return
        threads = len(self.table.threads)
        await self.press("legal", black, msg, msg.button("Accept"))
        if len(self.table.threads) == threads:
            self.bump("accept opened no thread")
            return
        thread = self.table.threads[-1]
        for user in self.rng.sample([white, black], 2):
            await self.cmd("legal", user, "team", thread, team=self.rng.choice(TEAMS))
        cur = await self.live(thread)
        if cur is not None and cur[0].status == "live":
            self.games_started += 1
            self.slots[slot], self.slot_games[slot] = thread, cur[0].id

    async def slot_game(self, slot: int) -> tuple[int, Any, Any] | None:
        channel = self.slots[slot]
        if channel is None:
            return None
        cur = await self.live(channel)
        if cur is None or cur[1] is None:
            self.slots[slot], self.slot_games[slot] = None, None
            self.games_ended += 1
            return None
        return channel, cur[0], cur[1]

    async def any_game(self) -> tuple[int, Any, Any] | None:
        for slot in self.rng.sample(range(SLOTS), SLOTS):
            got = await self.slot_game(slot)
            if got is not None:
                return got
        return None

    def decider(self, row: Any, state: Any) -> int | None:
        player = self.plugin.rules.decider(state)
        return None if player is None else int(self.svc.user_of(row, player))

    def label(self, state: Any, key: str) -> str:
        try:
            return str(state.piece(key).label)
        except Exception:
            return key

    def as_slash(self, state: Any, action: Any) -> tuple[str, dict[str, Any]] | None:
        """The slash command a player would type for a legal action."""
        name = action.name
        if name == "activate":
            return "activate", {"piece": self.label(state, action.piece)}
        if name in ("move", "deploy"):
            to = action.square if name == "deploy" else action.to
            return name, {"piece": self.label(state, action.piece), "square": str(to)}
        if name == "combat_move":  # the attacker or the defender: named by its full key
            return "combat", {"piece": action.piece, "square": str(action.to)}
        if name == "attack":
            return "attack", {
                "piece": self.label(state, action.piece),
                "square": str(action.target),
            }
        if name == "use_token":
            return "token", {"choice": "spend" if action.use else "keep"}
        if name == "move_aside":
            return "aside", {"square": str(action.to)}
        if name == "promote":
            return "promote", {"piece": self.label(state, action.into)}
        if name == "castle":
            return "castle", {"piece": self.label(state, action.with_piece)}
        if name == "decline":
            return "decline", {}
        if name == "choose":
            return "choose", {"option": action.option}
        return None

    async def legal(self) -> None:
        """One legal decision in a game in progress (or a new game when a slot is empty)."""
        slot = self.rng.randrange(SLOTS)
        got = await self.slot_game(slot)
        if got is None:
            await self.new_game(slot)
            return
        channel, row, state = got
        self.longest_game = max(self.longest_game, len(state.history))
        user = self.decider(row, state)
        n = len(state.history)
        seen, attempts = self.stall.get(row.id, (-1, 0))
        attempts = attempts + 1 if seen == n else 0
        self.stall[row.id] = (n, attempts)
        if user is None or attempts > STALL_LIMIT:
            self.bump("games conceded when stuck")
            loser = user or self.rng.choice([row.white_id, row.black_id])
            await self.cmd("legal", loser, "game concede", channel)
            return
        version, msg = self.decision.get(row.id, (-1, None))
        if msg is not None and version == row.version and self.rng.random() < 0.75:
            select = msg.select()
            if select is not None:
                opts = select["options"]
                attacks = [o for o in opts if "Attack" in o["label"]]
                pick = self.rng.choice(attacks if attacks and self.rng.random() < 0.6 else opts)
                await self.press("legal", user, msg, select["custom_id"], [pick["value"]])
                return
            if msg.buttons():
                _, cid = self.rng.choice(msg.buttons())
                await self.press("legal", user, msg, cid)
                return
        acts = list(self.plugin.rules.legal_actions(state))
        self.rng.shuffle(acts)
        for action in acts:
            made = self.as_slash(state, action)
            if made is not None:
                name, options = made
                replies = await self.cmd("legal", user, name, channel, **options)
                if replies and replies[-1].ephemeral:
                    self.bump("legal slash command refused")
                return
        if msg is not None and msg.custom_ids():
            cid = self.rng.choice(msg.custom_ids())
            values = None
            select = msg.select()
            if select is not None and select["custom_id"] == cid:
                values = [self.rng.choice(select["options"])["value"]]
            await self.press("legal", user, msg, cid, values)
            return
        self.bump("no legal way found")
        await self.cmd("legal", user, "game concede", channel)

    async def table_talk(self) -> None:
        """Legal things besides decisions: undo asked and answered, adjustments, Divination,
        looking, exporting; now and then a concession or a moderator's end."""
        got = await self.any_game()
        if got is None:
            await self.legal()
            return
        channel, row, state = got
        seated = [row.white_id, row.black_id]
        user = self.rng.choice(seated)
        r = self.rng.random()
        if r < 0.2:
            replies = await self.cmd("talk", user, "game undo", channel)
            ask = self.undo_asks.get(row.id)
            if replies and not replies[-1].ephemeral and ask is not None:
                other = seated[1] if user == seated[0] else seated[0]
                cid = ask.button("Agree" if self.rng.random() < 0.5 else "Refuse")
                await self.press("talk", other, ask, cid)
        elif r < 0.4:
            pieces = [p for p in state.pieces if p.on_board]
            if pieces:
                piece = self.rng.choice(pieces).key
                if self.rng.random() < 0.5:
                    what = self.rng.choice(["bless", "curse", "scatter"])
                    await self.cmd("talk", user, "adjust mark", channel, piece=piece, what=what)
                else:
                    token = self.rng.choice(["advantage", "disadvantage"])
                    count = self.rng.choice([-2, -1, 1, 2])
                    await self.cmd(
                        "talk",
                        user,
                        "adjust tokens",
                        channel,
                        piece=piece,
                        token=token,
                        count=count,
                    )
        elif r < 0.5:
            await self.cmd(
                "talk", user, "divinate", channel, preferred=self.rng.choice(PLAUSIBLE["preferred"])
            )
        elif r < 0.9:
            name = self.rng.choice(["game board", "game status", "game log", "game export"])
            await self.cmd("talk", self.rng.choice([ALICE, BOB, CAROL]), name, channel)
        elif r < 0.96:
            await self.cmd("talk", user, "game concede", channel)
        else:
            await self.cmd("talk", CAROL, "game end", channel, manage=True)

    async def illegal(self) -> None:
        """Well-formed commands that are wrong now: wrong pieces and squares, the other player's
        turn, the wrong phase, a spectator."""
        got = await self.any_game()
        if got is None:
            await self.legal()
            return
        channel, row, state = got
        decider = self.decider(row, state)
        others = [u for u in (ALICE, BOB, CAROL) if u != decider]
        user = self.rng.choice(others) if self.rng.random() < 0.6 else (decider or CAROL)
        labels = [p.label for p in state.pieces] or ["P1"]
        keys = [p.key for p in state.pieces] or ["White P1"]
        piece = self.rng.choice(labels)
        square = self.rng.choice([*SQUARES, "a0", "i1", "a9", "e44"])
        name, options = self.rng.choice(
            [
                ("move", {"piece": piece, "square": square}),
                ("attack", {"piece": piece, "square": square}),
                ("activate", {"piece": piece}),
                ("deploy", {"piece": piece, "square": square}),
                ("deploy", {"piece": "auto"}),
                ("combat", {"piece": piece, "square": square}),
                ("aside", {"square": square}),
                ("promote", {"piece": piece}),
                ("castle", {"piece": piece}),
                ("decline", {}),
                ("token", {"choice": self.rng.choice(["spend", "keep"])}),
                ("choose", {"option": self.rng.choice(PLAUSIBLE["option"])}),
                ("team", {"team": self.rng.choice(TEAMS)}),
                ("divinate", {"switch": self.rng.choice(PLAUSIBLE["switch"])}),
                ("adjust place", {"piece": self.rng.choice(keys), "square": square}),
                ("adjust redeploy", {"piece": self.rng.choice(keys), "square": square}),
                (
                    "adjust tokens",
                    {"piece": self.rng.choice(keys), "token": "advantage", "count": 0},
                ),
                ("adjust modifier", {"piece": self.rng.choice(keys), "value": "+2"}),
                ("adjust remove", {"piece": self.rng.choice(keys)}),
                ("game undo", {}),
                ("game end", {}),
            ]
        )
        if name in ("adjust place", "adjust redeploy", "adjust remove", "game undo", "game end"):
            user = CAROL if self.rng.random() < 0.7 else user
        await self.cmd("illegal", user, name, channel, **options)

    # ---- hostile option values ----
    def hostile(self) -> Any:
        if self.rng.random() < 0.65:
            return self.rng.choice(HOSTILE_TEXT)
        return self.rng.choice(HOSTILE_OTHER)

    def plausible(self, param: Any, state: Any) -> Any:
        if param.choices:
            return self.rng.choice(param.choices).value
        kind = param.type.value
        if kind == 5:
            return self.rng.random() < 0.5
        if kind == 4:
            low = param.min_value if param.min_value is not None else -3
            high = param.max_value if param.max_value is not None else 30
            return self.rng.randint(int(low), int(high))
        name = param.name
        if name == "piece" and state is not None:
            p = self.rng.choice(state.pieces)
            return p.key if self.rng.random() < 0.3 else p.label
        if name == "square":
            return self.rng.choice(SQUARES)
        if name == "option" and state is not None and state.pending and state.pending.options:
            return self.rng.choice(state.pending.options)
        return self.rng.choice(PLAUSIBLE.get(name, ["x"]))

    async def pick_channel(self) -> tuple[int, Any]:
        """A game's thread mostly, else the main channel or a channel with no game."""
        r = self.rng.random()
        got = await self.any_game() if r < 0.7 else None
        if got is not None:
            return got[0], got[2]
        if r < 0.85:
            return CHANNEL_ID, None
        return self.rng.choice([OTHER_CHANNEL, next(_fresh_channels)]), None

    def options_for(
        self, cmd: Any, state: Any, hostile_rate: float, focused: str | None = None
    ) -> tuple[list[tuple[str, int, Any]], dict[str, int]]:
        options: list[tuple[str, int, Any]] = []
        users: dict[str, int] = {}
        for param in cmd.parameters:
            kind = param.type.value
            if kind == 6:  # a user: Discord resolves it, so only real users
                users[param.name] = self.rng.choice([ALICE, BOB, CAROL, BOT_ID])
                continue
            if param.name != focused and not param.required and self.rng.random() < 0.5:
                continue
            if param.name == focused:
                text = self.hostile() if self.rng.random() < hostile_rate else ""
                value = text if isinstance(text, str) else str(text)
                if not value and self.rng.random() < 0.5:
                    value = str(self.plausible(param, state))[: self.rng.randint(0, 3)]
                options.append((param.name, 3, value))
                continue
            if self.rng.random() < hostile_rate:
                value = self.hostile()
                if self.rng.random() < 0.2:  # a wrong type tag too (values pass through as-is)
                    kind = self.rng.choice([3, 4, 5])
            else:
                value = self.plausible(param, state)
            options.append((param.name, kind, value))
        if self.rng.random() < 0.05:
            options.append(("not_an_option", 3, "x"))
        return options, users

    async def hostile_command(self, kind: str = "hostile", names: list[str] | None = None) -> None:
        queue = self.queue.setdefault(kind, [])
        if not queue:  # every command in turn, in a shuffled order
            queue.extend(names or sorted(self.commands))
            self.rng.shuffle(queue)
        name = queue.pop()
        cmd = self.commands[name]
        channel, state = await self.pick_channel()
        user = self.rng.choice([ALICE, BOB, ALICE, BOB, CAROL])
        rate = 0.6 if kind == "hostile" else 0.25
        options, users = self.options_for(cmd, state, rate)
        manage = self.rng.random() < 0.1
        payload = self.slash(user, name, options, channel, users or None, manage)
        what = f"/{name} " + " ".join(f"{n}={short(v)}(type {t})" for n, t, v in options)
        what += "".join(f" {n}={self.who(u)}" for n, u in users.items())
        what += f" by {self.who(user)} in {self.where(channel)}" + (" (manage)" if manage else "")
        await self.run(Interaction(payload, what, kind, f"/{name}"))

    async def companion(self) -> None:
        await self.hostile_command("companion", COMPANION)

    async def autocomplete(self) -> None:
        with_ac = [
            (name, p.name)
            for name, cmd in sorted(self.commands.items())
            for p in cmd.parameters
            if cmd._params[p.name].autocomplete is not None
        ]
        name, focused = self.rng.choice(with_ac)
        cmd = self.commands[name]
        channel, state = await self.pick_channel()
        user = self.rng.choice([ALICE, BOB, CAROL])
        options, users = self.options_for(cmd, state, 0.5, focused=focused)
        payload = self.slash(user, name, options, channel, users or None, focused=focused)
        what = f"autocomplete /{name} [{focused}] " + " ".join(
            f"{n}={short(v)}" for n, _, v in options
        )
        what += f" by {self.who(user)} in {self.where(channel)}"
        it = Interaction(payload, what, "autocomplete", f"autocomplete /{name}", autocomplete=True)
        await self.run(it)

    # ---- clicks ----
    def values_for(self, msg: Sent, cid: str) -> list[Any] | None:
        select = msg.select()
        if select is None or select["custom_id"] != cid:
            return None
        return [self.rng.choice(select["options"])["value"]]

    async def stale_click(self) -> None:
        if not self.saved:
            await self.legal()
            return
        msg = self.rng.choice(self.saved)
        cid = self.rng.choice(msg.custom_ids())
        user = self.rng.choice([ALICE, BOB, ALICE, BOB, CAROL])
        await self.press("stale", user, msg, cid, self.values_for(msg, cid))

    async def current_message(self) -> tuple[int, Any, Any, Sent] | None:
        got = await self.any_game()
        if got is None:
            return None
        channel, row, state = got
        version, msg = self.decision.get(row.id, (-1, None))
        if msg is None or version != row.version:
            return None
        return channel, row, state, msg

    async def spectator_click(self) -> None:
        got = await self.current_message()
        if got is None:
            await self.stale_click()
            return
        _, _, _, msg = got
        cid = self.rng.choice(msg.custom_ids())
        await self.press("spectator", CAROL, msg, cid, self.values_for(msg, cid))

    async def elsewhere_click(self) -> None:
        got = await self.current_message()
        if got is None:
            await self.stale_click()
            return
        channel, row, state, msg = got
        user = self.decider(row, state) or ALICE
        cid = self.rng.choice(msg.custom_ids())
        where = [CHANNEL_ID, OTHER_CHANNEL, *[c for c in self.channels() if c != channel]]
        await self.press(
            "elsewhere", user, msg, cid, self.values_for(msg, cid), self.rng.choice(where)
        )

    async def forged_click(self) -> None:
        got = await self.any_game()
        rng = self.rng
        if got is not None:
            channel, row, state = got
            gid, version = row.id, row.version
            user = self.decider(row, state) or ALICE
        else:
            channel, gid, version, user = CHANNEL_ID, 1, 1, ALICE
        if rng.random() < 0.3:
            user = rng.choice([ALICE, BOB, CAROL])
        earlier = rng.choice(sorted(self.known_games) or [1])
        g = rng.choice([gid, gid, gid, earlier, 0, gid + 1000, HUGE, 2**63, 2**63 - 1])
        v = rng.choice([version, version, max(version - 1, 0), version + 1, 0, HUGE, 2**64])
        index = rng.choice([0, 1, 2, 5, 24, 25, 26, 999, 2**31, 2**63 - 1, 2**63, HUGE])
        key = rng.choice(["autodeploy", "undo", "concede", "nosuchcommand", "a" * 20, "x"])
        values: list[Any] | None = None
        template = rng.choice(["c", "c", "s", "s", "x", "ch", "u"])
        if template == "c":
            cid = f"wg:c:{g}:{v}:{index}"
        elif template == "s":
            cid = f"wg:s:{g}:{v}"
            values = rng.choice(
                [
                    ["0"],
                    [str(rng.randrange(30))],
                    ["999999"],
                    ["9999999"],
                    ["abc"],
                    ["-1"],
                    ["1.0"],
                    [""],
                    ["０"],
                    ["²"],
                    [" 1"],
                    [],
                    ["0", "1"],
                    [None],
                    [10**30],
                    [HUGE],
                ]
            )
        elif template == "x":
            cid = f"wg:x:{g}:{v}:{key}"
        elif template == "ch":
            cid = f"wg:ch:{g}:{rng.choice([0, 1])}"
        else:
            cid = f"wg:u:{g}:{v}:{rng.choice([0, 1])}"
        msg = forged_message(channel, cid, values is not None)
        from_channel = rng.choice([None, None, None, CHANNEL_ID, OTHER_CHANNEL])
        ids = {gid} if got is not None else set()
        await self.press("forged", user, msg, cid, values, from_channel, games=ids)

    # ---- the mix ----
    async def step(self) -> None:
        kinds = [
            (self.legal, 34),
            (self.table_talk, 5),
            (self.illegal, 12),
            (self.hostile_command, 12),
            (self.autocomplete, 10),
            (self.stale_click, 6),
            (self.forged_click, 7),
            (self.spectator_click, 3),
            (self.elsewhere_click, 3),
            (self.companion, 8),
        ]
        fns, weights = zip(*kinds, strict=True)
        await self.rng.choices(fns, weights)[0]()

    def summary(self, elapsed: float) -> str:
        lines = [
            f"{self.count} interactions in {elapsed:.1f}s (seed {SEED}); "
            f"{self.games_started} games started, {self.games_ended} ended, "
            f"longest game {self.longest_game} actions"
        ]
        lines += [f"  {k}: {v}" for k, v in sorted(self.stats.items())]
        return "\n".join(lines)


async def test_fuzz_random_and_hostile_interactions(table: Harness) -> None:
    fuzz = Fuzzer(table, SEED)
    started = time.monotonic()
    for slot in range(SLOTS):
        await fuzz.new_game(slot)
    assert all(fuzz.slots), "the games did not start"
    while fuzz.count < COUNT and time.monotonic() - started < BUDGET_SECONDS:
        await fuzz.step()
    elapsed = time.monotonic() - started
    print(fuzz.summary(elapsed))
    assert fuzz.count >= 1000, f"only {fuzz.count} interactions in the time budget"
    assert fuzz.games_started > SLOTS, "no game ended and was replaced"
    report = "\n\n".join(f"- {text}" for text in fuzz.failures.values())
    assert not fuzz.failures, f"{len(fuzz.failures)} distinct failures:\n\n{report}"
