"""Whether a price is owed when the player types /price: the last move that decided something missed or offers Pay the
Price (a move whose outcome says so) and it is not paid yet. With none owed, /price tells the player so, and how
to make the move anyway where the game makes it whenever the story says so, instead of rolling a surprise price."""

from __future__ import annotations

from typing import Any

from assistant.engine import Result

__all__ = ["price_owed", "no_price_owed"]

_PRICE = "pay_the_price"


def _offers_price(result: Result) -> bool:
    for fu in result.follow_ups:
        move = str((fu.request or {}).get("move") or "")
        if move == _PRICE or str(fu.move or "").lower() == "pay the price":
            return True
    return False


def price_owed(store: Any, campaign: str, top: Any, look_back: int) -> tuple[bool, Result | None]:
    """(whether a price is owed, the last move that decided something): owed when that move offers Pay the Price and
    no Pay the Price was made since; an oracle asked or a table rolled in between leaves it owed."""
    from assistant.store.no_move import decides_nothing

    if not isinstance(top, int) or isinstance(top, bool) or top <= 0:
        return False, None
    found = store.events(campaign, after=max(0, top - look_back), upto=top)
    undone = {e.event.target_seq for e in found if e.event.type == "undo"}
    for stored in reversed(found):
        event = stored.event
        if stored.seq in undone or event.type != "move_resolved":
            continue
        try:
            result = Result.model_validate(event.result)
        except ValueError:
            return False, None
        if result.move_id == _PRICE:
            return False, result  # paid already
        if decides_nothing(result):
            continue
        return _offers_price(result) or result.outcome == "miss", result  # a miss: the outcome of an action suffered
    return False, None


def no_price_owed(last: Result | None, game_rolls_it_anyway: bool) -> str:
    """What /price says when no price is owed: why (nothing rolled yet, the price paid, the last move asks none) and
    how to make the move anyway where the rules allow it."""
    if last is None:
        why = "No price is owed: no move has been rolled yet."
    elif last.move_id == _PRICE:
        why = "No price is owed: the last price is paid already."
    else:
        outcome = str(getattr(last.outcome, "value", last.outcome) or "").replace("_", " ")
        got = f", {('an ' if outcome[:1] in 'aeiou' else 'a ') + outcome}," if outcome and outcome != "none" else ""
        why = f"No price is owed: your last move, {last.move}{got} asks for no Pay the Price."
    if not game_rolls_it_anyway:
        return f"{why} Nothing was rolled."
    return (
        f"{why} Pay the Price is made when you suffer the outcome of an action: a miss, or when a move or the story "
        "says so. To make it now anyway, /roll pay the price. Nothing was rolled."
    )
