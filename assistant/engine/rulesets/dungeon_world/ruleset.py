"""Dungeon World PvP combat variant — what is truly code: damage, armor, debilities, bonuses, spells.

The moves are data (``moves.yaml``); this plug-in adds:

* 2d6 modifiers: a debility lowers its stat by 1; +n/-n Ongoing apply to every 2d6 roll; active
  Ongoing spells and "-1 Ongoing to Cast a Spell" apply to spell casting; a stored +n/-n Forward
  applies when the request says so (``use_forward_bonus`` / ``use_forward_penalty``) and is spent.
* Deal Damage, resolved for the character who takes it: 1dGrit (or a spell's dice) + bonus d4s
  (+1d4 more against a Helpless target), minus armor unless vulnerable, Helpless or ignored.
* Spells: mana equal to the spell's level is required (doubled for a non-cleric casting as a cleric);
  the "lose the spell" penalty loses that mana and the spell until you rest; bound or gagged can't cast.
* Follow-ups that reach another character carry a ready-made request (the attacker's Grit, debilities...).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

from assistant.engine.context import Resolution, option_int, option_text
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.offers import offer_choice
from assistant.engine.outcomes import HIT_OUTCOMES, Outcome
from assistant.engine.ruleset import Ruleset
from assistant.engine.rulesets.dungeon_world.character import DEBILITIES, check_character, check_debility, debility_for
from assistant.engine.rulesets.dungeon_world.combat_rules import (
    check_control,
    check_heal,
    control_marks,
    end_encounter_limits,
    mitigation,
    set_initiative,
    take_bonus,
)
from assistant.engine.rulesets.dungeon_world.damage import parse_damage_dice, tell_whose_damage, through_armor
from assistant.engine.rulesets.dungeon_world.follow_ups import (
    attack_follow_up,
    last_gasp_on_the_one_hit,
    saving_throw_stat,
    shooting_follow_up,
)
from assistant.engine.schema import ChoiceSpec, EffectSpec, OptionSpec

#: Moves that cast a spell (mana, lost spells, cast penalties).
CAST_MOVES = frozenset({"cast_a_spell_wizard", "cast_a_spell_cleric", "magic_missile"})
#: Moves a bound or gagged character can't make ("This extends to all possible magical effects").
MAGIC_MOVES = CAST_MOVES | {"arcane_art"}
#: Magic Missile's own level and dice ("[Level 1 Evocation] ... Deal 2d4 damage to one target, ignoring armor").
MAGIC_MISSILE_NAME, MAGIC_MISSILE_LEVEL, MAGIC_MISSILE_DICE = "Magic Missile", 1, "2d4"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


class DungeonWorldRuleset(Ruleset):
    system_id = "dungeon-world"
    title = "Dungeon World (PvP combat variant)"
    data_dir = Path(__file__).parent
    variants: ClassVar[dict[str, str]] = {
        "damage_minus_armor": "meter hp: the damage roll minus armor, unless the armor is ignored",
        "debilities_option": "impact: mark the debilities the attack causes",
        "this_move": "impact: clear only what this move marked",
        "spell_level": "meter mana: lose mana equal to the spell's level, and the spell until you rest",
        "keep_ongoing_spell": "keep one Ongoing spell active",
        "control_kind": "impact: mark it when the control move (options.control) does that",
    }

    # ---- character and options ----------------------------------------------------------------
    def meter_max(self, ctx: Resolution, name: str) -> int:
        if name == "hp":
            return int(ctx.character["max_hp"])
        return super().meter_max(ctx, name)

    def check_options(self, ctx: Resolution) -> None:
        super().check_options(ctx)
        check_character(ctx.character)
        if (ctx.options.get("use_forward_bonus") or ctx.options.get("use_forward_penalty")) and not self._is_2d6(ctx):
            raise RulesError(f"A Forward applies to a 2d6 roll; {ctx.move.name} makes none.")
        if ctx.move.id in MAGIC_MOVES and "bound_or_gagged" in ctx.character["impacts"]:
            raise RulesError(f"You are bound and/or gagged: you can't cast, so {ctx.move.name} is out of reach.")
        if ctx.move.id in CAST_MOVES:
            self._check_spell(ctx)
        if ctx.move.id == "deal_damage":
            self._check_damage_options(ctx)
        elif ctx.move.id == "suffer_control":
            check_control(ctx)
        elif ctx.move.id == "heal":
            check_heal(ctx)

    @staticmethod
    def _is_2d6(ctx: Resolution) -> bool:
        return bool(ctx.move.roll.type == "total" and ctx.move.id != "deal_damage")

    def _spell(self, ctx: Resolution) -> tuple[str | None, int]:
        """The spell's name and its level as cast (doubled for a non-cleric casting a cleric spell)."""
        if ctx.move.id == "magic_missile":
            return MAGIC_MISSILE_NAME, MAGIC_MISSILE_LEVEL
        name = option_text(ctx, "spell")
        level = option_int(ctx, "level", default=1)
        if ctx.move.id == "cast_a_spell_cleric" and str(ctx.character["class"]).strip().lower() != "cleric":
            level *= 2
        return name, level

    def _check_spell(self, ctx: Resolution) -> None:
        name, level = self._spell(ctx)
        if "damage_dice" in ctx.options:
            parse_damage_dice(ctx.options["damage_dice"])
        lost = {_slug(s) for s in ctx.character["lost_spells"]}
        if name and _slug(name) in lost:
            raise RulesError(
                f"{name} is lost until you rest; it can't be cast now. Once you have rested, take it off your lost "
                "spells (/remove lost spells <number>)."
            )
        mana = ctx.character["mana"]
        if mana < level:
            hint = " Put your mana on your sheet (for example /set mana 2) if your character has some." if not mana else ""
            raise RulesError(
                f"You cannot cast a spell unless you have mana equal to the spell's level: "
                f"this one needs {level} mana and you have {mana}.{hint}"
            )

    def _check_damage_options(self, ctx: Resolution) -> None:
        given = [k for k in ("grit", "damage_dice", "amount") if k in ctx.options]
        if len(given) != 1:
            raise InputError(
                "Deal Damage needs one of: the attacker's grit (the damage die, 4-12), the damage dice "
                '(like "2d4"), or the damage already rolled.',
                missing="grit",
                choices=[4, 6, 8, 10, 12],
            )
        if "damage_dice" in ctx.options:
            parse_damage_dice(ctx.options["damage_dice"])

    def requirement_message(self, ctx: Resolution) -> str:
        if ctx.move.id == "last_gasp":
            if "helpless" in ctx.character["impacts"] and not ctx.character["hp"]:
                return (
                    "Last Gasp is rolled once, when your Health Points reach 0: yours failed, you lost consciousness "
                    "and are Helpless."
                )
            return f"Last Gasp is rolled when your Health Points reach 0; you have {ctx.character['hp']}."
        if ctx.move.id == "heal":
            return "You are Helpless: healing does not affect you any longer."
        if ctx.move.id == "volley":
            return (
                "You have no ammunition left for Volley: fight up close with Hack & Slash instead, or, when a new fight "
                "starts, Enter a Combat Encounter gives you back your 5 ammunition."
            )
        return super().requirement_message(ctx)

    # ---- rolls --------------------------------------------------------------------------------
    def stat_value(self, ctx: Resolution, name: str) -> int:
        value = super().stat_value(ctx, name)
        if name in DEBILITIES.values():
            debility = debility_for(name)
            if debility in ctx.character["impacts"]:
                ctx.notes.append(f"{debility.capitalize()}: -1 to {name.upper()} (debility).")
                value -= 1
        return value

    def do_system_roll(self, ctx: Resolution, kind: str) -> None:
        if ctx.move.id == "deal_damage":
            self._roll_damage(ctx)
            return
        super().do_system_roll(ctx, kind)

    def roll_adds(self, ctx: Resolution) -> int:
        return self._roll_modifiers(ctx) if self._is_2d6(ctx) else 0

    def _roll_modifiers(self, ctx: Resolution) -> int:
        """Ongoing bonuses and penalties, spell penalties, and a Forward the player applies."""
        ch = ctx.character
        total = 0
        parts = [("Ongoing bonus", ch["ongoing_bonus"]), ("Ongoing penalty", ch["ongoing_penalty"])]  # the rules' +n / -n Ongoing
        if ctx.move.id in CAST_MOVES:
            parts += [
                ("-1 Ongoing to Cast a Spell", ch["cast_penalty"]),
                (f"{len(ch['ongoing_spells'])} Ongoing spell(s) active", -len(ch["ongoing_spells"])),
            ]
        for label, value in parts:
            if value:
                total += value
                ctx.notes.append(f"{label}: {value:+d} to this roll.")
        forwards = (("use_forward_bonus", "forward_bonus", "+n"), ("use_forward_penalty", "forward_penalty", "-n"))
        for option, meter, word in forwards:
            if not ctx.options.get(option):
                continue
            value = ch[meter]
            if value == 0:
                raise RulesError(f"You have no {word} Forward to apply; roll without it.")
            total += value
            self.adjust_meter(ctx, meter, -value, f"{word} Forward applied to this roll ({value:+d})")
        return total

    def _roll_damage(self, ctx: Resolution) -> None:
        opts = ctx.options
        helpless = "helpless" in ctx.character["impacts"]
        bonus = option_int(ctx, "bonus_d4", default=0)
        if "amount" in opts:
            base_dice: list[int] = []
            described = f"{opts['amount']} damage already rolled"
        elif "grit" in opts:
            base_dice = [int(opts["grit"])]
            described = f"1d{opts['grit']} (1dGrit)"
        else:
            dice = parse_damage_dice(opts["damage_dice"])
            base_dice = [dice.sides] * dice.count
            described = str(dice)
        deals_damage = opts.get("amount", 1) != 0
        less = 1 if opts.get("take_what_you_can_get") else 0
        sides = base_dice + [4] * bonus + ([4] if helpless and deals_damage else []) + [6] * less
        if ctx.source.any_forced:
            ctx.source.require_forced(len(sides), f"{ctx.move.name}'s damage roll")
        faces = [ctx.source.roll(s, "damage").value for s in sides]
        minus = sum(faces[len(faces) - less :])
        total = int(opts.get("amount", 0)) + sum(faces) - 2 * minus + ctx.adds
        ctx.score, ctx.outcome = max(0, total), Outcome.NONE
        ctx.memo["damage"] = ctx.score
        extras = ([f"+{bonus}d4 bonus"] if bonus else []) + (["+1d4 (Helpless)"] if helpless and deals_damage else [])
        extras += ["-1d6 (you took what you could get)"] if less else []
        adds = [f"{ctx.adds:+d}"] if ctx.adds else []
        rolled = f" (rolled {', '.join(map(str, faces))})" if len(faces) > 1 else ""  # one die: "Rolled 7." says it
        ctx.memo["damage_note"] = len(ctx.notes)
        if "amount" in opts and not faces and not adds:  # "5 damage" told, nothing rolled here: no sum to show
            ctx.notes.append(f"Damage: {ctx.score} (already rolled).")
        else:
            ctx.notes.append(f"Damage: {' '.join([described, *extras, *adds])} = {ctx.score}{rolled}.")

    def after_roll(self, ctx: Resolution) -> None:
        if ctx.options.get("target_helpless") and ctx.outcome is Outcome.MISS:
            ctx.outcome = Outcome.WEAK_HIT
            ctx.notes.append("Your target is Helpless: a result of 6 or lower counts as 7-9.")
        if ctx.move.id == "last_gasp" and ctx.character["ongoing_spells"]:
            before = list(ctx.character["ongoing_spells"])
            ctx.character["ongoing_spells"] = []
            ctx.effect(
                EffectKind.SPELLS,
                "ongoing_spells",
                before=before,
                after=[],
                delta=-len(before),
                reason="Ongoing spells always end when you Last Gasp",
            )
        if ctx.move.id == "enter_combat":
            self._keep_one_magical_effect(ctx)
            end_encounter_limits(ctx)
        elif ctx.move.id == "roll_initiative":
            set_initiative(ctx)
        elif ctx.move.id == "take_a_bonus":
            take_bonus(ctx)

    def _keep_one_magical_effect(self, ctx: Resolution) -> None:
        spells = ctx.character["ongoing_spells"]
        if len(spells) <= 1:
            return
        offer_choice(
            ctx,
            ChoiceSpec(
                id="keep_one_magical_effect",
                prompt="You can gain the benefits of ONE magical effect before fights start: decide which one you keep active",
                options=[
                    OptionSpec(
                        id=f"keep_{_slug(name)}",
                        label=name,
                        effects=[EffectSpec(type="impact", impact="ongoing_spells", by="keep_ongoing_spell", value=name)],
                    )
                    for name in spells
                ],
            ),
        )

    # ---- effects ------------------------------------------------------------------------------
    def apply_effect(self, ctx: Resolution, spec: EffectSpec) -> None:
        if spec.by == "damage_minus_armor":
            self._damage_minus_armor(ctx, spec)
        elif spec.by == "debilities_option":
            for name in dict.fromkeys(check_debility(n, "A debility") for n in ctx.options.get("debilities", [])):
                super().apply_effect(ctx, EffectSpec(type="impact", impact=name, note=f"{spec.note} ({name})"))
        elif spec.by == "this_move" and spec.type == "impact" and not spec.mark:
            if spec.impact in ctx.before["impacts"]:
                ctx.notes.append(f"You were already {spec.impact} before this move; that stays.")
            else:
                super().apply_effect(ctx, spec.model_copy(update={"by": None}))
        elif spec.by == "spell_level":
            self._lose_spell(ctx, spec)
        elif spec.by == "control_kind":
            if control_marks(ctx, spec):
                super().apply_effect(ctx, spec.model_copy(update={"by": None, "value": None}))
        elif spec.by == "keep_ongoing_spell":
            before = list(ctx.character["ongoing_spells"])
            ctx.character["ongoing_spells"] = [s for s in before if s == spec.value]
            ctx.effect(
                EffectKind.SPELLS,
                "ongoing_spells",
                before=before,
                after=ctx.character["ongoing_spells"],
                delta=len(ctx.character["ongoing_spells"]) - len(before),
                reason=f"keep {spec.value} active",
            )
        else:
            super().apply_effect(ctx, spec)

    def _damage_minus_armor(self, ctx: Resolution, spec: EffectSpec) -> None:
        damage = ctx.memo.get("damage")
        if damage is None:  # pragma: no cover - Deal Damage always rolls
            return
        impacts = ctx.character["impacts"]
        helpless, vulnerable = "helpless" in impacts, "vulnerable" in impacts
        armor = ctx.character["armor"] + ctx.character["armor_bonus"]
        check = through_armor(
            damage, armor, vulnerable=vulnerable, helpless=helpless, ignore_armor=bool(ctx.options.get("ignore_armor"))
        )
        how = f"ignores armor: {check.ignored_because}" if check.ignored_because else f"{check.armor} armor"
        loss = mitigation(ctx, check.loss)
        whose = f" to {ctx.character['name']}" if ctx.character.get("name") else ""  # often not the player's own sheet
        self.adjust_meter(ctx, "hp", -loss, f"{damage} damage{whose}, {how}: {loss} HP")
        tell_whose_damage(ctx, check, loss)
        if loss > 0 and vulnerable and not helpless:
            super().apply_effect(
                ctx,
                EffectSpec(
                    type="impact",
                    impact="vulnerable",
                    mark=False,
                    note="Dealing damage to them removes this vulnerability unless the individual is also Helpless.",
                ),
            )
        if loss > 0 and helpless and "controlled" in ctx.character["impacts"]:
            for impact in ("helpless", "controlled"):
                note = "Damage breaks the control that made you Helpless"
                super().apply_effect(ctx, EffectSpec(type="impact", impact=impact, mark=False, note=note))

    def _lose_spell(self, ctx: Resolution, spec: EffectSpec) -> None:
        name, level = self._spell(ctx)
        if not name:
            raise InputError(f"Name the spell you lose with {ctx.move.name}.", missing="spell")
        self.adjust_meter(ctx, "mana", -level, f"{spec.note} (level {level})")
        before = list(ctx.character["lost_spells"])
        ctx.character["lost_spells"] = before + [name]
        ctx.effect(
            EffectKind.SPELLS,
            "lost_spells",
            before=before,
            after=ctx.character["lost_spells"],
            delta=1,
            reason=f"{name} can't be cast until you rest",
        )

    # ---- follow-ups that reach another character ----------------------------------------------
    def finish(self, ctx: Resolution) -> None:
        if ctx.move.id == "hack_and_slash":
            attack_follow_up(ctx)
        elif ctx.move.id == "volley":
            shooting_follow_up(ctx)
        elif ctx.move.id == "suffer_control" and "save_stat" in ctx.options:
            saving_throw_stat(ctx)
        elif ctx.move.id == "arcane_art" and "effect" in ctx.options:
            self._set_follow_up_options(ctx, "Receive Arcane Art", {"choose": [ctx.options["effect"]]})
        elif ctx.move.id in CAST_MOVES:
            dice = MAGIC_MISSILE_DICE if ctx.move.id == "magic_missile" else ctx.options.get("damage_dice")
            if dice:
                self._set_follow_up_options(ctx, "Deal Damage", {"damage_dice": dice, "ignore_armor": True})
            if ctx.options.get("ongoing") and ctx.outcome in HIT_OUTCOMES:
                self._start_ongoing_spell(ctx)
        if ctx.move.id == "deal_damage":
            last_gasp_on_the_one_hit(ctx)
        target = ctx.options.get("target")
        if isinstance(target, str) and ctx.move.id != "defend":  # Defend's damage is the defender's own
            ctx.follow_ups[:] = [
                fu.model_copy(update={"target": target}) if fu.move == "Deal Damage" and fu.target is None else fu
                for fu in ctx.follow_ups
            ]

    @staticmethod
    def _set_follow_up_options(ctx: Resolution, move_name: str, options: dict[str, Any]) -> None:
        for i, fu in enumerate(ctx.follow_ups):
            if fu.move == move_name and fu.request is not None:
                update: dict[str, Any] = {"request": {**fu.request, "options": options}}
                if move_name == "Deal Damage" and isinstance(ctx.options.get("target"), str):
                    update["target"] = ctx.options["target"]
                ctx.follow_ups[i] = fu.model_copy(update=update)

    def _start_ongoing_spell(self, ctx: Resolution) -> None:
        name, _ = self._spell(ctx)
        if not name:
            raise InputError("Name the Ongoing spell.", missing="spell")
        before = list(ctx.character["ongoing_spells"])
        ctx.character["ongoing_spells"] = before + [name]
        ctx.effect(
            EffectKind.SPELLS,
            "ongoing_spells",
            before=before,
            after=ctx.character["ongoing_spells"],
            delta=1,
            reason=f"{name} is Ongoing: -1 ongoing to cast spells while it lasts",
        )
