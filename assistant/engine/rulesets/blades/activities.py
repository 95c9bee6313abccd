"""Blades downtime activities: which moves take one, what an activity past the free ones costs ("Each
additional activity from the list costs 1 coin or 1 rep"), the count kept on the sheet, and the long-term
project clocks a clock move advances."""

from __future__ import annotations

from assistant.engine.context import Resolution, option_int
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.offers import offer_choice
from assistant.engine.schema import ChoiceSpec, EffectSpec, OptionSpec
from assistant.engine.tracks import Clock

#: Moves that take a downtime activity.
DOWNTIME_ACTIVITIES = frozenset(
    {
        "acquire_asset",
        "long_term_project",
        "recover",
        "reduce_heat",
        "train",
        "indulge_vice",
        "learning_a_ritual",
        "performing_a_ritual",
        "inventing",
        "crafting",
    }
)
#: Moves that advance a clock given as options.clock or options.project.
CLOCK_MOVES = frozenset({"long_term_project", "learning_a_ritual", "inventing", "faction_clock"})
#: Clock moves that start a new 8-segment clock when none is given.
EIGHT_SEGMENT_DEFAULT = frozenset({"learning_a_ritual", "inventing"})


def check_activity_cost(ctx: Resolution) -> None:
    """A downtime activity past the free ones needs 1 coin or 1 rep to pay for it ("Each additional activity from
    the list costs 1 coin or 1 rep"): with neither on the sheet it is refused before anything rolls."""
    if ctx.move.id not in DOWNTIME_ACTIVITIES:
        return
    ch = ctx.character
    count = option_int(ctx, "activities", default=1) if ctx.move.id == "performing_a_ritual" else 1
    before = int(ch.get("downtime_activities") or 0)
    free = 1 if ch.get("at_war") else 2
    paid = max(0, before + count - max(free, before))
    purse = int(ch.get("coin") or 0) + int(ch.get("rep") or 0)
    if paid > purse:
        who = str(ch.get("name") or "Your character")
        raise RulesError(
            f"{who} has taken {before} downtime activit{'y' if before == 1 else 'ies'} this downtime ({free} free); "
            f"each additional one costs 1 coin or 1 rep, and there is not enough to pay (coin "
            f"{int(ch.get('coin') or 0)}, rep {int(ch.get('rep') or 0)}). The next score's payoff brings two free "
            "activities again."
        )


def _whole(value: object) -> int | None:
    """``8``, ``"8"``, ``"8-segment"``, ``"8 segments"`` -> 8; anything else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip().lower().removesuffix("s").removesuffix("segment").strip(" -")
    return int(text) if text.isdigit() else None


def project_options(ctx: Resolution) -> None:
    """A project clock as a player types it: ``project=Tunnel clock=8`` (or ``segments=8``) starts the project
    "Tunnel" on an 8-segment clock; a clock size given without a project name is refused, saying what to type."""
    if ctx.move.id not in CLOCK_MOVES or not ctx.options:
        return
    if "project" not in ctx.ruleset.options_for(ctx.move):  # Faction Downtime: its clock names a faction's clock
        return
    options = dict(ctx.options)
    size = options.pop("segments", None)
    clock = options.get("clock")
    if size is None and clock is not None and not isinstance(clock, dict):
        size = clock
    if size is None:
        return
    segments = _whole(size)
    project = options.get("project")
    stat = " +study" if ctx.move.roll.stats else ""  # the stat the move is rolled with, if it takes one
    example = f"/roll {ctx.move.name.lower()}{stat} project=Tunnel clock=8"
    if segments is None or segments < 1:
        raise InputError(f"A project clock's size is a number of segments (4, 6 or 8), not {size!r}; e.g. {example}.")
    if not isinstance(project, str) or not project.strip():
        raise InputError(f"Name the project the {segments}-segment clock is for, e.g. {example}.", missing="project")
    options["clock"] = {"name": project.strip(), "segments": segments, "filled": 0}
    ctx.options = options


def project_clock(ctx: Resolution) -> None:
    name = ctx.options.get("project")
    if name is not None:
        found = [p for p in ctx.character["projects"] if p["name"].strip().lower() == name.strip().lower()]
        if found and ctx.clock is not None:
            raise InputError(f"The project “{name}” is on the sheet already; leave out the clock.", missing="clock")
        if found:
            ctx.clock = Clock(segments=found[0]["segments"], filled=found[0]["filled"], name=found[0]["name"])
        elif ctx.clock is None:
            raise InputError(
                f"There is no project called “{name.strip()}” on the sheet; to start it, give its clock's size too, "
                f"e.g. project={name.strip()} clock=8 for an 8-segment clock."
            )
        else:
            ctx.clock = Clock(segments=ctx.clock.segments, filled=ctx.clock.filled, name=name.strip())
        ctx.memo["project"] = ctx.clock.name
    elif ctx.clock is None and ctx.move.id in EIGHT_SEGMENT_DEFAULT:
        ctx.clock = Clock(segments=8, filled=0, name=ctx.move.name)
        ctx.started.append("clock")
        ctx.notes.append("A new 8-segment clock (give a clock, or name a project on the sheet, for another).")


def _ordinal(n: int) -> str:
    """``1`` -> ``1st``: each activity's card line names which it is, so two in a row never read the same."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def count_activity(ctx: Resolution) -> None:
    ch = ctx.character
    count = option_int(ctx, "activities", default=1) if ctx.move.id == "performing_a_ritual" else 1
    before = int(ch["downtime_activities"])
    free = 1 if ch["at_war"] else 2
    paid = max(0, before + count - max(free, before))
    ch["downtime_activities"] = before + count
    ctx.effect(
        EffectKind.DOWNTIME_ACTIVITIES,
        "downtime_activities",
        before=before,
        after=before + count,
        delta=count,
        reason=f"the {_ordinal(before + count)} downtime activity this downtime ({free} free{' at war' if ch['at_war'] else ''})",
    )
    for n in range(1, paid + 1):
        suffix = "" if n == 1 else f"_{n}"
        note = "an additional downtime activity"
        offer_choice(
            ctx,
            ChoiceSpec(
                id=f"extra_activity_cost{suffix}",
                prompt="An additional downtime activity costs 1 coin or 1 rep",
                options=[
                    OptionSpec(
                        id=f"pay_coin{suffix}",
                        label="Pay 1 coin",
                        effects=[EffectSpec(type="meter", meter="coin", delta=-1, note=note)],
                    ),
                    OptionSpec(
                        id=f"pay_rep{suffix}",
                        label="Pay 1 rep",
                        effects=[EffectSpec(type="meter", meter="rep", delta=-1, note=note)],
                    ),
                ],
            ),
        )


def save_project(ctx: Resolution) -> None:
    """The project clock advanced this turn, written back to the sheet's projects."""
    name = ctx.memo.get("project")
    if name and ctx.clock is not None:
        projects = [p for p in ctx.character["projects"] if p["name"].strip().lower() != name.lower()]
        projects.append({"name": name, "segments": ctx.clock.segments, "filled": ctx.clock.filled})
        ctx.character["projects"] = projects
