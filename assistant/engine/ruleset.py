"""A rule system = data files (``moves.yaml``, ``tables.yaml``, ``sheet.yaml``) + a small class.

The base :class:`Ruleset` loads and validates the data and finds moves and tables by name. The
generic resolution (roll, outcome, effects, choices, follow-ups) lives in
:mod:`assistant.engine.resolution`; a system's subclass overrides only the hooks that are truly code
(momentum, focus, stress...).
"""

from __future__ import annotations

import difflib
import re
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from assistant.engine.errors import ConfigError, UnknownNameError
from assistant.engine.kinds import EffectKind
from assistant.engine.oracle import Table, TableRow
from assistant.engine.schema import MovesFile, MoveSpec, SheetFile, TablesFile, TableSpec
from assistant.engine.sheet import Sheet


def normalize_name(text: str) -> str:
    """Case- and punctuation-insensitive key: ``"Face Danger (Scene Challenge)"`` -> ``facedangerscenechallenge``."""
    return re.sub(r"[^a-z0-9]+", "", text.lower().replace("&", "and"))


def _load_yaml(path: Path) -> Any:
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.safe_load(fh)
    except FileNotFoundError:
        raise ConfigError(f"Ruleset data file missing: {path}. Reinstall the package.") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"Ruleset data file {path.name} is not valid YAML: {exc}") from None


class Ruleset:
    """Base class of a rule system. Subclasses set ``system_id`` and ``data_dir``."""

    system_id: str = ""
    title: str = ""
    data_dir: Path = Path()
    #: Request options every move of this system understands (besides each move's own ``options``).
    common_options: dict[str, str] = {}

    # ---- data -------------------------------------------------------------------------------
    @cached_property
    def moves(self) -> list[MoveSpec]:
        raw = _load_yaml(self.data_dir / "moves.yaml")
        try:
            parsed = MovesFile.model_validate(raw)
        except ValidationError as exc:
            raise ConfigError(f"{self.system_id}/moves.yaml does not match the schema: {exc}") from None
        return parsed.moves

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
            rows = tuple(TableRow(r.range[0], r.range[1], r.text, r.roll_twice) for r in spec.rows)
            out[spec.id] = Table(id=spec.id, name=spec.name, rows=rows, sides=spec.sides, move=spec.move, source=spec.source_note)
        return out

    @cached_property
    def sheet(self) -> Sheet:
        try:
            return Sheet(SheetFile.model_validate(_load_yaml(self.data_dir / "sheet.yaml")))
        except ValidationError as exc:
            raise ConfigError(f"{self.system_id}/sheet.yaml does not match the schema: {exc}") from None

    @cached_property
    def _move_index(self) -> dict[str, MoveSpec]:
        index: dict[str, MoveSpec] = {}
        for move in self.moves:
            for key in (move.id, move.name, *move.aliases):
                index.setdefault(normalize_name(key), move)
        return index

    @cached_property
    def _table_index(self) -> dict[str, Table]:
        index: dict[str, Table] = {}
        for table in self.tables.values():
            for key in (table.id, table.name):
                index.setdefault(normalize_name(key), table)
        return index

    # ---- lookups ----------------------------------------------------------------------------
    def find_move(self, name: str) -> MoveSpec:
        key = normalize_name(name)
        if key in self._move_index:
            return self._move_index[key]
        names = {normalize_name(m.name): m.name for m in self.moves}
        close = [m.name for m in self.moves if key and key in normalize_name(m.name)]
        close += [names[k] for k in difflib.get_close_matches(key, list(names), n=3, cutoff=0.75) if names[k] not in close]
        close = close[:5]
        hint = f" Did you mean: {', '.join(close)}?" if close else f" List them with `assistant moves --system {self.system_id}`."
        raise UnknownNameError(f"No move called {name!r} in {self.system_id}.{hint}")

    def find_table(self, name: str) -> Table:
        key = normalize_name(name)
        if key in self._table_index:
            return self._table_index[key]
        names = ", ".join(t.name for t in self.tables.values())
        raise UnknownNameError(f"No table called {name!r} in {self.system_id}; tables: {names}.")

    def move_by_id(self, move_id: str) -> MoveSpec:
        for move in self.moves:
            if move.id == move_id:
                return move
        raise UnknownNameError(f"No move with id {move_id!r} in {self.system_id}.")

    def default_character(self) -> dict[str, Any]:
        return self.sheet.default_character()

    def validate(self) -> None:
        """Load everything and check cross-references (follow-ups name real moves and tables)."""
        for move in self.moves:
            for spec in [*move.outcomes.values()]:
                for fu in spec.follow_ups:
                    if fu.move:
                        self.move_by_id(fu.move)
                    if fu.table and fu.table not in self.tables:
                        raise ConfigError(f"{move.id}: follow-up table {fu.table!r} does not exist.")
                for choice in spec.choices:
                    for option in choice.options:
                        for fu in option.follow_ups:
                            if fu.move:
                                self.move_by_id(fu.move)
            if move.roll.table and move.roll.table not in self.tables:
                raise ConfigError(f"{move.id}: roll table {move.roll.table!r} does not exist.")
        self.sheet  # noqa: B018 - loads and validates

    # ---- resolution hooks (see assistant.engine.resolution) --------------------------------------
    def resolve(self, request: Any, rng: Any = None) -> Any:
        """Resolve one request for this system (see :func:`assistant.engine.resolve`)."""
        from assistant.engine.resolve import resolve

        return resolve(request, rng=rng)

    def check_options(self, ctx: Any) -> None:
        """Reject request options neither the system nor the move understands."""
        from assistant.engine.errors import InputError

        known = {**self.common_options, **ctx.move.options}
        unknown = sorted(set(ctx.options) - set(known))
        if unknown:
            raise InputError(
                f"{ctx.move.name} does not take option(s) {unknown}; it understands: {', '.join(sorted(known)) or 'none'}."
            )

    def requirement_message(self, ctx: Any) -> str:
        return f"{ctx.move.name} can't be made in this situation."

    def no_roll_reason(self, ctx: Any) -> str:
        return "the move's roll condition does not hold"

    def meter_value(self, ctx: Any, name: str) -> int:
        return int(ctx.character.get(name, 0))

    def meter_max(self, ctx: Any, name: str) -> int:
        return self.sheet.meters[name].max

    def stat_value(self, ctx: Any, name: str) -> int:
        from assistant.engine.errors import InputError

        if name in ctx.character.get("stats", {}):
            return int(ctx.character["stats"][name])
        if name in self.sheet.meters:
            return self.meter_value(ctx, name)
        raise InputError(f"{self.system_id} has no stat or meter called {name!r}.")

    def position(self, ctx: Any) -> str | None:
        return ctx.character.get("position")

    def adjust_meter(self, ctx: Any, name: str, delta: int, reason: str) -> int:
        """Change a meter within its bounds, record the effect; returns the overflow below the minimum."""
        from assistant.engine.errors import InputError
        from assistant.engine.tracks import Meter

        if name not in self.sheet.meters:
            raise InputError(f"{self.system_id} has no meter called {name!r}.")
        spec = self.sheet.meters[name]
        before = self.meter_value(ctx, name)
        top = self.meter_max(ctx, name)
        if spec.at_max is not None and delta > 0 and before + delta >= top:
            return self._reach_max(ctx, name, before, delta, reason)
        after, overflow = Meter(name, spec.min, spec.max).apply(before, delta, top)
        ctx.character[name] = after
        ctx.effect(EffectKind.METER, name, before=before, after=after, delta=after - before, reason=reason)
        return overflow

    def _reach_max(self, ctx: Any, name: str, before: int, delta: int, reason: str) -> int:
        """A gain that brings a meter with an ``at_max`` rule to its maximum: the other meter takes +1 per time
        it is reached, and this one restarts (keeping the excess when it rolls over); it stays at its maximum
        when the other meter is full too."""
        spec = self.sheet.meters[name]
        rule = spec.at_max
        assert rule is not None
        top, bottom = self.meter_max(ctx, name), spec.min
        other_top = self.meter_max(ctx, rule.meter)
        value, gained = before + delta, 0
        while value >= top and self.meter_value(ctx, rule.meter) + gained < other_top:
            gained += 1
            value = bottom + (value - top if rule.rolls_over else 0)
            if not rule.rolls_over:
                break
        after = min(value, top)
        ctx.character[name] = after
        ctx.effect(EffectKind.METER, name, before=before, after=after, delta=after - before, reason=reason)
        if gained:
            self.adjust_meter(ctx, rule.meter, gained, rule.rule)
        if after == top:
            other = rule.meter.replace("_", " ")
            ctx.notes.append(f"{name.replace('_', ' ')} is at {top} and {other} at its maximum ({other_top}).")
        return 0

    def apply_effect(self, ctx: Any, spec: Any) -> None:
        from assistant.engine.effects import HANDLERS
        from assistant.engine.errors import ConfigError

        handler = HANDLERS.get(spec.type)
        if handler is None:
            raise ConfigError(f"{self.system_id} does not handle effect {spec.type!r}.")
        handler(ctx, spec)

    def impacts_changed(self, ctx: Any) -> None:
        """Called after an impact is marked or cleared (Starforged lowers max momentum)."""

    def do_action_roll(self, ctx: Any) -> None:
        from assistant.engine import rolls
        from assistant.engine.resolution import choose_stat

        ctx.stat, ctx.stat_value = choose_stat(ctx)
        ctx.source.require_forced(3 if ctx.move.roll.action_die else 2, f"{ctx.move.name}'s action roll")
        roll = rolls.action_roll(ctx.source, ctx.stat_value, ctx.adds, action_die=ctx.move.roll.action_die)
        self._take_challenge(ctx, roll)

    def progress_score(self, ctx: Any) -> int:
        from assistant.engine.errors import InputError

        if ctx.track is None:
            raise InputError(f"{ctx.move.name}: give the progress (options.progress_boxes or progress_ticks).")
        return int(ctx.track.score)

    def do_progress_roll(self, ctx: Any) -> None:
        from assistant.engine import rolls

        ctx.source.require_forced(2, f"{ctx.move.name}'s progress roll")
        roll = rolls.progress_roll(ctx.source, self.progress_score(ctx))
        self._take_challenge(ctx, roll)

    @staticmethod
    def _take_challenge(ctx: Any, roll: Any) -> None:
        ctx.score, ctx.outcome, ctx.match, ctx.challenge = roll.score, roll.outcome, roll.match, roll.challenge
        ctx.extra["roll"] = roll

    def do_system_roll(self, ctx: Any, kind: str) -> None:
        """Pool and total rolls, read from the move's ``roll.extra`` (see :mod:`assistant.engine.system_rolls`)."""
        from assistant.engine.system_rolls import do_system_roll

        do_system_roll(ctx, kind)

    def after_roll(self, ctx: Any) -> None:
        """Adjust the outcome after the dice (momentum burn, position downgrades...)."""

    def finish(self, ctx: Any) -> None:
        """Last look at the resolution before the Result is built."""
