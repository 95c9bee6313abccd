"""A roll's open pick as /undo and the lines after it meet it: a first /undo sets an optional pick aside and takes
nothing back, as /undo with an unrolled move's question does; a second /undo takes back the roll. A pick the rules
require cannot be set aside: its notes say "make it, or /undo the roll", and /undo takes back the roll at once. The
reminder that a pick waits is said under the first line that moves on, not under every one."""

from __future__ import annotations

from assistant.chat.command_turns import CommandTurnsMixin
from assistant.engine import get_ruleset


class PickHeldMixin(CommandTurnsMixin):
    """/undo over a roll whose pick is open, and the reminder of an open pick said once."""

    def _pick_held_on_undo(self) -> str:
        """What a first /undo says while the last roll's optional pick is open (the pick set aside, nothing undone), or
        "" when /undo should take back the last change as usual: no pick open, a pick the rules require, the roll not
        the last change, or the /undo after a pick was undone (walking back)."""
        from assistant.chat.choosing import open_options, options_in_words

        opened = self._open_choice()
        if opened is None or opened[0] != self.known.top:
            self._undo_held = None
            return ""
        seq, result = opened
        if self._undo_held == seq:  # the second /undo in a row: the roll itself
            self._undo_held = None
            return ""
        self._undo_held = seq
        options = open_options(result.choices)
        listed = options_in_words(options) if len(options) <= 4 else f"the {len(options)} options under its card"
        ruleset = get_ruleset(self.system)
        if any(c.required or ruleset.is_owed(c.id) for c in result.choices):
            self._undo_held = None  # a pick the rules require: its notes say "/undo the roll", and /undo does
            return ""
        self._declined = seq  # its options are no longer read from the player's words
        self._open_told = seq
        return (
            f"Set aside {result.move}'s pick ({listed}): nothing from it was taken, and the roll stands (/choose "
            "still picks it until your next move). "
            f"Type /undo again to take back the {result.move} roll itself."
        )

    def _open_reminder(self) -> list[str]:
        """The note that the last roll's pick still waits, under the first line that moves on from it; [] after that
        (the card above still lists the options, and a move that needs the pick made first says so when rolled)."""
        opened = self._open_choice()
        if opened is None or opened[0] == self._open_told:
            return []
        note = self._choice_open_note()
        self._open_told = opened[0]
        return [note] if note else []
