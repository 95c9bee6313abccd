"""How the player's words are told when the roll went against them, and without a track's rank.

A missed move's opening tells the player's deed as tried ("You try to fulfil your vow."), and a deed or state told as
done ("Your vow is fulfilled.") is left out, since the miss says otherwise. The rank a player gives a vow ("a formidable
vow") belongs on the card, not in the story.
"""

from __future__ import annotations

import re

from assistant.narrate.verbs import is_verb

#: The lead-ins of words told again ("Again, you ..."); :func:`assistant.narrate.opening.once_more` writes them.
AGAIN = ("Again,", "Once more,", "One more time:")
#: The lead-in before words that a comma would turn into a phrase of speech: "Again, you see the doctor" reads as
#: "again, you see, ..." (as "you know" would), so it is told "Once more you see the doctor".
AGAIN_BARE = "Once more"
SPOKEN = re.compile(r"^you\s+(?:see|know|mind|understand|hear|realize|realise)\b", re.I)
#: Words after "you" that already make the words an attempt or a wish.
_TRYING = frozenset({"try", "tries", "attempt", "want", "need", "hope", "plan", "mean", "intend", "wish", "aim"})

#: Verbs of a state ("you are shaken", "you were hit"): told as they are, not as tried.
_BEING = frozenset({"are", "were", "am", "is", "was", "have", "had", "feel", "felt", "seem", "seemed", "look", "looked"})
#: Verbs of speech: the words are said whatever the roll ("You say, \"Stand down!\""), so they are told as said.
_SPEAKING = frozenset({"say", "tell", "shout", "yell", "whisper", "mutter", "ask", "reply", "answer", "cry", "call", "scream"})


#: A track's rank in the player's words ("a formidable vow", ", a dangerous expedition"): the card says the rank; the
#: story tells the vow, not its rank.
_RANK_WORDS = r"(?:troublesome|dangerous|formidable|extreme|epic)"
_TRACK_NOUNS = r"(?:vows?|quests?|oaths?|expeditions?|journeys?|fights?|combats?|duels?|bonds?|connections?|elegy|objectives?)"
_RANKED_APPOSITIVE = re.compile(
    rf"\s*[,;(-]\s*(?:(?:it|this|that)(?:'s|’s|s|\s+is|\s+will\s+be)\s+)?(?:an?\s+|the\s+)?{_RANK_WORDS}(?:\s+{_TRACK_NOUNS})?\)?(?=\s*[.!?]*\s*$)",
    re.I,
)
_RANKED_TRACK = re.compile(rf"\b(?:(an?)\s+)?{_RANK_WORDS}\s+(?={_TRACK_NOUNS}\b)", re.I)

#: What the words make a track, appended ("destroy the hunter, an elegy"): the card names it; the story tells the deed.
_KIND_APPOSITIVE = re.compile(r"\s*,\s*(?:as\s+)?(?:a|an|my|our)\s+(?:iron\s+)?(?:vow|elegy|quest|oath)(?=\s*[.!?]*\s*$)", re.I)


def without_rank(player_text: str) -> str:
    """The player's words without a track's rank: "I swear a formidable vow to find my sister" as "I swear a vow to
    find my sister", "I survey the derelict, a dangerous expedition" as "I survey the derelict"."""
    text = _KIND_APPOSITIVE.sub("", _RANKED_APPOSITIVE.sub("", player_text))  # "... my haven, an elegy"
    return _RANKED_TRACK.sub(lambda m: "a " if m.group(1) else "", text)


#: The last sentence's lead-in when the same words were told before ("One more time: you ...").
_AGAIN_LEAD = re.compile(r"^(?:" + "|".join(re.escape(a) for a in (*AGAIN, AGAIN_BARE)) + r")\s+")
#: A deed told as done or a state as reached ("your vow is fulfilled", "the hunter is dead").
_DONE_STATE = re.compile(
    r"\b(?:is|are|was|were|has been|have been)\s+(?:now\s+|finally\s+|at last\s+)?(?:fulfilled|done|complete|completed|"
    r"over|finished|dead|defeated|slain|won|found|destroyed|killed|beaten|safe|escaped|gone)\b"
)
#: Past forms a player types for a deed done ("I found her", "I slew the beast").
_DEEDS = "found took won slew made got caught fought struck stole broke brought bought threw drove rode ran hid led"
_PAST_DEEDS = frozenset(_DEEDS.split())


def _done_deed(words_after_you: list[str]) -> bool:
    """``you fulfilled``, ``you have found``, ``you found``: a deed told as done, not as an attempt."""
    if not words_after_you:
        return False
    first = words_after_you[0]
    if first in {"have", "has", "had"} and len(words_after_you) > 1:
        first = words_after_you[1]
        if first.endswith("en") and len(first) > 4:  # "you have beaten", "you have taken"
            return True
    if first in _PAST_DEEDS:
        return True
    return first.endswith("ed") and not is_verb(first) and (is_verb(first[:-2]) or is_verb(first[:-1]) or is_verb(first[:-3]))


#: "You and Mara slip in", "you and the hunter circle": two who act together, then the verb.
_TOGETHER = re.compile(r"^(?P<who>you(?:,\s*[\w’'-]+)* and (?:the |a |an |your )?[\w’'-]+)\s+(?P<rest>\S.*)$", re.I)


#: Where a clause of the player's deed opens after another ("The watch arrives; [you escape]", "when the guard turns,
#: [you slip past]", "the door opens and [you rush in]").
_CLAUSE_BREAK = re.compile(
    r"(?:[;:,]|\s[-–—])\s+(?:and\s+|then\s+|so\s+)?(?=you\s+[a-z])|\s(?:and|then|so|as|while)\s+(?=you\s+[a-z])", re.I
)


_JOINS = re.compile(r"(;\s+|,\s+and\s+|,\s+|\s+and\s+)")


def without_done(told: str) -> str:
    """``told`` without the clauses that tell a goal reached or a deed done after the attempt ("You set out to fulfil
    your vow; your sister is finally safe." -> "You set out to fulfil your vow."), for the opening of a miss."""
    sentences = re.split(r"(?<=[.!?])\s+", told.strip())
    last = sentences[-1]
    pieces = _JOINS.split(last.rstrip("."))
    if len(pieces) < 3 or not any(_DONE_STATE.search(p.lower()) for p in pieces[2::2]):
        return told
    kept = pieces[0]
    for join, piece in zip(pieces[1::2], pieces[2::2], strict=False):
        if _DONE_STATE.search(piece.lower()):
            break
        kept += join + piece
    return " ".join([*sentences[:-1], kept + "."])


def _named_tried(body: str, names: tuple[str, ...]) -> str:
    """ "Kira slips past the guard" (a character of the party) as "Kira tries to slip past the guard"; "" otherwise."""
    from assistant.narrate.line_grammar import _verb_base

    for name in (*(re.escape(n) for n in names if n), r"Your\s+[a-z]+"):  # "Your ship dives": the player's own
        match = re.match(rf"^(?P<who>{name})\s+(?P<verb>[a-z]+)\b(?P<rest>.*)$", body)
        base = _verb_base(match.group("verb")) if match else ""
        if match and base and base not in _BEING | _SPEAKING | {"try", "attempt", "want", "need"}:
            rest = re.sub(r"\band ([a-z]+s)\b", lambda m: f"and {_verb_base(m.group(1)) or m.group(1)}", match.group("rest"))
            return f"{match.group('who')} tries to {base}{rest}"  # "and opens the gate": "and open the gate"
    return ""


def _deed_tried(part: str) -> str:
    """A clause "you <verb> ..." as "you try to <verb> ..."; "" when it is no deed to try (a wish, a state, speech)."""
    words = part.lower().split()
    if len(words) < 2 or words[0] != "you" or words[1] in _TRYING | _BEING | _SPEAKING or _done_deed(words[1:]):
        return ""
    return f"{part[:3]} try to {part[4:]}"


def as_tried(told: str, intent: str, names: tuple[str, ...] = ()) -> str:
    """The opening of a missed move with the player's deed in its last clause told as tried ("The watch arrives; you
    try to escape across the rooftops."), or the deed of a party member ``names`` names ("Kira tries to ...")."""
    sentences = re.split(r"(?<=[.!?])\s+", told.strip())
    last = sentences[-1]
    body = last.rstrip(".")
    if _DONE_STATE.search(body.lower()):
        return " ".join(sentences[:-1])
    named = _named_tried(body, names)
    if named:
        return " ".join([*sentences[:-1], named + "."])
    breaks = list(_CLAUSE_BREAK.finditer(body))
    if body.lower().startswith("you ") or not breaks:
        return _as_tried(told, intent)
    at = breaks[-1].end()
    tried = _deed_tried(body[at:])
    if not tried:
        return told
    return " ".join([*sentences[:-1], f"{body[:at]}{tried}."])


def _as_tried(told: str, intent: str) -> str:
    """The opening of a missed move: the player's deed told as tried ("You try to fulfil your vow."), and a deed or
    state told as done ("You have fulfilled your vow.", "Your vow is fulfilled.") left out, since the miss says
    otherwise. Only the words the player typed are changed, in the last sentence (the one the move rolls for)."""
    sentences = re.split(r"(?<=[.!?])\s+", told.strip())
    last = sentences[-1]
    lead = _AGAIN_LEAD.match(last)
    head, body = (last[: lead.end()], last[lead.end() :]) if lead else ("", last)
    said = body.rstrip(".").lower()
    typed = re.split(r"(?<=[.!?])\s+", intent.strip())[-1].rstrip(".").lower()
    if said != typed:
        return told  # an opener's words ("You make your move to ..."): already an attempt
    after_you = [w.strip(",;:") for w in said.split()[1:]] if said.startswith(("you ", "you,")) else []
    if _DONE_STATE.search(said) or _done_deed(after_you):
        return " ".join(sentences[:-1])
    if not after_you or after_you[0] in _TRYING | _BEING | _SPEAKING:  # "you want to feed", "you are shaken"
        return told
    together = _TOGETHER.match(body.rstrip("."))
    if together:  # "You and Mara slip in" -> "You and Mara try to slip in"
        who = together.group("who")
        tried = f"{head}{who[:1].lower() + who[1:] if head else who} try to {together.group('rest')}."
        return " ".join([*sentences[:-1], tried])
    tried = f"{head}{'you' if head else 'You'} try to {body[4:].rstrip('.')}."
    return " ".join([*sentences[:-1], tried])
