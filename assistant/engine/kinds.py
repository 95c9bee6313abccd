"""The closed sets of the Result contract besides the outcome: what kind of roll, what kind of change.

Both are string enums: the JSON carries their values (``"action"``, ``"meter"``), and a reader compares
with the members (``result.roll is RollKind.ACTION``, ``effect.kind is EffectKind.BURN``), never with
prose.
"""

from __future__ import annotations

from enum import StrEnum


class RollKind(StrEnum):
    """The roll a resolution made."""

    ACTION = "action"
    """Ironsworn family: action die (Elegy: none) + stat + adds against two challenge dice."""
    PROGRESS = "progress"
    """A progress score against two challenge dice."""
    TABLE = "table"
    """One roll (or more, on "roll twice") on a random table."""
    ORACLE = "oracle"
    """A yes/no question answered by a d100 and the odds."""
    POOL = "pool"
    """Blades: a pool of d6, the highest counts."""
    TOTAL = "total"
    """PbtA and damage: NdS + modifier read against tiers."""
    NOTATION = "notation"
    """Free dice notation (``roll:2d6+1``)."""
    NONE = "none"
    """No roll: a move without one, or a door (a meter, track or clock changed)."""


class EffectKind(StrEnum):
    """What one :class:`~assistant.engine.model.Effect` changed (its ``target`` says which one)."""

    METER = "meter"
    """A meter of the sheet (health, momentum, heat, hp...): before, after, delta."""
    BURN = "burn"
    """A meter burned to replace the action score (momentum, Elegy's focus): before = the value burned,
    after = the value it resets to. The Result's ``burn`` tells the same in full."""
    RESET = "reset"
    """A value reset to its starting value (momentum after a burn or a reset, Blades' downtime counts)."""
    IMPACT = "impact"
    """An impact, debility or condition marked (after True) or cleared (after False)."""
    POSITION = "position"
    """Starforged: in control / in a bad spot."""
    PROGRESS = "progress"
    """Progress on a track, in ticks (``marks``: how many times progress was marked); before None = started."""
    RANK = "rank"
    """A track's rank raised."""
    CLOCK = "clock"
    """Segments of a clock; before None = started."""
    LEGACY = "legacy"
    """A Starforged legacy track (before/after: ``{"ticks", "cleared"}``)."""
    XP = "xp"
    """Experience (Blades: the xp track named by ``target``)."""
    NEXT_MOVE_ADD = "next_move_add"
    """An add held for (or spent on) the next move."""
    FORWARD = "forward"
    """City: a "+N forward" taken or spent."""
    CHOICE = "choice"
    """An option the player picked (``after`` is its id, ``reason`` its label)."""
    OUTCOME = "outcome"
    """City: the outcome bumped one tier (before/after are outcomes)."""
    NOTE = "note"
    """A change told only in words (``reason``)."""
    HARM = "harm"
    """Blades: the harm list (before/after lists)."""
    QUALITY = "quality"
    """Blades: the quality of an asset or an item made (``after``)."""
    FLAG = "flag"
    """A true/false field of the sheet (Blades: at war)."""
    HOLD = "hold"
    """Blades: the crew's hold (strong/weak)."""
    STATUS = "status"
    """Blades: the crew's status with a faction (-3 war .. +3 allies; ``target`` is the faction)."""
    CLAIM = "claim"
    """Blades: a claim given up or gained (before/after: the claim lists)."""
    COIN_SHARE = "coin_share"
    """Blades: payoff coin divided among the crew members (``after``: who takes how much)."""
    DOWNTIME_ACTIVITIES = "downtime_activities"
    """Blades: downtime activities taken this downtime."""
    BELIEF = "belief"
    """City: a belief marked, challenged or proven wrong."""
    SECRET = "secret"
    """City: a secret marked or cleared."""
    TIE = "tie"
    """City: a Tie with someone added or lost."""
    SCHEME = "scheme"
    """City: a scheme started, or its productivity changed."""
    COMPLICATION = "complication"
    """City: a complicating aspect of the faction."""
    ASPECT = "aspect"
    """City: a beneficial aspect of the faction."""
    HISTORY = "history"
    """City: a neighborhood's History marked."""
    CONNECTION = "connection"
    """City: a connection to a neighborhood."""
    DEMAND = "demand"
    """City: a Demand written or met."""
    ADVANCE = "advance"
    """City: an Advance taken."""
    SPELLS = "spells"
    """Dungeon World: the Ongoing or lost spells (before/after lists)."""


#: Effect kinds of the first contract, read from stored results (see the README's contract history).
LEGACY_EFFECT_KINDS: dict[str, EffectKind] = {
    "momentum_burn": EffectKind.BURN,
    "focus_burn": EffectKind.BURN,
    "momentum_reset": EffectKind.RESET,
}
