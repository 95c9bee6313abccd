"""A new track's name from the player's words: "I swear a dangerous iron vow to find my lost sister" -> "Find my lost
sister", "I take the fight to the hunter in the chapel nave" -> "The hunter", "I meet Captain Ilsa Voss, a smuggler,
and make a connection" -> "Captain Ilsa Voss". Pure: words in, a name out."""

from __future__ import annotations

import re

from assistant.engine.tracks import KIND_WORDS as ENGINE_KIND_WORDS
from assistant.engine.tracks import Rank
from assistant.narrate.verbs import is_verb

#: The longest name a track is given from the words (a longer one is cut at a clause or a word).
MAX_NAME = 80

#: How the player calls a track of each kind (by default, its kind).
KIND_WORDS = {"any": "track", **ENGINE_KIND_WORDS}


def _kind_words(kind: str) -> str:
    return KIND_WORDS.get(kind, kind)


_NAME_AFTER = (
    # "I swear a second vow: I will get Vale off this station": the words after the colon are the vow
    r"\b(?:vow|vows|vowed|swear|swears|sworn|promise|oath|quest)\b[^:;,.]{0,30}:\s*(?P<n>\S.+)",
    r"\b(?:vow|vows|vowed|swear|swears|sworn|promise|oath|quest)\b.*?\b(?:to|that)\s+(?P<n>.+)",
    r"\b(?:elegy|elegies)\b.*?\b(?:for|to|of)\s+(?P<n>.+)",
    r"\b(?:against|fight|fights|fighting|attack|attacks|battle|confront|confronts|ambush|duel)\s+(?P<n>.+)",
    r"\b(?:connection|befriend|befriends|meet|meets|bond|gets? to know|wins? over)\b(?:\s+with)?\s+(?P<n>.+)",
    r"\b(?:expedition|journey|trek|travel|travels|trailblaze|explore|explores|survey|surveys|cross|crosses)\b"
    r"(?:\s+(?:to|into|through|across|toward|towards))?\s+(?P<n>.+)",
    # "we set out across the frozen wastes toward the ruined observatory": where the way leads
    r"\b(?:set|sets|setting)\s+out\b.*?\b(?:toward|towards|to|for)\s+(?P<n>.+)",
)
#: "off" before the foe of "fight off" ("I fight off the scavengers"): how, not whom.
_OFF = re.compile(r"^(?:off|back|down)\s+(?=(?:the|a|an|those|these|some|two|three|four|five|several)\s)", re.I)
#: How a fight is fought, after the foe's name: "with my blade", "using the rifle", "before it reaches the hatch".
_HOW = re.compile(
    r"\s+(?:(?:with|using)\s+(?:my|our|his|her|their|a|an)\b|by\b|before\b|while\b|again\b|from\b|until\b).*$",
    re.IGNORECASE,
)
#: Where a fight is fought, after the foe's name: "in the chapel nave", "on the bridge".
_WHERE = re.compile(r"\s+(?:in|at|inside|on|across|outside|near)\s+(?:the|a|an|this|that|our|my|his|her|their)\b.*$", re.I)
#: Words after "fight" that say how, not whom: "I fight back", "we fight on".
_NOT_A_FOE = frozenset(
    {"back", "on", "off", "hard", "harder", "it", "it out", "them", "him", "her", "back hard", "dirty", "me", "us"}
)
#: A clause after the name that only gives the rank: ", its a dangerous vow", ", a dangerous one", " (epic)".
_RANK_CLAUSE = re.compile(
    r"\s*[,;:(\u2013\u2014-]\s*(?:(?:it|this|that|it’)(?:'s|s|’s|\s+is|\s+will\s+be)\s+)?(?:(?:a|an)\s+)?"
    rf"(?:{'|'.join(r.value for r in Rank)})\b[^,;]*$",
    re.IGNORECASE,
)
#: A foe the words name ("a raider jumps me" -> raider), not the fight itself ("the fray").
_FOE = re.compile(
    r"\b(?:a|an|the)\s+(?!(?:way|moment|fight|blow|attack|fray|battle|combat|duel|encounter|"
    rf"{'|'.join(r.value for r in Rank)})\b)([a-z][\w-]*)",  # "a dangerous fight": the rank, not a foe
    re.I,
)
#: The one who starts the fight, as the sentence's subject: "a raider jumps me", "something attacks me".
_SUBJECT = re.compile(
    r"^(?:(a|an|the)\s+)?((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+(?:suddenly\s+)?(?:attacks?|jumps?|lunges?|charges?|ambush(?:es)?|shoots?|fires?"
    r"|opens? fire|spots?|grabs?|leaps?|rushes|pounces?|strikes?|boards?|storms?|surrounds?|corners?|rams?)\b",
    re.I,
)
#: Words that open a sentence before its subject: "Suddenly a raider jumps me", "Without warning, two drones attack".
_OPENER = re.compile(r"^(?:suddenly|then|just then|all of a sudden|out of nowhere|without warning|before I can react),?\s+", re.I)
_PRONOUNS = frozenset({"i", "we", "you", "he", "she", "it", "they", "this", "that"})
#: A subject that is the player's own ("my vampire lunges at the hunter", "our crew charges"): the foe is the other one.
_MINE = frozenset({"my", "our"})
#: Words that end a foe's name: what the foe does or where ("the pirate captain draws", "the beast in the dark").
_AFTER_FOE = frozenset(
    {"and", "or", "but", "with", "in", "on", "at", "from", "to", "into", "of", "who", "that", "which", "as", "for",
     "by", "is", "are", "was", "were", "has", "have", "had", "me", "us", "you", "him", "her", "them", "it",
     # where the foe is followed, not its name ("I stalk the hunter through the alleys" named "The hunter through the")
     "the", "a", "an", "through", "across", "along", "past", "toward", "towards", "down", "up", "over", "under",
     "behind", "after", "around", "near", "inside", "outside", "onto", "beyond", "between", "among", "out", "off"}
)  # fmt: skip


def _subject_words(said: str) -> str:
    """The subject without a verb it did first: "ghoul turns and" (of "the ghoul turns and attacks me") -> "ghoul"."""
    words = said.split()
    if len(words) > 1 and words[-1].lower() in ("and", "then"):
        words = words[:-1]
        if len(words) > 1 and words[-1].lower().endswith("s") and not words[-1].lower().endswith("ss"):
            words = words[:-1]  # "turns", "spins", "wheels": what the foe did before attacking
    return " ".join(words)


def _foe_phrase(text: str, foe: re.Match[str]) -> str:
    """The foe's name with the nouns after its first word ("the pirate captain draws steel" -> "pirate captain"), up
    to three words, stopping at a verb in -s, a preposition or a pronoun."""
    words = [foe.group(1).lower()]
    for word in re.findall(r"[A-Za-z][\w'-]*", text[foe.end() :])[:2]:
        low = word.lower()
        if low in _AFTER_FOE or is_verb(low) or low.endswith(("ly", "ed")) or (low.endswith("s") and not low.endswith("ss")):
            break
        words.append(low)
    return " ".join(words)


#: A closing clause that only says what the track is ("..., an elegy", "..., as my iron vow").
_KIND_CLAUSE = re.compile(r"\s*[,;]\s*(?:as\s+)?(?:a|an|my|our)\s+(?:iron\s+)?(?:vow|elegy|quest|oath)\s*$", re.IGNORECASE)
#: The words saying what the player makes, after the name: "..., and make a connection", "and forge a bond with her".
_MAKE_KIND = re.compile(
    r"\s*,?\s*\b(?:and\s+)?(?:make|makes|forge|forges|form|forms|build|builds)\s+(?:a|an)\s+(?:connection|bond)\b.*$",
    re.IGNORECASE,
)
#: What the player goes on to do after naming the one met ("..., and try to win her trust", "and ask for help").
_DOES_AFTER = re.compile(
    r"\s*,?\s+and\s+(?:i\s+)?(?:try|tries|attempt|want|hope|ask|asks|offer|help|tell|talk|share|buy|win|earn|gain|convince)\b.*$",
    re.IGNORECASE,
)
#: A role and then the name, after a comma ("the colony's chief engineer, ada").
_ROLE_THEN_NAME = re.compile(r"^(?:the|a|an|my|our)\s+[^,]+,\s*(?P<who>[A-Za-z][\w'-]*)$", re.IGNORECASE)
_LEAD = re.compile(r"^(?:i|we|you)\s+(?:(?:try|want|begin|start|decide)\s+to\s+)?", re.IGNORECASE)


#: Words of speech quoted with who says them: '"We lay low for a while," I tell the crew', 'I tell Slane: "keep low"'.
_SPEECH_TAG = r"(?:i|we)\s+(?:tell|say|ask|shout|whisper|announce|order|call|mutter|explain|suggest|insist)\w*\b[^\"“”]*"
_SPOKEN = (
    re.compile(rf"^[\"“](?P<said>[^\"“”]+?)[\s,.!?;:]*[\"”]\s*,?\s*{_SPEECH_TAG}$", re.IGNORECASE),
    re.compile(rf"^{_SPEECH_TAG}[,:]?\s*[\"“](?P<said>[^\"“”]+?)[\s,.!?;:]*[\"”]?[.!?]?$", re.IGNORECASE),
)


def spoken(text: str) -> str:
    """The words said, when ``text`` is quoted speech with who says it ('"We lay low for a while," I tell the crew' ->
    "We lay low for a while"): what is to be done, not the telling of it; else ``text``."""
    for pattern in _SPOKEN:
        m = pattern.match(text.strip())
        if m and m.group("said").strip():
            return m.group("said").strip()
    return text


def name_from_words(text: str, kind: str) -> str:
    """A name for a new ``kind`` track from the player's words ("...iron vow to find my lost sister" -> "Find my
    lost sister"); the words themselves when no pattern fits."""
    clean = spoken(" ".join(text.strip().split())).rstrip(".!?")
    name = ""
    for pattern in _NAME_AFTER:
        m = re.search(pattern, clean, re.IGNORECASE)
        if m and m.group("n").strip():
            name = m.group("n").strip()
            break
    matched = bool(name)
    if not name:
        name = _LEAD.sub("", clean)
    if kind == "combat":  # the foe, not how the blow lands: "the raider with my blade" -> "the raider"
        name = _HOW.sub("", name) or name
        name = re.sub(r"^(?:back|on|off|hard)\s+(?:against|at|with)\s+", "", name, flags=re.IGNORECASE)
        # "I fight off the scavengers who ambush me": the scavengers, not "Off the scavengers who ambush me"
        name = _OFF.sub("", name)
        name = re.sub(r"\s*,?\s+(?:who|that|which)\s+\w+.*$", "", name, flags=re.IGNORECASE) or name
        name = re.sub(r"^(?:to|against)\s+(?=(?:the|a|an)\s)", "", name, flags=re.IGNORECASE)  # "take the fight to the hunter"
        name = _WHERE.sub("", name) or name  # "the hunter in the chapel nave": the foe, not where
        name = re.sub(r"^(?:me|us)\b.*$", "me", name, flags=re.IGNORECASE)  # "a hunter attacks me": not the foe
        name = re.split(r"\s*[,;]\s*|\s+-+\s+", name)[0] or name  # "him, claws out": the foe, not how ("him": none)
        if name.lower() in _NOT_A_FOE or not matched:  # "a raider lunges at me; I fight back": the raider, not "back"
            opened = _OPENER.sub("", clean)  # "Suddenly two Court snipers ambush me": the snipers, not "Suddenly"
            subject, foe = _SUBJECT.match(opened), _FOE.search(_HOW.sub("", clean) or clean)  # not "with a knife"
            said_by = _subject_words(subject.group(2)).lower().split() if subject else []
            # "something attacks me from the dark", "my vampire lunges at the hunter": not the foe
            if subject and not _PRONOUNS & set(said_by) and said_by[0] not in _MINE:
                said = _subject_words(subject.group(2))  # as typed: "Court" is a name, "raider" is not
                name = f"The {said}" if subject.group(1) else said[:1].upper() + said[1:]
            else:  # a name before any "the ..." ("I punch Kraven in the jaw"), the foe, or else "The fight"
                called = re.search(r"(?<!^)\b(?!I\b)([A-Z][\w'-]+)", _HOW.sub("", clean) or clean)
                if called and (foe is None or called.start() < foe.start()):
                    name = called.group(1)
                else:  # "i strike him with my blade": no foe named, "The fight"
                    name = f"The {_foe_phrase(clean, foe)}" if foe else ""
    name = _MAKE_KIND.sub("", name)  # "Captain Voss, and make a connection": what the words do, not the name
    if kind == "connection" and not matched:  # the one met, not the whole deed
        who = _WITH_WHOM.search(clean)  # "i dance with the countess and let her see ...": the countess
        if who:
            name = who.group("n")
        elif _DEED_WITH.search(clean):  # "a quiet moment with juno over drinks": Juno ("Countess Ilse von Hart" stays)
            name = _one_met(clean) or name
    if kind == "connection":  # "Captain Ilsa Voss, a smuggler who might help me": the one met, not who they are
        name = re.sub(r"\s*,\s*(?:a|an|the|who|whom|my|our)\b.*$", "", name, flags=re.IGNORECASE) or name
        name = _WHERE.sub("", name) or name  # "Captain Ilsa Voss at the docks": the one met, not where
        name = _DOES_AFTER.sub("", name) or name  # "..., and try to win her trust": what the player does, not who
        called = _ROLE_THEN_NAME.match(name)  # "the colony's chief engineer, ada": Ada, not her role
        name = called.group("who").capitalize() if called else name
    name = _RANK_CLAUSE.sub("", name)  # "find my lost sister, it's a dangerous vow": the rank, not the name
    name = _KIND_CLAUSE.sub("", name)  # "avenge my sire, an elegy": what it is, not its name
    name = re.sub(rf"\b(?:{'|'.join(r.value for r in Rank)})\b\s*", "", name, flags=re.IGNORECASE).strip(" ,;:-")
    name = name.rstrip(" .!?,;:-")  # "... finds her. dangerous.": the rank taken off, not its sentence's full stop
    name = re.sub(r"^(?:a|an)\s+", "", name, flags=re.IGNORECASE)
    name = _shortened(name)
    name = re.sub(r"^(?:the|a|an)$", "", name, flags=re.IGNORECASE)  # "The dangerous" with its rank taken off
    name = name or f"The {_kind_words(kind)}"  # no words to name it by: "The fight: a new formidable combat"
    return name[0].upper() + name[1:]


#: The one a deed of a relationship is with or for, when no pattern names the connection ("i dance with the countess
#: and let her see a little of who i really am", "I trust Ilse with the secret of my haven"): a name, or "the" and a
#: word; never the whole deed as the connection's name.
_WITH_WHOM = re.compile(
    r"\b(?i:with|to|trust|trusts|meet|meets|befriend|befriends|court|courts|visit|visits|charm|charms)\s+"
    r"(?P<n>(?i:the)\s+(?!(?i:secret|truth|night|door|rest)\b)[a-z][\w'-]+"
    r"|(?!(?i:a|an|my|our|his|her|their|them|him|me|us|it|this|that|the|some|each|every)\b)[A-Z][\w'-]+"
    r"(?:\s+(?:von|van|de)?\s*[A-Z][\w'-]+){0,3})"
)


#: The one a connection is made with, after the deed's word ("a quiet moment with juno", "i bring juno a gift").
_DEED_WITH = re.compile(r"\b(?:with|for|bring|brings|give|gives|help|helps|ask|asks|thank|thanks)\s+([a-z][\w'-]*)", re.I)
_NOT_WHOM = frozenset(
    {"her", "him", "them", "me", "us", "it", "my", "our", "the", "a", "an", "his", "their", "this", "that", "show", "be"}
)


def _one_met(clean: str) -> str:
    """The name of the one a connection's words are about when no pattern of meeting fits: a capitalised name ("I
    share a drink with Juno"), else the word after "with", "bring"... ("a quiet moment with juno"); "" for none."""
    called = re.search(r"(?<!^)\b(?!I\b)([A-Z][\w'-]+)", clean)
    if called:
        return called.group(1)
    return next((m.group(1) for m in _DEED_WITH.finditer(clean) if m.group(1).lower() not in _NOT_WHOM), "")


_DANGLING = re.compile(r"(?:\s+(?:the|a|an|of|to|near|in|at|on|for|and|or|with|from|by|my|his|her|their|our|its))+$", re.I)


def _shortened(name: str) -> str:
    """A name past :data:`MAX_NAME` cut at its last clause that fits ("Find my sister Kira, who vanished ..." as "Find
    my sister Kira"), else at a word, never ending on a word that leads to another ("... near the")."""
    if len(name) <= MAX_NAME:
        return name
    cut = name[: MAX_NAME + 1]
    clause = max(cut.rfind(", "), cut.rfind("; "), cut.rfind(" - "))
    cut = cut[:clause] if clause >= MAX_NAME // 3 else cut.rsplit(" ", 1)[0]
    return _DANGLING.sub("", cut).strip(" ,;:-") or name[:MAX_NAME]
