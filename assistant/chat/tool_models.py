"""The tools the language model may call and the player's own state-changing actions: each one's arguments as a
pydantic model (the schema the model is shown), the limits they keep, and the checked call they become.
Checking and applying a call live in :mod:`assistant.chat.tools`, which re-exports these names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from assistant.engine import Result
from assistant.engine.oracle import Odds
from assistant.errors import InputError

MAX_ADDS = 3
MAX_MARKS = 4
"""The most marks the model may make at once: no move of the rules marks more than twice."""
MAX_PLAYER_MARKS = 40
"""The most marks a player's /progress makes at once: an epic track (one tick a mark) fills in 40, a troublesome one
(three boxes a mark) in 4 ("troublesome=3 boxes ... epic=1 tick"); the track stops at ten boxes."""
MAX_DELTA = 6
MAX_PLAYER_DELTA = 99
"""The widest change a player's /meter takes; each meter then allows what its own range allows."""
MAX_OPTIONS_JSON = 2000

#: Argument names that would smuggle dice or a decided result in (compared without case or punctuation).
DICE_WORDS = frozenset(
    {
        "dice",
        "die",
        "roll",
        "rolls",
        "rolled",
        "result",
        "results",
        "outcome",
        "faces",
        "face",
        "total",
        "score",
        "challenge",
        "challengedice",
        "actiondie",
        "d6",
        "d10",
        "d100",
    }
)
#: Request options the model may not set: progress comes from the campaign's tracks, and the choices a
#: result offers are the player's to pick after the roll.
WITHHELD_OPTIONS = {
    "progress_ticks": "progress comes from the campaign: name the track in options.track",
    "progress_boxes": "progress comes from the campaign: name the track in options.track",
    "choose": "the player picks from the result's choices after the roll",
    "burn": "use the burn argument",
}
OddsName = Literal["small chance", "unlikely", "50/50", "likely", "almost certain"]
RankName = Literal["troublesome", "dangerous", "formidable", "extreme", "epic"]


class ToolCallError(InputError):
    """A tool call the engine will not run; the message suits both the model and the player."""

    kind = "invalid_tool_call"


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class RollMove(_Args):
    """Roll one of the system's moves when the fiction triggers it. The engine rolls the dice and decides
    the outcome; never state or guess dice, totals or outcomes."""

    move: str = Field(min_length=1, max_length=80, description="The move's name as printed in the rules, e.g. 'Face Danger'.")
    stat: str | None = Field(
        default=None, max_length=40, description="The stat or meter to roll (e.g. 'edge'), when the move offers a choice."
    )
    adds: int = Field(default=0, ge=-MAX_ADDS, le=MAX_ADDS, description="Bonuses the rules grant (assets, aid), from -3 to +3.")
    burn: bool = Field(default=False, description="Burn momentum if it beats the action score (only if the player asked).")
    options: dict[str, Any] = Field(
        default_factory=dict,
        description=(
            "The move's own options, e.g. {'track': '<campaign track name>'} for a progress move, "
            "{'amount': 2} for a suffer move, {'in_control': true}. Never dice."
        ),
    )


class AskOracle(_Args):
    """Ask the oracle a yes/no question about the fiction. The engine rolls and answers."""

    question: str = Field(min_length=1, max_length=300, description="The yes/no question, e.g. 'Is the airlock sealed?'.")
    odds: OddsName | None = Field(
        default=None,
        description=(
            "How likely a yes is: small chance, unlikely, 50/50, likely or almost certain (required for systems "
            "whose oracle takes odds, such as starforged)."
        ),
    )

    @field_validator("odds", mode="before")
    @classmethod
    def _odds(cls, value: object) -> object:
        if value is None:
            return None
        try:
            return Odds.parse(value).value
        except InputError:
            return value  # the Literal check reports it


class RollTable(_Args):
    """Roll on one of the system's random tables (e.g. 'Pay the Price'). The engine rolls."""

    table: str = Field(min_length=1, max_length=80, description="The table's name, e.g. 'Pay the Price'.")


class MarkProgress(_Args):
    """Mark progress on one of the campaign's progress tracks, when a move's outcome says to."""

    track: str = Field(min_length=1, max_length=80, description="The campaign track's name or id.")
    times: int = Field(default=1, ge=1, le=MAX_MARKS, description="How many times to mark progress (1-4), per the rules.")
    reason: str = Field(default="", max_length=200, description="Why, in a few words (optional).")


class PlayerMarkProgress(MarkProgress):
    """The player's /progress: as many marks as the track's rank takes to fill it."""

    times: int = Field(default=1, ge=1, le=MAX_PLAYER_MARKS, description="How many times to mark progress (1-40).")


class AdjustMeter(_Args):
    """Change one of the active character's meters (health, spirit, supply, momentum...) when the rules say so."""

    meter: str = Field(min_length=1, max_length=40, description="The meter's name, e.g. 'momentum'.")
    delta: int = Field(ge=-MAX_DELTA, le=MAX_DELTA, description="The change, from -6 to +6 (not 0).")
    reason: str = Field(min_length=1, max_length=200, description="The rule or event that calls for it.")

    @field_validator("delta")
    @classmethod
    def _not_zero(cls, value: int) -> int:
        if value == 0:
            raise ValueError("a change of 0 changes nothing; leave the meter alone instead")
        return value


class PlayerAdjustMeter(AdjustMeter):
    """The player's /meter: as much as the meter can move at once (a loud score's +8 heat), checked against the
    meter's own range."""

    delta: int = Field(ge=-MAX_PLAYER_DELTA, le=MAX_PLAYER_DELTA, description="The change (not 0).")


class StartTrack(_Args):
    """Start a progress track (a vow, an expedition, a connection...)."""

    name: str = Field(min_length=1, max_length=80, description="The track's name, e.g. 'Find the lost ship'.")
    rank: RankName = Field(description="Its rank: troublesome, dangerous, formidable, extreme or epic.")
    kind: str = Field(default="vow", min_length=1, max_length=20, description="vow, expedition, connection, combat...")


class StartClock(_Args):
    """Start a clock of N segments."""

    name: str = Field(min_length=1, max_length=80, description="The clock's name, e.g. 'The alarm is raised'.")
    segments: int = Field(ge=1, le=24, description="How many segments, from 1 to 24 (4, 6 or 8 usually).")


TOOL_MODELS: dict[str, type[BaseModel]] = {
    "roll_move": RollMove,
    "ask_oracle": AskOracle,
    "roll_table": RollTable,
    "mark_progress": MarkProgress,
    "adjust_meter": AdjustMeter,
}
#: What the player's own commands may do besides the model's tools (never offered to the model).
PLAYER_ACTIONS: dict[str, type[BaseModel]] = {
    "start_track": StartTrack,
    "start_clock": StartClock,
    "mark_progress": PlayerMarkProgress,
    "adjust_meter": PlayerAdjustMeter,
}
ROLLING_TOOLS = frozenset({"roll_move", "ask_oracle", "roll_table"})


@dataclass(frozen=True)
class ToolAction:
    """A checked tool call, ready to apply."""

    tool: str
    args: dict[str, Any]
    """The arguments after checking (names resolved: the move's printed name, the track's id...)."""
    summary: str
    """One line for the player, e.g. ``Roll Face Danger +edge``."""
    changes_state: bool
    """True when applying it changes the character or a track (not just the log)."""
    request: dict[str, Any] | None = None
    """The engine request (never with dice); applying the action resolves it in the campaign."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "args": self.args,
            "summary": self.summary,
            "changes_state": self.changes_state,
            "request": self.request,
        }


@dataclass
class ActionOutcome:
    action: ToolAction
    result: Result | None
    """The engine's Result (for the doors, ``roll="none"`` and effects saying what changed)."""
    event_seq: int | None


def langchain_tools() -> list[dict[str, Any] | type[BaseModel]]:
    """The tool schemas to pass to ``chat_model.bind_tools`` (OpenAI function format)."""
    from langchain_core.utils.function_calling import convert_to_openai_tool

    out: list[dict[str, Any] | type[BaseModel]] = []
    for name, model in TOOL_MODELS.items():
        tool = convert_to_openai_tool(model)
        tool["function"]["name"] = name
        out.append(tool)
    return out
