"""A new track's name asked before the move that starts it, when no words of the player's give one: a "Swear an Iron
Vow" button after Fulfill Your Vow's "set things right" used to start a vow called "Swear an Iron Vow". The answer
(any words: "to make amends with the archivists, a dangerous vow") names the track as typed words would, rank and
all, and the move then rolls."""

from __future__ import annotations

import re
from typing import Any

from assistant.chat.questions import Question
from assistant.chat.track_finder import DEFAULT_RANK, rank_in, track_need
from assistant.chat.track_names import _RANK_CLAUSE, MAX_NAME, _kind_words, name_from_words
from assistant.engine.registry import get_ruleset
from assistant.engine.schema import MoveSpec

#: The question's field: a name for the track the move starts (never an engine option; the answer is read as words).
FIELD = "new_track_name"
#: What an example answer says for each kind of track.
_EXAMPLES = {
    "vow": "to make amends with the archivists, a dangerous vow",
    "elegy": "for my sire, slain by the hunters, a dangerous elegy",
    "combat": "the raider captain, a dangerous foe",
    "connection": "Captain Ilsa Voss, a smuggler",
    "expedition": "across the Shattered Reach, a formidable expedition",
}


#: The one a relationship is with, in words told for another connection move ("i develop my relationship with ilse
#: over a game of cards", "I form a bond with the countess"): a name, or "the" and a word.
_WITH_SOMEONE = re.compile(
    r"\b(?i:relationship|bond|friendship|connection|ties|moment)\s+(?i:with|to)\s+(?P<n>(?i:the)\s+[a-z][\w'-]+"
    r"|(?!(?i:a|an|my|our|his|her|their|them|him|me|us|it|this|that)\b)[A-Za-z][\w'-]+"
    r"(?:\s+(?:von|van|de)?\s*[A-Z][\w'-]+){0,3})"
)


def someone_named(words: str) -> str | None:
    """Who the words' relationship is with ("with ilse": “Ilse”), or None."""
    found = _WITH_SOMEONE.search(words or "")
    if found is None:
        return None
    name = found.group("n").strip()
    return name[:1].upper() + name[1:]


def name_first(request: dict[str, Any], move: MoveSpec | None, *, fights: bool = True, words: str = "") -> Question | None:
    """The question asking what to call the track ``move`` starts, when the request names none; None otherwise.

    Without ``fights``, a fight is not asked about (a typed "/roll enter the fray +iron" is "The fight" at once:
    the player rolls straight away and the story names the foe as it goes; "/roll enter the fray" alone asks, as a
    vow's name is asked). A new connection made for ``words`` told for another connection move ("i develop my
    relationship with ilse ...": Make a Connection, none being open) is named after the one they are with, and the
    request takes that track instead of a question."""
    if move is None:
        return None
    need = track_need(move)
    options = dict(request.get("options") or {})
    if need is None or not need.starts or {"track", "progress_ticks", "progress_boxes"} & set(options):
        return None
    if not fights and need.kind == "combat":
        return None
    if need.kind == "connection" and (someone := someone_named(words)):
        request["options"] = {**options, "track": {"name": someone[:MAX_NAME], "rank": (rank_in(words) or DEFAULT_RANK).value}}
        return None
    word = _kind_words(need.kind)
    example = _EXAMPLES.get(need.kind, f"its name, and its rank: “a dangerous {word}”")
    return Question(
        move=move.name,
        field=FIELD,
        kind="text",
        text=f"What is the new {word}? Say it in a few words (for example “{example}”): it names the {word} on your "
        "sheet, and then the move rolls.",
        request=dict(request),
    )


#: Words an answer may open with that are not the name: "to make amends", "for my sire", "I swear to ...".
_LEAD = re.compile(
    r"^(?:i\s+(?:swear|vow|sing|promise)\w*\s+(?:(?:an?|my)\s+(?:\w+\s+){0,2}?(?:vow|elegy)\s+)?)?(?:to|for|of)\s+", re.I
)


#: Words of an answer that tell a deed ("I fight the raider", "he attacks me"), not only who the foe is.
_ACTS = re.compile(r"\b(?:i|we|me|us)\b", re.IGNORECASE)
#: What the foe is, said after the name: "the raider captain, a foe", "..., my enemy".
_FOE_AS_TYPED = re.compile(r"\s*[,;]\s*(?:(?:a|an|my|our)\s+)?(?:foe|enemy|fight|opponent)\s*$", re.IGNORECASE)


def answered(question: Question, words: str, system: str, said_in: str = "your answer") -> tuple[dict[str, Any], str]:
    """The move's request with the track the answer names (its rank from the words, or the default), and the note
    the card shows: "A new dangerous vow: “Make amends with the archivists” (named in your answer)."."""
    move = get_ruleset(system).find_move(str(question.request.get("move") or question.move))
    need = track_need(move)
    kind = need.kind if need is not None else "vow"
    if kind == "combat" and not _ACTS.search(words):  # "Kraven the Red, an extreme foe": the foe as typed
        name = _FOE_AS_TYPED.sub("", _RANK_CLAUSE.sub("", words.strip().rstrip(".!"))).strip(" ,;:-")
        name = re.sub(r"^(?:a|an)\s+", "The ", name, flags=re.IGNORECASE) or words.strip()
    else:
        name = _LEAD.sub("", name_from_words(words, kind)).strip() or words.strip()
    name = (name[:1].upper() + name[1:])[:MAX_NAME]
    rank = rank_in(words) or DEFAULT_RANK
    options = {**(question.request.get("options") or {}), "track": {"name": name, "rank": rank.value}}
    said = "" if rank_in(words) else f"; say “a dangerous {_kind_words(kind)}”… for another rank, or undo"
    note = f"A new {rank.value} {_kind_words(kind)}: “{name}” (named in {said_in}{said})."
    return {**question.request, "options": options}, note
