"""Games saved under earlier rules replay exactly: a game keeps the rules revision it was made
under (Chess28 ruling C28-29, the card game's Config.revision), so a change to the rules never
breaks a live game or an exported file. The files are random games saved by the code of
2026-11-27 before that day's rule changes (Chess28 revision 2, the card game with no revision)."""

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
    for text in SAVED[system.id]:
        state = system.loads(text)
        assert system.config_of(state).revision == old
        assert _without_revision(system.dumps(state)) == _without_revision(text)
        again = system.loads(system.dumps(state))  # and keep their revision when saved again
        assert again == state
    assert system.config_of(system.new_game({})).revision == new
