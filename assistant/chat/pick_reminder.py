"""The reminder that a roll's pick still waits, said under the first line that moves on from it, not under every one
(the card above still lists the options, and a move that needs the pick made first says so when rolled)."""

from __future__ import annotations

from assistant.chat.command_turns import CommandTurnsMixin


class PickReminderMixin(CommandTurnsMixin):
    """The reminder of an open pick, said once."""

    def _open_reminder(self) -> list[str]:
        """The note that the last roll's pick still waits, under the first line that moves on from it; [] after that."""
        opened = self._open_choice()
        if opened is None or opened[0] == self._open_told:
            return []
        note = self._choice_open_note()
        self._open_told = opened[0]
        return [note] if note else []
