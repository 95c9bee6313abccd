"""The shipped data files (rulesets, suggestion catalogues, notes) read with libyaml when PyYAML was built
with it: the same values as :func:`yaml.safe_load` (a test holds every shipped file equal both ways), about
ten times faster, which is most of a one-off command's start-up. Without libyaml, PyYAML's own reader.

:func:`load_file` also keeps what a file read gave, as Python keeps compiled modules: in ``__pycache__`` next to
the file, as ``marshal`` data under the file's digest, so a later process reads it back in well under a
millisecond instead of parsing the YAML again (a ruleset's moves take tens of milliseconds). A copy whose
digest does not match the file, or that can't be read, is ignored and written anew; where nothing can be
written (a read-only install, ``PYTHONDONTWRITEBYTECODE``) the file is simply parsed each time."""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from pathlib import Path
from typing import IO, Any

#: First bytes of a kept copy: the format, then the digest of the YAML it was read from.
_MAGIC = b"tabletop-yaml-1\n"
_DIGEST_SIZE = 32


def safe_load(source: str | bytes | IO[str] | IO[bytes]) -> Any:
    """:func:`yaml.safe_load`, through libyaml when it is there (PyYAML is imported on first use: a process that
    reads only kept copies never needs it)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(source, Loader=loader)  # noqa: S506 - a safe loader (SafeLoader or its libyaml twin)


def is_yaml_error(exc: BaseException) -> bool:
    """Whether ``exc`` is PyYAML's (a file that is not valid YAML); without PyYAML imported, nothing raised it."""
    yaml = sys.modules.get("yaml")
    return yaml is not None and isinstance(exc, yaml.YAMLError)


def kept_copy(path: Path) -> Path:
    """Where :func:`load_file` keeps what ``path`` read (per Python version: ``marshal`` data is not portable)."""
    tag = sys.implementation.cache_tag or "python"
    return path.parent / "__pycache__" / f"{path.name}.{tag}.marshal"


def load_file(path: Path) -> Any:
    """The YAML file at ``path`` read (:func:`safe_load`), through its kept copy when that is current.

    Raises what reading the file raises (``FileNotFoundError``, ``UnicodeDecodeError``, ``yaml.YAMLError``)."""
    raw = path.read_bytes()
    digest = hashlib.blake2b(raw, digest_size=_DIGEST_SIZE).digest()
    kept = kept_copy(path)
    try:
        data = kept.read_bytes()
        if data[: len(_MAGIC)] == _MAGIC and data[len(_MAGIC) : len(_MAGIC) + _DIGEST_SIZE] == digest:
            return marshal.loads(data[len(_MAGIC) + _DIGEST_SIZE :])
    except (OSError, ValueError, EOFError, TypeError):
        pass  # no copy yet, or a broken one: read the YAML
    value = safe_load(raw.decode("utf-8"))
    if not sys.dont_write_bytecode:
        _keep(kept, digest, value)
    return value


def _keep(kept: Path, digest: bytes, value: Any) -> None:
    """Write the kept copy (whole or not at all); any failure only means the YAML is parsed next time too."""
    try:
        body = marshal.dumps(value)
    except ValueError:  # a value marshal can't write (a date...): nothing kept
        return
    tmp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
    try:
        kept.parent.mkdir(exist_ok=True)
        tmp.write_bytes(_MAGIC + digest + body)
        os.replace(tmp, kept)
    except OSError:
        tmp.unlink(missing_ok=True)
