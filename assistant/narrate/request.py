"""What a narrator is given (:class:`NarrationRequest`), what it is (:class:`Narrator`), and how it fails."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from assistant import config
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.model import Result

if TYPE_CHECKING:
    from rules_index.search import Hit

Task = Literal["narrate", "oracle", "pay_the_price", "table"]
Style = Literal["vivid", "terse"]
TASKS: tuple[str, ...] = ("narrate", "oracle", "pay_the_price", "table")
STYLES: tuple[str, ...] = ("vivid", "terse")
STORY_SENTENCES = config.STORY_SENTENCES
"""The most sentences a model's story adds after the engine's opening (the attempt and how it went, an oracle's
answer, a table's row), one more on a turn with no opening; ``TABLETOP_LLM_STORY_SENTENCES`` sets it. The engine's
opening tells what happened; the model tells the world's answer and stops where the player decides. Read sentence
by sentence, a 1.5B model's first drafts (150 of them, six runs) broke the engine's facts in 32 % whole, 29 % cut
after two sentences of their own and 21 % after one (docs/faithfulness.md): what follows the first sentence is where
it decides for the player, wounds them or tells a miss as found. A large model may be given more."""
STORY_TURNS = 0
"""The earlier stories a model narrating a turn reads, by default none (``TABLETOP_LLM_STORY_TURNS`` sets it). A small
model given the story so far told it again as this turn's (a quarter of its first drafts; docs/faithfulness.md); the
player's declared action, the oracle's established answers, the character and the tracks carry the scene. A large
model keeps a longer story together with a few (3-6)."""


class NarrationFailed(AssistantError):
    """The language model could not narrate (timeout, rate limit, connection, bad response).

    The chat loop catches it and narrates with the template instead. The message never holds the API key.
    """

    kind = "narration_failed"


class NarrationTimedOut(NarrationFailed):
    """The turn's deadline passed while the model was still writing (it had started answering). The sentences it
    already wrote and the guard passed may stand as the story (:mod:`assistant.chat.narration`)."""


@dataclass(frozen=True)
class NarrationRequest:
    """Everything a narrator may use for one turn. The engine's ``results`` are the only source of facts."""

    task: str
    """``narrate`` | ``oracle`` | ``pay_the_price`` | ``table``."""
    system: str
    player_text: str
    """The player's intent or message."""
    results: tuple[Result, ...]
    """What the engine decided this turn (empty for a pure story beat)."""
    character: dict | None = None
    """The active character after the move."""
    tracks: tuple[dict, ...] = ()
    """Active progress tracks ``{name, rank, ticks, kind}``."""
    clocks: tuple[dict, ...] = ()
    """Clocks ``{name, segments, filled}``."""
    history: tuple[tuple[str, str], ...] = ()
    """Recent ``(role, text)`` turns, oldest first."""
    rules: tuple[Hit, ...] = ()
    """Retrieved rules passages for this move, best first."""
    question: str = ""
    """The oracle question, when ``task == "oracle"``."""
    feedback: str = ""
    """On a retry: the guard's violations to avoid."""
    style: str = "vivid"
    """``vivid`` | ``terse``."""
    recent: tuple[str, ...] = ()
    """The narrations of the last turns, oldest first: the offline narrator does not repeat their sentences."""
    established: tuple[str, ...] = ()
    """Earlier turns' oracle answers as the story told them ("The reactor is no longer running."), oldest first:
    facts of the session this turn's story must not contradict (the guard holds it to them)."""
    card: bool = True
    """Whether the offline narration states the dice card itself (the move, the dice, the score, what changed, the
    oracle's odds) and lists the open choices. Off where the app draws the card and the choices beside the story
    (the narration would recite them)."""

    opened: str = ""
    """The engine's opening a model's draft showed before it failed ("You make it look easy."): the offline narration
    that replaces the draft opens with it, so the player reads one story, not a second opening in other words."""

    story_turns: int = STORY_TURNS
    """How many of the latest earlier stories the model reads (the guard reads them all). See :data:`STORY_TURNS`."""
    story_sentences: int = STORY_SENTENCES
    """The most sentences the model's story adds after the engine's opening (one more without an opening). See
    :data:`STORY_SENTENCES`."""
    narration_task: str = "add"
    """``add``: the model adds sentences after the engine's opening; ``rewrite``: it only retells the opening's outcome
    sentence (:attr:`rewrite`) with a detail of the scene (:mod:`assistant.chat.narration_rewrite`)."""
    rewrite: str = ""
    """The engine's sentence a ``rewrite`` draft retells ("It goes wrong."); set by the chat for each draft."""
    actor: str = ""
    """Who made the move, when not the one playing ("Mara", rolling with her sheet at you): the story tells the
    outcome as theirs, and their picks as their call."""
    aided: str | None = None
    """Whom an Aid Your Ally aids: their name, "" for the one playing, None when the move names no one (its picks
    then keep the rule's "your ally")."""

    def names(self) -> tuple[str, ...]:
        """The names of who acts this turn (the one playing, the mover): "Kira slips past" on a miss is told as
        Kira's try, not as done."""
        name = str((self.character or {}).get("name") or "")
        return tuple(n for n in (self.actor, name) if n)

    def words_cased(self) -> str:
        """The player's words with the names of who acts written as names ("ilyana casts bless" as "Ilyana casts
        bless"): typed in lower case, a name read as a word would be told as the thing acted on ("You set your sights
        on ilyana")."""
        import re

        text = self.player_text
        for name in self.names():
            if name[:1].isupper():
                text = re.sub(rf"\b{re.escape(name)}\b", name, text, flags=re.IGNORECASE)
        return text

    def last_action(self) -> str:
        """The player's words this turn, or (for a command such as /price, or words that only name the move) their
        last words in the history: the action a Pay the Price row is tied to."""
        words = self.player_text.strip()
        moves = {r.move.lower() for r in self.results}

        def names_a_move(text: str) -> bool:  # "pay the price", "I pay the price.": the move, not an action
            said = " ".join(text.rstrip(".!").lower().split())
            return said in moves or said.removeprefix("i ").removeprefix("we ") in moves

        if words and not words.startswith("/") and not names_a_move(words):
            return words
        said = [text for role, text in self.history if role.lower() in {"user", "player", "human"}]
        return next(
            (
                t
                for t in reversed(said)
                if t.strip() and not t.lstrip().startswith(("/", "#")) and len(t) > 3 and not names_a_move(t)
            ),
            "",
        )

    def __post_init__(self) -> None:
        if self.task not in TASKS:
            raise InputError(f"A narration task is one of {', '.join(TASKS)}; got {self.task!r}.")
        if self.style not in STYLES:
            raise InputError(f"A narration style is one of {', '.join(STYLES)}; got {self.style!r}.")
        if self.story_sentences < 1:
            raise InputError(f"A story adds at least one sentence; got {self.story_sentences}.")


class Narrator(Protocol):
    """Turns a :class:`NarrationRequest` into prose, streamed as text chunks."""

    name: str

    def stream(self, request: NarrationRequest) -> Iterator[str]: ...
