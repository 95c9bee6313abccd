"""The moves a suggestion can name, per system: the engine's ruleset first, the recovered catalogue after.

A system with an engine ruleset (``assistant.engine.available_systems()``) is ranked over the ruleset's
moves, which carry exact odds. Systems without one yet are ranked over the move catalogue recovered from
the rules text (``catalog/<system>.yaml``). The two are merged move by move: a ruleset move always wins
over a catalogue entry of the same name, so while a ruleset is still being written the catalogue fills
its gaps, and once it is complete the catalogue is no longer used.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import assistant.engine.yaml_load as yaml_load
from assistant.engine.registry import canonical_system_id

log = logging.getLogger(__name__)

CATALOG_DIR = Path(__file__).parent / "catalog"


def normalize_name(text: str) -> str:
    """Case- and punctuation-insensitive key (the engine's rule): ``"Hack & Slash"`` -> ``hackandslash``."""
    return re.sub(r"[^a-z0-9]+", "", str(text).lower().replace("&", "and"))


def canonical_system(system: str) -> str:
    """The system id as the engine's registry keys it (its spellings: "BitD" -> "blades")."""
    return canonical_system_id(system)


@dataclass(frozen=True)
class Approach:
    """One way to roll a move: the stat(s) and the approach line ("With speed, mobility, or agility")."""

    stats: tuple[str, ...]
    pick: str = "highest"
    when: str = ""

    @property
    def label(self) -> str:
        return "/".join(self.stats)


@dataclass(frozen=True)
class MoveEntry:
    """A move as the suggester sees it, from either source."""

    system: str
    id: str
    name: str
    category: str
    trigger: str
    roll: str
    approaches: tuple[Approach, ...] = ()
    requires_position: str | None = None
    requires: Any = None
    suggested_when: Any = None
    """The situation the move is suggested in (the engine's ``suggested_when``), or None."""
    """The engine's ``Condition`` for ruleset moves (checked against the character)."""
    progress_move: bool = False
    combat: bool = False
    downtime: bool = False
    scene_challenge: bool = False
    in_a_fight: tuple[str, ...] = ()
    """The ids of the moves the rules make instead of this one in a fight (the engine's ``in_a_fight``)."""
    aliases: tuple[str, ...] = ()
    source: dict[str, Any] = field(default_factory=dict)
    stat_note: str = ""
    stat_from: str = ""
    """What dictates the stat (the engine's ``roll.stat_from``): asked unless the words name it."""
    from_ruleset: bool = False

    @cached_property
    def key(self) -> str:
        return normalize_name(self.name)

    @cached_property
    def _names(self) -> frozenset[str]:
        return frozenset(normalize_name(n) for n in (self.name, self.id, *self.aliases))

    def names(self) -> frozenset[str]:
        return self._names


COMBAT_CATEGORIES = {"combat"}


def _is_scene_challenge(move_id: str, name: str, category: str) -> bool:
    if "scenechallenge" in normalize_name(name):
        return True
    return normalize_name(category) == "scenechallenge" and move_id not in {"begin_the_scene"}


def _from_ruleset_move(system: str, spec: Any) -> MoveEntry:
    approaches = tuple(Approach(tuple(o.stats), o.pick, o.when) for o in spec.roll.stats)
    requires = spec.requires
    position = requires.position if requires is not None else None
    category = spec.category
    return MoveEntry(
        system=system,
        id=spec.id,
        name=spec.name,
        category=category,
        trigger=spec.trigger,
        roll=spec.roll.type,
        approaches=approaches,
        requires_position=position,
        requires=requires,
        suggested_when=getattr(spec, "suggested_when", None),
        progress_move=bool(spec.progress_move or spec.roll.type == "progress"),
        combat=normalize_name(category) in COMBAT_CATEGORIES and spec.id != "battle",
        downtime=normalize_name(category) == "downtime",
        scene_challenge=_is_scene_challenge(spec.id, spec.name, category),
        in_a_fight=tuple(spec.in_a_fight),
        aliases=tuple(spec.aliases),
        source=spec.source.model_dump(mode="json"),
        stat_from=spec.roll.stat_from,
        from_ruleset=True,
    )


def _from_catalog_row(system: str, row: dict[str, Any]) -> MoveEntry:
    approaches = []
    for opt in row.get("stats") or []:
        stat = opt["stat"]
        stats = tuple(stat) if isinstance(stat, list) else (stat,)
        approaches.append(Approach(stats, opt.get("pick", "highest"), opt.get("when", "")))
    requires = row.get("requires") or {}
    category = row.get("category", "")
    return MoveEntry(
        system=system,
        id=row["id"],
        name=row["name"],
        category=category,
        trigger=row["trigger"],
        roll=row.get("roll", "none"),
        approaches=tuple(approaches),
        requires_position=requires.get("position"),
        progress_move=row.get("roll") == "progress",
        combat=bool(row.get("combat", False)),
        downtime=bool(row.get("downtime", False)),
        scene_challenge=bool(row.get("scene_challenge", _is_scene_challenge(row["id"], row["name"], category))),
        aliases=tuple(row.get("aliases") or ()),
        source=dict(row.get("source") or {}),
        stat_note=row.get("stat_note", ""),
    )


@cache
def load_catalog(system: str) -> tuple[MoveEntry, ...]:
    """The recovered catalogue of ``system`` (empty when there is none)."""
    path = CATALOG_DIR / f"{canonical_system(system)}.yaml"
    if not path.exists():
        return ()
    data = yaml_load.safe_load(path.read_text(encoding="utf-8")) or {}
    return tuple(_from_catalog_row(canonical_system(system), row) for row in data.get("moves") or [])


def catalog_systems() -> list[str]:
    return sorted(p.stem for p in CATALOG_DIR.glob("*.yaml"))


def engine_systems() -> list[str]:
    try:
        from assistant.engine import available_systems

        return list(available_systems())
    except Exception:  # pragma: no cover - the engine always imports in this repo
        return []


def known_systems() -> list[str]:
    """Every system a suggestion can be made for: those with a ruleset and those with a catalogue."""
    return sorted(set(engine_systems()) | set(catalog_systems()))


def ruleset_for(system: str) -> Any | None:
    """The engine ruleset of ``system``, or None when the engine has none (or it fails to load)."""
    system = canonical_system(system)
    if system not in engine_systems():
        return None
    try:
        from assistant.engine import get_ruleset

        ruleset = get_ruleset(system)
        ruleset.moves  # noqa: B018 - load and validate now
        return ruleset
    except Exception as exc:  # a ruleset mid-edit must not take suggestions down
        log.warning("ruleset %s did not load (%s); using the catalogue", system, exc)
        return None


#: system -> (the ruleset its moves were read from, the moves): read once per ruleset.
_MOVES: dict[str, tuple[Any, tuple[MoveEntry, ...]]] = {}


def moves_for(system: str) -> list[MoveEntry]:
    """The moves of ``system``: ruleset moves first, then catalogue entries the ruleset lacks."""
    system = canonical_system(system)
    ruleset = ruleset_for(system)
    known = _MOVES.get(system)
    if known is None or known[0] is not ruleset:
        known = (ruleset, tuple(_read_moves(system, ruleset)))
        _MOVES[system] = known
    return list(known[1])


def _read_moves(system: str, ruleset: Any | None) -> list[MoveEntry]:
    from assistant.engine.errors import UnknownNameError

    entries: list[MoveEntry] = []
    taken: set[str] = set()
    if ruleset is not None:
        for spec in ruleset.moves:
            entry = _from_ruleset_move(system, spec)
            entries.append(entry)
            taken |= entry.names()
    for entry in load_catalog(system):
        if not (entry.names() & taken):
            entries.append(entry)
    if not entries:
        raise UnknownNameError(f"No moves known for system {system!r}; systems: {', '.join(known_systems())}.")
    return entries
