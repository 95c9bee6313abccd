"""Ranking a question's candidate passages by several kinds of evidence, fused into one score.

Candidates are the best passages by vector similarity and by BM25. Each is scored by how close the
question is to the whole passage, to its closest sentence (weighted most: the rule that answers is
usually one sentence of a longer move), to its lead (title and first sentence), by BM25 (scaled by the
best BM25 of the question), by the share of the question's content words the passage uses, by the
title words the question uses, and a small penalty for a section that only introduces its sub-sections.
The weights were fitted on the public set plus the tune half of the dev set and checked on its test half
and the first held-out set (``python -m evals retrieve``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rules_index.chunk import Chunk
from rules_index.evidence import (
    CANDIDATES,
    Evidence,
    chunk_vectors,
    gather,
    in_named_range,
    is_example,
    is_reading,
    query_vector,
    title_overlap,
    title_ranges,
    word_cover,
)
from rules_index.illustrating import below_illustrated
from rules_index.index import RulesIndex
from rules_index.sentences import body
from rules_index.terms import terms

__all__ = [
    "CANDIDATES",
    "Evidence",
    "Scored",
    "Weights",
    "chunk_vectors",
    "follow_pointers",
    "in_named_range",
    "is_example",
    "is_reading",
    "query_vector",
    "rank",
    "title_overlap",
    "title_ranges",
    "weigh",
    "without_copies",
    "word_cover",
]

W_PASSAGE = 0.2
W_SENTENCE = 0.8
W_LEAD = 0.6
W_BM25 = 0.2
#: The share of the question's content words (those that name what it asks about) the passage uses: a
#: passage that speaks of every thing the question names beats one that is only close in meaning.
W_COVER = 0.3
W_TITLE = 0.2
#: A title that names a range of a measure ("Entanglements (Heat 4-5)") the question gives a value of ("at
#: heat 5"): that passage is the one for the question's case, not its sibling for another range.
W_RANGE = 0.3
#: A passage with a sentence that defines the term a "what does X mean" question asks about ("Hold is a
#: floating inventory", "make you Helpless: The target becomes vulnerable") over one that only uses it.
W_DEFINES = 0.1
PARENT_PENALTY = 0.1
#: A reading note explains how the engine reads a sentence: it backs the text up, it does not outrank it.
READING_PENALTY = 0.3
#: A worked example or walkthrough: its sentences do not lead an answer (lead.py). A ranking penalty of 0.1 or 0.2
#: was tried and left out (the walkthroughs hold the only statement of some tags); a small one is in the order
#: (:attr:`Weights.example`).
#: An option that only sends the player to another move ("Give up on the quest: Forsake Your Vow."): when it is
#: the passage's sentence closest to the question, the question asks about that move, which then ranks just
#: above the passage that points to it.
POINTER_LIFT = 0.01
_POINTER = re.compile(r"^\W*[^:]{3,80}:\s*(.+?)\s*[.!]?\s*$")
#: Two passages sharing this share of their words are one rule printed twice (the Dungeon World text
#: prints Hack & Slash three times): only the better ranked one is kept, so copies do not fill the top k.
DUPLICATE_OVERLAP = 0.8


@dataclass(frozen=True)
class Weights:
    """How much each kind of evidence (:class:`~rules_index.evidence.Evidence`) counts in a passage's score."""

    passage: float = W_PASSAGE
    sentence: float = W_SENTENCE
    lead: float = W_LEAD
    bm25: float = W_BM25
    cover: float = W_COVER
    title: float = W_TITLE
    in_range: float = W_RANGE
    defines: float = W_DEFINES
    parent: float = PARENT_PENALTY
    reading: float = READING_PENALTY
    move: float = 0.0
    told_move: float = 0.0
    note: float = 0.0
    cue: float = 0.0
    asked_cue: float = 0.0
    """The cue boost's weight for a question asked rather than told as the character's action (``cue``: told)."""
    unmet: float = 0.0
    named: float = 0.0
    """A move the question names by its whole name (:func:`rules_index.evidence.names_move`)."""
    closest_note: float = 0.0
    """A rules note holding the sentence closest to the question of every candidate (:attr:`Evidence.closest_note`)."""
    open_point: float = 0.0
    """A reading note for a question on a point the text leaves open (:attr:`Evidence.open_point`)."""
    amount: float = 0.0
    """A passage whose closest sentence gives the amount the question asks for (:attr:`Evidence.amount`)."""
    already: float = 0.0
    """A passage that speaks of the case the question says already holds (:attr:`Evidence.already`)."""
    example: float = 0.0
    """A worked example or walkthrough, taken off (:attr:`Evidence.example`)."""
    other_party: float = 0.0
    """A passage about the other kind of character (PC or NPC) than the question, taken off."""
    settles: float = 0.0
    """A reading note on the move sentence a told question with an amount asks about (:attr:`Evidence.settles`)."""
    reads_named: float = 0.0
    """A reading note on the move the question names, closer to it than the move's text (:attr:`Evidence.reads_named`)."""
    beyond_text: float = 0.0
    """A reading note using a word of the question that its move's text does not (:attr:`Evidence.beyond_text`)."""
    stacking: float = 0.0
    """A passage that says what stacks, for a question whether two of a thing add up (:attr:`Evidence.stacking`)."""
    sentence_cover: float = 0.0
    """The share of the question's content words one sentence of the passage uses (:attr:`Evidence.sentence_cover`)."""


#: The weights of a passage's relevance: the scale the "not covered" judgement was calibrated on
#: (:mod:`rules_index.coverage`). Relevance says whether any passage answers the question at all.
RELEVANCE_WEIGHTS = Weights()
#: The weights that order the passages: which of them answers best. Fitted by a listwise (softmax) loss over the
#: candidate passages of every answerable question of the public, dev and nine held-out sets, pulled towards the
#: relevance weights (L2 0.01); each set left out in turn, the left-out hit@1 averaged 0.845 -> 0.872 and hit@5
#: 0.966 -> 0.973. A move counts a little less by itself, more for a question told as the character's action;
#: a rules note less than the text; the rulesets' cue words for a move count most of the new evidence.
#: The cue words are a player's words for an action: for a question asked rather than told as one they count
#: three quarters as much (asked_cue), and a cue whose words name several moves counts for none of them
#: (:mod:`rules_index.move_cues`). Together (measured by re-ranking every set's cached evidence) they give back
#: one public question lost to the cues ("How does my scheme produce assets?" had found Set Up a Scheme) and
#: lift hit@1 over every set from 805 to 807 of 921 answerable questions, no set losing more than one (a
#: refit of every weight with a separate weight for an asked question's cue did not lift the left-out hit@1:
#: 801 against 805).
RANK_WEIGHTS = Weights(
    passage=0.362,
    sentence=0.454,
    lead=0.33,
    bm25=0.124,
    cover=0.201,
    title=0.029,
    in_range=0.315,
    defines=0.1,
    parent=0.123,
    reading=0.105,
    move=-0.058,
    told_move=0.086,
    note=-0.131,
    cue=0.521,
    asked_cue=0.391,
    unmet=-0.044,
    named=0.12,
    closest_note=0.03,
    open_point=0.2,
    amount=0.05,
    already=0.2,
    settles=0.5,
    reads_named=0.2,
    example=0.05,
    other_party=0.1,
    stacking=0.2,
    beyond_text=0.2,
    sentence_cover=0.05,
)
#: A move the question names by its whole name ("rolls Defend and gets an 8", "i missed face danger") counts 0.12 in
#: the order (not in the relevance), when it is the only move the question names (one naming two asks how they meet)
#: and not for the notes on it (they filled the top five above a worked example that answered). Re-ranking every
#: set's evidence it lifts hit@1 from 897 to 901 of 1017 answerable questions, no set losing one (designed on half
#: the sets, the other half gained as well); over every passage's title rather than moves alone it lost more than it
#: gained (a section's one-word title is any everyday word).
#: A rules note holding the sentence closest to the question of every candidate passage counts 0.03 in the order (not
#: in the relevance): the notes say what the texts leave out ("Stress that reaches 9 is a level of trauma", "A match
#: is a d100 roll with both digits equal"), and a question whose closest sentence is one of them asks for that, not
#: for the text passage beside it that the note penalty put first. Re-ranking every set's evidence, designed on half
#: of the questions (by a hash of the id) and checked on the other: 496 -> 498 of 572 and 486 -> 487 of 556, no set
#: losing one (0.06 lost one).
#: When a rules note outranks the move's own text: a question that says the text is silent or unclear on its point
#: ("the hunger section says it can cost blood but not what stat", "is that 3 or 4?", "which one do i mark?") has
#: read the text and asks how it is read, so a reading note counts 0.2 more (open_point); a question for an amount
#: ("how many stress boxes before trauma", "what magnitude is a day") is answered by the passage whose closest
#: sentence gives a number, note or text (amount, 0.05). Re-ranking every set's evidence (public, dev, held-out
#: 1-15) with both, designed on set 15's misses and checked on every set in two halves by a hash of the id: hit@1
#: 517 -> 520 of 599 and 504 -> 511 of 581, no question lost, hit@5 unchanged (open_point 0.2-0.3 gives the same;
#: 0.4 loses one at hit@5, 0.6 loses eight at hit@1; amount 0.07 loses two).
#: A question that says its case already holds ("we already share a bond, do i still mark progress?", "already bonded
#: with the old mechanic, do i tick progress?") is answered by the passage that speaks of that case ("If you already
#: share a bond with the connection, do not mark progress."), not by the move that brings it about ("On a strong hit,
#: you now share a bond.", whose title the question names): 0.2 in the order (not in the relevance). Re-ranking every
#: set's evidence (public, dev, held-out 1-16; 42 questions say "already"): hit@1 1076 -> 1080 of 1229, hit@5
#: unchanged, no set losing; one question lost ("buying it inside a neighbourhood we already control, does holding it
#: help the roll" finds Overtake Neighborhood's sentence on a neighborhood already controlled before Secure Resource;
#: its set, the twelfth, gains another). 0.05 gains three, 0.15 four, 0.2 and 0.3 five.
#: A question told as the character's action that asks how many or how much, on the move sentence a reading note rests
#: on, and closer as a whole to the note than to the move's text by 0.15 ("12 on appraise circumstances and i take
#: clearing heat instead of writing a belief. how much heat is that, all of it?"), has the move's result in hand and
#: asks what the note settles, not what the sentence says: the note counts 0.5 more in the order (settles; not in the
#: relevance). Re-ranking every set's evidence (public, dev, sets 1-16): hit@1 on public, dev and sets 1-15 unchanged
#: (1040 of 1180), set 16 40 -> 41 of 49, hit@5 unchanged. Weights 0.3-0.5 give the same; 0.8 loses two. Without the
#: margin any weight that gains on set 16 loses on sets 5-7 and 12 ("she stabs a dangerous hunter, how many progress
#: boxes does that mark?" wants the text's table); with "what stat / what do i roll" counted as an amount it loses
#: five more.
#: A question that names one move in its story and asks past that move's text ("compel weak hit - they agree with a
#: complication. do i still get the +1 momentum from the strong hit?", "Heal weak hit: do I pay the strong hit's 1 blood
#: on top of the cost I pick?") has read the move and asks how the text is read: a reading note on that move, closer
#: to the question as a whole than the move's text by 0.05, counts 0.2 more in the order (reads_named; not in the
#: relevance), unless the clause that asks names the move ("what does compel give me on a strong hit?" asks what the
#: text says). Designed on set 20's misses (the move's text first, its reading note second), measured on every
#: development set (public, dev, sets 1-20): hit@1 1246 -> 1253 of 1431 (sets 15, 19 and 20 gain 2, 3 and 2; set 17
#: gains one and loses one: "use power with complexity above my max ... how is that rolled" finds Use Power's reading
#: note above the disadvantage rule), hit@5 and "not covered" unchanged. Re-ranking the cached evidence, 0.15 gained
#: 6 and lost none, 0.3 gained 11 and lost 3 (without the asking-clause condition); asking for a yes/no question
#: instead gained half as many.
#: A worked example or walkthrough (the Dungeon World combat walkthroughs) is not the rule: 0.05 less in the order
#: (not in the relevance), so that when it ties with the rule's own passage the rule comes first ("Before the duel the
#: cleric has a blessing running and also wants Mirror Image up. Can she walk in with both?" found Combat Walkthrough 2
#: above Pre-Casting Spells). Re-ranking every set's evidence (public, dev, sets 1-16): hit@1 1040 -> 1041 of 1180
#: (set 6), hit@5 1158 -> 1159, set 16 unchanged, no question lost; 0.02-0.07 give the same hit@1, 0.08 loses one on
#: set 14 and 0.1 three (the walkthroughs hold the only statement of some tags).
#: A passage about an NPC for a question about a player character (not the asker's own), or the other way round,
#: counts 0.1 less in the order (other_party; not in the relevance): "the bluecoats grabbed one of our PCs for
#: questioning" is the Interrogation entanglement (a PC questioned), not Questioning (an NPC of the crew), which the
#: word "questioning" had put first. Re-ranking every set's evidence (public, dev, sets 1-16): hit@1 1041 -> 1043 of
#: 1180 (dev and set 4), hit@5 unchanged, set 16 unchanged, no question lost; 0.05-0.3 give the same. Counting the
#: asker's own "my pc" lost "whats the roll when my pc gets a crook to hand over info" (Direct Someone to Act speaks
#: of NPCs), so the asker's own character is left out.
#: A question whether two of a thing add up ("two -1 ongoing penalties on me, do both count?", "got +1 forward from
#: two moves, is that +2 now?") is answered by the passage that says what stacks (Dungeon World's Bonuses and
#: Penalties), not by the move or spell that gave one of them: 0.2 in the order (stacking; not in the relevance).
#: Re-ranking every set's evidence (public, dev, sets 1-21; 40 questions ask it): hit@1 +4 (sets 5, 7 and 21 twice),
#: none lost, hit@5 unchanged; 0.22-0.3 gain two more and lose "already under a control spell, can someone else's
#: stack on me" (the Penalties passage's "Hold from different moves doesn't stack" put above the control rule).
#: A reading note whose own words (not the move sentence it quotes) hold a word of the question, beyond the move's
#: name, that none of the move's text passages among the candidates use, the text holding none the note lacks ("pay
#: off the third point when I earn it" and Advance's note "never paid on credit"; "Messy tag" and Hack & Slash's note
#: on Messy weapons), counts 0.2 more in the order (beyond_text; not in the relevance): the question asks a point the
#: text leaves open. Measured on every development set (public, dev, sets 1-23): hit@1 1378 -> 1381 of
#: 1587 (gained 6: sets 7, 20 x3, 23 x2; lost 3: sets 3, 6, 14), hit@5 1558 -> 1557 (set 7), "not covered" unchanged;
#: re-ranking the cached evidence, 0.1 gains 2 and loses
#: none, 0.15 gains 5 and loses 2, 0.25 gains 7 and loses 5, 0.3 loses 12. Requiring the note to be as close to the
#: question as the text as well gained no more; the closeness alone (note's closest sentence at least the text's)
#: gained 12 and lost 11.
#: The question's things said together: the largest share of its content words one sentence of a passage uses counts
#: 0.05 in the order (sentence_cover; not in the relevance), beside the share the whole passage uses (cover): "how big
#: a clock for learning a ritual" finds Learning a ritual ("... a long-term project clock ...") above Finding a ritual
#: source, "got +1 forward from two different moves ... is it +2" Bonuses above Hack & Slash. Every development set
#: (public, dev, sets 1-25): hit@1 1459 -> 1462 of 1693 (6 gained, 3 lost), hit@5 1658 -> 1659, "not covered"
#: unchanged; re-ranking the cached evidence, 0.04 and 0.06 give the same, 0.1 gains 11 and loses 8, 0.2 loses as
#: many as it gains; weighing each word by how rare it is in its game's texts gained less (0.05: 5 and 3).
#: Tried and left out: for a question that tells a story before it asks, the closeness of its asking clause alone
#: (:func:`rules_index.phrasing.asking_clause`) to each passage's closest sentence, added to the order (0.05-0.5), or
#: that closeness less the whole question's: re-ranking the ten best passages of every answerable question (public,
#: dev, held-out 1-18: 1329, 814 of them with such a clause) hit@1 1167 -> 1149-1166, every weight losing as many
#: first places as it gains or more (0.2: 9 gained, 10 lost).
DEFAULT_WEIGHTS = RANK_WEIGHTS


@dataclass(frozen=True)
class Scored:
    """One candidate passage with its fused score and the evidence behind it."""

    chunk: Chunk
    score: float
    passage_sim: float
    sentence_sim: float
    lead_sim: float
    bm25: float
    bm25_rank: int | None
    vector_rank: int | None
    relevance: float | None = None
    """The passage's score on the scale of the "not covered" judgement (:data:`RELEVANCE_WEIGHTS`)."""


def weigh(e: Evidence, w: Weights = DEFAULT_WEIGHTS) -> float:
    """One passage's score: its evidence weighed by ``w``."""
    return (
        w.passage * e.passage_sim
        + w.sentence * e.sentence_sim
        + w.lead * e.lead_sim
        + w.bm25 * e.lexical
        + w.cover * e.cover
        + w.title * e.title
        + (w.in_range if e.in_range else 0.0)
        + (w.defines if e.defines else 0.0)
        - (w.parent if e.parent else 0.0)
        - (w.reading if e.reading else 0.0)
        + (w.move if e.move else 0.0)
        + (w.told_move if e.told_move else 0.0)
        + (w.note if e.note else 0.0)
        + (w.cue if e.told_move else w.asked_cue) * e.cue
        + (w.unmet if e.unmet else 0.0)
        + (w.named if e.named else 0.0)
        + (w.closest_note if e.closest_note else 0.0)
        + (w.open_point if e.open_point else 0.0)
        + (w.amount if e.amount else 0.0)
        + (w.already if e.already else 0.0)
        + (w.settles if e.settles else 0.0)
        + (w.reads_named if e.reads_named else 0.0)
        + (w.stacking if e.stacking else 0.0)
        + (w.beyond_text if e.beyond_text else 0.0)
        + w.sentence_cover * e.sentence_cover
        - (w.example if e.example else 0.0)
        - (w.other_party if e.other_party else 0.0)
    )


def rank(index: RulesIndex, query: str, system: str | None, k: int) -> list[Scored]:
    """The ``k`` best passages for ``query`` (optionally of one ``system``), best first."""
    evidence = gather(index, query, system)
    closest = {e.chunk.id: e.closest for e in evidence if e.closest}
    q_terms = set(terms(query))

    def scored(w: Weights) -> list[Scored]:
        out = [
            Scored(e.chunk, weigh(e, w), e.passage_sim, e.sentence_sim, e.lead_sim, e.bm25, e.bm25_rank, e.vector_rank)
            for e in evidence
        ]
        return follow_pointers(out, closest, q_terms)

    relevance = {s.chunk.id: s.score for s in scored(RELEVANCE_WEIGHTS)}
    ordered = below_illustrated(scored(RANK_WEIGHTS), query)
    out = [replace(s, relevance=relevance[s.chunk.id]) for s in ordered]
    out.sort(key=lambda s: (-s.score, s.chunk.id))
    return without_copies(out, k)


def _plain_title(chunk: Chunk) -> str:
    title = chunk.section_path[-1] if chunk.section_path else ""
    return " ".join(re.sub(r"\s*\(.*?\)\s*", " ", title).lower().split())


def follow_pointers(scored: list[Scored], closest: dict[str, str], q_terms: set[str]) -> list[Scored]:
    """``scored`` with each move that a passage's closest sentence only points to (:data:`POINTER_LIFT`) raised
    just above that passage, unless the question names the pointing passage itself."""
    by_title: dict[tuple[str, str], Scored] = {}
    for s in scored:
        title = _plain_title(s.chunk)
        if s.chunk.origin != "note" and len(title.split()) >= 2:
            by_title.setdefault((s.chunk.system, title), s)
    lifted = {s.chunk.id: s.score for s in scored}
    for s in scored:
        m = _POINTER.match(closest.get(s.chunk.id, ""))
        target = by_title.get((s.chunk.system, " ".join(m.group(1).strip(" *").lower().split()))) if m else None
        own_title = set(terms(_plain_title(s.chunk)))
        if target is None or target is s or (own_title and own_title <= q_terms):
            continue
        lifted[target.chunk.id] = max(lifted[target.chunk.id], s.score + POINTER_LIFT)
    return [replace(s, score=lifted[s.chunk.id]) for s in scored]


def _words(chunk: Chunk) -> frozenset[str]:
    return frozenset(terms(body(chunk)))


def without_copies(ranked: list[Scored], k: int) -> list[Scored]:
    """The first ``k`` of ``ranked`` with every near-copy of a better ranked passage left out."""
    kept: list[tuple[Scored, frozenset[str]]] = []
    for scored in ranked:
        words = _words(scored.chunk)
        if any(len(words & other) >= DUPLICATE_OVERLAP * len(words | other) for _, other in kept if words):
            continue
        kept.append((scored, words))
        if len(kept) == k:
            break
    return [scored for scored, _ in kept]
