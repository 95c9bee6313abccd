"""tabletop-oracle: a deterministic TTRPG rules engine with cited rules answers and LLM narration."""

__version__ = "0.1.0"
