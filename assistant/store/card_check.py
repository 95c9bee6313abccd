"""Does the store hold what the card shows? Every effect of a move's Result (a meter's new value, a track's ticks
and rank, a clock's segments, a position, an impact, a legacy track) compared with the campaign read back.

    differences = card_differences(service.load_campaign("saga"), turn.results[-1])
    assert not differences, differences

An effect is compared by its last value for each thing it changed (a move may touch momentum twice). Effects
whose thing the campaign does not keep (a note-only "track not given" mark, a table's text) are not compared.
Pure: reads a :class:`CampaignState`, changes nothing.
"""

from __future__ import annotations

from typing import Any

from assistant.engine import Result
from assistant.store.state import CampaignState


def _last_effects(result: Result) -> list[Any]:
    last: dict[tuple[str, str], Any] = {}
    for effect in result.effects:
        last[(str(effect.kind), effect.target)] = effect
    return list(last.values())


def _character(state: CampaignState, result: Result) -> dict[str, Any]:
    cid = (result.character or {}).get("id")
    if isinstance(cid, str) and cid in state.characters:
        return state.characters[cid]
    return state.active() or {}


def _named(table: dict[str, dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [item for item in table.values() if str(item.get("name", "")) == name]


def _clock_filled(state: CampaignState, character: dict[str, Any], name: str) -> list[Any]:
    found = [c.get("filled") for c in _named(state.clocks, name)]
    found += [p.get("filled") for p in character.get("projects") or [] if isinstance(p, dict) and p.get("name") == name]
    if name in character and isinstance(character[name], dict):  # the healing clock
        found.append(character[name].get("filled"))
    return found


def _meter(state: CampaignState, character: dict[str, Any], name: str) -> list[Any]:
    found = []
    if name in character and not isinstance(character[name], (dict, list)):
        found.append(character[name])
    crew = state.slots.get("crew")
    if isinstance(crew, dict) and name in crew and not isinstance(crew[name], (dict, list)):
        found.append(crew[name])
    return found


def card_differences(state: CampaignState, result: Result) -> list[str]:
    """What the card of ``result`` shows that ``state`` does not hold (empty: they agree)."""
    character = _character(state, result)
    out: list[str] = []

    def check(what: str, shown: Any, held: list[Any]) -> None:
        if held and shown not in held:
            out.append(f"{result.move}: the card shows {what} {shown!r}, the store holds {held[0]!r}")
        elif not held:
            out.append(f"{result.move}: the card shows {what} {shown!r}, the store has no such thing")

    for e in _last_effects(result):
        kind, target, after = str(e.kind), e.target, e.after
        if after is None and kind not in ("position",):
            continue  # a note-only effect (nothing was given to change)
        if kind == "choice":
            continue  # the option picked, no value on the sheet (Defend's pick "defend_hold" is no Defend hold)
        if kind == "progress":
            check(f"{target} at", after, [t.get("ticks") for t in _named(state.tracks, target)])
        elif kind == "rank":
            check(f"{target} ranked", after, [t.get("rank") for t in _named(state.tracks, target)])
        elif kind == "clock":
            check(f"the clock {target} at", after, _clock_filled(state, character, target))
        elif kind == "position":
            check("position", after, [character.get("position")])
        elif kind == "impact":
            check(f"{target} marked", after, [target in (character.get("impacts") or [])])
        elif kind == "legacy":
            check(f"the {target} legacy track at", after, [(character.get("legacy") or {}).get(target)])
        else:
            held = _meter(state, character, target)
            if held:  # a value the campaign keeps on the sheet or the crew
                check(target, after, held)
    return out
