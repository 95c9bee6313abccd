"""Table words for moves: keyword -> move/stat boosts, kept as each ruleset's data (``rulesets/<system>/cues.yaml``).

The words players use for what their character does ("dive for cover", "finishing blow") and the words of a narrow
move's situation. Both the move suggestions (``assistant.suggest``) and the rules ranking (``rules_index``) read
them, so they live with the rulesets, below both.

A cue file::

    system: starforged
    cues:
      - match: [shoot, fire at, snipe, blaster]      # words or phrases; a word matches its inflections
        moves: {Strike: 0.12, Clash: 0.12}           # score added to these moves (by name)
        stat: edge                                   # the stat these words point at (optional)

The file may also hold ``needs`` (move -> the words of its trigger's situation: a move made only in a narrow
situation, such as Swear an Iron Vow or Demonic Notice, is pushed down when the player's words hold none of them),
``hints`` (move -> short example phrasings, embedded beside the move's trigger), ``absent`` (a move players know
from the published game that the text has not -> ``words`` naming it and what to make ``instead``)
and ``priors`` (move -> score added whatever the text: procedural moves such as Take a Break lower,
catch-alls such as Face Danger higher).

A cue with ``when: no_fight`` counts only while no fight is on ("the raider attacks me" starts one: Enter the
Fray), with ``when: fight`` only during one, with ``when: open <kind>`` only while the campaign has an open track of
that kind ("I make my way through the asteroid field" while an expedition is under way: its next segment), with
``when: no <kind>`` only while none is open; several conditions, comma-separated, must all hold ("no_fight, no
expedition": a perilous crossing outside a fight, with no expedition under way yet, may begin one).

A phrase may hold "..." for a few words of the player's own between its words ("ask around ... about": "I ask around
the docks about the smuggler"), so two phrases that share their first words tell apart what they are for.

A cue without ``moves`` only points at a stat (for every move that offers it). Each word is matched as a
whole word or one of its inflections ("sprint" matches "sprints", "sprinting"; "dodge" "dodging"), never as
the start of a longer word ("quest" does not match "question").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import assistant.engine.yaml_load as yaml_load
from assistant.engine.data import normalize_name
from assistant.engine.registry import canonical_system_id

RULESETS_DIR = Path(__file__).parent / "rulesets"


@dataclass(frozen=True)
class Cue:
    pattern: re.Pattern[str]
    moves: dict[str, float] = field(default_factory=dict)
    """normalized move name -> boost"""
    stat: str | None = None
    words: tuple[str, ...] = ()
    when: str | None = None
    """``no_fight``, ``fight``, ``open <kind>`` (a track of that kind open) or ``no <kind>`` (none open), or several of
    them comma-separated: the cue counts only when all hold (None: always)."""


def _inflected(word: str) -> str:
    """``word`` with the endings of its own inflections ("sneaks", "dodging", "running", "tries"), not a longer word
    that starts the same ("quest" is not "question", "scavenge" not "scavenger")."""
    w = re.escape(word)
    forms = [w + r"(?:s|es|ed|d|ing|ings|'s|’s)?"]
    if word.endswith("e"):
        forms.append(re.escape(word[:-1]) + r"(?:ing|ings|ed)")
    if word.endswith("y"):
        forms.append(re.escape(word[:-1]) + r"(?:ies|ied)")
    if re.search(r"[aeiou][bdgklmnprt]$", word):
        forms.append(w + re.escape(word[-1]) + r"(?:ing|ed|er|ers)")
    return "(?:" + "|".join(forms) + r")\b"


#: "..." in a cue phrase: up to this many words the player puts between its words ("ask around ... about" holds "ask
#: around the docks about").
GAP_WORDS = 5
_GAP = rf"\W+(?:[\w'’-]+\W+){{0,{GAP_WORDS}}}?"


def _phrase_regex(phrase: str) -> str:
    """Each word matches at a word start; words of 3+ letters (and the last word) also in their inflections
    ("spreads the word"); "..." stands for a few words of the player's own between two of them."""
    tokens = phrase.lower().split()
    last = max(i for i, w in enumerate(tokens) if w != "...")
    out, gap = "", False
    for i, w in enumerate(tokens):
        if w == "...":
            gap = bool(out)
            continue
        part = _inflected(w) if len(w) >= 3 or i == last else re.escape(w) + r"\b"
        out += (_GAP if gap else r"\W+") + part if out else part
        gap = False
    return r"\b" + out


def cue_file(system: str) -> Path:
    """Where ``system``'s cue words are kept (the file may be missing: a system without cues)."""
    return RULESETS_DIR / canonical_system_id(system).replace("-", "_") / "cues.yaml"


@cache
def load_cue_file(system: str) -> dict:
    """The raw data of ``system``'s cue file (empty when it has none)."""
    path = cue_file(system)
    if not path.exists():
        return {}
    return yaml_load.safe_load(path.read_text(encoding="utf-8")) or {}


@cache
def load_hints(system: str) -> dict[str, tuple[str, ...]]:
    """normalized move name -> example phrasings of the move (embedded beside its trigger)."""
    raw = load_cue_file(system).get("hints") or {}
    return {normalize_name(k): tuple(str(x) for x in (v or [])) for k, v in raw.items()}


@cache
def load_priors(system: str) -> dict[str, float]:
    """normalized move name -> score added whatever the text (procedural moves lower, catch-alls higher)."""
    raw = load_cue_file(system).get("priors") or {}
    return {normalize_name(k): float(v) for k, v in raw.items()}


@cache
def load_absent(system: str) -> tuple[tuple[str, re.Pattern[str], str], ...]:
    """Moves players know from the published game that ``system``'s text has not (see ``absent``): each its name,
    the words that name it, and what to make instead."""
    raw = load_cue_file(system).get("absent") or {}
    out = []
    for name, entry in raw.items():
        words = [str(w) for w in (entry or {}).get("words") or [name]]
        pattern = re.compile("|".join(_phrase_regex(w) for w in words), re.IGNORECASE)
        out.append((str(name), pattern, str((entry or {}).get("instead") or "")))
    return tuple(out)


@cache
def load_needs(system: str) -> dict[str, tuple[re.Pattern[str], ...]]:
    """normalized move name -> the words of its trigger's situation (one of them must be said for the move to fit)."""
    raw = load_cue_file(system).get("needs") or {}
    out = {}
    for name, words in raw.items():
        groups = words if words and all(isinstance(w, list) for w in words) else [words or []]
        patterns = tuple(re.compile("|".join(_phrase_regex(str(w)) for w in group), re.IGNORECASE) for group in groups if group)
        if patterns:
            out[normalize_name(name)] = patterns
    return out


def unmet_needs(system: str, text: str) -> frozenset[str]:
    """The normalized names of the moves whose trigger's words the text does not hold (see ``needs``): a word of the
    list, or of every list when the need is a list of lists ("a faction" and "a rumor" for Spread a Rumor)."""
    own = cue_text(system, text)
    return frozenset(name for name, patterns in load_needs(system).items() if not all(p.search(own) for p in patterns))


@cache
def load_cues(system: str) -> tuple[Cue, ...]:
    data = load_cue_file(system)
    cues = []
    for row in data.get("cues") or []:
        words = tuple(str(w) for w in row.get("match") or [])
        if not words:
            continue
        pattern = re.compile("|".join(_phrase_regex(w) for w in words), re.IGNORECASE)
        moves = {normalize_name(k): float(v) for k, v in (row.get("moves") or {}).items()}
        stat = row.get("stat")
        when = row.get("when")
        if when is not None and not all(_CONDITION.fullmatch(c.strip()) for c in str(when).split(",")):
            raise ValueError(
                f"cue {words[0]!r} in {system}: when must be fight, no_fight, open <kind> or no <kind>, not {when!r}"
            )
        cues.append(Cue(pattern=pattern, moves=moves, stat=str(stat).lower() if stat else None, words=words, when=when))
    return tuple(cues)


@dataclass
class CueHits:
    move_boost: dict[str, float] = field(default_factory=dict)
    """normalized move name -> summed boost"""
    move_stats: dict[str, dict[str, int]] = field(default_factory=dict)
    """normalized move name -> {stat: hits} from cues that name the move"""
    stats: dict[str, int] = field(default_factory=dict)
    """stat -> hits from cues that name no move"""
    matched: list[str] = field(default_factory=list)


#: Cue boosts add up, but never beyond this for one move.
MAX_BOOST = 0.3


#: A clause about someone else after the player's own ("… where the hunters sleep", "… who sleeps upstairs"): its
#: words tell the scene, not what the character does. A clause after "as" or "while" is kept: it often names what the
#: move answers ("I stay calm as the horror unfolds": Endure Stress).
_OTHERS_CLAUSE = re.compile(
    r"(?<=\w)[,;]?\s+(?:where|who|whom)\s+"
    r"(?!(?:i|i'm|i've|i'd|we|we're|me|my|our|myself)\b)(?:the|a|an|his|her|their|its|they|he|she|it|some|two|three|\w+s)\b.*$",
    re.IGNORECASE,
)


#: What a vow or an oath is sworn to do ("I swear a vow to repair the drive"): the quest, not what the character does
#: now. The words up to "to" stay (they are the swearing); the quest's own words, up to a clause's end or "and I"
#: ("I pledge my blade to the captain and I attack"), do not.
_SWORN_TO = re.compile(
    r"\b((?:swear|swears|swore|sworn|vow|vows|vowed|pledge|pledges|pledged|oath)\b[^.;!?,]{0,40}?\bto)\s+"
    r"(?:(?!\b(?:and|then|so|but)\s+(?:i|we|then)\b|\b(?:then|so|but)\b)[^.;!?,])+",
    re.IGNORECASE,
)


def own_words(text: str) -> str:
    """The player's words without a closing clause about someone else: "I threaten the gravedigger to tell me where
    the hunters sleep" points at threatening, not at sleeping (the cues of Rest); nor what a vow is sworn to do ("I
    swear a vow to repair the drive" swears, it repairs nothing yet)."""
    return _SWORN_TO.sub(r"\1 ", _DESCRIBING.sub(r"\1 ", without_others_clause(text)))


#: The player setting out to learn something ("I want to find out who runs this neighborhood", "we ask where the
#: hunters sleep"): the clause after it is what the move is for, not a scene about someone else.
_FINDING_OUT = re.compile(
    r"^\W*(?:i|we)(?:'d|\s+would|\s+want|\s+wanna|\s+need|\s+try|\s+mean|\s+have)?(?:\s+like)?(?:\s+to)?\s+"
    r"(?:find\s+out|learn|discover|figure\s+out|work\s+out|ask(?:\s+around)?|wonder|look\s+into|dig\s+into)\b"
    r"(?:\s+\w+){0,3}?[,;]?\s+(?:where|who|whom)\b",
    re.IGNORECASE,
)


def without_others_clause(text: str) -> str:
    """``text`` without a closing clause about someone else (:func:`own_words` also drops a describing -ing word); a
    clause the player sets out to learn ("I find out who runs the docks") is kept: it is what they do."""
    return text if _FINDING_OUT.search(text) else _OTHERS_CLAUSE.sub("", text)


def cue_text(system: str, text: str) -> str:
    """The player's own words (:func:`own_words`) and every cue or need phrase of ``system`` of several words with an
    -ing word in it ("finishing blow") that the words hold: the own words drop an -ing word that describes someone or
    something ("past the sleeping guards"), yet a cue that names the -ing word with its noun means that very thing ("I
    go for the finishing blow")."""
    own, whole = own_words(text), without_others_clause(text)
    kept = [p for p in _ing_phrases(system) if _has(whole, p) and not _has(own, p)]
    return " ; ".join([own, *kept])


def _has(text: str, phrase: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text, re.I) is not None


#: An -ing word in a phrase of several words ("finishing blow", "running low on").
_ING_IN_PHRASE = re.compile(r"\b[a-z]{3,}ing\b", re.I)


@cache
def _ing_phrases(system: str) -> tuple[str, ...]:
    """``system``'s cue and need phrases of several words with an -ing word in them."""
    data = load_cue_file(system)
    words: list[str] = [str(w) for row in data.get("cues") or [] for w in row.get("match") or []]
    for need in (data.get("needs") or {}).values():
        for item in need or []:
            words.extend(str(w) for w in (item if isinstance(item, list) else [item]))
    return tuple(dict.fromkeys(w for w in words if len(w.split()) >= 2 and _ING_IN_PHRASE.search(w)))


#: An -ing or -ed word between a determiner and a noun describes someone or something ("past the sleeping guards",
#: "to the abandoned chapel"): the character is not the one sleeping, nor abandoning anything.
_DESCRIBING = re.compile(
    r"\b(the|a|an|his|her|their|its|two|three|some|those|these)\s+\w{3,}(?:ing|ed)\s+(?=[a-z])", re.IGNORECASE
)


_CONDITION = re.compile(r"fight|no_fight|(?:open|no) [a-z_]+")


def _holds(when: str | None, fighting: bool, open_kinds: frozenset[str]) -> bool:
    """Whether a cue's ``when`` holds now (see :class:`Cue`): each of its comma-separated conditions."""
    if when is None:
        return True
    for condition in (c.strip() for c in when.split(",")):
        if condition.startswith("open "):
            held = condition[5:] in open_kinds
        elif condition.startswith("no "):
            held = condition[3:] not in open_kinds
        else:
            held = (condition == "fight") == fighting
        if not held:
            return False
    return True


def match_cues(system: str, text: str, fighting: bool = False, open_kinds: frozenset[str] = frozenset()) -> CueHits:
    """The cues the player's words hold; ``fighting``: a fight is on (the cues ``when: fight``, not ``no_fight``);
    ``open_kinds``: the kinds of the campaign's open tracks (the cues ``when: open <kind>``)."""
    hits = CueHits()
    text = cue_text(system, text)
    for cue in load_cues(system):
        if not _holds(cue.when, fighting, open_kinds):
            continue
        found = cue.pattern.search(text)
        if not found:
            continue
        hits.matched.append(found.group(0))
        for move, boost in cue.moves.items():
            total = hits.move_boost.get(move, 0.0) + boost
            hits.move_boost[move] = max(-MAX_BOOST, min(MAX_BOOST, total))
            if cue.stat:
                per = hits.move_stats.setdefault(move, {})
                per[cue.stat] = per.get(cue.stat, 0) + 1
        if cue.stat and not cue.moves:
            hits.stats[cue.stat] = hits.stats.get(cue.stat, 0) + 1
    return hits
