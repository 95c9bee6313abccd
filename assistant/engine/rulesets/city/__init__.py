"""The Magistrate's city game: basic moves as data plus a small plug-in (see ``ruleset.py``)."""
