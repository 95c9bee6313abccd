"""Narration with a local model and no server: llama.cpp in this process (the optional ``llama-cpp-python`` extra).

``TABLETOP_LLM_GGUF=/path/model.gguf`` (and no ``TABLETOP_LLM_BASE_URL``) makes :func:`assistant.llm.chat_model`
return a :class:`LlamaCppChatModel`: a LangChain chat model over ``llama_cpp.Llama`` that streams, sends each
task's ``max_tokens`` and temperature, and runs under the same deadlines as an endpoint (the caller waits on the
worker, never on the model). It makes no native tool calls, so planning uses the JSON protocol. The model file is
loaded once per path and process; one call runs at a time. Nothing is ever downloaded.

Install with ``pip install -e '.[local]'`` (llama.cpp builds from source, several minutes).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult

from assistant.engine.errors import ConfigError

N_CTX = 4096
_loaded: dict[str, Any] = {}
_load_lock = threading.Lock()
_run_lock = threading.Lock()
"""One generation at a time: a ``Llama`` object is not safe to share between threads."""

_ROLES = {"human": "user", "ai": "assistant", "system": "system", "tool": "user"}


def load_llama(path: str) -> Any:
    """The ``llama_cpp.Llama`` for ``path``, loaded once. Raises :class:`ConfigError` in the player's words."""
    try:
        import llama_cpp
    except ImportError:
        raise ConfigError(
            "TABLETOP_LLM_GGUF needs llama-cpp-python: install the project with its 'local' extra "
            "(pip install -e '.[local]'), or unset TABLETOP_LLM_GGUF to play offline."
        ) from None
    if not os.path.isfile(path):
        raise ConfigError(f"TABLETOP_LLM_GGUF names no model file ({os.path.basename(path)!r} not found); check the path.")
    with _load_lock:
        if path not in _loaded:
            threads = max(1, min(4, os.cpu_count() or 1))
            _loaded[path] = llama_cpp.Llama(model_path=path, n_ctx=N_CTX, n_threads=threads, verbose=False)
        return _loaded[path]


def _plain(message: BaseMessage) -> dict[str, str]:
    content = message.content if isinstance(message.content, str) else str(message.content)
    return {"role": _ROLES.get(message.type, "user"), "content": content}


class LlamaCppChatModel(BaseChatModel):
    """A chat model over an in-process llama.cpp model (see the module docstring)."""

    model_path: str
    max_tokens: int = 300
    temperature: float = 0.0
    stop: list[str] = []
    """Stop sequences of the task (:data:`assistant.llm_calls.TASK_STOP`), added to any a caller passes."""
    task: str = "narrate"
    turn_timeout: float = 30.0
    url_from: str = "environment"
    planning: str = "json"

    @property
    def _llm_type(self) -> str:
        return "llama-cpp-in-process"

    @property
    def model_name(self) -> str:
        return os.path.basename(self.model_path)

    def _stream(
        self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None, **kwargs: Any
    ) -> Iterator[ChatGenerationChunk]:
        llama = load_llama(self.model_path)
        with _run_lock:
            pieces = llama.create_chat_completion(
                messages=[_plain(m) for m in messages],
                stream=True,
                max_tokens=self.max_tokens,
                temperature=float(kwargs.get("temperature", self.temperature)),  # a retry's wider sampling
                stop=[*self.stop, *(stop or [])] or None,
            )
            try:
                for piece in pieces:
                    delta = ((piece.get("choices") or [{}])[0].get("delta") or {}).get("content") or ""
                    if not delta:
                        continue
                    chunk = ChatGenerationChunk(message=AIMessageChunk(content=delta))
                    if run_manager is not None:
                        run_manager.on_llm_new_token(delta, chunk=chunk)  # lets the caller's deadline stop us
                    yield chunk
            finally:
                close = getattr(pieces, "close", None)
                if close is not None:
                    close()

    def _generate(
        self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        text = "".join(str(c.message.content) for c in self._stream(messages, stop=stop, run_manager=run_manager, **kwargs))
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])
