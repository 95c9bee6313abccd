"""The Blades sheet checked before a move: harm, hold, vaults and the crew coin they hold, project clocks, the
downtime count, the tracks trained and the xp on each."""

from __future__ import annotations

from typing import Any

from assistant.engine.errors import InputError
from assistant.engine.rulesets.blades import crew, factions


def check_sheet(ch: dict[str, Any]) -> None:
    if isinstance(ch["harm"], list):  # harm written as text ("Broken Arm (level 2)") becomes its entry
        ch["harm"][:] = [crew.parse_harm(h) if isinstance(h, str) else h for h in ch["harm"]]
    crew.check_harm(ch["harm"])
    factions.check_sheet(ch)
    if ch["hold"] not in ("strong", "weak"):
        raise InputError(f"The crew's hold is strong or weak, not {ch['hold']!r}.", missing="hold", choices=["strong", "weak"])
    if not isinstance(ch["vaults"], int) or not 0 <= ch["vaults"] <= 2:
        raise InputError(f"The crew has 0, 1 or 2 vault upgrades, not {ch['vaults']!r}.", missing="vaults", choices=[0, 1, 2])
    if not isinstance(ch["at_war"], bool):
        raise InputError("Whether the crew is at war is yes or no (true or false).", missing="at_war")
    capacity = crew.CREW_COIN_CAPACITY[ch["vaults"]]
    if ch["crew_coin"] > capacity:
        raise InputError(
            f"The crew's {ch['crew_coin']} coin is more than its vaults hold ({capacity} with {crew.vault_words(ch['vaults'])}).",
            missing="crew_coin",
        )
    if not isinstance(ch["projects"], list):
        raise InputError("The projects are a list of clocks.", missing="projects")
    for i, project in enumerate(ch["projects"]):
        crew.check_clock(project, f"Project {i + 1}")
    crew.check_clock(ch["healing_clock"], "The healing clock")
    if not isinstance(ch["downtime_activities"], int) or ch["downtime_activities"] < 0:
        raise InputError("The downtime activities taken are a whole number, 0 or more.", missing="downtime_activities")
    if not isinstance(ch["trained"], list) or not set(ch["trained"]) <= set(crew.XP_TRACK_MAX):
        raise InputError(f"The tracks trained this downtime are among {', '.join(crew.XP_TRACK_MAX)}.", missing="trained")
    xp = ch["xp"]
    for track, top in crew.XP_TRACK_MAX.items():
        if not isinstance(xp.get(track), int) or not 0 <= xp[track] <= top:
            raise InputError(f"The {track} xp is a whole number from 0 to {top}.", missing="xp")
