"""The authority guard: reads narration back against the engine's Result(s) before it is shown.

The engine decides; the narrator only tells. The guard flags five kinds of contradiction
(:class:`ViolationKind`): a number the engine did not produce, an outcome contrary to the engine's,
a meter/track/clock change it did not make (a dice card's "Heat 0 → 1" copied from an earlier turn included), a
roll it did not make (a move named as the rules write it, "Face Death", that the engine neither resolved nor
offered), and a decision that is the player's (in any person: "they decide to", an NPC playing a follow-up, words
put in the character's mouth, an open option told as taken, a menu of choices the engine never offered), plus the
fact sheet or the app's own headings ("Moves that fit") copied into the story; a failed roll told as the declared
action done (:mod:`assistant.guard.goals`), or a hit's own outcome text told negated ("you are unable to redirect
damage", :mod:`assistant.guard.denied`), is an outcome told the other way, and so are an oracle answer told in
opposite deeds ("the raider lunges at you again" after he fled, :mod:`assistant.guard.opposed`), a hit told as
getting nothing and a price told as a gain (:mod:`assistant.guard.turned`), and a price told as the failed action it
is paid for done after all (:mod:`assistant.guard.paid_for`); a deed on a bare roll, the player's
earlier line copied in the first person and an unattributed quote in the character's mouth are the player's
(:mod:`assistant.guard.undeclared`); a model's draft that copies the fact sheet it was given or the card's open choice
is an echo (:mod:`assistant.guard.sheet_copy`, read only with ``prepare(sheet=...)``), and a dice amount told as harm
done is a number no roll produced (:mod:`assistant.guard.dice_told`); one an oracle's no left unaware told watching for
you (:mod:`assistant.guard.watching`), someone stirring after "No one else is awake." (:mod:`assistant.guard.stirring`)
and a hit told as nothing learned (:mod:`assistant.guard.came_up_empty`) are outcomes told the other way, an answer to
another's question given for the player is theirs (:mod:`assistant.guard.reply`), and a track's line of the reference
read out (or quoted on a sign in the story) is an echo (:mod:`assistant.guard.track_line`); an asset the engine gave
told as not got (:mod:`assistant.guard.granted`), a stopped machine told as a live danger
(:mod:`assistant.guard.live_machine`) and the one you protect struck after your roll to protect them hit
(:mod:`assistant.guard.shielded`) are outcomes told the other way, and so are a missed search told as the thing found
(:mod:`assistant.guard.found_on_miss`), someone seeing you after a no to "Did anyone see me?"
(:mod:`assistant.guard.seen_anyway`), a hit's effort told failing, a price put on another's things and a miss's
trouble told away (:mod:`assistant.guard.turned_away`); the reaction left on the panel told as picked is the player's
(:mod:`assistant.guard.reaction_told`). A model's sentence
that no check flagged still passes the screen (:mod:`assistant.guard.screen`): no number, game term, question or order,
open pick or change of state of its own. It is pure and fast (no model, no embeddings):
the chat loop runs it on every complete sentence of a streamed narration and on the whole text at the end::

    from assistant.guard import check_narration, describe_violations
    violations = check_narration(text, result, odds=odds_table)
    if violations:
        retry_prompt = describe_violations(violations)

``results`` is one :class:`~assistant.engine.Result` (or its JSON dict), a list of them (a turn that
resolved several), or ``None``/``[]`` when the engine rolled nothing this turn. ``odds`` is the
:class:`~assistant.engine.odds.OddsTable` (or its ``to_dict()``) the player was shown, if any.
``intent`` is the player's own words, so "you decide to ..." restating them is not flagged.
For a stream, build the facts once with :func:`prepare` and pass them as ``facts=``.

Quoted text (or text after "The rules:") that restates the engine's own text is tolerated, so the
template narration that quotes the move's outcome text passes; other quoted text is dialogue and
only its explicit tier words ("strong hit") and mechanical numbers are checked, unless it is the player's
character speaking words the player never declared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.engine.model import Result
from assistant.guard.actor import check_told_as_yours
from assistant.guard.acts import check_decision, check_phantom
from assistant.guard.again import check_second_try
from assistant.guard.agency import check_agency
from assistant.guard.answer_again import check_answer_again
from assistant.guard.answer_undone import check_answer_undone
from assistant.guard.anyone_else import check_else_told_of, check_exchange_when_alone
from assistant.guard.blows import check_blow_landed
from assistant.guard.branches import check_branch
from assistant.guard.came_up_empty import check_learned_nothing
from assistant.guard.changes import check_arrows, engine_changes_blanked
from assistant.guard.claims import check_claims, check_echo
from assistant.guard.conditions import check_conditions
from assistant.guard.contrary import check_hit_failed, check_miss_untold, check_miss_worked, check_only_retold
from assistant.guard.declared import check_declared
from assistant.guard.denied import check_outcome_denied
from assistant.guard.dice_sizes import check_dice_sizes
from assistant.guard.dice_told import check_dice_told
from assistant.guard.earlier import check_earlier
from assistant.guard.established import CHANGING_MOVES, check_established
from assistant.guard.existence import check_none_left
from assistant.guard.facts import Facts
from assistant.guard.feedback import describe_violations, fix_sentence
from assistant.guard.foe_fate import (
    check_fight_lost_told_won,
    check_foe_fate,
    check_foe_leaves,
    check_open_fight_fate,
    check_track_ended,
)
from assistant.guard.found_on_miss import check_found_on_miss
from assistant.guard.gained_stat import check_stat_gained
from assistant.guard.goals import check_goal_told_done
from assistant.guard.granted import check_gain_denied, check_poor_told_fine
from assistant.guard.harm_reaches import check_harm_reaches
from assistant.guard.harm_told import check_harm_denied, check_harm_told
from assistant.guard.learned import check_learned_on_miss
from assistant.guard.live_machine import check_disaster_now, check_live_machine
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.motive import check_motive_given
from assistant.guard.noticed_later import check_noticed_earlier
from assistant.guard.numbers import check_numbers
from assistant.guard.offers import check_offers, check_options_stated
from assistant.guard.opposed import check_opposed
from assistant.guard.oracle_answer import check_noticed, check_oracle_story, lead_in
from assistant.guard.orders import check_ordered
from assistant.guard.outcomes import check_outcome
from assistant.guard.owner import check_meter_owner, check_position_owner
from assistant.guard.paid_for import check_price_undoes
from assistant.guard.presence import check_presence_undone
from assistant.guard.prompt_copy import check_prompt_copied
from assistant.guard.reaction_told import check_reaction_told
from assistant.guard.reply import check_reply_given
from assistant.guard.reported import check_reported_speech
from assistant.guard.retold import (
    check_other_move_text,
    check_other_tone,
    check_reading_other_move,
    check_untiered_outcome,
)
from assistant.guard.rules_told import check_rules_told
from assistant.guard.screen import check_screen
from assistant.guard.seen_anyway import check_seen_anyway
from assistant.guard.sheet_copy import check_sheet_copied
from assistant.guard.sheet_lines import check_sheet_lines
from assistant.guard.shielded import check_blanket_guard, check_shielded_struck
from assistant.guard.speech import check_speech
from assistant.guard.state import check_quoted_amounts, check_state
from assistant.guard.state_patterns import patterns
from assistant.guard.stirring import check_newcomer_awake, check_someone_stirring
from assistant.guard.style import second_person_fix
from assistant.guard.system_words import meter_words
from assistant.guard.taken import check_foe_downed, check_option_state, check_other_turn
from assistant.guard.target_struck import check_target_struck
from assistant.guard.text import opening_read, own_words_blanked, sentences
from assistant.guard.then_deed import check_then_deed
from assistant.guard.track_line import check_track_line
from assistant.guard.turned import check_hit_got_nothing, check_price_boon
from assistant.guard.turned_away import check_attempt_fails, check_price_on_another, check_trouble_told_away
from assistant.guard.unchanged import check_unchanged
from assistant.guard.undeclared import check_undeclared
from assistant.guard.unnoticed import check_seen_after_unseen
from assistant.guard.vowed import check_vow_kept, check_vow_pursued

__all__ = [
    "Facts",
    "Violation",
    "ViolationKind",
    "check_echo",
    "check_narration",
    "describe_violations",
    "fix_sentence",
    "prepare",
    "second_person_fix",
]

Results = Result | Mapping[str, Any] | Sequence[Result | Mapping[str, Any]] | None


def prepare(
    results: Results,
    *,
    system: str | None = None,
    odds: Any = None,
    quotable: Sequence[str] = (),
    established: Sequence[str] = (),
    earlier: Sequence[str] = (),
    told: Sequence[str] = (),
    actor: str = "",
    sheet: str = "",
    open_fights: Sequence[str] = (),
) -> Facts:
    """Read the Result(s) once; reuse the facts for every sentence of a streamed narration. ``quotable``: the
    rules passages the narrator was given (quoting them is not a claim of its own); ``established``: the sentences
    earlier turns' oracle answers were told as ("The reactor is no longer running."), which the story must keep;
    ``earlier``: the sentences the player already read in earlier turns (as written, or as the chat's narration filter
    keeps them), which the story must not tell again as this turn's; ``told``: the engine's own opening sentences shown
    before this turn's story (the attempt and its outcome, the oracle's answer), which are never such a copy; ``actor``:
    who made the move when it is not the one playing (Mara, rolling at you), whose outcome is not told as "yours";
    ``sheet``: the fact sheet a model's draft was written from (never the offline template's), whose sentences, told
    again in the rules' terms, and whose open choices' prompts are the prompt copied, not story; ``open_fights``: the
    names of the campaign's fights still open, whose foes no table, suffer move or oracle answer may tell dead."""
    return Facts.build(
        results,
        system=system,
        odds=odds,
        quotable=quotable,
        established=established,
        earlier=earlier,
        told=told,
        actor=actor,
        sheet=sheet,
        open_fights=open_fights,
    )


def check_narration(
    text: str,
    results: Results = None,
    *,
    system: str | None = None,
    odds: Any = None,
    intent: str | None = None,
    facts: Facts | None = None,
    question: str | None = None,
    partial: bool = False,
) -> list[Violation]:
    """Every contradiction between ``text`` and the engine's Result(s), in reading order (empty: the
    narration may be shown). ``system`` defaults to the Results' system (needed when there are none).
    ``question`` is the oracle question, so an answer told as its opposite is caught. ``partial``: ``text`` is one
    sentence of a narration still streaming, so checks that read the whole story (a failed roll whose failure is
    never told) wait for the whole text."""
    facts = facts if facts is not None else prepare(results, system=system, odds=odds)
    text = engine_changes_blanked(text, facts)
    found: list[Violation] = check_arrows(text, facts)
    pats = patterns(facts.system)
    meters = meter_words(facts.system)
    told = list(sentences(own_words_blanked(text, intent), facts.engine_text, facts.engine_bigrams))
    found += check_quoted_amounts(own_words_blanked(text, intent), facts)
    opening = opening_read(facts.told, intent)
    for at, sentence in enumerate(told):
        if opening and " ".join(sentence.original.split()).lower() in opening:
            continue  # the engine's own opening ("The envoy does not have orders to shoot you."): read as context only
        state, covered = check_state(sentence, facts)
        found += check_outcome(sentence, facts)
        found += state
        found += check_meter_owner(sentence, facts) or check_position_owner(sentence, facts)
        found += check_unchanged(sentence, facts)
        found += check_numbers(sentence, facts, pats.meter_re, meters, pats.stat_re, covered)
        found += check_phantom(sentence, facts)
        found += check_decision(sentence, facts, intent)
        found += check_declared(sentence, facts, intent, question)
        found += check_claims(sentence, facts, question or intent)
        found += check_agency(sentence, facts, intent)
        before = lead_in(told, at)
        after = told[at + 1].narr if at + 1 < len(told) else ""
        changing = bool(facts.moves & CHANGING_MOVES)
        found += (
            check_oracle_story(sentence, facts, question)
            or check_noticed(sentence, facts, question, before, after)
            or check_presence_undone(sentence, facts, question, before)
            or check_live_machine(sentence, facts, question, told[at - 1].narr if at else "")
            or check_disaster_now(sentence, facts, question)
            or check_answer_undone(sentence, facts)
            or check_seen_anyway(sentence, facts, question)
        )
        found += (
            check_established(sentence, facts.established, changing=changing)
            or check_none_left(sentence, facts.established)
            or check_noticed_earlier(sentence, facts, changing, before, after)
        )
        found += (
            check_else_told_of(sentence, facts)
            or check_exchange_when_alone(sentence, facts)
            or check_someone_stirring(sentence, facts)
            or check_newcomer_awake(sentence, facts)
        )
        found += check_miss_worked(sentence, facts, intent) or check_target_struck(sentence, facts, intent)
        found += check_learned_on_miss(sentence, facts, intent)
        found += check_found_on_miss(sentence, facts, intent)
        found += (
            check_hit_failed(sentence, facts, intent)
            or check_hit_got_nothing(sentence, facts, intent)
            or check_learned_nothing(sentence, facts, intent)
            or check_seen_after_unseen(sentence, facts, intent)
        )
        found += check_price_boon(sentence, facts) or check_price_on_another(sentence, facts)
        found += check_attempt_fails(sentence, facts) or check_trouble_told_away(sentence, facts)
        found += check_gain_denied(sentence, facts) or check_poor_told_fine(sentence, facts, intent)
        found += check_option_state(sentence, facts) or check_foe_downed(sentence, facts, intent)
        found += check_other_turn(sentence, facts)
        found += check_dice_sizes(sentence, facts)
        found += check_dice_told(sentence, facts)
        found += (
            check_foe_fate(sentence, facts, intent)
            or check_foe_leaves(sentence, facts, intent)
            or check_open_fight_fate(sentence, facts)
            or check_fight_lost_told_won(sentence, facts)
            or check_blow_landed(sentence, facts, intent)
            or check_track_ended(sentence, facts)
        )
        found += check_stat_gained(sentence, facts)
        found += (
            check_harm_told(sentence, facts) or check_harm_reaches(sentence, facts, intent) or check_harm_denied(sentence, facts)
        )
        found += check_shielded_struck(sentence, facts, intent) or check_blanket_guard(sentence, facts)
        found += (
            check_second_try(sentence, facts, intent)
            or check_then_deed(sentence, facts, intent)
            or check_vow_pursued(sentence, facts, intent)
            or check_vow_kept(sentence, facts, intent)
        )
        found += check_conditions(sentence, facts)
        found += check_speech(sentence, facts) or check_reported_speech(sentence, facts, intent)
        found += check_other_move_text(sentence, facts)
        found += check_branch(sentence, facts)
        found += check_other_tone(sentence, facts) or check_untiered_outcome(sentence, facts)
        found += check_told_as_yours(sentence, facts)
        found += check_motive_given(sentence, facts, intent)
        found += check_reaction_told(sentence, facts, intent)
        found += check_track_line(sentence, facts)
    found += check_undeclared(told, facts, intent, question)
    found += check_reply_given(told, facts, intent)
    found += check_opposed(told, facts, question)
    found += check_price_undoes(told, facts)
    found += check_answer_again(told, facts, question)
    found += check_earlier(told, facts, intent)
    found += check_ordered(own_words_blanked(text, intent), facts)
    found += check_reading_other_move(text, facts)
    found += check_outcome_denied(text, facts)
    if not partial:
        found += (
            check_goal_told_done(text, facts, intent)
            or check_miss_untold(text, facts, intent)
            or check_only_retold(text, facts, intent)
        )
    if not any(v.kind is ViolationKind.DECISION for v in found):
        found += check_options_stated(text, facts)
    found += check_offers(text, facts)
    found += check_sheet_copied(text, facts)
    found += check_prompt_copied(text, facts, intent)
    found += check_sheet_lines(text, facts, intent)
    found += check_rules_told(text, facts, intent, question)
    if not any(v.kind is ViolationKind.ECHO for v in found):
        found += check_echo(text)  # a fact-sheet heading inside a line that otherwise restates the engine's text
    if not found:  # the last net: a model's sentence with a number, a game term, a question, an open pick or a change
        found = check_screen(told, facts, intent)
    unique: dict[tuple[ViolationKind, str], Violation] = {}
    for v in found:
        unique.setdefault((v.kind, v.excerpt), v)
    return list(unique.values())
