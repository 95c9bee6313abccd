"""The prompt a model's draft was written from, copied into the story (read only for a model's draft: ``facts.sheet``).

A player reads the story beside the dice card and the choice panel; a sentence of the fact sheet or the card told
again is the prompt, not story. The offline template's sentences are the engine's own (it tells the move's outcome text
as story and lists an open choice with its card), so a draft is read this way only when its fact sheet is known:

- **A fact told again in the rules' terms**: "The text gives no result for a miss on this move; the Magistrate says
  what happens.", or as the rules' alternatives, "You fail, or a momentary success is undermined by a dire turn of
  events." (a story tells what happened, not two things that might have), the same test the chat's narration filter
  applies (:func:`assistant.narrate.echo.copies_fact`) against the fact sheet and the move's outcome text. The outcome
  told in plain words ("You try, but it goes badly.") is story, and so is a line handing the turn over ("The
  Magistrate says what happens.").
- **An outcome's definition**: "you strike with a strong hit: you do what you set out to do": a tier named and
  defined after a colon, the fact sheet's "Outcome: a strong hit: …" line.
- An outcome's definition as a sentence of its own ("You try, but you do not get what you wanted, and the situation
  gets worse.") is not a copy: it is the outcome in the fact sheet's plain words, which tell nothing the other way
  (the labelling standard's ruling; the chat leaves such a sentence out of the story as the opening said again).
- **The game told instead of the story**: 'The oracle responds with "The reactor is no longer running."', "You are
  already told that you ...": the oracle answering or the prompt's own bookkeeping read out where the story tells what
  happens.
- **A progress track read out**: "The raider's combat track shows formidable", "your vow track fills": the card's
  bookkeeping (the track and its rank) where the story tells the fight or the quest; the card beside it shows the track.
- **A note of the fact sheet or the card in parentheses**: "The crew's Tier 0, -1 for the result, makes the asset's
  quality 0": the card's "(the crew's Tier 0, -1 for the result)" explains a number to the player (or instructs the
  narrator); told in the story, in or out of its parentheses, it reads the card out.
- **An open choice's prompt or its options**: "You overindulge: select an overindulgence.", "Choose two.", or two or
  more of its options listed; the choice panel beside the story asks it.

A quotation ('The rules say: "You fail, or …"') is the rules quoted, and passes.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import normalize_words, sentences

_WORD = re.compile(r"[a-z0-9']+")
_DEFINED_TIER = re.compile(
    r"\b(?:strong hit|weak hit|miss|critical(?: success)?|full success|partial success|bad outcome)\s*:\s*"
    r"[a-z]+(?:,? [a-z']+){2,}"
)
#: An outcome's tier named as a noun ("with a strong hit", "a miss"): the fact sheet's "Outcome:" line's own term.
TIER_NAMED = re.compile(
    r"\b(?:strong hit|weak hit|critical success|full success|partial success|bad outcome)\b|\b(?:a|the)\s+miss\b"
)
_RULES_QUOTED = re.compile(r"^\s*(?:the\s+)?(?:rules?|rules text|move text|the move)(?:\s+(?:say|says|read|reads))?\s*:", re.I)
_PARENTHESIS = re.compile(r"\([^)]*\)")
RULES_TERMS = frozenset(
    re.findall(
        r"\S+", "outcome outcomes miss misses hit hits match roll rolls rolled move moves option options choose pick hold means"
    )
)
"""The words that make a copied fact rules talk ("a miss on this move"; "the crew's Tier 0, -1 for the result, means that
the asset's quality is 0": the card explained, where a recital of its changes tells them). Narrower than the chat
filter's: "They envision what they must do next" tells the character picturing it, and "The Magistrate says what
happens." hands the turn over."""
#: "You miss", "she hits the wall": a miss or hit told as the deed it is (a shot gone wide), not the outcome's name.
_TOLD_AS_DEED = re.compile(r"\b(?:you|he|she|they|it|we)\s+(?:just\s+|barely\s+|narrowly\s+)?(?:miss|misses|missed|hit|hits)\b")
DEFINITION_SLACK = 2
"""Words a sentence may add to a definition and still be it ("And then you do what you set out to do.")."""
_GAME_TALK = re.compile(
    r"\bthe\s+oracle\s+(?:responds|responded|answers|answered|replies|replied|says|said|tells|told|reveals|revealed)\b"
    r"|\b(?:you\s+are|you're|you\s+have\s+been|you've\s+been)\s+already\s+told\b|\balready\s+told\s+(?:to\s+)?(?:you|the\s+player)\b"
    # the roll read out: "The discovery was rolled on the table", "Visions appeared on the dice", "the dice show a miss"
    r"|\broll(?:s|ed)?\s+on\s+the\s+(?:[a-z]+\s+)?(?:table|oracle)\b|\bon\s+the\s+(?:dice|die)\b"
    r"|\bthe\s+(?:dice|die)\s+(?:show|shows|showed|say|says|said|read|reads|came\s+up|come\s+up|land\s+on|landed\s+on)\b"
)
_TRACK_TOLD = re.compile(
    r"\b(?:combat|fight|vow|progress|expedition|connection|bonds?|quests?|discovery|discoveries|legacy|scene)\s+tracks?\b"
)
"""A progress track named by its kind: the card's bookkeeping ("a track" alone may be a path or footprints)."""
_ASIDE = re.compile(r"\(([^)]*)\)")
ASIDE_WORDS = 4
"""A note of the fact sheet in parentheses of at least this many words is its own wording, not a story's ("(0)" is not)."""
PROMPT_MIN_WORDS = 2
"""An open choice's prompt of fewer words ("Choose") is too short to be told as a copy."""
OPTION_WORDS = 4
"""The words of an option's label (from its start) that, found in the story, name it."""


def _track_names(facts: Facts) -> list[str]:
    """The names of the tracks this turn's results speak of and of the campaign's open fights: the sheet gives a new
    track's name in parentheses ("you begin a new formidable fight (The lead razor-beast)"), and a story names the foe."""
    names = [str((r.track or {}).get("name") or "") for r in facts.results if isinstance(r.track, dict)]
    return [n for n in (*names, *facts.open_fights) if n.strip()]


def check_sheet_copied(text: str, facts: Facts) -> list[Violation]:
    """Sentences of a model's draft that copy its fact sheet or open choice (see the module's docstring)."""
    if not facts.sheet:
        return []
    from assistant.narrate.fact_copies import copies_fact, fact_sentences

    lines = [facts.sheet, *(r.text for r in facts.results if r.text)]
    known = fact_sentences(lines)
    told = {normalize_words(t) for t in facts.told}
    prompts = _prompts(facts)
    noted = [facts.sheet, *(e.reason for r in facts.results for e in r.effects if e.reason)]  # the sheet's and the card's
    names = {normalize_words(n) for n in _track_names(facts)}  # "(The lead razor-beast)": a fight's name, not a note
    asides = [
        a
        for a in (normalize_words(m) for n in noted for m in _ASIDE.findall(n))
        if len(a.split()) >= ASIDE_WORDS and a not in names
    ]
    every_definition = _definitions()
    out: list[Violation] = []
    tier_before = False  # the sentence before named an outcome's tier ("you deflect it with a strong hit.")
    for sentence in sentences(text):
        named, tier_before = tier_before, False
        if sentence.question or _RULES_QUOTED.match(sentence.original) or normalize_words(sentence.original) in told:
            continue
        narr = sentence.narr  # the narrator's voice: a quotation is set aside
        words = _WORD.findall(narr)
        terms = RULES_TERMS.intersection(_WORD.findall(_TOLD_AS_DEED.sub(" ", narr)))
        excerpt = " ".join(sentence.original.split())
        plain = f" {normalize_words(narr)} "
        tier = TIER_NAMED.search(narr)
        tier_before = bool(tier)
        prompt = next((p for p in prompts if f" {p} " in plain), "")
        if prompt:
            detail = f"'{excerpt}' copies the open choice's prompt ('{prompt}'); the choice panel beside the story asks it"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
        elif _DEFINED_TIER.search(narr):
            detail = f"'{excerpt}' reads out what the outcome means, as the fact sheet defines it; tell what happens"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
        elif (named and _definition_told(plain, every_definition)) or (
            tier and any(f" {d} " in f" {normalize_words(narr[tier.end() :])} " for d in every_definition)
        ):
            detail = (
                f"'{excerpt}' names the outcome's tier and reads out what it means, as the fact sheet does; tell what happens"
            )
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
        elif _GAME_TALK.search(narr):
            detail = f"'{excerpt}' tells the game (the oracle answering, what was already told), not the story; tell what happens"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
        elif any(f" {a} " in plain for a in asides):
            detail = f"'{excerpt}' reads out a note of the fact sheet (in its parentheses); tell what happens, as story"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
        elif _TRACK_TOLD.search(narr):
            detail = f"'{excerpt}' reads out the card's progress track; tell what happens, as story (the card shows it)"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
        elif (terms or "or" in words) and copies_fact(words, known):
            detail = f"'{excerpt}' copies a line of the facts in the rules' terms; tell what happens, as story"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
    listed = [label for label in _option_heads(facts) if f" {label} " in f" {normalize_words(text)} "]
    if len(listed) >= 2:
        detail = f"the story lists the open choice's options ({'; '.join(listed)}); the choice panel beside it lists them"
        out.append(Violation(ViolationKind.ECHO, detail, listed[0]))
    return out


def _definitions() -> list[str]:
    """The outcomes' definitions the fact sheet gives ("you do what you set out to do"), as words."""
    from assistant.narrate.story_facts import MEANINGS

    return [normalize_words(line.split(":", 1)[-1]) for line in MEANINGS.values()]


def _definition_told(plain: str, definitions: list[str]) -> bool:
    """Whether a sentence (padded words) is one of the definitions with at most :data:`DEFINITION_SLACK` words added."""
    size = len(plain.split())
    return any(f" {d} " in plain and size - len(d.split()) <= DEFINITION_SLACK for d in definitions)


def _prompts(facts: Facts) -> list[str]:
    """Each open choice's prompt as words, without its parenthesis and the card's "your call"."""
    found = []
    for r in facts.results:
        for choice in r.choices:
            words = normalize_words(_PARENTHESIS.sub(" ", choice.prompt)).removesuffix(" your call")
            if len(words.split()) >= PROMPT_MIN_WORDS:
                found.append(words)
    return found


def _option_heads(facts: Facts) -> list[str]:
    """The first words of each open option's label, long enough to name it."""
    heads = []
    for label in facts.option_labels:
        words = normalize_words(label).split()[:OPTION_WORDS]
        if len(words) >= 3:
            heads.append(" ".join(words))
    return heads
