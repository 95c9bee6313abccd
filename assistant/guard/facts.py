"""What the engine decided, read once from the Result(s) into the sets the checks compare against.

:class:`Facts` is built once per narration (:meth:`Facts.build`) and reused for every sentence of a
streamed narration. It holds the numbers the narration may quote, per context (a roll, a meter, a
track, a clock, the odds), the changes the engine made, what it only offered (open choices,
follow-ups), the moves and stats it rolled, and the engine's own text (which a narration may quote).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.engine.kinds import EffectKind
from assistant.engine.model import Result
from assistant.guard.odds_numbers import quotable_odds
from assistant.guard.system_words import meter_words
from assistant.guard.text import normalize_words

#: Outcomes that carry a success tier (an oracle's yes/no is read separately).
TIER_OUTCOMES = frozenset({"strong_hit", "weak_hit", "miss", "critical", "full_success", "partial_success", "bad_outcome"})


@dataclass(frozen=True)
class Change:
    """One change the engine made to a target (meter name, ``progress``, ``clock``, ``xp``...)."""

    delta: int | None
    before: Any = None
    after: Any = None
    marks: int | None = None
    """For ``mark progress xN``: N."""


@dataclass
class Facts:
    system: str | None
    results: tuple[Result, ...]
    rolled: bool = False
    outcomes: frozenset[str] = frozenset()
    match: bool = False
    max_total: int | None = None
    roll_numbers: set[float] = field(default_factory=set)
    dice_count: int = 0
    odds_numbers: list[float] | None = None
    meter_numbers: dict[str, set[float]] = field(default_factory=dict)
    stat_numbers: set[float] = field(default_factory=set)
    track_numbers: set[float] = field(default_factory=set)
    clock_numbers: set[float] = field(default_factory=set)
    signed_numbers: set[float] = field(default_factory=set)
    changes: dict[str, list[Change]] = field(default_factory=dict)
    offered: dict[str, set[int]] = field(default_factory=dict)
    """Signed amounts per target the engine offers or its text names (choices, suffer follow-ups)."""
    option_effects: dict[str, set[int]] = field(default_factory=dict)
    """Signed amounts per target of the open choices' options (``0`` = unknown amount)."""
    option_labels: list[str] = field(default_factory=list)
    option_text: str = ""
    """The open options' labels, lower-case (a meter named there is an option's, not a change)."""
    current: dict[str, Any] = field(default_factory=dict)
    moves: set[str] = field(default_factory=set)
    follow_up_moves: set[str] = field(default_factory=set)
    stats: set[str] = field(default_factory=set)
    rerolled: bool = False
    burn_available: bool = False
    burned: bool = False
    burn_meters: set[str] = field(default_factory=set)
    """The meters burned or offered for burning (momentum, focus)."""
    engine_text: str = ""
    engine_bigrams: frozenset[tuple[str, str]] = frozenset()
    established: tuple[Any, ...] = ()
    """Earlier turns' oracle answers (:class:`~assistant.guard.established.Established`) the story must keep."""
    earlier: tuple[Any, ...] = ()
    """The sentences earlier turns told, as content stems (:mod:`assistant.guard.earlier`): not to be told again."""
    reading: str = ""
    """The rules passages the narrator was given (``quotable``), as normalized words: a line of another move's result
    in them is not this turn's story."""
    passages: tuple[str, ...] = ()
    """The same passages as given, sentences and all (:mod:`assistant.guard.rules_told` reads a run of them told as
    the story)."""
    told: tuple[str, ...] = ()
    """The engine's own sentences shown before the story this turn (its opening): never a copy of an earlier turn."""
    actor: str = ""
    """Who made this turn's move when it is not the one playing (Mara, rolling at you): its outcome is theirs."""
    sheet: str = ""
    """The fact sheet a model's draft was written from ("" for the offline template, whose sentences are the engine's
    own): a sentence of it told again in its rules terms, or an open choice's prompt, is the prompt copied, not story."""

    open_fights: tuple[str, ...] = ()
    """The names of the fights still open in the campaign ("The syndicate enforcer"): how each ends is a progress roll
    still to come, whatever a table or a suffer move says this turn."""

    @property
    def open_choices(self) -> bool:
        return bool(self.option_labels)

    @property
    def tiered(self) -> bool:
        return bool(self.outcomes & TIER_OUTCOMES)

    # ------------------------------------------------------------------------------------------
    @classmethod
    def build(
        cls,
        results: Result | Mapping[str, Any] | Sequence[Result | Mapping[str, Any]] | None,
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
        """``quotable``: other texts the narrator was given and may quote (the retrieved rules passages);
        ``established``: the sentences earlier turns' oracle answers were told as; ``earlier``: the sentences earlier
        turns' stories told; ``told``: the engine's opening sentences shown before this turn's story; ``sheet``: the fact
        sheet a model's draft was written from."""
        from assistant.guard.earlier import read_earlier
        from assistant.guard.established import read_established

        items = _as_results(results)
        facts = cls(system=system or (items[0].system if items else None), results=items)
        texts: list[str] = []
        for result in items:
            facts._read(result, texts)
        texts += [t for t in quotable if isinstance(t, str)]
        facts.outcomes = frozenset(r.outcome for r in items)
        facts.option_text = " | ".join(label.lower() for label in facts.option_labels)
        facts.odds_numbers = quotable_odds(odds, items)
        facts.engine_text = " | ".join(normalize_words(t) for t in texts if t)
        facts.reading = " | ".join(normalize_words(t) for t in quotable if isinstance(t, str) and t)
        facts.passages = tuple(t for t in quotable if isinstance(t, str) and t)
        words = facts.engine_text.split()
        facts.engine_bigrams = frozenset(zip(words, words[1:], strict=False))
        facts.established = read_established(established)
        facts.earlier = read_earlier(earlier)
        facts.told = tuple(str(t) for t in told if str(t).strip())
        facts.actor = actor.strip()
        facts.sheet = sheet
        facts.open_fights = tuple(str(name) for name in open_fights if str(name).strip())
        return facts

    def _read(self, r: Result, texts: list[str]) -> None:
        meters = meter_words(self.system)
        self.moves.add(r.move.lower())
        self.moves.add(r.move_id.replace("_", " "))
        if r.table:
            self.moves.add(str(r.table.get("name", "")).lower())
        if r.dice:
            self.rolled = True
        self.match = self.match or r.match
        self.dice_count = max(self.dice_count, len(r.dice))
        if r.stat:
            self.stats.add(r.stat.lower())
        roll = self.roll_numbers
        roll.update(r.dice)
        roll.update(r.challenge or [])
        for value in (r.score, r.stat_value, r.adds):
            if value is not None:
                roll.add(value)
        if r.roll == "total" and r.score is not None:
            self.max_total = max(self.max_total or r.score, r.score)
        kept = [d.value for d in r.dice_detail if d.kept and not d.cancelled]
        action = [d.value for d in r.dice_detail if d.role == "action"]
        if kept:
            roll.add(sum(kept))
            if r.roll in ("notation", "total") and r.score is not None:
                roll.add(abs(r.score - sum(kept) - (r.stat_value or 0)))  # the notation's own modifier ("2d6+1")
        if r.roll == "notation":  # "Rolled 3d6kh2 ...": the notation's own counts and sides are the player's words
            roll.update(int(n) for n in re.findall(r"\d+", r.move))
        if action and r.stat_value is not None:
            roll.add(action[0] + r.stat_value)
            roll.add(action[0] + r.stat_value + r.adds)
            roll.add(action[0] + r.adds)
        if r.stat_value is not None:
            roll.add(r.stat_value + r.adds)
        if r.score is not None and r.stat_value is not None:
            roll.add(r.score - r.stat_value - r.adds)
        self.rerolled = self.rerolled or any(d.rerolled for d in r.dice_detail)
        if r.table:
            texts.append(str(r.table.get("name", "")))
            roll.update(r.table.get("rolls", []))
            for row in r.table.get("rows", []):
                roll.update(row.get("range", []))
                texts.append(str(row.get("text", "")))
        if r.burn:
            self.burned = self.burned or r.burn.burned
            self.burn_available = self.burn_available or r.burn.available
            self.burn_meters.add(r.burn.meter)
            roll.update(v for v in (r.burn.before, r.burn.score_before) if v is not None)
        for note in r.notes:
            texts.append(note)
            roll.update(float(n) for n in re.findall(r"\b\d+\b", note))
        self.signed_numbers.add(r.adds)
        if r.stat_value is not None:
            self.signed_numbers.update({r.stat_value, abs(r.stat_value)})
            self.stat_numbers.add(r.stat_value)
        self.stat_numbers.add(r.adds)
        for character in (r.character_before, r.character):
            if not character:
                continue
            for value in (character.get("stats") or {}).values():
                if isinstance(value, int):
                    self.stat_numbers.add(value)
                    self.stat_numbers.add(value + r.adds)
            for name, value in character.items():
                if isinstance(value, int) and not isinstance(value, bool):
                    self.meter_numbers.setdefault(name, set()).add(value)
        if r.character:
            self.current.update({k: v for k, v in r.character.items() if isinstance(v, int) and not isinstance(v, bool)})
        over = rolled_over(r)
        for n, effect in enumerate(r.effects):
            target = effect_target(effect.kind, effect.target)
            if target is None:
                texts.append(effect.reason)  # a picked option's own label ("Chosen: Forfeit 1 rep per Tier …")
                continue
            delta = None if n in over else effect.delta  # heat 4 + 6 → 1: heat was taken, not cleared
            self.changes.setdefault(target, []).append(Change(delta, effect.before, effect.after, effect.marks))
            nums = self.meter_numbers.setdefault(target, set())
            if target == "legacy":
                for value in (effect.before, effect.after):
                    if isinstance(value, dict):
                        self._add_track_numbers(*value.values())
                        nums.update(v for v in value.values() if isinstance(v, int))
            for value in (effect.before, effect.after, effect.delta):
                if isinstance(value, int) and not isinstance(value, bool):
                    nums.add(value)
                    nums.add(abs(value))
            if isinstance(effect.delta, int):
                self.signed_numbers.add(abs(effect.delta))
            if target in ("progress", "legacy"):
                self._add_track_numbers(effect.before, effect.after, effect.delta)
            if target == "clock":
                self.clock_numbers.update(v for v in (effect.before, effect.after, effect.delta) if isinstance(v, int))
            texts.append(effect.reason)
        if r.track:
            self._add_track_numbers(r.track.get("ticks"), r.track.get("boxes"), None)
        if r.roll == "progress" and r.score is not None:
            self.track_numbers.add(r.score)
        if r.clock:
            self.clock_numbers.update(v for v in (r.clock.get("segments"), r.clock.get("filled")) if isinstance(v, int))
        for choice in r.choices:
            texts.append(choice.prompt)
            for option in choice.options:
                texts.append(option.label)
                self.option_labels.append(option.label)
                for spec in option.effects:
                    target, delta = spec_target(spec)
                    if target:
                        self.option_effects.setdefault(target, set()).add(delta)
                        self.offered.setdefault(target, set()).add(delta)
                        self.signed_numbers.add(abs(delta))
                        self.meter_numbers.setdefault(target, set()).add(abs(delta))
        for fu in r.follow_ups:
            texts.append(fu.reason)
            texts.append(fu.move)
            self.follow_up_moves.add(fu.move.lower())
            if fu.amount is not None:
                self.signed_numbers.add(abs(fu.amount))
                self.offered.setdefault("suffer", set()).add(fu.amount)
        texts.append(r.text)
        texts.append(r.move)
        for amount, word in re.findall(r"([+\-−]?\d+)\s+([a-z][a-z ]{1,24}?)\b(?=[\s.,;:)]|$)", r.text.lower()):
            value = int(amount.replace("−", "-"))
            self.signed_numbers.add(abs(value))
            for phrase, (target, _polarity) in meters.items():
                if word.strip().startswith(phrase):
                    self.offered.setdefault(target, set()).add(value)
                    self.meter_numbers.setdefault(target, set()).add(abs(value))
        for number in re.findall(r"\d+", r.text):
            self.signed_numbers.add(int(number))

    def _add_track_numbers(self, *values: Any) -> None:
        for value in values:
            if isinstance(value, int) and not isinstance(value, bool):
                self.track_numbers.update({value, abs(value)})
                if value % 4 == 0:
                    self.track_numbers.add(abs(value) // 4)


def effect_target(kind: EffectKind, target: str) -> str | None:
    """The guard's name for what an engine Effect changed (None: not a meter-like change)."""
    if kind in (EffectKind.METER, EffectKind.BURN, EffectKind.RESET):
        return target
    if kind in (EffectKind.PROGRESS, EffectKind.CLOCK, EffectKind.XP, EffectKind.LEGACY):
        return kind.value
    if kind is EffectKind.NEXT_MOVE_ADD:
        return "forward"
    if kind is EffectKind.DOWNTIME_ACTIVITIES:
        return "downtime_activities"
    if kind is EffectKind.IMPACT:
        return f"impact:{target}"
    if kind is EffectKind.SCHEME and "." in target:  # "Scheme 1.productivity": a number on a scheme
        return target.rsplit(".", 1)[1]
    return None


def spec_target(spec: Mapping[str, Any]) -> tuple[str | None, int]:
    """(target, signed delta) of an option's effect spec as the engine lists it (0 = amount unknown)."""
    kind = spec.get("type")
    delta = spec.get("delta")
    amount = int(delta) if isinstance(delta, int) else 0
    if kind in ("meter", "suffer"):
        return spec.get("meter"), amount
    if kind == "mark_progress":
        return "progress", int(spec.get("times", 1))
    if kind in ("clock", "xp"):
        return kind, amount
    if kind in ("legacy_ticks", "legacy_reward"):
        return "legacy", int(spec.get("ticks") or 0)
    if kind == "next_move_add":
        return "forward", amount
    if kind == "impact":
        return f"impact:{spec.get('impact')}", 1 if spec.get("mark", True) else -1
    return None, 0


def _as_results(results: Any) -> tuple[Result, ...]:
    if results is None:
        return ()
    if isinstance(results, (Result, Mapping)):
        results = [results]
    return tuple(r if isinstance(r, Result) else Result.model_validate(r) for r in results)


def rolled_over(result: Result) -> set[int]:
    """The effects (by index) of a meter that filled and rolled over into the next one (Blades' heat 4 + 6 → 1 and a
    wanted level): their net change (-3) is no loss, so it says nothing of the direction a story may tell."""
    try:
        from assistant.engine.registry import get_ruleset

        meters = get_ruleset(result.system).sheet.meters
    except Exception:  # noqa: BLE001 - no rules data: every change as it is
        return set()
    found: set[int] = set()
    effects = result.effects
    for n, (effect, nxt) in enumerate(zip(effects, effects[1:], strict=False)):
        spec = meters.get(str(effect.target)) if effect.kind == "meter" else None
        over = spec.at_max if spec is not None else None
        before, after = effect.before, effect.after
        fell = isinstance(before, int) and isinstance(after, int) and after < before
        if over is not None and nxt.target == over.meter and fell:
            found.add(n)
    return found
