"""The shipped data files read through libyaml give exactly what PyYAML's own reader gives."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import assistant.engine.yaml_load as yaml_load

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted([*(ROOT / "assistant").rglob("*.yaml"), *(ROOT / "rules_index").rglob("*.yaml")])


def test_the_shipped_data_files_are_found() -> None:
    assert any(p.name == "moves.yaml" for p in SHIPPED) and len(SHIPPED) >= 20


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_shipped_file_reads_the_same_both_ways(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fast = yaml_load.safe_load(text)
    assert fast == yaml.safe_load(text)
    assert repr(fast) == repr(yaml.safe_load(text))  # same types too (1 vs 1.0 vs True, key order)
    with path.open(encoding="utf-8") as fh:
        assert yaml_load.safe_load(fh) == fast


def test_the_reader_is_safe() -> None:
    with pytest.raises(yaml.YAMLError):
        yaml_load.safe_load("!!python/object/apply:os.system ['true']")
