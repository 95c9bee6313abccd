"""The ways a story tells a player's goal done, by the goal's verb: "the door swings open", "it frees the door", "you
can finally open it" for "open"; "he relents", "he agrees" for "convince". :mod:`assistant.guard.contrary` reads them
on a miss, :mod:`assistant.guard.paid_for` on the price paid for a miss.
"""

from __future__ import annotations

import re

#: Verbs whose doing is the goal itself, grouped with the ways a story tells it done ("frees the door" for "open").
_GOAL_DONE: dict[str, str] = {
    "open": r"opens|opened|unlocks|unlocked|frees|freed|gives way|gave way|swings open|swung open|slides open|slid open"
    r"|lets you in|let you in|lets you into|let you into|waves you in|waved you in|ushers you in|ushered you in"
    r"|hands you the key|handed you the key|gives you the key|gave you the key"
    r"|springs open|sprang open|pops open|popped open|bursts open|burst open|flies open|flew open|budges|budged"
    # any way of coming open ("grinds open", "creaked open"), or got open ("you wrench it open", "get the hatch open")
    r"|[a-z]+(?:s|ed)\s+open|(?:is|stands|stood|lies|lay)\s+(?:now\s+|finally\s+)?open|yields|yielded"
    r"|(?:get|gets|got|pry|pries|pried|prise|prised|force|forces|forced|wrench|wrenches|wrenched|heave|heaves|heaved"
    r"|shove|shoves|shoved|push|pushes|pushed|kick|kicks|kicked)\s+(?:it|them|the\s+[a-z]+(?:\s+[a-z]+)?)\s+open",
    "unlock": r"unlocks|unlocked|opens|opened|clicks open|clicked open|gives way|gave way",
    "free": r"frees|freed|breaks free|broke free|comes loose|came loose"
    # "you are free to run away", "you're free of the net at last"
    r"|(?:you\s+are|you're|you\s+were)\s+(?:now\s+|finally\s+|at\s+last\s+)?free\b|free\s+to\s+(?:run|go|move|flee|escape)",
    "trust": r"trusts you|trusted you|(?:decides?|decided|deciding|chooses?|chose|choosing|agrees?|agreed)\s+to\s+trust\s+you"
    r"|(?:win|wins|won|earn|earns|earned|gain|gains|gained)\s+(?:her|his|their|its)\s+trust",
    # facing someone down, or cowing them: they back down ("the rival vampire retreats into the shadows")
    "face": r"backs down|backed down|retreats|retreated|withdraws|withdrew|yields|yielded|flees|fled|cowers|cowered"
    r"|steps aside|stepped aside|gives ground|gave ground|slinks away|slunk away",
    "intimidate": r"backs down|backed down|retreats|retreated|withdraws|withdrew|yields|yielded|flees|fled|cowers|cowered"
    r"|steps aside|stepped aside|gives ground|gave ground|is cowed|was cowed",
    "break": r"breaks|broke|shatters|shattered|snaps|snapped|splinters|splintered|gives way|gave way",
    "convince": r"agrees|agreed|is convinced|was convinced|relents|relented|gives in|gave in|nods and",
    "persuade": r"agrees|agreed|is persuaded|was persuaded|relents|relented|gives in|gave in",
    "give": r"gives|gave|hands over|handed over|hands you|handed you",
    "hand": r"hands over|handed over|hands you|handed you|gives you|gave you",
    "reveal": r"reveals|revealed|tells you|told you|confesses|confessed",
    "catch": r"catches|caught|grabs|grabbed|seizes|seized",
    "climb": r"climbs|climbed|reaches the top|reached the top|pulls yourself up|pulled yourself up",
    "escape": r"escapes|escaped|get away|gets away|got away|slip away|slips away|slipped away",
}
GOAL_VERBS = tuple(_GOAL_DONE)
#: The goal within reach at last: "you can finally open it", "now you could pry it loose" (the ability told as got).
_NOW_ABLE = r"(?:can|could)\s+(?:now\s+|finally\s+|at\s+last\s+|easily\s+)+{verb}"


def goal_done(goal: str, text: str) -> re.Match[str] | None:
    """Where ``text`` tells the goal ``goal`` (a verb of :data:`GOAL_VERBS`) done, or ``None``."""
    return re.search(rf"\b(?:{_GOAL_DONE[goal]}|{_NOW_ABLE.format(verb=re.escape(goal))})\b", text)
