"""What the chat says when the player's words offer no move: one clear thing. A move the game's text has not
("I discern realities" in the PvP combat text) is said as that note alone, with what to do instead, not under a "No move
fits that yet" that the note then contradicts; a move that would change nothing says so; otherwise how to go on."""

from __future__ import annotations

from assistant.chat.game_lacks import absent_move_notes
from assistant.chat.refusals import CHANGES_NOTHING, NOT_SUGGESTED

NO_FIT = "No move fits that yet. Describe what your character does, or roll a move with /roll <move> +stat."
NOTHING_TO_ROLL = "Nothing to roll for that now."


def nothing_offered(system: str, text: str, notes: list[str]) -> tuple[str, list[str]]:
    """What to say when no move is offered for ``text``, and the notes still to show under it."""
    absent = set(absent_move_notes(system, text))
    said_absent = [n for n in notes if n in absent]
    if said_absent:  # the note is the answer: the move is not in this game, and what to make instead
        return " ".join(said_absent), [n for n in notes if n not in absent]
    if any(CHANGES_NOTHING in n or NOT_SUGGESTED in n for n in notes):  # the note says why: "Heal would change nothing"
        return NOTHING_TO_ROLL, notes
    return NO_FIT, notes
