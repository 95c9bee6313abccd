"""Coin spent after a downtime roll to raise its result (Blades: "After the roll, you may spend coin after the roll to
improve the result level. Increase the result level by one for each coin spent."): the words that say it ("I spend 2
coin to raise the result"), and the line under a roll that may still take it.

Which moves take coin is the ruleset's data (a move that declares the ``spend_coin`` option); the engine raises the
result and refuses what the sheet cannot pay."""

from __future__ import annotations

import re
from typing import Any

from assistant.engine import AssistantError, Result, get_ruleset
from assistant.engine.outcomes import Outcome

__all__ = ["OPTION", "coin_in_words", "coin_offer", "system_takes_coin", "takes_coin"]

#: The engine's option for coin spent after the roll.
OPTION = "spend_coin"

_COUNT = {"a": 1, "one": 1, "1": 1, "two": 2, "three": 3}
_SPEND = re.compile(
    r"^(?:i\s+|we\s+)?(?:(?:will|want\s+to|'ll)\s+)?(?:spend|pay|use|put\s+in|add)\s+(?P<n>\d+|a|one|two|three)\s+"
    r"(?:more\s+)?(?P<crew>(?:of\s+(?:the\s+|our\s+)?)?crew(?:'s)?\s+)?coins?\b(?P<rest>.*)$",
    re.IGNORECASE,
)
#: Coin said to come from the crew after the count ("spend 1 coin from the crew's coin", "... of the crew").
_FROM_CREW = re.compile(r"^\s*(?:from|of)\s+(?:the\s+|our\s+)?crew(?:'s)?(?:\s+(?:coin|coins|purse|stash))?", re.I)
#: What may follow the coin in words that only spend it on the last roll ("to raise the result", "on it").
_ON_THE_ROLL = re.compile(
    r"^(?:\s*(?:(?:to|and)\s+(?:raise|improve|bump|boost|better|increase|push|up)|on|for|into)\s+"
    r"(?:the|my|our|that|this|it|its)?\s*(?:result|roll|level|result\s+level|it|that|one)?(?:\s+(?:up|level))?)?\s*[.!]*$",
    re.IGNORECASE,
)
#: Words that name the roll's result: coin spent "to raise the result" is never a new action.
_NAMES_RESULT = re.compile(r"\b(?:result|roll)\b", re.IGNORECASE)


def coin_in_words(text: str) -> tuple[int, bool, bool] | None:
    """``(coins, names_the_result, from_the_crew)`` when the words only spend coin on the last roll ("spend 2 coin",
    "I pay a coin to raise the result", "spend 1 crew coin"); None for anything else ("I spend 2 coin bribing the
    guard" is an action)."""
    m = _SPEND.match(" ".join(text.strip().split()))
    if m is None:
        return None
    rest = m.group("rest")
    crew = bool(m.group("crew"))
    after = _FROM_CREW.match(rest)
    if after is not None:
        crew, rest = True, rest[after.end() :]
    if not _ON_THE_ROLL.match(rest):
        return None
    n = m.group("n").lower()
    return (int(n) if n.isdigit() else _COUNT[n]), bool(_NAMES_RESULT.search(rest)), crew


def takes_coin(system: str, move_name: str) -> bool:
    """Whether the move's result may be raised with coin after the roll (its data declares the option)."""
    try:
        ruleset = get_ruleset(system)
        return OPTION in ruleset.options_for(ruleset.find_move(move_name))
    except AssistantError:
        return False


def system_takes_coin(system: str) -> bool:
    """Whether any of the system's moves takes coin after its roll (Blades' downtime activities)."""
    try:
        ruleset = get_ruleset(system)
        return any(OPTION in ruleset.options_for(move) for move in ruleset.moves)
    except AssistantError:
        return False


def coin_offer(system: str, result: Result, request: dict[str, Any]) -> str:
    """The line under a downtime roll whose result coin may still raise, with the coin the sheet holds; "" when
    there is none to spend, the roll is already critical, or the move takes no coin."""
    if result.roll != "pool" or result.outcome is Outcome.CRITICAL or not takes_coin(system, result.move):
        return ""
    crew = bool((request.get("options") or {}).get("pay_from_crew"))
    held = (result.character or {}).get("crew_coin" if crew else "coin")
    if not isinstance(held, int) or isinstance(held, bool) or held <= 0:
        return ""
    whose, say = ("the crew's", "spend 1 crew coin") if crew else ("your", "spend 1 coin")
    return (
        f"After the roll you may spend coin to raise this result one level per coin (1-3 to 4/5, 4/5 to 6, 6 to "
        f"critical): say “{say}” ({whose} coin: {held})."
    )
