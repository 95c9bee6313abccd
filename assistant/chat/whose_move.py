"""Whose move a stored or offered one is when it is not the one playing's: told of them in errors, in the story, in
an Aid's picks and in the price of their miss."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.chat.aim_moves import AimMovesMixin
from assistant.chat.characters import their_words
from assistant.chat.sheet_text import shown_name
from assistant.engine import AssistantError


class WhoseMoveMixin(AimMovesMixin):
    """The maker of a move another character makes."""

    def _as_theirs(self, exc: AssistantError, request: Mapping[str, Any]) -> AssistantError:
        """``exc`` told of the character whose sheet the move was rolled with, when not the one playing."""
        maker = request.get("character_id")
        if not maker or maker == self._state.active_character or maker not in self._state.characters:
            return exc
        said = their_words(exc.message, shown_name(self._state, str(maker)))
        exc.message, exc.args = said, (said,)
        return exc

    def _actor_of(self, request: Mapping[str, Any]) -> str:
        """The name of the one who makes this move when it is not the one playing: another character's move rolled
        with their sheet at the one playing ("Mara attacks me"), so the story tells it as theirs; "" otherwise."""
        maker, active = request.get("character_id"), self._state.active_character
        aimed = (request.get("options") or {}).get("target")
        if not maker or maker == active or maker not in self._state.characters or aimed == maker:
            return ""
        if aimed not in (active, None) and aimed not in self._state.characters:
            return ""
        if aimed is None and self._taken_by_target(str(request.get("move", ""))):
            return ""  # "I deal damage" on Mara: her sheet takes it, the move is the one playing's
        return shown_name(self._state, str(maker))

    def _aided(self, result: Any, request: Mapping[str, Any]) -> str | None:
        """Whom an Aid Your Ally aids, as its picks name them: "" for the one playing, their name for another; None
        for any other move, or an aid that names no one."""
        from assistant.narrate.aid_words import AID_MOVE

        target = (request.get("options") or {}).get("target")
        if result.move_id != AID_MOVE or not target:
            return None
        if target == self._state.active_character:
            return ""
        return shown_name(self._state, str(target)) if target in self._state.characters else str(target)

    def _price_payer(self) -> str:
        """The name of the one who pays the price of the last move when it was another character's (Mara's miss):
        the price's rows are told of her ("Mara is stressed"), not of the one playing; "" otherwise. The last move is
        the last roll that decided something: an oracle asked or a table rolled since Mara's miss leaves it hers."""
        from assistant.chat.followed_next import LOOK_BACK
        from assistant.store.no_move import decides_nothing

        top = self.known.top
        if not isinstance(top, int) or isinstance(top, bool) or top <= 0:
            return ""
        found = self.store.events(self.campaign, after=max(0, top - LOOK_BACK), upto=top)
        undone = {e.event.target_seq for e in found if e.event.type == "undo"}
        for stored in reversed(found):
            event = stored.event
            if stored.seq in undone or event.type != "move_resolved":
                continue  # the story's messages, a /set, an undo: no roll
            if decides_nothing(event.result):  # "/oracle is the priest awake?" after Mara's miss: still hers
                continue
            return self._actor_of(
                {**event.request, "character_id": event.state_change.character_id or event.request.get("character_id")}
            )
        return ""
