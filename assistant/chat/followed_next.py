"""What the last move offers next, played from the player's words: a suggestion for a move the last move offers is
made as it offers it (a suffer move with its cost, Deal Damage on the one attacked with the attacker's die), so
"I lose some supplies" or "deal the damage" plays the follow-up, not a fresh move that asks again or lands on the
wrong sheet.

A move may offer several things at once (Pay the Price: "your vehicle suffers damage" and "you are delayed": Withstand
Damage and Lose Momentum); playing one leaves the others offered (:func:`still_offered`), so the player is not left to
remember and type them."""

from __future__ import annotations

import dataclasses
from typing import Any

from assistant.engine import AssistantError, Result, get_ruleset
from assistant.store.carried import is_door

#: How many events back a move's other follow-ups are looked for (a few moves; a long campaign is not read whole).
LOOK_BACK = 60


def open_follow_ups(store: Any, campaign: str, top: int | None) -> list[Any]:
    """What the last action this player knows of (``top``, or the move under the bookkeeping made since: ``/set
    health 3``, a clock's step, ``/meter supply -1``) leaves offered: its follow-ups, then those the move it followed
    up offered and that are not played yet (:func:`still_offered`); none when that action is not a move."""
    from assistant.store.carried import is_edit
    from assistant.store.events import UNDOABLE

    if not isinstance(top, int) or isinstance(top, bool) or top <= 0:
        return []
    found = store.events(campaign, after=max(0, top - LOOK_BACK), upto=top)
    if not found or found[-1].seq != top:
        return []
    undone = {e.event.target_seq for e in found if e.event.type == "undo"}
    live = [e for e in found if e.event.type in UNDOABLE and e.seq not in undone]
    under = next((e for e in reversed(live) if not is_edit(e) and e.event.type != "set_active"), None)
    if under is None or under.event.type != "move_resolved":
        return []
    try:
        moves = [Result.model_validate(e.event.result) for e in live if e.event.type == "move_resolved"]
    except ValueError:
        return []
    return still_offered(moves)


def _answers(ruleset: Any, fu: Any, result: Result) -> bool:
    """Whether ``result`` is the move follow-up ``fu`` offered (a suffer follow-up: any suffer move but its exception)."""
    if fu.kind == "suffer":
        try:
            move = ruleset.find_move(result.move_id)
        except AssistantError:
            return False
        return move.category == "suffer" and move.id != fu.other_than
    wanted = str((fu.request or {}).get("move") or "")
    return bool(wanted) and (wanted == result.move_id or _same_move(ruleset, wanted, result.move_id))


def still_offered(moves: list[Result]) -> list[Any]:
    """The follow-ups open after ``moves`` (the campaign's moves in effect, oldest first; bookkeeping made through the
    engine's doors, a meter adjusted or a clock stepped, is passed over unless a move offered it): the last move's own, then
    those of the nearest earlier move that offered some, when every move since it played one of them (each once):
    the ones not played yet. A move since that it did not offer ends the look back (the story went on)."""
    offered_doors = {str((fu.request or {}).get("move") or "") for m in moves for fu in m.follow_ups}
    moves = [m for m in moves if not is_door(m) or m.move_id in offered_doors]  # bookkeeping lies over the move
    if not moves:
        return []
    last = moves[-1]
    offered = list(last.follow_ups)
    try:
        ruleset = get_ruleset(last.system)
    except AssistantError:
        return offered
    for i in range(len(moves) - 2, -1, -1):
        source = moves[i]
        if not source.follow_ups:
            continue
        left = list(source.follow_ups)
        for played in moves[i + 1 :]:
            taken = next((fu for fu in left if _answers(ruleset, fu, played)), None)
            if taken is None:
                return offered
            left.remove(taken)
        return offered + [fu for fu in left if fu not in offered]
    return offered


def _same_move(ruleset: Any, name: Any, move_id: str) -> bool:
    try:
        return bool(name) and ruleset.find_move(str(name)).id == move_id
    except AssistantError:
        return False


def as_followed(system: str, suggestions: list[Any], follow_ups: list[Any], me: str | None = None) -> list[Any]:
    """``suggestions`` with each one for a move in ``follow_ups`` made as the follow-up offers it ("make a suffer
    move (-1)": Sacrifice Resources of 1; Deal Damage: the follow-up's request, on its target's sheet, else on the
    sheet the suggestion was aimed at). A suggestion the words put on another sheet (``me``, the one playing, for
    "Mara hits me for 8") is a new blow, not the follow-up's damage."""
    if not follow_ups:
        return suggestions
    ruleset = get_ruleset(system)
    out = []
    for s in suggestions:
        request = dict(getattr(s, "request", None) or {})
        try:
            move = ruleset.find_move(str(request.get("move") or ""))
        except AssistantError:
            out.append(s)
            continue
        options = dict(request.get("options") or {})
        for fu in follow_ups:
            if fu.kind == "suffer" and fu.amount and move.category == "suffer" and "amount" in move.options:
                if "amount" not in options:
                    request["options"] = {**options, "amount": abs(int(fu.amount))}
                break
            who = request.get("character_id")
            if who is not None and (who != fu.target if fu.target else who == me):
                continue  # the words make it another sheet's ("Mara hits me for 8"), not the damage the follow-up deals
            if fu.kind == "move" and fu.request and _same_move(ruleset, fu.request.get("move"), move.id):
                request = {**fu.request, **({"stat": request["stat"]} if "stat" in request else {})}
                if fu.target or who:  # resolved on the sheet of the one the move was aimed at
                    request["character_id"] = fu.target or who
                break
        out.append(dataclasses.replace(s, request=request) if dataclasses.is_dataclass(s) else s)  # type: ignore[type-var]
    return out


#: Follow-ups that are a cost the rules lay on the roll (a suffer move, Pay the Price; the city's Reveal a Secret: "if
#: any of the dice show 1 or 2, then you Reveal a Secret"), not a step the player may take.
_COST_MOVES = frozenset({"pay_the_price", "reveal_a_secret"})


def costs_left(system: str, offered: list[Any], result: Result) -> str:
    """The note for a roll made while the last roll's costs were still offered (Set a Course's "make a suffer move
    (-2)", a miss's Pay the Price) and that is none of them: they were not made and nothing was taken for them ("" when
    no cost was left, or the roll is one of them, or is no move: the oracle, a table)."""
    from assistant.store.no_move import decides_nothing

    if decides_nothing(result) or not offered:
        return ""
    ruleset = get_ruleset(system)
    costs = [fu for fu in offered if fu.kind == "suffer" or str((fu.request or {}).get("move") or "") in _COST_MOVES]
    if not costs or any(_answers(ruleset, fu, result) for fu in offered):
        return ""
    names = {m.name for m in ruleset.moves}  # a move keeps its name ("Pay the Price"), an instruction is lowered
    said = list(  # a move is said by its name ("Reveal a Secret", not its reason "Use a Secret: a die shows 1 or 2, …")
        dict.fromkeys(
            str(fu.move if fu.kind == "move" and fu.move in names else fu.reason or fu.move).rstrip(".") for fu in costs
        )
    )
    what = " and ".join(s if s in names else s[:1].lower() + s[1:] for s in said)
    return (
        f"Not made before {result.move}: {what}, as the last roll asked. Nothing was taken for it; make it now if it "
        "still stands."
    )
