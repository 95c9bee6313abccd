"""Which Dungeon World moves an aim changes: a blow that deals damage, the Deal Damage resolved on the sheet it hurts,
a Saving Throw made by the one resisting, a spell cast with no word of harm."""

from __future__ import annotations

import re

from assistant.chat.characters import CharactersMixin
from assistant.engine import InputError, get_ruleset

#: Words that aim a spell at a foe ("I cast a spell at him", "I blast her with fire", "a curse on my opponent").
_HOSTILE_SPELL = re.compile(
    r"\b(?:at|on|against|into)\s+(?:him|her|them|my\s+(?:foe|enemy|opponent|rival)|the\s+(?:foe|enemy|opponent))\b|"
    r"\b(?:attack|attacks|blast|blasts|burn|burns|hurt|hurts|harm|harms|kill|kills|strike|strikes|smite|smites|hit|hits|"
    r"damage|curse|curses|zap|fry|scorch)\b",
    re.IGNORECASE,
)


class AimMovesMixin(CharactersMixin):
    """What kind of move an aimed suggestion is."""

    def _taken_by_target(self, move: str) -> bool:
        """A Dungeon World move resolved on the sheet of the one it hurts (Deal Damage), not of the one playing."""
        from assistant.chat.undone_words import taken_by_target

        return taken_by_target(self.system, move)

    def _resisted(self, move: str) -> bool:
        """A Dungeon World move made by the one another's move acts on, to resist it (a Saving Throw)."""
        if get_ruleset(self.system).system_id != "dungeon-world" or not move:
            return False
        try:
            return bool(re.search(r"\bresist it\b", get_ruleset(self.system).find_move(move).trigger or "", re.I))
        except InputError:
            return False

    def _unaimed_spell(self, text: str, move: str) -> bool:
        """A Dungeon World spell cast with no word of harm or aim ("I cast a spell", "I cast a spell to light the
        room"): not aimed at the only other character, as a blow would be (it was aimed at Duke)."""
        if _HOSTILE_SPELL.search(text):
            return False
        try:
            found = get_ruleset(self.system).find_move(move)
        except InputError:
            return False
        return found.id in {"cast_a_spell_wizard", "cast_a_spell_cleric"}

    def _attacks(self, move: str) -> bool:
        """A Dungeon World move whose hit deals damage to someone (Hack & Slash, Volley, a damage spell)."""
        if get_ruleset(self.system).system_id != "dungeon-world" or not move:
            return False
        try:
            found = get_ruleset(self.system).find_move(move)
        except InputError:
            return False
        return found.id in {"hack_and_slash", "volley", "magic_missile", "cast_a_spell_wizard", "cast_a_spell_cleric"}
