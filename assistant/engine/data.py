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

import assistant.engine.data_checks as data_checks
import assistant.engine.yaml_load as yaml_load
from assistant.engine.core_options import CORE_OPTIONS, CORE_VARIANTS, DOOR_KINDS, TRACK_OPTIONS
from assistant.engine.errors import ConfigError, UnknownNameError
from assistant.engine.move_parts import effect_specs, follow_up_specs
from assistant.engine.oracle import Table, TableRow
from assistant.engine.plans import MovePlan
from assistant.engine.schema import MovesFile, MoveSpec, RequestOption
from assistant.engine.sheet import Sheet
from assistant.engine.sheet_schema import SheetFile
from assistant.engine.table_schema import TablesFile, TableSpec

#: Names other modules import from here (their homes: ``core_options``, ``move_parts``, ``data_checks``).
__all__ = [
    "CORE_OPTIONS",
    "CORE_VARIANTS",
    "DOOR_KINDS",
    "MAX_NAMES_AS_GIVEN",
    "TRACK_OPTIONS",
    "RulesetData",
    "effect_specs",
    "follow_up_specs",
    "normalize_name",
]

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
            out[spec.id] = Table(
                id=spec.id,
                name=spec.name,
                rows=rows,
                sides=spec.sides,
                move=spec.move,
                source=spec.source_note,
                pool=spec.pool,
                critical=spec.critical,
            )
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
        """The options ``move`` takes, typed; the move's own words for one describe it ("blood spent, as appropriate to
        the situation" for Elegy's Endure Hunger), else the system's ("how much is lost").

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
            own = isinstance(help_text, str) and help_text.strip()
            out[name] = spec.model_copy(update={"help": help_text}) if own else spec
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

    # ---- checks at load (see ``data_checks``) -----------------------------------------------------
    def validate(self) -> None:
        """Load everything and check it hangs together; every fault is a :class:`ConfigError` naming it."""
        data_checks.validate(self)

    def table_problems(self) -> Iterator[str]:
        """What is wrong with the tables' follow-ups (a move, table or option that does not exist)."""
        return data_checks.table_problems(self)
