"""Strings a server controls, made safe to keep: secrets out first, then one printable line, then cut.

The scrub rule, for each secret (the API key, a URL password) of length L >= 4:

- L < 12: every occurrence of the whole secret becomes `***`;
- L >= 12: every stretch of text covered by pieces of the secret 12 characters or longer becomes
  `***` — the whole key, and any long enough piece of it, wherever it stands;
- and at either end of a text, where the server or a cut may have split the secret: a prefix of the
  secret of 8 characters or more ending the text, or a suffix of 8 or more starting it, becomes `***`.

Scrubbing comes before any cut, and the cut text is scrubbed at its end again, so no cut ever turns
a piece of the key into a short prefix that no longer matches. Secrets under 4 characters are not
scrubbed (they would erase ordinary words); matching is exact (case-sensitive), like the key itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

MASK = "***"
MIN_PIECE = 12
MIN_EDGE = 8
MIN_SECRET = 4

# shown as escapes wherever text leaves the runner: C0/C1 controls move the cursor or retitle terminals
# (ESC), NUL ends C strings, bidi controls reorder or hide text, lone surrogates cannot be encoded
_CONTROLS = "\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\ud800-\\udfff"
_UNSAFE = re.compile(f"[{_CONTROLS}]")
_UNSAFE_OR_SPACE = re.compile(f"[{_CONTROLS}\\n\\t]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, keep_newlines: bool = True) -> str:
    """Control, bidi and lone surrogate characters as visible escapes (`\\x1b`, `\\u202e`); newlines
    and tabs kept when `keep_newlines`, else escaped too."""
    return (_UNSAFE if keep_newlines else _UNSAFE_OR_SPACE).sub(_escape, text)


class Scrubber:
    """Applies the scrub rule of this module for a fixed set of secrets (None and '' are ignored)."""

    def __init__(self, secrets: Iterable[str | None]):
        self.secrets = sorted({s for s in secrets if s and len(s) >= MIN_SECRET}, key=len, reverse=True)

    def __bool__(self) -> bool:
        return bool(self.secrets)

    def __call__(self, text: str) -> str:
        """`text` with every piece of a secret the rule covers replaced by ***."""
        if not text:
            return text
        for secret in self.secrets:
            text = text.replace(secret, MASK)  # the common echo, at C speed
            if len(secret) >= MIN_PIECE:
                text = _mask_pieces(text, secret)
            text = _mask_edges(text, secret)
        return text

    def line(self, value: Any, limit: int) -> str:
        """A server's string as one printable line of at most about `limit` characters, secrets out
        before the cut and the cut checked again."""
        text = self(value if isinstance(value, str) else str(value))
        text = printable(" ".join(text.split()), keep_newlines=False)
        if len(text) > limit:
            text = self(text[:limit]) + "…"
        return text

    def optional(self, value: str | None) -> str | None:
        return self(value) if value else value


_ANCHOR = MIN_PIECE // 2  # every piece of MIN_PIECE characters holds a whole anchor, secret[6k:6k+6]
MAX_CANDIDATES = 20_000  # past this many anchor hits in one text, mask the anchors themselves


def _mask_pieces(text: str, secret: str) -> str:
    """Mask each stretch of `text` that is a piece of `secret` of MIN_PIECE characters or more."""
    anchors = [(m, secret[m:m + _ANCHOR]) for m in range(0, len(secret) - _ANCHOR + 1, _ANCHOR)]
    anchors = [(m, a) for m, a in anchors if a in text]  # C-speed: usually none
    spans, budget = [], MAX_CANDIDATES
    for m, anchor in anchors:
        pos = text.find(anchor)
        while pos != -1:
            budget -= 1
            if budget < 0:
                # a text dense with pieces of the key (hostile): masking every anchor is C-speed and
                # leaves no piece of MIN_PIECE characters, each of which holds an anchor
                for _, each in anchors:
                    text = text.replace(each, MASK)
                return text
            left, right = _match_left(text, pos, secret, m), _match_right(text, pos, secret, m)
            if left + right >= MIN_PIECE:
                spans.append((pos - left, pos + right))
            pos = text.find(anchor, pos + right if left + right >= MIN_PIECE else pos + 1)
    if not spans:
        return text
    out, last = [], 0
    for start, end in sorted(spans):
        if start >= last:
            out += [text[last:start], MASK]
        last = max(last, end)
    out.append(text[last:])
    return "".join(out)


def _match_right(text: str, pos: int, secret: str, m: int) -> int:
    """How many characters from text[pos] match secret[m:] (at least the anchor's)."""
    n, most = _ANCHOR, min(len(secret) - m, len(text) - pos)
    while n < most and text[pos + n] == secret[m + n]:
        n += 1
    return n


def _match_left(text: str, pos: int, secret: str, m: int) -> int:
    """How many characters before text[pos] match those before secret[m]."""
    n, most = 0, min(m, pos)
    while n < most and text[pos - n - 1] == secret[m - n - 1]:
        n += 1
    return n


def _mask_edges(text: str, secret: str) -> str:
    """A prefix of the secret ending the text, or a suffix starting it (MIN_EDGE or more characters)."""
    for n in range(min(len(secret) - 1, len(text)), MIN_EDGE - 1, -1):  # longest first
        if text.endswith(secret[:n]):
            text = text[:-n] + MASK
            break
    for n in range(min(len(secret) - 1, len(text)), MIN_EDGE - 1, -1):
        if text.startswith(secret[-n:]):
            text = MASK + text[n:]
            break
    return text
