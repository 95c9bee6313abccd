"""Elegy — what is truly code (rules_index/corpus/elegy.txt; the readings are in moves.yaml).

* Action roll: stat + adds (no action die, no cap) against two challenge d10s.
* Focus (-6..+10): with positive focus you may burn it to replace the action score; it then resets
  to +2 (+1 with one impact, 0 with more) before the move's own effects. With negative focus each
  challenge die lower than the focus's size is rerolled once (focus -3: a 1 or a 2 is rerolled).
  Losing focus below -6 sends the rest to Face a Setback.
* The yes/no oracle answers yes on N or greater (almost certain 11, likely 26, 50/50 51,
  unlikely 76, small chance 91).
* Harm, stress and hunger: the suffer moves send what does not fit below 0 to -focus; any other loss
  of health, spirit or blood already at 0 marks the section's impacts in order (Wounded, then
  Permanently Harmed, then Face Last Death; Shaken, Traumatized, Face Desolation; Starving, Sinner,
  Face Starvation). Harm can be given as the foe's rank.
* Experience per rank (troublesome 1 ... epic 5) for a concluded elegy or a bond; Advance spends it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from assistant.engine import rolls
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.model import Burn, FollowUp
from assistant.engine.odds import OddsTable
from assistant.engine.oracle import Odds
from assistant.engine.outcomes import Outcome, challenge_outcome
from assistant.engine.resolution import Resolution, choose_stat, option_bool, option_int
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import EffectSpec
from assistant.engine.tracks import TICKS_PER_BOX, Rank

FOCUS = "focus"
FOCUS_MIN = -6
#: The text gives the action score no cap (stat + adds); a bound far above any 2d10 face.
UNCAPPED = 1000
#: The largest harm, stress or blood loss one request may name.
MAX_AMOUNT = 10

#: "Yes on N or greater" (Yes/No table, lines 292-298).
YES_ON: dict[Odds, int] = {
    Odds.ALMOST_CERTAIN: 11,
    Odds.LIKELY: 26,
    Odds.FIFTY_FIFTY: 51,
    Odds.UNLIKELY: 76,
    Odds.SMALL_CHANCE: 91,
}

#: Harm a foe deals by rank (Harm, lines 221-225).
HARM_BY_RANK: dict[Rank, int] = {
    Rank.TROUBLESOME: 1,
    Rank.DANGEROUS: 2,
    Rank.FORMIDABLE: 2,
    Rank.EXTREME: 3,
    Rank.EPIC: 3,
}

#: What losing a meter already at 0 marks, in order, and the move that comes after both impacts.
LADDERS: dict[str, tuple[str, str, str, str]] = {
    "health": ("wounded", "permanently_harmed", "face_last_death", "you face your final death"),
    "spirit": ("shaken", "traumatized", "face_desolation", "you face desolation"),
    "blood": ("starving", "sinner", "face_starvation", "your mind is lost forever"),
}

#: Move options that add to the action score: option -> {value: add}.
OPTION_ADDS: dict[str, dict[Any, int]] = {
    "promise_to": {"connection": 1, "bond": 2},
    "bond": {True: 1},
}


def focus_reset(character: dict[str, Any]) -> int:
    """+2, +1 with one impact marked, 0 with more."""
    n = len(character.get("impacts", []))
    return 2 if n == 0 else 1 if n == 1 else 0


def experience_for(rank: Rank, shift: int = 0) -> int:
    """Experience per rank: troublesome 1 ... epic 5 (``shift`` -1 gives troublesome 0 ... epic 4)."""
    return max(0, list(Rank).index(rank) + 1 + shift)


def harm_for(rank: Rank, *, superstition: bool = False, authentic_faith: bool = False) -> int:
    """Harm dealt by a foe of ``rank``; authentic faith makes her one rank more powerful, superstitions +1."""
    if authentic_faith:
        rank = rank.shifted(1)
    return HARM_BY_RANK[rank] + (1 if superstition else 0)


class ElegyRuleset(Ruleset):
    system_id = "elegy"
    title = "Elegy"
    data_dir = Path(__file__).parent
    common_options = {
        "burn": "true to burn focus: it replaces the action score if it beats more challenge dice (action rolls, focus > 0)",
        "choose": "ids of the options you pick from the result's choices",
        "track": "the progress track: {name, rank, ticks}",
        "rank": "rank of the track (troublesome, dangerous, formidable, extreme, epic)",
        "progress_ticks": "ticks on the track (0-40)",
        "progress_boxes": "filled boxes on the track (0-10)",
    }

    # ---- options ------------------------------------------------------------------------------
    def check_options(self, ctx: Any) -> None:
        super().check_options(ctx)
        opts = ctx.options
        if "burn" in opts:
            option_bool(ctx, "burn")
            if opts["burn"] and ctx.move.roll.type != "action":
                raise RulesError(
                    f"Focus can't be burned on {ctx.move.name}: only action rolls burn focus (a Conclusion Roll ignores focus)."
                )
        for name in ("superstition", "authentic_faith", "bond"):
            if name in opts:
                option_bool(ctx, name)
        if "amount" in opts:
            option_int(ctx, "amount", 1, MAX_AMOUNT)
        if "foe_rank" in opts:
            if "amount" in opts:
                raise InputError("Give options.amount or options.foe_rank, not both.")
            Rank.parse(opts["foe_rank"])
        if "weapon" in opts and (isinstance(opts["weapon"], bool) or opts["weapon"] not in (1, 2)):
            raise InputError(
                f"options.weapon is 1 (improvised, light impact) or 2 (sharp, gunshot, heavy impact, fire); "
                f"got {opts['weapon']!r}."
            )
        if "promise_to" in opts and opts["promise_to"] not in OPTION_ADDS["promise_to"]:
            raise InputError(f"options.promise_to is 'connection' (+1) or 'bond' (+2); got {opts['promise_to']!r}.")

    def _option_adds(self, ctx: Resolution) -> int:
        total = 0
        for name, table in OPTION_ADDS.items():
            value = ctx.options.get(name)
            if value in table:
                total += table[value]
                ctx.notes.append(f"+{table[value]} ({name}: {value}).")
        return total

    # ---- the action roll ----------------------------------------------------------------------
    def do_action_roll(self, ctx: Resolution) -> None:
        ctx.stat, ctx.stat_value = choose_stat(ctx)
        ctx.adds += self._option_adds(ctx)
        pending = int(ctx.character.get("next_move_add", 0))
        if pending:
            ctx.adds += pending
            ctx.character["next_move_add"] = 0
            ctx.effect(
                EffectKind.NEXT_MOVE_ADD,
                "next_move_add",
                before=pending,
                after=0,
                delta=-pending,
                reason=f"+{pending} on this roll (from an earlier move)",
            )
        ctx.source.require_forced(2, f"{ctx.move.name}'s action roll")
        first = len(ctx.source.rolled)
        roll = rolls.action_roll(ctx.source, ctx.stat_value, ctx.adds, action_die=False, cap=UNCAPPED)
        focus = int(ctx.character[FOCUS])
        if focus < 0:
            roll = self._reroll_below_focus(ctx, roll, first, focus)
        self._take_challenge(ctx, roll)

    @staticmethod
    def _reroll_below_focus(ctx: Resolution, roll: rolls.ChallengeRoll, first: int, focus: int) -> rolls.ChallengeRoll:
        """Negative focus: reroll, once, each challenge die lower than the focus's size."""
        limit = -focus
        faces = list(roll.challenge)
        rerolled = False
        for i in range(2):
            if faces[i] < limit:
                rerolled = True
                position = first + i
                ctx.source.rolled[position] = ctx.source.rolled[position].but(rerolled=True)
                new = ctx.source.roll(10, "challenge")
                ctx.notes.append(
                    f"Focus {focus}: the challenge die {faces[i]} is lower than {limit}, rerolled once: {new.value}."
                )
                faces[i] = new.value
        if not rerolled:
            return roll
        challenge = (faces[0], faces[1])
        return replace(
            roll, challenge=challenge, outcome=challenge_outcome(roll.score, challenge), match=challenge[0] == challenge[1]
        )

    def after_roll(self, ctx: Resolution) -> None:
        if ctx.roll == "oracle":
            self._read_oracle(ctx)
        if ctx.roll == "action" and ctx.challenge is not None:
            self._focus_burn(ctx)

    def _focus_burn(self, ctx: Resolution) -> None:
        assert ctx.challenge is not None and ctx.score is not None
        focus = int(ctx.character[FOCUS])
        burned = challenge_outcome(focus, ctx.challenge)
        order = [Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT]
        improves = focus > 0 and order.index(burned) > order.index(ctx.outcome)
        after = focus_reset(ctx.character)
        if not ctx.options.get("burn"):
            if improves:
                ctx.burn = Burn(meter=FOCUS, before=focus, after=after, available=True, outcome=burned)
            return
        if not improves:
            ctx.burn = Burn(meter=FOCUS, before=focus, after=after, outcome=ctx.outcome)
            ctx.notes.append(f"Focus not burned: {focus} would not beat more challenge dice than the action score {ctx.score}.")
            return
        ctx.burn = Burn(
            meter=FOCUS,
            before=focus,
            after=after,
            burned=True,
            outcome=burned,
            score_before=ctx.score,
            outcome_before=ctx.outcome,
        )
        ctx.score, ctx.outcome = focus, burned
        ctx.character[FOCUS] = after
        ctx.effect(
            EffectKind.BURN,
            FOCUS,
            before=focus,
            after=after,
            delta=after - focus,
            reason=f"burned {focus} focus: it replaces the action score; reset to {after}",
            rule="Focus",
        )

    def _read_oracle(self, ctx: Resolution) -> None:
        """The core rolled the d100; Elegy reads it as yes on the odds' number or greater."""
        odds = Odds(ctx.extra["odds"])
        threshold = YES_ON[odds]
        value = int(ctx.score or 0)
        ctx.outcome = Outcome.YES if value >= threshold else Outcome.NO
        ctx.notes = [n for n in ctx.notes if not n.startswith("Odds ")]
        ctx.notes.append(f"Odds {odds.value}: yes on {threshold} or greater; rolled {value}.")

    def finish(self, ctx: Resolution) -> None:
        """The Match rule of the action roll, for moves whose text has no match outcome of its own."""
        if not ctx.match or ctx.roll not in ("action", "progress") or f"{ctx.outcome.value}_match" in ctx.move.outcomes:
            return
        if ctx.outcome is Outcome.STRONG_HIT:
            ctx.notes.append("Match: you can introduce an interesting twist or new opportunity.")
        elif ctx.outcome is Outcome.MISS:
            ctx.notes.append("Match: you can introduce a tough negative outcome, complication, or danger.")

    # ---- meters and effects -------------------------------------------------------------------
    def adjust_meter(self, ctx: Any, name: str, delta: int, reason: str) -> int:
        overflow = super().adjust_meter(ctx, name, delta, reason)
        if name == FOCUS and overflow > 0:
            amount = min(overflow, MAX_AMOUNT)
            ctx.follow_ups.append(
                FollowUp(
                    kind="move",
                    move="Face a Setback",
                    amount=-amount,
                    reason=f"Focus is at its minimum ({FOCUS_MIN}): {amount} additional -focus",
                    request={"system": self.system_id, "move": "face_a_setback", "options": {"amount": amount}},
                )
            )
        return overflow

    def apply_effect(self, ctx: Any, spec: EffectSpec) -> None:
        if spec.type == "meter":
            self._meter(ctx, spec)
        elif spec.type == "suffer":
            self._suffer(ctx, spec)
        elif spec.type == "xp":
            self._experience(ctx, spec)
        elif spec.type == "clear_progress" and spec.by in ("all_but_one_box", "half_boxes", "rank_unit"):
            self._clear_progress(ctx, spec)
        elif spec.type == "mark_progress" and "weapon" in ctx.options:
            super().apply_effect(ctx, spec.model_copy(update={"times": spec.times * int(ctx.options["weapon"])}))
        else:
            super().apply_effect(ctx, spec)

    def _amount(self, ctx: Resolution, spec: EffectSpec) -> int:
        if not spec.delta_from:
            if spec.delta is None:
                raise InputError(f"{ctx.move.id}: effect {spec.type} has no amount.")  # data error
            return spec.delta
        if spec.delta_from == "amount" and "amount" not in ctx.options and "foe_rank" in ctx.options and spec.meter == "health":
            rank = Rank.parse(ctx.options["foe_rank"])
            faith, superstition = option_bool(ctx, "authentic_faith"), option_bool(ctx, "superstition")
            harm = harm_for(rank, superstition=superstition, authentic_faith=faith)
            riders = [f"authentic faith: as {rank.shifted(1).value}"] if faith else []
            riders += ["superstition: +1"] if superstition else []
            ctx.notes.append(f"A {rank.value} foe deals {harm} harm" + (f" ({'; '.join(riders)})." if riders else "."))
            return spec.sign * harm
        return spec.sign * option_int(ctx, spec.delta_from, 1, MAX_AMOUNT)

    def _meter(self, ctx: Resolution, spec: EffectSpec) -> None:
        assert spec.meter
        delta = self._amount(ctx, spec)
        overflow = self.adjust_meter(ctx, spec.meter, delta, spec.note or f"{ctx.move.name}: {ctx.outcome.value}")
        if delta < 0 and overflow > 0 and spec.meter in LADDERS:
            self._impact_ladder(ctx, spec.meter)

    def _impact_ladder(self, ctx: Resolution, meter: str) -> None:
        first, second, move_id, words = LADDERS[meter]
        impacts = ctx.character["impacts"]
        for impact in (first, second):
            if impact not in impacts:
                self.apply_effect(
                    ctx,
                    EffectSpec(
                        type="impact", impact=impact, note=f"{meter} is 0 and you lose more: mark {impact.replace('_', ' ')}"
                    ),
                )
                return
        target = self.move_by_id(move_id)
        ctx.follow_ups.append(
            FollowUp(
                kind="move",
                move=target.name,
                reason=f"{meter} is 0 with {first} and {second} marked: {words}",
                request={"system": self.system_id, "move": target.id},
            )
        )

    def _suffer(self, ctx: Resolution, spec: EffectSpec) -> None:
        """Suffer moves: what does not fit below 0 becomes -focus."""
        assert spec.meter
        loss = self._amount(ctx, spec)
        overflow = self.adjust_meter(ctx, spec.meter, loss, spec.note or f"{ctx.move.name}: suffer {loss} {spec.meter}")
        if overflow:
            self.adjust_meter(ctx, FOCUS, -overflow, f"{spec.meter} is 0: suffer -focus equal to the remaining {overflow}")

    def _experience(self, ctx: Resolution, spec: EffectSpec) -> None:
        before = int(ctx.character.get("xp", 0))
        if spec.by == "rank":
            rank = self._track_rank(ctx)
            delta = experience_for(rank, spec.rank_shift)
            reason = spec.note or f"experience for a {rank.value} challenge"
        else:
            delta = self._amount(ctx, spec)
            reason = spec.note
            if before + delta < 0:
                raise RulesError(f"You have {before} xp; {spec.note or 'this'} needs {-delta}.")
        ctx.character["xp"] = before + delta
        ctx.effect(EffectKind.XP, "xp", before=before, after=before + delta, delta=delta, reason=reason)

    @staticmethod
    def _track_rank(ctx: Resolution) -> Rank:
        if ctx.track is not None:
            return ctx.track.rank
        if "rank" in ctx.options:
            return Rank.parse(ctx.options["rank"])
        raise InputError(f"{ctx.move.name}: give options.track (with its rank) to mark experience.")

    def _clear_progress(self, ctx: Resolution, spec: EffectSpec) -> None:
        if ctx.track is None:
            raise InputError(f"{ctx.move.name}: give options.track to clear progress on it.")
        before = ctx.track.ticks
        if spec.by == "all_but_one_box":
            track, reason = replace(ctx.track, ticks=min(before, TICKS_PER_BOX)), "clear all but one filled progress box"
        elif spec.by == "half_boxes":
            half = ctx.track.boxes // 2
            track, reason = ctx.track.clear_boxes(half), f"clear half the progress boxes ({half})"
        else:
            units = option_int(ctx, "amount", 1, MAX_AMOUNT, default=1)
            track = ctx.track.clear_ticks(units * ctx.track.rank.ticks_per_mark)
            reason = f"clear {units} unit(s) of progress per its rank ({ctx.track.rank.value})"
        ctx.track = track
        ctx.effect(
            EffectKind.PROGRESS,
            track.name or "track",
            before=before,
            after=track.ticks,
            delta=track.ticks - before,
            reason=reason,
        )

    # ---- exact odds ---------------------------------------------------------------------------
    def exact_odds(self, request: dict[str, Any]) -> OddsTable | None:
        """Exact odds of an action roll at negative focus, whose rerolls make the number of dice vary.

        Every face sequence is resolved through the engine: the two challenge dice, then each reroll
        the resolution asks for, weighted 1/10 per die. None when the plain enumeration is exact.
        """
        from assistant.engine.resolve import resolve

        name = str(request.get("move", ""))
        if name.lower().startswith(("table:", "roll:")):
            return None
        move = self.find_move(name)
        if move.roll.type != "action" or self.sheet.normalize(request.get("character"))[FOCUS] >= 0:
            return None
        outcomes: dict[str, Fraction] = {}
        by_outcome: dict[str, Fraction] = {}
        leaves = 0
        pending: list[tuple[list[int], Fraction]] = [([c1, c2], Fraction(1, 100)) for c1 in range(1, 11) for c2 in range(1, 11)]
        while pending:
            faces, weight = pending.pop()
            result = resolve({**request, "dice": faces}, rng=random.Random(0))
            if any(not d.forced for d in result.dice_detail):
                pending.extend((faces + [f], weight / 10) for f in range(1, 11))
                continue
            leaves += 1
            outcomes[result.outcome] = outcomes.get(result.outcome, Fraction(0)) + weight
            if result.match:
                by_outcome[result.outcome] = by_outcome.get(result.outcome, Fraction(0)) + weight
        return OddsTable(
            outcomes=outcomes, match=sum(by_outcome.values(), Fraction(0)), match_by_outcome=by_outcome, combinations=leaves
        )
