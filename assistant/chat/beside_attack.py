"""What a Dungeon World attack line is offered beside the attack: not a move that makes no roll of the character's own
(Your Turn Begins, Take a Bonus, Suffer a Control Move, a Saving Throw against a control move nobody made), nor a
move the text gives another class ahead of the moves the character's own class makes (Arcane Art, "(Bard Starting
Move)", for a Fighter's "i hit mara again")."""

from __future__ import annotations

from typing import Any

from assistant.chat.class_words import of_another_class
from assistant.engine import AssistantError, get_ruleset

__all__ = ["a_deed", "beside_a_song", "beside_an_attack", "other_class_last"]

#: The moves that are a blow struck by the one who makes them ("When you make a concerted effort to attack an enemy").
_BLOWS = frozenset({"hack_and_slash", "volley"})


def a_deed(system: str, name: str) -> bool:
    """Whether the move is one a character chooses to make with a roll of their own (Hack & Slash), not one made
    against them ("Saving Throw", its stat dictated by the control move) nor one without dice: what a caster "does
    instead" of a spell they cannot pay for."""
    try:
        roll = get_ruleset(system).find_move(name).roll
    except AssistantError:
        return False
    return roll.type in ("action", "total", "pool") and not roll.stat_from


def _named(words: str, move: str) -> bool:
    return move.lower() in words.lower()


def beside_an_attack(system: str, suggestions: list[Any], words: str) -> list[Any]:
    """``suggestions`` without the moves that are no deed of anyone's own beside a blow offered first ("my turn, i
    attack mara": Hack & Slash, not Your Turn Begins; "i swing at mara": no Saving Throw), nor those the sheet refuses
    now (a Fighter's Cast a Spell with no mana); the words naming such a move keep it ("i take a bonus and attack")."""
    if get_ruleset(system).system_id != "dungeon-world" or not suggestions:
        return suggestions
    if str(getattr(suggestions[0], "move_id", "")) not in _BLOWS:
        return suggestions
    return [suggestions[0]] + [
        s for s in suggestions[1:] if a_deed(system, str(getattr(s, "move", ""))) or _named(words, str(getattr(s, "move", "")))
    ]


#: Beside a bard's Arcane Art: not the ally's Receive Arcane Art ("When a bard's Arcane Art gives you, their ally, the
#: selected effect": it follows the bard's hit, on the ally's sheet) nor a blow or damage dealt (a song for Duke is no
#: blow on him).
_NOT_BESIDE_A_SONG = frozenset({"receive_arcane_art", "deal_damage", "hack_and_slash", "volley", "magic_missile"})


def beside_a_song(system: str, suggestions: list[Any], words: str) -> list[Any]:
    """``suggestions`` with Arcane Art first without the moves that are no choice of the bard's beside it ("mara sings
    arcane art to buff duke": not Receive Arcane Art as Mara's, nor Hack & Slash or Deal Damage on Duke); named, they
    stay."""
    if get_ruleset(system).system_id != "dungeon-world" or not suggestions:
        return suggestions
    if str(getattr(suggestions[0], "move_id", "")) != "arcane_art":
        return suggestions
    return [
        s
        for s in suggestions
        if str(getattr(s, "move_id", "")) not in _NOT_BESIDE_A_SONG or _named(words, str(getattr(s, "move", "")))
    ]


def other_class_last(system: str, sheet: dict[str, Any] | None, suggestions: list[Any], words: str) -> list[Any]:
    """``suggestions`` without the moves the text gives another class than the character's, unless first or named
    ("i hit mara again" for a Fighter: Hack & Slash, then Deal Damage, not Arcane Art, "(Bard Starting Move)"); the
    first is kept, and told of (see ``other_class_notes``): a multiclass move may have given it."""
    if not suggestions or not sheet:
        return suggestions
    return [suggestions[0]] + [
        s for s in suggestions[1:] if not of_another_class(system, sheet, s) or _named(words, str(getattr(s, "move", "")))
    ]
