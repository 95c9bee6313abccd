"""The suggestions' lexical cues: the table words for each move, read from the rulesets' data.

The cue files and their reading live with the rulesets (:mod:`assistant.engine.cue_words`): the rules ranking
reads them too, and depends on data, not on the suggestions. This module keeps the names the suggestions use.
"""

from __future__ import annotations

from assistant.engine.cue_words import (
    MAX_BOOST,
    Cue,
    CueHits,
    cue_file,
    load_cue_file,
    load_cues,
    load_hints,
    load_needs,
    load_priors,
    match_cues,
    own_words,
    unmet_needs,
)

__all__ = [
    "MAX_BOOST",
    "Cue",
    "CueHits",
    "cue_file",
    "load_cue_file",
    "load_cues",
    "load_hints",
    "load_needs",
    "load_priors",
    "match_cues",
    "own_words",
    "unmet_needs",
]
