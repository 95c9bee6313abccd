"""Markdown and Iron Vault journal export, and import of our own exports."""

from __future__ import annotations

import re

import pytest

from assistant.errors import InputError
from assistant.store import service
from assistant.store.base import CampaignStore
from tests.store_fixtures import *  # noqa: F403
from tests.store_fixtures import FACE_DANGER_STRONG, FACE_DANGER_WEAK


def _session(name: str) -> None:
    service.create_campaign(name, "starforged", {"name": 'Kira <the> "Swift"'}, seed=8)
    service.append_chat(name, "user", "I leap across the gap --> <b>now</b>!")
    first = service.resolve_in_campaign(name, FACE_DANGER_WEAK)
    assert first.outcome == "weak_hit"
    service.record_narration(name, 3, "You land hard, but you land.")
    service.resolve_in_campaign(name, FACE_DANGER_STRONG, narration="Clean and quick.")
    tid = service.create_track(name, "Find the ship", rank="dangerous")
    service.update_track(name, tid, {"ticks": 8})
    cid = service.create_clock(name, "Storm", segments=6)
    service.update_clock(name, cid, filled=2)
    character = service.load_campaign(name).characters["kira-the-swift"]
    service.update_character(name, "kira-the-swift", {**character, "momentum": 10})
    burned = service.resolve_in_campaign(
        name, {"move": "Face Danger", "stat": "edge", "dice": [3, 5, 9], "options": {"burn": True}}
    )
    assert burned.outcome == "strong_hit"
    service.set_slot(name, "combatants", "Raider", {"rank": "dangerous"})
    service.append_chat(name, "assistant", "The storm closes in.")
    service.resolve_in_campaign(name, FACE_DANGER_WEAK)
    service.undo_last(name)


@pytest.mark.parametrize("fmt", ["markdown", "ironvault"])
def test_export_import_round_trip(store: CampaignStore, fmt: str) -> None:
    _session("orig")
    text = service.export("orig", fmt)
    imported = service.import_journal(text)
    assert imported == "orig (imported)"
    original, copy = service.load_campaign("orig"), service.load_campaign(imported)
    assert copy.comparable() == original.comparable() and copy.name == imported
    assert [e.event for e in store.events(imported)][1:] == [e.event for e in store.events("orig")][1:]
    service.replay(imported)
    # exporting the import gives the same journal, but for the name
    assert service.export(imported, fmt).replace(imported, "orig").replace('"orig (imported)"', '"orig"') == text
    assert service.import_journal(text, name="third") == "third"
    assert service.import_journal(text) == "orig (imported 2)"


def test_markdown_journal_shows_narration_and_mechanics(store: CampaignStore) -> None:
    _session("md")
    text = service.export("md", "markdown")
    assert text.startswith("# md\n")
    assert "### Face Danger (+edge) — weak hit" in text and "### Face Danger (+edge) — strong hit" in text
    assert "- Roll: action 4 + edge 3 = 7 against 2 and 9 (dice 4, 2, 9)" in text
    assert "You land hard, but you land." in text and "Clean and quick." in text
    assert "**Player:** I leap across the gap --> <b>now</b>!" in text
    assert "- Momentum: 2 → 3 (+1) — Face Danger: strong hit" in text  # the dice card's words, not "momentum: 2 → 3"
    assert "**Find the ship** (vow, dangerous): 2/10 boxes (8 ticks)" in text
    assert "**Storm**: 2/6" in text and "*Undone: Face Danger.*" in text
    assert "*Track **Find the ship** (dangerous): 2/10 boxes.*" in text  # boxes, as the sheet draws the track
    assert "- **Raider**: rank dangerous" in text and "*Combatants: Raider — rank dangerous.*" in text  # no JSON
    # the hidden records never end early, whatever the text contains
    assert len(re.findall(r"<!-- tabletop-oracle:event ", text)) == service.load_campaign("md").last_seq
    assert all(line.endswith(" -->") for line in text.splitlines() if line.startswith("<!-- tabletop-oracle:event"))


def test_ironvault_journal_has_mechanics_blocks(store: CampaignStore) -> None:
    _session("iv")
    text = service.export("iv", "ironvault")
    assert text.startswith('---\ncampaign: "iv"\n')
    blocks = re.findall(r"```iron-vault-mechanics\n(.*?)\n```", text, re.S)
    assert blocks
    first_move = next(b for b in blocks if b.startswith("move "))
    assert first_move.splitlines() == [
        'move "[Face Danger](datasworn:move:starforged/adventure/face_danger)" {',
        '    roll "edge" action=4 adds=0 stat=3 vs1=2 vs2=9',
        '    - "Next: Make a suffer move (-1)"',
        "}",
    ]
    joined = "\n".join(blocks)
    assert 'meter "momentum" from=2 to=3' in joined
    assert "burn from=10 to=2" in joined
    assert 'track "Find the ship" status="added"' in joined and 'track "Find the ship" from=0 to=8' in joined
    assert 'clock "Storm" status="added"' in joined and 'clock "Storm" from=0 to=2 out-of=6' in joined
    assert "Clean and quick." in text and "The storm closes in." in text


def test_import_rejects_foreign_or_damaged_journals(store: CampaignStore) -> None:
    with pytest.raises(InputError, match="no tabletop-oracle event records"):
        service.import_journal("# My Obsidian journal\n\nJust prose.\n")
    _session("src")
    text = service.export("src", "markdown")
    lines = text.splitlines()
    damaged = "\n".join(
        line
        for i, line in enumerate(lines)
        if i != next(j for j, x in enumerate(lines) if x.startswith('<!-- tabletop-oracle:event {"seq":3,'))
    )
    with pytest.raises(InputError, match="not a whole log"):
        service.import_journal(damaged)
    with pytest.raises(InputError, match="Unknown export format"):
        service.export("src", "pdf")
    assert [c.name for c in service.list_campaigns()] == ["src"]


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda t: re.sub(r'"momentum":\d+', '"momentum":99', t, count=1), "momentum"),  # out of the sheet's bounds
        (lambda t: re.sub(r'"stats":\{"edge"', '"stats":{"<b>edge</b>":3,"edge"', t, count=1), "stat"),  # made up
        (lambda t: t.replace('"outcome":"weak_hit"', '"outcome":"strong_hit"', 1), "replays differently"),  # a fake
        (lambda t: t.replace('"system":"starforged","seed"', '"system":"gurps","seed"', 1), "cannot be imported"),
    ],
)
def test_import_refuses_a_hand_edited_journal_whole(store: CampaignStore, edit: object, says: str) -> None:
    _session("src")
    text = service.export("src", "markdown")
    edited = edit(text)  # type: ignore[operator]
    assert edited != text
    with pytest.raises(InputError, match=says) as caught:
        service.import_journal(edited)
    assert "nothing was imported" in str(caught.value)
    assert [c.name for c in service.list_campaigns()] == ["src"]


def test_an_export_in_older_wording_imports_in_the_current_wording(store: CampaignStore) -> None:
    """A later version may reword a reason, a rules text or a follow-up: the import compares what happened (outcome,
    dice, meters, tracks) and takes the wording from this version, so older exports keep importing."""
    _session("old")
    text = service.export("old", "markdown")
    assert '"reason":"Make a suffer move (-1)"' in text and '"reason":"Face Danger: strong hit"' in text
    older = (
        text.replace('"reason":"Make a suffer move (-1)"', '"reason":"older: suffer -1"')
        .replace('"reason":"Face Danger: strong hit"', '"reason":"older: a strong hit"')
        .replace('"text":"On a weak hit, you succeed', '"text":"older: you succeed')
    )
    assert older != text
    imported = service.import_journal(older, name="new")
    assert service.load_campaign("new").comparable() == service.load_campaign("old").comparable()
    shown = service.export(imported, "markdown")
    assert "older:" in older and "older:" not in shown
    assert [e.event for e in store.events("new")][1:] == [e.event for e in store.events("old")][1:]
    service.replay("new")


def test_an_export_whose_numbers_were_changed_is_still_refused(store: CampaignStore) -> None:
    _session("src")
    text = service.export("src", "markdown")
    changed = re.sub(r'("target":"momentum","before":2,"after":)3', r"\g<1>4", text, count=1)
    assert changed != text
    with pytest.raises(InputError, match="replays differently") as caught:
        service.import_journal(changed)
    assert "nothing was imported" in str(caught.value)


def test_the_journal_does_not_write_a_change_that_changed_nothing(store: CampaignStore) -> None:
    service.create_campaign("quiet", "blades", seed=2)
    service.resolve_in_campaign("quiet", {"move": "Heat", "options": {"exposure": "smooth"}})
    text = service.export("quiet", "markdown")
    assert "- Heat: no change (still 0)" in text and "0 → 0" not in text
