"""Fitting a move to the moment of play: the track and clock it acts on, whether a fight is still on, and which
suggestions make sense now.

- :func:`bind` fills a request's track and clock from the campaign and the player's words
  (:mod:`assistant.chat.track_finder`, :mod:`assistant.chat.clock_finder`) and says which were used.
- :func:`fight_position` is the fight position that still counts: none once the fight's track is resolved (no
  open combat track) or when the player's words move the scene on (their best move, fight aside, is not a
  combat move).
- :func:`fit_suggestions` binds every suggestion, re-reckons its odds on the track it found, and leaves out a
  progress move with no track to act on and a move that cannot succeed, unless the player's words name it: a stat
  that only misses gives way to the move's approach with the best chance, and the first move the words call for
  stays even when only a miss is possible, saying so; a move with no track to act on gives its place to the move
  that starts one (Clash to Enter the Fray when no fight is on); the
  oracle comes after the moves that act when the words are an action, not a question.

Why a move the words name is not among them is said by :mod:`assistant.chat.refusals`.
"""

from __future__ import annotations

import contextlib
from typing import Any

from assistant.chat.clock_finder import bind_clock
from assistant.chat.sure_miss import hits_first, other_approach, sure_miss_words
from assistant.chat.track_finder import bind_track, has_track_for, missing_track, open_tracks, track_need
from assistant.engine import AssistantError, InputError, get_ruleset
from assistant.engine.tracks import TICKS_PER_BOX
from assistant.narrate.effect_lines import mid_sentence
from assistant.narrate.odds_words import percent
from assistant.store.moves import engine_request
from assistant.store.state import CampaignState
from assistant.suggest.core import Position
from assistant.suggest.ranker import says_name

#: What a suggested move that never rolls says where another's odds stand ("- Reach a Milestone" said nothing).
NO_DICE_WORDS = "no roll: the move is made without dice"
#: What the oracle says where a move's odds stand: confirmed, it answers at 50/50; /oracle takes other odds.
ORACLE_WORDS = "yes or no at 50/50 (other odds: /oracle likely <question>)"


def bind(state: CampaignState, request: dict[str, Any], text: str, *, strict: bool = False) -> tuple[dict[str, Any], list[str]]:
    """``request`` with its track and clock found (see the module), and the sentences saying which. ``strict``:
    a move that acts on a track the campaign does not have is refused in the player's words (nothing rolls)."""
    bare = _unbound(request)
    bound, track_notes = bind_track(state, bare, text)
    if strict and missing_track(state, request) and (missing := missing_track(state, bound)):
        raise InputError(missing)
    bound, clock_notes = bind_clock(state, bound, text)
    if bare == request or bound == request:  # found now, or found the same way when it was suggested: say which
        return bound, track_notes + clock_notes
    return request, []  # the request names its own


def _unbound(request: dict[str, Any]) -> dict[str, Any]:
    """``request`` without the track, clock or project a finder would fill in (a campaign track or clock by its
    id, a new track by name and rank, a new project)."""
    options = dict(request.get("options") or {})
    track, clock = options.get("track"), options.get("clock")
    if isinstance(track, str) or (isinstance(track, dict) and not {"ticks", "boxes"} & set(track)):
        options.pop("track")
    if isinstance(clock, str):
        options.pop("clock")
    if "project" in options:
        options.pop("project")
        if isinstance(clock, dict) and clock.get("name") == request.get("options", {}).get("project"):
            options.pop("clock", None)
    if options == (request.get("options") or {}):
        return request
    return {**request, "options": options} if options else {k: v for k, v in request.items() if k != "options"}


def _has_combat_tracks(system: str) -> bool:
    from assistant.chat.track_finder import track_need

    return any((need := track_need(m)) is not None and need.starts and need.kind == "combat" for m in get_ruleset(system).moves)


def fight_open(state: CampaignState) -> bool:
    """Whether a fight's progress track is open (its position may not be set yet: Enter the Fray's pick still open)."""
    return _has_combat_tracks(state.system) and bool(open_tracks(state, "combat"))


def open_kinds(state: CampaignState) -> frozenset[str]:
    """The kinds of the campaign's open tracks (``expedition``, ``vow``, ``combat``...)."""
    return frozenset(str(t.get("kind", "vow")) for _tid, t in open_tracks(state, "any"))


def standing_position(state: CampaignState) -> Position | None:
    """The fight position the rules still hold: the sheet's, while a fight's track is open (whatever the words)."""
    position = (state.active() or {}).get("position")
    if position not in ("in_control", "bad_spot"):
        return None
    if _has_combat_tracks(state.system) and not open_tracks(state, "combat"):
        return None
    return "in_control" if position == "in_control" else "bad_spot"


def fight_position(state: CampaignState, text: str, embedder: Any = None) -> Position | None:
    """The active character's fight position (``in_control``/``bad_spot``) if a fight is still on for these words."""
    from assistant.suggest import SuggestContext
    from assistant.suggest.core import rank

    position = (state.active() or {}).get("position")
    if position not in ("in_control", "bad_spot"):
        return None
    if _has_combat_tracks(state.system) and not open_tracks(state, "combat"):
        return None  # the fight's track was resolved: the fight is over
    if text.strip():
        calm = {**(state.active() or {}), "position": None}
        standing: Position = "in_control" if position == "in_control" else "bad_spot"  # a fight's cues, not a new one's
        ranked, cues = rank(text, SuggestContext(system=state.system, character=calm, standing=standing), embedder)
        boosts = cues.move_boost if cues is not None else {}
        # words a fight move's cues hold ("an evasive spiral", "slip away into the nebula") keep the fight on
        fight_words = any(s.move.combat and any(boosts.get(n, 0.0) > 0 for n in s.move.names()) for s in ranked[:5])
        if ranked and not ranked[0].move.combat and not fight_words:
            return None  # the scene moved on
    return "in_control" if position == "in_control" else "bad_spot"


def names_move(text: str, move_name: str) -> bool:
    """True when the player's words name the move ("I reach a milestone"); a one-word name (Strike) is an everyday
    verb, not a name."""
    return says_name(text, move_name)


def _without_part_names(ruleset: Any, suggestions: list[Any], text: str) -> list[Any]:
    """``suggestions`` without a move whose name is only a part of a longer move's name the words say ("reduce our
    heat", "cool the heat" name Reduce Heat; the bare Heat move, heat taken after a score, fits only by that word)."""
    names = [str(getattr(s, "move", "")) for s in suggestions]

    def said(name: str) -> bool:
        try:
            aliases = list(ruleset.find_move(name).aliases)
        except AssistantError:
            aliases = []
        return any(names_move(text, n) for n in (name, *aliases))

    named = [set(n.lower().split()) for n in names if len(n.split()) > 1 and said(n)]

    def part(name: str) -> bool:
        words = set(name.lower().split())
        return any(words < whole for whole in named)

    return [s for s, name in zip(suggestions, names, strict=True) if not part(name)]


def _named_or_alias(ruleset: Any, text: str, name: str) -> bool:
    """Whether the words name the move by its name or one of its aliases ("i use DSA on oswin")."""
    try:
        aliases = list(ruleset.find_move(name).aliases)
    except AssistantError:
        aliases = []
    return any(names_move(text, n) for n in (name, *aliases))


def _is_oracle(ruleset: Any, name: str) -> bool:
    try:
        return bool(ruleset.find_move(name).roll.type == "oracle")
    except AssistantError:
        return False


def certain_miss(odds: Any) -> bool:
    """True when the odds give no chance of anything but a miss."""
    outcomes = (odds or {}).get("outcomes") if isinstance(odds, dict) else None
    if not isinstance(outcomes, dict) or "miss" not in outcomes:
        return False
    return all(float(v) == 0 for k, v in outcomes.items() if not str(k).startswith("miss"))


def _odds(state: CampaignState, request: dict[str, Any]) -> dict[str, Any] | None:
    from assistant.engine.probability import odds_for_request

    with contextlib.suppress(AssistantError):
        return odds_for_request(engine_request(state, request)).to_dict()
    return None


def redirected(move: Any, character: dict[str, Any]) -> str | None:
    """What a suffer move does instead as the sheet stands, from its own follow-up on an impact marked ("While
    unprepared: apply the cost to a different suffer move" for Sacrifice Resources), None when it does what it says."""
    impacts = character.get("impacts") or []
    for outcome in (move.outcomes or {}).values():
        for fu in outcome.follow_ups or []:
            when = getattr(fu, "when", None)
            if fu.suffer is not None and when is not None and when.was_impact in impacts and fu.text:
                return f"{fu.text[:1].lower()}{fu.text[1:]}"
    return None


def fit_suggestions(state: CampaignState, suggestions: list[Any], text: str, k: int = 3) -> list[Any]:
    """The ``k`` best suggestions that fit the moment, each bound to its track and clock (see the module)."""
    from assistant.suggest.spelling import mend

    ruleset = get_ruleset(state.system)
    out: list[Any] = []
    typed, text = text, mend(text, state.system)  # "i fullfil my vow" names Fulfill Your Vow as "i fulfil my vow" does

    # a move the words name leads ("I reach a milestone on my elegy…"), the offline order otherwise; the oracle
    # answers questions, so for an action ("I question the dockmaster") it comes after the moves that act
    def order(s: Any) -> tuple[bool, bool]:
        name = str(getattr(s, "move", ""))
        return not _named_or_alias(ruleset, text, name), _is_oracle(ruleset, name) and "oracle" not in text.lower()

    suggestions = _starters_stand_in(state, ruleset, sorted(suggestions, key=order), text)
    suggestions = _without_part_names(ruleset, suggestions, text)
    for s in suggestions:
        if not getattr(s, "request", None) or not getattr(s, "from_ruleset", True):
            out.append(s)
            continue
        try:
            move = ruleset.find_move(s.move)
        except AssistantError:
            out.append(s)
            continue
        named = names_move(text, move.name)
        if not has_track_for(state, move):
            continue  # named or not, it would be refused: the turn's note says why (``why_not_now``)
        request, notes = bind(state, dict(s.request), typed)  # a new track or clock is named in the player's own words
        if request != s.request:
            s.request = request
            if move.roll.type == "progress":  # its odds depend on the track's progress
                s.odds = _odds(state, request)
        s.notes = [*notes, *(n for n in s.notes if not str(n).startswith("odds unavailable"))] if notes else s.notes
        if certain_miss(s.odds) and move.roll.type != "progress" and not _stat_in_words(state.system, text, move.name, s.stat):
            _to_an_approach_with_a_chance(s)  # not the stat the words name ("I sneak past" at dexterity 1 stays +dexterity)
        if move.roll.type == "progress":
            s.odds_words = _progress_words(state, request, s.odds)
        sheet_words = ruleset.odds_in_words(move.id, state.active() or {}, request.get("options") or {})
        s.odds_words = redirected(move, state.active() or {}) or sheet_words or s.odds_words
        if move.roll.type == "none" and not s.odds_words and not s.odds:  # Reach a Milestone was listed bare
            s.odds_words = NO_DICE_WORDS
        if move.roll.type == "oracle" and not s.odds_words and not s.odds:  # Ask the Oracle was listed bare too
            s.odds_words = ORACLE_WORDS
        other = None
        if certain_miss(s.odds) and move.roll.type != "progress" and s.stat:
            s.odds_words = sure_miss_words(s)
            # the move the words call for first, at a stat they name that only misses: also at the approach that can
            # hit (Feed at +force 1 for "get my strength back": also with consent, +heart)
            other = None if out else other_approach(s)
        if certain_miss(s.odds) and not named:
            if out or (not s.stat and move.roll.type != "progress"):
                continue  # no chance, and not the move the words call for first
            if move.roll.type == "progress":  # "I finish the hunter" on an empty track: it stays, saying so
                out.append(s)
                continue
            s.notes = [*s.notes, f"at +{s.stat} only a miss is possible; an add changes that"]
        out.append(s)
        if other is not None and len(out) < k:
            out.append(other)
        if len(out) >= k:
            break
    # a move that can only miss (a progress move with no box filled, an action roll at a stat of 1 in Elegy) is offered
    # after two moves that can hit, among the three shown and saying why, unless the words name it: "1" is not a sure
    # miss, and the moves before it mark the progress or give the add.
    return hits_first(out, lambda s: certain_miss(getattr(s, "odds", None)) and _unnamed(ruleset, s, text))


def _unnamed(ruleset: Any, s: Any, text: str) -> bool:
    name = str(getattr(s, "move", ""))
    try:
        move = ruleset.find_move(name)
        return move.roll.type in ("progress", "action") and not any(names_move(text, n) for n in (name, *move.aliases))
    except AssistantError:
        return False


#: A progress roll this likely to miss is said in words with its numbers (Take Decisive Action at 2 boxes: 99%).
NEAR_SURE_MISS = 90.0


def _progress_words(state: CampaignState, request: dict[str, Any], odds: Any) -> str | None:
    """What rolling a progress move now means, in words, when it can only or almost only miss: the boxes filled on the
    track (only full boxes count against the challenge dice) and what to do first; None when it has a fair chance."""
    outcomes = (odds or {}).get("outcomes") if isinstance(odds, dict) else None
    if not isinstance(outcomes, dict) or float(outcomes.get("miss", 0.0)) < NEAR_SURE_MISS:
        return None
    options = request.get("options") if isinstance(request.get("options"), dict) else {}
    track = state.tracks.get(str(options.get("track", ""))) if options else None
    name = str(track.get("name") or "") if isinstance(track, dict) else ""
    ticks = track.get("ticks", 0) if isinstance(track, dict) else 0
    boxes = ticks // TICKS_PER_BOX if isinstance(ticks, int) and not isinstance(ticks, bool) else 0
    on = f" on {mid_sentence(name)}" if name else ""
    if certain_miss(odds):
        filled = "no progress box filled" if boxes == 0 else f"only {boxes} progress box{'es' if boxes != 1 else ''} filled"
        return f"a sure miss now: {filled}{on}, and the challenge dice always beat it; mark progress first"
    numbers = ", ".join(f"{k.replace('_', ' ')} {percent(v)}" for k, v in outcomes.items() if k != "match")
    return f"{numbers} (only {boxes} of 10 progress boxes filled{on}; mark more progress first)"


def _stat_in_words(system: str, text: str, move_name: str, stat: Any) -> bool:
    """Whether the player's words name ``stat`` for the move ("sneak": dexterity for Face Danger)."""
    from assistant.suggest.catalog import normalize_name
    from assistant.suggest.cues import match_cues

    cues = match_cues(system, text)
    named = set(cues.stats) | set(cues.move_stats.get(normalize_name(move_name), {}))
    return bool(stat) and str(stat) in named


def _to_an_approach_with_a_chance(s: Any) -> None:
    """Switch a suggestion whose stat can only miss to the approach with the best chance of a hit, if it has one."""
    alternatives = [a for a in getattr(s, "alternatives", None) or [] if not certain_miss(a.get("odds"))]
    if not alternatives or not isinstance(getattr(s, "request", None), dict):
        return
    best = max(alternatives, key=lambda a: 100.0 - float(a["odds"]["outcomes"].get("miss", 100.0)))
    s.alternatives = [a for a in s.alternatives if a is not best]
    s.stat, s.stat_value, s.odds, s.approach = best["stat"], best.get("stat_value"), best["odds"], best.get("approach")
    s.request = {**s.request, "stat": best["stat"]}


def _starters_stand_in(state: CampaignState, ruleset: Any, suggestions: list[Any], text: str) -> list[Any]:
    """``suggestions`` with each move that acts on a track the campaign has none of (Clash when no fight is on) stood in
    for by the move that starts one (Enter the Fray), when that move is among them; the words naming a move keep it."""
    by_name = {str(getattr(s, "move", "")): s for s in suggestions}
    starters: dict[str, str] = {}
    for move in ruleset.moves:
        need = track_need(move)
        if need is not None and need.starts:
            starters.setdefault(need.kind, move.name)
    out: list[Any] = []
    for s in suggestions:
        pick = s
        with contextlib.suppress(AssistantError):
            move = ruleset.find_move(str(getattr(s, "move", "")))
            need = track_need(move)
            if need is not None and not names_move(text, move.name) and not has_track_for(state, move):
                pick = by_name.get(starters.get(need.kind, ""), s)
        if all(pick is not o for o in out):
            out.append(pick)
    return out
