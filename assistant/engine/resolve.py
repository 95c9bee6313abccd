"""The engine's front door: ``resolve(request, rng) -> Result``."""

from __future__ import annotations

import random
from typing import Any

from assistant.engine.dice import DiceSource
from assistant.engine.doors import door_kind, resolve_door
from assistant.engine.errors import AssistantError, InputError, InternalError
from assistant.engine.kinds import RollKind
from assistant.engine.model import DieRecord, Request, Result
from assistant.engine.outcomes import Outcome
from assistant.engine.registry import get_ruleset
from assistant.engine.resolution import resolve_move
from assistant.engine.ruleset import Ruleset
from assistant.engine.safe_json import copy_value
from assistant.engine.schema import MoveSpec, RollSpec, Source


def table_move(ruleset: Ruleset, name: str) -> MoveSpec:
    """A synthetic move that rolls one of the system's tables (``table:<name>``)."""
    table = ruleset.find_table(name)
    return MoveSpec(
        id=f"table:{table.id}",
        name=table.name,
        category="table",
        trigger=f"Roll on {table.name}.",
        text=table.source,
        source=Source(file="", lines=(0, 0)),
        roll=RollSpec(type="table", table=table.id),
    )


def resolve(request: Request | dict[str, Any] | str, rng: random.Random | None = None) -> Result:
    """Resolve one request. Never mutates its input.

    Raises only :class:`AssistantError` subclasses: the player's errors (:class:`InputError`,
    :class:`RulesError`...), a data fault (:class:`ConfigError`), or, for a bug in the engine itself,
    :class:`InternalError` (never disguised as the player's fault).
    """
    try:
        req = request if isinstance(request, Request) else Request.parse(request)
        ruleset = get_ruleset(req.system)
        move_name = req.move.strip()
        if ":" not in move_name:  # a move by its name (dice notation, tables and doors are written with a colon)
            return resolve_move(ruleset, req, ruleset.find_move(move_name), rng)
        return _resolve(req, ruleset, move_name, rng)
    except AssistantError:
        raise
    except Exception as exc:  # a bug: say so, keep the cause for whoever debugs it
        raise InternalError(
            f"The engine failed on this request ({type(exc).__name__}: {exc}); this is a bug in the engine, not your input."
        ) from exc


def _resolve(req: Request, ruleset: Ruleset, move_name: str, rng: random.Random | None) -> Result:
    """A request whose move is written with a colon: free dice notation, a table, a door (or a move so named)."""
    if move_name.lower().startswith("roll:"):
        return _resolve_notation(req, ruleset, move_name[5:], rng)
    if door_kind(move_name):
        return resolve_door(ruleset, req, rng)
    move = table_move(ruleset, move_name[6:]) if move_name.lower().startswith("table:") else ruleset.find_move(move_name)
    return resolve_move(ruleset, req, move, rng)


def _resolve_notation(req: Request, ruleset: Ruleset, expression: str, rng: random.Random | None) -> Result:
    if req.options:
        raise InputError("A free dice roll takes no options.")
    if req.stat is not None:
        raise InputError("A free dice roll takes no stat: write it into the dice (2d6+2).", missing="stat")
    source = DiceSource(rng=rng, forced=req.dice)
    from assistant.engine.notation import roll_notation  # d20 builds its parser on import: only for notation

    roll = roll_notation(expression, source)
    source.check_all_forced_used()
    character = ruleset.sheet.normalize(req.character) if req.character is not None else None
    return Result(
        system=ruleset.system_id,
        move=roll.expression,
        move_id="roll",
        roll=RollKind.NOTATION,
        outcome=Outcome.NONE,
        score=roll.total,
        dice=[d.value for d in source.rolled],
        dice_detail=[DieRecord.of(d) for d in source.rolled],
        character_before=copy_value(character),
        character=character,
        text=roll.detail,
    )
