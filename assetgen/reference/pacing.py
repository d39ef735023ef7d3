"""How the reference endpoint paces and sizes a text answer, so speed measurements have a known truth.

- **Tokens.** One token is a run of non-space characters with the whitespace after it (or a run of
  whitespace alone): `"The cat sat."` is 3 tokens. `usage.completion_tokens` is exactly the number of
  reasoning and content pieces streamed, one per chunk. Prompts are counted by `tokens.count_tokens` (a
  word or punctuation mark each, as /tokenize and the context filler count them), plus a fixed cost
  per image and frame (server.py); the prefill cost below is per 1K of those.
- **Pace.** The first token leaves `ttft_s + prefill_s_per_1k * prompt_tokens / 1000` after the request
  arrived, token k (from 0) `k * token_s` after the first. Deadlines are absolute, so sleeping late
  once does not delay every later token: wall time is `first + (n - 1) * token_s`.
- **Lengths.** `max_tokens` cuts (finish_reason `length`); `min_tokens` (vLLM) suppresses the end of the
  answer until that many tokens, continuing with filler prose; `ignore_eos` (vLLM) generates until
  `max_tokens` (finish_reason `length`). `length_fields` emulates servers that ignore both, or refuse
  them with a 400 naming the field.
- **Long-form prompts** ("Write a detailed essay ...", "Explain ... in 3 paragraphs", "Prove that ...")
  get deterministic filler prose of a length fixed by the prompt: there is no right essay, only one of
  a known size.
- **Runaway reasoning**: with thinking on, the reasoning never ends and uses the whole budget.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from dataclasses import dataclass

from assetgen.reference.params import ParamError

TOKEN = re.compile(r"\S+\s*|\s+")
LENGTH_FIELDS = ("honour", "ignore", "refuse")
NO_LIMIT_TOKENS = 4096  # ignore_eos or runaway reasoning without max_tokens: where a model's context would end

__all__ = ["LENGTH_FIELDS", "NO_LIMIT_TOKENS", "Clock", "Lengths", "Pace", "filler", "lengths", "long_form",
           "shape", "tokens"]


def tokens(text: str) -> list[str]:
    """The reference endpoint's tokens of `text` (see the module's doc)."""
    return TOKEN.findall(text)


@dataclass(frozen=True)
class Pace:
    """What the reference endpoint emulates of a real server's timing and length handling."""

    ttft_s: float = 0.0  # request arrival to the first token
    token_s: float = 0.0  # between two tokens
    prefill_s_per_1k: float = 0.0  # added to the first token per 1,000 prompt tokens
    length_fields: str = "honour"  # min_tokens / ignore_eos: 'honour', 'ignore' (as if absent) or 'refuse' (400)
    runaway_reasoning: bool = False  # thinking never ends: reasoning fills max_tokens, no content

    def __post_init__(self):
        for name in ("ttft_s", "token_s", "prefill_s_per_1k"):
            if not 0 <= getattr(self, name) <= 3600:
                raise ValueError(f"{name} {getattr(self, name)} must be between 0 and 3600 seconds")
        if self.length_fields not in LENGTH_FIELDS:
            raise ValueError(f"length_fields {self.length_fields!r}; valid: {', '.join(LENGTH_FIELDS)}")

    def first_token_s(self, prompt_tokens: int) -> float:
        return self.ttft_s + self.prefill_s_per_1k * prompt_tokens / 1000


class Clock:
    """Sends token k at its absolute deadline: start + first + k * token_s (loop time)."""

    def __init__(self, start: float, first_s: float, token_s: float):
        self.start, self.first_s, self.token_s = start, first_s, token_s

    def deadline(self, k: int) -> float:
        return self.start + self.first_s + k * self.token_s

    async def wait(self, k: int) -> None:
        delay = self.deadline(k) - asyncio.get_running_loop().time()
        if delay > 0:
            await asyncio.sleep(delay)


@dataclass(frozen=True)
class Lengths:
    max_tokens: int | None = None
    min_tokens: int | None = None
    ignore_eos: bool = False


def _integer(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def lengths(body: dict, pace: Pace) -> Lengths:
    """The length fields of a request, checked as vLLM checks them (a 400 naming the field)."""
    max_tokens = body.get("max_completion_tokens") or body.get("max_tokens")
    given = [name for name in ("min_tokens", "ignore_eos") if body.get(name) is not None]
    if given and pace.length_fields == "refuse":
        raise ParamError(f"unsupported parameter: {given[0]} (this server does not take {' or '.join(given)})")
    if pace.length_fields == "ignore":
        return Lengths(max_tokens)
    min_tokens, ignore_eos = body.get("min_tokens"), body.get("ignore_eos")
    if min_tokens is not None and not (_integer(min_tokens) and min_tokens >= 0):
        raise ParamError(f"min_tokens must be an integer >= 0, got {min_tokens!r}"[:120])
    if ignore_eos is not None and not isinstance(ignore_eos, bool):
        raise ParamError(f"ignore_eos must be a boolean, got {ignore_eos!r}"[:120])
    if min_tokens and max_tokens is not None and min_tokens > max_tokens:
        raise ParamError(f"min_tokens ({min_tokens}) must be less than or equal to max_tokens ({max_tokens})")
    return Lengths(max_tokens, min_tokens or None, bool(ignore_eos))


# --- filler prose: deterministic, sized, never claimed as knowledge --------------------------------------

_SENTENCES = (
    "Each period built on the tools and ideas of the one before it.",
    "Progress was rarely a straight line, and many promising paths were abandoned.",
    "Practical needs, from trade to war, often decided which inventions spread.",
    "Small improvements in materials and methods added up over decades.",
    "New institutions trained the people who carried the work forward.",
    "What began as a curiosity for a few became a necessity for many.",
    "Standards made it possible for separate efforts to work together.",
    "Costs fell steadily, and with them the barriers to wider use.",
    "Critics warned of the risks, and some of their concerns proved justified.",
    "Looking back, the turning points are clearer than they were at the time.",
)


def filler(count: int, key: str = "") -> list[str]:
    """`count` tokens of plain prose, the same for the same `key` (no RNG: a hash picks the first sentence)."""
    if count <= 0:
        return []
    offset = int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:4], "big")
    words: list[str] = []
    k = 0
    while len(words) < count:
        words += tokens(_SENTENCES[(offset + k) % len(_SENTENCES)] + " ")
        k += 1
    return words[:count]


_ESSAY = re.compile(r"\b(?:write|compose)\b[^.?!]{0,80}?\b(?:essay|article|story|report)\b", re.IGNORECASE)
_PARAGRAPHS = re.compile(r"\bin\s+(\d{1,2}|one|two|three|four|five)\s+paragraphs?\b", re.IGNORECASE)
_PROOF = re.compile(r"^\s*(?:prove|show)\s+that\b", re.IGNORECASE)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
ESSAY_TOKENS, PARAGRAPH_TOKENS, PROOF_TOKENS = 1500, 90, 220


def long_form(text: str) -> list[str] | None:
    """Filler prose for a long-form prompt, of a length the prompt fixes; None for any other prompt."""
    head = text[:2000]  # a long-form request states itself at once; never scan a long prompt
    size = None
    if _ESSAY.search(head):
        size = ESSAY_TOKENS
    elif match := _PARAGRAPHS.search(head):
        count = match.group(1).lower()
        size = PARAGRAPH_TOKENS * max(1, int(count) if count.isdigit() else _WORDS[count])
    elif _PROOF.search(head):
        size = PROOF_TOKENS
    return None if size is None else filler(size, head)


def shape(reasoning: list[str], answer: list[str], limits: Lengths, pace: Pace,
          key: str = "") -> tuple[list[str], list[str], str]:
    """(reasoning, answer, finish_reason) after runaway reasoning, min_tokens, ignore_eos and max_tokens."""
    reasoning, answer = list(reasoning), list(answer)
    cap = limits.max_tokens
    if pace.runaway_reasoning and reasoning:
        reasoning += filler((cap or NO_LIMIT_TOKENS) - len(reasoning), "reasoning " + key)
        answer = []
    want = len(reasoning) + len(answer)
    if limits.ignore_eos:
        want = cap or NO_LIMIT_TOKENS
    elif limits.min_tokens:
        want = max(want, limits.min_tokens)
    extended = want > len(reasoning) + len(answer)
    if extended:
        if answer and not answer[-1][-1:].isspace():
            answer[-1] += " "  # the continuation is a new word: the count of tokens does not change
        answer += filler(want - len(reasoning) - len(answer), "continued " + key)
    finish = "stop"
    if cap is not None and len(reasoning) + len(answer) >= cap and (extended or len(reasoning) + len(answer) > cap):
        finish = "length"
    if cap is not None and len(reasoning) + len(answer) > cap:
        reasoning = reasoning[:cap]
        answer = answer[:max(0, cap - len(reasoning))]
    if pace.runaway_reasoning and reasoning:
        finish = "length"
    return reasoning, answer, finish
