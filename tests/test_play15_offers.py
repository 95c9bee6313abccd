"""Round 15 of play, what a player reads before and under a move: a move that could change nothing is not offered
(Dungeon World's Heal at full HP; Indulge Vice with no stress is not either, and the note says it would overindulge), a move whose
odds wait for a number the player gives says so instead of "odds unknown", and a fight started with no foe named is not
told as "The fight: a new ... fight"."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_indulge_vice_with_no_stress_says_it_would_overindulge_and_still_rolls() -> None:
    """A vice roll "clears more stress levels than you had marked, you overindulge": with none marked a vice roll
    changes something after all, so the note never says "would change nothing"; it says the roll overindulges, and
    /roll still makes it (it is not offered first: round 25)."""
    session, _ = open_campaign("Calm Nerves", "blades")
    turn = session.send("I indulge my vice at the gambling den")
    assert "Indulge Vice" not in [s.move for s in turn.suggestions], turn.suggestions
    assert not any("would change nothing" in note for note in turn.notes), turn.notes
    assert any("you overindulge" in note for note in turn.notes), turn.notes
    rolled = session.send("/roll indulge vice")
    assert rolled.results and rolled.results[0].move == "Indulge Vice"
    assert any("you overindulge" in note for note in rolled.results[0].notes), rolled.results[0].notes
    assert [c.prompt for c in rolled.results[0].choices] == ["You overindulge: select an overindulgence"]


def test_heal_at_full_hp_is_not_offered_and_below_it_is() -> None:
    session, _ = open_campaign("Full Health", "dungeon-world")
    turn = session.send("I heal myself")
    assert "Heal" not in [s.move for s in turn.suggestions]
    assert (
        "Heal would change nothing now: your HP is 22, its most. It is not suggested; roll it with /roll heal if you "
        "want it anyway."
    ) in turn.notes, turn.notes
    session.send("/set hp 10")
    hurt = session.send("I heal myself")
    assert "Heal" in [s.move for s in hurt.suggestions], hurt.suggestions


def test_endure_harm_says_its_odds_follow_the_amount_not_odds_unknown() -> None:
    from assistant.chat.moves_info import moves_that_fit
    from assistant.ui.components.suggestions import suggestion_caption

    session, _ = open_campaign("Hurt", "starforged")
    session.send("/set health 1")  # an amount of 1 takes health to 0, and Endure Harm rolls; less, and it does not
    turn = session.send("I endure harm")
    endure = next(s for s in turn.suggestions if s.move == "Endure Harm")
    words = "odds follow the amount you give (harm suffered: 1 minor, 2 serious, 3 major), asked when you make it"
    assert endure.odds is None and endure.odds_words == words
    assert f"- Endure Harm (+{endure.stat}) — {words}" in moves_that_fit(turn.suggestions)
    caption = suggestion_caption(endure, "action")
    assert caption.startswith(words) and "unknown" not in caption, caption


def test_endure_harm_above_what_any_harm_takes_says_it_makes_no_roll() -> None:
    session, _ = open_campaign("Unhurt", "starforged")
    turn = session.send("I endure harm")  # health 5: minor, serious or major harm leaves it above 0, no roll
    endure = next(s for s in turn.suggestions if s.move == "Endure Harm")
    assert endure.odds_words == "no roll as the sheet stands: the move happens without dice", endure.odds_words
    from assistant.chat.moves_info import moves_that_fit
    from assistant.ui.components.suggestions import suggestion_label

    # no stat where no roll is made: the app's button read "Roll Endure Harm +health (5)" over "no roll as the sheet stands"
    assert suggestion_label(endure) == "Make the move: Endure Harm"
    assert "- Endure Harm — no roll as the sheet stands" in moves_that_fit(turn.suggestions)


def test_a_fight_with_no_foe_named_reads_as_a_new_fight() -> None:
    session, dice = open_campaign("No Foe", "starforged")
    dice.queue(6, 2, 3)
    fray = session.send("/roll enter the fray +edge")
    assert fray.kind == "action", fray.error
    assert "A new formidable fight." in fray.narration and "The fight:" not in fray.narration, fray.narration
    from assistant.engine.kinds import EffectKind
    from assistant.engine.model import Effect
    from assistant.narrate.effect_lines import effect_line

    named = Effect(kind=EffectKind.PROGRESS, target="The raider", before=None, after=0, reason="a new formidable fight")
    assert effect_line(named) == "The raider: a new formidable fight."  # a named foe keeps its name
