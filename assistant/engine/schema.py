"""Pydantic models of a ruleset's data files (validated at load; a typo fails loudly).

``moves.yaml``::

    moves:
      - id: face_danger
        name: Face Danger
        category: adventure
        trigger: When you attempt something risky or react to an imminent threat
        source: {file: starforged.txt, lines: [138, 152]}
        roll:
          type: action                  # action | progress | table | oracle | none | pool | total
          stats:
            - {stat: edge, when: "With speed, mobility, or agility"}
            - {stat: [health, iron], pick: highest, when: "roll +health or +iron, whichever is higher"}
        outcomes:
          strong_hit: {text: "...", effects: [{type: meter, meter: momentum, delta: 1}]}
          weak_hit:   {text: "...", follow_ups: [{suffer: -1}]}
          miss:       {text: "...", follow_ups: [{move: pay_the_price}]}
          miss_match: {...}              # optional: replaces ``miss`` when the challenge dice match

``tables.yaml``: ``tables: [{id, name, sides, move, source, rows: [{range: [1, 10], text, roll_twice}]}]``.
``sheet.yaml``: stats, meters (bounds and defaults), impacts, and other character fields.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Source(_Strict):
    file: str
    lines: tuple[int, int]


class Reading(_Strict):
    """How we read an ambiguous passage, with the sentence the reading rests on."""

    reading: str
    sentence: str


class Condition(_Strict):
    """All given fields must hold; ``any`` holds when one of its conditions holds."""

    impact: str | None = None
    not_impact: str | None = None
    was_impact: str | None = None
    """The impact was marked before this move began."""
    meter: str | None = None
    eq: int | None = None
    gt: int | None = None
    lt: int | None = None
    option: str | None = None
    """A truthy request option (e.g. ``resist``)."""
    not_option: str | None = None
    position: str | None = None
    any: list[Condition] | None = None


EffectType = Literal[
    "meter",
    "momentum_reset",
    "position",
    "mark_progress",
    "clock",
    "legacy_reward",
    "legacy_ticks",
    "next_move_add",
    "impact",
    "clear_progress",
    "raise_rank",
    "clear_track",
    "xp",
    "suffer",
]


class EffectSpec(_Strict):
    type: EffectType
    meter: str | None = None
    delta: int | None = None
    delta_from: str | None = None
    """Read the amount from a request option (e.g. ``amount`` for Endure Harm)."""
    sign: int = 1
    value: str | None = None
    times: int = 1
    track: str | None = None
    ticks: int | None = None
    rank_shift: int = 0
    impact: str | None = None
    mark: bool = True
    by: str | None = None
    when: Condition | None = None
    note: str = ""


class FollowUpSpec(_Strict):
    move: str | None = None
    table: str | None = None
    suffer: int | None = None
    """Make a suffer move with this amount (e.g. -1)."""
    text: str = ""
    when: Condition | None = None

    @model_validator(mode="after")
    def _one_target(self) -> FollowUpSpec:
        if sum(x is not None for x in (self.move, self.table, self.suffer)) != 1:
            raise ValueError("a follow-up names exactly one of move, table or suffer")
        return self


class OptionSpec(_Strict):
    id: str
    label: str
    effects: list[EffectSpec] = Field(default_factory=list)
    follow_ups: list[FollowUpSpec] = Field(default_factory=list)


class ChoiceSpec(_Strict):
    id: str
    prompt: str
    pick: int = 1
    options: list[OptionSpec]
    when: Condition | None = None


class OutcomeSpec(_Strict):
    text: str
    effects: list[EffectSpec] = Field(default_factory=list)
    choices: list[ChoiceSpec] = Field(default_factory=list)
    follow_ups: list[FollowUpSpec] = Field(default_factory=list)


class StatOption(_Strict):
    stat: str | list[str]
    pick: Literal["highest", "lowest"] = "highest"
    when: str = ""

    @property
    def stats(self) -> list[str]:
        return [self.stat] if isinstance(self.stat, str) else list(self.stat)


RollType = Literal["action", "progress", "table", "oracle", "none", "pool", "total"]


class RollSpec(_Strict):
    type: RollType
    stats: list[StatOption] = Field(default_factory=list)
    track: str | None = None
    """For progress moves: the kind of track (vow, expedition, connection, combat, scene,
    legacy:quests, legacy:bonds, legacy:discoveries)."""
    table: str | None = None
    when: Condition | None = None
    """Roll only when this holds (e.g. Endure Harm rolls when health is 0 or you resist)."""
    action_die: bool = True
    extra: dict[str, Any] = Field(default_factory=dict)
    """System-specific roll parameters (tiers, keep rules, pool sources)."""


class MoveSpec(_Strict):
    id: str
    name: str
    category: str
    trigger: str
    text: str
    """The move's full rules text."""
    source: Source
    roll: RollSpec
    progress_move: bool = False
    requires: Condition | None = None
    before_roll: list[EffectSpec] = Field(default_factory=list)
    outcomes: dict[str, OutcomeSpec] = Field(default_factory=dict)
    choices: list[ChoiceSpec] = Field(default_factory=list)
    """Choices that apply whatever the outcome (e.g. Change Your Fate)."""
    follow_ups: list[FollowUpSpec] = Field(default_factory=list)
    options: dict[str, str] = Field(default_factory=dict)
    """Request options this move reads, with what they mean (shown in errors and docs)."""
    readings: list[Reading] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)


class MovesFile(_Strict):
    system: str
    moves: list[MoveSpec]


class RowSpec(_Strict):
    range: tuple[int, int]
    text: str
    roll_twice: bool = False


class TableSpec(_Strict):
    id: str
    name: str
    sides: int = 100
    move: str | None = None
    source: Source | None = None
    source_note: str = ""
    """Where the rows come from when the shipped text lacks them (e.g. the public SRD)."""
    rows: list[RowSpec]


class TablesFile(_Strict):
    system: str
    tables: list[TableSpec]


class AtMax(_Strict):
    """What happens when a gain brings a meter to its maximum (Blades: heat -> wanted level, stress -> trauma)."""

    meter: str
    """The meter that takes +1 each time this one reaches its maximum."""
    rolls_over: bool = False
    """The meter then restarts at its minimum keeping the excess (heat); otherwise the excess is lost (stress)."""
    rule: str
    """The rule, in the text's words (the reason of the change)."""


class MeterSpec(_Strict):
    name: str
    min: int
    max: int
    default: int
    at_max: AtMax | None = None


class StatSpec(_Strict):
    name: str
    min: int = 0
    max: int = 5
    default: int = 1


class SheetFile(_Strict):
    system: str
    stats: list[StatSpec]
    meters: list[MeterSpec] = Field(default_factory=list)
    impacts: list[str] = Field(default_factory=list)
    fields: dict[str, Any] = Field(default_factory=dict)
    """Other character fields and their defaults (position, legacy tracks, xp...)."""
