"""The card's lines for what a move changed ("Momentum 2 → 3.", "Impact marked: wounded.", "Focus 3 → 2 → 1."), and
the words they share with the rest of the card (:mod:`assistant.narrate.facts`)."""

from __future__ import annotations

import re
from typing import Any

from assistant.engine.change_words import meter_bound, unchanged_words
from assistant.engine.kinds import EffectKind
from assistant.engine.model import Effect, Result

__all__ = ["ACRONYMS", "NOT_NAMED", "effect_line", "effect_lines", "humanize", "mid_sentence", "signed"]

#: Kinds of change told as "before → after"; other kinds are told by their reason (or delta).
BEFORE_AFTER_KINDS = frozenset({"meter", "xp", "clock", "legacy", "progress"})
#: A reason that only names the move and its outcome ("Set Up a Scheme: weak hit"): the change is told by its numbers.
_BARE_OUTCOME = re.compile(
    r"^[^:]{1,60}:\s*(?:strong hit|weak hit|miss|critical|full success|partial success|bad outcome)$", re.I
)


def humanize(name: str) -> str:
    """``companion_health`` -> ``companion health``."""
    return name.replace("_", " ").strip()


def mid_sentence(name: str) -> str:
    """A track's name as it reads inside a sentence: "The raider" -> "the raider" ("Progress on the raider"); a name
    whose next word has a capital keeps its own ("The Iron Prince"), and so does any other name ("Find my sister")."""
    found = re.match(r"(The|A|An) (?=[a-z])", name)
    return found.group(1).lower() + name[len(found.group(1)) :] if found else name


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "marked" if value else "clear"
    if isinstance(value, dict) and "ticks" in value:
        return f"{value['ticks']} tick{'' if value['ticks'] == 1 else 's'}"  # "0 ticks → 1 tick"
    return humanize(str(value)) if isinstance(value, str) else str(value)


ACRONYMS = {"xp": "XP", "hp": "HP", "max_hp": "Max HP"}
"""Meters written as the rulebooks write them ("HP 22 → 17", not "Hp")."""


def _names_only_its_kind(target: str, reason: str) -> bool:
    """A track named by its kind alone ("The fight", no foe named) whose reason already says that kind ("a new
    formidable fight"): the name adds nothing to the line."""
    words = target.lower().split()
    return len(words) == 2 and words[0] == "the" and reason.lower().split()[-1:] == words[1:]


def effect_line(effect: Effect) -> str:
    """One change, e.g. ``Momentum 2 → 3.`` or ``Impact marked: wounded.``"""
    target = humanize(effect.target)
    if effect.kind is EffectKind.BURN:
        return f"{target.capitalize()} burned: {effect.before} → {effect.after}."
    if effect.kind is EffectKind.RESET and isinstance(effect.before, int) and isinstance(effect.after, int):
        return f"{target.capitalize()} reset: {effect.before} → {effect.after}."
    if effect.kind == "impact":
        return f"Impact {'marked' if effect.after else 'cleared'}: {target}."
    if effect.kind == "position":
        return f"Position: {_value(effect.after)}."
    if effect.kind == "choice":
        return f"Chosen: {effect.reason}" + ("" if effect.reason.endswith((".", "?", "!")) else ".") if effect.reason else ""
    if effect.kind == "note":
        return effect.reason[:1].upper() + effect.reason[1:].rstrip(".") + "." if effect.reason else ""
    if effect.kind == "next_move_add":
        return f"Add on your next move: {effect.before} → {effect.after}."
    if effect.kind == "progress" and effect.before is not None and effect.before == effect.after:
        return ""  # an empty track cleared (Forsake Your Vow): "0 → 0 ticks" tells nothing
    if effect.kind == "progress" and effect.before is not None:
        rolled = f" ({effect.reason})" if (effect.reason or "").startswith("rolled ") else ""  # recommit's dice
        ticks = f"tick{'' if effect.after == 1 else 's'}"
        return f"Progress on {mid_sentence(target)}: {effect.before} → {effect.after} {ticks}{rolled}."
    if effect.kind == "rank":
        return f"{target[:1].upper()}{target[1:]} rank: {_value(effect.before)} → {_value(effect.after)}."
    if effect.before is None and effect.after is None or effect.kind in {"progress", "clock"} and effect.before is None:
        if effect.reason and _names_only_its_kind(target, effect.reason):  # "The fight: a new formidable fight."
            return f"{effect.reason[:1].upper()}{effect.reason[1:]}."
        return f"{target[:1].upper()}{target[1:]}: {effect.reason}." if effect.reason else ""
    if effect.kind not in BEFORE_AFTER_KINDS:  # a system's own kind of change: say it in the engine's words
        numbers = all(isinstance(v, int) and not isinstance(v, bool) for v in (effect.before, effect.after))
        # "Set Up a Scheme: weak hit" says no more; a named thing's field ("Racket.productivity") is told by its
        # numbers, as a meter is, not by the rule's words alone ("Increase productivity (max +3).")
        if numbers and (_BARE_OUTCOME.match(effect.reason or "") or "." in effect.target):
            field = target.replace(".", " ")
            field = f"{field[:1].upper()}{field[1:]}"
            return (
                f"{field}: {unchanged_words(effect.after, None)}."
                if effect.before == effect.after
                else (f"{field}: {effect.before} → {effect.after}.")
            )
        if effect.reason:
            return effect.reason[:1].upper() + effect.reason[1:].rstrip(".") + "."
        if effect.delta is not None:
            return f"{target[:1].upper()}{target[1:]} {signed(effect.delta)}."
    label = ACRONYMS.get(effect.target) or f"{target[:1].upper()}{target[1:]}"
    if effect.kind == "clock" and not label.lower().endswith("clock"):
        label += " clock"
    if effect.kind == "legacy":
        label += " legacy"
    if effect.kind == "xp" and effect.target != "xp":  # Blades' Train: "Prowess XP 0 → 1", not the attribute
        label += " XP"
    if effect.before == effect.after and isinstance(effect.after, int) and not isinstance(effect.after, bool):
        # nothing to take or clear, or already at its bound: said so, with the value ("Blood: already at its maximum (5)."
        # on a Feed at full blood: a bare "no change" read as the gain lost), as the dice card and the journal say it
        return f"{label}: {unchanged_words(effect.after, meter_bound(effect))}."
    return f"{label} {_value(effect.before)} → {_value(effect.after)}."


#: A change the engine could not write because its name was not given: the engine's note says what to do instead.
NOT_NAMED = re.compile(r"\(the [\w ]+ not named\)$")


def impact_word(system: str) -> str:
    """What the system's sheet calls a marked impact, singular ("Condition" in Dungeon World, whose sheet lists
    "Conditions and debilities"; "Impact" in the Ironsworn games)."""
    try:
        from assistant.engine import get_ruleset

        editing = get_ruleset(system).sheet.spec.editing
    except Exception:  # noqa: BLE001 - a system without a sheet: the engine's word
        return "Impact"
    fields = editing.fields if editing is not None else []
    label = next((str(f.label) for f in fields if f.name == "impacts"), "Impacts")
    first = label.split()[0] if label.split() else "Impacts"
    return first[:-1] if first.endswith("s") else first


def effect_line_of(system: str, effect: Effect) -> str:
    """:func:`effect_line` in the system's words: "Condition marked: vulnerable." in Dungeon World, whose sheet lists
    conditions and debilities, not impacts."""
    line = effect_line(effect)
    if effect.kind == "impact" and line.startswith("Impact "):
        return impact_word(system) + line.removeprefix("Impact")
    return line


def effect_lines(result: Result) -> list[str]:
    shown = [e for e in result.effects if not NOT_NAMED.search(e.reason or "")]
    lines: list[str] = []
    last: Effect | None = None
    for effect in shown:
        if last is not None and lines and _goes_on(last, effect):
            lines[-1] = f"{lines[-1].removesuffix('.')} → {_value(effect.after)}."  # "Focus 3 → 2 → 1."
        else:
            line = effect_line_of(result.system, effect)
            if not line:
                continue
            lines.append(line)
        last = effect
    return lines


def _goes_on(last: Effect, effect: Effect) -> bool:
    """A meter changed again right after its last change in the same move ("Focus 3 → 2" for the remaining harm, then
    "Focus 2 → 1" for the miss): one line on the card, "Focus 3 → 2 → 1", as the sheet went through it."""
    numbers = all(isinstance(v, int) and not isinstance(v, bool) for v in (last.before, last.after, effect.after))
    return (
        numbers
        and effect.kind == "meter"
        and last.kind == "meter"
        and last.target == effect.target
        and last.after == effect.before
        and last.before != last.after
        and effect.before != effect.after
    )


_SPENT = re.compile(r"^Spent (\d+) coin: ")


def coin_spent(result: Result, recent: tuple[str, ...] | list[str]) -> int:
    """The coin spent after the roll to raise its result, when the last narrations did not tell that spend yet (Blades:
    "spend 1 coin" on a roll whose price was picked is the spend, not the pick told again); 0 otherwise."""
    told = " ".join(" ".join(recent[-3:]).split())
    for note in result.notes:
        m = _SPENT.match(note)
        if m and note not in told:
            return int(m.group(1))
    return 0
