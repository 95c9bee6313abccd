"""What the story may not do for the player, whoever the sentence names.

- A decision told in any person: "They decide to flee", "The character chooses to push on", "Your companion
  opts to ...". A non-player character deciding something in the fiction is the narrator's to tell ("The guard
  decides to raise the alarm"), unless what it decides is a move or follow-up ("The dockhands decided to make a
  suffer move").
- Words the player did not declare, put in the character's mouth: ``You ask, "Do I have permission?"``. Quoting
  the player's own words back is fine.
- A roll or a move played out by the story: "you then make a suffer move", "the raider rolls +iron".

The oracle's answer told as its opposite is :mod:`assistant.guard.oracle_answer`; options and follow-ups told as
taken or invented are :mod:`assistant.guard.offers`; a die the engine did not roll is :mod:`assistant.guard.dice_sizes`.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.system_words import move_names, move_titles
from assistant.guard.text import Sentence, hypothetical, negated, normalize, normalize_words

_VERBS = r"decide|decides|decided|choose|chooses|chose|opt|opts|opted|elect|elects|elected|resolve|resolves|resolved"
_DECIDE_ANY = re.compile(
    rf"\b(?P<who>they|the character|your [a-z]+|the player|we|he|she|[a-z]+)\s+(?:then\s+|finally\s+|quickly\s+)?"
    rf"(?P<verb>{_VERBS})\s+(?:to|on|that)\s+(?P<what>[^.!?;]{{0,80}})"
)
#: Subjects that stand for the player's character whatever the verb decides.
_PLAYER_SUBJECTS = re.compile(r"^(?:they|the character|the player|we|your (?:character|hero|hunter|scoundrel|crew|party))$")
#: A group named earlier in the sentence ("the raiders", "the guards"): a later "they" is that group.
_NPC_GROUP = re.compile(r"\bthe\s+(?:[a-z]+\s+)?(?!player)[a-z]{3,}s\b(?!\s+(?:you|your))")
_NOT_SUBJECTS = frozenset({"you", "to", "and", "or", "not", "never", "must", "may", "might", "can", "could", "will", "would"})
_FOLLOW_UP_WORDS = re.compile(r"\b(?:suffer move|pay the price|ask the oracle|roll|reroll|burn|the oracle)\b")

_SPEECH_VERBS = re.findall(
    r"\S+",
    "say ask whisper shout snarl reply mutter call yell growl demand tell murmur hiss cry answer declare plead beg insist "
    "announce exclaim proclaim respond remark blurt bark roar mumble stammer",
)
_SPEECH = (
    "|".join(f"{v}|{v}s|{v}ed|{v}d" if not v.endswith(("y", "ll")) else f"{v}|{v}s|{v}ed" for v in _SPEECH_VERBS)
    + "|said|told|replies|replied|cries|cried"
)
_QUOTE = r'"(?P<q>[^"\n]{1,300})(?:"|$)'
_SAID_BEFORE = re.compile(rf"\byou\s+(?:[a-z]+\s+){{0,5}}?(?:{_SPEECH})\b[^\"\n]{{0,25}}?[,:]?\s*{_QUOTE}")
_SAID_AFTER = re.compile(rf"{_QUOTE}\s*,?\s*you\s+(?:[a-z]+\s+)?(?:{_SPEECH})\b")
#: 'You raise your voice: "Kneel, priest!"' — a quotation introduced by a clause of the character's, speech verb or not.
_SAID_INTRODUCED = re.compile(rf"(?:^|[.!?]\s+)you\s+(?:[a-z']+\s+){{0,6}}?[a-z']+\s*:\s*{_QUOTE}")

AUX_WORDS = frozenset(
    re.findall(
        r"\S+",
        "is are was were does do did will can could would should has have had there the a an any still "
        "me my i you your it its of in on at to for this that be been",
    )
)
#: Words that make a clause a supposition rather than a statement ("if they choose to", "you wonder whether").
IF_WORDS = frozenset(
    re.findall(
        r"\S+",
        "if unless whether might may could would should can perhaps maybe wonder wonders hope hopes fear fears suppose imagine",
    )
)


#: "You then make a suffer move": a move of a rules category played out by the story (the categories the books name).
_PLAYS_MOVE = re.compile(
    r"\b(?:you|they|he|she)\s+(?:then\s+|also\s+|quickly\s+|immediately\s+)?(?:make|makes|made|trigger|triggers|triggered"
    r"|perform|performs|performed)\s+(?:a|an|the|another)\s+(?:suffer|recovery|threshold|progress|legacy|fate|combat"
    r"|connection|exploration|adventure|downtime|harm|stress)\s+(?:move|roll)\b"
)


#: "The next thing you do is make a suffer move": an offered follow-up told as played.
_NEXT_PLAYED = re.compile(r"\b(?:the )?next thing you do is (?:to )?(?:make|roll|trigger|perform)\b[^.!?]{0,60}")
#: A roll of a stat or of dice: who rolls it is read from the clause before it.
_ROLLS = re.compile(
    r"\b(?:roll|rolls|rolled|rolling)\s+(?:a\s+|an\s+|their\s+|his\s+|her\s+)?(?:\+[a-z]+|the dice|dice|d\d+|\d+d\d+)"
    r"|\b(?:rolls|rolled)\s+(?:a|an)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|flat|natural"
    r"|high|low|snake)\b"
    # or a roll for what a die decides: "your opponent rolls to dodge or block the shot", "rolls for initiative"
    r"|\b(?:roll|rolls|rolled|rolling)\s+(?:to|for)\s+(?:\w+\s+)?(?:dodge|block|parry|resist|defend|evade|avoid|save"
    r"|notice|spot|escape|initiative|hit|damage|attack)\b"
)


def check_agency(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    out = [] if sentence.question else _decisions(sentence, facts) + _moves_played(sentence) + _others_roll(sentence)
    return out + _speech(sentence, intent) + _moves_named(sentence, facts, intent)


#: What the character is made of, told rolling for them: "your quick reflexes and strong heart roll the dice" (not
#: "your rival rolls a d6": someone else).
_YOURSELF = (
    r"your\s+(?:[a-z]+\s+){0,2}?(?:reflexes|instincts?|nerves?|heart|hands?|luck|skill|training|wits|gut|body|mind"
    r"|courage|resolve|fortune|fate|grit)\b"
)


def _others_roll(sentence: Sentence) -> list[Violation]:
    """Someone other than the player rolling ("The dockhands look at you and roll +shadow"): only the player rolls,
    and the engine rolled for the player alone."""
    text = sentence.narr
    for m in _ROLLS.finditer(text):
        clause = re.split(r"[.;:,!?\n—]|\s-\s", text[: m.start()])[-1].strip()
        if not clause or re.match(rf"(?:(?:then|and|so|now|quickly|again|but|yet)\s+)*(?:you\b|{_YOURSELF})", clause):
            continue  # you, or what you are made of ("your quick reflexes roll the dice"): the player's own roll
        if re.search(r"\byou\s+(?:then\s+|also\s+|quickly\s+|now\s+)?$", clause + " ") or hypothetical(
            text, m.start(), m.end(), IF_WORDS
        ):
            continue  # "... and then you roll +edge"
        excerpt = " ".join(sentence.original[m.start() - len(clause) - 1 if m.start() > len(clause) else 0 : m.end()].split())
        return [
            Violation(ViolationKind.PHANTOM_ROLL, f"'{excerpt}': only the player rolls; the engine rolled for you alone", excerpt)
        ]
    return []


def _moves_named(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """A move named as the rules write it ("You suffer mortal harm. Face Death.") that the engine neither resolved
    nor offered this turn, and that its text and the player's words do not name: the story calling for a move."""
    raw = sentence.raw or sentence.original
    allowed = facts.moves | facts.follow_up_moves
    said = f" {normalize_words(intent or '')} "
    for name in move_titles(facts.system):
        at = raw.find(name)
        if at < 0 or re.match(r"[\w-]", raw[at + len(name) : at + len(name) + 1]) or (at and raw[at - 1].isalnum()):
            continue
        words = normalize_words(name)
        if name.lower() in allowed or words in allowed or f" {words} " in said or words in facts.engine_text:
            continue
        if negated(sentence.text, at, 3):
            continue
        return [
            Violation(
                ViolationKind.PHANTOM_ROLL,
                f"'{name}': the engine did not call for that move this turn; the next move is the player's",
                name,
            )
        ]
    return []


def _moves_played(sentence: Sentence) -> list[Violation]:
    m = _PLAYS_MOVE.search(sentence.narr) or _NEXT_PLAYED.search(sentence.narr)
    if not m or hypothetical(sentence.narr, m.start(), m.end(), IF_WORDS) or negated(sentence.narr, m.start(), 3):
        return []
    excerpt = m.group(0)
    return [
        Violation(ViolationKind.PHANTOM_ROLL, f"'{excerpt}' plays a move the engine did not resolve; it is only offered", excerpt)
    ]


#: "The character notices your absence and decides to investigate": the player's character deciding, a clause later.
_CHARACTER_DECIDES = re.compile(
    rf"\b(?:the character|the player|your character)\b[^.!?;]{{0,60}}?\band\s+(?:then\s+)?(?:{_VERBS})\s+(?:to|not to)\b"
)


def _decisions(sentence: Sentence, facts: Facts) -> list[Violation]:
    text = sentence.narr
    out: list[Violation] = []
    late = _CHARACTER_DECIDES.search(text)
    if late and not hypothetical(text, late.start(), late.end(), IF_WORDS):
        excerpt = " ".join(sentence.original[late.start() : late.end() + 30].split()[:12])
        detail = f"'{excerpt}' decides for the player's character; what the character does is the player's call"
        out.append(Violation(ViolationKind.DECISION, detail, excerpt))
    moves = [n for n in (*move_names(facts.system), *facts.follow_up_moves) if len(n) > 4]
    for m in _DECIDE_ANY.finditer(text):
        who = m.group("who")
        if who in _NOT_SUBJECTS or hypothetical(text, m.start(), m.end(), IF_WORDS):
            continue
        what = m.group("what")
        if who == "they" and _NPC_GROUP.search(text[: m.start()]):
            continue  # "the raiders see you coming and they decide to flee": they are the raiders
        plays_a_move = bool(_FOLLOW_UP_WORDS.search(what)) or any(re.search(rf"\b{re.escape(n)}\b", what) for n in moves)
        if not (_PLAYER_SUBJECTS.match(who) or plays_a_move):
            continue
        excerpt = " ".join(sentence.original[m.start() : m.end()].split()[:10])
        detail = (
            f"'{excerpt}' plays a move for the player; only the player makes moves"
            if plays_a_move
            else f"'{excerpt}' decides for the player's character; what the character does is the player's call"
        )
        out.append(Violation(ViolationKind.DECISION, detail, excerpt))
    return out


def _speech(sentence: Sentence, intent: str | None) -> list[Violation]:
    text = normalize(sentence.original).lower()
    said = _words(intent or "")
    out: list[Violation] = []
    for pattern in (_SAID_BEFORE, _SAID_AFTER, _SAID_INTRODUCED):
        for m in pattern.finditer(text):
            words = _words(m.group("q"))
            if re.search(r"\b(?:the oracle|the fates|the dice|the spirits)\b", m.group(0)):
                continue  # asking the oracle is a move the player made, not dialogue
            if words and said and len(words & said) >= 0.6 * len(words):
                continue  # the player's own declared words, told back
            excerpt = m.group(0).strip()
            out.append(
                Violation(
                    ViolationKind.DECISION,
                    f"'{excerpt}' puts words in the character's mouth; what the character says is the player's call",
                    excerpt,
                )
            )
    return out


def _words(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2 and w not in AUX_WORDS}
