"""A small OpenAI-compatible HTTP server for protocol tests (stdlib only, 127.0.0.1, a free port).

It answers from a queue of scripted responses, in order, and records every request so a test can
assert what the client sent. Use it as a context manager or through the ``openai_stub`` fixture::

    from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401  (the fixture)

    def test_streaming(openai_stub: OpenAIStub) -> None:
        openai_stub.add_text("The airlock hisses open.", chunks=["The airlock ", "hisses ", "open."])
        llm = ChatOpenAI(base_url=openai_stub.base_url, api_key="sk-test-123", model="stub", max_retries=0)
        assert [c.content for c in llm.stream("go") if c.content] == ["The airlock ", "hisses ", "open."]
        assert openai_stub.requests[0].headers["authorization"] == "Bearer sk-test-123"

Endpoints:

- ``POST /v1/chat/completions``: the next scripted response. With ``"stream": true`` in the request
  body, text and tool calls are sent as Server-Sent Events (``data: {chunk}`` lines, chunked transfer
  encoding) ending with ``data: [DONE]``, the way OpenAI sends them: a first delta with the role, then
  content pieces; a tool call's first delta carries its ``index``, ``id``, ``type`` and ``function.name``
  with empty ``arguments``, and later deltas carry only ``index`` and pieces of ``function.arguments``;
  the last choice delta is empty with ``finish_reason`` (``stop`` or ``tool_calls``). When the request
  asks ``stream_options.include_usage``, a final chunk with ``choices: []`` and ``usage`` follows.
  Without ``stream`` the answer is one ``chat.completion`` JSON object.
- ``GET /v1/models``: ``{"object": "list", "data": [{"id": <model>, ...}]}`` for each of ``models``.

Scripting (each ``add_*`` queues one response; all take ``delay=`` seconds to wait before answering,
which makes a client with a shorter ``timeout`` fail; sleeping stops early when the stub closes):

- :meth:`OpenAIStub.add_text` — an assistant text answer; ``chunks=`` fixes the streamed pieces
  (default: word by word), ``chunk_delay=`` waits between streamed chunks.
- :meth:`OpenAIStub.add_tool_calls` — tool calls (``{"name", "arguments", "id"?}``; ``arguments``
  may be a dict or a raw string, e.g. malformed JSON), with optional text.
- :meth:`OpenAIStub.add_error` — an HTTP error in OpenAI's error format (e.g. 429 with
  ``retry_after=2`` for a ``Retry-After`` header, or 500).
- :meth:`OpenAIStub.add_raw` — any body as is (e.g. malformed JSON) with a status and content type.

When the queue is empty the stub answers HTTP 500 with the message ``openai_stub: no scripted response
left``, so a test that makes one call too many fails loudly, unless ``echo_key`` is set: then it plays a hostile
endpoint that echoes the caller's key (the ``Authorization`` bearer) back in every answer, going round
``echo_cycle`` (default ``["text", 401, 429, 500]``): a narration that contains the key, or an error of that status
whose message quotes it. Set ``echo_cycle`` to one status to get only that one. ``require_key=`` makes every request
without ``Authorization: Bearer <key>`` fail with 401. ``requests`` holds a :class:`RecordedRequest`
per request (method, path, lower-cased headers, raw body, decoded JSON body).
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

__all__ = ["OpenAIStub", "RecordedRequest", "Scripted", "openai_stub"]


class _QuietServer(ThreadingHTTPServer):
    """A client that stops reading once it has what it needs (a narration cut at a fault) resets the connection:
    that is the client's right, not an error to print (the default prints a traceback to stderr, which a CLI test
    captures as if the app had printed it)."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys

        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


@dataclass
class RecordedRequest:
    """One request the stub received."""

    method: str
    path: str
    headers: dict[str, str]
    """Header names lower-cased."""
    raw: bytes
    body: Any
    """The decoded JSON body (None when it was empty or not JSON)."""

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list((self.body or {}).get("messages") or []) if isinstance(self.body, dict) else []

    @property
    def tools(self) -> list[dict[str, Any]]:
        return list((self.body or {}).get("tools") or []) if isinstance(self.body, dict) else []


@dataclass
class Scripted:
    """One queued response (built by the ``add_*`` methods)."""

    kind: str
    """``text``, ``tool_calls``, ``error`` or ``raw``."""
    text: str = ""
    chunks: list[str] | None = None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    content_type: str = "application/json"
    delay: float = 0.0
    chunk_delay: float = 0.0
    usage: dict[str, int] = field(default_factory=lambda: {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15})


class OpenAIStub:
    """The server; ``base_url`` is what ``ChatOpenAI(base_url=...)`` takes (it ends with ``/v1``)."""

    def __init__(self, *, models: tuple[str, ...] = ("stub",), require_key: str | None = None, echo_key: bool = False) -> None:
        self.models = models
        self.require_key = require_key
        self.echo_key = echo_key
        self.echo_cycle: list[str | int] = ["text", 401, 429, 500]
        self.echoed = 0
        """Answers made up by the echo (see ``echo_key``)."""
        self.requests: list[RecordedRequest] = []
        self._queue: deque[Scripted] = deque()
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._counter = 0
        self._server = _QuietServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, name="openai-stub", daemon=True
        )

    # ---- lifecycle ----
    def start(self) -> OpenAIStub:
        self._thread.start()
        return self

    def close(self) -> None:
        self._closing.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> OpenAIStub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # ---- scripting ----
    def add(self, response: Scripted) -> OpenAIStub:
        with self._lock:
            self._queue.append(response)
        return self

    def add_text(self, text: str, *, chunks: list[str] | None = None, delay: float = 0.0, chunk_delay: float = 0.0) -> OpenAIStub:
        if chunks is not None and "".join(chunks) != text:
            raise ValueError("the chunks must add up to the text")
        return self.add(Scripted("text", text=text, chunks=chunks, delay=delay, chunk_delay=chunk_delay))

    def add_tool_calls(
        self, calls: list[dict[str, Any]], *, text: str = "", delay: float = 0.0, chunk_delay: float = 0.0
    ) -> OpenAIStub:
        """``calls``: ``[{"name": "roll_move", "arguments": {...} or "raw json text", "id": optional}]``."""
        return self.add(Scripted("tool_calls", text=text, tool_calls=list(calls), delay=delay, chunk_delay=chunk_delay))

    def add_error(
        self,
        status: int,
        message: str = "error",
        *,
        retry_after: float | None = None,
        error_type: str | None = None,
        delay: float = 0.0,
    ) -> OpenAIStub:
        headers = {"Retry-After": f"{retry_after:g}"} if retry_after is not None else {}
        kind = error_type or ("rate_limit_exceeded" if status == 429 else "server_error")
        body = json.dumps({"error": {"message": message, "type": kind, "param": None, "code": kind}}).encode()
        return self.add(Scripted("error", status=status, headers=headers, body=body, delay=delay))

    def add_raw(
        self, body: str | bytes, *, status: int = 200, content_type: str = "application/json", delay: float = 0.0
    ) -> OpenAIStub:
        data = body.encode() if isinstance(body, str) else body
        return self.add(Scripted("raw", status=status, body=data, content_type=content_type, delay=delay))

    @property
    def pending(self) -> int:
        """Scripted responses not served yet."""
        with self._lock:
            return len(self._queue)

    # ---- serving (called from the handler threads) ----
    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _next(self) -> Scripted | None:
        with self._lock:
            self._counter += 1
            return self._queue.popleft() if self._queue else None

    def _sleep(self, seconds: float) -> None:
        if seconds > 0:
            self._closing.wait(seconds)

    def _completion_id(self) -> str:
        return f"chatcmpl-stub{self._counter}"

    def _echo(self, request: RecordedRequest) -> Scripted:
        """The next made-up answer of a key-echoing endpoint (see ``echo_key``)."""
        key = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
        with self._lock:
            kind = self.echo_cycle[self.echoed % len(self.echo_cycle)]
            self.echoed += 1
        if kind == "text":
            return Scripted("text", text=f"The hatch gives way [1]. Debug: your key is {key} and Bearer {key} [1].")
        status = int(kind)
        message = f"Incorrect API key provided: {key}" if status == 401 else f"Request with key {key} failed ({status})"
        scripted = Scripted("error", status=status)
        kind_name = {401: "invalid_request_error", 429: "rate_limit_exceeded"}.get(status, "server_error")
        scripted.body = json.dumps({"error": {"message": message, "type": kind_name, "param": None, "code": key}}).encode()
        return scripted


def _tool_call_id(call: dict[str, Any], i: int) -> str:
    return str(call.get("id") or f"call_stub_{i}")


def _arguments(call: dict[str, Any]) -> str:
    args = call.get("arguments", {})
    return args if isinstance(args, str) else json.dumps(args)


def _message(script: Scripted) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": script.text or None}
    if script.kind == "tool_calls":
        message["tool_calls"] = [
            {"id": _tool_call_id(c, i), "type": "function", "function": {"name": c["name"], "arguments": _arguments(c)}}
            for i, c in enumerate(script.tool_calls)
        ]
    return message


def _pieces(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def _deltas(script: Scripted) -> list[dict[str, Any]]:
    """The ``delta`` objects of a streamed answer, in order (without the final finish chunk)."""
    deltas: list[dict[str, Any]] = [{"role": "assistant", "content": ""}]
    if script.text:
        chunks = (
            script.chunks
            if script.chunks is not None
            else [w + " " for w in script.text.split(" ")[:-1]] + [script.text.split(" ")[-1]]
        )
        deltas += [{"content": c} for c in chunks if c]
    for i, call in enumerate(script.tool_calls):
        deltas.append(
            {
                "tool_calls": [
                    {
                        "index": i,
                        "id": _tool_call_id(call, i),
                        "type": "function",
                        "function": {"name": call["name"], "arguments": ""},
                    }
                ]
            }
        )
        deltas += [{"tool_calls": [{"index": i, "function": {"arguments": piece}}]} for piece in _pieces(_arguments(call), 8)]
    return deltas


def _handler_for(stub: OpenAIStub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet test output
            return

        def _read(self) -> RecordedRequest:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = None
            request = RecordedRequest(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, raw, body)
            stub._record(request)
            return request

        def _send(
            self, status: int, body: bytes, content_type: str = "application/json", headers: dict[str, str] | None = None
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(body)

        def _json(self, status: int, data: Any, headers: dict[str, str] | None = None) -> None:
            self._send(status, json.dumps(data).encode(), headers=headers)

        def _authorized(self, request: RecordedRequest) -> bool:
            if stub.require_key is None or request.headers.get("authorization") == f"Bearer {stub.require_key}":
                return True
            self._json(
                401,
                {
                    "error": {
                        "message": "Incorrect API key provided.",
                        "type": "invalid_request_error",
                        "param": None,
                        "code": "invalid_api_key",
                    }
                },
            )
            return False

        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            request = self._read()
            if not self._authorized(request):
                return
            if self.path.rstrip("/") == "/v1/models":
                self._json(
                    200,
                    {
                        "object": "list",
                        "data": [{"id": m, "object": "model", "created": 0, "owned_by": "openai-stub"} for m in stub.models],
                    },
                )
            else:
                self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})

        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            request = self._read()
            if not self._authorized(request):
                return
            if self.path.rstrip("/") != "/v1/chat/completions":
                self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
                return
            script = stub._next()
            if script is None and stub.echo_key:
                script = stub._echo(request)
            if script is None:
                self._json(500, {"error": {"message": "openai_stub: no scripted response left", "type": "server_error"}})
                return
            stub._sleep(script.delay)
            try:
                if script.kind in ("error", "raw"):
                    self._send(script.status, script.body, script.content_type, script.headers)
                elif isinstance(request.body, dict) and request.body.get("stream"):
                    self._stream(script, request.body)
                else:
                    self._complete(script, request.body if isinstance(request.body, dict) else {})
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (e.g. its timeout)
                self.close_connection = True

        def _complete(self, script: Scripted, body: dict[str, Any]) -> None:
            finish = "tool_calls" if script.kind == "tool_calls" else "stop"
            self._json(
                200,
                {
                    "id": stub._completion_id(),
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": body.get("model", "stub"),
                    "choices": [{"index": 0, "message": _message(script), "logprobs": None, "finish_reason": finish}],
                    "usage": script.usage,
                },
            )

        def _chunk(self, data: str) -> None:
            payload = data.encode()
            self.wfile.write(f"{len(payload):X}\r\n".encode() + payload + b"\r\n")
            self.wfile.flush()

        def _stream(self, script: Scripted, body: dict[str, Any]) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            base = {
                "id": stub._completion_id(),
                "object": "chat.completion.chunk",
                "created": int(time.time()),
                "model": body.get("model", "stub"),
            }

            def event(choices: list[dict[str, Any]], **extra: Any) -> None:
                self._chunk(f"data: {json.dumps({**base, 'choices': choices, **extra})}\n\n")

            for i, delta in enumerate(_deltas(script)):
                if i:
                    stub._sleep(script.chunk_delay)
                event([{"index": 0, "delta": delta, "logprobs": None, "finish_reason": None}])
            finish = "tool_calls" if script.kind == "tool_calls" else "stop"
            event([{"index": 0, "delta": {}, "logprobs": None, "finish_reason": finish}])
            if (body.get("stream_options") or {}).get("include_usage"):
                event([], usage=script.usage)
            self._chunk("data: [DONE]\n\n")
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()

    return Handler


@pytest.fixture
def openai_stub() -> Iterator[OpenAIStub]:
    """A running :class:`OpenAIStub`, closed after the test."""
    with OpenAIStub() as stub:
        yield stub
