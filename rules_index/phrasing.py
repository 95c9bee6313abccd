"""A question as GMs type it, rewritten in the words the rules texts use before it is searched.

Players write "w/o", "whats", "my char", "outta supplies", "dmg" at the table. The texts never do, so
such words both miss the passages that answer and count as words "the texts never use" when judging
whether the texts cover a question. :func:`plain_question` spells out that shorthand (general English
chat shorthand and the common tabletop abbreviations, not any one question's words), and
:data:`CHATTER` lists the words that say how a player talks rather than what rule they ask about.
"""

from __future__ import annotations

import re

from rules_index.routing import NAMES, opening_span
from rules_index.slang import with_rules_words

#: Chat and tabletop shorthand -> the words the rules texts use.
SHORTHAND: dict[str, str] = {
    "w/o": "without",
    "w/": "with",
    "b/c": "because",
    "bc": "because",
    "cuz": "because",
    "coz": "because",
    "thru": "through",
    "outta": "out of",
    "gonna": "going to",
    "wanna": "want to",
    "gotta": "have to",
    "kinda": "kind of",
    "til": "until",
    "till": "until",
    "whats": "what is",
    "wats": "what is",
    "hows": "how is",
    "whos": "who is",
    "wheres": "where is",
    "thats": "that is",
    "theres": "there is",
    "dont": "do not",
    "doesnt": "does not",
    "didnt": "did not",
    "cant": "can not",
    "isnt": "is not",
    "arent": "are not",
    "wont": "will not",
    "im": "i am",
    "ive": "i have",
    "youre": "you are",
    "u": "you",
    "ur": "your",
    "r": "are",
    "ppl": "people",
    "abt": "about",
    "tho": "though",
    "rn": "right now",
    "vs": "against",
    "v": "against",
    "info": "information",
    "char": "character",
    "chars": "characters",
    "charac": "character",
    "vamp": "vampire",
    "vamps": "vampires",
    "dmg": "damage",
    "lvl": "level",
    "lvls": "levels",
    "atk": "attack",
    "exp": "experience",
    "xp": "xp experience",
    "tryna": "trying to",
    "pts": "points",
    "op": "operation",
    "ops": "operations",
    "mins": "minutes",
    "hrs": "hours",
    "sesh": "session",
    "pcs": "pcs player characters",
    "pc": "pc player character",
    # the games' own names for things the shipped texts call otherwise: the Starforged moves say "vehicle"
    # and "command vehicle" for the characters' starship, the Blades chapter "constables" for the Bluecoats
    # of the City Watch, the Dungeon World text "Health Points" for HP
    "starship": "starship command vehicle",
    "starships": "starships command vehicles",
    "ship": "ship vehicle",
    "ships": "ships vehicles",
    "bluecoat": "bluecoat constable",
    "bluecoats": "bluecoats constables",
    "hp": "hp health points",
}

#: Words that say how a player talks, not which rule they ask about, and the function words the shorthand
#: spells out (never evidence that the texts are silent on a question).
CHATTER = frozenset(
    [
        "guy",
        "gal",
        "dude",
        "folks",
        "just",
        "really",
        "actually",
        "basically",
        "literally",
        "exactly",
        "now",
        "up",
        "off",
        "over",
        "out",
        "back",
        "together",
        "anyone",
        "anybody",
        "somebody",
        "everyone",
        "everybody",
        "myself",
        "yourself",
        "ourselves",
        "themselves",
        "want",
        "wanted",
        "wants",
        "know",
        "tell",
        "say",
        "stuff",
        "deal",
        "okay",
        "ok",
        "yeah",
        "hey",
        "pls",
        "please",
        "thanks",
        "like",
        "still",
        "even",
        "right",
        "wrong",
        "bit",
        "lot",
        "lots",
        "am",
        "not",
        "been",
        "being",
        "until",
        "without",
        "because",
        "though",
    ]
)

_WORD = re.compile(r"(?<![\w/])([a-z]+/?[a-z]*)(?![\w/])", re.IGNORECASE)

#: How a question names the game it is about when it frames it ("in Blades, ...", "bitd: ...", "... in
#: Starforged?"). The system is chosen from that name before searching (:mod:`rules_index.routing`); left in
#: the question, the name only finds passages that print it (a section titled "Dungeon World").
_GAMES = (
    r"(?:blades in the dark|bitd|blades|ironsworn starforged|ironsworn|starforged|dungeon[ -]world|elegy"
    r"|city game|magistrate game|sf|dw)"
)
_GAME_SUFFIX = r"(?:\s+(?:pvp|rpg|game|rules))?"  # "dungeon world pvp:" names the shipped PvP variant
_FRAMED_START = re.compile(
    rf"^\s*(?:(?:in|for|with)\s+(?:the\s+)?{_GAMES}{_GAME_SUFFIX}\s*[:,;\-–—]?|{_GAMES}{_GAME_SUFFIX}\s*[:,;\-–—])\s*", re.I
)
_FRAMED_END = re.compile(rf",?\s+(?:in|for)\s+(?:the\s+)?{_GAMES}{_GAME_SUFFIX}\s*([?.!]*)\s*$", re.I)


#: Words of an opening label that only say it labels a game's question ("magistrate city game:", "vampire game
#: question:", "starforged rules q -", "ironsworn sf:").
_LABEL_WORDS = frozenset(["question", "questions", "q", "rules", "rule", "pvp", "rpg", "game", "games", "rq"])


#: Words of a longer opening label that only say which game is asked about and which one the table is in ("starforged
#: question from our blades crew:", "elegy question while we're playing blades:", "asking about elegy while we're in
#: our starforged game:"): none of them is what the question asks.
_TABLE_WORDS = _LABEL_WORDS | frozenset(
    re.findall(
        r"\w+",
        "while we re i m am are is s the our my a an in on for from to tonight sec quick one about asking wondering "
        "switching switch switched back so playing play plays run running ran paused pause hold break open not though "
        "but off this different trying try campaign campaigns table group crew chronicle session sessions",
    )
)
#: A longer opening label: up to fourteen words before a colon or a spaced dash.
_LONG_LABEL = re.compile(r"^\W*((?:[\w'&]+\s+){0,13}[\w'&]+)\s*(?::|\s[-–—]\s)")


def label_end(question: str) -> int:
    """Where an opening label that names a game and nothing else ends ("magistrate city game: ...", "elegy question:
    ...", "starforged question - ..."), or one that says only which game it asks about and which one the table is in
    ("starforged question from our blades crew: ..."); 0 when the question has none. A label naming what is asked
    about as well ("blades downtime: ...") is none."""
    for end, allowed in ((opening_span(question), _LABEL_WORDS), (_long_label_end(question), _TABLE_WORDS)):
        if not end or not question[end:].strip():
            continue
        label = " ".join(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", question[:end].lower()))
        # "... while our blades crew is in downtime": what the table is doing in its own game, not what is asked
        heads = (label, _TABLE_STATE.split(label, maxsplit=1)[0]) if allowed is _TABLE_WORDS else (label,)
        if any(_only_names_a_game(head, allowed) for head in heads):
            return end
    return 0


#: Where a longer label turns to the table's own game and what it is doing there ("elegy question while our blades
#: crew is in downtime").
_TABLE_STATE = re.compile(r"\bwhile\b")


def _only_names_a_game(label: str, allowed: frozenset[str]) -> bool:
    """Does ``label`` (lower-case words) name a game and otherwise only words of ``allowed``?"""
    words = label
    for name in sorted({n for names in NAMES.values() for n in names} | {"elegy"}, key=len, reverse=True):
        words = re.sub(rf"\b{re.escape(name)}\b", " ", words)
    return words.split() != label.split() and all(w in allowed for w in words.split())


def _label_only(question: str) -> str:
    """``question`` without its opening label when it only names the game (:func:`label_end`)."""
    end = label_end(question)
    return question[end:].strip() if end else question


def _long_label_end(question: str) -> int:
    m = _LONG_LABEL.match(question)
    return m.end() if m else 0


def without_game_name(question: str) -> str:
    """``question`` without the words that only say which game it is about ("in Blades, how ..." -> "how ...",
    "magistrate city game: how ..." -> "how ...")."""
    unlabelled = _label_only(question)
    # a label's game named, what follows is the question ("magistrate city game: in starforged a miss ..." keeps
    # the game it compares with)
    stripped = _FRAMED_END.sub(r"\1", unlabelled if unlabelled != question else _FRAMED_START.sub("", question))
    stripped = _ASKED_OF_NAME.sub(r"\g<cue>", stripped)
    return stripped if stripped.strip(" ?.!") else question


#: A game's bare name after the words that ask of or about it ("does Elegy cap it too?", "asking about elegy while
#: ..."): it names the game (:data:`rules_index.routing.IN_CONTEXT`), not the rule asked about (Sing an Elegy).
_ASKED_OF_NAME = re.compile(r"\b(?P<cue>about|does|do|play|plays|playing|run|runs|running|try|trying)\s+elegy\b", re.I)


def plain_question(question: str) -> str:
    """``question`` with chat and tabletop shorthand spelt out (``"w/o"`` -> ``"without"``), the rules words of
    the table slang it uses added (:mod:`rules_index.slang`) and without the words that only name the game it
    is about (:func:`without_game_name`)."""

    def spell(match: re.Match[str]) -> str:
        word = match.group(1)
        return SHORTHAND.get(word.lower(), word)

    return " ".join(with_rules_words(_WORD.sub(spell, without_game_name(question))).split())


#: A question that asks, rather than tells ("how do I buy a car", "can my vamp fly").
_ASKING = re.compile(
    r"^\W*(?:how|what|whats|what's|which|can|could|does|do|did|is|are|am|when|where|who|why|should|would|will)\b", re.I
)
#: A question told as what the character does at the table: "sneaking past a sentry bot", "i jump in
#: swinging", "my guy tries the local noodles", "need a fake permit thru my contacts"; a GM tells it of the
#: player's character in the third person too ("she drains the victim", "their crew wants to ...").
_SUBJECT = (
    r"(?:i|we|i'm|im|we're|she|he|they|she's|he's|they're"
    r"|(?:my|her|his|their)\s+(?:guy|char|character|pc(?:\s+player\s+character)?|vamp|vampire|crew|faction)"
    r"|our\s+(?:guy|crew|faction|pc(?:\s+player\s+character)?|spies|ship))\s+(?:(?:just|still|really)\s+)?"
)
#: Words after a subject that do not tell an action ("my character is at 0 health", "i have 3 harm").
_NOT_ACTIONS = (
    r"am|are|is|was|were|be|been|have|has|had|can|could|do|does|did|will|would|should|may|might|must"
    r"|know|knows|think|wonder|mean|means|and|or|the|a|an|to|in|on|at|of|for|with"
)
_TELLING = re.compile(
    r"^\W*(?P<gerund>[a-z]+ing)\b"
    rf"|\b{_SUBJECT}"
    r"(?:(?:gotta|wanna|want\s+to|need\s+to|try\s+to|tryna|going\s+to|gonna)\s+[a-z]+"
    r"|(?:want|wanna|need|try|tries|tried|jump|go|sneak|attack|hit|shoot|run|talk|lie|hide|buy|sell|steal|grab"
    r"|use|cast|feed|drain|pick|spend|take|make))\b"
    # any other verb after the subject ("we bail", "my guy leans", "our faction wants"), unless the subject
    # follows an auxiliary that asks ("what do i take", "can we ...")
    r"|\b(?<!do\s)(?<!did\s)(?<!does\s)(?<!can\s)(?<!could\s)(?<!should\s)(?<!would\s)(?<!will\s)(?<!may\s)"
    rf"(?<!might\s)(?<!must\s)(?<!shall\s)(?<!if\s){_SUBJECT}(?!(?:{_NOT_ACTIONS})\b)[a-z]+\b"
    r"|^\W*(?:need|tryna|gotta)\b",
    re.I,
)
#: ... and of another character at the table by name ("Leech wants to come up with a new recipe", "Nico tries
#: fried eel at the night market", "Coran takes the fall"): a name (capitalised) opening the question, then an
#: action or an intent ("Everyone wants a third downtime activity" names no one). On the development sets every
#: such question is answerable (the texts are moves).
_NAMED_ACTOR = re.compile(
    r"^\W*(?:[Tt]he\s+|[Oo]ur\s+)?(?!(?:Every|Any|No|Some)(?:one|body)\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:just\s+|still\s+|finally\s+)?"
    r"(?:wants?|tries|tried|takes|grabs|tells|goes|corners|moves|decides|attempts|needs|sneaks|attacks|swings"
    r"|shoots|casts|drains|feeds|runs|picks|steps|leans|lines\s+up|pinch(?:es)?|hauls?|jumps?)\b"
)
_NOT_GERUNDS = frozenset(["anything", "something", "nothing", "everything", "during", "thing", "bring", "sing", "morning"])


def narrated_action(question: str) -> bool:
    """Is ``question`` told as the character's action ("bar fight breaks out and i jump in swinging") rather
    than asked ("how does combat work")? The texts are moves: such a question asks which move applies."""
    plain = plain_question(question)
    if _ASKING.search(plain):
        return False
    if _NAMED_ACTOR.search(plain):
        return True
    told = _TELLING.search(plain)
    return told is not None and (told.group("gerund") or "").lower() not in _NOT_GERUNDS


#: Where a GM's question turns from the story it tells to what it asks: a sentence's end, a dash, or a comma
#: before an asking word ("..., what now?", "..., then what?").
_CLAUSES = re.compile(
    r"(?<=[.!?;:])\s+|\s+[—–]\s+|\s+-\s+|"
    r",\s+(?=(?:and\s+)?(?:what|which|how|can|could|does|do|did|is|are|who|when|where|why|now|then|any|should|would|will)\b)",
    re.I,
)
_ASKS = re.compile(
    r"^\W*(?:how|what|whats|what's|which|can|could|does|do|did|is|are|am|when|where|who|why|should|would|will|any|now|then)\b",
    re.I,
)


#: The options a question offers after a dash ("- iron or edge?", "- assassins, bravos, hawkers or smugglers?"): they
#: belong to the clause before them, which asks.
_OPTIONS = re.compile(
    r"^(?:[\w'-]+\s+){0,3}[\w'-]+(?:\s*,\s*(?:[\w'-]+\s+){0,3}[\w'-]+)*,?\s+or\s+(?:[\w'-]+\s+){0,3}[\w'-]+\s*\?*$", re.I
)


def asking_clause(question: str) -> str:
    """The part of ``question`` that asks, after the story a GM tells first: "The smuggler shakes the tail and
    ducks into a shaft. Which move?" -> "Which move?"; the whole question when it is one clause."""
    parts: list[str] = []
    for part in (p.strip() for p in _CLAUSES.split(question) if p and len(p.strip()) > 1):
        if parts and _OPTIONS.match(part) and not _ASKS.search(part):
            parts[-1] = f"{parts[-1]} - {part}"  # "Which crew type gets the most coin - assassins or bravos?": one clause
        else:
            parts.append(part)
    if len(parts) <= 1:
        return question
    asks = [p for p in parts if "?" in p or _ASKS.search(p)]
    return asks[-1] if asks else parts[-1]
