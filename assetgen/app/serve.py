"""`assetgen serve`: the reference endpoint (`reference.server`) with the options the command gives, checked
before it binds: a bad rate or pace is one line, not a traceback."""

from __future__ import annotations

from assetgen.errors import AssetgenError
from assetgen.reference.pacing import Pace
from assetgen.reference.server import ServeOptions
from assetgen.reference.server import serve as serve_forever


def serve_options(*, num_frames: int | None = None, fps: float | None = None, max_pixels: int | None = None,
                  think: bool = False, think_in_content: bool = False, redact_secrets: bool = False,
                  latency: float = 0.0, tokens_per_s: float | None = None, token_time: float = 0.0,
                  prefill_per_1k: float = 0.0, length_fields: str = "honour", runaway_reasoning: bool = False,
                  fail_rate: float = 0.0, degenerate: bool = False, max_model_len: int | None = None,
                  no_tool_parser: bool = False, header_timeout: float = 30.0) -> ServeOptions:
    """The server's options from the command's; --think-in-content implies --think."""
    if not 0 <= fail_rate <= 1:
        raise AssetgenError(f"--fail-rate {fail_rate} must be between 0 and 1")
    options = ServeOptions(num_frames=num_frames, fps=fps, max_pixels=max_pixels, think=think or think_in_content,
                           think_in_content=think_in_content, redact_secrets=redact_secrets, latency=latency,
                           tokens_per_s=tokens_per_s, fail_rate=fail_rate, degenerate=degenerate,
                           max_model_len=max_model_len, no_tool_parser=no_tool_parser, header_timeout=header_timeout)
    try:
        options.pace = Pace(token_s=token_time, prefill_s_per_1k=prefill_per_1k, length_fields=length_fields,
                            runaway_reasoning=runaway_reasoning)
    except ValueError as exc:
        raise AssetgenError(str(exc)) from None
    return options


def serve(host: str, port: int, options: ServeOptions) -> None:
    """Serve on host:port until Ctrl-C or SIGTERM."""
    serve_forever(host, port, options)
