"""An action roll that can only miss as the sheet stands (Elegy's action score is the stat and adds against two
challenge dice: a stat of 1 never beats a die), placed and worded as a player of the game expects.

- :func:`sure_miss_words` says why and what changes it: burning the meter when that helps (Elegy's focus), an add.
- :func:`other_approach` is the same move at the approach that can hit ("drink from the dying ghoul" at +force 1:
  Feed also rolls +dexterity "with speed or ambush", +glamour "with charm"), offered right after it.
- :func:`hits_first` puts a sure miss the words do not name after the moves that can hit: "I question the drunk
  sexton" listed Gather Information (+intellect 1) first, a roll no die result can win.
"""

from __future__ import annotations

import copy
from typing import Any

from assistant.suggest.approaches import by_another


def _can_hit(odds: Any) -> bool:
    outcomes = (odds or {}).get("outcomes") if isinstance(odds, dict) else None
    if not isinstance(outcomes, dict) or "miss" not in outcomes:
        return False
    return any(float(v) > 0 for k, v in outcomes.items() if not str(k).startswith("miss"))


def sure_miss_words(s: Any) -> str:
    """What a sure miss at the suggestion's stat says where its odds would be."""
    stat = str(s.stat).replace("_", " ")
    value = getattr(s, "stat_value", None)
    at = f"+{stat} {value}" if isinstance(value, int) else f"+{stat}"
    burn = getattr(s, "burn_odds", None)
    if isinstance(burn, dict) and _can_hit(burn):
        meter, level = str(burn.get("meter", "")).replace("_", " "), burn.get("level")
        return f"a sure miss at {at}: the score cannot beat the dice unless you burn {meter} ({level}) or have an add (+1, +2)"
    return f"a sure miss at {at}: the score cannot beat the dice; an add (+1, +2) changes that"


def other_approach(s: Any) -> Any | None:
    """The suggestion at the approach of its move with the best chance of a hit (a copy), or None when none can hit;
    never an approach that is another's deed or leave (Feed's victim's consent), which only the words tell."""
    alternatives = [
        a for a in getattr(s, "alternatives", None) or [] if _can_hit(a.get("odds")) and not by_another(a.get("approach"))
    ]
    if not alternatives or not isinstance(getattr(s, "request", None), dict):
        return None
    best = max(alternatives, key=lambda a: 100.0 - float(a["odds"]["outcomes"].get("miss", 100.0)))
    other = copy.copy(s)
    other.stat, other.stat_value, other.odds = best["stat"], best.get("stat_value"), best["odds"]
    other.approach = best.get("approach")
    other.request = {**s.request, "stat": best["stat"]}
    other.alternatives = [a for a in s.alternatives if a is not best]
    other.odds_words = None
    other.burn_odds = None
    other.notes = [n for n in s.notes if "only a miss is possible" not in str(n)]
    return other


def hits_first(out: list[Any], is_sure: Any) -> list[Any]:
    """``out`` with each sure miss ``is_sure`` marks after the first two moves that can hit (it stays among those
    shown, saying why it cannot win)."""
    sure = [s for s in out if is_sure(s)]
    front = [s for s in out if not is_sure(s)]
    placed = front[:2] + [s for s in sure if not _sibling(s, front)] + front[2:]
    for s in (s for s in sure if _sibling(s, front)):  # right after the same move at the approach that can hit
        placed.insert(placed.index(_sibling(s, front)) + 1, s)
    return placed


def _sibling(s: Any, others: list[Any]) -> Any | None:
    return next((o for o in others if getattr(o, "move", None) == getattr(s, "move", None)), None)
