"""What the command line's values become before a command runs: option values parsed as the stages take them,
each bad one a one-line `AssetgenError` naming its option, and the option records the commands take.

`assetgen.cli` imports only the application layer (tests/test_layers.py): the records and parsers of the stages
it fills from options reach it from here (`EvalOptions` and `RequestOptions` of `run`, `parse_levels` of
`run.scale`, the API key's and the golden set's defaults), so what the CLI depends on is one surface.
"""

from __future__ import annotations

from collections.abc import Iterable

from assetgen.dataset.golden import default_golden
from assetgen.errors import AssetgenError
from assetgen.media.lang import parse_langs as _parse_langs
from assetgen.run.endpoint import api_key as resolve_key
from assetgen.run.endpoint import base_url
from assetgen.run.judge import JudgeOptions
from assetgen.run.payload import RequestOptions
from assetgen.run.runner import RESUME_KEPT, EvalOptions
from assetgen.run.scale import parse_levels
from graders.sandbox import allow_unisolated

__all__ = ["RESUME_KEPT", "EvalOptions", "RequestOptions", "allow_unisolated", "default_golden", "parse_langs",
           "parse_levels", "resolve_key"]


def parse_langs(values: Iterable[str] | None) -> tuple[str, ...]:
    """--lang values as language codes (issue #35); a bad one is a one-line error."""
    try:
        return _parse_langs(values)
    except ValueError as exc:
        raise AssetgenError(f"--lang: {exc}") from None


def judge_options(url: str | None, model: str | None, **limits) -> JudgeOptions | None:
    """--judge URL [--judge-model M] as the judge's options (None: no judge); a bad URL is refused at once."""
    if url is None:
        if model is not None:
            raise AssetgenError("--judge-model names the judge's model: give --judge URL too")
        return None
    try:
        base_url(url)
    except AssetgenError as exc:
        raise AssetgenError(str(exc).replace("--endpoint", "--judge", 1)) from None
    return JudgeOptions(url=url, model=model, **limits)
