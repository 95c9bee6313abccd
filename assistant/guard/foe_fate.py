"""A foe's fate told where the engine decided none: "The raider falls to the ground" on Enter the Fray, a move that
only sets who has the initiative, or "The priest is now in a coma" on a missed stalk.

A foe the player named (a noun of the player's words, "the raider") told as dead, defeated or fallen, or put out of
the scene (unconscious, in a coma, knocked out), in a statement (not negated, not supposed) on a rolled move whose
result dealt no harm, marked no progress and whose own text says nothing of harm, damage, defeat or an end to the
fight: the fight's end is a roll the player has not made yet. A blow told landing on that foe on such a roll is the
same: harm the engine never dealt (:mod:`assistant.guard.blows`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from assistant.guard.blows import foes_of, no_harm_decided
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical, negated

_FATE = re.compile(
    r"\b(?:falls?|fell|collapses?|collapsed|crumples?|crumpled|slumps?|slumped)\s+(?:dead|lifeless|motionless|to the "
    r"(?:ground|floor|deck|dirt))\b|\b(?:dies|died|is (?:killed|defeated|slain|dead)|was (?:killed|defeated|slain)"
    r"|lies (?:dead|still|motionless)|goes down for good)\b"
    # put out of the scene: "is now in a coma", "falls unconscious", "is knocked out"
    r"|\b(?:is|was|lies|lay)\s+(?:now\s+)?(?:in\s+a\s+coma|unconscious|knocked\s+(?:out|unconscious)|out\s+cold"
    r"|incapacitated|paraly[sz]ed|subdued|helpless)\b"
    r"|\b(?:falls?|fell|slips?|slipped|sinks?|sank)\s+(?:unconscious|into\s+a\s+coma|senseless)\b"
    r"|\b(?:passes|passed|blacks|blacked)\s+out\b(?!\s+of\b)"
)
_SUPPOSED = re.compile(r"\b(?:if|unless|should|would|could|might|may|once|when)\b")
_ARTICLE = re.compile(r"\b(?:the|a|an|your|my)\s+(?P<noun>[a-z]{3,})\b")


def _foes(intent: str | None) -> set[str]:
    return {m.group("noun") for m in _ARTICLE.finditer((intent or "").lower())}


def check_foe_fate(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """The player's foe told as fallen or dead on a roll whose result decided no fate."""
    foes = _foes(intent)
    if not foes or not no_harm_decided(facts):
        return []
    for m in _FATE.finditer(sentence.narr):
        before = sentence.narr[: m.start()]
        subject = re.search(r"\b(?:the|a|an)\s+(?P<noun>[a-z]{3,})\s+(?:[a-z]+ly\s+|just\s+|then\s+)?$", before)
        if subject is None or subject.group("noun") not in foes:
            continue
        if negated(sentence.narr, m.start()) or hypothetical(sentence.narr[: m.end()], m.start(), m.end()):
            continue
        excerpt = (subject.group(0) + m.group(0)).strip()
        detail = f"'{excerpt}': the engine decided no fate for {subject.group('noun')} this turn; that is a roll still to come"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


#: A foe leaving the fight: "the pirates flee in terror", "the raider turns tail", "the guards surrender".
_LEAVES = re.compile(
    r"\b(?:flees?|fled|surrenders?|surrendered|withdraws?|withdrew"
    r"|(?:runs?|ran|scurr(?:y|ies|ied)|slinks?|slunk)\s+(?:off|away)|turns?\s+tail|turned\s+tail"
    r"|breaks?\s+off\s+(?:the|their|its|his|her)\s+(?:attack|pursuit|assault|chase)"
    r"|broke\s+off\s+(?:the|their|its|his|her)\s+(?:attack|pursuit|assault|chase)"
    # a step back is not leaving ("the raider retreats, leaving an opening"); out of the scene is
    r"|(?:retreats?|retreated)\s+(?:for\s+good|out\s+of\s+(?:sight|range|the\s+fight)|from\s+the\s+(?:fight|battle|field)"
    r"|into\s+the\s+(?:shadows|night|dark|darkness|drift|distance|void|crowd|depths)))\b"
)
#: What a foe does before the leaving that still leaves them the subject: "are surprised and flee".
_SUBJECT = re.compile(r"\b(?:the|a|an)\s+(?P<noun>[a-z]{3,})(?:'s)?\b(?P<rest>[^,;:]*?)$")


def _singular(noun: str) -> str:
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def check_foe_leaves(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """A foe told fleeing, retreating or surrendering on a hit whose result decided no fate: "The pirates are surprised
    and flee in terror." on Enter the Fray, which only sets who acts first. The fight ends on a roll still to come; on
    a miss a foe getting away is the story going badly, and is left to the other checks."""
    if not facts.results or "miss" in facts.outcomes or not no_harm_decided(facts):
        return []
    if any(r.roll == "progress" for r in facts.results):
        return []  # Take Decisive Action, Fulfill Your Vow: the roll that decides how a fight or quest ends
    if re.search(r"\b(?:scare|frighten|drive|chase|rout|intimidate|make)\b", (intent or "").lower()):
        return []  # "I scare them off": their running is the declared deed working
    # the head of a two-word name too ("a pirate cutter": the pirates, or the cutter)
    heads = re.findall(r"\b(?:the|a|an)\s+[a-z]{3,}\s+([a-z]{3,})\b", (intent or "").lower())
    foes = {_singular(n) for n in (*foes_of(facts, intent), *heads)}
    for m in _LEAVES.finditer(sentence.narr):
        subject = _SUBJECT.search(sentence.narr[: m.start()])
        if subject is None or _singular(subject.group("noun")) not in foes:
            continue
        if negated(sentence.narr, m.start()) or hypothetical(sentence.narr[: m.end()], m.start(), m.end()):
            continue
        attempt = re.search(r"\b(?:to|try|tries|trying|about)\s+$", sentence.narr[: m.start()])
        if _SUPPOSED.search(subject.group("rest")) or attempt:
            continue  # "the raider tries to flee", "ready to retreat": not done
        excerpt = " ".join(sentence.narr[subject.start() : m.end()].split())
        detail = f"'{excerpt}': the engine decided no end to the fight this turn; that is a roll still to come"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


def fight_names(tracks: Sequence[Mapping[str, Any]]) -> list[str]:
    """The names of the fights still open among a campaign's ``tracks`` (track records, as the store keeps them)."""
    closed = {"completed", "forsaken", "cleared", "lost", "abandoned", "removed"}
    return [
        str(t.get("name") or "")
        for t in tracks
        if str(t.get("kind") or "") in ("combat", "fight") and t.get("status") not in closed and t.get("name")
    ]


#: A foe's death told as a state or a relative clause: "who is now dead", "lies dead", "is already slain".
_DEAD = re.compile(
    r"\b(?:is|was|lies|lay)\s+(?:now\s+|already\s+|finally\s+)?(?:dead|slain|killed|lifeless)\b"
    r"|\b(?:dies|died|has\s+died|falls\s+dead|fell\s+dead|breathes\s+(?:his|her|its|their)\s+last)\b"
)


def check_open_fight_fate(sentence: Sentence, facts: Facts) -> list[Violation]:
    """The foe of a fight still open told dead on a turn that rolled no progress ("You are separated from the Iron
    Syndicate's enforcer, who is now dead." on a Pay the Price roll while the fight with the syndicate enforcer is
    open): the fight ends on its progress roll (Take Decisive Action), not on a table, a suffer move or an answer."""
    if not facts.open_fights or any(r.roll == "progress" for r in facts.results):
        return []
    heads = {_singular(w) for name in facts.open_fights for w in re.findall(r"[a-z]{3,}", name.lower())[-1:]}
    text = sentence.narr
    for m in _DEAD.finditer(text):
        before = re.findall(r"[a-z]{3,}", re.split(r"[.;:!?]|\bbut\b", text[: m.start()])[-1])[-6:]
        if not {_singular(w) for w in before} & heads:
            continue
        if negated(text, m.start()) or hypothetical(text[: m.end()], m.start(), m.end()):
            continue
        excerpt = " ".join(text[max(0, m.start() - 40) : m.end()].split())
        detail = f"'{excerpt}': the fight is still open; how it ends is its progress roll, still to come"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


#: A progress track's end told: "The raider's fight ended", "the fight is over", "your vow is fulfilled".
_TRACK_ENDED = re.compile(
    r"\b(?P<track>fight|battle|combat|duel|vow|quest|expedition|journey)\s+(?:is\s+|was\s+|has\s+|had\s+)?"
    r"(?:now\s+|finally\s+)?(?:over|ended|ends|finished|won|done|fulfilled|complete|completed)\b"
)


@cache
def _ends_on_progress_rolls(system: str) -> bool:
    """Whether ``system`` has moves rolled against a progress track (Take Decisive Action, Fulfill Your Vow): its
    fights and vows end on such a roll."""
    from assistant.engine import get_ruleset
    from assistant.engine.errors import AssistantError

    try:
        return any(move.roll is not None and move.roll.type == "progress" for move in get_ruleset(system).moves)
    except AssistantError:
        return False


def check_track_ended(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A fight, vow or expedition told as over on a turn that made no progress roll: its end is that roll, still to
    come ("The raider's fight ended, and your health went down." on Endure Harm)."""
    if not facts.system or not _ends_on_progress_rolls(facts.system) or any(r.roll == "progress" for r in facts.results):
        return []
    m = _TRACK_ENDED.search(sentence.narr)
    if m is None or negated(sentence.narr, m.start()) or _SUPPOSED.search(sentence.narr[: m.start()].lower()):
        return []  # "if you fall here, the fight is over": supposed, not told
    excerpt = " ".join(sentence.narr[max(0, m.start() - 20) : m.end()].split())
    detail = f"'{excerpt}': the {m.group('track')} ends on a progress roll still to come, not this turn"
    return [Violation(ViolationKind.OUTCOME, detail, excerpt)]


#: A foe beaten, in any of the ways a fight can end for them: down, dead, fled or given up.
_BEATEN = re.compile(
    rf"{_FATE.pattern}|{_LEAVES.pattern}|{_DEAD.pattern}"
    r"|\b(?:collapses?|collapsed|crumples?|crumpled|slumps?|slumped|falls?|fell)\s+(?:on|onto|to|against)\s+(?:the\s+)?"
    r"(?:ground|floor|deck|dirt|cobbles|cobblestones|stones|street|pavement|mud|snow|sand)\b"
    r"|\b(?:is|was|lies|lay)\s+(?:now\s+|finally\s+)?(?:defeated|beaten|vanquished|finished|done\s+for|at\s+your\s+mercy)\b"
    r"|\b(?:gives|gave)\s+up\s+the\s+fight\b|\b(?:yields|yielded)\b"
)
_FIGHT_KINDS = frozenset({"combat", "fight"})


def check_fight_lost_told_won(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A fight's own progress roll missed (Take Decisive Action, End the Fight, a combat conclusion) and the story
    tells the foe beaten: "It goes wrong. The vampire hunter, exhausted from the fight, collapses on the ground." On a
    miss the fight is lost or its objective is, whatever the foe does next; the foe going down is the hit the dice did
    not give."""
    missed = [
        r
        for r in facts.results
        if r.roll == "progress" and r.outcome == "miss" and str((r.track or {}).get("kind") or "") in _FIGHT_KINDS
    ]
    if not missed:
        return []
    names = [str((r.track or {}).get("name") or "") for r in missed] + list(facts.open_fights)
    nouns = {_singular(w) for name in names for w in re.findall(r"[a-z]{3,}", name.lower())} - {"the", "fight", "and"}
    text = sentence.narr
    for m in _BEATEN.finditer(text):
        clause = re.split(r"[.;:!?]|\bbut\b|\band\s+you\b", text[: m.start()])[-1]
        subject = [_singular(w) for w in re.findall(r"[a-z]{3,}", clause)]
        if not set(subject[:6]) & nouns and not re.match(r"^\s*(?:he|she|they|it)\b", clause):
            continue
        if re.search(r"\byou\b", clause) and not set(subject) & nouns:
            continue  # "you fall to the ground": your own fall
        if negated(text, m.start()) or hypothetical(text[: m.end()], m.start(), m.end()):
            continue
        if re.search(r"\b(?:to|try|tries|trying|about|almost|nearly)\s+$", text[: m.start()]):
            continue  # "the hunter stumbles, about to fall": not down
        excerpt = " ".join((clause + m.group(0)).split())
        detail = f"'{excerpt}' tells the foe beaten, but the fight's roll was a miss: the fight goes against you"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
