"""Board images: golden images with a small per-pixel tolerance, and structural checks that the
right marks are drawn on the right squares."""

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.wargame_chess import charts
from bot.wargame_chess import render as R
from bot.wargame_chess.samples import midgame, opening
from rules.wargame_chess.actions import Bless, Curse, GiveTokens
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.dice import RollSpec
from rules.wargame_chess.odds import attack_odds, distribution
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import GameState, Token
from rules.wargame_chess.tarot import CARDS
from tests.helpers import step

GOLDEN = Path(__file__).parent / "golden"
W, B = Player.WHITE, Player.BLACK


def decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize(
    ("name", "make", "view"),
    [("midgame-white", midgame, W), ("midgame-black", midgame, B), ("opening", opening, W)],
)
def test_golden_images(name: str, make, view: Player) -> None:  # type: ignore[no-untyped-def]
    got = decoded(R.board_png(make(), view))
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        path.write_bytes(R.board_png(make(), view))
        pytest.skip(f"golden image {path.name} written; check it by eye")
    want = Image.open(path).convert("RGB")
    assert got.size == want.size
    diff = ImageChops.difference(got, want).convert("L").point(lambda v: 255 if v > 40 else 0)
    changed = diff.histogram()[255]
    assert changed / (got.width * got.height) < 0.005, f"{changed} pixels differ"


def region_has(
    img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int], tol: int = 30
) -> int:
    crop = img.crop(box)
    px = crop.load()
    assert px is not None
    return sum(
        1
        for x in range(crop.width)
        for y in range(crop.height)
        if all(abs(px[x, y][i] - colour[i]) <= tol for i in range(3))  # type: ignore[index]
    )


def square_box(sq: str, view: Player = W) -> tuple[int, int, int, int]:
    x, y = R.square_origin(Square.parse(sq), view)
    return x, y, x + R.SQ, y + R.SQ


def marked_position() -> GameState:
    s = scenario("Kd1 Pd4 Pb2", "Ke8 Pe5 Pa7")
    s, _ = step(s, Bless(W, "White P1"))
    s, _ = step(s, Curse(W, "Black P1"))
    s, _ = step(s, GiveTokens(B, "White P2", Token.ADVANTAGE, 2))
    s, _ = step(s, GiveTokens(W, "Black P2", Token.DISADVANTAGE, 1))
    return s


def test_blessed_and_cursed_markers_are_on_their_squares() -> None:
    img = decoded(R.board_png(marked_position()))
    assert region_has(img, square_box("d4"), R.BLESS_COL) > 40
    assert region_has(img, square_box("e5"), R.CURSE_COL) > 40
    assert region_has(img, square_box("e5"), R.BLESS_COL) == 0
    assert region_has(img, square_box("b2"), R.BLESS_COL) == 0


def test_token_badges_are_on_their_squares() -> None:
    img = decoded(R.board_png(marked_position()))
    assert region_has(img, square_box("b2"), R.ADV_COL) > 30
    assert region_has(img, square_box("a7"), R.DIS_COL) > 30
    assert region_has(img, square_box("d1"), R.ADV_COL) == 0


def test_markers_differ_in_shape_not_only_colour() -> None:
    """Advantage points up, Disadvantage down: compare where the badge's mass sits."""
    img = decoded(R.board_png(marked_position()))

    def centre_of_mass_y(sq: str, colour: tuple[int, int, int]) -> float:
        x0, y0, _, _ = square_box(sq)
        pts = [
            (x, y)
            for x in range(x0, x0 + 22)
            for y in range(y0, y0 + 22)
            if all(abs(img.getpixel((x, y))[i] - colour[i]) <= 30 for i in range(3))
        ]
        assert pts
        return sum(y for _, y in pts) / len(pts) - y0

    assert centre_of_mass_y("b2", R.ADV_COL) > centre_of_mass_y("a7", R.DIS_COL)


def test_highlights_mark_exactly_the_legal_squares() -> None:
    from rules.wargame_chess.actions import Activate

    s = scenario("Kd1 Pd4", "Ke8 Pe5")
    s, _ = step(s, Activate("White P1"))
    img = decoded(R.board_png(s))
    for sq in ("c4", "e4", "d3", "d5"):
        assert region_has(img, square_box(sq), R.MOVE_COL) > 100, sq
    assert region_has(img, square_box("f4"), R.MOVE_COL) == 0
    assert region_has(img, square_box("e5"), R.ATTACK_COL) > 300  # the Attack square frame


def test_orientation_follows_the_viewer() -> None:
    s = scenario("Ke1", "Ke8")
    white = decoded(R.board_png(s, W))
    black = decoded(R.board_png(s, B))
    # White's King (light figure) sits low on White's view and high on Black's.
    assert R.square_origin(Square.parse("e1"), W)[1] > R.square_origin(Square.parse("e1"), B)[1]
    light = R.WHITE_FILL
    assert region_has(white, square_box("e1", W), light, 8) > 200
    assert region_has(black, square_box("e1", B), light, 8) > 200


def test_last_attack_is_drawn() -> None:
    img = decoded(R.board_png(midgame()))
    # The red arrow runs from f3 towards e5: the square between them on the line (f4's corner).
    x0, y0, x1, y1 = square_box("f3")
    assert region_has(img, (x0, y0 - 40, x1, y1), R.ATTACK_COL, 40) > 30


def test_png_is_small() -> None:
    assert len(R.board_png(midgame())) < 150 * 1024


def test_every_tarot_card_has_an_image_and_charts_render() -> None:
    for card in CARDS:
        img = charts.tarot_card_image(card)
        assert img.size == (260, 420)
    a, d = RollSpec(2, 8, 1), RollSpec(2, 6)
    chart = charts.odds_chart(distribution(a), distribution(d), attack_odds(a, d).slay, "Q v N")
    assert region_has(chart, (0, 0, chart.width, chart.height), (220, 120, 60)) > 500


def test_fonts_are_shipped_with_their_licence() -> None:
    assert R.BOLD.exists() and R.CONDENSED.exists()
    assert (R.FONT_DIR / "LICENSE-DejaVu.txt").exists()


def test_card_choices_frame_the_candidate_pieces() -> None:
    from rules.wargame_chess.actions import Divinate
    from rules.wargame_chess.dice import ScriptedDice
    from rules.wargame_chess.engine import apply

    s = scenario("Kh1 Pa2 Nc3", "Kh8 Pa7")
    deck = sorted(s.faith.tarot_deck)
    s, _ = apply(s, Divinate(B), ScriptedDice([deck.index(6) + 1, 1, 1]))  # The Lovers
    img = decoded(R.board_png(s))
    for sq in ("h1", "a2", "c3"):  # Black must Bless one of White's pieces
        assert region_has(img, square_box(sq), R.COMBAT_COL) > 300, sq
    assert region_has(img, square_box("a7"), R.COMBAT_COL) == 0


def test_the_fonts_are_part_of_the_installed_package() -> None:
    """A regular install (the Docker image) must carry the fonts, not only the source tree."""
    import tomllib

    data = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    shipped = data["tool"]["setuptools"]["package-data"]["bot"]
    assert "assets/fonts/*.ttf" in shipped and "assets/fonts/LICENSE-DejaVu.txt" in shipped


def test_summon_zone_is_listed_in_the_tracker() -> None:
    from rules.wargame_chess.pieces import Kind
    from rules.wargame_chess.teams import STANDARD, Faction, PieceOption

    with_zone = Faction("Necro", (*STANDARD.options, PieceOption("Risen", Kind.KNIGHT, 0, 0)))
    plain = scenario("Kh1 Pa2", "Kh8")
    zoned = scenario("Kh1 Pa2", "Kh8", faction=with_zone)
    panel = (0, R.BOARD_PX, R.BOARD_PX, R.BOARD_PX + R.PANEL_H)
    a = decoded(R.board_png(plain)).crop(panel)
    b = decoded(R.board_png(zoned)).crop(panel)
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 40 else 0)
    assert diff.histogram()[255] > 200  # the "Summon zone: Risen" lines were drawn


def test_the_live_message_picture_is_the_board_alone_and_legible_on_a_phone() -> None:
    """The public picture (issue 12): square, no tracker panel, and its smallest text (the
    coordinates and labels) at least 12 px when a 360 px wide phone screen shows it."""
    png = R.scene_png(R.scene_of(midgame(), W, compact=True))
    got = decoded(png)
    assert got.size == (R.BOARD_PX, R.BOARD_PX)
    assert min(R.COORD_PX, R.LABEL_PX, R.BADGE_PX) * 360 / got.width >= 12
    want = Image.open(GOLDEN / "midgame-white.png").convert("RGB")
    # the same board as the full picture's top, which keeps its tracker for /game board
    board = want.crop((0, 0, R.BOARD_PX, R.BOARD_PX))
    diff = ImageChops.difference(got, board).convert("L").point(lambda v: 255 if v > 40 else 0)
    assert diff.histogram()[255] == 0
    assert (
        R.headline(midgame())
        == "**Turn 1 of 10** · White 18 pts · Black 16 pts · active card: The Sun"
    )


def test_the_status_line_names_white_too() -> None:
    """White is seat 0: the caption says "White to Activate", not " to Activate"."""
    from dataclasses import replace

    s = replace(opening(), pending=None)  # (no Move pending: White chooses a piece)
    assert s.decider is Player.WHITE
    assert R._status_line(s) == "Turn 1 of 10 · White to Activate", R._status_line(s)


def test_a_long_status_line_fits_the_panel_whole() -> None:
    """A game's end with its reason and the points ran past 70 characters and was cut
    ("(White 3, Blac"): the panel's status line now shrinks to fit, whole."""
    w = R.BOARD_PX - 2 * R.MARGIN
    short = "Turn 1 of 10 · White to Activate"
    assert R._fit(short, w) == (20, False, short)
    long = "Black wins: the game was ended early and decided on points (White 13, Black 14)"
    size, condensed, text = R._fit(long, w)
    assert text == long and size < 20 and condensed
    assert R.text_tile(text, size, R.TEXT, condensed).width <= w
    endless = "x" * 400
    size, condensed, text = R._fit(endless, w)
    assert text.endswith("…") and R.text_tile(text, size, R.TEXT, condensed).width <= w
