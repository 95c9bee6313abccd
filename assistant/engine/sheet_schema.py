"""Pydantic models of a ruleset's ``sheet.yaml`` (validated at load; a typo fails loudly): stats, meters (bounds,
defaults, what happens at their limits), impacts and other character fields, the action roll, momentum burn, the
oracle's thresholds, and the fields a player may edit or set at creation."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from assistant.engine.schema import _Strict


class AtMax(_Strict):
    """What happens when a gain brings a meter to its maximum (Blades: heat -> wanted level, stress -> trauma)."""

    meter: str
    """The meter that takes +1 each time this one reaches its maximum."""
    rolls_over: bool = False
    """The meter then restarts at its minimum keeping the excess (heat); otherwise the excess is lost (stress)."""
    rule: str
    """The rule, in the text's words (the reason of the change)."""


class AtMin(_Strict):
    """A loss that brings a meter to its minimum marks an impact (Starforged: supply 0 -> unprepared)."""

    impact: str
    rule: str


class PastMin(_Strict):
    """A loss that does not fit below a meter's minimum: mark these impacts, one per loss, in order; once all
    are marked, the move ``then`` follows (Elegy: health -> wounded, permanently harmed, Face Last Death).
    ``carry`` passes what did not fit to that move as this option (Elegy: focus past -6 -> Face a Setback)."""

    impacts: list[str] = Field(default_factory=list)
    then: str | None = None
    carry: str | None = None
    rule: str


class MeterSpec(_Strict):
    name: str
    min: int
    max: int
    default: int
    at_max: AtMax | None = None
    at_min: AtMin | None = None
    past_min: PastMin | None = None
    max_less_per_impact: int = 0
    """The maximum falls by this much per marked impact (Starforged momentum: 10 minus 1 per impact)."""


class StatSpec(_Strict):
    name: str
    min: int = 0
    max: int = 5
    default: int = 1


class ActionRollSpec(_Strict):
    action_die: bool = True
    """Ironsworn: a d6 + stat + adds; Elegy has no action die (stat + adds)."""
    cap: int | None = 10
    """The action score's cap (none: uncapped)."""


class BurnSpec(_Strict):
    """A meter the player may burn to replace the action score (Starforged momentum, Elegy focus)."""

    meter: str
    reset: list[int]
    """What it resets to after a burn, by the number of impacts marked: none, one, ... (the last for more)."""
    cancels_action_die: bool = False
    """While negative, it cancels an action die equal to its absolute value (Starforged momentum)."""


class OracleSpec(_Strict):
    """How the yes/no oracle reads its d100."""

    yes_when: Literal["at_most", "at_least"] = "at_most"
    """Yes when the d100 is at most the threshold (Starforged) or at least it (Elegy)."""
    thresholds: dict[str, int] = Field(
        default_factory=lambda: {"small chance": 10, "unlikely": 25, "50/50": 50, "likely": 75, "almost certain": 90}
    )


EditKind = Literal["stat", "meter", "int", "text", "one_of", "list", "impacts", "bool"]


class EditField(_Strict):
    """One field a player may set when creating or editing a character, within the text's bounds.

    ``name`` is where it sits on the sheet: a stat (``kind: stat``), a meter, a field, or a nested field with a dot
    (``vice.type``). Numbers take ``min``..``max`` (a meter's own bounds when left out); ``max_field`` caps a value by
    another field (Dungeon World HP by max HP); ``create_max`` is a tighter ceiling for a new character."""

    name: str
    label: str
    kind: EditKind
    min: int | None = None
    max: int | None = None
    create_max: int | None = None
    max_field: str | None = None
    values: list[str] = Field(default_factory=list)
    """The allowed values of a ``one_of`` field (a ``text`` field may list suggestions here)."""
    allow_empty: bool = False
    """A ``one_of`` field may be left empty (Dungeon World grit: from the class)."""
    max_items: int | None = None
    """The most entries a ``list`` field holds."""
    aliases: list[str] = Field(default_factory=list)
    """Other words a player may use for it (``belief`` for ``beliefs``)."""
    asked_as: list[str] = Field(default_factory=list)
    """What a player asks this value by that is not its name and not a field to set: Elegy's hunger is told by blood
    ("how hungry am I?" is answered from blood, but "/set hunger 2" sets nothing)."""
    rule: str = ""
    """The text's words the bounds rest on (or that they are ours, when the text gives none)."""
    brings: dict[str, dict[str, int]] = Field(default_factory=dict)
    """What a value of this field brings with it: setting it also sets these fields unless the same edit sets them
    (a Dungeon World class's HP and armor as the worked combats give them). A full meter they cap stays full."""
    brings_none: str = ""
    """Said when a value brings nothing (``{value}`` is the value): the text gives no numbers for it."""

    @model_validator(mode="after")
    def _consistent(self) -> EditField:
        if self.kind == "one_of" and not self.values:
            raise ValueError(f"{self.name}: a one_of field lists its values")
        return self


class CreationSpec(_Strict):
    """What a new character must satisfy besides each field's bounds."""

    stat_spread: list[int] | None = None
    """A starting character's stats are exactly these values, in any order (Starforged 3, 2, 2, 1, 1)."""
    stat_total: int | None = None
    """A starting character's stats add up to at most this (Blades: seven action dots)."""
    rule: str = ""


class EditingSpec(_Strict):
    """The character fields a player creates and edits, and the rules of a new character."""

    fields: list[EditField]
    creation: CreationSpec = Field(default_factory=CreationSpec)


class SheetFile(_Strict):
    system: str
    stats: list[StatSpec]
    meters: list[MeterSpec] = Field(default_factory=list)
    impacts: list[str] = Field(default_factory=list)
    fields: dict[str, Any] = Field(default_factory=dict)
    """Other character fields and their defaults (position, legacy tracks, xp...)."""
    action_roll: ActionRollSpec = Field(default_factory=ActionRollSpec)
    burn: BurnSpec | None = None
    next_move_add: str | None = None
    """The field holding an add for the next action roll, which that roll spends."""
    suffer_overflow: str | None = None
    """The meter a suffer move's loss goes to when it does not fit below 0 (Starforged momentum, Elegy focus)."""
    oracle: OracleSpec = Field(default_factory=OracleSpec)
    match_notes: dict[str, str] = Field(default_factory=dict)
    """What a match means per outcome, for moves whose text has no match outcome of its own (Elegy)."""
    editing: EditingSpec | None = None
    """What a player may set on a character when creating or editing it (the sheet editor, ``/set``, the CLI)."""
