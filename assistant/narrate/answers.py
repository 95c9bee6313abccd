"""Oracle answers and rolled rows read in the light of what the player asked or was doing.

A yes/no question becomes the statement the engine's answer makes true ("Is the station abandoned?"
and a no: "No: the station is not abandoned."), built by moving the question's auxiliary behind its
subject. A Pay the Price row is tied to the action that led to it ("As you try to dash across, something
of value is lost or destroyed."), and an oracle table's rows are given as the answer to the question.
When the words do not parse, nothing is said beyond the engine's own text: the reading is left out
rather than guessed.
"""

from __future__ import annotations

import re

from assistant.engine.model import Result
from assistant.narrate import facts
from assistant.narrate.line_grammar import _DETERMINERS, clean, is_verb, second_person, words
from assistant.narrate.opening import as_clause

_AUX_NO = {
    "is": "is not", "are": "are not", "was": "was not", "were": "were not", "can": "cannot", "could": "could not",
    "will": "will not", "would": "would not", "should": "should not", "does": "does not", "do": "do not",
    "did": "did not", "has": "has not", "have": "have not", "had": "had not", "may": "may not", "might": "might not",
    "must": "must not", "shall": "shall not",
}  # fmt: skip
_PRONOUN_SUBJECTS = words(
    "there it he she they you this that anyone someone anything something anybody somebody everyone everything nobody nothing"
)
#: Words that open a predicate ("the guards are [still] awake", "is the captain [a] traitor").
_PREDICATE_START = words(
    "a an the not still already really truly in on at inside near under behind beyond above below here there alive "
    "dead safe ready able going being been about here away home too very more less any some all"
)


#: States a place or a thing is in, which open a predicate ("is the cargo bay [open] to vacuum").
_STATES = words(
    "open closed shut empty full locked unlocked sealed lit dark quiet silent loud armed awake asleep occupied guarded "
    "intact working online offline powered hostile friendly nearby close far real true false worth enough clear "
    "visible hidden aware alone"
)
#: Words that open a subject counted, not named ("do [more] boarders come", "are [many] guards awake").
_QUANTIFIERS = words("more many few several other all both most no two three four five")
#: Verbs of coming and going, which the action list leaves out ("do more boarders [come]").
_MOTION = words("come go arrive leave return happen remain stay")
#: Irregular past forms, for "did anyone see" answered no ("no one saw").
_PAST = {"see": "saw", "hear": "heard", "know": "knew", "find": "found", "take": "took", "come": "came", "go": "went",
         "get": "got", "make": "made", "catch": "caught", "tell": "told", "feel": "felt", "leave": "left",
         "follow": "followed", "notice": "noticed", "get away": "got away", "have": "had", "give": "gave",
         "think": "thought", "bring": "brought", "send": "sent", "steal": "stole", "hide": "hid", "run": "ran"}  # fmt: skip


#: Past participles not ending in -ed, which open a predicate as "abandoned" does ("is the lock [broken] open").
_PARTICIPLES = words(
    "broken stolen frozen hidden taken shaken forgotten fallen beaten written chosen sunken swollen woken driven given "
    "eaten bitten torn worn sworn drawn thrown known shown grown blown flown gone lost caught built bound found held kept "
    "left hurt shut cut burnt burned dead"
)


#: Verbs of having, knowing and feeling, which end a subject after "does"/"can"... ("does the guard [have] keys").
_STATIVE = words(
    "have be know want need like see hear remember believe care mind own recognize understand feel think fear hate "
    "love expect suspect smell sense exist live belong mean"
)
#: Words that open an object after a verb ("did the pirates send [a] distress call").
_OBJECT_START = words("a an the his her their its my your our some any")
_PERSONS = words("me us you him her them it")
#: Words that open a clause after a verb ("does she know [who] did it", "did he see [where] it went").
_CLAUSE_START = words("who whom whose what where when why how whether which that if")
_PARTICLES = words("off up down out away back over through")
_PREPOSITIONS = words(
    "from with into onto to for of by at in on under behind across toward towards near past around without before after "
    "during inside outside within beside between against among upon beneath"
)
#: Indefinites as the answer "no" makes them ("is anyone there?" -> "no one is there").
_NONE_OF = {"anyone": "no one", "anybody": "nobody", "anything": "nothing", "someone": "no one", "somebody": "nobody",
            "something": "nothing"}  # fmt: skip
#: Indefinites as the answer "yes" makes them ("are there any guards?" -> "there are some guards").
_SOME = {"any": "some", "anyone": "someone", "anybody": "somebody", "anything": "something"}


def _object_at(words: list[str]) -> int:
    """Where an object opens after a verb ("did the pirates send [a] call": 3), 0 when no article follows a word that
    can be a verb within the question's first five words ("does the guard [at] the gate" is no verb and its object)."""
    for k in range(3, min(len(words) - 1, 6)):
        before = words[k - 1].lower()
        if before in _CLAUSE_START:  # "does the quartermaster know [who] sabotaged the drills": a clause, no object
            return 0
        if before in _PREPOSITIONS:  # "does the gate open [from] the inside": no object, a place
            continue
        if words[k].lower() in _OBJECT_START and before not in _PREDICATE_START and before not in _DETERMINERS:
            if before in _PERSONS or before in _PARTICLES:  # "owe [you] a favour", "cut [off] our retreat"
                return k - 1 if k >= 4 else 0
            return k
    return 0


_VERB_AUX = words("do does did can could will would should may might must shall")


def _subject_length(words: list[str], aux: str) -> int:
    """How many words of ``words`` (after the auxiliary) form the subject; 0 when it cannot be told."""
    first = words[0].lower()
    if first in _PRONOUN_SUBJECTS:
        return 1
    if words[0][:1].isupper() and first not in _DETERMINERS:  # a name: its capitalised words
        n = 1
        while n < len(words) - 1 and words[n][:1].isupper():
            n += 1
        return n if n < len(words) else 0
    bare = aux in _VERB_AUX and first.endswith("s") and not is_verb(first) and first not in _DETERMINERS
    if bare and len(words) > 1 and words[1].lower() not in _DETERMINERS | _PREPOSITIONS:
        return 1  # "will reinforcements arrive", "do guards patrol the dock": a plural noun, then its verb
    if first in _QUANTIFIERS:  # "do more boarders come", "are more guards coming": up to the verb or the state
        for n in range(2, min(len(words), 5)):
            word = words[n].lower()
            if words[n - 1].lower() in _DETERMINERS:
                break
            if is_verb(word) or word in _STATIVE | _MOTION | _STATES | _PARTICIPLES or word.endswith(("ing", "ed")):
                return n
        return 0
    if first in _DETERMINERS:
        n = 2
        verb = aux in {"do", "does", "did", "can", "could", "will", "would", "should", "may", "might", "must", "shall"}
        placed = _placed_subject(words) if verb or aux in {"has", "have", "had"} else 0
        if placed:
            return placed  # "did the widow [on the landing] hear his scream": the widow on the landing heard it
        if verb and (k := _object_at(words)):
            return k - 1  # "did the pirates send [a] distress call", "will the old guard open [the] gate"
        found = False
        while n < len(words) - 1 and n < 4:
            word = words[n].lower()
            ends = word.endswith(("ed", "ing")) and len(word) > 4
            if (
                word in _PREDICATE_START | _STATES
                or ends
                or word in _PARTICIPLES
                or (verb and (is_verb(word) or word in _STATIVE | _MOTION))
            ):
                found = True
                break
            n += 1
        stopped_at_verb = n < len(words) and (is_verb(words[n]) or words[n].lower() in _STATIVE)
        if not verb and not found and n < len(words) - 1:
            return 0  # "is the cargo bay open to vacuum": where the subject ends is not told by the words seen
        if n >= len(words) or (verb and not found and not stopped_at_verb):
            n = 2  # no predicate found: the subject is its first noun ("did the captain [spurn] you")
        return n if n < len(words) else 0
    return 0


_OWNERS = frozenset({"my", "his", "her", "their", "our", "your", "its"})


def _placed_subject(words: list[str]) -> int:
    """The length of a subject with a place or owner after its noun ("the widow on the landing", "the captain of the
    guard") when a verb follows it, 0 otherwise ("is the priest in the chapel": there the place is the predicate)."""
    n = 2
    while n + 2 < len(words) and words[n].lower() in _PREPOSITIONS and words[n + 1].lower() in _DETERMINERS | _OWNERS:
        n += 3
    if n == 2 or n >= len(words):
        return 0
    after = words[n].lower()
    participle = after in _PARTICIPLES or after.endswith(("ed", "en")) and len(after) > 3
    return n if is_verb(after) or after in _STATIVE or participle else 0


def _present(verb: str, *, third: bool) -> str:
    """A verb in the present tense, for a third person singular subject when ``third`` ("flee" -> "flees")."""
    verb = verb.lower()
    if not third:
        return verb
    if verb in {"have", "be"}:
        return {"have": "has", "be": "is"}[verb]
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    return verb + "s"


def _past(verb: str) -> str:
    """A verb in the past tense ("see" -> "saw", "spot" -> "spotted" is left "spoted"-free: "spot" -> "spotted")."""
    verb = verb.lower()
    if verb in _PAST:
        return _PAST[verb]
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ied"
    if len(verb) <= 4 and verb[-1] not in "aeiouwxy" and verb[-2:-1] in "aeiou" and verb[-3:-2] not in "aeiou":
        return verb + verb[-1] + "ed"  # "spot" -> "spotted"
    return verb + "ed"


def answer_statement(question: str, answer: str) -> str:
    """``Is the station abandoned?`` + ``no`` -> ``No: the station is not abandoned.`` ("" when unparsed)."""
    if answer not in ("yes", "no"):
        return ""
    text = clean(question).rstrip("?").strip()
    words = second_person(text).split()
    if len(words) < 3 or words[0].lower() not in _AUX_NO:
        return ""
    aux = words[0].lower()
    rest = words[1:]
    n = _subject_length(rest, aux)
    if not n:
        return ""
    subject, predicate = " ".join(rest[:n]), rest[n:]
    if "to" in (w.lower() for w in rest[:n]):
        return ""  # "does the priest wish to talk": the subject ran into the predicate; the plain answer is said
    indefinite = subject.lower() in _NONE_OF
    moved_else = bool(indefinite and predicate and predicate[0].lower() == "else")
    if moved_else:  # "is anyone else awake": "else" goes with its pronoun ("no one else is awake")
        predicate = predicate[1:]
    counted = subject.split()[0].lower() == "any" and len(subject.split()) > 1 and predicate  # "do any survivors remain"
    if answer == "yes" and counted:
        subject = "some " + subject.split(" ", 1)[1]
    if answer == "no" and counted:  # "no survivors remain", "no guards are awake", "no one saw": not "any ... do not"
        subject, verb = "no " + subject.split(" ", 1)[1], aux
        if aux in {"do", "does", "did"} and (is_verb(predicate[0]) or predicate[0].lower() in _STATIVE | _MOTION):
            verb = _past(predicate[0]) if aux == "did" else _present(predicate[0], third=aux == "does")
            predicate = predicate[1:]
    elif answer == "yes":
        verb = aux
        predicate = [_SOME.get(w.lower(), w) for w in predicate]  # "any guards" -> "some guards"
        subject = _SOME.get(subject.lower(), subject)
        if aux in {"do", "does"} and predicate and (is_verb(predicate[0]) or predicate[0].lower() in _STATIVE | _MOTION):
            # "does the raider flee" -> "the raider flees", "do the guards see you" -> "the guards see you"
            verb, predicate = _present(predicate[0], third=aux == "does"), predicate[1:]
    elif indefinite and aux not in {"do", "does", "did"}:  # "is anyone still alive" -> "no one is alive"
        subject, verb = _NONE_OF[subject.lower()], aux
        predicate = predicate[1:] if predicate and predicate[0].lower() == "still" else predicate
    elif indefinite and aux in {"does", "did"} and predicate and (is_verb(predicate[0]) or predicate[0].lower() in _STATIVE):
        # "did anyone see you feed" -> "no one saw you feed", "does anyone know" -> "no one knows"
        subject, verb = _NONE_OF[subject.lower()], _past(predicate[0]) if aux == "did" else _present(predicate[0], third=True)
        predicate = predicate[1:]
    elif indefinite:
        return ""  # "do anyone's ..." would need more grammar: the engine's plain answer is said instead
    elif subject.lower() == "there" and aux in {"is", "are", "was", "were"} and predicate:
        verb = aux  # "is there a way out" -> "there is no way out"; "are there guards" -> "there are no guards"
        head = predicate[0].lower()
        if head in {"a", "an", "any"}:
            predicate = ["no", *predicate[1:]]
        elif head in {"more", "other"}:  # "are there more boarders coming" -> "there are no more boarders coming"
            predicate = ["no", *predicate]
        elif head in _NONE_OF:
            predicate = [_NONE_OF[head], *predicate[1:]]
        elif head not in _DETERMINERS and head not in _PREDICATE_START:
            predicate = ["no", *predicate]
        else:
            verb = _AUX_NO[aux]
    elif predicate and predicate[0].lower() == "still":
        verb, predicate = f"{aux} no longer", predicate[1:]
    else:
        verb = _AUX_NO[aux]
    if subject.lower() == "you" and verb.startswith("is"):
        verb = "are" + verb[2:]
    if subject.split()[0].lower() in _DETERMINERS:
        subject = subject[:1].lower() + subject[1:]
    if moved_else:
        subject += " else"
    return " ".join([f"{answer.capitalize()}:", subject, verb, *predicate]) + "."


def price_reading(result: Result, player_text: str) -> str:
    """A Pay the Price row tied to what the player was doing, or "" without an action to tie it to."""
    rows = facts.table_rows(result)
    clause = as_clause(player_text)
    if not rows or not clause:
        return ""
    told = facts.rows_as_list(rows, ", ")
    if len(rows) > 1:  # "A, B and C"
        head, _, last = told.rpartition(", ")
        told = f"{head} and {last}"
    return f"As {_tried(clause)}, {told[:1].lower()}{told[1:]}."


_NOT_TRIED = words(
    "try tries tried attempt attempts attempted are were have had can could will would must do did am was not never "
    "also still just want wants wanted wish wished need needs needed hope hoped like"
)


#: A wish told as the deed ("you want to finish Kraven off", "you'd like to sneak in"): what was tried is what follows.
_WISH = re.compile(
    r"^you(?:\s+|(?='))(?:want|wanted|wish|wished|mean|meant|hope|hoped|plan|planned|intend|intended|would like|'d like|"
    r"need|needed)"
    r"\s+to\s+(?P<rest>\S.*)$",
    re.IGNORECASE,
)


def _past_or_ongoing(verb: str) -> bool:
    """ "sneaked", "sneaking" (but not "feed", "bring")."""
    if verb.endswith("ing"):
        return any(c in "aeiouy" for c in verb[:-3])
    return len(verb) >= 4 and verb.endswith("ed") and not verb.endswith("eed")


def _tried(clause: str) -> str:
    """ "you feed on the watchman" as "you try to feed on the watchman": a price is paid for an action that went
    wrong or cost something, never for one told as done."""
    head = clause.split(" ", 2)
    verb = head[1].lower() if len(head) >= 2 else ""
    wish = _WISH.match(clause)
    if wish:  # "you want to finish Kraven off": the wish was the attempt ("As you try to finish Kraven off"), not "try
        return f"you try to {wish.group('rest')}"  # to want to"
    if head[0].lower() == "you" and verb.isalpha() and verb not in _NOT_TRIED and not _past_or_ongoing(verb):
        return f"you try to {clause[4:]}"
    return clause


def rows_answer(result: Result, question: str) -> str:
    """An oracle table's rows as the answer to the player's question, or "" without a question."""
    rows = facts.table_rows(result)
    text = clean(question).rstrip("?").strip()
    if not rows or not text:
        return ""
    asked = second_person(text)
    return f"In answer to “{asked[:1].upper()}{asked[1:]}?”: " + "; ".join(r.rstrip(".") for r in rows) + "."
