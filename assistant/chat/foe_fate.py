"""A yes/no question whose answer a fight's progress track decides ("Is the hunter dead?" while the fight with the
hunter is open): the oracle does not settle it, the fight's own progress roll does (Take Decisive Action, End the
Fight). Asked of the oracle, a yes would tell the foe dead while the sheet still shows the fight open."""

from __future__ import annotations

import re

from assistant.chat.track_finder import named_track, open_tracks
from assistant.engine import get_ruleset
from assistant.narrate.effect_lines import mid_sentence
from assistant.store.state import CampaignState

#: Words that ask whether a fight is decided: a foe dead, beaten, fled; the fight won or over.
_FATE = re.compile(
    r"\b(?:dead|die[sd]?|dying|kill(?:ed)?|slain|slay|defeated|beaten|vanquished|destroyed|finished|fallen|falls?|"
    r"flee|fled|flees|escaped?|surrender(?:s|ed)?|gives? up|gave up|won|win|over|lost|lose)\b",
    re.IGNORECASE,
)
#: Words that name the fight itself, or the one foe of the only fight ("Is the fight over?", "Did I win?", "Is he dead?").
_THE_FIGHT = re.compile(
    r"\b(?:fight|battle|duel|combat|skirmish|brawl|(?:i|we)\s+(?:win|won|lose|lost)|he|she|they|him|her|them|"
    r"(?:my|the)\s+(?:foe|enemy|opponent))\b",
    re.I,
)


def finishing_moves(system: str) -> list[str]:
    """The moves that roll on a fight's track and so decide it (Starforged's Take Decisive Action)."""
    ruleset = get_ruleset(system)
    return [m.name for m in ruleset.moves if m.roll.type == "progress" and (m.roll.track or "") == "combat"]


def marking_moves(system: str) -> list[str]:
    """The moves that mark progress on a fight's track without ending it (Gain Ground, Strike, Clash)."""
    from assistant.chat.track_finder import move_effects

    ruleset = get_ruleset(system)
    return [
        m.name
        for m in ruleset.moves
        if m.track_kind == "combat" and m.roll.type != "progress" and any(e.type == "mark_progress" for e in move_effects(m))
    ]


def decided_by_a_fight(state: CampaignState, system: str, question: str) -> str | None:
    """What to say instead of asking the oracle, when ``question`` asks whether an open fight is decided; else None."""
    if not _FATE.search(question):
        return None
    fights = open_tracks(state, "combat")
    if not fights:
        return None
    named = named_track(fights, question)
    if named is None and not (_THE_FIGHT.search(question) and len(fights) == 1):
        return None
    tid = named or fights[0][0]
    track = state.tracks[tid]
    name = str(track.get("name") or "the foe")
    boxes = int(track.get("ticks") or 0) // 4
    finishers = finishing_moves(system)
    if not finishers:
        return None
    markers = marking_moves(system)
    how = f"roll {' or '.join(finishers)} when you think you have done enough"
    if markers:
        listed = ", ".join(markers[:-1]) + f" or {markers[-1]}" if len(markers) > 1 else markers[0]
        how += f" (mark progress first with {listed})"
    return (
        f"The oracle does not decide that: the fight with {mid_sentence(name)} is still open ({boxes}/10 boxes on its track), "
        f"and the fight's own roll settles it. To finish it, {how}."
    )
