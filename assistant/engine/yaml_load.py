"""The shipped data files (rulesets, suggestion catalogues, notes) read with libyaml when PyYAML was built
with it: the same values as :func:`yaml.safe_load` (a test holds every shipped file equal both ways), about
ten times faster, which is most of a one-off command's start-up. Without libyaml, PyYAML's own reader."""

from __future__ import annotations

from typing import IO, Any

import yaml

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(source: str | bytes | IO[str] | IO[bytes]) -> Any:
    """:func:`yaml.safe_load`, through libyaml when it is there."""
    return yaml.load(source, Loader=_LOADER)  # noqa: S506 - a safe loader (SafeLoader or its libyaml twin)
