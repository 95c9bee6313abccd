"""The Settings tab's "Test connection": ask the configured OpenAI-compatible endpoint for its models, with a
short deadline, and say in the player's words what happened. Nothing else is sent; the key goes only where the
key policy of :mod:`assistant.config` allows (the effective settings already apply it)."""

from __future__ import annotations

import time
from dataclasses import dataclass

import httpx

from assistant.config import LLMSettings
from assistant.llm_errors import scrub

#: Seconds the test waits for the endpoint, whatever it does.
TEST_TIMEOUT = 5.0


@dataclass(frozen=True)
class ConnectionReport:
    ok: bool
    message: str
    """One sentence for the player (no environment variables, no keys, no stack traces)."""


def test_connection(llm: LLMSettings, *, timeout: float = TEST_TIMEOUT) -> ConnectionReport:
    """``GET <base_url>/models`` on the endpoint: does it answer, and does it know the model?"""
    if not llm.base_url:
        return ConnectionReport(False, "No endpoint is set: narration is offline. Enter a base URL first.")
    url = llm.base_url.rstrip("/") + "/models"
    headers = {"Authorization": f"Bearer {llm.api_key.get()}"} if llm.api_key else {}
    started = time.monotonic()
    try:
        response = httpx.get(url, headers=headers, timeout=httpx.Timeout(timeout, connect=min(timeout, 3.0)))
    except httpx.TimeoutException:
        return ConnectionReport(False, f"The endpoint did not answer within {timeout:g} seconds; is the server running?")
    except httpx.HTTPError:
        return ConnectionReport(False, "The endpoint could not be reached; check the base URL and that the server is running.")
    took = time.monotonic() - started
    if response.status_code in (401, 403):
        return ConnectionReport(False, "The endpoint refused the key (or needs one): enter a valid API key.")
    if response.status_code == 404:
        return ConnectionReport(
            False, "The endpoint answered, but has no models list there: check the base URL (often it ends in /v1)."
        )
    if response.status_code >= 400:
        return ConnectionReport(
            False, f"The endpoint answered with an error ({response.status_code}); try again or check the server."
        )
    try:
        models = [str(m.get("id")) for m in response.json().get("data", []) if isinstance(m, dict)]
    except ValueError:
        return ConnectionReport(False, "The endpoint answered, but not like an OpenAI-compatible server; check the base URL.")
    if models and llm.model not in models:
        shown = scrub(", ".join(models[:5]) + ("…" if len(models) > 5 else ""), [llm.api_key.get()] if llm.api_key else [])
        return ConnectionReport(False, f"Connected in {took:.1f} s, but it has no model called {llm.model!r}; it has: {shown}.")
    return ConnectionReport(True, f"Connected in {took:.1f} s; model {llm.model} is ready.")
