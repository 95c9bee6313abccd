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

import copy
from pathlib import Path
from typing import Any

from assistant.engine import rolls
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.model import FollowUp
from assistant.engine.outcomes import Outcome
from assistant.engine.resolution import Resolution, choose_stat, option_bool, option_int
from assistant.engine.ruleset import Ruleset, normalize_name
from assistant.engine.rulesets.city import sheet_lists
from assistant.engine.schema import EffectSpec
from assistant.engine.system_rolls import TIERS

PRODUCTIVITY_MIN, PRODUCTIVITY_MAX = -3, 3
MAX_ASPECTS = 20
MAX_ALLIES = 10
#: Social Interaction moves: no Histories or Demands may bump them.
SOCIAL_MOVES = frozenset({"direct_someone_to_act", "use_a_secret"})
#: Options that only make sense on a move that rolls.
ROLL_OPTIONS = ("advantage", "disadvantage", "use_belief", "mark_history", "perceive_demand")
BOOL_OPTIONS = (
    "advantage",
    "disadvantage",
    "connected",
    "against_interest",
    "noticed",
    "about_them",
    "invited",
    "social",
    "undefended",
)
#: Result tiers from worst to best (Backfire reads them the other way: lower is better).
TIER_LADDER = (Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT, Outcome.CRITICAL)
LIST_METERS = frozenset(
    {
        "productivity",
        "schemes",
        "belief",
        "secret",
        "tie",
        "history",
        "demand",
        "demand_met",
        "advances",
        "complications",
        "aspects",
    }
)


def _low_die(faces: list[int]) -> bool:
    return any(f in (1, 2) for f in faces)


class CityRuleset(Ruleset):
    system_id = "city"
    title = "The Magistrate's city (Powered by the Apocalypse)"
    data_dir = Path(__file__).parent
    common_options = {
        "advantage": "true to roll with advantage: three dice, keep the best two (a connection to the neighborhood on a "
        "City Move, Use Belief, an asset on a Social Interaction move...)",
        "disadvantage": "true to roll with disadvantage: three dice, keep the worst two",
        "use_belief": "Use Belief: the belief (text or 0-based index in character.beliefs) that makes you confident; "
        "rolls with advantage, and a 1 or 2 on any die challenges it",
        "mark_history": "Recall Neighborhood Connection: the neighborhood whose History you mark to bump this roll one tier",
        "perceive_demand": "Perceive Demand: the Demand the city makes of you, marked to bump this roll one tier",
        "choose": "ids of the options you pick from the result's choices",
    }

    # ---- options and the sheet's lists --------------------------------------------------------
    def check_options(self, ctx: Any) -> None:
        super().check_options(ctx)
        sheet_lists.normalize_lists(ctx.character)
        ctx.before = copy.deepcopy(ctx.character)
        for name in BOOL_OPTIONS:
            if name in ctx.options:
                option_bool(ctx, name)
        if ctx.options.get("advantage") and ctx.options.get("disadvantage"):
            raise InputError("Advantage and disadvantage cancel out: give at most one of them.")
        if ctx.move.roll.type == "none":
            given = [o for o in ROLL_OPTIONS if o in ctx.options and o not in ctx.move.options]
            if given:
                raise InputError(f"{ctx.move.name} makes no roll, so {given} do not apply; give them with the move you roll.")
        bumps = [o for o in ("mark_history", "perceive_demand") if o in ctx.options]
        if bumps and ctx.move.id in SOCIAL_MOVES:
            raise RulesError(
                f"You may not mark Histories or City Demands to affect {ctx.move.name} "
                "(a Social Interaction move); you may Use a Secret before you roll."
            )
        for name in ("use_belief", *bumps):
            value = ctx.options.get(name)
            if (
                name in ctx.options
                and not (isinstance(value, str) and value.strip())
                and not (name == "use_belief" and isinstance(value, int) and not isinstance(value, bool))
            ):
                raise InputError(f"options.{name} must name it (text); got {value!r}.")

    def connected(self, ctx: Any) -> bool | None:
        """Whether you have a connection to the neighborhood (``options.connected``, else the sheet; None = unknown)."""
        if "connected" in ctx.options:
            return option_bool(ctx, "connected")
        here = ctx.character.get("neighborhood") or ""
        if not here:
            return None
        return normalize_name(here) in {normalize_name(n) for n in ctx.character["connections"]}

    def meter_value(self, ctx: Any, name: str) -> int:
        ch = ctx.character
        if name == "connected":
            return int(bool(self.connected(ctx)))
        if name == "had_tie":  # a Tie with options.target before this move
            target = ctx.options.get("target")
            ties = {normalize_name(t) for t in ctx.before.get("ties", [])}
            return int(isinstance(target, str) and normalize_name(target) in ties)
        if name == "cohesion":
            return len(ch["faction"]["aspects"]) - len(ch["faction"]["complications"])
        if name == "productivity":
            return int(ch["schemes"][self._scheme_index(ctx)]["productivity"])
        if name == "advances":
            return int(ch.get("advances", 0))
        return super().meter_value(ctx, name)

    # ---- stats --------------------------------------------------------------------------------
    def stat_value(self, ctx: Any, name: str) -> int:
        ch = ctx.character
        if name == "heat":
            heat = int(ch["heat"])
            ctx.notes.append(f"Rolling with Heat: minus the number of marked Heat ({heat}).")
            return -heat
        if name == "flat":
            return 0
        if name == "productivity":
            scheme = ch["schemes"][self._scheme_index(ctx)]
            ctx.notes.append(f"Rolling +Productivity of {scheme['name']!r} ({scheme['productivity']:+d}).")
            return int(scheme["productivity"])
        if name == "complexity":
            return option_int(ctx, "complexity", 0, 10)
        if name == "aspects":
            if "aspects" in ctx.options:
                return option_int(ctx, "aspects", 0, MAX_ASPECTS)
            listed = len(ch["faction"]["aspects"])
            ctx.notes.append(
                f"Rolled +{listed}: every aspect listed for the faction; give options.aspects for only the relevant ones."
            )
            return listed
        return super().stat_value(ctx, name)

    def _scheme_index(self, ctx: Any) -> int:
        if "scheme_index" in ctx.extra:
            return int(ctx.extra["scheme_index"])
        schemes = ctx.character["schemes"]
        if "scheme" in ctx.options:
            return sheet_lists.find(ctx.character, "schemes", ctx.options["scheme"], "scheme")
        if not schemes:
            raise RulesError("You have no scheme going: Set Up a Scheme first (or list it in character.schemes).")
        if len(schemes) > 1:
            names = ", ".join(repr(s["name"]) for s in schemes)
            raise InputError(f"Which scheme? Give options.scheme: {names}.")
        return 0

    # ---- the roll -----------------------------------------------------------------------------
    def do_system_roll(self, ctx: Resolution, kind: str) -> None:
        if kind != "total":
            super().do_system_roll(ctx, kind)
            return
        extra = ctx.move.roll.extra
        tiers = TIERS[str(extra.get("tiers", "pbta"))]
        stat_part = 0
        if ctx.move.roll.stats:
            ctx.stat, ctx.stat_value = choose_stat(ctx)
            stat_part = int(ctx.stat_value)
        self._situational_adds(ctx)
        self._take_forward(ctx)
        keep = self._dice_mode(ctx)
        count = 3 if keep else 2
        ctx.source.require_forced(count, f"{ctx.move.name}'s roll")
        roll = rolls.total_roll(ctx.source, stat_part + ctx.adds, count=count, sides=6, tiers=tiers, keep=keep, keep_count=2)
        ctx.source.rolled[-count:] = roll.dice  # record which dice were kept
        ctx.score, ctx.outcome = roll.total, roll.outcome
        ctx.extra["roll"] = roll

    def _situational_adds(self, ctx: Resolution) -> None:
        extra, ch = ctx.move.roll.extra, ctx.character
        if extra.get("minus_each") == "schemes" and ch["schemes"]:
            n = len(ch["schemes"])
            ctx.adds -= n
            ctx.notes.append(f"-{n}: one for each scheme you already have going.")
        if "allies" in ctx.move.options and "allies" in ctx.options:
            n = option_int(ctx, "allies", 0, MAX_ALLIES)
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
        if ctx.move.id == "use_power":
            connected = self.connected(ctx)
            if connected is None:
                ctx.notes.append(
                    "Connection to the neighborhood unknown: give options.connected (+1 if you have one, -2 if not)."
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

    def _dice_mode(self, ctx: Resolution) -> rolls.Keep | None:
        up: list[str] = []
        down: list[str] = []
        if ctx.options.get("advantage"):
            up.append("options.advantage")
        if ctx.options.get("disadvantage"):
            down.append("options.disadvantage")
        if "use_belief" in ctx.options:
            belief = ctx.character["beliefs"][self._belief_index(ctx, ctx.options["use_belief"])]
            if belief["proven_wrong"]:
                raise RulesError(
                    f"The belief {belief['text']!r} was proven wrong: you may continue to hold it, "
                    "but you may not use it to buff your rolls."
                )
            up.append("Use Belief")
        if ctx.move.id == "use_a_secret":
            up.append("Use a Secret")
        if ctx.move.id == "use_power" and "complexity" in ctx.options:
            complexity = option_int(ctx, "complexity", 0, 10)
            top = int(ctx.character["max_complexity"])
            if complexity > top:
                down.append(f"complexity {complexity} is above your max {top}")
            else:
                ctx.notes.append(f"Complexity {complexity} is within your max {top}: rolled normally.")
        if up and down:
            ctx.notes.append(f"Advantage ({', '.join(up)}) and disadvantage ({', '.join(down)}) cancel: rolled 2d6.")
            return None
        if up:
            ctx.notes.append(f"With advantage ({', '.join(up)}): rolled three dice and kept the best two.")
            return "best"
        if down:
            ctx.notes.append(f"With disadvantage ({', '.join(down)}): rolled three dice and kept the worst two.")
            return "worst"
        return None

    def _belief_index(self, ctx: Any, name: object) -> int:
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
            ctx.notes.append(f"A die shows 1 or 2 ({faces}): you Reveal a Secret.")
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
        if (
            ctx.move.category == "city"
            and self.connected(ctx)
            and "advantage" not in ctx.options
            and "use_belief" not in ctx.options
        ):
            ctx.notes.append(
                "You have a connection to this neighborhood: you may roll this City Move with advantage (options.advantage)."
            )

    def _bump(self, ctx: Resolution, option: str) -> None:
        ladder = list(TIER_LADDER if ctx.move.roll.extra.get("tiers") == "pbta12" else TIER_LADDER[:3])
        lower_is_better = bool(ctx.move.roll.extra.get("lower_is_better"))
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
            reason = "a die shows 1 or 2 on a marked belief: it is proven wrong"
        else:
            belief["marked"] = True
            reason = "a die shows 1 or 2: the belief is challenged, mark it"
        ctx.effect(EffectKind.BELIEF, belief["text"], before=before, after=dict(belief), reason=reason, rule="Use Belief")

    def _cohesion_note(self, ctx: Resolution) -> None:
        faction = ctx.character["faction"]
        aspects, complications = len(faction["aspects"]), len(faction["complications"])
        if complications > aspects:
            ctx.notes.append(f"The faction has more complications ({complications}) than aspects ({aspects}): it disperses.")
        else:
            ctx.notes.append(f"The faction has as many aspects as complications ({aspects}): it neither rolls nor disperses.")

    def no_roll_reason(self, ctx: Any) -> str:
        if ctx.move.id == "direct_someone_to_act":
            return "you demand they act against their self-interest (options.against_interest)"
        if ctx.move.id == "lose_cohesion":
            return "the faction does not have more aspects than complications"
        return super().no_roll_reason(ctx)

    def requirement_message(self, ctx: Any) -> str:
        if ctx.move.id == "steer_clear":
            return "You are already in a dangerous situation or noticed by a threat: Take a Big Risk instead."
        return super().requirement_message(ctx)

    def finish(self, ctx: Resolution) -> None:
        """Close the alternative of an answered choice (``<id>`` / ``<id>_or``); Backfire rolls +the same complexity."""
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
    def adjust_meter(self, ctx: Any, name: str, delta: int, reason: str) -> int:
        if name == "assets" and delta < 0 and self.meter_value(ctx, "assets") + delta < 0:
            raise RulesError(f"You have {self.meter_value(ctx, 'assets')} asset(s); you can't spend {-delta}.")
        return super().adjust_meter(ctx, name, delta, reason)

    def apply_effect(self, ctx: Any, spec: EffectSpec) -> None:
        if spec.type == "meter" and spec.meter in LIST_METERS:
            from assistant.engine.rulesets.city.list_effects import apply_list_effect

            apply_list_effect(self, ctx, spec)
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
                reason=f"take {add:+d} forward" + (f" on {', '.join(moves)}" if moves else ""),
            )
        else:
            super().apply_effect(ctx, spec)
