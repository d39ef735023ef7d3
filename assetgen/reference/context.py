"""The reference endpoint's context knobs and needle answers (#15 dimension 4).

- `max_model_len`: /v1/models reports it as vLLM does, and a prompt longer than it gets vLLM's 400
  (the message of vLLM 0.32's renderers/params.py, `_token_len_check`).
- `/tokenize`: vLLM's endpoint (POST {"model", "messages"} or {"prompt"} -> {"count", "max_model_len",
  "tokens"}), counting with the same tokenizer as usage.prompt_tokens (`tokens.count_tokens`).
- Needles, answered from the prompt it is sent, never from a case: a closing "What is A × B?" is
  computed; "What is the secret number of the X?" is looked up in the text ("The secret number of the
  X is N.", or in Japanese or Chinese "Xの秘密の数字はNです。", "X的秘密数字是N。": the question, read back in English,
  names X as the text does). Neither found: no answer from here (the pixel solver goes on).
"""

from __future__ import annotations

import re

from assetgen.media.tokens import count_tokens
from assetgen.reference.params import ParamError

# the question is at the end of the prompt: only its last few hundred characters are searched
_TAIL = 400
_PRODUCT = re.compile(r"what is (-?\d{1,9}) ?[×x*] ?(-?\d{1,9})\s*\?", re.IGNORECASE)
_ASKED = re.compile(r"what is the secret number of the ([^?]{1,80})\?", re.IGNORECASE)
_FACT = re.compile(r"\bThe secret number of the ([a-z]{1,20}(?: [a-z]{1,20}){0,3}) is (\d{1,12})\.", re.IGNORECASE)
# the same fact in Japanese or Chinese ('青いサギの秘密の数字は4127です。', '蓝色苍鹭的秘密数字是4127。'): the name is
# what its sentence begins with, after the previous sentence's full stop
_FACT_CJK = re.compile(r"([^\s。、，！？.,!?]{1,16}?)(?:の秘密の数字は|的秘密数字是)(\d{1,12})")

__all__ = ["ContextLimitError", "answer_needle", "check_length", "tokenize"]


class ContextLimitError(ParamError):
    """A prompt over max_model_len: vLLM's 400, with its message and `param`."""

    status = 400
    param = "input_tokens"
    kind = "BadRequestError"


def check_length(prompt_tokens: int, max_model_len: int | None) -> None:
    if max_model_len is not None and prompt_tokens > max_model_len:
        raise ContextLimitError(
            f"This model's maximum context length is {max_model_len} tokens. However, your prompt contains "
            f"{prompt_tokens} input tokens, which exceeds this limit even without any output tokens. "
            "Please reduce the length of the input prompt.")


def _last(matches):
    last = None
    for last in matches:  # noqa: B007 - the last question asked is the one to answer
        pass
    return last


def answer_needle(text: str) -> str | None:
    """The answer to a needle question at the end of `text`, from the text alone; None if it asks none."""
    tail = text[-_TAIL:]
    product = _last(_PRODUCT.finditer(tail))
    if product:
        return str(int(product.group(1)) * int(product.group(2)))
    asked = _last(_ASKED.finditer(tail))
    if not asked:
        return None
    question = asked.group(1).lower()
    body = text[: len(text) - len(tail) + asked.start()]
    # the fact about the thing asked of: its name begins the question ('... of the blue heron in the text above?')
    facts = [(m.group(1).lower(), m.group(2)) for pattern in (_FACT, _FACT_CJK) for m in pattern.finditer(body)]
    named = [(name, value) for name, value in facts if re.match(rf"{re.escape(name)}\b", question)]
    if not named:
        return "The text does not give that secret number."
    return max(named, key=lambda f: len(f[0]))[1]


def tokenize(body: object, max_model_len: int | None, max_chars: int, counted: int | None = None) -> dict:
    """vLLM's /tokenize answer for a request body; ParamError (a 400) for a malformed one. The tokens are
    numbered by position: this tokenizer has no vocabulary, only counts. `counted`: a chat body's prompt
    tokens as usage counts them (media included), from the server, which has read and checked the body."""
    if counted is not None:
        count = counted
    elif not isinstance(body, dict):
        raise ParamError("the request body must be a JSON object")
    elif "messages" in body:
        raise ParamError("'messages' must be a non-empty list")
    elif isinstance(body.get("prompt"), str):
        if len(body["prompt"]) > max_chars:
            raise ParamError(f"the prompt is {len(body['prompt'])} characters, over the limit of {max_chars}")
        count = count_tokens(body["prompt"])
    else:
        raise ParamError("/tokenize needs 'messages' (a list) or 'prompt' (a string)")
    out = {"count": count, "tokens": list(range(count)), "token_strs": None}
    return out | ({"max_model_len": max_model_len} if max_model_len else {})
