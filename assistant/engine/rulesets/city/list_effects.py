"""``type: meter`` effects on the city sheet's lists (see the ruleset's docstring for the names).

Each changes the resolution's working character and records an Effect. An effect that needs a name
the request did not give (which belief, which person) changes nothing and says what to send.
"""

from __future__ import annotations

from assistant.engine.context import Resolution, option_text
from assistant.engine.data import normalize_name
from assistant.engine.errors import ConfigError, InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.rulesets.city import sheet_lists
from assistant.engine.schema import EffectSpec

PRODUCTIVITY_MIN, PRODUCTIVITY_MAX = -3, 3
#: The sheet's lists a ``type: meter`` effect may change (besides its meters).
LIST_METERS = frozenset(
    {
        "productivity",
        "schemes",
        "belief",
        "secret",
        "tie",
        "history",
        "demand",
        "demand_met",
        "advances",
        "complications",
        "aspects",
    }
)


def scheme_index(ctx: Resolution) -> int:
    """The scheme in play: the one this move started, the one the request names, or the only one."""
    if "scheme_index" in ctx.memo:
        return int(ctx.memo["scheme_index"])
    schemes = ctx.character["schemes"]
    if "scheme" in ctx.options:
        return sheet_lists.find(ctx.character, "schemes", ctx.options["scheme"], "scheme")
    if not schemes:
        raise RulesError("You have no scheme going: Set Up a Scheme first (or put it on your sheet).")
    if len(schemes) > 1:
        names = [s["name"] for s in schemes]
        raise InputError(f"Which scheme? {', '.join(map(repr, names))}.", missing="scheme", choices=names)
    return 0


def _named(ctx: Resolution, option: str) -> str | None:
    return option_text(ctx, option)


def _unrecorded(ctx: Resolution, kind: str, delta: int, reason: str, option: str) -> None:
    what = {"target": "person"}.get(option, option.replace("_", " "))
    todo = {
        "aspect": "add it to the faction's aspects",
        "complication": "add it to the faction's complications",
        "tie": "add them to your Ties" if delta > 0 else "remove them from your Ties",
        "history": "add it to your Histories",
        "demand": "write it among your Demands",
    }.get(kind, "mark it on your sheet")
    field = {"belief": "beliefs", "secret": "secrets"}.get(kind)
    if field is not None and delta > 0 and not ctx.character.get(field):  # a belief to mark, and none written
        ctx.notes.append(
            f"You have no {kind} on your sheet, so nothing is written yet: there is none to mark (write one with "
            f"/add {kind} <words>)."
        )
    else:
        ctx.notes.append(f"The {what} was not named, so nothing is written yet: {todo}.")
    ctx.effect(EffectKind(kind), kind, delta=delta, reason=f"{reason} (the {what} not named)")


def _mark(ctx: Resolution, field: str, option: str, what: str, delta: int, reason: str) -> None:
    name = _named(ctx, option)
    if name is None:
        _unrecorded(ctx, what, delta, reason, option)
        return
    entry = ctx.character[field][sheet_lists.find(ctx.character, field, name, what)]
    before = entry["marked"]
    entry["marked"] = delta > 0
    ctx.effect(EffectKind(what), entry["text"], before=before, after=entry["marked"], reason=reason)


def _names(ctx: Resolution, where: list[str], name: str, delta: int, kind: str, reason: str) -> None:
    present = [n for n in where if normalize_name(n) == normalize_name(name)]
    if delta > 0 and not present:
        where.append(name)
        ctx.effect(EffectKind(kind), name, before=False, after=True, reason=reason)
    elif delta < 0 and present:
        where.remove(present[0])
        ctx.effect(EffectKind(kind), name, before=True, after=False, reason=reason)
    else:
        ctx.notes.append(f"{reason}: “{name}” {'already' if delta > 0 else 'was not'} there.")


def _scheme(ctx: Resolution, spec: EffectSpec, reason: str) -> None:
    delta = spec.delta or 0
    if spec.meter == "schemes":
        schemes = ctx.character["schemes"]
        name = _named(ctx, "scheme") or f"Scheme {len(schemes) + 1}"
        if any(normalize_name(s["name"]) == normalize_name(str(name)) for s in schemes):
            raise InputError(f"You already have a scheme called {name!r}; give the new one another name.", missing="scheme")
        schemes.append({"name": str(name), "productivity": 0})
        ctx.memo["scheme_index"] = len(schemes) - 1
        ctx.effect(EffectKind.SCHEME, str(name), before=None, after=dict(schemes[-1]), reason=reason)
        return
    scheme = ctx.character["schemes"][scheme_index(ctx)]
    before = int(scheme["productivity"])
    scheme["productivity"] = max(PRODUCTIVITY_MIN, min(PRODUCTIVITY_MAX, before + delta))
    ctx.effect(
        EffectKind.SCHEME,
        f"{scheme['name']}.productivity",
        before=before,
        after=scheme["productivity"],
        delta=scheme["productivity"] - before,
        reason=reason,
    )


def _faction(ctx: Resolution, spec: EffectSpec, reason: str) -> None:
    faction = ctx.character["faction"]
    if spec.meter == "complications":
        name = spec.value or _named(ctx, spec.by or "complication")
        if name is None:
            _unrecorded(ctx, "complication", 1, reason, spec.by or "complication")
            return
        _names(ctx, faction["complications"], str(name), 1, "complication", reason)
        return
    if (spec.delta or 0) > 0:  # a new aspect, named by the option ``by`` names (options.resource...)
        option = spec.by or "aspect"
        name = _named(ctx, option)
        if name is None:
            _unrecorded(ctx, "aspect", 1, reason, option)
        else:
            _names(ctx, faction["aspects"], name, 1, "aspect", reason)
        return
    # aspects: -1 erases the aspect named by options.erase
    if not faction["aspects"]:
        ctx.notes.append(f"{reason}: the sheet lists no aspects for the faction.")
        return
    name = _named(ctx, "erase")
    if name is None:
        raise InputError(
            f"{ctx.move.name}: name the aspect the faction erases; its aspects: {', '.join(faction['aspects'])}.",
            missing="erase",
            choices=faction["aspects"],
        )
    if not any(normalize_name(a) == normalize_name(str(name)) for a in faction["aspects"]):
        raise InputError(
            f"The faction has no aspect {name!r}; its aspects: {', '.join(faction['aspects'])}.",
            missing="erase",
            choices=faction["aspects"],
        )
    _names(ctx, faction["aspects"], str(name), -1, "aspect", reason)


def _history(ctx: Resolution, spec: EffectSpec, reason: str) -> None:
    neighborhood = spec.value or _named(ctx, "neighborhood")
    if neighborhood is None:
        _unrecorded(ctx, "history", 1, reason, "neighborhood")
        return
    histories = ctx.character["histories"]
    open_ones = [
        h for h in histories if normalize_name(h["neighborhood"]) == normalize_name(str(neighborhood)) and not h["marked"]
    ]
    if not open_ones:
        shown = ", ".join(h["neighborhood"] for h in histories if not h["marked"]) or "none"
        raise RulesError(f"No unmarked History for {neighborhood!r}; unmarked Histories: {shown}.")
    open_ones[0]["marked"] = True
    ctx.effect(EffectKind.HISTORY, open_ones[0]["neighborhood"], before=False, after=True, reason=reason)
    _names(
        ctx,
        ctx.character["connections"],
        open_ones[0]["neighborhood"],
        1,
        "connection",
        "marking a History connects you to that neighborhood",
    )


def _demand(ctx: Resolution, spec: EffectSpec, reason: str) -> None:
    demands = ctx.character["demands"]
    unmet = [d for d in demands if not d["met"]]
    if spec.meter == "demand_met":
        if not unmet:
            ctx.notes.append("No unmet Demand on the sheet to mark as met.")
            return
        unmet[0]["met"] = True
        ctx.effect(EffectKind.DEMAND, unmet[0]["text"], before=False, after=True, reason=reason)
        return
    text = spec.value or _named(ctx, "demand")
    if unmet:
        raise RulesError(f"You may not take another Demand until you meet this one: {unmet[0]['text']!r}.")
    if text is None:
        _unrecorded(ctx, "demand", 1, reason, "demand")
        return
    demands.append({"text": str(text), "met": False})
    ctx.effect(EffectKind.DEMAND, str(text), before=None, after=False, reason=reason)


def _insight(ctx: Resolution, name: str) -> None:
    """A new Tie comes with the Insight the Magistrate tells you about them (``options.insight``), kept by name."""
    if "insight" not in ctx.move.options:
        return
    insight = _named(ctx, "insight")
    if insight is None:
        ctx.notes.append(f"The Magistrate tells you what Insight you know about {name}: give it as the insight to keep it.")
        return
    insights = ctx.character["insights"]
    before = insights.get(name)
    insights[name] = insight
    ctx.effect(EffectKind.TIE, f"{name}: insight", before=before, after=insight, reason=f"the Insight you know about {name}")


def apply_list_effect(ctx: Resolution, spec: EffectSpec) -> None:
    reason = spec.note or f"{ctx.move.name}: {ctx.outcome.value.replace('_', ' ')}"
    delta = spec.delta or 0
    meter = spec.meter
    if meter in ("schemes", "productivity"):
        _scheme(ctx, spec, reason)
    elif meter == "belief":
        _mark(ctx, "beliefs", "belief", "belief", delta, reason)
    elif meter == "secret":
        _mark(ctx, "secrets", "secret", "secret", delta, reason)
    elif meter == "tie":
        name = _named(ctx, "target")
        if name is None:
            _unrecorded(ctx, "tie", delta, reason, "target")
        else:
            _names(ctx, ctx.character["ties"], str(name), delta, "tie", reason)
            if delta > 0:
                _insight(ctx, str(name))
    elif meter in ("complications", "aspects"):
        _faction(ctx, spec, reason)
    elif meter == "history":
        _history(ctx, spec, reason)
    elif meter in ("demand", "demand_met"):
        _demand(ctx, spec, reason)
    elif meter == "advances":
        before = int(ctx.character["advances"])
        ctx.character["advances"] = before + delta
        ctx.effect(EffectKind.ADVANCE, "advances", before=before, after=before + delta, delta=delta, reason=reason)
    else:  # pragma: no cover - LIST_METERS and this dispatch list the same names
        raise ConfigError(f"city has no list called {meter!r}.")
