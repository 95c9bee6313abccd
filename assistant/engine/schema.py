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

``tables.yaml``: its models are in :mod:`assistant.engine.table_schema`; ``sheet.yaml``: in
:mod:`assistant.engine.sheet_schema`.
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
    lt_field: str | None = None
    """Below the value of another field of the sheet (Dungeon World's ``hp`` below ``max_hp``)."""
    option: str | None = None
    """A truthy request option (e.g. ``resist``)."""
    not_option: str | None = None
    position: str | None = None
    any: list[Condition] | None = None
    because: str | None = None  #: a ``suggested_when`` unmet: what the move would do now, in the player's words


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
    "start_track",
]


class AmountSpec(_Strict):
    """An amount read from the request or the sheet, not written in the data: exactly one source, plus ``plus``."""

    option: str | None = None
    """A whole-number request option the move declares (``amount`` for Endure Harm)."""
    meter: str | None = None
    """The character's value of this meter (Blades: wanted level + 3 coin)."""
    score: bool = False
    """The roll's score (Blades: the die that counts)."""
    plus: int = 0
    default: int | None = None
    """For an option: the value when the request leaves it out (none: the player must give it)."""

    @model_validator(mode="after")
    def _one_source(self) -> AmountSpec:
        if sum((self.option is not None, self.meter is not None, self.score)) != 1:
            raise ValueError("an amount reads exactly one of option, meter or score")
        return self


class EffectSpec(_Strict):
    type: EffectType
    meter: str | None = None
    delta: int | None = None
    amount: AmountSpec | None = None
    """The amount, when the data cannot say it: a request option, a meter's value, the roll's score."""
    delta_from: str | None = None
    """Shorthand for ``amount: {option: <name>}`` (e.g. ``amount`` for Endure Harm)."""
    sign: int = 1
    value: str | None = None
    times: int = 1
    track: str | None = None
    ticks: int | None = None
    rank_shift: int = 0
    impact: str | None = None
    mark: bool = True
    by: str | None = None
    """A variant of the effect that the core or the system computes (checked at load against the names they declare)."""
    when: Condition | None = None
    note: str = ""

    @model_validator(mode="before")
    @classmethod
    def _delta_from(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("delta_from") is not None:
            if data.get("amount") is not None:
                raise ValueError("give delta_from or amount, not both")
            data = {**data, "amount": {"option": data["delta_from"]}, "delta_from": None}
        return data

    @model_validator(mode="after")
    def _one_amount(self) -> EffectSpec:
        if self.delta is not None and self.amount is not None:
            raise ValueError("give delta or amount, not both")
        return self


class FollowUpSpec(_Strict):
    move: str | None = None
    """A move of the system, or a door whose arguments are ``options`` (``meter:health`` with ``{delta: 1}``)."""
    table: str | None = None
    suffer: int | None = None
    """Make a suffer move with this amount (e.g. -1)."""
    amount: int | None = None
    """A follow-up move made with this cost, as printed: ``Sacrifice Resources (-1)`` is ``amount: -1`` (its
    request carries ``options.amount: 1``; the move must take an ``amount``)."""
    outcome: Literal["strong_hit", "weak_hit", "miss"] | None = None
    """The follow-up move is resolved with this outcome instead of a roll ("assume an automatic strong hit")."""
    options: dict[str, Any] = Field(default_factory=dict)
    """Request options the follow-up move is made with (Hearten as you Sojourn: ``sojourn: true``)."""
    for_option: str | None = None
    """Resolve the follow-up on the sheet of the character this request option names (its ``target``): an ally
    takes the benefits of the move made for them (Heal's care, Aid Your Ally)."""
    carry: dict[str, str] = Field(default_factory=dict)
    """Request options passed on under another name, ``{new: this request's option}``: Aid Your Ally's ``target``
    becomes the ``ally`` of the Secure an Advantage it hands over to."""
    amount_from: str | None = None
    """Take the amount (negated) from the request's option of this name when it is given, instead of ``suffer`` or
    ``amount``: Sacrifice Resources while unprepared sends the loss it was made with (-2 for a serious loss) to a
    different suffer move."""
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
    requires: Condition | None = None
    """The option can be picked only while this holds, checked at the moment of the pick (after the picks made
    before it in the same choice): e.g. Advance's new asset needs 3 experience."""
    refusal: str = ""
    """What the player is told when ``requires`` does not hold (in their words)."""
    cost: int = 0
    """What the option spends of the choice's ``budget`` (Repair's points)."""


class BudgetSpec(_Strict):
    """A choice whose options cost points from a budget (Starforged Repair): the points by the value of a request
    option and the outcome, plus what another option adds."""

    option: str
    """The request option that selects the row of ``points`` (Repair: ``situation``)."""
    points: dict[str, dict[str, int]]
    """option value -> outcome -> points."""
    extra_option: str | None = None
    """A request option whose value adds points (Repair: ``extra_points``, bought with supply)."""


class ChoiceSpec(_Strict):
    id: str
    prompt: str
    pick: int = 1
    repeat: bool = False
    """An option may be picked more than once ("An individual move can be taken more than once")."""
    required: bool = False
    """The rules require the pick (a cost, or what the move comes to: Set a Course's weak hit, Fulfill Your Vow's miss,
    "select an overindulgence", "choose one penalty"): the next move waits for it. A choice not required is a benefit
    the player may give up by moving on (questions to ask, "you may...")."""
    budget: BudgetSpec | None = None
    """The options cost points from this budget; ``pick`` is then 0 (as many as the points allow)."""
    options: list[OptionSpec]
    when: Condition | None = None


class NoteSpec(_Strict):
    """A sentence of the outcome that holds only under a condition, said when it holds: at the outcome, or after
    a pick that makes it hold (Companion Takes a Hit: at 0 health, "they are out of action until given aid")."""

    text: str
    when: Condition


class OutcomeSpec(_Strict):
    text: str
    effects: list[EffectSpec] = Field(default_factory=list)
    choices: list[ChoiceSpec] = Field(default_factory=list)
    follow_ups: list[FollowUpSpec] = Field(default_factory=list)
    notes: list[NoteSpec] = Field(default_factory=list)


class StatOption(_Strict):
    stat: str | list[str]
    pick: Literal["highest", "lowest"] = "highest"
    when: str = ""

    @property
    def stats(self) -> list[str]:
        return [self.stat] if isinstance(self.stat, str) else list(self.stat)


RollType = Literal["action", "progress", "table", "oracle", "none", "pool", "total"]
TiersName = Literal["pbta", "pbta12", "faction", "none"]


class RollExtra(_Strict):
    """Parameters of a pool or total roll (``roll.extra``)::

    pool:  the stat's dice + adds, or ``dice_option`` (``default_dice`` when it is left out)
    total: ``count`` d ``sides`` + stat + adds read against ``tiers`` (pbta 10+/7-9/6-, pbta12 with 12+,
           faction 11+/8-10/7-, none); ``keep`` best/worst ``keep_count``; ``no_stat`` rolls dice + adds only;
           ``lower_is_better`` (a backfire) keeps the tiers, read the other way when bumped;
           ``minus_each``: -1 per entry of that sheet list (city: per scheme you already have going)
    """

    count: int = Field(default=2, ge=1, le=20)
    sides: int = Field(default=6, ge=2, le=100)
    tiers: TiersName = "pbta"
    keep: Literal["best", "worst"] | None = None
    keep_count: int | None = Field(default=None, ge=1, le=20)
    no_stat: bool = False
    lower_is_better: bool = False
    minus_each: str | None = None
    dice_option: str | None = None
    default_dice: int | None = Field(default=None, ge=0, le=10)
    default_for: str = ""
    """Who ``default_dice`` stands for, as the text says it ("a normal person, who keeps fairly quiet"): the roll's
    note when no dice are given."""

    def describe(self) -> str:
        """``2d6`` or ``3d6 keep best 2``."""
        keep = f" keep {self.keep} {self.keep_count or self.count}" if self.keep else ""
        return f"{self.count}d{self.sides}{keep}"


class RollSpec(_Strict):
    type: RollType
    stats: list[StatOption] = Field(default_factory=list)
    track: str | None = None
    """For progress moves: the kind of track (vow, expedition, connection, combat, scene,
    legacy:quests, legacy:bonds, legacy:discoveries)."""
    table: str | None = None
    when: Condition | None = None
    """Roll only when this holds (e.g. Endure Harm rolls when health is 0 or you resist)."""
    no_roll: str = ""
    """Why the move makes no roll when ``when`` does not hold, in the player's words ("you share no bond with them
    yet, so you mark progress on the connection")."""
    extra: RollExtra = Field(default_factory=RollExtra)
    """Parameters of pool and total rolls."""
    stat_from: str = ""
    """What dictates the stat when the roller does not choose it ("the control move": a saving throw "using the stat
    dictated"): it is asked when the player's words do not name it, never taken as the character's best."""


OptionType = Literal["any", "bool", "int", "text", "name", "one_of", "list_of", "rank", "odds", "track", "clock", "choose"]


class RequestOption(_Strict):
    """A request option (``options.<name>``): its type, bounds and what it means, checked before anything rolls.

    ``any`` is checked by the system's code; ``name`` is a non-empty text or a 0-based index; ``one_of`` /
    ``list_of`` take ``values``; ``track``/``clock`` an object (or, in a campaign, a name); ``choose`` option ids.
    """

    help: str = ""
    type: OptionType = "any"
    min: int | None = None
    max: int | None = None
    values: list[str | int] | None = None
    adds: int = 0
    """A true ``bool`` option adds this to the action score (Elegy: a bond's aid +1)."""
    adds_by_value: dict[str, int] = Field(default_factory=dict)
    """A ``one_of`` option adds per value to the action score (Elegy: a promise to a connection +1, a bond +2)."""
    pool_dice: int = 0
    """A true ``bool`` option adds this many dice to a pool roll (Blades: a friend or contact helps, +1d)."""
    zero_pool: bool = False
    """A true ``bool`` option makes a pool roll 0d (Blades: toughing it out)."""
    on_hit: dict[str, list[EffectSpec]] = Field(default_factory=dict)
    """Effects the option brings on a hit, by its value (``"true"`` for a bool): Elegy's connection aids you,
    "add +1 and take +1 focus on a hit"."""
    required: bool = False
    """The move cannot be made without it: asked for before anything rolls (Repair: where you repair)."""
    question: str = ""
    """How to ask the player for it, in their words (used when it is missing)."""

    @model_validator(mode="after")
    def _consistent(self) -> RequestOption:
        if self.type in ("one_of", "list_of") and not self.values:
            raise ValueError(f"a {self.type} option lists its values")
        if self.type == "int" and (self.min is None or self.max is None or self.min > self.max):
            raise ValueError("an int option gives min <= max")
        if (self.adds or self.pool_dice or self.zero_pool) and self.type != "bool":
            raise ValueError("adds, pool_dice and zero_pool belong to bool options")
        if self.adds_by_value and self.type != "one_of":
            raise ValueError("adds_by_value belongs to one_of options")
        return self


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
    track_kind: str | None = None
    """The kind of campaign progress track this move marks, clears or raises when it neither rolls on a track nor
    starts one (Strike: ``combat``; Reach a Milestone: ``vow``); ``any`` for whichever track the player names."""
    requires: Condition | None = None
    suggested_when: Condition | None = None
    """The situation the move's trigger names, when the sheet shows it (Elegy's Face Starvation: blood at 0): the move
    is suggested only then. Unlike ``requires`` the engine still makes it whenever the player calls it, since the
    fiction may bring the character there another way."""
    in_a_fight: list[str] = Field(default_factory=list)
    """The moves the rules make instead of this one in a fight (Starforged's Face Danger: React Under Fire or Gain
    Ground, whose triggers are "take action in a fight…"): suggested below them while a fight is on."""
    before_roll: list[EffectSpec] = Field(default_factory=list)
    outcomes: dict[str, OutcomeSpec] = Field(default_factory=dict)
    choices: list[ChoiceSpec] = Field(default_factory=list)
    """Choices that apply whatever the outcome (e.g. Change Your Fate)."""
    follow_ups: list[FollowUpSpec] = Field(default_factory=list)
    options: dict[str, str] = Field(default_factory=dict)
    """Request options this move reads, with what they mean here (their types are the system's ``options``)."""
    readings: list[Reading] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)
    out_of_fiction: bool = False
    """A move about the game rather than the story (a session begun or ended, a flag set, a safety tool): its
    outcome is the engine's words alone, and no model narrates it (a model asked to tell "a new session begins" wrote
    "What did she do?")."""
    results_by_die: bool = False
    """The roll's results are read by the die that counts (the stress Indulge Vice clears, the entanglement that comes,
    how much a questioned contact talks), not success levels: a summary of it says the die ("rolled 5"), never "a
    partial success" or "a bad outcome"."""


class MovesFile(_Strict):
    system: str
    options: dict[str, RequestOption] = Field(default_factory=dict)
    """Every request option of the system's moves, typed (the core adds choose, burn, track and clock options)."""
    common: list[str] = Field(default_factory=list)
    """The system's options every move takes (besides the core's)."""
    moves: list[MoveSpec]
