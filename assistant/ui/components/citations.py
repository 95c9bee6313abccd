"""A citation as a player reads it: see :mod:`assistant.citation_words` (shared with the terminal chat)."""

from assistant.citation_words import game_name, shown_citation, shown_citations, shown_text

__all__ = ["game_name", "shown_citation", "shown_citations", "shown_text"]
