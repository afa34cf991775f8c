"""The shared rules core and the plugin architecture, proven with a toy system that is not
Wargame Chess: boards of any size, replay and undo from the log, files, the shared table's
console contract, and the service, all reached through one registry entry."""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bot import commands as K
from bot import systems
from bot.console import run_console
from bot.plugin import Reply, SystemPlugin
from bot.service import GameService
from bot.store import Store
from bot.table import GAME_OVER_HINT, Table
from rules.ai.players import AIPlayer
from rules.core.actions import Action, decode_action
from rules.core.board import CHESSBOARD, Board, Player, Square
from rules.core.dice import Dice, RandomDice, ScriptedDice
from rules.core.errors import IllegalAction, NotYourDecision, ParseError, ReplayError
from rules.core.history import Event, Step
from rules.core.system import GameSystem, Result


# ---- boards of any size ----
def test_a_small_board_parses_lists_and_steps_its_own_squares() -> None:
    b = Board(5, 3)
    assert len(b.squares) == 15 and str(b.squares[0]) == "a1" and str(b.squares[-1]) == "e3"
    assert b.parse("E3") == Square(4, 2) and b.example == "c2"
    for bad in ("f1", "a4", "a0", "a", "e²", "a01", "aa"):
        with pytest.raises(ParseError):
            b.parse(bad)
    with pytest.raises(ParseError, match="a file a-e and a rank 1-3"):
        b.parse("h8")
    assert b.at(5, 0) is None and b.offset(Square(4, 2), 1, 0) is None
    assert set(b.neighbours(Square(0, 0))) == {Square(0, 1), Square(1, 1), Square(1, 0)}
    with pytest.raises(ValueError):
        Board(0, 3)


def test_the_chessboard_shortcuts_are_the_8x8_board() -> None:
    assert Square.parse("e4") == CHESSBOARD.parse("e4") == Square(4, 3)
    assert Square.at(8, 0) is None and str(Square.at(7, 7)) == "h8"
    assert len(Square.parse("a1").neighbours()) == 3 and len(Square.parse("d4").neighbours()) == 8
    assert Square.parse("a1").distance(Square.parse("h8")) == 7


# ---- a toy system: each player in turn rolls a D6 and adds it; 10 or more wins ----
@dataclass(frozen=True, slots=True)
class Roll(Action):
    name: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """Give up."""

    name: ClassVar[str] = "stop"
    by: Player


@dataclass(frozen=True)
class RaceState:
    goal: int
    scores: tuple[int, int] = (0, 0)
    to_act: Player = Player.WHITE
    winner: Player | None = None
    history: tuple[Step, ...] = ()


class Race(GameSystem[RaceState, int]):
    id = "race"
    name = "Dice Race"

    def new_config(self, options: Mapping[str, Any]) -> int:
        return int(options.get("goal", 10))

    def initial_state(self, config: int) -> RaceState:
        return RaceState(config)

    def config_of(self, state: RaceState) -> int:
        return state.goal

    def config_to_dict(self, config: int) -> dict[str, Any]:
        return {"goal": config}

    def config_from_dict(self, d: Mapping[str, Any]) -> int:
        return int(d["goal"])

    def action_from_dict(self, d: Mapping[str, Any]) -> Action:
        return decode_action({"roll": Roll, "stop": Stop}, {"by": Player.parse}, d)

    def decider(self, state: RaceState) -> Player | None:
        return None if state.winner is not None else state.to_act

    def legal_actions(self, state: RaceState) -> Sequence[Action]:
        return [] if state.winner is not None else [Roll(), Stop(state.to_act)]

    def check(self, state: RaceState, action: Action, *, player: Player | None = None) -> None:
        if state.winner is not None:
            raise IllegalAction("the race is over")
        if player is not None and player is not state.to_act:
            raise NotYourDecision(f"it is {state.to_act.title}'s roll")
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action.name} is not possible now")

    def apply(
        self, state: RaceState, action: Action, dice: Dice, *, player: Player | None = None
    ) -> tuple[RaceState, list[Event]]:
        from rules.core.dice import RecordingDice

        self.check(state, action, player=player)
        rec = RecordingDice(dice)
        me = state.to_act
        if isinstance(action, Stop):
            new = replace(state, winner=me.other)
            events = [Event("stop", f"{me.title} gives up")]
        else:
            face = rec.roll(6)
            scores = list(state.scores)
            scores[me] += face
            won = scores[me] >= state.goal
            new = replace(
                state,
                scores=(scores[0], scores[1]),
                to_act=me.other,
                winner=me if won else None,
            )
            events = [Event("roll", f"{me.title} rolls {face}: {scores[me]}")]
        step = Step(action, tuple(rec.rolls), tuple(events))
        return replace(new, history=(*state.history, step)), events

    def history(self, state: RaceState) -> tuple[Step, ...]:
        return state.history

    def result(self, state: RaceState) -> Result | None:
        if state.winner is None:
            return None
        return Result(state.winner, "race", f"{state.winner.title} wins the race", state.scores)


class RaceTable(SystemPlugin):
    rules = Race()
    help = "roll · stop"

    def parse(self, verb: str, args: list[str], table: Table) -> K.Command | None:
        return None

    def run(self, table: Table, command: K.Command, player: Player | None) -> Reply:
        raise ParseError(f"{command.name} is not a race command")

    def concession(self, state: Any, player: Player) -> Action:
        return Stop(player)

    def prompt(self, state: Any) -> str:
        return f"{state.to_act.title} to roll."

    def describe_action(self, state: Any, action: Action) -> str:
        return "Roll the die" if isinstance(action, Roll) else "Give up"

    def status_text(self, state: Any) -> str:
        return f"White {state.scores[0]}, Black {state.scores[1]}"

    def board_text(self, state: Any, view: Player | None) -> str:
        return self.status_text(state)

    def scene(self, state: Any, view: Player | None) -> Any:
        return state.scores

    def draw(self, scene: Any) -> bytes:
        return b"PNG:%d:%d" % scene


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> RaceTable:
    plugin = RaceTable()
    monkeypatch.setitem(systems.SYSTEMS, "race", plugin)  # the one registry entry
    return plugin


class SecretRace(Race):
    """The race with a secret it never deals again for the AI (a system's mistake)."""

    secrets = True


def test_a_system_without_an_evaluation_is_played_by_results_and_keeps_no_secret() -> None:
    """By default a system judges no position (0) and has nothing to hide: the AI still plays
    it, telling moves apart by how games end (giving up loses, so it rolls)."""
    rules = Race()
    s = rules.new_game({"goal": 12})
    assert rules.evaluate(s, Player.WHITE) == 0.0 and rules.material(s, Player.BLACK) == 0.0
    assert rules.determinize(s, Player.WHITE, random.Random(1)) is s
    assert AIPlayer("easy").act(rules, s) == Roll()


def test_the_ai_will_not_play_a_system_whose_secrets_are_not_dealt_again() -> None:
    """A system that says it has secrets but does not deal them again for the AI stops the AI
    with a clear error, rather than letting it read the real hands."""
    rules = SecretRace()
    s = rules.new_game({})
    with pytest.raises(NotImplementedError, match="race has secrets"):
        AIPlayer("easy").act(rules, s)


def test_the_interface_replays_undoes_and_round_trips_a_game() -> None:
    rules = Race()
    state = rules.new_game({"goal": 12})
    dice = RandomDice(3)
    while rules.result(state) is None:
        state, _ = rules.apply(state, rules.legal_actions(state)[0], dice)
    assert rules.replay(12, ((s.action, s.rolls) for s in state.history)) == state
    assert rules.loads(rules.dumps(state)) == state
    before = rules.undo(state, 2)
    assert before.history == state.history[:-2] and rules.result(before) is None
    data = rules.to_dict(state)
    with pytest.raises(ReplayError, match="not a Dice Race game file"):
        rules.from_dict({**data, "format": "wargame-chess"})
    with pytest.raises(ReplayError, match="newer"):
        rules.from_dict({**data, "version": 99})
    with pytest.raises(ReplayError, match="left 1 rolls unused"):
        rules.replay(12, [(Roll(), [(6, 2), (6, 3)])])
    with pytest.raises(ReplayError, match="not legal"):
        rules.replay(12, [(Stop(Player.BLACK), [])])
    with pytest.raises(ReplayError):
        rules.replay(12, [(Roll(), [(8, 2)])])  # a D8 in the log where a D6 is rolled


def test_a_registered_system_keeps_the_console_contract(race: RaceTable) -> None:
    t = Table(ScriptedDice([6, 1, 5, 2]))
    r = t.run("game new race")
    assert r.ok and "New game of Dice Race" in r.text and "White to roll" in r.text
    assert t.run("actions").text == "1. Roll the die\n2. Give up"
    assert "White rolls 6" in t.run("1").text
    assert not t.run("3").ok and t.state.scores == (6, 0)  # out of range: nothing changes
    assert t.run("board").image == b"PNG:6:0"
    assert "Black rolls 1" in t.run("1").text
    r = t.run("1")
    assert r.ok and r.text.endswith("Game over. White wins the race.") and t.over
    assert t.run("actions").text == "Game over. White wins the race."
    assert not t.run("1").ok
    out = io.StringIO()
    run_console(io.StringIO("game new race\nconcede\nquit\n"), out, RandomDice(1))
    assert "Game over. Black wins the race." in out.getvalue()
    assert GAME_OVER_HINT in out.getvalue()


def test_a_system_not_built_yet_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(systems.PLANNED, "future-chess", "Future Chess")
    t = Table(RandomDice(1))
    r = t.run("game new future-chess")
    assert not r.ok and "Future Chess is not built yet" in r.text and "wargame-chess" in r.text
    assert t.state is None
    with pytest.raises(ParseError, match="not a game system here"):
        systems.get("bogus")
    assert "future-chess" not in systems.SYSTEMS


async def test_the_service_plays_a_registered_system(race: RaceTable, tmp_path: Path) -> None:
    store = Store(tmp_path / "race.sqlite3")
    await store.open()
    svc = GameService(store, dice=lambda: ScriptedDice([4]), render=True)
    svc.painter.processes = 0
    ans = await svc.challenge(1, 10, 100, 200, system="race")
    assert ans.ok and "to Dice Race" in ans.text
    ans = await svc.answer_challenge(ans.game_id or 0, 200, True)
    assert ans.ok and ans.image == b"PNG:0:0"  # nothing to choose: the race starts at once
    row = await store.live_game(10)
    assert row is not None and row.system == "race" and row.status == "live"
    ans = await svc.choose(row.id, row.version, 100, 0)
    assert ans.ok and "White rolls 4" in ans.text and ans.image == b"PNG:4:0"
    refused = await svc.choose(row.id, row.version + 1, 100, 0)  # White again: not theirs
    assert not refused.ok
    ans = await svc.execute(10, 200, K.Concede())
    assert ans.ok and "White wins the race" in ans.text
    stored = await svc.stored_state(row.id)
    assert stored is not None and stored.winner is Player.WHITE and len(stored.history) == 2
    export = await svc.export(10)  # none in play: the game that ended here
    assert export.ok and "(over)" in export.text and export.attachment is not None
    assert export.attachment[0] == f"race-{row.id}.json"
    assert Race().loads(export.attachment[1].decode()) == stored
    assert not (await svc.export(11)).ok  # nothing was played in channel 11
    # A rematch offered and declined is no game played: the export is still the race's.
    offer = await svc.challenge(1, 10, 100, 200, system="race")
    assert (await svc.answer_challenge(offer.game_id or 0, 200, False)).ok
    again = await svc.export(10)
    assert again.ok and again.attachment is not None
    assert again.attachment[0] == f"race-{row.id}.json"
    await store.close()


# ---- structured commands ----
def test_commands_are_built_field_by_field() -> None:
    assert K.build(K.PickAction, number="12") == K.PickAction(12)
    assert K.build(K.ShowBoard, view="black") == K.ShowBoard(Player.BLACK)
    bad: list[dict[str, Any]] = [
        {"number": "²"},  # a Unicode digit
        {"number": "9" * 5000},  # too long for a count
        {"number": 1.5},
        {"number": None},
        {"number": True},
        {"number": 0},
        {"other": 1},
    ]
    for raw in bad:
        with pytest.raises(ParseError):
            K.build(K.PickAction, **raw)
    with pytest.raises(ParseError, match="not a player"):
        K.build(K.ShowBoard, view="green")
    with pytest.raises(ParseError, match="must be text"):
        K.build(K.NewGame, game=5)


def test_a_table_refuses_another_systems_command(race: RaceTable) -> None:
    from bot.wargame_chess import commands as W

    t = Table(RandomDice(1))
    t.run("game new race")
    before = t.state
    r = t.execute(W.Decline())
    assert not r.ok and "this table plays Dice Race" in r.text and t.state is before


async def test_the_service_refuses_console_only_commands_and_foreign_options(
    race: RaceTable, tmp_path: Path
) -> None:
    store = Store(tmp_path / "x.sqlite3")
    await store.open()
    svc = GameService(store, dice=lambda: RandomDice(1), render=False)
    ans = await svc.challenge(1, 10, 100, 200, revised_star=True, system="race")
    assert not ans.ok and "Wargame Chess option" in ans.text
    assert await store.live_game(10) is None
    ans = await svc.challenge(1, 10, 100, 200, system="race")
    await svc.answer_challenge(ans.game_id or 0, 200, True)
    row = await store.live_game(10)
    assert row is not None
    for command in (K.Undo(), K.NewGame(), K.Help()):
        refused = await svc.execute(10, 100, command)
        assert not refused.ok and "console command" in refused.text
    assert (await store.game(row.id)).version == row.version  # type: ignore[union-attr]
    # A game of a system this build does not have (a database from another build).
    await store.conn.execute("UPDATE games SET system = 'lost-chess' WHERE id = ?", (row.id,))
    ans = await svc.choose(row.id, row.version, 100, 0)
    assert not ans.ok and "does not run (lost-chess)" in ans.text
    ans = await svc.press(row.id, row.version, 100, "autodeploy")
    assert not ans.ok and "does not run" in ans.text
    await store.close()
