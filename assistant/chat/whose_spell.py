"""Whose spell the words cast: the one playing's, another character's ("Mara casts ..."), or a foe's at the one
playing ("she casts magic missile at me"), whose damage lands on the player's sheet with the spell's own dice; and a
cast no sheet can pay for, told instead of the moves."""

from __future__ import annotations

from typing import Any

from assistant.chat.beside_attack import a_deed
from assistant.chat.move_reading import MoveReadingMixin
from assistant.chat.sheet_text import shown_name
from assistant.chat.spell_refused import cast_refused, is_spell, their_spell_lands


class WhoseSpellMixin(MoveReadingMixin):
    """The caster of a spell the words tell."""

    def _spell_at_me(self, text: str, suggestions: list[Any], notes: list[str]) -> tuple[list[Any], list[str]]:
        """Another's spell cast at the one playing: the player's own spells left out (theirs is not the player's to
        pay for), else what it does to them (its damage, with the spell's dice and armor not counted, or a defence);
        the notes about the spells left out go with them."""
        landed = self._not_my_spells(suggestions)
        if not landed:
            landed = self._not_my_spells(self._suggestions_for(f"{text}, it hits me for damage")[0])
        gone = {str(s.move) for s in suggestions if s not in landed and is_spell(s)}
        gone -= {str(s.move) for s in landed}
        kept = [n for n in notes if not any(n.startswith(f"{move} ") or f" {move} is" in n for move in gone)]
        return their_spell_lands(text, landed), kept

    def _cast_refused(self, text: str, suggestions: list[Any]) -> str:
        """The words cast a spell no sheet can pay for now: what the player is told instead of the moves ("" else)."""
        spells = [s for s in suggestions if str(s.move_id).startswith(("cast_a_spell", "magic_missile"))]
        maker = self._makers(spells[:1])[0] if spells else None
        who = shown_name(self._state, maker) if maker and maker != self._state.active_character else ""
        makers = self._makers(suggestions)
        instead = tuple(
            s.move
            for s, m in zip(suggestions, makers, strict=True)
            if s not in spells and m == maker and a_deed(self.system, str(s.move))
        )
        return cast_refused(text, suggestions, who, instead)

    def _not_my_spells(self, suggestions: list[Any]) -> list[Any]:
        """``suggestions`` without the one playing's spells (another's spell cast at them is not theirs to cast)."""
        own = self._state.active_character
        makers = self._makers(suggestions)
        return [s for s, m in zip(suggestions, makers, strict=True) if not (is_spell(s) and m == own)]

    def _makers(self, suggestions: list[Any]) -> list[str | None]:
        """Whose move each suggestion is: another character's the words name ("Mara stabs me"), else the one playing's."""
        own = self._state.active_character
        return [(s.request or {}).get("character_id") if self._actor_of(s.request or {}) else own for s in suggestions]
