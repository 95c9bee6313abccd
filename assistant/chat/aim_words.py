"""How the player's words aim a move: the character they name, whether that one leads the words, acts on the one
playing, is opposed, acts alongside or is asked to act ("I strike Mara", "Mara hits me", "Mara and I slip in")."""

from __future__ import annotations

import re

from assistant.chat.characters import CharactersMixin
from assistant.chat.their_moves import defends_against

#: Words that aim a move at someone: "I strike Mara", "against Mara", "at the guard".
_AIM = re.compile(
    r"\b(?:against|at|on|attack|attacks|strike|strikes|hit|hits|stab|stabs|shoot|shoots|target)\s+(?:the\s+)?([A-Z][\w'-]+)"
)


#: Where the words go on to what someone else is to do or where ("... into telling us", "... where we hide", "... so
#: that we pass"): a "me" or "us" past it is not the one the named character acts on ("Mara tries to stab me" is).
_FOR_ANOTHER = re.compile(r"\b(?:into|while|where|because|until|so that)\b|;")
#: The named character acting for the one playing ("Mara sings to inspire me", "Mara heals us"): her move, not one
#: made on the one playing (as "Mara hits me" is).
FOR_ME = re.compile(
    r"\b(?:inspir|heal|help|aid|protect|shield|cover|bless|rescu|sav|support|encourag|bandag|patch|steady|steadi|buff|giv|grant|lend)\w*(?:\s+up)?\s+(?:me|us)\b"
    r"|\b(?:heal|bandag|patch|stitch|tend|treat|mend|dress)\w*(?:\s+up)?\s+(?:my|our)\s+(?:wounds?|injur\w*|cuts?|arm|leg|side|burns?)\b"
    r"|\bwatch\w*\s+(?:my|our)\s+backs?\b|\bback\w*\s+(?:me|us)\s+up\b|\bkeeps?\s+them\s+off\s+(?:me|us)\b"
    r"|\b(?:song|songs|tune|melody|ballad|blessing|protection|ward|armor|shield)\s+(?:\w+\s+){0,2}?(?:over|around|for|on|upon)\s+(?:me|us)\b"
)


class AimWordsMixin(CharactersMixin):
    """Reading whom the player's words aim at and who acts in them."""

    def _opposed(self, text: str, target: str) -> bool:
        """The words name the character as the one opposed ("against Duke", "from Duke's blade")."""
        name = str(self._state.characters.get(target, {}).get("name") or target).strip()
        return bool(name) and re.search(rf"\b(?:against|from|versus|vs\.?)\s+{re.escape(name)}\b", text, re.I) is not None

    def _alongside(self, text: str, target: str) -> bool:
        """The words have the named character acting together with the one playing ("Mara and I slip in", "me and
        Mara sneak past"), not on them nor alone."""
        name = re.escape(str(self._state.characters.get(target, {}).get("name") or target).strip())
        lead = r"^\s*(?:(?:then|now|and|so|ok|okay)[\s,]+)?"  # "I strike Mara and I run": Mara is struck
        together = (rf"{lead}{name}\s*,?\s+and\s+(?:i|we|me)\b", rf"{lead}(?:i|me|we)\s+and\s+{name}\b")
        return bool(name) and any(re.search(p, text, re.I) for p in together)

    def _asked_of(self, text: str, target: str) -> bool:
        """The one playing asks the named character to do something ("I ask Mara to keep watch", "I tell Mara to
        wait"): what the player then does is not aimed at her."""
        name = re.escape(str(self._state.characters.get(target, {}).get("name") or target).strip())
        asked = rf"^\s*(?:i|we)\s+(?:ask|tell|beg|order|get|let|have|want)s?\s+{name}\s+to\b"
        return bool(name) and re.search(asked, text, re.I) is not None

    def _leads(self, text: str, target: str) -> bool:
        """The named character is the words' subject, first in them ("Mara attacks the hunter", "then Mara casts a
        spell"), not someone the one playing acts on ("I strike Mara")."""
        name = str(self._state.characters.get(target, {}).get("name") or target).strip()
        return bool(name) and re.match(rf"^\s*(?:(?:then|now|and|so)\s+)?{re.escape(name)}\b(?!')", text, re.I) is not None

    def _acts_on_me(self, text: str, target: str) -> bool:
        """The words tell the named character acting on the one playing ("Mara hits me", "Mara's blade cuts me"),
        not the one playing acting on them ("I hit Mara"), nor acting on someone else for them ("Mara charms the
        tavern keeper into telling us where the hunter sleeps": "us" is in what the keeper is to do)."""
        name = str(self._state.characters.get(target, {}).get("name") or target).strip().lower()
        low = text.lower()
        found = re.search(rf"\b{re.escape(name)}\b", low)
        if not name or found is None or re.search(r"\b(?:i|we)\b", low[: found.start()]):
            return False
        after = _FOR_ANOTHER.split(low[found.end() :], 1)[0]
        mine = str((self._state.active() or {}).get("name") or "").strip().lower()
        me = r"me|us|my|our" + (f"|{re.escape(mine)}" if mine else "")  # "Bart attacks Mia", Mia playing: at me
        return bool(re.search(rf"\b(?:{me})\b", after)) and not defends_against(after) and not FOR_ME.search(after)

    def _target_in(self, text: str, besides: str | None = None) -> str | None:
        """The campaign character (not the one playing, nor ``besides``) the player's words name, else a capitalised
        name after "against", "strike", "at"... (a combatant without a sheet)."""
        low = f" {text.lower()} "
        for cid, character in self._state.characters.items():
            if cid in (self._state.active_character, besides):
                continue
            name = str(character.get("name") or "").strip().lower()
            if name and re.search(rf"\b{re.escape(name)}\b", low):
                return cid
        match = _AIM.search(text)
        if match and match.group(1).lower() not in {"i", "my", "me", "them", "him", "her", "it", "you"}:
            return match.group(1)  # only an attack takes it (see _aim): "on Monday" aims at no one
        return None
