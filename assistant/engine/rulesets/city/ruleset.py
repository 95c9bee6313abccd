"""The Magistrate's city game (PbtA) — what is truly code.

The moves are data (``moves.yaml``); this class adds what the data cannot say:

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

from assistant.engine.context import Resolution, option_bool, option_int
from assistant.engine.data import normalize_name
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.model import FollowUp
from assistant.engine.outcomes import Outcome
from assistant.engine.ruleset import Ruleset
from assistant.engine.rulesets.city import sheet_lists, sheet_words
from assistant.engine.rulesets.city.list_effects import LIST_METERS, apply_list_effect, scheme_index
from assistant.engine.rulesets.city.session_rules import (
    check_history,
    check_retire,
    check_session_limits,
    controlled_neighborhood_aspect,
    lean_on_belief,
    new_session,
    offer_retire,
    record_session_uses,
    take_leaned_belief,
)
from assistant.engine.safe_json import copy_value
from assistant.engine.schema import EffectSpec

#: Social Interaction moves: no Histories or Demands may bump them.
SOCIAL_MOVES = frozenset({"direct_someone_to_act", "use_a_secret"})
#: Options that only make sense on a move that rolls.
ROLL_OPTIONS = ("advantage", "disadvantage", "use_belief", "mark_history", "perceive_demand")
#: Result tiers from worst to best (Backfire reads them the other way: lower is better).
TIER_LADDER = (Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT, Outcome.CRITICAL)


def _dice_words(faces: list[int]) -> str:
    """``5, 1 and 4``."""
    return ", ".join(map(str, faces[:-1])) + f" and {faces[-1]}" if len(faces) > 1 else "".join(map(str, faces))


def _counted(character: Mapping[str, Any], name: str) -> int | None:
    """The values a condition names that the sheet counts rather than holds: ``unmet_demands``, ``schemes`` (how
    many are going), ``schemes_to_run`` (0 once Run the Scheme was used this session: "You may do this once per
    session"), ``advances``; None for any other name."""
    if name == "unmet_demands":
        return sum(1 for d in character.get("demands") or [] if not (isinstance(d, dict) and d.get("met")))
    if name == "schemes":
        return len(character.get("schemes") or [])
    if name == "schemes_to_run":
        used = character.get("session_used") or []
        return 0 if "run_the_scheme" in used else len(character.get("schemes") or [])
    if name == "demands_to_perceive":  # "You may not take another Demand until you meet this one"; once per session
        unmet = _counted(character, "unmet_demands")
        return 0 if unmet or "perceive_demand" in (character.get("session_used") or []) else 1
    if name == "advances":
        return int(character.get("advances", 0))
    return None


def _low_die(faces: list[int]) -> bool:
    return any(f in (1, 2) for f in faces)


class CityRuleset(Ruleset):
    system_id = "city"
    title = "The Magistrate's city (Powered by the Apocalypse)"
    gm = "the Magistrate (the GM)"
    #: "Write down the demand the city makes of you." (Perceive Demand); "When you listen out for interesting
    #: information and rumors ..." (Ear to the Ground); "When you take time to study the situation to see what's
    #: really going on" (Appraise Circumstances).
    story_moves: ClassVar[tuple[tuple[str, str], ...]] = (
        (r"\b(?:demands?|wants?|expects?|needs?)\b", "Perceive Demand"),
        (r"\b(?:rumou?rs?|hear|heard|word on the street|gossip|news)\b", "Ear to the Ground"),
        (r"\b(?:going on|happening|really|situation|see)\b", "Appraise Circumstances"),
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
            raise InputError("Advantage and disadvantage cancel out: give at most one of them.", missing="advantage")
        if ctx.move.roll.type == "none":
            given = [o for o in ROLL_OPTIONS if o in ctx.options and o not in ctx.move.options]
            if given:
                shown = ", ".join(o.replace("_", " ") for o in given)
                raise InputError(
                    f"{ctx.move.name} makes no roll, so {shown} does not apply; give it with the move you roll.", missing=given[0]
                )
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

    def _connected(self, ctx: Resolution) -> bool | None:
        """Whether you have a connection to the neighborhood (``options.connected``, else the sheet; None = unknown)."""
        if "connected" in ctx.options:
            return option_bool(ctx, "connected")
        here = ctx.character.get("neighborhood") or ""
        if not here:
            return None
        return normalize_name(here) in {normalize_name(n) for n in ctx.character["connections"]}

    def meter_value(self, ctx: Resolution, name: str) -> int:
        ch = ctx.character
        if name == "connected":
            return int(bool(self._connected(ctx)))
        if name == "had_tie":  # a Tie with options.target before this move
            target = ctx.options.get("target")
            ties = {normalize_name(t) for t in ctx.before.get("ties", [])}
            return int(isinstance(target, str) and normalize_name(target) in ties)
        if name == "cohesion":
            return len(ch["faction"]["aspects"]) - len(ch["faction"]["complications"])
        if name == "productivity":
            return int(ch["schemes"][scheme_index(ctx)]["productivity"])
        counted = _counted(ch, name)
        return counted if counted is not None else super().meter_value(ctx, name)

    def sheet_lines(self, character: Mapping[str, Any]) -> list[str]:
        return sheet_words.sheet_lines(character)

    def sheet_meter(self, character: Mapping[str, Any], name: str) -> int | None:
        counted = _counted(character, name)
        return counted if counted is not None else super().sheet_meter(character, name)

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
            )
            return listed
        return super().stat_value(ctx, name)

    # ---- the roll -----------------------------------------------------------------------------
    def roll_adds(self, ctx: Resolution) -> int:
        """Alliance and Use Power's connection, then every "+N forward" that applies to this roll."""
        before = ctx.adds
        self._situational_adds(ctx)
        self._take_forward(ctx)
        added, ctx.adds = ctx.adds - before, before
        return added

    def keep_mode(self, ctx: Resolution) -> str | None:
        return self._dice_mode(ctx)

    def _situational_adds(self, ctx: Resolution) -> None:
        if "allies" in ctx.move.options and "allies" in ctx.options:
            n = option_int(ctx, "allies")
            if n:
                ctx.adds += n
                ctx.notes.append(f"+{n}: one for every faction helping (Alliance).")
                self.apply_effect(
                    ctx,
                    EffectSpec(
                        type="meter",
                        meter="complications",
                        delta=1,
                        value="indebted",
                        note='Alliance: take the complicating aspect "indebted"',
                    ),
                )
        if ctx.move.id == "secure_resource":
            ctx.adds += controlled_neighborhood_aspect(ctx)
        if ctx.move.id == "use_power":
            connected = self._connected(ctx)
            if connected is None:  # "You may take +1 if you have a connection to the neighborhood or -2 if you do not."
                raise InputError(
                    "Do you have a connection to this neighborhood (+1 if you do, -2 if you do not)? Answer yes or no; "
                    "with your neighborhood and connections on the sheet, it answers for you.",
                    missing="connected",
                    choices=[True, False],
                )
            else:
                ctx.adds += 1 if connected else -2
                ctx.notes.append(
                    "+1: you have a connection to the neighborhood."
                    if connected
                    else "-2: you have no connection to the neighborhood."
                )

    def _take_forward(self, ctx: Resolution) -> None:
        """Spend every "+N forward" that applies to this roll (by move id, ``category:``, ``stat:``, or any)."""
        keep: list[dict[str, Any]] = []
        for bonus in ctx.character["forward"]:
            tokens = [str(t) for t in bonus.get("moves", [])]
            fits = not tokens or any(
                t == ctx.move.id or t == f"category:{ctx.move.category}" or (ctx.stat is not None and t == f"stat:{ctx.stat}")
                for t in tokens
            )
            if not fits:
                keep.append(bonus)
                continue
            add = int(bonus["add"])
            ctx.adds += add
            ctx.effect(
                EffectKind.FORWARD,
                "forward",
                before=add,
                after=0,
                delta=-add,
                reason=f"{add:+d} forward on this roll" + (f" ({bonus['reason']})" if bonus.get("reason") else ""),
            )
        ctx.character["forward"] = keep

    def _dice_mode(self, ctx: Resolution) -> str | None:
        up: list[str] = []
        down: list[str] = []
        if ctx.options.get("advantage"):
            up.append("asked for")
        if ctx.options.get("disadvantage"):
            down.append("asked for")
        if "use_belief" in ctx.options:
            belief = ctx.character["beliefs"][self._belief_index(ctx, ctx.options["use_belief"])]
            if belief["proven_wrong"]:
                raise RulesError(
                    f"The belief “{belief['text']}” was proven wrong: you may continue to hold it, "
                    "but you may not use it to buff your rolls."
                )
            up.append("Use Belief")
        if ctx.move.id == "use_a_secret":
            up.append("Use a Secret")
        if ctx.move.category == "city" and "advantage" not in ctx.options and self._connected(ctx):
            where = ctx.character.get("neighborhood") or "the neighborhood"
            up.append(f"your connection to {where}")  # "you may roll with advantage": taken, it is never worse
        if ctx.move.id == "use_power" and "complexity" in ctx.options:
            complexity = option_int(ctx, "complexity")
            top = int(ctx.character["max_complexity"])
            if complexity > top:
                down.append(f"complexity {complexity} is above your max {top}")
            else:
                ctx.notes.append(f"Complexity {complexity} is within your max {top}: rolled normally.")
        if up and down:
            ctx.notes.append(f"Advantage ({', '.join(up)}) and disadvantage ({', '.join(down)}) cancel: rolled 2d6.")
            return None
        lower = " (the lowest: lower is better)" if ctx.move.roll.extra.lower_is_better else ""
        if up:
            ctx.notes.append(f"With advantage ({', '.join(up)}): rolled three dice and kept the best two{lower}.")
            return "best"
        if down:
            lower = " (the highest: lower is better)" if lower else ""
            ctx.notes.append(f"With disadvantage ({', '.join(down)}): rolled three dice and kept the worst two{lower}.")
            return "worst"
        return None

    def _belief_index(self, ctx: Resolution, name: object) -> int:
        return sheet_lists.find(ctx.character, "beliefs", name, "belief")

    # ---- after the dice -------------------------------------------------------------------------
    def after_roll(self, ctx: Resolution) -> None:
        if ctx.roll != "total":
            if ctx.move.id == "lose_cohesion":
                self._cohesion_note(ctx)
            return
        faces = [d.value for d in ctx.source.rolled]
        for option in ("mark_history", "perceive_demand"):
            if option in ctx.options:
                self._bump(ctx, option)
        if "use_belief" in ctx.options:
            self._belief_dice(ctx, faces)
        if ctx.move.id == "use_a_secret" and _low_die(faces):
            ctx.notes.append(f"A die shows 1 or 2 (dice {_dice_words(faces)}): you Reveal a Secret.")
            request: dict[str, Any] = {"system": self.system_id, "move": "reveal_a_secret"}
            carried = {k: ctx.options[k] for k in ("secret", "target") if k in ctx.options}
            if carried:
                request["options"] = {**carried, "social": True}
            ctx.follow_ups.append(
                FollowUp(
                    kind="move",
                    move="Reveal a Secret",
                    request=request,
                    reason="Use a Secret: a die shows 1 or 2, so you Reveal a Secret",
                )
            )

    def _bump(self, ctx: Resolution, option: str) -> None:
        ladder = list(TIER_LADDER if ctx.move.roll.extra.tiers == "pbta12" else TIER_LADDER[:3])
        lower_is_better = ctx.move.roll.extra.lower_is_better
        if lower_is_better:
            ladder.reverse()
        before = ctx.outcome
        position = ladder.index(before)
        if position + 1 < len(ladder):
            ctx.outcome = ladder[position + 1]
        meter = "history" if option == "mark_history" else "demand"
        self.apply_effect(ctx, EffectSpec(type="meter", meter=meter, delta=1, value=str(ctx.options[option])))
        ctx.effect(
            EffectKind.OUTCOME,
            "outcome",
            before=before.value,
            after=ctx.outcome.value,
            reason=("bumped one tier" if ctx.outcome is not before else "already the best tier")
            + (" (lower is better)" if lower_is_better else ""),
            rule="Recall Neighborhood Connection" if meter == "history" else "Perceive Demand",
        )
        ctx.notes.append("Once per session.")

    def _belief_dice(self, ctx: Resolution, faces: list[int]) -> None:
        index = self._belief_index(ctx, ctx.options["use_belief"])
        belief = ctx.character["beliefs"][index]
        if not _low_die(faces):
            return
        before = dict(belief)
        if belief["marked"]:
            belief["proven_wrong"] = True
            reason = "a die shows 1 or 2 on a marked belief: it is proven wrong (you may keep it, but it no longer buffs rolls)"
        else:
            belief["marked"] = True
            reason = "a die shows 1 or 2: the belief is challenged and marked"
        ctx.effect(EffectKind.BELIEF, belief["text"], before=before, after=dict(belief), reason=reason, rule="Use Belief")

    def _cohesion_note(self, ctx: Resolution) -> None:
        faction = ctx.character["faction"]
        aspects, complications = len(faction["aspects"]), len(faction["complications"])
        if complications > aspects:
            ctx.notes.append(f"The faction has more complications ({complications}) than aspects ({aspects}): it disperses.")
        else:
            ctx.notes.append(f"The faction has as many aspects as complications ({aspects}): it neither rolls nor disperses.")

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
