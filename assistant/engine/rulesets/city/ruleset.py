"""The Magistrate's city game (PbtA) — what is truly code.

The moves are data (``moves.yaml``); this class adds what the data cannot say (the parts in their own
modules: ``roll_modifiers``, ``after_dice``, ``sheet_counts``, ``list_effects``, ``session_rules``):

* the 2d6 roll of every move: +stat (``heat`` rolls *minus* the marked Heat, ``flat`` rolls +0,
  ``productivity`` is the scheme's, ``aspects`` the faction's, ``complexity`` the Magistrate's), with
  advantage (three dice, keep the best two) or disadvantage (keep the worst two) from the request,
  from Use Belief (``options.use_belief``), from Use a Secret (always), or from a Use Power complexity
  above your max; "+1 forward" bonuses taken by the next matching roll;
* the dice checks of Use Belief and Use a Secret (any die showing 1 or 2, dropped or not);
* bumping a result one tier by marking a History or perceiving a Demand (not on Social Interaction
  moves);
* the sheet's lists as ``type: meter`` effects: ``productivity`` (the scheme in play), ``schemes``
  (start one), ``belief`` / ``secret`` (mark, -1 clears), ``tie`` (add, -1 loses), ``history``,
  ``demand`` (write one), ``demand_met``, ``advances``, ``complications`` and ``aspects`` (the faction's).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from assistant.engine.context import Resolution, option_int
from assistant.engine.data import normalize_name
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.ruleset import Ruleset
from assistant.engine.rulesets.city import after_dice, roll_modifiers, sheet_lists, sheet_words
from assistant.engine.rulesets.city.list_effects import LIST_METERS, apply_list_effect, scheme_index
from assistant.engine.rulesets.city.session_rules import (
    check_history,
    check_retire,
    check_session_limits,
    lean_on_belief,
    new_session,
    offer_retire,
    record_session_uses,
    take_leaned_belief,
)
from assistant.engine.rulesets.city.sheet_counts import connected, counted
from assistant.engine.safe_json import copy_value
from assistant.engine.schema import EffectSpec

#: Social Interaction moves: no Histories or Demands may bump them.
SOCIAL_MOVES = frozenset({"direct_someone_to_act", "use_a_secret"})
#: Options that only make sense on a move that rolls.
ROLL_OPTIONS = ("advantage", "disadvantage", "use_belief", "mark_history", "perceive_demand")


class CityRuleset(Ruleset):
    system_id = "city"
    title = "The Magistrate's city (Powered by the Apocalypse)"
    gm = "the Magistrate (the GM)"
    #: "Write down the demand the city makes of you." (Perceive Demand); "When you listen out for interesting
    #: information and rumors ..." (Ear to the Ground); "When you take time to study the situation to see what's
    #: really going on" (Appraise Circumstances).
    story_moves: ClassVar[tuple[tuple[str, str], ...]] = (
        # the city's demand of you, not what a faction or a person wants ("what does the Silver Hand want?")
        (r"\bdemands?\b|\b(?:city|magistrate)\b.*\b(?:wants?|expects?|needs?)\b", "Perceive Demand"),
        (r"\b(?:wants?|expects?|needs?)\b.*\b(?:city|magistrate)\b", "Perceive Demand"),
        (r"\b(?:wants?|expects?|needs?|plans?|planning|up to)\b", "Ear to the Ground"),
        (r"\b(?:rumou?rs?|hear|heard|word on the street|gossip|news)\b", "Ear to the Ground"),
        (r"\b(?:going on|happening|really|situation|see)\b", "Appraise Circumstances"),
        # "Who runs the docks?": a public figure, a faction or a neighborhood to listen out for
        (r"\bwho(?:se|'s)?\b.*\b(?:runs?|rules?|controls?|owns?|leads?|in charge|behind|bosses?|holds?)\b", "Ear to the Ground"),
        (r"\bwhere(?:'s|\s+(?:is|are|can|do|does|would|should))\b|\bwhich way\b|\bhow do (?:i|we) get\b", "Get Your Bearings"),
    )
    data_dir = Path(__file__).parent
    extra_meters: ClassVar[frozenset[str]] = LIST_METERS
    extra_stats: ClassVar[frozenset[str]] = frozenset({"heat", "flat", "productivity", "complexity", "aspects"})
    variants: ClassVar[dict[str, str]] = {
        "resource": "aspects: the aspect is the one options.resource names",
        "project": "aspects: the aspect is the one options.project names",
        "aspect": "aspects: the aspect is the one options.aspect names",
    }

    # ---- options and the sheet's lists --------------------------------------------------------
    def check_options(self, ctx: Resolution) -> None:
        super().check_options(ctx)
        sheet_lists.normalize_lists(ctx.character)
        ctx.before = copy_value(ctx.character)
        if ctx.options.get("advantage") and ctx.options.get("disadvantage"):
            raise InputError(
                "Advantage and disadvantage cancel out: give at most one of them (advantage=yes or disadvantage=yes)."
            )
        if ctx.move.roll.type == "none":
            given = [o for o in ROLL_OPTIONS if o in ctx.options and o not in ctx.move.options]
            if given:
                shown = ", ".join(o.replace("_", " ") for o in given)
                raise InputError(f"{ctx.move.name} makes no roll, so {shown} does not apply; give it with the move you roll.")
        bumps = [o for o in ("mark_history", "perceive_demand") if o in ctx.options]
        if bumps and ctx.move.id in SOCIAL_MOVES:
            raise RulesError(
                f"You may not mark Histories or City Demands to affect {ctx.move.name} "
                "(a Social Interaction move); you may Use a Secret before you roll."
            )
        check_session_limits(ctx)
        if ctx.move.id == "retire":
            check_retire(ctx)
        elif ctx.move.id == "use_belief":
            lean_on_belief(ctx)
        elif ctx.move.id == "recall_neighborhood_connection":
            check_history(ctx)
        take_leaned_belief(ctx)

    def meter_value(self, ctx: Resolution, name: str) -> int:
        ch = ctx.character
        if name == "connected":
            return int(bool(connected(ctx)))
        if name == "had_tie":  # a Tie with options.target before this move
            target = ctx.options.get("target")
            ties = {normalize_name(t) for t in ctx.before.get("ties", [])}
            return int(isinstance(target, str) and normalize_name(target) in ties)
        if name == "cohesion":
            return len(ch["faction"]["aspects"]) - len(ch["faction"]["complications"])
        if name == "productivity":
            return int(ch["schemes"][scheme_index(ctx)]["productivity"])
        count = counted(ch, name)
        return count if count is not None else super().meter_value(ctx, name)

    def sheet_lines(self, character: Mapping[str, Any]) -> list[str]:
        return sheet_words.sheet_lines(character)

    def sheet_meter(self, character: Mapping[str, Any], name: str) -> int | None:
        count = counted(character, name)
        return count if count is not None else super().sheet_meter(character, name)

    # ---- stats --------------------------------------------------------------------------------
    def stat_value(self, ctx: Resolution, name: str) -> int:
        ch = ctx.character
        if name == "heat":
            heat = int(ch["heat"])
            ctx.notes.append(f"Rolling with Heat: minus the number of marked Heat ({heat}).")
            return -heat
        if name == "flat":
            return 0
        if name == "productivity":
            scheme = ch["schemes"][scheme_index(ctx)]
            ctx.notes.append(f"Rolling +Productivity of “{scheme['name']}” ({scheme['productivity']:+d}).")
            return int(scheme["productivity"])
        if name == "complexity":
            return option_int(ctx, "complexity")
        if name == "aspects":
            if "aspects" in ctx.options:
                return option_int(ctx, "aspects")
            listed = len(ch["faction"]["aspects"])
            ctx.notes.append(
                f"Rolled +{listed}: every aspect listed for the faction; say how many are relevant to roll only those."
                if listed
                else "Rolled +0: the faction has no aspects on the sheet (add one with /add aspect <words>, or say how "
                "many aspects are relevant)."
            )
            return listed
        return super().stat_value(ctx, name)

    # ---- the roll -----------------------------------------------------------------------------
    def roll_adds(self, ctx: Resolution) -> int:
        """Alliance and Use Power's connection, then every "+N forward" that applies to this roll."""
        before = ctx.adds
        roll_modifiers.situational_adds(self, ctx)
        roll_modifiers.take_forward(ctx)
        added, ctx.adds = ctx.adds - before, before
        return added

    def keep_mode(self, ctx: Resolution) -> str | None:
        return roll_modifiers.dice_mode(ctx)

    # ---- after the dice -------------------------------------------------------------------------
    def after_roll(self, ctx: Resolution) -> None:
        after_dice.after_roll(self, ctx)

    def no_roll_reason(self, ctx: Resolution) -> str:
        if ctx.move.id == "direct_someone_to_act":
            return "you demand they act against their self-interest"
        if ctx.move.id == "lose_cohesion":
            return "the faction does not have more aspects than complications"
        return super().no_roll_reason(ctx)

    def requirement_message(self, ctx: Resolution) -> str:
        if ctx.move.id == "steer_clear":
            return "You are already in a dangerous situation or noticed by a threat: Take a Big Risk instead."
        if ctx.move.id == "meet_demand":
            return "The sheet holds no unmet Demand to meet: add the Demand the city made of you first (Perceive Demand)."
        if ctx.move.id == "perceive_demand":
            unmet = [d for d in ctx.character.get("demands") or [] if isinstance(d, dict) and not d.get("met")]
            if unmet:
                return f"You may not take another Demand until you meet this one: “{unmet[0]['text']}” (Meet Demand)."
            check_session_limits(ctx)  # the once-per-session refusal, in its own words
        if ctx.move.id == "run_the_scheme":
            if not ctx.character["schemes"]:
                return "You have no scheme going: Set Up a Scheme first (or put it on your sheet)."
            check_session_limits(ctx)  # the once-per-session refusal, in its own words
        return super().requirement_message(ctx)

    def finish(self, ctx: Resolution) -> None:
        """Close the alternative of an answered choice (``<id>`` / ``<id>_or``); Backfire rolls +the same complexity."""
        record_session_uses(ctx)
        if ctx.move.id == "new_session":
            new_session(ctx)
        elif ctx.move.id == "meet_demand":
            offer_retire(ctx)
        answered = {e.target for e in ctx.effects if e.kind == "choice"}
        ctx.choices = [
            c for c in ctx.choices if not (c.id.endswith("_or") and c.id[:-3] in answered) and f"{c.id}_or" not in answered
        ]
        if "complexity" not in ctx.options:
            return
        ctx.follow_ups = [
            fu.model_copy(update={"request": {**fu.request, "options": {"complexity": ctx.options["complexity"]}}})
            if fu.request and fu.request.get("move") == "backfire"
            else fu
            for fu in ctx.follow_ups
        ]

    # ---- effects --------------------------------------------------------------------------------
    def adjust_meter(self, ctx: Resolution, name: str, delta: int, reason: str) -> int:
        if name == "assets" and delta < 0 and self.meter_value(ctx, "assets") + delta < 0:
            have = self.meter_value(ctx, "assets")
            raise RulesError(f"You have {have} asset{'' if have == 1 else 's'}; you can't spend {-delta}.")
        return super().adjust_meter(ctx, name, delta, reason)

    def _forward_name(self, key: str) -> str:
        """What a forward applies to, in words: a move's name, ``a roll with Network``, ``a Social move``."""
        kind, _, name = key.partition(":")
        if name:
            return f"a roll with {name.title()}" if kind == "stat" else f"a {name.replace('_', ' ').title()} move"
        return self._moves_by_id[key].name if key in self._moves_by_id else key.replace("_", " ")

    def apply_effect(self, ctx: Resolution, spec: EffectSpec) -> None:
        if spec.type == "meter" and spec.meter in LIST_METERS:
            apply_list_effect(ctx, spec)
        elif spec.type == "next_move_add":
            add = spec.delta or 1
            moves = (spec.value or "").split()
            ctx.character["forward"].append({"add": add, "moves": moves, "reason": spec.note or ctx.move.name})
            ctx.effect(
                EffectKind.FORWARD,
                "forward",
                before=0,
                after=add,
                delta=add,
                reason=f"take {add:+d} forward" + (f" on {' or '.join(self._forward_name(m) for m in moves)}" if moves else ""),
            )
        else:
            super().apply_effect(ctx, spec)
