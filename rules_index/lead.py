"""Which sentence leads a rules answer, and which sentences each passage highlights.

Each passage's sentences are scored against the question: closeness in meaning plus the share of the
question's words they use, with steering toward the sentence that answers: the best-ranked passage, the
sentence that defines the term asked about, the passage whose move or section the question names (and its
first sentence: the trigger or definition) over another passage's passing reference to it, a number for
"how many", and away from a note on how the engine reads a rule (the text leads when nearly as close) and
from a sentence made only of the question's own words.
"""

from __future__ import annotations

import math
import re

from rules_index.asking import asks_open_point
from rules_index.coverage import _COUNTING, _NUMBER, GENERIC
from rules_index.index import RulesIndex
from rules_index.outcome_lines import named_outcomes, stated_outcome
from rules_index.phrasing import narrated_action, plain_question
from rules_index.rank import is_example, is_reading
from rules_index.results import names_the_row, result_range, rolled_numbers
from rules_index.search import Hit
from rules_index.sentences import MIN_WORDS, body, example_part, is_label, sentence_vectors, split_sentences
from rules_index.terms import terms


def _cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    na, nb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


#: A note's provenance, and a table note's heading ("The Vice Roll table (d6):"): labels, not rules.
_NOT_A_CLAIM = re.compile(r"^(source:|this reading rests on)|^the .+ table \(d\d+\):$", re.I)
TOP_PASSAGE_BONUS = 0.1  #: the best-ranked passage is the likeliest to hold the sentence that answers
READING_PENALTY = 0.15  #: a note on how a sentence is read backs the rule up; it does not lead the answer
#: A sentence of a worked example ("Hermione successfully casts Magic Missile...", "Miabella offers to split the
#: treasure") retells the rule with names and numbers; the rule's own sentence leads the answer instead.
EXAMPLE_PENALTY = 0.2


_DEFINITION = re.compile(
    r"^\s*(?:what|how)(?:['’]s|\s+(?:does|do|is|are))\s+(?:a |an |the |being |rolling with )?(.+?)"
    r"(?:\s+(?:do|work|mean|mean\s+here))?\s*\??\s*$",
    re.I,
)
#: How you come to be X (made, left, become, allowed to roll with X): not what X does.
_GAINING = r"\b(?:makes?|making|leaves?|leaving|becomes?|becoming|may\s+roll\s+with|roll\s+with)\s+(?:\w+\s+)?{term}\b"
GAINING_PENALTY = 0.2
#: What X is (the sentence that defines it): "Hold is a floating inventory", "Your focus value goes from -6 to +10".
_DEFINING = (
    r"^\W*(?:(?:the|your|a|an)\s+)?{term}\w*(?:\s+value)?\s+(?:is|are|means?|measures?|represents?|goes|runs)\b"
    # what X does as it grows: "The higher your wanted level, the more serious the response ..."
    r"|^\W*the\s+(?:higher|lower|more|fewer|less)\s+(?:your\s+|the\s+)?{term}\b"
    # X followed by its explanation: "Some Control spells make you Helpless: The target becomes vulnerable."
    r"|\b{term}\s*:\s+\S"
)
DEFINING_BONUS = 0.1
#: One case of X (a table row "Wanted Level 4: Life or execution.") does not say what X is or does.
_CASE = r"^\W*{term}\s+\d"
CASE_PENALTY = 0.15
#: Words before the term that only say whose it is ("what does our wanted level do").
_POSSESSIVE = re.compile(r"^(?:(?:our|my|your|his|her|their|the|a|an)\s+)+", re.I)


#: "What happens when I'm vulnerable?" asks what being X does, as "what does vulnerable do?" does.
_BEING = re.compile(
    r"^\s*what\s+happens\s+(?:when|if)\s+(?:i['’]?m|i\s+am|you['’]?re|you\s+are|we['’]?re|we\s+are|my\s+\w+\s+is)"
    r"\s+(?:a\s+|an\s+)?([a-z]+(?:\s+[a-z]+)?)\s*\??\s*$",
    re.I,
)


def definition_term(question: str) -> str | None:
    """The term a "what does X do / how does X work / what happens when I'm X" question asks about."""
    being = _BEING.match(question)
    if being:
        return being.group(1).lower()
    m = _DEFINITION.match(question)
    term = _POSSESSIVE.sub("", m.group(1).strip()).lower() if m else ""
    # "how do I roll ..." asks how to do something, not what a term means
    return term if term and len(term.split()) <= 3 and term.split()[0] not in {"i", "we", "you"} else None


def defining_pattern(question: str) -> re.Pattern[str] | None:
    """A pattern for the sentences that define the term a "what does X mean" question asks about (None for
    any other question)."""
    term = definition_term(question)
    return re.compile(_DEFINING.format(term=re.escape(term)), re.I) if term else None


def sentence_key(sentence: str) -> str:
    """One key for a sentence printed twice ("Note: X" and "X", any case or spacing)."""
    return " ".join(re.sub(r"^(note|example)\s*:\s*", "", sentence.strip(), flags=re.I).lower().split())


def highlight_sentences(question: str, hits: list[Hit], index: RulesIndex, per_passage: int = 2) -> list[list[tuple[float, str]]]:
    """Score each passage's sentences against the question (meaning + shared words), best first.

    A sentence already offered by an earlier passage (the same rule printed twice) is offered once.
    """
    question = plain_question(question)
    q_terms = set(terms(question))
    candidates: list[tuple[int, str]] = []
    seen: set[str] = set()
    illustrating: set[tuple[int, str]] = set()
    for i, hit in enumerate(hits):
        text = body(hit.chunk)
        example = text if is_example(hit.chunk) else example_part(text)
        for sentence in split_sentences(text):
            if example and sentence in example:
                illustrating.add((i, sentence))
            key = sentence_key(sentence)
            if _NOT_A_CLAIM.match(sentence):  # a note's provenance is shown in its passage, not quoted
                continue
            # an outcome line is worth quoting however short ("6: Arrest")
            if is_label(sentence):  # "Wizard Starting Move" names the kind of move, it says no rule
                continue
            if (len(sentence.split()) >= MIN_WORDS or result_range(sentence)) and key not in seen:
                seen.add(key)
                candidates.append((i, sentence))
    scored: list[list[tuple[float, str]]] = [[] for _ in hits]
    if not candidates:
        return scored
    q_vec = index.embedder.embed_query(question)
    term = definition_term(question)
    gaining = re.compile(_GAINING.format(term=re.escape(term)), re.I) if term else None
    defining = defining_pattern(question)
    case = re.compile(_CASE.format(term=re.escape(term)), re.I) if term else None
    named = named_passages(question, hits)
    # a passage the question names is found by its name: the name's words say nothing about which of its
    # sentences answers (and in another passage they are only a reference to it)
    asked = q_terms - {t for name in named.values() for t in terms(name)}
    firsts: dict[int, str] = {}
    for i, sentence in candidates:
        firsts.setdefault(i, sentence)
    counting = bool(_COUNTING.search(question))
    open_point = reading_answers(question, hits)
    # ... unless it names the result it got: then the outcome line answers
    told = narrated_action(question) and not rolled_numbers(question) and not _OUTCOME_WORDS.search(question)
    rolled = rolled_numbers(question)
    outcomes = named_outcomes(question)
    how_works = bool(_HOW_WORKS.match(question)) and (0 in named or names_in_other_words(question, hits[0]))
    how_to = bool(hits[0].chunk.move) and (asks_how_to(question) or how_works)
    # asked how a move is made, a question it puts to the player is no answer (asked for its questions, it is)
    prompts = how_to and not _ASKS_FOR_QUESTIONS.search(question)
    opening = [s for n, s in candidates[:3] if n == 0] if how_to else []
    trigger = next((s for s in opening if s.startswith("When ") and not s.endswith(":")), None)
    # ... not when it names a roll's result (the result's row answers) or asks how a sentence is read
    depleted = bool(_DEPLETED.search(question)) and not rolled and not outcomes and not open_point
    vectors = sentence_vectors(index).matrix([s for _, s in candidates])
    for (i, sentence), vec in zip(candidates, vectors, strict=True):
        words = set(terms(sentence))
        overlap = len(asked & words) / max(1, len(asked))
        score = 0.7 * _cosine(q_vec, [float(x) for x in vec]) + 0.3 * overlap
        score += TOP_PASSAGE_BONUS if i == 0 else 0.0
        # a note on how a sentence is read backs the text up, unless the question asks how it is read
        score -= READING_PENALTY if is_reading(hits[i].chunk) and not open_point else 0.0
        score -= EXAMPLE_PENALTY if (i, sentence) in illustrating else 0.0
        defines = defining is not None and defining.search(sentence) is not None
        # how you come to be X, unless the sentence goes on to say what X is
        score -= GAINING_PENALTY if gaining is not None and gaining.search(sentence) and not defines else 0.0
        score += DEFINING_BONUS if defines else 0.0
        score -= CASE_PENALTY if case is not None and case.search(sentence) else 0.0
        score += _steer(i, sentence, words, q_terms, named, counting)
        # the result line of the move asked about (the best-ranked or named passage), not another roll's
        in_asked_move = i == 0 or i in named
        score += RESULT_BONUS if rolled and in_asked_move and any(n in rolled for n in result_range(sentence)) else 0.0
        score += OUTCOME_BONUS if outcomes and in_asked_move and stated_outcome(sentence) in outcomes else 0.0
        score += ROW_BONUS if names_the_row(question, sentence) else 0.0
        score += NAMED_FIRST_BONUS if i in named and firsts.get(i) == sentence and not outcomes else 0.0
        # told as the character's action, the question asks which move applies: the best move's trigger says
        score += TOLD_FIRST_BONUS if told and i == 0 and firsts.get(i) == sentence else 0.0
        score += TRIGGER_BONUS if i == 0 and sentence == trigger else 0.0
        score += DEPLETED_BONUS if depleted and _AT_ZERO.search(sentence) else 0.0
        score -= INTRO_PENALTY if sentence.rstrip().endswith(":") else 0.0
        score -= PROMPT_PENALTY if prompts and sentence.rstrip(" *").endswith("?") else 0.0
        scored[i].append((score, sentence))
    return [sorted(s, key=lambda pair: -pair[0])[:per_passage] for s in scored]


#: The passage whose move or section the question names ("how do I Feed?") holds its answer; another
#: passage's sentence that only refers to that move ("...or Face Last Death") does not answer it.
NAMED_BONUS = 0.1
MENTION_PENALTY = 0.1
#: ... and its first sentence (a move's trigger, a section's definition) is what "how does X work?" asks.
NAMED_FIRST_BONUS = 0.1
#: A question told as the character's action ("i wanna crash the mayor's party") asks which move applies:
#: the best move's trigger ("When you work your connections to get ... access to a restricted location")
#: answers it, over a line of the move that is only close in words ("Ask the Magistrate how.").
TOLD_FIRST_BONUS = 0.25
_OUTCOME_WORDS = re.compile(r"\b(?:strong|weak)\s+hit|\bmiss(?:ed)?\b|\bmatch\b", re.I)
#: "How do I hear rumors about a faction?", "what do I roll to ...", "what happens when my starship takes damage?"
#: ask which move applies and what it does: the best move's trigger ("When you listen out for interesting
#: information, ... roll +Lore") answers, over one of its outcome lines close in words ("You may write a new
#: belief based on the rumor."). Not when the question asks about an outcome ("when a wizard fails to cast").
TRIGGER_BONUS = 0.2
_HOW_TO = re.compile(
    r"^\W*(?:how\s+(?:do|can|would|should|does)\s+(?:i|we|you|my|our|a|an|the)\b"
    r"|what\s+(?:do|should|would)\s+(?:i|we)\s+roll\b|what\s+happens\s+(?:when|if)\b)",
    re.I,
)
#: "How does running a scheme work?" names the best move (:func:`named_passages`, :func:`names_in_other_words`)
#: and asks what it does: its trigger answers, as for "how do I ...".
_HOW_WORKS = re.compile(r"^\W*how\s+(?:does|do|is|are)\b.*\b(?:work|works|handled|done)\b", re.I)
#: A question the text puts to the player ("What aspect of the scheme produces the best results?") prompts the
#: fiction; it states no rule, so it does not lead the answer to how a move is made (unless the GM asks about
#: the move's questions; "can I find out what my faction holds" is answered by Get Your Bearings' own question).
PROMPT_PENALTY = 0.15
_ASKS_FOR_QUESTIONS = re.compile(r"\b(?:questions?|q's|qs|ask|asks|asking)\b", re.I)
_OUTCOME_ASKED = re.compile(
    r"\b(?:miss\w*|fail\w*|strong|weak|match\w*|backfire\w*|critical|succeed\w*|success\w*|hit)\b|\d"
    # ... nor about a measure's state ("when my supply drops to zero", "at its minimum"): its own line answers
    r"|\b(?:zero|minimum|maximum|max|min|full|empty|exhausted|runs?\s+out|ran\s+out)\b",
    re.I,
)
#: "what happens when my hunger runs out?", "supply dropped to zero", "out of blood": the sentence that says what
#: happens at none ("When you have 0 blood and have to spend more, you must mark the Starving impact.", "You cannot
#: cast a spell unless you have mana equal to the spell's level.") answers, over one that says what the measure is.
DEPLETED_BONUS = 0.15
_DEPLETED = re.compile(
    r"\b(?:runs?|ran|running)\s+(?:out|outta)\b|\bout\s+of\s+(?!action\b|sight\b|the\b|a\b|an\b|this\b|it\b)\w+"
    r"|\b(?:at|to|hits?|reach(?:es|ed)?)\s+(?:0|zero)\b",
    re.I,
)
_AT_ZERO = re.compile(r"\b(?:0|zero)\b(?![-–])|\bunless\s+you\s+have\b|\bno\s+(?:more\s+)?\w+\s+left\b|\bexhausted\b", re.I)
#: A line that only introduces the list below it ("When you travel to another neighborhood:", "Gain temporary
#: use of an asset:") says nothing on its own; the list's items do.
INTRO_PENALTY = 0.1
#: "How many / how much" asks for a number: a sentence that gives one is likelier to answer.
NUMBER_BONUS = 0.08
#: A sentence made only of the question's own words ("This is a Conclusion Roll.") tells the GM nothing.
NOTHING_NEW_PENALTY = 0.3


#: "I rolled a 6" / "what does 10+ do": the outcome line of that result ("6- The power backfires.",
#: "1-10 | You suffer mortal harm") is the answer, over a sentence that is only close in words.
RESULT_BONUS = 0.5
#: "we rolled a miss on Finish the Scene": that outcome's line (:mod:`rules_index.outcome_lines`) answers, not the trigger.
OUTCOME_BONUS = 0.3
#: "unlikely odds": the table row the question names by its first cell ("| Unlikely | 76 or greater |").
ROW_BONUS = 0.3


def asks_how_to(question: str) -> bool:
    """Does the question ask how to do something or what happens when a move's trigger comes about (not what an
    outcome does, nor what being X does)?"""
    return bool(_HOW_TO.match(question)) and not _OUTCOME_ASKED.search(question) and not _BEING.match(question)


def _title(hit: Hit) -> str:
    """The passage's own name (its section title without a parenthesis such as "(Environs)")."""
    title = hit.chunk.section_path[-1] if hit.chunk.section_path else ""
    return re.sub(r"^(?:the|a|an)\s+", "", re.sub(r"\s*\(.*?\)\s*", " ", title).strip().lower())


def _name_words(text: str) -> str:
    """The words of a name as compared: "Hack & Slash", "Hack&Slash" and "Hack and Slash" are one move."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower().replace("&", " and ")))


def short_name(name: str) -> str:
    """A move's name as players shorten it, without its opening verb: "a big risk" (or "big risk") for "take a big
    risk", "someone new" for "meet someone new" ("" when fewer than two words would be left)."""
    words = name.split()[1:]
    if words and words[0] in ("a", "an", "the"):
        words = words[1:]
    return " ".join(words) if len(words) >= 2 else ""


def named_passages(question: str, hits: list[Hit]) -> dict[int, str]:
    """The passages (by position) of the rules text whose name the question uses, with that name: the whole name,
    or its :func:`short_name` when the question uses no passage's whole name ("how does a big risk work?")."""
    text = _name_words(question)
    out: dict[int, str] = {}
    short: dict[int, str] = {}
    for i, hit in enumerate(hits):
        if hit.chunk.origin == "note":
            continue
        name = _name_words(_title(hit))
        if len(name) >= 4 and re.search(rf"\b{re.escape(name)}\b", text):
            out[i] = name
        elif (brief := short_name(name)) and re.search(rf"\b{re.escape(brief)}\b", text):
            short[i] = brief
    return out or short


def names_in_other_words(question: str, hit: Hit) -> bool:
    """Does the question use every word of the passage's name of two words or more, in any form ("how does
    running a scheme work" names Run the Scheme)?"""
    name = set(terms(_name_words(_title(hit))))
    return hit.chunk.origin != "note" and len(name) >= 2 and name <= set(terms(question))


def _steer(i: int, sentence: str, words: set[str], q_terms: set[str], named: dict[int, str], counting: bool) -> float:
    """The adjustments that make the lead sentence the one that answers (see the constants above)."""
    adjust = 0.0
    if named:
        lowered = _name_words(sentence)
        if i in named:
            adjust += NAMED_BONUS
        elif any(re.search(rf"\b{re.escape(name)}\b", lowered) for name in named.values()):
            adjust -= MENTION_PENALTY
    if counting and _NUMBER.search(sentence):
        adjust += NUMBER_BONUS
    if not (words - q_terms - GENERIC):
        adjust -= NOTHING_NEW_PENALTY
    return adjust


#: A rules-text sentence at least this close to a reading note's best sentence leads instead of it: the note
#: says how the engine reads the rule, the text states it.
TEXT_FIRST_SHARE = 0.8


def reading_answers(question: str, hits: list[Hit]) -> bool:
    """Does a reading note answer before the rules text: the question says the text is silent or unclear on its point
    (:func:`rules_index.asking.asks_open_point`), or the ranking already put a reading note first (it weighed the
    note below the text and still found it the passage that answers), unless it asks what a term means (the text
    defines it: "what does helpless mean")?"""
    ranked_first = bool(hits) and is_reading(hits[0].chunk) and definition_term(question) is None
    return asks_open_point(question) or ranked_first


def text_first(ranked: list[tuple[float, int, str]], hits: list[Hit]) -> list[tuple[float, int, str]]:
    """``ranked`` (score, -passage, sentence) with the best rules-text sentence first when a reading note
    leads and the text's sentence is nearly as close."""
    if not ranked or not is_reading(hits[-ranked[0][1]].chunk):
        return ranked
    for n, row in enumerate(ranked):
        if not is_reading(hits[-row[1]].chunk):
            if row[0] >= TEXT_FIRST_SHARE * ranked[0][0]:
                return [row, *ranked[:n], *ranked[n + 1 :]]
            break
    return ranked


#: Two sentences sharing this share of their words say the same thing ("If your vice roll clears more stress
#: levels than you had marked, you overindulge" in the text and in a table's note).
RESTATEMENT_OVERLAP = 0.75


def without_restatements(ranked: list[tuple[float, int, str]]) -> list[tuple[float, int, str]]:
    """``ranked`` (score, -passage, sentence) without a sentence that restates a better ranked one."""
    kept: list[tuple[tuple[float, int, str], set[str]]] = []
    for row in ranked:
        words = set(terms(row[2]))
        if words and any(len(words & other) >= RESTATEMENT_OVERLAP * len(words | other) for _, other in kept):
            continue
        kept.append((row, words))
    return [row for row, _ in kept]
