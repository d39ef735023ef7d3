"""Request parameters checked as the OpenAI API checks them: a wrong type or range is a 400 naming it.

Parameters it does not know (vLLM's `top_k`, `media_io_kwargs`, ...) are accepted and ignored, as
vLLM accepts them.
"""

from __future__ import annotations

import json

ROLES = ("system", "developer", "user", "assistant", "tool", "function")


class ParamError(ValueError):
    """A request parameter has the wrong type or is out of range."""


def _integer(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _shown(value) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


def _check(name: str, value, ok: bool, rule: str) -> None:
    if value is not None and not ok:
        raise ParamError(f"{name} must be {rule}, got {_shown(value)}")


def check_params(body: dict) -> None:
    """Raise ParamError for the first parameter of `body` that the OpenAI API would refuse."""
    get = body.get
    _check("model", get("model"), isinstance(get("model"), str), "a string")
    for name in ("max_tokens", "max_completion_tokens"):
        _check(name, get(name), _integer(get(name)) and get(name) >= 1, "an integer >= 1")
    _check("temperature", get("temperature"), _number(get("temperature")) and 0 <= get("temperature") <= 2,
           "a number in [0, 2]")
    _check("top_p", get("top_p"), _number(get("top_p")) and 0 <= get("top_p") <= 1, "a number in [0, 1]")
    for name in ("presence_penalty", "frequency_penalty"):
        _check(name, get(name), _number(get(name)) and -2 <= get(name) <= 2, "a number in [-2, 2]")
    _check("n", get("n"), _integer(get("n")) and 1 <= get("n") <= 128, "an integer in [1, 128]")
    if get("n") not in (None, 1):
        raise ParamError("n > 1 is not supported by the reference endpoint: it gives one answer")
    _check("seed", get("seed"), _integer(get("seed")), "an integer")
    for name in ("stream", "logprobs"):
        _check(name, get(name), isinstance(get(name), bool), "a boolean")
    _check("top_logprobs", get("top_logprobs"), _integer(get("top_logprobs")) and 0 <= get("top_logprobs") <= 20,
           "an integer in [0, 20]")
    stop = get("stop")
    _check("stop", stop, isinstance(stop, str) or (isinstance(stop, list) and len(stop) <= 4
                                                   and all(isinstance(s, str) for s in stop)),
           "a string or a list of at most 4 strings")
    options = get("stream_options")
    _check("stream_options", options, isinstance(options, dict), "an object")
    if isinstance(options, dict):
        usage = options.get("include_usage")
        _check("stream_options.include_usage", usage, isinstance(usage, bool), "a boolean")
    _check("tools", get("tools"), isinstance(get("tools"), list) and all(isinstance(t, dict) for t in get("tools")),
           "a list of objects")
    _check("tool_choice", get("tool_choice"), isinstance(get("tool_choice"), (str, dict)), "a string or an object")
    _check("chat_template_kwargs", get("chat_template_kwargs"), isinstance(get("chat_template_kwargs"), dict),
           "an object")


def check_message(index: int, message) -> None:
    """The shape of one chat message (content parts are checked as they are read)."""
    if not isinstance(message, dict):
        raise ParamError(f"messages[{index}] must be an object, got {_shown(message)}")
    role = message.get("role")
    if role not in ROLES:
        raise ParamError(f"messages[{index}].role must be one of {', '.join(ROLES)}, got {_shown(role)}")
    content = message.get("content")
    if not (content is None or isinstance(content, (str, list))):
        raise ParamError(f"messages[{index}].content must be a string or a list of parts, got {_shown(content)}")
