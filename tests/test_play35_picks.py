"""Round 35 in Dungeon World: after a pick the story still asked for it ("You choose: you are left vulnerable. Your
spell still works, but (choose one):"), and Defend's pick was reported as the card disagreeing with the sheet though
both held Defend hold 0 (the pick's id, "defend_hold", was read as the meter of that name). Each pick played here."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

_ARCANE_PICKS = ["1", "2", "3", "4"]


@pytest.mark.parametrize("pick", _ARCANE_PICKS)
def test_an_arcane_art_pick_is_told_without_its_prompt(pick: str) -> None:
    session, dice = open_campaign(f"Song pick {pick}", "dungeon-world")
    assert session.send("/set class bard").ok
    assert session.send("/character add Duke class=paladin").ok
    offered = session.send("i sing to give duke +1d4 damage")
    dice.queue(4, 4)  # 8 - 1 (cha): 7, a weak hit
    rolled = session.confirm(offered.suggestions[0])
    assert rolled.results[0].outcome == "weak_hit" and rolled.open_choices, rolled.narration
    picked = session.choose([pick], event_seq=rolled.event_seq)
    assert picked.kind != "error", picked.error
    assert "choose one" not in picked.narration.lower() and "(choose" not in picked.narration.lower(), picked.narration
    assert picked.narration.startswith("You choose: "), picked.narration
    assert_store_matches_card(session, picked)


@pytest.mark.parametrize("line", ["/roll defend +con target=Mara", "i step in front of mara to defend her"])
def test_defends_pick_agrees_with_the_sheet(line: str) -> None:
    session, dice = open_campaign(f"Defend pick {len(line)}", "dungeon-world")
    assert session.send("/character add Mara class=bard").ok
    dice.queue(6, 6)
    if line.startswith("/"):
        rolled = session.send(line)
    else:
        offered = session.send(line)
        assert offered.suggestions[0].move == "Defend", [s.move for s in offered.suggestions]
        rolled = session.confirm(offered.suggestions[0])
    assert_store_matches_card(session, rolled)
    picked = session.choose(["1"], event_seq=rolled.event_seq)
    assert picked.kind != "error", picked.error
    assert_store_matches_card(session, picked)  # the pick "defend_hold" is no Defend hold value
    assert session.reload().active()["defend_hold"] == 0
    assert [f.move for f in picked.follow_ups] == ["Deal Damage"]
    assert "choose" not in picked.narration.lower().split("you choose:", 1)[-1], picked.narration


@pytest.mark.parametrize(("faces", "outcome"), [((4, 3), "weak_hit"), ((1, 2), "miss")])
def test_defend_without_a_pick_agrees_with_the_sheet(faces: tuple[int, int], outcome: str) -> None:
    session, dice = open_campaign(f"Defend {outcome}", "dungeon-world")
    assert session.send("/character add Mara class=bard").ok
    dice.queue(*faces)
    rolled = session.send("/roll defend +con target=Mara")
    assert rolled.results[0].outcome == outcome
    assert_store_matches_card(session, rolled)
    assert "vulnerable" in session.reload().active()["impacts"]


@pytest.mark.parametrize("line", ["duke attacks mara and i step in to defend her", "Duke swings at Mara, i jump in front of her"])
def test_i_step_in_when_duke_attacks_mara(line: str) -> None:
    """Another's attack on a third told first, then the player's deed: Defend is the player's, for Mara (it was Duke's,
    rolled with his sheet); a blow offered is at Duke."""
    session, dice = open_campaign(f"Step in {len(line)}", "dungeon-world")
    for add in ("/character add Mara class=bard", "/character add Duke class=paladin"):
        assert session.send(add).ok
    offered = session.send(line)
    first = offered.suggestions[0]
    assert first.move == "Defend" and first.request.get("character_id") in (None, session.state.active_character)
    assert first.request["options"]["target"] == "mara"
    blows = [s for s in offered.suggestions if s.move == "Hack & Slash"]
    assert all(s.request["options"]["target"] == "duke" for s in blows)
    dice.queue(6, 5)
    rolled = session.confirm(first)
    assert_store_matches_card(session, rolled)
    assert session.reload().active()["defend_hold"] == 1  # the player's sheet, not Duke's
    assert session.reload().characters["duke"].get("defend_hold", 0) == 0


@pytest.mark.parametrize("line", ["duke hits back with his mace", "duke swings his mace"])
def test_dukes_blow_with_no_one_named_is_at_me(line: str) -> None:
    """Duke's blow naming no one was aimed at no one: after his pick the next step was "Roll your damage (1d8): the one
    you attacked has no sheet here". In a duel his blow is at the one playing, its damage on their sheet."""
    session, dice = open_campaign(f"Back {len(line)}", "dungeon-world")
    assert session.send("/character add Duke class=paladin").ok
    offered = session.send(line)
    first = offered.suggestions[0]
    assert first.move == "Hack & Slash" and first.request.get("character_id") == "duke"
    assert first.request["options"]["target"] == session.state.active_character
    assert any("aimed at you" in n for n in offered.notes), offered.notes
    dice.queue(4, 4)
    hit = session.confirm(first)
    picked = session.choose(["1"], event_seq=hit.event_seq)
    step = next(f for f in picked.follow_ups if f.move == "Deal Damage")
    dice.queue(7)
    dealt = session.confirm(step)
    assert_store_matches_card(session, dealt)
    assert session.reload().active()["hp"] == 18  # 7 less the fighter's 3 armor


def test_dukes_blow_at_a_goblin_is_at_no_one_here() -> None:
    session, _dice = open_campaign("Goblin", "dungeon-world")
    assert session.send("/character add Duke class=paladin").ok
    offered = session.send("duke attacks the goblin")
    assert (offered.suggestions[0].request.get("options") or {}).get("target") is None
