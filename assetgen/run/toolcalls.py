"""message.tool_calls from a server's answer: read whole, or joined from streamed deltas by index.

A server's JSON is untrusted: a call of the wrong shape is dropped, never fatal; at most MAX_TOOL_CALLS
are kept, each field scrubbed of secrets before it is cut (like every server string, see `untrusted`).
"""

from __future__ import annotations

from typing import Any

from assetgen.run.untrusted import Scrubber
from graders.records import MAX_TOOL_CALLS, MAX_TOOL_TEXT

ID_CHARS = 200


def _function(call: Any) -> dict | None:
    if not isinstance(call, dict):
        return None
    function = call.get("function")
    return function if isinstance(function, dict) else None


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def from_message(message: dict) -> list[dict] | None:
    """The calls of a non-streamed message, or None when it has none."""
    calls = message.get("tool_calls")
    if not isinstance(calls, list):
        return None
    out = []
    for call in calls[:MAX_TOOL_CALLS]:
        function = _function(call)
        if function is None:
            continue
        arguments = function.get("arguments")
        if isinstance(arguments, (dict, list)):  # some servers send the object itself, not its JSON
            import orjson

            arguments = orjson.dumps(arguments).decode()
        out.append({"id": call.get("id") if isinstance(call.get("id"), str) else None,
                    "name": _text(function.get("name")), "arguments": _text(arguments)[: 4 * MAX_TOOL_TEXT]})
    return out or None


class StreamedCalls:
    """Tool-call deltas joined by index: the id and name as first sent, the argument fragments in order."""

    def __init__(self):
        self.calls: dict[int, dict] = {}

    def add(self, delta: dict) -> bool:
        """Take a delta's tool_calls; True when it carried any."""
        pieces = delta.get("tool_calls")
        if not isinstance(pieces, list):
            return False
        seen = False
        for position, piece in enumerate(pieces):
            if not isinstance(piece, dict):
                continue
            index = piece.get("index", position)
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < MAX_TOOL_CALLS:
                continue
            call = self.calls.setdefault(index, {"id": None, "name": "", "arguments": []})
            seen = True
            if isinstance(piece.get("id"), str) and call["id"] is None:
                call["id"] = piece["id"]
            function = _function(piece) or {}
            if isinstance(function.get("name"), str) and not call["name"]:
                call["name"] = function["name"]
            fragment = function.get("arguments")
            if isinstance(fragment, str) and sum(map(len, call["arguments"])) < 4 * MAX_TOOL_TEXT:
                call["arguments"].append(fragment)
        return seen

    def result(self) -> list[dict] | None:
        return [{"id": c["id"], "name": c["name"], "arguments": "".join(c["arguments"])}
                for _, c in sorted(self.calls.items())] or None


def scrubbed(calls: list[dict] | None, scrub: Scrubber) -> list[dict] | None:
    """Every string scrubbed before it is cut: ids and names to one line, arguments kept whole up to the cap."""
    if not calls:
        return None
    return [{"id": scrub.line(c["id"], ID_CHARS) if c.get("id") else None,
             "name": scrub.line(c.get("name") or "", ID_CHARS),
             "arguments": (scrub.optional(c.get("arguments")) or "")[:MAX_TOOL_TEXT]} for c in calls[:MAX_TOOL_CALLS]]


NO_PARSER_HINT = "server has no tool parser: start vLLM with --enable-auto-tool-choice --tool-call-parser NAME"


def refused_for_no_parser(status: str, http_status: int | None, error: str | None) -> bool:
    """vLLM's 400 for a request with tools when it runs without --enable-auto-tool-choice / --tool-call-parser
    ('"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set')."""
    return status == "error" and http_status == 400 and bool(error) and (
        "--enable-auto-tool-choice" in error or "--tool-call-parser" in error)


def as_text(record) -> str:
    """A record's answer for a reader: its content, then each tool call as `→ name(arguments)`."""
    text = record.content if record.content is not None else (record.partial_content or "")
    calls = [f"→ {c.name}({c.arguments})" for c in record.tool_calls or []]
    return "\n".join(([text] if text else []) + calls)
