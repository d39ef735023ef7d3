"""Tool calls as an OpenAI-compatible server sends them, and vLLM's refusal when it has no tool parser."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"\S+\s*|\s+")

# vLLM (vllm/renderers/online_renderer.py, 0.32) without --enable-auto-tool-choice / --tool-call-parser
NO_AUTO = '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'


def no_parser_error(body: dict) -> str | None:
    """The 400 message vLLM gives a request that asks for tools when the server has no tool parser, or None.
    vLLM defaults tool_choice to "auto" when tools are sent; "none" needs no parser."""
    if not body.get("tools"):
        return None
    choice = body.get("tool_choice", "auto")
    if choice in (None, "none"):
        return None
    if choice == "auto":
        return NO_AUTO
    if isinstance(choice, dict):
        name = (choice.get("function") or {}).get("name") if isinstance(choice.get("function"), dict) else None
        return f'tool_choice=function "{name}" requires --tool-call-parser to be set'
    return f'tool_choice="{choice}" requires --tool-call-parser to be set'


def argument_tokens(calls: list[dict]) -> list[list[str]]:
    return [_TOKEN.findall(call["arguments"]) for call in calls]


def within(calls: list[dict], tokens: list[list[str]], budget: int) -> tuple[list[dict], list[list[str]], bool]:
    """The calls cut to `budget` argument tokens (a cut call's arguments stop mid-JSON, as a real server's do);
    True when something was cut."""
    kept, kept_tokens, cut = [], [], False
    for call, pieces in zip(calls, tokens, strict=True):
        if budget <= 0:
            cut = True
            break
        if len(pieces) > budget:
            pieces, cut = pieces[:budget], True
        kept.append({**call, "arguments": "".join(pieces)})
        kept_tokens.append(pieces)
        budget -= len(pieces)
    return kept, kept_tokens, cut


def message_calls(calls: list[dict], ident: str) -> list[dict]:
    """message.tool_calls of a non-streamed answer."""
    return [{"id": f"{ident}-call-{k}", "type": "function",
             "function": {"name": call["name"], "arguments": call["arguments"]}} for k, call in enumerate(calls)]


def call_deltas(calls: list[dict], tokens: list[list[str]], ident: str) -> list[dict]:
    """Streamed deltas: per call, its id, type and name with empty arguments, then the arguments in pieces."""
    deltas = []
    for k, (call, pieces) in enumerate(zip(calls, tokens, strict=True)):
        deltas.append({"tool_calls": [{"index": k, "id": f"{ident}-call-{k}", "type": "function",
                                       "function": {"name": call["name"], "arguments": ""}}]})
        deltas += [{"tool_calls": [{"index": k, "function": {"arguments": piece}}]} for piece in pieces]
    return deltas
