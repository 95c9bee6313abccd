"""What a move changed, in the player's words: each effect of a Result as the line the dice card and the journal
show ("Health: 5 → 4 (-1) — Endure Harm", "Find my sister: 0 → 1/10 boxes (+4 ticks)", "Heat: 3 → 2 — a loud score
(filled at 9 and rolled over)"). Pure: one Result in, lines out."""

from __future__ import annotations

import re
from typing import Any

from assistant.engine.model import Result
from assistant.engine.registry import get_ruleset

_IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def plain(value: Any) -> str:
    """A value as the player reads it: ``bad_spot`` -> ``bad spot``, ``True`` -> ``yes``, None -> ``none``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if set(value) == {"level", "name"}:  # a harm: "Broken arm (level 2)"
            return f"{plain_words(str(value['name']))} (level {value['level']})"
        if "ticks" in value:
            ticks = int(value.get("ticks") or 0)
            return f"{ticks // 4}/10 boxes" + (f" and {ticks % 4} ticks" if ticks % 4 else "")
        return ", ".join(f"{plain_words(str(k))} {plain(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(plain(v) for v in value) or "none"
    return plain_words(str(value))


def plain_words(text: str) -> str:
    """Snake-case ids inside a sentence (``weak_hit``, ``in_control``) as words."""
    return _IDENTIFIER.sub(lambda m: m.group(0).replace("_", " "), text)


def unchanged_words(value: Any, bound: str | None) -> str:
    """A meter a change left where it was, in the words the card, the journal, the narration and ``/meter`` share:
    "already at its maximum (5)" (a gain at full blood), "already at its minimum (0)" (a loss at 0), else "no change
    (still 5)" (a change of nothing)."""
    if bound in ("max", "min"):
        return f"already at its {'maximum' if bound == 'max' else 'minimum'} ({plain(value)})"
    return f"no change (still {plain(value)})"


def meter_bound(effect: Any) -> str | None:
    """``max`` or ``min`` when a meter's change moved nothing because the meter stood at that bound (the engine's
    ``held``); None otherwise (a change of 0, an older record)."""
    held = getattr(effect, "held", None) if not isinstance(effect, dict) else effect.get("held")
    return held if held in ("max", "min") else None


def change_line(effect: Any) -> str:
    """The line the card and the journal show for ``effect``."""
    if effect.kind == "choice" and effect.reason:  # the pick, in its own words (not the choice's id)
        return f"Chosen: {plain_words(str(effect.reason))}"
    if effect.kind == "note" and effect.reason:  # a rule the move put in force ("once per session: ..."): its words only
        reason = plain_words(str(effect.reason))
        return reason[:1].upper() + reason[1:]
    target = plain_words(str(effect.target))
    head, dot, field = target.rpartition(".")
    if dot and head and field.replace(" ", "").isalpha():  # "Smuggle wine.productivity": the field of a scheme
        target = f"{field} of {head}"
    target = _ACRONYM.sub(lambda m: m.group(0).upper(), target[:1].upper() + target[1:])  # "Health", "HP", "Max HP"
    if str(effect.kind) == "xp" and target.lower() != "xp":  # Blades' Train: "Prowess XP", not the attribute
        target += " XP"
    if isinstance(effect.after, dict) and str(effect.after.get("name", "")).lower() == target.lower():
        effect = effect.model_copy(update={"after": {k: v for k, v in effect.after.items() if k != "name"}})  # said once
    if effect.before == "" or effect.after == "":  # an empty text is no value: set anew, or cleared
        effect = effect.model_copy(update={k: None for k in ("before", "after") if getattr(effect, k) == ""})
    if _legacy(effect.before) and _legacy(effect.after) and effect.before.get("cleared") == effect.after.get("cleared"):
        # a Starforged legacy track: its boxes, as the sheet draws them ("Quests legacy: 0 → 1/10 boxes (+4 ticks)")
        before, after = int(effect.before.get("ticks") or 0), int(effect.after.get("ticks") or 0)
        return _progress_line(f"{target} legacy", before, after, str(effect.reason or ""))
    if isinstance(effect.before, dict) and isinstance(effect.after, dict):  # a belief marked: what moved, not both dicts
        moved = [k for k in effect.after if effect.before.get(k) != effect.after[k]]
        said = "; ".join(f"{plain_words(k)} {plain(effect.before.get(k))} → {plain(effect.after[k])}" for k in moved)
        if said:
            reason = _NO_OUTCOME.sub("", str(effect.reason or ""))
            return f"{target}: {said}" + (f" — {plain_words(reason)}" if reason else "")
    if effect.kind == "progress" and all(isinstance(v, int) and not isinstance(v, bool) for v in (effect.before, effect.after)):
        return _progress_line(target, int(effect.before), int(effect.after), str(effect.reason or ""))
    if effect.kind == "progress" and isinstance(effect.after, int) and effect.before is None:
        effect = effect.model_copy(update={"after": {"ticks": effect.after}})  # a new track: "0/10 boxes"
    unchanged = effect.before == effect.after and isinstance(effect.after, int) and not isinstance(effect.after, bool)
    if unchanged:  # nothing to take or clear ("heat: 0 → 0 (+0)" read as a change)
        line = f"{target}: {unchanged_words(effect.after, meter_bound(effect))}"
    elif effect.before == effect.after and isinstance(effect.after, str) and effect.after:  # "in control → in control"
        line = f"{target}: still {plain(effect.after)}"
    elif effect.before is None and effect.after is not None:  # newly set ("position: bad spot", a new vow's track)
        line = f"{target}: {plain(effect.after)}"
    elif effect.before is not None and effect.after is None:  # cleared
        line = f"{target}: {plain(effect.before)} → cleared"
    elif effect.before is not None or effect.after is not None:
        delta = f" ({effect.delta:+d})" if isinstance(effect.delta, int) and not isinstance(effect.before, bool) else ""
        line = f"{target}: {plain(effect.before)} → {plain(effect.after)}{delta}"
    else:
        line = target
    reason = _NO_OUTCOME.sub("", str(effect.reason or ""))  # "Lose Momentum: none": a move without an outcome
    if reason:
        line += f" — {plain_words(reason)}"
    return line


_NO_OUTCOME = re.compile(r":\s*none$")


def _legacy(value: Any) -> bool:
    """A legacy track's value: ``{"ticks": 4, "cleared": 0}``."""
    return isinstance(value, dict) and set(value) == {"ticks", "cleared"} and isinstance(value.get("ticks"), int)


#: Names the sheet writes in capitals ("HP", "XP").
_ACRONYM = re.compile(r"\b(?:hp|xp)\b", re.IGNORECASE)


def _progress_line(target: str, before: int, after: int, reason: str) -> str:
    """Progress in the boxes the track shows, the ticks it moved after: "Find my sister: 0 → 1/10 boxes (+4 ticks)"
    (a bare "0 → 4" read as four boxes); "1 box and 2 ticks → 2/10 boxes (+2 ticks)"."""
    was = f"{before // 4}" if not before % 4 else f"{before // 4} box{'' if before // 4 == 1 else 'es'} and {before % 4} ticks"
    now = f"{after // 4}/10 boxes" + (f" and {after % 4} ticks" if after % 4 else "")
    line = f"{target}: {was} → {now} ({after - before:+d} ticks)"
    reason = _NO_OUTCOME.sub("", reason)
    return f"{line} — {plain_words(reason)}" if reason else line


def rolled_over(result: Result) -> list[Any]:
    """The effects, with a meter that filled and rolled over (Blades' heat 3 + 8 → 2 and a wanted level) told as
    that, not as the net "-1" that reads as heat taken off."""
    effects = list(result.effects)
    try:
        meters = get_ruleset(result.system).sheet.meters
    except Exception:  # noqa: BLE001 - no rules data: the effects as they are
        return effects
    out: list[Any] = []
    for i, effect in enumerate(effects):
        spec = meters.get(str(effect.target)) if effect.kind == "meter" else None
        over = spec.at_max if spec is not None else None
        nxt = effects[i + 1] if i + 1 < len(effects) else None
        if (
            over is not None
            and nxt is not None
            and nxt.target == over.meter
            and isinstance(effect.before, int)
            and isinstance(effect.after, int)
            and effect.after < effect.before
        ):
            said = f"filled at {spec.max if spec else ''}" + (" and rolled over" if over.rolls_over else "")
            reason = f"{effect.reason} ({said})" if effect.reason else said
            effect = effect.model_copy(update={"delta": None, "reason": reason})
        out.append(effect)
    return out
