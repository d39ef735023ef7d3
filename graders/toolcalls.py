"""The tool_call grader: the right tool, its arguments equal as JSON values, finish_reason tool_calls.

The calls come from `message.tool_calls` (the grading passes them in `args["tool_calls"]`); when there
are none, the answer text is searched for a call written out instead of made (hermes `<tool_call>`
tags, a `{"name": ..., "arguments": ...}` object, a pythonic `get_weather(city="Oslo")`), which is
the `tool_in_text` cause. The grader names its cause in `details["cause"]` (POLICY.md 6.9).
"""

from __future__ import annotations

import ast
import itertools
import json
import re
from typing import Any

from graders.jsonscan import MAX_SCAN, first_object
from graders.jsonvalues import same_json, shown
from graders.records import Truth
from graders.registry import Match, grader

_TAGS = ("tool_call", "function_call", "tool")
MAX_PIECES = 8  # tagged or fenced stretches read: a call written out is among the first few
MAX_PIECE = 20_000
MAX_PYTHONIC = 2000  # characters of one written-out pythonic call
MAX_ATTEMPTS = 16  # candidate closing parentheses tried per call site


def _arguments_of(value: Any) -> Any:
    """Arguments as written in text: an object, or a JSON string of one."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except (ValueError, RecursionError):
            return value
    return value


def _call_in_object(obj: dict, offered: set[str]) -> tuple[str, Any] | None:
    """(name, arguments) of an object shaped like a call: {"name", "arguments"|"parameters"} or OpenAI's
    {"function": {...}}; a bare name counts only when it is an offered tool."""
    inner = obj.get("function") if isinstance(obj.get("function"), dict) else obj
    name = inner.get("name") or inner.get("tool") or inner.get("tool_name")
    if not isinstance(name, str):
        return None
    for key in ("arguments", "parameters", "args", "input"):
        if key in inner:
            return name, _arguments_of(inner[key])
    return (name, {}) if name in offered else None


def _between(text: str, opening: str, closing: str) -> list[str]:
    """The stretches after the first few `opening`s, up to their `closing` (or MAX_PIECE characters): found with
    str.find, so many openings cost linear time (a lazy regex rescans each one)."""
    pieces, start = [], 0
    while len(pieces) < MAX_PIECES:
        at = text.find(opening, start)
        if at < 0:
            break
        end = text.find(closing, at + len(opening), at + len(opening) + MAX_PIECE)
        pieces.append(text[at + len(opening): end if end >= 0 else at + len(opening) + MAX_PIECE])
        start = at + len(opening)
    return pieces


def _pythonic(text: str, offered: set[str]) -> tuple[str, Any] | None:
    """`get_weather(city="Oslo", unit="celsius")` for an offered tool, parsed (never run) with ast."""
    for name in sorted(offered)[:MAX_PIECES]:
        for m in itertools.islice(re.finditer(rf"\b{re.escape(name)}\s*\(", text[:MAX_SCAN]), MAX_PIECES):
            end, attempts = text.find(")", m.end(), m.end() + MAX_PYTHONIC), 0
            while end != -1 and attempts < MAX_ATTEMPTS:
                attempts += 1
                try:
                    node = ast.parse(text[m.start():end + 1].strip(), mode="eval").body
                except (SyntaxError, ValueError, RecursionError, MemoryError):
                    end = text.find(")", end + 1, m.end() + MAX_PYTHONIC)
                    continue
                if isinstance(node, ast.Call) and not node.args:
                    try:
                        return name, {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
                    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                        return name, None
                break
    return None


def written_call(answer: str, offered: set[str]) -> tuple[str, Any] | None:
    """A tool call written in the answer text instead of made, or None."""
    text = answer[:MAX_SCAN]
    pieces = [piece for tag in _TAGS for piece in _between(text, f"<{tag}>", f"</{tag}>")]
    pieces += [piece.split("\n", 1)[-1] for piece in _between(text, "```", "```")] + [answer]
    for piece in pieces:
        obj = first_object(piece)
        if isinstance(obj, dict):
            found = _call_in_object(obj, offered)
            if found:
                return found
    return _pythonic(answer, offered)


def _compare(name: str, arguments: Any, want: dict, alternatives: dict) -> tuple[list[str], list[str]]:
    """(argument names right, a note per argument wrong, missing or extra)."""
    want_args = want.get("arguments") or {}
    right, wrong = [], []
    for key, value in want_args.items():
        accepted = [value, *alternatives.get(key, [])]
        if key not in arguments:
            wrong.append(f"{key} missing")
        elif any(same_json(arguments[key], v) for v in accepted):
            right.append(key)
        else:
            wrong.append(f"{key}={shown(arguments[key], 30)} (want {shown(value, 30)})")
    wrong += [f"unexpected {key}" for key in arguments if key not in want_args]
    return right, wrong


@grader("tool_call")
def tool_call(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """truth.value {"name", "arguments"}; args: tool_calls and finish_reason (from the response), offered
    (tool names in the request), alternatives (other accepted values per argument)."""
    want = truth.value if isinstance(truth.value, dict) else {}
    want_name = str(want.get("name", ""))
    offered = {str(n) for n in args.get("offered") or [want_name]}
    alternatives = args.get("alternatives") or {}
    calls = [c for c in args.get("tool_calls") or [] if isinstance(c, dict)]
    if not calls:
        found = written_call(answer, offered)
        if found is None:
            return Match(0.0, False, None, f"no tool call; {want_name} was not called", answered=False,
                         details={"cause": "no_tool_call"})
        name, arguments = found
        right = name == want_name and isinstance(arguments, dict) and not _compare(name, arguments, want,
                                                                                   alternatives)[1]
        what = "the right call" if right else f"{name}({shown(arguments, 40)})"
        return Match(0.5 if right else 0.0, False, {"name": name, "arguments": arguments},
                     f"{what} was written in the answer text, not made as a tool call",
                     details={"cause": "tool_in_text"})
    names = [str(c.get("name") or "") for c in calls]
    if want_name not in names:
        return Match(0.0, False, {"name": names[0]}, f"called {', '.join(map(repr, names))[:120]}, not {want_name!r}",
                     details={"cause": "wrong_tool"})
    call = calls[names.index(want_name)]
    raw = call.get("arguments")
    try:
        arguments = json.loads(raw) if isinstance(raw, str) and raw.strip() else ({} if not raw else raw)
    except (ValueError, RecursionError):
        arguments = None
    if not isinstance(arguments, dict):
        if args.get("finish_reason") == "length":  # cut mid-JSON at the token limit: a truncation (6.6)
            return Match(0.0, False, None, f"{want_name} called, its arguments cut: {shown(raw, 50)}",
                         answered=False)
        return Match(0.0, False, {"name": want_name, "arguments": raw},
                     f"{want_name} called with arguments that are not a JSON object: {shown(raw, 50)}",
                     details={"cause": "malformed_arguments"})
    extracted = {"name": want_name, "arguments": arguments}
    right, wrong = _compare(want_name, arguments, want, alternatives)
    if wrong:
        total = len(want.get("arguments") or {}) + sum(w.startswith("unexpected") for w in wrong)
        return Match(len(right) / total if total else 0.0, False, extracted,
                     f"{want_name} called with wrong arguments: {'; '.join(wrong)}"[:250])
    others = [n for n in names if n != want_name] + [want_name] * (names.count(want_name) - 1)
    if others:
        return Match(0.5, False, extracted, f"right call, but also called {', '.join(map(repr, others))[:100]}",
                     details={"cause": "wrong_tool"})
    finish = args.get("finish_reason")
    if finish not in (None, "tool_calls"):
        return Match(1.0, True, extracted, f"right call, but finish_reason {str(finish)[:20]!r}, not 'tool_calls'",
                     format_ok=False)
    return Match(1.0, True, extracted, f"called {want_name} with the right arguments")
