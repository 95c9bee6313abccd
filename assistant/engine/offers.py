"""Conditions, choices and follow-ups of a resolution: whether a rule's condition holds for the character now,
the choices an outcome opens (and what each option shows), and what the rules say happens next.

They read and record on a :class:`~assistant.engine.context.Resolution`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from assistant.engine.errors import InputError
from assistant.engine.model import Choice, ChoiceOption, FollowUp, trusted, trusted_fields
from assistant.engine.safe_json import ATOMS, copy_value
from assistant.engine.schema import ChoiceSpec, Condition, FollowUpSpec
from assistant.engine.sheet_copy import Copier, copier

if TYPE_CHECKING:
    from assistant.engine.context import Resolution


def holds(ctx: Resolution, cond: Condition | None) -> bool:
    if cond is None:
        return True
    ch = ctx.character
    checks: list[bool] = []
    if cond.impact is not None:
        checks.append(cond.impact in ch.get("impacts", []))
    if cond.not_impact is not None:
        checks.append(cond.not_impact not in ch.get("impacts", []))
    if cond.was_impact is not None:
        checks.append(cond.was_impact in ctx.before.get("impacts", []))
    if cond.meter is not None:
        value = ctx.ruleset.meter_value(ctx, cond.meter)
        if cond.eq is not None:
            checks.append(value == cond.eq)
        if cond.gt is not None:
            checks.append(value > cond.gt)
        if cond.lt is not None:
            checks.append(value < cond.lt)
        if cond.lt_field is not None and isinstance(ch.get(cond.lt_field), int):
            checks.append(value < ch[cond.lt_field])
    if cond.option is not None:
        checks.append(bool(ctx.options.get(cond.option)))
    if cond.not_option is not None:
        checks.append(not ctx.options.get(cond.not_option))
    if cond.position is not None:
        checks.append(ctx.ruleset.position(ctx) == cond.position)
    if cond.any is not None:
        checks.append(any(holds(ctx, c) for c in cond.any))
    return all(checks)


def describe(ctx: Resolution, cond: Condition | None) -> str | None:
    """A meter or impact condition in the player's words ("your blood is at 0 (it is 5 now)"); None for others."""
    if cond is None or any(x is not None for x in (cond.was_impact, cond.option, cond.not_option, cond.position)):
        return None
    parts: list[str] = []
    if cond.any:
        alternatives = [describe(ctx, c) for c in cond.any]
        if not all(alternatives):
            return None
        parts.append(" or ".join(a for a in alternatives if a))
    if cond.meter is not None and cond.lt_field is not None:
        return None
    if cond.meter is not None:
        bound = f"at {cond.eq}" if cond.eq is not None else f"above {cond.gt}" if cond.gt is not None else f"below {cond.lt}"
        value = ctx.ruleset.meter_value(ctx, cond.meter)
        parts.append(f"your {cond.meter.replace('_', ' ')} is {bound} (it is {value} now)")
    if cond.impact is not None:
        parts.append(f"you are {cond.impact.replace('_', ' ')}")
    if cond.not_impact is not None:
        parts.append(f"you are not {cond.not_impact.replace('_', ' ')}")
    return " and ".join(parts) or None


def outcome_choice_specs(ctx: Resolution) -> Sequence[ChoiceSpec]:
    """The choice specs of the move and of the outcome it reached (see :func:`outcome_key`)."""
    return list(ctx.ruleset.plan(ctx.move).reading(ctx.outcome, ctx.match).choices)


def choice_budget(ctx: Resolution, spec: ChoiceSpec) -> int | None:
    """The points a budgeted choice may spend: the row of its ``points`` the request's option selects, for the
    outcome reached, plus the extra points the request buys (Repair)."""
    budget = spec.budget
    if budget is None:
        return None
    row_key = ctx.options.get(budget.option)
    if row_key is None:
        rows = list(budget.points)
        raise InputError(
            f"{ctx.move.name}: say the situation ({', '.join(r.replace('_', ' ') for r in rows)}) to know the points.",
            missing=budget.option,
            choices=rows,
        )
    row = budget.points.get(str(row_key), {})
    points = row.get(ctx.outcome.value, 0)
    if budget.extra_option is not None:
        points += int(ctx.options.get(budget.extra_option, 0) or 0)
    return points


def option_view(ctx: Resolution, option: Any) -> ChoiceOption:
    """An option as the result shows it: whether the character can pick it now, and why not."""
    available = holds(ctx, option.requires)
    shown, copy = _effects_shown(option)
    return trusted_fields(
        ChoiceOption,
        {
            "id": option.id,
            "label": option.label,
            "effects": copy(shown),
            "cost": option.cost,
            "available": available,
            "why": "" if available else (option.refusal or "not possible now"),
        },
    )


#: Each option's effects as a result shows them, by option (its spec is immutable data of a ruleset), with the
#: function that copies them.
_EFFECTS_SHOWN: dict[int, tuple[Any, list[dict[str, Any]], Callable[[Any], Any]]] = {}


def _effects_shown(option: Any) -> tuple[list[dict[str, Any]], Callable[[Any], Any]]:
    """The option's effects as a result shows them (worked out once per option; never handed out uncopied), and
    the function that copies them."""
    held = _EFFECTS_SHOWN.get(id(option))
    if held is None or held[0] is not option:
        if len(_EFFECTS_SHOWN) >= 10_000:
            _EFFECTS_SHOWN.clear()
        shown = [e.model_dump(exclude_defaults=True) for e in option.effects]
        copy = _copy_list_of_plain_dicts if all(all(type(v) in ATOMS for v in e.values()) for e in shown) else copy_value
        held = _EFFECTS_SHOWN[id(option)] = (option, shown, copy)
    return held[1], held[2]


def _copy_list_of_plain_dicts(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``copy_value`` of a list of dicts of plain values."""
    return [item.copy() for item in items]


def offer_choice(ctx: Resolution, spec: ChoiceSpec) -> None:
    """Open a choice (once per resolution); one a rule opens in code is remembered so a pick can apply it."""
    choice_id = spec.id
    for open_choice in ctx.choices:
        if open_choice.id == choice_id:
            return
    own = (ctx.plan or ctx.ruleset.plan(ctx.move)).reading(ctx.outcome, ctx.match).choices  # outcome_choice_specs
    if spec not in own and spec not in ctx.extra_choice_specs:
        ctx.extra_choice_specs.append(spec)
    budget = spec.budget
    fields = {
        "id": choice_id,
        "prompt": spec.prompt,
        "pick": 0 if budget is not None else spec.pick,
        "options": [option_view(ctx, o) for o in spec.options],
        "repeat": spec.repeat,
        "required": spec.required,
        "budget": None if budget is None else choice_budget(ctx, spec),
    }
    ctx.choices.append(trusted_fields(Choice, fields))


#: Follow-ups that read nothing of the request (no ``amount_from``, ``carry`` or ``for_option``), built once per
#: ruleset and spec: ``(id(ruleset), id(spec))`` -> (both, kept so the ids are not reused; the FollowUp, frozen,
#: handed out as it is when it holds no request, else with a copy of its request; the function that copies it).
_STATIC_FOLLOW_UPS: dict[tuple[int, int], tuple[Any, Any, FollowUp, Copier | None]] = {}
_MAX_STATIC = 4096


def add_follow_up(ctx: Resolution, fu: FollowUpSpec) -> None:
    """Offer what the rules say comes next. A follow-up that reads nothing of the request is worked out once (per
    ruleset and spec) and handed out as a copy."""
    if fu.amount_from is None and not fu.carry and fu.for_option is None:
        key = (id(ctx.ruleset), id(fu))
        known = _STATIC_FOLLOW_UPS.get(key)
        if known is None or known[0] is not ctx.ruleset or known[1] is not fu:
            mark = len(ctx.follow_ups)
            _add_follow_up(ctx, fu)
            if len(ctx.follow_ups) == mark:
                return
            if len(_STATIC_FOLLOW_UPS) >= _MAX_STATIC:
                _STATIC_FOLLOW_UPS.clear()
            made = ctx.follow_ups.pop()
            copy = copier(made.request) if made.request is not None else None
            known = _STATIC_FOLLOW_UPS[key] = (ctx.ruleset, fu, made, copy)
        made = known[2]
        copy = known[3]
        if copy is not None:  # frozen, but its request is a dict: each result gets its own
            made = trusted_fields(FollowUp, {**made.__dict__, "request": copy(known[2].request or {})})
        ctx.follow_ups.append(made)
        return
    _add_follow_up(ctx, fu)


def _add_follow_up(ctx: Resolution, fu: FollowUpSpec) -> None:
    system = ctx.ruleset.system_id
    if fu.move and ":" in fu.move:  # a door: a change on a sheet, such as +1 health for a companion of its own
        door: dict[str, Any] = {"system": system, "move": fu.move, "options": dict(fu.options)}
        title = fu.move.partition(":")[2].replace("_", " ").capitalize()
        ctx.follow_ups.append(
            _follow_up(kind="move", move=title, reason=fu.text or title, request=door, target=_named(ctx, fu.for_option))
        )
        return
    given = ctx.options.get(fu.amount_from) if fu.amount_from else None
    if isinstance(given, int) and not isinstance(given, bool):
        fu = fu.model_copy(update={"suffer": -abs(given)} if fu.suffer is not None else {"amount": -abs(given)})
    if fu.move:
        target = ctx.ruleset.move_by_id(fu.move)
        request: dict[str, Any] = {"system": system, "move": target.id}
        options: dict[str, Any] = dict(fu.options)
        if fu.amount is not None:
            options["amount"] = abs(fu.amount)
        if fu.outcome is not None:
            options["automatic"] = fu.outcome
        options.update({new: ctx.options[old] for new, old in fu.carry.items() if ctx.options.get(old) is not None})
        if options:
            request["options"] = options
        cost = f" ({fu.amount:+d})" if fu.amount is not None else ""
        automatic = f", with an automatic {fu.outcome.replace('_', ' ')}" if fu.outcome else ""
        ctx.follow_ups.append(
            _follow_up(
                kind="move",
                move=target.name,
                reason=fu.text or f"{target.name}{cost}{automatic}",
                request=request,
                amount=fu.amount,
                target=_named(ctx, fu.for_option),
            )
        )
    elif fu.table:
        table = ctx.ruleset.tables[fu.table]
        ctx.follow_ups.append(
            _follow_up(
                kind="table",
                move=table.name,
                reason=fu.text or "Roll on the table",
                request={"system": system, "move": f"table:{table.id}"},
            )
        )
    elif fu.suffer is not None:
        reason = fu.text or f"Make a suffer move ({fu.suffer})"
        follow_up = _follow_up(kind="suffer", move="suffer move", reason=reason, amount=fu.suffer)
        if ctx.move.category == "suffer":  # "apply the cost to a different suffer move": not this one again
            follow_up = follow_up.model_copy(update={"other_than": ctx.move.id})
        ctx.follow_ups.append(follow_up)


def _follow_up(
    *,
    kind: str,
    move: str,
    reason: str,
    amount: int | None = None,
    request: dict[str, Any] | None = None,
    target: str | None = None,
) -> FollowUp:
    """A follow-up from values of the declared types (the engine's own), built without validating them again."""
    if (
        kind in ("move", "table", "suffer")
        and type(move) is str
        and type(reason) is str
        and (amount is None or type(amount) is int)
    ):
        return trusted(FollowUp, kind=kind, move=move, reason=reason, amount=amount, request=request, target=target)
    return FollowUp(kind=kind, move=move, reason=reason, amount=amount, request=request, target=target)  # type: ignore[arg-type]


def _named(ctx: Resolution, option: str | None) -> str | None:
    """The character a request option names (None when it names no one)."""
    value = ctx.options.get(option) if option else None
    return value.strip() if isinstance(value, str) and value.strip() else None


def follow_move(ctx: Resolution, move_id: str, reason: str, options: dict[str, Any] | None = None) -> None:
    """Offer another move of the system as what comes next (with a ready request)."""
    target = ctx.ruleset.move_by_id(move_id)
    request: dict[str, Any] = {"system": ctx.ruleset.system_id, "move": target.id}
    if options:
        request["options"] = options
    amount = options.get("amount") if options else None
    ctx.follow_ups.append(
        _follow_up(
            kind="move", move=target.name, reason=reason, request=request, amount=-amount if isinstance(amount, int) else None
        )
    )
