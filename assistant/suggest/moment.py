"""The moment of play a suggestion is made in (:class:`SuggestContext`), and how it filters and re-weights the
scored moves: a move whose requirement fails is never offered, a fight position lifts its moves, a scene challenge
swaps in its versions of Face Danger and Secure an Advantage, Blades downtime lifts downtime activities.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from assistant.suggest.catalog import normalize_name
from assistant.suggest.ranker import NEEDS_PENALTY, Scored

Position = Literal["in_control", "bad_spot"]
Mode = Literal["downtime", "free_play"]

#: Context adjustments (added to the offline score).
POSITION_BOOST = 0.12  #: the moves a fight position calls for (in control: Strike/Gain Ground...)
COMBAT_BOOST = 0.05  #: any combat move while in a fight
ENTER_FRAY_PENALTY = 0.12  #: starting a fight you are already in
DOWNTIME_BOOST = 0.12  #: downtime activities in downtime (Blades)
FREE_PLAY_PENALTY = 0.2  #: downtime activities in free play (Blades)
SCENE_BOOST = 0.03  #: a scene challenge move when a scene challenge is active
NO_FIGHT_POSITION_PENALTY = 0.04  #: a move that needs a fight position when no fight is known
IN_A_FIGHT_PENALTY = 0.12  #: a move the rules replace in a fight (Face Danger: React Under Fire or Gain Ground)


@dataclass(frozen=True)
class SuggestContext:
    """What the suggester knows about the moment of play."""

    system: str
    character: dict[str, Any] | None = None
    position: Position | None = None
    """Fight position: ``in_control`` or ``bad_spot`` (None: not in a fight, or unknown)."""
    scene_challenge: bool = False
    mode: Mode | None = None
    """Blades: ``downtime`` or ``free_play``."""
    in_combat: bool = False
    standing: Position | None = None
    """The position the rules still hold while a fight is open, though the words are not about it: it only keeps
    out a move whose requirement fails (no Strike in a bad spot), and lifts nothing."""
    options: dict[str, Any] = field(default_factory=dict)
    """Extra request options passed to the engine (``progress_ticks``, ``rank``...)."""
    open_tracks: frozenset[str] = frozenset()
    """The kinds of the campaign's open tracks (``expedition``, ``vow``...): the cues ``when: open <kind>`` count."""

    @property
    def fighting(self) -> bool:
        return self.in_combat or self.position is not None

    @classmethod
    def from_dict(cls, system: str, data: dict[str, Any] | None) -> SuggestContext:
        data = dict(data or {})
        position = data.get("position")
        if position is None and "in_control" in data:
            position = "in_control" if data["in_control"] else "bad_spot"
        return cls(
            system=data.get("system", system),
            character=data.get("character"),
            position=position,
            scene_challenge=bool(data.get("scene_challenge", False)),
            mode=data.get("mode") or ("downtime" if data.get("downtime") else None),
            in_combat=bool(data.get("in_combat", False)),
            options=dict(data.get("options") or {}),
            open_tracks=frozenset(str(k) for k in data.get("open_tracks") or ()),
        )


# ---- context rules -------------------------------------------------------------------------------
def _condition_fails(cond: Any, character: dict[str, Any], position: str | None, system: str = "") -> bool:
    """True only when an engine ``Condition`` certainly fails for this character and position."""
    if cond is None:
        return False
    if cond.any:
        return all(_condition_fails(c, character, position, system) for c in cond.any)
    impacts = set(character.get("impacts") or [])
    if cond.position is not None and position is not None and position != cond.position:
        return True
    if cond.impact is not None and cond.impact not in impacts:
        return True
    if cond.not_impact is not None and cond.not_impact in impacts:
        return True
    value = _sheet_meter(system, character, cond.meter) if cond.meter is not None else None
    if value is not None:
        if cond.eq is not None and value != cond.eq:
            return True
        if cond.gt is not None and not value > cond.gt:
            return True
        if cond.lt is not None and not value < cond.lt:
            return True
        most = character.get(cond.lt_field) if cond.lt_field is not None else None
        if isinstance(most, int) and not value < most:
            return True
    return False


def _sheet_meter(system: str, character: dict[str, Any], name: str) -> int | None:
    """The meter's value on the sheet, or what the system counts from it (the city's unmet Demands); None: unknown
    (no sheet at all: nothing is counted from one)."""
    if not character:
        return None
    try:
        from assistant.engine import get_ruleset

        return get_ruleset(system).sheet_meter(character, name)
    except Exception:  # noqa: BLE001 - a catalogue without an engine ruleset: the sheet's own number, if any
        value = character.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None


def position_of(context: SuggestContext) -> str | None:
    """The fight position: the context's, else the character sheet's (None: no fight known)."""
    if context.position is not None:
        return context.position
    character = context.character or {}
    return character.get("position")


def apply_context(scored: list[Scored], context: SuggestContext) -> list[Scored]:
    """Filter and re-weight the scored moves by the moment of play (see the module's constants)."""
    position = position_of(context)
    fighting = context.in_combat or position is not None
    character = context.character or {}
    by_key = {s.move.key: s for s in scored}
    ids = {s.move.id for s in scored}  # the moves a fight makes instead of Face Danger are there to be offered
    out: list[Scored] = []
    for s in scored:
        move = s.move
        # never suggest a move whose requirement fails
        holds = position if position is not None else context.standing
        if move.requires_position and holds is not None and move.requires_position != holds:
            continue
        if move.requires is not None and _condition_fails(move.requires, character, position, context.system):
            continue
        if move.suggested_when is not None and _condition_fails(move.suggested_when, character, position, context.system):
            continue  # Face Starvation with blood to spare: the player may still call it
        if move.requires_position:
            if position == move.requires_position:
                s.score += POSITION_BOOST
                if s.unmet:  # the fight's position says the move's situation ("React Under Fire": in a bad spot)
                    s.score += NEEDS_PENALTY
            elif position is None:
                if holds == move.requires_position and s.unmet:  # "an evasive spiral" in a fight still in a bad spot
                    s.score += NEEDS_PENALTY  # the fight's standing is the move's situation; it lifts nothing more
                if fighting or holds is not None:
                    s.notes.append(f"made when you are {move.requires_position.replace('_', ' ')}")
                else:
                    s.score -= NO_FIGHT_POSITION_PENALTY
                    s.notes.append(f"made in a fight when you are {move.requires_position.replace('_', ' ')}")
        if fighting and move.combat:
            s.score += COMBAT_BOOST
        if (fighting or holds is not None) and set(move.in_a_fight) & ids:
            s.score -= IN_A_FIGHT_PENALTY  # "I swing the ship around the asteroid" mid-fight: React Under Fire
        if (holds is not None or context.in_combat) and normalize_name(move.name) == "enterthefray":  # no second fight
            s.score -= ENTER_FRAY_PENALTY
        if move.downtime:
            if context.mode == "downtime":
                s.score += DOWNTIME_BOOST
            elif context.mode == "free_play":
                s.score -= FREE_PLAY_PENALTY
                s.notes.append("a downtime activity: only between scores")
        out.append(s)
    # scene challenges: Face Danger / Secure an Advantage become their (Scene Challenge) versions
    final: list[Scored] = []
    for s in out:
        move = s.move
        if move.scene_challenge and not context.scene_challenge:
            continue
        if context.scene_challenge:
            variant = by_key.get(normalize_name(f"{move.name} (Scene Challenge)"))
            if variant is not None and variant is not s:
                variant.score = max(variant.score, s.score) + SCENE_BOOST
                # its approach similarities follow the base move's, whose lines it repeats
                if not variant.approach_sims:
                    variant.approach_sims = dict(s.approach_sims)
                continue
        final.append(s)
    return final
