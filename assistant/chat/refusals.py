"""Why a move the player's words call for is not among the moves offered, in the player's words: the track it acts on
is not open, its requirement does not hold (the engine's own sentence), or it would change nothing now (Reduce Heat
with no heat). :func:`why_not_now` says it, so no move the player asked for disappears without a word;
:func:`refused_for` and :func:`named_instead` tell a move picked from the list apart from the one the words named.
"""

from __future__ import annotations

import random
import re
from typing import Any

from assistant.chat.fitting import names_move
from assistant.chat.track_finder import has_track_for, missing_track
from assistant.engine import AssistantError, RulesError, get_ruleset
from assistant.narrate.effect_lines import ACRONYMS
from assistant.store.moves import engine_request
from assistant.store.state import CampaignState
from assistant.suggest.catalog import normalize_name


def _mentions(text: str, move_name: str) -> bool:
    """The words name the move, a one-word name included ("I clash with the hunter" mentions Clash)."""
    if names_move(text, move_name):
        return True
    return " " not in move_name.strip() and bool(re.search(rf"\b{re.escape(move_name)}(?:s|es|ed|ing)?\b", text, re.I))


def _base(name: str) -> str:
    """A move's name without the class it is for: "Cast a Spell (Wizard)" -> "Cast a Spell"."""
    return name.split(" (")[0].strip().lower()


def named_instead(system: str, text: str, move_name: str) -> str | None:
    """Another move (a name of two words or more) the player's words name than ``move_name``, the one confirmed: "I
    make my last gasp" (refused at 17 HP), then Hack & Slash picked from the list; None when the words name no other."""
    base = _base(move_name)  # "Cast a Spell (Wizard)" confirmed: "I cast a spell" names it, not the Cleric's
    for move in get_ruleset(system).moves:
        name = move.name
        if " " not in name.strip() or name in move_name or move_name in name or _base(name) == base:
            continue
        if names_move(text, name):
            return name
    return None


def refused_for(state: CampaignState, text: str, move_name: str) -> bool:
    """Whether the words call for another move than ``move_name`` that cannot be made now ("I loose an arrow at the
    bandit" with no ammunition left, then Defend picked from the nearest moves): the move picked is told by its name,
    not as the shot the words describe."""
    cued = _cued(state.system, text)
    base = _base(move_name)  # "Cast a Spell (Wizard)": the Cleric's Cast a Spell is the same words, not another
    for move in get_ruleset(state.system).moves:
        if move.requires is None or _base(move.name) == base or move.name == move_name:
            continue
        if not (normalize_name(move.name) in cued or _mentions(text, move.name)):
            continue
        why = _refusal(state, move)
        # "I strike the raider" in a bad spot, Clash made: the rules' own way of that deed ("Make Clash instead")
        if why and not re.search(rf"\b{re.escape(move_name)} instead\b", why, re.I):
            return True
    return False


def _cued(system: str, text: str, fighting: bool = False) -> set[str]:
    """The moves (normalised names) the words call for by a strong cue ("shoot", "arrow": Volley); ``fighting``: a
    fight is on (its cues count, not those for no fight: "the fight is over" calls for Take Decisive Action only then)."""
    from assistant.suggest.cues import match_cues

    return {name for name, boost in match_cues(system, text, fighting).move_boost.items() if boost >= _CALLED_FOR}


def _refusal(state: CampaignState, move: Any) -> str | None:
    """The engine's sentence refusing ``move`` now (its requirement fails: "You have no ammunition left ..."), or
    None when it would be made (or wants more than a bare request gives: a track, an option)."""
    from assistant.engine import resolve

    request: dict[str, Any] = {"move": move.id}
    if move.roll.stats:
        request["stat"] = move.roll.stats[0].stats[0]
    specs = get_ruleset(state.system).options_for(move)
    for _ in range(3):  # a value the player gives when making it (Heal's HP) is filled in, to reach the rules' check
        try:
            resolve(engine_request(state, request), rng=random.Random(0))
        except RulesError as exc:
            return exc.message
        except AssistantError as exc:
            value = _any_value(specs.get(str(getattr(exc, "missing", "") or "")))
            if value is None:
                return None
            request["options"] = {**(request.get("options") or {}), str(exc.missing): value}
            continue
        return None
    return None


def _any_value(spec: Any) -> Any:
    """A value a required option may take (its least number, its first value), to see whether the rules would refuse
    the move whatever the player gives; None when there is no such value to try."""
    if spec is None:
        return None
    if spec.min is not None:
        return spec.min
    values = list(spec.values or [])
    return values[0] if values else None


def why_not_now(state: CampaignState, offered: list[Any], text: str) -> list[str]:
    """For each move the words name that is not offered, why it cannot be made now, in the player's words: the track
    it acts on is not open, or its requirement does not hold (the engine's own sentence: "Strike is made when you are
    in control")."""
    ruleset = get_ruleset(state.system)
    shown = {str(getattr(s, "move", "")) for s in offered}
    cued = _cued(state.system, text)
    notes: list[str] = []
    for move in ruleset.moves:
        # named, or called for by the words when its requirement fails ("I loose an arrow" with no ammunition left)
        # or its situation is not the sheet's ("I see the doctor about my broken arm" with no harm marked)
        # or the track it acts on is not open ("I mark progress on my vow" with no vow sworn)
        narrow = move.requires is not None or move.suggested_when is not None or not has_track_for(state, move)
        called = narrow and normalize_name(move.name) in cued
        named = any(_mentions(text, n) for n in (move.name, *move.aliases))  # "my vow" in Elegy: its elegy's move
        if move.name in shown or not (named or called):
            continue
        if any(name and move.name.startswith(f"{name} (") for name in shown):
            continue  # a variant of a move offered ("Secure an Advantage (Scene Challenge)"): the words got their move
        why = None if has_track_for(state, move) else missing_track(state, {"move": move.id})
        if why is None and move.requires is not None:
            why = _refusal(state, move)
        if why is None and move.suggested_when is not None:
            situation, pointless = _situation_unmet(move.suggested_when, state.active() or {}, state.system)
            if situation and move.suggested_when.because:  # the data says what it would do (Indulge Vice at 0 stress)
                why = (
                    f"{move.name}{NOT_SUGGESTED}{move.suggested_when.because}. Roll it with "
                    f"/roll {move.name.lower()} if you want it anyway."
                )
            elif pointless:  # Reduce Heat with no heat: the move would change nothing
                why = (
                    f"{move.name}{CHANGES_NOTHING}{situation}. It is not suggested; roll it with "
                    f"/roll {move.name.lower()} if you want it anyway."
                )
            elif situation:
                why = (
                    f"{move.name} is made when {situation}, so it is not suggested now; if the story brings you "
                    f"there, roll it with /roll {move.name.lower()}."
                )
        if why and why not in notes:
            notes.append(why)
    return _together(notes)


def _together(notes: list[str]) -> list[str]:
    """Notes that say the same of several moves, said once: "Strike and Clash act on a fight's progress track, and there
    is no open fight yet: ..." (not the same sentence for each)."""
    names: dict[str, list[str]] = {}
    for note in notes:
        name, acts, tail = note.partition(" acts on ")
        names.setdefault(f"{acts}{tail}" if acts else note, []).append(name if acts else "")
    out = []
    for tail, named in names.items():
        if len(named) > 1 and all(named):
            out.append(f"{', '.join(named[:-1])} and {named[-1]} act on {tail.removeprefix(' acts on ')}")
        else:
            out += [f"{n}{tail}" if n else tail for n in named]
    return out


#: How a refusal of a move that would change nothing now reads ("Heal would change nothing now: your HP is 22").
CHANGES_NOTHING = " would change nothing now: "
#: How a move whose data says what it would do now reads ("Indulge Vice is not suggested now: you have no stress ...").
NOT_SUGGESTED = " is not suggested now: "


def only_for_a_pointless_move(state: CampaignState, offered: list[Any], refused: list[str], text: str) -> bool:
    """Whether the words call for a move that would change nothing now ("the cleric heals me" at full HP) or is not
    suggested now (Indulge Vice at 0 stress) and for none of the moves offered instead: those are only the nearest of
    the rest (Hack & Slash, Defend; a Long-Term Project), no answer."""
    if not any(CHANGES_NOTHING in note or NOT_SUGGESTED in note for note in refused):
        return False  # "I visit my vice" at 0 stress: not a Long-Term Project named after the vice
    cued = _cued(state.system, text)
    return not any(
        names_move(text, str(s.move)) or rolled_by_name(text, str(s.move)) or normalize_name(str(s.move)) in cued for s in offered
    )


def rolled_by_name(text: str, move_name: str) -> bool:
    """Whether the words roll the move by its name ("I roll heat", "we roll for payoff", "time to make the payoff
    roll"): a one-word name is a name after "roll", though alone it is an everyday word ("heat")."""
    import re

    name = re.escape(move_name.lower())
    rolled = rf"\b(?:roll|rolls|rolling|make|makes|do|take)\s+(?:for\s+)?(?:the\s+|our\s+|my\s+|a\s+)?{name}\b"
    return re.search(rf"{rolled}|\b{name}\s+roll\b", text.lower()) is not None


def calls_for_any(system: str, offered: list[Any], text: str, fighting: bool = False) -> bool:
    """Whether the words call for one of the moves ``offered``, by its name or a strong cue ("I defy danger by diving
    aside from the spell": the Saving Throw), not only as the nearest of the rest ("spout lore about the ruined
    temple": Defend, Hack & Slash)."""
    cued = _cued(system, text, fighting)
    return any(names_move(text, str(s.move)) or normalize_name(str(s.move)) in cued for s in offered)


#: A cue this strong in the player's words calls for its move (the Dungeon World's "shoot", "arrow": Volley).
_CALLED_FOR = 0.2


def _situation_unmet(cond: Any, character: dict[str, Any], system: str = "") -> tuple[str, bool]:
    """The meter situation of ``cond`` in the player's words when the sheet is not in it ("your blood is at 0 (it is
    5 now)"), or "" when it holds or is not a meter's; and whether the move would change nothing now ("you have no
    heat", "your spirit is 5, its most")."""
    if cond.any:
        parts = [_situation_unmet(c, character, system) for c in cond.any]
        unmet = [p for p in parts if p[0]]
        return unmet[0] if unmet and len(unmet) == len(parts) else ("", False)
    if cond.impact is not None and not cond.meter:
        return ("", False) if cond.impact in (character.get("impacts") or []) else (f"you are not {cond.impact}", True)
    value = _meter_on(character, cond.meter, system) if cond.meter else None
    if not isinstance(value, int):
        return "", False
    meter = cond.meter.replace("_", " ")
    if cond.gt is not None and not value > cond.gt:
        return (f"you have no {meter}" if value == 0 else f"your {meter} is {value}"), True
    if cond.lt is not None and not value < cond.lt:
        return f"your {meter} is {value}, its most", True
    most = character.get(cond.lt_field) if cond.lt_field is not None else None
    if isinstance(most, int) and not isinstance(most, bool) and not value < most:
        return f"your {ACRONYMS.get(cond.meter, meter)} is {value}, its most", True
    if cond.eq is None or value == cond.eq:
        return "", False
    return f"your {meter} is at {cond.eq} (it is {value} now)", False


def _meter_on(character: dict[str, Any], meter: str, system: str) -> int | None:
    """The meter's value on the sheet, or what the system counts from it (Blades' harms)."""
    if system:
        try:
            return get_ruleset(system).sheet_meter(character, meter)
        except AssistantError:
            pass
    value = character.get(meter)
    return value if isinstance(value, int) and not isinstance(value, bool) else None
