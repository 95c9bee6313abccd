"""Table rolls: one die on a table (or several, for a roll of aspects), or a table read by a move's dice pool."""

from __future__ import annotations

import assistant.engine.rolls as rolls
from assistant.engine.context import Resolution, option_int
from assistant.engine.offers import add_follow_up, holds, offer_choice
from assistant.engine.oracle import Table, TableRow, roll_table
from assistant.engine.outcomes import Outcome
from assistant.engine.roll_steps import ZERO_DICE_NOTE, pool_size


def table_step(ctx: Resolution) -> None:
    table_id = ctx.move.roll.table
    assert table_id is not None  # checked at load
    table = ctx.ruleset.tables[table_id]
    if table.pool and table.move:
        return _pool_table_step(ctx, table)
    count = option_int(ctx, "aspects", 1, 3, default=1) if "aspects" in ctx.ruleset.options_for(ctx.move) else 1
    rolled = [roll_table(table, ctx.source) for _ in range(count)]
    rows = [row for r in rolled for row in _once(r.rows)]
    twice = {id(row) for r in rolled for row in r.rows if r.rows.count(row) > 1}
    said = [f"{row.text} {SAME_TWICE}" if id(row) in twice else row.text for row in rows]
    ctx.table = {
        "table": table.id,
        "name": table.name,
        "rolls": [v for r in rolled for v in r.rolls],
        "rows": [{"range": [row.low, row.high], "text": text} for row, text in zip(rows, said, strict=True)],
    }
    ctx.score = rolled[0].rolls[0]
    ctx.text = "\n".join(f"- {text}" for text in said)
    for row in rows:
        for fu in row.follow_ups:
            if holds(ctx, fu.when):
                add_follow_up(ctx, fu)
        for choice in row.choices:
            if holds(ctx, choice.when):
                offer_choice(ctx, choice)


SAME_TWICE = "(rolled twice, the same both times: make it worse)"
"""Said of a row a "roll twice" landed on twice: both results occur, and the same result twice makes it worse."""


def _once(rows: list[TableRow]) -> list[TableRow]:
    """The rows a roll landed on, each once (a "roll twice" may land on the same row twice)."""
    return [row for n, row in enumerate(rows) if row not in rows[:n]]


def _pool_table_step(ctx: Resolution, table: Table) -> None:
    """A table read by the highest die of its move's dice pool (the crew's Tier for the incarceration roll, the
    lowest attribute for the vice roll): the pool is sized as the move sizes it and rolled; the row is shown, and
    the sheet is left alone (the move itself applies it)."""
    rolled_by = ctx.move
    ctx.move = ctx.ruleset.move_by_id(table.move or "")
    try:
        pool = pool_size(ctx)
    finally:
        ctx.move = rolled_by
    if ctx.source.any_forced:
        ctx.source.require_forced(2 if pool == 0 else pool, f"{table.name}'s dice pool")
    roll = rolls.pool_roll(ctx.source, pool)
    ctx.source.rolled[-len(roll.dice) :] = roll.dice  # the card shows which die counted and which were dropped
    row = table.row_for(roll.result)
    text = table.critical if roll.outcome is Outcome.CRITICAL and table.critical else row.text
    ctx.table = {
        "table": table.id,
        "name": table.name,
        "rolls": [roll.result],
        "rows": [{"range": [row.low, row.high], "text": text}],
        "pool": pool,
    }
    ctx.score, ctx.pool = roll.result, pool
    ctx.text = f"- {text}"
    if pool == 0:
        ctx.notes.append(ZERO_DICE_NOTE)
