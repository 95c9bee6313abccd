"""A question about the sheet ("how much heat do we have?", "what is my wanted level?") answered from the sheet: the
value, the last change that made it (the move or the edit, and its reason), and an offer of the rule behind it.
A rules question about the same word ("how much heat does a loud score give?") names no one's sheet and is left to
the rules answer."""

from __future__ import annotations

import contextlib
import re
from typing import Any

from assistant.engine import AssistantError, get_ruleset
from assistant.engine.character_edit import character_rules
from assistant.store.state import CampaignState

#: A question about a value: "how much / how many / what is / what's / where is ... ".
_ASKING = re.compile(
    r"^\W*(?:how\s+much|how\s+many|how\s+high|what(?:'s|’s|\s+is|\s+are|\s+s)?|whats|where(?:'s|\s+is)"
    r"|how\s+[a-z]+\s+(?:am|are)\s+(?:i|we)\b)\b",  # "how hungry am I?"
    re.I,
)
#: Words that point at someone's sheet: "my", "our", "we", "I", "do we have".
_OWNED = re.compile(r"\b(?:my|our|we|i|me|us|i've|we've|we're|i'm)\b", re.I)
#: Words that make it a question about a rule, not about the value ("how much heat does a score give").
_RULE_WORDS = re.compile(
    r"\b(?:does|do\s+(?:you|i|we)\s+(?:get|take|gain|lose|mark)|give|gives|get|when|if|after|per|each)\b", re.I
)


PROGRESS = "progress on a track"
"""What :func:`sheet_question` returns for a question about the progress on the player's tracks (no meter's name)."""


def _meter_named(question: str, system: str) -> str | None:
    """The meter the question names first, longest name first ("wanted level" before "level")."""
    named = meters_named(question, system)
    return named[0] if named else None


def meters_named(question: str, system: str) -> list[str]:
    """Every meter the question names, in the order it names them ("what's our heat and wanted level": heat, then
    wanted level); a longer name is taken before the shorter one inside it ("wanted level" before "level")."""
    low = " " + re.sub(r"[^a-z0-9]+", " ", question.lower()) + " "
    found: list[tuple[int, str]] = []
    spoken_as = [(name.replace("_", " "), name) for name in get_ruleset(system).sheet.meters]
    spoken_as += [(word, meter) for meter, words in asked_as(system).items() for word in words]
    for spoken, name in sorted(spoken_as, key=lambda pair: len(pair[0]), reverse=True):
        for said in (f" {spoken} ", f" {spoken}s "):
            at = low.find(said)
            if at >= 0 and name not in {n for _, n in found}:
                found.append((at, name))
                low = low[:at] + " " * len(said) + low[at + len(said) :]  # its words are not another meter's
                break
    return [name for _, name in sorted(found)]


def asked_as(system: str) -> dict[str, tuple[str, ...]]:
    """The words each meter is asked by that are not its name (Elegy's blood: "hunger", "hungry")."""
    with contextlib.suppress(AssistantError):
        return {f.name: tuple(w.lower() for w in f.asked_as) for f in character_rules(system).fields if f.asked_as}
    return {}


def _asked_by(question: str, meter: str, system: str) -> str:
    """The word ``question`` asks ``meter`` by when it does not name it ("hunger" for blood), else ""."""
    low = question.lower()
    if re.search(rf"\b{re.escape(meter.replace('_', ' '))}s?\b", low):
        return ""
    words = asked_as(system).get(meter, ())
    return words[0] if any(re.search(rf"\b{re.escape(w)}\b", low) for w in words) else ""


def sheet_question(question: str, system: str, names: tuple[str, ...] = ()) -> str | None:
    """The meter a question asks the value of, or None when it is not a question about the sheet (``names``: the
    campaign's characters, whose sheets a question may name: "how much health does Mara have?")."""
    from assistant.chat.progress_answers import progress_question

    meter = _meter_named(question, system)
    if meter is None and progress_question(question, system):  # "how far along is my vow?"
        return PROGRESS
    if meter is None or not _ASKING.search(question) or not (_OWNED.search(question) or _named(question, names)):
        return None
    named = _named(question, names)
    has = r"\bdo\s+(?:we|i)\s+have\b" + (rf"|\bdoes\s+{re.escape(named)}\s+have\b" if named else "")
    if _RULE_WORDS.search(question) and not re.search(has, question, re.I):
        return None
    return meter


def _named(question: str, names: tuple[str, ...]) -> str:
    """The character's name the question holds ("mara" in "how much health does mara have?"), else ""."""
    return next((n for n in names if n and re.search(rf"\b{re.escape(n)}(?:'s|’s)?\b", question, re.I)), "")


def character_names(state: CampaignState) -> tuple[str, ...]:
    """The names of the campaign's characters other than the one playing."""
    return tuple(
        str(c.get("name") or "") for cid, c in state.characters.items() if cid != state.active_character and c.get("name")
    )


def _last_change(state: CampaignState, events: list[Any], meter: str, cid: str | None = None) -> str:
    """The last change still in effect that moved ``meter`` on character ``cid`` (the active one by default)."""
    cid = cid or state.active_character
    undone = set(state.undone)
    value: Any = None
    said = "its starting value"
    for stored in events:
        if stored.seq in undone:
            continue
        data = stored.to_dict()
        kind = data["type"]
        if kind == "character_added" and data.get("character_id") == cid:
            value = (data.get("character") or {}).get(meter)
        elif kind == "character_updated" and data.get("character_id") == cid:
            now = (data.get("character") or {}).get(meter)
            if now != value:
                said = f"set from {value} to {now} on the sheet" if value is not None else "set on the sheet"
            value = now
        elif kind == "move_resolved":
            change = data.get("state_change") or {}
            after = change.get("after") or {}
            if change.get("character_id") != cid or meter not in after or after[meter] == value:
                continue
            move = str((data.get("result") or {}).get("move") or "a move")
            reason = str(((data.get("request") or {}).get("options") or {}).get("reason") or "").strip()
            by = f"/meter, {reason}" if str((data.get("request") or {}).get("move", "")).startswith("meter:") else move
            said = f"{value} → {after[meter]} by {by}" if value is not None else f"last changed by {by}"
            value = after[meter]
    return said


def sheet_answer(question: str, system: str, state: CampaignState, events: list[Any]) -> str | None:
    """The answer from the sheet, or None when the question is not about a value on it; a question naming two
    values ("what's our heat and wanted level") is answered for each, one line each."""
    names = character_names(state)
    asked = sheet_question(question, system, names)
    if asked is None:
        return None
    if asked == PROGRESS:
        from assistant.chat.progress_answers import progress_answer

        return progress_answer(question, system, state)
    named = _named(question, names) if not _OWNED.search(question) else ""
    cid = next((k for k, c in state.characters.items() if named and c.get("name") == named), state.active_character)
    character = state.characters.get(cid) if cid else None
    if character is None:
        return None
    lines = [
        _meter_answer(m, system, state, events, cid, character, _asked_by(question, m, system))
        for m in meters_named(question, system)
    ]
    said = [line for line in lines if line]
    return "\n".join(said) if said else None


def _meter_answer(
    meter: str,
    system: str,
    state: CampaignState,
    events: list[Any],
    cid: str | None,
    character: dict[str, Any],
    asked: str = "",
) -> str | None:
    if meter not in character:
        return None
    spec = get_ruleset(system).sheet.meters[meter]
    label, low, high = meter.replace("_", " ").capitalize(), spec.min, spec.max
    field = None
    with contextlib.suppress(AssistantError):  # the sheet's own label and this character's bounds (HP to its max)
        rules = character_rules(system)
        field = rules.find(meter)
        label = field.label
        low, high = rules.bounds(field, character)
    who = character.get("name") or "your character"
    value = character[meter]
    whence = _last_change(state, events, meter, cid)
    said = f"{label} is {value} on {who}'s sheet ({whence}); it runs {low} to {high}"
    if asked:  # "how hungry am I?": the value it is told by, and how (Elegy: "Hunger lowers blood; ...")
        rule = field.rule.split(";")[0].strip().rstrip(".") if field is not None and field.rule else ""
        said = f"Your {asked} is told by your {label.lower()}" + (f" ({rule[:1].lower()}{rule[1:]})" if rule else "")
        said += f": {label.lower()} is {value} on {who}'s sheet ({whence}); it runs {low} to {high}"
    if spec.at_max is not None:  # "heat reached 9: +1 wanted level ..." as the rule it is
        said += "; " + spec.at_max.rule.replace(" reached ", " at ", 1)
    return f"{said}. For the rule, ask: /ask how does {label.lower()} work?"
