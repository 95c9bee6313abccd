"""Words that tell an open vow's goal reached ("I finally find my brother in the cryo bay" with the vow "Find my lost
brother on the derelict station Korva"): the moves that end or advance that vow are offered first — the progress
roll that fulfils it (Fulfill Your Vow, Fulfill Your Elegy) and the milestone that marks progress on it — since no
other move's words ("find", "brother") can say that the quest is over. Pure: reads a :class:`CampaignState`.

A vow's goal is its name's first verb and the noun it acts on ("find" … "brother"); the words reach it when a verb of
reaching a goal ("find", "rescue", "recover", "kill"…, or the vow's own verb) is followed, through no more than a
few words and no preposition, by that noun: "I find a clue about my brother" finds a clue, not the brother.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from assistant.chat.track_finder import open_tracks, track_need
from assistant.engine.data import normalize_name
from assistant.narrate.verbs import is_verb

#: Verbs (and their common forms) that tell a goal reached, whatever the vow's own verb.
_REACHING = frozenset(
    {
        "find", "finds", "found", "locate", "locates", "located", "rescue", "rescues", "rescued", "save", "saves",
        "saved", "free", "frees", "freed", "reach", "reaches", "reached", "recover", "recovers", "recovered", "retrieve",
        "retrieves", "retrieved", "kill", "kills", "killed", "slay", "slays", "slew", "slain", "defeat", "defeats",
        "defeated", "destroy", "destroys", "destroyed", "avenge", "avenges", "avenged", "deliver", "delivers",
        "delivered", "finish", "finishes", "finished", "complete", "completes", "completed", "fulfil", "fulfill",
        "fulfils", "fulfills", "fulfilled", "bring", "brings", "brought", "return", "returns", "returned", "claim",
        "claims", "claimed", "win", "wins", "won", "stop", "stops", "stopped", "end", "ends", "ended", "reunite",
        "reunites", "reunited", "catch", "catches", "caught", "capture", "captures", "captured", "expose", "exposes",
        "exposed", "unmask", "unmasks", "unmasked"
    }
)  # fmt: skip
#: Words that may stand between the verb and the noun it acts on ("find my lost little brother").
_BETWEEN_MAX = 3
_PREPOSITIONS = frozenset(
    {
        "about", "of", "for", "to", "on", "in", "at", "with", "from", "by", "into", "onto", "over", "under", "near",
        "behind", "toward", "towards", "through", "across", "after", "before", "and", "or", "but", "while", "than"
    }
)  # fmt: skip
#: Where a vow's object ends: "find my lost brother on the derelict station": the brother, not the station.
_OBJECT_END = _PREPOSITIONS | {"who", "that", "which", "before", "so", "as", "if", "when"}
#: Words before the verb that say the goal is not reached by it: an aim ("to find him"), a failure or a denial.
_NOT_DONE = frozenset(
    {
        "to", "not", "never", "cannot", "can't", "cant", "couldn't", "won't", "fail", "failed", "failing"
    }
)  # fmt: skip
_DETERMINERS = frozenset(
    {
        "my", "the", "a", "an", "our", "his", "her", "their", "its", "this", "that", "these", "those", "your"
    }
)  # fmt: skip
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


@dataclass(frozen=True)
class Goal:
    """An open track's goal: its id, its verb and the nouns that verb acts on."""

    track_id: str
    kind: str
    verb: str
    nouns: frozenset[str]
    """The noun the verb acts on, and the title before a name ("the pirate queen Vessa": queen, vessa)."""


def _stem(word: str) -> str:
    low = word.lower().replace("’", "'")
    low = low[:-2] if low.endswith("'s") else low
    return low[:-1] if low.endswith("s") and not low.endswith("ss") and len(low) > 3 else low


def goal_of(track_id: str, track: dict[str, Any]) -> Goal | None:
    """The goal a track's name states ("Find my lost brother on Korva": find … brother), or None when the name does
    not open with a verb acting on something."""
    words = _WORD.findall(str(track.get("name") or ""))
    if len(words) < 2 or not (is_verb(words[0].lower()) or words[0].lower() in _REACHING):
        return None
    phrase: list[str] = []
    for word in words[1:]:
        if word.lower() in _OBJECT_END:
            break
        phrase.append(word)
    phrase = [w for w in phrase if w.lower() not in _DETERMINERS]
    if not phrase:
        return None
    nouns = {_stem(phrase[-1])}
    if len(phrase) > 1 and phrase[-1][:1].isupper():  # "the pirate queen Vessa": "I kill the pirate queen" too
        nouns.add(_stem(phrase[-2]))
    return Goal(track_id, str(track.get("kind") or "vow"), words[0].lower(), frozenset(nouns))


def reached_goal(tracks: list[tuple[str, dict[str, Any]]], text: str) -> Goal | None:
    """The goal among ``tracks`` that ``text`` tells reached, if exactly one is."""
    words = _WORD.findall(text)
    found: list[Goal] = []
    for track_id, track in tracks:
        goal = goal_of(track_id, track)
        if goal is not None and _tells_reached(words, goal):
            found.append(goal)
    return found[0] if len(found) == 1 else None


#: Words of a step toward a goal, not the goal reached ("we made real progress on finding my sister", "i found another
#: clue about my sister", "i'm closer to finding her"): the milestone is offered first (Reach a Milestone: "When you
#: make significant progress in your quest").
_STEP = frozenset(
    {
        "progress", "closer", "step", "steps", "clue", "clues", "lead", "leads", "trace", "traces", "trail", "sign",
        "signs", "hint", "hints", "headway", "milestone", "word", "rumor", "rumour", "whereabouts"
    }
)  # fmt: skip


def stepped_goal(tracks: list[tuple[str, dict[str, Any]]], text: str) -> Goal | None:
    """The goal among ``tracks`` that ``text`` tells a step toward ("a clue about my sister", "progress on finding
    my sister"), if exactly one is."""
    words = _WORD.findall(text)
    found: list[Goal] = []
    for track_id, track in tracks:
        goal = goal_of(track_id, track)
        if goal is None:
            continue
        steps = [i for i, w in enumerate(words) if w.lower() in _STEP]
        if any(_stem(w) in goal.nouns for i in steps for w in words[i + 1 : i + 8]):
            found.append(goal)
    return found[0] if len(found) == 1 else None


def _tells_reached(words: list[str], goal: Goal) -> bool:
    own = goal.verb[:4] if len(goal.verb) > 4 else goal.verb
    for i, word in enumerate(words):
        low = word.lower()
        if low not in _REACHING and not low.startswith(own):
            continue
        if low.endswith("ing") or any(w.lower() in _STEP for w in words[:i]):
            continue  # "progress on finding my sister", "closer to finding her": a step toward it, not the goal
        if i and words[i - 1].lower() in _NOT_DONE:
            continue  # "I try to find my brother", "I forsake my vow to avenge my sire": the goal not reached
        for after in words[i + 1 : i + 2 + _BETWEEN_MAX]:
            if _stem(after) in goal.nouns:
                return True
            if after.lower() in _PREPOSITIONS or after.lower() in _REACHING:  # a place, or a second deed
                break
    return False


@cache
def _moves_for(system: str, kind: str) -> tuple[str | None, str | None]:
    """The move that ends a ``kind`` track with a progress roll, and the one that marks a milestone on it."""
    from assistant.engine import get_ruleset

    finish = milestone = None
    for move in get_ruleset(system).moves:
        need = track_need(move)
        if need is None or need.kind != kind or need.starts:
            continue
        if move.roll.type == "progress" and (finish is None or "fulfil" in normalize_name(move.name)):
            finish = move.name  # Fulfill Your Elegy, not Elegy's general Conclusion Roll
        elif move.roll.type == "none" and "milestone" in normalize_name(move.name) and milestone is None:
            milestone = move.name
    return finish, milestone


def offer_goal_moves(state: Any, suggestions: list[Any], text: str, more: Callable[[str], list[Any]]) -> list[Any]:
    """``suggestions`` with the moves that fulfil the vow ``text`` tells reached, and its milestone, put first (the
    milestone before a fulfilment that can only miss, whose line says to mark progress first); ``more(name)`` gives
    the offline suggestions for a move's name. Unchanged when the words reach no open vow's goal, or name a move."""
    from assistant.chat.fitting import certain_miss, fit_suggestions, names_move
    from assistant.suggest.spelling import mend

    said = mend(text, state.system)  # "i fullfil my vow to find…" names Fulfill Your Vow
    if any(names_move(said, str(getattr(s, "move", ""))) for s in suggestions):
        return suggestions  # "I reach a milestone: I found the logs": the move the words name stays where it is
    ends = [(tid, t) for tid, t in open_tracks(state, "any") if _moves_for(state.system, str(t.get("kind") or "vow"))[0]]
    goal = reached_goal(ends, text)
    stepped = goal is None and (goal := stepped_goal(ends, text)) is not None  # "a clue about my sister": a milestone
    if goal is None or _names_a_foe(state, text):
        return suggestions  # "I destroy the hunter" in the fight with the hunter: the fight's moves end it
    picks: list[Any] = []
    for name in _moves_for(state.system, goal.kind):
        if name is None:
            continue
        key = normalize_name(name)
        found = next((s for s in more(name) if normalize_name(str(getattr(s, "move", ""))) == key), None)
        if found is not None:  # bound to the vow the words name, its odds reckoned on that vow's progress
            picks += fit_suggestions(state, [found], text, k=1)
    if not picks:
        return suggestions
    if len(picks) == 2 and (stepped or certain_miss(getattr(picks[0], "odds", None))):
        picks.reverse()  # a step toward the goal, or a fulfilment that can only miss: the milestone first
    keys = {normalize_name(str(getattr(p, "move", ""))) for p in picks}
    rest = [s for s in suggestions if normalize_name(str(getattr(s, "move", ""))) not in keys]
    return [*picks, *rest][: max(len(suggestions), len(picks) + 1)]


def _names_a_foe(state: Any, text: str) -> bool:
    """Whether the words name the foe of an open fight ("I destroy the hunter" while "The hunter" is fought)."""
    said = {_stem(w) for w in _WORD.findall(text)}
    for _tid, track in open_tracks(state, "combat"):
        names = [w for w in _WORD.findall(str(track.get("name") or "")) if w.lower() not in _DETERMINERS]
        if names and _stem(names[-1]) in said:
            return True
    return False
