"""AI benchmark: seeded matches of the AI against a uniform random player and the one-ply
greedy player (best immediate expected material, with exact odds: ``players.greedy_player``),
and on request the ``easy`` level (the same one-ply search scoring the whole evaluation, where
pieces stand and what they threaten too: a stronger opponent), colours alternating, for every
system. Reports wins, draws and losses with 95% confidence intervals
(Wilson), game length in actions, and the AI's time per decision (median, p95; decisions with
one legal action are not counted).

    python bench/ai.py [--games 20] [--systems wargame-chess,d20-chess,card-game]
                       [--level hard] [--opponents random,greedy,easy]
                       [--time-limit 0.1 | --time-limit wargame-chess=0.1,chess28=0.4]
                       [--chess28-mode pinata | last-standing | choose] [--jobs 2]
                       [--calibration]

Each row ends with the issue's target for it, met or missed. ``--calibration`` adds, per
pairing, how well the AI's own value of a position (its search's value of the action it chose)
forecast the games' results: its decisions in five bands of value (fifths of all the values
seen), each band with the mean result of the games those decisions came from (a win 1, a draw
0.5, a loss 0), in all and by stage of the game (turns 1-2, 3-4, 5 on) where the system counts
turns. A well-judged evaluation scores higher in each band than in the one below.

Keep runs short on a shared machine: --games is per system and opponent. A run too long for one
sitting can be kept in a journal (``--journal FILE``): every finished game is written to it as it
ends, and the same command started again plays only the games not yet in it, then reports all of
them. A journal belongs to one run: the same commit (with no uncommitted change to the tracked
files) and the same settings; another run refuses it.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.ai.players import AIPlayer, RandomPlayer, greedy_player
from rules.core.board import Player
from rules.core.dice import RandomDice
from rules.core.system import GameSystem

MAX_ACTIONS = 4000  # a game longer than this is stopped and counted as a draw


def _systems() -> dict[str, GameSystem[Any, Any]]:
    from bot import systems  # the registry: every system built

    return {k: p.rules for k, p in systems.SYSTEMS.items()}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% confidence interval of a proportion k/n (Wilson's score interval)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def setup(sid: str, g: int, chess28_mode: str) -> dict[str, Any]:
    """The options game ``g`` of a match is created with (none: the system's defaults).

    So that neither army's strength is taken for a player's (Chess28's two ready-made parties
    need not be equally strong), its games are mirror matches: both sides field the same party,
    the Iron Vanguard in games 0-1, 4-5, ... and the Night Parade in 2-3, 6-7, ..., so the AI
    plays each party from each seat equally often. Its mode is Piñata, the default of ruling
    C28-8, unless ``chess28_mode`` says last-standing or choose (White's first setup step)."""
    if sid != "chess28":
        return {}
    from rules.chess28.roster import READY_MADE

    party = list(READY_MADE)[(g // 2) % len(READY_MADE)]
    options: dict[str, Any] = {"parties": (party, party)}
    if chess28_mode != "choose":
        options["mode"] = chess28_mode
    return options


def play(
    system: GameSystem[Any, Any],
    white: Any,
    black: Any,
    seed: int,
    options: dict[str, Any] | None = None,
) -> tuple[Player | None, int, str]:
    """One game with seeded dice: the winner (None for a draw), its length in actions and the
    result's reason code ("stopped" for a game cut off at ``MAX_ACTIONS``)."""
    state = system.new_game(options or {})
    dice = RandomDice(seed)
    n = 0
    while system.result(state) is None and n < MAX_ACTIONS:
        who = system.decider(state)
        p = white if who is Player.WHITE else black
        action = p.act(system, state)
        state, _ = system.apply(state, action, dice)
        n += 1
    result = system.result(state)
    if result is None:
        return None, n, "stopped"
    return result.winner, n, result.reason


def _one_game(job: tuple[str, str, str, int, float | None, int, str]) -> dict[str, Any]:
    """One seeded game of the AI (``level``) against an opponent, in a worker process: the
    AI's seat alternates with the game's number."""
    sid, level_name, opp_name, g, time_limit, seed, chess28_mode = job
    system = _systems()[sid]
    ai = _TimedAI(level_name, seed, time_limit)
    opponent: Any
    if opp_name == "random":
        opponent = RandomPlayer(seed + 7 + g)
    elif opp_name == "greedy":
        opponent = greedy_player(99)
    else:  # a level: easy, medium, hard
        opponent = AIPlayer(opp_name, 99)
    ai_seat = Player.WHITE if g % 2 == 0 else Player.BLACK
    white, black = (ai, opponent) if ai_seat is Player.WHITE else (opponent, ai)
    winner, n, reason = play(system, white, black, seed * 1000 + g, setup(sid, g, chess28_mode))
    outcome = "draw" if winner is None else ("win" if winner is ai_seat else "loss")
    return {
        "system": sid,
        "opponent": opp_name,
        "game": g,
        "outcome": outcome,
        "seat": ai_seat.title,
        "reason": reason,
        "length": n,
        "times": ai.times,
        "turns": ai.turns,
        "setup": ai.setup,
        "values": ai.values,
    }


class Journal:
    """A run's finished games, one JSON line each after a header naming the run (the commit
    and the settings): a run cut short resumes where it stopped; another run's journal is
    refused."""

    def __init__(self, path: Path, run: dict[str, Any]) -> None:
        self.path = path
        self.results: list[dict[str, Any]] = []
        if path.exists() and path.stat().st_size:
            lines = path.read_text().splitlines()
            header = json.loads(lines[0])
            if header != run:
                raise SystemExit(
                    f"{path} is the journal of another run ({header}); this run is {run}: "
                    "give another file"
                )
            self.results = [json.loads(line) for line in lines[1:] if line.strip()]
        else:
            path.write_text(json.dumps(run) + "\n")

    def games(self, sid: str, opp_name: str) -> dict[int, dict[str, Any]]:
        return {
            r["game"]: r for r in self.results if r["system"] == sid and r["opponent"] == opp_name
        }

    def write(self, result: dict[str, Any]) -> None:
        with self.path.open("a") as f:
            f.write(json.dumps(result) + "\n")


def commit() -> str:
    """The commit measured; refused when tracked files have uncommitted changes (a journal
    must measure one version of the code)."""
    root = Path(__file__).resolve().parent.parent
    git = ["git", "-C", str(root)]
    try:
        head = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True)
        dirty = subprocess.run(
            [*git, "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
        )
    except OSError:
        return "unknown"
    if head.returncode != 0:
        return "unknown"
    if dirty.stdout.strip():
        raise SystemExit("--journal: commit your changes first (a journal measures one commit)")
    return head.stdout.strip()


def match(
    sid: str,
    level_name: str,
    opp_name: str,
    games: int,
    time_limit: float | None,
    seed: int,
    jobs: int,
    chess28_mode: str = "pinata",
    journal: Journal | None = None,
) -> dict[str, Any]:
    """``games`` games, over ``jobs`` processes (each game on one core); with a journal, only
    those not in it yet, each written to it as it ends."""
    done = journal.games(sid, opp_name) if journal is not None else {}
    work = [
        (sid, level_name, opp_name, g, time_limit, seed, chess28_mode)
        for g in range(games)
        if g not in done
    ]
    results = [done[g] for g in range(games) if g in done]
    if jobs > 1 and work:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            for r in pool.imap_unordered(_one_game, work):
                results.append(r)
                if journal is not None:
                    journal.write(r)
    else:
        for w in work:
            results.append(_one_game(w))
            if journal is not None:
                journal.write(results[-1])
    return {
        "played": len(work),  # in this sitting (the rest came from the journal)
        "wins": sum(r["outcome"] == "win" for r in results),
        # the AI's wins, draws and losses from each seat, e.g. {"White": "W 45 D 1 L 4"}
        "seats": {
            seat: " ".join(
                f"{k[0].upper()} {sum(r['outcome'] == k for r in results if r['seat'] == seat)}"
                for k in ("win", "draw", "loss")
            )
            for seat in ("White", "Black")
        },
        "draws": sum(r["outcome"] == "draw" for r in results),
        "losses": sum(r["outcome"] == "loss" for r in results),
        # how the games the AI did not win ended, e.g. {"loss": {"leader_slain": 3}}
        "how": {
            kind: dict(Counter(r["reason"] for r in results if r["outcome"] == kind))
            for kind in ("draw", "loss")
        },
        "lengths": [r["length"] for r in results],
        "times": [t for r in results for t in r["times"]],
        "turns": [t for r in results for t in r["turns"]],
        "setup": [t for r in results for t in r.get("setup", [])],
        "results": results,
    }


# The targets: Wargame Chess at least 95% against random and 80% against greedy, an
# Activation's median under 1 s and p95 under 2 s; every other system at least 90% against
# random and clearly better than greedy (the interval's lower bound above 50%).
def verdict(sid: str, opp_name: str, wins: int, n: int, turn_med: float, turn_p95: float) -> str:
    if opp_name not in ("random", "greedy"):  # a level (easy, ...): no target of its own
        return "(no target: a level, not a baseline)"
    lo, _ = wilson(wins, n)
    rate = wins / n if n else 0.0
    checks: list[tuple[str, bool]] = []
    if sid == "wargame-chess":
        need = 0.95 if opp_name == "random" else 0.80
        checks.append((f"win rate >= {need:.0%}", rate >= need))
        checks.append(("Activation median < 1 s", turn_med < 1.0))
        checks.append(("Activation p95 < 2 s", turn_p95 < 2.0))
    elif opp_name == "random":
        checks.append(("win rate >= 90%", rate >= 0.90))
    else:
        checks.append(("lower bound > 50%", lo > 0.50))
    missed = [what for what, ok in checks if not ok]
    return "target met" if not missed else "target MISSED: " + ", ".join(missed)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games per system and opponent")
    ap.add_argument("--systems", default="", help="comma-separated ids (default: all)")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument(
        "--time-limit",
        default="",
        help="seconds per decision: one for every system (0.1), or by system "
        "(wargame-chess=0.1,chess28=0.4; a system not named keeps its level's own)",
    )
    ap.add_argument(
        "--chess28-mode",
        default="pinata",
        choices=("pinata", "last-standing", "choose"),
        help="Chess28's game mode (choose: White's first setup step); its games are mirror "
        "matches of one ready-made party (see setup)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument(
        "--calibration",
        action="store_true",
        help="also show how well the AI's own values forecast the results (see above)",
    )
    ap.add_argument(
        "--journal",
        default="",
        help="a file keeping every finished game: started again, the run plays only the rest",
    )
    args = ap.parse_args(argv)
    found = _systems()
    ids = [s for s in args.systems.split(",") if s] or list(found)
    try:
        for sid in ids:
            time_limits(args.time_limit, sid)
    except ValueError:
        ap.error(f"--time-limit {args.time_limit!r}: give seconds (0.1) or system=seconds pairs")
    print(
        f"AI level {args.level}, {args.games} games per pairing, colours alternating, seed "
        f"{args.seed}, {args.jobs} process(es), one core each; 95% intervals (Wilson) on the "
        f"AI's win rate; Chess28: mirror matches, mode {args.chess28_mode}",
        flush=True,
    )
    journal = None
    if args.journal:
        run = {
            "commit": commit(),
            **{k: v for k, v in vars(args).items() if k not in ("jobs", "journal", "calibration")},
        }
        journal = Journal(Path(args.journal), run)
        print(f"journal {args.journal}: {len(journal.results)} games already played", flush=True)
    for sid in ids:
        if sid not in found:
            raise SystemExit(f"no system {sid!r}: choose from {', '.join(found)}")
        for opp_name in [o for o in args.opponents.split(",") if o]:
            t0 = time.perf_counter()
            limit = time_limits(args.time_limit, sid)
            r = match(
                sid,
                args.level,
                opp_name,
                args.games,
                limit,
                args.seed,
                args.jobs,
                args.chess28_mode,
                journal,
            )
            wall = time.perf_counter() - t0
            n = args.games
            lo, hi = wilson(r["wins"], n)
            times = r["times"]
            med, p95 = _median_p95(times)
            turn_med, turn_p95 = _median_p95(r["turns"])
            run_name = " (an Activation)" if sid == "wargame-chess" else ""
            print(
                f"{sid:14} vs {opp_name:6} ("
                + ("its level's time" if limit is None else f"{limit} s")
                + f" a decision): W {r['wins']:3} D {r['draws']:3} L {r['losses']:3}"
                f"  win {r['wins'] / n:5.1%} [{lo:5.1%}, {hi:5.1%}]"
                f"  length median {statistics.median(r['lengths']):.0f} actions"
                f"  decision median {med:.3f}s p95 {p95:.3f}s max {max(times, default=0):.3f}s"
                f" ({len(times)} decisions; {wall:.0f}s wall for the {r['played']} games"
                f" played now);"
                f" per run of its own decisions in play{run_name}"
                f" median {turn_med:.3f}s"
                f" p95 {turn_p95:.3f}s; "
                + verdict(sid, opp_name, r["wins"], n, turn_med, turn_p95),
                flush=True,
            )
            seats = "; ".join(f"as {seat}: {tally}" for seat, tally in r["seats"].items())
            print(f"{'':14}    {seats}", flush=True)
            if r["setup"]:  # (runs during setup: not in the figures above)
                set_med, set_p95 = _median_p95(r["setup"])
                print(
                    f"{'':14}    runs while setting up (Trees, deployment), not counted above:"
                    f" median {set_med:.3f}s p95 {set_p95:.3f}s max {max(r['setup']):.3f}s"
                    f" ({len(r['setup'])} runs)",
                    flush=True,
                )
            for kind, reasons in r["how"].items():
                if reasons:
                    tally = ", ".join(f"{why} {k}" for why, k in sorted(reasons.items()))
                    what = {"draw": "draws", "loss": "losses"}[kind]
                    print(f"{'':14}    {what} by how they ended: {tally}", flush=True)
            if args.calibration:
                for line in calibration(r["results"]):
                    print(f"{'':14}    {line}", flush=True)
    return 0


def time_limits(text: str, sid: str) -> float | None:
    """The seconds per decision for system ``sid`` from ``--time-limit`` ("0.1", or
    "wargame-chess=0.1,chess28=0.4"); None: the level's own."""
    if "=" not in text:
        return float(text) if text.strip() else None
    for part in text.split(","):
        name, _, seconds = part.partition("=")
        if name.strip() == sid:
            return float(seconds)
    return None


SCORES = {"win": 1.0, "draw": 0.5, "loss": 0.0}
STAGES = (("turns 1-2", 1, 2), ("turns 3-4", 3, 4), ("turn 5 on", 5, 10**9))


def calibration(results: list[dict[str, Any]], bands: int = 5) -> list[str]:
    """How well the AI's values forecast its games' results: the decisions of ``results`` (each
    game's ``values``: [turn or None, value] per decision with a choice) in ``bands`` bands of
    value, fifths of every value seen, each with the mean result (``SCORES``) of the games the
    decisions came from; a line for all of them, then one per stage of the game (``STAGES``)
    where the decisions have turns. Games journaled before values were kept count nothing."""
    points = [
        (turn, float(value), SCORES[r["outcome"]])
        for r in results
        for turn, value in r.get("values", [])
    ]
    if not points:
        return ["calibration: no values recorded"]
    ordered = sorted(v for _, v, _ in points)
    edges = [ordered[min(len(ordered) - 1, len(ordered) * k // bands)] for k in range(1, bands)]
    banded = [(turn, sum(v >= e for e in edges), score) for turn, v, score in points]
    names = []
    for k in range(bands):
        lo = "" if k == 0 else f"{edges[k - 1]:.0f}"
        hi = "" if k == bands - 1 else f"{edges[k]:.0f}"
        names.append(f"[{lo}, {hi})")
    lines = ["calibration (the AI's value: the mean result of its games): " + "  ".join(names)]
    stages = [("all", banded)]
    for name, first, last in STAGES:
        inside = [b for b in banded if b[0] is not None and first <= b[0] <= last]
        if inside:
            stages.append((name, inside))
    for name, chosen in stages:
        sums, counts = [0.0] * bands, [0] * bands
        for _, k, score in chosen:
            sums[k] += score
            counts[k] += 1
        cells = [
            f"{sums[k] / counts[k]:.2f} ({counts[k]})" if counts[k] else "-" for k in range(bands)
        ]
        lines.append(f"  {name:10} " + "  ".join(cells))
    return lines


def _median_p95(xs: list[float]) -> tuple[float, float]:
    if not xs:
        return 0.0, 0.0
    return statistics.median(xs), sorted(xs)[int(0.95 * (len(xs) - 1))]


class _TimedAI(AIPlayer):
    """The AI under test, timing its own decisions (only those with a real choice)."""

    def __init__(self, level_name: str, seed: int, time_limit: float | None) -> None:
        super().__init__(level_name, seed, time_limit)
        self.times: list[float] = []
        # a run of the AI's consecutive decisions (an Activation in Wargame Chess, a move and
        # its promotion in d20 explorer chess, a whole turn in the card game): total seconds
        self.turns: list[float] = []
        # the same for runs while the game is set up (Trees and deployment, a Chess28 party's
        # placement: ``GameSystem.setting_up``), which are not Activations: counted apart
        self.setup: list[float] = []
        # [turn (None where the system has none), the search's value] per decision with a choice
        self.values: list[list[Any]] = []
        self._next_step = -1
        self._run: list[float] = self.turns

    def act(self, system: GameSystem[Any, Any], state: Any) -> Any:
        many = len(system.legal_actions(state)) > 1
        step = len(system.history(state))
        t = time.perf_counter()
        choice = self.choose(system, state)
        took = time.perf_counter() - t
        if many:
            self.times.append(took)
            turn = getattr(state, "turn", None)
            self.values.append([turn if isinstance(turn, int) else None, choice.value])
        if step == self._next_step and self._run:
            self._run[-1] += took
        else:  # a new run: in play, or while the game is set up
            self._run = self.setup if system.setting_up(state) else self.turns
            self._run.append(took)
        self._next_step = step + 1
        return choice.action


if __name__ == "__main__":
    raise SystemExit(main())
