"""The rules notes a player or GM reads ("Rules note: … › How Roll Initiative is read") speak the table's words: no
request field (``options.initiative``), no sheet field (``companion_health``), no "the engine" or "in code" — in the
rulesets' readings as written, in the hand-written notes, and in every note as indexed. A quote of the rules text
(the sentence a reading rests on, or a passage of the move's text in quotation marks) may say what the text says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import assistant.engine.yaml_load as yaml_load
from assistant.engine.registry import available_systems, get_ruleset
from rules_index.notes import NOTES_DIR, all_notes

#: developer words: a request field, a sheet field, a snake_case id, the engine, "in code"
DEV_WORDS = re.compile(
    r"\boptions\.[a-z]|\bcharacter\.[a-z]|\b[a-z]+(?:_[a-z0-9]+)+\b|\bthe engine\b|\bengine data\b|\bin code\b",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")
_RESTS_ON = re.compile(r"This reading rests on the sentence: “.*”$", re.DOTALL)


def _without_text_quotes(reading: str, rules_text: str) -> str:
    """The reading with every quotation of the move's own text taken out (a quote may use the text's words)."""
    plain = " ".join(rules_text.lower().split())
    return _QUOTED.sub(lambda m: "" if " ".join(m.group(0).strip('“”"').lower().split()) in plain else m.group(0), reading)


def _readings() -> list[tuple[str, str, str]]:
    out = []
    for system in available_systems():
        for move in get_ruleset(system).moves:
            for reading in move.readings:
                rules_text = f"{move.text}\n{reading.sentence}"
                out.append((system, move.name, _without_text_quotes(reading.reading, rules_text)))
    return out


def test_the_check_catches_developer_words() -> None:
    for bad in (
        "the engine keeps the number given (options.initiative) on the sheet",
        "The companion's health is the meter companion_health.",
        "Supply reduced to 0 marks unprepared (in code).",
        "kept in character.session_used when used",
    ):
        assert DEV_WORDS.search(bad), bad
    for fine in ("the app keeps the number you give on the sheet", "so the reward is applied by choosing one of those options."):
        assert not DEV_WORDS.search(fine), fine
    # a quote of the move's own text is allowed; the same words outside a quote are not
    assert _without_text_quotes('As "mark_history" says.', "you mark_history now") == "As  says."
    assert _without_text_quotes('As "mark_history" says.', "no such words") == 'As "mark_history" says.'


@pytest.mark.parametrize("system,move,reading", _readings(), ids=lambda v: str(v)[:40])
def test_every_reading_in_the_rulesets_is_in_a_players_words(system: str, move: str, reading: str) -> None:
    found = DEV_WORDS.findall(reading)
    assert not found, f"{system} › {move}: {found} in {reading!r}"


def test_every_written_note_is_in_a_players_words() -> None:
    paths = sorted(Path(NOTES_DIR).glob("*.yaml"))
    assert paths
    for path in paths:
        data = yaml_load.safe_load(path.read_text(encoding="utf-8")) or {}
        for entry in data.get("notes", []):
            for key in ("title", "text"):
                found = DEV_WORDS.findall(str(entry[key]))
                assert not found, f"{path.name} › {entry['title']}: {found}"


def test_every_note_as_indexed_is_in_a_players_words() -> None:
    notes = all_notes()
    assert any(n.topic == "Readings" for n in notes) and any(n.topic == "Tables" for n in notes)
    for note in notes:
        shown = _RESTS_ON.sub("", note.text)  # the sentence it rests on is a quote of the text
        found = DEV_WORDS.findall(f"{note.title}\n{shown}")
        assert not found, f"{note.system} › {note.title}: {found}"
