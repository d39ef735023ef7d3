"""Request -> response: build OpenAI-compatible request bodies from a suite's cases, send them (the
only HTTP client in assetgen), and append every answer or failure as a typed record to the run folder.
"""

from assetgen.run.payload import VIDEO_MODES, RequestOptions, build_body
from assetgen.run.records import ResponseRecord, RunGrade, RunInfo, Timing, latest, read_responses, read_run_info
from assetgen.run.runner import EndpointUnreachable, EvalOptions, run_eval

__all__ = ["VIDEO_MODES", "EndpointUnreachable", "EvalOptions", "RequestOptions", "ResponseRecord", "RunGrade",
           "RunInfo", "Timing", "build_body", "latest", "read_responses", "read_run_info", "run_eval"]
