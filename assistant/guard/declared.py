"""Deeds past the one the player declared, on a turn they declared one.

The player's words are their action; the story tells how the world answers it and stops where the player decides.
A small model goes on by acting for the character, and each of these takes a decision that is the player's:

- **Going somewhere the player never named.** "You rush to the Wayfarer station", "… as you approach the station's
  entrance" after "I swear an iron vow to find my sister". A verb of going whose destination shares no word with the
  player's words, the move's own text or the engine's opening sends the character there. When the declared action is
  itself a way of going ("I slip across the river district", "I creep through the corridor", "I leap the gap"),
  arriving somewhere carries it on; going to someone the player named ("You approach the dockhands" after "I ask the
  dockhands…") is the declared action; a destination with no word of its own ("You approach it") names no new place.
- **Trying again.** "You try again, but the clerk still ignores you": a second attempt is a roll the player never
  made, unless their own words say "again".
- **An attack the move never made.** "the cleric … seems to be blocking your attack" after "I raise my shield to
  protect the cleric": on a turn whose move and words name no attack, an attack of the character's met by someone.
- **A Defend hold spent.** While the hold to spend is still the player's ("Spend your Hold on Defend"), a blow taken
  or turned aside ("the shield absorbs the initial blow from the bard's sword"), or a particular attack kept off the
  one defended ("their shield protecting them from the attack") spends it.
- **The last deed told again on a bare roll.** A roll with no words of the player's ("/roll face danger +edge") after
  "I ask the dockhands about the Wayfarer's last crew": "They tell you that the Wayfarer's last crew was led by…"
  tells that question again, answered, as this roll's deed. A sentence sharing :data:`LAST_DEED_WORDS` words of
  meaning with the player's last declared line, none of them this turn's own, is that deed told again.
"""

from __future__ import annotations

import re

from assistant.guard.earlier import stems
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import HYPOTHETICAL, Sentence, hypothetical, negated, normalize_words

#: "you" (or "as you", "while you") and a verb of going, then where to ("to/toward/into …", or the place itself).
_GOING = re.compile(
    r"\b(?:you|the\s+character)\s+(?:[a-z]+ly\s+)?"
    r"(?P<verb>rush|rushes|rushed|run|ran|hurry|hurried|dash|dashed|race|raced|sprint|sprinted|head|headed|walk|walked"
    r"|go|went|return|returned|travel|travelled|traveled|set\s+off|make\s+your\s+way|made\s+your\s+way"
    r"|approach|approached|enter|entered|reach|reached|arrive|arrived|step|stepped|climb|climbed|move|moved"
    r"|rushes|runs|hurries|dashes|races|heads|walks|goes|returns|travels|approaches|enters|reaches|arrives|steps|climbs"
    r"|moves|board|boards|boarded)\b"
    r"(?P<rest>[^,;:.!?—]*)"
)
#: Setting out or pressing on with no place named ("You start your journey to find your sister", "You continue to move
#: forward"): going on past the declared deed. "You set out to …" is the engine's opening for the deed itself.
_SETS_OUT = re.compile(
    r"\byou\s+(?:[a-z]+ly\s+)?(?:start|started|begin|began|embark\s+on|embarked\s+on|set\s+out\s+on|set\s+off\s+on)\s+"
    r"(?:your|the|a|an)\s+(?:[a-z]+\s+)?(?:journey|quest|search|trek|voyage|trip|hunt|expedition|pursuit)\b"
    r"|\byou\s+(?:[a-z]+ly\s+)?(?:set|setting)\s+(?:out|off)\b(?!\s+to\b)|\byou\s+(?:[a-z]+ly\s+)?(?:head|headed)\s+(?:out|off)\b"
    r"|\byou\s+(?:[a-z]+ly\s+)?(?:continue|continued|keep|kept)\s+(?:to\s+)?(?:move|moving|walk|walking|advance|advancing"
    r"|press|pressing|push|pushing|head|heading)\s+(?:forward|onward|ahead|deeper)\b"
    # "You move forward", "You attempt to move forward on the station", "you press on", "you forge ahead"
    r"|\byou\s+(?:[a-z]+ly\s+)?(?:(?:attempt|attempts|try|tries|begin|begins|start|starts|decide|decides)\s+to\s+)?"
    r"(?:move|moves|press|presses|push|pushes|forge|forges|venture|ventures|head|heads|walk|walks|journey|journeys)\s+"
    r"(?:on(?!\s+(?:the|a|an|your|his|her|its|their)\b)|forward|onward|onwards|ahead|deeper|further|forth)\b"
)
#: An attack of the character's told as landing ("you manage to land a strong hit with your sword", "you strike him").
_ATTACK_DONE = re.compile(
    r"\byou\s+(?:[a-z]+ly\s+)?(?:manage\s+to\s+|then\s+)?(?:land|landed|deliver|delivered)\s+(?:a|an|the|your)\s+"
    r"(?:[a-z]+\s+)?(?:hit|blow|strike|attack|punch|kick|cut|slash|thrust)\b"
    r"|\byou\s+(?:[a-z]+ly\s+)?(?:manage\s+to\s+)?(?:strike|struck|hit|slash|slashed|stab|stabbed|kick|kicked|punch|punched)"
    r"\s+(?:him|her|them|back|the\s+[a-z]+)\b"
    r"|\byou\s+(?:[a-z]+ly\s+)?(?:continue\s+to\s+|then\s+)?(?:charge|charged|lunge|lunged|swing|swung|slash|slashed|stab"
    r"|stabbed|thrust|strike|struck|swipe|swiped)\s+at\b"
)
#: What may stand between a verb of going and its destination ("rush to", "step inside", "head back toward").
_TOWARD = re.compile(
    r"^\s*(?:back\s+|over\s+|up\s+|down\s+|out\s+|off\s+|on\s+|forward\s+|closer\s+)?"
    # "to" before a place, not before a verb ("you move to strike")
    r"(?:toward|towards|into|onto|inside|through|across|(?:up\s+)?to(?=\s+(?:the|a|an|your|his|her|their|its|[a-z]+'s)\b))\b"
)
#: Verbs whose object is the place itself ("you approach the station's entrance", "you enter the hold").
_PLACE_OBJECT = frozenset(
    {"approach", "approached", "enter", "entered", "reach", "reached", "climb", "climbed", "board", "boards", "boarded"}
)
#: A declared action that is itself a way of going: arriving somewhere carries it on.
_JOURNEY = re.compile(
    r"\b(?:slip|slips|sneak|sneaks|creep|creeps|cross|crosses|travel|travels|journey|go|goes|head|heads|walk|walks|run"
    r"|runs|ride|rides|sail|sails|fly|flies|climb|climbs|move|moves|flee|flees|escape|escapes|chase|chases|follow"
    r"|follows|stalk|stalks|pursue|pursues|explore|explores|leap|leaps|jump|jumps|enter|enters|approach|approaches"
    r"|return|returns|rush|rushes|dash|dashes|race|races|hurry|hurries|make my way|find my way|search|searches"
    r"|transit|expedition|undertake|reach|reaches|dive|dives|swim|swims|descend|descends|board|boards)\b"
)
_PLAIN = frozenset(
    re.findall(
        r"\S+",
        "the a an to of and or at in on into onto for with from by as it its this that these those there here then now "
        "so up out off over back away down closer forward toward towards inside through across your you them him her "
        "his their they me my us our one some any quickly slowly carefully cautiously "
        # the air around, not a place: "you step into the dark", "out into the rain"
        "dark darkness shadows shadow night gloom rain cold light open",
    )
)
_AGAIN = re.compile(
    r"\byou\s+(?:[a-z]+ly\s+)?(?:try|tries|tried|attempt|attempts|attempted)\b"
    r"(?:\s+to\s+[a-z']+(?:\s+[a-z']+){0,3}?)?\s+(?:again|once more|a second time|one more time)\b"
)
_MET = (
    r"(?:block|blocks|blocked|blocking|parr(?:y|ies|ied|ying)|dodg(?:e|es|ed|ing)|deflect(?:s|ed|ing)?"
    r"|absorb(?:s|ed|ing)?|catch(?:es|ing)?|caught|stop(?:s|ped|ping)?|turn(?:s|ed|ing)?\s+aside|redirect(?:s|ed|ing)?"
    r"|take(?:s|n)?|took|taking)"
)
_YOUR_ATTACK = re.compile(
    rf"\b{_MET}\s+your\s+(?P<what>attack|attacks|strike|blow|swing|thrust|lunge|shot|assault|blade|sword)\b"
)
_BLOW_MET = re.compile(
    rf"\b{_MET}\s+(?:the\s+|a\s+|an\s+|his\s+|her\s+|their\s+|its\s+|[a-z]+'s\s+)?(?:[a-z]+\s+){{0,2}}?"
    r"(?P<what>blow|blows|attack|attacks|strike|strikes|hit|hits|swing|thrust|slash|brunt|damage)\b"
)
#: A particular attack met and kept off someone: "the shield protects them from the attack", "their shield protecting
#: them from the bard's blow" (an attack the engine never made; "the cleric is protected from the attack" tells the
#: defence itself, and protection from "any attack" is :func:`assistant.guard.shielded.check_blanket_guard`'s).
_KEPT_OFF = re.compile(
    r"\b(?:protect|protects|protecting|protected|shield|shields|shielding|shielded|save|saves|saving|saved|guard|guards"
    r"|guarding|guarded|spare|spares|spared)\s+(?:them|him|her|it|the\s+[a-z]+|[a-z]+)\s+from\s+(?:the|that|this|his|her"
    r"|their|its|[a-z]+'s)\s+(?:[a-z'-]+\s+){0,2}?(?P<what>attack|blow|strike|swing|thrust|slash|assault|hit|lunge|shot"
    r"|arrow|bolt)\b"
)
#: What a move or the player's words name when the character attacks.
_ATTACKING = re.compile(
    r"\b(?:strike|attack|hack|slash|clash|volley|fray|battle|shoot|shot|fire|fight|lunge|stab|swing|hit|punch|kick"
    r"|duel|kill|cut|charge|smash|bash)"
)


LAST_DEED_WORDS = 2
"""Words of meaning a bare roll's sentence shares with the player's last declared line to tell that deed again."""


def _stems(text: str) -> set[str]:
    return {w[:4] for w in normalize_words(text).split() if w not in _PLAIN and len(w) > 2 and w.isalpha()}


def _excerpt(sentence: Sentence, start: int, end: int) -> str:
    raw = sentence.raw or sentence.original
    return " ".join(raw[max(0, start) : min(len(raw), end)].split()).strip(" ,;:")


def declared_deed(facts: Facts, intent: str | None, question: str | None) -> bool:
    """Whether the player declared a deed this turn: their own words on a rolled move (not an oracle question, not
    a move or table named by its name, not a bare roll)."""
    words = normalize_words(intent or "")
    return (
        bool(words)
        and bool(facts.results)
        and not question
        and not facts.outcomes & {"yes", "no"}
        and words not in facts.moves
        and not (intent or "").strip().endswith("?")
    )


def _turn_words(facts: Facts, intent: str | None) -> set[str]:
    """The words a destination may share with the turn: the player's, the moves' own text and options, the opening."""
    texts = [intent or "", *facts.told]
    for r in facts.results:
        texts += [r.text, r.move, *(c.prompt for c in r.choices), *(o.label for c in r.choices for o in c.options)]
    return _stems(" ".join(texts))


def _going(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    if _JOURNEY.search(normalize_words(intent or "")):
        return []
    text = sentence.narr
    out = _sets_out(sentence, intent)
    if out:
        return out
    own = _turn_words(facts, intent)
    for m in _GOING.finditer(text):
        rest = m.group("rest")
        toward = _TOWARD.match(rest)
        if toward is None and (m.group("verb") not in _PLACE_OBJECT or re.match(r"\s+(?:for|out)\b", rest)):
            continue  # "you move quickly", "you step back", "you reach for your blade": no place named
        place = _stems(rest[toward.end() :] if toward else rest)
        if not place or place & own:
            continue  # "you approach it", "you approach the dockhands" (named by the player)
        named = re.match(r"\s*,\s*((?:a|an|the)\s+[^,;:.!?—]*)", text[m.end() :])
        if named and _stems(named.group(1)) & own:
            continue  # "you step into the dark, a familiar haunt of gambling dens": the place the player named
        if hypothetical(text, m.start("verb"), m.end(), HYPOTHETICAL) or negated(text, m.start("verb"), 3):
            continue
        excerpt = _excerpt(sentence, m.start(), m.end())
        detail = f"'{excerpt}': the player declared '{intent}', not going there; where the character goes is the player's call"
        return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []


def _sets_out(sentence: Sentence, intent: str | None) -> list[Violation]:
    m = _SETS_OUT.search(sentence.narr)
    if not m or hypothetical(sentence.narr, m.start(), m.end(), HYPOTHETICAL) or negated(sentence.narr, m.start(), 3):
        return []
    said = normalize_words(intent or "").split()
    verb, way = m.group(0).split()[-2:]
    if way in said and any(w[:4] == verb[:4] for w in said):
        return []  # "I press on": going on is the deed the player declared
    excerpt = _excerpt(sentence, m.start(), m.end())
    declared = f"declared '{intent}', not setting out" if intent else "declared no action, only rolled"
    detail = f"'{excerpt}': the player {declared}; where the character goes next is the player's call"
    return [Violation(ViolationKind.DECISION, detail, excerpt)]


def _again(sentence: Sentence, intent: str | None) -> list[Violation]:
    m = _AGAIN.search(sentence.narr)
    if not m or re.search(r"\b(?:again|once more|second)\b", (intent or "").lower()):
        return []
    if hypothetical(sentence.narr, m.start(), m.end(), HYPOTHETICAL):
        return []
    excerpt = _excerpt(sentence, m.start(), m.end())
    detail = f"'{excerpt}': a second attempt the player never declared; another try is the player's call (and roll)"
    return [Violation(ViolationKind.DECISION, detail, excerpt)]


def _attack_met(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    names = " ".join(facts.moves) + " " + normalize_words(intent or "")
    if _ATTACKING.search(names):
        return []
    m = _YOUR_ATTACK.search(sentence.narr) or _ATTACK_DONE.search(sentence.narr)
    if not m or hypothetical(sentence.narr, m.start(), m.end(), HYPOTHETICAL) or negated(sentence.narr, m.start(), 3):
        return []
    excerpt = _excerpt(sentence, m.start(), m.end())
    detail = f"'{excerpt}': the player made no attack this turn ({intent or 'the move names none'})"
    return [Violation(ViolationKind.DECISION, detail, excerpt)]


def _hold_spent(sentence: Sentence, facts: Facts, intent: str | None = None) -> list[Violation]:
    if not any("hold" in normalize_words(c.prompt).split() for r in facts.results for c in r.choices):
        return []
    m = _BLOW_MET.search(sentence.narr)
    if m and re.search(r"\b(?!your\b)[a-z]+'s\s+(?:[a-z]+\s+)?$", sentence.narr[: m.start()]):
        m = None  # "The cleric's shield deflects the damage": another's shield, not your hold
    kept_off = _KEPT_OFF.search(sentence.narr)
    if kept_off and re.search(rf"\b{kept_off.group('what')}", normalize_words(intent or "")):
        kept_off = None  # "I shield the cleric from the bard's attack": the attack the player's own words set up
    m = m or kept_off
    if not m or hypothetical(sentence.narr, m.start(), m.end(), HYPOTHETICAL) or negated(sentence.narr, m.start(), 3):
        return []
    excerpt = _excerpt(sentence, m.start(), m.end())
    detail = f"'{excerpt}': a blow met is the hold spent, and spending the hold is still the player's choice"
    return [Violation(ViolationKind.DECISION, detail, excerpt)]


def _last_deed_again(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    if intent is None or intent.strip() or not facts.tiered:
        return []
    declared = [e for e in facts.earlier if e.words.startswith("i ")]
    if not declared:
        return []
    last = declared[-1]
    own = stems(facts.engine_text) | stems(" ".join(facts.told))
    shared = (stems(sentence.narr) & last.stems) - own
    if len(shared) < LAST_DEED_WORDS:
        return []
    excerpt = " ".join((sentence.raw or sentence.original).split()[:14])
    said = last.words.removeprefix("i ")
    detail = f"'{excerpt}' tells your last action ('{said}') again as this roll's; the player declared no action this time"
    return [Violation(ViolationKind.PHANTOM_ROLL, detail, excerpt)]


def check_declared(sentence: Sentence, facts: Facts, intent: str | None, question: str | None = None) -> list[Violation]:
    """A deed of the character's past the one the player declared (see the module's docstring)."""
    if sentence.question or not facts.results:
        return []
    out: list[Violation] = []
    if declared_deed(facts, intent, question):
        out += _going(sentence, facts, intent)
    elif intent == "" and facts.tiered:  # a bare roll: no deed of the player's to carry on
        out += _sets_out(sentence, intent)
    if facts.tiered and intent is not None:
        out += _again(sentence, intent)
        out += _attack_met(sentence, facts, intent) or _hold_spent(sentence, facts, intent)
        out += _last_deed_again(sentence, facts, intent)
    return out
