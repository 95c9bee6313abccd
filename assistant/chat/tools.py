"""The tools the language model may call (and the player's own commands that change state), how their
arguments are checked, and how they are applied.

The model acts on the game only through the five tools of :data:`TOOL_MODELS`; the player's commands add
:data:`PLAYER_ACTIONS` (starting a track or a clock). None of them carries dice, a result or an outcome,
and none changes anything itself: each becomes one engine request (a move, a table, the oracle, or one of
the engine's doors ``meter:``, ``progress:``, ``clock:``), so every system's rules apply however the change
is asked for. Checking a call (:func:`validate_tool_call`) is pure: it reads a :class:`CampaignState`,
resolves the request on a copy, and changes nothing. Applying it (:func:`apply_action`) checks it again
against the campaign as it is now and appends exactly one ``move_resolved`` event, so ``undo_last`` takes it
back and ``replay`` re-resolves it.

    action = validate_tool_call("roll_move", {"move": "Face Danger", "stat": "edge"}, system="starforged", state=state)
    outcome = apply_action("Iron Road", action, store=store)

The tools' argument models and the checked call (:class:`ToolAction`) are in :mod:`assistant.chat.tool_models`
(re-exported here). Tool -> engine request (a chat command maps onto the same request)::

    adjust_meter(meter, delta, reason)   {"move": "meter:<meter>", "options": {"delta": delta, "reason": reason}}
    mark_progress(track, times, reason)  {"move": "progress:mark", "options": {"track": <id>, "times": times, ...}}
    start_track(name, rank, kind)        {"move": "progress:start", "options": {"track": {"name", "rank", "kind"}}}
    start_clock(name, segments)          {"move": "clock:start", "options": {"clock": {"name", "segments"}}}
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from typing import Any

from pydantic import BaseModel, ValidationError

from assistant.chat.tool_models import DICE_WORDS as DICE_WORDS
from assistant.chat.tool_models import MAX_ADDS as MAX_ADDS
from assistant.chat.tool_models import MAX_DELTA as MAX_DELTA
from assistant.chat.tool_models import MAX_MARKS as MAX_MARKS
from assistant.chat.tool_models import MAX_OPTIONS_JSON as MAX_OPTIONS_JSON
from assistant.chat.tool_models import PLAYER_ACTIONS as PLAYER_ACTIONS
from assistant.chat.tool_models import ROLLING_TOOLS as ROLLING_TOOLS
from assistant.chat.tool_models import TOOL_MODELS as TOOL_MODELS
from assistant.chat.tool_models import WITHHELD_OPTIONS as WITHHELD_OPTIONS
from assistant.chat.tool_models import ActionOutcome as ActionOutcome
from assistant.chat.tool_models import AdjustMeter as AdjustMeter
from assistant.chat.tool_models import AskOracle as AskOracle
from assistant.chat.tool_models import MarkProgress as MarkProgress
from assistant.chat.tool_models import OddsName as OddsName
from assistant.chat.tool_models import RankName as RankName
from assistant.chat.tool_models import RollMove as RollMove
from assistant.chat.tool_models import RollTable as RollTable
from assistant.chat.tool_models import StartClock as StartClock
from assistant.chat.tool_models import StartTrack as StartTrack
from assistant.chat.tool_models import ToolAction as ToolAction
from assistant.chat.tool_models import ToolCallError as ToolCallError
from assistant.chat.tool_models import langchain_tools as langchain_tools
from assistant.engine import Request, Result, get_ruleset, resolve
from assistant.engine.ruleset import Ruleset, normalize_name
from assistant.engine.tracks import kind_word
from assistant.errors import AssistantError
from assistant.narrate.effect_lines import mid_sentence
from assistant.store import service
from assistant.store.base import CampaignStore
from assistant.store.state import CampaignState

# ---- checking ------------------------------------------------------------------------------------


def decode_args(args: object) -> dict[str, Any]:
    """The arguments as a JSON object (a JSON string is decoded)."""
    if isinstance(args, bytes):
        args = args.decode("utf-8", "replace")
    if isinstance(args, str):
        text = args.strip()
        try:
            args = json.loads(text) if text else {}
        except json.JSONDecodeError as exc:
            raise ToolCallError(f"The tool arguments are not valid JSON ({exc.msg}); send a JSON object.") from None
    if not isinstance(args, dict):
        raise ToolCallError("The tool arguments must be a JSON object.")
    return args


def _dice_like(data: object, depth: int = 0) -> str | None:
    if depth > 4:
        return None
    if isinstance(data, dict):
        for key, value in data.items():
            if normalize_name(str(key)) in DICE_WORDS:
                return str(key)
            found = _dice_like(value, depth + 1)
            if found:
                return found
    elif isinstance(data, list):
        for item in data:
            found = _dice_like(item, depth + 1)
            if found:
                return found
    return None


_OUT_OF_RANGE = {"less_than_equal", "greater_than_equal", "less_than", "greater_than"}


def _explain(tool: str, model: type[BaseModel], exc: ValidationError, player: bool = False) -> str:
    fields = ", ".join(model.model_fields)
    parts = []
    for err in exc.errors()[:4]:
        where = ".".join(str(p) for p in err["loc"]) or "arguments"
        if err["type"] == "extra_forbidden":
            parts.append(f"unknown argument '{where}' (arguments: {fields})")
        elif err["type"] == "missing":
            parts.append(f"'{where}' is required")
        else:
            field = model.model_fields.get(str(err["loc"][0])) if err["loc"] else None
            described = (field.description or "").split(". ")[0].rstrip(".") if field is not None else ""
            problem = str(err["msg"]).removeprefix("Value error, ")
            if described and player and err["type"] in _OUT_OF_RANGE:
                parts.append(f"{described}; you gave {err['input']}")
            else:
                parts.append(f"{described} ({problem.lower()})" if described and player else f"{where}: {problem}")
    return f"{tool}: " + "; ".join(parts) + "."


def validate_tool_call(name: str, args: object, *, system: str, state: CampaignState | None, player: bool = False) -> ToolAction:
    """Check one tool call against the rules and the campaign; raises :class:`ToolCallError`. Changes nothing.
    ``player=True`` also accepts the player's own actions (:data:`PLAYER_ACTIONS`), and words errors for the
    player (without the tool's name)."""
    try:
        return _validate(name, args, system=system, state=state, player=player)
    except ToolCallError as exc:
        if not player:
            raise
        message = exc.message.removeprefix(f"{str(name).strip()}: ")
        raise ToolCallError(message[:1].upper() + message[1:], missing=exc.missing, choices=exc.choices) from None


def _validate(name: str, args: object, *, system: str, state: CampaignState | None, player: bool) -> ToolAction:
    tool = name.strip() if isinstance(name, str) else ""
    models = {**TOOL_MODELS, **PLAYER_ACTIONS} if player else TOOL_MODELS
    if tool not in models:
        raise ToolCallError(f"Unknown tool {name!r}; the tools are: {', '.join(models)}.")
    data = decode_args(args)
    smuggled = _dice_like(data)
    if smuggled:
        raise ToolCallError(
            f"{tool}: '{smuggled}' is not accepted: dice are rolled by the engine. "
            "Call the tool without dice, results or outcomes."
        )
    try:
        parsed = models[tool].model_validate(data)
    except ValidationError as exc:
        raise ToolCallError(_explain(tool, models[tool], exc, player)) from None
    try:
        ruleset = get_ruleset(system)
    except AssistantError as exc:
        raise ToolCallError(exc.message) from None
    if state is not None and state.system and state.system != ruleset.system_id:
        raise ToolCallError(f"This campaign plays {state.system}, not {ruleset.system_id}.")
    check = {
        "roll_move": _check_roll_move,
        "ask_oracle": _check_ask_oracle,
        "roll_table": _check_roll_table,
        "mark_progress": _check_mark_progress,
        "adjust_meter": _check_adjust_meter,
        "start_track": _check_start_track,
        "start_clock": _check_start_clock,
    }[tool]
    try:
        return check(parsed, ruleset, state)
    except ToolCallError:
        raise
    except AssistantError as exc:
        raise ToolCallError(f"{tool}: {exc.message}", missing=exc.missing, choices=exc.choices) from None


def _dry_run(request: dict[str, Any], state: CampaignState | None) -> Result:
    """Resolve on a copy with throwaway dice so the engine reports what it would refuse (or change). Pure."""
    engine = service.engine_request(state, request) if state is not None else request
    return resolve(Request.parse(engine), rng=random.Random(0))


_LABEL_TAIL = re.compile(r"\s*\(?\+\s*(?P<stat>[a-z_ ]+?)\)?\s*(?:\(\s*[+\-−]?\d+\s*\))?\s*$", re.I)


def _label_parts(move: str) -> tuple[str, str | None]:
    """A move written as the suggestion list shows it ("Face Danger +iron (2)", "Face Danger (+edge)"): its name and
    stat. A model copies the list's labels into its calls."""
    m = _LABEL_TAIL.search(move)
    if not m or not move[: m.start()].strip():
        return move, None
    return move[: m.start()].strip(), m.group("stat").strip().lower().replace(" ", "_")


def _check_roll_move(p: Any, ruleset: Ruleset, state: CampaignState | None) -> ToolAction:
    if p.move.lower().startswith(("roll:", "table:")):
        raise ToolCallError("roll_move takes a move's name; use roll_table for a table (free dice are not a tool).")
    name, named_stat = _label_parts(p.move)
    move = ruleset.find_move(name)
    allowed = {**ruleset.common_options, **move.options}
    options: dict[str, Any] = {}
    for key, value in p.options.items():
        if key in WITHHELD_OPTIONS:
            raise ToolCallError(f"roll_move: options.{key} is not accepted: {WITHHELD_OPTIONS[key]}.")
        if key not in allowed:
            usable = sorted(set(allowed) - set(WITHHELD_OPTIONS))
            raise ToolCallError(f"roll_move: {move.name} has no option {key!r}; its options: {', '.join(usable) or 'none'}.")
        if key in ("track", "clock") and not isinstance(value, str):
            raise ToolCallError(f"roll_move: options.{key} names one of the campaign's {key}s (a name, not its numbers).")
        options[key] = value
    if move.roll.type == "progress" and not str(move.roll.track or "").startswith("legacy") and "track" not in options:
        tracks = ", ".join(str(t.get("name") or i) for i, t in (state.tracks if state else {}).items()) or "none yet"
        raise ToolCallError(
            f"roll_move: {move.name} rolls against a progress track: name it in options.track (the campaign's tracks: {tracks})."
        )
    if len(json.dumps(options)) > MAX_OPTIONS_JSON:
        raise ToolCallError("roll_move: the options are too long.")
    if p.burn:
        if "burn" not in allowed:
            raise ToolCallError(f"roll_move: {ruleset.system_id} has no momentum to burn.")
        options["burn"] = True
    stat = p.stat.strip().lstrip("+").strip().lower().replace(" ", "_") if p.stat else named_stat
    request: dict[str, Any] = {"system": ruleset.system_id, "move": move.name}
    if stat:
        request["stat"] = stat
    if p.adds:
        request["adds"] = p.adds
    if options:
        request["options"] = options
    _dry_run(request, state)
    args = {
        "move": move.name,
        "stat": stat,
        "adds": p.adds,
        "burn": p.burn,
        "options": {k: v for k, v in options.items() if k != "burn"},
    }
    bits = [f"+{stat}" if stat else "", f"{p.adds:+d}" if p.adds else "", "burning momentum" if p.burn else ""]
    summary = " ".join(["Roll", move.name, *[b for b in bits if b]])
    return ToolAction("roll_move", args, summary, changes_state=True, request=request)


def _check_ask_oracle(p: Any, ruleset: Ruleset, state: CampaignState | None) -> ToolAction:
    oracles = [m for m in ruleset.moves if m.roll.type == "oracle"]
    if not oracles:
        raise ToolCallError(f"{ruleset.system_id} has no yes/no oracle; ask the player, or roll one of its tables.")
    move = oracles[0]
    request: dict[str, Any] = {"system": ruleset.system_id, "move": move.name}
    if "odds" in move.options:
        if p.odds is None:
            raise ToolCallError("ask_oracle: give the odds: small chance, unlikely, 50/50, likely or almost certain.")
        request["options"] = {"odds": p.odds}
    elif p.odds is not None:
        raise ToolCallError(f"ask_oracle: {ruleset.system_id}'s oracle ({move.name}) takes no odds; leave them out.")
    _dry_run(request, state)
    odds = f" ({p.odds})" if p.odds else ""
    return ToolAction(
        "ask_oracle",
        {"question": p.question, "odds": p.odds},
        f"{move.name}{odds}: {p.question}",
        changes_state=False,
        request=request,
    )


def _check_roll_table(p: Any, ruleset: Ruleset, state: CampaignState | None) -> ToolAction:
    table = ruleset.find_table(p.table)
    request = {"system": ruleset.system_id, "move": f"table:{table.id}"}
    _dry_run(request, state)
    return ToolAction("roll_table", {"table": table.id}, f"Roll on the {table.name} table", changes_state=False, request=request)


def _track_id(state: CampaignState, ref: str) -> str:
    """The track ``ref`` names: its id or whole name, else the one whose name the words fit ("beacon" for "Find
    the lost beacon")."""
    from assistant.chat.track_finder import name_score

    try:
        return service.find_id("track", state.tracks, ref)
    except AssistantError:
        fits = [tid for tid, t in state.tracks.items() if name_score(ref, str(t.get("name", ""))) == 1.0]
        if len(fits) != 1:
            raise
        return fits[0]


def _check_mark_progress(p: Any, ruleset: Ruleset, state: CampaignState | None) -> ToolAction:
    if state is None:
        raise ToolCallError("Marking progress needs a campaign with progress tracks; start one with /track <rank> <name>.")
    tid = _track_id(state, p.track)
    name = state.tracks[tid].get("name") or tid
    if state.tracks[tid].get("status") in ("completed", "forsaken", "cleared", "lost", "abandoned"):
        raise ToolCallError(f"mark_progress: {name!r} is {state.tracks[tid]['status']}; it takes no more progress.")
    options: dict[str, Any] = {"track": tid, "times": p.times}
    if p.reason:
        options["reason"] = p.reason
    request = {"system": ruleset.system_id, "move": "progress:mark", "options": options}
    result = _dry_run(request, state)
    track = result.track or {}
    times = f" ×{p.times}" if p.times > 1 else ""
    ticks = state.tracks[tid].get("ticks", 0)
    boxes = track.get("boxes")
    summary = (
        f"Mark progress{times} on {mid_sentence(name)} ({track.get('rank')}: {ticks} → {track.get('ticks')} ticks, "
        f"{boxes} {'box' if boxes == 1 else 'boxes'} filled)"
    )
    args = {"track": tid, "times": p.times, "reason": p.reason}
    return ToolAction("mark_progress", args, summary, changes_state=True, request=request)


def _meter_label(system: str, meter: str) -> str:
    """The meter as the sheet labels it ("HP", "Companion health"), its name otherwise."""
    from assistant.engine.character_edit import character_rules

    with contextlib.suppress(AssistantError):
        return character_rules(system).find(meter).label
    return meter.replace("_", " ").capitalize()


def _check_meter_reach(ruleset: Ruleset, meter: str, delta: int) -> None:
    """A change the meter can make at once: its range (heat 0-9 takes +8); one whose excess rolls over (heat into
    a wanted level) takes up to twice that. Past it, the error says how far the meter goes."""
    spec = ruleset.sheet.meters.get(meter)
    if spec is None:
        return  # the engine names the meters there are
    reach = spec.max - spec.min
    rolls = spec.at_max is not None and spec.at_max.rolls_over
    if rolls:
        reach *= 2
    if abs(delta) > reach:
        label = _meter_label(ruleset.system_id, meter)
        over = f" (its excess rolls over into {spec.at_max.meter.replace('_', ' ')})" if rolls and spec.at_max else ""
        raise ToolCallError(
            f"{label} runs from {spec.min} to {spec.max}{over}, so it changes by at most {reach} at once; you gave "
            f"{delta:+d}. Give a change from -{reach} to +{reach}, or /set {meter.replace('_', ' ')} <value>."
        )


def _check_adjust_meter(p: Any, ruleset: Ruleset, state: CampaignState | None) -> ToolAction:
    meter = p.meter.strip().lstrip("+").strip().lower().replace(" ", "_").replace("-", "_")
    if state is None or state.active() is None:
        raise ToolCallError("Changing a meter needs a character in the campaign; there is none yet.")
    request = {"system": ruleset.system_id, "move": f"meter:{meter}", "options": {"delta": p.delta, "reason": p.reason}}
    _check_meter_reach(ruleset, meter, p.delta)
    result = _dry_run(request, state)
    sheet = state.active() or {}
    who = sheet.get("name") or "your character"
    label = _meter_label(ruleset.system_id, meter)
    summary = f"{label} {p.delta:+d} for {who} ({changes(result, meter)}): {p.reason}"
    lost = [n for n in result.notes if "did not fit" in n]  # "Crew coin is at its maximum (4); 3 did not fit."
    if lost:
        summary += ". " + " ".join(lost).rstrip(".")
    return ToolAction(
        "adjust_meter", {"meter": meter, "delta": p.delta, "reason": p.reason}, summary, changes_state=True, request=request
    )


def _check_start_track(p: Any, ruleset: Ruleset, state: CampaignState | None) -> ToolAction:
    track = {"name": p.name, "rank": p.rank, "kind": p.kind.strip().lower()}
    request = {"system": ruleset.system_id, "move": "progress:start", "options": {"track": track}}
    _dry_run(request, state)
    summary = f"New {p.rank} {kind_word(str(track['kind']))}: {p.name}"  # "a fight", as the cards say, not "combat"
    return ToolAction("start_track", track, summary, changes_state=True, request=request)


def _check_start_clock(p: Any, ruleset: Ruleset, state: CampaignState | None) -> ToolAction:
    clock = {"name": p.name, "segments": p.segments}
    request = {"system": ruleset.system_id, "move": "clock:start", "options": {"clock": clock}}
    _dry_run(request, state)
    summary = f"New clock: {p.name}, {p.segments} segments"
    return ToolAction("start_clock", clock, summary, changes_state=True, request=request)


def changes(result: Result, unnamed: str = "") -> str:
    """What a Result changed, in a few words: ``7 → 2, wanted level 0 → 1`` (``unnamed``: the target not named)."""
    parts: list[str] = []
    for effect in result.effects:
        what = "" if effect.target == unnamed else effect.target.replace("_", " ") + " "
        if effect.kind == "impact":
            parts.append(f"{what}{'marked' if effect.after else 'cleared'}")
        elif isinstance(effect.before, int) and isinstance(effect.after, int) and not isinstance(effect.after, bool):
            parts.append(f"{what}{effect.before} → {effect.after}")
    told = ", ".join(parts) or "no change"
    nexts = [f.move for f in result.follow_ups] + [c.prompt for c in result.choices]
    return told + (f"; next: {'; '.join(nexts)}" if nexts else "")


# ---- applying ------------------------------------------------------------------------------------


def apply_action(
    campaign: str, action: ToolAction, *, rng: random.Random | None = None, store: CampaignStore | None = None
) -> ActionOutcome:
    """Apply a checked action to the campaign as one event (checked again against the current state
    first; a failure appends nothing). Dice come from ``rng`` or the campaign's seeded dice."""
    state = service.load_campaign(campaign, store=store)
    fresh = validate_tool_call(action.tool, action.args, system=state.system, state=state, player=action.tool in PLAYER_ACTIONS)
    assert fresh.request is not None
    result, seq = service.resolve_event(campaign, fresh.request, rng=rng, store=store)
    return ActionOutcome(fresh, result, seq)
