"""A model's sentence in which the player's character does something the player never declared.

The player's words are their declared action; the story tells how the world answers it and stops where the player
must decide. A small model goes on past that point by acting for the character: "You agree to help them", "You type
in the code, but nothing happens", "You rush over to investigate, but find nothing", "You nod. 'Thank you.'". Such a
sentence takes the player's next decision, and what follows it in the draft is built on it (the code typed in, the
help agreed), so the chat ends the story before it (:mod:`assistant.chat.narration`).

A sentence is read clause by clause: a clause whose subject is "you" with a verb of doing is an action; it is the
player's own when its verb or one of its words is in what the player declared ("You scan the dark corridor" after
"I creep through the derelict's dark corridor"), else it is new. Verbs of perceiving, feeling, being and trying are
not actions ("You feel a chill", "You are spotted", "You try, but it fails"): they tell how the world answers. On an
oracle question, a price or a bare roll after earlier turns the player declares no action, so every action of the
character is new (:func:`declared_action`).
"""

from __future__ import annotations

import re

from assistant.narrate.echo_words import FUNCTION_WORDS
from assistant.narrate.request import NarrationRequest
from assistant.narrate.turn_message import HUMAN_ROLES
from rules_index.terms import stem

#: Verbs that tell what the character perceives, feels, is or undergoes (the body's reactions too: a stumble, a
#: gasp), or how the declared attempt went: the world's answer, not a new action.
_NOT_ACTIONS = frozenset(
    re.findall(
        r"\S+",
        """
        feel feels felt see sees saw seen hear hears heard notice notices noticed realize realizes realized realise
        realises realised sense senses sensed know knows knew smell smells smelled taste tastes spot spots spotted
        glimpse glimpses catch catches caught recall recalls remember remembers understand understands understood
        wonder wonders seem seems seemed appear appears appeared find finds found discover discovers discovered learn
        learns learned watch watches watched
        are were have had has must can could may might will would should need needs cannot can't don't didn't do does
        did be become becomes became get gets got remain remains remained stay stays stayed still also now
        try tries tried attempt attempts attempted fail fails failed struggle struggles struggled manage manages
        managed lose loses lost gain gains gained take takes took suffer suffers suffered endure endures endured face faces faced
        stumble stumbles stumbled fall falls fell trip trips tripped collapse collapses collapsed flinch flinches
        flinched wince winces winced shiver shivers shivered tremble trembles trembled gasp gasps gasped freeze freezes
        froze stagger staggers staggered reel reels reeled bleed bleeds bled cough coughs coughed choke chokes choked
        shudder shudders shuddered sway sways swayed
        """,
    )
)
#: Words that may stand between "you" and its verb.
_ADVERB = re.compile(
    r"^(?:then|quickly|carefully|slowly|cautiously|finally|suddenly|immediately|also|just|barely|quietly|silently|now|"
    r"soon|instinctively|reluctantly|hastily|swiftly|gently|calmly|still|again|both|all|eventually|nervously)$"
)
#: A clause that leads into the main one ("As you listen, …", "With a deep breath, …").
_LEAD = re.compile(
    r"^(?:(?:as|when|after|before|while|once|with|without|in|at|from|through|despite|having|now|then|suddenly|finally|"
    r"meanwhile|moments later|soon)\b[^,]{0,80},\s*|[^,]{1,40},\s*(?=you\b))",
    re.I,
)
_CLAUSES = re.compile(r",\s*(?:and|but|then|so)\s+|;\s*|:\s*|\s+(?:and|but|then|so)\s+(?=you\b)|\s+—\s+", re.I)
_AIMED = re.compile(
    r"^you\s+(?:[a-z]+ly\s+)?(?:try|tries|tried|attempt|attempts|attempted|manage|manages|managed|start|starts|started|"
    r"begin|begins|began)\s+to\s+([a-z']+)",
    re.I,
)
#: Verbs that complete a movement the player declared ("The rail bends as you land" after "I leap the gap"): the
#: declared action carried through, not a new one. On a turn with no declared action they are deeds like any other.
_COMPLETIONS = frozenset(
    re.findall(
        r"\S+",
        "land lands landed arrive arrives arrived reach reaches reached emerge emerges emerged finish finishes finished "
        "complete completes completed",
    )
)
#: What may follow a completing verb: nothing, or where and how ("as you land on the far side", "you land hard"). With
#: an object it is a deed of its own ("you manage to land a strong hit with your sword" on a Defend).
_NO_OBJECT = re.compile(
    r"^(?:$|on\b|in\b|at\b|onto\b|upon\b|beside\b|there\b|back\b|down\b|safely\b|hard\b|heavily\b|lightly\b|softly\b|"
    r"badly\b|awkwardly\b|neatly\b|cleanly\b)",
    re.I,
)


def _completes(clause: str, verb: str) -> bool:
    """Whether ``clause`` only completes a declared movement: a verb of :data:`_COMPLETIONS` with no object."""
    if verb not in _COMPLETIONS:
        return False
    after = re.search(rf"\b{re.escape(verb)}\b\s*(.*)$", clause, re.I)
    return bool(after and _NO_OBJECT.match(after.group(1).strip().rstrip(".!?\"'”")))


_YOU_VERB = re.compile(r"^you\s+([a-z']+)(?:\s+([a-z']+))?", re.I)
_STORY_MARK = re.compile(r"^\s*(?:>\s?|(?:You|Story):\s*)")
_WORD = re.compile(r"[a-z']+")


def _content(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text.lower()) if w not in FUNCTION_WORDS and len(w) > 2}


def new_action(sentence: str, declared: str | None = "") -> str:
    """The clause of ``sentence`` in which the character does something ``declared`` (the player's own words for
    their action; "" when they declared none) does not hold; "" when there is none, or when ``declared`` is None
    (no words to hold the story to)."""
    if declared is None:
        return ""
    text = _STORY_MARK.sub("", sentence).strip()
    text = re.sub(r'"[^"]*"|\u201c[^\u201d]*\u201d', " ", text)  # what someone says is not what they do
    own = _content(declared)
    for clause, kind in (part for whole in _CLAUSES.split(text) for part in _parts(whole.strip())):
        match = _YOU_VERB.match(clause)
        if match is None:
            continue
        verb = match.group(1).lower()
        if _ADVERB.match(verb):
            verb = (match.group(2) or "").lower()
        aim = _AIMED.match(clause)
        if aim:  # "You try to find a quiet corner": what is tried is the action, whatever its verb
            verb = aim.group(1).lower()
        elif not verb or verb in _NOT_ACTIONS or verb in FUNCTION_WORDS or (kind != "main" and verb in _FRAMING):
            continue
        if own and (
            stem(verb) in own or _content(clause) & own or _completes(clause, verb) or (kind == "lead" and verb in _NEARING)
        ):
            continue  # the declared action carried out or through, in the player's words or about what they named
        return clause.strip().rstrip(".!?")
    return ""


#: "As you approach the remains, …": a deed told in the clause that leads into the main one
_SUBORDINATE = re.compile(r"^(?:as|when|while|after|before|once)\s+(you\b[^,]*)", re.I)
#: "…, as you lift it out": a deed told in a clause after the main one
_TAIL = re.compile(r"\s(?:as|while|when|before|after)\s+(you\b.*)$", re.I)


#: Going to where the declared action happens, told as the scene's frame ("As you approach the wreck, …" after "I
#: search the wreck"): the declared action under way, in a leading clause only ("You step forward and grab his arm"
#: is a deed).
_NEARING = frozenset(
    re.findall(
        r"\S+",
        "approach approaches approached near nears neared enter enters entered step steps stepped walk walks walked move "
        "moves moved head heads headed make makes made round rounds rounded cross crosses crossed sit sits sat settle "
        "settles settled",
    )
)


#: What the character is doing while something happens, told as its frame ("The air is thick with anticipation as
#: you wait for the outcome", "As you look around the cloister, you notice…"): looking, waiting, thinking, getting
#: ready. In a leading or trailing "as you …" clause only: "You look through the drawers" is a search of its own.
_FRAMING = frozenset(
    re.findall(
        r"\S+",
        "look looks looked gaze gazes gazed stare stares stared peer peers peered listen listens listened wait waits "
        "waited consider considers considered think thinks thought ponder ponders pondered plan plans planned prepare "
        "prepares prepared focus focuses focused breathe breathes breathed turn turns turned",
    )
)


def _parts(clause: str) -> list[tuple[str, str]]:
    """The clauses with "you" as subject in ``clause``, in order, each with its place (``lead``, ``main``, ``tail``):
    a leading "As you …," clause, the main one, and a trailing "…as you …" one."""
    parts: list[tuple[str, str]] = []
    lead = _LEAD.match(clause)
    if lead:
        sub = _SUBORDINATE.match(lead.group(0))
        if sub:
            parts.append((sub.group(1).strip(), "lead"))
        clause = clause[lead.end() :]
    tail = _TAIL.search(clause)
    if tail:
        clause = clause[: tail.start()]
    parts.append((clause, "main"))
    if tail:
        parts.append((tail.group(1), "tail"))
    return parts


def declared_action(request: NarrationRequest) -> str | None:
    """The player's own words for their action in a narration request; "" when they act in none (an oracle question,
    an interpretation, a bare roll after earlier turns: what they did then was told then, and told again it reads as
    this roll's deed); None for a first bare roll with no words anywhere, whose action only the move names (the story
    then tells the move's action as the model sees it)."""
    if request.task != "narrate":
        return ""
    text = request.player_text.strip()
    if text and not text.startswith("/") and text.lower() not in {result.move.lower() for result in request.results}:
        return text  # "can I hack the panel?" too: the chat tells it as the attempt
    return "" if any(role.lower() in HUMAN_ROLES for role, _ in request.history) else None
