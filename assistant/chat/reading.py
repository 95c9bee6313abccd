"""Values read from the player's words before a move rolls: "it was loud and a Bluecoat was killed" gives Heat
its exposure and the killing; "I take 2 harm" gives Endure Harm its amount; "because of my belief that the
city owes me" picks the belief a City move leans on.

Two kinds of readers fill only options the move takes and the request does not already give:

* per system, data in ``words/<system>.yaml``: an option's values and the words that say them;
* everywhere, a few patterns in code: an amount ("suffer 2 harm"), coin ("6 coin"), dice ("3 dice"), a
  damage die ("my d8"), a Tier ("a Tier III target"), a rank ("a dangerous vow"), a target ("against Mara")
  and a belief ("because of my belief that ...").

Each value read comes with a note quoting the words it was read from, shown on the turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from assistant.chat.questions import NUMBER_WORDS
from assistant.engine import AssistantError, get_ruleset, yaml_load
from assistant.engine.options import value_ok, words
from assistant.engine.schema import MoveSpec, RequestOption
from assistant.store.state import CampaignState

WORDS_DIR = Path(__file__).parent / "words"
NEGATION = re.compile(r"(\bno\b|\bnot\b|\bnobody\b|\bnever\b|\bwithout\b|n't\b|\bno one\b|\bnone\b)[^.,;]*$", re.I)
NUMBER = r"(\d+|" + "|".join(w for w in NUMBER_WORDS if w not in ("a", "an", "no", "none")) + r")"
ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6}
#: Options every move of a system takes for the core's sake: read only where the move itself lists them.
ONLY_WHERE_LISTED = frozenset({"rank", "track", "clock", "progress_ticks", "progress_boxes", "segments", "odds"})


@dataclass
class Reading:
    """What the player's words gave: options for the move, and a note per value saying where it came from."""

    options: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def note(self) -> str:
        return "Read from your words: " + "; ".join(self.notes) + "." if self.notes else ""


@dataclass(frozen=True)
class Found:
    value: Any
    said: str


def _negated(text: str, start: int) -> bool:
    before = text[max(0, start - 30) : start]
    return NEGATION.search(before) is not None


def _search(pattern: str, text: str) -> re.Match[str] | None:
    for match in re.finditer(pattern, text, re.I):
        if not _negated(text, match.start()):
            return match
    return None


def _as_int(word: str) -> int | None:
    low = word.lower()
    if low.isdigit():
        return int(low)
    return NUMBER_WORDS.get(low) if low not in ("a", "an", "no", "none") else None


@cache
def _words_file(system: str) -> dict[str, Any]:
    path = WORDS_DIR / f"{system}.yaml"
    if not path.exists():
        return {}
    return dict(yaml_load.safe_load(path.read_text(encoding="utf-8")) or {})


def _word_table(system: str) -> dict[str, list[dict[str, Any]]]:
    return dict(_words_file(system).get("options") or {})


@dataclass(frozen=True)
class Ask:
    """A value the chat asks for before a move resolves when nobody gave it (``ask:`` in ``words/<system>.yaml``)."""

    option: str
    question: str
    answers: tuple[tuple[str, Any], ...] = ()


def asks_for(system: str, move_id: str, given: dict[str, Any]) -> list[Ask]:
    """What the chat asks before ``move_id`` resolves, of the values ``given`` (the request's options) lacks."""
    out = []
    for entry in _words_file(system).get("ask") or []:
        if entry.get("move") == move_id and entry.get("option") not in given:
            answers = tuple((str(a["label"]), a["value"]) for a in entry.get("answers") or [])
            out.append(Ask(str(entry["option"]), str(entry.get("question") or ""), answers))
    return out


def _from_data(system: str, name: str, text: str) -> Found | None:
    for entry in _word_table(system).get(name, []):
        for pattern in entry.get("words") or []:
            match = _search(pattern, text)
            if match:
                return Found(entry["value"], match.group(0))
    return None


# ---- readers in code: (option name) -> reader(text, move, state) -------------------------------------------


def _amount(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
    patterns = (
        rf"\b(?:suffer(?:s|ed|ing)?|tak(?:e|es|ing)|took|los(?:e|es|ing|t)|mark(?:s|ed)?)\s+{NUMBER}\b",
        rf"\b{NUMBER}\s+(?:points?\s+of\s+|more\s+)?(?:harm|stress|damage|momentum|supply|health|spirit|blood|hunger|hp)\b",
        rf"\b(?:hit|cut|strike|stab|slash|wound|claw|bite|shoot)(?:s|es)?\s+(?:me|us)\s+for\s+{NUMBER}\b",  # "Mara hits me for 5"
    )
    for pattern in patterns:
        match = _search(pattern, text)
        if match and (n := _as_int(match.group(1))) is not None:
            return Found(n, match.group(0))
    return None


def _count_of(noun: str) -> Callable[[str, MoveSpec, CampaignState], Found | None]:
    def read(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
        match = _search(rf"\b{NUMBER}\s+{noun}\b", text)
        if match and (n := _as_int(match.group(1))) is not None:
            return Found(n, match.group(0))
        return None

    return read


def _dice(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
    match = _search(rf"\b{NUMBER}\s+(?:dice|die)\b|\b(\d+)d\b(?!\d)", text)
    if not match:
        return None
    n = _as_int(match.group(1) or match.group(2))
    return Found(n, match.group(0)) if n is not None else None


def _grit(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
    match = _search(r"\b(?:1)?d(4|6|8|10|12)\b", text)
    return Found(int(match.group(1)), match.group(0)) if match else None


def _tier(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
    match = _search(r"\btier\s+(\d|i{1,3}|iv|vi?)\b", text)
    if not match:
        return None
    raw = match.group(1).lower()
    return Found(int(raw) if raw.isdigit() else ROMAN[raw], match.group(0))


def _rank(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
    match = _search(r"\b(troublesome|dangerous|formidable|extreme|epic)\b", text)
    return Found(match.group(1).lower(), match.group(0)) if match else None


#: A title written before a name, with or without its full stop ("Dr. Vale", "Capt Rhys"): part of the name.
_TITLES = r"(?:Dr|Mr|Mrs|Ms|Mx|Capt|Cpt|Lt|Sgt|Prof|St|Fr|Sr)"


#: A move made for someone, not on them (Dungeon World's Defend: "in defense of a person under attack"): its target is
#: the one defended, so "against Duke's blow" names the attacker, not the target.
_DEFENDS = re.compile(r"\bdefen[cdsi]", re.IGNORECASE)


def _target(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
    lead = "with|to" if _DEFENDS.search(move.trigger) else "against|with|to"
    match = re.search(rf"\b(?:{lead})\s+((?!I\b)(?:{_TITLES}\.?\s+)?[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)", text)
    if not match:
        return None
    return Found(re.sub(r"['’]s$", "", match.group(1)), match.group(0))  # "against Duke's blow": Duke


def _belief(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
    match = re.search(r"\b(?:because (?:of )?my belief|my belief|because i believe|i believe)\s*(?:that|in)?\s+(.+)", text, re.I)
    if not match:
        return None
    said = match.group(1).strip(" .!")
    beliefs = (state.active() or {}).get("beliefs") or []
    wanted = set(re.findall(r"[a-z]{3,}", said.lower()))
    best, best_score = None, 0
    for entry in beliefs:
        belief = entry if isinstance(entry, str) else entry.get("text", "") if isinstance(entry, dict) else ""
        score = len(wanted & set(re.findall(r"[a-z]{3,}", str(belief).lower())))
        if score > best_score:
            best, best_score = belief, score
    return Found(best, match.group(0).strip(" .!")) if best else None


def _on_the_sheet(field: str) -> Callable[[str, MoveSpec, CampaignState], Found | None]:
    """An entry of a list on the sheet (Blades factions and claims) that the words name."""

    def read(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
        for entry in (state.active() or {}).get(field) or []:
            name = entry.get("name") if isinstance(entry, dict) else str(entry).split("(")[0]
            name = str(name or "").strip()
            bare = re.sub(r"^the\s+", "", name, flags=re.I)
            match = _search(rf"\b{re.escape(bare)}\b", text) if bare else None
            if match:
                return Found(name, match.group(0))
        return None

    return read


#: A scheme named by what it is ("I set up a protection racket among the fishmongers", "start a smuggling ring").
_SCHEME_SET_UP = re.compile(
    r"\b(?:set(?:s|ting)?\s+up|start(?:s|ing)?|open(?:s|ing)?)\s+(?:a|an|my|our|the)\s+"
    r"((?:[\w'’-]+\s+){0,3}(?:racket|operation|business|front|ring|enterprise|scam|trade|shop|den)\b.*)",
    re.I,
)


#: A scheme named after the word ("a scheme to smuggle wine", "a scheme: smuggling wine", "a scheme - fake relics").
_SCHEME_NAMED = re.compile(r"\bscheme\s*(?:[:–—-]|\s(?:to|for|called|named|of|where|that|which)\b)\s*(.+)", re.I)
#: A scheme named by what it does ("I set up smuggling wine past the tollgates", "start selling fake relics").
_SCHEME_DOING = re.compile(r"\b(?:set(?:s|ting)?\s+up|start(?:s|ing)?)\s+([a-z]+ing\b.+)", re.I)


def _scheme(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
    """City: a new scheme's name ("I set up a scheme to smuggle wine"), or the scheme on the sheet the words name."""
    if move.id == "set_up_a_scheme":
        match = _SCHEME_NAMED.search(text) or _SCHEME_SET_UP.search(text) or _SCHEME_DOING.search(text)
        if not match:
            return None
        name = match.group(1).strip(" .!?")[:60]
        return Found(name[:1].upper() + name[1:], match.group(0).strip(" .!?")) if name else None
    said = set(re.findall(r"[a-z]{3,}", text.lower())) - {"scheme", "the", "run", "check", "and", "my", "our"}
    best, best_score = None, 0
    for entry in (state.active() or {}).get("schemes") or []:
        name = entry.get("name") if isinstance(entry, dict) else entry
        score = len(said & set(re.findall(r"[a-z]{3,}", str(name).lower())))
        if isinstance(name, str) and score > best_score:
            best, best_score = name, score
    return Found(best, best) if best else None


#: A spell the words name as cast ("I cast fireball at the orc", "cast Sleep on the guard").
_SPELL_CAST = re.compile(
    r"\bcast(?:s|ing)?\s+(?:a\s+|my\s+|the\s+|her\s+|his\s+)?(?P<name>[a-z][a-z' -]{2,30}?)"
    r"(?:\s+(?:spell\s+)?(?:at|on|upon|against|to|toward|towards|into|over|as|while|and|before|so)\b|[.,!?;]|$)",
    re.I,
)
_NO_SPELL_NAME = re.compile(r"^(?:a |my |the )?(?:spell|spells|magic|a spell|it|something|again)$", re.I)


def _spell(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
    """Dungeon World: the spell the words name, one lost until a rest first (so casting it is refused, not rolled)."""
    lost = _on_the_sheet("lost_spells")(text, move, state)
    if lost is not None:
        return lost
    match = _SPELL_CAST.search(text)
    if match is None:
        return None
    name = re.sub(r"\s+spell$", "", match.group("name").strip(), flags=re.I)
    if not name or _NO_SPELL_NAME.match(name):
        return None
    return Found(name[:1].upper() + name[1:], match.group(0).strip(" .,!?;"))


def _number_after(*patterns: str) -> Callable[[str, MoveSpec, CampaignState], Found | None]:
    """A number the words give in a pattern's group ("an initiative of 14", "heal me for 5", "+1 forward")."""

    def read(text: str, move: MoveSpec, state: CampaignState) -> Found | None:
        for pattern in patterns:
            match = _search(pattern, text)
            if match is None:
                continue
            raw = match.group(1).replace(" ", "")
            n = _as_int(raw.lstrip("+-"))
            if n is not None:
                return Found(-n if raw.startswith("-") else n, match.group(0))
        return None

    return read


CODE_READERS: dict[str, Callable[[str, MoveSpec, CampaignState], Found | None]] = {
    "amount": _amount,
    "coin": _count_of("coin"),
    "spend_coin": _count_of("coin"),
    "dice": _dice,
    "grit": _grit,
    "target_tier": _tier,
    "rank": _rank,
    "foe_rank": _rank,
    "target": _target,
    "use_belief": lambda text, move, state: _belief(text, move, state) if move.roll.type != "none" else None,
    "belief": _belief,
    "scheme": _scheme,
    "spell": _spell,
    "initiative": _number_after(
        rf"\binitiative\s+(?:of|is|roll(?:ed)?(?: of| a)?)\s*{NUMBER}\b",
        rf"\b(?:rolled|got) (?:a |an )?{NUMBER} (?:for|on) initiative",
        rf"\binitiative\s*[:=]\s*{NUMBER}\b",  # "initiative: 14"
        rf"\binitiative\b[\s,;-]+(?:and\s+)?(?:i\s+)?(?:got|rolled|get)\s+(?:a\s+|an\s+)?{NUMBER}\b",  # "initiative, got a 14"
    ),
    "healing": _number_after(
        rf"\bheal(?:s|ed|ing)?\s+(?:me\s+)?(?:for\s+)?{NUMBER}\b", rf"\b{NUMBER}\s+(?:hp|health points?) back\b"
    ),
    "bonus": _number_after(r"([+-]\s?\d)\s*(?:forward|ongoing)\b"),
    "faction": _on_the_sheet("factions"),
    "claim": _on_the_sheet("claims"),
    "conspicuous": _count_of("conspicuous"),
    "turf": _count_of("turf"),
}


def _noted(shown: str, said: str) -> str:
    """The note of one value read: how it is said, then the player's words it came from, unless they are the same
    ("4 coin", not "4 coin (“4 coin”)")."""
    said = said.strip()
    return shown if said.lower() == shown.lower() else f"{shown} (“{said}”)"


def _shown(name: str, value: Any, spec: RequestOption, system: str = "") -> str:
    """A value read from the words as the note says it: in the game's words where the system's words file says how
    ("a loud operation, 4 heat", "xp marked in Prowess"), else the option and its value ("target Duke")."""
    said = (_words_file(system).get("said") or {}).get(name) if system else None
    if isinstance(said, dict) and str(value).lower() in said:
        return str(said[str(value).lower()])
    if isinstance(said, str) and value is not False:
        return said.format(value=value, Value=str(value)[:1].upper() + str(value)[1:])
    if value is True:
        return words(name)
    if value is False:
        return f"no {words(name)}"
    if name == "grit":
        return f"damage die d{value}"
    return f"{words(name)} {words(str(value))}"


def _read_one(system: str, name: str, text: str, move: MoveSpec, state: CampaignState) -> Found | None:
    """What ``text`` says of the option ``name``: the system's words for it ("a standard score": 6 coin), unless the
    player names the number itself ("4 coin, a standard score": the 4 they said)."""
    found = _from_data(system, name, text)
    reader = CODE_READERS.get(name)
    stated = reader(text, move, state) if reader is not None else None
    if stated is not None and (found is None or (isinstance(stated.value, int) and not isinstance(stated.value, bool))):
        return stated
    return found


def read_words(text: str, move_name: str, state: CampaignState, given: dict[str, Any] | None = None) -> Reading:
    """The options ``text`` gives for the move ``move_name`` that ``given`` (the request's options) does not."""
    reading = Reading()
    if not text.strip() or ":" in move_name:
        return reading
    try:
        ruleset = get_ruleset(state.system)
        move = ruleset.find_move(move_name)
    except AssistantError:
        return reading
    given = given or {}
    for name, spec in ruleset.options_for(move).items():
        if name in given or (name in ONLY_WHERE_LISTED and name not in move.options):
            continue
        found = _read_one(ruleset.system_id, name, text, move, state)
        if found is None or not value_ok(spec, found.value):
            continue
        reading.options[name] = found.value
        reading.notes.append(_noted(_shown(name, found.value, spec, ruleset.system_id), found.said))
    return reading


def read_missing(text: str, move_name: str, state: CampaignState, name: str) -> Reading:
    """The value the engine says is missing (``name``), if ``text`` says it: a vow's rank ("a dangerous vow")
    is read for whatever move needs it, even one that does not list it."""
    reading = Reading()
    try:
        ruleset = get_ruleset(state.system)
        move = ruleset.find_move(move_name)
    except AssistantError:
        return reading
    spec = ruleset.options_for(move).get(name)
    if not text.strip() or spec is None:
        return reading
    found = _read_one(ruleset.system_id, name, text, move, state)
    if found is not None and value_ok(spec, found.value):
        reading.options[name] = found.value
        reading.notes.append(_noted(_shown(name, found.value, spec, ruleset.system_id), found.said))
    return reading
