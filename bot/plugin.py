"""What the bot needs from a game system beyond its rules: the table's words, prompts, pictures,
menus and help. One ``SystemPlugin`` per system, registered in ``bot/systems.py``.

The rules (``rules.<system>``) decide what is legal and what happens; a plugin only turns
commands into the system's actions and words the answers. The shared table (``bot.table``), the
service, the console, the picture worker and the cogs reach every system through this interface.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from bot.commands import MAX_CHOICE_TEXT, Command, parse_text
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.errors import RulesError
from rules.core.history import Event
from rules.core.system import GameSystem

if TYPE_CHECKING:
    from bot.table import Table


@dataclass
class Reply:
    """What the table says back to one command."""

    text: str
    ok: bool = True
    events: list[Event] = field(default_factory=list)
    image: bytes | None = None  # a PNG to show with the answer (board, card, chart)
    image_name: str = "board.png"
    # refused because another player decides now (the service words it for a practice game)
    not_yours: bool = False


@dataclass(frozen=True, slots=True)
class MenuEntry:
    index: int  # the place of the action in ``legal_actions``
    label: str
    secondary: bool = False  # e.g. "Decline": drawn in grey


# A select menu holds up to MENU_SIZE choices; a longer choice is cut into up to MENU_PARTS
# menus on one message (Discord's five rows, one kept for a command's button).
MENU_SIZE = 25
MENU_PARTS = 4


@dataclass(frozen=True, slots=True)
class Menu:
    """The current decision as buttons (a few choices) or select menus (up to MENU_SIZE
    choices each, MENU_PARTS of them), and/or one button for a whole command (``command``: its
    key for ``button_command`` and its label)."""

    entries: tuple[MenuEntry, ...] = ()
    buttons: bool = True
    placeholder: str = "Choose..."
    command: tuple[str, str] | None = None
    # In a game with secrets a menu is shown only to the player who decides, unless it names
    # nothing secret and says so (``public``): then it is on the live message for all to see.
    public: bool = False


class SystemPlugin(ABC):
    """A game system at the table. Subclasses set the class attributes and implement the
    abstract methods; the defaults suit a system whose players choose nothing before play."""

    rules: ClassVar[GameSystem[Any, Any]]
    # What each player chooses before play ("team", "party", "deck"), or "" for nothing.
    choice_word: ClassVar[str] = ""
    # The game option that holds both sides' choices when typed with the game's words
    # ("teams"), and the switches those words may also hold, as a player would type them.
    choice_option: ClassVar[str] = ""
    switches: ClassVar[str] = ""
    # Whether the sides' choices are shown to each other only once setup is done (Wargame
    # Chess: after deployment, ruling R9), not as soon as both are made (``choices_shown``).
    shown_after_setup: ClassVar[bool] = False
    # The sides' choices a game starts with when none are made (shown by the console).
    ready_options: ClassVar[Mapping[str, Any]] = {}
    ready_made: ClassVar[Mapping[str, str]] = {}  # name shown -> the choice's text
    cog: ClassVar[str] = ""  # the extension with this system's own slash commands
    help: ClassVar[str] = ""  # the console's help text
    tutorial: ClassVar[str] = ""  # /help's short tutorial
    credit: ClassVar[str] = ""  # whose rules these are, and their licence
    options: ClassVar[tuple[str, ...]] = ()  # the /game new switches this system takes
    # the console's `game new` words that take the next word as their value (`deck swamp`):
    # that word is the option's, never read as one of the AI's words (`easy`, `white`)
    value_words: ClassVar[tuple[str, ...]] = ()
    # Whether some of the game is secret from one player (hands, gambit cards, deck order).
    # When True the shared layers keep it secret in Discord: the public picture and board are
    # drawn for no seat (``view=None``), the open decision's buttons are shown only to the
    # player who decides (privately), ``private_text`` goes only to its player, and a live game
    # cannot be exported (an ended one can). Event texts, prompts and ``status_text`` must then
    # be safe for all. The rules' ``secrets`` must say the same (the AI redeals them).
    hidden_information: ClassVar[bool] = False

    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def name(self) -> str:
        return self.rules.name

    # ---- a new game ----
    def check_choice(self, text: str) -> tuple[str, str]:
        """A player's choice (a team list, a deck) as (the text to keep, a description for the
        opponent); raises ``RulesError`` with every problem."""
        raise NotImplementedError(f"{self.name} has nothing to choose before play")

    # The kind under which this system keeps a server's own data for choices (e.g. Wargame
    # Chess factions) in the store's per-server state; "" for none.
    library_kind: ClassVar[str] = ""

    def resolve_choice(self, text: str, library: Mapping[str, Any]) -> str:
        """A choice as typed (which may name the server's data, e.g. a faction) as a
        self-contained choice for ``check_choice``; raises ``RulesError``."""
        return text

    def typed_choice(self, text: str) -> str:
        """A choice's text as ``/team`` hands it to the service: checked as typed text, except
        a choice ``resolve_choice`` made self-contained (e.g. with a faction's data)."""
        if self.library_kind and text.startswith("{"):
            return text
        return parse_text(text, self.choice_word, MAX_CHOICE_TEXT)  # a deck list is long

    def complete_choice(
        self, prefix: str, text: str, library: Mapping[str, Any]
    ) -> list[tuple[str, str]]:
        """Autocomplete suggestions (label, value) for a choice being typed under ``prefix``
        (e.g. a faction's name)."""
        return []

    def draft_verdict(self, text: str) -> str:
        """A short verdict on a choice being typed, for autocomplete (e.g. its points total)."""
        try:
            return self.check_choice(text)[1]
        except Exception as e:  # a RulesError, or nothing to choose in this system
            return str(e)

    def choices_shown(self, state: Any) -> bool:
        """With ``shown_after_setup``: whether setup is done and the choices are shown."""
        return True

    def choice_shown(self, state: Any, seat: Player) -> str:
        """With ``shown_after_setup``: the choice ``seat`` made, as shown to players."""
        return ""

    def options_from_words(self, words: Sequence[str]) -> dict[str, Any]:
        """The console's ``game new <system> ...`` words as the system's options (the sides'
        choices, under ``choice_option``, only when the words name them)."""
        return {}

    def console_options(self, words: Sequence[str]) -> dict[str, Any]:
        """``options_from_words`` for the console alone, which may also read local files (e.g.
        a faction file per side); never used for words typed in Discord."""
        return self.options_from_words(words)

    def new_game(self, choices: Mapping[Player, str], options: Mapping[str, Any]) -> Any:
        """A game from each seat's choice (empty when there is nothing to choose)."""
        return self.rules.new_game(options)

    def start(self, table: Table) -> Reply | None:
        """What happens by itself once the game is made (Wargame Chess flips for the Tree
        order); its reply opens the game's first message."""
        return None

    def describe_options(self, options: Mapping[str, Any]) -> str:
        """One line per game option in force, for the challenge and the console."""
        return ""

    # ---- the table's words ----
    @abstractmethod
    def parse(self, verb: str, args: list[str], table: Table) -> Command | None:
        """The console's words for one of this system's commands (None: not one of them)."""

    @abstractmethod
    def run(self, table: Table, command: Command, player: Player | None) -> Reply:
        """Run one of this system's commands (raises ``RulesError`` to refuse)."""

    @abstractmethod
    def concession(self, state: Any, player: Player) -> Action:
        """The action by which ``player`` concedes (``concede``, ``/game concede``)."""

    def claim(self, state: Any, claimant: Player) -> Action:
        """The action that ends a game its other player left idle, claimed by ``claimant``: as
        the rules score an unfinished game (Wargame Chess: on points). By default the idle
        player concedes."""
        return self.concession(state, claimant.other)

    def server_texts(self, events: Sequence[Event]) -> list[tuple[str, str]]:
        """(kind, key) of each server-defined text these events ask to show (e.g. a server's
        own text for a tarot card whose text the rules lack); the service looks them up."""
        return []

    @abstractmethod
    def prompt(self, state: Any) -> str:
        """Who decides now and how, in this system's words (the console's commands)."""

    def discord_prompt(self, state: Any) -> str:
        """The same in Discord's words: buttons and slash commands, never console syntax."""
        return self.prompt(state)

    @abstractmethod
    def describe_action(self, state: Any, action: Action) -> str: ...

    @abstractmethod
    def status_text(self, state: Any) -> str: ...

    @abstractmethod
    def board_text(self, state: Any, view: Player | None) -> str:
        """The board as text from ``view``'s side (None: a spectator's, which shows nothing
        secret)."""

    def private_text(self, state: Any, player: Player) -> str:
        """What only ``player`` may see (their hand, their gambit cards); "" when nothing."""
        return ""

    def glossary(self) -> Mapping[str, str]:
        """Rules terms and their short explanations, for ``/rules`` and ``rules``."""
        return {}

    # ---- pictures (drawn in the picture worker: scenes must pickle) ----
    @abstractmethod
    def scene(self, state: Any, view: Player | None) -> Any:
        """Everything a board picture shows, as small picklable values."""

    def public_scene(self, state: Any, side: Player = Player.WHITE) -> Any:
        """The picture of the game's live message, which everyone sees, from ``side`` (White;
        in a practice game the person's side); no side in a game with secrets. A system may lay
        it out for small screens."""
        return self.scene(state, None if self.hidden_information else side)

    def headline(self, state: Any) -> str:
        """One short line of status for the live message (what its picture leaves out)."""
        return ""

    @abstractmethod
    def draw(self, scene: Any) -> bytes:
        """The PNG of a scene."""

    def board_png(self, state: Any, view: Player | None) -> bytes:
        return self.draw(self.scene(state, view))

    def warm_up(self) -> None:
        """Load what pictures need (fonts, tiles) before the first one is asked for."""
        return None

    # ---- Discord's buttons ----
    def public_answer(self, state: Any) -> tuple[str, str] | None:
        """In a game with secrets whose menu is private: the one answer that names nothing
        secret (passing in a window), offered on the public message beside the button that
        shows the choices privately, so that it takes one click, as (its key for
        ``button_command``, its label). A key, never the action's place among the legal ones:
        that place counts the secret choices before it. None: there is none."""
        return None

    def menu(self, state: Any) -> Menu | None:
        """The open decision as buttons or a menu; None when slash commands answer it."""
        return None

    def button_command(self, key: str) -> Command | None:
        """The command a whole-command button (``Menu.command``) stands for."""
        return None


def check_revised_star(plugin: SystemPlugin) -> None:
    """Refuse ``revised_star`` (The Star's later revision) for a system that has no such option."""
    if "revised_star" not in plugin.options:
        raise RulesError(f"`revised_star` is a Wargame Chess option, not {plugin.name}'s")
