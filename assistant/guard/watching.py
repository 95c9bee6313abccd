"""Watching for you, told of one who does not perceive you: "his gaze fixed on you", "his eyes scanning the room for
any sign of movement", "he tried to find the source of the dark aura", '"Is it you?" he asked'.

An oracle's no to "Does the priest sense me?" (that turn or a later one) leaves the priest unaware. A look that rests
on you, a search for someone in the place you hide in, a hunt for what disturbs him or a question called out to you
tells him aware, or suspecting, which hedges the no (:func:`assistant.guard.oracle_answer.check_noticed` reads
:data:`WATCHING` beside its other signs of noticing, and :data:`CALLED_OUT` in the dialogue). His eyes on anything else
("his gaze fixed on the altar", "his eyes scanning the dark room. He doesn't see you anywhere.", "he looks elsewhere")
are the story going on without you.
"""

from __future__ import annotations

import re

_AIMED = (
    r"(?:fixed|fixes|locked|locks|trained|riveted|fastened|settled|settles|resting|rests|rested|lingering|lingers|lingered"
    r"|glued|boring|bores|set|falls|fell|lands|landed|stays|stayed)"
)

WATCHING = (
    # a look resting on you: "his gaze fixed on you", "eyes locked onto you", "his stare lingering on you"
    r"(?:gaze|gazes|eyes|stare|glare|attention|look)\s+(?:(?:is|was|are|were|stays|stayed|remains|remained|still|now)\s+)*"
    rf"{_AIMED}\s+(?:up)?on(?:to)?\s+(?:you|your)\b"
    # a look that follows you or finds where you hide: "his eyes follow you", "peers at the pillar where you hide"
    r"|(?:gaze|eyes|stare|glare)\s+(?:follow|follows|followed|following|track|tracks|tracked|tracking)\s+you\b"
    r"|(?:look|looks|looked|peer|peers|peered|squint|squints|squinted|stare|stares|stared|glance|glances|glanced|gaze|gazes"
    r"|gazed)\s+(?:[a-z]+\s+){0,5}?(?:where|to\s+where)\s+you\s+(?:hide|hid|are|were|stand|stood|crouch|crouched|lurk"
    r"|lurked|wait|waited|lie|lay)\b"
    # watching you: "watches you", "eyeing you warily", "staring at you"
    r"|(?<!his\s)(?<!her\s)(?<!their\s)(?<!your\s)(?<!my\s)(?:watch|watches|watched|watching|eyes|eyed|eyeing|studies"
    r"|studied|studying|observes|observed|observing)\s+you\b"
    r"|(?:stares|stared|staring|gazes|gazed|gazing|glares|glared|glaring|peers|peered|peering|looks|looked|looking)\s+"
    r"(?:straight\s+|right\s+|directly\s+|intently\s+|up\s+)?at\s+you\b(?!\s+(?:blankly|vacantly|without\b|with\s+"
    r"(?:a\s+)?(?:blank|unseeing|vacant|empty|glassy)\b))"
    # searching for someone: "his eyes scanning the room for any sign of movement", "he waits for the next sign of
    # life" (a look around the room that finds
    # nothing, "his eyes scanning the dark room. He doesn't see you anywhere.", is the no told)
    r"|for\s+(?:any\s+|a\s+|some\s+|the\s+(?:next|first|slightest|faintest|least)\s+|another\s+|more\s+|further\s+)?"
    r"(?:sign|signs|trace|hint|glimpse)\s+of\s+(?:movement|motion|life|anyone|someone"
    r"|somebody|an?\s+intruder|intruders|company)\b"
    # hunting for what disturbs him: "tried to find the source of the dark aura"
    r"|(?:find|finds|found|locate|locates|trace|traces|pinpoint|seek|seeks|sought|seeking|search\s+for|looking\s+for)\s+"
    r"(?:the\s+)?(?:source|cause|origin)\s+of\b"
)

#: His eyes sweeping the place you hide in: "his eyes scanning the area", a search for someone there, unless he finds
#: it empty ("his eyes scanning the empty space", "… the dark room. He doesn't see you anywhere.": the no told).
SCANNING = (
    r"(?:eyes|gaze)\s+(?:scan|scans|scanned|scanning|sweep|sweeps|swept|sweeping|search|searches|searched|searching"
    r"|dart|darts|darted|darting)\s+(?:across\s+|over\s+|around\s+)?(?:the|his|her|their)\s+(?:[a-z]+\s+)?(?:area"
    r"|room|space|sky|shadows|darkness|dark|surroundings|hall|chamber|corridor|street|crowd|alley|square|nave|chapel"
    r"|crypt|yard|courtyard)\b"
)
#: The search finding nothing: "He sees nothing unusual", "He doesn't see you anywhere", "no sign of anyone".
FINDS_NOTHING = re.compile(
    r"\b(?:sees|saw|finds|found|notices|noticed|spots|spotted|hears|heard|detects|detected)\s+nothing\b"
    r"|\b(?:does\s*n't|does\s+not|did\s*n't|did\s+not|can't|cannot|can\s+not|fails\s+to|failed\s+to)\s+(?:see|find"
    r"|notice|spot|detect|sense)\b|\bno\s+(?:sign|trace|hint)\s+of\b|\b(?:empty|deserted)\b"
)

#: A question put out loud to whoever hides there, in the dialogue: '"Is it you?" he asked', '"Show yourself!"'.
CALLED_OUT = re.compile(
    r"\"[^\"]*\b(?:is\s+(?:it|that)\s+you|who(?:'s|\s+is|\s+goes)\s+there|show\s+yourself|come\s+out|i\s+know\s+you"
    r"(?:'re|\s+are)\s+(?:there|here))\b[^\"]*\""
)
