"""Elegy: a solo vampire game derived from Ironsworn (data files + :class:`ElegyRuleset`)."""

from assistant.engine.rulesets.elegy.ruleset import ElegyRuleset

__all__ = ["ElegyRuleset"]
