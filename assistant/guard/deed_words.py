"""The words the guard reads a character's deed by (:mod:`assistant.guard.undeclared`): which verbs after "you" are
deeds chosen and which tell what befalls or is felt, which deeds a kind of move is made of, which verbs take up
something new on a declared turn, and which tell speech or taking in an answer."""

from __future__ import annotations

import re

#: Verbs after "you" that tell what befalls, what is perceived or felt, or how the roll went: not a deed chosen.
NOT_DEEDS = frozenset(
    re.findall(
        r"\S+",
        "are were be been being am 're feel feels felt sense senses sensed see saw seen hear heard notice noticed "
        "realize realized realise realised know knew think thought wonder wondered hope hoped fear feared remember "
        "remembered recall seem seemed appear appeared look looked watch watched smell taste sigh sighed breathe "
        "breathed take took gasp gasped shiver shivered wince winced flinch flinched tremble trembled stagger staggered "
        "stumble stumbled fall fell drop dropped collapse collapsed bleed bled suffer suffered lose lost gain gained get "
        "got have had has need needed must can could will would may might should shall do did does don't didn't "
        "manage managed succeed succeeded fail failed scrape scraped pull pulled make made come came hold held keep "
        "kept stay stayed remain remained continue continued try tried attempt attempted deal dealt mark marked clear "
        "cleared find found catch caught grit gritted brace braced steady steadied steel steeled struggle struggled "
        "endure endured survive survived barely narrowly still just also now then too only almost nearly go went "
        "always never usually often sometimes clutch clutched clench clenched cough coughed groan groaned grunt grunted "
        "scream screamed yelp blink blinked shake shook shudder shuddered reel reeled slump slumped sway swayed lurch "
        "lurched topple toppled crumple crumpled double doubled wipe wiped spit spat swallow swallowed smile smiled grin "
        "grinned frown frowned grimace grimaced squint squinted exhale exhaled inhale inhaled "
        "cry cried curse cursed sink sank sag sagged "
        "pay paid face faced receive received wake woke land landed end ended begin began start started set "
        "push pushed press pressed move moved learn learned learnt discover discovered to "
        "mean meant intend intended plan planned expect expected want wanted wish wished imagine imagined "
        # the mind at work: "you focus on your next move", "you weigh your options", "you regain your composure"
        "focus focuses focused refocus concentrate concentrated ponder pondered consider considered reflect reflected "
        "contemplate contemplated weigh weighed regain regained compose composed",
    )
)
#: Deeds a kind of move is made of: a move whose own text names the kind (left) is told by these verbs (right), so
#: "You nock an arrow and let it fly" is the Volley itself, not a deed of the story's own.
MOVE_DEEDS = tuple(
    (re.compile(kind), frozenset(w[:4] for w in deeds.split()))
    for kind, deeds in (
        (
            r"\b(?:shoot|shot|fire|volley|range|ranged|ammo|ammunition|arrow|bolt)",
            "shoot fire loose nock aim draw let squeeze pull volley arrow bolt shot bullet land find pierce connect",
        ),
        (
            r"\b(?:strike|attack|hack|slash|clash|melee|fray|foe|enemy)",
            "strike swing slash stab thrust lunge hack cut hit punch kick attack parry block drive bring smash bash charge draw "
            "land bite sink pierce connect blade sword knife dagger axe spear mace hammer",
        ),
        (r"\b(?:defend|protect|guard|shield)", "raise step protect guard stand interpose cover block shield"),
        (
            r"\b(?:face danger|risky|threat|speed|agility|evade|escape)",
            "leap jump sprint run dash dodge duck dive roll climb vault scramble swerve weave slip sneak creep hide balance race",
        ),
        (
            r"\b(?:information|investigat|search|clues|research|evidence)",
            "search study comb examine inspect scan read piece analyze analyse look investigate pore sift check",
        ),
    )
)
#: Words of a clause too plain to tie it to a move's text.
PLAIN = frozenset(
    re.findall(
        r"\S+",
        "you your yours yourself the a an to of and or at in on into onto for with from by as it its this that these "
        "those there here then now so up out off over just them their they him her his he she is are was were be over "
        "around back away down inside outside behind toward towards through across",
    )
)

#: On a table roll the row is the whole story: looking somewhere ("You look at the sky and see a bright star") is the
#: character sent to find it, a deed; looking in general ("you look stunned"), or where a price befalls them, is not.
LOOKING = frozenset(
    re.findall(r"\S+", "look looks looked gaze gazes gazed peer peers peered glance glances glanced stare stares stared")
)
SOMEWHERE = re.compile(r"\s*(?:at|up|to|toward|towards|into|out|over|through|down|across|around|about|behind)\b")

#: On an oracle question, searching, turning and crying out are the character taking in the answer, not a deed chosen.
TAKING_IN = frozenset(
    re.findall(
        r"\S+",
        "search searches searched scan scans scanned examine examines examined inspect inspects inspected study studies "
        "studied turn turns turned shout shouts shouted exclaim exclaims exclaimed",
    )
)
#: Of those, the verbs that take something to look at: on an oracle question, only what was asked (or what the
#: player's earlier deeds were about) is the answer taken in; "You carefully examine the dusty book" is a deed.
EXAMINING = frozenset(
    re.findall(r"\S+", "search searches searched scan scans scanned examine examines examined inspect inspects inspected study")
)

#: On a turn the player declared a deed, the verbs of taking up something the story put in front of the character
#: ("You approach it cautiously", "You unlock it with your key and enter the room"): any other deed told is read as the
#: declared one told at length ("You keep low", "You hug the wall and follow his lantern").
INITIATIVE = frozenset(
    re.findall(
        r"\S+",
        "approach approaches approached enter enters entered open opens opened unlock unlocks unlocked activate "
        "activates activated pocket pockets pocketed climb climbs climbed retreat retreats retreated flee flees fled "
        "leave leaves investigate investigates investigated explore explores explored",
    )
)
#: A declared deed that is speech ("I ask the dockhands…", "I press the clerk…"), told at length by these verbs.
SPEAKING = re.compile(
    r"\b(?:ask|question|persuade|convince|press|demand|negotiate|talk|tell|bribe|charm|threaten|intimidate|plead|beg"
    r"|compel|haggle|bargain|lie|deceive|flatter|interrogate|request|insist|order|command|urge|warn)"
)
SPEECH = frozenset(
    w[:4]
    for w in re.findall(
        r"\S+",
        "explain tell say ask insist describe urge plead argue offer promise mention repeat lean press point "
        "remind assure reassure add reply answer demand threaten warn question",
    )
)
