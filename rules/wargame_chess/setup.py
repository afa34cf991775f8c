"""Setup: teams onto the table, who sets up Trees first, rolling and mirroring Trees, deployment."""

from __future__ import annotations

from dataclasses import replace

from rules.core.errors import IllegalAction
from rules.wargame_chess import actions as A
from rules.wargame_chess.board import (
    Player,
    Square,
    Terrain,
    deployment_zone,
    in_board_half,
    in_deployment_zone,
    mirror,
    rank_from_own_side,
)
from rules.wargame_chess.cards import jokers_removed
from rules.wargame_chess.checks import require_phase
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.state import (
    PLAYING_CARDS,
    FaithState,
    GameConfig,
    GameState,
    Phase,
    Piece,
    Zone,
)
from rules.wargame_chess.teams import TeamList
from rules.wargame_chess.transaction import Handler, Transaction, Validator
from rules.wargame_chess.turns import start_turn


# ---------------------------------------------------------------------------------------------
# New game
# ---------------------------------------------------------------------------------------------
def build_pieces(team: TeamList, owner: Player) -> list[Piece]:
    """The team's pieces with distinct labels (P1..P8, N1, N2, ...), in rank order."""
    pieces: list[Piece] = []
    per_letter: dict[str, int] = {}
    counts = team.counts()
    for opt in team.faction.options:
        n = counts.get(opt.name.lower(), 0)
        for _ in range(n):
            letter = opt.kind.letter
            per_letter[letter] = per_letter.get(letter, 0) + 1
            label = f"{letter}{per_letter[letter]}"
            pieces.append(
                Piece(
                    key=f"{owner.title} {label}",
                    label=label,
                    owner=owner,
                    kind=opt.kind,
                    option=opt.name,
                    rank=team.faction.rank_of(opt.name),
                    legendary=opt.legendary,
                    rules=opt.common_rules,
                )
            )
    return pieces


def new_game(
    white: TeamList,
    black: TeamList,
    *,
    tree_first: Player | None = None,
    star_one_each: bool = False,
) -> GameState:
    white.validate()
    black.validate()
    config = GameConfig(teams=(white, black), tree_first=tree_first, star_one_each=star_one_each)
    return initial_state(config)


def initial_state(config: GameConfig) -> GameState:
    pieces = build_pieces(config.teams[0], Player.WHITE) + build_pieces(
        config.teams[1], Player.BLACK
    )
    faith = _faith_setup(pieces)
    if config.start is not None:
        return replace(_start_from_position(config, pieces), faith=faith)
    if config.tree_first is None:
        return GameState(config=config, phase=Phase.TREE_ORDER, pieces=tuple(pieces), faith=faith)
    return GameState(
        config=config,
        phase=Phase.TREES,
        pieces=tuple(pieces),
        tree_first=config.tree_first,
        to_act=config.tree_first,
        faith=faith,
    )


def _faith_setup(pieces: list[Piece]) -> FaithState:
    """Decks are set up for every game (WC-28). One or two Joker pieces set one Joker card aside
    face up; three or more set both aside."""
    jokers = sum(1 for p in pieces if p.kind is Kind.JOKER)
    aside = tuple(range(52, 52 + jokers_removed(jokers)))
    deck = tuple(c for c in range(PLAYING_CARDS) if c not in aside)
    return FaithState(cards_deck=deck, cards_face_up=aside)


def _start_from_position(config: GameConfig, pieces: list[Piece]) -> GameState:
    start = config.start
    assert start is not None
    where = dict(start.placements)
    placed = [
        replace(p, zone=Zone.BOARD, square=where[p.key]) if p.key in where else p for p in pieces
    ]
    squares = [s for _, s in start.placements] + [s for s, _ in start.terrain]
    if len(set(squares)) != len(squares):
        raise IllegalAction("the starting position puts two things on one square")
    unknown = set(where) - {p.key for p in pieces}
    if unknown:
        raise IllegalAction(f"the starting position names unknown pieces: {sorted(unknown)}")
    return GameState(
        config=config,
        phase=Phase.PLAY,
        pieces=tuple(placed),
        terrain=tuple(sorted(start.terrain)),
        turn=1,
        to_act=start.first,
        first_activator=start.first,
    )


def free_deploy_squares(state: GameState, player: Player) -> list[Square]:
    return [
        s for s in deployment_zone(player) if s not in state.terrain_map and s not in state.board
    ]


def _v_tree_order(state: GameState, a: A.Action) -> None:
    require_phase(state, Phase.TREE_ORDER, "deciding the Tree order")


def _h_tree_order(tx: Transaction, a: A.Action) -> None:
    first = Player.WHITE if tx.roll(2) == 1 else Player.BLACK
    tx.tree_first = first
    tx.to_act = first
    tx.phase = Phase.TREES
    tx.emit("tree_order", f"{first.title} sets up Trees first (coin flip)", player=first.title)


def _v_roll_trees(state: GameState, a: A.Action) -> None:
    require_phase(state, Phase.TREES, "rolling for Trees")


def _roll_trees(tx: Transaction, player: Player) -> list[Square]:
    """Three Trees in ``player``'s half: D4 for the rank from their back rank, D8 for the file;
    a square that already has a Tree is rolled again (WC-4)."""
    placed: list[Square] = []
    while len(placed) < 3:
        r = tx.roll(4)
        f = tx.roll(8)
        sq = Square.at(f - 1, rank_from_own_side(player, r))
        assert sq is not None
        if sq in tx.terrain:
            tx.emit("tree_reroll", f"D4={r}, D8={f}: {sq} already has a Tree; rolling again")
            continue
        tx.terrain[sq] = Terrain.TREE
        placed.append(sq)
        tx.emit("tree", f"D4={r}, D8={f}: a Tree on {sq}", square=str(sq), d4=r, d8=f)
    return placed


def _h_roll_trees(tx: Transaction, a: A.Action) -> None:
    assert tx.tree_first is not None
    _roll_trees(tx, tx.tree_first)
    tx.phase = Phase.TREE_CHOICE
    tx.to_act = tx.tree_first.other


def _v_choose_trees(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.ChooseTrees)
    require_phase(state, Phase.TREE_CHOICE, "choosing a Tree setup")
    if a.mode not in A.ChooseTrees.MODES:
        raise IllegalAction(
            f"'{a.mode}' is not a Tree setup: choose mirror, mirror and flip or random"
        )


def _h_choose_trees(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.ChooseTrees) and tx.tree_first is not None
    second = tx.tree_first.other
    if a.mode == "random":
        _roll_trees(tx, second)
    else:
        flip = a.mode == "mirror and flip"
        for sq in [s for s, t in tx.terrain.items() if in_board_half(tx.tree_first, s)]:
            m = mirror(sq, flip)
            tx.terrain[m] = Terrain.TREE
            tx.emit("tree", f"a Tree on {m} ({a.mode} of {sq})", square=str(m))
    tx.emit("tree_choice", f"{second.title} chose '{a.mode}' for their Trees", mode=a.mode)
    # The player who set Trees second deploys first (WC-6).
    tx.phase = Phase.DEPLOY
    tx.to_act = second


def _v_deploy(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Deploy)
    require_phase(state, Phase.DEPLOY, "deploying")
    p = state.piece(a.piece)
    if p.owner is not state.to_act:
        raise IllegalAction(f"{state.to_act.title} is deploying now, not {p.owner.title}")
    if p.zone is not Zone.RESERVE:
        raise IllegalAction(f"{p.label} is already deployed on {p.square}")
    if not in_deployment_zone(p.owner, a.square):
        ranks = "1-2" if p.owner is Player.WHITE else "7-8"
        raise IllegalAction(f"{a.square} is outside your deployment zone (ranks {ranks})")
    if a.square in state.terrain_map:
        raise IllegalAction(f"{a.square} has a {state.terrain_map[a.square].display} on it")
    if a.square in state.board:
        raise IllegalAction(f"{a.square} is occupied by {state.board[a.square].key}")


def _h_deploy(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Deploy)
    tx.update(a.piece, zone=Zone.BOARD, square=a.square)
    tx.emit("deployed", f"{a.piece} deploys on {a.square}", piece=a.piece, square=str(a.square))
    player = tx.to_act
    if any(p.zone is Zone.RESERVE and p.owner is player for p in tx.pieces.values()):
        return
    assert tx.tree_first is not None
    first_deployer = tx.tree_first.other
    if player is first_deployer:
        tx.to_act = player.other
        tx.emit("deploy_turn", f"{player.other.title} deploys now")
        return
    # Both teams are down: the game begins; the first deployer Activates first (WC-6).
    tx.phase = Phase.PLAY
    white, black = tx.config.teams  # shown to each other once both are down (WC-6, ruling R9)
    tx.emit(
        "teams_revealed",
        "Both teams are deployed; their lists are now shown to each other: "
        f"White: {white.shown()}; Black: {black.shown()}. The game begins",
    )
    start_turn(tx, 1, first_deployer)


# The actions this section referees: a validator (read-only) and a handler for each.
RULES: dict[type[A.Action], tuple[Validator, Handler]] = {
    A.DecideTreeOrder: (_v_tree_order, _h_tree_order),
    A.RollTrees: (_v_roll_trees, _h_roll_trees),
    A.ChooseTrees: (_v_choose_trees, _h_choose_trees),
    A.Deploy: (_v_deploy, _h_deploy),
}
