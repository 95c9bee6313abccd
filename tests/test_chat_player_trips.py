"""What a player trips on in a long session, played through the chat as they type it: whose sheet a damage lands
on, progress marked as many times as a track of its rank takes, a vow named without the words that gave its rank,
a new name told without "None", a pick told once, and the next step a player can take by its number."""

from __future__ import annotations

import re

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from rules_index.embed import get_embedder
from tests.session_helpers import ScriptedDice, assert_store_matches_card

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _session(system: str, name: str = "trips") -> tuple[ChatSession, ScriptedDice]:
    service.create_campaign(name, system, seed=3)
    dice = ScriptedDice(5)
    return ChatSession.open(name, rng=dice, embedder=get_embedder("hash")), dice


def test_dungeon_world_damage_on_the_other_sheet_says_whose_hp_and_what_armor_took() -> None:
    session, dice = _session("dungeon-world")
    assert session.send("/set name Brakk").kind == "command"
    assert session.send("/character add Mara class=bard max_hp=18").kind == "command"
    mara = next(cid for cid, c in session.reload().characters.items() if c.get("name") == "Mara")
    session.send("i hack and slash at her with my axe")
    dice.queue(3, 2)  # 3 + 2 + STR 2 = 7: a weak hit
    session.confirm({"move": "Hack & Slash", "stat": "str", "options": {"target": mara}})
    session.choose(["1"])
    offered = session.send("i deal damage to her")
    deal = next(s for s in offered.suggestions if s.move == "Deal Damage")
    dice.queue(9)  # the fighter's d10: 9 - Mara's leather armor 1 (a bard's) = 8
    done = session.confirm(deal)
    assert_store_matches_card(session, done)
    assert "Damage to Mara: 1d10 (1dGrit) = 9, less 1 armor: 8 HP." in done.narration, done.narration
    assert "off your HP" not in done.narration and "(rolled 9)" not in done.narration, done.narration
    assert session.reload().characters[mara]["hp"] == 10


@pytest.mark.parametrize(("rank", "marks", "boxes"), [("troublesome", 4, 10), ("dangerous", 5, 10), ("epic", 12, 3)])
def test_progress_takes_as_many_marks_as_the_tracks_rank_needs(rank: str, marks: int, boxes: int) -> None:
    """Troublesome=3 boxes a mark, dangerous=2 boxes, epic=1 tick: a dangerous vow fills in 5 marks, not 4."""
    session, _dice = _session("starforged")
    assert session.send(f"/track {rank} Find my lost sister").kind == "command"
    marked = session.send(f"/progress find my lost sister {marks}")
    assert marked.kind == "command", marked.error
    assert f"×{marks}" in marked.narration and f"{boxes} boxes" in marked.narration, marked.narration
    track = next(iter(session.reload().tracks.values()))
    assert track["ticks"] == min(40, marks * {"troublesome": 12, "dangerous": 8, "epic": 1}[rank]), track


def test_too_many_marks_say_the_range_and_change_nothing() -> None:
    session, _dice = _session("starforged")
    session.send("/track epic Find the ship")
    refused = session.send("/progress find the ship 41")
    assert refused.kind == "error" and "1 to 40 times" in refused.error, refused.error
    assert next(iter(session.reload().tracks.values()))["ticks"] == 0


@pytest.mark.parametrize(
    ("system", "words", "move", "stat", "name"),
    [
        (
            "starforged",
            "I swear an iron vow to find my lost sister, its a dangerous vow",
            "Swear an Iron Vow",
            "heart",
            "Find my lost sister",
        ),
        ("elegy", "i sing an elegy to avenge my maker, a dangerous one", "Sing an Elegy", "heart", "Avenge my maker"),
    ],
)
def test_a_vow_is_named_without_the_clause_that_gave_its_rank(system: str, words: str, move: str, stat: str, name: str) -> None:
    session, dice = _session(system)
    session.send(words)
    dice.queue(*((6, 1, 2) if system == "starforged" else (1, 2)))
    sworn = session.confirm({"move": move, "stat": stat})
    assert_store_matches_card(session, sworn)
    track = next(iter(session.reload().tracks.values()))
    assert (track["name"], track["rank"]) == (name, "dangerous"), track
    assert f"“{name}” (the rank from your words)" in " ".join(sworn.notes), sworn.notes


def test_naming_a_new_character_says_so_without_none() -> None:
    session, _dice = _session("starforged")
    named = session.send("/set name Kira Vale")
    assert named.narration == "Your character is now called Kira Vale.", named.narration
    renamed = session.send("/set name Kira")
    assert renamed.narration == "Kira: Name Kira Vale → Kira.", renamed.narration


def test_a_recommit_picked_is_told_once_with_the_dice_that_cleared_the_boxes() -> None:
    session, dice = _session("starforged")
    session.send("/track dangerous Find my sister")
    session.send("/progress sister 1")
    session.send("i fulfill my vow to find my sister")
    dice.queue(9, 10)
    missed = session.confirm({"move": "Fulfill Your Vow"})
    assert missed.open_choices, missed.error
    picked = session.send("/choose 2")
    assert_store_matches_card(session, picked)
    text = picked.narration
    assert text.startswith("You choose: recommit to the quest."), text
    # the rule is said at most once (the card tells what it did: the dice and the boxes cleared), never the other option
    assert text.count("Roll both challenge dice") <= 1 and "Give up on the quest" not in text, text
    assert "rolled 7 and 3: clear 3 progress boxes" in text
    assert re.search(r"8 → 0 ticks \(rolled \d+ and \d+: clear \d+ progress box(es)?\)", text), text


def test_the_terminal_numbers_what_comes_next_and_a_number_plays_it_even_after_a_restart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "Next: Deal Damage." was a dead end in the terminal: no number to type, and "yes" is no action."""
    from typer.testing import CliRunner

    from assistant.cli import app

    dice = ScriptedDice(5)
    opened = ChatSession.open.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(ChatSession, "open", classmethod(lambda cls, name, **kw: opened(cls, name, rng=dice, **kw)))
    service.create_campaign("duel", "dungeon-world", seed=3)
    dice.queue(3, 2)  # Hack & Slash: 3 + 2 + STR 2 = 7, a weak hit: choose one
    lines = "/set name Brakk\n/character add Mara class=bard max_hp=18\ni hack and slash at Mara\n1\n/choose 1\n"
    out = CliRunner().invoke(app, ["chat", "-c", "duel"], input=lines).output
    assert "What comes next (type its number):\n  [1] Deal Damage on Mara" in out, out
    dice.queue(9)  # the fighter's d10: 9 - Mara's leather armor 1 (a bard's) = 8
    again = CliRunner().invoke(app, ["chat", "-c", "duel"], input="1\n").output  # a new process: the number still plays it
    assert "Damage to Mara: 1d10 (1dGrit) = 9, less 1 armor: 8 HP. HP 18 → 10." in again, again
    state = service.load_campaign("duel")
    assert next(c for c in state.characters.values() if c.get("name") == "Mara")["hp"] == 10


def test_a_suffer_move_the_rules_ask_for_is_numbered_with_its_cost_in_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from assistant.cli import app

    dice = ScriptedDice(5)
    opened = ChatSession.open.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(ChatSession, "open", classmethod(lambda cls, name, **kw: opened(cls, name, rng=dice, **kw)))
    service.create_campaign("storm", "starforged", seed=3)
    dice.queue(2, 4, 6)  # Face Danger +edge: 2 + 3 = 5 against 4 and 6, a weak hit: make a suffer move (-1)
    out = CliRunner().invoke(app, ["chat", "-c", "storm"], input="/roll face danger +edge\n").output
    assert "[1] Lose Momentum (-1)" in out and "Sacrifice Resources (-1)" in out, out
    number = next(line.split("]")[0].strip(" [") for line in out.splitlines() if "Sacrifice Resources (-1)" in line)
    paid = CliRunner().invoke(app, ["chat", "-c", "storm"], input=f"{number}\n").output
    assert "Supply 5 → 4" in paid, paid


def test_a_second_pick_of_a_choose_two_is_told_as_a_pick_not_as_the_attack_again() -> None:
    session, dice = _session("dungeon-world")
    session.send("/character add Mara class=bard max_hp=18")
    session.send("i hack and slash at Mara with my axe")
    dice.queue(6, 2)  # 6 + 2 + STR 2 = 10: a strong hit, choose two
    session.confirm({"move": "Hack & Slash", "stat": "str", "options": {"target": "mara"}})
    first = session.send("/choose 1")
    assert first.narration.startswith("You choose: you deal your combat damage"), first.narration
    second = session.send("/choose 1")  # the options left are numbered anew: "The attack does not leave you vulnerable"
    assert second.narration.startswith("You choose: the attack does not leave you vulnerable."), second.narration
    assert "hack and slash at mara" not in second.narration.lower(), second.narration


@pytest.mark.parametrize("words", ["i hit the raider hard", "i hit him hard", "he stabs me in the gut"])
def test_no_strike_or_gain_ground_is_offered_in_a_bad_spot_while_the_fight_is_on(words: str) -> None:
    """Strike: "When you are in control ..."; Clash: "When you are in a bad spot ..." — whatever the words."""
    session, dice = _session("starforged")
    session.send("a raider jumps me in the alley, i draw my blade and fight him")
    dice.queue(6, 1, 2)
    session.confirm({"move": "Enter the Fray", "stat": "heart"})
    session.send("i strike him with my blade")
    dice.queue(6, 8, 3)  # 6 + iron 2 = 8 against 8 and 3: a weak hit, a bad spot
    struck = session.confirm({"move": "Strike", "stat": "iron"})
    assert session.reload().active()["position"] == "bad_spot", struck.narration
    offered = session.send(words)
    moves = [s.move for s in offered.suggestions]
    assert moves and "Strike" not in moves and "Gain Ground" not in moves, moves


@pytest.mark.parametrize(
    ("system", "words"),
    [
        ("starforged", "he stabs me in the gut"),
        ("starforged", "i take the hit, its a serious wound"),
        ("elegy", "the hunter shoots me with silver"),
    ],
)
def test_a_blow_taken_offers_endure_harm_first(system: str, words: str) -> None:
    session, _dice = _session(system)
    offered = session.send(words)
    assert offered.suggestions and offered.suggestions[0].move == "Endure Harm", [s.move for s in offered.suggestions]


@pytest.mark.parametrize(
    "words", ["i roll initiative, got a 14", "we roll initiative and I got 14", "initiative: 14", "i got a 14 on initiative"]
)
def test_an_initiative_the_words_give_is_read_not_asked(words: str) -> None:
    session, _dice = _session("dungeon-world")
    offered = session.send(words)
    assert offered.suggestions[0].move == "Roll Initiative", [s.move for s in offered.suggestions]
    rolled = session.confirm(offered.suggestions[0])
    assert rolled.kind == "action" and rolled.question is None, (rolled.kind, rolled.question)
    assert session.reload().active()["initiative"] == 14


def test_the_damage_change_and_what_comes_next_say_whose_sheet_in_words() -> None:
    """The app's card lists each change with its reason and the next step with its reason: both in a player's words."""
    session, dice = _session("dungeon-world")
    session.send("/character add Mara class=bard max_hp=18")
    session.send("i hack and slash at Mara")
    dice.queue(3, 2)
    session.confirm({"move": "Hack & Slash", "stat": "str", "options": {"target": "mara"}})
    chosen = session.send("/choose 1")
    assert [f.reason for f in chosen.follow_ups] == ["Deal the damage to the one you attacked: it comes off their HP"]
    dice.queue(9)
    dealt = session.confirm(next(s for s in session.send("deal the damage").suggestions if s.move == "Deal Damage"))
    hp = next(e for e in dealt.results[0].effects if e.target == "hp")
    assert hp.reason == "9 damage to Mara, 1 armor: 8 HP", hp.reason


def test_last_gasp_after_a_killing_blow_is_the_one_hits_to_roll_on_their_sheet() -> None:
    session, dice = _session("dungeon-world")
    session.send("/set name Brakk")
    session.send("/character add Mara class=bard max_hp=18")
    session.send("/set Mara: hp 2")
    session.send("i hack and slash at Mara")
    dice.queue(3, 2)
    session.confirm({"move": "Hack & Slash", "stat": "str", "options": {"target": "mara"}})
    session.send("/choose 1")
    dice.queue(9)
    dealt = session.confirm(next(s for s in session.send("deal the damage").suggestions if s.move == "Deal Damage"))
    gasp = next(f for f in dealt.follow_ups if f.move == "Last Gasp")
    assert gasp.target == "mara" and gasp.reason == "Mara's Health Points reach 0: Mara rolls for Last Gasp", gasp
    dice.queue(1, 2)  # 1 + 2 + CON 1 = 4: a miss, Mara is Helpless
    rolled = session.confirm({**(gasp.request or {}), "character_id": gasp.target})
    assert_store_matches_card(session, rolled)
    sheets = {c["name"]: c for c in session.reload().characters.values()}
    assert "helpless" in sheets["Mara"]["impacts"] and "helpless" not in sheets["Brakk"]["impacts"], sheets


def test_a_pick_is_not_shown_in_the_apps_transcript_as_an_undo() -> None:
    """A pick makes the move again with the player's choice (an undo and the move, one append): the app's transcript
    said "↩ Undone: Forsake Your Vow" right after the player chose; a real /undo still says it."""
    from assistant.ui.components.transcript import group_turns

    session, dice = _session("starforged")
    session.send("/track formidable Avenge the victims")
    session.send("i forsake the vow, its hopeless")
    session.confirm({"move": "Forsake Your Vow"})
    session.send("/choose 1")
    parts = [p for t in group_turns(service.campaign_events("trips")) for p in t.parts]
    assert not [p.text for p in parts if p.kind == "note" and "Undone" in p.text], [p.text for p in parts]
    first = next(p for p in parts if p.kind == "move" and p.result and p.result["move"] == "Forsake Your Vow")
    assert first.undone and first.replaced
    session.undo()
    parts = [p for t in group_turns(service.campaign_events("trips")) for p in t.parts]
    assert [p.text for p in parts if p.kind == "note" and "Undone" in p.text] == ["↩ Undone: Forsake Your Vow"]


@pytest.mark.parametrize(
    ("system", "words", "stat"),
    [("starforged", "a raider jumps me in the alley, i draw my blade", "edge"), ("elegy", "a hunter attacks me", "force")],
)
def test_a_fight_is_named_after_the_foe_the_words_name(system: str, words: str, stat: str) -> None:
    """Not "Raider jumps me in the alley, i draw my blade" or "Me"."""
    session, dice = _session(system)
    session.send(words)
    dice.queue(*((6, 1, 2) if system == "starforged" else (1, 2)))
    session.confirm({"move": "Enter the Fray", "stat": stat})
    names = [t["name"] for t in session.reload().tracks.values()]
    assert names == ["The " + words.split()[1]], names


def test_going_for_the_kill_in_an_open_fight_offers_no_second_fight() -> None:
    session, dice = _session("starforged")
    session.send("a pirate spots me and opens fire")
    dice.queue(1, 4, 5)  # a miss: the fight begins in a bad spot
    session.confirm({"move": "Enter the Fray", "stat": "wits"})
    session.send("/progress pirate 4")
    offered = [s.move for s in session.send("i go for the kill").suggestions]
    assert "Enter the Fray" not in offered and "Take Decisive Action" in offered, offered


def test_forsaking_a_vow_reads_as_a_sentence_and_an_empty_track_shows_no_zero_change() -> None:
    session, _dice = _session("starforged")
    session.send("/track formidable Find who hired the pirates")
    session.send("i give up on it, i forsake the vow")
    told = session.confirm({"move": "Forsake Your Vow"}).narration
    assert "Then, envision" not in told and "You clear the vow. Envision the impact" in told, told
    assert "0 → 0" not in told, told


@pytest.mark.parametrize("system", ["starforged", "elegy"])
def test_the_oracles_and_the_prices_advice_is_said_once_in_ten_turns(system: str) -> None:
    session, _dice = _session(system)
    first = session.send("/oracle likely is the station abandoned?").narration
    second = session.send("/oracle is anyone inside?").narration
    assert "most interesting for the story" in first + second and "Interpret" not in second, second
    advice = [s for s in first.split("\n\n") if "most interesting" in s]
    assert not any(a in second for a in advice), second
    price = session.send("/roll pay the price").narration  # no miss waits: /price would say no price is owed
    again = session.send("/roll pay the price").narration
    # a price's row answers no question: the oracle's "interpret the answer" is not said beside it; nor is the table's
    # rule ("roll again"), which read as an order to roll once more: the price is told as story
    assert "Interpret the answer" not in price + again, price
    assert all(p.startswith("Pay the Price (rolled ") and "roll again" not in p for p in (price, again)), (price, again)


def test_the_apps_sheet_shows_the_fight_position_in_words() -> None:
    from streamlit.testing.v1 import AppTest

    from tests.test_ui_app import APP, create_campaign

    app = AppTest.from_file(str(APP), default_timeout=120)
    app.run()
    create_campaign(app, "Alley", "starforged")
    app.chat_input(key="chat_text").set_value("a raider attacks me in the alley").run()
    fray = next(b for b in app.button if b.key and b.key.startswith("suggestion_") and "Enter the Fray" in b.label)
    fray.click().run()
    sidebar = "\n".join(str(m.value) for m in app.sidebar.markdown)
    assert "Position: **" in sidebar and "bad_spot" not in sidebar and "in_control" not in sidebar, sidebar


def test_a_dungeon_world_sheet_says_the_grit_a_class_deals_instead_of_a_dash() -> None:
    session, _dice = _session("dungeon-world")
    shown = session.send("/character add Mara class=wizard").narration
    assert "- Grit: the Wizard's, d4" in shown and "Grit: -" not in shown, shown
    assert "- Grit: not set (the text gives none for this class)" in session.send("/character add Zed class=shaman").narration


def test_a_yes_after_a_move_that_offers_a_next_step_says_how_to_play_it() -> None:
    session, dice = _session("dungeon-world")
    session.send("/character add Mara class=bard max_hp=18")
    session.send("i hack and slash at Mara")
    dice.queue(3, 2)
    session.confirm({"move": "Hack & Slash", "stat": "str", "options": {"target": "mara"}})
    session.send("/choose 1")
    said = session.send("yes")
    assert said.kind == "meta" and "Next, the rules offer Deal Damage: say so (“deal damage”)" in said.narration, said.narration
    offered = session.send("deal damage")
    assert offered.suggestions[0].move == "Deal Damage", [s.move for s in offered.suggestions]


def test_a_bonus_out_of_range_on_roll_says_the_range_in_words_and_rolls_nothing() -> None:
    session, _dice = _session("starforged")
    refused = session.send("/roll face danger +edge +99")
    assert refused.kind == "error" and refused.error.startswith("A bonus is a whole number from -10 to +10; +99 won't do.")
    assert "Bad request" not in refused.error and "Value error" not in refused.error
    assert session.reload().moves == 0


def test_a_missed_try_is_told_with_one_try() -> None:
    session, dice = _session("elegy")
    session.send("i try to feed again")
    dice.queue(6, 6)  # glamour 2 against 6 and 6: a miss
    told = session.confirm({"move": "Feed", "stat": "glamour"}).narration
    assert "try to try" not in told.lower() and told.startswith("You try to feed again."), told


def test_an_action_asked_without_can_i_suggests_moves_and_rolls_when_confirmed() -> None:
    session, dice = _session("starforged")
    reply = session.send("hack the door?")
    assert reply.suggestions, reply.narration  # not "The oracle answers yes/no questions"
    dice.queue(6, 1, 2)
    top = reply.suggestions[0]
    told = session.confirm({"move": top.move, "stat": top.stat}).narration
    assert "hack the door" in told.lower() and "?" not in told, told


def test_undoing_a_burned_roll_tells_the_burn_not_a_sum_that_does_not_add_up() -> None:
    session, dice = _session("starforged")
    session.send("/set momentum 9")
    session.send("i leap across the gap")
    dice.queue(5, 6, 8)  # 5 + edge 3 = 8 against 6 and 8: a weak hit; momentum 9 beats both
    session.confirm({"move": "Face Danger", "stat": "edge"})
    burned = session.send("/burn")
    assert burned.results[0].outcome == "strong_hit", burned.error
    undone = session.send("/undo").narration
    assert undone.startswith("Undone: the burn on Face Danger (+edge): strong hit — momentum 9 burned against 6 and 8."), undone
    assert undone.endswith("The roll stands as first rolled: weak hit."), undone  # the burn undone, not the roll
    assert session.reload().active()["momentum"] == 9


def test_can_i_hit_her_again_offers_hack_and_slash_first() -> None:
    session, _dice = _session("dungeon-world")
    session.send("/character add Mara class=bard")
    offered = session.send("can I hit her again?")
    assert offered.suggestions[0].move == "Hack & Slash", [s.move for s in offered.suggestions]


def test_the_apps_quick_tools_name_the_system_as_the_player_knows_it() -> None:
    from streamlit.testing.v1 import AppTest

    from tests.test_ui_app import APP, create_campaign

    app = AppTest.from_file(str(APP), default_timeout=120)
    app.run()
    create_campaign(app, "Pit", "dungeon-world")
    captions = "\n".join(str(c.value) for c in app.caption)
    assert "Dungeon World (PvP combat variant) has no yes/no oracle" in captions, captions
    assert "dungeon-world has" not in captions, captions


def test_endure_harm_says_how_to_resist_and_resisting_in_words_rolls() -> None:
    session, dice = _session("starforged")
    session.send("he stabs me in the gut, a serious wound")
    taken = session.confirm({"move": "Endure Harm"})
    assert "(say “I resist the harm” to roll)" in taken.narration, taken.narration
    session.send("/undo")
    session.send("he stabs me in the gut, a serious wound, i resist it")
    dice.queue(5, 2, 3)
    resisted = session.confirm({"move": "Endure Harm", "stat": "health"})
    assert resisted.results[0].roll == "action" and resisted.results[0].dice == [5, 2, 3], resisted.narration
    assert any("resist" in n for n in resisted.notes), resisted.notes


def test_a_milestone_on_a_vow_never_offers_to_forsake_it() -> None:
    """ "…a milestone for my vow" offered Forsake Your Vow first (its trigger's words included "vow"): one click
    forsook the vow the player had just made headway on."""
    session, _dice = _session("starforged")
    session.send("/track dangerous Rescue the colonists from the derelict")
    offered = [s.move for s in session.send("i find the colonists, thats a milestone for my vow").suggestions]
    assert offered[0] == "Reach a Milestone" and "Forsake Your Vow" not in offered, offered
    assert "Forsake Your Vow" in [s.move for s in session.send("i give up on my vow, its hopeless").suggestions]


def test_a_move_named_without_its_track_is_not_offered_and_the_note_says_what_to_do() -> None:
    """ "I fulfill my vow" with no vow open: offered first, then refused when confirmed (a suggestion that dead-ends)."""
    session, _dice = _session("starforged")
    offered = session.send("i fulfill my vow")
    assert "Fulfill Your Vow" not in [s.move for s in offered.suggestions], [s.move for s in offered.suggestions]
    assert any("there is no open vow yet: Swear an Iron Vow first" in n for n in offered.notes), offered.notes


@pytest.mark.parametrize(
    ("words", "name"),
    [("something attacks me from the dark", "Something"), ("he attacks me with a knife", "The fight")],
)
def test_a_fight_is_not_named_after_the_place_or_the_weapon(words: str, name: str) -> None:
    session, dice = _session("starforged")
    session.send(words)
    dice.queue(6, 1, 2)
    session.confirm({"move": "Enter the Fray", "stat": "heart"})
    assert [t["name"] for t in session.reload().tracks.values()] == [name]


def test_a_short_new_action_while_a_question_is_open_is_played_not_asked_again() -> None:
    session, _dice = _session("starforged")
    asked = session.confirm({"move": "Endure Harm"})
    assert asked.kind == "question", asked.kind
    moved_on = session.send("i make a discovery")
    assert moved_on.kind == "action" and moved_on.suggestions, (moved_on.kind, moved_on.narration)
    assert any("set aside" in n for n in moved_on.notes), moved_on.notes
    session.confirm({"move": "Endure Harm"})
    again = session.send("hmm big")  # not an answer, not an action: asked again
    assert again.kind == "question" and again.narration.startswith("I didn't catch that"), again.narration


def test_checking_my_gear_for_an_item_offers_check_your_gear() -> None:
    session, _dice = _session("starforged")
    offered = session.send("i check my gear, do i have a plasma cutter?")
    assert offered.kind == "action" and offered.suggestions[0].move == "Check Your Gear", (offered.kind, offered.narration)


def test_looking_for_anything_useful_in_a_wreck_offers_resupply_first() -> None:
    session, _dice = _session("starforged")
    offered = session.send("can i find anything useful in the wreck?")
    assert offered.suggestions[0].move == "Resupply", [s.move for s in offered.suggestions]


def test_i_burn_my_momentum_in_words_burns_it() -> None:
    session, dice = _session("starforged")
    session.send("/set momentum 9")
    session.send("i leap across the gap")
    dice.queue(5, 6, 8)  # a weak hit that momentum 9 makes strong
    session.confirm({"move": "Face Danger", "stat": "edge"})
    burned = session.send("i burn my momentum")
    assert burned.results and burned.results[0].outcome == "strong_hit", (burned.kind, burned.error)


@pytest.mark.parametrize(
    ("words", "move"),
    [("the hunter stakes me through the chest", "Endure Harm"), ("a vampire hunter corners me", "Enter the Fray")],
)
def test_elegy_a_stake_is_harm_and_being_cornered_starts_a_fight(words: str, move: str) -> None:
    session, _dice = _session("elegy")
    offered = session.send(words)
    assert offered.suggestions[0].move == move, [s.move for s in offered.suggestions]


def test_someone_cornering_me_is_told_as_a_sentence() -> None:
    """It was "Your attention turns to a vampire hunter corners you." (a verb the word list does not know)."""
    session, dice = _session("elegy")
    session.send("a vampire hunter corners me")
    dice.queue(1, 2)
    told = session.confirm({"move": "Enter the Fray", "stat": "heart"}).narration
    assert told.startswith("A vampire hunter corners you."), told


def test_blood_gained_at_full_says_it_is_already_at_its_maximum() -> None:
    session, dice = _session("elegy", "full blood")
    session.send("I feed on the drunk in the alley")
    dice.queue(1, 9)  # glamour 2 against 1 and 9: a weak hit
    session.confirm({"move": "Feed", "stat": "glamour"})
    told = session.send("/choose 1").narration
    assert "Blood: already at its maximum (5)." in told, told


def test_progress_with_a_count_first_marks_the_only_open_track() -> None:
    session, _dice = _session("starforged", "count first")
    session.send("/track formidable Find my lost brother")
    told = session.send("/progress 3 find my lost brother").narration
    assert "No track called" not in told, told
    (track,) = session.reload().tracks.values()
    assert track["ticks"] == 12, told  # a formidable mark is 4 ticks
    session.send("/progress 2")  # the count alone: the one open track
    (track,) = session.reload().tracks.values()
    assert track["ticks"] == 20


@pytest.mark.parametrize(
    ("words", "told"),
    [
        ("a raider gang bursts in firing", "A raider gang bursts in firing."),
        ("the hatch hisses open", "The hatch hisses open."),
    ],
)
def test_something_happening_to_the_character_is_told_as_a_sentence(words: str, told: str) -> None:
    """It was "You turn your attention to a raider gang bursts in firing." (an -s verb before a direction)."""
    session, dice = _session("starforged")
    session.send(words)
    dice.queue(5, 6, 6)
    story = session.confirm({"move": "Enter the Fray", "stat": "heart"}).narration
    assert story.startswith(told), story


def test_a_plural_noun_after_of_is_not_read_as_a_verb() -> None:
    from assistant.narrate.opening import frame

    for seed in range(4):  # a phrase the player points at, not a sentence of what happens
        told = frame("a hail of bolts from the rooftops", seed)
        assert not told.startswith("A hail") and told.endswith("a hail of bolts from the rooftops."), told


@pytest.mark.parametrize(
    ("words", "move"),
    [
        ("I threaten the gravedigger to tell me where the hunters sleep", "Compel"),
        ("I sneak past the sleeping guards", "Face Danger"),
        ("I slip out through the crypt door before dawn", "Face Danger"),
    ],
)
def test_elegy_someone_else_sleeping_does_not_make_the_action_a_rest(words: str, move: str) -> None:
    """Rest came first: its words ("sleep") were said of the hunters and the guards, not of the character."""
    session, _dice = _session("elegy")
    offered = session.send(words)
    assert offered.suggestions[0].move == move, [s.move for s in offered.suggestions]
    assert "Rest" not in [s.move for s in offered.suggestions[:1]]


def test_own_words_leave_out_what_others_do() -> None:
    from assistant.suggest.cues import own_words

    assert own_words("I threaten him to tell me where the hunters sleep") == "I threaten him to tell me"
    assert own_words("I sneak past the sleeping guards") == "I sneak past the guards"
    assert own_words("I wait where I can see the door") == "I wait where I can see the door"
    assert own_words("I sleep until dusk") == "I sleep until dusk"


def test_what_now_reminds_an_open_pick_or_says_the_next_move_is_the_players() -> None:
    """ "what now?" got the oracle's "ask a yes/no question" reply, also with Rest's bonus still to pick."""
    session, dice = _session("elegy")
    free = session.send("what now?")
    assert "yours to say" in free.narration and "is not one" not in free.narration, free.narration
    session.send("I sleep through the day in my coffin")
    dice.queue(1, 8)  # heart 3 against 1 and 8: a weak hit, a bonus to pick
    rested = session.confirm({"move": "Rest", "stat": "heart"})
    assert rested.open_choices, rested.narration
    waiting = session.send("so what now?")
    assert "Rest still waits for your pick" in waiting.narration and "/choose" in waiting.narration, waiting.narration
    assert session.send("what should I do next?").narration == waiting.narration
