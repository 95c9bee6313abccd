"""Random tables (d100 or dN, with ranges and "roll twice") and the yes/no oracle by odds."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from assistant.engine.dice import DiceSource, Die
from assistant.engine.errors import InputError
from assistant.engine.schema import ChoiceSpec, FollowUpSpec

#: How deep "roll twice" may recurse before we stop rolling (each level adds two rolls).
MAX_ROLL_TWICE_DEPTH = 3


@dataclass(frozen=True)
class TableRow:
    low: int
    high: int
    text: str
    roll_twice: bool = False
    """The row says "Roll twice": roll two more times on the same table instead."""
    follow_ups: tuple[FollowUpSpec, ...] = ()
    """What the row sends the player to (a move, a table, a suffer move)."""
    choices: tuple[ChoiceSpec, ...] = ()
    """What the row asks the player to pick."""

    def covers(self, value: int) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class Table:
    id: str
    name: str
    rows: tuple[TableRow, ...]
    sides: int = 100
    move: str | None = None
    """The move whose text contains the table, if any."""
    source: str = ""
    pool: bool = False
    """Rolled with the dice pool of :attr:`move` (its highest die reads the row), not one die."""
    critical: str = ""
    """The row a critical of that pool reads (two or more sixes), when the table has one of its own."""

    def __post_init__(self) -> None:
        expected = 1
        for row in sorted(self.rows, key=lambda r: r.low):
            if row.low != expected or row.high < row.low:
                raise InputError(f"Table {self.id}: rows must cover 1-{self.sides} without gaps (at {row.low}).")
            expected = row.high + 1
        if expected != self.sides + 1:
            raise InputError(f"Table {self.id}: rows end at {expected - 1}, not {self.sides}.")

    def row_for(self, value: int) -> TableRow:
        for row in self.rows:
            if row.covers(value):
                return row
        raise InputError(f"{value} is outside table {self.name} (1-{self.sides}).")


@dataclass(frozen=True)
class TableRoll:
    """The rows a table roll landed on: one normally, more after "roll twice"."""

    table: Table
    rolls: list[int] = field(default_factory=list)
    """Every value rolled, in order (including the ones that said "roll twice")."""
    rows: list[TableRow] = field(default_factory=list)
    """The final rows (never a "roll twice" row)."""
    dice: list[Die] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "; ".join(r.text for r in self.rows)

    def to_dict(self) -> dict[str, object]:
        return {
            "table": self.table.id,
            "name": self.table.name,
            "rolls": self.rolls,
            "rows": [{"range": [r.low, r.high], "text": r.text} for r in self.rows],
        }


def roll_table(table: Table, source: DiceSource, _depth: int = 0) -> TableRoll:
    """Roll on ``table``; a "roll twice" row rolls two more times (recursively, to a limit)."""
    die = source.roll(table.sides, "table")
    row = table.row_for(die.value)
    result = TableRoll(table=table, rolls=[die.value], rows=[], dice=[die])
    if not row.roll_twice:
        result.rows.append(row)
        return result
    if _depth >= MAX_ROLL_TWICE_DEPTH:
        result.rows.append(row)  # give up rolling and show the "roll twice" row itself
        return result
    for _ in range(2):
        sub = roll_table(table, source, _depth + 1)
        result.rolls.extend(sub.rolls)
        result.rows.extend(sub.rows)
        result.dice.extend(sub.dice)
    return result


class Odds(str, Enum):
    """Odds for a yes/no oracle question, with the d100 threshold for a yes (roll <= threshold)."""

    SMALL_CHANCE = "small chance"
    UNLIKELY = "unlikely"
    FIFTY_FIFTY = "50/50"
    LIKELY = "likely"
    ALMOST_CERTAIN = "almost certain"

    @property
    def threshold(self) -> int:
        return {"small chance": 10, "unlikely": 25, "50/50": 50, "likely": 75, "almost certain": 90}[self.value]

    @classmethod
    def parse(cls, value: object) -> Odds:
        if type(value) is str:  # the odds as written before (a few spellings), found at once
            known = _ODDS_AS_GIVEN.get(value)
            if known is not None:
                return known
        text = " ".join(str(value).strip().lower().replace("_", " ").replace("-", " ").split())
        aliases = {
            "50 50": "50/50",
            "fifty fifty": "50/50",
            "even": "50/50",
            "small": "small chance",
            "certain": "almost certain",
            "sure thing": "almost certain",
        }
        text = aliases.get(text, text)
        for odds in cls:
            if odds.value == text:
                if type(value) is str and len(_ODDS_AS_GIVEN) < 256:
                    _ODDS_AS_GIVEN[value] = odds
                return odds
        raise InputError(f"Unknown odds {value!r}; use one of: {', '.join(o.value for o in cls)}.")


#: Odds by the text a request gave (each spelling read once; at most 256 kept).
_ODDS_AS_GIVEN: dict[str, Odds] = {}


@dataclass(frozen=True)
class OracleAnswer:
    value: int
    threshold: int
    yes: bool
    match: bool
    """Both digits equal (11, 22, ... 99, 100): an extreme result or twist."""
    die: Die


def is_d100_match(value: int) -> bool:
    return value == 100 or (value >= 11 and value % 11 == 0)


def ask_yes_no(source: DiceSource, threshold: int) -> OracleAnswer:
    """Roll d100: yes when the roll is at most ``threshold``."""
    if not 0 <= threshold <= 100:
        raise InputError(f"A yes/no threshold is 0-100; got {threshold}.")
    die = source.roll(100, "oracle")
    return OracleAnswer(value=die.value, threshold=threshold, yes=die.value <= threshold, match=is_d100_match(die.value), die=die)
