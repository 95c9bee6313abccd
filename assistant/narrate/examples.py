"""Worked turns shown to a model before the real one: a fact sheet and the story a narrator writes for it.

Told by rules alone, a 1.5B model answered the oracle's "no" (the priest does not sense you) with the priest "sensing
your presence" in every run. Shown one worked "no" and one "yes" first, it wrote what the answer makes true instead
(the priest kneels at the altar and "does not notice"). The examples are files beside the prompts
(``assistant/prompts/<prompt>_examples.txt``; a task without one gets none), about places and people no shipped
campaign holds, so that a draft copying one is plain to see: :class:`~assistant.narrate.echo.EchoWatch` refuses a
sentence that tells an example's story again. Narration of moves has none: given a missed search and a hit whose
damage is rolled next as examples, the model put their nouns in its stories ("the missing courier", a strike "in the
flank", "you deal 1 damage to the bandit") and still told the gossip a missed search did not find.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from assistant.engine.errors import ConfigError
from assistant.prompts import PROMPTS_DIR

FACTS_MARK = "=== facts"
STORY_MARK = "=== story"


def parse_examples(text: str, name: str = "examples") -> tuple[tuple[str, str], ...]:
    """The (fact sheet, story) pairs of an examples file; lines starting with ``#`` are comments."""
    pairs: list[tuple[str, str]] = []
    part: str | None = None
    facts: list[str] = []
    story: list[str] = []

    def close() -> None:
        if part is None:
            return
        if not "\n".join(facts).strip() or not "\n".join(story).strip():
            raise ConfigError(f"Prompt file {name}.txt has an example without its facts or its story; give each both.")
        pairs.append(("\n".join(facts).strip(), "\n".join(story).strip()))

    for line in text.splitlines():
        if line.startswith("#"):
            continue
        mark = line.strip()
        if mark == FACTS_MARK:
            close()
            part, facts, story = "facts", [], []
        elif mark == STORY_MARK:
            if part != "facts":
                raise ConfigError(f"Prompt file {name}.txt has a story before its facts; open each example with '{FACTS_MARK}'.")
            part = "story"
        elif part == "facts":
            facts.append(line)
        elif part == "story":
            story.append(line)
        elif mark:
            raise ConfigError(f"Prompt file {name}.txt has text outside an example; open each example with '{FACTS_MARK}'.")
    close()
    return tuple(pairs)


@cache
def examples_for(prompt: str) -> tuple[tuple[str, str], ...]:
    """The worked turns of the prompt file ``prompt`` (``narrate``, ``interpret_oracle``…); none when it has no file."""
    name = f"{prompt}_examples"
    path = PROMPTS_DIR / f"{name}.txt"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ()
    except OSError as exc:
        raise ConfigError(f"Prompt file {name}.txt cannot be read ({exc.strerror}). Check its permissions.") from None
    return parse_examples(text, name)


COPIED_EXAMPLE = "it told the worked example's story instead of this turn's"
RUN_WORDS = 5
"""A run of this many words of an example's story, two of them words of substance, is a copy of it ("he reels back,
cursing through his teeth"); "what do you do" is everyone's."""
_WORD = re.compile(r"[a-z0-9']+")
_SMALL = frozenset(
    re.findall(
        r"\S+",
        "a an the and or but of to in on at by for with from into onto it its it's he she they him her them his their you "
        "your yours is are was were be been has have had do does did what which who will would can could not no as so "
        "this that these those there here still now then up out over",
    )
)


def story_runs(stories: Iterable[str]) -> frozenset[tuple[str, ...]]:
    """Every run of :data:`RUN_WORDS` words of the examples' stories with two words of substance in it."""
    runs: set[tuple[str, ...]] = set()
    for story in stories:
        words = _WORD.findall(story.lower())
        for i in range(len(words) - RUN_WORDS + 1):
            run = tuple(words[i : i + RUN_WORDS])
            if sum(w not in _SMALL for w in run) >= 2:
                runs.add(run)
    return frozenset(runs)


def example_runs(prompt: str) -> frozenset[tuple[str, ...]]:
    """The runs of the worked examples' stories shown with the prompt ``prompt`` (:func:`examples_for`)."""
    return story_runs(story for _, story in examples_for(prompt))


def copies_example(words: list[str], runs: frozenset[tuple[str, ...]]) -> bool:
    """Whether a sentence (its lower-case ``words``) holds a run of an example's story (:func:`story_runs`)."""
    return any(tuple(words[i : i + RUN_WORDS]) in runs for i in range(len(words) - RUN_WORDS + 1))
