"""Two changes to one list on a sheet, both kept: an entry the player added (or removed) while a move's pick waited and
the entries the pick adds (or removes) do not contradict each other, so the pick keeps the player's change on top of
its own instead of refusing it (``/add impact shaken`` while Endure Harm's "Mark wounded" waits ends with both; a tie
added while Observe Someone's "add them as a Tie" waits, both ties).

The player's change is read as what it added and what it removed (by the entry's words: a secret marked since is the
same secret) and made again on the list the pick left: what it removed goes, what it added comes back where it stood
among the entries still there (the order things were done in: the player's entry first, then the pick's). Only a
value set two ways (a meter, a stat) is a true conflict: :mod:`assistant.store.carried` refuses that one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def entry_key(item: Any) -> str:
    """What names an entry: its words ("The Magistrate lies" for a secret kept as ``{"text", "marked"}``), lower case."""
    if isinstance(item, Mapping):
        item = item.get("text", item.get("name", item))
    return str(item).strip().lower()


def is_list(value: Any) -> bool:
    """Whether a sheet value is a list (a missing one is an empty list)."""
    return value is None or isinstance(value, list)


def mergeable(before: Any, after: Any) -> bool:
    """Whether a change of one sheet value from ``before`` to ``after`` is a list change another list change keeps."""
    return is_list(before) and is_list(after) and (before is not None or after is not None)


def merge_list(before: list[Any] | None, after: list[Any] | None, current: list[Any] | None) -> list[Any]:
    """``current`` (the list another change left) with the change from ``before`` to ``after`` made on it: the entries
    it removed taken out, the entries it added put back after the entry they followed (at the start when none)."""
    old, new, out = list(before or []), list(after or []), list(current or [])
    old_keys = [entry_key(i) for i in old]
    new_keys = [entry_key(i) for i in new]
    for key in old_keys:
        if key not in new_keys:
            out = [i for i in out if entry_key(i) != key]
    for at, item in enumerate(new):
        key = new_keys[at]
        if key in old_keys or any(entry_key(i) == key for i in out):
            continue  # kept from before, or the other change added the same entry: listed once
        keys = [entry_key(i) for i in out]
        after_index = next((keys.index(k) + 1 for k in reversed(new_keys[:at]) if k in keys), 0)
        out.insert(after_index, item)
    return out


def list_keys(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> set[str]:
    """The fields of a sheet changed from ``before`` to ``after`` that are lists on both sides (mergeable)."""
    old, new = before or {}, after or {}
    return {k for k in set(old) | set(new) if old.get(k) != new.get(k) and mergeable(old.get(k), new.get(k))}
