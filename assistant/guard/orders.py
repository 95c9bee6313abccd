"""A rule told as an order to the player: the game's next step read out where the story goes on.

The engine rolls and the player chooses what comes next. A story that tells the player what they must do in the
game's terms reads the rules out as an instruction, and a roll it orders is one the engine did not make:

- **A roll ordered**: "You must roll with Heat.", "you must roll to see if you can force them", "You'll need to make a
  roll to get past", "The player has to roll +edge", and as a bare command, "Roll with Heat to see whether he talks."
- **A move, an option or a price ordered**: "You must choose a suffer move to continue the story.", "You need to pick
  an option", "Now make a suffer move."

What makes it rules talk is its object, a roll, a move, an option or a price; the same obligation about the world
("You have to find cover quickly or face the consequences", "you need to move fast") is pressure in the story, and
passes. A negation ("you do not need to roll") orders nothing, and a quotation of the rules is the rules quoted.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, negated, quotes_engine, sentences

_WHO = r"(?:you|the\s+player|players|your\s+character)"
_MODAL = (
    r"(?:must|should|ought\s+to|need\s+to|needs\s+to|have\s+to|has\s+to|had\s+to|got\s+to"
    r"|(?:will|would)\s+(?:need|have)\s+to|(?:are|is)\s+(?:required|forced|asked|expected|going)\s+to"
    r"|are\s+going\s+to\s+(?:need|have)\s+to)"
)
#: A roll of dice, not a body rolling aside or over.
_ROLL = (
    r"(?:re-?)?roll(?!\s+(?:aside|away|over|out|back|off|under|into|onto|across|down|up|along|around|clear|free"
    r"|with\s+(?:the|it)\b|to\s+(?:the|your|a|one)\s+(?:side|left|right|feet|ground)))"
    r"|(?:make|take|throw|cast)\s+(?:a|an|another|the|your)\s+(?:[a-z+']+\s+){0,3}?(?:roll|dice)\b"
    r"|(?:throw|cast)\s+the\s+dice"
)
#: A move, an option or a price the rules offer: the object that makes an obligation rules talk.
_RULE = (
    r"(?:choose|pick|select|make|play|trigger)\s+(?!(?:a|your|the|his|her|their)\s+move\b)(?:[a-z']+\s+){0,4}?"
    r"(?:suffer\s+moves?|moves?|options?)\b"
    r"|(?:decide|choose)\s+(?:whether|if)\s+(?:[a-z']+\s+){0,4}?(?:roll|move|option)\b"
    r"|(?:mark|spend|burn)\s+(?:[a-z']+\s+){0,2}?(?:xp|experience|momentum|hold|stress|harm)\b"
    r"|(?:take|suffer)\s+(?:\d+\s+|some\s+|a\s+)?(?:harm|stress)\b"
)
_ORDERED = re.compile(
    rf"\b{_WHO}\s+(?:(?:now|then|also|first|still|simply|just|really|therefore)\s+)?{_MODAL}\s+"
    rf"(?:(?:now|then|also|first|immediately|quickly|simply|just)\s+)?(?:(?P<roll>{_ROLL})|(?P<rule>{_RULE}))"
)
#: The same as a bare command opening the sentence: "Roll with Heat.", "Now make a suffer move."
_COMMAND = re.compile(rf"^\W*(?:(?:now|then|so|first)\W+)?(?:(?P<roll>{_ROLL})|(?P<rule>{_RULE}))")
#: "roll +edge", "roll with Heat", "roll to see": what follows a bare "roll" that makes it the dice, not a body.
_ROLL_OBJECT = re.compile(r"\s*(?:\+|with\b|to\s+see\b|for\b|on\b|using\b|the\s+dice\b|again\b|\.|$)")


#: Someone outside the story ruling on it: "The GM says that the wizard dodges", "the game master decides".
_REFEREE = re.compile(
    r"\b(?:the|your)\s+(?:gm|game\s*master|mc|master\s+of\s+ceremonies|referee|narrator|dungeon\s*master|dm)\b"
    r"(?:'s)?(?=\s+(?:says?|said|decides?|decided|rules?|ruled|declares?|declared|tells?|told|narrates?|describes?"
    r"|asks?|asked|lets?|allows?|calls?|adds?|may|can|will|would|gets?|is|has|had|then)\b|\s*[,.;:!?]|$)",
    re.I,
)


def check_referee(text: str) -> list[Violation]:
    """A story that names the game master ruling on it ("The GM says that the wizard dodges"): the solo player's story
    has no referee in it; the engine decided, and the story tells only what happens."""
    m = _REFEREE.search(text)
    if m is None:
        return []
    excerpt = " ".join(text[m.start() : _clause_end(text, m.end())].split())
    detail = f"'{excerpt}' is talk about the game, not the story: tell what happens"
    return [Violation(ViolationKind.ECHO, detail, excerpt)]


def _follow_up_ordered(text: str, facts: Facts) -> re.Match[str] | None:
    """A follow-up move the rules offer, told as what the player must do: "you must pay the price", "you are forced
    to pay the price for the coil" after a miss that offers Pay the Price: whether to make it is the player's pick."""
    names = sorted((n for n in facts.follow_up_moves if len(n) > 3), key=len, reverse=True)
    if not names or not facts.sheet:  # a model's draft: the offline story says "you'll have to Pay the Price" itself
        return None
    pattern = rf"\b{_WHO}\s+(?:(?:now|then|also|still|simply|just)\s+)?{_MODAL}\s+(?:now\s+|then\s+)?" + (
        "(?:" + "|".join(re.escape(n) for n in names) + r")\b"
    )
    m = re.search(pattern, text.lower())
    return None if m is None or negated(text, m.start(), 3) else m


def check_ordered(text: str, facts: Facts) -> list[Violation]:
    """Each sentence of ``text`` that tells a roll, move, option or price to the player as an order (see the module's
    docstring). Read on the story as written: an order copied from the rules passages the narrator was given ("If you
    must roll with Heat, ...") is still an order, not a quotation, unless it is in quotation marks."""
    return [v for sentence in sentences(text) for v in _ordered(sentence, facts)]


def _ordered(sentence: Sentence, facts: Facts) -> list[Violation]:
    text = re.sub(r"'ll\b", " will", re.sub(r"'re\b", " are", sentence.narr))
    if sentence.question:
        return []
    m = _ORDERED.search(text)
    if m and negated(text, m.start(), 3):
        m = None
    if m is None and facts.sheet and not quotes_engine(sentence.original, facts.engine_text, facts.engine_bigrams):
        # a model's draft that does not tell the rules' own line ("Make a suffer move (-1).", as the offline card does)
        m = _COMMAND.match(text)
        if m and m.group("roll") and not _ROLL_OBJECT.match(text[m.end() :]):
            m = None  # "Roll the crate aside": a body moving, not the dice
    if m is None:
        follow_up = _follow_up_ordered(text, facts)
        if follow_up is None:
            # a model's own words only: the rules' lines the offline story reads out may name the GM
            quoted = quotes_engine(sentence.original, facts.engine_text, facts.engine_bigrams)
            return check_referee(sentence.narr) if facts.sheet and not quoted else []
        excerpt = " ".join(text[follow_up.start() : _clause_end(text, follow_up.end())].split())
        detail = (
            f"'{excerpt}' tells a move the rules offer next as an order; whether to make it is the player's choice "
            "(the panel beside the story offers it): tell the story"
        )
        return [Violation(ViolationKind.ECHO, detail, excerpt)]
    excerpt = " ".join(text[m.start() : _clause_end(text, m.end())].split())
    if m.group("roll"):
        detail = (
            f"'{excerpt}': the engine made no such roll; what the player rolls next is theirs to say, not an order to the player"
        )
        return [Violation(ViolationKind.PHANTOM_ROLL, detail, excerpt)]
    detail = (
        f"'{excerpt}' tells the rules as an order to the player; what comes next is the player's choice "
        "(the panel beside the story offers it): tell the story"
    )
    return [Violation(ViolationKind.ECHO, detail, excerpt)]


def _clause_end(text: str, at: int) -> int:
    m = re.compile(r"[,;:.!?]").search(text, at)
    return m.start() if m else len(text)
