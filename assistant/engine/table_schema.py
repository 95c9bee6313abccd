"""Pydantic models of a ruleset's ``tables.yaml`` (validated at load; a typo fails loudly):
``tables: [{id, name, sides, move, source, rows: [{range: [1, 10], text, roll_twice}]}]``.
"""

from __future__ import annotations

from pydantic import Field

from assistant.engine.schema import ChoiceSpec, FollowUpSpec, Source, _Strict


class RowSpec(_Strict):
    range: tuple[int, int]
    text: str
    roll_twice: bool = False
    follow_ups: list[FollowUpSpec] = Field(default_factory=list)
    """What the row sends the player to ("Face Death", "Sacrifice Resources (-2)", a suffer move...)."""
    choices: list[ChoiceSpec] = Field(default_factory=list)
    """What the row asks the player to pick ("lose 2 point of blood, health or spirit (pick 1)")."""


class TableSpec(_Strict):
    id: str
    name: str
    sides: int = 100
    move: str | None = None
    source: Source | None = None
    source_note: str = ""
    """Where the rows come from when the shipped text lacks them (e.g. the public SRD)."""
    rows: list[RowSpec]
    critical: str = ""
    """A d6-pool table's critical row (two or more sixes), when the text gives it one of its own (Blades)."""
    pool: bool = False
    """The table is read by the highest die of its move's dice pool (Incarceration: the crew's Tier; the vice roll:
    the lowest attribute): rolling it rolls that pool and reads the row, and changes nothing on the sheet."""


class TablesFile(_Strict):
    system: str
    tables: list[TableSpec]
