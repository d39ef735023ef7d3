"""The reference tokenizer: a word or a punctuation mark is one token, and so is each Chinese or Japanese character
(kana, ideographs; and Hangul syllables), which are written without spaces between words and which BPE tokenizers
give about a token each.

One rule for everything that counts tokens the reference way, close to what a BPE tokenizer gives for common
English words: the reference endpoint's usage.prompt_tokens and /tokenize, and the context-scaling family,
whose filler is built from such tokens so its size is exact for this tokenizer. It lives in the lowest stage
both import (the generator and the reference endpoint), so there is one rule, not two copies.
"""

from __future__ import annotations

import re

_CJK = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af"
_TOKEN = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+|[^\w\s]")

__all__ = ["count_tokens"]


def count_tokens(text: str) -> int:
    """Tokens of `text`: each CJK character, runs of other word characters, and each other non-space character."""
    return sum(1 for _ in _TOKEN.finditer(text))
