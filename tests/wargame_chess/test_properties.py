"""Random legal games, played to the end from random teams and seeds."""

import contextlib
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.core.errors import IllegalAction
from rules.wargame_chess import actions as A
from rules.wargame_chess.board import ALL_SQUARES, Player
from rules.wargame_chess.dice import RandomDice
from rules.wargame_chess.engine import apply, check, legal_actions, new_game, replay_state
from rules.wargame_chess.geometry import attack_paths, can_attack
from rules.wargame_chess.serialize import dumps, loads
from rules.wargame_chess.state import LAST_TURN, GameState, Phase, Token, Zone
from rules.wargame_chess.teams import STANDARD, TeamList


@st.composite
def teams(draw: st.DrawFn) -> TeamList:
    counts: dict[str, int] = {}
    for opt in STANDARD.options:
        if opt.kind.value == "pawn":
            continue
        counts[opt.name] = draw(st.integers(opt.min, opt.max))
    points = sum(STANDARD.option(n).kind.cost * c for n, c in counts.items())
    pawns = 14 - points
    assume(0 <= pawns <= 8)
    counts["Pawn"] = pawns
    team = TeamList(
        STANDARD, tuple((o.name, counts[o.name]) for o in STANDARD.options if counts.get(o.name))
    )
    assert team.problems() == [], team.problems()
    return team


def invariants(s: GameState) -> None:
    on_board = [p for p in s.pieces if p.zone is Zone.BOARD]
    squares = [p.square for p in on_board]
    assert None not in squares
    assert len(set(squares)) == len(squares), "two pieces on one square"
    terrain = s.terrain_map
    assert not any(sq in terrain for sq in squares), "a piece on terrain"
    for p in s.pieces:
        assert p.advantage >= 0 and p.disadvantage >= 0
        assert not (p.advantage and p.disadvantage), "opposite tokens must have cancelled"
        assert not (p.blessed and p.cursed)
        if p.zone is not Zone.BOARD:
            assert p.square is None
    assert s.turn <= LAST_TURN
    for pl in Player:
        labels = [p.label for p in s.pieces if p.owner is pl]
        assert len(set(labels)) == len(labels)
    f = s.faith
    tarot = f.tarot_deck + f.tarot_dealt + f.tarot_discard
    assert sorted(tarot) == list(range(22)), "a tarot card was lost or duplicated"
    assert f.tarot_active is None or f.tarot_active in f.tarot_dealt
    cards = f.cards_deck + f.cards_discard + f.cards_aside_turn + f.cards_aside_game
    cards += f.cards_face_up
    assert sorted(cards) == list(range(54)), "a playing card was lost or duplicated"
    if s.phase is Phase.PLAY and s.pending is None and s.activation is None:
        # Between Activations someone must have a piece left to Activate, or the turn is over.
        assert any(not p.activated for p in s.pieces if p.zone is Zone.BOARD), "stale turn"
    if s.phase is Phase.OVER:
        assert s.outcome is not None and s.pending is None
    else:
        assert legal_actions(s), "a player with nothing to do"


def random_adjustment(s: GameState, rng: random.Random) -> A.Action | None:
    board = [p for p in s.pieces if p.zone is Zone.BOARD]
    if not board:
        return None
    p = rng.choice(board)
    by = rng.choice(list(Player))
    dealt = s.faith.tarot_dealt
    options: list[A.Action] = [
        A.GiveTokens(by, p.key, rng.choice(list(Token)), rng.randint(1, 3)),
        A.Bless(by, p.key),
        A.Curse(by, p.key),
        A.Scatter(by, p.key),
        A.Slay(by, p.key),
        A.Divinate(by, tuple(rng.sample(range(22), rng.randint(0, 3)))),
        A.Divinate(by, (), rng.choice(dealt) if dealt else -1),
        A.DrawCards(by, rng.randint(1, 3), rng.choice(A.DrawCards.KEEPS)),
        A.ReadBones(by, rng.random() < 0.5),
    ]
    return rng.choice(options)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(white=teams(), black=teams(), seed=st.integers(0, 2**32 - 1))
def test_random_games_play_to_the_end_and_replay(
    white: TeamList, black: TeamList, seed: int
) -> None:
    rng = random.Random(seed)
    dice = RandomDice(seed)
    s = new_game(white, black, star_one_each=rng.random() < 0.5)  # both Star versions
    steps = 0
    while not s.is_over:
        acts = legal_actions(s)
        for a in rng.sample(acts, min(3, len(acts))):
            check(s, a)  # everything offered is legal
        if s.phase is Phase.PLAY and rng.random() < 0.08:
            adj = random_adjustment(s, rng)
            if adj is not None:
                with contextlib.suppress(IllegalAction):
                    s, _ = apply(s, adj, dice)
                invariants(s)
                continue
        s, _ = apply(s, rng.choice(acts), dice)
        invariants(s)
        steps += 1
        assert steps < 5000
    assert s.outcome is not None
    assert replay_state(s) == s
    assert loads(dumps(s)) == s


def test_one_target_is_attackable_exactly_when_the_piece_lists_it() -> None:
    """``can_attack`` (one square asked about, as the AI asks about the Faction Leader) agrees
    with ``attack_paths`` (every target) for every piece on every occupied square, every
    terrain square and some empty ones, through random games with random terrain."""
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        dice = RandomDice(seed)
        s = new_game(TeamList.parse("K Q R 2N 3P"), TeamList.parse("K Q B 2N 3P"))
        while not s.is_over:
            if s.phase is Phase.PLAY:
                board, terrain = s.board, s.terrain_map
                empty = [sq for sq in ALL_SQUARES if sq not in board]
                asked = [*board, *terrain, *rng.sample(empty, min(4, len(empty)))]
                for p in board.values():
                    reach = attack_paths(p, board, terrain)
                    for sq in asked:
                        assert can_attack(p, sq, board, terrain) == (sq in reach), (p, sq)
                        checked += 1
            s, _ = apply(s, rng.choice(legal_actions(s)), dice)
    assert checked > 10_000
