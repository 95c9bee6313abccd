"""A rule system's data: ``moves.yaml``, ``tables.yaml`` and ``sheet.yaml``, loaded, validated and looked up.

:class:`RulesetData` is the data half of a :class:`~assistant.engine.ruleset.Ruleset`; it knows nothing of
resolving. Every fault in the data is a :class:`ConfigError` found when the system is loaded (a move option
with no type, an effect naming a meter the sheet lacks, an amount read from an option the move does not
take...), never an error blamed on the player's request.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError

import assistant.engine.yaml_load as yaml_load
from assistant.engine.errors import ConfigError, UnknownNameError
from assistant.engine.oracle import Table, TableRow
from assistant.engine.plans import MovePlan
from assistant.engine.schema import (
    ChoiceSpec,
    EffectSpec,
    FollowUpSpec,
    MovesFile,
    MoveSpec,
    RequestOption,
    TablesFile,
    TableSpec,
)
from assistant.engine.sheet import Sheet
from assistant.engine.sheet_schema import SheetFile

#: Options the core understands for every system (typed here, so no system declares them).
CORE_OPTIONS: dict[str, RequestOption] = {
    "choose": RequestOption(type="choose", help="ids of the options you pick from the result's choices"),
    "track": RequestOption(type="track", help='the progress track: {"name", "rank", "ticks"}'),
    "rank": RequestOption(type="rank", help="rank of the track (troublesome, dangerous, formidable, extreme, epic)"),
    "progress_ticks": RequestOption(type="int", min=0, max=40, help="ticks on the track (0-40)"),
    "progress_boxes": RequestOption(type="int", min=0, max=10, help="filled boxes on the track (0-10)"),
    "clock": RequestOption(type="clock", help='the clock: {"name", "segments", "filled"}'),
    "odds": RequestOption(type="odds", help="the odds: small chance, unlikely, 50/50, likely or almost certain"),
    "target": RequestOption(
        type="text",
        help="who the move is aimed at: another character or combatant (the one playing stays the same)",
    ),
    "automatic": RequestOption(
        type="one_of",
        values=["strong_hit", "weak_hit", "miss"],
        help="resolve the move with this outcome instead of rolling, when another move says so (an automatic strong hit)",
    ),
}
#: The options of progress tracks, which every move of a system with progress moves takes.
TRACK_OPTIONS = ("track", "rank", "progress_ticks", "progress_boxes")
#: The doors a follow-up may name as its move (``meter:health`` with ``options: {delta: 1}``; see ``doors``).
DOOR_KINDS = frozenset({"meter", "impact", "progress", "clock"})
#: ``by:`` variants of effects that the core computes.
CORE_VARIANTS: dict[str, str] = {
    "lowest_challenge_die": "clear_progress: roll both challenge dice anew and clear the lower value in boxes",
    "rank_unit": "clear_progress: clear one unit of progress per the track's rank (options.amount units if the move takes it)",
    "all_but_one_box": "clear_progress: clear all but one filled box",
    "half_boxes": "clear_progress: clear half the filled boxes",
}
#: How many spellings of move names :meth:`RulesetData.find_move` remembers (a bound on its memory).
MAX_NAMES_AS_GIVEN = 2000


def normalize_name(text: str) -> str:
    """Case- and punctuation-insensitive key: ``"Face Danger (Scene Challenge)"`` -> ``facedangerscenechallenge``."""
    return re.sub(r"[^a-z0-9]+", "", text.lower().replace("&", "and"))


def _load_yaml(path: Path) -> Any:
    try:
        return yaml_load.load_file(path)
    except FileNotFoundError:
        raise ConfigError(f"Ruleset data file missing: {path}. Reinstall the package.") from None
    except Exception as exc:
        if yaml_load.is_yaml_error(exc):
            raise ConfigError(f"Ruleset data file {path.name} is not valid YAML: {exc}") from None
        raise


def effect_specs(move: MoveSpec) -> Iterator[EffectSpec]:
    """Every effect a move's data names (before the roll, per outcome, in every choice option)."""
    yield from move.before_roll
    choices: list[ChoiceSpec] = list(move.choices)
    for outcome in move.outcomes.values():
        yield from outcome.effects
        choices += outcome.choices
    for choice in choices:
        for option in choice.options:
            yield from option.effects


def follow_up_specs(move: MoveSpec) -> Iterator[FollowUpSpec]:
    yield from move.follow_ups
    for outcome in move.outcomes.values():
        yield from outcome.follow_ups
        for choice in outcome.choices:
            for option in choice.options:
                yield from option.follow_ups
    for choice in move.choices:
        for option in choice.options:
            yield from option.follow_ups


class RulesetData:
    """The data of one rule system. Subclasses set ``system_id``, ``title`` and ``data_dir``."""

    system_id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    gm: ClassVar[str] = "the GM"
    """Who answers questions about the story at the table, as the game's own text calls them (the city's Magistrate)."""
    story_moves: ClassVar[tuple[tuple[str, str], ...]] = ()
    """In a game without an oracle, the move its rules give for a question about the story: (a regular expression
    the question matches, any case; the move's name), first match wins; an empty expression fits any question."""
    data_dir: ClassVar[Path] = Path()
    #: ``by:`` variants of effects this system computes in code, with what they do.
    variants: ClassVar[dict[str, str]] = {}
    #: Names a ``type: meter`` effect may change besides the sheet's meters (the system's own lists and fields).
    extra_meters: ClassVar[frozenset[str]] = frozenset()
    #: Names a move may roll besides stats and meters (values the system computes: Blades attributes...).
    extra_stats: ClassVar[frozenset[str]] = frozenset()

    # ---- files ------------------------------------------------------------------------------------
    @cached_property
    def moves_file(self) -> MovesFile:
        try:
            return MovesFile.model_validate(_load_yaml(self.data_dir / "moves.yaml"))
        except ValidationError as exc:
            raise ConfigError(f"{self.system_id}/moves.yaml does not match the schema: {exc}") from None

    @property
    def moves(self) -> list[MoveSpec]:
        return self.moves_file.moves

    @cached_property
    def table_specs(self) -> list[TableSpec]:
        path = self.data_dir / "tables.yaml"
        if not path.exists():
            return []
        try:
            return TablesFile.model_validate(_load_yaml(path)).tables
        except ValidationError as exc:
            raise ConfigError(f"{self.system_id}/tables.yaml does not match the schema: {exc}") from None

    @cached_property
    def tables(self) -> dict[str, Table]:
        out = {}
        for spec in self.table_specs:
            rows = tuple(
                TableRow(r.range[0], r.range[1], r.text, r.roll_twice, tuple(r.follow_ups), tuple(r.choices)) for r in spec.rows
            )
            out[spec.id] = Table(id=spec.id, name=spec.name, rows=rows, sides=spec.sides, move=spec.move, source=spec.source_note)
        return out

    @cached_property
    def sheet(self) -> Sheet:
        try:
            return Sheet(SheetFile.model_validate(_load_yaml(self.data_dir / "sheet.yaml")))
        except ValidationError as exc:
            raise ConfigError(f"{self.system_id}/sheet.yaml does not match the schema: {exc}") from None

    # ---- options ----------------------------------------------------------------------------------
    @cached_property
    def has_progress_tracks(self) -> bool:
        return any(m.roll.type == "progress" for m in self.moves)

    @cached_property
    def option_types(self) -> dict[str, RequestOption]:
        """Every option's type: the core's, with the system's burn option, then the system's own."""
        types = dict(CORE_OPTIONS)
        burn = self.sheet.spec.burn
        if burn is not None:
            types["burn"] = RequestOption(
                type="bool",
                help=f"true to burn {burn.meter}: it replaces the action score if it beats more challenge dice (action rolls)",
            )
        return {**types, **self.moves_file.options}

    @cached_property
    def common_options(self) -> dict[str, str]:
        """The options every move of this system takes, with what they mean."""
        names = ["choose", "target"]
        if self.sheet.spec.burn is not None:
            names.append("burn")
        if self.has_progress_tracks:
            names += TRACK_OPTIONS
        if any(m.roll.type in ("action", "progress") for m in self.moves):
            names.append("automatic")
        names += self.moves_file.common
        return {name: self.option_types[name].help for name in dict.fromkeys(names) if name in self.option_types}

    def options_for(self, move: MoveSpec) -> dict[str, RequestOption]:
        """The options ``move`` takes, typed (the move's own words for one describe it where the system's don't).

        Worked out once per move (the data does not change); read it, never change it."""
        known = self._options_by_move.get(move.id)
        if known is not None and known[0] is move:
            return known[1]
        out = self._options_of(move)
        self._options_by_move[move.id] = (move, out)
        return out

    def options_adding(self, move: MoveSpec) -> tuple[tuple[str, RequestOption], ...]:
        """The options of ``move`` that add to its score (``adds``/``adds_by_value``), in declared order."""
        return self._option_parts(move)[0]

    def options_on_hit(self, move: MoveSpec) -> tuple[tuple[str, RequestOption], ...]:
        """The options of ``move`` that bring effects on a hit (``on_hit``), in declared order."""
        return self._option_parts(move)[1]

    def options_required(self, move: MoveSpec) -> bool:
        """Whether ``move`` has an option that must be given."""
        return bool(self._option_parts(move)[2])

    def options_required_list(self, move: MoveSpec) -> tuple[tuple[str, RequestOption], ...]:
        """The options of ``move`` that must be given, in declared order."""
        return self._option_parts(move)[2]

    def _option_parts(self, move: MoveSpec) -> tuple[tuple[tuple[str, RequestOption], ...], ...]:
        known = self._option_parts_by_move.get(move.id)
        if known is not None and known[0] is move:
            return known[1]
        options = self.options_for(move).items()
        parts = (
            tuple((n, s) for n, s in options if s.adds or s.adds_by_value),
            tuple((n, s) for n, s in options if s.on_hit),
            tuple((n, s) for n, s in options if s.required),
        )
        self._option_parts_by_move[move.id] = (move, parts)
        return parts

    @cached_property
    def _option_parts_by_move(self) -> dict[str, tuple[MoveSpec, tuple[tuple[tuple[str, RequestOption], ...], ...]]]:
        return {}

    @cached_property
    def _options_by_move(self) -> dict[str, tuple[MoveSpec, dict[str, RequestOption]]]:
        return {}

    def _options_of(self, move: MoveSpec) -> dict[str, RequestOption]:
        out = {name: self.option_types[name] for name in self.common_options}
        for name, help_text in move.options.items():
            spec = self.option_types.get(name) or RequestOption()
            out[name] = spec if spec.help else spec.model_copy(update={"help": help_text})
        return out

    # ---- plans ------------------------------------------------------------------------------------
    def plan(self, move: MoveSpec) -> MovePlan:
        """What a resolution reads of ``move`` that never changes (worked out once per move; read it only)."""
        known = self._plans.get(move.id)
        if known is not None and known.move is move:
            return known
        made = self._plans[move.id] = MovePlan(self, move)
        return made

    @cached_property
    def _plans(self) -> dict[str, MovePlan]:
        return {}

    # ---- lookups ----------------------------------------------------------------------------------
    @cached_property
    def _move_index(self) -> dict[str, MoveSpec]:
        index: dict[str, MoveSpec] = {}
        for move in self.moves:
            for key in (move.id, move.name, *move.aliases):
                index.setdefault(normalize_name(key), move)
        return index

    @cached_property
    def _moves_as_given(self) -> dict[str, MoveSpec]:
        """Moves by the name exactly as a request spelled it (found before: no normalising again)."""
        return {}

    @cached_property
    def _table_index(self) -> dict[str, Table]:
        index: dict[str, Table] = {}
        for table in self.tables.values():
            for key in (table.id, table.name):
                index.setdefault(normalize_name(key), table)
        return index

    def find_move(self, name: str) -> MoveSpec:
        found = self._moves_as_given.get(name)
        if found is not None:
            return found
        key = normalize_name(name)
        if key in self._move_index:
            if len(self._moves_as_given) < MAX_NAMES_AS_GIVEN:
                self._moves_as_given[name] = self._move_index[key]
            return self._move_index[key]
        names = {normalize_name(m.name): m.name for m in self.moves}
        close = [m.name for m in self.moves if key and key in normalize_name(m.name)]
        close += [names[k] for k in difflib.get_close_matches(key, list(names), n=3, cutoff=0.75) if names[k] not in close]
        close = close[:5]
        hint = f" Did you mean: {', '.join(close)}?" if close else f" List them with `assistant moves --system {self.system_id}`."
        raise UnknownNameError(
            f"There is no move called {name!r} in {self.title or self.system_id}.{hint}", missing="move", choices=close or None
        )

    def find_table(self, name: str) -> Table:
        key = normalize_name(name)
        if key in self._table_index:
            return self._table_index[key]
        names = [t.name for t in self.tables.values()]
        listed = f"the tables are {', '.join(names)}" if names else "it has no random tables"
        system = self.title or self.system_id
        raise UnknownNameError(
            f"There is no table called {name!r} in {system}; {listed}.", missing="table", choices=names or None
        )

    @cached_property
    def _moves_by_id(self) -> dict[str, MoveSpec]:
        index: dict[str, MoveSpec] = {}
        for move in self.moves:
            index.setdefault(move.id, move)
        return index

    def move_by_id(self, move_id: str) -> MoveSpec:
        move = self._moves_by_id.get(move_id)
        if move is not None:
            return move
        raise UnknownNameError(f"There is no move {move_id!r} in {self.title or self.system_id}.", missing="move")

    def default_character(self) -> dict[str, Any]:
        return self.sheet.default_character()

    # ---- checks at load ---------------------------------------------------------------------------
    def validate(self) -> None:
        """Load everything and check it hangs together; every fault is a :class:`ConfigError` naming it."""
        problems = [
            *self._sheet_problems(),
            *(p for move in self.moves for p in self._move_problems(move)),
            *self.table_problems(),
        ]
        if problems:
            shown = "; ".join(problems[:8]) + (f"; and {len(problems) - 8} more" if len(problems) > 8 else "")
            raise ConfigError(f"The {self.system_id} ruleset data is inconsistent: {shown}.")

    def _sheet_problems(self) -> Iterator[str]:
        spec, meters, impacts = self.sheet.spec, self.sheet.meters, set(self.sheet.impacts)
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
                if meter.past_min.then is not None and meter.past_min.then not in {m.id for m in self.moves}:
                    yield f"sheet: {meter.name}.past_min names the move {meter.past_min.then!r}, which does not exist"

    def _follow_up_problems(self, where: str, fu: FollowUpSpec, known_moves: set[str]) -> Iterator[str]:
        if fu.move and fu.move.partition(":")[0] in DOOR_KINDS:
            if fu.amount is not None or fu.outcome is not None or fu.carry:
                yield f"{where}: a follow-up door ({fu.move!r}) takes its arguments as options"
            return
        if fu.move and fu.move not in known_moves:
            yield f"{where}: follow-up move {fu.move!r} does not exist"
        if fu.table and fu.table not in self.tables:
            yield f"{where}: follow-up table {fu.table!r} does not exist"
        if (fu.amount is not None or fu.outcome is not None) and not fu.move:
            yield f"{where}: a follow-up's amount or outcome belongs to a follow-up move"
        if fu.move in known_moves:
            target = self.move_by_id(fu.move)
            if fu.amount is not None and "amount" not in self.options_for(target):
                yield f"{where}: follow-up {fu.move!r} is given an amount, but takes none"
            if fu.outcome is not None and target.roll.type not in ("action", "progress"):
                yield f"{where}: follow-up {fu.move!r} is given an automatic outcome, but makes no roll"
            for name in [*fu.options, *fu.carry]:
                if name not in self.options_for(target):
                    yield f"{where}: follow-up {fu.move!r} is given the option {name!r}, which it does not take"
        if (fu.for_option or fu.carry) and not fu.move:
            yield f"{where}: only a follow-up move is resolved for another character or carries options"

    def table_problems(self) -> Iterator[str]:
        known_moves = {m.id for m in self.moves}
        for table in self.table_specs:
            for row in table.rows:
                for fu in row.follow_ups:
                    yield from self._follow_up_problems(f"table {table.id}", fu, known_moves)

    def _move_problems(self, move: MoveSpec) -> Iterator[str]:
        where = f"{move.id}"
        known_moves = {m.id for m in self.moves}
        options = self.options_for(move)
        for name in move.options:
            if name not in self.option_types:
                yield f"{where}: option {name!r} has no type (declare it in the file's options)"
        for fu in follow_up_specs(move):
            yield from self._follow_up_problems(where, fu, known_moves)
        if move.roll.table and move.roll.table not in self.tables:
            yield f"{where}: roll table {move.roll.table!r} does not exist"
        rollable = {*self.sheet.stats, *self.sheet.meters, *self.extra_stats}
        for stat_option in move.roll.stats:
            for stat in stat_option.stats:
                if stat not in rollable:
                    yield f"{where}: rolls {stat!r}, which is no stat or meter"
        extra = move.roll.extra
        if extra.dice_option is not None and options.get(extra.dice_option, RequestOption()).type != "int":
            yield f"{where}: dice_option {extra.dice_option!r} is not a whole-number option of the move"
        if extra.minus_each is not None and extra.minus_each not in self.sheet.spec.fields:
            yield f"{where}: minus_each {extra.minus_each!r} is not a sheet field"
        variants = {**CORE_VARIANTS, **self.variants}
        meters = {*self.sheet.meters, *self.extra_meters}
        for effect in effect_specs(move):
            if effect.by is not None and effect.by not in variants:
                yield f"{where}: effect variant by: {effect.by!r} is unknown (known: {', '.join(sorted(variants))})"
            if effect.type in ("meter", "suffer") and effect.meter not in meters:
                yield f"{where}: {effect.type} effect on {effect.meter!r}, which is no meter"
            if effect.type == "impact" and effect.by is None and effect.impact not in self.sheet.impacts:
                yield f"{where}: impact effect on {effect.impact!r}, which is no impact"
            amount = effect.amount
            if amount is not None and amount.option is not None and options.get(amount.option, RequestOption()).type != "int":
                yield f"{where}: amount from {amount.option!r}, which is not a whole-number option of the move"
            if amount is not None and amount.meter is not None and amount.meter not in self.sheet.meters:
                yield f"{where}: amount from {amount.meter!r}, which is no meter"
            needs_amount = (
                effect.type in ("meter", "suffer", "clock", "xp", "next_move_add") and effect.meter not in self.extra_meters
            )
            if needs_amount and effect.delta is None and effect.amount is None and effect.by is None:
                yield f"{where}: {effect.type} effect without an amount (delta or amount)"
