"""A cast line ("ilyana casts bless weapon") when the sheet cannot pay for any spell the words fit: the player is told
that the spell cannot be cast now, why (the mana the rules ask for), and what they can do instead; nothing is rolled
and nothing changes. A cast line the sheet can pay for offers the spell first, never Hack & Slash."""

from __future__ import annotations

import re
from typing import Any

from assistant.chat.their_moves import NOT_NOW

__all__ = ["cast_at_you", "cast_refused", "is_spell", "spells_first", "their_spell_lands"]

#: "casts", "cast", "casting", "i cast": the words of a spell being cast.
_CAST = re.compile(r"\bcast(?:s|ing)?\b\s*(?:a\s+|an\s+|the\s+|my\s+|her\s+|his\s+|their\s+)?(?P<spell>[a-z][\w' -]*)?", re.I)
#: Where a spell's name ends in the line: "bless weapon on kira", "fireball at the orc".
_SPELL_END = re.compile(r"\s+(?:on|at|to|upon|onto|against|into|over|for|with|while|and|so|as|then|because)\b.*$", re.I)
_SPELL_MOVES = ("cast_a_spell", "magic_missile")
#: The rule the refusal rests on (the Dungeon World variant's Cast a Spell: "You cannot cast a spell unless you have
#: mana equal to the spell's level").
_RULE = "a spell needs mana equal to its level"


#: A spell someone else casts at the one playing: "she casts magic missile at me", "the wizard casts a hold spell on
#: us" (their spell, not the player's: no mana of the player's is asked for, and the player's spells are not offered).
_CAST_AT_YOU = re.compile(
    r"^\W*(?:then\s+|suddenly\s+)?(?:she|he|they|it|the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?|an?\s+[a-z][\w-]*)\s+"
    r"(?:casts?|is\s+casting|starts\s+casting|begins\s+casting|hurls?|fires?)\b(?=.*\b(?:me|us|my|our)\b)",
    re.I,
)


#: Someone else's spell landing on the one playing: "her magic missile hits me", "the wizard's spell slams into us".
_THEIR_SPELL_HITS = re.compile(
    r"\b(?:her|his|their|its|the\s+[a-z][\w-]*(?:'s|’s)|[a-z][\w-]*(?:'s|’s))\s+(?:[a-z][\w-]*\s+){0,2}?"
    r"(?:spell|missile|missiles|fireball|bolt|magic)\s+(?:hits?|strikes?|slams?|burns?|catches|lands?)\b.*\b(?:me|us)\b",
    re.I,
)


def cast_at_you(text: str) -> bool:
    """Whether the words tell a spell cast at the one playing by someone the sheet does not hold ("she casts magic
    missile at me", "her magic missile hits me")."""
    return bool(_CAST_AT_YOU.search(text)) and bool(_CAST.search(text)) or bool(_THEIR_SPELL_HITS.search(text))


#: A damage spell's own dice, by the words that name it (Magic Missile: "Deal 2d4 damage to one target, ignoring armor").
_SPELL_DICE = ((re.compile(r"\bmagic\s+missiles?\b|\bmissiles?\b", re.I), "2d4"),)


def their_spell_lands(text: str, suggestions: list[Any]) -> list[Any]:
    """``suggestions`` with the Deal Damage of another's spell cast at the one playing carrying that spell's damage:
    its own dice when the words name it ("she casts magic missile at me": 2d4), and armor left out ("Damage spells
    always ignore armor"), so the player is not asked for a grit die a spell does not use."""
    import dataclasses

    dice = next((d for words, d in _SPELL_DICE if words.search(text)), None)
    out = []
    for s in suggestions:
        request = dict(getattr(s, "request", None) or {})
        if request.get("move") not in ("deal_damage", "Deal Damage") or not dataclasses.is_dataclass(s):
            out.append(s)
            continue
        options = {k: v for k, v in dict(request.get("options") or {}).items() if k != "grit"}
        options["ignore_armor"] = True
        if dice and not any(k in options for k in ("amount", "damage_dice")):
            options["damage_dice"] = dice
        dealt = f"damage, {options['damage_dice']}" if "damage_dice" in options else "damage dice, asked when you make it"
        words = f"the spell's own {dealt}; armor does not count (damage spells always ignore armor)"
        out.append(dataclasses.replace(s, request={**request, "options": options}, odds_words=words))  # type: ignore[type-var]
    return out


def is_spell(suggestion: Any) -> bool:
    return str(getattr(suggestion, "move_id", "")).startswith(_SPELL_MOVES)


def _refusal(suggestion: Any) -> str:
    return str(getattr(suggestion, "odds_words", "") or "")


def _spell_named(text: str) -> str:
    """The spell the words name ("ilyana casts bless weapon on kira" -> "Bless Weapon"), or ""."""
    found = _CAST.search(text)
    spell = (found.group("spell") or "") if found else ""
    spell = _SPELL_END.sub("", spell).strip(" .!?,'")
    if not spell or spell.lower() in {"a spell", "spell", "spells", "it", "magic"}:
        return ""
    return " ".join(w[:1].upper() + w[1:] for w in spell.split())


def spells_first(text: str, suggestions: list[Any]) -> list[Any]:
    """``suggestions`` with the spells the sheet can pay for first when the words cast one ("I cast magic missile at
    the orc" offers Magic Missile, not Hack & Slash, first); as they are otherwise."""
    if not _CAST.search(text) or not any(is_spell(s) and not _refusal(s).startswith(NOT_NOW) for s in suggestions):
        return suggestions
    return sorted(suggestions, key=lambda s: not (is_spell(s) and not _refusal(s).startswith(NOT_NOW)))


def cast_refused(text: str, suggestions: list[Any], who: str = "", instead: tuple[str, ...] = ()) -> str:
    """What the player is told when the words cast a spell and every spell offered is refused by the sheet now:
    the spell, the reason, where the mana comes back and what they can do instead; "" when the words cast nothing or
    a spell can be cast. ``who`` is the caster's name when not the one playing; ``instead`` the caster's other moves
    offered for the words ("Hack & Slash")."""
    spells = [s for s in suggestions if is_spell(s)]
    if not _CAST.search(text) or not spells or not all(_refusal(s).startswith(NOT_NOW) for s in spells):
        return ""
    reason = _refusal(spells[0]).removeprefix(NOT_NOW)
    need = reason.rpartition(": ")[2] if ": " in reason else reason  # "this one needs 1 mana and Ilyana has 0"
    need = re.sub(r"^this one needs", "it needs", need)
    if "mana" not in need:  # another refusal (a spell lost until rest, bound hands): said as the rules say it
        return f"{reason[:1].upper()}{reason[1:]}. Nothing was rolled and nothing changed."
    needed = re.search(r"needs (\d+) mana", need)
    amount = needed.group(1) if needed else "<amount>"
    spell = _spell_named(text) or "a spell"
    if spell != "a spell" and (spell.lower().endswith(" spell") or spell.lower().startswith("spell ")):
        # "a control spell", "a spell of fire", not "Control Spell", "Spell Of Fire"
        spell = "a " + spell.lower()
    caster = who or "you"
    does = f"{who} does" if who else "you do"
    ways = f" ({' or '.join(instead[:2])})" if instead else ""
    return (
        f"{caster[:1].upper() + caster[1:]} can't cast {spell} now: {_RULE}, and {need.replace(' and ', ' while ', 1)}. "
        f"Mana lost to a failed cast comes back when {caster} {'rests' if who else 'rest'}. Say what {does} instead{ways}, or "
        f"/set {who + ': ' if who else ''}mana {amount} if the sheet is wrong. Nothing was rolled and nothing changed."
    )
