"""Which approach of a move the suggestion rolls: the one the player's words name, else the character's best stat
unless the words clearly match another approach's line."""

from __future__ import annotations

import re
from typing import Any

from assistant.suggest.catalog import MoveEntry, normalize_name
from assistant.suggest.ranker import Scored


def value_of(character: dict[str, Any], stat: str) -> int | None:
    stats = character.get("stats") or {}
    for key in (stat, stat.lower(), stat.capitalize(), stat.upper()):
        if key in stats:
            try:
                return int(stats[key])
            except (TypeError, ValueError):
                return None
        if key in character and isinstance(character[key], (int, float)):
            return int(character[key])
    return None


#: An approach line must match the words this well, and this much better than the approach of the character's best
#: stat, to be taken over that stat when no word of the player's names a stat: the approach lines match everyday
#: words weakly ("I throw the ship into a hard dive" was closest to "With deception, stealth, or trickery").
APPROACH_CLEAR = 0.3
APPROACH_MARGIN = 0.1

#: An approach that is someone else doing the deed ("Obtain repairs from someone (not an ally)", "Receive treatment
#: from someone") or giving leave for it (Elegy's Feed: "Somehow manage to get your victim's consent"): a fact of the
#: story the words tell, never taken for the character's best stat ("I patch the hull breach" rolled +supply, as if
#: someone else made the repairs, because supply was higher than wits; "i feed on the hunter while he is down" rolled
#: +heart, as if the hunter had consented, because heart was the highest stat).
_BY_ANOTHER = re.compile(r"\bfrom someone\b|\bconsent\b", re.IGNORECASE)


def by_another(when: str | None) -> bool:
    """Whether an approach line is another's deed or leave (see :data:`_BY_ANOTHER`): the words must tell it."""
    return bool(_BY_ANOTHER.search(when or ""))


def said_stat(move: MoveEntry, cues: Any) -> bool:
    """Whether a word of the player's names a stat one of the move's approaches rolls ("sneak": shadow)."""
    wanted = {stat for appr in move.approaches for stat in appr.stats}
    named = set(getattr(cues, "stats", {}) or {})
    for name in {*move.names(), normalize_name(move.name.split(" (", 1)[0])}:  # a scene challenge's Face Danger too
        named |= set((getattr(cues, "move_stats", {}) or {}).get(name, {}))
    return bool(wanted & named)


#: An approach line that is the GM's call ("Roll with Heat when the Magistrate says so"): not read from the words.
_GM_CALL = re.compile(r"\bthe \w+ says\b|\bsays so\b", re.IGNORECASE)


def gm_calls_the_stat(move: MoveEntry) -> bool:
    """Whether every approach of ``move`` is the GM's call (Direct Someone to Act: "The Magistrate will indicate
    whether you should roll with Sway, Heat, or flat")."""
    return len(move.approaches) > 1 and all(_GM_CALL.search(a.when or "") for a in move.approaches)


def best_stat_approach(s: Scored, cues: Any, index: int | None, character: dict[str, Any]) -> int | None:
    """The approach of the character's best stat instead of ``index`` when no word names a stat and the words match
    ``index``'s line only weakly or barely better (see :data:`APPROACH_CLEAR`); the rules' first approach when each is
    the GM's call and no word names one ("I direct someone to act" rolled +heat, minus the Heat marked, by its line's
    closeness to the words)."""
    move = s.move
    if index is None or len(move.approaches) < 2 or said_stat(move, cues):
        return index
    if gm_calls_the_stat(move):
        return 0
    values = {
        j: max((v for st in a.stats if (v := value_of(character, st)) is not None), default=None)
        for j, a in enumerate(move.approaches)
    }
    known = {j: v for j, v in values.items() if v is not None and (j == index or not by_another(move.approaches[j].when))}
    if not known:
        return index
    best = max(known, key=lambda j: (known[j], s.approach_sims.get(j, 0.0)))
    sim, best_sim = s.approach_sims.get(index, 0.0), s.approach_sims.get(best, 0.0)
    if known.get(index) == known[best] or (sim >= APPROACH_CLEAR and sim - best_sim >= APPROACH_MARGIN):
        return index
    return best
