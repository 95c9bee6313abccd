"""The checks a rule system's data passes when it is loaded: the sheet's meters and impacts named where they are
used, follow-ups naming moves, tables and options that exist, moves rolling stats the sheet has, effects with an
amount. Every fault found is a sentence naming it; :meth:`RulesetData.validate` raises them as one ConfigError."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar, Protocol

from assistant.engine.core_options import CORE_VARIANTS, DOOR_KINDS
from assistant.engine.errors import ConfigError
from assistant.engine.move_parts import effect_specs, follow_up_specs
from assistant.engine.oracle import Table
from assistant.engine.schema import FollowUpSpec, MoveSpec, RequestOption
from assistant.engine.sheet import Sheet
from assistant.engine.table_schema import TableSpec


class CheckedData(Protocol):
    """What the checks read of :class:`~assistant.engine.data.RulesetData` (named here, not imported: no cycle)."""

    system_id: ClassVar[str]
    variants: ClassVar[dict[str, str]]
    extra_meters: ClassVar[frozenset[str]]
    extra_stats: ClassVar[frozenset[str]]

    @property
    def moves(self) -> list[MoveSpec]: ...
    @property
    def sheet(self) -> Sheet: ...
    @property
    def tables(self) -> dict[str, Table]: ...
    @property
    def table_specs(self) -> list[TableSpec]: ...
    @property
    def option_types(self) -> dict[str, RequestOption]: ...
    def options_for(self, move: MoveSpec) -> dict[str, RequestOption]: ...
    def move_by_id(self, move_id: str) -> MoveSpec: ...


def validate(data: CheckedData) -> None:
    """Load everything and check it hangs together; every fault is a :class:`ConfigError` naming it."""
    problems = [
        *_sheet_problems(data),
        *(p for move in data.moves for p in _move_problems(data, move)),
        *table_problems(data),
    ]
    if problems:
        shown = "; ".join(problems[:8]) + (f"; and {len(problems) - 8} more" if len(problems) > 8 else "")
        raise ConfigError(f"The {data.system_id} ruleset data is inconsistent: {shown}.")


def _sheet_problems(data: CheckedData) -> Iterator[str]:
    spec, meters, impacts = data.sheet.spec, data.sheet.meters, set(data.sheet.impacts)
    if spec.burn is not None and spec.burn.meter not in meters:
        yield f"sheet: burn meter {spec.burn.meter!r} is not a meter"
    if spec.burn is not None and not spec.burn.reset:
        yield "sheet: the burn meter needs its reset values"
    if spec.next_move_add is not None and spec.next_move_add not in spec.fields:
        yield f"sheet: next_move_add field {spec.next_move_add!r} is not a field"
    if spec.suffer_overflow is not None and spec.suffer_overflow not in meters:
        yield f"sheet: suffer_overflow {spec.suffer_overflow!r} is not a meter"
    for meter in spec.meters:
        if meter.at_max is not None and meter.at_max.meter not in meters:
            yield f"sheet: {meter.name}.at_max names {meter.at_max.meter!r}, not a meter"
        if meter.at_min is not None and meter.at_min.impact not in impacts:
            yield f"sheet: {meter.name}.at_min marks {meter.at_min.impact!r}, not an impact"
        if meter.past_min is not None:
            for impact in meter.past_min.impacts:
                if impact not in impacts:
                    yield f"sheet: {meter.name}.past_min marks {impact!r}, not an impact"
            if meter.past_min.then is not None and meter.past_min.then not in {m.id for m in data.moves}:
                yield f"sheet: {meter.name}.past_min names the move {meter.past_min.then!r}, which does not exist"


def _follow_up_problems(data: CheckedData, where: str, fu: FollowUpSpec, known_moves: set[str]) -> Iterator[str]:
    if fu.move and fu.move.partition(":")[0] in DOOR_KINDS:
        if fu.amount is not None or fu.outcome is not None or fu.carry:
            yield f"{where}: a follow-up door ({fu.move!r}) takes its arguments as options"
        return
    if fu.move and fu.move not in known_moves:
        yield f"{where}: follow-up move {fu.move!r} does not exist"
    if fu.table and fu.table not in data.tables:
        yield f"{where}: follow-up table {fu.table!r} does not exist"
    if (fu.amount is not None or fu.outcome is not None) and not fu.move:
        yield f"{where}: a follow-up's amount or outcome belongs to a follow-up move"
    if fu.move in known_moves:
        target = data.move_by_id(fu.move)
        if fu.amount is not None and "amount" not in data.options_for(target):
            yield f"{where}: follow-up {fu.move!r} is given an amount, but takes none"
        if fu.outcome is not None and target.roll.type not in ("action", "progress"):
            yield f"{where}: follow-up {fu.move!r} is given an automatic outcome, but makes no roll"
        for name in [*fu.options, *fu.carry]:
            if name not in data.options_for(target):
                yield f"{where}: follow-up {fu.move!r} is given the option {name!r}, which it does not take"
    if (fu.for_option or fu.carry) and not fu.move:
        yield f"{where}: only a follow-up move is resolved for another character or carries options"


def table_problems(data: CheckedData) -> Iterator[str]:
    known_moves = {m.id for m in data.moves}
    moves = {m.id: m for m in data.moves}
    for table in data.table_specs:
        owner = moves.get(table.move or "")
        if table.pool and (owner is None or owner.roll.type != "pool" or table.sides != 6):
            yield f"table {table.id}: a pool table reads the d6 pool of its move, and {table.move!r} rolls none"
        for row in table.rows:
            for fu in row.follow_ups:
                yield from _follow_up_problems(data, f"table {table.id}", fu, known_moves)


def _move_problems(data: CheckedData, move: MoveSpec) -> Iterator[str]:
    where = f"{move.id}"
    known_moves = {m.id for m in data.moves}
    options = data.options_for(move)
    for name in move.options:
        if name not in data.option_types:
            yield f"{where}: option {name!r} has no type (declare it in the file's options)"
    for fu in follow_up_specs(move):
        yield from _follow_up_problems(data, where, fu, known_moves)
    if move.roll.table and move.roll.table not in data.tables:
        yield f"{where}: roll table {move.roll.table!r} does not exist"
    rollable = {*data.sheet.stats, *data.sheet.meters, *data.extra_stats}
    for stat_option in move.roll.stats:
        for stat in stat_option.stats:
            if stat not in rollable:
                yield f"{where}: rolls {stat!r}, which is no stat or meter"
    extra = move.roll.extra
    if extra.dice_option is not None and options.get(extra.dice_option, RequestOption()).type != "int":
        yield f"{where}: dice_option {extra.dice_option!r} is not a whole-number option of the move"
    if extra.minus_each is not None and extra.minus_each not in data.sheet.spec.fields:
        yield f"{where}: minus_each {extra.minus_each!r} is not a sheet field"
    variants = {**CORE_VARIANTS, **data.variants}
    meters = {*data.sheet.meters, *data.extra_meters}
    for effect in effect_specs(move):
        if effect.by is not None and effect.by not in variants:
            yield f"{where}: effect variant by: {effect.by!r} is unknown (known: {', '.join(sorted(variants))})"
        if effect.type in ("meter", "suffer") and effect.meter not in meters:
            yield f"{where}: {effect.type} effect on {effect.meter!r}, which is no meter"
        if effect.type == "impact" and effect.by is None and effect.impact not in data.sheet.impacts:
            yield f"{where}: impact effect on {effect.impact!r}, which is no impact"
        amount = effect.amount
        if amount is not None and amount.option is not None and options.get(amount.option, RequestOption()).type != "int":
            yield f"{where}: amount from {amount.option!r}, which is not a whole-number option of the move"
        if amount is not None and amount.meter is not None and amount.meter not in data.sheet.meters:
            yield f"{where}: amount from {amount.meter!r}, which is no meter"
        needs_amount = (
            effect.type in ("meter", "suffer", "clock", "xp", "next_move_add") and effect.meter not in data.extra_meters
        )
        if needs_amount and effect.delta is None and effect.amount is None and effect.by is None:
            yield f"{where}: {effect.type} effect without an amount (delta or amount)"
