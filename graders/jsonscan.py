"""The first JSON object in free text, in linear time and without recursion (POLICY.md 7.1).

Trying `raw_decode` at every `{` is quadratic (1 MB of `{` took minutes) and recurses once per
nesting level (`'{"a":' * 1000` raised RecursionError). Instead one pass pairs the braces, and only
balanced, shallow spans are decoded.
"""

from __future__ import annotations

import json
import re
from itertools import islice

MAX_SCAN = 200_000  # characters searched: an object anyone asked for is far smaller
MAX_DEPTH = 64  # deeper spans are skipped: nobody asks for them, and decoding them recurses
MAX_TRIES = 64  # spans decoded at most

_SPECIAL = re.compile(r'[{}"\\]')
_BRACE = re.compile(r"\{")
_DECODER = json.JSONDecoder()  # holds no state between decodes (as json.loads's own)


def _balanced_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every balanced {...} no deeper than MAX_DEPTH, ordered by start.
    Quotes are honoured inside braces only: prose around an object has stray quotes."""
    stack: list[list[int]] = []  # [start, depth of the deepest brace inside]
    spans = []
    in_string, skip = False, -1
    for m in _SPECIAL.finditer(text):
        at, ch = m.start(), m.group()
        if at == skip:  # the character after a backslash
            continue
        if in_string:
            if ch == "\\":
                skip = at + 1
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = bool(stack)
        elif ch == "{":
            stack.append([at, 0])
        elif ch == "}" and stack:
            start, depth = stack.pop()
            if stack:
                stack[-1][1] = max(stack[-1][1], depth + 1)
            if depth < MAX_DEPTH:
                spans.append((start, at + 1))
    spans.sort()
    return spans


# an object with no key: without a '"' anywhere, the only object a text can hold
_EMPTY_OBJECT = re.compile(r"\{[ \t\n\r]*\}")


def first_object(text: str) -> dict | None:
    """The first JSON object in `text` (which may be prose around it), or None."""
    if "{" not in text:
        return None
    text = text[:MAX_SCAN]
    if '"' not in text and not _EMPTY_OBJECT.search(text):
        # a key is a string in '"': with none, an object has no key, and '{}' (JSON whitespace inside) is none here
        # either ("{'color': 'pink'}", a Python dict, is the common case): _decoded can decode no object
        return None
    return _decoded(text)


def _decoded(text: str) -> dict | None:
    """first_object's search, in a text of at most MAX_SCAN characters holding a '{'."""
    first, last = text.find("{"), text.rfind("}")
    if first < last:  # the common case: one object, perhaps in prose; decoded in C
        try:
            value = json.loads(text[first:last + 1])
            if isinstance(value, dict):
                return value
        except (ValueError, RecursionError):
            pass
    for start, end in _balanced_spans(text)[:MAX_TRIES]:
        if start == first and end == last + 1:
            continue  # the span just decoded above: no object
        try:
            value = json.loads(text[start:end])
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict):
            return value
    # a stray quote inside braces hides every later span from the pairing: decode at the first few braces
    for m in islice(_BRACE.finditer(text), 16):
        try:
            value, _ = _DECODER.raw_decode(text, m.start())
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict):
            return value
    return None
