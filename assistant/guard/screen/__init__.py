"""The screen: a few structural rules about what a model's sentence may not do at all, whatever its words.

The word-family checks of :mod:`assistant.guard` read a draft's claims against the Result; written from one set of
scripts' words, they carried over to new scripts poorly (held-out sets 28–31). The screen asks less of a sentence:
after the engine's opening (the attempt and its outcome, or the oracle's answer) a model's sentence adds the world's
colour, and the engine's own sentences already tell everything decided. So a model sentence may not:

- give a number (:mod:`.numbers`): every number the player reads is the engine's, on the card;
- speak the game's own terms (:mod:`.terms`): rolls, the die, initiative, momentum, "the player", the GM;
- ask or instruct (:mod:`.asks`): a question or an order is the prompt read out, or the player's turn taken;
- restate what is still open (:mod:`.open_picks`): an open option's or an offered move's words are the panel's;
- tell a change of state (:mod:`.changes`): "now", "finally", "remains", "again", "gives way" tell what changed
  or did not, which is the engine's to say.

It is the guard's last net (read when no word check flagged the draft), and it reads only a model's draft
(``facts.sheet`` set: the offline template's sentences are the engine's own) and never the engine's opening. A flagged
draft gets the chat's retry, then the opening alone: faithful, only poorer.
"""

from __future__ import annotations

from collections.abc import Sequence

from assistant.guard.facts import Facts
from assistant.guard.model import Violation
from assistant.guard.screen.asks import screen_asks
from assistant.guard.screen.changes import screen_changes
from assistant.guard.screen.numbers import screen_numbers
from assistant.guard.screen.open_picks import screen_open_picks
from assistant.guard.screen.terms import screen_terms
from assistant.guard.text import Sentence, opening_read

__all__ = ["check_screen"]


def check_screen(told: Sequence[Sentence], facts: Facts, intent: str | None = None) -> list[Violation]:
    """The screen's violations in the model's sentences of ``told`` (none for the template, none in the opening, read
    with the player's words ``intent`` blanked as the story's sentences are)."""
    if not facts.sheet:
        return []
    opening = opening_read(facts.told, intent)
    found: list[Violation] = []
    for sentence in told:
        if " ".join(sentence.original.split()).lower() in opening:
            continue
        found += (
            screen_numbers(sentence)
            or screen_terms(sentence)
            or screen_asks(sentence)
            or screen_open_picks(sentence, facts)
            or screen_changes(sentence)
        )
    return found
