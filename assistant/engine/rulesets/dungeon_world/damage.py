"""Damage in the Dungeon World PvP variant: 1dGrit (or a spell's dice) plus bonus dice, minus armor.

Pure helpers; the ruleset (``ruleset.py``) reads the request, rolls through the resolution's dice
source and records the effects.

* "Felix rolls 1d10 (1dGRIT - Fighters have a Grit of 10)"; Barbarians 10, Paladins 8, Bards 6.
* "Mia takes 7 damage -1 armor point (from her Leather Armor) resulting in 6 damage."
* "Attacking a vulnerable target ignores armor." "Damage spells always ignore armor."
* A Helpless target "takes +1d4 damage".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from assistant.engine.errors import InputError

if TYPE_CHECKING:
    from assistant.engine.context import Resolution

IGNORES_ARMOR = "the damage ignores armor"
"""Why armor does not count against damage that ignores it (a damage spell)."""

#: The Grit of the classes the text names ("1dGrit, Paladins have 8 Grit"); the classes it names without a Grit
#: take the damage die of Dungeon World's class as published (Sage LaTorra and Adam Koebel, CC BY 3.0): Wizard
#: d4, Cleric d6, Druid d6, Thief d8, Ranger d8. The Shaman is not one of those: its Grit is asked.
CLASS_GRIT: dict[str, int] = {
    "fighter": 10,
    "barbarian": 10,
    "paladin": 8,
    "bard": 6,
    "wizard": 4,
    "cleric": 6,
    "druid": 6,
    "thief": 8,
    "ranger": 8,
}
#: Die sizes a Grit may have.
GRIT_DICE: tuple[int, ...] = (4, 6, 8, 10, 12)
#: The most damage a request may name as already rolled.
MAX_AMOUNT = 60
#: The most +1d4 damage bonuses one attack may add.
MAX_BONUS_D4 = 5

_DICE = re.compile(r"^\s*(\d{1,2})\s*d\s*(\d{1,2})\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class DamageDice:
    """``count`` dice of ``sides`` faces, e.g. Magic Missile's 2d4."""

    count: int
    sides: int

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


def parse_damage_dice(text: object) -> DamageDice:
    """``"2d4"`` -> DamageDice(2, 4); anything else is an :class:`InputError` saying what to give."""
    match = _DICE.match(text) if isinstance(text, str) else None
    if match is None:
        raise InputError(
            f'The damage dice look like "2d4" (1-10 dice of 4, 6, 8, 10, 12 or 20 sides); not {text!r}.', missing="damage_dice"
        )
    count, sides = int(match.group(1)), int(match.group(2))
    if not 1 <= count <= 10 or sides not in (4, 6, 8, 10, 12, 20):
        raise InputError(f"The damage dice are 1-10 dice of 4, 6, 8, 10, 12 or 20 sides; not {text!r}.", missing="damage_dice")
    return DamageDice(count, sides)


def grit_of(character: dict[str, object]) -> int | None:
    """The character's Grit: ``character.grit`` if set, else their class's (None when the text gives none)."""
    grit = character.get("grit")
    if isinstance(grit, int) and not isinstance(grit, bool):
        return grit
    return CLASS_GRIT.get(str(character.get("class", "")).strip().lower())


def check_grit(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in GRIT_DICE:
        raise InputError(f"{where} is the damage die's size: one of {', '.join(map(str, GRIT_DICE))}; got {value!r}.")
    return value


@dataclass(frozen=True)
class ArmorCheck:
    """How much of a hit's damage gets through armor."""

    damage: int
    armor: int
    """The armor actually subtracted (0 when it is ignored)."""
    ignored_because: str | None
    loss: int


def through_armor(damage: int, armor: int, *, vulnerable: bool, helpless: bool, ignore_armor: bool) -> ArmorCheck:
    """Damage minus armor, never below 0; a vulnerable or helpless target, or armor-ignoring damage, subtracts none."""
    reason = (
        "the target is Helpless"
        if helpless
        else "the target is vulnerable"
        if vulnerable
        else IGNORES_ARMOR
        if ignore_armor
        else None
    )
    subtracted = 0 if reason else max(0, armor)
    return ArmorCheck(damage=damage, armor=subtracted, ignored_because=reason, loss=max(0, damage - subtracted))


def tell_whose_damage(ctx: Resolution, check: ArmorCheck, loss: int) -> None:
    """The damage note names whose HP it comes off and what armor took (Deal Damage is resolved on the sheet of the
    one hit, often not the player's own): "Damage to Mara: 1d10 (1dGrit) = 7, less 3 armor: 4 HP." """
    at = ctx.memo.get("damage_note")
    if not isinstance(at, int) or at >= len(ctx.notes):  # pragma: no cover - the damage roll always writes the note
        return
    name = str(ctx.character.get("name") or "").strip()
    note = ctx.notes[at].rstrip(".")
    if name:
        note = note.replace("Damage:", f"Damage to {name}:", 1)
    if check.ignored_because is None:
        kept = f"less {check.armor} armor"
    elif check.ignored_because == IGNORES_ARMOR:
        kept = "armor does not count"
    else:
        kept = f"ignoring armor ({check.ignored_because})"
    after = f", {loss} after mitigation" if loss != check.loss else ""
    ctx.notes[at] = f"{note}, {kept}: {check.loss} HP{after}."
