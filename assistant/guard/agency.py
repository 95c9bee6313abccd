"""What the story may not do for the player, whoever the sentence names, and what it may not answer otherwise.

- A decision told in any person: "They decide to flee", "The character chooses to push on", "Your companion
  opts to ...". A non-player character deciding something in the fiction is the narrator's to tell ("The guard
  decides to raise the alarm"), unless what it decides is a move or follow-up ("The dockhands decided to make a
  suffer move").
- Words the player did not declare, put in the character's mouth: ``You ask, "Do I have permission?"``. Quoting
  the player's own words back is fine.
- An oracle answer told as its opposite in the story's own words: for "Is the reactor still running?" answered
  no, "The reactor hums steadily, still running" (the question's words, stated without a negation) is a yes.
- A die the engine did not roll: "your d20" after a free roll of 2d6+1.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.system_words import move_names, move_titles
from assistant.guard.text import Sentence, hypothetical, negated, normalize, normalize_words, quotes_engine

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

_AUX = frozenset(
    re.findall(
        r"\S+",
        "is are was were does do did will can could would should has have had there the a an any still "
        "me my i you your it its of in on at to for this that be been",
    )
)
_SOMEONE = {"anyone": "one", "someone": "one", "anybody": "one", "somebody": "one", "no one": "one", "nobody": "one"}
_NEGATION = re.compile(r"\b(?:not|no|never|nobody|none|nothing|neither|nor|without|no longer|cannot)\b|n't\b")
#: "refusing to flee": a no to "Does the raider flee?" when the refused verb is the question's.
_REFUSED = r"\b(?:refus|declin)(?:e|es|ed|ing)\s+to\s+(?:even\s+|simply\s+|so\s+much\s+as\s+)?{stem}"
_REVERSAL = re.compile(
    r"\b(?:until|but|stopped|stops|ceased|died|fail|fails|failed|anymore|no longer|then|suddenly|turned out|instead)\b"
)
#: Words that make a clause a supposition rather than a statement ("if they choose to", "you wonder whether").
_IF = frozenset(
    re.findall(
        r"\S+",
        "if unless whether might may could would should can perhaps maybe wonder wonders hope hopes fear fears suppose imagine",
    )
)
_DIE = re.compile(r"\b(?:a\s+|your\s+|the\s+)?d(?P<size>\d+)\b")


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
)


def check_agency(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    out = [] if sentence.question else _decisions(sentence, facts) + _moves_played(sentence) + _others_roll(sentence)
    return out + _speech(sentence, intent) + _moves_named(sentence, facts, intent)


def _others_roll(sentence: Sentence) -> list[Violation]:
    """Someone other than the player rolling ("The dockhands look at you and roll +shadow"): only the player rolls,
    and the engine rolled for the player alone."""
    text = sentence.narr
    for m in _ROLLS.finditer(text):
        clause = re.split(r"[.;:,!?\n—]|\s-\s", text[: m.start()])[-1].strip()
        if not clause or re.match(r"(?:(?:then|and|so|now|quickly|again)\s+)*you\b", clause):
            continue
        if re.search(r"\byou\s+(?:then\s+|also\s+|quickly\s+|now\s+)?$", clause + " ") or hypothetical(
            text, m.start(), m.end(), _IF
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
    if not m or hypothetical(sentence.narr, m.start(), m.end(), _IF) or negated(sentence.narr, m.start(), 3):
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
    if late and not hypothetical(text, late.start(), late.end(), _IF):
        excerpt = " ".join(sentence.original[late.start() : late.end() + 30].split()[:12])
        detail = f"'{excerpt}' decides for the player's character; what the character does is the player's call"
        out.append(Violation(ViolationKind.DECISION, detail, excerpt))
    moves = [n for n in (*move_names(facts.system), *facts.follow_up_moves) if len(n) > 4]
    for m in _DECIDE_ANY.finditer(text):
        who = m.group("who")
        if who in _NOT_SUBJECTS or hypothetical(text, m.start(), m.end(), _IF):
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


def check_oracle_story(sentence: Sentence, facts: Facts, question: str | None) -> list[Violation]:
    """The question's own words stated in the story with the other polarity than the oracle's answer."""
    answers = [o for o in facts.outcomes if o in ("yes", "no")]
    if not answers or not question or sentence.question or re.search(r"\bnot\b|n't\b", question.lower()):
        return []
    told = answer_polarity(sentence.narr, question_words(question))
    if told is None or told[1] == answers[0]:
        return []
    excerpt, said = told
    return [
        Violation(
            ViolationKind.OUTCOME,
            f"'{excerpt}' tells {said} to the question, but the oracle answered {answers[0]}",
            excerpt,
        )
    ]


def answer_polarity(text: str, key: list[str]) -> tuple[str, str] | None:
    """The clause of ``text`` that holds every stem of ``key`` (predicate last) and whether it says yes or no to
    them; ``None`` when no clause does, or when the sentence goes on to reverse it ("... until it stopped")."""
    if not key or not all(k in _stems(text) for k in key):
        return None
    predicate = key[-1]
    for clause in re.split(r"[,;:—]|\s-\s", text):
        if predicate not in _stems(clause) or hypothetical(clause, 0, len(clause), _IF):
            continue
        at = text.find(clause)
        if _reverses(text[at + len(clause) :], key) or _REVERSAL.search(clause):
            return None
        refused = re.search(_REFUSED.format(stem=re.escape(predicate)), clause.lower())
        return clause.strip(), "no" if _NEGATION.search(clause) or refused else "yes"
    return None


#: A reversal that only joins another statement ("..., but there are survivors aboard") reverses nothing unless
#: what follows it speaks of the same thing again ("but it stops", "then the reactor dies").
_JOINING = frozenset({"but", "then", "suddenly", "until", "instead"})


def _reverses(rest: str, key: list[str]) -> bool:
    m = _REVERSAL.search(rest)
    if not m:
        return False
    if m.group(0) not in _JOINING:
        return True
    tail = rest[m.end() :]
    return bool(
        re.search(r"\b(?:it|he|she|they|him|her|them|its|his|their)\b", tail)
        or any(k in _stems(tail) for k in key)
        or _REVERSAL.search(tail)
    )


def check_dice_sizes(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A free roll (dice notation) told with a die it did not use ("your d20" for 2d6+1)."""
    notations = [r for r in facts.results if r.roll == "notation"]
    if not notations or len(notations) != len(facts.results):
        return []
    sizes: set[int] = set()
    for r in notations:
        sizes.update(int(s) for s in re.findall(r"d(\d+)", f"{r.move} {r.move_id}".lower()))
    if not sizes:
        return []
    for m in _DIE.finditer(sentence.narr):
        if int(m.group("size")) not in sizes:
            excerpt = m.group(0).strip()
            shown = ", ".join(f"d{s}" for s in sorted(sizes))
            return [Violation(ViolationKind.PHANTOM_ROLL, f"'{excerpt}': the engine rolled {shown}, no other die", excerpt)]
    return []


_MENU_WORDS = re.compile(
    r"\b(?:choose|chooses|pick|picks|select|either|option|options|your call|which|whichever|or|otherwise|instead)\b|/|\?"
)
_STOP = frozenset(
    re.findall(r"\S+", "the a an to of and or your you on in for with is are it by as at from that this be not but if have has")
)


def check_options_stated(text: str, facts: Facts) -> list[Violation]:
    """A clause that restates one open option and nothing else, outside a menu: the option told as taken.

    Read on the raw text, because a clause that copies an option's label word for word is engine text to the
    other checks (quoting it is fine in a list of the options; alone, it picks one)."""
    if not facts.open_choices:
        return []
    labels = [(label, _content(label)) for label in facts.option_labels]
    labels = [(label, words) for label, words in labels if len(words) >= 2]
    told = " " + " ".join(normalize_words(r.text) for r in facts.results) + " "
    # a whole sentence of the outcome's text recited (the offline narrator streams it sentence by sentence)
    recited = {normalize_words(x) for r in facts.results for x in re.split(r"(?<=[.!?])\s+", r.text)}
    for paragraph in re.split(r"\n\s*\n", text):
        found = _option_taken(paragraph, labels, told, recited)
        if found:
            return found
    return []


def _option_taken(paragraph: str, labels: list[tuple[str, set[str]]], told: str, recited: set[str]) -> list[Violation]:
    menu = False  # a "pick one:" earlier in the paragraph: the lines after it are the menu's items
    for raw in re.split(r"(?<=[.!])\s+|\n", paragraph):
        line = raw.strip().lower()
        if re.search(r"\b(?:choose|pick|select)\b", line):
            menu = True
        if (
            menu
            or normalize_words(line) in recited
            or not re.search(r"\byou\b", line)
            or line.startswith((">", "-", "*", "•"))
            or _MENU_WORDS.search(line)
        ):
            continue
        for part in (line, *re.split(r"[,;:—]", line)):
            words = _content(part)
            if len(words) < 2 or _told_outright(normalize_words(part), told):
                continue  # the outcome's own text says so outright: the engine decided it, not the narrator
            hits = [(label, want) for label, want in labels if len(want & words) >= max(2, 0.75 * len(want))]
            supposed = set(re.findall(r"[a-z]+", line)) & _IF - set(re.findall(r"[a-z]+", hits[0][0].lower())) if hits else set()
            if len(hits) == 1 and len(words - hits[0][1]) <= max(2, len(hits[0][1]) // 2) and not supposed:
                excerpt = raw.strip()[:80]
                return [
                    Violation(
                        ViolationKind.DECISION,
                        f"'{excerpt}' tells the option '{hits[0][0]}' as taken; that choice is still open",
                        excerpt,
                    )
                ]
    return []


def _told_outright(words: str, told: str) -> bool:
    """The words stand in the outcome's text before any "choose"/"pick" (not as one item of its menu)."""
    at = told.find(f" {words} ")
    return at >= 0 and not re.search(r"\b(?:choose|pick|select)\b", told[:at])


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9+\-]+", text.lower()) if w not in _STOP and len(w) > 1}


_NEXT = re.compile(r"(?:^|\n)\W*(?:next|offered next|then)\s*:\s*(?P<what>[^\n]{2,80})", re.I)
_INVENTED_MENU = re.compile(
    r"\bif you (?:choose|opt|decide|pick|elect)\b[^.?!]{0,240}[.?!].{0,400}?\b(?:alternatively|otherwise|or)\b,?\s+if you\b"
    r"|\b(?:pick|choose|select) (?:one|two|1|2)\b[^\n.?!]{0,40}:[^\n]{0,300}/",
    re.S,
)


def check_offers(text: str, facts: Facts) -> list[Violation]:
    """Follow-ups and choices the engine did not offer: "Next: Pay the Price." after a move that offers nothing,
    "If you choose to X ... Alternatively, if you opt for Y ..." or "Pick one Reaction: a / b" with no open choice."""
    out: list[Violation] = []
    names = [n for n in move_names(facts.system) if len(n) > 4]
    offered = " ".join(facts.follow_up_moves) + " " + " ".join(normalize_words(r.text) for r in facts.results)
    for m in _NEXT.finditer(text):
        what = normalize_words(m.group("what"))
        named = [n for n in names if re.search(rf"\b{re.escape(n)}\b", what)]
        if named and not any(n in offered for n in named):
            excerpt = m.group(0).strip()
            out.append(Violation(ViolationKind.PHANTOM_ROLL, f"'{excerpt}': the engine offered no such move this turn", excerpt))
            break
    if not facts.open_choices:
        menu = _INVENTED_MENU.search(normalize(text).lower())
        if menu and not quotes_engine(menu.group(0), facts.engine_text, facts.engine_bigrams):
            excerpt = " ".join(menu.group(0).split()[:12])
            out.append(Violation(ViolationKind.DECISION, f"'{excerpt}' invents choices; the engine offered none", excerpt))
    return out


def _words(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2 and w not in _AUX}


#: Words a story tells an answer's predicate with ("the reactor remains operational" for "running"): each counts as
#: the predicate's stem, so the answer's polarity is read from them too.
_SAME_AS = {
    "runn": "operational working active online powered humming functioning",
    "sens": "notice notices noticed spot spots spotted detect detects detected",
    "flee": "escape escapes escaped retreat retreats retreated bolts bolted",
    "surv": "alive living",
}
_SYNONYM = {word: stem for stem, words in _SAME_AS.items() for word in words.split()}


def _stems(text: str) -> set[str]:
    text = text.lower()
    for phrase, same in _SOMEONE.items():
        text = text.replace(phrase, same)
    words = [w for w in re.findall(r"[a-z]+", text) if len(w) > 1]
    return {w[:4] for w in words} | {_SYNONYM[w] for w in words if w in _SYNONYM}


def question_words(question: str) -> list[str]:
    """The stems that carry the question ("Is the reactor still running?" -> reac, runn), predicate last."""
    text = question.lower().split(":")[-1]
    for phrase, same in _SOMEONE.items():
        text = text.replace(phrase, same)
    words = [w for w in re.findall(r"[a-z]+", text) if w not in _AUX and w not in ("else", "oracle") and len(w) > 1]
    return [w[:4] for w in words][:4]
