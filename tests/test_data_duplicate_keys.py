"""No shipped YAML file says a key twice in one mapping: YAML keeps the last and drops the first without a word (Dungeon
World's Enter a Combat Encounter had two ``readings:`` lists, and the first reading was lost)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(p for base in ("assistant", "rules_index") for p in (ROOT / base).rglob("*.yaml"))


class _StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses a key said twice in one mapping, naming the line of the second."""


def _mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":  # "<<: *anchor": merged keys may be overridden, by design
            continue
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"{key!r} is said twice in one mapping (first on line {seen[key] + 1})", key_node.start_mark
            )
        seen[key] = key_node.start_mark.line
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def test_the_shipped_data_files_are_found() -> None:
    assert len(SHIPPED) >= 30 and any(p.name == "moves.yaml" for p in SHIPPED)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_key_is_said_twice(path: Path) -> None:
    yaml.load(path.read_text(encoding="utf-8"), Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass


def test_a_key_said_twice_is_caught() -> None:
    with pytest.raises(yaml.constructor.ConstructorError, match="'readings' is said twice"):
        yaml.load("id: x\nreadings: [a]\nreadings: [b]\n", Loader=_StrictLoader)  # noqa: S506
