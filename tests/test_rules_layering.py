"""The rules index sits below the move suggestions: it reads their shared cue words as the rulesets' data."""

from __future__ import annotations

import ast
from pathlib import Path

import rules_index
from assistant.engine.cue_words import cue_file, load_cue_file, match_cues, unmet_needs
from assistant.suggest import cues as suggest_cues
from rules_index.move_cues import move_cues, move_key

#: The layers above the rules index (ARCHITECTURE: arrows point down only).
ABOVE = ("assistant.suggest", "assistant.chat", "assistant.narrate", "assistant.guard", "assistant.store", "assistant.ui")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_rules_index_module_imports_a_layer_above_it() -> None:
    found = {
        f"{path.name}: {name}"
        for path in Path(rules_index.__file__).parent.glob("*.py")
        for name in _imports(path)
        if name.startswith(ABOVE)
    }
    assert found == set()


def test_every_system_keeps_its_cue_words_with_its_ruleset() -> None:
    for system in ("starforged", "city", "elegy", "dungeon-world", "blades"):
        path = cue_file(system)
        assert path.parent.name == system.replace("-", "_") and path.parent.parent.name == "rulesets"
        assert load_cue_file(system)["cues"], system


def test_a_system_is_found_by_any_of_its_names() -> None:
    assert cue_file("Dungeon World") == cue_file("dungeon-world") == cue_file("dw")
    assert load_cue_file("bitd") == load_cue_file("blades")


def test_the_ranking_reads_the_same_cue_words_as_the_suggestions() -> None:
    question = "i dive for cover as the drones open fire"
    boosts, unmet = move_cues("starforged", question)
    assert suggest_cues.match_cues("starforged", question).move_boost == match_cues("starforged", question).move_boost
    assert boosts.items() <= match_cues("starforged", question).move_boost.items()
    assert boosts[move_key("React Under Fire")] > 0
    assert unmet == unmet_needs("starforged", question)
    assert move_key("Swear an Iron Vow") in unmet


def test_a_system_without_cue_words_has_none() -> None:
    assert load_cue_file("no-such-game") == {}
    assert match_cues("no-such-game", "i attack").move_boost == {}
