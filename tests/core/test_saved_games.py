"""Games saved under earlier rules replay exactly: a game keeps the rules revision it was made
under (Chess28 ruling C28-29, the card game's Config.revision), so a change to the rules never
breaks a live game or an exported file. The files are random games saved by the code of
2026-11-27 before that day's rule changes (Chess28 revision 2, the card game with no revision),
with how each ended under that code ("final": where everything stood, in plain values)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.card_game.state import RULES_REVISION as CARD_REVISION
from rules.card_game.system import SYSTEM as CARDS
from rules.chess28.state import RULES_REVISION as C28_REVISION
from rules.chess28.system import SYSTEM as CHESS28

SAVED = json.loads(
    (Path(__file__).parent.parent / "data" / "games_saved_before_2026_11_27.json").read_text()
)


def _final(system_id: str, s: Any) -> dict[str, Any]:
    """The end of a game in plain values: where everything stands and how it ended."""
    if system_id == "card-game":
        sides = [
            [
                list(x.hand),
                list(x.deck),
                list(x.captured),
                list(x.burn),
                list(x.statics),
                x.material,
            ]
            for x in s.sides
        ]
        units = sorted(
            [u.cid, u.owner.value, str(u.square), u.damage, u.atk_bonus, u.hp_bonus, list(u.equips)]
            for u in s.units
        )
        outcome = None if s.outcome is None else str(s.outcome)
        return {
            "sides": sides,
            "units": units,
            "outcome": outcome,
            "turn": s.turn,
            "phase": str(s.phase),
        }
    return {
        "units": sorted(
            [u.key, str(u.zone), str(u.square), str(u.facing), u.wounds] for u in s.units
        ),
        # (as the old code printed a piece: a piece of several kinds, rules revision 4, came
        # later, so every piece here is of one kind and its "also" is left out)
        "terrain": sorted(str(t).replace(", also=())", ")") for t in s.terrain),
        "winner": None if s.winner is None else s.winner.value,
        "reason": s.reason,
        "turn": s.turn,
        "hands": [list(h) for h in s.hands],
    }


def _without_revision(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    data["config"].pop("revision", None)
    return data


@pytest.mark.parametrize(
    ("system", "old", "new"),
    [(CHESS28, 2, C28_REVISION), (CARDS, 1, CARD_REVISION)],
    ids=["chess28", "card-game"],
)
def test_games_saved_under_earlier_rules_replay_as_they_were_played(
    system: Any, old: int, new: int
) -> None:
    assert new > old  # (the rules have changed since these were saved)
    for text, ended in zip(SAVED[system.id], SAVED["final"][system.id], strict=True):
        state = system.loads(text)
        assert _final(system.id, state) == ended  # it ends as it did under the old code
        assert system.config_of(state).revision == old
        assert _without_revision(system.dumps(state)) == _without_revision(text)
        again = system.loads(system.dumps(state))  # and keep their revision when saved again
        assert again == state
    assert system.config_of(system.new_game({})).revision == new


# Random games saved by the code of commit 41401f8 (2026-11-27, before that evening's rule
# changes): Wargame Chess under its rules revision 2 (before The Magician's one-step swap and
# the Castle rule for Jokers, revision 3), Chess28 under revision 3 (before terrain of several
# kinds, revision 4); with how each ended under that code.
EVENING = json.loads(
    (
        Path(__file__).parent.parent / "data" / "games_saved_at_rules_2026_11_27_evening.json"
    ).read_text()
)


def _wargame_final(s: Any) -> dict[str, Any]:
    pieces = sorted(
        [p.key, str(p.zone), str(p.square), p.advantage, p.disadvantage, p.blessed, p.cursed]
        for p in s.pieces
    )
    outcome = None if s.outcome is None else str(s.outcome)
    return {"pieces": pieces, "outcome": outcome, "turn": s.turn, "phase": str(s.phase)}


@pytest.mark.parametrize(("system_id", "old"), [("wargame-chess", 2), ("chess28", 3)])
def test_games_saved_before_the_evening_rules_replay_as_they_were_played(
    system_id: str, old: int
) -> None:
    from bot import systems

    system = systems.get(system_id).rules
    assert EVENING[system_id], "games to replay"
    for text, ended in zip(EVENING[system_id], EVENING["final"][system_id], strict=True):
        state = system.loads(text)
        assert system.config_of(state).revision == old
        final = _wargame_final(state) if system_id == "wargame-chess" else _final(system_id, state)
        assert final == ended  # it ends as it did under the old code
        assert system.loads(system.dumps(state)) == state, "and keeps its revision"
    assert system.config_of(system.new_game({})).revision > old
