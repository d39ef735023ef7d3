"""The reference tokenizer: a word or a punctuation mark is one token.

One rule for everything that counts tokens the reference way, close to what a BPE tokenizer gives for common
English words: the reference endpoint's usage.prompt_tokens and /tokenize, and the context-scaling family,
whose filler is built from such tokens so its size is exact for this tokenizer. It lives in the lowest stage
both import (the generator and the reference endpoint), so there is one rule, not two copies.
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"\w+|[^\w\s]")

__all__ = ["count_tokens"]


def count_tokens(text: str) -> int:
    """Tokens of `text`: runs of word characters, and each other non-space character."""
    return sum(1 for _ in _TOKEN.finditer(text))
