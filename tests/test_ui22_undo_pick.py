"""Undo after a pick (or a burn) takes back the pick, not the roll: the move comes back as first rolled, with its own
dice and its choices open again, in the chat, in the app's pending panel and sheet, in the journal and on replay. A
move rolled anew after an undo is still undone whole."""

from __future__ import annotations

import pytest

from assistant.store import service
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_undoing_a_pick_brings_the_roll_back_with_its_choices_open() -> None:
    session, dice = open_campaign("Undo pick", "starforged")
    offered = session.send("I resupply at the outpost")
    resupply = next(s for s in offered.suggestions if s.move == "Resupply")
    dice.queue(4, 5, 9)  # 4 + heart 2 = 6 against 5 and 9: a weak hit, choose one
    weak = session.confirm(resupply)
    supply_pick, momentum_pick = weak.open_choices[0].options[0], weak.open_choices[0].options[1]
    assert session.choose([momentum_pick.id]).kind == "action"
    assert session.reload().active()["momentum"] == 3
    undone = session.undo()
    assert undone.kind == "command", undone.error
    assert undone.narration.startswith("Undone: your pick on Resupply (+heart): weak hit"), undone.narration
    assert undone.narration.endswith("The roll stands as first rolled: weak hit; its choices are open again."), undone
    assert [o.id for o in undone.open_choices[0].options] == [supply_pick.id, momentum_pick.id]
    assert undone.results and undone.results[0].dice == weak.results[0].dice  # the same roll, not a new one
    assert session.reload().active()["momentum"] == 2  # the pick's +1 momentum is taken back
    picked = session.choose([supply_pick.id], event_seq=undone.event_seq)
    assert picked.kind == "action", picked.error
    assert picked.results[0].dice == weak.results[0].dice
    service.replay("Undo pick")  # the log re-resolves to the same campaign
    shown = "\n".join(line for line in service.export("Undo pick", "markdown").splitlines() if not line.startswith("<!--"))
    assert "*Undone: what you chose after rolling Resupply; the roll stands as first rolled.*" in shown, shown
    assert shown.count("*Resupply again, with what you chose after the roll (the same dice).*") == 2, shown


def test_a_move_rolled_anew_after_an_undo_is_undone_whole() -> None:
    session, dice = open_campaign("Undo anew", "starforged")
    offered = session.send("I dash across the ice bridge")
    face = next(s for s in offered.suggestions if s.move == "Face Danger")
    dice.queue(3, 5, 9)
    session.confirm(face)
    session.undo()
    dice.queue(6, 1, 2)
    again = session.confirm(face)
    assert again.results[0].outcome == "strong_hit"
    undone = session.undo()
    assert undone.narration.startswith("Undone: Face Danger") and not undone.results, undone.narration
    assert session.reload().active()["momentum"] == 2
    moves = [e for e in session.store.events("Undo anew") if e.event.type == "move_resolved"]
    assert len(moves) == 2  # nothing made again


def test_in_the_app_undoing_a_pick_shows_the_choices_again() -> None:
    from streamlit.testing.v1 import AppTest

    from tests.test_ui_app import APP, create_campaign, no_errors, play_action

    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Undo in the app", "starforged", seed="2")
    for _ in range(12):  # the campaign's seeded dice: roll until a hit leaves a choice open
        play_action(app, "/roll resupply +heart")
        if any(b.key == "choose_0" for b in app.button):
            break
        app.button(key="undo").click().run()
    else:
        pytest.fail("no hit in twelve seeded rolls")
    before = service.load_campaign("Undo in the app").active()["momentum"]
    app.radio[0].set_value(app.radio[0].options[1]).run()  # "... you acquire it. Take +1 momentum."
    app.button(key="choose_0").click().run()
    no_errors(app)
    assert not any(b.key == "choose_0" for b in app.button)
    assert service.load_campaign("Undo in the app").active()["momentum"] == before + 1
    app.button(key="undo").click().run()
    no_errors(app)
    assert any(b.key == "choose_0" for b in app.button), [b.key for b in app.button]  # the choice is open again
    campaign = service.load_campaign("Undo in the app")
    assert campaign.active()["momentum"] == before, campaign.active()  # the pick's momentum is taken back
