"""``suggest(text, context)``: the moves that fit what the player says their character does, best first,
each with the stat to roll, why it fits, and the exact odds before the roll.

Nothing here rolls: each suggestion carries a ready engine ``request`` (without dice) for the
confirm-then-roll step. Pure of I/O except the embedder (whose move vectors are cached in memory).
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from assistant.engine.safe_json import copy_value
from assistant.suggest.approaches import best_stat_approach, said_stat, value_of
from assistant.suggest.catalog import MoveEntry, canonical_system, moves_for, ruleset_for
from assistant.suggest.cues import CueHits
from assistant.suggest.moment import Mode, Position, SuggestContext, apply_context, position_of
from assistant.suggest.odds_any import odds_whatever_asked
from assistant.suggest.odds_said import _burn_meter, _burnable, _not_now, _odds, _odds_wait_for
from assistant.suggest.ranker import Scored, pick_approach, score_moves

log = logging.getLogger(__name__)

__all__ = ["Mode", "Position", "SuggestContext", "Suggestion", "apply_context", "build_suggestion", "rank", "suggest"]

WEAK_FIT = 0.18  #: a best score under this, with no cue or word of the move in the text, is said to be a weak fit
WEAK_FIT_NOTE = "none of this system's moves closely fits these words; these are the nearest"

ODDS_PENDING_NOTE = "odds arrive with the system's ruleset"


@dataclass
class Suggestion:
    move: str
    """The move's name as printed in the rules."""
    move_id: str
    system: str
    stat: str | None
    stat_value: int | None
    score: float
    why: str
    """The move's trigger: why it fits."""
    approach: str | None
    """The approach line the stat was picked by (``With speed, mobility, or agility``)."""
    odds: dict[str, Any] | None
    burn_odds: dict[str, Any] | None
    request: dict[str, Any]
    """A ready engine request (no dice) to roll once the player confirms."""
    notes: list[str] = field(default_factory=list)
    source: dict[str, Any] = field(default_factory=dict)
    from_ruleset: bool = False
    ranked_by: str = "offline"
    alternatives: list[dict[str, Any]] = field(default_factory=list)
    """The move's other stats, each with its value and exact odds:
    ``{"stat", "stat_value", "approach", "odds"}`` (confirm with that stat to roll it instead)."""
    odds_words: str | None = None
    """What the odds mean, said instead of the numbers where "miss 100%" would puzzle a player (a progress move on a
    track with no progress marked yet)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


_DEFAULT_EMBEDDERS: dict[str, Any] = {}


def default_embedder() -> Any:
    """The process-wide embedder (all-MiniLM-L6-v2, or ``TABLETOP_EMBEDDER``), created once for each setting: a
    process whose setting changes (tests that switch to the hash embedder) never ranks with the other one's."""
    choice = os.environ.get("TABLETOP_EMBEDDER", "")
    if choice not in _DEFAULT_EMBEDDERS:
        from rules_index.embed import get_embedder

        _DEFAULT_EMBEDDERS[choice] = get_embedder()
    return _DEFAULT_EMBEDDERS[choice]


# ---- stats, odds, requests -----------------------------------------------------------------------
#: id of a ruleset -> (the ruleset, its default character), worked out once (read, never changed).
_DEFAULTS: dict[int, tuple[Any, dict[str, Any]]] = {}


def _default_character(ruleset: Any) -> dict[str, Any]:
    known = _DEFAULTS.get(id(ruleset))
    if known is None or known[0] is not ruleset:
        try:
            known = (ruleset, ruleset.default_character())
        except Exception:  # pragma: no cover - a sheet mid-edit
            known = (ruleset, {})
        _DEFAULTS[id(ruleset)] = known
    return known[1]


def _merged_character(ruleset: Any | None, character: dict[str, Any] | None) -> dict[str, Any]:
    """The character as the suggestion reads it (the given values over the sheet's defaults); read only."""
    base = _default_character(ruleset) if ruleset is not None else {}
    given = character or {}
    merged = {**base, **given}
    merged["stats"] = {**(base.get("stats") or {}), **(given.get("stats") or {})}
    return merged


def _choose_stat(move: MoveEntry, index: int | None, character: dict[str, Any]) -> tuple[str | None, int | None, str | None]:
    if index is None:
        return None, None, None
    appr = move.approaches[index]
    values = {s: value_of(character, s) for s in appr.stats}
    known = {s: v for s, v in values.items() if v is not None}
    if len(appr.stats) > 1 and known:
        pick = max if appr.pick == "highest" else min
        stat = pick(known, key=lambda s: known[s])
    else:
        stat = appr.stats[0]
    when = appr.when or (
        f"+{' or +'.join(appr.stats)}, whichever is {'higher' if appr.pick == 'highest' else 'lower'}"
        if len(appr.stats) > 1
        else None
    )
    return stat, values.get(stat), when


def build_suggestion(s: Scored, cues: Any, context: SuggestContext, ruleset: Any | None) -> Suggestion:
    move = s.move
    character = _merged_character(ruleset if move.from_ruleset else None, context.character)
    index = best_stat_approach(s, cues, pick_approach(s, cues), character)
    if move.stat_from and not said_stat(move, cues):
        index = None  # "I resist the charm": the control move dictates the stat, asked when the move is made
    stat, stat_value, approach = _choose_stat(move, index, character)
    notes = list(s.notes)
    if move.stat_note:
        notes.append(move.stat_note)
    request: dict[str, Any] = {"system": move.system, "move": move.name}
    if stat is not None:
        request["stat"] = stat
    if context.character is not None:
        request["character"] = context.character  # the engine copies it; a request never changes it
    options = dict(context.options)
    position = position_of(context) or move.requires_position
    if move.requires_position and "in_control" not in options and position is not None:
        options["in_control"] = position == "in_control"
    if options:
        request["options"] = options
    odds = burn_odds = None
    asked_first = False  # odds found by trying each answer of the question the move asks first (Repair: where?)
    odds_words: str | None = None
    alternatives: list[dict[str, Any]] = []
    if move.from_ruleset and ruleset is not None:
        if move.roll in ("action", "progress", "pool", "total", "oracle"):
            refusals: list[str] = []
            odds = _odds(request, notes, refusals)
            if odds is None and not refusals:  # Repair's "where?" sets the points, not the dice: its odds all the same
                odds = odds_whatever_asked(ruleset, move.name, request, lambda r: _odds(r, []))
                asked_first = odds is not None
            if odds is None:
                odds_words = _odds_wait_for(ruleset, move.name, notes, request) or _not_now(refusals)
            if odds is None and stat is None and move.stat_from and not refusals:
                odds_words = f"odds follow the stat {move.stat_from} dictates, asked when you make it"
        elif move.roll == "none":  # made without dice, but the rules may refuse it now (Train past the free activities)
            refusals = []
            _odds(request, [], refusals)
            odds_words = _not_now(refusals)
        if odds is not None and move.roll == "action" and _burnable(ruleset):
            meter = _burn_meter(ruleset)
            level = character.get(meter, 0)
            if isinstance(level, (int, float)) and level > 0:
                burned = {**request, "options": {**options, "burn": True}}
                burn_odds = _odds(burned, [] if asked_first else notes)
                if burn_odds is None and asked_first:
                    burn_odds = odds_whatever_asked(ruleset, move.name, burned, lambda r: _odds(r, []))
                if burn_odds is not None:
                    burn_odds = {**burn_odds, "meter": meter, "level": int(level)}
                if burn_odds is not None and burn_odds["outcomes"] == odds["outcomes"]:
                    burn_odds = None  # burning never helps at this level
        if stat_value is None and stat is not None:
            stat_value = value_of(character, stat)
        if odds is not None and stat is not None:
            alternatives = _alternatives(move, stat, request, character)
    elif move.roll != "none":
        notes.append(ODDS_PENDING_NOTE)
    if asked_first:
        notes = [n for n in notes if not n.startswith("odds unavailable: ")]
    return Suggestion(
        move=move.name,
        move_id=move.id,
        system=move.system,
        stat=stat,
        stat_value=stat_value,
        score=round(float(s.score), 4),
        why=move.trigger,
        approach=approach,
        odds=odds,
        burn_odds=burn_odds,
        request=request,
        notes=notes,
        source=dict(move.source),
        from_ruleset=move.from_ruleset,
        alternatives=alternatives,
        odds_words=odds_words,
    )


def _alternatives(move: MoveEntry, chosen: str, request: dict[str, Any], character: dict[str, Any]) -> list[dict[str, Any]]:
    """The other stats the move may roll, each with its exact odds (the same request with that stat)."""
    out: list[dict[str, Any]] = []
    seen = {chosen}
    for appr in move.approaches:
        stat = appr.stats[0] if len(appr.stats) == 1 else appr.label
        if stat in seen:
            continue
        seen.add(stat)
        odds = _odds({**request, "stat": stat}, [])
        if odds is None:
            continue
        value = value_of(character, stat) if len(appr.stats) == 1 else None
        out.append({"stat": stat, "stat_value": value, "approach": appr.when or None, "odds": odds})
    return out


# ---- the public entry point -----------------------------------------------------------------------
#: Words that declare a deed ("I slip in", "we run"): the player acts, so the nearest move is not said to be a weak fit
#: only because a move's prior lifted another.
_DEED = re.compile(r"\b(?:i|we)\s+[a-z]", re.I)


def weak_fit(ranked: list[Scored], text: str) -> bool:
    """True when no move closely fits ``text``: the best score under :data:`WEAK_FIT` with no cue or word of the move
    in it; without words of a deed, the best move's prior (Face Danger's, the catch-all) does not count toward the fit
    ("banana" was offered Face Danger as a move that fits)."""
    if not ranked or ranked[0].cue > 0 or ranked[0].lexical != 0:
        return False
    best = ranked[0]
    fit = best.score if _DEED.search(text) else best.score - max(best.prior, 0.0)
    return fit < WEAK_FIT


def rank(text: str, context: SuggestContext, embedder: Any = None) -> tuple[list[Scored], Any]:
    """Every applicable move of the context's system, scored offline and sorted best first."""
    system = canonical_system(context.system)
    moves = moves_for(system)
    from assistant.suggest.projects_named import lift_named_project
    from assistant.suggest.spelling import mend

    fighting = context.fighting or context.standing is not None or position_of(context) is not None
    scored, cues = score_moves(  # "attak": attack
        mend(text, system), system, moves, embedder or default_embedder(), fighting, context.open_tracks
    )
    applied = apply_context(scored, context)
    lift_named_project(applied, context.character or {}, text)  # "i keep tinkering on the gilder": its project
    ranked = sorted(applied, key=lambda s: (-s.score, s.move.name))
    return ranked, cues


def suggest(
    text: str,
    context: SuggestContext,
    k: int = 3,
    llm: Any = None,
    *,
    embedder: Any = None,
    shortlist: int = 8,
    timeout: float | None = None,
) -> list[Suggestion]:
    """The ``k`` moves that best fit ``text``, best first (see the module docstring).

    ``llm``: an optional LangChain chat model that re-ranks the offline shortlist (``shortlist`` moves)
    and names the stat; anything it invents is discarded and any failure falls back to the offline order.
    """
    if not text or not text.strip():
        return []
    k = max(1, int(k))
    ranked, cues = rank(text, context, embedder)
    system = canonical_system(context.system)
    ranked_by = "offline"
    stat_override: dict[str, str] = {}
    if llm is not None and ranked:
        from assistant.suggest.llm_rerank import merge_order, rerank

        head = ranked[: max(shortlist, k)]
        order = rerank(llm, text, context, head, timeout=timeout)
        if order is not None:
            stat_override = {key: stat for key, stat in order if stat}
            ranked = merge_order(head, [key for key, _ in order]) + ranked[len(head) :]
            ranked_by = "llm"
    ruleset = ruleset_for(system)
    if context.character is not None:  # one copy of the sheet per action, shared (read only) by its suggestions
        context = replace(context, character=copy_value(context.character))
    out: list[Suggestion] = []
    weak = weak_fit(ranked, text)
    # a narrow move made without dice whose situation the words lack, and that nothing else lifts, fills no place ("I
    # work on the key again" offered Overindulgence and Demonic Notice); the best-ranked move is always kept
    ranked = [s for i, s in enumerate(ranked) if i == 0 or not (s.unmet and s.score <= 0 and s.move.roll == "none")]
    for s in ranked[:k]:
        suggestion = build_suggestion(s, cues, context, ruleset)
        if weak and not out:
            suggestion.notes.insert(0, WEAK_FIT_NOTE)
        wanted = stat_override.get(s.move.key)
        if wanted and wanted != suggestion.stat:
            suggestion = _with_stat(s, cues, context, ruleset, wanted) or suggestion
        suggestion.ranked_by = ranked_by
        out.append(suggestion)
    called = {s.move.name for s in ranked[:k] if s.cue >= CALLED_FOR}
    refused = [x for x in out if (x.odds_words or "").startswith("not now")]
    if out and out[0] in refused and out[0].score - max((x.score for x in out if x not in refused), default=0.0) >= CLEAR_LEAD:
        called.add(out[0].move)  # "I work on the key again" past the free activities: the project, and why not now
    return sorted(out, key=lambda x: x.move not in called and x in refused)


CLEAR_LEAD = 0.2
"""A refused move that leads every move the rules allow by this much is the one the words mean: it keeps its place,
with why not now, rather than making way for moves that do not fit."""


CALLED_FOR = 0.2
"""A move the words call for this strongly (its name, "I cast magic missile", or a cue as strong: "I loose an arrow"
for Volley) keeps its place when the sheet refuses it now, so the player reads why; a move only near the words ("The
cleric heals me": Cast a Spell (Cleric) at 0 mana) goes after the moves that can be made."""


def _with_stat(s: Scored, cues: Any, context: SuggestContext, ruleset: Any, stat: str) -> Suggestion | None:
    """Rebuild a suggestion with the approach line that offers ``stat`` (validated by the caller)."""
    for j, appr in enumerate(s.move.approaches):
        if stat in appr.stats:
            forced = Scored(
                s.move,
                s.score,
                s.trigger_sim,
                s.approach_sim,
                s.lexical,
                s.cue,
                {i: (1.0 if i == j else -1.0) for i in range(len(s.move.approaches))},
                list(s.notes),
            )
            return build_suggestion(forced, CueHits(), context, ruleset)
    return None
