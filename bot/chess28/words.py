"""The console's words for Chess28's commands."""

from __future__ import annotations

from bot import commands as K
from bot.chess28 import commands as C
from rules.chess28.cards import BY_TITLE
from rules.core.errors import ParseError


def _need(args: list[str], n: int, usage: str) -> None:
    if len(args) < n:
        raise ParseError(f"say {usage}")


def parse(verb: str, args: list[str]) -> K.Command | None:
    b = K.build
    if verb == "mode":
        _need(args, 1, "which mode: `mode pinata`, `mode last-standing` or `mode random`")
        K.only(args[1:], {"desperation"}, "`mode pinata [desperation]`")
        return b(C.ChooseMode, mode=args[0], desperation="desperation" in [a.lower() for a in args])
    if verb in ("roll", "rolloff"):
        K.at_most(args, 0, "`roll`")
        return C.RollOff()
    if verb == "chest":
        _need(args, 1, "where: `chest d1`")
        K.at_most(args, 1, "`chest d1`")
        return b(C.PlaceChest, square=args[0])
    if verb == "terrain":
        # kinds joined with spaces around the "+" ("blocking + moveable") are one word
        args = " ".join(args).replace(" +", "+").replace("+ ", "+").split()
        if args and args[0].lower() == "random":
            K.at_most(args, 1, "`terrain random`")
            return C.TerrainRandom()
        _need(args, 2, "which kind and where: `terrain blocking d4` (large: `d4 e4`)")
        if len(args) > 3:
            raise ParseError("a terrain piece covers one square or two: `terrain blocking d4 e4`")
        extra = args[2] if len(args) > 2 else None
        return b(C.PlaceTerrain, kind=args[0], square=args[1], extra=extra)
    if verb == "deploy":
        if args and args[0].lower() == "auto":
            return C.DeployAuto()
        _need(args, 3, "which model, where and facing: `deploy W1 d1 N`")
        K.at_most(args, 3, "`deploy W1 d1 N`")
        return b(C.Deploy, unit=args[0], square=args[1], facing=args[2])
    if verb in ("move", "charge"):
        _need(args, 2, f"which model and where: `{verb} W1 d3 N`")
        K.at_most(args, 3, f"`{verb} W1 d3 N`")
        facing = args[2] if len(args) > 2 else None
        return b(C.Move, unit=args[0], square=args[1], facing=facing, charge=verb == "charge")
    if verb in ("melee", "attack"):
        _need(args, 2, "which model and target square: `melee W1 d4`")
        K.at_most(args, 2, "`melee W1 d4`")
        return b(C.Melee, unit=args[0], target=args[1])
    if verb == "shoot":
        _need(args, 2, "which model and direction: `shoot W1 f` (fl f fr l r bl b br)")
        K.at_most(args, 2, "`shoot W1 f`")
        return b(C.Shoot, unit=args[0], direction=args[1])
    if verb == "shove":
        _need(args, 3, "which model, the terrain's square and where to: `shove W1 d4 d5`")
        K.at_most(args, 3, "`shove W1 d4 d5`")
        return b(C.Shove, unit=args[0], terrain=args[1], square=args[2])
    if verb == "dig":
        _need(args, 1, "which model: `dig W3`")
        K.at_most(args, 1, "`dig W3`")
        return b(C.Dig, unit=args[0])
    if verb in ("emerge", "retreat"):
        _need(args, 3, f"which model, where and facing: `{verb} W3 a4 E`")
        K.at_most(args, 3, f"`{verb} W3 a4 E`")
        return b(C.Place, unit=args[0], square=args[1], facing=args[2], retreat=verb == "retreat")
    if verb == "refresh":
        _need(args, 1, "which drained model: `refresh W2`")
        K.at_most(args, 1, "`refresh W2`")
        return b(C.Refresh, unit=args[0])
    if verb in ("end", "endturn", "pass"):
        K.at_most(args, 0, "`end`")
        return C.EndTurn()
    if verb == "gambit":
        _need(args, 1, "which card: `gambit vault W1`")
        words = list(args)
        # a card's whole title (`moment of glory`, `mystic bolt`), else one word of it
        taken = next(
            (n for n in range(min(3, len(words)), 1, -1) if _titles(words[:n]) in BY_TITLE), 1
        )
        card, words = " ".join(words[:taken]), words[taken:]
        K.at_most(words, 2, "`gambit vault W1`, `gambit castle W1 W2` or `gambit bolt W1 fr`")
        return b(
            C.Gambit,
            card=card,
            unit=words[0] if words else None,
            other=words[1] if len(words) > 1 else None,
        )
    if verb == "choose":
        return b(C.Choose, option=" ".join(args))
    if verb == "reach":
        _need(args, 1, "which model: `reach W1`")
        return b(C.ShowReach, unit=args[0])
    if verb == "hand":
        return C.ShowHand()
    if verb == "card":
        return b(C.ShowCard, model=" ".join(args))
    if verb == "model":
        return b(C.DefineModel, text=" ".join(args))
    if verb in ("rules", "roster"):
        return K.build(C.Lookup, term=" ".join(args) or None)
    if verb == "odds":
        return _odds(args)
    return None


def _odds(args: list[str]) -> K.Command:
    flags = {a.lower() for a in args}
    nums = [a for a in args if a.isdigit()]
    if len(nums) >= 2:
        K.only([a for a in args if not a.isdigit()], {"chill", "iron"}, "`odds 4 2 [chill] [iron]`")
        return K.build(
            C.Odds,
            fight=K.parse_int(nums[0], "Fight", 0, 30),
            defence=K.parse_int(nums[1], "Defence", 0, 30),
            chill="chill" in flags,
            iron="iron" in flags,
        )
    _need(args, 2, "`odds W1 d4` (a model and its target) or `odds 4 2 [chill] [iron]`")
    K.at_most(args, 2, "`odds W1 d4` (the game knows the model's rules)")
    return K.build(C.Odds, unit=args[0], target=args[1])


def _titles(words: list[str]) -> str:
    """Words as a Gambit Card's title is looked up (lower case, no "!")."""
    return " ".join(words).lower().rstrip("!")
