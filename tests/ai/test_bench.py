"""The AI's benchmark, ``bench/ai.py``: Chess28 as mirror matches in Piñata by default, a run
journalled and resumed, the calibration table, and setup runs timed apart from Activations."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from bot import systems as _registry
from rules.core.board import Player

CHESS28 = _registry.SYSTEMS["chess28"].rules


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location(
        "bench_ai", Path(__file__).resolve().parents[2] / "bench" / "ai.py"
    )
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_the_benchmark_plays_chess28_as_mirror_matches_in_pinata_by_default() -> None:
    bench = _bench()
    system = _registry.get("chess28").rules
    parties = []
    for g in range(4):
        options = bench.setup("chess28", g, "pinata")
        state = system.new_game(options)
        assert state.mode.value == "pinata"
        white, black = (
            sorted(u.model.name for u in state.units if u.owner is seat) for seat in Player
        )
        assert white == black  # the same party on both sides
        parties.append(options["parties"][0])
    # each party twice in a row: the AI (whose seat alternates) plays it from both seats
    assert parties[0] == parties[1] != parties[2] == parties[3]
    assert "mode" not in bench.setup("chess28", 0, "choose")
    assert bench.setup("chess28", 0, "last-standing")["mode"] == "last-standing"
    assert bench.setup("wargame-chess", 0, "pinata") == {}


def test_a_benchmark_run_in_a_journal_resumes_where_it_stopped(tmp_path: Path) -> None:
    """Each finished game is kept in the journal: the run started again plays only the games
    not in it and reports them all; another run's journal is refused."""
    bench = _bench()
    path = tmp_path / "run.jsonl"
    run = {"commit": "abc", "seed": 1}
    first = bench.match(
        "d20-chess", "easy", "random", 2, 0.01, 1, 1, journal=bench.Journal(path, run)
    )
    assert first["played"] == 2 and len(first["lengths"]) == 2
    again = bench.Journal(path, run)
    assert sorted(again.games("d20-chess", "random")) == [0, 1]
    more = bench.match("d20-chess", "easy", "random", 3, 0.01, 1, 1, journal=again)
    assert more["played"] == 1 and len(more["lengths"]) == 3
    assert more["lengths"][:2] == first["lengths"]  # the two from the journal, unplayed
    assert len(path.read_text().splitlines()) == 1 + 3  # the header and three games
    with pytest.raises(SystemExit, match="another run"):
        bench.Journal(path, {"commit": "def", "seed": 1})


def test_the_benchmarks_calibration_sorts_decisions_by_value_and_scores_their_games() -> None:
    """Each decision falls in its band of value (fifths of all values seen) and counts its
    game's result; a stage of the game counts only its own turns."""
    bench = _bench()
    results = [
        # a won game whose values were all high, in turn 1
        {"outcome": "win", "values": [[1, 500.0], [1, 600.0]]},
        # a lost game whose values were all low, in turn 5
        {"outcome": "loss", "values": [[5, -500.0], [5, -600.0]]},
        # a draw in the middle band, in turn 3
        {"outcome": "draw", "values": [[3, 0.0]]},
        {"outcome": "win"},  # journaled before values were kept: counts nothing
    ]
    lines = bench.calibration(results)
    head, rows = lines[0], {line[2:12].strip(): line[12:].split() for line in lines[1:]}
    assert head.endswith("[, -500)  [-500, 0)  [0, 500)  [500, 600)  [600, )")
    assert list(rows) == ["all", "turns 1-2", "turns 3-4", "turn 5 on"]
    one = ["(1)"]
    assert rows["all"] == ["0.00", *one, "0.00", *one, "0.50", *one, "1.00", *one, "1.00", *one]
    assert rows["turns 1-2"] == ["-", "-", "-", "1.00", *one, "1.00", *one]
    assert rows["turn 5 on"] == ["0.00", *one, "0.00", *one, "-", "-", "-"]
    assert rows["turns 3-4"] == ["-", "-", "0.50", *one, "-", "-"]
    assert bench.calibration([{"outcome": "win"}]) == ["calibration: no values recorded"]


def test_the_benchmark_times_setup_runs_apart_from_activations() -> None:
    """A run of the AI's decisions while the game is set up (a whole team deployed) is not an
    Activation: the benchmark keeps it apart from the per-Activation figures."""
    bench = _bench()
    r = bench._one_game(("wargame-chess", "easy", "random", 0, 0.01, 1, "pinata"))
    assert r["setup"] and r["turns"], (r["setup"], r["turns"])
    # the whole team deployed in one run (8 placements) is a setup run, not an Activation's
    decisions = len(r["times"])
    assert len(r["turns"]) + len(r["setup"]) < decisions
    assert max(r["setup"]) >= min(r["setup"]) > 0
