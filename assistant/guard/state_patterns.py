"""The patterns a narration's state claims are read with ("+2 momentum", "your health drops to 1", "mark progress
twice"), built once per system from its meter, stat and impact words."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from assistant.guard.system_words import impact_words, meter_words, stat_words
from assistant.guard.vocab import DOWN_VERBS, NUM, POLARITY_VERBS, UP_VERBS

_FILL = r"(?:(?:points?|more|extra|additional|of|your|their|full|whole|levels?|ticks?|boxes?|marks?)\s+){0,3}"
RISE = (
    r"rises|rose|climbs|climbed|increases|increased|jumps|jumped|goes up|went up|ticks up|grows|grew|swells|swelled|surges|surged"
    r"|skyrockets|skyrocketed|skyrocket|soars|soared|soar|spikes|spiked|spike|shoots up|shot up"
    r"|rise|climb|increase|grow|go up"
    r"|(?:has|have|had) (?:risen|climbed|increased|grown|gone up|swelled|surged|jumped)"
    r"|(?:is|are|was|were|gets|got|has been|have been|had been) (?:raised|increased|restored|boosted|replenished|refilled)"
)
FALL = (
    r"drops|dropped|falls|fell|decreases|decreased|sinks|sank|dips|dipped|goes down|went down|plummets|plummeted"
    r"|slips|slipped|shrinks|shrank|(?:has|have|had) (?:dropped|fallen|decreased|sunk|dipped|gone down|shrunk|eased|lessened)"
    r"|eases|eased|lessens|lessened|plunges|plunged|tumbles|tumbled|drop|fall|decrease|sink|dip|go down|shrink|plunge"
    # told in the passive: "your health is reduced by 1", "your spirit was drained"
    r"|(?:is|are|was|were|gets|got|has been|have been|had been) (?:reduced|lowered|decreased|diminished|drained|depleted|sapped)"
)
#: A meter told changing as something going on, right after the meter ("noticing the heat level increasing", "the heat
#: is rising"): an -ing word further on describes something else ("damage from the increasing storm").
RISING = r"rising|climbing|increasing|going up|growing|swelling|surging|soaring|spiking"
FALLING = r"dropping|falling|decreasing|sinking|dipping|going down|plummeting|shrinking|easing|lessening|plunging"
_GOING = (
    r"(?:levels?\s+)?(?:(?:is|are|was|were|keeps|kept|starts|started|begins|began)\s+)?"
    r"(?:still\s+|steadily\s+|slowly\s+|quickly\s+|now\s+)?"
)
_STATIVE = r"is now|is at|sits at|stands at|now stands at|now sits at|remains at|stays at|holds at|is"


@dataclass(frozen=True)
class Patterns:
    meter_re: re.Pattern[str] | None
    stat_re: re.Pattern[str] | None
    claims: tuple[tuple[str, re.Pattern[str]], ...]


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def patterns(system: str | None) -> Patterns:
    return _patterns(tuple(sorted(meter_words(system))), tuple(sorted(stat_words(system))), tuple(sorted(impact_words(system))))


@cache
def _patterns(meter_list: tuple[str, ...], stats: tuple[str, ...], impacts: tuple[str, ...]) -> Patterns:
    m = _alt(list(meter_list))
    verbs = _alt(sorted(UP_VERBS | DOWN_VERBS | POLARITY_VERBS))
    claims: list[tuple[str, str]] = [
        (
            "progress",
            r"\bmark(?:s|ed|ing)?\s+(?:(?:some|more|your|a|the)\s+)?progress"
            r"(?:\s+(?P<times>once|twice|thrice|three times|\d+ times|two times))?\b",
        ),
        (
            "legacy",
            rf"\b(?P<verb>mark|marks|marked|fill|fills|filled|add|adds|added)\s+(?P<n>{NUM}|a|an)\s+(?P<unit>ticks?|boxes?)\s+"
            r"(?:on|to|of)\s+(?:your|the)\s+(?:(?:quests|bonds|discoveries)\s+)?legacy\b",
        ),
        (
            "clock",
            rf"\b(?P<verb>fill|fills|filled|filling|mark|marks|marked|tick|ticks|ticked|advance|advances|advanced|add|adds|added)"
            rf"\s+(?:in\s+)?(?:(?P<n>{NUM}|a|an|another)\s+)?(?:more\s+)?(?:of\s+the\s+)?(?:clock\s+)?"
            rf"(?:segments?(?:\s+(?:of|on|in)\s+(?:the\s+|your\s+|a\s+)?(?:\w+\s+)?clock)?"
            rf"|ticks?\s+(?:of|on|in)\s+(?:the\s+|your\s+|a\s+)?(?:\w+\s+)?clock)\b",
        ),
        (
            "clock_moves",
            r"\b(?:the|your)\s+(?:\w+\s+)?clock\s+(?:\w+\s+)?(?:advances|advanced|ticks|ticked|fills|filled|moves|moved|"
            # a clock in the room, heard ("a clock ticks somewhere", "the clock ticked away"), is no clock of the game's
            r"creeps|crept)\b(?!\s+(?:away|by|loudly|softly|quietly|somewhere|overhead|steadily|on\s+the\s+wall))",
        ),
        (
            "xp",
            rf"\b(?P<verb>gain|gains|gained|earn|earns|earned|mark|marks|marked|take|takes|took|get|gets|got)\s+"
            rf"(?P<n>{NUM}|a|an)\s+(?:points?\s+of\s+)?(?:xp|experience)\b",
        ),
        (
            "signed",
            rf"(?<![\w+\-−])(?P<sign>[+\-−])\s?(?P<n>\d+)\s+(?:(?:on|to|for)\s+(?:your\s+|the\s+)?)?{_FILL}(?P<meter>{m})\b",
        ),
        ("meter_signed", rf"\b(?P<meter>{m})\s*[(:]?\s*(?P<sign>[+\-−])\s?(?P<n>\d+)\b"),
        (
            "verb_num",
            rf"\b(?P<verb>{verbs})\s+(?:(?:a|an|another|up to|just|only|all|your|their|the)\s+)?"
            rf"(?:(?P<sign>[+\-−])\s?)?(?P<n>{NUM}|a|an)\s+{_FILL}(?P<meter>{m})\b",
        ),
        # the value the meter is left at, as an aside: "your ammunition goes down by one (now 0)"
        ("meter_now", rf"\b(?P<meter>{m})\s+(?:[\w']+\s+){{0,5}}?\(\s*now\s+(?:at\s+)?(?P<sign>[+\-−])?(?P<n>\d+)\s*\)"),
        # the meter's way told with both ends: "your health goes from 2 to 1"
        (
            "meter_from",
            rf"\b(?P<meter>{m})\s+(?:\w+\s+){{0,2}}?(?:{RISE}|{FALL}|goes|went|moves|moved|changes|changed|shifts|shifted)"
            rf"\s+from\s+(?P<from>{NUM})\s+(?:down\s+|up\s+)?to\s+(?P<n>{NUM})\b(?!\s*(?:%|percent))",
        ),
        (
            "meter_to",
            rf"\b(?P<meter>{m})\s+(?:\w+\s+){{0,2}}?(?P<move>{RISE}|{FALL}|{_STATIVE})\s+(?P<prep>to|by|at)?\s*"
            rf"(?P<sign>[+\-−])?(?P<n>{NUM})\b(?!\s*(?:%|percent))",
        ),
        ("meter_move", rf"\b(?P<meter>{m})\s+(?:[\w']+\s+){{0,3}}?(?P<move>{RISE}|{FALL})\b(?!\s+(?:to|by)\s)"),
        ("meter_move", rf"\b(?P<meter>{m})\s+{_GOING}(?P<move>{RISING}|{FALLING})\b(?!\s+(?:to|by)\s)"),
        (
            "verb_meter",
            rf"\b(?P<verb>{verbs})\s+(?:(?:some|a little|a bit of|a bit|more|your|all|all of your|all your|the|a|an|"
            rf"of|any|hard-won|precious|valuable|much-needed|further)\s+){{0,3}}(?P<meter>{m})\b"
            rf"(?!\s*(?:[+\-−]?\d|{NUM}\b))",
        ),
    ]
    if impacts:
        claims.append(
            (
                "impact",
                rf"\b(?:mark|marks|marked|marking|you are now|you're now|you become|becoming|leaves you|left you)\s+"
                rf"(?:the\s+|as\s+)?(?P<impact>{_alt(list(impacts))})\b",
            )
        )
    meter_re = re.compile(rf"\b(?:{m})\b") if meter_list else None
    stat_re = re.compile(rf"(?<![\w])(?:{_alt(list(stats))})\b") if stats else None
    return Patterns(meter_re, stat_re, tuple((k, re.compile(p)) for k, p in claims))
