"""Which progress track a move acts on, and the track a move starts, found from the campaign and the player's words.

A move's need is read from its data (:func:`track_need`): a progress roll names the kind of track it rolls on
(``roll.track``), a move that starts one has a ``start_track`` effect, and the other moves that mark, clear or
raise a track say its kind (``track_kind``). :func:`find_track` then picks, in this order:

1. the open track the player's words name (a fuzzy match on the track's name),
2. the only open track of that kind,
3. the most recent open track of that kind,

and says which one it used and why. A move that starts a track gets a new one named from the words ("I swear a
dangerous iron vow to find my lost sister" -> "Find my lost sister", dangerous), unless the words name an open
track of that kind (a second roll on the same expedition). Pure: reads a :class:`CampaignState`, changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from assistant.chat.track_matching import NAMED as NAMED
from assistant.chat.track_matching import SAME as SAME
from assistant.chat.track_matching import _by_its_proper_name, _only_one_named, _set_up_for, _set_up_sharing
from assistant.chat.track_matching import _words as _words
from assistant.chat.track_matching import name_score as name_score
from assistant.chat.track_matching import named_track as named_track
from assistant.chat.track_names import KIND_WORDS as KIND_WORDS
from assistant.chat.track_names import MAX_NAME as MAX_NAME
from assistant.chat.track_names import _kind_words, name_from_words
from assistant.engine import get_ruleset
from assistant.engine.schema import MoveSpec
from assistant.engine.tracks import Rank
from assistant.store.state import CampaignState

#: Statuses of a track that takes no more progress (see :mod:`assistant.store.moves`).
CLOSED = frozenset({"completed", "forsaken", "cleared", "lost", "abandoned"})
DEFAULT_RANK = Rank.FORMIDABLE

_TRACK_EFFECTS = frozenset({"mark_progress", "clear_progress", "raise_rank", "clear_track", "legacy_reward"})
#: Words that go on with what is under way ("we push on", "I keep going"): a move that starts a track continues the
#: most recent open one of its kind instead.
GOING_ON = re.compile(
    r"\b(?:push(?:es|ing)? on|press(?:es|ing)? on|keep(?:s|ing)? (?:going|moving|on)|carr(?:y|ies|ying) on|go(?:es|ing)? on|"
    r"continu(?:e|es|ing)|onwards?|the next leg|another leg)\b",
    re.I,
)


#: Kinds of track that are under way until resolved (a fight, a journey): words that start one without naming it
#: ("we're ambushed!") go on with the open one; a vow or a connection unnamed is still a new one.
_UNDER_WAY = frozenset({"combat", "expedition"})

#: Words that set out on a journey of its own while another is under way ("we set out on a new expedition to the
#: ruins", "I undertake an expedition to the derelict"); without them the words go on with the one under way.
_NEW_JOURNEY = re.compile(
    r"\b(?:new|another|second|set(?:s|ting)? out|embark\w*|undertak\w*|begin\w*|start\w*|launch\w*)\b"
    r"|\b(?:an?|the)\s+(?:\w+\s+)?(?:expedition|journey|trek|voyage|survey)\b",
    re.I,
)


@dataclass(frozen=True)
class TrackNeed:
    """What a move wants of the campaign's tracks: the ``kind`` it acts on, and whether it ``starts`` one."""

    kind: str
    starts: bool


@dataclass
class Found:
    """The track a request was given (``track_id`` for a campaign track, ``new`` for one the move starts), and the
    sentence the turn shows about it."""

    track_id: str | None = None
    new: dict[str, Any] | None = None
    note: str = ""
    notes: list[str] = field(default_factory=list)


def move_effects(move: MoveSpec) -> list[Any]:
    """Every effect the move can have: before the roll, in each outcome and in each option of its choices."""
    return _effects(move)


def _effects(move: MoveSpec) -> list[Any]:
    out = list(move.before_roll)
    for outcome in move.outcomes.values():
        out += outcome.effects
        out += [e for c in outcome.choices for o in c.options for e in o.effects]
    out += [e for c in move.choices for o in c.options for e in o.effects]
    return out


def track_need(move: MoveSpec) -> TrackNeed | None:
    """The campaign track ``move`` acts on or starts (None: it needs none, or it rolls on a legacy track)."""
    effects = _effects(move)
    started = next((e.value or "vow" for e in effects if e.type == "start_track"), None)
    if started is not None:
        return TrackNeed(kind=started, starts=True)
    if move.roll.type == "progress":
        kind = move.roll.track or "vow"
        return None if kind.startswith("legacy") else TrackNeed(kind=kind, starts=False)
    if move.track_kind is not None:
        return TrackNeed(kind=move.track_kind, starts=False)
    if any(e.type in _TRACK_EFFECTS for e in effects if e.type != "legacy_reward"):
        return TrackNeed(kind="any", starts=False)
    return None


def is_open(track: dict[str, Any]) -> bool:
    return str(track.get("status") or "open") not in CLOSED


def open_tracks(state: CampaignState, kind: str) -> list[tuple[str, dict[str, Any]]]:
    """The campaign's open tracks of ``kind`` (``any``: all), oldest first."""
    return [(tid, t) for tid, t in state.tracks.items() if is_open(t) and (kind == "any" or str(t.get("kind", "vow")) == kind)]


def rank_in(text: str) -> Rank | None:
    """A challenge rank the words give ("a dangerous vow")."""
    for rank in Rank:
        if re.search(rf"\b{rank.value}\b", text, re.IGNORECASE):
            return rank
    return None


# ---- finding -------------------------------------------------------------------------------------------
def find_track(state: CampaignState, need: TrackNeed, text: str) -> Found:
    """The track a move with ``need`` acts on (or starts), from the campaign and ``text`` (see the module)."""
    candidates = open_tracks(state, need.kind)
    word = _kind_words(need.kind)
    if need.starts:
        same = named_track(candidates, text, SAME) or _set_up_for(candidates, name_from_words(text, need.kind))
        if same is None and need.kind not in _UNDER_WAY and rank_in(text) is None:
            same = _set_up_sharing(candidates, text)  # "/track … the beacon on Veyra", then "I swear to find … Veyra"
        if same is None and need.kind in _UNDER_WAY:  # "I push deeper into Hollow Reach": the expedition under way
            same = _by_its_proper_name(candidates, text)
        if same is not None:
            return Found(track_id=same, note=f"Continues your {word} “{state.tracks[same]['name']}” (named in your words).")
        if candidates and GOING_ON.search(text):  # "we push on deeper into the Reach": the journey under way
            tid = candidates[-1][0]
            return Found(track_id=tid, note=f"Continues your {word} “{state.tracks[tid]['name']}” (your words go on with it).")
        rank = rank_in(text)
        if candidates and need.kind == "expedition" and rank is None and not _NEW_JOURNEY.search(text):
            tid = candidates[-1][0]  # "I make my way through the asteroid field": the next segment of the one under way
            return Found(
                track_id=tid,
                note=f"Continues your {word} “{state.tracks[tid]['name']}” (your words start no new one; "
                f"say “a new {word} to …” to start one).",
            )
        name = name_from_words(text, need.kind)
        under_way = need.kind in _UNDER_WAY and name.lower() == f"the {word}".lower()
        if candidates and under_way:  # "we're ambushed!" mid-fight: no new foe named, the fight goes on
            tid = candidates[-1][0]
            return Found(
                track_id=tid,
                note=f"Continues your {word} “{state.tracks[tid]['name']}” (your words name no new one; name one to start it).",
            )
        if rank is None:
            note = (
                f"A new {DEFAULT_RANK.value} {word}: “{name}” (no rank in your words; say “a dangerous {word}”, "
                f"“an epic {word}”… to choose another, or undo)."
            )
        else:
            note = f"A new {rank.value} {word}: “{name}” (the rank from your words)."
        return Found(new={"name": name, "rank": (rank or DEFAULT_RANK).value}, note=note)
    named = named_track(candidates, text) or _only_one_named(candidates, text)
    if named is not None:
        return Found(track_id=named, note=f"On your {word} “{state.tracks[named]['name']}” (named in your words).")
    if len(candidates) == 1:
        tid = candidates[0][0]
        return Found(track_id=tid, note=f"On your {word} “{state.tracks[tid]['name']}” (your only open {word}).")
    if candidates:
        tid = candidates[-1][0]
        others = ", ".join(f"“{t['name']}”" for _, t in candidates[:-1])
        return Found(
            track_id=tid,
            note=f"On your {word} “{state.tracks[tid]['name']}” (the most recent; name {others} in your words for another).",
        )
    return Found(note="" if need.kind == "any" else f"There is no open {word} to act on yet.")


def has_track_for(state: CampaignState, move: MoveSpec) -> bool:
    """True when ``move`` needs no existing track (or acts on one only if there is one: kind ``any``), or the
    campaign has an open one it could act on."""
    need = track_need(move)
    return need is None or need.starts or need.kind == "any" or bool(open_tracks(state, need.kind))


#: The move that starts a track of each kind, to say what to do when there is none.
def _starter(state: CampaignState, kind: str) -> str | None:
    for move in get_ruleset(state.system).moves:
        need = track_need(move)
        if need is not None and need.starts and need.kind == kind:
            return move.name
    return None


def track_kinds(system: str) -> list[str]:
    """The kinds of campaign track the system's moves start or act on, the quest's kind first (Starforged's vow,
    Elegy's elegy: the kind Reach a Milestone marks)."""
    kinds: list[str] = []
    for move in get_ruleset(system).moves:
        need = track_need(move)
        if need is not None and need.kind != "any" and need.kind not in kinds:
            kinds.append(need.kind)
    try:
        quest = track_need(get_ruleset(system).find_move("Reach a Milestone"))
    except Exception:  # noqa: BLE001 - a system without milestones: its first kind, or a vow
        quest = None
    first = quest.kind if quest is not None else (kinds[0] if kinds else "vow")
    return [first, *(k for k in kinds if k != first)]


def typed_track(system: str, words: str) -> dict[str, Any]:
    """A track typed after its rank ("fight The raider", "expedition To the far moon", "Find my sister"): its kind
    (a kind word first, "fight" for a combat; else the system's quest) and its name."""
    kinds = track_kinds(system)
    first, _, rest = words.strip().partition(" ")
    said = {_kind_words(k).split()[0]: k for k in kinds} | {k: k for k in kinds}
    said |= {"vow": kinds[0], "quest": kinds[0], "battle": "combat"} if kinds else {}
    kind = said.get(first.lower()) if rest.strip() else None
    if kind is None or (kind not in kinds and kind != "combat"):
        return {"name": words.strip(), "kind": kinds[0] if kinds else "vow"}
    return {"name": rest.strip(), "kind": kind}


def missing_track(state: CampaignState, request: dict[str, Any]) -> str | None:
    """What to tell the player when ``request``'s move acts on a track of a kind the campaign has none open of."""
    try:
        move = get_ruleset(state.system).find_move(str(request.get("move") or ""))
    except Exception:  # noqa: BLE001 - not a move: nothing to say here
        return None
    need = track_need(move)
    options = request.get("options") or {}
    if need is None or need.starts or need.kind == "any" or {"track", "progress_ticks", "progress_boxes"} & set(options):
        return None
    starter = _starter(state, need.kind)
    word = _kind_words(need.kind)
    typed = "" if need.kind == track_kinds(state.system)[0] else f"{word.split()[0]} "  # "/track <rank> fight <name>"
    start = f"start one with /track <rank> {typed}<name>"
    how = f"{starter} first, or {start}" if starter else start
    article = "an" if word[:1].lower() in "aeiou" else "a"
    ended = [t for t in state.tracks.values() if not is_open(t) and str(t.get("kind", "vow")) == need.kind]
    if ended:  # "/roll clash" after the fight was lost: that fight is over, not one never begun
        last = ended[-1]
        over = f"Your {word} “{last.get('name') or word}” is {_status_words(last)}"
        return f"{over}, and there is no open {word} for {move.name} to act on: for a new {word}, {how}."
    return f"{move.name} acts on {article} {word}'s progress track, and there is no open {word} yet: {how}."


def _status_words(track: dict[str, Any]) -> str:
    """How a closed track ended, in a player's words ("lost", "won", "forsaken")."""
    status = str(track.get("status") or "closed").replace("_", " ")
    if track.get("kind") != "combat":
        return status
    return {"fulfilled": "won", "completed": "won"}.get(status, status)


def bind_track(state: CampaignState, request: dict[str, Any], text: str) -> tuple[dict[str, Any], list[str]]:
    """``request`` with the track its move acts on (or starts) filled in from the campaign and ``text``, and the
    sentence saying which; unchanged when the request gives a track or its progress, or the move needs none."""
    name = str(request.get("move") or "")
    if not name or ":" in name:
        return request, []
    try:
        move = get_ruleset(state.system).find_move(name)
    except Exception:  # noqa: BLE001 - an unknown move is the engine's error to word
        return request, []
    need = track_need(move)
    options = dict(request.get("options") or {})
    if need is None or {"track", "progress_ticks", "progress_boxes"} & set(options):
        return request, []
    found = find_track(state, need, text)
    if found.track_id is not None:
        options["track"] = found.track_id
    elif found.new is not None:
        options["track"] = found.new
    else:
        return request, [found.note] if found.note else []
    return {**request, "options": options}, [found.note]


_ON_TRACK = re.compile(r"\s+(?:on|against|at|vs\.?|versus|with)\s+", re.I)


def roll_on(system: str, words: str) -> tuple[str, str]:
    """The move and the track words of a /roll ("clash +edge on the pirate cutter" -> "clash", "the pirate cutter"),
    or the words and "" when they are the move's name itself (or name no move at all)."""
    ruleset = get_ruleset(system)
    try:
        ruleset.find_move(words)
        return words, ""
    except Exception:  # noqa: BLE001 - not a move's name as typed: perhaps a move, then the track
        pass
    for found in reversed(list(_ON_TRACK.finditer(words))):
        head, tail = words[: found.start()].strip(), words[found.end() :].strip()
        try:
            ruleset.find_move(head)
        except Exception:  # noqa: BLE001 - not a move before these words
            continue
        return head, tail
    return words, ""


def bind_named(state: CampaignState, request: dict[str, Any], text: str) -> tuple[dict[str, Any], list[str]]:
    """``request`` on the open track ``text`` names, with the sentence saying so; unchanged when the words name none
    of the move's kind (then the campaign's only or most recent one is taken as usual)."""
    try:
        move = get_ruleset(state.system).find_move(str(request.get("move") or ""))
    except Exception:  # noqa: BLE001 - an unknown move is the engine's error to word
        return request, []
    need = track_need(move)
    options = dict(request.get("options") or {})
    if need is None or need.starts or {"track", "progress_ticks", "progress_boxes"} & set(options) or not text.strip():
        return request, []
    named = named_track(open_tracks(state, need.kind), text)
    if named is None:
        return request, []
    word = _kind_words(need.kind)
    note = f"On your {word} “{state.tracks[named]['name']}” (named in your words)."
    return {**request, "options": {**options, "track": named}}, [note]
