"""What the rules say at a meter's 0 and after a threshold move that ends a character (data in
``words/brinks.yaml``): the note a turn carries when a meter reaches 0, the brink move offered beside the
suggestions while it stays there, and the end of a character who died (or was lost) — read back from the log, so
an undo brings them back and a reload keeps them gone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from assistant.engine.data import normalize_name
from assistant.engine.yaml_load import load_file

_DATA = Path(__file__).parent / "words" / "brinks.yaml"


@dataclass(frozen=True)
class Brink:
    meter: str
    says: str
    """What the rules say happens now, in the text's words."""
    sentence: str
    """The sentence of the rules text it rests on."""
    move: str
    """The threshold move offered while the meter is at 0."""
    required: bool = False
    """The rules make the move at once (Dungeon World: "she is required to roll for Last Gasp"): it is offered first,
    not beside the moves the words fit."""


@dataclass(frozen=True)
class Ending:
    move: str
    says: str
    outcome: str | None = None
    choice: str | None = None
    lasts_while: str | None = None
    """An impact the ending holds only while it stays marked (Dungeon World's Helpless after a failed Last Gasp: the
    character is out of the fight, not dead; the GM who removes it brings them back)."""


@dataclass(frozen=True)
class Brinks:
    brinks: tuple[Brink, ...] = ()
    endings: tuple[Ending, ...] = ()
    after: str = ""
    """What a player does once their character's story is over."""
    allows: tuple[str, ...] = ()
    """Moves still made for an ended character (Continue a Legacy)."""

    def at(self, sheet: Mapping[str, Any] | None) -> list[Brink]:
        """The brinks ``sheet`` is at (its meter at 0)."""
        return [b for b in self.brinks if sheet is not None and _meter(sheet, b.meter) == 0]

    def reached(self, before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> list[Brink]:
        """The brinks a change of sheet brought it to (above 0 before, 0 after)."""
        return [b for b in self.at(after) if before is None or (_meter(before, b.meter) or 0) > 0]

    def ending(self, move: str, outcome: str, chosen: Sequence[str]) -> Ending | None:
        for end in self.endings:
            if normalize_name(end.move) != normalize_name(move):
                continue
            if end.outcome == outcome or (end.choice is not None and end.choice in chosen):
                return end
        return None

    def allowed(self, move: str) -> bool:
        return normalize_name(move) in {normalize_name(m) for m in self.allows}


def _meter(sheet: Mapping[str, Any], meter: str) -> int | None:
    value = sheet.get(meter, (sheet.get("meters") or {}).get(meter) if isinstance(sheet.get("meters"), Mapping) else None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@cache
def brinks_of(system: str) -> Brinks:
    """The brinks and endings of ``system`` (none for a game without them)."""
    data = (load_file(_DATA) or {}).get(system) or {}
    return Brinks(
        brinks=tuple(Brink(**b) for b in data.get("brinks") or []),
        endings=tuple(Ending(**e) for e in data.get("endings") or []),
        after=" ".join(str(data.get("after") or "").split()),
        allows=tuple(data.get("allows") or []),
    )


def ending_of_event(system: str, event: Any) -> tuple[str | None, Ending | None]:
    """The character a stored move ended and how (``(None, None)`` for any other event)."""
    payload: Any = getattr(event, "event", None)
    if getattr(payload, "type", None) != "move_resolved":
        return None, None
    result = payload.result or {}
    options = (payload.request or {}).get("options") or {}
    chosen = options.get("choose") or []
    chosen = [chosen] if isinstance(chosen, str) else [str(c) for c in chosen]
    end = brinks_of(system).ending(str(result.get("move", "")), str(result.get("outcome", "")), chosen)
    return (payload.state_change.character_id, end) if end is not None else (None, None)


def fate(store: Any, campaign: str, state: Any, cid: str | None) -> str | None:
    """How character ``cid``'s story ended (the ending's words), or None while they live. Read from the moves in
    effect: an undone Face Death leaves them alive."""
    table = brinks_of(state.system)
    if cid is None or not table.endings:
        return None
    names = tuple({e.move for e in table.endings})
    for entry in reversed(state.transcript):
        if entry.kind != "move" or entry.undone or not entry.text.startswith(names):
            continue
        for event in store.events(campaign, after=entry.seq - 1, upto=entry.seq):
            who, end = ending_of_event(state.system, event)
            if end is not None and who == cid:
                sheet = state.characters.get(cid) or {}
                if end.lasts_while is not None and end.lasts_while not in (sheet.get("impacts") or []):
                    return None  # the GM brought them back (Helpless removed)
                return end.says.format(name=sheet.get("name") or "Your character")
    return None


def required(system: str, move: str) -> bool:
    """Whether ``move`` is a brink's move the rules make at once (Last Gasp), whatever the player's words were."""
    return any(b.required and normalize_name(b.move) == normalize_name(move) for b in brinks_of(system).brinks)


def made_at_brink(store: Any, campaign: str, state: Any, brink: Brink) -> bool:
    """Whether the one playing already made ``brink``'s move since its meter last stood above 0 (Last Gasp rolled and
    survived: it is not asked for again until their Health Points come back and fall to 0 once more); an undone move
    does not count."""
    cid = state.active_character
    undone = set(getattr(state, "undone", []) or [])
    for stored in reversed(store.events(campaign)):
        if stored.seq in undone:
            continue
        event: Any = stored.event
        if getattr(event, "character_id", None) == cid and event.type == "character_updated":
            sheet = event.character
        elif event.type == "move_resolved" and event.state_change.character_id == cid:
            if normalize_name(str((event.result or {}).get("move", ""))) == normalize_name(brink.move):
                return True
            sheet = event.state_change.after or {}
        else:
            continue
        if (_meter(sheet, brink.meter) or 0) > 0:
            return False
    return False


def offer_brink_moves(
    system: str, sheet: Mapping[str, Any] | None, suggestions: list[Any], more: Any, made: Any = None
) -> list[Any]:
    """``suggestions`` with each brink's move among them (in place of the last one when three are shown; first when
    the rules require it, unless ``made(brink)`` says it was made already); ``more(name)`` gives the suggestions for a
    move's name."""
    out = list(suggestions)
    for brink in brinks_of(system).at(sheet):
        key = normalize_name(brink.move)
        if brink.required and made is not None and made(brink):  # rolled and survived: the player acts again, and
            out = [s for s in out if normalize_name(getattr(s, "move", "")) != key]  # is not offered it beside the blow
            continue
        there = next((s for s in out if normalize_name(getattr(s, "move", "")) == key), None)
        found = there or next((s for s in more(brink.move) if normalize_name(s.move) == key), None)
        if found is None:
            continue
        if brink.required:
            out = [found, *[s for s in out if s is not there][:2]]
        elif there is None:
            out = [*out[:2], found] if len(out) >= 3 else [*out, found]
    return out


def ended(store: Any, campaign: str, state: Any, cid: str | None) -> str:
    """How ``cid``'s story ended and what the player does now ("" while they live)."""
    said = fate(store, campaign, state, cid)
    return f"{said} {brinks_of(state.system).after}" if said else ""


def refuse_ended(store: Any, campaign: str, state: Any, request: Mapping[str, Any]) -> None:
    """Refuse, in words, a move for a character whose story ended (Continue a Legacy, the oracle, tables and dice
    still go)."""
    from assistant.engine import RulesError, get_ruleset
    from assistant.engine.doors import door_kind

    name = str(request.get("move") or "")
    if name.startswith(("table:", "roll:")) or door_kind(name):
        return
    move = get_ruleset(state.system).find_move(name)
    if move.roll.type == "oracle" or brinks_of(state.system).allowed(move.name):
        return
    said = ended(store, campaign, state, str(request.get("character_id") or state.active_character or ""))
    if said:
        raise RulesError(said)
