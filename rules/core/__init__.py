"""The shared rules core: what every game system uses.

- ``board``: squares (with a parse/format pair) on boards of any size, and the two seats.
- ``dice``: injected dice sources, scripted dice for replays, and dice that record every roll.
- ``history``: events, steps (an action with its recorded rolls) and replay from a log.
- ``actions``: the base of every system's action values and their JSON form.
- ``errors``: one exception tree whose messages are written for players.
- ``system``: the interface every game system implements, and the result of a game as a value.

Nothing here knows any rulebook; each system lives in its own package beside this one.
"""
