"""Interaction latency through the real dispatch for any registered game system: N live games,
the store on disk, pictures on.

Like ``bench/interactions.py`` (Wargame Chess's `/move`), but generic: every system offers its
decisions as legal actions, and a decision button carries only ids (``wg:c:{game}:{version}:
{index}``, ``cogs/views.py``), so each measured interaction here is a click on a ChoiceButton
for a random legal action (a random index into ``rules.legal_actions(state)`` at the game's
current version), fed by the offline harness (``tests/discord_harness.py``) through discord.py's
own dispatch, the cog's callback, the service, the engine, the SQLite commit and the picture.

The click is made on the message a player would click it on: the game's live message when the
system shows its decisions there (no secrets, or a menu that names nothing secret), else the
deciding player's private message (a registered stand-in, one per game); the clicker is the
deciding player's user. A click's time runs from feeding the gateway event until the bot's
first answer to it is recorded: its interaction response or followup, or an edit of the game's
live message.

Load is open-loop: clicks arrive at a fixed rate (``--rate``, per second) into games picked at
random among those with nothing in flight, whether or not earlier ones have been answered. A
game that ends is replaced by a new one (set up through the service, not timed: its opening
picture is drawn all the same) so the live count stays ``--games``. Setting up a game goes
through the service as a player would: challenge, accept, for a system whose players choose
(``choice_word``) the plugin's first two ready-made choices with ``set_team``, then the
plugin's start. The same actions applied by the engine alone (no Discord, store or picture) are
the baseline, in the same run.

    python bench/systems.py [--system all | chess28 d20-chess ...] [--games 1000] [--rate 300]
        [--seconds 20] [--actions N] [--render-processes 1] [--no-pictures]

Each system runs in turn with a bot of its own (a fresh SQLite file); a compact table follows.
The pictures are drawn by the bot's picture worker(s) as in production (``RENDER_PROCESSES``,
default 1): on a small machine they, not the dispatch, bound the answered rate of a system whose
picture takes several milliseconds (``--no-pictures`` shows the rest of the path alone).
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import dataclasses
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest

from bot import systems
from bot.plugin import SystemPlugin
from bot.settings import Settings
from rules.core.board import Player
from rules.core.dice import RandomDice
from tests.conftest import start_bot, stop_bot
from tests.discord_harness import GUILD_ID, Harness, Sent, snowflake

BASELINE_SAMPLE = 2000  # clicks kept for the engine-only baseline (not all: memory)
WARM_UP = 20  # clicks before the measured ones (not counted)
PRUNE_EVERY = 500  # answers between emptyings of the harness's records (a bot keeps none)
SETUP_BATCH = 50  # games set up at once
ANSWER_TIMEOUT = 30.0  # seconds a click may wait for its answer before it counts as lost
CHANNELS = 5_000_000  # the channel of game k is CHANNELS + k
USERS = 7_000_000  # its players are USERS + 2k (White) and USERS + 2k + 1 (Black)


@dataclass(eq=False)
class Game:
    game_id: int
    channel: int
    white: int
    black: int
    live: Sent  # the game's live message (registered with the harness)
    private: Sent  # a stand-in for the deciding player's private message with its choices


@dataclass
class Outcome:
    system: str
    games: int
    rate: float
    pictures: bool = True
    fed: int = 0
    answered: int = 0
    applied: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    lost: int = 0
    skipped: int = 0
    replaced: int = 0
    on_live: int = 0
    latencies: list[float] = field(default_factory=list)
    acks: list[float] = field(default_factory=list)  # until the interaction's own response
    feed_window: float = 0.0
    wall: float = 0.0
    drawn: int = 0
    uploaded: int = 0
    pick_ms: float = 0.0  # the bench's own work per click (picking it), on the same loop
    apply_ms: float = 0.0
    baseline_n: int = 0
    setup_s: float = 0.0
    loop_cpu_ms: float = 0.0  # the event loop's thread: CPU a click (the bench's picking out)
    db_cpu_ms: float = 0.0  # the bot's process's other threads (the database's): CPU a click
    worker_cpu_ms: float = 0.0  # the picture workers' CPU a click
    violations: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def percentile(sorted_ms: list[float], q: float) -> float:
    if not sorted_ms:
        return float("nan")
    return sorted_ms[min(len(sorted_ms) - 1, int(len(sorted_ms) * q))]


def memo_keys(state: Any) -> set[str]:
    """What a state keeps beyond its fields: memos (legal actions, cached properties)."""
    d = getattr(state, "__dict__", None)
    if d is None or not dataclasses.is_dataclass(state):
        return set()
    return set(d) - {f.name for f in dataclasses.fields(state)}


def forget(state: Any, keep: set[str]) -> None:
    """Drop the memos a state gained beyond ``keep`` (the bench's own look leaves none)."""
    for key in memo_keys(state) - keep:
        del state.__dict__[key]


def bare(state: Any) -> Any:
    """A copy of a state without its memos: the engine starts from nothing cached."""
    try:
        twin = copy.copy(state)
    except Exception:
        return state
    forget(twin, set())
    return twin


def button_row(custom_id: str) -> list[dict[str, Any]]:
    return [
        {
            "type": 1,
            "components": [{"type": 2, "style": 1, "label": "Choose", "custom_id": custom_id}],
        }
    ]


async def make_game(svc: Any, table: Harness, plugin: SystemPlugin, k: int) -> Game:
    """Game number ``k`` in its own channel, in play: challenged, accepted, choices made with
    the plugin's first two ready-made ones, started (the plugin's start runs in the service);
    its live message registered with the harness as the opening message would be."""
    channel = CHANNELS + k
    white, black = USERS + 2 * k, USERS + 2 * k + 1
    ans = await svc.challenge(GUILD_ID, channel, white, black, system=plugin.id)
    assert ans.ok and ans.game_id is not None, ans.text
    game_id = ans.game_id
    ans = await svc.answer_challenge(game_id, black, True)
    assert ans.ok, ans.text
    if plugin.choice_word:
        made = list(plugin.ready_made.values())
        assert made, f"{plugin.id} has nothing ready-made to choose"
        ans = await svc.set_team(channel, white, made[0])
        assert ans.ok, ans.text
        ans = await svc.set_team(channel, black, made[1 % len(made)])
        assert ans.ok, ans.text
    assert ans.live, f"{plugin.id} game {game_id} did not start: {ans.text[:200]}"
    live = Sent("channel", ans.text[:2000], message_id=int(snowflake()), channel_id=channel)
    private = Sent(
        "followup", "Your choices", True, message_id=int(snowflake()), channel_id=channel
    )
    table.messages[live.message_id] = live
    table.messages[private.message_id] = private
    await svc.store.set_message(game_id, live.message_id)
    return Game(game_id, channel, white, black, live, private)


async def run(
    system: str,
    games: int,
    rate: float,
    seconds: float,
    actions: int | None,
    render_processes: int,
    seed: int,
    pictures: bool = True,
) -> Outcome:
    plugin = systems.get(system)
    out = Outcome(plugin.id, games, rate, pictures=pictures)
    mp = pytest.MonkeyPatch()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            token=None,
            database_path=Path(tmp) / "bench.sqlite3",
            render_processes=render_processes,
        )
        bot, table = await start_bot(mp, settings, seed=seed)
        try:
            await _measure(bot, table, plugin, out, seconds, actions, seed)
        finally:
            out.violations = list(table.violations)
            out.errors = [r.getMessage()[:120] for r in table.errors]
            await stop_bot(bot, table)
            mp.undo()
    return out


async def _measure(
    bot: Any,
    table: Harness,
    plugin: SystemPlugin,
    out: Outcome,
    seconds: float,
    actions: int | None,
    seed: int,
) -> None:
    rules = plugin.rules
    svc = bot.service
    loop = asyncio.get_running_loop()
    rng = random.Random(seed)

    # ---- set up the live games (not measured; no pictures: nobody has seen them yet) ----
    t0 = time.perf_counter()
    svc.render = False
    numbers = iter(range(10**6))
    live: list[Game] = []
    while len(live) < out.games:
        batch = min(SETUP_BATCH, out.games - len(live))
        live += await asyncio.gather(
            *(make_game(svc, table, plugin, next(numbers)) for _ in range(batch))
        )
    svc.render = out.pictures
    out.setup_s = time.perf_counter() - t0
    # The picture worker starts (and loads its fonts) before the clock does.
    if out.pictures:
        _, state = svc._cache[live[0].game_id]
        await svc.painter.board_png(state, None, system=plugin.id, public=True)

    # ---- what the bot sends: counted, and matched to the click it answers ----
    # interaction id -> (when fed, its future, the game)
    pending: dict[str, tuple[float, asyncio.Future[float], Game]] = {}
    by_live: dict[int, str] = {}  # live message id -> the click in flight on its game
    unacked: dict[str, float] = {}  # interaction id -> when fed, until its own response
    counting = [False]

    def answered(iid: str | None) -> None:
        entry = pending.pop(iid, None) if iid is not None else None
        if entry is None:
            return
        fed, fut, game = entry
        if by_live.get(game.live.message_id) == iid:
            del by_live[game.live.message_id]
        if not fut.done():
            fut.set_result((time.perf_counter() - fed) * 1000)

    orig_hook, orig_http = table.webhook_request, table.http_request
    orig_record, orig_edit = table._record, table._edit

    async def hook(route: Any, session: Any, **kw: Any) -> Any:
        got = await orig_hook(route, session, **kw)
        if route.path.endswith("/callback"):
            rtype = (kw.get("payload") or {}).get("type")
            if rtype not in (5, 6):  # a deferral shows the player nothing yet
                answered(str(route.webhook_id))
            fed = unacked.pop(str(route.webhook_id), None)
            if fed is not None and counting[0]:
                out.acks.append((time.perf_counter() - fed) * 1000)
        else:  # a followup (or an edit of the original response)
            answered(table._interaction_of_token(route))
        return got

    async def http(route: Any, **kw: Any) -> Any:
        got = await orig_http(route, **kw)
        if route.method == "PATCH" and route.path == "/channels/{channel_id}/messages/{message_id}":
            answered(by_live.get(int(route.url.rsplit("/", 1)[-1])))
        return got

    def record(*a: Any, **k: Any) -> Sent:
        sent = orig_record(*a, **k)
        if counting[0]:
            out.uploaded += sum(1 for name, _ in sent.files if name.endswith(".png"))
        return sent

    def edit(*a: Any, **k: Any) -> Sent:
        sent = orig_edit(*a, **k)
        files = a[2] if len(a) > 2 else k.get("files", [])
        if counting[0]:
            out.uploaded += sum(1 for name, _ in files if name.endswith(".png"))
        return sent

    orig_png = svc.painter.board_png

    async def counted_png(*a: Any, **k: Any) -> bytes:
        png: bytes = await orig_png(*a, **k)
        if counting[0]:
            out.drawn += 1
        return png

    table.webhook_request = hook  # type: ignore[method-assign]
    table.http_request = http  # type: ignore[method-assign]
    table._record = record  # type: ignore[method-assign]
    table._edit = edit  # type: ignore[method-assign]
    svc.painter.board_png = counted_png

    # ---- clicks ----
    idle: list[Game] = list(live)  # games with nothing in flight
    kept_ids: set[int] = set()
    for g in live:
        kept_ids.update((g.live.message_id, g.private.message_id))
    sample: list[tuple[Any, Any, Player | None]] = []
    replacing: list[asyncio.Future[None]] = []
    since_prune = [0]
    pick_s = [0.0]

    def prune() -> None:
        """Forget what the harness recorded for tests (a bot keeps none of it), keeping the
        games' live and stand-in messages."""
        since_prune[0] = 0
        del table.sent[:], table.touched[:], table.shown[:]
        for mid in [m for m in table.messages if m not in kept_ids]:
            del table.messages[mid]

    async def replace(old: Game) -> None:
        kept_ids.difference_update((old.live.message_id, old.private.message_id))
        game = await make_game(svc, table, plugin, next(numbers))
        kept_ids.update((game.live.message_id, game.private.message_id))
        out.replaced += 1
        idle.append(game)

    async def click(game: Game, measured: bool) -> None:
        t = time.perf_counter()
        cached = svc._cache.get(game.game_id)
        if cached is None:  # (past the service's cache: load it, as the bot would)
            row = await svc.store.game(game.game_id)
            cached = (row.version, await svc.state_of(row))
        version, state = cached
        had = memo_keys(state)
        keep = measured and len(sample) < BASELINE_SAMPLE
        baseline_state = bare(state) if keep else None
        acts = rules.legal_actions(state)
        decider = rules.decider(state)
        index = rng.randrange(len(acts))
        user = game.white if decider is Player.WHITE else game.black
        menu = None if not plugin.hidden_information else plugin.menu(state)
        on_live = not plugin.hidden_information or (menu is not None and menu.public)
        forget(state, had)  # what the bot works out, it works out itself
        custom_id = f"wg:c:{game.game_id}:{version}:{index}"
        where = dataclasses.replace(
            game.live if on_live else game.private, components=button_row(custom_id)
        )
        payload = table.click_payload(user, where, custom_id)
        if keep:
            sample.append((baseline_state, acts[index], decider))
        iid = payload["id"]
        fut: asyncio.Future[float] = loop.create_future()
        pick_s[0] += time.perf_counter() - t
        pending[iid] = (time.perf_counter(), fut, game)
        if measured:
            unacked[iid] = pending[iid][0]
        by_live[game.live.message_id] = iid
        table.feed(payload)
        try:
            ms = await asyncio.wait_for(fut, ANSWER_TIMEOUT)
        except TimeoutError:
            pending.pop(iid, None)
            by_live.pop(game.live.message_id, None)
            if measured:
                out.lost += 1
            idle.append(game)
            return
        now = svc._cache.get(game.game_id)
        over = False
        if now is None:  # ended games leave the cache
            row = await svc.store.game(game.game_id)
            over = row is not None and row.status == "over"
        if measured:
            out.answered += 1
            out.on_live += on_live
            out.latencies.append(ms)
            if over or (now is not None and now[0] != version):
                out.applied += 1
            else:
                why = _last_refusal(table, game.channel)
                out.refused[why] = out.refused.get(why, 0) + 1
        since_prune[0] += 1
        if since_prune[0] >= PRUNE_EVERY:
            prune()
        if over:
            replacing.append(asyncio.ensure_future(replace(game)))
        else:
            idle.append(game)

    def take() -> Game | None:
        if not idle:
            return None
        i = rng.randrange(len(idle))
        idle[i], idle[-1] = idle[-1], idle[i]
        return idle.pop()

    for _ in range(WARM_UP):
        game = take()
        if game is not None:
            await click(game, measured=False)
    await table.settle()
    prune()

    total = actions if actions is not None else int(out.rate * seconds) + 1
    tasks: set[asyncio.Future[None]] = set()
    counting[0] = True
    workers = [w.process.pid for w in svc.painter._workers if w.alive]
    cpu0, wcpu0 = time.process_time(), sum(_cpu_of(pid) for pid in workers)
    tcpu0 = time.thread_time()
    start = time.perf_counter()
    last_feed = start
    for k in range(total):
        at = start + k / out.rate
        if at - start > seconds:
            break
        delay = at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        game = take()
        if game is None:
            out.skipped += 1
            continue
        out.fed += 1
        last_feed = time.perf_counter()
        task = asyncio.ensure_future(click(game, measured=True))
        tasks.add(task)  # (a set: dropping finished clicks costs nothing per click)
        task.add_done_callback(tasks.discard)
    out.feed_window = max(last_feed - start, 1e-9)
    await asyncio.gather(*tasks)
    out.wall = time.perf_counter() - start
    counting[0] = False
    clicks = max(1, out.answered)
    loop_s = time.thread_time() - tcpu0
    out.loop_cpu_ms = (loop_s - pick_s[0]) / clicks * 1000
    out.db_cpu_ms = (time.process_time() - cpu0 - loop_s) / clicks * 1000
    out.worker_cpu_ms = (sum(_cpu_of(pid) for pid in workers) - wcpu0) / clicks * 1000
    out.pick_ms = pick_s[0] / max(1, out.fed + WARM_UP) * 1000
    await asyncio.gather(*replacing)
    await table.settle()
    table.webhook_request, table.http_request = orig_hook, orig_http  # type: ignore[method-assign]
    table._record, table._edit = orig_record, orig_edit  # type: ignore[method-assign]
    svc.painter.board_png = orig_png

    # ---- the baseline: the same actions, the engine alone (from states with no memos) ----
    dice = RandomDice(1)
    t = time.perf_counter()
    for s, action, p in sample:
        rules.apply(s, action, dice, player=p)
    applied = time.perf_counter() - t
    out.baseline_n = len(sample)
    if sample:
        out.apply_ms = applied / len(sample) * 1000


def _cpu_of(pid: int | None) -> float:
    """Seconds of CPU a process has used (user + system), from /proc (0 where unreadable)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _last_refusal(table: Harness, channel: int) -> str:
    """The text of the newest private answer in ``channel`` (why a click changed nothing)."""
    for msg in reversed(table.sent):
        if msg.channel_id == channel and msg.ephemeral:
            return msg.content[:60]
    return "(no change, no private answer)"


HEADER = (
    f"{'system':<14}{'games':>6}{'offered/s':>10}{'fed/s':>7}{'answered/s':>11}{'clicks':>8}"
    f"{'applied':>8}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'max ms':>8}"
    f"{'engine ms':>10}{'pictures':>9}"
)


def row(o: Outcome) -> str:
    lat = sorted(o.latencies)
    med = statistics.median(lat) if lat else float("nan")
    return (
        f"{o.system:<14}{o.games:>6}{o.rate:>10g}{o.fed / o.feed_window:>7.0f}"
        f"{o.answered / o.wall if o.wall else 0:>11.0f}{o.answered:>8}{o.applied:>8}"
        f"{med:>8.1f}{percentile(lat, 0.95):>8.1f}{percentile(lat, 0.99):>8.1f}"
        f"{(lat[-1] if lat else float('nan')):>8.1f}{o.apply_ms:>10.3f}"
        f"{o.drawn if o.pictures else 'off':>9}"
    )


def notes(o: Outcome) -> list[str]:
    lat = sorted(o.latencies)
    met = o.answered / o.wall >= 0.99 * 300 and percentile(lat, 0.99) < 50 if o.wall else False
    lines = [
        ("" if o.pictures else "NO PICTURES (--no-pictures): ")
        + f"{o.system}: {o.games} live games set up in {o.setup_s:.1f}s (not measured); "
        f"offered {o.rate:g}/s for {o.feed_window:.1f}s, all answered after {o.wall:.1f}s; "
        f"{o.on_live} clicks on the live message, {o.answered - o.on_live} on a private one; "
        f"engine baseline over {o.baseline_n} of the same actions: apply {o.apply_ms:.3f} ms "
        f"each; the bench's own picking "
        f"{o.pick_ms:.3f} ms a click (on the same loop); {o.drawn} pictures drawn "
        f"({o.uploaded} uploaded), {o.replaced} ended games replaced; CPU a click: the event "
        f"loop {o.loop_cpu_ms:.2f} ms (the bench's picking and feeding in it), the database "
        f"thread {o.db_cpu_ms:.2f} ms, the picture worker(s) {o.worker_cpu_ms:.2f} ms"
        + (" [target p99 < 50 ms at 300/s met]" if met else "")
    ]
    acks = sorted(o.acks)
    if acks and o.on_live < o.answered:
        lines.append(
            f"  until the click's own interaction response (after the live-message edit on a "
            f"private click): p50 {statistics.median(acks):.1f} ms, "
            f"p99 {percentile(acks, 0.99):.1f} ms ({len(acks)} responses)"
        )
    if o.refused:
        lines.append(f"  refused clicks: {o.refused}")
    if o.lost or o.skipped:
        lines.append(
            f"  {o.lost} clicks unanswered after {ANSWER_TIMEOUT:g}s; "
            f"{o.skipped} arrivals found no idle game"
        )
    if o.violations:
        lines.append(f"  Discord limit violations: {o.violations[:3]}")
    if o.errors:
        lines.append(f"  errors logged ({len(o.errors)}): {o.errors[:3]}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument(
        "--system",
        nargs="+",
        default=["all"],
        choices=[*systems.SYSTEMS, "all"],
        help="the systems to run, one after the other (all: every registered one)",
    )
    ap.add_argument("--games", type=int, default=1000, help="live games kept in play")
    ap.add_argument("--rate", type=float, default=300, help="offered clicks per second")
    ap.add_argument("--seconds", type=float, default=20, help="how long clicks are offered")
    ap.add_argument(
        "--actions", type=int, default=None, help="at most this many clicks (default: rate x s)"
    )
    ap.add_argument(
        "--render-processes",
        type=int,
        default=1,
        help="worker processes drawing the pictures (0: on the event loop), as RENDER_PROCESSES",
    )
    ap.add_argument(
        "--no-pictures",
        action="store_true",
        help="answer without the board picture (to see what drawing costs)",
    )
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    chosen = list(systems.SYSTEMS) if "all" in args.system else list(dict.fromkeys(args.system))
    outcomes = []
    for system in chosen:
        o = asyncio.run(
            run(
                system,
                args.games,
                args.rate,
                args.seconds,
                args.actions,
                args.render_processes,
                args.seed,
                not args.no_pictures,
            )
        )
        outcomes.append(o)
        print("\n".join(notes(o)), flush=True)
    print()
    print(HEADER)
    for o in outcomes:
        print(row(o))
    print(
        "latency: from feeding a ChoiceButton click until the bot's first answer to it "
        "(response, followup or live-message edit); engine ms: apply alone, same actions;\n"
        "fed/s: clicks actually fed (an arrival finding every game with a click in flight is "
        "not sent)"
    )


if __name__ == "__main__":
    main()
