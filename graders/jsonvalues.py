"""JSON values compared as values: what tool arguments, JSON-only answers and code results share."""

from __future__ import annotations

from typing import Any


def same_json(got: Any, want: Any) -> bool:
    """Equal as JSON values: 3 == 3.0, strings equal after trimming and case-folding (a careful human
    accepts 'lisbon' for 'Lisbon'), lists in order, objects key by key; a bool is never a number and a
    number given as a string is not a number."""
    if isinstance(want, bool) or isinstance(got, bool):
        return isinstance(want, bool) and isinstance(got, bool) and want == got
    if isinstance(want, (int, float)):
        return isinstance(got, (int, float)) and abs(float(got) - float(want)) <= 1e-9 * max(1.0, abs(float(want)))
    if isinstance(want, str):
        return isinstance(got, str) and got.strip().casefold() == want.strip().casefold()
    if isinstance(want, (list, tuple)):
        return isinstance(got, (list, tuple)) and len(got) == len(want) and all(
            same_json(g, w) for g, w in zip(got, want, strict=True))
    if isinstance(want, dict):
        return isinstance(got, dict) and set(got) == set(want) and all(same_json(got[k], want[k]) for k in want)
    return got == want


def shown(value: Any, limit: int = 60) -> str:
    """A value as JSON-ish text on one line, shortened."""
    import json

    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
