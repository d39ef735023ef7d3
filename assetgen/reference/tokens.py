"""The reference endpoint's tokenizer: a word or a punctuation mark is one token.

One rule for everything that counts prompt tokens (usage.prompt_tokens and /tokenize), close to what a
BPE tokenizer gives for common English words. The context-scaling filler is built from such tokens
(`generate/families/context_needle.py` has the same rule; tests/test_scale.py ties the two).
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"\w+|[^\w\s]")

__all__ = ["count_tokens"]


def count_tokens(text: str) -> int:
    """Tokens of `text`: runs of word characters, and each other non-space character."""
    return sum(1 for _ in _TOKEN.finditer(text))
