"""The narrower task: the model retells only the engine's outcome sentence, with one detail of the scene.

The engine writes the story's opening (the attempt and its outcome, the oracle's answer, a rolled row); the model is
given its last sentence ("It goes wrong.", "The guard does not see you.") and asked to write it again with one
concrete detail of this scene ("It goes wrong, and the brass lock stays shut under your scraping pick."). What it
writes is kept only when it still says what the engine's sentence said, checked here by words
(:func:`rewrite_faults`): every content word of the engine's sentence and every negation in it, no turn word
("but", "yet", "still", "manage") the engine's sentence lacks, one sentence, a few words more. The guard then reads
it as a model's sentence (:mod:`assistant.chat.narration_rewrite`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from assistant.narrate.request import NarrationRequest

MAX_ADDED_WORDS = 20
"""The most words a retold sentence may add to the engine's: a detail, not a second event."""

SYSTEM = (
    "You narrate a game of {system}. The rules engine wrote the story; you retell its last sentence. "
    "Write that sentence again with all of its words, and add one detail of how something already in this scene "
    "looks, sounds or feels right now (a light, a sound, a texture, a face). The detail is no new event: nothing found, "
    "lost, moved, broken or arriving, no one acting, nothing the player does, no number, no reason. "
    "Write only the one retold sentence, in the second person."
)

#: Worked pairs (a miss, an oracle's no, a weak hit): the detail only describes what the scene already holds.
EXAMPLES: tuple[tuple[str, str, str, str], ...] = (
    (
        "I pick the lock of the archive door",
        "You try to pick the lock of the archive door.",
        "It goes wrong.",
        "It goes wrong, the old brass lock cold and unyielding under your pick.",
    ),
    (
        "Does the guard see me?",
        "",
        "The guard does not see you.",
        "The guard does not see you, his back turned in the smoky torchlight.",
    ),
    (
        "I haggle with the ferryman for passage",
        "You try to haggle with the ferryman for passage.",
        "You get what you wanted, and something you did not.",
        "You get what you wanted, and something you did not, the ferryman's grin thin in the lantern light.",
    ),
)

_STOP = frozenset(
    re.findall(
        r"\S+",
        "a an the and or of to in on at by for from with as is are was were be been it its it's this that these "
        "those you your yours i me my he him his she her they them their we us our there here so just about up "
        "out into over off than then",
    )
)
_NEGATIONS = frozenset({"no", "not", "never", "nothing", "none", "nobody", "nowhere", "neither", "nor", "without"})
#: Words that turn an outcome ("It goes wrong, but you reach the vault anyway"): not added where the engine had none.
_TURNS = frozenset(
    [
        "but",
        "yet",
        "though",
        "although",
        "however",
        "still",
        "anyway",
        "instead",
        "despite",
        "nevertheless",
        "until",
        "finally",
        "manage",
        "manages",
        "managed",
        "somehow",
        "eventually",
        "succeed",
        "succeeds",
        "succeeded",
    ]
)


def _words(text: str) -> list[str]:
    text = re.sub(r"(?i)\bcan't\b", "can not", text.replace("\u2019", "'"))
    text = re.sub(r"(?i)won't\b", "will not", text)
    text = re.sub(r"(?i)n't\b", " not", text)
    return re.findall(r"[a-z0-9]+", text.lower())


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def content_words(sentence: str) -> list[str]:
    """The words a retelling must keep: every word but the small ones, and every negation."""
    return [w for w in _words(sentence) if w in _NEGATIONS or w not in _STOP]


def rewrite_faults(target: str, rewrite: str) -> list[str]:
    """Why ``rewrite`` does not retell ``target`` (empty: it may go to the guard), in the player's words."""
    if not rewrite.strip():
        return ["it wrote nothing"]
    faults: list[str] = []
    said = _words(rewrite)
    stems = {_stem(w) for w in said}
    missing = [w for w in content_words(target) if _stem(w) not in stems]
    if missing:
        faults.append("it left out the engine's words " + ", ".join(f"'{w}'" for w in missing))
    own = set(_words(target))
    turned = sorted({w for w in said if w in _TURNS and w not in own})
    if turned:
        faults.append("it turns the outcome with " + ", ".join(f"'{w}'" for w in turned))
    negated = sorted({w for w in said if w in _NEGATIONS and w not in own})
    if negated:
        faults.append("it adds a negation the engine did not write (" + ", ".join(f"'{w}'" for w in negated) + ")")
    if len(said) > len(_words(target)) + MAX_ADDED_WORDS:
        faults.append(f"it adds more than {MAX_ADDED_WORDS} words")
    return faults


_LEAD = re.compile(r"^\s*(?:(?:retold|rewritten|the retold|the rewritten)?\s*sentence\s*:|story\s*:|>)\s*", re.I)


def first_sentence(text: str) -> str:
    """The model's retold sentence: its first line, without a label or quotes around it, to its first full stop."""
    line = next((ln for ln in text.strip().splitlines() if ln.strip()), "")
    line = _LEAD.sub("", line).strip()
    match = re.search(r"[.!?\u2026][\"\u201d']?(?=\s|$)", line)
    return (line[: match.end()] if match else line).strip('"\u201c\u201d').strip()


def _scene(request: NarrationRequest) -> str:
    """The last story told, a few dozen words of it: the scene the detail comes from."""
    stories = [text for role, text in request.history if role.lower() in {"assistant", "narrator", "ai"}]
    if not stories:
        return ""
    words = stories[-1].split()
    return " ".join(words[-60:])


def _ask(player: str, story: str, target: str, scene: str = "") -> str:
    parts = [f"The story so far: {scene}"] if scene else []
    parts.append(f"The player: {player}" if player else "The player: (no words)")
    if story:
        parts.append(f"The engine's story: {story}")
    parts.append(f"Retell this sentence with one detail of the scene: {target}")
    return "\n".join(parts)


def rewrite_messages(request: NarrationRequest, system: str) -> list[BaseMessage]:
    """The messages of a retelling of ``request.rewrite``, the last sentence of the engine's opening."""
    from assistant.narrate.story_facts import opening

    told = opening(request, request.question if request.task == "oracle" else "").strip()
    story = told[: -len(request.rewrite)].strip() if told.endswith(request.rewrite) else ""
    messages: list[BaseMessage] = [SystemMessage(SYSTEM.format(system=system))]
    for player, head, target, answer in EXAMPLES:
        messages += [HumanMessage(_ask(player, head, target)), AIMessage(answer)]
    ask = _ask(request.question or request.player_text, story, request.rewrite, _scene(request))
    if request.feedback:
        ask += f"\nYour last retelling was not used: {request.feedback}. Keep every word of the sentence."
    messages.append(HumanMessage(ask))
    return messages


def split_opening(sentences: Sequence[str]) -> tuple[str, str]:
    """The engine's opening as the sentences before its last and the last one, the one retold."""
    if not sentences:
        return "", ""
    return "".join(sentences[:-1]).strip(), sentences[-1].strip()
