"""The words of one system, read from its registered ruleset: meters, stats, impacts and move names.

A system whose ruleset is not registered (or whose sheet names a meter differently from the prose) is still read
through the built-in lists of :mod:`assistant.guard.vocab`. Results are cached per system; :func:`clear_caches`
forgets them after a system is registered at run time.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from assistant.guard.vocab import COMMON_METERS, SYSTEM_METERS, SYSTEM_STATS


def meter_words(system: str | None) -> dict[str, tuple[str, int]]:
    """Meter words for ``system``: the built-in list, the sheet's meters when registered, common words."""
    key = (system or "").lower()
    return _meter_words(key, _registered(key))


def stat_words(system: str | None) -> frozenset[str]:
    key = (system or "").lower()
    return _stat_words(key, _registered(key))


def impact_words(system: str | None) -> frozenset[str]:
    key = (system or "").lower()
    return _impact_words(key, _registered(key))


def _registered(system: str) -> bool:
    from assistant.engine.registry import SYSTEMS

    return system in SYSTEMS


@cache
def _meter_words(key: str, registered: bool) -> dict[str, tuple[str, int]]:
    words = dict(COMMON_METERS)
    words.update(SYSTEM_METERS.get(key, {}))
    for name in _sheet_names(key)[0]:
        words.setdefault(name.replace("_", " "), (name, 1))
    if not key:
        for table in SYSTEM_METERS.values():
            for word, target in table.items():
                words.setdefault(word, target)
    for word, target in list(words.items()):  # "you lose some of your supplies": a meter's plural tells it too
        if word.endswith("ly") and " " not in word:
            words.setdefault(word[:-1] + "ies", target)
    return words


@cache
def _stat_words(key: str, registered: bool) -> frozenset[str]:
    names = set(SYSTEM_STATS.get(key, ()))
    names.update(_sheet_names(key)[1])
    if not key:
        for stats in SYSTEM_STATS.values():
            names.update(stats)
    return frozenset(names)


@cache
def _impact_words(key: str, registered: bool) -> frozenset[str]:
    names = set(_sheet_names(key)[2])
    return frozenset(n.replace("_", " ") for n in names)


def move_names(system: str | None) -> tuple[str, ...]:
    """Lower-case move and table names (and aliases) of a registered system, longest first."""
    key = (system or "").lower()
    return _move_names(key, _registered(key))


@cache
def _move_names(key: str, registered: bool) -> tuple[str, ...]:
    ruleset = _ruleset(key)
    if ruleset is None:
        return ()
    names = {m.name.lower() for m in ruleset.moves} | {a.lower() for m in ruleset.moves for a in m.aliases}
    names |= {t.name.lower() for t in ruleset.tables.values()}
    return tuple(sorted(names, key=len, reverse=True))


def move_titles(system: str | None) -> tuple[str, ...]:
    """The system's move names of two words or more as the rules write them ("Face Death", "Pay the Price"),
    longest first: capitalised like this mid-sentence, they name the move, not the everyday words."""
    return _move_titles((system or "").lower(), _registered((system or "").lower()))


@cache
def _move_titles(key: str, registered: bool) -> tuple[str, ...]:
    ruleset = _ruleset(key)
    if ruleset is None:
        return ()
    names = {m.name for m in ruleset.moves if len(m.name.split()) >= 2 and m.name[:1].isupper()}
    return tuple(sorted(names, key=len, reverse=True))


def _sheet_names(system: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(meters, stats, impacts) of a registered system's sheet; empty when it is not registered."""
    ruleset = _ruleset(system)
    if ruleset is None:
        return (), (), ()
    sheet = ruleset.sheet
    return tuple(sheet.meters), tuple(sheet.stats), tuple(sheet.impacts)


def ruleset_moves(system: str | None) -> tuple[Any, ...]:
    """The registered system's moves (none for an unregistered one)."""
    ruleset = _ruleset((system or "").lower())
    return tuple(ruleset.moves) if ruleset is not None else ()


def _ruleset(system: str) -> Any:
    """The registered ruleset, or None (an unregistered system: the built-in lists stand in)."""
    from assistant.engine import get_ruleset
    from assistant.engine.errors import AssistantError

    if not system or not _registered(system):
        return None
    try:
        return get_ruleset(system)
    except AssistantError:
        return None


def clear_caches() -> None:
    """Forget cached words (after a system is registered at run time)."""
    for fn in (_meter_words, _stat_words, _impact_words, _move_names, _move_titles):
        fn.cache_clear()
