"""The verbs the narration knows as actions: common verbs of play, and every verb the rulesets' own move texts use
after "when you" (so each move's trigger verb is known)."""

from __future__ import annotations

import re
from functools import cache

#: Common action verbs of play, beyond the ones the rulesets' own triggers use ("When you face danger").
_VERBS = """
ask attack avoid bargain bash bind block bluff board break bribe build burn buy call calm carry catch charge chase
check circle clear climb close command comfort confront convince crack craft crawl creep cross cut dash defend
deceive decipher demand dig disarm disguise distract dive dodge douse drag draw drink drive drop duck eavesdrop
enter escape examine explore fight fix flee fly follow force forge gather get give go grab grapple guard hack haggle
heal help hide hit hold hunt intimidate investigate jump kick kill knock lead leap lie lift listen load lock look
loot lure make mend move negotiate open parry patch persuade pick plead plot pray press pull punch push question
race raid rally reach read recall recruit repair rescue rest retreat ride run rush sabotage scan scout search seize
shoot shout shove sing slash slip smash sneak speak spot sprint stab stalk stand start steal steer stop strike
study surrender survey swim swing talk tell threaten throw track trade travel trick trust try turn uncover unlock
use wait walk warn watch wield win work wrestle write
lunge cast defy volley parley ambush assault flank hail salvage scavenge swear vow forage camp sleep pay collect
acquire recover indulge train invent learn reduce interrogate inspect consult sense notice summon banish curse bless mark
sacrifice invoke reload snipe brace protect shield withdraw charm flirt seduce taunt provoke mock insult apologize
promise offer treat bandage pilot navigate smuggle spy infiltrate swipe pickpocket reassure console tinker tame
soothe evade feint disengage ram dock launch warp decode decrypt bypass override sway take fulfill forsake sing
horrify terrify frighten scare startle shock disgust stun haunt unsettle sicken unnerve overwhelm
endure sojourn resupply withstand recommit undertake finish compel aid face secure develop clash deal betray
fulfil find slay defeat corner surround trap
bite drain suck devour mesmerize hypnotize enthrall embrace kiss bleed feed prey sate lurk
spread hire extort blackmail expose whisper fence settle overtake eliminate
shake tremble collapse explode erupt burst appear emerge arrive rip tear grip seize pin topple roll
hurl fling toss lob chuck blast zap conjure loose fire channel smite bombard scorch incinerate freeze sear
resist sidestep deflect repel
aim level point brandish raise wave demand order pledge
"""


@cache
def _rules_verbs() -> frozenset[str]:
    """Verbs the rulesets' own move texts use after "when you" (so every move's trigger verb is known)."""
    from assistant.engine.errors import AssistantError
    from assistant.engine.registry import available_systems, get_ruleset

    found: set[str] = set()
    for system in available_systems():
        try:
            moves = get_ruleset(system).moves
        except AssistantError:
            continue
        for move in moves:
            found.update(w.lower() for w in re.findall(r"\bwhen you (\w+)", f"{move.trigger or ''} {move.text}", re.I))
    return frozenset(found - {"are", "first", "next", "went", "come"})


def is_verb(word: str) -> bool:
    word = word.lower()
    return word in _VERB_SET or word in _rules_verbs()


_VERB_SET = frozenset(_VERBS.split())
