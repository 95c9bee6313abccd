"""Every Starforged table row in the data must match the rules text, and every table in the text must be in the data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from assistant.engine import get_ruleset, resolve
from assistant.engine.oracle import Odds

CORPUS = Path(__file__).resolve().parents[1] / "rules_index" / "corpus" / "starforged.txt"


def _plain(text: str) -> str:
    return re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text).strip()


def seed_tables() -> dict[str, list[tuple[int, int, str]]]:
    """Tables in the text, by the heading of the move they sit in."""
    tables: dict[str, list[tuple[int, int, str]]] = {}
    heading = ""
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.startswith("### "):
            heading = line[4:].strip()
        if re.match(r"^Roll\s*\|\s*Result", line):
            rows = []
            for row in lines[i + 2 :]:
                m = re.match(r"^(\d+)(?:-(\d+))?\s*\|\s*(.+)$", row)
                if not m:
                    break
                low = int(m.group(1))
                rows.append((low, int(m.group(2) or low), _plain(m.group(3))))
            tables[heading] = rows
    return tables


SEED = seed_tables()
TABLE_IDS = {
    "Begin a Session": "begin_a_session",
    "Make a Discovery": "make_a_discovery",
    "Confront Chaos": "confront_chaos",
    "Take Decisive Action": "take_decisive_action",
    "Endure Harm": "endure_harm",
    "Endure Stress": "endure_stress",
    "Withstand Damage": "withstand_damage",
    "Pay the Price": "pay_the_price",
}


def test_every_table_in_the_text_is_in_the_data() -> None:
    assert set(SEED) == set(TABLE_IDS)
    assert set(get_ruleset("starforged").tables) == set(TABLE_IDS.values())


@pytest.mark.parametrize("heading", sorted(SEED))
def test_table_rows_match_the_text(heading: str) -> None:
    ruleset = get_ruleset("starforged")
    table = ruleset.tables[TABLE_IDS[heading]]
    data = [(r.low, r.high, r.text) for r in table.rows]
    assert data == SEED[heading]
    for row in table.rows:
        assert row.roll_twice == (row.text.lower() == "roll twice")


def test_ask_the_oracle_odds_match_the_text() -> None:
    text = CORPUS.read_text(encoding="utf-8")
    found: dict[str, int] = {}
    for name, value in re.findall(r"^(Small Chance|Unlikely|50/50|Likely|Almost Certain)\s*\|\s*(\d+) or less", text, flags=re.M):
        found[name.lower()] = int(value)
    assert found == {odds.value: odds.threshold for odds in Odds}


@pytest.mark.parametrize("heading", sorted(SEED))
def test_every_row_is_reachable_through_the_engine(heading: str) -> None:
    table_id = TABLE_IDS[heading]
    for low, _high, text in SEED[heading]:
        dice = [low] + ([1, 50] if text.lower() == "roll twice" else [])  # two rows (the same row twice is said once)
        result = resolve({"system": "starforged", "move": f"table:{table_id}", "dice": dice})
        assert result.table is not None and result.table["rolls"][0] == low
        if text.lower() != "roll twice":
            assert result.table["rows"][0]["text"] == text
        else:
            assert len(result.table["rows"]) == 2
