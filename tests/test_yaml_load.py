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


def test_a_file_read_again_comes_from_its_kept_copy_while_it_is_unchanged(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    path = tmp_path / "moves.yaml"
    path.write_text("moves:\n  - {id: a, n: 1, x: 1.0, ok: true}\n", encoding="utf-8")
    first = yaml_load.load_file(path)
    kept = yaml_load.kept_copy(path)
    assert kept.is_file() and first == yaml.safe_load(path.read_text(encoding="utf-8"))
    again = yaml_load.load_file(path)
    assert again == first and repr(again) == repr(first) and again is not first
    path.write_text("moves:\n  - {id: b}\n", encoding="utf-8")  # changed: read anew, kept anew
    assert yaml_load.load_file(path) == {"moves": [{"id": "b"}]}
    assert yaml_load.load_file(path) == {"moves": [{"id": "b"}]}


def test_a_broken_kept_copy_is_ignored_and_replaced(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    path = tmp_path / "sheet.yaml"
    path.write_text("stats: [edge, heart]\n", encoding="utf-8")
    yaml_load.load_file(path)
    kept = yaml_load.kept_copy(path)
    kept.write_bytes(kept.read_bytes()[:-3])  # cut short
    assert yaml_load.load_file(path) == {"stats": ["edge", "heart"]}
    kept.write_bytes(b"garbage")
    assert yaml_load.load_file(path) == {"stats": ["edge", "heart"]}
    assert yaml_load.load_file(path) == {"stats": ["edge", "heart"]}


def test_nothing_is_kept_when_writing_caches_is_turned_off(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    path = tmp_path / "tables.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    assert yaml_load.load_file(path) == {"a": 1}
    assert not yaml_load.kept_copy(path).exists()


def test_a_value_marshal_cannot_write_is_read_each_time(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    path = tmp_path / "dated.yaml"
    path.write_text("when: 2024-01-02\n", encoding="utf-8")
    assert str(yaml_load.load_file(path)["when"]) == "2024-01-02"
    assert not yaml_load.kept_copy(path).exists()
    assert str(yaml_load.load_file(path)["when"]) == "2024-01-02"


def test_a_bad_file_still_fails_as_yaml(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("a: [1, 2\n", encoding="utf-8")
    with pytest.raises(yaml.YAMLError):
        yaml_load.load_file(path)


def test_a_ruleset_file_that_is_not_yaml_is_a_data_fault(tmp_path: Path) -> None:
    from assistant.engine.data import _load_yaml
    from assistant.engine.errors import ConfigError

    path = tmp_path / "moves.yaml"
    path.write_text("moves: [1, 2\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid YAML"):
        _load_yaml(path)
    with pytest.raises(ConfigError, match="missing"):
        _load_yaml(tmp_path / "absent.yaml")
