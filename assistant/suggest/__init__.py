"""Move suggestion from free text, with exact odds shown before the roll.

    from assistant.suggest import suggest, SuggestContext
    for s in suggest("I sprint across the collapsing catwalk", SuggestContext(system="starforged")):
        print(s.move, s.stat, s.odds)

Nothing rolls here: each :class:`Suggestion` carries a ready engine ``request`` (no dice) that the
caller resolves once the player confirms.
"""

from assistant.suggest.catalog import MoveEntry, known_systems, moves_for
from assistant.suggest.core import SuggestContext, Suggestion, default_embedder, rank, suggest

__all__ = ["MoveEntry", "SuggestContext", "Suggestion", "default_embedder", "known_systems", "moves_for", "rank", "suggest"]
