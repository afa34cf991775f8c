"""The game service without Discord: seats, saving, server text for incomplete cards."""

from bot import companion as C
from bot.service import GameService
from bot.store import StoreBase
from bot.wargame_chess.table import READY_MADE
from rules.wargame_chess.dice import RandomDice, ScriptedDice
from rules.wargame_chess.teams import TeamList
from tests.conftest import Databases
from tests.helpers import command


def test_ready_made_teams_are_legal() -> None:
    for text in READY_MADE.values():
        assert TeamList.parse(text).problems() == [], text


async def _live_game(dbs: Databases) -> tuple[GameService, StoreBase]:
    store = await dbs.store("s")
    await store.open()
    svc = GameService(store, dice=lambda: RandomDice(1), render=False)
    ans = await svc.challenge(5, 77, 1, 2)
    await svc.answer_challenge(ans.game_id or 0, 2, True)
    await svc.set_team(77, 1, "K Q R 2N 3P")
    await svc.set_team(77, 2, "K 2B 2N J 2P")
    for cmd in ("trees", "trees mirror", "deploy auto", "deploy auto"):
        row, state = await svc.current(77) or (None, None)
        assert row is not None and state is not None and state.decider is not None
        r = await svc.execute(77, svc.user_of(row, state.decider), command(cmd))
        assert r.ok, r.text
    return svc, store


async def test_server_text_is_shown_when_an_incomplete_card_becomes_active(dbs: Databases) -> None:
    svc, store = await _live_game(dbs)
    await C.set_server_card_text(svc, 5, 4, "Our table's Emperor")
    row, state = await svc.current(77) or (None, None)
    assert row is not None and state is not None
    deck = sorted(state.faith.tarot_deck)
    svc.dice_factory = lambda: ScriptedDice([deck.index(4) + 1, 1, 1])
    ans = await svc.execute(77, 1, command("divinate"))
    assert ans.ok and "Resolved at the table" in ans.text
    assert "This server's text for it: Our table's Emperor" in ans.text
    await store.close()


async def test_actions_are_logged_once_per_step(dbs: Databases) -> None:
    svc, store = await _live_game(dbs)
    row, state = await svc.current(77) or (None, None)
    assert row is not None and state is not None
    events = await store.events(row.id)
    assert len(events) == len(state.history)
    assert [e["seq"] for e in events] == list(range(len(state.history)))
    await store.close()
